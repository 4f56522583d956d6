"""What every RL adapter shares: a game, its spaces, tensors, masks and rewards.

The adapters (PettingZoo, Gymnasium, OpenSpiel) differ only in the shape of their API;
the game they drive, the rewards and what each seat sees are decided here once.

**Episodes.** An episode is a whole game (to the variant's target) or, with ``hands=N``,
the first N hands; ``max_steps`` (default 5,000 decisions) truncates a game that random
play makes endless (scores can fall in ``ripper``; see docs/rl.md).

**Rewards** go to every seat when a hand ends: its side's hand score minus the mean of the
other sides' hand scores, divided by the target (so a hand is worth a fraction of a game),
and, when the game ends, +1 to the seats of the winning side and −1 to the others.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ..game import Game
from ..registry import family_of
from ..variant import Action, Variant, get_variant
from .spaces import ActionSpace
from .tensors import ObservationEncoder

MAX_STEPS = 5_000


class TableCore:
    """One game being played by learning code: the engine plus the adapters' views of it."""

    def __init__(self, variant: str | Variant = "capone", hands: int | None = None,
                 max_steps: int = MAX_STEPS, shared: TableCore | None = None,
                 **options: Any) -> None:
        self.variant = variant if isinstance(variant, Variant) else get_variant(variant, options)
        self.space: ActionSpace
        self.encoder: ObservationEncoder
        if shared is not None:  # the same table again: reuse its spaces and encoder
            self.space, self.encoder = shared.space, shared.encoder
        else:
            family = family_of(self.variant)
            self.space = family.action_space(self.variant)
            self.encoder = family.encoder(self.variant)
        self.players = self.variant.players
        self.hands = hands
        self.max_steps = max_steps
        self.game: Game | None = None
        self.steps = 0
        self.legal: dict[int, Action] = {}
        """The legal indices at this decision → the engine's actions they play."""
        self._actions: list[Action] = []
        self.over = False
        """:attr:`finished`, read without a check (set at every change)."""
        self.acting: int | None = None
        """:attr:`to_act`, read without a check (set at every change)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> TableCore:
        """A copy with its own game; the static parts (variant, spaces) are shared."""
        clone = copy.copy(self)
        clone.game = None if self.game is None else self.game.copy()
        clone.legal = dict(self.legal)
        clone._actions = list(self._actions)
        return clone

    # --- playing ----------------------------------------------------------------------

    def reset(self, seed: int) -> None:
        """A new game dealt from ``seed`` (reproducible, as in simulations)."""
        self.start(Game(self.variant, seed=seed))

    def start(self, game: Game) -> None:
        """Play ``game`` from where it stands (e.g. a hand dealt from chance outcomes)."""
        self.game = game
        self.steps = 0
        self.refresh()

    def refresh(self) -> None:
        """What the adapters ask at every decision, worked out once per change: whether
        the episode is over, the seat to act, the engine's legal actions and their
        indices (none once the episode is over: with ``hands=N`` the engine has already
        dealt the next hand, whose moves nobody will play)."""
        game = self._game
        self.over = finished = game.game_over or (self.hands is not None
                                                       and len(game.hands) > self.hands)
        seat = None if finished else game.state.to_act
        self.acting = seat
        if seat is None:
            self._actions = []
            self.legal = {}
        else:
            self._actions = game.legal_actions()
            self.legal = self.space.legal_indices(self._actions, seat)

    @property
    def _game(self) -> Game:
        if self.game is None:
            raise RuntimeError("call reset() before playing")
        return self.game

    @property
    def to_act(self) -> int | None:
        self._game  # noqa: B018  (raises before reset())
        return self.acting

    def legal_indices(self) -> list[int]:
        return sorted(self.legal)

    def is_legal(self, index: int) -> bool:
        return index in self.legal

    def step(self, index: int) -> list[float]:
        """Play ``index`` for the seat to act; the rewards this decision brought, per seat."""
        rewards = self.play(index)
        return [0.0] * self.players if rewards is None else rewards

    def play(self, index: int) -> list[float] | None:
        """:meth:`step`, with ``None`` for a decision that brought nobody a reward (all
        but the last of a hand): the adapters then have no rewards to hand out."""
        game = self._game
        record = game.hands[-1]
        game.apply_legal(self.legal[index])  # as the engine listed it: nothing to check
        self.steps += 1
        rewards = None
        if record.scores is not None:  # this decision ended the hand
            rewards = self.margins(record.scores)
            if game.game_over:
                winners = set(self.variant.sides[game.winner or 0])
                rewards = [r + (1.0 if s in winners else -1.0) for s, r in enumerate(rewards)]
        self.refresh()
        return rewards

    def margins(self, scores: Sequence[int]) -> list[float]:
        """Each seat's side score minus the others' mean, over the target."""
        sides = self.variant.sides
        target = self.variant.target or 1
        out = []
        for seat in range(self.players):
            own = self.variant.side_of(seat)
            others = [scores[i] for i in range(len(sides)) if i != own]
            mean = sum(others) / len(others) if others else 0.0
            out.append((scores[own] - mean) / target)
        return out

    @property
    def finished(self) -> bool:
        """The game is over, or the episode's hands are played."""
        self._game  # noqa: B018  (raises before reset())
        return self.over

    @property
    def truncated(self) -> bool:
        return not self.finished and self.steps >= self.max_steps

    # --- views ------------------------------------------------------------------------

    def observation(self, seat: int) -> npt.NDArray[np.float32]:
        """The seat's tensor (a fresh array), written from what the seat sees of the
        engine's position (:meth:`~.tensors.ObservationEncoder.encode_state`): the same
        tensor as that of ``Game.observation(seat)``, without building the dict."""
        return self.encoder.encode_game(self._game, seat)

    def mask(self, seat: int) -> npt.NDArray[np.int8]:
        """The seat's legal indices as a fresh ``int8`` array (PettingZoo's, Gymnasium's
        ``Discrete.sample(mask)`` dtype).  Written into a ``bytearray`` one index at a
        time and viewed by NumPy: a position has a few to a few hundred legal indices,
        and that is several times cheaper than a fancy-indexed ``np.zeros`` (whose list
        of indices NumPy converts first)."""
        flags = bytearray(self.space.size)
        if self.acting == seat:
            for index in self.legal:
                flags[index] = 1
        return np.frombuffer(flags, dtype=np.int8)

    def action_text(self, index: int) -> str:
        return self.variant.action_text(self.legal[index])
