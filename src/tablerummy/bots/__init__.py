"""Bots: they see one seat's observation and the legal actions, never the full state.

Bots are looked up by name per variant (``get_bot("greedy", variant, seat)``); a bot
registered for ``"*"`` plays every variant.  A name may carry options after colons,
``ismcts:iterations=2000:c=0.7`` (colons, because commas separate bots in ``--bots``).

Search bots also want positions to search: a bot whose class sets ``wants_sampler``
gets, before each decision, a :class:`Sampler` of its own seat's information set
(:func:`decide` does this for every harness: simulate, play, the web table).  The sampler
holds one determinization of the seat (a random redeal of what it cannot see), never the
true position, so nothing a bot does with it can peek.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from random import Random  # not `import random`: the submodule bots.random shadows it
from typing import ClassVar

from ..errors import OptionError
from ..userinput import shown
from ..variant import Action, HandState, Observation, Variant


class Sampler:
    """Determinizations of one seat's information set, for search bots.

    Built by the harness from the true position, it keeps only
    ``state.determinize(seat, rng)`` — a position whose hidden cards are a random redeal —
    and samples from that, so the true hidden cards are out of reach of the bot (two true
    positions the seat cannot tell apart give the same sampler for the same ``rng``).
    """

    __slots__ = ("_deal", "_known", "seat")

    def __init__(self, state: HandState, seat: int, rng: Random) -> None:
        self.seat = seat
        self._known = state.determinize(seat, rng)
        self._deal = self._known.determinizer(seat, track=False)

    def sample(self, rng: Random) -> HandState:
        """A fresh full position the seat could be in (the caller may change it at will)."""
        return self._deal(rng)

    # pickled as its one determinization, so that a bot may think in another process
    def __getstate__(self) -> tuple[int, HandState]:
        return self.seat, self._known

    def __setstate__(self, state: tuple[int, HandState]) -> None:
        self.seat, self._known = state
        self._deal = self._known.determinizer(self.seat, track=False)


class Bot(ABC):
    """A player that decides from what its seat may know."""

    name: ClassVar[str]
    wants_sampler: ClassVar[bool] = False
    """True for search bots: :func:`decide` hands them a :class:`Sampler` before choosing."""
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


_BOTS: dict[tuple[str, str], type[Bot]] = {}
_BUILTIN = ("random", "capone_greedy", "ripper_greedy", "oklahoma_greedy", "ismcts")


def register_bot(variant: str = "*") -> Callable[[type[Bot]], type[Bot]]:
    def wrap(cls: type[Bot]) -> type[Bot]:
        _BOTS[(cls.name, variant)] = cls
        return cls
    return wrap


def _load() -> None:
    for module in _BUILTIN:
        importlib.import_module(f"{__package__}.{module}")


def bot_names(variant: str) -> list[str]:
    _load()
    return sorted({name for name, v in _BOTS if v in (variant, "*")})


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
    _load()
    base, options = parse_bot_name(name)
    cls = _BOTS.get((base, variant.name)) or _BOTS.get((base, "*"))
    if cls is None:
        known = ", ".join(bot_names(variant.name))
        raise OptionError(f"no bot {shown(base)} for {variant.name} (bots: {known})")
    bot = cls(variant, seat, seed)
    bot.configure(options)
    return bot


def wants_sampler(name: str, variant: Variant) -> bool:
    """Whether the bot of that name is a search bot that wants a :class:`Sampler`."""
    _load()
    base, _ = parse_bot_name(name)
    cls = _BOTS.get((base, variant.name)) or _BOTS.get((base, "*"))
    return cls is not None and cls.wants_sampler


def decide(bot: Bot, state: HandState, observation: Observation,
           legal: Sequence[Action]) -> Action:
    """The bot's choice at its seat; a search bot first gets a :class:`Sampler` of ``state``.

    Every harness asks bots through here, so that a search bot works in all of them.
    """
    if bot.wants_sampler:
        bot.sampler = Sampler(state, bot.seat, Random(bot.rng.getrandbits(64)))
    try:
        return bot.choose(observation, legal)
    finally:
        bot.sampler = None
