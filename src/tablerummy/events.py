"""Events in words, written once and read by every seat in its own words.

The engines log each event once (:meth:`HandState._say`): a public text and, for the
seats that may know more (the drawer of a card, the seat asked in an Agent Meeting …),
a private text.  Seats are not written as ``p3`` but with the markers below, so that the
one text reads "you drew …" for seat 3 and "p3 drew …" for everybody else; a partner is
another seat, never "you".  :func:`read` turns a logged text into one reader's words;
``Game.events(seat, hand)`` is what the terminal and the web page show.

Markers are plain characters of Unicode's private use area, so writing an event stays an
f-string and reading one is a single regular-expression pass.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

_OPEN, _CLOSE = "\ue000", "\ue001"
_MARK = re.compile(f"{_OPEN}([SPRHA])([0-9.]+)(?::([^|{_CLOSE}]*)\\|([^{_CLOSE}]*))?{_CLOSE}")

Entry = tuple[str, dict[int, str]]
"""A logged event: (public text, {seat: what that seat reads instead})."""


def who(seat: int) -> str:
    """A seat as the subject or object: "you" for its own reader, else ``pN``."""
    return f"{_OPEN}S{seat}{_CLOSE}"


def whose(seat: int) -> str:
    """A seat's possessive: "your" for its own reader, else ``pN's``."""
    return f"{_OPEN}P{seat}{_CLOSE}"


def their(seat: int) -> str:
    """The possessive of a sentence's subject ``seat``: "your" for it, else "their"."""
    return f"{_OPEN}R{seat}{_CLOSE}"


def verb(seat: int, third: str, second: str) -> str:
    """A verb agreeing with ``seat`` as subject: ``second`` ("have") for its reader."""
    return f"{_OPEN}H{seat}:{third}|{second}{_CLOSE}"


def area_of(seats: Sequence[int]) -> str:
    """A side's play area: "your area" for a reader on that side, else "p1's area" or,
    for a team, "p1 & p3's area"."""
    return f"{_OPEN}A{'.'.join(map(str, seats))}{_CLOSE}"


def side_name(seats: Sequence[int]) -> str:
    """A side by its seats: "p0 & p2", read "you & p2" by p0."""
    return " & ".join(who(s) for s in seats)


def counted(count: int, name: str) -> str:
    """ "Frank Nitti" for one card, "3 Frank Nitti" for more (names are not pluralised)."""
    return name if count == 1 else f"{count} {name}"


def how_many(count: int) -> str:
    """How many cards, without saying which: "no card", "1 card", "2 cards"."""
    return "no card" if not count else f"{count} card" if count == 1 else f"{count} cards"


def listed(names: Iterable[str]) -> str:
    """Card names joined for reading, or "nothing"."""
    names = list(names)
    return ", ".join(names) if names else "nothing"


def read(text: str, reader: int | None) -> str:
    """``text`` in the words of ``reader`` (``None``: a spectator, every seat as ``pN``)."""
    if _OPEN not in text:
        return text

    def word(match: re.Match[str]) -> str:
        kind, seats = match.group(1), match.group(2)
        if kind == "A":
            members = [int(s) for s in seats.split(".")]
            if reader in members:
                return "your team's area" if len(members) > 1 else "your area"
            return " & ".join(f"p{s}" for s in members) + "'s area"
        seat = int(seats)
        mine = seat == reader
        if kind == "S":
            return "you" if mine else f"p{seat}"
        if kind == "P":
            return "your" if mine else f"p{seat}'s"
        if kind == "R":
            return "your" if mine else "their"
        return match.group(4) if mine else match.group(3)

    return _MARK.sub(word, text)


def read_log(log: Iterable[Entry] | None, reader: int | None) -> list[str]:
    """A hand's log as ``reader`` may read it: its private lines where it has one."""
    if not log:
        return []
    if reader is None:
        return [read(public, None) for public, _ in log]
    return [read(private.get(reader, public), reader) for public, private in log]
