"""The OpenSpiel games pass ``pyspiel.random_sim_test`` (serialize and clone included).

One OpenSpiel game is one hand with explicit chance nodes: the dealer, then one card per
outcome.  The cap on the game's length is ``max_steps`` decisions (1,000 by default).
"""

from __future__ import annotations

from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from tablerummy.envs import openspiel as tr_openspiel  # noqa: E402

QUICK = [("capone", {}), ("ripper", {"players": 3}), ("arlington", {})]
FULL = [("capone", {"players": 4}), ("capone", {"players": 3}), ("ripper", {}),
        ("ripper", {"players": 4}), ("fortune", {}), ("fortune", {"players": 8}),
        ("arlington", {"players": 7}), ("arlington", {"joker": True}),
        ("arlington-heights", {}), ("arlington-heights", {"players": 5})]


def _id(table: tuple[str, dict[str, Any]]) -> str:
    return table[0] + "".join(f"-{k}={v}" for k, v in table[1].items())


def _sim(table: tuple[str, dict[str, Any]], sims: int) -> None:
    name, params = table
    game = pyspiel.load_game(tr_openspiel.game_name(name), params)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("table", QUICK, ids=_id)
def test_random_sim(table: tuple[str, dict[str, Any]]) -> None:
    _sim(table, 2)


@pytest.mark.slow
@pytest.mark.parametrize("table", FULL, ids=_id)
def test_random_sim_every_table(table: tuple[str, dict[str, Any]]) -> None:
    _sim(table, 1)


def test_chance_deals_one_card_per_outcome_and_replays() -> None:
    game = pyspiel.load_game("python_tablerummy_capone")
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [o for o, _ in outcomes] == [0, 1]  # the dealer first
    state.apply_action(0)
    cards = 0
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
        state.apply_action(outcomes[0][0])
        cards += 1
    assert cards == 86
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state)
    assert again.information_state_string(1) == state.information_state_string(1)


def test_information_state_hides_the_others_cards() -> None:
    game = pyspiel.load_game("python_tablerummy_capone")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[-1][0])
    text = state.information_state_string(0)
    assert '"hand"' in text and "stock_order" not in text
    tensor = state.information_state_tensor(0)
    assert len(tensor) == game.information_state_tensor_size()


def test_resampler_redeals_only_what_the_seat_cannot_see() -> None:
    import random

    game = pyspiel.load_game("python_tablerummy_capone")
    state = game.new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node() or state.core.steps < 12:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current_player()
    truth = state.core.game.state.reveal()["hands"]
    callback = tr_openspiel.resampler(seed=1)
    redealt = [callback(state, seat) for _ in range(5)]
    for other in redealt:
        assert other.view(seat) == state.view(seat)
        assert other.legal_actions() == state.legal_actions()
        assert other.core.game.state.reveal()["hands"][seat] == truth[seat]
    assert any(o.core.game.state.reveal()["hands"] != truth for o in redealt)
    assert state.core.game.state.reveal()["hands"] == truth  # the original is untouched
