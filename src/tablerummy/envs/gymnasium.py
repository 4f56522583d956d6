"""Gymnasium single-agent environments: one seat learns, a bot plays every other seat.

Importing this module registers one id per installed variant (:mod:`tablerummy.registry`):
``tablerummy/Capone-v0``, ``tablerummy/Ripper-v0``, ``tablerummy/Fortune-v0``,
``tablerummy/Arlington-v0``, ``tablerummy/ArlingtonHeights-v0`` and any a plug-in adds
(``gymnasium.make("tablerummy.envs.gymnasium:tablerummy/Capone-v0")`` imports it for you).
Keyword arguments: the variant's options (``players=4``), ``seat`` (the learner's, default
0), ``opponent`` (a bot name, default ``greedy``), ``hands`` and ``max_steps`` as in
:mod:`tablerummy.envs.core`.

The observation is the seat's tensor; the legal actions are in ``info["action_mask"]`` and
in :meth:`TableEnv.action_masks` (the method sb3-contrib's ``MaskablePPO`` calls).  An
illegal action — Gymnasium's checker samples actions without a mask — ends the episode at
once as a lost game: reward −1, ``terminated``.  Rewards are the learner's share of
:mod:`tablerummy.envs.core`'s, summed over the bots' decisions in between.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..bots import Bot, ask, get_bot
from ..registry import variant_names
from .core import MAX_STEPS, TableCore
from .tensors import LIMIT

ILLEGAL_REWARD = -1.0



def title(variant: str) -> str:
    """A variant's name as Gymnasium ids spell it: ``arlington-heights`` → ``ArlingtonHeights``."""
    return "".join(part.capitalize() for part in variant.split("-"))


IDS = {title(name): name for name in variant_names()}
"""Every installed variant (the registry's), by its Gymnasium title."""


class TableEnv(gym.Env[npt.NDArray[np.float32], np.int64]):
    """One learner at a table of bots."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium's attribute)

    def __init__(self, variant: str = "capone", seat: int = 0, opponent: str = "greedy",
                 hands: int | None = None, max_steps: int | None = None,
                 render_mode: str | None = None, **options: Any) -> None:
        self.core = TableCore(variant, hands=hands,
                              max_steps=MAX_STEPS if max_steps is None else max_steps,
                              **options)
        if not 0 <= seat < self.core.players:
            raise ValueError(f"seat {seat} is not at a {self.core.players}-player table")
        self.seat = seat
        self.opponent = opponent
        self.render_mode = render_mode
        self.observation_space = spaces.Box(low=-LIMIT, high=LIMIT,
                                            shape=self.core.encoder.shape, dtype=np.float32)
        self.action_space = spaces.Discrete(self.core.space.size)
        self._bots: dict[int, Bot] = {}
        self._over = True

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None
              ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**63))
        self.core.reset(game_seed)
        variant = self.core.variant
        self._bots = {s: get_bot(self.opponent, variant, s, seed=game_seed + s)
                      for s in range(self.core.players) if s != self.seat}
        self._over = False
        reward = self._play_bots()
        return self._observe(), self._info(reward)

    def _play_bots(self) -> float:
        """Let the bots decide until the learner must, or the episode ends."""
        total = 0.0
        core = self.core
        game = core.game
        assert game is not None
        while not (core.finished or core.truncated) and core.to_act != self.seat:
            seat = core.to_act
            assert seat is not None
            # ask() builds only what the bot reads (nothing at all for the random bot)
            action = ask(self._bots[seat], game, game.legal_actions())
            index = core.space.encode(action, seat)
            total += core.step(index)[self.seat]
        return total

    def step(self, action: np.int64 | int
             ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        if self._over:
            raise RuntimeError("the episode is over: call reset()")
        index = int(action)
        if not self.core.is_legal(index):
            self._over = True
            return self._observe(), ILLEGAL_REWARD, True, False, {
                **self._info(ILLEGAL_REWARD), "illegal_action": index}
        reward = self.core.step(index)[self.seat]
        reward += self._play_bots()
        terminated = self.core.finished
        truncated = self.core.truncated
        self._over = terminated or truncated
        return self._observe(), reward, terminated, truncated, self._info(reward)

    def _observe(self) -> npt.NDArray[np.float32]:
        return self.core.observation(self.seat)

    def _info(self, reward: float) -> dict[str, Any]:
        return {"action_mask": self.core.mask(self.seat), "to_act": self.core.to_act}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions as booleans (``MaskablePPO`` asks for this)."""
        return self.core.mask(self.seat).astype(bool)

    def render(self) -> str | None:
        game = self.core.game
        if game is None:
            return None
        return "\n".join(game.legal_texts()) if game.to_act == self.seat else ""


def register() -> None:
    """Register every variant's id (idempotent)."""
    for title, name in IDS.items():
        env_id = f"tablerummy/{title}-v0"
        if env_id not in gym.registry:
            gym.register(id=env_id, entry_point=TableEnv, kwargs={"variant": name})


register()
