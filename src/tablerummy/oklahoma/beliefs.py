"""What a player's public play says about the cards in its hand (the Oklahoma family).

A searching bot that deals the unseen cards uniformly ignores what everyone at the table
saw: a player who lets a 7♥ lie on the discard pile and draws from the stock could not
(or would not) meld it, so it is unlikely to hold two more 7s or 6♥ 8♥; one who
discards a 7♥ is unlikely to keep its partners.  Here each seat's public play moves a
*leaning* per card kind (:func:`tablerummy.determinize.lean`), and the determinizations
deal the unseen cards in proportion to it (:func:`tablerummy.determinize.deal_leaning`).

A card's *partners* are the cards that would meld with it: the same rank in the other
suits (a set; two identical cards may sit in one), the same suit's neighbours (a
sequence: one place away, or two, an ace being low and high).  A wild (a 2 in
``fortune`` and ``arlington``, a Joker) melds with anything, so a wild on the pile has no
partners of its own, and the wild kinds are never anyone's rank or run partners.

Everything read here is public — the action, the discard pile's top card, the melds on
the table, hand sizes and the cards known to be in a hand — so a leaning is the same for
every observer and no search peeks through it.  The position *notes* those facts as each
action is played (:func:`note`) and :class:`~tablerummy.determinize.Leanings` reads the
notes into rows only when a deal asks for them: leaning at every step made random
playouts of the true position 1.7 × slower here (a note adds about 0.7 µs, 5 %).

The factors are measured, not guessed: ``benchmarks/beliefs.py calibrate fortune`` plays
greedy games and compares, right after each event, how many cards of the kind the
player's unseen hand really held with how many a uniform deal gives it (docs/bots.md,
Beliefs).  Greedy is the measured opponent; against others the factors are an estimate.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import TYPE_CHECKING, Any

from ..determinize import LEAN_RANGE, Leanings, Note, dilute
from . import actions as A
from .cards import NCARDS, rank_of, suit_of
from .melds import POS_CARD, RANK_CARDS, Meld
from .meldsearch import known_layoffs

if TYPE_CHECKING:
    from .rules import Rules
    from .state import OklahomaState

TOOK, TOOK_RANK, TOOK_RUN = "took", "took-rank", "took-run"
PASSED, PASSED_RANK, PASSED_RUN, PASSED_WILD = (
    "passed", "passed-rank", "passed-run", "passed-wild")
DISCARDED, DISCARDED_RANK, DISCARDED_RUN, DISCARDED_NEAR = (
    "discarded", "discarded-rank", "discarded-run", "discarded-near")
KEPT, KEPT_WILD, MELDED = "kept", "kept-wild", "melded"

FACTORS: dict[str, float] = {
    TOOK: 0.25,
    TOOK_RANK: 0.37,
    TOOK_RUN: 0.80,
    PASSED: 0.78,
    PASSED_RANK: 0.73,
    PASSED_RUN: 0.87,
    PASSED_WILD: 0.15,
    DISCARDED: 0.31,
    DISCARDED_RANK: 0.28,
    DISCARDED_RUN: 0.53,
    DISCARDED_NEAR: 0.78,
    KEPT: 0.0,
    KEPT_WILD: 0.02,
    MELDED: 0.31,
}
"""How much each event multiplies the player's leaning towards the kind it names
(0: down to the floor of :data:`~tablerummy.determinize.LEAN_RANGE`), one set for the
three variants:

* ``took`` — it took the discard pile with this top card (melded at once: what it still
  holds of the kind); ``took-rank``, ``took-run`` — the top card's set and sequence
  partners (the meld just made took the ones it held);
* ``passed`` — it drew from the stock while the kind lay on top of the discard pile;
  ``passed-rank``, ``passed-run`` — that card's partners (with two it could have taken
  the pile); ``passed-wild`` — every wild kind (a wild and one partner make the meld);
* ``discarded`` — it discarded the kind; ``discarded-rank``, ``discarded-run``,
  ``discarded-near`` — that card's set partners, its suit's neighbours, and the cards
  two places away in its suit (a hand throws away what melds with nothing it holds);
