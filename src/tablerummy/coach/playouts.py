"""Win chances by playouts: each candidate move, then the rest of the game by greedy bots.

Why playouts to the end of the *game*: the coach's number is the chance that the seat's
side wins the game, which a hand's score alone does not give (a +20 hand is decisive at
190 of 200 points and nothing at 0).  The greedy bots play every seat after the move —
the continuation is "everyone plays on like the greedy bot" — because they are fast
(about 25 ms a whole ``capone`` game on one core) and deterministic enough that the
differences between moves, not the noise of the continuation, dominate.

Every candidate is played out from the *same* positions with the *same* random numbers
(common random numbers): playout ``i`` draws one position from the seat's
:class:`~tablerummy.bots.Sampler` (or, for hindsight, copies the true one), and every
candidate starts from a copy of it with the bots and the later hands' decks seeded
alike.  The difference between two moves is then measured with far less noise than
each move's own chance (docs/coach.md, Accuracy).

Later hands are dealt from the playout's own random numbers, never from the game's seed:
the seed deals the real future, which nobody at the table may know.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from random import Random

from ..bots import Bot, ask, get_bot
from ..bots.ismcts import Positions, side_scores
from ..variant import Action, HandState, Variant

MAX_HANDS = 40
"""A playout still running after this many more hands is scored by who leads then."""
LEAST = 4
"""Playouts per move done before a time cap may stop them."""


@dataclass(frozen=True)
class Outlook:
    """What the playouts say of one move, for the seat's side.

    ``win``: the share of playouts its side won (the game); ``margin``: the mean points of
    the hand, its side's minus the best other side's; ``gain``: the mean change the move
    itself makes to its side's standing (the family's ``standing``); ``ends``: the share
    of positions in which the move ends the hand; ``count``: playouts behind the numbers.
    ``wins`` and ``margins``: each playout's result, in playout order — playout ``i`` of
    every candidate starts from the same position with the same random numbers, so two
    candidates' lists pair up (:func:`beyond_noise`).
    """

    action: Action
    win: float
    margin: float
    gain: float
    ends: float
    count: int
    wins: tuple[float, ...] = ()
    margins: tuple[float, ...] = ()


@dataclass(frozen=True)
class Table:
    """The public facts of the game around the hand: totals per side, the target, the
    current hand's dealer (later hands rotate from it)."""

    totals: tuple[int, ...]
    target: int
    dealer: int


def _margin(scores: Sequence[float], side: int) -> float:
    others = [s for i, s in enumerate(scores) if i != side]
    return scores[side] - (max(others) if others else 0.0)


def _winner(totals: Sequence[float], target: int, final: bool) -> int | None:
    top = max(totals)
    if (top >= target or final) and list(totals).count(top) == 1:
        return list(totals).index(top)
    return None


class Playouts:
    """Plays candidate moves out to the end of the game (see the module's docs)."""

    def __init__(self, variant: Variant, seat: int, table: Table, seed: str) -> None:
        self.variant = variant
        self.seat = seat
        self.side = variant.side_of(seat)
        self.table = table
        self.seed = seed
        self.bots: list[Bot] = [get_bot("greedy", variant, s, seed=s)
                                for s in range(variant.players)]
        for bot in self.bots:
            bot.remembers = False  # one position's memory must not steer another

    def outlooks(self, positions: Positions, actions: Sequence[Action], count: int,
                 deadline: float | None = None) -> list[Outlook]:
        """An :class:`Outlook` per action, from ``count`` playouts each (fewer, but at
        least :data:`LEAST`, when ``deadline`` — a ``time.thread_time()`` — passes)."""
        wins: list[list[float]] = [[] for _ in actions]
        margins: list[list[float]] = [[] for _ in actions]
        gains = [0.0] * len(actions)
        ends = [0.0] * len(actions)
        for i in range(count):
            if deadline is not None and i >= LEAST and time.thread_time() >= deadline:
                break
            start = positions.sample(Random(f"{self.seed}/position/{i}"))
            before = side_scores(start)[self.side]
            for k, action in enumerate(actions):
                state = start.copy()
                if action not in state.legal_actions():  # cannot happen for the seat's
                    continue                               # own move; never crash on it
                state.apply_unchecked(action)
                gains[k] += side_scores(state)[self.side] - before
                ends[k] += state.is_over
                won, margin = self._finish(state, Random(f"{self.seed}/playout/{i}"))
                wins[k].append(won)
                margins[k].append(margin)
        return [Outlook(a, sum(wins[k]) / n, sum(margins[k]) / n, gains[k] / n, ends[k] / n,
                        len(wins[k]), tuple(wins[k]), tuple(margins[k]))
                for k, a in enumerate(actions) for n in [max(len(wins[k]), 1)]]

    def _finish(self, state: HandState, rng: Random) -> tuple[float, float]:
        """Play the game on from ``state``: (1 if the side won the game else 0, the
        current hand's margin for the side)."""
        variant = self.variant
        for bot in self.bots:
            bot.rng.seed(rng.getrandbits(64))
        totals = list(self.table.totals)
        dealer = self.table.dealer
        margin: float | None = None
        for hands in range(MAX_HANDS + 1):
            while state.end is None:
                legal = state.legal_actions()
                seat = state.to_act
                assert seat is not None
                state.apply_unchecked(legal[0] if len(legal) == 1
                                      else ask(self.bots[seat], state, legal))
            scores = state.scores()
            if margin is None:
                margin = _margin(scores, self.side)
            totals = [t + s for t, s in zip(totals, scores, strict=True)]
            winner = _winner(totals, self.table.target, hands == MAX_HANDS)
            if winner is not None or hands == MAX_HANDS:
                return float(winner == self.side), margin
            dealer = (dealer + 1) % variant.players
            state = variant.new_hand(variant.shuffled_deck(rng), dealer)
        raise AssertionError("unreachable")


NOISE_Z = 2.0
"""How many standard errors a loss must exceed to count (about a 2.5 % chance, one-sided,
that pure noise passes it)."""


def beyond_noise(best: Sequence[float], played: Sequence[float], z: float = NOISE_Z) -> float:
    """The mean of the paired differences ``best[i] - played[i]`` when it exceeds ``z``
    standard errors of that mean, else 0: a loss the playouts can tell from their noise.

    Why: with a few dozen playouts the "best" of several candidates wins a little more
    than the move played by chance alone, and charging that as a loss marks sound moves
    as mistakes — most of all a searching player's, whose moves differ from the judge's
    search by chance more often than a greedy player's (docs/coach.md, Accuracy).  The
    playouts pair up (the same positions and random numbers for every candidate), so
    the noise of the difference is measured from the pairs themselves."""
    diffs = [b - p for b, p in zip(best, played, strict=False)]
    if not diffs:
        return 0.0
    mean = sum(diffs) / len(diffs)
    if mean <= 0.0:
        return 0.0
    if len(diffs) < 2:
        return mean
    spread = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
    return mean if mean > z * (spread / len(diffs)) ** 0.5 else 0.0
