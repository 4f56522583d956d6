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
from typing import TYPE_CHECKING, Any

from ..errors import OptionError
from ..simulate import GameResult, Setup, Summary, check_setup, play_games, wilson
from ..userinput import shown, whole_number
from .options import load_cards, parse_options

if TYPE_CHECKING:
    from rich.table import Table


def _setup(args: argparse.Namespace) -> Setup:
    bots = tuple(name.strip().lower() for name in str(args.bots).split(","))
    options: dict[str, object] = dict(parse_options(args.option))
    if args.players is not None:
        players_option(options, args.players)
    elif "players" not in options and len(bots) >= 2:
        options["players"] = len(bots)  # one seat per bot unless told otherwise
    cards = load_cards(args.variant, args.cards) if args.cards else None
    return Setup(variant=args.variant, options=options, bots=bots, seed=args.seed, cards=cards)


def players_option(options: dict[str, object], players: int) -> None:
    """``--players`` into the options: refused when ``-o players=`` says another number."""
    given = whole_number(str(options.get("players", players)))
    if given is not None and given != players:
        raise OptionError(f"--players {players} and -o players={given} disagree: "
                          "give the number of players once")
    if given is not None:  # else the variant refuses -o players's text in its words
        options["players"] = players


def _save_dir(path: str) -> Path:
    folder = Path(path)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise OptionError(f"--save: cannot create {shown(path)}: {err.strerror or err}") from None
    except ValueError:  # a NUL in the path
        raise OptionError(f"--save: cannot create {shown(path)}: not a file name") from None
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
    """A progress bar on stderr (a terminal only), closed with ``stack``; one step a game.

    ``simulate``, ``tournament`` and the lab show this one bar.  The time left is rich's
    estimate from the last 30 s of games (the pools hand out one game at a time, so it
    moves with the games as they finish), beside the time taken so far."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    progress = stack.enter_context(Progress(
        TextColumn("[progress.description]{task.description}"), BarColumn(),
        MofNCompleteColumn(), TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn(),
        console=Console(stderr=True), transient=True,
    ))
    task = progress.add_task(f"{setup.variant}: {', '.join(setup.labels)}", total=games)
    return lambda: progress.advance(task)


def _print_summary(summary: Summary, seconds: float, folder: Path | None) -> None:
    from rich.console import Console

    data: dict[str, Any] = summary.to_json()
    setup = summary.setup
    options = " ".join(f"{k}={str(v).lower()}" for k, v in setup.options.items())
    title = f"{setup.variant} ({options}), seeds {setup.seed}…{setup.seed + summary.games - 1}"
    if len(setup.labels) == 1:
        table = _self_play_table(summary, data, title)
    else:
        table = _versus_table(summary, data, title)
    console = Console()
    console.print(table)
    console.print(
        f"{summary.completed} of {summary.games} games completed, "
        f"{data['hands_per_game']:.2f} hands per game, {seconds:.1f} s"
    )
    if len(setup.labels) == 1:
        console.print(f"{setup.labels[0]} sat at every seat: self-play measures how long games "
                      "last and what hands score, not wins (name two bots to compare them, "
                      "e.g. --bots greedy,random)")
    if folder is not None:
        console.print(f"records saved in {folder}")
    if summary.errors:
        err = Console(stderr=True)
        err.print(f"{len(summary.errors)} game(s) abandoned:", style="bold red", markup=False)
        for message in summary.error_messages[:10]:
            err.print(f"  {message}", markup=False, highlight=False)


def _self_play_table(summary: Summary, data: dict[str, Any], title: str) -> Table:
    """One bot on every side: every game is its win, so no win columns."""
    from rich.table import Table

    label = summary.setup.labels[0]
    table = Table(title=f"{title}, self-play")
    table.add_column("bot")
    table.add_column("games", justify="right")
    table.add_column("hands per game", justify="right")
    table.add_column("mean hand score per side", justify="right")
    table.add_row(label, str(summary.completed), f"{data['hands_per_game']:.2f}",
                  f"{data['mean_hand_score'][label]:.1f}")
    return table


def _versus_table(summary: Summary, data: dict[str, Any], title: str) -> Table:
    from rich.table import Table

    setup = summary.setup
    table = Table(title=title)
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
    return table
