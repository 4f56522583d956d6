"""A deliberately slow bot for the bot-pool test: it thinks for a second before each move.

Loaded by the server under test through ``TABLERUMMY_BOT_MODULES=slow_bot`` (this
directory on ``PYTHONPATH``), as a searching bot of another package would be.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from tablerummy.bots import Bot, register_bot
from tablerummy.variant import Action, Observation

THINKING = 1.0
"""Seconds per move: long enough that a bot on the event loop would freeze the server."""


@register_bot()
class SlowBot(Bot):
    """Waits ``THINKING`` seconds, then plays the first legal move."""

    name = "slow"

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        time.sleep(THINKING)
        return legal[0]
