"""Belief-weighted determinizations of the Oklahoma family (issue 29): the leanings read
only public play (no peeking), move the deal the way the play says, stay out of search
playouts, and change nothing for bots that never determinize."""

from __future__ import annotations

import gc
import json
import pickle
import types
from pathlib import Path
from random import Random

import pytest
from test_determinize import fingerprint, hidden_variant, positions

from tablerummy.bots import Sampler, ask, get_bot
from tablerummy.cli import main
from tablerummy.determinize import dilute, fresh_leans, lean
from tablerummy.game import Game
from tablerummy.oklahoma import actions as A
from tablerummy.oklahoma import beliefs
from tablerummy.oklahoma.cards import NCARDS, parse_card
from tablerummy.oklahoma.state import OklahomaState
from tablerummy.variant import get_variant

VARIANTS = ("fortune", "arlington", "arlington-heights")


def greedy_positions(name: str, players: int, seed: int, every: int = 3
                     ) -> list[tuple[OklahomaState, object]]:
    """(a copy of the position, the action then taken) along one greedy game, every
    ``every`` decisions: positions whose leanings public play has moved."""
    variant = get_variant(name, {"players": players})
    game = Game(variant, seed=seed)
    bots = [get_bot("greedy", variant, s, seed=seed + s) for s in range(players)]
    out: list[tuple[OklahomaState, object]] = []
    step = 0
    while not game.game_over and len(out) < 60:
        legal = game.legal_actions()
        seat = game.to_act
        assert seat is not None
        action = legal[0] if len(legal) == 1 else ask(bots[seat], game, legal)
        if step % every == 0:
            state = game.state
            assert isinstance(state, OklahomaState)
            out.append((state.copy(), action))
        game.apply_legal(action)
        step += 1
    return out


@pytest.mark.parametrize(("name", "players"), [("fortune", 2), ("arlington", 3),
                                               ("arlington-heights", 2)])
def test_no_peeking_positions_differing_in_hidden_cards_lean_and_deal_alike(
        name: str, players: int) -> None:
    rng = Random(f"okbeliefs/{name}/{players}")
    compared = moved = 0
    for state, action in greedy_positions(name, players, seed=players):
        assert state.leans is not None
        moved += any(w != 1.0 for row in state.leans for w in row)
        for seat in range(players):
            alt = hidden_variant(state, seat, rng)
            if alt is None:
                continue
            assert isinstance(alt, OklahomaState)
            assert fingerprint(alt) != fingerprint(state)
            assert alt.observation(seat) == state.observation(seat)
            # what the action played notes, and its events, read nothing hidden
            assert isinstance(action, tuple)
            assert beliefs.note(alt, action) == beliefs.note(state, action)
            assert list(beliefs.events(alt, action)) == list(beliefs.events(state, action))
            seed = rng.randrange(10**9)
            for track in (True, False):
                one = state.determinizer(seat, track, beliefs=True)(Random(seed))
                two = alt.determinizer(seat, track, beliefs=True)(Random(seed))
                assert fingerprint(one) == fingerprint(two)
                assert one.leans == two.leans
            compared += 1
    assert compared > 20
    assert moved > 10


@pytest.mark.parametrize("name", VARIANTS)
def test_update_leans_as_its_events_say(name: str) -> None:
    """The notes, read when asked (by tables made once), lean exactly as leaning by
    every event and diluting by every unseen card drawn as each action is played, along
    random hands with every kind of action — read at every step, now and then, or from
    copies that played on."""
    variant = get_variant(name, {"players": 3})
    rng = Random(name)
    checked = 0
    for hand in range(4):
        state = variant.new_hand(variant.shuffled_deck(rng), hand % 3)
        assert isinstance(state, OklahomaState)
        mine = fresh_leans(3, NCARDS)
        every = 1 + hand * 5
        step = 0
        while not state.is_over:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            before = state.copy()
            for seat, kind, event in beliefs.events(state, action):
                lean(mine[seat], kind, beliefs.FACTORS[event])
            for seat, old, count in beliefs.drawn(state, action):
                dilute(mine[seat], old, count)
            state.apply_unchecked(action)
            step += 1
            if step % every == 0:
                assert state.leans == mine
                before.apply_unchecked(action)  # a copy plays on its own link
                assert before.leans == mine
                checked += 1
        assert state.leans == mine
    assert checked > 50


def test_leanings_pickle() -> None:
    """A sampler goes to another process pickled (the web table's bot pool): a whole
    hand's notes pickle, and read to the same rows."""
    variant = get_variant("arlington", {"players": 2})
    rng = Random(7)
    state = variant.new_hand(variant.shuffled_deck(rng), 0)
    assert isinstance(state, OklahomaState)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply_unchecked(legal[rng.randrange(len(legal))])
    back = pickle.loads(pickle.dumps(state))
    assert back.leans == state.leans and back.leans is not None
    assert any(w != 1.0 for row in back.leans for w in row)


@pytest.mark.parametrize(("name", "players"), [("fortune", 2), ("arlington", 3),
                                               ("arlington-heights", 2)])
