"""``variants``, ``rules`` and ``verify``: the commands that only read.

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
