"""What a search bot asks of ``ripper`` beyond its rules
(:class:`~tablerummy.family.SearchHooks`)."""

from __future__ import annotations

from ..family import SearchHooks
from ..variant import HandState
from . import actions as A
from .scoring import hand_scores
from .state import RipperState


class RipperSearch(SearchHooks):
    """Melds and layoffs (action ids ``MELD`` up to ``DISCARD``) guide a light rollout; a
    hand cut off before it ended stands at what it would score if the Ripper stayed at
    large now (no suspect doubled: the race is not decided until the hand ends)."""

    def progress_range(self, state: HandState) -> tuple[int, int] | None:
        return A.MELD, A.DISCARD

    def standing(self, state: HandState) -> list[float]:
        if state.is_over or not isinstance(state, RipperState):
            return [float(s) for s in state.scores()]
        scores, _ = hand_scores("at-large", state.areas, state.wilds, state.hands,
                                state.votes, state.cards)
        return [float(s) for s in scores]


SEARCH = RipperSearch()
