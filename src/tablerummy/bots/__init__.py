"""Bots: they see one seat's observation and the legal actions, never the full state.

Bots are looked up by name per variant (``get_bot("greedy", variant, seat)``): a variant's
bots are those that play every game (``random``, ``ismcts``, registered for ``"*"``) and
its family's own (the plug-in's :meth:`~tablerummy.family.Family.bots`, the greedy one).
A name may carry options after colons, ``ismcts:iterations=2000:c=0.7`` (colons, because
commas separate bots in ``--bots``).

Search bots also want positions to search: a bot whose class sets ``wants_sampler``
gets, before each decision, a :class:`Sampler` of its own seat's information set
(:func:`decide` does this for every harness: simulate, play, the web table).  The sampler
holds one determinization of the seat (a random redeal of what it cannot see), never the
true position, so nothing a bot does with it can peek.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from random import Random  # not `import random`: the submodule bots.random shadows it
from typing import TYPE_CHECKING, Any, ClassVar

from ..errors import OptionError
from ..userinput import shown
from ..variant import Action, HandState, Observation, Variant

if TYPE_CHECKING:
    from ..game import Game

OBSERVATION, COMPACT, NOTHING = "observation", "compact", "nothing"
"""What a bot reads (:attr:`Bot.reads`): the observation dict, the engine's compact form of
it (:meth:`HandState.compact_observation`), or nothing at all (the random bot)."""


class Sampler:
    """Determinizations of one seat's information set, for search bots.

    Built by the harness from the true position, it keeps only
    ``state.determinize(seat, rng)`` — a position whose hidden cards are a random redeal —
    and samples from that, so the true hidden cards are out of reach of the bot (two true
    positions the seat cannot tell apart give the same sampler for the same ``rng``).
    """

    __slots__ = ("_deal", "_known", "beliefs", "seat")

    def __init__(self, state: HandState, seat: int, rng: Random, beliefs: bool = True) -> None:
        self.seat = seat
        self.beliefs = beliefs
        """Whether the unseen cards are dealt by what each seat's public play says of its
        hand (:meth:`HandState.determinizer`'s ``beliefs``) rather than uniformly."""
        self._known = state.determinize(seat, rng)
        self._deal = self._known.determinizer(seat, track=False, beliefs=beliefs)

    def sample(self, rng: Random) -> HandState:
        """A fresh full position the seat could be in (the caller may change it at will)."""
        return self._deal(rng)

    def dealing(self, beliefs: bool) -> Sampler:
        """This sampler, or one of the same determinization that deals by ``beliefs``:
        for a harness that builds the sampler before it knows the bot (the web table's
        pool builds the bot in another process)."""
        if beliefs == self.beliefs:
            return self
        other = object.__new__(Sampler)
        other.__setstate__((self.seat, self._known, beliefs))
        return other

    # pickled as its one determinization, so that a bot may think in another process
    def __getstate__(self) -> tuple[int, HandState, bool]:
        return self.seat, self._known, self.beliefs

    def __setstate__(self, state: tuple[int, HandState, bool]) -> None:
        self.seat, self._known, self.beliefs = state
        self._deal = self._known.determinizer(self.seat, track=False, beliefs=self.beliefs)


class Bot(ABC):
    """A player that decides from what its seat may know.

    A bot declares what it reads (:attr:`reads`), so that callers that play many games
    (:func:`ask`: ``simulate``) build only that: building the observation dict at every
    decision was most of a fast simulation's time.  Whatever it declares, it is built
    from the seat's observation only: the no-peeking tests hold for every form.
    """

    name: ClassVar[str]
    options: ClassVar[Mapping[str, str]] = {}
    """Its ``name:key=value`` options, each with its default and meaning in one line: the
    list ``tablerummy bots`` prints and :meth:`configure` accepts."""
    reads: ClassVar[str] = OBSERVATION
    wants_sampler: ClassVar[bool] = False
    """True for search bots: :func:`decide` hands them a :class:`Sampler` before choosing."""
    beliefs: bool = True
    """For search bots: whether their :class:`Sampler` deals by beliefs (see there)."""
    offered: ClassVar[bool] = True
    """Whether the web lobby offers it for a seat (a bot kept for measurements is not:
    it still plays anywhere by name, the lobby just does not list it)."""
    remembers: bool = True
    """Whether the bot may keep memory from one call to the next (the greedy bots count
    their turns without the stock shrinking).  A search that asks a bot about unrelated
    positions (its rollouts, its tree's hints) sets it False, so that no position's
    memory steers another."""
    sampler: Sampler | None = None

    def __init__(self, variant: Variant, seat: int, seed: int | None = None) -> None:
        self.variant = variant
        self.seat = seat
        self.rng = Random(seed)

    def configure(self, options: dict[str, str]) -> None:
        """Take ``key=value`` options from the bot's name; bots without options refuse any."""
        if options:
            given = shown(", ".join(options))
            raise OptionError(f"bot {self.name} takes no options ({given} given)")

    @abstractmethod
    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """One of ``legal``, chosen from ``observation`` alone."""

    def choose_compact(self, view: Any, legal: Sequence[Action]) -> Action:
        """One of ``legal``, chosen from the seat's compact observation (bots that read
        :data:`COMPACT` override it; :meth:`choose` then turns a dict into that view)."""
        return self.choose(view, legal)


_BOTS: dict[tuple[str, str], type[Bot]] = {}
"""Bots registered by :func:`register_bot`: those for every game (``"*"``) and any a
program adds for one variant.  A family's own bots are its plug-in's
(:meth:`tablerummy.family.Family.bots`), not listed here."""
_EVERY_GAME = ("random",)
"""The modules of the bots that play every game and import no family: loaded with any list."""
_BY_NAME = {"ismcts": "ismcts", "ismcts-uniform": "ismcts"}
"""Bots for every game that are loaded only when asked for by name (or when the bots are
listed): the search imports more than a run of greedy bots needs."""


def register_bot(variant: str = "*") -> Callable[[type[Bot]], type[Bot]]:
    """Class decorator: make a bot available by name, for ``variant`` or (``"*"``) every game."""
    def wrap(cls: type[Bot]) -> type[Bot]:
        _BOTS[(cls.name, variant)] = cls
        return cls
    return wrap


def _load(name: str | None = None) -> None:
    """Import the bots for every game, and ``name``'s module (every one without a name)."""
    extra = _BY_NAME.values() if name is None else [_BY_NAME.get(name, "")]
    for module in (*_EVERY_GAME, *extra):
        if module:
            importlib.import_module(f"{__package__}.{module}")


def _family_bots(variant: str) -> dict[str, type[Bot]]:
    """The bots of ``variant``'s family, by name (a one-line error for an unknown variant)."""
    from ..registry import family_of

    return {cls.name: cls for cls in family_of(variant).bots()}


def bot_names(variant: str, offered: bool = False) -> list[str]:
    """Every bot that plays ``variant``: those for every game and its family's own
    (``offered``: only those the web lobby offers, :attr:`Bot.offered`)."""
    _load()
    own = _family_bots(variant)
    names = sorted({name for name, v in _BOTS if v in (variant, "*")} | set(own))
    if offered:
        names = [n for n in names if (cls := bot_class(n, variant)) is None or cls.offered]
    return names


def bot_class(name: str, variant: str) -> type[Bot] | None:
    """The class that plays ``variant`` under ``name``: one registered for that variant,
    else its family's, else the one for every game."""
    _load(name)
    return (_BOTS.get((name, variant)) or _family_bots(variant).get(name)
            or _BOTS.get((name, "*")))


def parse_bot_name(name: str) -> tuple[str, dict[str, str]]:
    """``"ismcts:iterations=2000:c=0.7"`` → ``("ismcts", {"iterations": "2000", "c": "0.7"})``."""
    base, *parts = name.strip().split(":")
    options: dict[str, str] = {}
    for part in parts:
        key, eq, value = part.partition("=")
        if not eq or not key.strip() or not value.strip():
            raise OptionError(f"bot option {shown(part)} of {shown(name)} is not key=value")
        options[key.strip().lower()] = value.strip()
    return base.strip().lower(), options


def get_bot(name: str, variant: Variant, seat: int, seed: int | None = None) -> Bot:
    base, options = parse_bot_name(name)
    cls = bot_class(base, variant.name)
    if cls is None:
        known = ", ".join(bot_names(variant.name))
        raise OptionError(f"no bot {shown(base)} for {variant.name} (bots: {known})")
    bot = cls(variant, seat, seed)
    bot.configure(options)
    return bot


def wants_sampler(name: str, variant: Variant) -> bool:
    """Whether the bot of that name is a search bot that wants a :class:`Sampler`."""
    cls = bot_class(parse_bot_name(name)[0], variant.name)
    return cls is not None and cls.wants_sampler


def decide(bot: Bot, state: HandState, observation: Observation,
           legal: Sequence[Action]) -> Action:
    """The bot's choice at its seat; a search bot first gets a :class:`Sampler` of ``state``.

    Every harness asks bots through here, so that a search bot works in all of them.
    """
    if bot.wants_sampler:
        bot.sampler = Sampler(state, bot.seat, Random(bot.rng.getrandbits(64)), bot.beliefs)
    try:
        return bot.choose(observation, legal)
    finally:
        bot.sampler = None


_EMPTY: Observation = {}


def ask(bot: Bot, source: Game | HandState, legal: Sequence[Action]) -> Action:
    """Ask ``bot`` (at its seat) for one of ``legal``, building only what it reads.

    ``source`` is the game or the hand being played: the observation, or its compact
    form, is taken from it for the bot's seat, never the state itself (a search bot gets
    its :class:`Sampler` through :func:`decide`).  ``simulate`` asks every bot so.
    """
    if bot.wants_sampler:
        from ..game import Game  # (the game module does not import the bots)

        state = source.state if isinstance(source, Game) else source
        return decide(bot, state, source.observation(bot.seat), legal)
    if bot.reads == NOTHING:
        return bot.choose(_EMPTY, legal)
    if bot.reads == COMPACT:
        return bot.choose_compact(source.compact_observation(bot.seat), legal)
    return bot.choose(source.observation(bot.seat), legal)
