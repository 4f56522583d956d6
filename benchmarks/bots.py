"""The bots' speed and strength: ISMCTS iterations per second, duplicate win rates.

Three sections, each optional:

* ``speed`` — plain ISMCTS (``prior=0:tree=0``, the algorithm OpenSpiel's bot runs)
  iterations per second per variant, at the start of a hand and in its middle (after half
  a typical hand of random play), on one core; beside it, in the same run, OpenSpiel's
  ``ISMCTSBot`` (C++, and the Python one when importable) on ``gin_rummy`` with one
  random rollout per simulation.  Goal: ≥ 5,000 iterations/s in
  ``capone`` with 2 players.
* ``strength`` — duplicate tournaments (every deal replayed with the seats swapped) at
  the default budget: ismcts against greedy in every variant at 2 players and ``capone``
  at 4 players in teams, and greedy against random.  Goal: ismcts wins ≥ 60 % of
  ``capone`` 2-player games with the 95 % interval's lower bound above 55 %, and the
  lower bound above 50 % in every other row.  The issue asks for ≥ 400 games a row.
* ``budget`` — ismcts against greedy in ``capone`` (2 players) at several iteration
  budgets: how strength grows with search.
* ``cost`` — what a move of ``ismcts:iterations=N`` costs in real games against greedy:
  CPU time per searched decision (median, mean, 90th percentile, most) and the share of
  the budget the search ran before it settled, for each ``N`` of ``--budgets``, the games
  interleaved across budgets (game ``i`` of every budget on the same deal).  It maps an
  iteration budget to the seconds per move the issue's limits speak of.
* ``agreement`` — how often a search plays greedy's own move: at the decisions (with a
  choice) of seat 0 in games of greedy against greedy in ``capone`` (2 players, the first
  two hands of each game, ``--games`` games, at most 120 decisions), each search of
  ``--specs`` is asked the move and compared with greedy's.  A search that agrees with its
  greedy guide almost always can only be as strong as its rare departures.

    python benchmarks/bots.py --sections speed                  # a minute
    python benchmarks/bots.py --sections strength --deals 200   # 400 games a row: hours
    python benchmarks/bots.py --sections cost --budgets 300,1000,3000 --games 4
    python benchmarks/bots.py --sections agreement --games 6 \
        --specs ismcts,ismcts:iterations=2000,ismcts:iterations=2000:prior=0.3:tree=0.3
    python benchmarks/bots.py --quick                           # every section, tiny samples
    python benchmarks/bots.py --json out.json

OpenSpiel comes from the ``bench`` extra; without it the comparison says so.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from datetime import date
from typing import Any

from rich.console import Console
from rich.table import Table

from tablerummy.bots import Sampler, get_bot
from tablerummy.bots.ismcts import ISMCTSBot
from tablerummy.game import Game
from tablerummy.simulate import Setup
from tablerummy.tournament import tournament

SPEED_TABLES = [("capone", 2), ("capone", 4), ("ripper", 2), ("fortune", 2), ("arlington", 2),
                ("arlington-heights", 2)]
MIDDLE = {"capone": 40, "ripper": 40, "fortune": 30, "arlington": 30, "arlington-heights": 30}
"""Random decisions played before the 'middle of a hand' position (about half a hand)."""

STRENGTH_ROWS: list[tuple[str, int, tuple[str, ...]]] = [
    ("capone", 2, ("ismcts", "greedy")),
    ("capone", 4, ("ismcts", "greedy")),
    ("ripper", 2, ("ismcts", "greedy")),
    ("fortune", 2, ("ismcts", "greedy")),
    ("arlington", 2, ("ismcts", "greedy")),
    ("arlington-heights", 2, ("ismcts", "greedy")),
    ("capone", 2, ("greedy", "random")),
    ("ripper", 2, ("greedy", "random")),
    ("fortune", 2, ("greedy", "random")),
]
BUDGETS = (30, 100, 300, 1000, 3000)
GOAL_SPEED = 5000


# --- speed -------------------------------------------------------------------------------

def _position(name: str, players: int, middle: bool, seed: int) -> Game:
    """A game at the start of its first hand, or after ``MIDDLE`` random decisions."""
    from tablerummy.variant import get_variant
    game = Game(get_variant(name, {"players": players}), seed=seed)
    rng = random.Random(seed)
    steps = MIDDLE[name] if middle else 0
    while True:
        legal = game.legal_actions()
        if steps <= 0 and len(legal) > 1:
            return game
        game.apply(legal[rng.randrange(len(legal))], checked=False)
        steps -= 1
        if len(game.hands) > 1:  # the hand ended early: deal again from a new seed
            return _position(name, players, middle, seed + 1)


def _searcher(name: str, players: int, middle: bool, rnd: int,
              spec: str) -> tuple[Game, ISMCTSBot]:
    """Round ``rnd``'s position and the search ``spec`` seated to move there."""
    game = _position(name, players, middle, seed=rnd + 1)
    seat = game.to_act
    assert seat is not None
    bot = get_bot(spec, game.variant, seat, seed=rnd)
    assert isinstance(bot, ISMCTSBot)
    bot.sampler = Sampler(game.state, seat, random.Random(rnd))
    return game, bot


