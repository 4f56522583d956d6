"""The standard RL interfaces pass their own checkers, for every variant and player count.

PettingZoo's ``api_test`` and ``seed_test``, Gymnasium's ``check_env`` and OpenSpiel's
``random_sim_test``: the checkers that the anchors' environments are held to.  Episodes
are one hand (``hands=1``) to keep the suite short; the whole-game episode is the same code
with more hands.  The full sweep of player counts is marked slow.
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import gymnasium as gym
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from tablerummy.envs import gymnasium as tr_gym
from tablerummy.envs.pettingzoo import env

QUICK = [("capone", {}), ("capone", {"players": 4}), ("ripper", {"players": 3}),
         ("fortune", {}), ("arlington", {"joker": True}), ("arlington-heights", {})]
FULL = [
    *(("capone", {"players": n}) for n in (2, 3, 4)), ("capone", {"players": 4, "teams": False}),
    *(("ripper", {"players": n}) for n in (2, 3, 4)),
    *(("fortune", {"players": n}) for n in range(2, 9)),
    *(("arlington", {"players": n}) for n in range(2, 8)),
    ("arlington", {"rules": "scarne"}), ("arlington", {"joker": True, "joker_swap": "anyone"}),
    *(("arlington-heights", {"players": n}) for n in range(2, 9)),
]


def _id(table: tuple[str, dict[str, Any]]) -> str:
    return table[0] + "".join(f"-{k}={v}" for k, v in table[1].items())


def _pettingzoo(table: tuple[str, dict[str, Any]]) -> None:
    name, options = table
    api_test(env(name, hands=1, **options), num_cycles=200)
    seed_test(lambda **_: env(name, hands=1, **options), num_cycles=60)


@pytest.mark.parametrize("table", QUICK, ids=_id)
def test_pettingzoo_api_and_seed(table: tuple[str, dict[str, Any]]) -> None:
    _pettingzoo(table)


@pytest.mark.slow
@pytest.mark.parametrize("table", FULL, ids=_id)
def test_pettingzoo_every_player_count(table: tuple[str, dict[str, Any]]) -> None:
    _pettingzoo(table)


def test_pettingzoo_illegal_action_ends_the_game_with_minus_one() -> None:
    game = env("capone", hands=1)
    game.reset(seed=1)
    agent = game.agent_selection
    mask = game.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    game.step(illegal)
    assert all(game.terminations.values())
    assert game.rewards[agent] == -1


def test_pettingzoo_whole_game_rewards_sum_to_zero_and_end_the_game() -> None:
    game = env("capone", max_steps=20_000)
    game.reset(seed=5)
    total = dict.fromkeys(game.possible_agents, 0.0)
    rng = np.random.default_rng(0)
    for agent in game.agent_iter():
        obs, reward, term, trunc, _ = game.last()
        total[agent] += reward
        action = None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        game.step(action)
    assert abs(sum(total.values())) < 1e-9
    assert sorted(total.values())[-1] > 1  # the winner's +1 on top of its hand margins


@pytest.mark.parametrize("title", sorted(tr_gym.IDS), ids=str)
def test_gymnasium_check_env(title: str) -> None:
    made = gym.make(f"tablerummy/{title}-v0", hands=1)
    check_env(made.unwrapped, skip_render_check=True)


def test_gymnasium_illegal_action_is_a_lost_game() -> None:
    made = gym.make("tablerummy/Capone-v0", hands=1, players=3, opponent="random")
    _, info = made.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = made.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"] == illegal


def test_gymnasium_is_deterministic_for_a_seed() -> None:
    def run() -> list[SupportsFloat]:  # gymnasium's reward is a SupportsFloat
        made = gym.make("tablerummy/Fortune-v0", hands=1)
        obs, info = made.reset(seed=11)
        rng = np.random.default_rng(1)
        seen: list[SupportsFloat] = [float(obs.sum())]
        done = False
        while not done:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            obs, reward, terminated, truncated, info = made.step(action)
            seen += [float(obs.sum()), reward]
            done = terminated or truncated
        return seen

    assert run() == run()


def test_pettingzoo_order_and_range_are_enforced() -> None:
    game = env("ripper", hands=1)
    with pytest.raises(RuntimeError, match="reset"):
        game.step(0)
    game.reset(seed=2)
    with pytest.raises(ValueError, match="outside the action space"):
        game.step(10**6)
    assert not any(game.terminations.values())  # nothing happened


def test_pettingzoo_rewards_are_the_last_steps_and_accumulate_per_agent() -> None:
    """``rewards`` holds the last step's rewards (all zero but where a hand ended: the
    step does not rebuild the dicts when nobody is rewarded, so they must be reset after
    a rewarded step), and ``last()`` gives each agent the sum since it last acted."""
    game = env("capone", hands=3)
    game.reset(seed=3)
    rng = np.random.default_rng(2)
    since = dict.fromkeys(game.possible_agents, 0.0)
    rewarded = 0
    for agent in game.agent_iter():
        obs, reward, term, trunc, _ = game.last()
        assert reward == pytest.approx(since[agent])
        if term or trunc:
            game.step(None)
            continue
        since[agent] = 0.0
        hands = len(game.core._game.hands)
        game.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        ended = len(game.core._game.hands) != hands or game.core.finished
        if ended:
            rewarded += 1
            assert any(game.rewards.values())
        else:
            assert not any(game.rewards.values())
        for name, r in game.rewards.items():
            since[name] += r
        assert abs(sum(game.rewards.values())) < 1e-9
    assert rewarded == 3
