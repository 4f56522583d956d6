"""Direct tests of the Al Capone engine: why an action is illegal, and that refusing it
changes nothing.

The positions come from the scenario records in ``tests/scenarios/capone`` (replayed up
to their illegal action), so each message is checked in the position the rulebook's
rule is about.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tablerummy import get_variant
from tablerummy.capone import actions as A
from tablerummy.capone.state import CaponeState
from tablerummy.errors import IllegalActionError
from tablerummy.game import Game
from tablerummy.records import game_from_record
from tablerummy.stacking import stacked_deck

CAPONE = Path(__file__).resolve().parent / "scenarios" / "capone"
ILLEGAL = sorted(
    p for p in CAPONE.glob("*.json")
    if json.loads(p.with_suffix(".expected").read_text(encoding="utf-8")).get("ok") is False
)


def _position(record: Path) -> tuple[Game, str]:
    """The game just before the record's illegal action, and that action's text."""
    data = json.loads(record.read_text(encoding="utf-8"))
    expected = json.loads(record.with_suffix(".expected").read_text(encoding="utf-8"))
    game, hands = game_from_record(data)
    for h, moves in enumerate(hands[: expected["hand"] + 1]):
        stop = expected["index"] if h == expected["hand"] else len(moves)
        for text in moves[:stop]:
            game.apply(text)
    return game, hands[expected["hand"]][expected["index"]]


def _state(game: Game) -> CaponeState:
    state = game.state
    assert isinstance(state, CaponeState)
    return state


def _snapshot(game: Game) -> tuple[Any, ...]:
    """Everything a refused action could have touched."""
    state = _state(game)
    n = game.variant.players
    return (
        state.reveal(), state.phase, state.seat, state.gavel_played, list(state.sizes),
        [list(h) for h in state.hands], [list(a) for a in state.areas], list(state.stock),
        list(state.discard), state.end, sorted(map(str, state.legal_actions())),
        [game.observation(s) for s in range(n)], list(game.totals), len(game.hands),
        game.game_over, [list(h.actions) for h in game.hands],
    )


def _game(*hands: str, players: int = 2, dealer: int = 1, upcard: str = "mike-heitler",
          top: tuple[str, ...] = ()) -> Game:
    variant = get_variant("capone", {"players": players})
    deck = stacked_deck(variant, dealer, [h.split() for h in hands], upcard, top)
    return Game(variant, seed=3, first_dealer=dealer, decks=[deck])


# --- every illegal scenario: the error names seat, action and rule; nothing changes ---

@pytest.mark.parametrize("record", ILLEGAL, ids=lambda p: p.stem)
def test_refused_action_names_the_rule_and_changes_nothing(record: Path) -> None:
    game, text = _position(record)
    hand = json.loads(record.with_suffix(".expected").read_text(encoding="utf-8"))["hand"]
    if not isinstance(text, str) or game.game_over or len(game.hands) - 1 != hand:
        pytest.skip("refused by the record reader (not text, after the hand or the game)")
    before = _snapshot(game)
    seat = game.to_act
    with pytest.raises(ValueError) as caught:
        game.apply(text)
    assert _snapshot(game) == before
    err = caught.value
    if isinstance(err, IllegalActionError) and game.state.end is None:
        action = game.variant.parse_action(text)
        assert err.seat == seat
        assert err.action == game.variant.action_text(action)
        assert err.rule == game.state.why_illegal(action)
        assert str(err) == f"illegal action {err.action!r} for p{seat}: {err.rule}"


def test_refused_actions_mid_search_change_nothing() -> None:
    """Between the Search Warrant and the choice, everything but 'take' is refused whole."""
    game = _game("search-warrant frank-nitti frank-nitti frank-nitti johnny-torrio "
                 "johnny-torrio samuel-hunt samuel-hunt william-white william-white",
                 "murray-humphreys " * 7 + "ralph-capone " * 3, top=("fred-burke",) * 2)
    game.apply("draw stock")
    game.apply("play search-warrant individually")
    before = _snapshot(game)
    for text in ("take al-capone", "discard frank-nitti", "draw stock",
                 "play search-warrant individually", "meld frank-nitti frank-nitti frank-nitti"):
        with pytest.raises(IllegalActionError):
            game.apply(text)
        assert _snapshot(game) == before, text


# --- every action id gets a reason, and legal ⇔ applicable -----------------------------

@pytest.mark.parametrize("record", ILLEGAL[::3], ids=lambda p: p.stem)
def test_every_action_id_is_either_legal_or_explained(record: Path) -> None:
    game, _ = _position(record)
    if game.game_over:
        pytest.skip("the game is over")
    state = _state(game)
    legal = set(state.legal_actions())
    for action in range(A.NUM_ACTIONS):
        if action in legal:
            trial = state.copy()
            trial.apply(action)  # the checked path accepts every legal action
            continue
        why = state.why_illegal(action)
        assert isinstance(why, str) and len(why) > 10, (A.TEXTS[action], why)


def test_reasons_for_actions_no_text_can_name() -> None:
    game = _game("frank-nitti " * 3 + "agent-meeting " + "johnny-torrio " * 6,
                 "murray-humphreys " * 7 + "ralph-capone " * 3)
    game.apply("draw stock")
    game.apply("meld frank-nitti frank-nitti frank-nitti")
    state = _state(game)
    assert state.why_illegal("draw stock") == "not a capone action"
    assert state.why_illegal(A.NUM_ACTIONS) == "not a capone action"
    # seat p3 does not exist at a 2-player table; the int id does
    assert "another player at the table" in state.why_illegal(A.ask_directly(6, 3))
    assert A.ask_directly(6, 3) not in state.legal_actions()
    with pytest.raises(IllegalActionError):
        state.apply(A.ask_directly(6, 3))


@pytest.mark.parametrize("text,reason", [
    ("discard al-capone", "you have no Al Capone in hand"),
    ("play raid frank-nitti", "you have no Raid in hand"),
    ("play search-warrant individually", "you have no Search Warrant in hand"),
    ("meld johnny-torrio johnny-torrio johnny-torrio johnny-torrio johnny-torrio johnny-torrio "
     "johnny-torrio", "you hold only 6 Johnny Torrio"),
    ("layoff murray-humphreys", "you have no Murray Humphreys in hand"),
    ("draw stock", "you have already drawn this turn"),
    ("take frank-nitti", "'take' only follows 'play search-warrant individually'"),
])
def test_reasons_in_the_play_step(text: str, reason: str) -> None:
    game = _game("frank-nitti " * 3 + "agent-meeting " + "johnny-torrio " * 6,
                 "murray-humphreys " * 7 + "ralph-capone " * 3, top=("fred-burke",) * 2)
    game.apply("draw stock")
    with pytest.raises(IllegalActionError) as caught:
        game.apply(text)
    assert caught.value.rule == reason


def test_finished_hand_refuses_everything() -> None:
    game = _game("jack-mcgurn " * 4 + "jake-guzik " * 4 + "frank-nitti " * 2,
                 "murray-humphreys " * 7 + "ralph-capone " * 3, top=("frank-nitti",) * 2)
    state = _state(game)
    for text in ("draw stock", "meld jack-mcgurn jack-mcgurn jack-mcgurn jack-mcgurn",
                 "meld jake-guzik jake-guzik jake-guzik jake-guzik",
                 "meld frank-nitti frank-nitti frank-nitti", "discard frank-nitti"):
        state.apply(game.variant.parse_action(text))
    assert state.end == "went-out" and state.to_act is None
    assert state.legal_actions() == []
    assert state.why_illegal(A.DRAW_STOCK) == "the hand is over"
    with pytest.raises(IllegalActionError, match="nobody: the hand is over"):
        state.apply(A.DRAW_STOCK)


# --- the seat that claims to act ----------------------------------------------------------

def test_wrong_seat_is_refused_and_changes_nothing() -> None:
    game = _game("frank-nitti " * 3 + "agent-meeting " + "johnny-torrio " * 6,
                 "murray-humphreys " * 7 + "ralph-capone " * 3)
    assert game.to_act == 0
    before = _snapshot(game)
    with pytest.raises(IllegalActionError) as caught:
        game.apply("draw stock", seat=1)
    assert caught.value.seat == 1
    assert caught.value.rule == "it is p0's turn to act, not p1's"
    assert str(caught.value) == (
        "illegal action 'draw stock' for p1: it is p0's turn to act, not p1's")
    assert _snapshot(game) == before
    game.apply("draw stock", seat=0)
    assert game.observation(0)["hand"]["frank-nitti"] == 3  # the turn goes on for p0
    assert game.to_act == 0


def test_wrong_seat_during_a_search_choice() -> None:
    """The choice after Search Individually belongs to the searcher only."""
    game = _game("search-warrant " + "frank-nitti " * 6 + "johnny-torrio " * 3,
                 "murray-humphreys " * 7 + "ralph-capone " * 3)
    game.apply("draw stock", seat=0)
    game.apply("play search-warrant individually", seat=0)
    before = _snapshot(game)
    with pytest.raises(IllegalActionError, match="it is p0's turn"):
        game.apply("take mike-heitler", seat=1)
    assert _snapshot(game) == before
    game.apply("take mike-heitler", seat=0)


def test_no_action_after_the_game() -> None:
    variant = get_variant("capone", {"players": 2, "target": 20})
    deck = stacked_deck(variant, 1, [("jack-mcgurn " * 4 + "jake-guzik " * 4 + "ralph-capone "
                                      * 2).split(), ["murray-humphreys"] * 7 + ["al-capone"] * 3],
                        "mike-heitler", ["ralph-capone"] * 2)
    game = Game(variant, seed=1, first_dealer=1, decks=[deck])
    for text in ("draw stock", "meld jack-mcgurn jack-mcgurn jack-mcgurn jack-mcgurn",
                 "meld jake-guzik jake-guzik jake-guzik jake-guzik",
                 "meld ralph-capone ralph-capone ralph-capone", "discard ralph-capone"):
        game.apply(text)
    assert game.game_over and game.winner == 0 and game.totals == [22, 0]
    before = (list(game.totals), len(game.hands), game.to_act)
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.apply("draw stock", seat=1)
    assert (list(game.totals), len(game.hands), game.to_act) == before


# --- the first dealer comes from the seed ---------------------------------------------

def test_first_dealer_is_drawn_from_the_seed() -> None:
    variant = get_variant("capone", {"players": 3})
    dealers = {seed: Game(variant, seed=seed).first_dealer for seed in range(40)}
    assert set(dealers.values()) == {0, 1, 2}  # every seat can deal first
    for seed, dealer in dealers.items():
        again = Game(variant, seed=seed)
        assert again.first_dealer == dealer  # the same seed, the same dealer
        assert again.to_act == (dealer + 1) % 3
    record = {"format": "tablerummy/1", "variant": "capone", "options": {"players": 3},
              "seed": 11, "hands": []}
    game, _ = game_from_record(record)
    assert game.first_dealer == dealers[11]


# --- what the searcher alone sees ---------------------------------------------------------

def test_search_individually_shows_the_underworld_to_the_searcher_only() -> None:
    game = _game("search-warrant " + "frank-nitti " * 6 + "johnny-torrio " * 3,
                 "murray-humphreys " * 7 + "ralph-capone " * 3, upcard="raid",
                 top=("al-capone", "al-capone", "fred-burke", "samuel-hunt"))
    game.apply("draw stock")
    game.apply("discard al-capone")
    game.apply("draw stock")
    game.apply("discard samuel-hunt")
    game.apply("draw stock")
    game.apply("play search-warrant individually")
    mine, theirs = game.observation(0), game.observation(1)
    assert mine["underworld"] == ["al-capone", "raid", "samuel-hunt"]
    assert mine["phase"] == "take"
    assert "underworld" not in theirs
    assert theirs["discard_top"] == mine["discard_top"] == "samuel-hunt"
    assert game.legal_texts() == ["take al-capone", "take raid", "take samuel-hunt"]
    game.apply("take raid")
    assert "underworld" not in game.observation(0)
    assert game.observation(1)["discard_top"] == "search-warrant"
    assert game.observation(0)["hand"]["raid"] == 1
    assert "raid" not in game.observation(1)["hand"]
