"""The phases of an Al Capone hand, by number (the engine's ``state.phase``) and name
(the observation's ``"phase"``: :data:`NAMES`)."""

from __future__ import annotations

from enum import IntEnum


class Phase(IntEnum):
    DRAW = 0
    """The seat to act draws (from the stock or the Underworld)."""
    PLAY = 1
    """It melds, lays off, plays Gavel cards, and discards to end its turn."""
    TAKE = 2
    """It chooses a card of the Underworld its Search Warrant shows."""
    OVER = 3
    """The hand is over."""


NAMES: tuple[str, ...] = tuple(phase.name.lower() for phase in Phase)
"""Phase number → its word in the observation (``"draw"``, ``"take"``)."""
