"""Issue 29's long rows, kept in journals: what each row has played, and playing on.

A row is a duplicate tournament of 400 games (200 deals × 2 seatings) that takes hours of
CPU; its games are kept in ``benchmarks/journals/ROW.jsonl`` as they finish, so a row
grows across sessions and machines.  ``status`` prints, per row, the games its journal
holds, the standings of those games and the hours ``run`` has spent on it (nothing is
played); ``run`` plays on the rows in order, the first unfinished first, until
``--minutes`` of wall time have passed (a game under way then is lost, and played again
next time), and notes every stretch of play in ``journals/times.jsonl``.

    python benchmarks/rows.py status
    python benchmarks/rows.py run --workers 2 --minutes 120
    python benchmarks/rows.py run --rows capone-2p-ismcts1000 --workers 2
    python benchmarks/rows.py report     # the budget plot of docs/bots.md, and its table

After the first rows (:data:`FIRST_ROWS`), ``run`` plays issue 29's lab runs
(:data:`LAB_RUNS`), each a ``tablerummy lab`` command with its journal here and its report
in ``docs/lab/NAME`` when complete, and then the last rows (:data:`LAST_ROWS`).
    python benchmarks/rows.py compare --rows ROW_A,ROW_B

``compare`` pairs two rows' games on the same deal and seating (both first bots playing
the same seat of the same cards against the same opponent): the difference of their win
rates on the games both hold, with a 95 % interval from the pairs (duplicate games share
their deal's luck, so pairs tell two players apart with fewer games than two rates do).

``report`` draws the ``capone`` rows against greedy by CPU seconds a move (what
``benchmarks/bots.py --sections cost`` measured for each budget, kept in
``benchmarks/journals/cost-capone-2p.json`` for the full greedy bias and
``cost-capone-2p-prior0.3.json`` for the default's: :func:`cost_file`), one line per
estimate and bias, with their 95 % intervals, into
``docs/images/bot-budget.png`` (and ``.svg``), and prints the table that goes beside it.

Every row uses the deals of docs/benchmarks.md § Bot strength (seeds 2000 … 2199), so
rows of the same variant compare on the same games.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tablerummy.journal import Journal
from tablerummy.simulate import Setup, check_setup
from tablerummy.tournament import Standings, assignments, tasks

JOURNALS = Path(__file__).resolve().parent / "journals"
SEED = 2000
DEALS = 200


@dataclass(frozen=True)
class Row:
    """One row: a name (its journal's), the variant, its options and the bots; a row of
    the budget curve also says its iterations a move and its line (the estimate)."""

    name: str
    variant: str
    bots: tuple[str, ...]
    options: tuple[tuple[str, Any], ...] = ()
    budget: int | None = None
    line: str = ""
    bias: str = "1"

    def setup(self) -> Setup:
        setup = Setup(self.variant, dict(self.options), self.bots, SEED)
        variant = check_setup(setup, DEALS, 1)
        return Setup(setup.variant, dict(variant.options), setup.bots, setup.seed)

    @property
    def journal(self) -> Path:
        return JOURNALS / f"{self.name}.jsonl"

    def command(self, workers: int) -> list[str]:
        """``tablerummy tournament`` playing this row's games into its journal (which it
        resumes: only the games the journal lacks are played)."""
        options = [arg for key, value in self.options for arg in ("-o", f"{key}={value}")]
        return [sys.executable, "-m", "tablerummy", "tournament", self.variant, *options,
                "--games", str(DEALS), "--bots", ",".join(self.bots), "--seed", str(SEED),
                "--workers", str(workers), "--journal", str(self.journal)]


def default(name: str, players: int = 2) -> str:
    """The default ``ismcts`` at a table, every setting that changed spelled out: the
    weaker greedy bias that won the first rows, the table's own budget (the largest round
    one whose moves cost at most half a second of CPU on average: ``SearchHooks.
    iterations``, docs/benchmarks.md, What a searched move costs) and its estimate
    (``SearchHooks.default_estimate``: learned, standing in the Arlington tables)."""
    from tablerummy.bots.ismcts import search_hooks
    from tablerummy.variant import get_variant

    variant = get_variant(name, {"players": players})
    hooks = search_hooks(variant)
    return (f"ismcts:iterations={hooks.iterations(variant)}"
            f":estimate={hooks.default_estimate(variant)}:prior=0.3:tree=0.3")


CANDIDATE = default("capone")
"""The default in ``capone`` at 2 players, the goal row's (1500 iterations)."""


