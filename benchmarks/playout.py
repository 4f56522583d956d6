"""Random-playout speed of every registered variant, beside OpenSpiel's ``gin_rummy``.

One loop drives every engine: deal a hand, then until it ends ask for the legal actions
and apply one drawn at random.  Only player decisions are counted; dealing (and, for
OpenSpiel, every chance node, sampled uniformly as ``gin_rummy``'s are) is inside the
timed loop.  tablerummy is measured on its fast path (``legal_actions`` +
``apply_unchecked``, what search bots use) and on its checked path (``apply``, which
verifies legality first) separately.  The goal is at least 2 × OpenSpiel's decisions
per second on the fast path, for every variant at every player count.

Every figure is the **median of interleaved rounds**, with the spread (lowest and
highest round): on a shared machine the best round measures luck, the median the rule.

It also measures what users run, as whole processes: ``tablerummy simulate capone
--bots random,random --save DIR`` (start-up, bots, records written: the goal is 3 ×
``gin_rummy``), the start-up of ``tablerummy verify`` on a one-hand record, and
greedy-vs-greedy games per variant and player count (decisions per second, and the mean
number of hands per game: the Al Capone rulebook says "usually 4–7").

    python benchmarks/playout.py            # about a minute or two
    python benchmarks/playout.py --quick    # a few seconds per figure
    python benchmarks/playout.py --json results.json

OpenSpiel comes from the ``bench`` extra (``pip install -e '.[bench]'``, or ``make bench``);
without it the comparison column says so and the rest still runs.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from tablerummy.bots import bot_names
from tablerummy.simulate import Setup, simulate
from tablerummy.variant import get_variant, variant_names

PLAYER_COUNTS: dict[str, tuple[int, ...]] = {
    "capone": (2, 4),
    "ripper": (2, 3, 4),
    "fortune": (2, 4, 8),
    "arlington": (2, 4, 7),  # 8 × 13 cards leave no stock: arlington seats at most 7
    "arlington-heights": (2, 4, 8),
}
"""Player counts to measure per variant; a variant not listed is measured with 2."""
DEFAULT_PLAYERS = (2,)

GOAL = 2.0
"""tablerummy's fast path should make at least this many times OpenSpiel's decisions/s."""
SIMULATE_GOAL = 3.0
"""A whole ``simulate --save`` process (capone, 2 random bots) against ``gin_rummy``."""


Playout = Callable[[random.Random], int]
"""One whole random playout with the given generator; returns its player decisions."""


def spread(values: list[float]) -> dict[str, Any]:
    """The median of some rounds, with the lowest and highest and every round."""
    return {"median": statistics.median(values), "low": min(values), "high": max(values),
            "rounds": values}


def race(runners: dict[str, Playout], seconds: float, rounds: int = 5) -> dict[str, dict[str, Any]]:
    """Decisions per second of each runner, measured in interleaved rounds.

    Each runner gets ``seconds`` in all, in ``rounds`` turns taken one after the other,
    so that a busy machine slows every runner alike.  The median round counts, with the
    spread beside it; the ratio of two runners is the median of their per-round ratios.
    """
    rngs = {name: random.Random(i) for i, name in enumerate(runners)}
    for name, run in runners.items():  # warm-up
        warm_until = time.perf_counter() + min(0.5, seconds / 5)
        while time.perf_counter() < warm_until:
            run(rngs[name])
    measured: dict[str, list[tuple[float, int, int]]] = {name: [] for name in runners}
    for _ in range(rounds):
        for name, run in runners.items():
            rng = rngs[name]
            decisions = playouts = 0
            start = time.perf_counter()
            deadline = start + seconds / rounds
            while True:
                decisions += run(rng)
                playouts += 1
                now = time.perf_counter()
                if now >= deadline:
                    break
            measured[name].append((decisions / (now - start), decisions, playouts))
    result = {}
    for name, rows in measured.items():
        result[name] = {"decisions_per_s": statistics.median(r[0] for r in rows),
                        "decisions_per_playout": sum(r[1] for r in rows)
                        / sum(r[2] for r in rows),
                        **spread([r[0] for r in rows])}
    return result


def ratio(rows: dict[str, dict[str, Any]], name: str, base: str) -> dict[str, Any]:
    """``name``'s decisions/s over ``base``'s, round by round: median and spread."""
    return spread([a / b for a, b in zip(rows[name]["rounds"], rows[base]["rounds"],
                                         strict=True)])


def tablerummy_playout(variant_name: str, players: int, checked: bool) -> Playout:
    """One random hand through the public API: ``HandState.legal_actions`` + apply."""
    variant = get_variant(variant_name, {"players": players})

    def run(rng: random.Random) -> int:
        state = variant.new_hand(variant.shuffled_deck(rng), rng.randrange(players))
        apply = state.apply if checked else state.apply_unchecked
        legal_actions = state.legal_actions
        randrange = rng.randrange
        n = 0
        while state.end is None:
            legal = legal_actions()
            apply(legal[randrange(len(legal))])
            n += 1
        return n

    return run


def openspiel_playout() -> Playout | None:
    """One random ``gin_rummy`` game through pyspiel, or None without OpenSpiel."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")
    first = game.new_initial_state()
    probs = {p for _, p in first.chance_outcomes()}
    if len(probs) != 1:  # the comparison samples chance uniformly; make sure that is right
        raise SystemExit("gin_rummy's deal is not uniform any more: fix the benchmark loop")

    def run(rng: random.Random) -> int:
        state = game.new_initial_state()
        randrange = rng.randrange
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[randrange(len(legal))])
                n += 1
        return n

    return run


