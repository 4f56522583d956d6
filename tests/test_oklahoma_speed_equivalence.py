"""The fast meld enumeration against the one it replaced, on many random positions.

``candidate_melds`` remembers the melds of each rank and suit of a hand (the hot path of
random playouts); the reference below is the plain enumeration it grew from, kept here
verbatim as the oracle.  Both must give the same melds *in the same order*: a seeded
random bot picks by index, so the order of the legal actions is behaviour too.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from itertools import combinations, product
from typing import Any

import pytest

from tablerummy import get_variant
from tablerummy.oklahoma import actions as A
from tablerummy.oklahoma.cards import (
    JK,
    NCARDS,
    QS,
    QUEEN,
    SPADES,
    card,
    parse_card,
    rank_of,
    suit_of,
)
from tablerummy.oklahoma.melds import (
    DEUCES,
    POS_CARD,
    RANK_CARDS,
    SEQ,
    SET,
    Item,
    Keep,
    Meld,
    canonical_set,
    check,
)
from tablerummy.oklahoma.meldsearch import MeldSearch, candidate_melds
from tablerummy.oklahoma.rules import Rules
from tablerummy.oklahoma.state import DRAW, OVER, OklahomaState
from tablerummy.oklahoma.variant import OklahomaVariant
from tablerummy.variant import Action

TABLES: list[tuple[str, dict[str, Any]]] = [
    ("fortune", {}),
    ("fortune", {"long_sequences": True}),
    ("arlington", {}),
    ("arlington", {"rules": "scarne"}),
    ("arlington", {"joker": True}),
    ("arlington", {"joker": True, "joker_swap": "anyone", "rules": "scarne"}),
    ("arlington-heights", {}),
]


# --- the reference: the enumeration as it was, unchanged --------------------------------


def _multisets(kinds: Sequence[tuple[int, int]], size: int) -> Iterator[tuple[int, ...]]:
    """Sorted multisets of ``size`` cards drawn from ``kinds`` = [(card, available)]."""
    if size == 0:
        yield ()
        return
    if not kinds:
        return
    (c, n), rest = kinds[0], kinds[1:]
    for k in range(min(n, size), -1, -1):
        for tail in _multisets(rest, size - k):
            yield (c,) * k + tail


def reference_melds(avail: Sequence[int], rules: Rules, must: int = -1) -> list[Meld]:
    """Every canonical meld that the cards ``avail`` (a count vector) can make.

    With ``must`` (the discard pile's top card) only melds holding that card.  This is
    the hot path of ``legal_actions``: windows and ranks that cannot be filled with the
    wilds at hand are cut off before anything is built.
    """
    wild = rules.wild
    swap = rules.swappable_joker
    jokers = min(avail[JK], 1) if swap else 0  # the Joker option adds one Joker
    loose = [(c, avail[c]) for c in rules.wild_cards if avail[c] and not (c == JK and swap)]
    total_wild = sum(n for _, n in loose) + jokers
    found: dict[tuple[Item, ...], Meld] = {}
    cache: dict[tuple[tuple[tuple[int, int], ...], int], list[tuple[int, ...]]] = {}

    def multis(pool: Sequence[tuple[int, int]], size: int) -> list[tuple[int, ...]]:
        key = (tuple(pool), size)
        got = cache.get(key)
        if got is None:
            got = cache[key] = list(_multisets(pool, size))
        return got

    if must >= 0 and not wild[must]:
        ranks: Sequence[int] = (rank_of(must),)
        suits: Sequence[int] = (suit_of(must),)
    else:
        ranks = range(1, 14)
        suits = range(4)

    def keep(meld: Meld | str) -> None:
        if isinstance(meld, Meld) and (must < 0 or any(c == must for c, _ in meld.items)):
            found.setdefault(meld.items, meld)

    skip_twos = rules.deuces_wild
    for rank in ranks:
        if rank == 2 and skip_twos:
            continue
        a, b, c, d = RANK_CARDS[rank]
        n = avail[a] + avail[b] + avail[c] + avail[d]
        if n and n + total_wild >= 3:
            _sets_of(rank, avail, rules, loose, jokers, keep, multis)
    if rules.deuce_sets and (must < 0 or rank_of(must) == 2):
        deuces = [(c, avail[c]) for c in RANK_CARDS[2] if avail[c]]
        for size in (3, 4):
            for combo in _multisets(deuces, size):
                keep(Meld(DEUCES, 2, 0, tuple((c, c) for c in combo)))
    for suit in suits:
        _sequences_of(suit, avail, rules, loose, jokers, total_wild, keep, must, multis)
    return list(found.values())


Multis = Callable[[Sequence[tuple[int, int]], int], list[tuple[int, ...]]]


def _sets_of(rank: int, avail: Sequence[int], rules: Rules, loose: list[tuple[int, int]],
             jokers: int, keep: Keep, multis: Multis) -> None:
    naturals = RANK_CARDS[rank]
    ranges = [range(avail[c] + 1) for c in naturals]
    for counts in product(*ranges):
        n = sum(counts)
        if n == 0 or n > 4:
            continue
        base = [(c, c) for c, k in zip(naturals, counts, strict=True) for _ in range(k)]
        if n >= 3 and rank != QUEEN:  # all natural: canonical as it is
            keep(Meld(SET, rank, 0, tuple(base)))
            if n == 4 or (not loose and not jokers):
                continue
        for nw in range(max(1 if n >= 3 and rank != QUEEN else 0, 3 - n), 4 - n + 1):
            for nj in range((jokers if jokers < nw else nw) + 1):
                joker_options: list[list[Item]] = (
                    [[]] if nj == 0 else [[(JK, card(rank, t))] for t in range(4)]
                )
                for combo in multis(loose, nw - nj):
                    for joker_items in joker_options:
                        if rank == QUEEN:
                            for q in range(len(combo) + 1):
                                items = [*base, *joker_items,
                                         *((c, QS) for c in combo[:q]),
                                         *((c, card(rank, 1)) for c in combo[q:])]
                                keep(_finish_set(rank, items, rules))
                        else:
                            items = [*base, *joker_items, *((c, card(rank, 0)) for c in combo)]
                            keep(_finish_set(rank, items, rules))


def _finish_set(rank: int, items: list[Item], rules: Rules) -> Meld | str:
    meld = canonical_set(rank, items, rules)
    # it holds a natural card; only a set of queens can break a Q♠ rule
    return check(meld, rules) if rank == QUEEN else meld


def _sequences_of(suit: int, avail: Sequence[int], rules: Rules,
                  loose: list[tuple[int, int]], jokers: int, total_wild: int,
                  keep: Keep, must: int, multis: Multis) -> None:
    wild = rules.wild
    cards = POS_CARD[suit]
    have = [avail[c] for c in cards]  # (index 0 is no position and is never read)
    twos = rules.deuces_wild
    if not any(have[p] for p in range(1, 14) if p != 2 or not twos):
        return  # no natural card of this suit: every meld needs one
    first = 1 if rules.twos else 3
    longest = rules.max_sequence
    own_deuce = cards[2]
    must_at = ([p for p in range(1, 15) if cards[p] == must]
               if must >= 0 and not wild[must] else [])
    for lo in range(first, 13):
        if not total_wild and not have[lo]:
            continue
        missing = 0
        top = lo + longest - 1
        if top > 14 or (lo == 1 and top > 12):
            top = 12 if lo == 1 else 14
        for hi in range(lo, top + 1):
            if not have[hi]:
                missing += 1
                if missing > total_wild:
                    break
            length = hi - lo + 1
            if length < 3 or (must_at and not any(lo <= m <= hi for m in must_at)):
                continue
            positions = range(lo, hi + 1)
            if not missing and not total_wild:
                # all natural: 3 or more places hold at least two that are not the 2
                keep(Meld(SEQ, suit, lo, tuple((cards[p], cards[p]) for p in positions)))
                continue
            forced = [p for p in positions if not have[p]]
            optional = [p for p in positions if have[p]]
            room = (total_wild if total_wild < length - 1 else length - 1) - len(forced)
            for extra in range(room + 1):
                for chosen in combinations(optional, extra):
                    places = sorted((*forced, *chosen)) if chosen else forced
                    if not any(p not in places and (p != 2 or not twos) for p in positions):
                        continue  # only wilds (and the 2 in its place): no natural card
                    pool = loose
                    if rules.deuces_wild and lo <= 2 <= hi and 2 not in places:
                        pool = [(c, n - 1 if c == own_deuce else n) for c, n in loose]
                        pool = [(c, n) for c, n in pool if n]
                    _fill_sequence(suit, lo, hi, places, pool, jokers, rules, keep, multis)


def _fill_sequence(suit: int, lo: int, hi: int, places: list[int],
                   pool: list[tuple[int, int]], jokers: int, rules: Rules,
                   keep: Keep, multis: Multis) -> None:
    cards = POS_CARD[suit]
    # only a wild standing for Q♠ can break a rule here (the meld has a natural card)
    guard = rules.qs_wild_natural_only and suit == SPADES and 12 in places
    for nj in range((jokers if jokers < len(places) else len(places)) + 1):
        joker_choices: list[int] = [0] if nj == 0 else list(places)
        for combo in multis(pool, len(places) - nj):
            for jpos in joker_choices:
                rest = [p for p in places if p != jpos]
                if 2 in rest:
                    continue  # a wild 2 never stands for a 2 (its own deuce there is natural)
                assigned = dict(zip(rest, combo, strict=True))
                items = []
                for p in range(lo, hi + 1):
                    c = cards[p]
                    if p == jpos:
                        items.append((JK, c))
                    elif p in assigned:
                        items.append((assigned[p], c))
                    else:
                        items.append((c, c))
                meld = Meld(SEQ, suit, lo, tuple(items))
                keep(check(meld, rules) if guard else meld)


def _only_queens_left(state: OklahomaState, hand: Sequence[int], taken: Sequence[int]) -> bool:
    """Heights (decision): no meld or layoff may leave a hand holding Q♠s only."""
    if state.variant.name != "arlington-heights":
        return False
    left = list(hand)
    for c in taken:
        left[c] -= 1
    return sum(left) > 0 and left[QS] == sum(left)


def _may_discard(state: OklahomaState, hand: Sequence[int], c: int) -> bool:
    """Q♠ by the variant's rule: Fortune (option) and Arlington-Parlett only from a hand of
    Q♠s; Heights only from a hand of two or more Q♠s (never as the last card)."""
    if c != QS:
        return True
    name, options = state.variant.name, state.variant.options
    if (name == "fortune" and options["queen_discard"]) or \
            (name == "arlington" and options["rules"] == "scarne"):
        return True
    least = 2 if name == "arlington-heights" else 1
    return sum(hand) == hand[QS] >= least


def reference_legal(state: OklahomaState) -> list[Action]:
    """``OklahomaState.legal_actions`` as it was, built on :func:`reference_melds`, with
    the Heights Q♠ rule applied to each action after the fact."""
    if state.phase == OVER:
        return []
    hand = state.hands[state.seat]
    if state.phase == DRAW:
        acts: list[Action] = [A.DRAW]
        top = state.discard[-1]
        avail = hand[:]
        avail[top] += 1
        after = avail[:]  # the hand once the rest of the pile has joined it
        for c in state.discard[:-1]:
            after[c] += 1
        acts.extend((A.PILE, m.items) for m in reference_melds(avail, state.rules, must=top)
                    if not _only_queens_left(state, after, [c for c, _ in m.items]))
        return acts
    acts = [(A.MELD, m.items) for m in reference_melds(hand, state.rules)
            if not _only_queens_left(state, hand, [c for c, _ in m.items])]
    acts.extend(a for a in state._layoffs(hand)
                if isinstance(a, tuple) and not _only_queens_left(state, hand, [a[1]]))
    if state.rules.swappable_joker:
        acts.extend(state._swaps(hand))
    acts.extend((A.DISCARD, c) for c in range(NCARDS)
                if hand[c] and _may_discard(state, hand, c))
    return acts


# --- the comparisons --------------------------------------------------------------------


def _variant(name: str, options: dict[str, Any]) -> OklahomaVariant:
    variant = get_variant(name, options)
    assert isinstance(variant, OklahomaVariant)
    return variant


def _random_hand(deck: list[int], rng: random.Random) -> list[int]:
    """A count vector of a few to many cards, often rich in wilds (the costly case)."""
    size = rng.choice((3, 5, 8, 11, 13, 16, 20))
    counts = [0] * NCARDS
    for c in rng.sample(deck, size):
        counts[c] += 1
    return counts


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options"), TABLES)
def test_melds_agree_with_the_reference(name: str, options: dict[str, Any]) -> None:
    variant = _variant(name, options)
    rules = variant.rules
    deck = [parse_card(c) for c in variant.deck()]
    wilds = [c for c in deck if rules.wild[c]]
    rng = random.Random(f"{name}{sorted(options.items())}")
    compared = 0
    for _ in range(250):
        hand = _random_hand(deck, rng)
        for _ in range(rng.randrange(3)):  # extra wilds, up to what the deck holds
            w = rng.choice(wilds)
            if hand[w] < deck.count(w):
                hand[w] += 1
        musts = [-1, *rng.sample([c for c in range(NCARDS) if hand[c]], 2)]
        for must in musts:
            for _ in range(2):  # the second call is answered from memory
                got = candidate_melds(hand, rules, must)
                want = reference_melds(hand, rules, must)
                assert [m.items for m in got] == [m.items for m in want], (hand, must)
                assert got == want
                compared += len(want)
    assert compared > 1000, "the positions should make many melds"


@pytest.mark.parametrize(("name", "options"), TABLES)
def test_legal_actions_agree_with_the_reference(name: str, options: dict[str, Any]) -> None:
    for players in (2, 4):
        variant = _variant(name, {**options, "players": players})
        rng = random.Random(f"{name}{players}{sorted(options.items())}")
        for _ in range(6):
            state = variant.new_hand(variant.shuffled_deck(rng), rng.randrange(players))
            while state.to_act is not None:
                legal = state.legal_actions()
                assert legal == reference_legal(state)
                state.apply_unchecked(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize(("name", "players"), [("fortune", 8), ("arlington", 7),
                                                ("arlington-heights", 8)])
def test_small_memories_turn_over_and_agree(name: str, players: int) -> None:
    """The memories turn over their generations often (tiny limits): nothing changes,
    at the largest tables too."""
    variant = _variant(name, {"players": players})
    search = MeldSearch(variant.rules, limit=40, layoff_limit=30)
    vars(variant.rules)["search"] = search  # (this table's rules only: a fresh, tiny memory)
    rng = random.Random(f"small{name}{players}")
    for _ in range(3):
        state = variant.new_hand(variant.shuffled_deck(rng), rng.randrange(players))
        while state.to_act is not None:
            legal = state.legal_actions()
            assert legal == reference_legal(state)
            state.apply_unchecked(legal[rng.randrange(len(legal))])
    for memory in (search.templates, search.found):
        assert memory.old  # it did turn over
    for table in (search.templates, search.found, search.layoffs, search.layoff_fits,
                  search.played):
        assert len(table) <= table.limit
