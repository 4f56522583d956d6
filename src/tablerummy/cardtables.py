"""Card-value tables by scale, and the named tables shipped with tablerummy.

The printed card values of ``capone`` and ``ripper`` are not public, so tablerummy's
defaults are its own, the project's published card table (``docs/rules-capone.md``,
``docs/rules-ripper.md``) that every record, scenario and conformance check is scored
with.  The variant lab's calibration
(:mod:`tablerummy.lab.calibrate`) found tables that make games as long as the rulebooks
say; they ship under a name, so ``--cards calibrated`` plays them without a file.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from .errors import OptionError
from .ripper.cards import VICTIMS
from .userinput import shown

NAMED_TABLES: dict[str, dict[str, tuple[float, dict[str, dict[str, int]]]]] = {
    "capone": {"calibrated": (0.5, {})},
    "ripper": {"calibrated": (0.75, {victim: {"points": 1} for victim in VICTIMS})},
}
"""Per variant, the tables that ``--cards NAME`` names: a scale of the defaults (rounded
as :func:`scaled_cards` does), then the values that replace the scaled ones.  Greedy
against greedy, 500 deals per player count (``docs/lab/README.md``):

- ``capone`` ``calibrated`` — every value halved: games last 5.77 hands with 2 players,
  6.84 with 3 and 4.05 with 4 in teams, inside the rulebook's "usually 4–7" at every
  count (the defaults: 3.54, 4.07, 2.36);
- ``ripper`` ``calibrated`` — values × 0.75 and the Victims at 1: 3.07 hands with 2
  players, 3.64 with 3, 4.74 with 4, inside "usually between 3 and 5" (the defaults:
  2.59, 3.25, 4.12).  No single scale fits: the counts pull apart, and rounding jumps
  from 2.91 / 4.77 (× 0.75) to 3.68 / 6.00 (× 0.7); a Victim at 1 lands between.
"""


def _tables() -> dict[str, tuple[Mapping[str, Mapping[str, int]], tuple[str, ...],
                                 frozenset[tuple[str, str]]]]:
    """Per variant: the default table, the keys that are values, the rulebook's facts."""
    from .capone.cards import DEFAULT_TABLE as CAPONE
    from .ripper.cards import DEFAULT_TABLE as RIPPER
    from .ripper.cards import FACTS as RIPPER_FACTS

    return {"capone": (CAPONE, ("points", "set"), frozenset()),
            "ripper": (RIPPER, ("points",), RIPPER_FACTS)}


def scaled_cards(variant: str, scale: float) -> dict[str, dict[str, int]]:
    """tablerummy's card values times ``scale``, rounded (halves up), as a ``--cards`` table.

    The rulebook's numbers are left out (they stay as printed); a value of at least 1
    stays at least 1 (a card in a play area must score).
    """
    tables = _tables()
    if variant not in tables:
        raise OptionError(f"calibration knows capone and ripper, not {shown(variant)}")
    if not 0 < scale <= 100:
        raise OptionError(f"a scale must be above 0 and at most 100, not {scale:g}")
    table, keys, facts = tables[variant]
    out: dict[str, dict[str, int]] = {}
    for kind, entry in table.items():
        values = {key: max(1, math.floor(value * scale + 0.5)) if value >= 1 else value
                  for key, value in entry.items() if key in keys and (kind, key) not in facts}
        if values:
            out[kind] = values
    return out


def named_cards(variant: str, name: str) -> dict[str, dict[str, int]] | None:
    """The table that ``--cards NAME`` names for ``variant``, or None if it names none."""
    named = NAMED_TABLES.get(variant, {}).get(name.strip().lower())
    if named is None:
        return None
    scale, replaced = named
    table = scaled_cards(variant, scale)
    for kind, values in replaced.items():
        table[kind] = {**table.get(kind, {}), **values}
    return table


def cards_toml(cards: Mapping[str, Mapping[str, int]]) -> str:
    """A ``--cards`` table as TOML (the format ``--cards FILE`` reads by default)."""
    lines = []
    for kind, values in cards.items():
        lines.append(f'["{kind}"]')
        lines.extend(f"{key} = {value}" for key, value in values.items())
        lines.append("")
    return "\n".join(lines)
