"""The capone family's plug-in: what every front end, bot and adapter reads of it.

See :mod:`tablerummy.family`.  Registered in ``pyproject.toml`` under the
``tablerummy.variants`` entry points.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..family import CardFace, Family, Namer, Observer, View
from ..variant import Observation, Variant

if TYPE_CHECKING:
    from ..bots import Bot
    from ..envs.spaces import ActionSpace
    from ..envs.tensors import ObservationEncoder


class _Capone(Family):
    name = "capone"

    def variants(self) -> Sequence[type[Variant]]:
        from .variant import Capone

        return (Capone,)

    def bots(self) -> Sequence[type[Bot]]:
        from ..bots.capone_greedy import CaponeGreedyBot as Greedy

        return (Greedy,)

    def present(self, variant: Variant, observation: Observation) -> View:
        from ..present.capone import capone_view

        return capone_view(variant, observation)

    def card_names(self, variant: Variant) -> dict[str, str]:
        from .cards import NAMES

        return dict(NAMES)

    def move_words(self, words: list[str], name: Namer) -> str:
        from ..present.words import _capone

        return _capone(words, name)

    def card_faces(self, variant: Variant) -> dict[str, CardFace]:
        from ..web.affordances import card_faces

        return {card: CardFace(**face) for card, face in card_faces(variant).items()}

    def observer(self, variant: Variant) -> Observer:
        from .observer import CaponeObserver

        return CaponeObserver()

    def encoder(self, variant: Variant) -> ObservationEncoder:
        from .encoding import CaponeEncoder

        return CaponeEncoder(variant)

    def action_space(self, variant: Variant) -> ActionSpace:
        from ..envs.spaces import IntSpace
        from . import actions
        from .cards import NK

        # the card kept from a private search (take C) is hidden from the others
        return IntSpace(variant, actions.NUM_ACTIONS, range(actions.TAKE, actions.TAKE + NK))

FAMILY = _Capone()
