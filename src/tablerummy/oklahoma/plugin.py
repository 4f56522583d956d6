"""The oklahoma family's plug-in: what every front end, bot and adapter reads of it.

See :mod:`tablerummy.family`.  Registered in ``pyproject.toml`` under the
``tablerummy.variants`` entry points.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
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
        return _view()(variant, observation)

    def move_menu(self, variant: Variant, texts: Sequence[str]) -> list[Row] | None:
        from .moves_menu import oklahoma_moves

        return oklahoma_moves(variant, texts)

    def card_names(self, variant: Variant) -> dict[str, str]:
        from .words import card_names

        return card_names()

    def move_words(self, words: list[str], name: Namer) -> str:
        return _say()(words, name)

    def card_faces(self, variant: Variant) -> dict[str, CardFace]:
        from .words import card_faces

        return card_faces(variant)

    def observer(self, variant: Variant) -> Observer:
        from .observer import OklahomaObserver

        return OklahomaObserver(variant.rules, variant.name)  # type: ignore[attr-defined]

    def encoder(self, variant: Variant) -> ObservationEncoder:
        from .encoding import OklahomaEncoder

        return OklahomaEncoder(variant)

    def action_space(self, variant: Variant) -> ActionSpace:
        from .space import OklahomaSpace

        return OklahomaSpace(variant)

@cache
def _view() -> Callable[[Variant, Observation], View]:
    """The table view, imported on first use (an import statement in a method costs a few
    µs at every call, and a table asks for a view per reader and a sentence per move)."""
    from .present import oklahoma_view

    return oklahoma_view


@cache
def _say() -> Callable[[list[str], Namer], str]:
    """The move sentences, imported on first use (see :func:`_view`)."""
    from .words import move_words

    return move_words


FAMILY = _Oklahoma()
