"""Random play at the largest Oklahoma tables: every hand ends within the house limits.

The house rule (card-data.md) rebuilds the stock from the discard pile at most
``rebuild_limit`` times; after that the hand ends once the stock is empty.  Random bots
seldom meld, so at 7–8 seats almost every hand ends that way — and the games, whose
totals fall, are abandoned by ``simulate`` after its hand limit, never by its decision
limit (docs/benchmarks.md says how long they run).
"""

from __future__ import annotations

import random

import pytest

from tablerummy import get_variant
from tablerummy.oklahoma.variant import OklahomaVariant
from tablerummy.simulate import MAX_DECISIONS, MAX_HANDS, Setup, play_game

LARGEST = [("fortune", 8), ("arlington", 7), ("arlington-heights", 8)]


@pytest.mark.parametrize(("name", "players"), LARGEST)
def test_random_hands_end_within_the_house_limits(name: str, players: int) -> None:
    variant = get_variant(name, {"players": players})
    assert isinstance(variant, OklahomaVariant)
    rules = variant.rules
    deck = len(variant.deck())
    rng = random.Random(name)
    for _ in range(40):
        state = variant.new_hand(variant.shuffled_deck(rng), rng.randrange(players))
        decisions = 0
        while state.to_act is not None:
            legal = state.legal_actions()
            state.apply_unchecked(legal[rng.randrange(len(legal))])
            decisions += 1
            # a turn takes a card from the stock or melds from the pile; the stock is
            # the deck's rest, then at most rebuild_limit rebuilt piles
            assert decisions <= 2 * deck * (rules.rebuild_limit + 2), "the hand did not end"
        assert state.end in ("went-out", "stock-exhausted")
        assert state.rebuilds <= rules.rebuild_limit


@pytest.mark.parametrize(("name", "players"), LARGEST)
def test_random_games_stop_at_the_hand_limit(name: str, players: int) -> None:
    """Totals fall under random play: the game is abandoned after MAX_HANDS hands."""
    result = play_game(Setup(name, {"players": players}, ("random",), seed=3), 0)
    assert result.error is not None and f"in {MAX_HANDS} hands" in result.error
    assert result.decisions < MAX_DECISIONS
