"""The typed errors of tablerummy.

Every error a user can cause is a ``ValueError`` subclass with a one-line message,
so that front ends can show ``str(err)`` and never a traceback.
"""

from __future__ import annotations


class TablerummyError(ValueError):
    """Base class: anything a user can get wrong (a move, a text, a file, an option)."""


class IllegalActionError(TablerummyError):
    """An action that the rules forbid in this position; the state is left unchanged.

    Carries the seat, the action text and the rule it breaks, like python-chess's
    ``IllegalMoveError`` names the move and the position.
    """

    def __init__(self, seat: int | None, action: str, rule: str) -> None:
        self.seat = seat
        self.action = action
        self.rule = rule
        who = f"p{seat}" if seat is not None else "nobody"
        super().__init__(f"illegal action {action!r} for {who}: {rule}")


class NotationError(TablerummyError):
    """Text that is not any action of the variant (as opposed to an illegal one)."""


class RecordError(TablerummyError):
    """An unreadable or invalid game record."""


class OptionError(TablerummyError):
    """An unknown variant, an unknown option or a bad option value."""
