"""Duplicate tournaments between bots: the library behind ``tablerummy tournament``.

Luck is the loudest voice in a card game, so every *deal* (a game seed: the same decks
for every hand as long as the hands last alike) is replayed with the bots rotated through
every seat assignment; a bot that wins only with good cards wins as often with the
other seat.  With at least as many bots as seats, the assignments are every ordered
choice of distinct bots (3 bots at 2 seats: 6 games a deal); with fewer bots than seats
(teams, or ``greedy,random`` at 4 seats) they are the distinct rotations of the bot list
around the table.

Results (``docs/bots.md``): win rates with 95 % Wilson intervals (credited as in
:mod:`tablerummy.simulate`: a game is a win for every bot seated on the winning side),
the mean final score margin (the bot's side's game total less the best other side's),
and Plackett-Luce ratings (openskill) from the sides' final ranks, games taken in
(deal, assignment) order so that the ratings do not depend on which process finished
first.  A game's outcome depends only on its seed and seating, so the local and the Ray
backends give the same results (with iteration budgets; ``seconds=`` budgets depend
on the machine).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from openskill.models import PlackettLuce

from .errors import OptionError
from .simulate import (
    GameResult,
    Setup,
    SimulationError,
    check_setup,
    in_pool,
    play_game,
    seating,
    wilson,
    worker_variant,
)

if TYPE_CHECKING:
    import os

Task = tuple[int, int, tuple[int, ...]]
"""One game: (deal, assignment number, the entry playing each seat)."""


def assignments(players: int, entries: int) -> list[tuple[int, ...]]:
    """Every seat assignment a deal is replayed with (see the module's docs)."""
    if entries >= players:
        return list(itertools.permutations(range(entries), players))
    seen: list[tuple[int, ...]] = []
    for rotation in range(players):
        seats = seating(rotation, players, entries)
        if seats not in seen:
            seen.append(seats)
    return seen


def tasks(deals: int, players: int, entries: int) -> list[Task]:
    """Every game of a tournament, deal by deal."""
    seats = assignments(players, entries)
    return [(deal, a, s) for deal in range(deals) for a, s in enumerate(seats)]


def play_tasks(setup: Setup, batch: Sequence[Task]) -> list[tuple[Task, GameResult]]:
    """Play a batch of games (in any process); the variant is built once per process."""
    variant = worker_variant(setup)
    per_deal = len(assignments(variant.players, len(setup.bots)))
    return [(task, play_game(setup, task[0] * per_deal + task[1], variant,
                             seats=task[2], deal=task[0]))
            for task in batch]


def _batches(all_tasks: list[Task], workers: int) -> list[list[Task]]:
    """Ray's tasks: a few games each, as a remote call costs a round trip to the cluster."""
    size = max(1, min(20, len(all_tasks) // (workers * 8) or 1))
    return [all_tasks[i:i + size] for i in range(0, len(all_tasks), size)]


def run_local(setup: Setup, all_tasks: list[Task], workers: int
              ) -> Iterator[tuple[Task, GameResult]]:
    """The games in this process (``workers`` 1) or a pool of processes."""
    if workers <= 1:
        for task in all_tasks:
            yield from play_tasks(setup, [task])
        return
    # one game a call: the progress bar moves per game and its time left is the games'
    # (a batch of search games took a minute a worker); a call costs about 0.3 ms
    yield from in_pool(play_tasks, [(setup, [task]) for task in all_tasks], workers)


def run_ray(setup: Setup, all_tasks: list[Task], workers: int, address: str | None = None
            ) -> Iterator[tuple[Task, GameResult]]:
    """The games as Ray tasks: on a local Ray instance, or the cluster at ``address``.

    Needs the ``cluster`` extra (``pip install 'tablerummy[cluster]'``) here and
    tablerummy installed on every node of the cluster.
    """
    try:
        import ray
    except ImportError:
        raise OptionError("--backend ray needs Ray: pip install 'tablerummy[cluster]'") from None
    started_here = not ray.is_initialized()
    if started_here:
        try:
            if address:
                ray.init(address=address, log_to_driver=False)
            else:
                ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        except Exception as err:
            raise SimulationError(f"cannot start Ray: {err}".splitlines()[0]) from None
    try:
        remote = ray.remote(play_tasks)
        pending = [remote.remote(setup, batch) for batch in _batches(all_tasks, workers)]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield from ray.get(done[0])
    finally:
        if started_here:
            ray.shutdown()


def check_backend(backend: str, address: str | None) -> None:
    """Refuse an unknown backend, or a Ray address without Ray, in one line."""
    if backend not in ("local", "ray"):
        raise OptionError(f"--backend is local or ray, not {backend!r}")
    if address and backend != "ray":
        raise OptionError("--ray-address needs --backend ray")


def run_tasks(setup: Setup, all_tasks: list[Task], workers: int = 1, backend: str = "local",
              address: str | None = None, journal: str | os.PathLike[str] | None = None
              ) -> Iterator[tuple[Task, GameResult]]:
    """Any list of games on either backend, results as they finish (the lab's too).

    With ``journal`` (a path) the games the journal holds come first, unplayed, and each
    game played is kept there as it finishes (:mod:`tablerummy.journal`)."""
    def run(todo: list[Task]) -> Iterator[tuple[Task, GameResult]]:
        if backend == "ray":
            return run_ray(setup, todo, workers, address)
        return run_local(setup, todo, workers)

    if journal is None:
        return run(all_tasks)
    from .journal import journaled  # (it imports this module's Task)

    return journaled(journal, setup, all_tasks, run)


@dataclass
class Standings:
    """The totals of a tournament, from its games in any order."""

    setup: Setup
    deals: int
    per_deal: int
    results: list[tuple[Task, GameResult]] = field(default_factory=list)

    def add(self, task: Task, result: GameResult) -> None:
        self.results.append((task, result))

    def _ordered(self) -> list[tuple[Task, GameResult]]:
        return sorted(self.results, key=lambda item: (item[0][0], item[0][1]))

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` summary (games in deal order, so any backend gives the same)."""
        labels = self.setup.labels
        wins = dict.fromkeys(labels, 0)
        played = dict.fromkeys(labels, 0)
        margin_sum = dict.fromkeys(labels, 0.0)
        margin_count = dict.fromkeys(labels, 0)
        hands = completed = 0
        errors: list[str] = []
        ranked: list[Ranked] = []
        for _, result in self._ordered():
            if result.error is not None:
                errors.append(result.error)
                continue
            completed += 1
            hands += result.hands
            totals = [sum(h[i] for h in result.hand_scores) for i in range(len(result.sides))]
            side_entries = [sorted({result.seats[s] for s in side}) for side in result.sides]
            for entry in set(result.seats):
                played[labels[entry]] += 1
            if result.winner is not None:
                for entry in side_entries[result.winner]:
                    wins[labels[entry]] += 1
            for i, entries in enumerate(side_entries):
                best_other = max((t for j, t in enumerate(totals) if j != i), default=0)
                for entry in entries:
                    margin_sum[labels[entry]] += totals[i] - best_other
                    margin_count[labels[entry]] += 1
            game_ranks = side_ranks(result)
            if game_ranks is not None:
                ranked.append(game_ranks)
        return {
            "games": len(self.results),
            "deals": self.deals,
            "games_per_deal": self.per_deal,
            "bots": list(labels),
            "win_rate": {k: wins[k] / played[k] if played[k] else 0.0 for k in labels},
            "win_interval": {k: list(wilson(wins[k], played[k])) for k in labels},
            "rating": _ratings(labels, ranked),
            "mean_margin": {k: margin_sum[k] / margin_count[k] if margin_count[k] else 0.0
                            for k in labels},
            "hands_per_game": hands / completed if completed else 0.0,
            "errors": len(errors),
            "wins": wins,
            "played": played,
            "completed": completed,
            "variant": self.setup.variant,
            "options": dict(self.setup.options),
            "seed": self.setup.seed,
            "error_messages": errors[:20],
        }


Ranked = tuple[list[list[int]], list[int]]
"""One rated game: the entries of each side, and each side's rank (1 is first)."""


def side_ranks(result: GameResult) -> Ranked | None:
    """A completed game's sides ranked by final total (the winner first when a tie was
    broken); None when it cannot be rated (one entry on two sides, a single side)."""
    if result.error is not None:
        return None
    totals = [sum(h[i] for h in result.hand_scores) for i in range(len(result.sides))]
    side_entries = [sorted({result.seats[s] for s in side}) for side in result.sides]
    flat = [e for entries in side_entries for e in entries]
    if len(flat) != len(set(flat)) or len(side_entries) < 2:
        return None
    ranks = [sorted(totals, reverse=True).index(t) + 1 for t in totals]
    if result.winner is not None:  # the tie-break hand decided it
        ranks = [1 if i == result.winner else max(r, 2) for i, r in enumerate(ranks)]
    return side_entries, ranks


def _ratings(labels: Sequence[str], ranked: Sequence[Ranked]) -> dict[str, dict[str, float]]:
    """Plackett-Luce ratings (openskill) of every bot from the games' side ranks."""
    ratings = fit_ratings(len(labels), ranked)
    return {label: {"mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal()}
            for label, r in zip(labels, ratings, strict=True)}


def fit_ratings(entries: int, ranked: Iterable[Ranked]) -> list[Any]:
    """One pass of openskill's Plackett-Luce updates over the games, in the order given."""
    model = PlackettLuce()
    ratings = [model.rating() for _ in range(entries)]
    for sides, ranks in ranked:
        teams = [[ratings[e] for e in side] for side in sides]
        new = model.rate(teams, ranks=[float(r) for r in ranks])
        for side, team in zip(sides, new, strict=True):
            for entry, rating in zip(side, team, strict=True):
                ratings[entry] = rating
    return ratings


def tournament(setup: Setup, deals: int, workers: int = 1, backend: str = "local",
               address: str | None = None,
               on_result: Callable[[Task, GameResult], None] | None = None,
               journal: str | os.PathLike[str] | None = None) -> Standings:
    """Play ``deals`` duplicate deals and total them; ``on_result`` sees each game (a
    journal's first, unplayed: see :func:`run_tasks`)."""
    variant = check_setup(setup, deals, workers)
    check_backend(backend, address)
    all_tasks = tasks(deals, variant.players, len(setup.bots))
    per_deal = len(assignments(variant.players, len(setup.bots)))
    standings = Standings(setup, deals, per_deal)
    for task, result in run_tasks(setup, all_tasks, workers, backend, address, journal):
        standings.add(task, result)
        if on_result is not None:
            on_result(task, result)
    return standings
