"""Jack the Ripper's cards: ids, copies, points and suspect order, as one overridable table.

The rulebook's card-by-card section is missing and the printed numbers are not public;
the defaults here are tablerummy's (see docs/rules-ripper.md).  ``--cards FILE`` replaces
any of them, so that a table holding the physical cards can play with the printed values.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import OptionError
from ..mystery import check_overrides

SUSPECTS: tuple[str, ...] = ("druitt", "prince-eddy", "gull", "chapman", "pedachenko", "jill")
ALIBI_SUSPECTS: tuple[str, ...] = SUSPECTS[:5]  # Jill the Ripper has no Alibi
VICTIMS: tuple[str, ...] = (
    "victim-nichols", "victim-chapman", "victim-stride", "victim-eddowes", "victim-kelly",
)
SCENES: tuple[str, ...] = (
    "scene-bucks-row", "scene-hanbury-street", "scene-berner-street", "scene-mitre-square",
    "scene-millers-court",
)  # SCENES[v] is the scene of VICTIMS[v]

KINDS: tuple[str, ...] = (
    *SUSPECTS,
    "letters",
    "wild",
    *(f"suspect-{s}" for s in SUSPECTS),
    *(f"alibi-{s}" for s in ALIBI_SUSPECTS),
    *VICTIMS,
    *SCENES,
    "commissioner-resigns",
    "ripper-strikes",
    "ripper-escapes",
)
"""Every card kind; a kind's index is its place in hands and areas (count arrays)."""

NS = len(SUSPECTS)  # 6 suspects: kinds 0 … 5 are their Evidence cards
LETTERS = NS  # 6
WILD = NS + 1  # 7
NE = NS + 1  # Evidence kinds a meld can be of: the suspects and Letters
SUSPECT = NS + 2  # + s: the Suspect card of suspect s
ALIBI = SUSPECT + NS  # + a: the Alibi of suspect a (a < 5)
NA = len(ALIBI_SUSPECTS)
VICTIM = ALIBI + NA  # + v
SCENE = VICTIM + len(VICTIMS)  # + v
NV = len(VICTIMS)
COMMISSIONER = SCENE + NV
STRIKES = COMMISSIONER + 1
ESCAPES = STRIKES + 1
NK = len(KINDS)
GAVEL_KINDS: tuple[int, ...] = tuple(range(SUSPECT, ESCAPES))
"""Gavel cards: one a turn (Ripper Escapes is a card of its own, not a Gavel card)."""

assert NK == ESCAPES + 1 == 32

NAMES: dict[str, str] = {
    "druitt": "Montague Druitt",
    "prince-eddy": "Prince Albert Victor (Eddy)",
    "gull": "Sir William Gull",
    "chapman": "George Chapman",
    "pedachenko": "Dr. Pedachenko",
    "jill": "Jill the Ripper",
    "letters": "Letters",
    "wild": "Wild Evidence",
    "victim-nichols": "Victim: Mary Ann Nichols",
    "victim-chapman": "Victim: Annie Chapman",
    "victim-stride": "Victim: Elizabeth Stride",
    "victim-eddowes": "Victim: Catherine Eddowes",
    "victim-kelly": "Victim: Mary Jane Kelly",
    "scene-bucks-row": "Scene: Buck's Row",
    "scene-hanbury-street": "Scene: Hanbury Street",
    "scene-berner-street": "Scene: Berner Street",
    "scene-mitre-square": "Scene: Mitre Square",
    "scene-millers-court": "Scene: Miller's Court",
    "commissioner-resigns": "Commissioner Resigns",
    "ripper-strikes": "Ripper Strikes",
    "ripper-escapes": "Ripper Escapes",
}
for _s in SUSPECTS:
    NAMES[f"suspect-{_s}"] = f"Suspect: {NAMES[_s]}"
for _s in ALIBI_SUSPECTS:
    NAMES[f"alibi-{_s}"] = f"Alibi: {NAMES[_s]}"


