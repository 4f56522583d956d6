"""The oklahoma family's plug-in: what every front end, bot and adapter reads of it.

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


class _Oklahoma(Family):
    name = "oklahoma"

    def variants(self) -> Sequence[type[Variant]]:
        from .variant import Arlington, ArlingtonHeights, Fortune

        return (Fortune, Arlington, ArlingtonHeights)

    def bots(self) -> Sequence[type[Bot]]:
        from ..bots.oklahoma_greedy import OklahomaGreedy as Greedy

        return (Greedy,)

    def present(self, variant: Variant, observation: Observation) -> View:
        from ..present.oklahoma import oklahoma_view

        return oklahoma_view(variant, observation)

    def card_names(self, variant: Variant) -> dict[str, str]:
        from .cards import IDS, card_name

        names = {cid: card_name(cid) for cid in IDS}
        names["JK"] = "Joker"
        return names

    def move_words(self, words: list[str], name: Namer) -> str:
        from ..present.words import _oklahoma

        return _oklahoma(words, name)

    def card_faces(self, variant: Variant) -> dict[str, CardFace]:
        from ..web.affordances import card_faces

        return {card: CardFace(**face) for card, face in card_faces(variant).items()}

    def observer(self, variant: Variant) -> Observer:
        from .observer import OklahomaObserver

        return OklahomaObserver(variant.rules, variant.name)  # type: ignore[attr-defined]

    def encoder(self, variant: Variant) -> ObservationEncoder:
        from .encoding import OklahomaEncoder

        return OklahomaEncoder(variant)

    def action_space(self, variant: Variant) -> ActionSpace:
        from .space import OklahomaSpace

        return OklahomaSpace(variant)

FAMILY = _Oklahoma()
