"""The toy family (``tests/toyrummy``, installed beside tablerummy) through the RL adapters.

The adapters reach a family only through its plug-in (observer, encoder, action space):
the toy, which they have never heard of, passes PettingZoo's ``api_test`` and
``seed_test``, Gymnasium's ``check_env`` and OpenSpiel's ``random_sim_test`` (with
``serialize``), and OpenSpiel's resampler redeals only what a seat cannot see.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from toy_install import installed


@pytest.fixture(scope="module")
def toy_path(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with installed(tmp_path_factory.mktemp("site")) as path:
        yield path


@pytest.mark.parametrize("players", [2, 4])
def test_pettingzoo_api_and_seed(toy_path: str, players: int) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, seed_test

    from tablerummy.envs.pettingzoo import env

    api_test(env("toy", hands=1, players=players), num_cycles=200)
    seed_test(lambda **_: env("toy", hands=1, players=players), num_cycles=60)
    whole = env("toy", players=players, target=30)  # whole games end too
    whole.reset(seed=1)
    rng = random.Random(1)
    for _ in range(5_000):
        agent = whole.agent_selection
        if whole.terminations[agent] or whole.truncations[agent]:
            break
        mask = whole.observe(agent)["action_mask"]
        whole.step(rng.choice([i for i, m in enumerate(mask) if m]))
    assert all(whole.terminations.values())


def test_gymnasium_check_env(toy_path: str) -> None:
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from tablerummy.envs.gymnasium import TableEnv

    check_env(TableEnv("toy", hands=1, opponent="greedy"), skip_render_check=True)


def test_openspiel_random_sim(toy_path: str) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from tablerummy.envs import openspiel as tr_openspiel

    tr_openspiel.register()  # the module registered the variants installed at its import
    for params in ({}, {"players": 3}):
        game = pyspiel.load_game(tr_openspiel.game_name("toy"), params)
        pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_openspiel_resampler_redeals_only_what_the_seat_cannot_see(toy_path: str) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from tablerummy.envs import openspiel as tr_openspiel

    tr_openspiel.register()
    game = pyspiel.load_game(tr_openspiel.game_name("toy"))
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    seat = state.current_player()
    resample = tr_openspiel.resampler(3)
    redealt = [resample(state, seat) for _ in range(4)]
    mine = state.information_state_string(seat)
    assert all(r.information_state_string(seat) == mine for r in redealt)
    assert any(str(r) != str(state) for r in redealt)
