"""Game records (SPEC ``tablerummy/1``): reading, validating and replaying them.

A record is the one format of replays, saved games and test scenarios; reading one
never raises anything but :class:`RecordError` with a one-line message.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import RecordError, TablerummyError
from .game import RECORD_FORMAT, Game
from .notation import MAX_ACTION_CHARS
from .userinput import conversion_problem, read_user_text, shown
from .variant import get_variant


@dataclass
class Replay:
    """A replayed record: the game as far as it went, and the first illegal action if any."""

    game: Game
    played_hands: int
    error: dict[str, Any] | None = None


def load_json(path: str | Path) -> Any:
    text = read_user_text(path, RecordError)
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise RecordError(f"{path} is not JSON: {err.msg} at line {err.lineno}") from None
    except ValueError as err:  # e.g. an integer too long to convert
        raise RecordError(f"{path} is not a usable record: {conversion_problem(err)}") from None
    except RecursionError:
        raise RecordError(f"{path} is nested too deeply to be a game record") from None


def _field(data: dict[str, Any], key: str, kind: type | tuple[type, ...], default: Any) -> Any:
    value = data.get(key, default)
    if value is default:
        return value
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise RecordError(f"record field {key!r} has the wrong type")
    return value


def game_from_record(data: Any, log: bool = False) -> tuple[Game, list[list[Any]]]:
    """A fresh game set up as the record says, and each hand's action texts."""
    if not isinstance(data, dict):
        raise RecordError("a game record is a JSON object")
    fmt = data.get("format", RECORD_FORMAT)
    if fmt != RECORD_FORMAT:
        raise RecordError(f"unknown record format {shown(fmt)} (expected {RECORD_FORMAT!r})")
    variant_name = data.get("variant")
    if not isinstance(variant_name, str):
        raise RecordError("record field 'variant' is missing or not text")
    options = _field(data, "options", dict, {})
    cards = _field(data, "cards", (dict, str), None)
    if isinstance(cards, str):
        from .cardtables import NAMED_TABLES, named_cards

        name = cards
        cards = named_cards(variant_name, name)
        if cards is None:
            shipped = ", ".join(NAMED_TABLES.get(variant_name, {})) or "none"
            raise RecordError(f"record field 'cards' names no table of {shown(variant_name)}: "
                              f"{shown(name)} (tables shipped: {shipped})")
    seed = _field(data, "seed", int, 0)
    first_dealer = _field(data, "first_dealer", int, None)
    hands = _field(data, "hands", list, [])
    decks: list[list[str] | None] = []
    actions: list[list[Any]] = []
    for i, hand in enumerate(hands):
        if not isinstance(hand, dict):
            raise RecordError(f"hand {i} is not a JSON object")
        deck = hand.get("deck")
        if deck is not None and (
            not isinstance(deck, list) or not all(isinstance(c, str) for c in deck)
        ):
            raise RecordError(f"hand {i}: 'deck' must be a list of card ids")
        moves = hand.get("actions", [])
        if not isinstance(moves, list):
            raise RecordError(f"hand {i}: 'actions' must be a list of action texts")
        decks.append(deck)
        actions.append(moves)
    try:
        variant = get_variant(variant_name, options, cards=cards)
        game = Game(variant, seed=seed, first_dealer=first_dealer, decks=decks, log=log)
    except RecordError:
        raise
    except TablerummyError as err:
        raise RecordError(str(err)) from None
    return game, actions


def _failure(hand: int, index: int, text: Any, why: str) -> dict[str, Any]:
    if isinstance(text, str):
        echo = text
    elif text is None or isinstance(text, (bool, float)) or (
            isinstance(text, int) and text.bit_length() < 200):
        echo = json.dumps(text)
    else:  # a list or object is named, flat: it may be nested deeper than json can print
        echo = shown(text)
    return {"ok": False, "hand": hand, "index": index, "action": echo, "error": why}


def replay(data: Any, log: bool = False) -> Replay:
    """Replay a record action by action; stop at the first illegal one (nothing after it)."""
    game, hands = game_from_record(data, log=log)
    for h, moves in enumerate(hands):
        for i, text in enumerate(moves):
            why = None
            if game.game_over:
                why = "the game is over"
            elif len(game.hands) - 1 != h:
                why = f"hand {h} is already over"
            elif not isinstance(text, str):
                why = "an action is text"
            elif len(text) > MAX_ACTION_CHARS:
                raise RecordError(f"hand {h}, action {i}: an action text is at most "
                                  f"{MAX_ACTION_CHARS:,} characters, not {len(text):,}")
            else:
                try:
                    game.apply(text)
                except TablerummyError as err:
                    why = str(err)
            if why is not None:
                return Replay(game, h + 1, _failure(h, i, text, why))
        if h + 1 < len(hands) and len(game.hands) - 1 == h and not game.game_over:
            raise RecordError(f"hand {h} is unfinished, but the record has more hands")
    return Replay(game, len(hands))
