"""Rematch: the same seats, options and clock at a new table, each person asked.

The game-over banner's *Rematch* button asks the server for the rematch of a finished
table.  The first person to ask creates it (dealt afresh, from a secret seed) and sits at
their own seat again, under the same name; the finished table then names the new one in
its facts (``rematch``), so every other person's banner asks them whether to join it
(their seat is kept for them: the same number at the new table).  Bots sit where they
sat; a seat the turn clock handed to a bot is a person's seat again.

The link lives in the table process's memory only: after a restart the banner offers
*New table* instead (decision: a stored column for a convenience link was not worth a
schema change; docs/web.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .tables import FINISHED, LiveTable, TableError, hints_on

if TYPE_CHECKING:
    from .tables import TableManager


async def ask_rematch(manager: TableManager, table_id: str, token: Any,
                      address: str | None) -> tuple[LiveTable, str, int]:
    """The rematch of ``table_id`` for the person holding ``token``: (table, token, seat).

    The first call creates it and seats the caller; later calls by other people seat
    them at their own seat of the rematch (one-line errors if they cannot).
    """
    table = await manager.get(table_id)
    seat = table.seat_for_token(token if isinstance(token, str) else None)
    if seat is None:
        raise TableError("only a player of this table can ask for a rematch", 403)
    if table.status != FINISHED:
        raise TableError("a rematch is offered once the game is over", 409)
    name = table.row.seats[seat].name
    if table.rematch is None:
        row = table.row
        seats = [s.bot if s.kind == "bot" else "person" for s in row.seats]
        new = await manager.create(row.variant, dict(row.options), seats,
                                   turn_seconds=row.turn_seconds, address=address,
                                   join=(seat, name), hints=hints_on(row))
        table.rematch = {"table": new.id, "by": seat}
        table.broadcast()  # the facts changed: every seat is asked
    new_id = table.rematch["table"]
    joined, new_token = await manager.join(new_id, seat, name)
    return joined, new_token, seat