def _curve(iterations: int, line: str, bias: str = "1") -> Row:
    """A point of ``capone``'s budget curve against greedy: ``iterations`` a move, the
    ``line`` estimate, the greedy bias ``prior=tree=bias`` (1: the full bias, the default
    before 2026-12-05)."""
    weaker = "" if bias == "1" else f"-prior{bias}"
    return Row(f"capone-2p-ismcts{iterations}{weaker}-{line}-greedy-s2000", "capone",
               (f"ismcts:iterations={iterations}:estimate={line}:prior={bias}:tree={bias}",
                "greedy"),
               budget=iterations, line=line if not weaker else f"{line}, prior=tree={bias}",
               bias=bias)


def _row(name: str, opponent: str, players: int = 2) -> Row:
    """The default (:func:`default`) against ``opponent`` in ``name``."""
    spec = default(name, players)
    n, estimate = (part.split("=")[1] for part in spec.split(":")[1:3])
    against = "uniform" if opponent == "ismcts-uniform" else opponent
    return Row(f"{name}-{players}p-ismcts{n}-prior0.3-{estimate}-{against}-s2000", name,
               (spec, opponent), options=(("players", players),) if players != 2 else ())


FIRST_ROWS = (
    _curve(300, "learned"),
    _curve(1500, "learned", "0.3"),  # the default: CANDIDATE
    _row("capone", "greedy", 4),
    *(_row(name, "greedy") for name in ("ripper", "fortune", "arlington", "arlington-heights")),
    *(_row(name, "ismcts-uniform") for name in ("fortune", "capone")),
    _curve(300, "learned", "0.3"),
)
"""The rows ``run`` plays before the lab runs, in this order: the anchor (300 iterations,
the full greedy bias), the default against greedy in ``capone`` (the goal row, the budget
table's 0.5 s) and at the other tables, the default against today's bot, and the budget
table's 0.1 s."""

LAST_ROWS = (
    _curve(7500, "learned", "0.3"),
    _curve(2000, "learned", "0.3"),
    _curve(2000, "learned"),
    _curve(3000, "learned"),
    _curve(1000, "learned"),
    _curve(300, "standing"),
    _curve(1000, "standing"),
    _curve(3000, "standing"),
)
"""The rows ``run`` plays after the lab runs: the budget table's 2 s (a third of the lab
runs' hours, which answer more), then more points of the budget curve: the
weaker bias at 2000 iterations (the row that chose it), the full bias (at which the search
plays greedy's own move at 117 of 120 decisions even at 2000 iterations:
docs/benchmarks.md) and the standing estimate.  The budget table's rows are the largest
round budgets whose moves cost at most 0.1, 0.5 and 2 s of CPU on average in
``benchmarks/bots.py --sections cost`` (300, 1500 and 7500 iterations)."""

ROWS = FIRST_ROWS + LAST_ROWS
"""Every row.  Each names every setting that has changed since it started (``estimate``,
``iterations``, ``prior``, ``tree``), so that a change of the defaults cannot slip another
player into a journal."""


@dataclass(frozen=True)
class LabRun:
    """One of issue 29's lab runs with the new player: ``tablerummy lab ARGS``, its games
    kept in ``JOURNALS/NAME.jsonl`` and its report written to ``docs/lab/NAME`` when it
    completes (a run is done when its report is there).

    ``players``, which the name says too, is always passed: left out, ``lab spread`` and
    ``lab shape`` seat one player per bot (three bots, three players)."""

    name: str
    args: tuple[str, ...]
    players: int = 2

    @property
    def journal(self) -> Path:
        return JOURNALS / f"{self.name}.jsonl"

    @property
    def report(self) -> Path:
        return root() / "docs" / "lab" / self.name

    def command(self, workers: int) -> list[str]:
        """The lab command, run from :func:`root`: the report names itself by a path from
        there (the command it prints to reproduce it), not by this checkout's."""
        return [sys.executable, "-m", "tablerummy", "lab", *self.args, "--players",
                str(self.players), "--workers", str(workers), "--journal", str(self.journal),
                "--report", str(self.report.relative_to(root()))]


def root() -> Path:
    """The checkout the journals belong to, where the steps' commands run."""
    return JOURNALS.parent.parent


