"""A seat's observation of an Oklahoma-family hand in the engine's own compact form.

The observation dict (:meth:`.state.OklahomaState.observation`) speaks card texts, which
is what front ends and records want; a bot that counts cards would turn it back into
count vectors at every decision.  :class:`SeatView` holds the facts a bot decides from —
a subset of the observation, nothing more — as counts, ints and the table's
:class:`~.melds.Meld` values.  :meth:`SeatView.from_observation` builds the same view
from the dict, which is how the tests show that it holds nothing the observation does not.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .actions import parse_item
from .cards import NCARDS, parse_card
from .melds import Meld, build
from .rules import Rules


@dataclass(frozen=True, slots=True)
class SeatView:
    """What ``seat`` knows of the hand, as the engine holds it (tuples: it is read-only)."""

    seat: int
    phase: str
    """``draw``, ``play`` or ``over``, as in the observation."""
    hand: tuple[int, ...]
    """The seat's own cards, a count vector by card number."""
    hand_sizes: tuple[int, ...]
    melds: tuple[tuple[Meld, ...], ...]
    """Every seat's melds on the table, in the order they were put down."""
    discard: tuple[int, ...]
    """The discard pile, bottom first (public: every card went down face up)."""
    last_turn: bool

    @classmethod
    def from_observation(cls, obs: dict[str, Any], rules: Rules) -> SeatView:
        """The view of an observation dict (what a bot reads when given the dict)."""
        hand = [0] * NCARDS
        for text in obs["hand"]:
            hand[parse_card(text)] += 1
        return cls(
            seat=int(obs["seat"]),
            phase=str(obs["phase"]),
            hand=tuple(hand),
            hand_sizes=tuple(int(n) for n in obs["hand_sizes"]),
            melds=tuple(tuple(_table_meld(texts, rules) for texts in side)
                        for side in obs["melds"]),
            discard=tuple(parse_card(text) for text in obs["discard"]),
            last_turn=bool(obs["last_turn"]),
        )


def _table_meld(texts: Sequence[str], rules: Rules) -> Meld:
    """A meld on the table from its texts, its items kept in the order shown (a meld grown
    by layoffs is not always in the form a new meld of the same cards would take)."""
    items = tuple(parse_item(text) for text in texts)
    made = build(items, rules)
    if not isinstance(made, Meld):
        raise ValueError(f"not a meld on the table: {' '.join(texts)} ({made})")
    return Meld(made.kind, made.key, made.lo, items)
