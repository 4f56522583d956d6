"""The phases of a Jack the Ripper hand, by number (the engine's ``state.phase``) and name
(the observation's ``"phase"``: :data:`NAMES`)."""

from __future__ import annotations

from enum import IntEnum


class Phase(IntEnum):
    DRAW = 0
    """The seat to act draws."""
    VOTE = 1
    """Every seat votes for the Ripper, in turn."""
    PLAY = 2
    """The seat to act melds, lays off, plays Gavel cards and discards."""
    TAKE = 3
    """It takes a card of Scotland Yard its Scene's search shows."""
    EXTRA = 4
    """It may play the extra Gavel card it drew."""
    STRIKE = 5
    """It plays a Victim for Ripper Strikes."""
    RESIGN = 6
    """The seats in the queue discard to Commissioner Resigns."""
    ESCAPE = 7
    """The holder of Ripper Escapes is asked whether to play it."""
    OVER = 8
    """The hand is over."""


NAMES: tuple[str, ...] = tuple(phase.name.lower() for phase in Phase)
"""Phase number → its word in the observation (``"draw"``, ``"escape"``)."""
