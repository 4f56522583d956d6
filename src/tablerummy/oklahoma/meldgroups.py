"""Making one group of melds: every canonical meld of one rank's holding or of one window.

The meld search (:mod:`.meldsearch`) asks for these only when its memory misses; here
nothing is remembered, so each function's answer depends on its arguments alone.  Sets
are made for a template rank and sequences above the 2 for a template suit, with the
hand's wilds as a :class:`Pattern`, and renamed by the caller: twelve ranks and four
suits share one computation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations, product
from typing import TYPE_CHECKING

from .cards import JK, NCARDS, QS, QUEEN, SPADES, card, rank_of, suit_of
from .melds import POS_CARD, RANK_CARDS, SEQ, SET, Item, Keep, Meld, Record, canonical_set, check

if TYPE_CHECKING:
    from .rules import Rules

Multis = Callable[[Sequence[tuple[int, int]], int], list[tuple[int, ...]]]
"""Sorted multisets of a size from a pool of wilds (:func:`multisets`, remembered per group)."""
Plan = tuple[tuple[int, int, int], ...]
"""The windows ``(lo, hi, code)`` a suit's holding can fill (:func:`window_plan`)."""
Windows = tuple[int, tuple[tuple[int, int, int, int], ...]]
"""What :func:`window_table` finds for a rule set."""


def multisets(kinds: Sequence[tuple[int, int]], size: int) -> Iterator[tuple[int, ...]]:
    """Sorted multisets of ``size`` cards drawn from ``kinds`` = [(card, available)]."""
    if size == 0:
        yield ()
        return
    if not kinds:
        return
    (c, n), rest = kinds[0], kinds[1:]
    for k in range(min(n, size), -1, -1):
        for tail in multisets(rest, size - k):
            yield (c,) * k + tail


TEMPLATE_RANK = 5
"""The rank whose sets stand for every rank but the queen's (and wild deuces').

Sets of one rank differ from another's only in the cards' rank: which suits are held,
the wilds, and the canonical form (naturals by suit, wilds by card, a wild's suit the
first one held fewest) are the same.  So the sets of a rank's holding are made once, for
this rank, and renamed (by the meld search) for the others: twelve ranks share one
memory, and a hand seldom meets a holding that no rank has met before."""
_RENAME: tuple[tuple[int, ...], ...] = tuple(
    tuple(card(r, suit_of(c)) if c < 52 and rank_of(c) == TEMPLATE_RANK else c
          for c in range(NCARDS))
    for r in range(14)
)
"""``_RENAME[r][c]``: card ``c`` with the template rank's naturals renamed to rank ``r``."""


TEMPLATE_SUIT = 1
"""The suit (♥) whose windows stand for the other suits' above the 2 (renamed by the meld
search)."""
_SUIT_RENAME: tuple[tuple[int, ...], ...] = tuple(
    tuple(card(rank_of(c), t) if c < 52 and suit_of(c) == TEMPLATE_SUIT and rank_of(c) != 2
          else c for c in range(NCARDS))
    for t in range(4)
)
"""``_SUIT_RENAME[t][c]``: card ``c`` with the template suit's naturals (not its wild 2)
renamed to suit ``t``."""


class Pattern:
    """How many wilds of each kind a hand holds, in card order, with the pattern's own
    wilds (the first deuces; a Joker is kept a Joker) and the renamings of a template's
    cards to this hand's."""

    __slots__ = ("by_rank", "by_suit", "canon", "pattern")

    def __init__(self, loose: list[tuple[int, int]], jokers: int, rules: Rules) -> None:
        self.pattern = (tuple((c == JK, n) for c, n in loose), jokers)
        """The key that hands with the same counts of wilds share."""
        self.canon: list[tuple[int, int]] = []
        """The pattern's own loose wilds, as ``[(card, count)]``."""
        rename = list(_IDENTITY)
        deuces = iter(c for c in rules.wild_cards if c != JK)
        for c, n in loose:
            k = JK if c == JK else next(deuces)
            self.canon.append((k, n))
            rename[k] = c
        self.by_rank = tuple(tuple([rename[c] for c in _RENAME[r]]) for r in range(14))
        """Per rank, each card of a set template (:data:`TEMPLATE_RANK`'s, or the
        queens' own) as the card of this hand's set."""
        self.by_suit = tuple(tuple([rename[c] for c in _SUIT_RENAME[t]]) for t in range(4))
        """Per suit, each card of a window template (:data:`TEMPLATE_SUIT`'s, or ♠'s own)
        as the card of this hand's sequence."""



_IDENTITY = tuple(range(NCARDS))


PAIRS: tuple[tuple[Item, ...], ...] = tuple(tuple((c, s) for s in range(NCARDS))
                                              for c in range(NCARDS))
"""``PAIRS[c][s]``: the one shared item ``(c, s)`` the remembered melds are made of."""


def loose_wilds(avail: Sequence[int], rules: Rules) -> tuple[list[tuple[int, int]], int]:
    """The interchangeable wilds at hand as [(card, count)], and the swappable Jokers."""
    swap = rules.swappable_joker
    loose = [(c, avail[c]) for c in rules.wild_cards if avail[c] and not (c == JK and swap)]
    # the option adds one Joker: a meld written with more is no meld (and is not built)
    return loose, (1 if avail[JK] else 0) if swap else 0