def _default_table() -> dict[str, dict[str, int]]:
    table: dict[str, dict[str, int]] = {}
    for order, s in enumerate(SUSPECTS, start=1):
        table[s] = {"copies": 5, "points": 2, "order": order}
    table["letters"] = {"copies": 4, "points": 3}
    table["wild"] = {"copies": 2}
    for s in SUSPECTS:
        table[f"suspect-{s}"] = {"copies": 1, "points": 4}
    for s in ALIBI_SUSPECTS:
        table[f"alibi-{s}"] = {"copies": 1, "points": 4}
    for kind in VICTIMS:
        table[kind] = {"copies": 1, "points": 1}
    for kind in SCENES:
        table[kind] = {"copies": 1, "points": 2}
    table["commissioner-resigns"] = {"copies": 2}
    table["ripper-strikes"] = {"copies": 2}
    table["ripper-escapes"] = {"copies": 1, "points": 35, "penalty": 2}
    return table


DEFAULT_TABLE: dict[str, dict[str, int]] = _default_table()
"""Copies are facts; so are Letters' 3 points and Ripper Escapes' 35 and −2 a Victim.
Every other number is tablerummy's default (see :data:`FACTS`): the values the variant
lab calibrated (``docs/lab/README.md``), with which greedy games last 3.1 hands with 2
players, 3.6 with 3 and 4.7 with 4, inside the rulebook's "usually between 3 and 5".
tablerummy's first table (Suspects and Alibis 5, Victims and Scenes 3) is ``--cards
classic`` (:data:`CLASSIC_TABLE`)."""

FACTS: frozenset[tuple[str, str]] = frozenset(
    {("letters", "points"), ("ripper-escapes", "points"), ("ripper-escapes", "penalty")}
)
"""The (card, value) pairs the rulebook states; the rest are the project's readings."""


CLASSIC_TABLE: dict[str, dict[str, int]] = {
    **{f"suspect-{suspect}": {"points": 5} for suspect in SUSPECTS},
    **{f"alibi-{suspect}": {"points": 5} for suspect in ALIBI_SUSPECTS},
    **{kind: {"points": 3} for kind in (*VICTIMS, *SCENES)},
}
"""``--cards classic``, as a ``--cards`` file would hold it: tablerummy's first table
(until 2026-12-03).  With it greedy games last 2.6 hands (2 players), 3.3 (3) and 4.1
(4): shorter than the rulebook's "usually between 3 and 5"."""


def _settable(kind: str) -> tuple[str, ...]:
    """The values a ``--cards`` file may change for ``kind``.

    Wild Evidence scores as the card it stands for; Commissioner Resigns and Ripper
    Strikes are 0-point cards that go to Scotland Yard (giving them points would move
    them into the play area and change the game, not just the numbers).
    """
    if kind in SUSPECTS:
        return ("points", "order")
    if kind == "ripper-escapes":
        return ("points", "penalty")
    if kind in ("wild", "commissioner-resigns", "ripper-strikes"):
        return ()
    return ("points",)


def _minimum(kind: str, key: str) -> int:
    """Cards that lie in a play area must be worth something to be played there."""
    if key == "order" or (key == "points" and KINDS.index(kind) >= SUSPECT):
        return 1
    return 0


@dataclass(frozen=True)
class CardTable:
    """Copies and points indexed by kind; suspect order numbers; the Ripper Escapes values."""

    copies: tuple[int, ...]
    points: tuple[int, ...]
    order: tuple[int, ...]
    """Per suspect: the order number on the card; the lowest wins a tie for the Ripper."""
    escape_penalty: int
    """Ripper Escapes held at the end of a caught or at-large hand: minus this per Victim."""

    @classmethod
    def build(cls, overrides: Mapping[str, Any] | None = None) -> CardTable:
        """The default table with ``overrides`` (``{id: {"points": n, …}}``) applied.

        Copies are facts of the physical deck and cannot be overridden.
        """
        table = check_overrides(
            "ripper", DEFAULT_TABLE, overrides, _settable, _minimum
        )
        order = tuple(table[s]["order"] for s in SUSPECTS)
        if len(set(order)) != NS:
            raise OptionError("--cards: the suspects' order numbers must all differ")
        wild_points = max(table[s]["points"] for s in SUSPECTS)
        points = tuple(
            wild_points if k == "wild" else table[k].get("points", 0) for k in KINDS
        )
        return cls(
            copies=tuple(table[k]["copies"] for k in KINDS),
            points=points,
            order=order,
            escape_penalty=table["ripper-escapes"]["penalty"],
        )


DEFAULT_CARDS = CardTable.build()
