"""The meld search: every meld and layoff a hand can make, and the memory of what it found.

What one meld is (its canonical form, its value, laying off on it) is :mod:`.melds`';
here are the questions asked of a whole hand on every turn — ``legal_actions``' hot path —
and the memory that makes them fast.  The memory is a :class:`MeldSearch`, owned by the
rules it serves (:attr:`.rules.Rules.search`): rules that decide melds differently never
share or clobber one another's entries.  How the search is kept fast is told in
docs/benchmarks.md ("How the Oklahoma family lists its melds").
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING, TypeVar

from .cards import JK, NCARDS, QS, QUEEN, SPADES, card, position_card, rank_of, suit_of
from .meldgroups import (
    PAIRS,
    TEMPLATE_RANK,
    TEMPLATE_SUIT,
    Pattern,
    Plan,
    loose_wilds,
    make_group,
    multisets,
    sets_of,
    window_melds,
    window_plan,
    window_table,
)
from .melds import (
    DEUCES,
    POS_CARD,
    RANK_CARDS,
    SEQ,
    SET,
    Item,
    Meld,
    Record,
    extend,
    set_designation,
)

if TYPE_CHECKING:
    from .rules import Rules

CACHE_LIMIT = 100_000
"""Groups in the young generation of a rule set's memory of melds (see :class:`Memory`)."""
LAYOFF_MEMORY = 50_000
"""Melds whose layoffs (and played melds whose :class:`Meld`) a rule set's memory keeps in
its young generation."""

_K = TypeVar("_K")
_V = TypeVar("_V")


class Memory(dict[_K, _V]):
    """One table of a rule set's memory, in two generations, so that it never falls off a cliff.

    The dict itself is the young generation (the hot path reads it with ``dict.get``);
    when it holds ``limit`` entries it becomes the old generation and a fresh young one
    starts.  An entry missing from the young one is looked for in the old one and brought
    back (:meth:`recall`), so the entries in use survive every turnover: the groups of
    melds take at most twice :data:`CACHE_LIMIT` (about 90 MB) and a turnover costs
    nothing that was in use — unlike emptying it whole, which made every hand a miss at
    once.
    """

    __slots__ = ("limit", "old")

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.old: dict[_K, _V] = {}
        self.limit = limit

    def recall(self, key: _K) -> _V | None:
        """An entry that the young generation missed, from the old one (kept young again)."""
        got = self.old.get(key)
        if got is not None:
            self.keep(key, got)
        return got

    def keep(self, key: _K, value: _V) -> None:
        if len(self) >= self.limit:
            self.old = dict(self)
            self.clear()
        self[key] = value


Groups = Memory[tuple[object, ...], tuple[Record, ...]]
Layoffs = Memory[int, tuple[Meld, tuple[Item, ...]]]