def make_group(fill: Callable[[Keep, Multis], None]) -> tuple[Record, ...]:
    """Compute one group's melds: what ``fill`` keeps, each meaning once, in order."""
    found: dict[tuple[Item, ...], Meld] = {}
    memo: dict[tuple[tuple[tuple[int, int], ...], int], list[tuple[int, ...]]] = {}

    def multis(pool: Sequence[tuple[int, int]], size: int) -> list[tuple[int, ...]]:
        k = (tuple(pool), size)
        got = memo.get(k)
        if got is None:
            got = memo[k] = list(multisets(pool, size))
        return got

    def keep(meld: Meld | str) -> None:
        if isinstance(meld, Meld):
            found.setdefault(meld.items, meld)

    fill(keep, multis)
    pair = PAIRS
    return tuple([(m.kind, m.key, m.lo, tuple([pair[c][s] for c, s in m.items]))
                  for m in found.values()])  # one tuple per (card, stands): less memory



def sets_of(rank: int, avail: Sequence[int], rules: Rules, loose: list[tuple[int, int]],
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



def window_plan(present: bytes, total_wild: int, windows: Windows) -> Plan:
    """The windows ``(lo, hi, code)`` of sequences that ``present`` (which of a suit's
    13 cards are held, ♠ A … K) and ``total_wild`` wilds can fill, lowest first.

    ``code`` names the window and which of its places hold a natural card (lo, hi and the
    places as bits), the key of its melds with the wilds held.  It depends on neither the
    suit nor which wilds are held, so hands share it whatever else they hold.  A window
    without a natural card to meld has no melds (with three wilds or more, most would be
    such), so it is left out."""
    have = 0  # bit p: the card at position p is held (1 = low ace … 14 = high ace)
    for p, held in enumerate(present, 1):
        if held:
            have |= 1 << p
    if have & 1 << 1:
        have |= 1 << 14
    naturals, every = windows  # (window_table's, for the rule set)
    plan = []
    for lo, hi, places, length in every:
        inside = have & places
        # the other places take wilds, and a meld needs a natural card
        if length - inside.bit_count() <= total_wild and inside & naturals:
            plan.append((lo, hi, lo | hi << 4 | (inside >> lo) << 8))
    return tuple(plan)


def window_table(rules: Rules) -> Windows:
    """The positions whose card is a natural one to meld (a wild 2 in its place is not),
    as bits, and every window a sequence may fill, lowest first: ``(lo, hi, its positions
    as bits, length)``."""
    naturals = sum(1 << p for p in range(1, 15) if p != 2 or not rules.deuces_wild)
    every = []
    for lo in range(1 if rules.twos else 3, 13):
        top = lo + rules.max_sequence - 1
        if top > 14 or (lo == 1 and top > 12):
            top = 12 if lo == 1 else 14
        for hi in range(lo + 2, top + 1):
            every.append((lo, hi, sum(1 << p for p in range(lo, hi + 1)), hi - lo + 1))
    return naturals, tuple(every)


def window_melds(suit: int, lo: int, hi: int, have: bytes, loose: list[tuple[int, int]],
            jokers: int, total_wild: int, rules: Rules, keep: Keep, multis: Multis) -> None:
    """Every sequence from position ``lo`` to ``hi``: which naturals give way to wilds."""
    cards = POS_CARD[suit]
    twos = rules.deuces_wild
    own_deuce = cards[2]
    length = hi - lo + 1
    positions = range(lo, hi + 1)
    forced = [p for p in positions if not have[p]]
    if not forced and not total_wild:
        # all natural: 3 or more places hold at least two that are not the 2
        keep(Meld(SEQ, suit, lo, tuple((cards[p], cards[p]) for p in positions)))
        return
    optional = [p for p in positions if have[p]]
    room = (total_wild if total_wild < length - 1 else length - 1) - len(forced)
    for extra in range(room + 1):
        for chosen in combinations(optional, extra):
            places = sorted((*forced, *chosen)) if chosen else forced
            if not any(p not in places and (p != 2 or not twos) for p in positions):
                continue  # only wilds (and the 2 in its place): no natural card
            if twos and 2 in places and not jokers:
                continue  # a wild 2 never stands for a 2: only the option's Joker may
            pool = loose
            if rules.deuces_wild and lo <= 2 <= hi and 2 not in places:
                pool = [(c, n - 1 if c == own_deuce else n) for c, n in loose]
                pool = [(c, n) for c, n in pool if n]
            _fill_sequence(suit, lo, hi, places, pool, jokers, rules, keep, multis)


def _fill_sequence(suit: int, lo: int, hi: int, places: list[int],
                   pool: list[tuple[int, int]], jokers: int, rules: Rules,
                   keep: Keep, multis: Multis) -> None:
    """Fill the wild ``places`` of one window: loose wilds in card order, at most one
    swappable Joker (the option has one) in each place in turn.

    A loose wild of the families with wild 2s is a 2, and a wild 2 never stands for a 2
    (docs/rules-oklahoma.md): the place of the 2 is then the Joker's, or the window is skipped."""
    cards = POS_CARD[suit]
    # only a wild standing for Q♠ can break a rule here (the meld has a natural card)
    guard = rules.qs_wild_natural_only and suit == SPADES and 12 in places
    two = rules.deuces_wild and 2 in places
    for nj in range((jokers if jokers < len(places) else len(places)) + 1):
        if two and not nj:
            continue
        joker_choices: list[int] = [0] if nj == 0 else [2] if two else list(places)
        for combo in multis(pool, len(places) - nj):
            for jpos in joker_choices:
                rest = [p for p in places if p != jpos]
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

