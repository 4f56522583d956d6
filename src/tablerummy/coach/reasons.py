"""The one-line reason of a hint, from facts every family has.

A reason says what the move changes for the seat's side, in the order a person weighs it:
the game won, the hand ended and by how much, points put on the side's standing now
(the family's :meth:`~tablerummy.family.SearchHooks.standing`, which every search
already reads); then where the move stands against the search's first choice.  The move
itself is said in the family's words beside it (the hint's ``words``) and the margin has
its own number, so no family needs a hook here.
"""

from __future__ import annotations

from .playouts import Outlook, beyond_noise

SURE = 0.999
"""A share of positions counted as all of them (playouts are averaged in floats)."""


def reason(outlook: Outlook, first: Outlook, rank: int, who: str = "your side") -> str:
    """Why this move, in one line (``"ends the hand: +38 for your side"``); ``rank`` is
    its place in the search's order (0: the search's first choice, ``first``).  A
    difference of win chance with the first is told only when the paired playouts can
    tell it from their noise (:func:`~.playouts.beyond_noise`, the rule of an analysis's
    losses); else the two are as good as each other within it."""
    o = outlook
    parts = []
    if o.ends >= SURE and o.win >= SURE:
        parts.append(f"ends the hand and wins the game: {o.margin:+.0f} for {who}")
    elif o.ends >= SURE:
        parts.append(f"ends the hand: {o.margin:+.0f} for {who}")
    elif abs(o.gain) >= 0.5:
        parts.append(f"{o.gain:+.0f} on {who}'s standing now")
    gap = (first.win - o.win) * 100
    if rank == 0:
        parts.append("the search's first choice")
    elif gap >= 0.5 and beyond_noise(first.wins, o.wins):
        parts.append(f"{gap:.0f} points of win chance below the first")
    elif gap <= -0.5 and beyond_noise(o.wins, first.wins):
        parts.append(f"won {-gap:.0f} points more often in {o.count} playouts, "
                     "but the search prefers the first")
    else:
        parts.append(f"as good as the first within the noise of {o.count} playouts")
    return "; ".join(parts)
