"""``tablerummy verify``: replay a record and report what it reaches (SPEC)."""

from __future__ import annotations

from typing import Any

from .errors import OptionError
from .game import Game
from .records import replay
from .userinput import is_digits, shown, whole_number


def parse_seat(text: str) -> int:
    """A seat as the user types it for ``--seat``: ``1`` or ``p1`` (ASCII digits only)."""
    digits = text.strip()
    if digits[:1] in ("p", "P"):
        digits = digits[1:]
    seat = whole_number(digits, max_digits=6) if is_digits(digits) else None
    if seat is None:
        raise OptionError(f"--seat takes a seat number such as 0 or p1, not {shown(text)}")
    return seat


def verify(data: Any, reveal: bool = False, seat: int | None = None) -> tuple[dict[str, Any], int]:
    """The JSON object ``verify`` prints and its exit status (0, or 1 for an illegal action).

    ``seat`` adds ``"view"``: that seat's observation at the position reached, exactly
    the dict its bot would receive, and makes ``"legal"`` that seat's own moves (none
    unless it is to act): another seat's moves would spell out its hand.  Raises
    :class:`RecordError` for a record that cannot be read at all and
    :class:`OptionError` for a seat not at the table (exit status 2).
    """
    out, status, _ = verify_game(data, reveal, seat)
    return out, status


def verify_game(data: Any, reveal: bool = False,
                seat: int | None = None) -> tuple[dict[str, Any], int, Game | None]:
    """:func:`verify`, and the replayed game (None at an illegal action), for the
    front ends that draw the position as well (``verify --text``)."""
    result = replay(data)
    if result.error is not None:
        return result.error, 1, None
    game = result.game
    players = game.variant.players
    if seat is not None and not 0 <= seat < players:
        raise OptionError(f"--seat {seat}: there is no seat p{seat} at this table "
                          f"(seats 0 … {players - 1})")
    hands: list[dict[str, Any]] = []
    for h in game.hands[: max(result.played_hands, 1)]:
        state = h.final if h.final is not None else game.state
        entry: dict[str, Any] = {
            "complete": h.scores is not None,
            "end": state.end,
            "scores": h.scores,
        }
        if h.scores is not None:
            entry["breakdown"] = state.breakdown_json()
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
        "legal": game.legal_texts() if seat is None or seat == game.to_act else [],
    }
    if reveal:
        out["state"] = game.state.reveal()
    if seat is not None:
        out["view"] = game.observation(seat)
    return out, 0, game
