"""How much a player's public play says about its hand: the factors of each family's
``beliefs`` module, measured, and how much better than a uniform deal they predict.

Two sections:

* ``calibrate VARIANT`` — greedy games; right after each belief event (a player took,
  passed, discarded, kept or melded a card kind; right before it for the events the
  family's ``BEFORE`` names) the kind's count in the player's unseen hand, summed over
  events, divided by what a uniform deal from another seat's knowledge gives it: the
  factor by which the event multiplies the leaning.
* ``score VARIANT`` — other greedy games (other seeds); at each decision, for every other
  hand, the squared error of the expected count of each card kind in its unseen part,
  by belief-weighted deals and by uniform ones (the same number of deals each).  A
  smaller error with beliefs is the evidence that the factors carry information.

    python benchmarks/beliefs.py calibrate capone --games 300
    python benchmarks/beliefs.py score capone --games 100
    python benchmarks/beliefs.py calibrate fortune --games 200   # and arlington, arlington-heights
    python benchmarks/beliefs.py score fortune --games 100
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import statistics
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

from tablerummy.bots import ask, get_bot
from tablerummy.game import Game
from tablerummy.registry import family_of
from tablerummy.variant import Action, HandState, get_variant

DEALS = 8
"""Determinizations per measurement (each side of a comparison gets the same number)."""


def beliefs_of(variant_name: str) -> Any:
    """The family's beliefs module (``tablerummy.<family>.beliefs``)."""
    return importlib.import_module(f"tablerummy.{family_of(variant_name).name}.beliefs")


def _games(variant_name: str, games: int, first_seed: int, players: int | None
           ) -> Iterator[tuple[Game, Action]]:
    """(game, state before the action, action) for every decision of greedy games."""
    options = {} if players is None else {"players": players}
    variant = get_variant(variant_name, options)
    for index in range(games):
        game = Game(variant, seed=first_seed + index)
        bots = [get_bot("greedy", variant, s, seed=index * 7 + s) for s in range(variant.players)]
        while not game.game_over:
            legal = game.legal_actions()
            seat = game.to_act
            assert seat is not None
            action = legal[0] if len(legal) == 1 else ask(bots[seat], game, legal)
            yield game, action
            game.apply_legal(action)


def _expected(state: HandState, observer: int, seat: int, beliefs: bool, module: Any,
              rng: random.Random) -> list[float]:
    """The mean count per kind in ``seat``'s unseen part over determinizations for
    ``observer``."""
    deal = state.determinizer(observer, track=True, beliefs=beliefs)
    sums: list[float] = []
    for _ in range(DEALS):
        got = module.hidden(deal(rng), seat)
        if not sums:
            sums = [0.0] * len(got)
        for k, c in enumerate(got):
            sums[k] += c
    return [s / DEALS for s in sums]


def calibrate(variant_name: str, games: int, players: int | None) -> dict[str, Any]:
    module = beliefs_of(variant_name)
    actual: dict[str, float] = defaultdict(float)
    uniform: dict[str, float] = defaultdict(float)
    count: dict[str, int] = defaultdict(int)
    rng = random.Random(0)
    for game, action in _games(variant_name, games, 10_000, players):
        state = game.state
        found = list(module.events(state, action))
        if not found:
            continue
        after = state.copy()
        after.apply_unchecked(action)
        if after.end is not None:
            continue
        n = game.variant.players
        for seat, kind, event in found:
            if event in module.FACTS:
                continue
            observer = (seat + 1) % n
            at = state if event in module.BEFORE else after
            actual[event] += module.hidden(at, seat)[kind]
            uniform[event] += _expected(at, observer, seat, False, module, rng)[kind]
            count[event] += 1
    return {event: {"events": count[event], "factor": round(actual[event] / uniform[event], 3)
                    if uniform[event] else None}
            for event in sorted(count)}


def score(variant_name: str, games: int, players: int | None, every: int = 5) -> dict[str, Any]:
    module = beliefs_of(variant_name)
    rng = random.Random(1)
    errors: dict[bool, list[float]] = {False: [], True: []}
    for step, (game, _) in enumerate(_games(variant_name, games, 20_000, players)):
        if step % every:
            continue
        state = game.state
        observer = game.to_act
        assert observer is not None
        for seat in range(game.variant.players):
            if seat == observer:
                continue
            truth = module.hidden(state, seat)
            for beliefs in (False, True):
                mean = _expected(state, observer, seat, beliefs, module, rng)
                errors[beliefs].append(sum((m - t) ** 2 for m, t in zip(mean, truth, strict=True)))
    uniform, leaning = statistics.fmean(errors[False]), statistics.fmean(errors[True])
    return {"positions": len(errors[False]), "uniform": round(uniform, 4),
            "beliefs": round(leaning, 4), "ratio": round(leaning / uniform, 4)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("section", choices=["calibrate", "score"])
    parser.add_argument("variant")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=None)
    args = parser.parse_args()
    if args.section == "calibrate":
        print(json.dumps(calibrate(args.variant, args.games, args.players), indent=1))
    else:
        print(json.dumps(score(args.variant, args.games, args.players)))


if __name__ == "__main__":
    main()
