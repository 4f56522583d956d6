"""The uniform random bot: the baseline every other bot must beat."""

from __future__ import annotations

from collections.abc import Sequence

from ..variant import Action, Observation
from . import NOTHING, Bot, register_bot


@register_bot()
class RandomBot(Bot):
    """A uniformly random legal action: the baseline."""

    name = "random"
    reads = NOTHING  # it never looks: nothing is built for it

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]
