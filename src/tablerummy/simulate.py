"""Bots play whole games, many at a time: the library behind ``tablerummy simulate``.

Everything here is variant-neutral: it speaks only :class:`~tablerummy.game.Game`, the
bot registry and the variant registry, so a new variant is simulated as soon as it
registers itself.

Reproducibility is the point: game ``i`` of a run uses seed ``seed + i`` for its deals,
seats its bots by a fixed rotation, and seeds every bot from the game's seed and its
seat, so a game's outcome depends on nothing else — not on ``workers``, not on which
process plays it, not on the order in which results come back.

How results are credited (also in ``docs/bots.md``):

* The ``bots`` list names the *entries* of a run; an entry that repeats a name gets a
  label ``name#2``, ``name#3``, …, so ``greedy,greedy`` measures seat effects.
* Seat ``s`` of game ``i`` is played by entry ``(s + i) mod len(bots)``: seats rotate
  from game to game, and with more seats than entries the list repeats around the
  table (``greedy,random`` at four ``capone`` seats puts the two greedy bots on one
  team and the two random bots on the other).
* A game is a **win for every entry seated on the winning side** (once per game, even
  with two seats there); an entry's ``played`` counts the completed games in which it
  held a seat, and its win rate is ``wins / played``.  In a team game of two different
  bots on one side, both are credited: wins can add up to more than the games.
* ``mean_hand_score`` of an entry is the mean, over every hand of every completed game
  and every side the entry sat on, of that side's score for the hand.
* A bot that raises or answers an action that is not legal, or an engine that fails,
  abandons the game: it counts in ``errors`` and in nothing else.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .bots import Bot, ask, get_bot
from .errors import OptionError, TablerummyError
from .game import Game
from .variant import Action, Variant, get_variant

MAX_DECISIONS = 100_000
"""A game still running after this many decisions is abandoned as an engine error."""

MAX_HANDS = 100
"""A game in which no side reaches the target in this many hands is abandoned.

Scores can fall (Ripper's cards left in hand, the Oklahoma family's penalties), so weak
bots may never reach the target; such a game counts in ``errors`` with that reason."""

MAX_WORKERS = 256
"""More processes than this is a typo, not a machine: refused before any is started."""

Z95 = 1.959963984540054


class SimulationError(TablerummyError):
    """The simulation itself could not run (a worker process died, a bad setting)."""


def _no_facts(game: Game) -> None:
    return None


@dataclass(frozen=True)
class Hooks:
    """What a harness other than ``simulate`` changes in :func:`play_game`.

    The lab (:mod:`tablerummy.lab`) reads facts from every finished game (``inspect``) and
    seats a clairvoyant bot that it builds and asks itself (``make_bot``, ``ask``); the
    default is what ``simulate`` and ``tournament`` do.  Module-level functions only, so
    that a :class:`Setup` holding them still crosses process boundaries (pickled by name).
    """

    make_bot: Callable[[str, Variant, int, int], Bot] = get_bot
    """Builds the bot of an entry's name at a seat with a seed (default :func:`get_bot`)."""
    ask: Callable[[Bot, Game, Sequence[Action]], Action] = ask
    """Asks a bot for one of the legal actions (default :func:`tablerummy.bots.ask`)."""
    inspect: Callable[[Game], Any] = _no_facts
    """Reads what the harness keeps of a game once it is over, in the worker that
    played it (into :attr:`GameResult.facts`); not called for an abandoned game."""


DEFAULT_HOOKS = Hooks()


@dataclass(frozen=True)
class Setup:
    """What every game of a run shares; plain data, so that it crosses process boundaries."""

    variant: str
    options: Mapping[str, object]
    bots: tuple[str, ...]
    seed: int = 0
    cards: Mapping[str, Any] | None = None
    hooks: Hooks = DEFAULT_HOOKS

    def make_variant(self) -> Variant:
        return get_variant(self.variant, self.options, cards=self.cards)

    @property
    def labels(self) -> tuple[str, ...]:
        """One label per entry: the bot's name, with ``#2``, ``#3`` … on repeats."""
        seen: dict[str, int] = {}
        labels = []
        for name in self.bots:
            seen[name] = seen.get(name, 0) + 1
            labels.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
        return tuple(labels)


