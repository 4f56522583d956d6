"""Where an Oklahoma-family hand cut off by a search is likely to end: a learned estimate.

The standing of a hand under way counts the melds on the table and the cards in hand at
their (negative) value, as if the hand ended now: a hand of pairs and neighbours about to
be melded counts only against its holder.  The estimate adds to each player's standing the
points it is still expected to bank, a linear function of the facts :data:`FEATURES`
names, fitted to greedy self-play hands by ``python -m tablerummy.bots.learn
fortune,arlington,arlington-heights`` (weights per variant and player count) and shipped
as ``estimate.json`` beside this module (docs/bots.md, Learned estimate).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import OklahomaState

FEATURES = ("bias", "hand value", "cards", "wilds", "pairs", "neighbours", "pile", "stock",
            "pairs×stock", "neighbours×stock", "wilds×stock", "hand value×stock")
"""Per player: 1; the value of its hand as it would count now (negative); its cards in
hand; its wild cards; the natural cards beyond the first of each rank it holds; the pairs
of same-suit cards next to each other in rank it holds; the cards of the discard pile; the
share of the deck left in the stock; and four of these times that share."""


def features(state: OklahomaState, seat: int) -> list[float]:
    """The facts :data:`FEATURES` names, of ``seat`` in the full position ``state``."""
    rules = state.rules
    wild = rules.wild
    hand = state.hands[seat]
    value = float(state.hand_points(seat))
    wilds = float(sum(hand[c] for c in rules.wild_cards))
    ranks = [0] * 13
    neighbours = 0
    for suit in range(4):
        base = suit * 13
        held = [hand[base + r] if not wild[base + r] else 0 for r in range(13)]
        for r in range(13):
            ranks[r] += held[r]
            if held[r] and held[(r + 1) % 13]:  # (the king's neighbour: the high ace)
                neighbours += 1
    pairs = float(sum(n - 1 for n in ranks if n > 1))
    stock = len(state.stock) / state.variant.deck_size
    return [1.0, value, float(state.sizes[seat]), wilds, pairs, float(neighbours),
            float(len(state.discard)), stock, pairs * stock, neighbours * stock,
            wilds * stock, value * stock]
