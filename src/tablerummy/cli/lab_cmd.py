"""``tablerummy lab``: measures of a variant from bots' games (``docs/lab.md``).

Each measure plays duplicate deals (the tournament's seatings and backends), shows a
progress bar on stderr (a terminal only), then prints its tables, or one JSON object
with ``--json``; ``--report DIR`` also writes the HTML report, its figures and the raw
JSON.  Every report shows the command that reproduces it: the measure's settings as
given, without ``--workers`` and the backend, which do not change the results.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..errors import OptionError
from ..lab.seats import LAB_HOOKS
from ..lab.tables import TextTable, shape_tables
from ..simulate import GameResult, Setup, check_setup
from ..tournament import Task, assignments
from ..userinput import shown
from .simulate_cmd import _progress_bar, _setup


def lab_command(args: argparse.Namespace) -> int:
    if args.lab_command == "shape":
        return _shape(args)
    return _skill(args)


def command_line(args: argparse.Namespace, *measure: str) -> str:
    """The command that gives these results again (``measure``: its own flags)."""
    parts = ["tablerummy", "lab", args.lab_command, args.variant]
    for pair in args.option:
        parts += ["-o", pair]
    if args.players is not None:
        parts += ["--players", str(args.players)]
    if args.cards:
        parts += ["--cards", args.cards]
    parts += [*measure, "--games", str(args.games), "--seed", str(args.seed)]
    if args.report:
        parts += ["--report", args.report]
    return shlex.join(parts)


def _report_dir(path: str) -> Path:
    """The report's folder, made now (before any game is played), and matplotlib there."""
    from ..lab.report import check_plotting

    check_plotting()
    folder = Path(path)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise OptionError(f"--report: cannot create {shown(path)}: "
                          f"{err.strerror or err}") from None
    except ValueError:  # a NUL in the path
        raise OptionError(f"--report: cannot create {shown(path)}: not a file name") from None
    return folder


@contextmanager
def _progress(args: argparse.Namespace, setup: Setup, total: int
              ) -> Iterator[Callable[[Task, GameResult], None] | None]:
    """One step per game on a bar on stderr, when it is a terminal and not ``--json``."""
    with ExitStack() as stack:
        if args.json or not sys.stderr.isatty():
            yield None
            return
        advance = _progress_bar(stack, setup, total)
        yield lambda task, result: advance()


def _shape(args: argparse.Namespace) -> int:
    from ..lab.shape import run_shape

    setup = _setup(args)
    variant = check_setup(replace(setup, hooks=LAB_HOOKS), args.games, args.workers)
    setup = Setup(setup.variant, dict(variant.options), setup.bots, setup.seed, setup.cards)
    folder = _report_dir(args.report) if args.report else None
    total = args.games * len(assignments(variant.players, len(setup.bots)))
    with _progress(args, setup, total) as advance:
        shape = run_shape(setup, args.games, args.workers, args.backend, args.ray_address,
                          on_result=advance)
    data = shape.to_json()
    data["command"] = command_line(args, "--bots", args.bots)
    if folder is not None:
        from ..lab.report import shape_report

        shape_report(folder, data)
    if args.json:
        print(json.dumps({k: v for k, v in data.items() if k != "raw"}))
    else:
        _print(shape_tables(data), data, folder)
    return 0


def _skill(args: argparse.Namespace) -> int:
    raise OptionError("lab skill is not written yet")


def _print(tables: list[TextTable], data: dict[str, Any], folder: Path | None) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    options = " ".join(f"{k}={str(v).lower()}" for k, v in data["options"].items())
    console.print(f"[bold]{data['variant']}[/bold] ({options}), bots {', '.join(data['bots'])}:"
                  f" {data['deals']} deals, {data['games']} games, seeds {data['seed']}…"
                  f"{data['seed'] + data['deals'] - 1}", highlight=False)
    for table in tables:
        shown_table = Table(title=table.title, title_justify="left",
                            caption=table.note or None, caption_justify="left")
        for i, header in enumerate(table.headers):
            shown_table.add_column(header, justify="left" if i == 0 else "right")
        for row in table.rows:
            shown_table.add_row(*row)
        console.print(shown_table)
    console.print(f"{data['completed']} of {data['games']} games completed", highlight=False)
    if folder is not None:
        console.print(f"report written to {folder / 'index.html'}", highlight=False)
    if data["errors"]:
        err = Console(stderr=True)
        err.print(f"{data['errors']} game(s) abandoned:", style="bold red", markup=False)
        for message in data["error_messages"][:10]:
            err.print(f"  {message}", markup=False, highlight=False)
