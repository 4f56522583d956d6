"""``tablerummy simulate``: bots play whole games; a progress bar, then a summary.

The progress bar goes to stderr and only to a terminal, so ``--json`` output and
pipes stay clean; the summary is a table on stdout, or one JSON object with ``--json``.
``rich`` is imported only for the bar and the table (it costs about 50 ms to import),
and records are written as compact JSON (the C encoder; ``indent`` forces the slow one).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from contextlib import ExitStack, closing
from pathlib import Path
from typing import Any

from ..errors import OptionError
from ..simulate import GameResult, Setup, Summary, check_setup, play_games, wilson
from .options import load_cards, parse_options


def _setup(args: argparse.Namespace) -> Setup:
    bots = tuple(name.strip().lower() for name in str(args.bots).split(","))
    options: dict[str, object] = dict(parse_options(args.option))
    if args.players is not None:
        options["players"] = args.players
    elif "players" not in options and len(bots) >= 2:
        options["players"] = len(bots)  # one seat per bot unless told otherwise
    cards = load_cards(args.cards) if args.cards else None
    return Setup(variant=args.variant, options=options, bots=bots, seed=args.seed, cards=cards)


def _save_dir(path: str) -> Path:
    folder = Path(path)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise OptionError(f"--save: cannot create {path}: {err.strerror or err}") from None
    return folder


def _write_record(folder: Path, width: int, result: GameResult) -> None:
    target = folder / f"game-{result.index:0{width}d}.json"
    try:
        target.write_text(json.dumps(result.record) + "\n", encoding="utf-8")
    except OSError as err:
        raise OptionError(f"--save: cannot write {target}: {err.strerror or err}") from None


def simulate_command(args: argparse.Namespace) -> int:
    setup = _setup(args)
    variant = check_setup(setup, args.games, args.workers)
    # the table's options as the variant read them (players included), for the summary
    setup = Setup(setup.variant, dict(variant.options), setup.bots, setup.seed, setup.cards)
    folder = _save_dir(args.save) if args.save else None
    width = max(5, len(str(args.games - 1)))
    summary = Summary(setup, args.games)
    show_bar = not args.json and sys.stderr.isatty()
    started = time.perf_counter()
    with ExitStack() as stack:
        advance = _progress_bar(stack, setup, args.games) if show_bar else None
        games = play_games(setup, args.games, args.workers, keep_records=folder is not None)
        stack.enter_context(closing(games))  # a failed write stops the workers at once
        for result in games:
            summary.add(result)
            if folder is not None and result.record is not None:
                _write_record(folder, width, result)
            if advance is not None:
                advance()
    seconds = time.perf_counter() - started
    if args.json:
        print(json.dumps(summary.to_json()))
    else:
        _print_summary(summary, seconds, folder)
    return 0


def _progress_bar(stack: ExitStack, setup: Setup, games: int) -> Callable[[], None]:
    """A progress bar on stderr (a terminal only), closed with ``stack``; one step a game."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    progress = stack.enter_context(Progress(
        TextColumn("[progress.description]{task.description}"), BarColumn(),
        MofNCompleteColumn(), TimeRemainingColumn(),
        console=Console(stderr=True), transient=True,
    ))
    task = progress.add_task(f"{setup.variant}: {', '.join(setup.labels)}", total=games)
    return lambda: progress.advance(task)


def _print_summary(summary: Summary, seconds: float, folder: Path | None) -> None:
    from rich.console import Console
    from rich.table import Table

    data: dict[str, Any] = summary.to_json()
    setup = summary.setup
    options = " ".join(f"{k}={str(v).lower()}" for k, v in setup.options.items())
    table = Table(title=f"{setup.variant} ({options}), seeds {setup.seed}…"
                        f"{setup.seed + summary.games - 1}")
    table.add_column("bot")
    table.add_column("games", justify="right")
    table.add_column("wins", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("95 % interval", justify="right")
    table.add_column("mean hand score", justify="right")
    for label in setup.labels:
        wins, played = summary.wins[label], summary.played[label]
        low, high = wilson(wins, played)
        rate = f"{wins / played:.1%}" if played else "–"
        table.add_row(label, str(played), str(wins), rate, f"{low:.1%} – {high:.1%}",
                      f"{data['mean_hand_score'][label]:.1f}")
    console = Console()
    console.print(table)
    console.print(
        f"{summary.completed} of {summary.games} games completed, "
        f"{data['hands_per_game']:.2f} hands per game, {seconds:.1f} s"
    )
    if folder is not None:
        console.print(f"records saved in {folder}")
    if summary.errors:
        err = Console(stderr=True)
        err.print(f"{len(summary.errors)} game(s) abandoned:", style="bold red", markup=False)
        for message in summary.error_messages[:10]:
            err.print(f"  {message}", markup=False, highlight=False)