def _skill(variant: str, *more: str) -> tuple[str, ...]:
    return ("skill", variant, "--strong", default(variant), "--beginner", "random",
            "--clairvoyant", default(variant), "--field", "greedy", "--measure", "win",
            "--games", "200", "--seed", "0", *more)


def _population(variant: str) -> str:
    """The spread's population: the beginner, greedy and the default, three grades apart
    (the default wins 64–78 % of its games against greedy where measured).  Not
    ``ismcts-uniform`` too: at 2 players four bots are 12 games a deal with a search in 12
    of their 24 seats, three are 6 games with the default in 4 seats: a third of the cost
    (in ``fortune``, a row of 400 search seats took half an hour on 2 cores: about 3 hours
    a rule set against 1) for a fourth point between two that already tell skill from luck
    [decision, 2026-12-05]."""
    return f"random,greedy,{default(variant)}"


LAB_RUNS = (
    LabRun("arlington-heights-2p-skill-v29", _skill("arlington-heights")),
    LabRun("fortune-2p-skill-v29", _skill("fortune")),
    LabRun("arlington-2p-skill-v29", _skill("arlington")),
    LabRun("arlington-scarne-2p-skill-v29", _skill("arlington", "-o", "rules=scarne")),
    *(LabRun(f"{name}-2p-spread-v29", ("spread", name, "--population", _population(name),
                                        "--games", "200", "--seed", "0"))
      for name in ("arlington-heights", "fortune", "arlington")),
    LabRun("arlington-scarne-2p-spread-v29", ("spread", "arlington", "-o", "rules=scarne",
                                              "--population", _population("arlington"),
                                              "--games", "200", "--seed", "0")),
    LabRun("capone-2p-skill-v29", _skill("capone")),
    LabRun("ripper-2p-skill-v29", _skill("ripper")),
    *(LabRun(f"capone-{n}p-strong-shape-v29", ("shape", "capone", "--bots",
                                               default("capone", n), "--games", "200",
                                               "--seed", "0"), n) for n in (2, 3, 4)),
    LabRun("ripper-2p-strong-shape-v29", ("shape", "ripper", "--bots", default("ripper"),
                                          "--games", "200", "--seed", "0")),
)
"""Issue 29's lab runs with the new player, after the rows: the Oklahoma luck question for
the four rule sets (skill shares, then ``lab spread`` on the same deals), the skill shares
of ``capone`` and ``ripper`` with today's card values, and strong-against-strong game
length.  Each then goes into docs/lab/README.md (and ``lab compare`` for the luck table)."""


def _kept(step: Row | LabRun) -> int:
    """The games the step's journal holds."""
    if isinstance(step, Row):
        return len(held(step).results)
    if not step.journal.exists():
        return 0
    with step.journal.open(encoding="utf-8") as f:
        return max(0, sum(1 for _ in f) - 1)  # less the header


def _finished(step: Row | LabRun) -> bool:
    if isinstance(step, LabRun):
        return (step.report / "index.html").exists()
    standings = held(step)
    return len(standings.results) >= DEALS * standings.per_deal


def times_file() -> Path:
    """Where ``run`` notes every stretch of play (:func:`timed`): the hours each row and
    lab run took, across sessions and machines."""
    return JOURNALS / "times.jsonl"


def hours(name: str) -> float:
    """The wall-clock hours ``run`` has spent on the step ``name``, in all sessions."""
    if not times_file().exists():
        return 0.0
    with times_file().open(encoding="utf-8") as f:
        spans = [json.loads(line) for line in f if line.strip()]
    seconds: int = sum(s["seconds"] for s in spans if s["step"] == name)
    return round(seconds / 3600, 2)


def lab_status(run: LabRun) -> dict[str, Any]:
    entry = {"lab": run.name, "games_kept": _kept(run), "done": _finished(run),
             "hours": hours(run.name)}
    print(json.dumps(entry), flush=True)
    return entry


def held(row: Row) -> Standings:
    """The standings of the games the row's journal holds (none played here)."""
    setup = row.setup()
    variant = setup.make_variant()
    per_deal = len(assignments(variant.players, len(setup.bots)))
    standings = Standings(setup, DEALS, per_deal)
    if row.journal.exists():
        with Journal(row.journal, setup, read_only=True) as journal:
            found, _ = journal.split(tasks(DEALS, variant.players, len(setup.bots)))
        for task, result in found:
            standings.add(task, result)
    return standings


