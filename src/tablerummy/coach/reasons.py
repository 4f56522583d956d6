"""The one-line reason of a hint, from facts every family has.

A reason says what the move changes for the seat's side, in the order a person weighs it:
the game won, the hand ended and by how much, points put on the side's standing now
(the family's :meth:`~tablerummy.family.SearchHooks.standing`, which every search
already reads), else the hand margin the playouts expect.  The move itself is said in
the family's words beside it (the hint's ``words``), so no family needs a hook here.
"""

from __future__ import annotations

from .playouts import Outlook

SURE = 0.999
"""A share of positions counted as all of them (playouts are averaged in floats)."""


def reason(outlook: Outlook, best_win: float, who: str = "your side") -> str:
    """Why this move, in one line (``"ends the hand: +38 for your side"``)."""
    o = outlook
    if o.ends >= SURE and o.win >= SURE:
        return f"ends the hand and wins the game: {o.margin:+.0f} for {who}"
    if o.ends >= SURE:
        return f"ends the hand: {o.margin:+.0f} for {who}"
    parts = []
    if abs(o.gain) >= 0.5:
        parts.append(f"{o.gain:+.0f} on {who}'s standing now")
    parts.append(f"hand margin {o.margin:+.0f} expected")
    if best_win - o.win >= 0.005:
        parts.append(f"{(best_win - o.win) * 100:.0f} points of win chance below the best")
    return "; ".join(parts)
