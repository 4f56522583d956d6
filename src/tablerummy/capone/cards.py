"""Al Capone's cards: ids, copies and values, as one table a user can override.

The printed point values are not public; the defaults here are tablerummy's (see
docs/rules-capone.md).  ``--cards FILE`` replaces any of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..mystery import check_overrides

GANGSTERS: tuple[str, ...] = (
    "al-capone",
    "murray-humphreys",
    "ralph-capone",
    "jake-guzik",
    "jack-mcgurn",
    "johnny-torrio",
    "frank-nitti",
    "william-white",
    "samuel-hunt",
    "fred-burke",
    "mike-heitler",
)
GAVELS: tuple[str, ...] = ("agent-meeting", "search-warrant", "eliot-ness", "raid")
KINDS: tuple[str, ...] = GANGSTERS + GAVELS
"""Every card kind; a kind's index is its number in hands and areas (count arrays)."""

NG = len(GANGSTERS)
NK = len(KINDS)
REVEAL_COUNT = 7
"""The cards of the stock Reveal Seven shows."""
AGENT_MEETING, SEARCH_WARRANT, ELIOT_NESS, RAID = range(NG, NK)
AL_CAPONE = 0

NAMES: dict[str, str] = {
    "al-capone": "Al Capone",
    "murray-humphreys": "Murray Humphreys",
    "ralph-capone": "Ralph Capone",
    "jake-guzik": "Jake Guzik",
    "jack-mcgurn": "Jack McGurn",
    "johnny-torrio": "Johnny Torrio",
    "frank-nitti": "Frank Nitti",
    "william-white": "William White",
    "samuel-hunt": "Samuel Hunt",
    "fred-burke": "Fred Burke",
    "mike-heitler": "Mike Heitler",
    "agent-meeting": "Agent Meeting",
    "search-warrant": "Search Warrant",
    "eliot-ness": "Eliot Ness",
    "raid": "Raid",
}

# copies are facts of the rulebook; points and set values are tablerummy's defaults
DEFAULT_TABLE: dict[str, dict[str, int]] = {
    "al-capone": {"copies": 8, "points": 3, "set": 38},
    "murray-humphreys": {"copies": 7, "points": 2, "set": 20},
    "ralph-capone": {"copies": 7, "points": 2, "set": 20},
    "jake-guzik": {"copies": 7, "points": 2, "set": 20},
    "jack-mcgurn": {"copies": 7, "points": 2, "set": 20},
    "johnny-torrio": {"copies": 6, "points": 2, "set": 19},
    "frank-nitti": {"copies": 6, "points": 2, "set": 19},
    "william-white": {"copies": 6, "points": 2, "set": 18},
    "samuel-hunt": {"copies": 5, "points": 2, "set": 15},
    "fred-burke": {"copies": 5, "points": 2, "set": 15},
    "mike-heitler": {"copies": 4, "points": 3, "set": 14},
    "agent-meeting": {"copies": 5},
    "search-warrant": {"copies": 5},
    "eliot-ness": {"copies": 5},
    "raid": {"copies": 3},
}
"""The values the variant lab calibrated (``docs/lab/README.md``): greedy games last
5.8 hands with 2 players, 6.9 with 3 and 4.1 with 4 in teams, inside the rulebook's
"usually 4-7"; a complete set is worth more the more copies it has, and a complete Al
Capone set 38 (public sources: at most 73).  tablerummy's first table, every value
about twice these, is ``--cards classic`` (:data:`CLASSIC_TABLE`)."""


CLASSIC_TABLE: dict[str, dict[str, int]] = {
    "al-capone": {"points": 5, "set": 75},
    **{kind: {"points": 3, "set": 40} for kind in (
        "murray-humphreys", "ralph-capone", "jake-guzik", "jack-mcgurn")},
    **{kind: {"points": 4, "set": 40} for kind in ("johnny-torrio", "frank-nitti")},
    "william-white": {"points": 3, "set": 35},
    **{kind: {"points": 4, "set": 30} for kind in ("samuel-hunt", "fred-burke")},
    "mike-heitler": {"points": 5, "set": 30},
}
"""``--cards classic``, as a ``--cards`` file would hold it: tablerummy's first table
(until 2026-12-03).  With it greedy games last 3.5 hands (2 players), 4.1 (3) and 2.4
(4 in teams): shorter than the rulebook's "usually 4–7"."""


@dataclass(frozen=True)
class CardTable:
    """Copies, per-card points and complete-set values, indexed by kind."""

    copies: tuple[int, ...]
    points: tuple[int, ...]
    set_value: tuple[int, ...]

    @classmethod
    def build(cls, overrides: Mapping[str, Any] | None = None) -> CardTable:
        """The default table with ``overrides`` (``{id: {"points": n, "set": n}}``) applied.

        Copies are facts of the physical deck and cannot be overridden.
        """
        table = check_overrides(
            "capone", DEFAULT_TABLE, overrides,
            lambda kind: ("points", "set") if kind in GANGSTERS else (), lambda kind, key: 0,
        )
        return cls(
            copies=tuple(table[k]["copies"] for k in KINDS),
            points=tuple(table[k].get("points", 0) for k in KINDS),
            set_value=tuple(table[k].get("set", 0) for k in KINDS),
        )

    def area_points(self, kind: int, count: int) -> int:
        """Points of ``count`` cards of a gangster in one area.

        A complete set scores its set value instead of its cards' points.
        """
        if count == self.copies[kind]:
            return self.set_value[kind]
        return count * self.points[kind]


DEFAULT_CARDS = CardTable.build()
