"""The ``toy`` family's plug-in: the one object tablerummy reads it through.

Registered by this distribution's entry point (``pyproject.toml``)::

    [project.entry-points."tablerummy.variants"]
    toy = "toyrummy.plugin:FAMILY"

Each method imports what it returns when called, as tablerummy's own families do, so
that listing the variants imports neither the bot nor NumPy.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from tablerummy.family import CardFace, Family, Namer, Observer, SearchHooks, View
from tablerummy.variant import Action, HandState, Observation, Variant

if TYPE_CHECKING:
    from tablerummy.bots import Bot
    from tablerummy.envs.spaces import ActionSpace
    from tablerummy.envs.tensors import ObservationEncoder


class _Search(SearchHooks):
    """Rollouts prefer melds and layoffs; a cut-off hand stands at its scores so far
    (:meth:`~toyrummy.state.ToyState.scores` is meaningful at any time: the default)."""

    def progress(self, state: HandState) -> Callable[[Action], bool] | None:
        from .actions import DISCARD, MELD

        return lambda action: isinstance(action, int) and MELD <= action < DISCARD

    def progress_range(self, state: HandState) -> tuple[int, int] | None:
        """The same actions as a range of ids (a search tests a range inline)."""
        from .actions import DISCARD, MELD

        return MELD, DISCARD


class _Toy(Family):
    name = "toy"

    def variants(self) -> Sequence[type[Variant]]:
        from .variant import Toy

        return (Toy,)

    def bots(self) -> Sequence[type[Bot]]:
        from .greedy import ToyGreedy

        return (ToyGreedy,)

    def search(self) -> SearchHooks:
        return _Search()

    def present(self, variant: Variant, observation: Observation) -> View:
        from .present import toy_view

        return toy_view(variant, observation)

    def card_names(self, variant: Variant) -> dict[str, str]:
        from .cards import NAMES

        return dict(NAMES)

    def move_words(self, words: list[str], name: Namer) -> str:
        from .present import move_words

        return move_words(words, name)

    def card_faces(self, variant: Variant) -> dict[str, CardFace]:
        from .present import card_faces

        return card_faces()

    def observer(self, variant: Variant) -> Observer:
        from .observer import ToyObserver

        return ToyObserver()

    def encoder(self, variant: Variant) -> ObservationEncoder:
        from .tensors import ToyEncoder

        return ToyEncoder(variant)

    def action_space(self, variant: Variant) -> ActionSpace:
        from .tensors import action_space

        return action_space(variant)


FAMILY = _Toy()
