"""Mechanics the Mystery Rummy cases share: count-vector deals, Case File draws, card tables.

``capone`` and ``ripper`` keep hands and play areas as count vectors indexed by card kind
and the piles as lists with the top card last; these helpers are written once for both.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .errors import OptionError
from .userinput import MAX_CARD_VALUE, shown
from .variant import HandState


def deal_counts(
    kinds: Sequence[str], deck: Sequence[str], players: int, hand_size: int, dealer: int
) -> tuple[list[list[int]], list[int], list[int]]:
    """Deal ``deck`` (top card first) as SPEC says: hands, discard pile and stock.

    One card at a time clockwise from the dealer's left; the next card starts the
    discard pile; the rest is the stock.  Piles are returned with their top card last.
    """
    index = {kind: i for i, kind in enumerate(kinds)}
    order = [index[c] for c in deck]
    hands = [[0] * len(kinds) for _ in range(players)]
    dealt = hand_size * players
    for i in range(dealt):
        hands[(dealer + 1 + i) % players][order[i]] += 1
    discard = [order[dealt]]
    stock = order[dealt + 1 :][::-1]
    return hands, discard, stock


def draw_into(stock: list[int], hand: list[int], count: int) -> list[int]:
    """Move up to ``count`` cards from the stock's top into ``hand`` (as many as are left)."""
    drawn = []
    for _ in range(min(count, len(stock))):
        c = stock.pop()
        hand[c] += 1
        drawn.append(c)
    return drawn


class MysteryState(HandState):
    """What the Mystery Rummy hand states share: count-vector hands and Case File draws."""

    hands: list[list[int]]
    sizes: list[int]
    stock: list[int]

    def _draw(self, seat: int, count: int) -> list[int]:
        """Draw up to ``count`` from the Case File (as many as are left)."""
        drawn = draw_into(self.stock, self.hands[seat], count)
        self.sizes[seat] += len(drawn)
        return drawn


def check_overrides(
    variant: str,
    defaults: Mapping[str, Mapping[str, int]],
    overrides: Mapping[str, Any] | None,
    settable: Callable[[str], tuple[str, ...]],
    minimum: Callable[[str, str], int],
) -> dict[str, dict[str, int]]:
    """The default card table with a ``--cards`` file's values applied, each one checked.

    ``settable(card)`` names the values a file may change for a card (copies never:
    they are facts of the physical deck); ``minimum(card, key)`` is the least allowed.
    """
    table = {kind: dict(values) for kind, values in defaults.items()}
    for kind, values in (overrides or {}).items():
        if kind not in table:
            raise OptionError(f"--cards: {variant} has no card {shown(kind)}")
        if not isinstance(values, Mapping):
            raise OptionError(f"--cards: {kind} must map to a table like {{points = 5}}")
        for key, value in values.items():
            if key not in settable(kind):
                raise OptionError(f"--cards: {kind} has no value {shown(key)} to set")
            least = minimum(kind, key)
            if (not isinstance(value, int) or isinstance(value, bool) or value < least
                    or value > MAX_CARD_VALUE):
                raise OptionError(f"--cards: {kind}.{key} must be a whole number >= {least} "
                                  f"(and at most {MAX_CARD_VALUE:,})")
            table[kind][key] = value
    return table
