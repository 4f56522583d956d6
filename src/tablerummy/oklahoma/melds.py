"""Melds: what a meld is, its one canonical form, its value, and every meld a hand can make.

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
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import combinations, product
from typing import TypeVar

from .cards import (
    IDS,
    JK,
    NCARDS,
    QS,
    QUEEN,
    SPADES,
    card,
    position_card,
    rank_of,
    suit_of,
)
from .rules import Rules
from .values import ValueTable

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

The memories of :func:`candidate_records` hold their melds so: a tuple of numbers and
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
        meld = _canonical_set(rank, items, rules)
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


def _canonical_set(rank: int, items: Sequence[Item], rules: Rules) -> Meld:
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


# --- every meld a hand can make -----------------------------------------------------------


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


POS_CARD: tuple[tuple[int, ...], ...] = tuple(
    (-1, *(position_card(p, suit) for p in range(1, 15))) for suit in range(4)
)
"""``POS_CARD[suit][p]``: the card at position ``p`` (1 = low ace … 14 = high ace)."""
RANK_CARDS: tuple[tuple[int, ...], ...] = ((), *(tuple(card(r, t) for t in range(4))
                                                 for r in range(1, 14)))
"""``RANK_CARDS[rank]``: the four cards of a rank, ♠ ♥ ♦ ♣."""


def candidate_melds(avail: Sequence[int], rules: Rules, must: int = -1) -> list[Meld]:
    """Every canonical meld that the cards ``avail`` (a count vector) can make.

    With ``must`` (the discard pile's top card) only melds holding that card: those of
    :func:`candidate_records`, as :class:`Meld` values."""
    return [Meld(*r) for r in candidate_records(avail, rules, must)]


def candidate_records(avail: Sequence[int], rules: Rules, must: int = -1) -> list[Record]:
    """Every canonical meld that the cards ``avail`` (a count vector) can make, as
    :data:`Record` tuples.

    With ``must`` (the discard pile's top card) only melds holding that card.  This is
    the hot path of ``legal_actions``.  The melds of one rank (sets) depend only on its
    four counts and the wilds at hand, and those of one suit (sequences) only on which of
    its cards are held and the wilds: each such *group* is found once and remembered
    whole (:data:`_FOUND`), so that a call is a lookup per suit and per rank that can
    make a set.  A suit's group is made of its *windows'* (a lowest and highest place),
    which depend on fewer cards, so a hand meeting a new suit group seldom meets a new
    window.  Without a wild, integer operations over the whole hand tell which ranks and
    suits can make a meld at all.  The list is the groups in a fixed order: sets by
    rank, deuce sets, sequences by suit (no meld is in two groups); with ``must``, each
    group's melds that hold it, in order (:func:`_holding`).
    """
    found = _FOUND.get(rules.meld_rules)
    if found is None:
        found = _FOUND[rules.meld_rules] = Memory()
    recall = found.get
    counts = bytes(avail)  # (a count is at most 4)
    wilds = _wilds(counts, rules)  # (bytes remember their hash)
    total_wild = sum(wilds)
    out: list[Record] = []
    key: tuple[object, ...]
    if must >= 0 and not rules.wild[must]:  # a natural must card: its rank and suit
        rank = rank_of(must)
        pair = _PAIRS[must][must]  # the must card's one item (see _holding)
        held = counts[rank - 1:52:13]  # the rank's four cards, ♠ ♥ ♦ ♣ (the must card too)
        if sum(held) + total_wild >= 3:
            key = (rank, held, wilds)
            got = recall(key)
            if got is None:
                got = _sets_found(found, key, avail, rules)
            out.extend([m for m in got if pair in m[3]])
        suit = suit_of(must)
        held = counts.translate(_PRESENT)[13 * suit:13 * suit + 13]
        if total_wild:  # the windows with a place for the must card
            _placed_sequences(found, suit, rank, pair, held, wilds, avail, total_wild, rules,
                              out)
        else:  # (a natural suit's group is small and shared with the play phase)
            key = (20 + suit, held, wilds)
            got = recall(key)
            if got is None:
                got = _suit_found(found, key, avail, rules)
            out.extend([m for m in got if pair in m[3]])
        return out
    # the whole hand as one integer, a byte per card (♠ A … K, ♥, ♦, ♣, Joker last)
    whole = int.from_bytes(counts)
    # each rank's count over the four suits at once, a byte per rank (A first): a count
    # is at most 2, so the four rows added never carry from one rank's byte into the next
    totals = ((whole >> 8) + (whole >> 112) + (whole >> 216) + (whole >> 320)) & _ROW
    # a set of fewer naturals needs more wilds than are held: the ranks with enough have
    # their byte's top bit set (wild deuces make no set of their own rank)
    ranks = (totals + _AT_LEAST_ROW[max(1, 3 - total_wild)]) & (
        _TOPS_BUT_TWOS if rules.deuces_wild else _TOPS)
    while ranks:
        bit = ranks.bit_length() - 1
        ranks ^= 1 << bit
        r = 12 - (bit >> 3)  # the rank's index (A = 0)
        key = (r + 1, counts[r:52:13], wilds)  # the rank's four cards, ♠ ♥ ♦ ♣
        got = recall(key)
        if got is None:
            got = _sets_found(found, key, avail, rules)
        out.extend(got if must < 0 else _holding(got, must))
    if rules.deuce_sets and total_wild >= 3:
        key = (0, counts[1:52:13])
        got = recall(key)
        if got is None:
            got = _deuces_found(found, key)
        out.extend(got if must < 0 else _holding(got, must))
    if total_wild:
        suits = 15
    else:
        # without a wild, a sequence is three held cards in a row: the held cards' top
        # bits, and those of a card whose next two are held (or Q, K and A)
        held_bits = (whole + _ONES) & _HELD
        runs = (held_bits & (held_bits << 8) & (held_bits << 16) & _RUN_STARTS) | (
            held_bits & (held_bits << 8) & (held_bits >> 88) & _QUEENS)
        if not runs:
            return out
        suits = ((1 if runs & _SUIT_BYTES[0] else 0) | (2 if runs & _SUIT_BYTES[1] else 0)
                 | (4 if runs & _SUIT_BYTES[2] else 0) | (8 if runs & _SUIT_BYTES[3] else 0))
    present = counts.translate(_PRESENT)  # a sequence asks only whether a card is held
    for suit in range(4):
        if suits >> suit & 1:
            key = (20 + suit, present[13 * suit:13 * suit + 13], wilds)
            got = recall(key)
            if got is None:
                got = _suit_found(found, key, avail, rules)
            if got:
                out.extend(got if must < 0 else _holding(got, must))
    return out


def _byte_bits(value: int, cards: Iterator[int] | Sequence[int], size: int = NCARDS) -> int:
    """An integer of ``size`` bytes (the first card's most significant, as
    ``int.from_bytes`` reads a hand) holding ``value`` in the bytes of ``cards``."""
    return sum(value << 8 * (size - 1 - c) for c in cards)


_ROW = (1 << 104) - 1
"""The 13 bytes of one suit's row (the clubs', the lowest, after a shift)."""
_TOPS = _byte_bits(0x80, range(13), 13)
_TOPS_BUT_TWOS = _TOPS & ~_byte_bits(0x80, [1], 13)
_AT_LEAST_ROW = [_byte_bits(0x80 - t, range(13), 13) for t in range(5)]
"""Added to a row of counts, sets the top bit of the bytes of at least ``t``."""
_ONES = _byte_bits(0x7F, range(52))
_HELD = _byte_bits(0x80, range(52))
"""Added to a hand, and masked: the top bit of each card held (never the Joker's)."""
_RUN_STARTS = _byte_bits(0x80, [c for c in range(52) if rank_of(c) <= 11])
"""The cards a run of three in their suit may start from (a J at most)."""
_QUEENS = _byte_bits(0x80, [card(QUEEN, t) for t in range(4)])
_SUIT_BYTES = [_byte_bits(0xFF, range(13 * t, 13 * t + 13)) for t in range(4)]


def _wilds(counts: bytes, rules: Rules) -> bytes:
    """The counts of the wild cards (:attr:`Rules.wild_cards`, in card order)."""
    if rules.deuces_wild:
        return counts[1:52:13] + counts[52:] if rules.jokers else counts[1:52:13]
    return counts[52:] if rules.jokers else b""


def _holding(melds: tuple[Record, ...], must: int) -> list[Record]:
    """The melds that hold the wild card ``must`` (the discard pile's top card), in order.

    A draw that takes the pile lists the melds holding its top card: they are picked out
    of the groups the play phase shares.  A natural card is one item, the shared pair
    ``(must, must)``, which ``in`` finds by identity (the callers do so); a wild may
    stand for any card."""
    return [m for m in melds if any([c == must for c, _ in m[3]])]


def _cache(rules: Rules) -> Groups:
    """The memory of the templates groups are renamed from, per rule set."""
    cache = _CACHES.get(rules.meld_rules)
    if cache is None:
        cache = _CACHES[rules.meld_rules] = Groups()
    return cache


def _sets_found(found: Groups, key: tuple[object, ...], avail: Sequence[int],
                rules: Rules) -> tuple[Record, ...]:
    """The sets of rank ``key[0]`` (its counts ``key[1]``), made and remembered."""
    got = found.recall(key)
    if got is None:
        rank, held, _ = key
        assert isinstance(rank, int) and isinstance(held, bytes)
        got = _sets_group(_cache(rules), rank, held, avail, rules)
        found.keep(key, got)
    return got


def _deuces_found(found: Groups, key: tuple[object, ...]) -> tuple[Record, ...]:
    """Arlington-Scarne's sets of deuces only, from the counts of the four 2s ``key[1]``."""
    got = found.recall(key)
    if got is None:
        deuces = key[1]
        assert isinstance(deuces, bytes)
        kinds = [(c, n) for c, n in zip(RANK_CARDS[2], deuces, strict=True) if n]
        got = tuple([(DEUCES, 2, 0, tuple([_PAIRS[c][c] for c in combo]))
                     for size in (3, 4) for combo in _multisets(kinds, size)])
        found.keep(key, got)
    return got


def _suit_plan(held: bytes, total_wild: int, rules: Rules) -> Plan:
    """The windows that a suit's holding ``held`` and ``total_wild`` wilds can fill
    (:func:`_plan`), remembered."""
    plans = _PLANS.get((rules.meld_rules, total_wild))
    if plans is None:
        plans = _PLANS[(rules.meld_rules, total_wild)] = {}
    plan = plans.get(held)
    if plan is None:
        plan = plans[held] = _plan(held, total_wild, rules)
    return plan


def _suit_found(found: Groups, key: tuple[object, ...], avail: Sequence[int],
                rules: Rules) -> tuple[Record, ...]:
    """Every sequence of suit ``key[0] - 20`` that its holding ``key[1]`` and the wilds
    ``key[2]`` of ``avail`` make, window by window, remembered."""
    got = found.recall(key)
    if got is None:
        tag, held, wilds = key
        assert isinstance(tag, int) and isinstance(held, bytes) and isinstance(wilds, bytes)
        suit = tag - 20
        total_wild = sum(wilds)
        get = found.get
        melds: list[Record] = []
        for lo, hi, code in _suit_plan(held, total_wild, rules):
            window = get((30 + suit, code, wilds))
            if window is None:
                window = _window_found(found, suit, lo, hi, code, held, wilds, avail,
                                       total_wild, rules)
            melds.extend(window)
        got = tuple(melds)
        found.keep(key, got)
    return got


def _placed_sequences(found: Groups, suit: int, rank: int, pair: Item, held: bytes,
                      wilds: bytes, avail: Sequence[int], total_wild: int, rules: Rules,
                      out: list[Record]) -> None:
    """The sequences holding the natural card of ``rank`` in ``suit`` (a draw's pile top,
    whose item is ``pair``), from the windows that have a place for it, added to
    ``out``: each window's are picked out once and remembered by the window, the wilds
    and the rank."""
    must_lo = must_hi = rank
    if rank == 1:
        must_hi = 14  # an ace is low or high
    get = found.get
    tag = 30 + suit
    for lo, hi, code in _suit_plan(held, total_wild, rules):
        if lo <= must_lo <= hi or lo <= must_hi <= hi:
            key = (tag, code, wilds, rank)
            got = get(key)
            if got is None:
                got = found.recall(key)
                if got is None:
                    window = get((tag, code, wilds))
                    if window is None:
                        window = _window_found(found, suit, lo, hi, code, held, wilds,
                                               avail, total_wild, rules)
                    got = tuple([m for m in window if pair in m[3]])
                    found.keep(key, got)
            out.extend(got)


def _window_found(found: Groups, suit: int, lo: int, hi: int, code: int, held: bytes,
                  wilds: bytes, avail: Sequence[int], total_wild: int,
                  rules: Rules) -> tuple[Record, ...]:
    """The sequences of one window (its melds depend on which of its places hold a
    natural card: ``code``), made and remembered."""
    key = (30 + suit, code, wilds)
    got = found.recall(key)
    if got is None:
        loose, jokers = _loose(avail, rules)
        if lo <= 2 and rules.deuces_wild and not held[1] and not jokers:
            # the place of the 2 is the option's Joker's or the suit's own deuce's:
            # a wild 2 never stands for a 2 (see _fill_sequence)
            got = ()
        else:
            got = _window_group(_cache(rules), suit, lo, hi, code, held, loose, jokers,
                                total_wild, rules)
        found.keep(key, got)
    return got


def _sets_group(cache: Groups, rank: int, held: bytes, avail: Sequence[int],
                rules: Rules) -> tuple[Record, ...]:
    """The sets of ``rank``, renamed from those of a template (see below)."""
    loose, jokers = _loose(avail, rules)
    wilds = _abstract(loose, jokers, rules)
    queens = rank == QUEEN  # the Q♠ rules make queens a rank of their own
    key = (-2 if queens else -1, held, wilds.pattern)
    template = cache.get(key)
    if template is None:
        template = cache.recall(key)
    if template is None:
        model = QUEEN if queens else TEMPLATE_RANK
        counts = [0] * NCARDS
        for t, count in enumerate(held):
            counts[card(model, t)] = count
        template = _group(partial(_sets_of, model, counts, rules, wilds.canon, jokers))
        cache.keep(key, template)
    rename = wilds.by_rank[rank]
    pair = _PAIRS
    return tuple([(SET, rank, 0, tuple([pair[rename[c]][rename[s]] for c, s in m[3]]))
                  for m in template])


TEMPLATE_RANK = 5
"""The rank whose sets stand for every rank but the queen's (and wild deuces').

Sets of one rank differ from another's only in the cards' rank: which suits are held,
the wilds, and the canonical form (naturals by suit, wilds by card, a wild's suit the
first one held fewest) are the same.  So the sets of a rank's holding are made once, for
this rank, and renamed (:func:`_sets_group`) for the others: twelve ranks share one
memory, and a hand seldom meets a holding that no rank has met before."""
_RENAME: tuple[tuple[int, ...], ...] = tuple(
    tuple(card(r, suit_of(c)) if c < 52 and rank_of(c) == TEMPLATE_RANK else c
          for c in range(NCARDS))
    for r in range(14)
)
"""``_RENAME[r][c]``: card ``c`` with the template rank's naturals renamed to rank ``r``."""


TEMPLATE_SUIT = 1
"""The suit (♥) whose windows stand for the other suits' above the 2 (see _window_group)."""
_SUIT_RENAME: tuple[tuple[int, ...], ...] = tuple(
    tuple(card(rank_of(c), t) if c < 52 and suit_of(c) == TEMPLATE_SUIT and rank_of(c) != 2
          else c for c in range(NCARDS))
    for t in range(4)
)
"""``_SUIT_RENAME[t][c]``: card ``c`` with the template suit's naturals (not its wild 2)
renamed to suit ``t``."""


def _abstract(loose: list[tuple[int, int]], jokers: int, rules: Rules) -> Pattern:
    """The wilds at hand as a pattern that hands holding other wilds share (remembered:
    there are few ways to hold wilds).

    Loose wilds are interchangeable, and a canonical meld places them in card order, so
    the melds that hold ``2♣ 2♣`` are those that hold ``2♠ 2♠`` with one card named for
    the other — wherever no place of a 2 is involved (a wild 2 never stands for a 2; the
    callers keep those windows out)."""
    key = (rules.meld_rules, tuple(loose), jokers)
    known = _ABSTRACTS.get(key)
    if known is None:
        known = _ABSTRACTS[key] = Pattern(loose, jokers, rules)
    return known


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


_ABSTRACTS: dict[tuple[object, ...], Pattern] = {}
"""What :func:`_abstract` found, by rules and wilds held (a few hundred at most)."""


_IDENTITY = tuple(range(NCARDS))


_PAIRS: tuple[tuple[Item, ...], ...] = tuple(tuple((c, s) for s in range(NCARDS))
                                              for c in range(NCARDS))
"""``_PAIRS[c][s]``: the one shared item ``(c, s)`` the remembered melds are made of."""


_PRESENT = bytes([0] + [1] * 255)
"""``bytes.translate`` table: a count to 0 or 1."""
CACHE_LIMIT = 100_000
"""Groups in the young generation of a rule set's memory (see :class:`Memory`)."""


_K = TypeVar("_K")
_V = TypeVar("_V")


class Memory(dict[_K, _V]):
    """The groups of one rule set, in two generations, so that it never falls off a cliff.

    The dict itself is the young generation (the hot path reads it with ``dict.get``);
    when it holds :data:`CACHE_LIMIT` groups it becomes the old generation and a fresh
    young one starts.  A group missing from the young one is looked for in the old one
    and brought back (:meth:`recall`), so the groups in use survive every turnover: the
    memory holds at most twice the limit (about 90 MB) and a turnover costs nothing
    that was in use — unlike emptying it whole, which made every hand a miss at once.
    """

    __slots__ = ("limit", "old")

    def __init__(self, limit: int | None = None) -> None:
        super().__init__()
        self.old: dict[_K, _V] = {}
        self.limit = limit

    def recall(self, key: _K) -> _V | None:
        """A group that the young generation missed, from the old one (kept young again)."""
        got = self.old.get(key)
        if got is not None:
            self.keep(key, got)
        return got

    def keep(self, key: _K, value: _V) -> None:
        if len(self) >= (CACHE_LIMIT if self.limit is None else self.limit):
            self.old = dict(self)
            self.clear()
        self[key] = value


Groups = Memory[tuple[object, ...], tuple[Record, ...]]
_CACHES: dict[tuple[bool, ...], Groups] = {}

_FOUND: dict[tuple[bool, ...], Groups] = {}
"""Per set of meld rules, each group's melds by the group and what decides it:
``(rank, its four counts, wilds held)``, ``(0, the four 2s' counts)``, ``(20 + suit,
which of its cards are held, wilds held)``, ``(30 + suit, window code, wilds held)``
(see :func:`_plan`) and, for a draw, ``(30 + suit, window code, wilds held, the rank of
the pile's top card)``: the window's melds that hold it."""


def _loose(avail: Sequence[int], rules: Rules) -> tuple[list[tuple[int, int]], int]:
    """The interchangeable wilds at hand as [(card, count)], and the swappable Jokers."""
    swap = rules.swappable_joker
    loose = [(c, avail[c]) for c in rules.wild_cards if avail[c] and not (c == JK and swap)]
    # the option adds one Joker: a meld written with more is no meld (and is not built)
    return loose, (1 if avail[JK] else 0) if swap else 0


def _group(fill: Callable[[Keep, Multis], None]) -> tuple[Record, ...]:
    """Compute one group's melds: what ``fill`` keeps, each meaning once, in order."""
    found: dict[tuple[Item, ...], Meld] = {}
    memo: dict[tuple[tuple[tuple[int, int], ...], int], list[tuple[int, ...]]] = {}

    def multis(pool: Sequence[tuple[int, int]], size: int) -> list[tuple[int, ...]]:
        k = (tuple(pool), size)
        got = memo.get(k)
        if got is None:
            got = memo[k] = list(_multisets(pool, size))
        return got

    def keep(meld: Meld | str) -> None:
        if isinstance(meld, Meld):
            found.setdefault(meld.items, meld)

    fill(keep, multis)
    pair = _PAIRS
    return tuple([(m.kind, m.key, m.lo, tuple([pair[c][s] for c, s in m.items]))
                  for m in found.values()])  # one tuple per (card, stands): less memory


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
    meld = _canonical_set(rank, items, rules)
    # it holds a natural card; only a set of queens can break a Q♠ rule
    return check(meld, rules) if rank == QUEEN else meld


Plan = tuple[tuple[int, int, int], ...]
_PLANS: dict[tuple[tuple[bool, ...], int], dict[bytes, Plan]] = {}
"""The windows a suit's holding can fill (:func:`_plan`), by rules and wilds held, then by
holding: at most 8,192 holdings per count of wilds and rule set, so it is never emptied."""


def _plan(present: bytes, total_wild: int, rules: Rules) -> Plan:
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
    windows = _WINDOWS.get(rules.meld_rules)
    if windows is None:
        windows = _WINDOWS[rules.meld_rules] = _windows(rules)
    naturals, every = windows
    plan = []
    for lo, hi, places, length in every:
        inside = have & places
        # the other places take wilds, and a meld needs a natural card
        if length - inside.bit_count() <= total_wild and inside & naturals:
            plan.append((lo, hi, lo | hi << 4 | (inside >> lo) << 8))
    return tuple(plan)


def _windows(rules: Rules) -> tuple[int, tuple[tuple[int, int, int, int], ...]]:
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


_WINDOWS: dict[tuple[bool, ...], tuple[int, tuple[tuple[int, int, int, int], ...]]] = {}
"""What :func:`_windows` found, per set of meld rules."""


def _window_group(cache: Groups, suit: int, lo: int, hi: int, code: int, held: bytes,
                  loose: list[tuple[int, int]], jokers: int, total_wild: int,
                  rules: Rules) -> tuple[Record, ...]:
    """The melds of one window, computed.

    Above the 2 a window's melds differ from suit to suit only in the naturals' suit (the
    wilds are placed in card order whatever the suit), so they are made once, for
    :data:`TEMPLATE_SUIT`, remembered, and renamed — except ♠ windows reaching the queen
    where a wild may not stand for Q♠ in a meld with another wild (Arlington-Scarne),
    whose template is ♠'s own.  Below the 3 the suit's own deuce is natural in its place:
    those windows are made for the hand's own wilds."""
    have = b"\0" + held + held[:1]
    if lo < 3:
        return _group(partial(_window, suit, lo, hi, have, loose, jokers, total_wild, rules))
    wilds = _abstract(loose, jokers, rules)
    spades = suit == SPADES and hi >= 12 and rules.qs_wild_natural_only
    model = (41 if spades else 40, code, wilds.pattern)
    template = cache.get(model)
    if template is None:
        template = cache.recall(model)
    if template is None:
        template = _group(partial(_window, SPADES if spades else TEMPLATE_SUIT, lo, hi, have,
                                  wilds.canon, jokers, total_wild, rules))
        cache.keep(model, template)
    rename = wilds.by_suit[suit]
    pair = _PAIRS
    return tuple([(SEQ, suit, lo, tuple([pair[rename[c]][rename[s]] for c, s in m[3]]))
                  for m in template])


def _window(suit: int, lo: int, hi: int, have: bytes, loose: list[tuple[int, int]],
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
