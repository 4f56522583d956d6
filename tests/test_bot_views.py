"""What bots read: only what they declare is built, and every form is the observation.

``simulate`` asks each bot through :func:`tablerummy.bots.ask`, which builds the
observation dict, its compact form or nothing, as the bot declares.  These tests show
that the compact form holds exactly what the observation dict says (it is rebuilt from
the dict and compared), and that a bot decides the same from either.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from tablerummy import Game, get_variant
from tablerummy.bots import COMPACT, NOTHING, OBSERVATION, ask, get_bot
from tablerummy.capone.view import SeatView as CaponeView
from tablerummy.oklahoma.variant import OklahomaVariant
from tablerummy.oklahoma.view import SeatView

OKLAHOMA = [("fortune", 2), ("fortune", 8), ("arlington", 4), ("arlington", 7),
            ("arlington-heights", 3), ("arlington-heights", 8)]


def _positions(name: str, players: int, seed: int,
               limit: int = 400) -> Iterator[tuple[Game, int]]:
    """Positions of one random game, with the seat to act (random play, seeded)."""
    game = Game(get_variant(name, {"players": players}), seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if game.game_over:
            return
        seat = game.to_act
        assert seat is not None
        yield game, seat
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))], checked=False)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), OKLAHOMA)
def test_the_compact_view_is_the_observation(name: str, players: int) -> None:
    seen_melds = 0
    for game, seat in _positions(name, players, seed=players):
        for who in range(players):
            view = game.compact_observation(who)
            assert isinstance(view, SeatView)
            variant = game.variant
            assert isinstance(variant, OklahomaVariant)
            rules = variant.rules
            assert view == SeatView.from_observation(game.observation(who), rules)
            seen_melds += sum(len(side) for side in view.melds)
        greedy = get_bot("greedy", game.variant, seat, seed=1)
        twin = get_bot("greedy", game.variant, seat, seed=1)
        legal = game.legal_actions()
        assert greedy.choose(game.observation(seat), legal) == ask(twin, game, legal)
    assert seen_melds  # melds on the table were compared too


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_capone_compact_view_is_the_observation(players: int) -> None:
    phases = set()
    for game, seat in _positions("capone", players, seed=players):
        for who in range(players):
            view = game.compact_observation(who)
            assert isinstance(view, CaponeView)
            assert view == CaponeView.from_observation(game.observation(who))
            phases.add(view.phase)
        greedy = get_bot("greedy", game.variant, seat, seed=1)
        twin = get_bot("greedy", game.variant, seat, seed=1)
        legal = game.legal_actions()
        assert greedy.choose(game.observation(seat), legal) == ask(twin, game, legal)
    assert {"draw", "play"} <= phases


class _Counting(Game):
    """A game that counts what is built for the bots."""

    built: list[str]

    def observation(self, seat: int) -> dict[str, Any]:
        self.built.append(OBSERVATION)
        return super().observation(seat)

    def compact_observation(self, seat: int) -> Any:
        self.built.append(COMPACT)
        return super().compact_observation(seat)


@pytest.mark.parametrize(("name", "bot", "reads"), [
    ("capone", "random", NOTHING), ("fortune", "random", NOTHING),
    ("fortune", "greedy", COMPACT), ("capone", "greedy", COMPACT),
    ("ripper", "greedy", OBSERVATION),
])
def test_only_what_a_bot_reads_is_built(name: str, bot: str, reads: str) -> None:
    game = _Counting(get_variant(name, {"players": 2}), seed=3)
    game.built = []
    player = get_bot(bot, game.variant, 0, seed=0)
    assert player.reads == reads
    seat = game.to_act
    assert seat is not None
    player.seat = seat
    choice = ask(player, game, game.legal_actions())
    assert choice in game.legal_actions()
    assert game.built == ([] if reads == NOTHING else [reads])


def test_a_finished_hand_is_observed_once_per_seat() -> None:
    game = Game(get_variant("capone", {"players": 2}), seed=4)
    rng = random.Random(4)
    while len(game.hands) < 2 and not game.game_over:
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))], checked=False)
    assert len(game.hands) == 2 or game.game_over
    first = game.observation(0)["last_hand"]
    assert game.observation(0)["last_hand"] is first  # built once, then shared
    assert game.observation(1)["last_hand"] is not first  # each seat its own
    assert first == game.hands[0].final.observation(0)  # type: ignore[union-attr]


@pytest.mark.parametrize("name", ["capone", "ripper", "arlington"])
def test_apply_legal_plays_as_apply(name: str) -> None:
    """Game.apply_legal (simulate's path) reaches the record that checked play reaches."""
    variant = get_variant(name, {"players": 3})
    fast, checked = Game(variant, seed=8), Game(variant, seed=8)
    rng = random.Random(8)
    for _ in range(600):
        if fast.game_over:
            break
        legal = fast.legal_actions()
        action = legal[rng.randrange(len(legal))]
        fast.apply_legal(action)
        checked.apply(variant.action_text(action))
    assert fast.to_record() == checked.to_record()
    assert fast.totals == checked.totals and len(fast.hands) > 1
