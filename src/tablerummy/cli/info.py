"""``variants``, ``bots``, ``rules`` and ``verify``: the commands that only read.

``rich`` is imported by the commands that print with it: ``verify`` prints plain JSON
(unless ``--text``), and scripts run it once per record, so it starts without it."""

from __future__ import annotations

import argparse
import json
import sys

from ..errors import OptionError, RecordError
from ..records import load_json
from ..variant import get_variant, variant_names
from ..verify import parse_seat, verify_game
from .options import variant_from_args


def variants_command() -> int:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    table = Table(title="tablerummy variants")
    table.add_column("variant")
    table.add_column("game")
    table.add_column("options (default)")
    for name in variant_names():
        variant = get_variant(name)
        opts = "\n".join(
            f"{spec.name}={str(spec.default).lower()}  {spec.help}"
            for spec in variant.option_specs
        )
        table.add_row(name, variant.title, opts)
    console.print(table)
    return 0


def rules_command(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.markdown import Markdown

    variant = variant_from_args(args)
    Console().print(Markdown(variant.rules_text()))
    return 0


def verify_command(args: argparse.Namespace) -> int:
    try:
        seat = None if args.seat is None else parse_seat(args.seat)
        data = load_json(args.record)
        out, status, game = verify_game(data, reveal=args.reveal, seat=seat)
    except (RecordError, OptionError) as err:
        print(f"tablerummy verify: {err}", file=sys.stderr)
        return 2
    if args.text:
        from .verify_text import print_verify_text

        print_verify_text(out, game, seat)
    else:
        print(json.dumps(out))
    return status


def bots_command(args: argparse.Namespace) -> int:
    """Every bot a ``--bots`` or ``--seats`` list may name, per variant, with its options:
    read from the bot classes themselves (their docstring's first line and
    :attr:`~tablerummy.bots.Bot.options`), the list ``configure`` accepts."""
    import inspect

    from rich.console import Console
    from rich.table import Table

    from ..bots import bot_class, bot_names

    names = [args.variant] if args.variant else variant_names()
    for name in names:
        get_variant(name)  # an unknown variant: the usual one-line error
    table = Table(title="tablerummy bots (options: NAME:key=value:…)")
    table.add_column("bot")
    table.add_column("variants")
    table.add_column("what it is")
    table.add_column("options (default: meaning)")
    rows: dict[tuple[str, str, str], list[str]] = {}
    for variant in names:
        for bot in bot_names(variant):
            cls = bot_class(bot, variant)
            assert cls is not None
            doc = (inspect.getdoc(cls) or "").partition("\n")[0].replace("``", "")
            options = "\n".join(f"{key}={help_}" for key, help_ in cls.options.items())
            rows.setdefault((bot, doc, options), []).append(variant)
    for (bot, doc, options), variants in sorted(rows.items()):
        table.add_row(bot, ", ".join(variants), doc, options)
    Console().print(table)
    return 0
