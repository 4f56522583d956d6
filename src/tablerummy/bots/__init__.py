"""Bots: they see one seat's observation and the legal actions, never the full state.

Bots are looked up by name per variant (``get_bot("greedy", variant, seat)``); a bot
registered for ``"*"`` plays every variant.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from random import Random  # not `import random`: the submodule bots.random shadows it
from typing import ClassVar

from ..errors import OptionError
from ..userinput import shown
from ..variant import Action, Observation, Variant


class Bot(ABC):
    """A player that decides from what its seat may know."""

    name: ClassVar[str]

    def __init__(self, variant: Variant, seat: int, seed: int | None = None) -> None:
        self.variant = variant
        self.seat = seat
        self.rng = Random(seed)

    @abstractmethod
    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """One of ``legal``, chosen from ``observation`` alone."""


_BOTS: dict[tuple[str, str], type[Bot]] = {}
_BUILTIN = ("random", "capone_greedy", "ripper_greedy", "oklahoma_greedy")


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


def get_bot(name: str, variant: Variant, seat: int, seed: int | None = None) -> Bot:
    _load()
    cls = _BOTS.get((name.lower(), variant.name)) or _BOTS.get((name.lower(), "*"))
    if cls is None:
        known = ", ".join(bot_names(variant.name))
        raise OptionError(f"no bot {shown(name)} for {variant.name} (bots: {known})")
    return cls(variant, seat, seed)
