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
import math
import shlex
import sys
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import OptionError
from ..lab.seats import LAB_HOOKS
from ..lab.tables import (
    TextTable,
    calibration_tables,
    compare_tables,
    shape_tables,
    skill_tables,
    spread_tables,
)
from ..simulate import GameResult, Setup, check_setup
from ..tournament import Task, assignments
from ..userinput import shown
from .options import load_cards, parse_options
from .simulate_cmd import _progress_bar, _setup, players_option

if TYPE_CHECKING:
    from rich.console import Console


def lab_command(args: argparse.Namespace) -> int:
    if args.lab_command == "shape":
        return _shape(args)
    if args.lab_command == "spread":
        return _spread(args)
    if args.lab_command == "calibrate":
        return _calibrate(args)
    if args.lab_command == "compare":
        return _compare(args)
    return _skill(args)


def _compare(args: argparse.Namespace) -> int:
    from ..lab.compare import compare_command, compare_runs, load_skill_run

    runs = [load_skill_run(source) for source in args.runs]
    data = compare_runs(runs, args.runs, args.baseline - 1)  # refused before any folder is made
    folder = _report_dir(args.report) if args.report else None
    data["command"] = compare_command(args.runs, args.baseline - 1, args.report)
    if folder is not None:
        from ..lab.report import compare_report

        compare_report(folder, data)
    if args.json:
        print(json.dumps(data))
        return 0
    from rich.console import Console

    console = Console()
    print_tables(console, compare_tables(data))
    if folder is not None:
        console.print(f"report written to {folder / 'index.html'}", highlight=False)
    return 0


def _numbers(flag: str, text: str, kind: Callable[[str], float]) -> list[Any]:
    """A comma-separated list of numbers, or a one-line error naming the flag."""
    out = []
    for part in text.split(","):
        try:
            value = kind(part.strip())
        except ValueError:
            raise OptionError(f"{flag} takes numbers separated by commas, not "
                              f"{shown(text)}") from None
        if not math.isfinite(value):
            raise OptionError(f"{flag}: {shown(part)} is not a number")
        out.append(value)
    return out


def _calibrate(args: argparse.Namespace) -> int:
    from ..lab.calibrate import run_calibration

    scales = _numbers("--scales", args.scales, float)
    counts = _numbers("--players", args.players, int)
    bots = tuple(name.strip().lower() for name in str(args.bots).split(","))
    options = dict(parse_options(args.option))
    if "players" in options:
        raise OptionError("calibrate plays every count of --players: leave out -o players")
    base = load_cards(args.variant, args.cards) if args.cards else None
    folder = _report_dir(args.report) if args.report else None
    total = 0
    for count in counts:  # every setting checked, and the games counted, before playing
        probe = Setup(args.variant, {**options, "players": count}, bots, args.seed)
        variant = check_setup(replace(probe, hooks=LAB_HOOKS), args.games, args.workers)
        total += args.games * len(assignments(variant.players, len(bots))) * len(scales)
    with _progress(args, Setup(args.variant, options, bots, args.seed), total) as advance:
        calibration = run_calibration(args.variant, scales, counts, bots, args.games,
                                      args.seed, options, args.workers, args.backend,
                                      args.ray_address, on_result=advance, base=base)
    data = calibration.to_json()
    parts = ["tablerummy", "lab", "calibrate", args.variant]
    for pair in args.option:
        parts += ["-o", pair]
    if args.cards:
        parts += ["--cards", args.cards]
    parts += ["--scales", args.scales, "--players", args.players, "--bots", args.bots,
              "--games", str(args.games), "--seed", str(args.seed)]
    if args.report:
        parts += ["--report", args.report]
    data["command"] = shlex.join(parts)
    if folder is not None:
        from ..lab.report import calibration_report

        calibration_report(folder, data)
    if args.json:
        print(json.dumps(data))
    else:
        title = (f"hands per game of {', '.join(bots)} at scaled card values: {args.games} "
                 f"deals a cell")
        _print(calibration_tables(data), title, data, folder)
    return 0