def status(rows: tuple[Row, ...], labs: tuple[LabRun, ...] = ()) -> list[dict[str, Any]]:
    out = []
    for row in rows:
        data = held(row).to_json()
        total = DEALS * data["games_per_deal"]
        entry = {"row": row.name, "games": data["games"], "of": total,
                 "win_rate": data["win_rate"], "win_interval": data["win_interval"],
                 "hands_per_game": round(data["hands_per_game"], 2),
                 "errors": data["errors"], "hours": hours(row.name)}
        out.append(entry)
        print(json.dumps(entry), flush=True)
    return out + [lab_status(run) for run in labs]


def cost_file(bias: str) -> Path:
    """Where ``benchmarks/bots.py --sections cost`` keeps what a move costs at the greedy
    bias ``bias`` (a weaker bias settles later, so its moves cost more)."""
    name = "cost-capone-2p" if bias == "1" else f"cost-capone-2p-prior{bias}"
    return JOURNALS / f"{name}.json"


ANCHOR = 300
"""The budget every other row of the curve is read beside, game by game: the row of its
estimate at this budget and the full greedy bias (the default before 2026-12-05)."""
PLOT = Path("docs") / "images" / "bot-budget"
"""The budget plot, from :func:`root` (without its suffix: a PNG and an SVG)."""


