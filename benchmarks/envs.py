"""Environment steps per second of the RL adapters, beside RLCard's and OpenSpiel's gin rummy.

Every environment is driven the same way, as a learning loop drives it: at each decision
read the acting agent's observation tensor and legal actions, pick one legal action at
random, step.  Episodes are one hand (tablerummy ``hands=1``; ``gin-rummy`` and
``gin_rummy`` play one deal too); resets are inside the timed loop, chance nodes of
OpenSpiel are sampled and not counted as steps.

Rounds are interleaved (every environment once per round, in turn) and each figure is the
median of the rounds with the lowest and highest beside it, never the best round alone.
The goal of the issue: our PettingZoo env ≥ 2 × RLCard's steps/s.

    python benchmarks/envs.py                  # 5 rounds of 3 s per environment
    python benchmarks/envs.py --quick          # 3 rounds of 1 s
    python benchmarks/envs.py --json out.json
    python benchmarks/envs.py --adapters pettingzoo --tables capone,ripper --rounds 5
    python benchmarks/envs.py --cpu            # rounds timed by CPU time (a shared machine)

Needs the ``rl`` and ``openspiel`` extras; RLCard is optional (``pip install rlcard``).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

clock: Callable[[], float] = time.perf_counter
"""The clock of every round: wall time, or with ``--cpu`` the process's CPU time (on a
machine shared with other work a round's wall time counts the time spent waiting for
a CPU; its CPU time does not — every environment here runs in this one thread)."""

Runner = Callable[[np.random.Generator, float], int]
"""Play for about ``seconds`` with the generator; return the environment steps made."""

TABLES = [("capone", {}), ("capone", {"players": 4}), ("ripper", {"players": 3}),
          ("fortune", {}), ("arlington", {}), ("arlington-heights", {})]


def pick(rng: np.random.Generator, legal: Any) -> int:
    """One of ``legal`` (a list or an array of actions) at random: every runner picks so.

    ``rng.choice`` would turn a list into an array first, and costs more than some of
    the environments' steps; an index drawn by ``integers`` costs the same everywhere.
    """
    return int(legal[int(rng.integers(len(legal)))])


def legal_of(mask: np.ndarray) -> np.ndarray:
    """The legal actions of an ``int8`` mask (as PettingZoo and Gymnasium want masks).

    Read as booleans (the same bytes): ``flatnonzero`` has a fast path for those only,
    and walks an ``int8`` array of the Oklahoma family's 9,504 actions entry by entry.
    """
    return np.flatnonzero(mask.view(np.bool_))


def pettingzoo_runner(name: str, options: dict[str, Any]) -> Runner:
    from tablerummy.envs.pettingzoo import env

    def run(rng: np.random.Generator, seconds: float) -> int:
        game = env(name, hands=1, **options)
        steps, seed = 0, 0
        end = clock() + seconds
        while clock() < end:
            game.reset(seed=seed)
            seed += 1
            for _agent in game.agent_iter():
                obs, _, term, trunc, _ = game.last()
                if term or trunc:
                    game.step(None)
                    continue
                game.step(pick(rng, legal_of(obs["action_mask"])))
                steps += 1
        return steps

    return run


def gymnasium_runner(name: str, options: dict[str, Any]) -> Runner:
    import gymnasium as gym

    import tablerummy.envs.gymnasium as tr_gym

    title = next(t for t, n in tr_gym.IDS.items() if n == name)

    def run(rng: np.random.Generator, seconds: float) -> int:
        made = gym.make(f"tablerummy/{title}-v0", hands=1, opponent="random", **options)
        steps, seed = 0, 0
        end = clock() + seconds
        while clock() < end:
            _, info = made.reset(seed=seed)
            seed += 1
            done = False
            while not done:
                action = pick(rng, legal_of(info["action_mask"]))
                _, _, terminated, truncated, info = made.step(action)
                steps += 1
                done = terminated or truncated
        return steps

    return run


def openspiel_runner(game_name: str, params: dict[str, Any]) -> Runner:
    import pyspiel

    if game_name.startswith("python_tablerummy"):
        import tablerummy.envs.openspiel  # noqa: F401  (registers the games)
    game = pyspiel.load_game(game_name, params)

    def run(rng: np.random.Generator, seconds: float) -> int:
        steps = 0
        end = clock() + seconds
        while clock() < end:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(int(rng.choice(outcomes, p=probs)))
                    continue
                player = state.current_player()
                state.observation_tensor(player)
                state.apply_action(pick(rng, state.legal_actions(player)))
                steps += 1
        return steps

    return run


def rlcard_runner() -> Runner:
    import rlcard

    def run(rng: np.random.Generator, seconds: float) -> int:
        env = rlcard.make("gin-rummy", config={"seed": 0})
        steps = 0
        end = clock() + seconds
        while clock() < end:
            state, _player = env.reset()
            while not env.is_over():
                legal = list(state["legal_actions"])
                state, _player = env.step(pick(rng, legal))
                steps += 1
        return steps

    return run


def race(runners: dict[str, Runner], seconds: float, rounds: int) -> dict[str, dict[str, float]]:
    """Interleaved rounds; per runner the median steps/s and the spread."""
    rates: dict[str, list[float]] = {name: [] for name in runners}
    rng = np.random.default_rng(0)
    for _ in range(rounds):
        for name, run in runners.items():
            start = clock()
            steps = run(rng, seconds)
            rates[name].append(steps / (clock() - start))
    return {name: {"median": statistics.median(r), "low": min(r), "high": max(r)}
            for name, r in rates.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--json", metavar="FILE")
    parser.add_argument("--adapters", default="pettingzoo,gymnasium,openspiel",
                        help="which of our adapters to run (comma-separated; default: all)")
    parser.add_argument("--tables", metavar="VARIANTS",
                        help="which variants to run (comma-separated, e.g. capone,ripper; "
                             "default: every row of TABLES)")
    parser.add_argument("--rounds", type=int, help="interleaved rounds (default 5; quick 3)")
    parser.add_argument("--seconds", type=float,
                        help="seconds per environment and round (default 3; quick 1)")
    parser.add_argument("--cpu", action="store_true",
                        help="time rounds by the process's CPU time instead of the wall clock "
                             "(for a machine that other work shares)")
    args = parser.parse_args()
    if args.cpu:
        global clock
        clock = time.process_time
    seconds, rounds = (1.0, 3) if args.quick else (3.0, 5)
    seconds = args.seconds or seconds
    rounds = args.rounds or rounds
    adapters = set(args.adapters.split(","))
    tables = [(n, o) for n, o in TABLES
              if args.tables is None or n in args.tables.split(",")]
    runners: dict[str, Runner] = {}
    try:
        runners["rlcard gin-rummy"] = rlcard_runner()
    except ImportError:
        print("rlcard not installed: its row is left out (pip install rlcard)")
    runners["openspiel gin_rummy"] = openspiel_runner("gin_rummy", {})
    for name, options in tables:
        label = name + "".join(f" {k}={v}" for k, v in options.items())
        if "pettingzoo" in adapters:
            runners[f"pettingzoo {label}"] = pettingzoo_runner(name, options)
        if "gymnasium" in adapters:
            runners[f"gymnasium {label}"] = gymnasium_runner(name, options)
        if "openspiel" in adapters:
            runners[f"openspiel {label}"] = openspiel_runner(
                "python_tablerummy_" + name.replace("-", "_"), options)
    results = race(runners, seconds, rounds)
    anchor = results.get("rlcard gin-rummy", {}).get("median")
    print(f"{'environment':45} {'steps/s':>9} {'low':>9} {'high':>9} {'× rlcard':>9}")
    for name, r in results.items():
        ratio = f"{r['median'] / anchor:9.2f}" if anchor else f"{'—':>9}"
        print(f"{name:45} {r['median']:9.0f} {r['low']:9.0f} {r['high']:9.0f} {ratio}")
    load = os.getloadavg()
    print(f"\n{platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
          f"load {load[0]:.1f}/{load[1]:.1f}/{load[2]:.1f}, Python {platform.python_version()}, "
          f"{rounds} interleaved rounds of {seconds:g} s "
          f"({'CPU' if args.cpu else 'wall'} time)")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"results": results, "load": load, "rounds": rounds,
                       "seconds": seconds, "clock": "cpu" if args.cpu else "wall"},
                      out, indent=1)


if __name__ == "__main__":
    main()
