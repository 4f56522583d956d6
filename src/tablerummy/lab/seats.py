"""Who sits at a lab table: the usual bots, and the clairvoyant that only the lab seats.

A lab entry named ``clairvoyant:ismcts[:key=value…]`` is
:class:`~tablerummy.bots.ismcts.ClairvoyantISMCTSBot` with those options: the ISMCTS
search given the true position.  :func:`ask` hands it a :class:`Truth` of the hand being
played for each decision and takes it back after; every other bot is asked through
:func:`tablerummy.bots.ask`, exactly as in ``simulate``, so no other seat can see more
than its observation.  :data:`LAB_HOOKS` puts these into a run's
:class:`~tablerummy.simulate.Setup`, with :func:`.facts.game_facts` to read each game.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from random import Random
from typing import TYPE_CHECKING

from ..bots import Bot, get_bot, parse_bot_name
from ..bots import ask as ask_bot
from ..errors import OptionError
from ..game import Game
from ..simulate import Hooks
from ..userinput import shown
from ..variant import Action, HandState, Variant
from .facts import game_facts

if TYPE_CHECKING:
    from ..bots.ismcts import ClairvoyantISMCTSBot

ISMCTS_MODULE = "tablerummy.bots.ismcts"
CLAIRVOYANT = "clairvoyant:"
"""The prefix of a clairvoyant entry's name: ``clairvoyant:ismcts:iterations=200``."""


class Truth:
    """The true position of one decision, as the clairvoyant's search draws it: a copy
    each time (the search plays on it)."""

    __slots__ = ("_state",)

    def __init__(self, state: HandState) -> None:
        self._state = state.copy()

    def sample(self, rng: Random) -> HandState:
        return self._state.copy()


def is_clairvoyant(name: str) -> bool:
    return name.strip().lower().startswith(CLAIRVOYANT)


def make_bot(name: str, variant: Variant, seat: int, seed: int | None = None) -> Bot:
    """The bot of a lab entry's name; ``clairvoyant:ismcts…`` is the clairvoyant search."""
    if not is_clairvoyant(name):
        return get_bot(name, variant, seat, seed)
    rest = name.strip()[len(CLAIRVOYANT):]
    base, options = parse_bot_name(rest)
    if base != "ismcts":
        raise OptionError(f"a clairvoyant player is the ismcts search given the true deal: "
                          f"clairvoyant:ismcts[:key=value…], not {shown(name)}")
    from ..bots.ismcts import ClairvoyantISMCTSBot  # only when asked

    bot = ClairvoyantISMCTSBot(variant, seat, seed)
    bot.configure(options)
    return bot


def ask(bot: Bot, game: Game, legal: Sequence[Action]) -> Action:
    """Ask a bot at a lab table: the clairvoyant with the true position, others as usual.

    While the search module is not imported no bot can be the clairvoyant, so a run
    without one never imports it.
    """
    search = sys.modules.get(ISMCTS_MODULE)
    if search is None or not isinstance(bot, search.ClairvoyantISMCTSBot):
        return ask_bot(bot, game, legal)
    if len(legal) == 1:
        return legal[0]
    seer: ClairvoyantISMCTSBot = bot
    seer.truth = Truth(game.state)
    try:
        return seer.choose(game.observation(seer.seat), legal)
    finally:
        seer.truth = None


LAB_HOOKS = Hooks(make_bot=make_bot, ask=ask, inspect=game_facts)
"""The hooks of every lab run (module-level functions: they pickle by name)."""
