"""A game family's plug-in: the one object through which everything above the rules reads it.

A *family* is a package that plays one or more variants with one engine (``capone``,
``ripper``, ``oklahoma``).  It exports one :class:`Family` object; the terminal, the web
table, the bots, the lab and the RL adapters ask that object for what they need of the
family — its variants, its greedy bot, its presenter and words for moves, its card
faces, its observer and tensor encoding, its action space, the hooks the search needs —
and never import the family's modules themselves.  A sixth game is a new package with
its own :class:`Family` and an entry point; nothing outside it changes.

The registry (:mod:`tablerummy.registry`) is filled from the ``tablerummy.variants``
entry-point group: one entry per variant name, whose value is the family object
(``capone = "tablerummy.capone.plugin:FAMILY"``).  The built-in families register
themselves the same way, in ``pyproject.toml``; naming the variant in the entry point
lets a command import only the family it plays.

Each method imports what it returns when it is called, so that listing the variants
does not import a presenter, a bot or NumPy.  The pattern is OpenSpiel's game
registration with python-chess's variant classes: the family says what it is; the
framework asks.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import mul
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from .variant import Action, HandState, Observation, Variant

if TYPE_CHECKING:
    from .bots import Bot
    from .envs.spaces import ActionSpace
    from .envs.tensors import ObservationEncoder

View = dict[str, Any]
"""A table view for people (see :mod:`tablerummy.present`)."""
Row = dict[str, Any]
"""A row of the move menu (see :mod:`tablerummy.present.moves`)."""
Namer = Callable[[str], str]
"""A card id → its name for people."""


@dataclass(frozen=True)
class CardFace:
    """What people see of one card: its name, a short mark for small screens, the points it
    scores on the table (``None`` for a card that scores none) and a line of help."""

    name: str
    mono: str
    points: int | None
    help: str


@dataclass(frozen=True)
class CardTables:
    """The card values a variant can be played with (``--cards``), for ``cardtables``.

    ``default``: the table tablerummy plays by default, as a ``--cards`` file holds it;
    ``keys``: the keys of each card that are values (scaled by the lab); ``facts``: the
    ``(card, key)`` pairs the rulebook prints, never scaled; ``named``: the tables that
    ``--cards NAME`` names; ``hands``: how many hands a game lasts as the rulebook puts it
    (low, high), what the lab's calibration aims at (None: it does not calibrate).
    """

    default: Mapping[str, Mapping[str, int]]
    keys: tuple[str, ...]
    facts: frozenset[tuple[str, str]] = frozenset()
    named: Mapping[str, Mapping[str, Mapping[str, int]]] = field(default_factory=dict)
    hands: tuple[float, float] | None = None


class SearchHooks:
    """What a search bot may ask of a family beyond :class:`HandState`: how to guide its
    rollouts and how to value a hand cut off before it ended.  The defaults suit any game."""

    def progress(self, state: HandState) -> Callable[[Action], bool] | None:
        """Which actions put cards on the table (a light rollout prefers them), or None.

        By default the test of :meth:`progress_range`, when it gives one."""
        span = self.progress_range(state)
        if span is None:
            return None
        lo, hi = span
        return lambda action: lo <= action < hi  # type: ignore[operator]

    def progress_range(self, state: HandState) -> tuple[int, int] | None:
        """The same actions as a range of action ids ``lo <= a < hi``, where a family
        numbers its actions so, or None.  A search tests a range inline: a call per
        legal action in every rollout step costs it about twice as much."""
        return None

    def standing(self, state: HandState) -> list[float]:
        """Each side's hand score, or for an unfinished hand what it stands at now."""
        return [float(s) for s in state.scores()]

    # --- the default search's budget -----------------------------------------------------

    budgets: ClassVar[Mapping[tuple[str, int], int]] = {}
    """The default search's iterations a move, per (variant, players) measured: the
    largest round hundred whose moves cost at most 0.45 s of CPU on average in real games
    against greedy on the slowest machine measured — half a second a move, less a margin
    for the noise of a game or two (``benchmarks/bots.py --sections cost --variant NAME
    --players N --bias 0.3``; docs/benchmarks.md).  A decision costs what the family's
    moves and greedy guide cost, so the budget is the family's to know."""

    def iterations(self, variant: Variant) -> int:
        """The default search's iterations a move at ``variant``'s table: its measured
        budget, else the nearest measured player count's (the larger on a tie) scaled by
        its players / these players (more seats, dearer decisions), rounded down to a
        hundred; 1500 × 2 / players for a variant never measured."""
        players = variant.players
        found = self.budgets.get((variant.name, players))
        if found is not None:
            return found
        counts = [n for name, n in self.budgets if name == variant.name]
        if not counts:
            base, measured = 1500, 2
        else:
            measured = min(counts, key=lambda n: (abs(n - players), -n))
            base = self.budgets[(variant.name, measured)]
        return max(100, base * measured // players // 100 * 100)

    # --- a learned estimate of an unfinished hand (optional) ----------------------------

    estimate_file: ClassVar[Path | None] = None
    """The fitted weights of :meth:`features`, per variant and player count (``python -m
    tablerummy.bots.learn VARIANT`` writes them), or None: the family has no learned
    estimate."""
    feature_names: ClassVar[tuple[str, ...]] = ()
    """What each of :meth:`features` is, in order."""
    stands: ClassVar[frozenset[str]] = frozenset()
    """The variants whose default search values a cut-off hand by its standing although
    weights are fitted for them: there the learned estimate was measured to play weaker
    (the family says where and on what evidence)."""
    _weights: dict[tuple[str, int], list[float]] | None = None

    def default_estimate(self, variant: Variant) -> str:
        """The default search's estimate at ``variant``'s table: ``learned`` where weights
        are fitted for it and not measured weaker (:attr:`stands`), else ``standing`` —
        spelled out, so that a tournament's journal names what its search read."""
        if variant.name in self.stands or self.weights(variant.name, variant.players) is None:
            return "standing"
        return "learned"

    def features(self, state: HandState, side: int) -> list[float]:
        """Facts of the full position ``state`` that tell how many more points ``side``
        will bank before the hand ends (the first is 1, the bias); what
        :meth:`estimate` weighs."""
        raise NotImplementedError(f"{type(self).__name__} has no learned estimate")

    def weights(self, variant: str, players: int) -> list[float] | None:
        """The fitted weights for ``variant`` at ``players`` (those of the nearest player
        count fitted), or None when the family has none for that variant."""
        if self._weights is None:
            data = ({} if self.estimate_file is None else
                    json.loads(self.estimate_file.read_text(encoding="utf-8"))["weights"])
            self._weights = {(name, int(n)): [float(w) for w in ws]
                             for name, fitted in data.items() for n, ws in fitted.items()}
        found = self._weights.get((variant, players))
        if found is None:  # (once per table: the nearest count fitted stands for it)
            fitted = [n for name, n in self._weights if name == variant]
            if not fitted:
                return None
            nearest = min(fitted, key=lambda n: (abs(n - players), n))
            found = self._weights[(variant, players)] = self._weights[(variant, nearest)]
        return found

    def estimate(self, state: HandState) -> list[float]:
        """Each side's expected hand score: :meth:`standing` plus, for a hand under way,
        the points its :meth:`features` say it will still bank (the learned weights).
        Without weights, or once the hand is over, :meth:`standing` itself."""
        now = self.standing(state)
        if state.is_over:
            return now
        weights = self.weights(state.variant.name, state.variant.players)
        if weights is None:
            return now
        features = self.features
        return [score + sum(map(mul, weights, features(state, side)))
                for side, score in enumerate(now)]


class Observer(ABC):
    """One seat's knowledge of a hand, in the manner of OpenSpiel's observers.

    :meth:`set_from` reads a position for a seat; everything a seat can be shown is then
    derived from the observer alone: the front ends' dict (:meth:`dict`), the bots'
    compact view (:meth:`compact`) and the RL tensors (the family's encoder writes them
    from the observer).  So what a seat may know is written once per family, and the
    no-peeking tests check one place.
    """

    __slots__ = ()  # (made at every decision: a subclass may hold its facts in slots)

    @abstractmethod
    def set_from(self, state: HandState, seat: int) -> None:
        """Read what ``seat`` may know of ``state`` (and nothing else)."""

    @abstractmethod
    def dict(self) -> Observation:
        """The JSON-ready observation that front ends and records read."""

    @abstractmethod
    def compact(self) -> Any:
        """The same facts as count vectors and ints, for bots (:attr:`Bot.reads`)."""

    def parse(self, observation: Observation) -> None:
        """Read the facts back from a :meth:`dict` (for code handed only the dict, such as
        ``ObservationEncoder.encode``).  Default: this observer cannot."""
        raise NotImplementedError(f"{type(self).__name__} cannot read an observation dict")


class Family(ABC):
    """One game family's plug-in (see the module's docs)."""

    name: ClassVar[str]
    """The family's name, its package's (``capone``, ``oklahoma``)."""

    # --- the rules ----------------------------------------------------------------------

    @abstractmethod
    def variants(self) -> Sequence[type[Variant]]:
        """The variant classes it plays, each with its ``name``."""

    def card_tables(self, variant: str) -> CardTables | None:
        """The card values ``variant`` can be played with; None: it has no ``--cards``."""
        return None

    # --- bots and search ----------------------------------------------------------------

    @abstractmethod
    def bots(self) -> Sequence[type[Bot]]:
        """Its own bots (the greedy one at least), beside those that play every game."""

    def search(self) -> SearchHooks:
        """The hooks a search bot needs (determinizing is :meth:`HandState.determinize`)."""
        return SearchHooks()

    # --- people -------------------------------------------------------------------------

    @abstractmethod
    def present(self, variant: Variant, observation: Observation) -> View:
        """The table view of an observation, for every front end."""

    def move_menu(self, variant: Variant, texts: Sequence[str]) -> list[Row] | None:
        """Its own grouping of the legal moves for people; None: the common one."""
        return None

    @abstractmethod
    def card_names(self, variant: Variant) -> dict[str, str]:
        """Every card id → its name (a wild ``2C=7H`` is named by the caller from these)."""

    @abstractmethod
    def move_words(self, words: list[str], name: Namer) -> str:
        """The sentence of one move text split into words (``["draw", "stock"]`` →
        ``"Draw two from the Case File"``); ``name`` names a card id."""

    @abstractmethod
    def card_faces(self, variant: Variant) -> dict[str, CardFace]:
        """Every card id → what people see of it."""

    # --- learning -----------------------------------------------------------------------

    @abstractmethod
    def observer(self, variant: Variant) -> Observer:
        """A fresh observer for hands of ``variant``."""

    @abstractmethod
    def encoder(self, variant: Variant) -> ObservationEncoder:
        """The observation tensor of ``variant`` (shape, named layout, writers)."""

    @abstractmethod
    def action_space(self, variant: Variant) -> ActionSpace:
        """The fixed integer action space of ``variant``, with masks."""