def test_no_peeking_the_same_action_leans_alike_while_the_seat_cannot_tell(
        name: str, players: int) -> None:
    """Two positions a seat cannot tell apart, the same action applied to both (random
    play: pile takes, melds, layoffs): while the seat still cannot tell them apart, every
    leaning is the same (as tests/test_beliefs.py asks of capone and ripper)."""
    rng = Random(f"oklean-peek/{name}/{players}")
    compared = 0
    for state in positions(name, players, seed=20 + players, every=4):
        assert isinstance(state, OklahomaState)
        assert state.leans is not None  # (read once: the copies below read on from here)
        for seat in range(players):
            alt = hidden_variant(state, seat, rng)
            if alt is None:
                continue
            assert isinstance(alt, OklahomaState)
            both = sorted(set(state.legal_actions()) & set(alt.legal_actions()), key=repr)
            for action in rng.sample(both, min(len(both), 6)):
                one, two = state.copy(), alt.copy()
                one.apply_unchecked(action)
                two.apply_unchecked(action)
                if one.observation(seat) == two.observation(seat):
                    assert one.leans == two.leans
                    compared += 1
    assert compared > 50


def passed_on(card: str, seed: int) -> OklahomaState:
    """A fortune hand whose first player draws from the stock, passing on ``card`` on top
    of the discard pile."""
    variant = get_variant("fortune")
    deck = variant.shuffled_deck(Random(seed))
    at = 2 * variant.hand_size  # the upcard
    j = deck.index(card, at) if card in deck[at:] else deck.index(card)
    deck[at], deck[j] = deck[j], deck[at]
    state = variant.new_hand(deck, 1)
    assert isinstance(state, OklahomaState)
    assert state.discard == [parse_card(card)] and state.seat == 0
    state.apply(A.DRAW)
    return state


def test_passing_on_a_discard_leans_its_partners_out_of_that_hand() -> None:
    """p0 drew from the stock over a 7♥: over 1,000 deals for p1, fewer 7s, 6♥ 8♥ and
    wilds land in p0's hand with beliefs than uniformly (one pass moves the partners by
    about a tenth after the draw's dilution, the wilds by three quarters)."""
    state = passed_on("7H", seed=3)
    top = parse_card("7H")
    partners = {top, *beliefs.RANK[top], *beliefs.RUN[top]}
    wilds = set(state.rules.wild_cards)
    assert state.leans is not None
    assert all(state.leans[0][c] < 1.0 for c in partners | wilds)
    assert state.leans[1] == [1.0] * len(state.leans[1])  # only the player who passed
    counts: dict[bool, tuple[int, int]] = {}
    for leaning in (False, True):
        deal = state.determinizer(1, beliefs=leaning)
        rng = Random(11)
        got = [deal(rng).hands[0] for _ in range(1000)]
        counts[leaning] = (sum(h[c] for h in got for c in partners),
                           sum(h[c] for h in got for c in wilds))
    assert counts[True][0] < 0.96 * counts[False][0], counts
    assert counts[True][1] < 0.5 * counts[False][1], counts


def test_leanings_stay_out_of_untracked_determinizations_and_their_playouts() -> None:
    state = greedy_positions("fortune", 2, seed=5)[20][0]
    assert state.leans is not None
    kept = state.determinizer(0, track=True, beliefs=True)(Random(1))
    assert kept.leans == state.leans and kept.leans is not state.leans
    for leaning in (False, True):
        play = state.determinizer(0, track=False, beliefs=leaning)(Random(2))
        assert play.leanings is None and play.leans is None
        rng = Random(3)
        for _ in range(60):
            if play.is_over:
                break
            legal = play.legal_actions()
            play.apply_unchecked(legal[rng.randrange(len(legal))])
            assert play.leanings is None and play.copy().leanings is None
    assert state.leans is not None  # the position it came from keeps its own


def test_a_position_without_leanings_deals_uniformly() -> None:
    state = greedy_positions("arlington", 2, seed=6)[10][0]
    bare = state.copy()
    bare.leanings = None
    one = bare.determinizer(1, beliefs=True)(Random(4))
    two = state.determinizer(1, beliefs=False)(Random(4))
    assert fingerprint(one) == fingerprint(two)


@pytest.mark.parametrize("name", VARIANTS)
def test_greedy_game_records_are_the_same_with_or_without_leanings(
        name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Greedy bots never determinize: keeping leanings changes no byte of their games."""
    def run(where: Path) -> str:
        assert main(["simulate", name, "--bots", "greedy,greedy", "--games", "3",
                     "--seed", "1", "--json", "--save", str(where)]) == 0
        return capsys.readouterr().out

    with_leans = run(tmp_path / "with")
    monkeypatch.setattr("tablerummy.oklahoma.state.Leanings", lambda rules, players: None)
    without = run(tmp_path / "without")
    assert json.loads(with_leans)["completed"] == 3
    assert with_leans == without
    files = sorted(p.name for p in (tmp_path / "with").iterdir())
    assert files and files == sorted(p.name for p in (tmp_path / "without").iterdir())
    for file in files:
        assert (tmp_path / "with" / file).read_bytes() == (tmp_path / "without" / file).read_bytes()


def test_nothing_reachable_from_a_sampler_is_the_true_position_or_its_notes() -> None:
    """A sampler reaches neither the true position, its hands, nor its notes (a later
    play of the true position must not change what the sampler knows)."""
    state = greedy_positions("fortune", 2, seed=3)[15][0]
    assert state.leanings is not None and state.leanings.notes
    sampler = Sampler(state, 1, Random(2))
    sampler.sample(Random(3))
    secret = {id(state), id(state.hands), id(state.stock), *(id(h) for h in state.hands),
              id(state.leanings), id(state.leanings.notes)}
    seen: set[int] = set()
    todo: list[object] = [sampler]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, (types.ModuleType, type)):
            continue
        seen.add(id(obj))
        assert id(obj) not in secret
        todo.extend(gc.get_referents(obj))
    assert len(seen) > 10
