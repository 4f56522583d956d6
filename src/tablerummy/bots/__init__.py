"""Bots: they see one seat's observation and the legal actions, never the full state.

Bots are looked up by name per variant (``get_bot("greedy", variant, seat)``); a bot
registered for ``"*"`` plays every variant.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from random import Random  # not `import random`: the submodule bots.random shadows it
from typing import TYPE_CHECKING, Any, ClassVar

from ..errors import OptionError
from ..userinput import shown
from ..variant import Action, Observation, Variant

if TYPE_CHECKING:
    from ..game import Game
    from ..variant import HandState

OBSERVATION, COMPACT, NOTHING = "observation", "compact", "nothing"
"""What a bot reads (:attr:`Bot.reads`): the observation dict, the engine's compact form of
it (:meth:`HandState.compact_observation`), or nothing at all (the random bot)."""


class Bot(ABC):
    """A player that decides from what its seat may know.

    A bot declares what it reads (:attr:`reads`), so that callers that play many games
    (:func:`decide`: ``simulate``, search) build only that: building the observation dict
    at every decision was most of a fast simulation's time.  Whatever it declares, it is
    built from the seat's observation only: the no-peeking tests hold for every form.
    """

    name: ClassVar[str]
    reads: ClassVar[str] = OBSERVATION

    def __init__(self, variant: Variant, seat: int, seed: int | None = None) -> None:
        self.variant = variant
        self.seat = seat
        self.rng = Random(seed)

    @abstractmethod
    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """One of ``legal``, chosen from ``observation`` alone."""

    def choose_compact(self, view: Any, legal: Sequence[Action]) -> Action:
        """One of ``legal``, chosen from the seat's compact observation (bots that read
        :data:`COMPACT` override it; :meth:`choose` then turns a dict into that view)."""
        return self.choose(view, legal)


_EMPTY: Observation = {}


def decide(bot: Bot, source: Game | HandState, legal: Sequence[Action]) -> Action:
    """Ask ``bot`` (at its seat) for one of ``legal``, building only what it reads.

    ``source`` is the game or the hand being played: the observation, or its compact
    form, is taken from it for the bot's seat, never the state itself.
    """
    if bot.reads == NOTHING:
        return bot.choose(_EMPTY, legal)
    if bot.reads == COMPACT:
        return bot.choose_compact(source.compact_observation(bot.seat), legal)
    return bot.choose(source.observation(bot.seat), legal)


_BOTS: dict[tuple[str, str], type[Bot]] = {}
_BUILTIN = {"*": ("random",), "capone": ("capone_greedy",), "ripper": ("ripper_greedy",),
            "fortune": ("oklahoma_greedy",), "arlington": ("oklahoma_greedy",),
            "arlington-heights": ("oklahoma_greedy",)}
"""The bot modules that ship with tablerummy, by the variant they play: a command
imports those of its variant only (each registers its bots on import)."""


def register_bot(variant: str = "*") -> Callable[[type[Bot]], type[Bot]]:
    def wrap(cls: type[Bot]) -> type[Bot]:
        _BOTS[(cls.name, variant)] = cls
        return cls
    return wrap


def _load(variant: str) -> None:
    for module in (*_BUILTIN["*"], *_BUILTIN.get(variant, ())):
        importlib.import_module(f"{__package__}.{module}")


def bot_names(variant: str) -> list[str]:
    _load(variant)
    return sorted({name for name, v in _BOTS if v in (variant, "*")})


def get_bot(name: str, variant: Variant, seat: int, seed: int | None = None) -> Bot:
    _load(variant.name)
    cls = _BOTS.get((name.lower(), variant.name)) or _BOTS.get((name.lower(), "*"))
    if cls is None:
        known = ", ".join(bot_names(variant.name))
        raise OptionError(f"no bot {shown(name)} for {variant.name} (bots: {known})")
    return cls(variant, seat, seed)
