"""The observation tensor of the Oklahoma family, written from the seat's observer.

:meth:`OklahomaEncoder.fill` is the layout (named blocks); :class:`OklahomaWriter` writes
the same vector as bytes for the adapters (see :mod:`tablerummy.envs.writers` for why).
Imports NumPy: only the RL adapters load it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..envs.tensors import Blocks, ObservationEncoder, Vector, Write, counts
from ..envs.writers import Writer as BytesWriter
from ..envs.writers import clipped, count_bytes, one_hots
from ..variant import Variant
from .cards import NCARDS
from .melds import Meld
from .observer import OklahomaObserver
from .phases import Phase
from .space import MAX_MELDS

if TYPE_CHECKING:
    from .state import OklahomaState

DECK = 105
"""The cards of the largest deck (hand and pile sizes are divided by it)."""
COPIES = 2
"""The most copies of a card (counts are divided by it)."""
REBUILDS = 3
"""What the count of stock rebuilds is divided by."""


class OklahomaEncoder(ObservationEncoder):
    """The Oklahoma family's tensor (see :mod:`tablerummy.envs.tensors`)."""

    def __init__(self, variant: Variant) -> None:
        self.rules = variant.rules  # type: ignore[attr-defined]
        super().__init__(variant)

    def observer(self) -> OklahomaObserver:
        return OklahomaObserver(self.rules, self.variant.name)

    def fill(self, b: Blocks, o: OklahomaObserver, totals: Sequence[int]) -> None:
        n = self.players
        seat = o.seat
        nsides = self.nsides
        self.common(b, o, totals, seat, len(Phase), DECK)
        b.values(f"hand (per card) / {COPIES}", NCARDS, o.hand, COPIES)  # 52 and the Joker
        for i in range(nsides):
            side = (seat + i) % nsides
            natural, stands = _cards(o.melds[side])
            b.values(f"natural cards melded by side +{i} / {COPIES}", NCARDS, natural, COPIES)
            b.values(f"cards wilds stand for in side +{i}'s melds / {COPIES}", NCARDS,
                     stands, COPIES)
            b.numbers(f"melds of side +{i} / {MAX_MELDS}, melded points / target",
                      [len(o.melds[side]), o.melded_points(side)], (MAX_MELDS, self.target))
        discard = o.discard
        b.values(f"discard pile as remembered (per card) / {COPIES}", NCARDS,
                 counts(discard, NCARDS), COPIES)
        b.one_hot("discard_top (per card; last: empty)", NCARDS + 1,
                  discard[-1] if discard else NCARDS)
        for i in range(n):
            b.values(f"cards seat +{i} took from the pile and still holds / {COPIES}", NCARDS,
                     o.known[(seat + i) % n], COPIES)
        b.values(f"stock rebuilds / {REBUILDS}, last turn", 2, [o.rebuilds, o.last_turn],
                 (REBUILDS, 1))

    def writer(self) -> Write:
        return OklahomaWriter(self)


def _cards(melds: Sequence[Meld]) -> tuple[bytearray, bytearray]:
    """Per card, how often the melds hold it as itself, and how often a wild stands for it."""
    natural, stands = bytearray(NCARDS), bytearray(NCARDS)
    for meld in melds:
        for c, s in meld.items:
            if c == s:
                natural[c] += 1
            else:
                stands[s] += 1
    return natural, stands


_Side = tuple[Sequence[Meld], bytes, float]


class OklahomaWriter(BytesWriter):
    """:meth:`OklahomaEncoder.fill` as bytes, from the same observer.

    A side's list of melds changes only when the side melds or a layoff replaces one:
    its bytes (the natural cards, what the wilds stand for, the meld count) and its
    points are remembered per side against a copy of the list.  The melds are immutable
    values, so the copy's ``==`` is mostly identity checks.  (The meld count is a score
    of the reference's, but a count at most 36: it is written as a count, which gives
    the same ``float32``: the tests compare every entry.)
    """

    def __init__(self, encoder: OklahomaEncoder) -> None:
        super().__init__(encoder)
        self.observer: OklahomaObserver
        n = self.players
        self.phase_hot = one_hots(len(Phase))
        self.top_hot = one_hots(NCARDS + 1)
        assert self.wide[:n] == list(range(self.first, self.first + n))
        self.point_at = self.wide[n + 1::2]
        """Per relative side, where its melded points go."""
        self._sides: list[_Side] = [((), b"", 0.0) for _ in range(n)]
        self._discard: tuple[Sequence[int], bytes] = ([-1], b"")
        self._known: tuple[Sequence[Sequence[int]], list[bytes]] = ([], [])

    def _side(self, o: OklahomaObserver, side: int) -> _Side:
        """A side's melds: a copy, their bytes (with the count), points over the target."""
        melds = o.melds[side]
        natural, stands = _cards(melds)
        points = o.melded_points(side) / self.target
        return (melds[:], bytes(natural + stands) + bytes((len(melds), 0)),
                clipped([points])[0])

    def __call__(self, state: OklahomaState, seat: int, totals: Sequence[int],
                 over: bool = False) -> Vector:
        o = self.observer
        o.set_from(state, seat)
        n = self.players
        order = self.orders[seat]
        to_act = None if over else o.to_act
        sizes = o.sizes
        discard = o.discard
        melds, sides = o.melds, self._sides
        blocks: list[bytes] = []
        points: list[float] = []
        for s in order:
            side = sides[s]  # (one read: a tuple is replaced whole, never changed)
            if side[0] != melds[s]:
                side = sides[s] = self._side(o, s)
            blocks.append(side[1])
            points.append(side[2])
        pile = self._discard
        if pile[0] != discard:
            pile = self._discard = (discard[:], bytes(count_bytes(discard, NCARDS))
                                    + self.top_hot[discard[-1] if discard else NCARDS])
        known = self._known
        if known[0] != o.known:
            known = self._known = ([k[:] for k in o.known], [bytes(k) for k in o.known])
        pieces = known[1]
        out = self.finish(b"".join([
            self.seat_hot[n if to_act is None else (to_act - seat) % n],
            self.phase_hot[o.phase], self.seat_hot[(o.dealer - seat) % n],
            bytearray([*sizes[seat:], *sizes[:seat], o.stock_size, len(discard),
                       *self.zero_sides, *o.hand]),
            *blocks, pile[1], *map(pieces.__getitem__, order),
            bytes((o.rebuilds, o.last_turn))]))
        self.put_scores(out, totals, seat)
        for x, at in zip(points, self.point_at, strict=True):
            out[at] = x
        return out
