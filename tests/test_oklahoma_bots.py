"""The Oklahoma-family greedy bot: it beats random play, and each of its habits shows.

The habit tests start from real positions and then change only what the bot can see
(its observation), which is all a bot may read.
"""

from __future__ import annotations

from typing import Any

import pytest

from tablerummy import Game, get_variant
from tablerummy.bots import bot_names, get_bot
from tablerummy.simulate import Setup, simulate
from tablerummy.stacking import stacked_deck

VARIANTS = ["fortune", "arlington", "arlington-heights"]


@pytest.mark.parametrize("name", VARIANTS)
def test_greedy_is_registered(name: str) -> None:
    assert {"greedy", "random"} <= set(bot_names(name))


@pytest.mark.parametrize("name", VARIANTS)
def test_greedy_beats_random(name: str) -> None:
    data = simulate(Setup(name, {"players": 2}, ("greedy", "random"), seed=5), 10).to_json()
    assert data["errors"] == 0
    assert data["wins"]["greedy"] >= 9, data["wins"]


def _position(name: str, hands: list[str], up: str, top: str,
              actions: list[str], options: dict[str, Any] | None = None) -> Game:
    variant = get_variant(name, {"players": 2, **(options or {})})
    deck = stacked_deck(variant, 1, [h.split() for h in hands], up, top.split())
    game = Game(variant, seed=1, first_dealer=1, decks=[deck])
    for text in actions:
        game.apply(text)
    return game


def _choice(game: Game, obs: dict[str, Any] | None = None) -> str:
    seat = game.to_act
    assert seat is not None
    bot = get_bot("greedy", game.variant, seat, seed=0)
    view = obs if obs is not None else game.observation(seat)
    return game.variant.action_text(bot.choose(view, game.legal_actions()))


def test_goes_out_when_it_can() -> None:
    game = _position("fortune", ["KH KD KC 9S 9H 9D JH JD JC 8S 8H", ""], "4C", "8D",
                     ["draw stock", "meld KH KD KC", "meld 9S 9H 9D", "meld JH JD JC"])
    assert _choice(game) == "meld 8S 8H 8D"


def test_melds_high_cards_first() -> None:
    game = _position("fortune", ["KH KD KC 3S 3H 3D 5C 7C 9D JS 4H", ""], "4C", "8D",
                     ["draw stock"])
    assert _choice(game) == "meld KH KD KC"


def test_holds_a_wild_for_the_queen_of_spades() -> None:
    # Heights: Q♠ can never be discarded; the only Joker may be needed to meld it
    with_queen = _position("arlington-heights", ["QS JK 7H 7D 3C 5S 9C KD 10H 4S 6D", ""],
                           "8C", "AH", ["draw stock"])
    assert "meld 7H 7D JK=7S" in with_queen.legal_texts()
    assert _choice(with_queen).startswith("discard")
    without = _position("arlington-heights", ["8S JK 7H 7D 3C 5S 9C KD 10H 4S 6D", ""],
                        "8C", "AH", ["draw stock"])
    choice = _choice(without)
    assert choice.startswith("meld") and "JK=" in choice


def test_dumps_high_cards_when_an_opponent_is_close_to_going_out() -> None:
    # 4H is the one low card without a partner; the high cards KH QH 9D could still meld
    game = _position("fortune", ["KH QH 3C 5S 7D 4H 6C 3D 5D 7C 6S", ""], "10C", "9D",
                     ["draw stock"])
    seat = game.to_act
    assert seat is not None
    calm = game.observation(seat)
    assert _choice(game, calm) == "discard 4H"
    close = dict(calm)
    close["hand_sizes"] = [calm["hand_sizes"][0], 2]
    assert _choice(game, close) in ("discard KH", "discard QH", "discard 9D")


def test_watches_the_pile_before_taking_it() -> None:
    # p1 discards 9H: p0 can take the pile with 9S 9D; the pile below holds the upcard
    game = _position("fortune", ["9S 9D 3C 5S 7D 8C 6H 4D JS 10C AS", ""], "4H",
                     "JD 9H", ["draw stock", "discard JD", "draw stock", "discard 9H"])
    assert "draw pile meld 9S 9H 9D" in game.legal_texts()
    seat = game.to_act
    assert seat is not None
    obs = game.observation(seat)
    assert _choice(game, obs).startswith("draw pile")
    poisoned = dict(obs)
    poisoned["discard"] = ["QS", "QS", "KD", "9H"]  # two Q♠ at −50 each, a lone king
    assert _choice(game, poisoned) == "draw stock"
