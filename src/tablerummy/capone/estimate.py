"""Where a ``capone`` hand cut off by a search is likely to end: a learned estimate.

A search that stops its rollout after a few decisions must value a hand still under way.
What the areas hold now (the hand's score so far) ignores the hand: five Al Capones about
to be melded count nothing.  The estimate adds, to each side's score so far, the points it
is still expected to bank, a linear function of a few facts of the full position the search
dealt (its :data:`FEATURES`), fitted to greedy self-play hands by
``python -m tablerummy.bots.learn capone`` and shipped as ``estimate.json`` beside this
module (docs/bots.md, Learned estimate).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import NG, NK

if TYPE_CHECKING:
    from .state import CaponeState

FEATURES = ("bias", "playable", "waiting", "gavels", "cards", "stock", "playable×stock",
            "waiting×stock", "gavels×stock")
"""Per side: 1; the points its hands could put down now (a kind it holds three of with its
area's, or that lies melded in some area); the points of the kinds it holds that wait for
more; its Gavel cards; its cards in hand; the share of the deck left in the Case File; and
the first three times that share (the same hand is worth more with more turns to play it)."""

def features(state: CaponeState, side: int) -> list[float]:
    """The facts :data:`FEATURES` names, of ``side`` in the full position ``state``."""
    cards = state.variant.cards
    points = cards.points
    copies = cards.copies
    area_points = cards.area_points
    areas = state.areas
    own = areas[side]
    hands = state.hands
    seats = [s for s, of in enumerate(state.side_of) if of == side]
    held = hands[seats[0]] if len(seats) == 1 else \
        [sum(col) for col in zip(*(hands[s] for s in seats), strict=True)]
    melded = [max(col) >= 3 for col in zip(*areas, strict=True)]  # somewhere on the table
    playable = waiting = 0.0
    for g, (h, a, on_table) in enumerate(zip(held, own, melded, strict=False)):
        if not h:
            continue
        if a + h >= 3 or on_table:
            playable += area_points(g, min(a + h, copies[g])) - (area_points(g, a) if a else 0)
        else:
            waiting += h * points[g]
    gavels = float(sum(held[NG:NK]))
    hand = float(sum(state.sizes[s] for s in seats))
    stock = len(state.stock) / state.variant.deck_size
    return [1.0, playable, waiting, gavels, hand, stock, playable * stock, waiting * stock,
            gavels * stock]
