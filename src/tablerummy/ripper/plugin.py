"""The ripper family's plug-in: what every front end, bot and adapter reads of it.

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


class _Ripper(Family):
    name = "ripper"

    def variants(self) -> Sequence[type[Variant]]:
        from .variant import Ripper

        return (Ripper,)

    def bots(self) -> Sequence[type[Bot]]:
        from ..bots.ripper_greedy import RipperGreedyBot as Greedy

        return (Greedy,)

    def present(self, variant: Variant, observation: Observation) -> View:
        from ..present.ripper import ripper_view

        return ripper_view(variant, observation)

    def card_names(self, variant: Variant) -> dict[str, str]:
        from .cards import NAMES

        return dict(NAMES)

    def move_words(self, words: list[str], name: Namer) -> str:
        from ..present.words import _ripper

        return _ripper(words, name)

    def card_faces(self, variant: Variant) -> dict[str, CardFace]:
        from ..web.affordances import card_faces

        return {card: CardFace(**face) for card, face in card_faces(variant).items()}

    def observer(self, variant: Variant) -> Observer:
        from .observer import RipperObserver

        return RipperObserver()

    def encoder(self, variant: Variant) -> ObservationEncoder:
        from .encoding import RipperEncoder

        return RipperEncoder(variant)

    def action_space(self, variant: Variant) -> ActionSpace:
        from ..envs.spaces import IntSpace
        from . import actions
        from .cards import NS

        # a secret vote (vote SUSPECT) is hidden from the others until scoring
        return IntSpace(variant, actions.NUM_ACTIONS, range(actions.VOTE, actions.VOTE + NS))

FAMILY = _Ripper()
