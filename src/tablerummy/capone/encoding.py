"""The observation tensor of ``capone``, written from the seat's observer.

:meth:`CaponeEncoder.fill` is the layout (named blocks); :class:`CaponeWriter` writes the
same vector as bytes for the adapters (see :mod:`tablerummy.envs.writers` for why).
Imports NumPy: only the RL adapters load it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..envs.tensors import Blocks, ObservationEncoder, Vector, Write, counts
from ..envs.writers import Writer as BytesWriter
from ..envs.writers import count_bytes, one_hots
from .cards import NG, NK
from .observer import CaponeObserver
from .phases import Phase

if TYPE_CHECKING:
    from .state import CaponeState

DECK = 86
"""The cards of the deck (hand and pile sizes are divided by it)."""
COPIES = 8
"""The most copies of a card kind (counts are divided by it)."""


class CaponeEncoder(ObservationEncoder):
    """The ``capone`` tensor (see :mod:`tablerummy.envs.tensors`)."""

    def observer(self) -> CaponeObserver:
        return CaponeObserver()

    def fill(self, b: Blocks, o: CaponeObserver, totals: Sequence[int]) -> None:
        nsides = self.nsides
        self.common(b, o, totals, o.side, len(Phase), DECK)
        b.values(f"hand (per card kind) / {COPIES}", NK, o.hand, COPIES)
        for i in range(nsides):
            b.values(f"area of side +{i} (per gangster) / {COPIES}", NG,
                     o.areas[(o.side + i) % nsides], COPIES)
        b.one_hot("discard_top (per card kind; last: empty)", NK + 1,
                  NK if o.top is None else o.top)
        b.values("gavel_played", 1, [o.gavel_played])
        b.values(f"underworld during your search (per card kind) / {COPIES}", NK,
                 None if o.underworld is None else counts(o.underworld, NK), COPIES)

    def writer(self) -> Write:
        return CaponeWriter(self)


class CaponeWriter(BytesWriter):
    """:meth:`CaponeEncoder.fill` as bytes, from the same observer.

    The areas change only when cards are melded: their bytes (per side) are remembered
    against a copy of them.
    """

    def __init__(self, encoder: CaponeEncoder) -> None:
        super().__init__(encoder)
        self.observer: CaponeObserver
        self.phase_hot = one_hots(len(Phase))
        self.top_hot = one_hots(NK + 1)
        self.no_search = bytes(NK)
        assert self.wide == list(range(self.first, self.first + self.nsides))
        self._areas: tuple[Sequence[Sequence[int]], list[bytes]] = ([], [])

    def __call__(self, state: CaponeState, seat: int, totals: Sequence[int],
                 over: bool = False) -> Vector:
        o = self.observer
        o.set_from(state, seat)
        n = self.players
        to_act = None if over else o.to_act
        side = o.side
        sizes = o.sizes
        areas = o.areas
        top = o.top
        underworld = o.underworld
        known = self._areas
        if known[0] != areas:
            known = self._areas = ([a[:] for a in areas], [bytes(a) for a in areas])
        pieces = known[1]
        out = self.finish(b"".join([
            self.seat_hot[n if to_act is None else (to_act - seat) % n],
            self.phase_hot[o.phase], self.seat_hot[(o.dealer - seat) % n],
            bytearray([*sizes[seat:], *sizes[:seat], o.stock_size, o.discard_size,
                       *self.zero_sides, *o.hand]),
            *pieces[side:], *pieces[:side],
            self.top_hot[NK if top is None else top],
            b"\1" if o.gavel_played else b"\0",
            self.no_search if underworld is None else count_bytes(underworld, NK)]))
        self.put_scores(out, totals, side)
        return out
