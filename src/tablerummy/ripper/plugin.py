"""The ripper family's plug-in: what every front end, bot and adapter reads of it.

See :mod:`tablerummy.family`.  Registered in ``pyproject.toml`` under the
``tablerummy.variants`` entry points.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING

from ..family import CardFace, CardTables, Family, Namer, Observer, SearchHooks, View
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

    def card_tables(self, variant: str) -> CardTables | None:
        """tablerummy's values, ``--cards classic`` and the rulebook's usual game length
        ("usually between 3 and 5" hands), which the lab calibrates the values to."""
        from .cards import CLASSIC_TABLE, DEFAULT_TABLE, FACTS

        return CardTables(default=DEFAULT_TABLE, keys=("points",), facts=FACTS,
                          named={"classic": CLASSIC_TABLE}, hands=(3.0, 5.0))

    def bots(self) -> Sequence[type[Bot]]:
        from .greedy import RipperGreedyBot as Greedy

        return (Greedy,)

    def search(self) -> SearchHooks:
        from .search import SEARCH

        return SEARCH

    def present(self, variant: Variant, observation: Observation) -> View:
        return _view()(variant, observation)

    def card_names(self, variant: Variant) -> dict[str, str]:
        from .cards import NAMES

        return dict(NAMES)

    def move_words(self, words: list[str], name: Namer) -> str:
        return _say()(words, name)

    def card_faces(self, variant: Variant) -> dict[str, CardFace]:
        from .words import card_faces

        return card_faces(variant)

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

@cache
def _view() -> Callable[[Variant, Observation], View]:
    """The table view, imported on first use (an import statement in a method costs a few
    µs at every call, and a table asks for a view per reader and a sentence per move)."""
    from .present import ripper_view

    return ripper_view


@cache
def _say() -> Callable[[list[str], Namer], str]:
    """The move sentences, imported on first use (see :func:`_view`)."""
    from .words import move_words

    return move_words


FAMILY = _Ripper()
