"""One decision assessed: the search picks the candidate moves, playouts value them.

The two halves do what each does best.  The search (the ``ismcts`` bot, the strongest
player tablerummy has, over determinizations of the seat's own knowledge) decides
*which* moves deserve a look and in which order: its most visited moves, best first.  Its
reward mixes hand margins and won games, so it is no probability; the playouts
(:mod:`.playouts`) turn each candidate into the numbers a person reads — the chance
that the side wins the game and the hand's expected margin.  The order stays the
search's: ranked by a few dozen playouts, the "best" move would often be the luckiest,
and every move played would seem to lose a little to it (docs/coach.md, Accuracy).

With ``truth`` the same is done on the true position (every card known): the "with
hindsight" column of an analysis.  It reuses the lab's clairvoyant search, which is the
only bot that may search a true position and refuses to unless handed it, and the lab's
:class:`~tablerummy.lab.seats.Truth` that hands it over.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from random import Random

from ..bots import Sampler, get_bot
from ..bots.ismcts import ClairvoyantISMCTSBot, ISMCTSBot, Positions
from ..lab.seats import Truth
from ..variant import Action, HandState, Observation
from .budget import Budget
from .playouts import Outlook, Playouts, Table

SEARCH_SHARE = 0.4
"""The share of a time cap the search may use (by the search's own wall clock, a safety: its
iterations are cheap beside the playouts); the playouts get the CPU time left."""


@dataclass(frozen=True)
class Assessed:
    """A candidate move with its search rank (0: the search's first) and its outlook."""

    rank: int
    outlook: Outlook

    @property
    def action(self) -> Action:
        return self.outlook.action


def search_order(state: HandState, seat: int, observation: Observation,
                 legal: Sequence[Action], budget: Budget, seed: str,
                 positions: Positions, truth: bool = False,
                 seconds: float | None = None) -> list[Action]:
    """The legal moves, the search's best first (from ``positions`` only)."""
    variant = state.variant
    bot: ISMCTSBot
    if truth:
        clairvoyant = ClairvoyantISMCTSBot(variant, seat, seed=Random(seed).getrandbits(64))
        clairvoyant.truth = positions
        bot = clairvoyant
    else:
        found = get_bot("ismcts", variant, seat, seed=Random(seed).getrandbits(64))
        assert isinstance(found, ISMCTSBot) and isinstance(positions, Sampler)
        found.sampler = positions
        bot = found
    # (with a time cap the iterations still bound the search: "seconds" alone would not)
    options = {"iterations": str(budget.iterations or bot.iterations)}
    if seconds is not None:
        options["seconds"] = f"{max(seconds, 0.001):.3f}"
    bot.configure(options)
    return bot.ranked(observation, legal)


def assess(state: HandState, seat: int, observation: Observation, table: Table,
           budget: Budget, seed: int | str, top: int = 3, also: Sequence[Action] = (),
           truth: bool = False) -> list[Assessed]:
    """The ``top`` best moves of the search (and the moves in ``also``), in the search's
    order, each valued by playouts.

    Without ``truth`` nothing of ``state`` is read but through a :class:`Sampler` of
    ``seat`` (and the seat's own legal moves): two positions the seat cannot tell apart
    give the same answer for the same seed and budget.
    """
    started = time.thread_time()
    legal = state.legal_actions()
    key = f"coach/{seed}/{'truth' if truth else 'seat'}"
    positions: Positions = (Truth(state) if truth else
                            Sampler(state, seat, Random(f"{key}/sampler")))
    cap = budget.seconds
    order = search_order(state, seat, observation, legal, budget, f"{key}/search", positions,
                         truth, None if cap is None else cap * SEARCH_SHARE)
    chosen = order[:max(1, top)]
    chosen += [a for a in also if a not in chosen and a in legal]
    deadline = None if cap is None else started + cap
    playouts = Playouts(state.variant, seat, table, f"{key}/playouts")
    outlooks = playouts.outlooks(positions, chosen, budget.playouts, deadline)
    assessed = [Assessed(order.index(o.action), o) for o in outlooks]
    assessed.sort(key=lambda a: a.rank)
    return assessed
