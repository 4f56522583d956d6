"""``tablerummy analyse RECORD``: every decision of a game assessed, for a person or as JSON.

The work is :func:`tablerummy.coach.analyse`; this module reads the arguments, shows a
progress bar on stderr while it runs (a game of ``capone`` is a few hundred decisions)
and prints the result: per seat its three biggest mistakes with the better move, a chart
of its win chance hand by hand, then the table of every decision (docs/coach.md).
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from typing import Any

from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from ..coach import Analysis, Budget, analyse
from ..coach.analysis import Decision
from ..errors import OptionError, RecordError
from ..records import load_json, replay
from ..userinput import shown
from ..verify import parse_seat

BARS = "▁▂▃▄▅▆▇█"
"""A sparkline's steps, from 0 to 1 (0 is a low bar, not a gap: a gap reads as no data)."""
CHART_CHARS = 48
"""The widest sparkline of one hand: longer hands are averaged into this many steps."""
MAX_SECONDS = 3600.0

_SECONDS = re.compile(r"(?:\d+(?:\.\d*)?|\.\d+)", re.ASCII)


def seconds(text: str) -> float:
    """An argparse type: seconds as ASCII digits with an optional fraction (``0.5``)."""
    value = float(text) if _SECONDS.fullmatch(text.strip()) else math.nan
    if not (math.isfinite(value) and 0 < value <= MAX_SECONDS):
        raise argparse.ArgumentTypeError(
            f"seconds are a number above 0 and at most {MAX_SECONDS:.0f}, not {shown(text)}")
    return value


def budget_from(args: argparse.Namespace) -> Budget:
    base = Budget.analysis()
    return Budget(iterations=args.iterations or base.iterations, seconds=args.seconds,
                  playouts=args.playouts or base.playouts)


def analyse_command(args: argparse.Namespace) -> int:
    try:
        seats = None if not args.seat else [parse_seat(s) for s in args.seat]
        data = load_json(args.record)
        result = replay(data)
        if result.error is not None:
            e = result.error
            print(f"tablerummy analyse: hand {e['hand']}, action {e['index']} "
                  f"({shown(e['action'])}): {e['error']}", file=sys.stderr)
            return 1
        analysis = _run(data, seats, budget_from(args), args.seed)
    except (RecordError, OptionError) as err:
        print(f"tablerummy analyse: {err}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(analysis.to_json()))
    else:
        print_analysis(analysis, Console(highlight=False))
    return 0


def _run(data: Any, seats: list[int] | None, budget: Budget, seed: int) -> Analysis:
    """The analysis with a progress bar on stderr, shown from the first decision done:
    a record or seat refused before any work leaves only its one-line error there."""
    columns = (TextColumn("analysing"), BarColumn(), MofNCompleteColumn(),
               TextColumn("decisions"), TimeElapsedColumn())
    bar = Progress(*columns, console=Console(stderr=True), transient=True)
    task = bar.add_task("analyse", total=None)

    def progress(done: int, total: int) -> None:
        if not bar.live.is_started:
            bar.start()
        bar.update(task, completed=done, total=total)

    try:
        return analyse(data, seats, budget=budget, seed=seed, progress=progress)
    finally:
        if bar.live.is_started:
            bar.stop()


# --- the text ----------------------------------------------------------------------------


def percent(value: float) -> str:
    return f"{value * 100:.0f}%"


def sparkline(values: list[float], width: int = CHART_CHARS) -> str:
    """Values in 0…1 as bars, averaged down to at most ``width`` characters."""
    if len(values) > width:
        step = len(values) / width
        values = [sum(part) / len(part) for i in range(width)
                  for part in [values[int(i * step):max(int((i + 1) * step), int(i * step) + 1)]]]
    return "".join(BARS[min(len(BARS) - 1, round(v * (len(BARS) - 1)))] for v in values)


def _move(m: Decision) -> str:
    return f"hand {m.hand + 1}, move {m.ply + 1}"


def print_analysis(analysis: Analysis, console: Console) -> None:
    """The analysis for a person: per seat its mistakes and chart, then every decision."""
    winner = ("unfinished" if analysis.winner is None
              else f"won by side {analysis.winner}")
    console.print(Text(f"Analysis of a {analysis.variant} game ({winner})",
                       style="bold underline"))
    console.print(Text("Win chance: the estimated chance that the seat's side wins the game, "
                       "from what the seat knew then; loss: how much the move played gave "
                       "up against the best one found."))
    for seat in analysis.seats:
        own = [m for m in analysis.moves if m.seat == seat]
        console.print(Text(f"\np{seat}: {len(own)} decisions", style="bold"))
        mistakes = analysis.mistakes(seat)
        if not mistakes:
            console.print("  no mistake found")
        for i, m in enumerate(mistakes, 1):
            console.print(Text(f"  {i}. {_move(m)}: played {m.played_words}; better: "
                               f"{m.best_words} (−{percent(m.win_loss)} win chance, "
                               f"−{m.point_loss:.0f} points)"))
        console.print(Text("  win chance, hand by hand (each bar a decision):"))
        for hand in sorted({m.hand for m in own}):
            wins = [m.win_before for m in own if m.hand == hand]
            console.print(Text(f"  hand {hand + 1:>2} {percent(wins[0]):>4} "
                               f"{sparkline(wins)} {percent(wins[-1])}"))
    table = Table(title="Every decision (loss: win chance / points given up; hindsight: "
                        "the best move with every card known)", title_justify="left",
                  box=box.SIMPLE_HEAD, pad_edge=False)
    for name, how in (("when", "right"), ("seat", "left"), ("played", "left"),
                      ("best", "left"), ("win", "right"), ("loss", "right"),
                      ("hindsight best", "left")):
        table.add_column(name, justify=how)  # type: ignore[arg-type]
    for m in analysis.moves:
        win_loss, point_loss = round(m.win_loss * 100), round(m.point_loss)
        loss = (f"{-win_loss}% / {-point_loss}".replace("-", "−")
                if win_loss or point_loss else "")
        table.add_row(f"{m.hand + 1}·{m.ply + 1}", f"p{m.seat}", m.played_words,
                      "(the same)" if m.best == m.played else m.best_words,
                      percent(m.win_before), loss,
                      "(the same)" if m.hindsight_best == m.played else m.hindsight_words)
    console.print()
    console.print(table)
