"""Helpers shared by the variants' lenient parsers: tokens and unique prefixes."""

from __future__ import annotations

from collections.abc import Iterable

from .errors import NotationError


def tokens(text: str) -> list[str]:
    """Lower-case words of an action text; commas, underscores and extra spaces forgiven."""
    if not isinstance(text, str):
        raise NotationError(f"an action is text, not {type(text).__name__}")
    cleaned = text.replace(",", " ").replace("_", "-").lower()
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
        raise NotationError(f"{word!r} is not a {what}")
    raise NotationError(f"{word!r} is ambiguous: {', '.join(sorted(hits))}")


def seat_token(word: str, players: int) -> int:
    """``p2`` or ``2`` as a seat number within the table."""
    digits = word[1:] if word.startswith("p") else word
    if not digits.isdigit() or int(digits) >= players:
        raise NotationError(f"{word!r} is not a seat (p0 … p{players - 1})")
    return int(digits)
