"""Card-value tables by scale, and the named tables shipped with tablerummy.

The printed card values of ``capone`` and ``ripper`` are not public, so tablerummy's
defaults are its own: since 2026-12-03 the values the variant lab calibrated
(:mod:`tablerummy.lab.calibrate`, ``docs/lab/README.md``), with which games last as long
as the rulebooks say.  The table they replaced ships under a name, ``--cards classic``,
so that games played with it replay and score as they were played.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from .errors import OptionError
from .ripper.cards import ALIBI_SUSPECTS, SCENES, SUSPECTS, VICTIMS
from .userinput import shown

NAMED_TABLES: dict[str, dict[str, dict[str, dict[str, int]]]] = {
    "capone": {"classic": {
        "al-capone": {"points": 5, "set": 75},
        **{kind: {"points": 3, "set": 40} for kind in (
            "murray-humphreys", "ralph-capone", "jake-guzik", "jack-mcgurn")},
        **{kind: {"points": 4, "set": 40} for kind in ("johnny-torrio", "frank-nitti")},
        "william-white": {"points": 3, "set": 35},
        **{kind: {"points": 4, "set": 30} for kind in ("samuel-hunt", "fred-burke")},
        "mike-heitler": {"points": 5, "set": 30},
    }},
    "ripper": {"classic": {
        **{f"suspect-{suspect}": {"points": 5} for suspect in SUSPECTS},
        **{f"alibi-{suspect}": {"points": 5} for suspect in ALIBI_SUSPECTS},
        **{kind: {"points": 3} for kind in (*VICTIMS, *SCENES)},
    }},
}
"""Per variant, the tables that ``--cards NAME`` names, as ``--cards`` files would hold
them.  ``classic`` is tablerummy's first table (until 2026-12-03): with it greedy games
last 3.5 hands (``capone``, 2 players), 4.1 (3) and 2.4 (4 in teams), 2.6 / 3.3 / 4.1
(``ripper``) — shorter than the rulebooks' "usually 4–7" and "between 3 and 5"."""


def _tables() -> dict[str, tuple[Mapping[str, Mapping[str, int]], tuple[str, ...],
                                 frozenset[tuple[str, str]]]]:
    """Per variant: the default table, the keys that are values, the rulebook's facts."""
    from .capone.cards import DEFAULT_TABLE as CAPONE
    from .ripper.cards import DEFAULT_TABLE as RIPPER
    from .ripper.cards import FACTS as RIPPER_FACTS

    return {"capone": (CAPONE, ("points", "set"), frozenset()),
            "ripper": (RIPPER, ("points",), RIPPER_FACTS)}


def scaled_cards(variant: str, scale: float,
                 base: Mapping[str, Mapping[str, int]] | None = None) -> dict[str, dict[str, int]]:
    """tablerummy's card values (with ``base``, a ``--cards`` table, applied) times
    ``scale``, rounded (halves up), as a ``--cards`` table.

    The rulebook's numbers are not scaled (they stay as printed, or as ``base`` sets
    them), nor are the settings that are no values (a suspect's order); a value of at
    least 1 stays at least 1 (a card in a play area must score).
    """
    tables = _tables()
    if variant not in tables:
        raise OptionError(f"calibration knows capone and ripper, not {shown(variant)}")
    if not 0 < scale <= 100:
        raise OptionError(f"a scale must be above 0 and at most 100, not {scale:g}")
    if base:
        from .variant import get_variant

        get_variant(variant, cards=base)  # the engine's checks, with their one-line errors
    defaults, keys, facts = tables[variant]
    out: dict[str, dict[str, int]] = {}
    for kind, entry in defaults.items():
        given = (base or {}).get(kind, {})
        values = {key: max(1, math.floor(value * scale + 0.5)) if value >= 1 else value
                  for key, value in {**entry, **given}.items()
                  if key in keys and (kind, key) not in facts}
        values.update({key: value for key, value in given.items() if key not in values})
        if values:
            out[kind] = values
    return out


def named_cards(variant: str, name: str) -> dict[str, dict[str, int]] | None:
    """The table that ``--cards NAME`` names for ``variant``, or None if it names none."""
    named = NAMED_TABLES.get(variant, {}).get(name.strip().lower())
    return None if named is None else {kind: dict(values) for kind, values in named.items()}


def tables_named(name: str) -> list[str]:
    """The variants that ship a table called ``name``: said when another variant is
    given that name, which would otherwise read as a missing file."""
    return sorted(v for v, tables in NAMED_TABLES.items() if name.strip().lower() in tables)


def cards_toml(cards: Mapping[str, Mapping[str, int]]) -> str:
    """A ``--cards`` table as TOML (the format ``--cards FILE`` reads by default)."""
    lines = []
    for kind, values in cards.items():
        lines.append(f'["{kind}"]')
        lines.extend(f"{key} = {value}" for key, value in values.items())
        lines.append("")
    return "\n".join(lines)