* ``kept``, ``kept-wild`` — it ended its turn without laying the kind off on one of its
  own melds, which it could have (a wild lays off on nearly any meld);
* ``melded`` — it melded the kind (what it still holds of it).

No event names a wild on the pile's top beyond ``passed``/``took`` itself (a wild melds
with anything: it has no partners), and no wild is a rank or run partner.  The Q♠'s
rules (never discarded in Heights, only from a hand of Q♠s in Parlett's Arlington) need
no event of their own: a discarded Q♠ says what a discard says, and a Q♠ that could be
laid off and was not is ``kept``.

Measured by ``benchmarks/beliefs.py calibrate VARIANT --games 200`` for each variant
(2026-12-04; 2 players; 548,000, 638,000 and 437,000 events):

============== ======= =========== ================= ======= ========
event          fortune  arlington   arlington-heights  shared  events
============== ======= =========== ================= ======= ========
took            0.193    0.324        0.208           0.252     8,003
took-rank       0.322    0.442        0.313           0.370    23,328
took-run        0.871    0.747        0.805           0.802    14,591
passed          0.806    0.751        0.793           0.782    56,623
passed-rank     0.736    0.699        0.763           0.731   168,912
passed-run      0.865    0.881        0.876           0.874   105,811
passed-wild     0.043    0.237        0.133           0.146   208,160
discarded       0.268    0.315        0.340           0.308    61,776
discarded-rank  0.265    0.262        0.329           0.284   184,305
discarded-run   0.498    0.491        0.587           0.526   115,463
discarded-near  0.752    0.750        0.826           0.775   113,781
kept            0.000    0.000        0.000           0.000   325,067
kept-wild       0.002    0.028        0.036           0.017   183,008
melded          0.327    0.340        0.256           0.313    53,858
============== ======= =========== ================= ======= ========

``shared`` is the three weighted by their numbers of events, rounded above.  Passing on a
card two places away in its suit measured 0.971, 0.995 and 0.992: no event.  The shared
set scores as well as each variant's own (``benchmarks/beliefs.py score VARIANT --games
100``, the squared error of the expected unseen hands with beliefs over a uniform deal):
fortune 0.952 (own 0.952), arlington 0.948 (own 0.947), arlington-heights 0.952 (own
0.954).  A greedy player never keeps a card it could lay off on its own melds, hence
the zeros; against another player they are a strong lean, never a certainty (the
floor)."""
FACTS: frozenset[str] = frozenset()
"""Events that state a fact rather than a tendency: not measured (none here — the
Oklahoma family has no question that a hand must answer truthfully)."""
BEFORE = frozenset({PASSED, PASSED_RANK, PASSED_RUN, PASSED_WILD})
"""Events about the hand as it was *before* the action (passing on the pile's top card
says what the hand held before the stock card drawn instead): the calibration measures
them there, and :func:`lean_note` leans before it dilutes for the drawn card."""


def _row(top: int, distance: int) -> tuple[int, ...]:
    """The cards of ``top``'s suit exactly ``distance`` places away (an ace is low, next
    to the 2, and high, next to the king)."""
    row = POS_CARD[suit_of(top)]  # by position: 1 = low ace … 14 = high ace
    places = (1, 14) if rank_of(top) == 1 else (rank_of(top),)
    near = [row[q] for p in places for q in (p - distance, p + distance) if 1 <= q <= 14]
    return tuple(dict.fromkeys(c for c in near if c != top))


RANK: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in RANK_CARDS[rank_of(top)] if c != top) for top in range(52))
"""Per natural card, the same rank in the other three suits (its set partners)."""
RUN: tuple[tuple[int, ...], ...] = tuple(_row(top, 1) for top in range(52))
"""Per natural card, its suit's neighbours one place away (its sequence partners)."""
NEAR: tuple[tuple[int, ...], ...] = tuple(_row(top, 2) for top in range(52))
"""Per natural card, its suit's cards two places away (a sequence with a gap between)."""


Named = tuple[tuple[int, str], ...]
"""Events of one action as (card kind, event) pairs, in the order they lean."""
Weighed = tuple[tuple[int, float], ...]
"""The same with each event's factor in place of its name (what :func:`lean_note` applies)."""


