"""Belief-weighted determinizations (issue 29): what a player's public play says of its hand.

The leanings must read public play only (no peeking), must move the deal the way the
play says, and must not exist where nothing needs them (playouts).
"""

from __future__ import annotations

from random import Random

import pytest
from test_determinize import fingerprint, hidden_variant, positions

from tablerummy.bots import Sampler, get_bot
from tablerummy.capone import actions as CA
from tablerummy.capone import beliefs as capone_beliefs
from tablerummy.capone.cards import KINDS as CAPONE_KINDS
from tablerummy.capone.state import CaponeState
from tablerummy.determinize import (
    LEAN_RANGE,
    deal_cards,
    deal_leaning,
    dilute,
    fresh_leans,
    lean,
)
from tablerummy.mystery import MysteryState
from tablerummy.ripper import actions as RA
from tablerummy.ripper import beliefs as ripper_beliefs
from tablerummy.ripper.phases import Phase as RipperPhase
from tablerummy.ripper.state import RipperState
from tablerummy.variant import HandState, get_variant

MYSTERY = [("capone", 2), ("capone", 3), ("capone", 4), ("ripper", 2), ("ripper", 3)]


def leans(state: MysteryState) -> list[list[float]]:
    """The position's leanings (a position with shown-tracking on keeps them)."""
    rows = state.leans
    assert rows is not None
    return rows


def int_actions(state: HandState) -> list[int]:
    """The legal actions of a Mystery Rummy position: numbers."""
    actions = state.legal_actions()
    assert all(isinstance(a, int) for a in actions)
    return [a for a in actions if isinstance(a, int)]


@pytest.mark.parametrize(("name", "players"), MYSTERY)
def test_no_peeking_leanings_change_only_with_what_the_seat_can_see(
        name: str, players: int) -> None:
    """Two positions a seat cannot tell apart, the same action applied to both: while the
    seat still cannot tell them apart (its observation and what the table's log told it,
    such as who gave a card to an Agent Meeting), every leaning is the same."""
    rng = Random(f"lean-peek/{name}/{players}")
    compared = 0
    for state in positions(name, players, seed=20 + players, every=3):
        for seat in range(players):
            alt = hidden_variant(state, seat, rng)
            if alt is None:
                continue
            both = set(state.legal_actions()) & set(alt.legal_actions())
            for action in sorted(both, key=repr):
                one, two = state.copy(), alt.copy()
                one.log, two.log = [], []
                one.apply_unchecked(action)
                two.apply_unchecked(action)
                if (one.observation(seat) == two.observation(seat)
                        and one.events(seat) == two.events(seat)):
                    assert one.leans == two.leans
                    compared += 1
    assert compared > 50


@pytest.mark.parametrize(("name", "players"), MYSTERY)
def test_no_peeking_belief_deals_of_positions_the_seat_cannot_tell_apart_are_alike(
        name: str, players: int) -> None:
    rng = Random(f"deal-peek/{name}/{players}")
    compared = 0
    for state in positions(name, players, seed=30 + players, every=5):
        for seat in range(players):
            alt = hidden_variant(state, seat, rng)
            if alt is None:
                continue
            seed = rng.randrange(10**9)
            one = Sampler(state, seat, Random(seed), beliefs=True).sample(Random(seed))
            two = Sampler(alt, seat, Random(seed), beliefs=True).sample(Random(seed))
            assert fingerprint(one) == fingerprint(two)
            compared += 1
    assert compared > 20


def test_capone_passing_on_a_card_leans_the_deal_away_from_its_kind() -> None:
    variant = get_variant("capone")
    state = variant.new_hand(variant.shuffled_deck(Random(5)), dealer=1)  # p0 acts
    assert isinstance(state, CaponeState)
    top = state.discard[-1]
    # p0 passes on the Underworld's top card, then discards something else
    state.apply_unchecked(CA.DRAW_STOCK)
    discard = next(a for a in int_actions(state) if CA.DISCARD <= a < CA.TAKE
                   and a - CA.DISCARD != top)
    state.apply_unchecked(discard)
    rows = leans(state)
    assert rows[0][top] < 1.0
    assert rows[0][discard - CA.DISCARD] < 1.0
    assert rows[1] == [1.0] * len(CAPONE_KINDS)
    # p1's view: fewer of that kind land in p0's hand than with a uniform deal
    count = {True: 0, False: 0}
    for beliefs in (True, False):
        sampler = Sampler(state, 1, Random(0), beliefs=beliefs)
        rng = Random(1)
        for _ in range(600):
            sample = sampler.sample(rng)
            assert isinstance(sample, CaponeState)
            count[beliefs] += sample.hands[0][top]
    assert count[True] < 0.85 * count[False]


