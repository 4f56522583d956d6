"""What a search bot asks of ``capone`` beyond its rules
(:class:`~tablerummy.family.SearchHooks`)."""

from __future__ import annotations

from ..family import SearchHooks
from ..variant import HandState
from . import actions as A


class CaponeSearch(SearchHooks):
    """Melds and layoffs are the action ids from ``MELD`` up to ``DISCARD``: a light
    rollout prefers them (a uniformly random one mostly discards and hardly ever melds)."""

    def progress_range(self, state: HandState) -> tuple[int, int] | None:
        return A.MELD, A.DISCARD


SEARCH = CaponeSearch()