def greedy_games(variant_name: str, players: int, games: int) -> dict[str, Any]:
    """Greedy against greedy at every seat, in this process: decisions per second and
    how many hands a game lasts."""
    setup = Setup(variant_name, {"players": players}, ("greedy",), seed=1)
    start = time.perf_counter()
    summary = simulate(setup, games, workers=1)
    seconds = time.perf_counter() - start
    data = summary.to_json()
    return {"games": games, "hands_per_game": data["hands_per_game"], "errors": data["errors"],
            "mean_hand_score": data["mean_hand_score"]["greedy"],
            "decisions_per_s": summary.decisions / seconds}


def _tablerummy_command() -> list[str]:
    return [sys.executable, "-c", "import sys; from tablerummy.cli import main; "
            "sys.exit(main(sys.argv[1:]))"]


def simulate_process(games: int, rounds: int, spiel: Playout | None) -> dict[str, Any]:
    """``tablerummy simulate capone -o players=2 --bots random,random --save DIR`` as a
    whole process (start-up, play, records written), rounds interleaved with
    ``gin_rummy`` given the same time."""
    rates: list[float] = []
    spiel_rates: list[float] = []
    rng = random.Random(7)
    for index in range(rounds):
        with tempfile.TemporaryDirectory() as folder:
            start = time.perf_counter()
            done = subprocess.run(
                [*_tablerummy_command(), "simulate", "capone", "-o", "players=2", "--games",
                 str(games), "--bots", "random,random", "--seed", str(index * games),
                 "--json", "--save", folder], capture_output=True, text=True, check=True)
            seconds = time.perf_counter() - start
            saved = len(list(Path(folder).iterdir()))
        data = json.loads(done.stdout)
        if saved != games:
            raise SystemExit(f"simulate saved {saved} records of {games}")
        rates.append(data["decisions_per_game"] * data["completed"] / seconds)
        if spiel is not None:
            decisions = 0
            start = time.perf_counter()
            while time.perf_counter() - start < seconds:
                decisions += spiel(rng)
            spiel_rates.append(decisions / (time.perf_counter() - start))
    result: dict[str, Any] = {"games": games, "simulate": spread(rates)}
    if spiel_rates:
        result["openspiel"] = spread(spiel_rates)
        result["ratio_to_openspiel"] = spread([a / b for a, b in zip(rates, spiel_rates,
                                                                     strict=True)])
    return result


def verify_startup(rounds: int) -> dict[str, Any]:
    """Seconds of ``tablerummy verify`` on a one-hand capone record, beside a bare
    ``python -c pass`` (the interpreter's own start-up), rounds interleaved."""
    from tablerummy import Game, get_variant

    game = Game(get_variant("capone", {"players": 2}), seed=1)
    rng = random.Random(1)
    while len(game.hands) == 1 and not game.game_over:
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))], checked=False)
    record = game.to_record()
    record["hands"] = record["hands"][:1]
    verify, bare = [], []
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "one-hand.json"
        path.write_text(json.dumps(record), encoding="utf-8")
        for _ in range(rounds):
            start = time.perf_counter()
            subprocess.run([*_tablerummy_command(), "verify", str(path)],
                           capture_output=True, check=True)
            verify.append(time.perf_counter() - start)
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", "pass"], check=True)
            bare.append(time.perf_counter() - start)
    return {"actions": len(record["hands"][0]["actions"]), "verify_s": spread(verify),
            "python_s": spread(bare)}


