"""How far the coach's numbers can be trusted (docs/coach.md, Accuracy).

Two sections:

* ``spread`` — the same positions assessed with 5 seeds: the spread of the best move's
  estimated win chance, whether the best move stays the same, and the CPU seconds a call
  takes, at the analysis budget (no cap, so that only the seed differs) and at the hint
  budget (the same work under a 1 s CPU cap: what the cap costs).
* ``pair`` — two fixed moves of each position played out with 5 seeds: the spread of
  each move's win chance beside the spread of their difference, which the common random
  numbers of the playouts keep small (the loss an analysis reports is such a difference).
* ``ranking`` — ``--games`` games of ``ismcts`` (the default, the strongest bot) against
  ``greedy`` in ``capone`` with 2 players, seats alternating, each game analysed for
  both seats at a small budget: the mean loss in win chance (and in points) per
  decision of each bot.  The analysis should rank greedy's play as worse.  Each game's
  result is appended to ``--out`` (JSON lines) as it finishes, so a run cut short still
  says how far it got; ``--resume`` skips the games already there.

    python benchmarks/coach.py spread
    nice -n 10 python benchmarks/coach.py ranking --games 50 --workers 2 --resume
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from tablerummy.bots import ask, get_bot
from tablerummy.coach import Budget, analyse, hints
from tablerummy.game import Game
from tablerummy.variant import get_variant

SEEDS = 5
POSITIONS = [("capone", 0), ("capone", 40), ("fortune", 30)]
"""(variant, greedy decisions played first) of each position the spread is measured at."""
RANKING_BUDGET = Budget(iterations=1500, playouts=10)
RANKING_TOP = 2
"""The ranking's budget: the search at the ismcts bot's own 1500 iterations (with fewer,
or with the full greedy bias of the default before 2026-12-05, the search makes greedy's
move its first choice nearly always, and greedy's play then looks flawless: measured,
2026-12-04), its best two moves and the move played, 10
playouts each (a loss counts only past the paired playouts' noise, which 6 playouts
could seldom pass); no hindsight column (the ranking does not read it)."""


def position(name: str, steps: int, seed: int = 7) -> Game:
    """A 2-player game after ``steps`` greedy decisions (then the next real choice)."""
    game = Game(get_variant(name), seed=seed)
    bots = [get_bot("greedy", game.variant, s, seed=s) for s in range(2)]
    while True:
        legal = game.legal_actions()
        if steps <= 0 and len(legal) > 1:
            return game
        seat = game.to_act
        assert seat is not None
        game.apply_legal(legal[0] if len(legal) == 1 else ask(bots[seat], game, legal))
        steps -= 1


def spread() -> list[dict[str, Any]]:
    rows = []
    # the hint's work without its cap is the analysis budget; with it, what a person gets
    for label, budget in (("analysis", Budget.analysis()), ("hint", Budget.hint())):
        for name, steps in POSITIONS:
            game = position(name, steps)
            seat = game.to_act
            assert seat is not None
            wins, firsts, cpu = [], [], []
            for seed in range(SEEDS):
                started = time.process_time()
                found = hints(game, seat, budget=budget, seed=seed)
                cpu.append(time.process_time() - started)
                wins.append(found[0].win)
                firsts.append(found[0].move)
            rows.append({"budget": label, "iterations": budget.iterations,
                         "playouts": budget.playouts, "variant": name, "after": steps,
                         "wins": wins, "sd": statistics.stdev(wins),
                         "range": max(wins) - min(wins),
                         "same_best": max(firsts.count(m) for m in firsts),
                         "cpu_median": statistics.median(cpu)})
            print(json.dumps(rows[-1]), flush=True)
    return rows


def pair(playouts: int = 24) -> list[dict[str, Any]]:
    from tablerummy.bots import Sampler
    from tablerummy.coach.hints import table_of
    from tablerummy.coach.playouts import Playouts

    rows = []
    for name, steps in POSITIONS:
        game = position(name, steps)
        seat = game.to_act
        assert seat is not None
        found = hints(game, seat, budget=Budget(iterations=300, playouts=4), seed=0, top=2)
        moves = [game.variant.parse_action(h.move) for h in found[:2]]
        if len(moves) < 2:
            continue
        firsts, seconds_, diffs = [], [], []
        for seed in range(SEEDS):
            sampler = Sampler(game.state, seat, random.Random(f"pair/{seed}"))
            one, two = Playouts(game.variant, seat, table_of(game), f"pair/{seed}").outlooks(
                sampler, moves, playouts)
            firsts.append(one.win)
            seconds_.append(two.win)
            diffs.append(one.win - two.win)
        rows.append({"variant": name, "after": steps, "playouts": playouts,
                     "moves": [h.move for h in found[:2]],
                     "sd_first": statistics.stdev(firsts), "sd_second": statistics.stdev(seconds_),
                     "sd_difference": statistics.stdev(diffs),
                     "mean_difference": statistics.fmean(diffs)})
        print(json.dumps(rows[-1]), flush=True)
    return rows


def ranking_game(index: int) -> dict[str, Any]:
    """Game ``index``: ismcts at seat ``index % 2``, analysed for both seats."""
    variant = get_variant("capone")
    strong = index % 2
    names = ["greedy", "greedy"]
    names[strong] = "ismcts"
    game = Game(variant, seed=1000 + index)
    bots = [get_bot(n, variant, s, seed=index * 31 + s) for s, n in enumerate(names)]
    while not game.game_over:
        legal = game.legal_actions()
        seat = game.to_act
        assert seat is not None
        game.apply_legal(legal[0] if len(legal) == 1 else ask(bots[seat], game, legal))
    started = time.process_time()
    analysis = analyse(game.to_record(), budget=RANKING_BUDGET, seed=index, top=RANKING_TOP,
                       hindsight=False)
    out: dict[str, Any] = {"game": index, "winner": names[game.winner or 0]
                           if game.winner is not None else None,
                           "cpu": time.process_time() - started,
                           "budget": [RANKING_BUDGET.iterations, RANKING_BUDGET.playouts,
                                      RANKING_TOP]}
    for seat, name in enumerate(names):
        own = [m for m in analysis.moves if m.seat == seat]
        out[name] = {"decisions": len(own),
                     "win_loss": statistics.fmean(m.win_loss for m in own),
                     "point_loss": statistics.fmean(m.point_loss for m in own)}
    return out


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Per bot: the mean over games of the mean loss per decision, with a 95 % interval;
    and the per-game difference greedy − ismcts (positive: greedy ranked worse)."""
    out: dict[str, Any] = {"games": len(rows)}
    for name in ("ismcts", "greedy"):
        for key in ("win_loss", "point_loss"):
            values = [r[name][key] for r in rows]
            out[f"{name}_{key}"] = _mean_ci(values)
    for key in ("win_loss", "point_loss"):
        diffs = [r["greedy"][key] - r["ismcts"][key] for r in rows]
        out[f"difference_{key}"] = _mean_ci(diffs)
        out[f"games_greedy_worse_{key}"] = sum(d > 0 for d in diffs)
    out["ismcts_won"] = sum(r["winner"] == "ismcts" for r in rows)
    return out


