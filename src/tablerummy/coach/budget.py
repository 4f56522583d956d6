"""How much work the coach may do for one position: search iterations, playouts, a time cap."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Budget:
    """The work for one decision.

    ``iterations``: the ISMCTS iterations that rank the moves (None: the ``ismcts`` bot's
    own budget at the table, :meth:`~tablerummy.family.SearchHooks.iterations`, so that
    moves are ranked by the strongest player there is); ``playouts``: the games
    played out to their end per candidate move, which estimate its win chance and hand
    margin; ``seconds``: a cap on the call's CPU time (None: none) — CPU, not wall time,
    so that a busy machine (the web table's bot pool at a full house) still gives each
    hint the same work, only later; the thread's CPU time, so that a pool of threads
    counts each call's own.  Without ``seconds`` the answer depends on the seed
    alone (tests and the accuracy check use that); with it, a slower machine does less
    work and answers differently.
    """

    iterations: int | None = None
    seconds: float | None = None
    playouts: int = 24

    def __post_init__(self) -> None:
        if (self.iterations is not None and self.iterations < 1) or self.playouts < 1:
            raise ValueError("a budget needs at least one iteration and one playout")
        if self.seconds is not None and not self.seconds > 0:
            raise ValueError("a budget's seconds must be positive")

    @classmethod
    def hint(cls) -> Budget:
        """About a second of CPU on the development machine (docs/coach.md, Accuracy): a
        person asks and waits; the cap keeps a slow machine or a big position within it."""
        return cls(iterations=None, seconds=1.0, playouts=24)

    @classmethod
    def analysis(cls) -> Budget:
        """The default per decision of an analysis: no time cap, so that an analysis is
        reproducible from its seed (docs/coach.md, Accuracy)."""
        return cls(iterations=None, seconds=None, playouts=24)