def seating(index: int, players: int, entries: int) -> tuple[int, ...]:
    """The entry playing each seat in game ``index``: seats rotate from game to game."""
    return tuple((seat + index) % entries for seat in range(players))


def bot_seed(game_seed: int, seat: int) -> int:
    """A bot's seed, from its game's seed and its seat only (string seeding is portable)."""
    return random.Random(f"tablerummy/{game_seed}/bot/{seat}").getrandbits(63)


@dataclass
class GameResult:
    """One game's outcome, small enough to send back from a worker process."""

    index: int
    seed: int
    seats: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...]
    winner: int | None
    hand_scores: list[list[int]]
    decisions: int
    error: str | None = None
    record: dict[str, Any] | None = None
    facts: Any = None
    """What :attr:`Hooks.inspect` read from the finished game (None in ``simulate``)."""

    @property
    def hands(self) -> int:
        return len(self.hand_scores)


def _action_text(variant: Variant, action: object) -> str:
    try:
        return variant.action_text(action)
    except Exception:  # a bot may answer anything at all
        return repr(action)


def _who(labels: Sequence[str], seats: Sequence[int], seat: int) -> str:
    return f"bot {labels[seats[seat]]} at p{seat}"


def runaway(game: Game, decisions: int) -> str | None:
    """Why a game of bots only that has made ``decisions`` must be stopped, or None.

    The engines end every hand (the repetition rule of the Mystery Rummy cases, the stock's
    house limit of the Oklahoma family), but nothing makes weak bots reach the target; and
    a harness that plays on by itself must stop whatever the engine or the bots do.  Every
    harness that plays bots alone asks this after each decision.
    """
    if decisions >= MAX_DECISIONS:
        return (f"the game did not end after {MAX_DECISIONS} decisions (stopped in hand"
                f" {len(game.hands)})")
    if len(game.hands) > MAX_HANDS:
        return f"no side reached the target in {MAX_HANDS} hands"
    return None


def play_game(setup: Setup, index: int, variant: Variant | None = None,
              keep_record: bool = False, seats: tuple[int, ...] | None = None,
              deal: int | None = None) -> GameResult:
    """Play game ``index`` of a run to its end; never raises for a bot's or engine's fault.

    ``seats`` (the entry at each seat) and ``deal`` (the deals' seed offset, default
    ``index``) let a duplicate tournament replay one deal with other seatings.
    """
    variant = variant or setup.make_variant()
    seed = setup.seed + (index if deal is None else deal)
    labels = setup.labels
    if seats is None:
        seats = seating(index, variant.players, len(setup.bots))
    sides = variant.sides
    game: Game | None = None
    error: str | None = None
    decisions = 0
    try:
        game = Game(variant, seed=seed)
        hooks = setup.hooks
        bots: list[Bot] = [
            hooks.make_bot(setup.bots[entry], variant, seat, bot_seed(seed, seat))
            for seat, entry in enumerate(seats)
        ]
        while not game.game_over:
            seat = game.to_act
            legal = game.legal_actions()
            if seat is None or not legal:
                error = f"the {variant.name} engine has nobody to act in an unfinished hand"
                break
            try:
                choice: Action = hooks.ask(bots[seat], game, legal)
            except Exception as err:
                error = f"{_who(labels, seats, seat)} raised {type(err).__name__}: {err}"
                break
            try:
                action = legal[legal.index(choice)]
            except (ValueError, TypeError):
                error = (f"{_who(labels, seats, seat)} chose an illegal action: "
                         f"{_action_text(variant, choice)}")
                break
            game.apply_legal(action)
            decisions += 1
            error = runaway(game, decisions)
            if error is not None:
                break
    except Exception as err:
        error = f"the {variant.name} engine raised {type(err).__name__}: {err}"
    if error is not None:
        error = f"game {index} (deal seed {seed}): {error}"
    hand_scores = [] if game is None else [list(h.scores) for h in game.hands
                                            if h.scores is not None]
    facts = None
    if error is None and game is not None:
        try:
            facts = setup.hooks.inspect(game)
        except Exception as err:
            error = (f"game {index} (deal seed {seed}): reading the game raised "
                     f"{type(err).__name__}: {err}")
    record = None
    if keep_record and game is not None:
        try:
            record = game.to_record()
        except Exception as err:  # the record of a broken engine may not be writable
            error = error or f"game {index} (deal seed {seed}): no record: {err}"
    return GameResult(
        index=index, seed=seed, seats=seats, sides=tuple(tuple(s) for s in sides),
        winner=None if error is not None or game is None else game.winner,
        hand_scores=hand_scores, decisions=decisions, error=error, record=record,
        facts=facts,
    )


