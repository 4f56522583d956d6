"""The greedy bots' choices are pinned: seeded self-play games give these exact records.

The strength rows of ``benchmarks/journals`` pair their games by seed against ``greedy``,
and the search asks greedy for its tree bias: a change of greedy's choices changes every
journal's games.  So a speed-up of a greedy bot must keep its choices, and this test says
when one did not.  A deliberate change of greedy's play updates the digests below (and
restarts the rows: docs/benchmarks.md).
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

from tablerummy import get_variant
from tablerummy.bots import ask, get_bot
from tablerummy.game import Game
from tablerummy.ripper.cards import NK, NS, WILD
from tablerummy.ripper.scoring import _playable

GAMES: dict[tuple[str, int], str] = {  # the first 16 hex digits of seeds 1 and 2
    ("capone", 2): "2449c6cdb913083d,b479fc1464f27f10",
    ("capone", 4): "1cc7f39e4a1fca58,d1dc9753e67678b2",
    ("ripper", 3): "d543dba3327168df,e698a645d88eec06",
    ("fortune", 2): "fd9e4c142140d099,6c339b931934c0c8",
    ("arlington-heights", 2): "d7fed20a82af10e7,20649de970014fa6",
}


def _actions(name: str, players: int, seed: int) -> list[list[str]]:
    variant = get_variant(name, {"players": players})
    game = Game(variant, seed=seed)
    bots = [get_bot("greedy", variant, s, seed=seed * 8 + s) for s in range(players)]
    while not game.game_over:
        legal = game.legal_actions()
        seat = game.to_act
        assert seat is not None
        game.apply_legal(legal[0] if len(legal) == 1 else ask(bots[seat], game, legal))
    record: dict[str, Any] = game.to_record()
    return [hand["actions"] for hand in record["hands"]]


@pytest.mark.parametrize(("name", "players"), list(GAMES))
def test_greedy_plays_the_pinned_games(name: str, players: int) -> None:
    digests = [hashlib.sha256(json.dumps(_actions(name, players, seed)).encode()).hexdigest()
               for seed in (1, 2)]
    assert ",".join(d[:16] for d in digests) == GAMES[(name, players)]


def test_ripper_playable_points_are_the_same_by_multiset_and_by_ordering() -> None:
    """The points alone are searched over multisets of the wild cards, the cards over
    every ordering (:func:`tablerummy.ripper.scoring._playable`): the best is the same."""
    cards = get_variant("ripper").cards  # type: ignore[attr-defined]
    rng = random.Random(29)
    for _ in range(400):
        hand = [rng.choice((0, 0, 0, 1, 2)) for _ in range(NK)]
        hand[WILD] = rng.randrange(4)
        players = rng.randrange(2, 5)
        areas = [[rng.choice((0, 0, 0, 1, 3)) for _ in range(NK)] for _ in range(players)]
        wilds = [[rng.choice((0, 0, 0, 1)) for _ in range(NS)] for _ in range(players)]
        took = [0] * NK
        assert _playable(hand, 0, areas, wilds, cards, None) == \
            _playable(hand, 0, areas, wilds, cards, took)
