"""Hints: the best moves for a seat now, from its own knowledge (``hint`` at the terminal,
the Hint button of the web table)."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from ..errors import IllegalActionError
from ..game import Game
from ..present.words import sayer
from .assess import assess
from .budget import Budget
from .playouts import Table
from .reasons import reason


@dataclass(frozen=True)
class Hint:
    """One suggested move: its notation text, its sentence, the estimated chance that the
    seat's side wins the game (0…1), the hand's expected margin in points (own side
    minus the best other) and a one-line reason."""

    move: str
    words: str
    win: float
    margin: float
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"move": self.move, "words": self.words, "win": round(self.win, 4),
                "margin": round(self.margin, 2), "reason": self.reason}


def table_of(game: Game) -> Table:
    """The public facts of ``game`` the playouts continue from."""
    return Table(tuple(game.totals), game.variant.target, game.hands[-1].dealer)


def hints(game: Game, seat: int, *, budget: Budget | None = None, seed: int | None = None,
          top: int = 3) -> list[Hint]:
    """The ``top`` best moves for ``seat`` now, the search's best first, from its own
    knowledge only.

    It must be ``seat``'s turn (else :class:`IllegalActionError`, a one-line message).
    The true position is read only through a :class:`~tablerummy.bots.Sampler` of the
    seat, so a hint never depends on a card the seat cannot see; with a budget without
    ``seconds`` and a ``seed`` it is reproducible.
    """
    budget = budget or Budget.hint()
    if game.game_over or game.to_act != seat:
        raise IllegalActionError(seat, "hint", "it is not this seat's turn")
    if seed is None:
        seed = secrets.randbits(64)
    variant = game.variant
    assessed = assess(game.state, seat, game.observation(seat), table_of(game), budget,
                      seed, top=top)[:max(1, top)]
    say = sayer(variant)
    best = assessed[0].outlook
    out = []
    for a in assessed:
        text = variant.action_text(a.action)
        out.append(Hint(text, say(text), a.outlook.win, a.outlook.margin,
                        reason(a.outlook, best, a.rank)))
    return out
