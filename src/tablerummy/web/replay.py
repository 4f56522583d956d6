"""Replays in the browser: one frame of a game record, built on the server.

The page never computes a rule, so stepping through a record means asking the server
for the position after ``step`` actions.  A replay is of a finished game, so a frame
shows every seat's view; frames are rebuilt from the record on each request (records
are small and replaying is fast), which keeps the server stateless for replays.
"""

from __future__ import annotations

from typing import Any

from ..errors import RecordError, TablerummyError
from ..present import table_view
from ..records import game_from_record
from .affordances import card_faces
from .protocol import last_hand_view


def replay_frame(record: Any, step: int) -> dict[str, Any]:
    """The position of ``record`` after ``step`` actions, as every seat sees it."""
    game, hands = game_from_record(record, log=True)
    moves: list[tuple[int, Any]] = [(h, text) for h, texts in enumerate(hands) for text in texts]
    total = len(moves)
    step = max(0, min(step, total))
    error = None
    actor: int | None = None
    for index, (hand, text) in enumerate(moves[:step]):
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
