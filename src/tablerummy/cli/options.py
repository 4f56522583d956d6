"""Reading ``-o key=value`` and ``--cards FILE`` into a variant."""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

from ..errors import OptionError
from ..userinput import conversion_problem, read_user_text, shown
from ..variant import Variant, get_variant


def parse_options(pairs: list[str]) -> dict[str, str]:
    """``-o key=value`` pairs as text; the variant checks and converts the values."""
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"option {shown(pair)} is not KEY=VALUE")
        options[key.strip().lower()] = value.strip()
    return options


def load_cards(variant: str, path: str) -> dict[str, Any]:
    """What ``--cards`` gives: the name of a table shipped for ``variant``
    (:data:`~tablerummy.cardtables.NAMED_TABLES`, e.g. ``classic``), else a card-value
    file, TOML by default, JSON when it ends in .json (``./classic`` reads a file of
    that name).

    Whatever the file holds, the answer is the table or an :class:`OptionError`:
    numbers too long for ``int`` and nesting too deep for the parsers included.
    """
    from ..cardtables import named_cards, tables_named

    named = named_cards(variant, path)
    if named is not None:
        return dict(named)
    name = shown(path)
    shipped = tables_named(path)
    if shipped and not Path(path).exists():
        raise OptionError(f"--cards: {variant} has no table named {name} (it is a table of "
                          f"{', '.join(shipped)}); give a card-value file instead")
    text = read_user_text(path, lambda reason: OptionError(f"--cards: {reason}"))
    import tomllib  # here: only --cards reads TOML, and every command imports this module

    try:
        data = json.loads(text) if path.endswith(".json") else tomllib.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as err:
        raise OptionError(f"--cards: {name} is not valid: {err}") from None
    except ValueError as err:  # an integer too long to convert
        raise OptionError(f"--cards: {name} is not usable: {conversion_problem(err)}") from None
    except RecursionError:
        raise OptionError(f"--cards: {name} is nested too deeply to be a card table") from None
    if not isinstance(data, dict):
        raise OptionError(f"--cards: {name} must hold a table of cards")
    return data


def writable_file(path: str, flag: str) -> None:
    """Refuse, before any work, a file that could not be written at the end: a game
    played for an hour must not be lost to a typo in its ``--save`` path."""
    target = Path(path)
    if "\0" in path or not path.strip():
        raise OptionError(f"{flag}: {shown(path)} is not a file name")
    if target.is_dir():
        raise OptionError(f"{flag}: {shown(path)} is a folder, not a file")
    folder = target.parent
    if not folder.is_dir():
        raise OptionError(f"{flag}: cannot write {shown(path)}: "
                          f"there is no folder {shown(str(folder))}")
    if not os.access(target if target.exists() else folder, os.W_OK):
        raise OptionError(f"{flag}: cannot write {shown(path)}: permission denied")


def variant_from_args(args: argparse.Namespace, **extra: object) -> Variant:
    options: dict[str, object] = dict(parse_options(args.option))
    options.update({k: v for k, v in extra.items() if v is not None})
    cards = load_cards(args.variant, args.cards) if getattr(args, "cards", None) else None
    return get_variant(args.variant, options, cards=cards)
