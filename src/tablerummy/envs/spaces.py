"""Fixed integer action spaces for the RL adapters, with masks and a notation round trip.

Learning code wants every decision of a variant to be an index into one fixed range, and a
mask of the legal ones.  Each family gives its variants' space (:meth:`Family.action_space
<tablerummy.family.Family.action_space>`): the Mystery Rummy engines already use such ints
(OpenSpiel style), so their space is the identity (:class:`IntSpace`); the Oklahoma
family's actions are tuples, which its package encodes behind its plug-in's space.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

from ..errors import NotationError
from ..variant import Action, Variant


class ActionSpace(ABC):
    """The fixed integer range of one variant's decisions (with its options)."""

    size: int

    def __init__(self, variant: Variant) -> None:
        self.variant = variant

    @abstractmethod
    def encode(self, action: Action, seat: int) -> int:
        """The index of ``action`` when ``seat`` plays it."""

    def legal_indices(self, legal: Sequence[Action], seat: int) -> dict[int, Action]:
        """Index → the first legal action with that index (the engine's canonical order)."""
        out: dict[int, Action] = {}
        for action in legal:
            out.setdefault(self.encode(action, seat), action)
        return out

    def mask(self, legal: Sequence[Action], seat: int) -> list[bool]:
        """One flag per index: whether some legal action has it."""
        flags = [False] * self.size
        for index in self.legal_indices(legal, seat):
            flags[index] = True
        return flags

    def decode(self, index: int, legal: Sequence[Action], seat: int) -> Action:
        """The legal action that ``index`` plays; :class:`NotationError` when none does."""
        action = self.legal_indices(legal, seat).get(index)
        if action is None:
            raise NotationError(f"action index {index} is not legal here")
        return action

    def hidden_from_others(self, index: int) -> bool:
        """Whether the other seats do not learn which of its kind this action was.

        Only the Mystery Rummy games have such decisions: the card kept from a private
        search (``capone``: ``take C``) and a secret vote (``ripper``: ``vote SUSPECT``,
        told at scoring).  Every Oklahoma-family decision is public.
        """
        return index in self._hidden

    _hidden: frozenset[int] = frozenset()

    def index_of_text(self, text: str, seat: int) -> int:
        """Notation → index (the round trip's other half)."""
        return self.encode(self.variant.parse_action(text), seat)


class IntSpace(ActionSpace):
    """The Mystery Rummy games: the engine's action ints are the indices."""

    def __init__(self, variant: Variant, size: int, hidden: range) -> None:
        super().__init__(variant)
        self.size = size
        self._hidden = frozenset(hidden)

    def encode(self, action: Action, seat: int) -> int:
        if not isinstance(action, int) or not 0 <= action < self.size:
            raise NotationError(f"{action!r} is not a {self.variant.name} action")
        return action

    def legal_indices(self, legal: Sequence[Action], seat: int) -> dict[int, Action]:
        """The engine lists each int once: the indices are the actions themselves."""
        return dict(zip(legal, legal, strict=True))  # type: ignore[arg-type]


def action_space(variant: Variant) -> ActionSpace:
    """The fixed integer action space of ``variant`` (with its options and players)."""
    from ..registry import family_of

    return family_of(variant).action_space(variant)