# --- worker processes --------------------------------------------------------------------

R = TypeVar("R")
_WORKER_VARIANTS: dict[str, Variant] = {}


def worker_variant(setup: Setup) -> Variant:
    """The setup's variant, built once per process (a worker plays many batches)."""
    key = json.dumps([setup.variant, setup.options, setup.cards], sort_keys=True, default=str)
    variant = _WORKER_VARIANTS.get(key)
    if variant is None:
        variant = _WORKER_VARIANTS[key] = setup.make_variant()
    return variant


def _ignore_interrupts() -> None:
    """In a worker: Ctrl-C is the main process's to handle (it stops the workers), so
    that a pressed Ctrl-C prints no traceback per worker."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def in_pool(work: Callable[..., list[R]], batches: Sequence[tuple[Any, ...]],
            workers: int) -> Iterator[R]:
    """``work(*batch)`` for every batch in a pool of processes, results as batches finish.

    Shared by ``simulate``, ``tournament`` and the lab; a dead worker is one line, not a
    traceback.  When the caller stops early (Ctrl-C, an error, a closed generator) the
    workers are terminated at once: waiting for their running and queued batches, as a
    pool's shutdown does, kept Ctrl-C waiting for minutes.
    """
    # imported here: the process pool costs tens of milliseconds to import, for nothing
    # when one process plays every game
    from concurrent.futures import ProcessPoolExecutor, as_completed
    from concurrent.futures.process import BrokenProcessPool

    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupts)
    finished = False
    try:
        futures = [pool.submit(work, *batch) for batch in batches]
        for future in as_completed(futures):
            yield from future.result()
        finished = True
    except BrokenProcessPool:
        raise SimulationError("a worker process died; try again with --workers 1") from None
    finally:
        if finished:
            pool.shutdown(wait=True)
        else:
            _stop(pool)


def _stop(pool: Any) -> None:
    """Cancel what has not started and terminate the workers (Python 3.14 has
    ``terminate_workers()``; before it the processes are only reachable so)."""
    procs = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in procs:
        proc.terminate()
    for proc in procs:
        proc.join(timeout=5)


def _play_chunk(setup: Setup, indices: Sequence[int], keep_records: bool) -> list[GameResult]:
    """Games played in a worker."""
    variant = worker_variant(setup)
    return [play_game(setup, i, variant, keep_records) for i in indices]


def play_games(setup: Setup, games: int, workers: int = 1,
               keep_records: bool = False) -> Generator[GameResult, None, None]:
    """Every game of a run, in the order they finish (sort by ``index`` for game order)."""
    if workers <= 1:
        variant = setup.make_variant()
        for index in range(games):
            yield play_game(setup, index, variant, keep_records)
        return
    # one game a call, as in a tournament: the bar moves per game; a call costs about
    # 0.3 ms, 1-2 % of the fastest game (random bots)
    yield from in_pool(_play_chunk, [(setup, [index], keep_records)
                                     for index in range(games)], workers)


# --- the summary -------------------------------------------------------------------------

def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default); (0, 1) without trials."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


@dataclass
class Summary:
    """Totals of a run, built up one :class:`GameResult` at a time in any order."""

    setup: Setup
    games: int
    completed: int = 0
    hands: int = 0
    decisions: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    played: dict[str, int] = field(default_factory=dict)
    score_sum: dict[str, int] = field(default_factory=dict)
    score_count: dict[str, int] = field(default_factory=dict)
    errors: list[tuple[int, str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        for label in self.setup.labels:
            self.wins.setdefault(label, 0)
            self.played.setdefault(label, 0)
            self.score_sum.setdefault(label, 0)
            self.score_count.setdefault(label, 0)

    def add(self, result: GameResult) -> None:
        if result.error is not None:
            self.errors.append((result.index, result.error))
            return
        labels = self.setup.labels
        self.completed += 1
        self.hands += result.hands
        self.decisions += result.decisions
        for entry in set(result.seats):
            self.played[labels[entry]] += 1
        winners = set()
        if result.winner is not None:
            winners = {labels[result.seats[s]] for s in result.sides[result.winner]}
        for label in winners:
            self.wins[label] += 1
        for side_index, side in enumerate(result.sides):
            for label in {labels[result.seats[s]] for s in side}:
                self.score_sum[label] += sum(h[side_index] for h in result.hand_scores)
                self.score_count[label] += result.hands

    @property
    def error_messages(self) -> list[str]:
        return [message for _, message in sorted(self.errors)]

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` summary: the SPEC keys first, then the detail."""
        labels = self.setup.labels
        return {
            "games": self.games,
            "hands_per_game": self.hands / self.completed if self.completed else 0.0,
            "wins": {label: self.wins[label] for label in labels},
            "mean_hand_score": {
                label: (self.score_sum[label] / self.score_count[label]
                        if self.score_count[label] else 0.0)
                for label in labels
            },
            "errors": len(self.errors),
            "completed": self.completed,
            "played": {label: self.played[label] for label in labels},
            "win_rate": {
                label: self.wins[label] / self.played[label] if self.played[label] else 0.0
                for label in labels
            },
            "win_interval": {
                label: list(wilson(self.wins[label], self.played[label])) for label in labels
            },
            "decisions_per_game": self.decisions / self.completed if self.completed else 0.0,
            "variant": self.setup.variant,
            "options": dict(self.setup.options),
            "bots": list(self.setup.bots),
            "seed": self.setup.seed,
            "error_messages": self.error_messages,
        }


