"""OpenSpiel's ISMCTSBot against tablerummy's greedy bot, on OpenSpiel's own loop.

    python examples/openspiel_ismcts.py --hands 4 --simulations 100

Each OpenSpiel game is one hand of `capone`.  The ISMCTS bot is OpenSpiel's
(``open_spiel.python.algorithms.ismcts``) with random-rollout evaluation; its samples of
the hidden cards come from tablerummy's resampler, which redeals with the engine's
``determinize`` only what the acting seat cannot see.  The greedy bot decides from the
seat's observation, as it does everywhere.  Seats alternate between hands.
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from tablerummy.bots import get_bot
from tablerummy.envs import openspiel as tr_openspiel


def play_hand(game: pyspiel.Game, ismcts_seat: int, simulations: int, seed: int) -> float:
    """One hand; the ISMCTS seat's return (its score minus the other side's)."""
    rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0, max_simulations=simulations,
        random_state=rng, allow_inconsistent_action_sets=True)
    bot.set_resampler(tr_openspiel.resampler(seed))
    state = game.new_initial_state()
    greedy = None
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        player = state.current_player()
        if player == ismcts_seat:
            state.apply_action(bot.step(state))
            continue
        table = state.core.game
        greedy = greedy or get_bot("greedy", table.variant, player, seed=seed)
        action = greedy.choose(table.observation(player), table.legal_actions())
        state.apply_action(state.core.space.encode(action, player))
    return float(state.returns()[ismcts_seat])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--simulations", type=int, default=100)
    args = parser.parse_args()
    game = pyspiel.load_game("python_tablerummy_capone")
    margins = [play_hand(game, hand % 2, args.simulations, hand) for hand in range(args.hands)]
    print(f"ISMCTS (OpenSpiel) minus greedy, per hand: {margins}; "
          f"mean {sum(margins) / len(margins):+.1f} points")


if __name__ == "__main__":
    main()