def test_capone_taking_a_card_leans_towards_more_of_its_kind() -> None:
    variant = get_variant("capone")
    state = variant.new_hand(variant.shuffled_deck(Random(8)), dealer=1)
    assert isinstance(state, CaponeState)
    top = state.discard[-1]
    before = leans(state)[0][top]
    state.apply_unchecked(CA.DRAW_DISCARD)
    assert leans(state)[0][top] == pytest.approx(before * capone_beliefs.FACTORS["took"])


def test_capone_an_agent_meeting_answered_with_none_is_a_fact() -> None:
    """Asked directly, a player gives every card of the kind: it holds none of the old
    ones — only the cards it drew to replace them may be of it."""
    variant = get_variant("capone")
    state = variant.new_hand(variant.shuffled_deck(Random(3)), dealer=1)
    assert isinstance(state, CaponeState)
    g = 2
    events = list(capone_beliefs.events(state, CA.ask_directly(g, 1)))
    assert events == [(1, g, capone_beliefs.NONE)]


def test_ripper_discarding_and_keeping_lean_away() -> None:
    for state in positions("ripper", 2, seed=4, every=1):
        assert isinstance(state, RipperState)
        if state.victims and state.phase == RipperPhase.PLAY and state.to_act is not None:
            melded = [k for k in range(7) if state.melded(k)]
            discards = [a for a in int_actions(state) if RA.DISCARD <= a < RA.TAKE]
            if melded and discards:
                action = discards[0]
                found = list(ripper_beliefs.events(state, action))
                kinds = {k for _, k, e in found if e == ripper_beliefs.KEPT}
                assert kinds == {k for k in melded if k != action - RA.DISCARD}
                assert (state.seat, action - RA.DISCARD, ripper_beliefs.DISCARDED) in found
                return
    pytest.fail("no position with a meld on the table and a discard to make")


@pytest.mark.parametrize(("name", "players"), MYSTERY)
def test_playout_positions_carry_no_leanings(name: str, players: int) -> None:
    state = positions(name, players, seed=1, every=11)[3]
    sampler = Sampler(state, 0, Random(0))
    sample = sampler.sample(Random(1))
    assert isinstance(sample, MysteryState)
    assert sample.leans is None
    assert sample.shown is None


def test_the_leaning_deal_is_uniform_without_leanings_and_follows_weights() -> None:
    cards = [0] * 10 + [1] * 10
    rng = Random(0)
    uniform = sum(deal_leaning(rng, cards, [5, 15], [None, None])[0].count(0)
                  for _ in range(2000)) / 2000
    assert uniform == pytest.approx(2.5, abs=0.1)
    leaning = sum(deal_leaning(rng, cards, [5, 15], [[4.0, 1.0], None])[0].count(0)
                  for _ in range(2000)) / 2000
    assert leaning > 3.4
    dealt = deal_leaning(rng, cards, [5, 15], [[4.0, 1.0], None])
    assert sorted(dealt[0] + dealt[1]) == sorted(cards) and len(dealt[0]) == 5
    assert len(deal_cards(rng, cards, [5, 15])[0]) == 5


def test_leanings_stay_within_bounds_and_dilute_towards_uniform() -> None:
    row = [1.0, 1.0]
    for _ in range(10):
        lean(row, 0, 0.0)
        lean(row, 1, 100.0)
    assert row == [LEAN_RANGE[0], LEAN_RANGE[1]]
    row = [0.2, 1.0]
    dilute(row, 6, 2)  # six old cards leaning 0.2, two new ones uniform
    assert row[0] == pytest.approx((6 * 0.2 + 2) / 8)
    assert row[1] == 1.0


def test_ismcts_uniform_is_the_search_without_beliefs() -> None:
    variant = get_variant("capone")
    assert get_bot("ismcts", variant, 0).beliefs
    assert not get_bot("ismcts-uniform", variant, 0).beliefs
    assert not get_bot("ismcts:beliefs=off", variant, 0).beliefs


@pytest.mark.parametrize(("name", "players"), MYSTERY)
def test_the_notes_read_later_lean_as_the_events_say_at_once(name: str, players: int) -> None:
    """The position notes each action and reads the notes when a deal asks (what is
    cheap to play on); leaning at once by every event and draw gives the same rows."""
    module = capone_beliefs if name == "capone" else ripper_beliefs
    variant = get_variant(name, {"players": players})
    rng = Random(f"eager/{name}/{players}")
    moved = 0
    for hand in range(4):
        state = variant.new_hand(variant.shuffled_deck(rng), hand % players)
        assert isinstance(state, MysteryState)
        eager = fresh_leans(players, len(leans(state)[0]))
        while not state.is_over:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            for seat, kind, event in module.events(state, action):
                lean(eager[seat], kind, module.FACTORS[event])
            for seat, old, count in module.drawn(state, action):
                dilute(eager[seat], old, count)
            state.apply_unchecked(action)
            if rng.random() < 0.2:  # read now and then: later reads go on from there
                assert state.leans == eager
        assert state.leans == eager
        moved += sum(w != 1.0 for row in eager for w in row)
    assert moved > 0
