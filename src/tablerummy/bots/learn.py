"""Fit a family's learned estimate of an unfinished hand from greedy self-play.

    python -m tablerummy.bots.learn capone                 # 2, 3 and 4 players
    python -m tablerummy.bots.learn capone --hands 4000 --players 2 --seed 7
    python -m tablerummy.bots.learn fortune,arlington,arlington-heights   # one family's set

What it fits: for a position under way, how many more points each side will bank before
the hand ends (its final hand score less what it stands at now), as a linear function of
the family's :meth:`~tablerummy.family.SearchHooks.features` of that position, by least
squares.  The data are the decisions of hands the greedy bot plays at every seat (fast,
and the continuation the search's rollouts approximate), every ``--every``-th decision
of each hand, each side's features with its target; a fifth of the hands (by hand
number) are held out to report how much of the target's variance the fit explains (R²)
beside the estimate "nothing more will be banked" (the standing alone, whose R² is at
most 0).  The weights go to the family's ``estimate_file``, with how they were made.
Several variants of one family (comma-separated) are fitted each on its own hands, into
the family's one file.

Needs NumPy (the ``lab`` or ``rl`` extra).  The hands are dealt from ``--seed``: the same
command writes the same file.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from datetime import date
from random import Random
from typing import Any

from ..bots import ask, get_bot
from ..errors import TablerummyError
from ..family import SearchHooks
from ..registry import family_of
from ..variant import get_variant


def samples(name: str, players: int, hands: int, seed: int, every: int,
            hooks: SearchHooks) -> tuple[list[list[float]], list[float], list[int]]:
    """Features, targets and hand numbers of every sampled (position, side)."""
    variant = get_variant(name, {"players": players})
    rng = Random(seed)
    bots = [get_bot("greedy", variant, s, seed=rng.getrandbits(32)) for s in range(players)]
    xs: list[list[float]] = []
    ys: list[float] = []
    which: list[int] = []
    for hand in range(hands):
        state = variant.new_hand(variant.shuffled_deck(rng), hand % players)
        taken: list[tuple[list[float], int, float]] = []
        step = rng.randrange(every)
        while not state.is_over:
            legal = state.legal_actions()
            if step % every == 0:
                now = hooks.standing(state)
                for side in range(len(now)):
                    taken.append((hooks.features(state, side), side, now[side]))
            step += 1
            seat = state.to_act
            assert seat is not None
            action = legal[0] if len(legal) == 1 else ask(bots[seat], state, legal)
            state.apply_unchecked(action)
        final = hooks.standing(state)
        for facts, side, now_score in taken:
            xs.append(facts)
            ys.append(final[side] - now_score)
            which.append(hand)
    return xs, ys, which


def fit(xs: list[list[float]], ys: list[float], which: list[int]) -> dict[str, Any]:
    """Least-squares weights on the hands not held out, and R² on those held out."""
    import numpy as np

    x = np.asarray(xs, dtype=float)
    y = np.asarray(ys, dtype=float)
    held = np.asarray(which) % 5 == 4
    weights, *_ = np.linalg.lstsq(x[~held], y[~held], rcond=None)
    rest = y[held]
    base = float(np.sum((rest - rest.mean()) ** 2))
    r2 = 1 - float(np.sum((rest - x[held] @ weights) ** 2)) / base
    r2_standing = 1 - float(np.sum(rest ** 2)) / base
    return {"weights": [round(float(w), 6) for w in weights], "r2": round(r2, 4),
            "r2_standing": round(r2_standing, 4), "samples": len(y),
            "held_out": int(held.sum())}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tablerummy.bots.learn",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("variant", help="a variant, or several of one family (comma-separated)")
    parser.add_argument("--players", default="2,3,4", help="player counts, comma-separated")
    parser.add_argument("--hands", type=int, default=3000, help="hands per player count")
    parser.add_argument("--every", type=int, default=3, help="sample every N-th decision")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", help="where to write (default: the family's estimate file)")
    args = parser.parse_args(argv)
    try:
        import numpy  # noqa: F401
    except ImportError:
        print("error: fitting needs NumPy: pip install -e '.[lab]'", file=sys.stderr)
        return 2
    try:
        return _learn(args, argv)
    except TablerummyError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


def _learn(args: argparse.Namespace, argv: list[str] | None) -> int:
    names = [n.strip() for n in args.variant.split(",") if n.strip()]
    hooks = family_of(get_variant(names[0])).search()
    if any(family_of(get_variant(n)).search() is not hooks for n in names[1:]):
        print(f"error: {args.variant} are not variants of one family", file=sys.stderr)
        return 2
    target = args.out or hooks.estimate_file
    if target is None:
        print(f"error: {args.variant} has no learned estimate (its SearchHooks has no "
              "estimate_file)", file=sys.stderr)
        return 2
    out: dict[str, Any] = {"variants": names, "date": str(date.today()),
                           "command": " ".join(["python -m tablerummy.bots.learn",
                                                *(argv if argv is not None else sys.argv[1:])]),
                           "hands": args.hands, "every": args.every, "seed": args.seed,
                           "features": list(hooks.feature_names),
                           "weights": {}, "fit": {}}
    counts = [p.strip() for p in args.players.split(",")]
    if not all(p.isascii() and p.isdigit() and len(p) < 3 for p in counts):
        print(f"error: --players takes player counts such as 2,3,4, not {args.players!r}",
              file=sys.stderr)
        return 2
    for n in map(int, counts):  # (refused before any hand is played)
        for name in names:
            get_variant(name, {"players": n})
    if not 5 <= args.hands <= 10**6 or not 1 <= args.every <= 1000:
        print("error: --hands takes 5 … 1000000 (a fifth are held out) and --every 1 … 1000",
              file=sys.stderr)
        return 2
    for players in map(int, counts):
        started = time.perf_counter()
        for name in names:
            xs, ys, which = samples(name, players, args.hands, args.seed + players,
                                    args.every, hooks)
            result = fit(xs, ys, which)
            out["weights"].setdefault(name, {})[str(players)] = result.pop("weights")
            out["fit"].setdefault(name, {})[str(players)] = result
            print(f"{name} {players} players: {result} "
                  f"({time.perf_counter() - started:.0f} s)", flush=True)
            started = time.perf_counter()
    with open(target, "w", encoding="utf-8") as f:
        json.dump(out, f, indent=1)
        f.write("\n")
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
