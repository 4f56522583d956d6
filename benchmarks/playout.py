"""Random-playout speed of every registered variant, beside OpenSpiel's ``gin_rummy``.

One loop drives every engine: deal a hand, then until it ends ask for the legal actions
and apply one drawn at random.  Only player decisions are counted; dealing (and, for
OpenSpiel, every chance node, sampled uniformly as ``gin_rummy``'s are) is inside the
timed loop.  tablerummy is measured on its fast path (``legal_actions`` +
``apply_unchecked``, what search bots use) and on its checked path (``apply``, which
verifies legality first) separately.  The goal is at least 1.5 × OpenSpiel's decisions
per second on the fast path.

It also plays greedy-vs-greedy games per player count and reports the mean number of
hands per game (the Al Capone rulebook says "usually 4–7").

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
import sys
import time
from collections.abc import Callable
from datetime import date
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

GOAL = 1.5
"""tablerummy's fast path should make at least this many times OpenSpiel's decisions/s."""


Playout = Callable[[random.Random], int]
"""One whole random playout with the given generator; returns its player decisions."""


def race(runners: dict[str, Playout], seconds: float, rounds: int = 5) -> dict[str, dict[str, Any]]:
    """Decisions per second of each runner, measured in interleaved rounds.

    Each runner gets ``seconds`` in all, in ``rounds`` turns taken one after the other,
    so that a busy machine slows every runner alike; the fastest round of each counts
    (timeit's habit: the slower rounds measured the machine's other work).
    """
    rngs = {name: random.Random(i) for i, name in enumerate(runners)}
    for name, run in runners.items():  # warm-up
        warm_until = time.perf_counter() + min(0.2, seconds / 10)
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
        best = max(rows)
        result[name] = {"decisions_per_s": best[0], "decisions_per_playout": best[1] / best[2],
                        "rounds_per_s": [r[0] for r in rows]}
    return result


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
        import pyspiel  # type: ignore[import-not-found]
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


def hands_per_game(variant_name: str, players: int, games: int, workers: int) -> dict[str, Any]:
    """Greedy against greedy at every seat: how many hands a game lasts."""
    setup = Setup(variant_name, {"players": players}, ("greedy",), seed=1)
    summary = simulate(setup, games, workers=workers)
    data = summary.to_json()
    return {"games": games, "hands_per_game": data["hands_per_game"], "errors": data["errors"],
            "mean_hand_score": data["mean_hand_score"]["greedy"]}


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
                        help="seconds per engine and row, in 5 rounds (default 5)")
    parser.add_argument("--games", type=int, help="greedy games per player count (default 200)")
    parser.add_argument("--variants", help="comma-separated variants (default: all registered)")
    parser.add_argument("--json", metavar="FILE", help="also write the results here")
    args = parser.parse_args(argv)
    seconds = args.seconds or (0.5 if args.quick else 5.0)
    games = args.games or (20 if args.quick else 200)
    names = args.variants.split(",") if args.variants else variant_names()
    workers = os.cpu_count() or 1
    console = Console(width=None if sys.stdout.isatty() else 140)
    err = Console(stderr=True)

    results: dict[str, Any] = {"machine": machine(), "seconds_per_figure": seconds, "rows": []}
    spiel = openspiel_playout()
    for name in names:
        for players in PLAYER_COUNTS.get(name, DEFAULT_PLAYERS):
            err.print(f"measuring {name} with {players} players …")
            runners = {"fast": tablerummy_playout(name, players, checked=False),
                       "checked": tablerummy_playout(name, players, checked=True)}
            if spiel is not None:
                runners["openspiel"] = spiel
            row: dict[str, Any] = {"variant": name, "players": players,
                                   **race(runners, seconds)}
            if spiel is not None:
                row["ratio_to_openspiel"] = (row["fast"]["decisions_per_s"]
                                             / row["openspiel"]["decisions_per_s"])
            if "greedy" in bot_names(name):
                row["greedy"] = hands_per_game(name, players, games, workers)
            results["rows"].append(row)

    _print(console, results)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(results, out, indent=1)
            out.write("\n")
    slow = [r for r in results["rows"] if r.get("ratio_to_openspiel", GOAL) < GOAL]
    if slow:
        err.print(f"below the goal of {GOAL} × OpenSpiel: "
                  + ", ".join(f"{r['variant']} ({r['players']}p)" for r in slow))
    return 0


def _print(console: Console, results: dict[str, Any]) -> None:
    m = results["machine"]
    table = Table(title=f"Random playouts, player decisions per second\n"
                        f"{m['date']}, {m['cpu']} ({m['cpus']} CPUs), Python {m['python']}, "
                        f"OpenSpiel {m['open_spiel']}")
    for column in ("variant", "players", "fast path", "checked", "decisions/hand",
                   "gin_rummy", "× gin_rummy", "greedy hands/game"):
        table.add_column(column, justify="left" if column == "variant" else "right")
    for row in results["rows"]:
        ratio = row.get("ratio_to_openspiel")
        spiel = row.get("openspiel")
        greedy = row.get("greedy")
        table.add_row(
            row["variant"], str(row["players"]),
            f"{row['fast']['decisions_per_s']:,.0f}", f"{row['checked']['decisions_per_s']:,.0f}",
            f"{row['fast']['decisions_per_playout']:.0f}",
            "not installed" if spiel is None else f"{spiel['decisions_per_s']:,.0f}",
            "–" if ratio is None else f"{ratio:.2f}",
            "no greedy bot" if greedy is None else
            f"{greedy['hands_per_game']:.2f} ({greedy['games']} games)",
        )
    console.print(table)
    console.print(f"fast path: legal_actions + apply_unchecked; checked: apply; gin_rummy: "
                  f"OpenSpiel's, measured in rounds interleaved with the same row's. "
                  f"Goal: fast path ≥ {GOAL} × gin_rummy.")


if __name__ == "__main__":
    sys.exit(main())
