"""OpenSpiel games of every variant: ``pyspiel.load_game("python_tablerummy_capone")``.

Importing this module registers ``python_tablerummy_capone``, ``…_ripper``, ``…_fortune``,
``…_arlington`` and ``…_arlington_heights``.  Their parameters are the variant's options
(``players``, ``teams``, ``rules``, ``joker`` …, with the variant's defaults) and
``max_steps`` (default 1,000 decisions; a hand still running then ends with returns 0 —
the game-length cap that ``random_sim_test`` needs).

**One OpenSpiel game is one hand**, as OpenSpiel's ``gin_rummy`` plays one deal; whole
games to the target are the PettingZoo and Gymnasium environments'.  Chance is explicit:
the first chance node picks the dealer (uniform), then every card of the deck is one chance
outcome, top card first, drawn from the cards not yet placed with their remaining counts as
probabilities — so ``serialize()`` and ``clone()`` replay exactly.  Returns are each seat's
side score minus the mean of the other sides' (zero-sum).

Observations: the tensor of :mod:`tablerummy.envs.tensors` and the seat's observation dict
as JSON; the information state (perfect recall) adds every observation the seat had in the
hand, in order, and a history block of the hand's decisions as the seat saw them (actor,
and the action index, or −1 where the action was hidden from it).

:func:`resampler` gives OpenSpiel's ``ISMCTSBot.set_resampler`` a callback built on the
engine's ``determinize``: it redeals only what the acting seat cannot see.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel

from ..game import Game
from ..registry import variant_names
from ..variant import Variant, get_variant
from .core import TableCore

MAX_STEPS = 1_000
_GAME_KEYS = ("sides", "totals", "target", "game_over", "winner", "hand_scores")
UTILITY_BOUND = 5_000.0
"""No side scores this much in one hand of any variant (returns are clipped to it)."""


def game_name(variant: str) -> str:
    return "python_tablerummy_" + variant.replace("-", "_")


def _params(variant: Variant) -> dict[str, Any]:
    params: dict[str, Any] = {spec.name: spec.default for spec in variant.option_specs}
    params["max_steps"] = MAX_STEPS
    return params


def _kinds(variant: Variant) -> list[str]:
    """The deck's distinct card ids, in the deck's order: the chance outcomes' ids."""
    return list(dict.fromkeys(variant.deck()))


class TablerummyGame(pyspiel.Game):  # type: ignore[misc]
    """One variant (with its options) as an OpenSpiel game of one hand."""

    name: str = "capone"

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = dict(params or {})
        self.max_steps = int(given.pop("max_steps", MAX_STEPS))
        self.variant = get_variant(self.name, given)
        self.kinds = _kinds(self.variant)
        self.deck_size = len(self.variant.deck())
        probe = TableCore(self.variant)
        self.probe = probe
        self.space = probe.space
        self.encoder = probe.encoder
        players = self.variant.players
        game_type = _game_type(self.name, self.variant)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.space.size,
            max_chance_outcomes=max(len(self.kinds), players),
            num_players=players,
            min_utility=-UTILITY_BOUND,
            max_utility=UTILITY_BOUND,
            utility_sum=0.0,
            max_game_length=1 + self.deck_size + self.max_steps,
        )
        super().__init__(game_type, info, {**_params(self.variant), **(params or {})})

    def new_initial_state(self) -> TablerummyState:
        return TablerummyState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> Observer:
        perfect = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return Observer(self, perfect)