class MeldSearch:
    """Everything the meld search remembers for one set of meld rules.

    :attr:`.rules.Rules.search` gives each rule set's; :meth:`of` makes it.  Rules that
    decide melds alike (:attr:`.rules.Rules.meld_rules`: every table of ``fortune``
    whatever its player count, target or Q♠ discard option) share one, because a
    :class:`~.variant.OklahomaVariant` — and so its rules — is made for every game, web
    table and search position, and a cold memory costs each new game the melds its first
    hands meet (docs/benchmarks.md).  Rules that decide melds otherwise get their own, so
    that no entry is shared or clobbered across them.
    """

    __slots__ = ("found", "layoff_fits", "layoffs", "meld_rules", "patterns", "plans",
                 "played", "templates", "windows")

    def __init__(self, rules: Rules, limit: int = CACHE_LIMIT,
                 layoff_limit: int = LAYOFF_MEMORY) -> None:
        self.meld_rules = rules.meld_rules
        """The rules this memory answers for."""
        self.found: Groups = Memory(limit)
        """Each group's melds by the group and what decides it: ``(rank, its four
        counts, wilds held)``, ``(0, the four 2s' counts)``, ``(20 + suit, which of its
        cards are held, wilds held)``, ``(30 + suit, window code, wilds held)`` (see
        :func:`~.meldgroups.window_plan`) and, for a draw, ``(30 + suit, window code,
        wilds held, the rank of the pile's top card)``: the window's melds that hold it."""
        self.templates: Groups = Memory(limit)
        """The template groups that groups are renamed from (:func:`_sets_group`,
        :func:`_window_group`)."""
        self.patterns: dict[tuple[tuple[tuple[int, int], ...], int], Pattern] = {}
        """The :class:`~.meldgroups.Pattern` of each way to hold wilds (a few hundred at
        most, so it is never emptied)."""
        self.windows = window_table(rules)
        """Every window a sequence may fill (:func:`~.meldgroups.window_table`)."""
        self.plans: dict[int, dict[bytes, Plan]] = {}
        """The windows a suit's holding can fill, by wilds held, then by holding: at most
        8,192 holdings per count of wilds, so it is never emptied."""
        self.layoffs: Layoffs = Memory(layoff_limit)
        """Each meld on the table with the layoffs it takes, by the meld object's id (a
        meld on the table is immutable and replaced when it changes, so while the memory
        holds it its id names it)."""
        self.layoff_fits: Memory[tuple[int, ...], tuple[Item, ...]] = Memory(layoff_limit)
        """The layoffs by what decides them (:func:`layoff_key`), for melds that share it."""
        self.played: Memory[tuple[Item, ...], Meld] = Memory(layoff_limit)
        """Melds played, by their items (:func:`built`)."""

    @classmethod
    def of(cls, rules: Rules) -> MeldSearch:
        """The memory of ``rules``' meld rules: the one made for them first."""
        search = _SEARCHES.get(rules.meld_rules)
        if search is None:
            search = _SEARCHES[rules.meld_rules] = cls(rules)
        return search


_SEARCHES: dict[tuple[bool, ...], MeldSearch] = {}
"""One :class:`MeldSearch` per set of meld rules met, for :meth:`MeldSearch.of` (at most
one per combination of the six meld rules)."""


# --- every meld a hand can make -----------------------------------------------------------


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
    whole (:attr:`MeldSearch.found`), so that a call is a lookup per suit and per rank that can
    make a set.  A suit's group is made of its *windows'* (a lowest and highest place),
    which depend on fewer cards, so a hand meeting a new suit group seldom meets a new
    window.  Without a wild, integer operations over the whole hand tell which ranks and
    suits can make a meld at all.  The list is the groups in a fixed order: sets by
    rank, deuce sets, sequences by suit (no meld is in two groups); with ``must``, each
    group's melds that hold it, in order (:func:`_holding`).
    """
    found = rules.search.found
    recall = found.get
    counts = bytes(avail)  # (a count is at most 4)
    wilds = _wilds(counts, rules)  # (bytes remember their hash)
    total_wild = sum(wilds)
    out: list[Record] = []
    key: tuple[object, ...]
    if must >= 0 and not rules.wild[must]:  # a natural must card: its rank and suit
        rank = rank_of(must)
        pair = PAIRS[must][must]  # the must card's one item (see _holding)
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


def _sets_found(found: Groups, key: tuple[object, ...], avail: Sequence[int],
                rules: Rules) -> tuple[Record, ...]:
    """The sets of rank ``key[0]`` (its counts ``key[1]``), made and remembered."""
    got = found.recall(key)
    if got is None:
        rank, held, _ = key
        assert isinstance(rank, int) and isinstance(held, bytes)
        got = _sets_group(rules.search, rank, held, avail, rules)
        found.keep(key, got)
    return got


def _deuces_found(found: Groups, key: tuple[object, ...]) -> tuple[Record, ...]:
    """Arlington-Scarne's sets of deuces only, from the counts of the four 2s ``key[1]``."""
    got = found.recall(key)
    if got is None:
        deuces = key[1]
        assert isinstance(deuces, bytes)
        kinds = [(c, n) for c, n in zip(RANK_CARDS[2], deuces, strict=True) if n]
        got = tuple([(DEUCES, 2, 0, tuple([PAIRS[c][c] for c in combo]))
                     for size in (3, 4) for combo in multisets(kinds, size)])
        found.keep(key, got)
    return got


