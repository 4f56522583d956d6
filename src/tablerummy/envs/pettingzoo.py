"""PettingZoo AEC environments of every variant: ``env(variant="capone", players=4)``.

Like PettingZoo's classic card games, each agent observes ``{"observation": tensor,
"action_mask": int8 mask}`` and acts with an index of the variant's fixed action space
(:mod:`tablerummy.envs.spaces`).  An illegal action ends the game with reward −1 for the
agent that played it (as PettingZoo's ``TerminateIllegalWrapper`` does), an action out of
range raises, and nothing may be observed or stepped before ``reset()`` (what PettingZoo's
three wrappers of its classic games do, done inside: no wrapper costs a call per step).
Agents are ``player_0`` … ``player_{n-1}``; the agent to act is the engine's seat to act,
which is not always the next one clockwise (votes, Commissioner Resigns, the out-of-turn
Ripper Escapes).  Rewards and episodes: :mod:`tablerummy.envs.core`.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .core import MAX_STEPS, TableCore
from .tensors import LIMIT

ILLEGAL_REWARD = -1.0


def env(variant: str = "capone", render_mode: str | None = None, **options: Any) -> raw_env:
    """The environment to use (``raw_env`` needs no wrapper).

    ``raw_env`` does itself what PettingZoo's classic games get from their three wrappers —
    an action out of range raises, an illegal one ends the game with −1 for the agent that
    played it, and nothing may be observed or stepped before ``reset()`` — so that none of
    them costs a call per step.
    """
    return raw_env(variant, render_mode=render_mode, **options)


class raw_env(AECEnv):  # type: ignore[misc]
    """The unwrapped AEC environment of one variant."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"], "name": "tablerummy_v0", "is_parallelizable": False}

    def __init__(self, variant: str = "capone", render_mode: str | None = None,
                 hands: int | None = None, max_steps: int | None = None,
                 **options: Any) -> None:
        super().__init__()
        self.core = TableCore(variant, hands=hands,
                              max_steps=MAX_STEPS if max_steps is None else max_steps,
                              **options)
        self.render_mode = render_mode
        n = self.core.players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.agents = list(self.possible_agents)
        size = self.core.space.size
        shape = self.core.encoder.shape
        obs_space = spaces.Dict({
            "observation": spaces.Box(low=-LIMIT, high=LIMIT, shape=shape, dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self._seed = 0
        self._rewarded = False
        """Whether the last step gave some agent a reward (``rewards`` is not all zero)."""

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, Any]:
        core = self.core
        game = core.game
        if game is None:
            raise RuntimeError("call reset() before observe()")
        seat = self._seats[agent]
        return {"observation": core.encoder.encode_state(game.state, seat, game.totals,
                                                         game.game_over),
                "action_mask": core.mask(seat)}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seed = seed
        else:
            self._seed += 1
        self.core.reset(self._seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._rewarded = False
        self._select()

    def _select(self) -> None:
        seat = self.core.to_act
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def step(self, action: int | None) -> None:
        core = self.core
        if core.game is None:
            raise RuntimeError("call reset() before step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        index = int(action)  # type: ignore[arg-type]
        if not 0 <= index < core.space.size:
            raise ValueError(f"action {action!r} is outside the action space "
                             f"(0 … {core.space.size - 1})")
        cumulative = self._cumulative_rewards
        cumulative[agent] = 0.0
        if index not in core.legal:  # as PettingZoo's TerminateIllegalWrapper does
            self.rewards = {a: ILLEGAL_REWARD if a == agent else 0.0 for a in self.agents}
            self.terminations = {a: True for a in self.agents}
            self.infos[agent]["illegal_action"] = index
            self._accumulate_rewards()
            self._rewarded = True
            return
        rewards = core.play(index)
        # what _accumulate_rewards() does, in one pass; most decisions reward nobody, and
        # then the rewards of the last step (zero unless it ended a hand) are all there is
        if rewards is not None:
            for name, reward in zip(self.possible_agents, rewards, strict=True):
                self.rewards[name] = reward  # every agent is live until the game ends
                cumulative[name] += reward
            self._rewarded = True
        elif self._rewarded:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._rewarded = False
        if core.over:
            self.terminations = dict.fromkeys(self.agents, True)
        elif core.steps >= core.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        seat = core.acting
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The last move and the seat to act, in the notation (``ansi`` returns it)."""
        game = self.core.game
        if game is None:
            return None
        actions = game.hands[-1].actions
        last = game.variant.action_text(actions[-1]) if actions else "(deal)"
        text = f"{game.variant.name}: {last}; to act: {game.to_act}"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
