"""Melds: what a meld is, its one canonical form, its value, and laying off on one.

A meld is a tuple of items ``(card, stands)``: the card put down and the card it stands
for (the same card when it is natural).  Three kinds exist: a *set* of one rank (3–4
cards, two identical cards allowed), a *sequence* of one suit (consecutive positions
1 = low ace … 14 = high ace, never around the corner) and Arlington-Scarne's *deuce set*.

One meaning has one canonical form, so that the legal actions list each meaning once:

- in a set, the suit a deuce (or a Heights Joker) stands for means nothing except Q♠,
  so such a wild gets the first suit (♠ ♥ ♦ ♣ order) that the set holds fewest of
  (never ♠ for a queen, where ``QS`` is the separate meaning "stands for Q♠");
- non-swappable wilds are interchangeable among themselves, so they fill their places
  in card order; the deuce of a sequence's own suit in a wild's place at rank 2 is put
  there as the natural card;
- Arlington's swappable Joker keeps the exact card it stands for (only that natural card
  may take it back), so its designations are all listed.

Finding every meld and layoff a hand can make is the meld search's (:mod:`.meldsearch`),
which remembers what it found for the rules it serves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import (
    IDS,
    JK,
    QS,
    QUEEN,
    SPADES,
    card,
    position_card,
    rank_of,
    suit_of,
)
from .values import ValueTable

if TYPE_CHECKING:
    from .rules import Rules

SET, SEQ, DEUCES = 0, 1, 2
KIND_NAMES = ("set", "sequence", "deuce set")
Item = tuple[int, int]
Keep = Callable[["Meld | str"], None]


@dataclass(frozen=True, slots=True)
class Meld:
    """A meld on the table (or proposed): kind, its rank or suit, and its items in order."""

    kind: int
    key: int
    """The rank of a set or deuce set; the suit of a sequence."""
    lo: int
    """A sequence's lowest position (1 = low ace); 0 for sets."""
    items: tuple[Item, ...]

    @property
    def hi(self) -> int:
        return self.lo + len(self.items) - 1

    def texts(self) -> list[str]:
        return [item_text(item) for item in self.items]

    def wilds(self) -> int:
        """Cards not standing for themselves."""
        return sum(1 for c, s in self.items if c != s)


Record = tuple[int, int, int, tuple[Item, ...]]
"""A meld as the plain tuple ``(kind, key, lo, items)`` — :class:`Meld`'s fields.

The memories of :func:`~.meldsearch.candidate_records` hold their melds so: a tuple of numbers and
tuples is let go by the garbage collector's tracking after its first pass, so that its
full passes never walk the many melds remembered (which made them take a tenth of a
second each, in the middle of play), and it is made faster than a :class:`Meld`."""


def item_text(item: Item) -> str:
    c, s = item
    return IDS[c] if c == s else f"{IDS[c]}={IDS[s]}"


def _is_nonswap_wild(item: Item, rules: Rules) -> bool:
    c, s = item
    return c != s and not (c == JK and rules.swappable_joker)


# --- building and checking one meld -------------------------------------------------------


def build(items: Sequence[Item], rules: Rules) -> Meld | str:
    """The canonical meld of ``items`` (any order), or the rule they break."""
    if len(items) < 3:
        return "a meld is at least 3 cards"
    wild = rules.wild
    for c, s in items:
        if c != s and not wild[c]:
            return f"{IDS[c]} is not wild: it stands only for itself"
        if s == JK:
            return "say which card the Joker stands for, e.g. JK=QS"
        if c != s and rank_of(s) == 2 and not rules.twos:
            return f"a {IDS[c]} cannot stand for a 2 (this deck has none)"
    ranks = {rank_of(s) for _, s in items}
    if len(ranks) == 1:
        rank = ranks.pop()
        if len(items) > 4:
            return "a set is at most 4 cards"
        if rank == 2 and rules.deuces_wild:
            if any(rank_of(c) != 2 for c, _ in items):
                return "a set of 2s may hold deuces only"
            if not rules.deuce_sets:
                return "deuces cannot be melded together as a set of 2s; they only stand in"
            return Meld(DEUCES, 2, 0, tuple(sorted((c, c) for c, _ in items)))
        meld = canonical_set(rank, items, rules)
    else:
        suits = {suit_of(s) for _, s in items}
        if len(suits) != 1:
            return "a meld is 3 or 4 cards of one rank, or a sequence in one suit"
        if len(ranks) != len(items):
            return "a sequence holds each rank once"
        # an ace is low beside a 2, high beside a king (and high in a run of all 13 ranks)
        high = 1 in ranks and 13 in ranks
        positions = sorted(14 if (r == 1 and high) else r for r in ranks)
        if positions[-1] - positions[0] + 1 != len(items):
            return "not a sequence: the ranks are not consecutive (aces never go around the corner)"
        if len(items) > rules.max_sequence:
            return f"a sequence is at most {rules.max_sequence} cards"
        meld = _canonical_sequence(suits.pop(), positions[0], high, items, rules)
        if meld.lo <= 2 <= meld.hi:  # (after the canonical form put its own deuce there)
            c, s = meld.items[2 - meld.lo]
            if c != s:
                why = _no_two(c, s, rules)
                if why:
                    return why
    return check(meld, rules)


