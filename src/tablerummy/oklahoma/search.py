"""What a search bot asks of the Oklahoma family beyond its rules
(:class:`~tablerummy.family.SearchHooks`)."""

from __future__ import annotations

from collections.abc import Callable

from ..family import SearchHooks
from ..variant import Action, HandState
from . import actions as A

_PROGRESS = frozenset((A.PILE, A.MELD, A.LAYOFF))
"""The verbs that put cards on the table (taking the pile melds its top card)."""


def _progresses(action: Action) -> bool:
    return action[0] in _PROGRESS  # type: ignore[index]


class OklahomaSearch(SearchHooks):
    """A light rollout prefers taking the pile, melds and layoffs (actions are tuples,
    not numbered: tested by their verb)."""

    def progress(self, state: HandState) -> Callable[[Action], bool] | None:
        return _progresses


SEARCH = OklahomaSearch()
