"""Card-value tables by scale, and the named tables shipped with tablerummy.

Each family says which values its variants can be played with (its plug-in's
:meth:`~tablerummy.family.Family.card_tables`); this module reads them for every variant.

The printed card values of ``capone`` and ``ripper`` are not public, so tablerummy's
defaults are its own: since 2026-12-03 the values the variant lab calibrated
(:mod:`tablerummy.lab.calibrate`, ``docs/lab/README.md``), with which games last as long
as the rulebooks say.  The table they replaced ships under a name, ``--cards classic``,
so that games played with it replay and score as they were played.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping
from typing import TypeVar

from .errors import OptionError
from .family import CardTables
from .userinput import shown

T = TypeVar("T")


class PerVariant(Mapping[str, T]):
    """Variant name → one fact of its :class:`~tablerummy.family.CardTables`, for the
    variants that have it: read from each family's plug-in when asked, so that looking up
    one variant imports only its family (listing them imports every family)."""

    def __init__(self, read: Callable[[CardTables], T | None]) -> None:
        self._read = read

    def __getitem__(self, variant: str) -> T:
        tables = card_tables(variant)
        value = None if tables is None else self._read(tables)
        if not value:
            raise KeyError(variant)
        return value

    def __iter__(self) -> Iterator[str]:
        from .registry import variant_names

        return iter([name for name in variant_names() if name in self])

    def __len__(self) -> int:
        return sum(1 for _ in self)


def card_tables(variant: str) -> CardTables | None:
    """The card tables of ``variant`` (its family's), None for a variant without any or
    not installed."""
    from .registry import family_of, variant_names

    if variant not in variant_names():
        return None
    return family_of(variant).card_tables(variant)


NAMED_TABLES: Mapping[str, Mapping[str, Mapping[str, Mapping[str, int]]]] = PerVariant(
    lambda tables: tables.named)
"""Per variant, the tables that ``--cards NAME`` names, as ``--cards`` files would hold
them (each family's :attr:`CardTables.named <tablerummy.family.CardTables.named>`)."""


def scaled_cards(variant: str, scale: float,
                 base: Mapping[str, Mapping[str, int]] | None = None) -> dict[str, dict[str, int]]:
    """tablerummy's card values (with ``base``, a ``--cards`` table, applied) times
    ``scale``, rounded (halves up), as a ``--cards`` table.

    The rulebook's numbers are not scaled (they stay as printed, or as ``base`` sets
    them), nor are the settings that are no values (a suspect's order); a value of at
    least 1 stays at least 1 (a card in a play area must score).
    """
    tables = card_tables(variant)
    if tables is None:
        from .registry import variant_names

        known = " and ".join(name for name in variant_names() if card_tables(name))
        raise OptionError(f"calibration knows {known}, not {shown(variant)}")
    if not 0 < scale <= 100:
        raise OptionError(f"a scale must be above 0 and at most 100, not {scale:g}")
    if base:
        from .variant import get_variant

        get_variant(variant, cards=base)  # the engine's checks, with their one-line errors
    defaults, keys, facts = tables.default, tables.keys, tables.facts
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