def _partners(wild: tuple[bool, ...], top: int, table: tuple[tuple[int, ...], ...]
              ) -> list[int]:
    """The natural cards of ``table[top]`` (a 2 is a wild, not a partner, where 2s are
    wild); none for a wild ``top`` (it melds with anything)."""
    if top >= 52 or wild[top]:
        return []
    return [c for c in table[top] if not wild[c]]


def _discarded(wild: tuple[bool, ...], c: int) -> Named:
    return ((c, DISCARDED), *((p, DISCARDED_RANK) for p in _partners(wild, c, RANK)),
            *((p, DISCARDED_RUN) for p in _partners(wild, c, RUN)),
            *((p, DISCARDED_NEAR) for p in _partners(wild, c, NEAR)))


def _passed(wild: tuple[bool, ...], top: int) -> Named:
    if top >= 52 or wild[top]:
        return ((top, PASSED),)
    return ((top, PASSED), *((p, PASSED_RANK) for p in _partners(wild, top, RANK)),
            *((p, PASSED_RUN) for p in _partners(wild, top, RUN)),
            *((w, PASSED_WILD) for w in range(len(wild)) if wild[w]))


def _took(wild: tuple[bool, ...], top: int) -> Named:
    return ((top, TOOK), *((p, TOOK_RANK) for p in _partners(wild, top, RANK)),
            *((p, TOOK_RUN) for p in _partners(wild, top, RUN)))


class _Tables:
    """The events of a discard, a pass and a pile taken, per card, for one set of wild
    cards — worked out once (a hand's worth of notes is read at every search decision)."""

    __slots__ = ("discarded", "passed", "took", "weighed")

    def __init__(self, wild: tuple[bool, ...]) -> None:
        kinds = range(len(wild))
        self.discarded = tuple(_discarded(wild, c) for c in kinds)
        self.passed = tuple(_passed(wild, c) for c in kinds)
        self.took = tuple(_took(wild, c) for c in kinds)
        self.weighed: tuple[tuple[Weighed, ...], ...] = tuple(
            tuple(tuple((k, FACTORS[e]) for k, e in named) for named in table)
            for table in (self.discarded, self.passed, self.took))
        """:attr:`discarded`, :attr:`passed` and :attr:`took` with factors."""


_TABLES: dict[tuple[int, ...], _Tables] = {}
"""The tables by the rules' wild cards (a short key: the hot path hashes it)."""


def _tables(rules: Rules) -> _Tables:
    tables = _TABLES.get(rules.wild_cards)
    if tables is None:
        tables = _TABLES[rules.wild_cards] = _Tables(rules.wild)
    return tables


def _melded(rules: Rules, items: tuple[tuple[int, int], ...]) -> Named:
    """A meld's natural kinds, once each: what the hand still holds of them."""
    wild = rules.wild
    return tuple((c, MELDED) for c in dict.fromkeys(c for c, _ in items) if not wild[c])


def _kept(rules: Rules, melds: tuple[Meld, ...], discarded: int) -> Named:
    """The kinds that would lay off on the seat's own ``melds`` (a player lays off on its
    own melds only), once each, but the one discarded: the turn ends without them."""
    if not melds:
        return ()
    wild = rules.wild
    recall = rules.search.layoffs.get
    fits: dict[int, None] = {}
    for meld in melds:
        known = recall(id(meld))
        if known is None or known[0] is not meld:
            known = known_layoffs(meld, rules)
        for c, _ in known[1]:
            fits[c] = None
    fits.pop(discarded, None)
    return tuple((c, KEPT_WILD if wild[c] else KEPT) for c in fits)


_DRAWN = A.DRAW[0]


def note(state: OklahomaState, action: tuple[Any, ...]) -> Note | None:
    """The note of ``action``, about to be applied to ``state``; None for an action that
    says nothing (a layoff, a Joker swap).  All public: ``(DISCARD, seat, card, the
    seat's melds)``, ``(DRAW, seat, the pile's top card or None, the seat's unseen cards
    before or -1 when the card drawn is seen)``, ``(PILE, seat, top card, meld items)``,
    ``(MELD, seat, meld items)``."""
    kind = action[0]
    seat = state.seat
    if kind == A.DISCARD:
        return (A.DISCARD, seat, action[1], tuple(state.melds[seat]))
    if kind == _DRAWN:
        discard = state.discard
        unseen = -1 if state.stock_known or not state.stock else (
            state.sizes[seat] - sum(state.known[seat]))
        return (_DRAWN, seat, discard[-1] if discard else None, unseen)
    if kind == A.PILE:
        return (A.PILE, seat, state.discard[-1], action[1])
    if kind == A.MELD:
        return (A.MELD, seat, action[1])
    return None


