"""The coach: hints for the seat to act, and the analysis of a game record.

Both read a position only as the seat could know it (a :class:`~tablerummy.bots.Sampler`
of its information set), rank moves with the ``ismcts`` search and value the best ones
by playing the game out with the greedy bots (docs/coach.md says how, what the numbers
mean and how far they can be trusted).  Both are pure functions of their arguments and
seed, with picklable inputs and outputs, so the web table runs them in its bot pool.
"""

from __future__ import annotations

from .analysis import Analysis, Decision, analyse
from .budget import Budget
from .hints import Hint, hints

__all__ = ["Analysis", "Budget", "Decision", "Hint", "analyse", "hints"]
