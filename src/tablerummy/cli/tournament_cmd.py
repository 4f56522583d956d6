"""``tablerummy tournament``: duplicate deals between bots; a progress bar, then standings.

The bar (with the time left) goes to stderr and only to a terminal; the standings are a
table on stdout, or one JSON object with ``--json``; ``--csv FILE`` also writes them as
one row per bot; ``--journal FILE`` keeps every game as it finishes and resumes from it
(:mod:`tablerummy.journal`).
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from contextlib import ExitStack
from typing import Any

from rich.console import Console
from rich.table import Table

from ..errors import OptionError
from ..simulate import GameResult, Setup, check_setup
from ..tournament import Standings, Task, assignments, tournament
from .simulate_cmd import _progress_bar, _setup

CSV_COLUMNS = ("bot", "games", "wins", "win_rate", "win_interval_low", "win_interval_high",
               "mean_margin", "mu", "sigma", "ordinal")


def tournament_command(args: argparse.Namespace) -> int:
    setup = _setup(args)
    variant = check_setup(setup, args.games, args.workers)
    setup = Setup(setup.variant, dict(variant.options), setup.bots, setup.seed, setup.cards)
    total = args.games * len(assignments(variant.players, len(setup.bots)))
    if args.csv:
        _check_writable(args.csv)
    show_bar = not args.json and sys.stderr.isatty()
    started = time.perf_counter()
    with ExitStack() as stack:
        step = _progress_bar(stack, setup, total) if show_bar else None

        def advance(task: Task, result: GameResult) -> None:
            if step is not None:
                step()

        standings = tournament(setup, args.games, args.workers, args.backend,
                               args.ray_address, on_result=advance, journal=args.journal)
    data = standings.to_json()
    if args.csv:
        _write_csv(args.csv, data)
    if args.json:
        print(json.dumps(data))
    else:
        _print(standings, data, time.perf_counter() - started)
    return 0


def _check_writable(path: str) -> None:
    try:
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as err:
        raise OptionError(f"--csv: cannot write {path}: {err.strerror or err}") from None


def _write_csv(path: str, data: dict[str, Any]) -> None:
    try:
        with open(path, "w", encoding="utf-8", newline="") as out:
            writer = csv.writer(out)
            writer.writerow(CSV_COLUMNS)
            for bot in data["bots"]:
                rating = data["rating"][bot]
                low, high = data["win_interval"][bot]
                writer.writerow([bot, data["played"][bot], data["wins"][bot],
                                 f"{data['win_rate'][bot]:.4f}", f"{low:.4f}", f"{high:.4f}",
                                 f"{data['mean_margin'][bot]:.2f}", f"{rating['mu']:.3f}",
                                 f"{rating['sigma']:.3f}", f"{rating['ordinal']:.3f}"])
    except OSError as err:
        raise OptionError(f"--csv: cannot write {path}: {err.strerror or err}") from None


def _print(standings: Standings, data: dict[str, Any], seconds: float) -> None:
    setup = standings.setup
    options = " ".join(f"{k}={str(v).lower()}" for k, v in setup.options.items())
    table = Table(title=f"{setup.variant} ({options}): {standings.deals} deals × "
                        f"{standings.per_deal} seatings, seeds {setup.seed}…"
                        f"{setup.seed + standings.deals - 1}")
    for name, justify in (("bot", "left"), ("games", "right"), ("wins", "right"),
                          ("win rate", "right"), ("95 % interval", "right"),
                          ("mean margin", "right"), ("rating μ ± σ", "right")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    order = sorted(data["bots"], key=lambda b: -data["rating"][b]["ordinal"])
    for bot in order:
        low, high = data["win_interval"][bot]
        played = data["played"][bot]
        rating = data["rating"][bot]
        table.add_row(bot, str(played), str(data["wins"][bot]),
                      f"{data['win_rate'][bot]:.1%}" if played else "–",
                      f"{low:.1%} – {high:.1%}", f"{data['mean_margin'][bot]:+.1f}",
                      f"{rating['mu']:.1f} ± {rating['sigma']:.1f}")
    console = Console()
    console.print(table)
    console.print(f"{data['completed']} of {data['games']} games completed, "
                  f"{data['hands_per_game']:.2f} hands per game, {seconds:.1f} s")
    if data["errors"]:
        err = Console(stderr=True)
        err.print(f"{data['errors']} game(s) abandoned:", style="bold red", markup=False)
        for message in data["error_messages"][:10]:
            err.print(f"  {message}", markup=False, highlight=False)