def _named(rules: Rules, note: Note | None) -> tuple[Named, ...]:
    """The events of a note, in the order they lean: the card's own, then what the
    seat's melds or its meld say."""
    if note is None:
        return ()
    kind = note[0]
    if kind == A.DISCARD:
        return _tables(rules).discarded[note[2]], _kept(rules, note[3], note[2])
    if kind == _DRAWN:
        return () if note[2] is None else (_tables(rules).passed[note[2]],)
    if kind == A.PILE:
        return _tables(rules).took[note[2]], _melded(rules, note[3])
    return (_melded(rules, note[2]),)


def events(state: OklahomaState, action: object) -> Iterator[tuple[int, int, str]]:
    """The belief events ``action`` makes, about to be applied to ``state``:
    (seat, card kind, event) for each — all of the acting seat's own hand."""
    assert isinstance(action, tuple)
    seat = state.seat
    for named in _named(state.rules, note(state, action)):
        for kind, event in named:
            yield seat, kind, event


def drawn(state: OklahomaState, action: object) -> Iterator[tuple[int, int, int]]:
    """(seat, its unseen cards left from before, how many unseen it draws) for the hand
    that ``action`` makes draw a card nobody has seen (a stock dealt face down; a stock
    rebuilt from the pile is known card by card, and the pile's cards are public)."""
    assert isinstance(action, tuple)
    got = note(state, action)
    if got is not None and got[0] == _DRAWN and got[3] >= 0:
        yield got[1], got[3], 1


def _lean_all(row: list[float], weighed: Weighed) -> None:
    """:func:`~tablerummy.determinize.lean` for each pair, inlined (a hand's worth of
    notes is read at once)."""
    low, high = LEAN_RANGE
    for kind, factor in weighed:
        value = row[kind] * factor
        row[kind] = low if value < low else high if value > high else value


def leanings(rules: Rules, players: int) -> Leanings:
    """The leanings of a new hand under ``rules`` (every card kind weighs 1)."""
    return Leanings(partial(lean_note, rules), players, NCARDS)


def lean_note(rules: Rules, note: Note | None, leans: list[list[float]], memo: int = 0
              ) -> int:
    """Move the leanings by one note: its events first (on the hand before the action),
    then the hand that drew an unseen card is diluted towards uniform by it
    (:func:`~tablerummy.determinize.dilute`).  The same as leaning by every one of
    :func:`events` and diluting by :func:`drawn` (tests/test_oklahoma_beliefs.py checks
    it), by tables made once for the common notes.  ``memo`` (what earlier notes left,
    :data:`~tablerummy.determinize.LeanNote`) is not needed here: a note carries what it
    reads, and it is returned as it came."""
    if note is None:
        return memo
    kind = note[0]
    row = leans[note[1]]
    if kind == _DRAWN:
        if note[2] is not None:
            _lean_all(row, _tables(rules).weighed[1][note[2]])
        if note[3] >= 0:
            dilute(row, note[3], 1)
        return memo
    if kind == A.DISCARD:
        _lean_all(row, _tables(rules).weighed[0][note[2]])
        if note[3]:
            _lean_all(row, tuple((k, FACTORS[e]) for k, e in _kept(rules, note[3], note[2])))
        return memo
    for named in _named(rules, note):
        _lean_all(row, tuple((k, FACTORS[e]) for k, e in named))
    return memo


def hidden(state: OklahomaState, seat: int) -> list[int]:
    """What of ``seat``'s hand nobody else has seen, per card kind (the part a
    determinization redeals): its hand less the cards known to be in it."""
    return [h - k for h, k in zip(state.hands[seat], state.known[seat], strict=True)]
