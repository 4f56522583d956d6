"""HandState.determinize: a legal position consistent with all the seat knows, and no peeking.

Positions come from random play (so that Ask Around, Scene searches, pile takes and votes
all happen); each check compares the determinization with the true position the seat
was in.
"""

from __future__ import annotations

from collections import Counter
from random import Random
from typing import Any

import pytest

from tablerummy.capone.cards import KINDS as CAPONE_KINDS
from tablerummy.capone.state import CaponeState
from tablerummy.oklahoma.cards import NCARDS
from tablerummy.oklahoma.determinize import deck_counts
from tablerummy.oklahoma.state import OklahomaState
from tablerummy.oklahoma.variant import OklahomaVariant
from tablerummy.ripper.cards import NS
from tablerummy.ripper.state import RipperState
from tablerummy.variant import HandState, get_variant

TABLES = [
    ("capone", 2), ("capone", 3), ("capone", 4),
    ("ripper", 2), ("ripper", 3), ("ripper", 4),
    ("fortune", 2), ("fortune", 4), ("arlington", 2), ("arlington", 3),
    ("arlington-heights", 2), ("arlington-heights", 4),
]

FamilyState = CaponeState | RipperState | OklahomaState
"""A position of one of the three families of :data:`TABLES`: count-vector hands and a stock."""


def family_state(state: HandState) -> FamilyState:
    """``state``, known to be one of the three families' positions."""
    assert isinstance(state, CaponeState | RipperState | OklahomaState), type(state)
    return state


def card_counts(state: FamilyState) -> Counter[int]:
    """Every card of the position, wherever it lies (hands, areas or melds, piles)."""
    total: Counter[int] = Counter()
    for hand in state.hands:
        total.update({k: c for k, c in enumerate(hand) if c})
    if isinstance(state, OklahomaState):
        for side in state.melds:
            for meld in side:
                total.update(c for c, _ in meld.items)
        total.update(state.discard)
    else:
        for area in state.areas:
            total.update({k: c for k, c in enumerate(area) if c})
        total.update(state.yard if isinstance(state, RipperState) else state.discard)
    total.update(state.stock)
    return total


def positions(name: str, players: int, seed: int, every: int = 7) -> list[FamilyState]:
    """Positions along random hands (a copy every ``every`` actions), shown-tracking on."""
    variant = get_variant(name, {"players": players})
    rng = Random(seed)
    out = []
    for hand in range(3):
        state = family_state(variant.new_hand(variant.shuffled_deck(rng), hand % players))
        step = 0
        while not state.is_over and step < 400:
            if step % every == 0:
                out.append(state.copy())
            legal = state.legal_actions()
            state.apply_unchecked(legal[rng.randrange(len(legal))])
            step += 1
    return out


def hidden_variant(state: FamilyState, seat: int, rng: Random) -> FamilyState | None:
    """The same position with two cards hidden from ``seat`` swapped (None: none to swap).

    A card of another hand not known to be there trades places with a stock card (or a
    card of a third hand); a secret vote changes too.
    """
    alt = state.copy()
    n = len(alt.hands)
    known = _known(alt)
    others = [p for p in range(n) if p != seat]
    rng.shuffle(others)
    stock_hidden = not (isinstance(alt, OklahomaState) and alt.stock_known)
    for p in others:
        hand = alt.hands[p]
        free = [k for k, c in enumerate(hand) if c > known[p][k]]
        if not free:
            continue
        k = free[rng.randrange(len(free))]
        stock = alt.stock
        spots = [i for i, c in enumerate(stock) if c != k] if stock_hidden else []
        if spots:
            i = spots[rng.randrange(len(spots))]
            hand[k] -= 1
            hand[stock[i]] += 1
            stock[i] = k
        else:
            third = [q for q in others if q != p
                     and any(c > known[q][j] and j != k
                             for j, c in enumerate(alt.hands[q]))]
            if not third:
                continue
            other = alt.hands[third[0]]
            j = next(j for j, c in enumerate(other) if c > known[third[0]][j] and j != k)
            hand[k] -= 1
            hand[j] += 1
            other[j] -= 1
            other[k] += 1
        if isinstance(alt, RipperState):
            for q in others:
                vote = alt.votes[q]
                if vote is not None:
                    alt.votes[q] = (vote + 1) % NS
        if isinstance(alt, OklahomaState):
            alt._legal = None
        return alt
    return None


def _known(state: FamilyState) -> list[list[int]]:
    if isinstance(state, OklahomaState):
        return state.known
    shown = state.shown
    assert shown is not None
    return shown


def fingerprint(state: HandState) -> Any:
    """Everything that makes a position: hands, piles, areas or melds, votes."""
    state = family_state(state)
    parts: list[Any] = [state.hands, state.stock]
    if isinstance(state, RipperState):
        parts += [state.yard, state.areas, state.votes]
    elif isinstance(state, CaponeState):
        parts += [state.discard, state.areas]
    else:
        parts += [state.discard, state.melds]
    return repr(parts)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), TABLES)
