"""The websocket protocol of the web table: what a client may send, what a seat receives.

Every message to a seat is built by :func:`seat_message` from that seat's observation
(through the presenter), its events in words and — only when it is that seat's turn —
its legal moves.  The functions here never see a :class:`~tablerummy.game.Game`, so
nothing else can leak onto the wire: no other hand, no stock order, no secret vote.
Spectators get :func:`public_view`, a whitelist of the view's public keys.

The protocol is documented for client authors in ``docs/web.md``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import orjson

from ..errors import TablerummyError
from ..present import View, table_view
from ..userinput import shown
from ..variant import Observation, Variant
from .affordances import affordances, card_faces

MAX_MESSAGE = 4096
"""Longest client message accepted (characters); an action is a line of text."""

MAX_ACTION = 512

PUBLIC_VIEW_KEYS = ("variant", "title", "to_act", "phase", "players", "areas", "piles",
                    "scores", "end", "breakdown")
"""What a spectator sees of a seat's view: everything on the table, nothing in a hand."""

GAME_KEYS = ("sides", "totals", "target", "game_over", "winner", "hand_scores", "hand_number")


class ProtocolError(TablerummyError):
    """A client message that is not valid protocol (as opposed to an illegal move)."""


@dataclass(frozen=True)
class Hello:
    token: str | None


@dataclass(frozen=True)
class Act:
    action: str
    ref: str | int | None
    version: int | None


@dataclass(frozen=True)
class Ping:
    ref: str | int | None


@dataclass(frozen=True)
class Seen:
    """The reader closed the scoring of the ``hand``-th finished hand (bots may go on)."""

    hand: int


@dataclass(frozen=True)
class AskHint:
    """The seat to act asks for the best moves now (a table with hints: web/hints.py)."""

    ref: str | int | None


Message = Hello | Act | Ping | Seen | AskHint


def message_id(text: str | bytes | None) -> str | int | None:
    """The ``id`` of a client message that will not be handled, if it has a valid one."""
    if not isinstance(text, str) or len(text) > MAX_MESSAGE:
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    ref = data.get("id") if isinstance(data, dict) else None
    if isinstance(ref, bool) or not isinstance(ref, str | int) or (
            isinstance(ref, str) and len(ref) > 64):
        return None
    return ref


def parse_client(text: str | bytes | None) -> Message:
    """A client message, or :class:`ProtocolError` saying what is wrong with it."""
    if text is None:
        raise ProtocolError("send JSON text frames, not binary ones")
    if isinstance(text, bytes):
        raise ProtocolError("send JSON text frames, not binary ones")
    if len(text) > MAX_MESSAGE:
        raise ProtocolError(f"message too long ({len(text)} characters, at most {MAX_MESSAGE})")
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise ProtocolError("a message is a JSON object, e.g. "
                            '{"type": "act", "action": "draw stock"}') from None
    except ValueError:  # an integer past Python's 4,300 digits
        raise ProtocolError("a number in the message has too many digits") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message is a JSON object with a \"type\"")
    kind = data.get("type")
    ref = data.get("id")
    if ref is not None and (isinstance(ref, bool) or not isinstance(ref, str | int)
                            or (isinstance(ref, str) and len(ref) > 64)):
        raise ProtocolError("\"id\" is a short string or a number")
    if kind == "hello":
        token = data.get("token")
        if token is not None and (not isinstance(token, str) or len(token) > 128):
            raise ProtocolError("\"token\" is the text the server gave when you joined")
        return Hello(token)
    if kind == "act":
        action = data.get("action")
        if not isinstance(action, str) or not action.strip():
            raise ProtocolError("an act message needs \"action\": the move as text")
        if len(action) > MAX_ACTION:
            raise ProtocolError("that action text is too long to be a move")
        version = data.get("version")
        if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
            raise ProtocolError("\"version\" is the table version the move was chosen at")
        return Act(action.strip(), ref, version)
    if kind == "ping":
        return Ping(ref)
    if kind == "seen":
        hand = data.get("hand")
        if isinstance(hand, bool) or not isinstance(hand, int) or not 0 <= hand < 1 << 31:
            raise ProtocolError("\"hand\" is the number of the finished hand whose scoring"
                                " was read")
        return Seen(hand)
    if kind == "hint":
        return AskHint(ref)
    raise ProtocolError(f"unknown message type {shown(kind)} (hello, act, ping, seen, hint)")


