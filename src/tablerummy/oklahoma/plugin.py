"""The oklahoma family's plug-in: what every front end, bot and adapter reads of it.

See :mod:`tablerummy.family`.  Registered in ``pyproject.toml`` under the
``tablerummy.variants`` entry points.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..family import CardFace, Family, Namer, Observer, Row, SearchHooks, View
from ..variant import Observation, Variant

if TYPE_CHECKING:
    from ..bots import Bot
    from ..envs.spaces import ActionSpace
    from ..envs.tensors import ObservationEncoder


class _Oklahoma(Family):
    name = "oklahoma"

    def variants(self) -> Sequence[type[Variant]]:
        from .variant import Arlington, ArlingtonHeights, Fortune

        return (Fortune, Arlington, ArlingtonHeights)

    def bots(self) -> Sequence[type[Bot]]:
        from .greedy import OklahomaGreedy as Greedy

        return (Greedy,)

    def search(self) -> SearchHooks:
        from .search import SEARCH

        return SEARCH

    def present(self, variant: Variant, observation: Observation) -> View:
        from .present import oklahoma_view

        return oklahoma_view(variant, observation)

    def move_menu(self, variant: Variant, texts: Sequence[str]) -> list[Row] | None:
        from .moves_menu import oklahoma_moves

        return oklahoma_moves(variant, texts)

    def card_names(self, variant: Variant) -> dict[str, str]:
        from .words import card_names

        return card_names()

    def move_words(self, words: list[str], name: Namer) -> str:
        from .words import move_words

        return move_words(words, name)

    def card_faces(self, variant: Variant) -> dict[str, CardFace]:
        from .words import card_faces

        return card_faces(variant)

    def observer(self, variant: Variant) -> Observer:
        raise NotImplementedError  # scaffold: issue 26 writes the one observer

    def encoder(self, variant: Variant) -> ObservationEncoder:
        from ..envs.tensors import ObservationEncoder

        return ObservationEncoder(variant)

    def action_space(self, variant: Variant) -> ActionSpace:
        from ..envs.spaces import action_space

        return action_space(variant)


FAMILY = _Oklahoma()