def ismcts_speed(name: str, players: int, middle: bool, iterations: int, rnd: int) -> float:
    """Iterations per second of the plain ISMCTS (no greedy bias: the algorithm OpenSpiel's
    bot runs) in round ``rnd`` (its own position)."""
    game, bot = _searcher(name, players, middle, rnd,
                          f"ismcts:iterations={iterations}:prior=0:tree=0")
    started = time.perf_counter()
    _, done = bot.search(game.observation(bot.seat))
    return done / (time.perf_counter() - started)


def default_move_ms(name: str, players: int, middle: bool, rnd: int) -> float:
    """CPU milliseconds of one decision of the default ``ismcts`` (300 iterations, guided
    by greedy): what a player waits for, against the issue's second a move.  CPU time, not
    wall time, so that the machine's other work does not count."""
    game, bot = _searcher(name, players, middle, rnd, "ismcts")
    started = time.process_time()
    bot.choose(game.observation(bot.seat), game.legal_actions())
    return (time.process_time() - started) * 1000


def openspiel_makers(simulations: int) -> tuple[Any, dict[str, Any], dict[str, str]]:
    """OpenSpiel's ``gin_rummy`` and its ISMCTS bots (C++, and Python when importable).

    Returns the game (None without OpenSpiel), a maker per kind of bot, and why a kind
    is missing.
    """
    try:
        import numpy as np
        import pyspiel
    except ImportError:
        return None, {}, {"cpp": "OpenSpiel not installed (pip install -e '.[bench]')"}
    game = pyspiel.load_game("gin_rummy")
    missing: dict[str, str] = {}
    makers: dict[str, Any] = {
        "cpp": lambda seed: pyspiel.ISMCTSBot(
            seed, pyspiel.RandomRolloutEvaluator(1, seed), 2.0, simulations, -1,
            pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False),
    }
    try:
        from open_spiel.python.algorithms import ismcts as py_ismcts
        from open_spiel.python.algorithms import mcts as py_mcts

        makers["python"] = lambda seed: py_ismcts.ISMCTSBot(
            game, py_mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)), 2.0,
            simulations, random_state=np.random.RandomState(seed),
            final_policy_type=py_ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
    except ImportError:
        missing["python"] = "not importable"
    return game, makers, missing


def openspiel_speed(game: Any, make: Any, middle: bool, simulations: int, rnd: int) -> float:
    """OpenSpiel ISMCTS simulations per second on ``gin_rummy`` in round ``rnd``."""
    import pyspiel

    state = _gin_position(pyspiel, game, middle, rnd + 1)
    bot = make(rnd + 1)
    started = time.perf_counter()
    bot.step(state)
    return simulations / (time.perf_counter() - started)