class TablerummyState(pyspiel.State):  # type: ignore[misc]
    """A hand being dealt card by card, then played."""

    def __init__(self, game: TablerummyGame) -> None:
        super().__init__(game)
        self.dealer: int | None = None
        self.deck: list[str] = []
        self.remaining = {kind: 0 for kind in game.kinds}
        for card in game.variant.deck():
            self.remaining[card] += 1
        self.core = TableCore(game.variant, max_steps=game.max_steps, shared=game.probe)
        self.started = False
        self.history: list[tuple[int, int]] = []
        """(seat, action index) of every decision of the hand."""
        self.seen = _Snapshots()
        """The game after the deal and after each decision: each seat's observations of
        the hand (its information-state string) are made from these when asked."""

    @property
    def _game(self) -> TablerummyGame:
        game: TablerummyGame = self.get_game()
        return game

    # --- whose turn -------------------------------------------------------------------

    def current_player(self) -> int:
        if not self.started:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        seat = self.core.to_act
        assert seat is not None
        return seat

    def is_terminal(self) -> bool:
        return self.started and (self._hand_over() or self.core.truncated)

    def _hand_over(self) -> bool:
        game = self.core.game
        return game is not None and game.hands[0].scores is not None

    # --- chance -----------------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.dealer is None:
            players = self._game.variant.players
            return [(seat, 1.0 / players) for seat in range(players)]
        left = self._game.deck_size - len(self.deck)
        return [(i, count / left) for i, (kind, count) in
                enumerate(self.remaining.items()) if count]

    # --- decisions --------------------------------------------------------------------

    def _legal_actions(self, player: int) -> list[int]:
        return self.core.legal_indices()

    def _apply_action(self, action: int) -> None:
        if not self.started:
            self._deal(action)
            return
        seat = self.core.to_act
        assert seat is not None
        self.history.append((seat, action))
        self.core.step(action)
        self._remember()

    def _deal(self, outcome: int) -> None:
        if self.dealer is None:
            self.dealer = outcome
            return
        kind = self._game.kinds[outcome]
        if self.remaining[kind] <= 0:
            raise ValueError(f"chance outcome {outcome} ({kind}) has no card left")
        self.remaining[kind] -= 1
        self.deck.append(kind)
        if len(self.deck) == self._game.deck_size:
            self.core.start(Game(self._game.variant, seed=0, first_dealer=self.dealer,
                                 decks=[self.deck]))
            self.started = True
            self._remember()

    def _remember(self) -> None:
        game = self.core.game
        assert game is not None
        self.seen.games.append(game.copy())  # a copy of the hand: cheaper than JSON per seat

    def view(self, seat: int) -> dict[str, Any]:
        """The seat's observation of this hand (the finished hand's, once it is over)."""
        game = self.core.game
        assert game is not None
        return _view(game, seat)

    def tensor(self, seat: int) -> npt.NDArray[np.float32]:
        """The tensor of :meth:`view`, written straight from the engine (no dict)."""
        game = self.core.game
        assert game is not None
        final = game.hands[0].final
        return self.core.encoder.encode_state(game.state if final is None else final, seat,
                                              game.totals, game.game_over)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.dealer is None:
                return f"dealer p{action}"
            return f"deal {self._game.kinds[action]}"
        if action in self.core.legal:
            return self.core.action_text(action)
        return f"action {action}"

    # --- results ----------------------------------------------------------------------

    def returns(self) -> list[float]:
        players = self._game.variant.players
        if not self._hand_over():
            return [0.0] * players
        game = self.core.game
        assert game is not None and game.hands[0].scores is not None
        target = self._game.variant.target or 1
        margins = self.core.margins(game.hands[0].scores)
        return [max(-UTILITY_BOUND, min(UTILITY_BOUND, m * target)) for m in margins]

    def __str__(self) -> str:
        if not self.started:
            return f"dealing: {len(self.deck)} of {self._game.deck_size} cards"
        game = self.core.game
        assert game is not None
        return json.dumps(game.hands[0].final.reveal() if game.hands[0].final is not None
                          else game.state.reveal(), sort_keys=True)

    # --- determinization --------------------------------------------------------------

    def resample(self, seat: int, rng: random.Random) -> TablerummyState:
        """A copy in which every card ``seat`` cannot see is redealt (engine's determinize)."""
        clone: TablerummyState = self.clone()
        game = clone.core.game
        if game is not None and not self._hand_over():
            game.state = game.state.determinize(seat, rng)
            clone.core.refresh()
        return clone


def _view(game: Game, seat: int) -> dict[str, Any]:
    """The seat's observation of the game's first hand (the finished hand's, once over)."""
    current = game.observation(seat)
    final = game.hands[0].final
    if final is None:
        return current
    # the game has dealt its next hand: the finished one, with the game's keys around it
    view = final.observation(seat)
    view.update({key: current[key] for key in _GAME_KEYS})
    return view


class _Snapshots:
    """Copies of a hand's game, one per decision; shared by clones (nobody changes them)."""

    def __init__(self, games: list[Game] | None = None) -> None:
        self.games: list[Game] = games or []

    def __deepcopy__(self, memo: dict[int, Any]) -> _Snapshots:
        return _Snapshots(list(self.games))

    def strings(self, seat: int) -> list[str]:
        """The seat's observation after the deal and after each decision, as JSON."""
        return [json.dumps(_view(game, seat), sort_keys=True) for game in self.games]


def resampler(seed: int = 0) -> Any:
    """The ``ISMCTSBot.set_resampler`` callback: ``(state, player) -> resampled state``."""
    rng = random.Random(seed)

    def resample(state: TablerummyState, player: int) -> TablerummyState:
        return state.resample(player, rng)

    return resample


class Observer:
    """OpenSpiel's Python observer: ``tensor``, ``dict``, ``set_from``, ``string_from``."""

    def __init__(self, game: TablerummyGame, perfect_recall: bool) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        players = game.variant.players
        size = game.encoder.shape[0]
        history = game.max_steps * (players + 2) if perfect_recall else 0
        self.tensor = np.zeros(size + history, np.float32)
        self.dict: dict[str, np.ndarray[Any, Any]] = {"observation": self.tensor[:size]}
        if perfect_recall:
            self.dict["history"] = self.tensor[size:].reshape(game.max_steps, players + 2)

    def set_from(self, state: TablerummyState, player: int) -> None:
        self.tensor.fill(0)
        if not state.started:
            return
        self.dict["observation"][:] = state.tensor(player)
        if self.perfect_recall:
            players = self.game.variant.players
            space = self.game.space
            rows = self.dict["history"]
            for step, (seat, index) in enumerate(state.history[: self.game.max_steps]):
                rows[step, (seat - player) % players] = 1.0
                hidden = seat != player and space.hidden_from_others(index)
                rows[step, players] = -1.0 if hidden else index / space.size
                rows[step, players + 1] = 1.0

    def string_from(self, state: TablerummyState, player: int) -> str:
        if not state.started:
            return f"p{player}: dealing"
        if self.perfect_recall:
            return "\n".join(state.seen.strings(player))
        return json.dumps(state.view(player), sort_keys=True)


def _game_type(name: str, variant: Variant) -> Any:
    return pyspiel.GameType(
        short_name=game_name(name),
        long_name=f"Python tablerummy {variant.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=8,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_params(variant),
    )


def register() -> None:
    """Register one OpenSpiel game per variant (idempotent)."""
    registered = set(pyspiel.registered_names())
    for name in variant_names():
        short = game_name(name)
        if short in registered:
            continue
        cls = type(f"TablerummyGame_{name.replace('-', '_')}", (TablerummyGame,),
                   {"name": name})
        pyspiel.register_game(_game_type(name, get_variant(name)), cls)


register()