def _no_two(c: int, s: int, rules: Rules) -> str | None:
    """Why wild ``c`` may not stand for the 2 ``s``, or None.

    Heights has no 2s, so its Jokers stand for none (and it has no low aces); a wild 2
    "can only act as substitutes for cards of other values" (the rulebook) — the deuce of
    the sequence's own suit stands there as itself, the natural card.
    """
    if not rules.twos:
        return f"a {IDS[c]} cannot stand for a 2 (this deck has none)"
    if rank_of(c) == 2:
        return (f"a wild 2 stands only for a card of another rank: {IDS[c]} cannot stand "
                f"for {IDS[s]}")
    return None


def check(meld: Meld, rules: Rules) -> Meld | str:
    """``meld`` if it obeys the rules that hold for every meld at all times, else the rule."""
    if meld.kind == DEUCES:
        return meld
    wild = rules.wild
    if all(wild[c] for c, _ in meld.items):
        return "a meld needs at least one natural card (not only wilds)"
    if meld.kind == SET and meld.key == QUEEN and sum(s == QS for _, s in meld.items) > 2:
        return "the two packs hold only two Q♠"
    if rules.qs_wild_natural_only and any(s == QS and c != QS for c, s in meld.items) \
            and meld.wilds() > 1:
        return "a wild may stand for Q♠ only in an otherwise natural meld"
    return meld


def _set_order(item: Item) -> tuple[bool, int, int]:
    """Sets read naturals first (by suit), then wilds (by the suit they stand for)."""
    return (item[0] != item[1], suit_of(item[1]), item[0])


def _set_suit(rank: int, counts: list[int]) -> int:
    allowed = (1, 2, 3) if rank == QUEEN else (0, 1, 2, 3)
    best = allowed[0]
    for t in allowed:
        if counts[t] < counts[best]:
            best = t
    return best


def canonical_set(rank: int, items: Sequence[Item], rules: Rules) -> Meld:
    kept: list[Item] = []
    loose: list[int] = []
    queens_of_spades = 0
    for item in items:
        if _is_nonswap_wild(item, rules):
            loose.append(item[0])
            if item[1] == QS:
                queens_of_spades += 1
        else:
            kept.append(item)
    counts = [0, 0, 0, 0]
    for _, s in kept:
        counts[suit_of(s)] += 1
    loose.sort()
    for i, c in enumerate(loose):
        if i < queens_of_spades:
            kept.append((c, QS))
            counts[SPADES] += 1
        else:
            t = _set_suit(rank, counts)
            counts[t] += 1
            kept.append((c, card(rank, t)))
    kept.sort(key=_set_order)
    return Meld(SET, rank, 0, tuple(kept))


def _canonical_sequence(suit: int, lo: int, high: bool, items: Sequence[Item],
                        rules: Rules) -> Meld:
    by_pos: dict[int, Item] = {}
    for c, s in items:
        r = rank_of(s)
        by_pos[14 if (r == 1 and high) else r] = (c, s)
    places = sorted(p for p, it in by_pos.items() if _is_nonswap_wild(it, rules))
    loose = sorted(by_pos[p][0] for p in places)
    own_deuce = card(2, suit)
    if 2 in places and own_deuce in loose:
        loose.remove(own_deuce)
        places.remove(2)
        by_pos[2] = (own_deuce, own_deuce)
    for p, c in zip(places, loose, strict=True):
        by_pos[p] = (c, position_card(p, suit))
    return Meld(SEQ, suit, lo, tuple(by_pos[p] for p in range(lo, lo + len(items))))