def check_setup(setup: Setup, games: int, workers: int, rotate: bool = True) -> Variant:
    """Fail early, in the caller's process, with a one-line error for any bad setting.

    ``rotate``: the run seats its entries by :func:`seating` (``simulate``, tournaments),
    so one that would sit on two sides is refused (:func:`check_seating`); a harness that
    seats them itself (the lab's skill share) checks its own seatings.
    """
    if games < 1:
        raise OptionError("--games must be at least 1")
    if not 1 <= workers <= MAX_WORKERS:
        raise OptionError(f"--workers must be from 1 to {MAX_WORKERS}")
    if not setup.bots or any(not name for name in setup.bots):
        raise OptionError("--bots takes bot names separated by commas, e.g. greedy,random")
    variant = setup.make_variant()
    for name in set(setup.bots):
        setup.hooks.make_bot(name, variant, 0, 0)
    if rotate:
        check_seating(setup, variant)
    return variant


def check_seating(setup: Setup, variant: Variant) -> None:
    """Refuse a run in which one entry would sit on two sides of a game.

    Such an entry plays against itself and is credited whenever either side wins (three
    bots at four ``capone`` team seats, two at three seats): its numbers would mean
    nothing.  A single entry is self-play on purpose (every side is it: the run measures
    hands per game and scores, not wins), so it is let through.
    """
    entries = len(setup.bots)
    if entries < 2:
        return
    for index in range(entries):  # seats rotate with this period
        seats = seating(index, variant.players, entries)
        for entry in set(seats):
            sides = {variant.side_of(s) for s, e in enumerate(seats) if e == entry}
            if len(sides) > 1:
                raise OptionError(
                    f"--bots names {entries} bots for {variant.players} seats, so "
                    f"{setup.labels[entry]} would sit on two sides of a game and win whenever "
                    "either does; name one bot per seat (names may repeat: "
                    "greedy,random,random)"
                )


def simulate(setup: Setup, games: int, workers: int = 1,
             on_result: Callable[[GameResult], None] | None = None,
             keep_records: bool = False) -> Summary:
    """Play ``games`` games and total them; ``on_result`` sees each game as it ends."""
    check_setup(setup, games, workers)
    summary = Summary(setup, games)
    for result in play_games(setup, games, workers, keep_records):
        summary.add(result)
        if on_result is not None:
            on_result(result)
    return summary