def _suit_plan(held: bytes, total_wild: int, rules: Rules) -> Plan:
    """The windows that a suit's holding ``held`` and ``total_wild`` wilds can fill
    (:func:`window_plan`), remembered."""
    search = rules.search
    plans = search.plans.get(total_wild)
    if plans is None:
        plans = search.plans[total_wild] = {}
    plan = plans.get(held)
    if plan is None:
        plan = plans[held] = window_plan(held, total_wild, search.windows)
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
        loose, jokers = loose_wilds(avail, rules)
        if lo <= 2 and rules.deuces_wild and not held[1] and not jokers:
            # the place of the 2 is the option's Joker's or the suit's own deuce's:
            # a wild 2 never stands for a 2 (see _fill_sequence)
            got = ()
        else:
            got = _window_group(rules.search, suit, lo, hi, code, held, loose, jokers,
                                total_wild, rules)
        found.keep(key, got)
    return got


def _sets_group(search: MeldSearch, rank: int, held: bytes, avail: Sequence[int],
                rules: Rules) -> tuple[Record, ...]:
    """The sets of ``rank``, renamed from those of a template
    (:data:`~.meldgroups.TEMPLATE_RANK`, or the queens' own)."""
    loose, jokers = loose_wilds(avail, rules)
    wilds = _abstract(search, loose, jokers, rules)
    cache = search.templates
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
        template = make_group(partial(sets_of, model, counts, rules, wilds.canon, jokers))
        cache.keep(key, template)
    rename = wilds.by_rank[rank]
    pair = PAIRS
    return tuple([(SET, rank, 0, tuple([pair[rename[c]][rename[s]] for c, s in m[3]]))
                  for m in template])


def _abstract(search: MeldSearch, loose: list[tuple[int, int]], jokers: int,
              rules: Rules) -> Pattern:
    """The wilds at hand as a pattern that hands holding other wilds share (remembered:
    there are few ways to hold wilds).

    Loose wilds are interchangeable, and a canonical meld places them in card order, so
    the melds that hold ``2♣ 2♣`` are those that hold ``2♠ 2♠`` with one card named for
    the other — wherever no place of a 2 is involved (a wild 2 never stands for a 2; the
    callers keep those windows out)."""
    key = (tuple(loose), jokers)
    known = search.patterns.get(key)
    if known is None:
        known = search.patterns[key] = Pattern(loose, jokers, rules)
    return known


_PRESENT = bytes([0] + [1] * 255)
"""``bytes.translate`` table: a count to 0 or 1."""


def _window_group(search: MeldSearch, suit: int, lo: int, hi: int, code: int, held: bytes,
                  loose: list[tuple[int, int]], jokers: int, total_wild: int,
                  rules: Rules) -> tuple[Record, ...]:
    """The melds of one window, computed.

    Above the 2 a window's melds differ from suit to suit only in the naturals' suit (the
    wilds are placed in card order whatever the suit), so they are made once, for
    :data:`~.meldgroups.TEMPLATE_SUIT`, remembered, and renamed — except ♠ windows
    reaching the queen where a wild may not stand for Q♠ in a meld with another wild
    (Arlington-Scarne), whose template is ♠'s own.  Below the 3 the suit's own deuce is
    natural in its place: those windows are made for the hand's own wilds."""
    have = b"\0" + held + held[:1]
    if lo < 3:
        return make_group(partial(window_melds, suit, lo, hi, have, loose, jokers, total_wild,
                                  rules))
    wilds = _abstract(search, loose, jokers, rules)
    cache = search.templates
    spades = suit == SPADES and hi >= 12 and rules.qs_wild_natural_only
    model = (41 if spades else 40, code, wilds.pattern)
    template = cache.get(model)
    if template is None:
        template = cache.recall(model)
    if template is None:
        template = make_group(partial(window_melds, SPADES if spades else TEMPLATE_SUIT, lo, hi,
                                      have, wilds.canon, jokers, total_wild, rules))
        cache.keep(model, template)
    rename = wilds.by_suit[suit]
    pair = PAIRS
    return tuple([(SEQ, suit, lo, tuple([pair[rename[c]][rename[s]] for c, s in m[3]]))
                  for m in template])


# --- melds played and the layoffs a meld takes ---------------------------------------------


