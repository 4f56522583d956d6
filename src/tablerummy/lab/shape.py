"""The shape of a game: how long it lasts, how the lead moves, who has an edge, how hands end.

Everything here is computed from played games (:class:`~tablerummy.simulate.GameResult`
with the :mod:`.facts` the worker read), in deal order, so that any backend and any
number of workers give the same numbers.  What each measure means, and why it is
computed so, is in ``docs/lab.md``; in short:

* **hands per game**, **lead changes** per game: means with normal intervals and their
  whole distribution;
* **first-player and dealer advantage**: how often the side of the seat that acts first
  (or deals) in the game's first hand wins the game, and how often the side that acts
  first (deals) in a hand scores the most in it — rates with Wilson intervals, beside the
  rate of no advantage (1 / sides);
* **hand ends**: the engine's end of every hand (``went-out``, ``stock-exhausted``,
  ``repetition``, ``ripper-escapes``, ``commissioner-resigns``) and the variant's outcome words, as
  shares of hands;
* **scores**: every side's score in every hand, and every side's final total, winner's
  and margin per game (distributions);
* **tallies**: each countable event of :meth:`HandState.tallies` — per hand on average
  and the share of hands in which it happened at least once;
* **bots**: each entry's win rate and mean hand score, credited by ``simulate``'s
  :class:`~tablerummy.simulate.Summary`.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..simulate import GameResult, Setup, Summary, check_setup
from ..tournament import Task, check_backend, run_tasks, tasks
from .seats import LAB_HOOKS
from .stats import describe, mean_interval, rate


def lead_changes(hand_scores: Sequence[Sequence[int]]) -> int:
    """How often the leading side changed from hand to hand.

    After each hand the leader is the side with the highest running total, when it is
    the only one; a tie leaves the last leader in place.  The first leader is not a
    change; every later hand whose leader differs from the last leader is one.
    """
    totals = [0] * (len(hand_scores[0]) if hand_scores else 0)
    leader: int | None = None
    changes = 0
    for scores in hand_scores:
        totals = [t + s for t, s in zip(totals, scores, strict=True)]
        best = max(totals)
        if totals.count(best) != 1:
            continue
        now = totals.index(best)
        if leader is not None and now != leader:
            changes += 1
        leader = now
    return changes


def _side_of(sides: Sequence[Sequence[int]], seat: int) -> int:
    return next(i for i, side in enumerate(sides) if seat in side)


def _top(scores: Sequence[int]) -> int | None:
    """The side with the highest score, when it is the only one."""
    best = max(scores)
    return scores.index(best) if scores.count(best) == 1 else None


@dataclass
class Shape:
    """The games of one lab run and what they show; :meth:`to_json` does the counting."""

    setup: Setup
    deals: int
    results: list[tuple[Task, GameResult]] = field(default_factory=list)

    def add(self, task: Task, result: GameResult) -> None:
        self.results.append((task, result))

    def ordered(self) -> list[tuple[Task, GameResult]]:
        return sorted(self.results, key=lambda item: (item[0][0], item[0][1]))

    def completed(self) -> list[tuple[Task, GameResult]]:
        return [(t, r) for t, r in self.ordered() if r.error is None and r.facts is not None]

    def to_json(self, raw: bool = True) -> dict[str, Any]:
        """Every measure (see the module's docs), then with ``raw`` every game's facts."""
        games = self.completed()
        errors = [r.error for _, r in self.ordered() if r.error is not None]
        out: dict[str, Any] = {
            "variant": self.setup.variant,
            "options": dict(self.setup.options),
            "cards": dict(self.setup.cards) if self.setup.cards is not None else None,
            "bots": list(self.setup.labels),
            "seed": self.setup.seed,
            "deals": self.deals,
            "games": len(self.results),
            "completed": len(games),
            "errors": len(errors),
            "error_messages": [str(e) for e in errors[:20]],
        }
        if games:
            out.update(self._length(games))
            out.update(self._advantage(games))
            out.update(self._ends(games))
            out.update(self._scores(games))
            out["tallies"] = self._tallies(games)
            out["by_bot"] = self._by_bot(games)
        if raw:
            out["raw"] = [{
                "deal": task[0], "seats": list(result.seats), "sides": [list(s) for s in
                                                                         result.sides],
                "winner": result.winner, "hand_scores": result.hand_scores,
                "hands": result.facts["hands"],
            } for task, result in games]
        return out

    @staticmethod
    def _length(games: Iterable[tuple[Task, GameResult]]) -> dict[str, Any]:
        hands = [r.hands for _, r in games]
        changes = [lead_changes(r.hand_scores) for _, r in games]
        winner_led_first = [
            _top(r.hand_scores[0]) == r.winner for _, r in games if r.hand_scores
        ]
        return {
            "hands_per_game": describe(hands),
            "hands_histogram": {str(k): v for k, v in sorted(Counter(hands).items())},
            "lead_changes": describe(changes),
            "lead_changes_histogram": {str(k): v for k, v in sorted(Counter(changes).items())},
            "winner_led_after_first_hand": rate(sum(winner_led_first), len(winner_led_first)),
        }

    @staticmethod
    def _advantage(games: Sequence[tuple[Task, GameResult]]) -> dict[str, Any]:
        nsides = len(games[0][1].sides)
        first_wins = dealer_wins = 0
        first_tops = dealer_tops = hands = 0
        for _, r in games:
            first_hand = r.facts["hands"][0]
            first_wins += r.winner == _side_of(r.sides, first_hand["first"])
            dealer_wins += r.winner == _side_of(r.sides, first_hand["dealer"])
            for facts, scores in zip(r.facts["hands"], r.hand_scores, strict=True):
                hands += 1
                top = _top(scores)
                first_tops += top == _side_of(r.sides, facts["first"])
                dealer_tops += top == _side_of(r.sides, facts["dealer"])
        n = len(games)
        return {
            "no_advantage_rate": 1 / nsides,
            "first_player_wins_game": rate(first_wins, n),
            "dealer_wins_game": rate(dealer_wins, n),
            "first_player_tops_hand": rate(first_tops, hands),
            "dealer_tops_hand": rate(dealer_tops, hands),
        }

    @staticmethod
    def _ends(games: Sequence[tuple[Task, GameResult]]) -> dict[str, Any]:
        ends: Counter[str] = Counter()
        outcomes: dict[str, Counter[str]] = {}
        hands = 0
        for _, r in games:
            for facts in r.facts["hands"]:
                hands += 1
                ends[str(facts["end"])] += 1
                for key, value in facts["report"].items():
                    outcomes.setdefault(key, Counter())[value] += 1
        return {
            "hands": hands,
            "hand_ends": {end: rate(count, hands) for end, count in sorted(ends.items())},
            "hand_outcomes": {key: {value: rate(count, hands)
                                    for value, count in sorted(counts.items())}
                              for key, counts in sorted(outcomes.items())},
        }

    @staticmethod
    def _scores(games: Sequence[tuple[Task, GameResult]]) -> dict[str, Any]:
        per_hand = [s for _, r in games for scores in r.hand_scores for s in scores]
        finals, winners, margins = [], [], []
        for _, r in games:
            totals = [sum(h[i] for h in r.hand_scores) for i in range(len(r.sides))]
            finals.extend(totals)
            if r.winner is not None:
                best_other = max((t for i, t in enumerate(totals) if i != r.winner), default=0)
                winners.append(totals[r.winner])
                margins.append(totals[r.winner] - best_other)
        return {
            "hand_score": describe(per_hand),
            "game_score": describe(finals),
            "winner_score": describe(winners),
            "winning_margin": describe(margins),
        }

    @staticmethod
    def _tallies(games: Sequence[tuple[Task, GameResult]]) -> dict[str, Any]:
        per_hand: dict[str, list[int]] = {}
        for _, r in games:
            for facts in r.facts["hands"]:
                for key, count in facts["tallies"].items():
                    per_hand.setdefault(key, []).append(int(count))
        return {key: {"total": sum(counts), "per_hand": mean_interval(counts),
                      "hands_with": rate(sum(c > 0 for c in counts), len(counts))}
                for key, counts in per_hand.items()}

    def _by_bot(self, games: Sequence[tuple[Task, GameResult]]) -> dict[str, Any]:
        """Per entry, as ``simulate`` credits it (its :class:`Summary`: one source)."""
        summary = Summary(self.setup, len(games))
        for _, result in games:
            summary.add(result)
        data = summary.to_json()
        return {label: {"played": data["played"][label], "wins": data["wins"][label],
                        "win_rate": data["win_rate"][label],
                        "ci95": data["win_interval"][label],
                        "mean_hand_score": data["mean_hand_score"][label]}
                for label in self.setup.labels}


def run_shape(setup: Setup, deals: int, workers: int = 1, backend: str = "local",
              address: str | None = None,
              on_result: Callable[[Task, GameResult], None] | None = None,
              journal: str | os.PathLike[str] | None = None) -> Shape:
    """Play ``deals`` duplicate deals of ``setup``'s bots (every seating, as in the
    tournament) with the lab's hooks, and collect them; ``on_result`` sees each game."""
    setup = replace(setup, hooks=LAB_HOOKS)
    variant = check_setup(setup, deals, workers)
    check_backend(backend, address)
    all_tasks = tasks(deals, variant.players, len(setup.bots))
    shape = Shape(setup, deals)
    for task, result in run_tasks(setup, all_tasks, workers, backend, address, journal):
        shape.add(task, result)
        if on_result is not None:
            on_result(task, result)
    return shape