# --- building messages: from one seat's observation only ----------------------------------

def last_hand_view(variant: Variant, obs: Observation) -> View | None:
    """The view of the last finished hand (for the scoring dialog), if there is one."""
    last = obs.get("last_hand")
    if not isinstance(last, dict):
        return None
    merged = dict(last)
    for key in GAME_KEYS:
        if key in obs:
            merged[key] = obs[key]
    merged["to_act"] = None
    view = table_view(variant, merged)
    view["hand_scores"] = last.get("scores")
    view["prompt"] = "the hand is over"
    return view


def public_view(view: View) -> View:
    """A spectator's view: the whitelisted public keys of a seat's view, no hand."""
    public = {key: view[key] for key in PUBLIC_VIEW_KEYS if key in view}
    public.update(seat=None, hand=[], private=[])
    to_act = view.get("to_act")
    if view.get("scores", {}).get("game_over"):
        public["prompt"] = "the game is over"
    elif to_act is None:
        public["prompt"] = "the hand is over"
    else:
        public["prompt"] = f"p{to_act} to act"
    return public


def hand_summary(variant: Variant, obs: Observation, spectator: bool = False) -> View | None:
    """The last finished hand's view (the scoring dialog) as the reader may see it.

    It changes only when a hand ends, so a table builds it once per hand and seat and
    hands it to :func:`seat_message` (``last``).
    """
    last = last_hand_view(variant, obs)
    if spectator and last is not None:
        last = public_view(last) | {"hand_scores": last.get("hand_scores")}
    return last


def seat_message(
    variant: Variant,
    obs: Observation,
    events: list[str],
    legal: Sequence[str] | None,
    table: Mapping[str, Any],
    version: int,
    history: list[list[str]] | None = None,
    spectator: bool = False,
    log_from: int = 0,
    hand_log: list[str] | None = None,
    *,
    faces: Mapping[str, Any] | None = None,
    last: View | Literal["build"] | None = "build",
) -> dict[str, Any]:
    """The ``state`` message for one seat (or, with ``spectator``, for watchers).

    ``obs`` is ``Game.observation(seat)``; ``events`` is ``Game.events(seat)`` (or
    ``events(None)`` for spectators); ``legal`` is given only to the seat to act, each
    move with the controls that offer it (:mod:`.affordances`).  ``hand_log`` is the
    whole of the hand that ended since this connection's last message (its last events
    would otherwise be lost: ``log`` is already the next hand's).

    What a table reuses from message to message may be given instead of built again:
    ``faces`` (:func:`card_faces` of the variant) and ``last`` (:func:`hand_summary` of
    this same reader's observation).
    """
    view = table_view(variant, obs)
    if last == "build":
        last = hand_summary(variant, obs, spectator)
    if spectator:
        view = public_view(view)
    message: dict[str, Any] = {
        "type": "state",
        "version": version,
        "table": dict(table),
        "view": view,
        "legal": affordances(variant, view, legal, faces) if legal is not None else [],
        "log_from": log_from,
        "log": events[log_from:],
        "last_hand": last,
    }
    if history is not None:
        message["history"] = history
    if hand_log is not None:
        message["hand_log"] = hand_log
    return message


def welcome_message(variant: Variant, seat: int | None, table: Mapping[str, Any],
                    faces: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The first message of a connection: its seat, the table and every card's face.

    The faces (names, marks, points: public facts of the variant; ``faces`` if already
    known) come once per connection, not in every state.
    """
    return {"type": "welcome", "seat": seat, "table": dict(table),
            "faces": card_faces(variant) if faces is None else faces}


def error_message(text: str, version: int, ref: str | int | None = None) -> dict[str, Any]:
    message: dict[str, Any] = {"type": "error", "message": text, "version": version}
    if ref is not None:
        message["id"] = ref
    return message


def dumps(message: Mapping[str, Any]) -> str:
    """A message as compact JSON text.

    orjson writes a state message about ten times faster than the standard library
    (serialising was a tenth of the server's CPU per move); what it refuses (an
    integer past 64 bits) is written by the standard library instead.
    """
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except orjson.JSONEncodeError:
        return json.dumps(message, separators=(",", ":"), ensure_ascii=False)
