"""The one-line reason of a hint, from facts every family has.

A reason says what the move changes for the seat's side, in the order a person weighs it:
the game won, the hand ended and by how much, points put on the side's standing now
(the family's :meth:`~tablerummy.family.SearchHooks.standing`, which every search
already reads); then where the move stands: the search's choice, or how much win chance
it gives up against the best.  The move itself is said in the family's words beside it
(the hint's ``words``) and the margin has its own number, so no family needs a hook here.
"""

from __future__ import annotations

from .playouts import Outlook

SURE = 0.999
"""A share of positions counted as all of them (playouts are averaged in floats)."""


def reason(outlook: Outlook, best_win: float, rank: int, first: bool,
           who: str = "your side") -> str:
    """Why this move, in one line (``"ends the hand: +38 for your side"``); ``rank`` is
    its place in the search's order (0: the search's first choice), ``first`` whether
    it heads the list."""
    o = outlook
    parts = []
    if o.ends >= SURE and o.win >= SURE:
        parts.append(f"ends the hand and wins the game: {o.margin:+.0f} for {who}")
    elif o.ends >= SURE:
        parts.append(f"ends the hand: {o.margin:+.0f} for {who}")
    elif abs(o.gain) >= 0.5:
        parts.append(f"{o.gain:+.0f} on {who}'s standing now")
    if best_win - o.win >= 0.005:
        parts.append(f"{(best_win - o.win) * 100:.0f} points of win chance below the best")
    elif rank == 0:
        parts.append("the search's first choice")
    elif first:
        parts.append(f"won most often in {o.count} playouts")
    else:
        parts.append(f"won as often as the best in {o.count} playouts")
    return "; ".join(parts)
