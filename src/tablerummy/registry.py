"""The one registry of game families, filled from the ``tablerummy.variants`` entry points.

Each entry names a variant and points at its family's :class:`~tablerummy.family.Family`
object (``fortune = "tablerummy.oklahoma.plugin:FAMILY"``).  tablerummy's own families
are registered the same way, in its ``pyproject.toml``, so a package installed beside it
adds a game with no change here: ``importlib.metadata`` finds its entry points.

Loading is lazy and per variant: asking for ``capone`` loads that entry point only, so a
command imports only the family it plays.  The entry points are read once per process
(:func:`reload` reads them again, for tests that install a family while running).
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import EntryPoint, entry_points

from .errors import OptionError
from .family import Family
from .userinput import shown
from .variant import Variant

GROUP = "tablerummy.variants"


@cache
def _entries() -> dict[str, EntryPoint]:
    """Variant name → its entry point (the first installed, when two claim one name)."""
    found: dict[str, EntryPoint] = {}
    for point in entry_points(group=GROUP):
        found.setdefault(point.name.lower(), point)
    return found


@cache
def _load(name: str) -> Family:
    family = _entries()[name].load()
    if not isinstance(family, Family):
        raise OptionError(f"the entry point of variant {shown(name)} is not a tablerummy Family")
    return family


def reload() -> None:
    """Read the entry points again (after installing or removing a family)."""
    _entries.cache_clear()
    _load.cache_clear()
    _FOUND.clear()
    _variant_class.cache_clear()


def variant_names() -> list[str]:
    """Every installed variant, sorted."""
    return sorted(_entries())


def family_of(variant: str | Variant) -> Family:
    """The family that plays ``variant`` (a name or a variant)."""
    name = variant if isinstance(variant, str) else variant.name
    family = _FOUND.get(name)
    if family is None:
        key = name.lower()
        if key not in _entries():
            raise OptionError(
                f"unknown variant {shown(name)} (variants: {', '.join(variant_names())})")
        family = _FOUND[name] = _load(key)
    return family


_FOUND: dict[str, Family] = {}
"""Each name asked for → its family: the front ends ask once per view and per move, so
the answer is one dictionary look-up (a micro-second saved each time)."""


def families() -> list[Family]:
    """Every installed family, once each, in the order of their first variant."""
    seen: dict[str, Family] = {}
    for name in variant_names():
        family = _load(name)
        seen.setdefault(family.name, family)
    return list(seen.values())


@cache
def _variant_class(name: str) -> type[Variant]:
    for cls in family_of(name).variants():
        if cls.name == name:
            return cls
    raise OptionError(f"the family of variant {shown(name)} does not play it")


def variant_class(name: str) -> type[Variant]:
    """The class of variant ``name``; a one-line :class:`OptionError` when none is installed."""
    family_of(name)  # the error for an unknown name
    return _variant_class(name.lower())