def test_determinization_is_a_legal_position_the_seat_cannot_tell_apart(
        name: str, players: int) -> None:
    rng = Random(f"{name}/{players}")
    checked = 0
    for state in positions(name, players, seed=players):
        full = card_counts(state)
        for seat in range(players):
            det = state.determinize(seat, rng)
            assert card_counts(det) == full
            assert det.observation(seat) == state.observation(seat)
            assert det.hands[seat] == state.hands[seat]
            if state.to_act == seat:
                assert sorted(map(repr, det.legal_actions())) == sorted(
                    map(repr, state.legal_actions()))
            # the position plays on to the end of the hand like any other
            play = det.copy()
            for _ in range(400):
                if play.is_over:
                    break
                legal = play.legal_actions()
                assert legal, "a determinized position left the player to act no move"
                play.apply_unchecked(legal[rng.randrange(len(legal))])
            checked += 1
    assert checked > 20


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_no_peeking_positions_differing_in_hidden_cards_determinize_alike(
        name: str, players: int) -> None:
    rng = Random(f"peek/{name}/{players}")
    compared = 0
    for state in positions(name, players, seed=10 + players, every=5):
        for seat in range(players):
            alt = hidden_variant(state, seat, rng)
            if alt is None:
                continue
            assert fingerprint(alt) != fingerprint(state)
            assert alt.observation(seat) == state.observation(seat)
            seed = rng.randrange(10**9)
            one = state.determinize(seat, Random(seed))
            two = alt.determinize(seat, Random(seed))
            assert fingerprint(one) == fingerprint(two)
            compared += 1
    assert compared > 20


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_determinizations_vary_the_hidden_cards(name: str, players: int) -> None:
    state = positions(name, players, seed=3, every=9)[2]
    seen = {fingerprint(state.determinize(0, Random(i))) for i in range(8)}
    assert len(seen) > 1


def test_capone_a_card_taken_from_the_underworld_stays_in_that_hand() -> None:
    variant = get_variant("capone")
    rng = Random(4)
    state = variant.new_hand(variant.shuffled_deck(rng), 1)
    assert isinstance(state, CaponeState)
    top = state.discard[-1]
    state.apply_unchecked(1)  # p0: draw discard
    assert state.shown is not None and state.shown[0][top] == 1
    for i in range(30):
        det = state.determinize(1, Random(i))
        assert det.hands[0][top] >= 1, CAPONE_KINDS[top]


def test_capone_team_play_hides_the_partners_hand() -> None:
    variant = get_variant("capone", {"players": 4})
    state = variant.new_hand(variant.shuffled_deck(Random(8)), 3)
    assert isinstance(state, CaponeState)
    partner = next(s for s in variant.sides if 0 in s)[1]
    hands = {repr(state.determinize(0, Random(i)).hands[partner]) for i in range(10)}
    assert len(hands) > 1


def test_ripper_other_votes_are_secret_mine_is_kept() -> None:
    rng = Random(2)
    states = [s for s in positions("ripper", 3, seed=5, every=1)
              if isinstance(s, RipperState)
              and s.votes[0] is not None and s.votes[1] is not None and s.end is None]
    assert states
    state = states[0]
    dets = [state.determinize(0, Random(i)) for i in range(20)]
    assert all(d.votes[0] == state.votes[0] for d in dets)
    assert len({d.votes[1] for d in dets}) > 1
    del rng


def test_oklahoma_cards_taken_with_the_pile_stay_known() -> None:
    for state in positions("arlington", 2, seed=9, every=1):
        assert isinstance(state, OklahomaState)
        if any(state.known[1]):
            for i in range(10):
                det = state.determinize(0, Random(i))
                assert all(det.hands[1][c] >= state.known[1][c] for c in range(NCARDS))
            return
    pytest.skip("no pile was taken in these hands")


def test_oklahoma_deck_counts_cover_the_deck() -> None:
    variant = get_variant("fortune")
    assert isinstance(variant, OklahomaVariant)
    assert sum(deck_counts(variant)) == len(variant.deck())


def _slots(state: HandState) -> set[str]:
    return {s for cls in type(state).__mro__ for s in getattr(cls, "__slots__", ())}


SHARED_ON_COPY = {"variant", "cards", "copies", "side_of", "repeats"}
"""What a copy may share with its original: read-only facts, and the repetition count
(replaced, never changed in place)."""


@pytest.mark.parametrize("name,players", [t for t in TABLES if t[0] in ("capone", "ripper")])
def test_a_copy_has_every_field_and_shares_nothing_it_could_change(name: str,
                                                                    players: int) -> None:
    """A field a copy forgets, or a list it shares, breaks search bots silently."""
    for state in positions(name, players, seed=5, every=23):
        twin = state.copy()
        for slot in _slots(state) - {"log"}:
            mine, theirs = getattr(state, slot), getattr(twin, slot)
            if slot == "leanings" and mine is not None:
                assert theirs is not mine and theirs.rows() == mine.rows()
                continue
            assert theirs == mine, slot
            if isinstance(mine, list) and slot not in SHARED_ON_COPY:
                assert theirs is not mine, slot
                for inner, outer in zip(theirs, mine, strict=True):
                    assert not isinstance(inner, list) or inner is not outer, slot
        assert twin.log is None
