"""``tablerummy verify``: replay a record and report what it reaches (SPEC)."""

from __future__ import annotations

from typing import Any

from .records import replay


def verify(data: Any, reveal: bool = False) -> tuple[dict[str, Any], int]:
    """The JSON object ``verify`` prints and its exit status (0, or 1 for an illegal action).

    Raises :class:`RecordError` for a record that cannot be read at all (exit status 2).
    """
    result = replay(data)
    if result.error is not None:
        return result.error, 1
    game = result.game
    hands: list[dict[str, Any]] = []
    for h in game.hands[: max(result.played_hands, 1)]:
        state = h.final if h.final is not None else game.state
        entry: dict[str, Any] = {
            "complete": h.scores is not None,
            "end": state.end,
            "scores": h.scores,
        }
        entry.update(state.hand_report())
        hands.append(entry)
    out: dict[str, Any] = {
        "ok": True,
        "variant": game.variant.name,
        "sides": [list(side) for side in game.variant.sides],
        "hands": hands,
        "totals": list(game.totals),
        "game_over": game.game_over,
        "winner": game.winner,
        "to_act": game.to_act,
        "legal": game.legal_texts(),
    }
    if reveal:
        out["state"] = game.state.reveal()
    return out, 0