def report(rows: tuple[Row, ...]) -> list[dict[str, Any]]:
    """The budget curve: each budget row's standings beside its CPU seconds a move."""
    costs = {bias: json.loads(path.read_text(encoding="utf-8"))["cost"]
             for bias in {r.bias for r in rows} if (path := cost_file(bias)).exists()}
    points = []
    for row in rows:
        if row.budget is None:
            continue
        data = held(row).to_json()
        if not data["games"]:
            continue
        first = row.bots[0]
        seconds = costs.get(row.bias, {}).get(str(row.budget), {}).get("mean")
        points.append({"row": row.name, "line": row.line, "iterations": row.budget,
                       "cpu_s_a_move": seconds, "games": data["games"],
                       "win_rate": data["win_rate"][first],
                       "win_interval": data["win_interval"][first]})
    # a row not complete holds the first deals only: read it beside the 300-iteration row
    # of its line on the same games (ANCHOR), not against that row's whole rate
    anchors = {r.line: r for r in rows if r.budget == ANCHOR and r.bias == "1"}
    print("| estimate | iterations a move | CPU s a move (mean) | games | win rate against "
          f"greedy | 95 % interval | on the same games, less {ANCHOR} iterations' (95 %) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for p in sorted(points, key=lambda p: (p["line"], p["iterations"])):
        low, high = p["win_interval"]
        secs = "–" if p["cpu_s_a_move"] is None else f"{p['cpu_s_a_move']:.2f}"
        anchor = anchors.get(p["line"].split(",")[0])  # (its estimate's, at the full bias)
        versus = "–"
        if anchor is not None and anchor.name != p["row"]:
            row = next(r for r in rows if r.name == p["row"])
            pair = paired(row, anchor)
            p["versus_anchor"] = pair
            lo, hi = pair["interval"]
            versus = f"{pair['difference']:+.1%} ({lo:+.1%} … {hi:+.1%}), {pair['games']} games"
        print(f"| {p['line']} | {p['iterations']} | {secs} | {p['games']} | "
              f"{p['win_rate']:.1%} | {low:.1%} – {high:.1%} | {versus} |")
    budget_table(points)
    drawn = [p for p in points if p["cpu_s_a_move"] is not None]
    if drawn:
        _plot(drawn)
    return points


BUDGETS = {0.1: 300, 0.5: 1500, 2.0: 7500}
"""Issue 29's budget table: CPU seconds a move → the default's iterations in ``capone``
at 2 players (the largest round budget whose mean move costs at most that, at the weaker
bias: docs/benchmarks.md, What a searched move costs)."""


def budget_table(points: list[dict[str, Any]]) -> None:
    """The budget table of docs/bots.md from the curve's points: the default (the
    learned estimate, ``prior=tree=0.3``) at each budget of :data:`BUDGETS`, a budget not
    yet played marked so."""
    line = _curve(BUDGETS[0.5], "learned", "0.3").line  # (the default's, CANDIDATE)
    mine = {p["iterations"]: p for p in points if p["line"] == line}
    print()
    print("| CPU a move | iterations | CPU s a move (mean) | games | win rate against greedy "
          "| 95 % interval |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: |")
    for seconds, n in BUDGETS.items():
        p = mine.get(n)
        if p is None:
            print(f"| {seconds:g} s | {n} | – | 0 | not yet played | – |")
            continue
        low, high = p["win_interval"]
        secs = "–" if p["cpu_s_a_move"] is None else f"{p['cpu_s_a_move']:.2f}"
        print(f"| {seconds:g} s | {n} | {secs} | {p['games']} | {p['win_rate']:.1%} | "
              f"{low:.1%} – {high:.1%} |")


def _plot(points: list[dict[str, Any]]) -> None:
    from matplotlib.figure import Figure

    from tablerummy.lab.report import figure

    def draw(fig: Figure) -> None:
        ax = fig.add_subplot()
        labels: list[tuple[str, float, float, Any]] = []
        for line in sorted({p["line"] for p in points}):
            mine = sorted((p for p in points if p["line"] == line),
                          key=lambda p: p["cpu_s_a_move"])
            xs = [p["cpu_s_a_move"] for p in mine]
            ys = [100 * p["win_rate"] for p in mine]
            errs = [[100 * (p["win_rate"] - p["win_interval"][0]) for p in mine],
                    [100 * (p["win_interval"][1] - p["win_rate"]) for p in mine]]
            full = "" if "prior" in line else ", prior=tree=1"
            bars = ax.errorbar(xs, ys, yerr=errs, marker="o", capsize=3,
                               label=f"estimate={line}{full}")
            colour = bars.lines[0].get_color()
            labels += [(f"{p['iterations']} it., {p['games']} games", x, y, colour)
                       for p, x, y in zip(mine, xs, ys, strict=True)]
        ax.axhline(65, color="grey", linestyle="--", linewidth=0.8)
        ax.text(0.0, 65.5, " goal 65 %", transform=ax.get_yaxis_transform(), fontsize=7,
                color="grey")
        ax.axvline(0.5, color="grey", linestyle=":", linewidth=0.8)
        ax.text(0.5, 0.02, " 0.5 s ", transform=ax.get_xaxis_transform(), fontsize=7,
                color="grey", ha="right")
        ax.set_xscale("log")
        ticks = [t for t in (0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0)
                 if min(p["cpu_s_a_move"] for p in points) / 2 <= t
                 <= 2 * max(p["cpu_s_a_move"] for p in points)]
        ax.set_xticks(ticks, [f"{t:g}" for t in ticks])
        ax.set_xlim(min(p["cpu_s_a_move"] for p in points) / 1.8,  # room for the labels
                    max(p["cpu_s_a_move"] for p in points) * 1.8)
        ax.minorticks_off()
        ax.set_xlabel("CPU seconds a move (mean over the games' searched decisions)")
        ax.set_ylabel("ismcts games won against greedy, %")
        ax.set_title("capone, 2 players: strength by budget (95 % intervals)", fontsize=10)
        ax.legend(fontsize=8, loc="lower right")
        _place_labels(fig, ax, labels)

    plot = root() / PLOT
    plot.parent.mkdir(parents=True, exist_ok=True)
    figure(plot.parent, plot.name, draw)
    print(f"wrote {plot}.png and .svg")


LABEL_SPOTS = tuple((dx, dy, ha) for dy in (4, -4, 12, -12, 20, -20, 28, -28)
                    for dx, ha in ((7, "left"), (-7, "right")))
"""Where a point's label may go, in points from it, nearest first: right or left, just
above or below, then further out."""

NEAR = 12
"""How far (points, up or down) a label may move from its point to keep off a line: further
out it reads as another point's."""


def _place_labels(fig: Any, ax: Any, labels: list[tuple[str, float, float, Any]]) -> None:
    """Label each point at the nearest of :data:`LABEL_SPOTS` that keeps the text inside the
    axes and off the labels already placed, every point's marker and the legend (points
    of different budgets and lines lie close: fixed offsets wrote labels over each other);
    a label with no free spot takes the first one.  Then each label that lies across a
    line or an error bar (hiding where an interval ends) moves to a spot clear of those
    too, if one is within :data:`NEAR` of its point (or as near as it was): a second pass,
    so that keeping off the lines never costs another label its spot."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.transforms import Bbox

    renderer = FigureCanvasAgg(fig).get_renderer()  # type: ignore[no-untyped-call]  # to measure
    fig.draw_without_rendering()  # the layout first: it moves the axes, and so the points
    inside = ax.get_window_extent(renderer)
    fixed = [ax.get_legend().get_window_extent(renderer)]
    for _, x, y, _ in labels:  # each point's marker
        px, py = ax.transData.transform((x, y))
        fixed.append(Bbox.from_extents(px - 6, py - 6, px + 6, py + 6))
    paths = [*((line.get_path(), line.get_transform()) for line in ax.lines
               if line.get_linestyle() != "None"),  # not the caps, which are markers
             *((path, bars.get_transform()) for bars in ax.collections
               for path in bars.get_paths())]
    drawn = [transform.transform_path(path) for path, transform in paths  # display units
             if transform is ax.transData]  # not the goal's and the budget's rules

    def on_a_line(box: Any) -> bool:
        return any(path.intersects_bbox(box, filled=False) for path in drawn)

    def put(text: str, x: float, y: float, colour: Any, spot: tuple[int, int, str]) -> Any:
        dx, dy, ha = spot
        return ax.annotate(text, (x, y), textcoords="offset points", xytext=(dx, dy), ha=ha,
                           va="center", fontsize=7, color=colour)

    def place(text: str, x: float, y: float, colour: Any, others: list[Any],
              spots: Sequence[tuple[int, int, str]], off_lines: bool) -> tuple[Any, int] | None:
        """The label at the first free one of ``spots``, and how far up or down it lies."""
        for spot in spots:
            label = put(text, x, y, colour, spot)
            box = label.get_window_extent(renderer)
            if (inside.contains(box.x0, box.y0) and inside.contains(box.x1, box.y1)
                    and not any(box.overlaps(other) for other in others)
                    and not (off_lines and on_a_line(box))):
                return label, abs(spot[1])
            label.remove()
        return None

    placed: list[tuple[Any, int]] = []
    for text, x, y, colour in labels:
        others = fixed + [label.get_window_extent(renderer) for label, _ in placed]
        placed.append(place(text, x, y, colour, others, LABEL_SPOTS, off_lines=False)
                      or (put(text, x, y, colour, LABEL_SPOTS[0]), NEAR))
    for i, (text, x, y, colour) in enumerate(labels):
        label, reach = placed[i]
        if not on_a_line(label.get_window_extent(renderer)):
            continue
        others = fixed + [other.get_window_extent(renderer)
                          for j, (other, _) in enumerate(placed) if j != i]
        near = [spot for spot in LABEL_SPOTS if abs(spot[1]) <= max(NEAR, reach)]
        moved = place(text, x, y, colour, others, near, off_lines=True)
        if moved is not None:
            label.remove()
            placed[i] = moved
    fig.set_layout_engine("none")  # as measured: a label out of the axes would move them


def compare(one: Row, two: Row) -> dict[str, Any]:
    """The paired difference of the first bots' results on the games both rows hold,
    printed as a JSON line."""
    out = paired(one, two)
    print(json.dumps(out), flush=True)
    return out


def paired(one: Row, two: Row) -> dict[str, Any]:
    """The paired difference of the first bots' results on the games both rows hold."""
    won: list[dict[tuple[int, int], float]] = []
    for row in (one, two):
        setup = row.setup()
        variant = setup.make_variant()
        games: dict[tuple[int, int], float] = {}
        if row.journal.exists():
            with Journal(row.journal, setup, read_only=True) as journal:
                found, _ = journal.split(tasks(DEALS, variant.players, len(setup.bots)))
            for task, result in found:
                if result.error is not None or result.winner is None:
                    continue
                first = {result.seats[s] for s in result.sides[result.winner]}
                games[(task[0], task[1])] = 1.0 if 0 in first else 0.0
        won.append(games)
    keys = sorted(set(won[0]) & set(won[1]))
    diffs = [won[0][k] - won[1][k] for k in keys]
    n = len(diffs)
    mean = sum(diffs) / n if n else 0.0
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    half = 1.96 * (var / n) ** 0.5 if n else 0.0
    out = {"rows": [one.name, two.name], "games": n,
           "first": round(sum(won[0][k] for k in keys) / n, 4) if n else None,
           "second": round(sum(won[1][k] for k in keys) / n, 4) if n else None,
           "difference": round(mean, 4),
           "interval": [round(mean - half, 4), round(mean + half, 4)],
           "differ": sum(1 for d in diffs if d)}
    return out


GRACE = 30.0
"""Seconds a step has, once told to stop, to end as Ctrl-C ends it (the tournament stops its
pool; the journal keeps every finished game) before its processes are killed."""


def _play(step: Row | LabRun, workers: int, left: float | None) -> bool:
    """Play on ``step`` (its command, in a process group of its own) for at most ``left``
    seconds (None: to its end); False when the time ran out.

    The group is what is stopped, not the command alone: a tournament's pool workers are
    its children, and a worker outliving its parent goes on burning a core with no one to
    take its games.  So when the time is up the group gets SIGINT, then SIGKILL after
    :data:`GRACE`, and whatever of it is left when the command has ended is killed."""
    print(f"{step.name}: {_kept(step)} games held, playing on", flush=True)
    process = subprocess.Popen(step.command(workers), cwd=root(), process_group=0)
    try:
        try:
            process.wait(left)
            return True
        except subprocess.TimeoutExpired:
            _signal_group(process.pid, signal.SIGINT)
        try:
            process.wait(GRACE)
        except subprocess.TimeoutExpired:
            _signal_group(process.pid, signal.SIGKILL)
            process.wait()
        print(f"{step.name}: time is up", flush=True)
        return False
    finally:
        _signal_group(process.pid, signal.SIGKILL)


def _signal_group(leader: int, signum: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(leader, signum)


def run(rows: tuple[Row, ...], workers: int, minutes: float | None,
        labs: tuple[LabRun, ...] = ()) -> None:
    """Play on each unfinished row of :data:`FIRST_ROWS`, then each unfinished lab run, then
    the rows of :data:`LAST_ROWS` (those of them in ``rows`` and ``labs``), until
    ``minutes`` have passed."""
    deadline = None if minutes is None else time.monotonic() + 60 * minutes
    JOURNALS.mkdir(parents=True, exist_ok=True)

    def left() -> float | None:
        return None if deadline is None else max(0.0, deadline - time.monotonic())

    steps: list[Row | LabRun] = [r for r in rows if r in FIRST_ROWS]
    steps += [*labs, *(r for r in rows if r not in FIRST_ROWS)]
    for step in steps:
        if not _finished(step) and not timed(step, workers, left()):
            return


def timed(step: Row | LabRun, workers: int, left: float | None) -> bool:
    """Play on ``step`` (:func:`_play`) and note the stretch in
    :func:`times_file`: when, how long, the games held before and after, the workers and
    whether the engine was the compiled copy (benchmarks/compiled.py)."""
    from importlib import import_module
    from importlib.machinery import ExtensionFileLoader

    before = _kept(step)
    started = time.time()
    done = _play(step, workers, left)
    compiled = isinstance(import_module("tablerummy.mystery").__loader__, ExtensionFileLoader)
    span = {"step": step.name, "started": time.strftime("%Y-%m-%dT%H:%M:%SZ",
                                                        time.gmtime(started)),
            "seconds": round(time.time() - started), "games": [before, _kept(step)],
            "finished": done, "workers": workers, "cpus": os.cpu_count(),
            "compiled": compiled}
    with times_file().open("a", encoding="utf-8") as f:
        f.write(json.dumps(span) + "\n")
    return done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("section", choices=["status", "run", "report", "compare"])
    parser.add_argument("--rows", default="", help="row names or prefixes, comma-separated")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--minutes", type=float, default=None)
    args = parser.parse_args()
    wanted = [w.strip() for w in args.rows.split(",") if w.strip()]
    rows = tuple(r for r in ROWS if not wanted or any(r.name.startswith(w) for w in wanted))
    labs = tuple(r for r in LAB_RUNS if not wanted or any(r.name.startswith(w) for w in wanted))
    if not rows and not labs:
        names = [r.name for r in ROWS] + [r.name for r in LAB_RUNS]
        sys.exit(f"no row named {args.rows!r} (rows: {', '.join(names)})")
    if args.section == "status":
        status(rows, labs)
    elif args.section == "report":
        report(rows)
    elif args.section == "compare":
        named = [next((r for r in ROWS if r.name.startswith(w)), None) for w in wanted]
        if len(named) != 2 or None in named:
            sys.exit("compare takes --rows ROW_A,ROW_B (two row names or prefixes)")
        compare(*named)  # type: ignore[arg-type]
    else:
        run(rows, args.workers, args.minutes, labs)


if __name__ == "__main__":
    main()
