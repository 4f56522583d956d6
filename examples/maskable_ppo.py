"""Train sb3-contrib's MaskablePPO on one seat of `capone` against the random bot.

    python examples/maskable_ppo.py --steps 20000

The environment gives the legal actions through ``action_masks()``, which MaskablePPO
reads by itself; an episode is one hand (``hands=1``), the reward that hand's score margin
over the target.  At the end the trained policy plays 50 hands and the mean reward is
printed beside a random player's on the same deals (the suite runs a few thousand steps:
a smoke test of the interface, not of strength).
"""

from __future__ import annotations

import argparse

import gymnasium as gym
import numpy as np
from sb3_contrib import MaskablePPO

import tablerummy.envs.gymnasium  # noqa: F401  (registers tablerummy/Capone-v0)


def evaluate(model: MaskablePPO | None, hands: int) -> float:
    """Mean reward per hand of the model (or of a random legal player) on fixed deals."""
    env = gym.make("tablerummy/Capone-v0", hands=1, opponent="random")
    rng = np.random.default_rng(0)
    total = 0.0
    for seed in range(hands):
        obs, info = env.reset(seed=seed)
        done = False
        while not done:
            mask = info["action_mask"].astype(bool)
            if model is None:
                action = int(rng.choice(np.flatnonzero(mask)))
            else:
                action = int(model.predict(obs, action_masks=mask, deterministic=True)[0])
            obs, reward, terminated, truncated, info = env.step(action)
            total += float(reward)
            done = terminated or truncated
    return total / hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--eval-hands", type=int, default=50)
    args = parser.parse_args()
    env = gym.make("tablerummy/Capone-v0", hands=1, opponent="random")
    model = MaskablePPO("MlpPolicy", env, n_steps=512, batch_size=128, seed=0, verbose=0)
    model.learn(total_timesteps=args.steps)
    trained = evaluate(model, args.eval_hands)
    random_play = evaluate(None, args.eval_hands)
    print(f"mean reward per hand: MaskablePPO {trained:+.3f}, random {random_play:+.3f}")


if __name__ == "__main__":
    main()
