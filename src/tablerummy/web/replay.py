"""Replays in the browser: one frame of a game record, built on the server.

The page never computes a rule, so stepping through a record means asking the server
for the position after ``step`` actions.  A replay is of a finished game, so a frame
shows every seat's view; frames are rebuilt from the record on each request, which
keeps the server stateless for replays.

A record is whatever a stranger sends, and replaying one costs CPU in proportion to its
length (a legal 52,000-action record took 2 s, holding the interpreter lock).  So
:class:`Replays` bounds the record's actions, the frames asked per address group and
minute, and how many are replayed at once; each is replayed in the bot pool's worker
processes (:meth:`.botpool.BotPool.run`), never on the event loop, and stops when it
has used ``Settings.replay_seconds`` of CPU.
"""

from __future__ import annotations

import time
from typing import Any

from ..errors import RecordError, TablerummyError
from ..present import table_view
from ..records import game_from_record
from .affordances import card_faces
from .botpool import BotPool
from .limits import QuotaError, RateWindow, Settings
from .protocol import last_hand_view

BUDGET_CHECK = 64
"""Actions replayed between two looks at the CPU clock."""


class OverBudget(Exception):
    """The replay used up its CPU seconds."""


def record_actions(record: Any) -> int:
    """How many actions (and hands) a record holds, counted without replaying it."""
    hands = record.get("hands") if isinstance(record, dict) else None
    if not isinstance(hands, list):
        return 0
    return len(hands) + sum(len(h["actions"]) for h in hands
                            if isinstance(h, dict) and isinstance(h.get("actions"), list))


def replay_job(record: Any, step: int, seconds: float) -> tuple[int, dict[str, Any]]:
    """A frame in a worker: (200, frame), or (400 / 413, {"error": …}) — plain data."""
    try:
        return 200, replay_frame(record, step, seconds)
    except OverBudget:
        return 413, {"error": f"this record takes too long to replay (over {seconds:g} s):"
                              " replay it with tablerummy on your computer"}
    except TablerummyError as err:
        return 400, {"error": str(err)}


class Replays:
    """``POST /api/replay``'s limits and its work in the pool (one per app)."""

    def __init__(self, settings: Settings, pool: BotPool) -> None:
        self.settings = settings
        self.pool = pool
        self.window = RateWindow(settings.replays_per_minute, 60.0)

    async def frame(self, group: str, record: Any, step: int) -> tuple[int, dict[str, Any]]:
        limits = self.settings
        if not self.window.take(group):
            raise QuotaError(f"too many replays from your address (at most"
                             f" {limits.replays_per_minute} a minute): wait a little")
        check_size(record, limits.replay_moves, "replays")
        return await self.pool.job("the server is busy replaying other records: try again"
                                   " soon", replay_job, record, step, limits.replay_seconds)


def check_size(record: Any, most: int, verb: str) -> None:
    """Refuse (413) a record of more than ``most`` actions and hands (0: any)."""
    moves = record_actions(record)
    if most and moves > most:
        raise QuotaError(f"this record has {moves} actions and hands (this server {verb}"
                         f" at most {most})", 413)


def replay_frame(record: Any, step: int, seconds: float = 0.0) -> dict[str, Any]:
    """The position of ``record`` after ``step`` actions, as every seat sees it.

    ``seconds``: the CPU time (of this thread) it may take; past it :class:`OverBudget`.
    """
    game, hands = game_from_record(record, log=True)
    # counted from here: a fresh worker's first record also loads its family's modules,
    # which is not the record's cost (a cold worker refused a short replay for it)
    budget = time.thread_time() + seconds if seconds else None
    moves: list[tuple[int, Any]] = [(h, text) for h, texts in enumerate(hands) for text in texts]
    total = len(moves)
    step = max(0, min(step, total))
    error = None
    actor: int | None = None
    for index, (hand, text) in enumerate(moves[:step]):
        if budget is not None and index % BUDGET_CHECK == 0 and time.thread_time() > budget:
            raise OverBudget
        if not isinstance(text, str):
            error = f"action {index + 1} (hand {hand}) is not text"
        elif game.game_over:
            error = f"action {index + 1} comes after the end of the game"
        else:
            try:
                actor = game.to_act
                game.apply(text)
            except TablerummyError as err:
                error = f"action {index + 1} ({text!r}): {err}"
        if error is not None:
            step = index
            break
    variant = game.variant
    seats = range(variant.players)
    observations = [game.observation(s) for s in seats]
    last = last_hand_view(variant, observations[0])
    return {
        "variant": variant.name,
        "title": variant.title,
        "steps": total,
        "step": step,
        "hand": len(game.hands) - 1,
        "action": moves[step - 1][1] if step > 0 else None,
        "actor": actor if step > 0 else None,
        "next": moves[step][1] if step < total and error is None else None,
        "views": [table_view(variant, obs) for obs in observations],
        "log": game.events(None),
        "last_hand": last,
        "last_hands": [last_hand_view(variant, obs) for obs in observations],
        "error": error,
        "faces": card_faces(variant),
    }


__all__ = ["RecordError", "replay_frame"]