def _mean_ci(values: list[float]) -> list[float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return [round(mean, 4), round(mean - half, 4), round(mean + half, 4)]


def ranking(games: int, workers: int, out: Path, resume: bool) -> dict[str, Any]:
    done: dict[int, dict[str, Any]] = {}
    if resume and out.exists():
        for line in out.read_text().splitlines():
            row = json.loads(line)
            done[row["game"]] = row
    todo = [i for i in range(games) if i not in done]
    started = time.perf_counter()
    with out.open("a") as sink, Pool(workers) as pool:
        for row in pool.imap_unordered(ranking_game, todo):
            done[row["game"]] = row
            sink.write(json.dumps(row) + "\n")
            sink.flush()
            print(f"game {row['game']}: {len(done)}/{games} done, "
                  f"{time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
    return summary(list(done.values()))


def machine() -> str:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
            f"Python {platform.python_version()}, load {load:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("section", choices=("spread", "pair", "ranking"))
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=Path,
                        default=Path("benchmarks/journals/coach-ranking-ismcts1500.jsonl"))
    parser.add_argument("--resume", action="store_true")
    parser.add_argument("--summary", action="store_true",
                        help="ranking: only summarise the games already in --out")
    args = parser.parse_args()
    print(f"# {machine()}", flush=True)
    random.seed(0)
    if args.section == "spread":
        spread()
    elif args.section == "pair":
        pair()
    elif args.summary:
        rows = [json.loads(line) for line in args.out.read_text().splitlines()]
        print(json.dumps(summary(rows)))
    else:
        print(json.dumps(ranking(args.games, args.workers, args.out, args.resume)))


if __name__ == "__main__":
    main()
