"""The phases of an Oklahoma-family hand, by number (the engine's ``state.phase``) and name
(the observation's ``"phase"``: :data:`NAMES`)."""

from __future__ import annotations

from enum import IntEnum


class Phase(IntEnum):
    DRAW = 0
    """The seat to act draws (from the stock, or takes the discard pile to meld)."""
    PLAY = 1
    """It melds, lays off, and discards to end its turn."""
    OVER = 2
    """The hand is over."""


NAMES: tuple[str, ...] = tuple(phase.name.lower() for phase in Phase)
"""Phase number → its word in the observation (``"draw"``, ``"play"``)."""
