"""Where a ``ripper`` hand cut off by a search is likely to end: a learned estimate.

The standing of a hand under way (:meth:`RipperSearch.standing`: as if the Ripper stayed
at large now) subtracts the cards that could not be played and counts nothing for those
that could: a hand of playable Evidence is worth its points once laid down, a long hand
late in the Case File costs them.  The estimate adds to each player's standing the points
it is still expected to bank, a linear function of the facts :data:`FEATURES` names,
fitted to greedy self-play hands by ``python -m tablerummy.bots.learn ripper`` and shipped
as ``estimate.json`` beside this module (docs/bots.md, Learned estimate).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import ESCAPES
from .scoring import playable_points, victims_in_play

if TYPE_CHECKING:
    from .state import RipperState

FEATURES = ("bias", "playable", "face", "cards", "escapes", "victims", "stock",
            "playable×stock", "face×stock", "cards×stock")
"""Per player: 1; the points of its hand that could be played from the table as it lies;
the face value of its whole hand; its cards in hand; Ripper Escapes held (1 or 0); the
Victims in play; the share of the deck left in the Case File; and three of these times
that share (more turns to play a hand in)."""

def features(state: RipperState, seat: int) -> list[float]:
    """The facts :data:`FEATURES` names, of ``seat`` in the full position ``state``."""
    cards = state.cards
    points = cards.points
    hand = state.hands[seat]
    playable = float(playable_points(hand, seat, state.areas, state.wilds, cards))
    face = float(sum(hand[k] * points[k] for k in range(ESCAPES)))
    size = float(state.sizes[seat])
    stock = len(state.stock) / state.variant.deck_size
    return [1.0, playable, face, size, float(hand[ESCAPES] > 0),
            float(victims_in_play(state.areas)), stock, playable * stock, face * stock,
            size * stock]