# --- laying off and swapping ------------------------------------------------------------


def set_designation(meld: Meld, c: int, s: int, rules: Rules) -> int:
    """The canonical card a wild ``c`` laid off on set ``meld`` stands for (given ``s``)."""
    if not rules.wild[c] or (c == JK and rules.swappable_joker) or (s == QS and meld.key == QUEEN):
        return s
    counts = [0, 0, 0, 0]
    for _, t in meld.items:
        counts[suit_of(t)] += 1
    return card(meld.key, _set_suit(meld.key, counts))


def extend(meld: Meld, c: int, s: int, rules: Rules) -> Meld | str:
    """``meld`` with ``c`` (standing for ``s``) laid off on it, or the rule that forbids it."""
    if c != s and not rules.wild[c]:
        return f"{IDS[c]} is not wild: it stands only for itself"
    if s == JK:
        return "say which card the Joker stands for, e.g. JK=QS"
    if meld.kind == DEUCES:
        if rank_of(c) != 2 or s != c:
            return "a set of 2s may hold deuces only"
        if len(meld.items) >= 4:
            return "a set is at most 4 cards"
        return Meld(DEUCES, 2, 0, tuple(sorted((*meld.items, (c, c)))))
    if c != s and rank_of(s) == 2:
        why = _no_two(c, s, rules)
        if why:
            return why
    if meld.kind == SET:
        if rank_of(s) != meld.key:
            return f"this set is of rank {IDS[card(meld.key, 0)][:-1]}"
        if len(meld.items) >= 4:
            return "a set is at most 4 cards"
        items = sorted((*meld.items, (c, s)),
                       key=_set_order)
        return check(Meld(SET, meld.key, 0, tuple(items)), rules)
    if suit_of(s) != meld.key:
        return "a sequence holds cards of one suit"
    r = rank_of(s)
    # an ace goes high after a king, low before a 2
    pos = r if r != 1 else 14 if meld.hi == 13 else 1 if meld.lo == 2 else 0
    if pos < 1 or pos not in (meld.lo - 1, meld.hi + 1):
        return "a card is laid off at either end of a sequence (aces never go around the corner)"
    if len(meld.items) >= rules.max_sequence:
        return f"a sequence is at most {rules.max_sequence} cards"
    if len(meld.items) >= 13:
        return "a sequence holds each rank once"
    if pos < meld.lo:
        new = Meld(SEQ, meld.key, pos, ((c, s), *meld.items))
    else:
        new = Meld(SEQ, meld.key, meld.lo, (*meld.items, (c, s)))
    return check(new, rules)


def swapped(meld: Meld, natural: int) -> Meld | None:
    """``meld`` with ``natural`` in place of the Joker standing for it (None if none does)."""
    for i, (c, s) in enumerate(meld.items):
        if c == JK and s == natural:
            items = list(meld.items)
            items[i] = (natural, natural)
            if meld.kind == SET:
                items.sort(key=_set_order)
            return Meld(meld.kind, meld.key, meld.lo, tuple(items))
    return None


# --- values -------------------------------------------------------------------------------


def meld_value(meld: Meld, values: ValueTable) -> int:
    """Points of a meld on the table: each card by what it stands for, by the variant's table."""
    if meld.kind == DEUCES:
        return values.deuce_set * len(meld.items)
    total = 0
    pos_value = values.pos_value
    fixed = values.joker_fixed
    for i, (c, s) in enumerate(meld.items):
        if c == JK and fixed is not None:
            total += fixed
        elif s == QS:
            total += values.natural_qs if c == QS else values.wild_qs
        elif meld.kind == SEQ:
            total += pos_value[meld.lo + i]
        else:
            r = rank_of(s)
            total += pos_value[14 if r == 1 else r]
    return total


# --- card tables of melds ----------------------------------------------------------------


POS_CARD: tuple[tuple[int, ...], ...] = tuple(
    (-1, *(position_card(p, suit) for p in range(1, 15))) for suit in range(4)
)
"""``POS_CARD[suit][p]``: the card at position ``p`` (1 = low ace … 14 = high ace)."""
RANK_CARDS: tuple[tuple[int, ...], ...] = ((), *(tuple(card(r, t) for t in range(4))
                                                 for r in range(1, 14)))
"""``RANK_CARDS[rank]``: the four cards of a rank, ♠ ♥ ♦ ♣."""