def _gin_position(pyspiel: Any, game: Any, middle: bool, seed: int) -> Any:
    rng = random.Random(seed)
    state = game.new_initial_state()
    steps = 30 if middle else 0
    while True:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
            continue
        legal = state.legal_actions()
        if steps <= 0 and len(legal) > 1:
            return state
        state.apply_action(legal[rng.randrange(len(legal))])
        steps -= 1
        if state.is_terminal():
            return _gin_position(pyspiel, game, middle, seed + 1)


def spread(values: list[float]) -> dict[str, float]:
    """The median of the rounds, with the lowest and highest (never the best alone)."""
    return {"median": statistics.median(values), "low": min(values), "high": max(values)}


def _fig(figure: dict[str, float]) -> str:
    return f"{figure['median']:,.0f} ({figure['low']:,.0f}–{figure['high']:,.0f})"


def speed_section(iterations: int, rounds: int, console: Console) -> dict[str, Any]:
    """Every table's rounds interleaved with OpenSpiel's, so that the machine's load
    falls on all alike; each figure is the median of its rounds with their range."""
    table = Table(title=f"Plain ISMCTS iterations/s (one core, {iterations} iterations a search, "
                        f"median of {rounds} interleaved rounds, lowest–highest)")
    for col in ("table", "start of a hand", "middle of a hand", "default bot, CPU ms a move"):
        table.add_column(col, justify="left" if col == "table" else "right")
    sims = max(50, iterations // 5)
    game, makers, missing = openspiel_makers(sims)
    samples: dict[str, dict[str, list[float]]] = {}
    for rnd in range(rounds):
        for name, players in SPEED_TABLES:
            row = samples.setdefault(f"{name}/{players}",
                                     {"start": [], "middle": [], "move_ms": []})
            for where in ("start", "middle"):
                row[where].append(ismcts_speed(name, players, where == "middle",
                                               iterations, rnd))
                row["move_ms"].append(default_move_ms(name, players, where == "middle", rnd))
        for kind, make in makers.items():
            row = samples.setdefault(f"openspiel-{kind}/gin_rummy", {"start": [], "middle": []})
            for where in ("start", "middle"):
                row[where].append(openspiel_speed(game, make, where == "middle", sims, rnd))
    rows: dict[str, Any] = {}
    for key, row in samples.items():
        rows[key] = {where: spread(values) for where, values in row.items()}
        name, count = key.split("/")
        label = (f"OpenSpiel ISMCTSBot ({name.split('-', 1)[1]}), gin_rummy"
                 if name.startswith("openspiel-") else f"tablerummy {name}, {count} players")
        move = rows[key].get("move_ms")
        table.add_row(label, _fig(rows[key]["start"]), _fig(rows[key]["middle"]),
                      _fig(move) if move else "")
    for kind, why in missing.items():
        table.add_row(f"OpenSpiel ISMCTSBot ({kind}), gin_rummy", why, "")
    console.print(table)
    goal = rows["capone/2"]
    met = min(goal["start"]["median"], goal["middle"]["median"]) >= GOAL_SPEED
    console.print(f"goal ≥ {GOAL_SPEED:,} iterations/s in capone 2 players (medians): "
                  f"{'met' if met else 'NOT met'} on this machine")
    return rows


# --- strength ----------------------------------------------------------------------------

def duel(name: str, players: int, bots: tuple[str, ...], deals: int, workers: int,
         seed: int) -> dict[str, Any]:
    started = time.perf_counter()
    data = tournament(Setup(name, {"players": players}, bots, seed=seed), deals,
                      workers=workers).to_json()
    data["seconds"] = time.perf_counter() - started
    return data


def _row(table: Table, label: str, data: dict[str, Any], first: str) -> None:
    low, high = data["win_interval"][first]
    table.add_row(label, str(data["played"][first]), f"{data['win_rate'][first]:.1%}",
                  f"{low:.1%} – {high:.1%}", f"{data['mean_margin'][first]:+.1f}",
                  str(data["errors"]), f"{data['seconds']:.0f}")


def _strength_table(title: str) -> Table:
    table = Table(title=title)
    for col in ("row", "games", "win rate", "95 % interval", "mean margin", "errors", "s"):
        table.add_column(col, justify="left" if col == "row" else "right")
    return table


def strength_section(deals: int, workers: int, budget: int | None,
                     console: Console) -> dict[str, Any]:
    spec = "ismcts" if budget is None else f"ismcts:iterations={budget}"
    table = _strength_table(f"Strength: duplicate games ({deals} deals × seatings), "
                            f"first bot's results, ismcts = {spec}")
    rows: dict[str, Any] = {}
    for name, players, bots in STRENGTH_ROWS:
        entries = tuple(spec if b == "ismcts" else b for b in bots)
        data = duel(name, players, entries, deals, workers, seed=1000)
        label = f"{name} {players}p: {bots[0]} vs {bots[1]}"
        rows[label] = data
        _row(table, label, data, entries[0])
        console.print(f"  done: {label} ({data['seconds']:.0f} s)", highlight=False)
    console.print(table)
    return rows


def budget_section(deals: int, workers: int, budgets: tuple[int, ...],
                   console: Console) -> dict[str, Any]:
    table = _strength_table(f"Budget: ismcts vs greedy, capone 2 players, {deals} deals")
    rows: dict[str, Any] = {}
    for n in budgets:
        spec = f"ismcts:iterations={n}"
        data = duel("capone", 2, (spec, "greedy"), deals, workers, seed=2000)
        rows[str(n)] = data
        _row(table, f"{n} iterations/move", data, spec)
        console.print(f"  done: {n} iterations ({data['seconds']:.0f} s)", highlight=False)
    console.print(table)
    return rows


# --- cost --------------------------------------------------------------------------------

def cost_game(name: str, players: int, iterations: int, seed: int,
              bias: str | None = None) -> tuple[list[float], list[int]]:
    """One game of ``ismcts:iterations=N`` (seat 0, and every even seat; with ``bias``,
    ``prior=tree=bias``) against greedy: the CPU seconds (of this thread) and the
    iterations run of each searched decision."""
    from tablerummy.bots import decide
    from tablerummy.variant import get_variant

    variant = get_variant(name, {"players": players})
    game = Game(variant, seed=seed)
    spec = f"ismcts:iterations={iterations}" + (f":prior={bias}:tree={bias}" if bias else "")
    bots = [get_bot(spec if s % 2 == 0 else "greedy", variant, s, seed=seed * 10 + s)
            for s in range(players)]
    seconds: list[float] = []
    runs: list[int] = []
    while not game.game_over:
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions()
        bot = bots[seat]
        started = time.thread_time()
        action = decide(bot, game.state, game.observation(seat), legal)
        if isinstance(bot, ISMCTSBot) and len(legal) > 1:
            seconds.append(time.thread_time() - started)
            runs.append(bot.searched)
        game.apply(action, seat=seat)
    return seconds, runs


def cost_section(name: str, players: int, budgets: tuple[int, ...], games: int,
                 console: Console, bias: str | None = None) -> dict[str, Any]:
    per: dict[int, tuple[list[float], list[int]]] = {n: ([], []) for n in budgets}
    for g in range(games):
        for n in budgets:
            seconds, runs = cost_game(name, players, n, 3000 + g, bias)
            per[n][0].extend(seconds)
            per[n][1].extend(runs)
    shown = "" if bias is None else f":prior={bias}:tree={bias}"
    table = Table(title=f"Cost of a searched move: ismcts:iterations=N{shown} vs greedy, {name} "
                        f"{players} players, {games} games a budget (CPU ms of the thread)")
    for col in ("N", "decisions", "median ms", "mean ms", "90th pct ms", "most ms",
                "iterations run"):
        table.add_column(col, justify="right")
    rows: dict[str, Any] = {}
    for n, (seconds, runs) in per.items():
        ordered = sorted(seconds)
        row = {"decisions": len(ordered), "median": statistics.median(ordered),
               "mean": statistics.fmean(ordered),
               "p90": ordered[int(0.9 * (len(ordered) - 1))], "most": ordered[-1],
               "share_run": statistics.fmean(runs) / n}
        rows[str(n)] = row
        table.add_row(str(n), str(row["decisions"]), f"{row['median'] * 1000:.0f}",
                      f"{row['mean'] * 1000:.0f}", f"{row['p90'] * 1000:.0f}",
                      f"{row['most'] * 1000:.0f}", f"{row['share_run']:.0%}")
    console.print(table)
    return rows


# --- agreement ---------------------------------------------------------------------------

def agreement_section(specs: list[str], games: int, most: int,
                      console: Console) -> dict[str, Any]:
    from tablerummy.bots import ask, decide
    from tablerummy.variant import get_variant

    variant = get_variant("capone")
    agree = dict.fromkeys(specs, 0)
    asked = 0
    for g in range(games):
        game = Game(variant, seed=500 + g)
        greedy = [get_bot("greedy", variant, s, seed=s) for s in range(2)]
        while not game.game_over and len(game.hands) <= 2 and asked < most:
            seat = game.to_act
            assert seat is not None
            legal = game.legal_actions()
            move = ask(greedy[seat], game, legal)
            if seat == 0 and len(legal) > 1:
                asked += 1
                for spec in specs:
                    bot = get_bot(spec, variant, 0, seed=asked)
                    agree[spec] += decide(bot, game.state, game.observation(0), legal) == move
            game.apply(move, seat=seat)
    table = Table(title=f"Greedy's own move, asked of each search at {asked} decisions of "
                        "greedy games (capone, 2 players)")
    for col in ("search", "plays greedy's move"):
        table.add_column(col, justify="left" if col == "search" else "right")
    for spec in specs:
        table.add_row(spec, f"{agree[spec]} of {asked}")
    console.print(table)
    return {"decisions": asked, "agree": agree}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sections", default="speed,strength,budget")
    parser.add_argument("--iterations", type=int, default=2000,
                        help="ISMCTS iterations per speed measurement")
    parser.add_argument("--rounds", type=int, default=5,
                        help="speed rounds, interleaved (the median and range are shown)")
    parser.add_argument("--deals", type=int, default=200,
                        help="deals per strength row (×2 seatings at 2 players)")
    parser.add_argument("--budget", type=int, help="ismcts iterations per move in strength "
                                                   "(default: the bot's default)")
    parser.add_argument("--budgets", help="iterations per move in the budget section "
                                          f"(default {','.join(map(str, BUDGETS))})")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--games", type=int, default=4, help="games a budget in cost")
    parser.add_argument("--variant", default="capone", help="the table of cost")
    parser.add_argument("--players", type=int, default=2, help="its players")
    parser.add_argument("--bias", help="cost: the searches' prior=tree (default: the bot's)")
    parser.add_argument("--specs", default="ismcts,ismcts:iterations=2000",
                        help="the searches of agreement, comma-separated")
    parser.add_argument("--quick", action="store_true", help="tiny samples, for a smoke test")
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args(argv)
    if args.quick:
        args.iterations, args.rounds, args.deals = 200, 1, 1
        args.budget = 20
        args.budgets = args.budgets or "10,30"
        args.games = 1
    sections = {s.strip() for s in args.sections.split(",")}
    console = Console()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    console.print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
                  f"load {load:.1f}, Python {sys.version.split()[0]}, {date.today()}")
    results: dict[str, Any] = {"date": str(date.today()), "load": load,
                               "python": sys.version.split()[0]}
    if "speed" in sections:
        results["speed"] = speed_section(args.iterations, args.rounds, console)
    if "strength" in sections:
        results["strength"] = strength_section(args.deals, args.workers, args.budget, console)
    if "budget" in sections:
        budgets = tuple(int(b) for b in (args.budgets or ",".join(map(str, BUDGETS))).split(","))
        results["budget"] = budget_section(args.deals, args.workers, budgets, console)
    if "cost" in sections:
        budgets = tuple(int(b) for b in (args.budgets or ",".join(map(str, BUDGETS))).split(","))
        results["cost"] = cost_section(args.variant, args.players, budgets, args.games, console,
                                       args.bias)
        results["bias"] = args.bias
    if "agreement" in sections:
        results["agreement"] = agreement_section(args.specs.split(","), args.games,
                                                 8 if args.quick else 120, console)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(results, out, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
