"""The observation tensor of ``ripper``, written from the seat's observer.

:meth:`RipperEncoder.fill` is the layout (named blocks); :class:`RipperWriter` writes the
same vector as bytes for the adapters (see :mod:`tablerummy.envs.writers` for why).
Imports NumPy: only the RL adapters load it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from ..envs.tensors import LIMIT, Blocks, ObservationEncoder, Vector, Write, counts, flags
from ..envs.writers import Writer as BytesWriter
from ..envs.writers import clipped, count_bytes, one_hots
from .cards import NK, NS
from .observer import RipperObserver
from .phases import Phase

if TYPE_CHECKING:
    from .state import RipperState

DECK = 62
"""The cards of the deck (hand and pile sizes are divided by it)."""
COPIES = 5
"""The most copies of a card kind (counts are divided by it)."""
WILDS = 2
"""The wild cards of the deck."""
POINTS = 50
"""What a suspect's points are divided by."""


class RipperEncoder(ObservationEncoder):
    """The ``ripper`` tensor (see :mod:`tablerummy.envs.tensors`)."""

    def observer(self) -> RipperObserver:
        return RipperObserver()

    def fill(self, b: Blocks, o: RipperObserver, totals: Sequence[int]) -> None:
        n = self.players
        seat = o.seat
        self.common(b, o, totals, seat, len(Phase), DECK)
        b.values(f"hand (per card kind) / {COPIES}", NK, o.hand, COPIES)
        for i in range(n):
            b.values(f"area of seat +{i} (per card kind) / {COPIES}", NK,
                     o.areas[(seat + i) % n], COPIES)
            b.values(f"wilds of seat +{i} (per suspect) / {WILDS}", NS,
                     o.wilds[(seat + i) % n], WILDS)
        b.values(f"victims_in_play / {COPIES}", 1, [o.victims], COPIES)
        b.numbers(f"suspect_points / {POINTS}", o.suspect_points(), POINTS)
        b.values("alibied", NS, o.alibied())
        b.one_hot("discard_top (per card kind; last: empty)", NK + 1,
                  NK if o.top is None else o.top)
        caller = o.vote_caller
        b.one_hot("vote called_by (relative seat; last: no vote)", n + 1,
                  n if caller is None else (caller - seat) % n)
        b.values("voted (relative seats)", n, flags(o.voted, seat, n))
        b.one_hot("your vote (last: none)", NS + 1, NS if o.vote is None else o.vote)
        b.values("must discard to Commissioner Resigns (relative seats)", n,
                 flags(o.resign_pending, seat, n))
        b.one_hot("extra Gavel card to play (last: none)", NK + 1,
                  NK if o.extra is None else o.extra)
        b.values("gavel_played", 1, [o.gavel_played])
        b.values(f"Scotland Yard during your search (per card kind) / {COPIES}", NK,
                 None if o.yard is None else counts(o.yard, NK), COPIES)

    def writer(self) -> Write:
        return RipperWriter(self)


_Table = tuple[Sequence[Sequence[int]], Sequence[Sequence[int]], list[bytes], bytes,
               Vector | None]


class RipperWriter(BytesWriter):
    """:meth:`RipperEncoder.fill` as bytes, from the same observer.

    The areas and wilds change only when cards are melded: their bytes (per seat), the
    suspect points and the alibied suspects (sums over every area) are remembered
    against a copy of them.
    """

    def __init__(self, encoder: RipperEncoder) -> None:
        super().__init__(encoder)
        self.observer: RipperObserver
        n = self.players
        self.phase_hot = one_hots(len(Phase))
        self.card_hot = one_hots(NK + 1)
        self.vote_hot = one_hots(NS + 1)
        self.no_search = bytes(NK)
        self.nobody = bytes(n)
        points = self.wide[n]
        assert self.wide == [*range(self.first, self.first + n),
                             *range(points, points + NS)]
        self.points = slice(points, points + NS)
        self._areas: _Table = ([], [], [], b"", None)

    def _table(self, o: RipperObserver) -> _Table:
        """Per seat the bytes of its area and wilds; the suspect points and the alibied
        suspects as bytes.  Points from 0 to 200 (all but freak tables) are written as
        counts over their divisor, 50, like every count (the same ``float32``: the tests
        compare every entry); else their places are zero and the points over 50, clipped,
        come as an array to write over them."""
        areas, wilds = o.areas, o.wilds
        points = o.suspect_points()
        over: Vector | None = None
        if min(points) >= 0 and max(points) <= POINTS * LIMIT:
            counted = bytes(points)
        else:
            counted = bytes(NS)
            over = np.array(clipped([p / POINTS for p in points]), dtype=np.float32)
        return ([a[:] for a in areas], [w[:] for w in wilds],
                [bytes(a) + bytes(w) for a, w in zip(areas, wilds, strict=True)],
                counted + bytes(o.alibied()), over)

    def __call__(self, state: RipperState, seat: int, totals: Sequence[int],
                 over: bool = False) -> Vector:
        o = self.observer
        o.set_from(state, seat)
        n = self.players
        order = self.orders[seat]
        to_act = None if over else o.to_act
        sizes = o.sizes
        top = o.top
        yard = o.yard
        known = self._areas
        if known[0] != o.areas or known[1] != o.wilds:
            known = self._areas = self._table(o)
        pieces = known[2]
        caller = o.vote_caller
        voted = o.voted
        vote = o.vote
        queue = o.resign_pending
        extra = o.extra
        card_hot = self.card_hot
        out = self.finish(b"".join([
            self.seat_hot[n if to_act is None else (to_act - seat) % n],
            self.phase_hot[o.phase], self.seat_hot[(o.dealer - seat) % n],
            bytearray([*sizes[seat:], *sizes[:seat], o.stock_size, o.discard_size,
                       *self.zero_sides, *o.hand]),
            *map(pieces.__getitem__, order),
            bytes((o.victims,)), known[3],
            card_hot[NK if top is None else top],
            self.seat_hot[n if caller is None else (caller - seat) % n],
            # (no vote and no Commissioner Resigns under way: most decisions)
            bytes([s in voted for s in order]) if voted else self.nobody,
            self.vote_hot[NS if vote is None else vote],
            bytes([s in queue for s in order]) if queue else self.nobody,
            card_hot[NK if extra is None else extra],
            b"\1" if o.gavel_played else b"\0",
            self.no_search if yard is None else count_bytes(yard, NK)]))
        self.put_scores(out, totals, seat)
        if known[4] is not None:
            out[self.points] = known[4]
        return out