def machine() -> dict[str, str]:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        from importlib.metadata import version
        spiel = version("open-spiel")
    except Exception:
        spiel = "not installed"
    return {"date": date.today().isoformat(), "cpu": cpu, "cpus": str(os.cpu_count()),
            "python": platform.python_version(), "platform": platform.platform(),
            "open_spiel": spiel}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="short runs (a smoke test)")
    parser.add_argument("--seconds", type=float,
                        help="seconds per engine and row, in --rounds rounds (default 5)")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument("--games", type=int, help="greedy games per player count (default 50)")
    parser.add_argument("--simulate-games", type=int,
                        help="games per simulate process (default 200)")
    parser.add_argument("--variants", help="comma-separated variants (default: all registered)")
    parser.add_argument("--json", metavar="FILE", help="also write the results here")
    args = parser.parse_args(argv)
    seconds = args.seconds or (0.5 if args.quick else 5.0)
    games = args.games or (5 if args.quick else 50)
    sim_games = args.simulate_games or (20 if args.quick else 200)
    rounds = args.rounds
    names = args.variants.split(",") if args.variants else variant_names()
    console = Console(width=None if sys.stdout.isatty() else 160)
    err = Console(stderr=True)

    results: dict[str, Any] = {"machine": machine(), "seconds_per_figure": seconds,
                               "rounds": rounds, "rows": []}
    spiel = openspiel_playout()
    err.print("measuring tablerummy verify's start-up …")
    results["verify_startup"] = verify_startup(rounds * 2)
    err.print("measuring whole simulate --save processes …")
    results["simulate_process"] = simulate_process(sim_games, rounds, spiel)
    for name in names:
        for players in PLAYER_COUNTS.get(name, DEFAULT_PLAYERS):
            err.print(f"measuring {name} with {players} players …")
            runners = {"fast": tablerummy_playout(name, players, checked=False),
                       "checked": tablerummy_playout(name, players, checked=True)}
            if spiel is not None:
                runners["openspiel"] = spiel
            row: dict[str, Any] = {"variant": name, "players": players,
                                   **race(runners, seconds, rounds)}
            if spiel is not None:
                row["ratio_to_openspiel"] = ratio(row, "fast", "openspiel")
            if "greedy" in bot_names(name):
                row["greedy"] = greedy_games(name, players, games)
            results["rows"].append(row)
    results["load_average"] = os.getloadavg()

    _print(console, results)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(results, out, indent=1)
            out.write("\n")
    slow = [r for r in results["rows"]
            if r.get("ratio_to_openspiel", {"median": GOAL})["median"] < GOAL]
    if slow:
        err.print(f"below the goal of {GOAL} × OpenSpiel: "
                  + ", ".join(f"{r['variant']} ({r['players']}p)" for r in slow))
    return 0


def _figure(data: dict[str, Any], digits: int = 0) -> str:
    """``median (low–high)``."""
    return (f"{data['median']:,.{digits}f} ({data['low']:,.{digits}f}–"
            f"{data['high']:,.{digits}f})")


def _print(console: Console, results: dict[str, Any]) -> None:
    m = results["machine"]
    load = results.get("load_average")
    table = Table(title=f"Random playouts, player decisions per second: median of "
                        f"{results['rounds']} interleaved rounds (lowest–highest)\n"
                        f"{m['date']}, {m['cpu']} ({m['cpus']} CPUs), Python {m['python']}, "
                        f"OpenSpiel {m['open_spiel']}"
                        + (f", load average {load[0]:.1f}" if load else ""))
    for column in ("variant", "players", "fast path", "checked", "decisions/hand",
                   "gin_rummy", "× gin_rummy", "greedy decisions/s", "greedy hands/game"):
        table.add_column(column, justify="left" if column == "variant" else "right")
    for row in results["rows"]:
        ratio_ = row.get("ratio_to_openspiel")
        spiel = row.get("openspiel")
        greedy = row.get("greedy")
        table.add_row(
            row["variant"], str(row["players"]), _figure(row["fast"]), _figure(row["checked"]),
            f"{row['fast']['decisions_per_playout']:.0f}",
            "not installed" if spiel is None else _figure(spiel),
            "–" if ratio_ is None else _figure(ratio_, 2),
            "–" if greedy is None else f"{greedy['decisions_per_s']:,.0f}",
            "no greedy bot" if greedy is None else
            f"{greedy['hands_per_game']:.2f} ({greedy['games']} games)",
        )
    console.print(table)
    console.print(f"fast path: legal_actions + apply_unchecked; checked: apply; gin_rummy: "
                  f"OpenSpiel's, measured in rounds interleaved with the same row's. "
                  f"Goal: fast path ≥ {GOAL} × gin_rummy.")
    sim = results["simulate_process"]
    line = (f"simulate capone -o players=2 --bots random,random --save DIR "
            f"({sim['games']} games, whole process): {_figure(sim['simulate'])} decisions/s")
    if "ratio_to_openspiel" in sim:
        line += (f", gin_rummy {_figure(sim['openspiel'])}: "
                 f"{_figure(sim['ratio_to_openspiel'], 2)} × (goal {SIMULATE_GOAL} ×)")
    console.print(line)
    start = results["verify_startup"]
    console.print(f"tablerummy verify on a one-hand record ({start['actions']} actions): "
                  f"{_figure({k: v * 1000 for k, v in start['verify_s'].items() if k != 'rounds'})}"
                  f" ms; python -c pass: "
                  f"{_figure({k: v * 1000 for k, v in start['python_s'].items() if k != 'rounds'})}"
                  f" ms")


if __name__ == "__main__":
    sys.exit(main())