def _spread(args: argparse.Namespace) -> int:
    from ..lab.spread import DEFAULT_POPULATION, run_spread

    population = args.population or ",".join(DEFAULT_POPULATION)
    args.bots = population
    setup = _setup(args)
    folder = _report_dir(args.report) if args.report else None
    probe = run_spread(setup, args.games, args.workers, args.backend, args.ray_address,
                       dry=True)
    with _progress(args, probe.setup, probe.total) as advance:
        spread = run_spread(setup, args.games, args.workers, args.backend, args.ray_address,
                            on_result=advance, journal=args.journal)
    data = spread.to_json()
    data["command"] = command_line(args, "--population", population)
    if folder is not None:
        from ..lab.report import spread_report

        spread_report(folder, data)
    if args.json:
        print(json.dumps(data))
    else:
        title = (f"rating spread of {len(data['population'])} bots: {data['deals']} deals, "
                 f"{data['games']} games")
        _print(spread_tables(data), title, data, folder)
    return 0


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
                          on_result=advance, journal=args.journal)
    data = shape.to_json()
    data["command"] = command_line(args, "--bots", args.bots)
    if folder is not None:
        from ..lab.report import shape_report

        shape_report(folder, data)
    if args.json:
        print(json.dumps({k: v for k, v in data.items() if k != "raw"}))
    else:
        title = (f"bots {', '.join(data['bots'])}: {data['deals']} deals, {data['games']} "
                 "games")
        _print(shape_tables(data), title, data, folder)
    return 0


def _skill_title(data: dict[str, Any]) -> str:
    names = data["players"]
    return (f"skill share, {data['measure']} measure: beginner {names['beginner']}, strong "
            f"{names['strong']}, clairvoyant {names['clairvoyant']}, field {names['field']}; "
            f"{data['deals']} deals, {data['games']} games")


def _skill(args: argparse.Namespace) -> int:
    from ..lab.skill import Players, run_skill

    options: dict[str, object] = dict(parse_options(args.option))
    if args.players is not None:
        players_option(options, args.players)
    cards = load_cards(args.variant, args.cards) if args.cards else None
    base = Setup(args.variant, options, (), args.seed, cards)
    players = Players(beginner=args.beginner.strip().lower(), strong=args.strong.strip().lower(),
                      clairvoyant=args.clairvoyant, field=args.field)
    folder = _report_dir(args.report) if args.report else None
    probe = run_skill(base, players, args.games, args.measure, args.workers, args.backend,
                      args.ray_address, dry=True)
    with _progress(args, probe.setup, probe.total) as advance:
        skill = run_skill(base, players, args.games, args.measure, args.workers,
                          args.backend, args.ray_address, on_result=advance,
                          journal=args.journal)
    data = skill.to_json()
    flags = ["--strong", players.strong, "--beginner", players.beginner,
             "--clairvoyant", players.clairvoyant_name().split(":", 1)[1]]
    if args.field:
        flags += ["--field", args.field]
    data["command"] = command_line(args, *flags, "--measure", args.measure)
    if folder is not None:
        from ..lab.report import skill_report

        skill_report(folder, data)
    if args.json:
        print(json.dumps({k: v for k, v in data.items() if k != "raw"}))
    else:
        _print(skill_tables(data), _skill_title(data), data, folder)
    return 0


def print_tables(console: Console, tables: list[TextTable]) -> None:
    """The lab's text tables in the terminal, first column left, numbers right."""
    from rich.table import Table

    for table in tables:
        shown_table = Table(title=table.title, title_justify="left",
                            caption=table.note or None, caption_justify="left")
        for i, header in enumerate(table.headers):
            # a narrow terminal folds a cell onto more lines rather than cut it short
            shown_table.add_column(header, justify="left" if i == 0 else "right",
                                   overflow="fold")
        for row in table.rows:
            shown_table.add_row(*row)
        console.print(shown_table)


def _print(tables: list[TextTable], title: str, data: dict[str, Any],
           folder: Path | None) -> None:
    from rich.console import Console
    from rich.markup import escape

    console = Console()
    options = " ".join(f"{k}={str(v).lower()}" for k, v in data["options"].items())
    options = options or "default options"
    console.print(f"[bold]{data['variant']}[/bold] ({escape(options)}), {escape(title)}, "
                  f"seeds {data['seed']}…{data['seed'] + data['deals'] - 1}", highlight=False)
    print_tables(console, tables)
    if "grid" in data:
        proposal = data["proposal"]
        fits = ("puts every player count in the rulebook's range" if proposal["all_in_range"]
                else "misses the rulebook's range least (none puts every count in it)")
        console.print(f"scale {proposal['scale']:g} {fits}; its --cards table is in the JSON "
                      "and the report", highlight=False)
    elif "rated_games" in data:
        console.print(f"{data['rated_games']} of {data['games']} games rated",
                      highlight=False)
    elif "completed" in data:
        console.print(f"{data['completed']} of {data['games']} games completed",
                      highlight=False)
    else:
        console.print(f"{data['deals_kept']} of {data['deals']} deals kept (a deal with an "
                      "abandoned game is left out for every player)", highlight=False)
    if folder is not None:
        console.print(f"report written to {folder / 'index.html'}", highlight=False)
    if data["errors"]:
        err = Console(stderr=True)
        err.print(f"{data['errors']} game(s) abandoned:", style="bold red", markup=False)
        for message in data["error_messages"][:10]:
            err.print(f"  {message}", markup=False, highlight=False)
