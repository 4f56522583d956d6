"""The static side of a game (a variant with its options) and the hand-state interface.

The split follows OpenSpiel's ``Game`` / ``State``: a :class:`Variant` is immutable and
shared; a :class:`HandState` is one hand being played.  Every variant of the project
implements these two classes; everything above the rules core (records, bots, the
terminal, the web table) is written against them only.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, Self

from .errors import IllegalActionError, OptionError
from .events import read_log
from .userinput import shown, whole_number

if TYPE_CHECKING:
    from .family import Observer

Action = Hashable
"""An action value of one variant (an ``int`` for the Mystery Rummy games).

Its face is its text: :meth:`Variant.action_text` and :meth:`Variant.parse_action`
round-trip.
"""

Observation = dict[str, Any]
"""What one seat may know, as a JSON-ready dict (see each variant's docs)."""


@dataclass(frozen=True)
class OptionSpec:
    """One ``key=value`` option of a variant: its type, default and allowed values."""

    name: str
    default: int | bool | str
    help: str
    choices: tuple[int | bool | str, ...] | None = None
    minimum: int | None = None

    def coerce(self, value: object) -> int | bool | str:
        """Turn CLI text or JSON into the option's type, or raise a one-line error."""
        kind = type(self.default)
        result: int | bool | str
        if kind is bool:
            if isinstance(value, bool):
                result = value
            elif isinstance(value, str) and value.lower() in ("true", "yes", "1", "on"):
                result = True
            elif isinstance(value, str) and value.lower() in ("false", "no", "0", "off"):
                result = False
            else:
                raise OptionError(f"option {self.name} takes true or false, not {shown(value)}")
        elif kind is int:
            result = _whole_number(self.name, value)
        else:
            if not isinstance(value, str):
                raise OptionError(f"option {self.name} takes a word, not {shown(value)}")
            result = value.lower()
        if self.choices is not None and result not in self.choices:
            allowed = ", ".join(str(c).lower() for c in self.choices)
            raise OptionError(f"option {self.name}={_plain(result)} is not one of: {allowed}")
        if self.minimum is not None and isinstance(result, int) and result < self.minimum:
            raise OptionError(f"option {self.name} must be at least {self.minimum}")
        return result


def _plain(value: int | bool | str) -> str:
    """An option value as ``key=value`` spells it, cut short like :func:`shown`."""
    if isinstance(value, str):
        return shown(value)[1:-1] if len(value) <= 40 else shown(value)
    return str(value).lower() if -(10**40) < value < 10**40 else shown(value)


def _whole_number(name: str, value: object) -> int:
    """An int from an int, an integral float (JSON may say 2.0) or ASCII digits in text.

    Text is at most 18 digits with one optional sign: ``²``, ``+-2`` and a 5,000-digit
    number are refused in one line, not handed to ``int``.
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        number = whole_number(value, max_digits=18)
        if number is not None:
            return number
    raise OptionError(f"option {name} takes a whole number, not {shown(value)}")


class Variant(ABC):
    """A variant with its options and card values fixed: the static rules.

    Each family's plug-in lists its classes (:meth:`tablerummy.family.Family.variants`),
    found by ``name`` through :mod:`tablerummy.registry`.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    option_specs: ClassVar[tuple[OptionSpec, ...]]

    def __init__(self, options: Mapping[str, object] | None = None,
                 cards: Mapping[str, Any] | None = None) -> None:
        self.card_values: dict[str, Any] | None = (
            {kind: dict(values) if isinstance(values, Mapping) else values
             for kind, values in cards.items()} if cards else None)
        """The card values given in place of the defaults (a ``--cards`` table), as given:
        a game record carries them, so that the game replays with the values it was
        played with.  None: the defaults."""
        given = dict(options or {})
        known = {spec.name: spec for spec in self.option_specs}
        for key in given:
            if key not in known:
                names = ", ".join(known)
                raise OptionError(f"{self.name} has no option {shown(key)} (options: {names})")
        self.options: dict[str, int | bool | str] = {
            name: spec.coerce(given[name]) if name in given else spec.default
            for name, spec in known.items()
        }
        self.players: int = int(self.options["players"])
        self._sides: tuple[tuple[int, ...], ...] = tuple((s,) for s in range(self.players))

    # --- static facts ---------------------------------------------------------------

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The scoring sides: one per player unless the variant seats teams."""
        return self._sides

    @property
    def target(self) -> int:
        """The game ends after a hand in which a side reaches this many points.

        Every variant has a ``target`` option, defaulting to its rulebook's number.
        """
        return int(self.options["target"])

    @property
    @abstractmethod
    def hand_size(self) -> int:
        """Cards dealt to each player."""

    @abstractmethod
    def deck(self) -> list[str]:
        """The full deck as card ids, in a fixed canonical order."""

    @cached_property
    def deck_size(self) -> int:
        """The cards of :meth:`deck`, counted once (a search's estimate reads it often)."""
        return len(self.deck())

    def side_of(self, seat: int) -> int:
        for index, side in enumerate(self.sides):
            if seat in side:
                return index
        raise ValueError(f"no seat p{seat}")

    # --- hands ----------------------------------------------------------------------

    @abstractmethod
    def new_hand(self, deck: Sequence[str], dealer: int, log: bool = False) -> HandState:
        """Deal a hand from ``deck`` (top card first) with ``dealer`` dealing.

        ``log`` turns on the events in words (:attr:`HandState.log`); bots and
        simulations leave it off to stay fast.
        """

    def shuffled_deck(self, rng: random.Random) -> list[str]:
        cards = self.deck()
        rng.shuffle(cards)
        return cards

    # --- notation -------------------------------------------------------------------

    @abstractmethod
    def action_text(self, action: Action) -> str:
        """The canonical text of an action."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Any reasonable spelling of an action; raises :class:`NotationError`."""

    @abstractmethod
    def rules_text(self) -> str:
        """The rules summary and card table as Markdown, defaults marked."""

    def describe(self) -> dict[str, Any]:
        """A JSON-ready summary for ``tablerummy variants``."""
        return {
            "name": self.name,
            "title": self.title,
            "options": {
                spec.name: {"default": spec.default, "help": spec.help}
                for spec in self.option_specs
            },
        }


class HandState(ABC):
    """One hand being played: whose turn, what is legal, and what happens.

    ``apply`` is the checked path for people and the network; ``apply_unchecked`` and
    ``copy`` are the fast path for bots and simulations.
    """

    variant: Variant
    dealer: int
    end: str | None
    log: list[tuple[str, dict[int, str]]] | None
    """Events in words when logging is on: (public text, {seat: private text}), with seats
    written as :mod:`tablerummy.events` markers; read them through :meth:`events`."""

    @property
    @abstractmethod
    def to_act(self) -> int | None:
        """The seat that must decide next, ``None`` once the hand is over."""

    @property
    def is_over(self) -> bool:
        return self.end is not None

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action of :attr:`to_act` (empty once the hand is over)."""

    @abstractmethod
    def apply_unchecked(self, action: Action) -> None:
        """Apply an action known to be legal (no check: garbage in, garbage state)."""

    @abstractmethod
    def why_illegal(self, action: Action) -> str:
        """The rule that ``action`` breaks here (only called for illegal actions)."""

    @abstractmethod
    def copy(self) -> Self:
        """An independent copy, cheap enough for search bots."""

    @abstractmethod
    def scores(self) -> list[int]:
        """The hand's score per side (only meaningful once the hand is over)."""

    @abstractmethod
    def breakdown(self) -> list[list[tuple[str, int]]]:
        """Per side, the labelled ``(label, points)`` items that make its hand score.

        In the words a player reads: each meld or set as it scores, complete sets, the
        going-out bonus, each card left in hand that costs points, penalties, doublings,
        votes.  The items of a side sum to ``scores()[side]``; every front end and
        ``verify`` show these items and nothing else for scoring (one source for the
        fact).  Only meaningful once the hand is over; slower than :meth:`scores`,
        which bots call.
        """

    def breakdown_json(self) -> list[list[list[str | int]]]:
        """:meth:`breakdown` as JSON: per side a list of ``[label, points]``."""
        return [[[label, points] for label, points in side] for side in self.breakdown()]

    def observer(self) -> Observer:
        """A fresh observer of this hand's family (its plug-in's
        :meth:`~tablerummy.family.Family.observer`): the one place that decides what a
        seat may know.  A family's state may return its own directly (no registry look-up
        on the bots' path)."""
        from .registry import family_of

        return family_of(self.variant).observer(self.variant)

    def observation(self, seat: int) -> Observation:
        """Exactly what ``seat`` may know, and nothing else: the observer's dict."""
        observer = self.observer()
        observer.set_from(self, seat)
        return observer.dict()

    def compact_observation(self, seat: int) -> Any:
        """What ``seat`` may know in the engine's own compact form, for bots that declare
        they read it (:attr:`tablerummy.bots.Bot.reads`): the same facts as
        :meth:`observation` (or fewer), as count vectors and ints instead of card texts,
        so that a bot need not turn the dict back into counts at every decision.  The
        observer's :meth:`~tablerummy.family.Observer.compact`.
        """
        observer = self.observer()
        observer.set_from(self, seat)
        return observer.compact()

    @abstractmethod
    def reveal(self) -> dict[str, Any]:
        """The full position for ``verify --reveal`` (hands, areas, piles)."""

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A full position ``seat`` could be in: its own cards and everything it knows kept,
        every card it cannot see redealt at random (by ``rng``) among the places it could be.

        Built from ``seat``'s knowledge only, so search bots (ISMCTS) may sample from it
        without peeking: positions that differ only in cards hidden from ``seat`` give the
        same result for the same generator.
        """
        raise NotImplementedError(f"{self.variant.name} cannot determinize a position")

    def determinizer(self, seat: int, track: bool = True, beliefs: bool = False
                     ) -> Callable[[random.Random], Self]:
        """Many determinizations of this position for ``seat``: one per call with a generator.

        Variants work out once what all of them share; ``track=False`` may drop bookkeeping
        that only further determinizations need (search playouts run faster without it).
        ``beliefs=True`` asks for the other hands' unseen cards dealt in proportion to
        what each seat's public play says of its hand (a family that keeps no such
        leaning deals uniformly, as here).
        """
        return lambda rng: self.determinize(seat, rng)

    def hand_report(self) -> dict[str, Any]:
        """Extra per-hand keys for ``verify`` (e.g. the Ripper's outcome)."""
        return {}

    def tallies(self, actions: Sequence[Action]) -> dict[str, int]:
        """How often each countable event of this finished hand happened (``actions``: the
        hand's actions in order), for ``tablerummy lab shape``: complete sets, exclusions,
        Q♠ penalties, piles taken…  Every key is always present (0 when it did not happen),
        so that rates are over every hand.  Read from :meth:`breakdown` (the one source of
        what scored) or the actions, never worked out again.  Default: nothing to count.
        """
        return {}

    def _say(self, public: str, private: dict[int, str] | None = None) -> None:
        """Log an event in words (public text, and what given seats read instead).

        Seats are written with :func:`tablerummy.events.who` and its kin, so that each
        reader reads "you" for itself; a private text is needed only where a seat may
        know more than the others (a card drawn, a secret vote).
        """
        if self.log is not None:
            self.log.append((public, private or {}))

    def events(self, seat: int | None, start: int = 0) -> list[str]:
        """This hand's events in ``seat``'s words (``None``: the public words).

        ``start``: from that event on (the log only grows, so a reader that keeps what
        it read reads each event once).
        """
        return read_log(self.log[start:] if start and self.log else self.log, seat)

    def normalize(self, action: Action) -> Action:
        """The value that :meth:`legal_actions` lists for ``action``'s meaning here.

        For notations where only the position tells two spellings of one meaning apart
        (an Oklahoma wild laid off on a set: its suit means nothing); default: itself.
        """
        return action

    def check(self, action: Action) -> Action:
        """The normalized legal action, or :class:`IllegalActionError` naming the rule."""
        action = self.normalize(action)
        if action not in self.legal_actions():
            raise IllegalActionError(
                self.to_act, self.variant.action_text(action), self.why_illegal(action)
            )
        return action

    def apply(self, action: Action) -> None:
        """Apply a legal action or raise :class:`IllegalActionError`, changing nothing."""
        self.apply_unchecked(self.check(action))


# --- looking variants up -------------------------------------------------------------


def variant_names() -> list[str]:
    """Every installed variant, sorted (the families' entry points: :mod:`.registry`)."""
    from .registry import variant_names as names

    return names()


def get_variant(
    name: str,
    options: Mapping[str, object] | None = None,
    cards: Mapping[str, Any] | None = None,
) -> Variant:
    """The variant ``name`` with ``options``; ``cards`` overrides card values.

    The class comes from :mod:`.registry` (one entry point per variant), which imports
    only the family that plays ``name``.
    """
    from .registry import variant_class

    factory = variant_class(name)
    if cards is not None:
        return factory(options, cards=cards)
    return factory(options)


def check_seat(state: HandState, seat: int | None, action: Action) -> None:
    """Raise when ``seat`` is given and is not the seat to act."""
    if seat is not None and seat != state.to_act:
        who = "nobody" if state.to_act is None else f"p{state.to_act}"
        raise IllegalActionError(
            seat, state.variant.action_text(action), f"it is {who}'s turn to act, not p{seat}'s"
        )
