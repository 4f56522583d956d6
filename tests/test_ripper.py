"""Direct tests of the ``ripper`` engine: notation, errors, the vote's secrecy, scoring.

The rules themselves are tested by the scenario records in ``tests/scenarios/ripper``;
these tests cover what records cannot show (observations, the Python API, the card table)
and the scoring functions on hand-made positions.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tablerummy.errors import IllegalActionError, NotationError, OptionError
from tablerummy.game import Game
from tablerummy.ripper import Ripper
from tablerummy.ripper import actions as A
from tablerummy.ripper.cards import (
    ESCAPES,
    KINDS,
    LETTERS,
    NK,
    NS,
    SUSPECT,
    SUSPECTS,
    VICTIM,
    WILD,
    CardTable,
)
from tablerummy.ripper.scoring import find_ripper, hand_penalty, hand_scores
from tablerummy.ripper.state import RipperState
from tablerummy.stacking import stacked_deck
from tablerummy.variant import get_variant

# --- notation ---------------------------------------------------------------------------


def test_every_action_round_trips_through_its_text() -> None:
    texts = set()
    for a in range(A.NUM_ACTIONS):
        text = A.action_text(a)
        assert A.parse_action(text) == a, text
        texts.add(text)
    assert len(texts) == A.NUM_ACTIONS


def test_action_ids_are_fixed() -> None:
    """The action space is public (RL users index it): these ids must never move."""
    assert A.NUM_ACTIONS == 196
    assert A.action_text(0) == "draw stock"
    assert A.action_text(2) == "vote call"
    assert A.action_text(A.meld(0, 2, 1)) == "meld druitt druitt wild=druitt"
    assert A.action_text(A.PASS) == "pass"
    assert A.PASS == A.NUM_ACTIONS - 1


@pytest.mark.parametrize("text,canonical", [
    ("MELD Wild = Dru  druitt,druitt", "meld druitt druitt wild=druitt"),
    ("meld druitt wild druitt", "meld druitt druitt wild=druitt"),
    ("layoff w=gull", "layoff wild=gull"),
    ("play victim-n draw two", "play victim-nichols draw-two"),
    ("play scene-bu take victim", "play scene-bucks-row take-victim"),
    ("play ripper-s v", "play ripper-strikes victim"),
    ("draw case-file", "draw stock"),
    ("draw scotland-yard", "draw discard"),
    ("discard chap", "discard chapman"),
    ("take victim-chap", "take victim-chapman"),
    ("vote pedach", "vote pedachenko"),
    ("PASS", "pass"),
])
def test_lenient_spellings(text: str, canonical: str) -> None:
    assert A.action_text(A.parse_action(text)) == canonical


@pytest.mark.parametrize("text,why", [
    ("meld letters letters wild=letters", "never stands for Letters"),
    ("vote letters", "Letters cannot be the Ripper"),
    ("play alibi-jill", "Jill the Ripper has no Alibi"),
    ("layoff wild", "layoff wild=SUSPECT"),
    ("meld druitt druitt gull", "one suspect"),
    ("meld druitt druitt", "3 or more"),
    ("play victim-nichols", "needs its choice"),
    ("vote c", "ambiguous"),
    ("meld gull=druitt gull gull", "only a wild card"),
    ("", "empty"),
])
def test_bad_text_is_a_notation_error(text: str, why: str) -> None:
    with pytest.raises(NotationError, match=why):
        A.parse_action(text)


# --- a small position builder -----------------------------------------------------------


def _state(hands: list[list[str]], upcard: str = "pedachenko", top: tuple[str, ...] = (),
           players: int = 2) -> RipperState:
    variant = get_variant("ripper", {"players": players})
    deck = stacked_deck(variant, players - 1, hands, upcard, list(top))
    state = variant.new_hand(deck, players - 1, log=True)
    assert isinstance(state, RipperState)
    return state


def _play(state: RipperState, *texts: str) -> None:
    for text in texts:
        state.apply(state.variant.parse_action(text))


VOTER = [["victim-nichols", "druitt", "druitt", "druitt", "gull", "gull", "jill",
          "prince-eddy", "chapman", "letters"],
         ["jill", "jill", "jill", "gull", "pedachenko", "pedachenko", "chapman", "chapman",
          "letters", "wild"]]


def _voted() -> RipperState:
    """p0 melded Druitt, p1 Jill; p0 calls a vote; p0 votes Druitt, p1 Jill."""
    state = _state(VOTER, top=("chapman", "gull", "prince-eddy", "gull", "prince-eddy"))
    _play(state, "draw stock", "play victim-nichols draw-two", "meld druitt druitt druitt",
          "discard chapman", "draw stock", "meld jill jill jill", "discard gull",
          "vote call", "vote druitt", "vote jill")
    return state


# --- the checked path ---------------------------------------------------------------------


def test_an_illegal_action_names_seat_and_rule_and_changes_nothing() -> None:
    state = _state(VOTER)
    before = state.reveal()
    with pytest.raises(IllegalActionError, match=r"for p0: .*no Evidence may be played"):
        _play(state, "draw stock", "meld druitt druitt druitt")
    # the draw happened, the meld did not
    assert state.reveal()["hands"][0] != before["hands"][0]
    snapshot = state.reveal()
    with pytest.raises(IllegalActionError):
        _play(state, "vote call")
    assert state.reveal() == snapshot


def test_every_illegal_action_has_a_reason() -> None:
    rng = random.Random(5)
    variant = get_variant("ripper", {"players": 3})
    for seed in range(6):
        game = Game(variant, seed=seed)
        for _ in range(400):
            if game.game_over:
                break
            legal = set(game.legal_actions())
            for a in range(A.NUM_ACTIONS):
                if a not in legal:
                    reason = game.state.why_illegal(a)
                    assert reason and "\n" not in reason
            game.apply(rng.choice(game.legal_actions()))


def test_copy_is_independent() -> None:
    state = _voted()
    twin = state.copy()
    _play(twin, "draw stock", "discard gull")
    assert twin.reveal() != state.reveal()
    assert state.to_act == 0 and twin.to_act == 1


# --- the vote stays secret -----------------------------------------------------------------


def _votes_seen(obs: dict[str, object]) -> set[str]:
    """Every suspect name anywhere in the vote part of an observation."""
    vote = obs["vote"]
    assert isinstance(vote, dict)
    seen = set()
    if vote["mine"] is not None:
        seen.add(vote["mine"])
    if vote["votes"] is not None:
        seen.update(v for v in vote["votes"] if v is not None)
    return seen


def test_no_seat_sees_another_seats_vote_before_scoring() -> None:
    state = _voted()
    assert _votes_seen(state.observation(0)) == {"druitt"}
    assert _votes_seen(state.observation(1)) == {"jill"}
    assert state.observation(0)["vote"]["voted"] == [0, 1]
    for seat in (0, 1):
        public = state.events(None)
        assert not any("druitt" in text or "Druitt" in text for text in public
                       if "voted" in text)
        assert state.observation(seat)["vote"]["votes"] is None


def test_a_vote_in_progress_is_hidden_too() -> None:
    state = _state(VOTER, top=("chapman", "gull", "prince-eddy", "gull", "prince-eddy"))
    _play(state, "draw stock", "play victim-nichols draw-two", "meld druitt druitt druitt",
          "discard chapman", "draw stock", "meld jill jill jill", "discard gull",
          "vote call", "vote gull")
    assert state.to_act == 1
    assert _votes_seen(state.observation(1)) == set()
    assert _votes_seen(state.observation(0)) == {"gull"}
    game_events = state.events(1)
    assert not any("Gull" in e and "vote" in e for e in game_events)


def test_votes_are_shown_to_all_once_the_hand_is_scored() -> None:
    state = _voted()
    # p0 goes on: draw, lay off nothing, and the hand is ended by exhausting the stock
    rng = random.Random(0)
    while state.end is None:
        legal = [a for a in state.legal_actions() if isinstance(a, int)]
        draws = [a for a in legal if a == A.DRAW_STOCK]
        discards = [a for a in legal if A.DISCARD <= a < A.TAKE]
        state.apply(draws[0] if draws else rng.choice(discards or legal))
    for seat in (0, 1):
        assert state.observation(seat)["vote"]["votes"] == ["druitt", "jill"]


# --- scoring on hand-made positions ----------------------------------------------------------


def _counts(*kinds: str) -> list[int]:
    c = Counter(kinds)
    return [c[k] for k in KINDS]


def _wilds(**by_suspect: int) -> list[int]:
    return [by_suspect.get(s.replace("-", "_"), 0) for s in SUSPECTS]


CARDS = CardTable.build()


def test_ripper_is_lowest_order_when_nothing_is_in_play() -> None:
    areas = [_counts(), _counts()]
    wilds = [[0] * NS, [0] * NS]
    assert SUSPECTS[find_ripper(areas, wilds, CARDS)] == "druitt"
    alibis = [_counts("alibi-druitt", "alibi-prince-eddy", "alibi-gull"),
              _counts("alibi-chapman", "alibi-pedachenko")]
    assert SUSPECTS[find_ripper(alibis, wilds, CARDS)] == "jill"  # Jill has no Alibi


def test_suspect_card_counts_toward_the_ripper() -> None:
    areas = [_counts("gull", "gull", "gull", "suspect-gull"), _counts(*["letters"] * 4,
                                                                     "druitt", "druitt",
                                                                     "druitt", "druitt")]
    wilds = [[0] * NS, [0] * NS]
    # Gull 3×2 + 4 = 10 beats Druitt 8; Letters 12 never count
    assert SUSPECTS[find_ripper(areas, wilds, CARDS)] == "gull"


@pytest.mark.parametrize("hand,own,expected", [
    # a wild card and two Druitt in hand: they make a meld together → nothing lost
    (("wild", "druitt", "druitt"), (), 0),
    # a lone wild card matching Druitt in the player's own area → set aside
    (("wild",), ("druitt", "druitt", "druitt"), 0),
    # a lone wild card with nothing to stand for → its face value, the highest Evidence (2)
    (("wild",), (), 2),
    # two wild cards, two Gull and one Jill: either Gull gets one wild (Jill 1+1 is no meld)
    # or both go to Gull; best: gull gull wild + wild laid off → jill alone −2
    (("wild", "wild", "gull", "gull", "jill"), (), 2),
    # the Suspect card follows playable Evidence: three Chapman in hand make Chapman playable
    (("suspect-chapman", "chapman", "chapman", "chapman"), (), 0),
    # … but not two
    (("suspect-chapman", "chapman", "chapman"), (), 8),
    # Victims and Scenes always count; Ripper Escapes: −2 per Victim in play (1 here)
    (("victim-kelly", "scene-bucks-row", "ripper-escapes"), (), 5),
])
def test_hand_penalty(hand: tuple[str, ...], own: tuple[str, ...], expected: int) -> None:
    areas = [_counts(*own, "victim-nichols"), _counts()]
    wilds = [[0] * NS, [0] * NS]
    assert hand_penalty(_counts(*hand), 0, areas, wilds, CARDS) == expected


def test_no_evidence_is_playable_without_a_victim() -> None:
    areas = [_counts("scene-bucks-row"), _counts()]
    wilds = [[0] * NS, [0] * NS]
    assert hand_penalty(_counts("druitt", "druitt", "druitt"), 0, areas, wilds, CARDS) == 6


def test_escaped_scoring_counts_only_victims_scenes_and_the_card() -> None:
    areas = [_counts("victim-nichols", "scene-bucks-row", "druitt", "druitt", "druitt",
                     "suspect-druitt", "alibi-gull"),
             _counts("victim-kelly", "ripper-escapes", "jill", "jill", "jill")]
    hands = [_counts("victim-chapman", "gull"), _counts("scene-millers-court")]
    scores, ripper = hand_scores("escaped", areas, [[0] * NS] * 2, hands, [0, 5], CARDS)
    assert scores == [3, 36] and ripper is None


def test_wild_counts_under_its_suspect() -> None:
    areas = [_counts("gull", "gull", "wild", "victim-nichols"), _counts("jill", "jill", "jill")]
    wilds = [_wilds(gull=1), [0] * NS]
    # Gull (2 + wild) = 6 and Jill 6 tie: Gull has the lower order number
    scores, ripper = hand_scores("caught", areas, wilds, [_counts(), _counts()], [2, None],
                                 CARDS)
    assert ripper == SUSPECTS.index("gull")
    assert scores == [12 + 1 + 10, 6]


# --- the card table ---------------------------------------------------------------------------


def test_the_deck_is_62_cards() -> None:
    deck = get_variant("ripper").deck()
    counts = Counter(deck)
    assert len(deck) == 62
    assert sum(counts[s] for s in SUSPECTS) == 30 and counts["letters"] == 4
    assert counts["wild"] == 2 and counts["ripper-escapes"] == 1
    assert sum(counts[k] for k in KINDS[SUSPECT:ESCAPES]) == 25
    assert len(KINDS) == NK and KINDS[LETTERS] == "letters" and KINDS[WILD] == "wild"
    assert KINDS[VICTIM] == "victim-nichols"


@pytest.mark.parametrize("players,size", [(2, 10), (3, 9), (4, 8)])
def test_hand_sizes(players: int, size: int) -> None:
    variant = get_variant("ripper", {"players": players})
    state = variant.new_hand(variant.deck(), 0)
    assert variant.hand_size == size
    assert state.observation(0)["hand_sizes"] == [size] * players
    assert state.observation(0)["stock_size"] == 62 - size * players - 1


def test_cards_override_changes_scores_and_order() -> None:
    variant = get_variant("ripper", cards={"jill": {"points": 4, "order": 9},
                                           "victim-nichols": {"points": 7}})
    assert isinstance(variant, Ripper)
    areas = [_counts("gull", "gull", "gull", "victim-nichols"), _counts("jill", "jill", "jill")]
    scores, ripper = hand_scores("caught", areas, [[0] * NS] * 2, [_counts(), _counts()],
                                 [None, None], variant.cards)
    assert ripper == SUSPECTS.index("jill")  # 12 points beat Gull's 6
    assert scores == [6 + 7, 24]
    text = variant.rules_text()
    assert "| `jill` | Jill the Ripper | 9 | 5 | 4 |" in text
    assert "| `gull` | Sir William Gull | 3 * | 5 | 2 * |" in text


@pytest.mark.parametrize("cards,why", [
    ({"jokers": {"points": 1}}, "has no card"),
    ({"druitt": {"copies": 9}}, "no value 'copies'"),
    ({"wild": {"points": 3}}, "no value 'points'"),
    ({"commissioner-resigns": {"points": 3}}, "no value 'points'"),
    ({"victim-kelly": {"points": 0}}, ">= 1"),
    ({"druitt": {"points": -1}}, ">= 0"),
    ({"gull": {"order": 1}}, "must all differ"),
    ({"gull": 3}, "must map to a table"),
])
def test_bad_card_overrides_are_refused(cards: dict[str, object], why: str) -> None:
    with pytest.raises(OptionError, match=why):
        get_variant("ripper", cards=cards)


def test_rules_text_marks_defaults_and_facts() -> None:
    text = get_variant("ripper").rules_text()
    assert "| `druitt` | Montague Druitt | 1 * | 5 | 2 * |" in text
    assert "| `letters` | Letters (never the Ripper) | — | 4 | 3 |" in text  # a fact: no mark
    assert "| `ripper-escapes` | Ripper Escapes | 35 |" in text
    assert "| `victim-nichols` | Victim: Mary Ann Nichols | 1 * |" in text


# --- random play keeps the books ---------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_hands_conserve_cards_and_hide_hands(players: int) -> None:
    variant = get_variant("ripper", {"players": players})
    rng = random.Random(players)
    full = Counter(variant.deck())
    for seed in range(15):
        game = Game(variant, seed=seed)
        state = game.state
        assert isinstance(state, RipperState)
        while state.end is None:
            state.apply(rng.choice(state.legal_actions()))
            seen: Counter[str] = Counter()
            for h in state.hands:
                seen.update({KINDS[k]: n for k, n in enumerate(h) if n})
            for a in state.areas:
                seen.update({KINDS[k]: n for k, n in enumerate(a) if n})
            seen.update(KINDS[c] for c in state.stock + state.yard)
            assert seen == full
            assert all(sum(h) == s for h, s in zip(state.hands, state.sizes, strict=True))
            assert all(sum(w) == a[WILD] for w, a in zip(state.wilds, state.areas, strict=True))
            for seat in range(players):
                obs = state.observation(seat)
                hand = state.hands[seat]
                assert obs["hand"] == {KINDS[k]: n for k, n in enumerate(hand) if n}
        assert state.outcome in ("caught", "escaped", "at-large")
        assert (state.ripper is not None) == (state.outcome == "caught")


def _wire(game: Game, seat: int, legal: list[str] | None) -> str:
    """What the web table sends ``seat`` now, as text."""
    from tablerummy.web.protocol import seat_message

    obs = game.observation(seat)
    return repr(seat_message(game.variant, obs, game.events(seat), legal, {}, 1))


def test_no_vote_reaches_another_seat_through_the_web_protocol() -> None:
    """The web table's message for a seat is the same whatever the other seats voted."""
    from tablerummy.bots import get_bot

    variant = get_variant("ripper", {"players": 3})
    checked = 0
    for seed in range(6):
        game = Game(variant, seed=seed)
        bots = [get_bot("greedy", variant, s, seed + s) for s in range(3)]
        while not game.game_over:
            state = game.state
            assert isinstance(state, RipperState)
            if state.vote_caller is not None and state.end is None:
                for seat in range(3):
                    legal = game.legal_texts() if game.to_act == seat else None

                    real = _wire(game, seat, legal)
                    saved = state.votes[:]
                    state.votes = [v if t == seat or v is None else (v + 1) % NS
                                   for t, v in enumerate(saved)]
                    other = _wire(game, seat, legal)
                    state.votes = saved
                    assert real == other
                    checked += 1
            actor = game.to_act
            assert actor is not None
            game.apply(bots[actor].choose(game.observation(actor), game.legal_actions()))
    assert checked > 100