def built(items: tuple[Item, ...], rules: Rules) -> Meld:
    """The meld of a legal action's ``items`` (remembered: the same melds recur, and the
    melds on the table share theirs, whose layoffs :func:`known_layoffs` remembers by
    identity).

    A legal meld's items are canonical already (:func:`candidate_records`), so its kind,
    rank or suit and lowest place are read off its first two cards: a set's stand for one
    rank, a sequence's start at its lowest place (a high ace is last)."""
    memory = rules.search.played
    meld = memory.get(items) or memory.recall(items)
    if meld is None:
        first, second = items[0][1], items[1][1]
        rank = rank_of(first)
        if rank == rank_of(second):
            meld = Meld(DEUCES if rank == 2 and rules.deuces_wild else SET, rank, 0, items)
        else:
            meld = Meld(SEQ, suit_of(first), rank, items)
        memory.keep(items, meld)
    return meld


def layoff_key(meld: Meld) -> tuple[int, ...]:
    """What the layoffs a meld takes depend on (beside the rules), so that melds that
    differ in nothing else share them.

    The cards that fit are the ends of a sequence (its suit, lowest place, length) or the
    four of a set's rank; whether a card laid off keeps the meld legal
    (:func:`~.melds.extend`) asks its length, how many cards are wild (the Q♠ rule
    allows a wild Q♠ only among naturals) and whether a wild stands for Q♠; a set also
    asks how many stand for each suit (the wild's designation) and for Q♠ (two packs
    hold two).  Every meld on the table holds a natural card."""
    items = meld.items
    wilds = 0
    wild_qs = 0
    if meld.kind == SEQ:
        for c, s in items:
            if c != s:
                wilds += 1
                if s == QS:
                    wild_qs = 1
        return (SEQ, meld.key, meld.lo, len(items), min(wilds, 2), wild_qs)
    if meld.kind == SET:
        suits = [0, 0, 0, 0]
        queens = 0
        for c, s in items:
            suits[suit_of(s)] += 1
            if s == QS:
                queens += 1
            if c != s:
                wilds += 1
                if s == QS:
                    wild_qs = 1
        return (SET, meld.key, len(items), *suits, min(wilds, 2), queens, wild_qs)
    return (DEUCES, len(items))


def layoff_options(meld: Meld, c: int, rules: Rules) -> list[int]:
    """Cards that ``c`` may stand for when laid off on ``meld`` (before the checks)."""
    if not rules.wild[c]:
        return [c]
    if meld.kind == DEUCES:
        return [c]
    if meld.kind == SET:
        if c == JK and rules.swappable_joker:
            return [meld.key - 1 + 13 * t for t in range(4)]
        options = [set_designation(meld, c, c, rules)]
        if meld.key == QUEEN:
            options.append(QS)
        return options
    options = [c] if rank_of(c) == 2 else []
    for pos in (meld.lo - 1, meld.hi + 1):
        if 1 <= pos <= 14:
            target = position_card(pos, meld.key)
            if target not in options:
                options.append(target)
    return options


def known_layoffs(meld: Meld, rules: Rules) -> tuple[Meld, tuple[Item, ...]]:
    """``meld`` with the layoffs it takes, remembered by its identity (the meld is kept
    alive: its id is its own) and by what decides them (:func:`layoff_key`)."""
    search = rules.search
    by_id = search.layoffs
    known = by_id.recall(id(meld))
    if known is None or known[0] is not meld:
        value = layoff_key(meld)
        by_value = search.layoff_fits
        fits = by_value.get(value)
        if fits is None:
            fits = by_value.recall(value)
        if fits is None:
            fits = meld_layoffs(meld, rules)
            by_value.keep(value, fits)
        known = (meld, fits)
        by_id.keep(id(meld), known)
    return known


def meld_layoffs(meld: Meld, rules: Rules) -> tuple[Item, ...]:
    """Every card (with what it stands for) that may be laid off on ``meld``, held or not.

    It depends on the meld and the rules only, so it is remembered (:func:`known_layoffs`)."""
    if meld.kind == SEQ:
        ends = POS_CARD[meld.key]
        fits = [ends[p] for p in (meld.lo - 1, meld.hi + 1) if 1 <= p <= 14]
    else:
        fits = list(RANK_CARDS[meld.key])
    out: list[Item] = []
    for c in dict.fromkeys((*fits, *rules.wild_cards)):  # a deuce may be both
        for s in layoff_options(meld, c, rules):
            if isinstance(extend(meld, c, s, rules), Meld):
                out.append((c, s))
    return tuple(out)
