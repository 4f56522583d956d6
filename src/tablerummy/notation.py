"""Helpers shared by the variants' lenient parsers: tokens and unique prefixes."""

from __future__ import annotations

from collections.abc import Iterable

from .errors import NotationError
from .userinput import is_digits, shown

MAX_ACTION_CHARS = 10_000
"""The longest action text any parser reads (SPEC): the longest real action is a few
hundred characters, and a megabyte of text would otherwise take seconds to refuse."""


def checked_text(text: object) -> str:
    """``text`` if it may be an action at all: text of at most :data:`MAX_ACTION_CHARS`.

    Every variant's parser calls this first, so that the terminal, records and the web
    refuse an oversized text in one line before any work is spent on it.
    """
    if not isinstance(text, str):
        raise NotationError(f"an action is text, not {type(text).__name__}")
    if len(text) > MAX_ACTION_CHARS:
        raise NotationError(
            f"an action text is at most {MAX_ACTION_CHARS:,} characters, not {len(text):,}"
        )
    return text


def tokens(text: str) -> list[str]:
    """Lower-case words of an action text; commas, underscores and extra spaces forgiven."""
    cleaned = checked_text(text).replace(",", " ").replace("_", "-").lower()
    return cleaned.split()


def match(word: str, choices: Iterable[str], what: str) -> str:
    """The one choice equal to ``word`` or, failing that, starting with it."""
    options = list(choices)
    if word in options:
        return word
    hits = [c for c in options if c.startswith(word)]
    if len(hits) == 1:
        return hits[0]
    if not hits:
        raise NotationError(f"{shown(word)} is not a {what}")
    raise NotationError(f"{shown(word)} is ambiguous: {', '.join(sorted(hits))}")


def seat_token(word: str, players: int) -> int:
    """``p2`` or ``2`` as a seat number within the table (ASCII digits only: not ``p²``)."""
    digits = word[1:] if word.startswith("p") else word
    if not is_digits(digits) or len(digits) > 3 or int(digits) >= players:
        raise NotationError(f"{shown(word)} is not a seat (p0 … p{players - 1})")
    return int(digits)
