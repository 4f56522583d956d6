"""The Oklahoma family's fixed integer action space for the RL adapters.

The Oklahoma encoding keeps the space small by folding what does not change a move's
meaning for learning: *which* deuce plays wild.  Deuces are interchangeable as wilds (a
wild scores as the card it stands for), so ``meld 7S 7H 2C=7D`` and ``meld 7S 7H 2D=7D``
are one index ("a set of 7s: 7♠ 7♥ and a deuce standing in"); when several legal actions
share an index, :meth:`ActionSpace.decode` plays the first of them in the engine's
canonical order, and the mask marks the index legal once.  Everything else is kept:
which natural cards, what each wild stands for, deuce or Joker, meld or pile, and for
layoffs and swaps the meld's number.  Ranges, in order:

=============  =========================================================================
``draw``        1: ``draw stock``
``discard``     53: ``discard C`` per card (52 cards and the Joker)
``meld``        one per meld *shape* of the variant (every 3- or 4-card meld its rules
                allow, each item "natural C", "deuce as C" or "Joker as C"), enumerated
                once from the engine's own meld builder
``pile``        the same shapes: ``draw pile meld …``
``layoff``      natural card × meld number (53 × 36), then wild class × card it stands
                for × meld number (2 × 52 × 36)
``swap``        (Joker option only) natural card × side (own first, then clockwise) ×
                meld number (52 × sides × 36)
=============  =========================================================================

Meld numbers go up to 36 (a side cannot hold more: 105 cards / 3).  Fortune's
``long_sequences=true`` makes melds of any length, whose shapes would not fit a fixed
space of learnable size; the adapters refuse that option with a one-line error.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from ..envs.spaces import ActionSpace
from ..errors import NotationError, OptionError
from ..variant import Action, Variant
from . import actions as A
from .cards import JK, NCARDS

MAX_MELDS = 36
"""Meld numbers a side can reach: every meld holds at least 3 of at most 105 cards."""


class OklahomaSpace(ActionSpace):
    """The Oklahoma family's encoding (see the module docstring for the ranges)."""

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        rules = variant.rules  # type: ignore[attr-defined]
        if rules.long_sequences:
            raise OptionError("the RL action space covers melds of 3 or 4 cards: "
                              "long_sequences=true is not supported by the adapters")
        self.shapes: tuple[tuple[tuple[int, int], ...], ...] = _shapes(rules)
        self._shape_index = {shape: i for i, shape in enumerate(self.shapes)}
        self.sides = len(variant.sides)
        self.draw = 0
        self.discard = 1
        self.meld = self.discard + NCARDS
        self.pile = self.meld + len(self.shapes)
        self.layoff = self.pile + len(self.shapes)
        self.layoff_wild = self.layoff + NCARDS * MAX_MELDS
        self.swap = self.layoff_wild + 2 * 52 * MAX_MELDS
        swaps = 52 * self.sides * MAX_MELDS if rules.swappable_joker else 0
        self.size = self.swap + swaps
        self._indices: dict[Action, int] = {}

    MEMORY = 200_000
    """Actions whose index :meth:`legal_indices` remembers before it starts again."""

    def legal_indices(self, legal: Sequence[Action], seat: int) -> dict[int, Action]:
        """As :meth:`ActionSpace.legal_indices`, with each action's index remembered: the
        same actions recur at every turn (a swap's index depends on the seat: not kept)."""
        known = self._indices
        out: dict[int, Action] = {}
        for action in legal:
            index = known.get(action)
            if index is None:
                index = self.encode(action, seat)
                if action[0] != A.SWAP:  # type: ignore[index]
                    if len(known) >= self.MEMORY:
                        known.clear()
                    known[action] = index
            if index not in out:
                out[index] = action
        return out

    def encode(self, action: Action, seat: int) -> int:
        if not isinstance(action, tuple) or not action:
            raise NotationError(f"{action!r} is not an Oklahoma-family action")
        kind = action[0]
        if action == A.DRAW:
            return self.draw
        if kind == A.DISCARD:
            return self.discard + int(action[1])
        if kind in (A.MELD, A.PILE):
            index = self._shape_index.get(shape_of(action[1]))
            if index is None:
                raise NotationError(f"{action!r} is not a meld of this table")
            return (self.meld if kind == A.MELD else self.pile) + index
        if kind == A.LAYOFF:
            c, s, k = int(action[1]), int(action[2]), action[3]
            _meld_number(k)
            if c == s:
                return int(self.layoff + c * MAX_MELDS + k)
            return int(self.layoff_wild + (_wild_class(c) * 52 + s) * MAX_MELDS + k)
        if kind == A.SWAP and self.size > self.swap:
            c, side, k = int(action[1]), action[2], action[3]
            _meld_number(k)
            own = self.variant.side_of(seat)
            relative = 0 if side is None else (self.variant.side_of(side) - own) % self.sides
            return int(self.swap + (c * self.sides + relative) * MAX_MELDS + k)
        raise NotationError(f"{action!r} is not an action of this table")


def shape_of(items: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """A meld's items with the physical deuce folded: (0 natural | 1 deuce | 2 Joker, card)."""
    return tuple((0 if c == s else _wild_class(c) + 1, s) for c, s in items)


def _wild_class(c: int) -> int:
    return 1 if c == JK else 0


def _meld_number(k: object) -> None:
    if not isinstance(k, int) or not 0 <= k < MAX_MELDS:
        raise NotationError(f"meld number {k!r} is beyond the RL action space (m1 … m36)")


_SHAPES: dict[object, tuple[tuple[tuple[int, int], ...], ...]] = {}


def _shapes(rules: object) -> tuple[tuple[tuple[int, int], ...], ...]:
    """:func:`_enumerate_shapes`, once per set of meld rules (tables share them)."""
    key = (rules.meld_rules, rules.jokers)  # type: ignore[attr-defined]
    if key not in _SHAPES:
        _SHAPES[key] = _enumerate_shapes(rules)
    return _SHAPES[key]


def _enumerate_shapes(rules: object) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every canonical meld shape the rules allow, found by the engine's own builder.

    Candidate melds are laid out from concrete cards (a different physical deuce for each
    wild, so that none turns natural) and kept when :func:`~.melds.build` accepts
    them; its canonical form decides what each wild stands for, exactly as in play.
    """
    from .cards import QS, card, position_card
    from .melds import Meld, build

    deuces_wild: bool = rules.deuces_wild  # type: ignore[attr-defined]
    jokers: int = rules.jokers  # type: ignore[attr-defined]
    swappable: bool = rules.swappable_joker  # type: ignore[attr-defined]
    found: set[tuple[tuple[int, int], ...]] = set()

    def keep(items: list[tuple[int, int]]) -> None:
        meld = build(items, rules)  # type: ignore[arg-type]
        if isinstance(meld, Meld):
            found.add(shape_of(meld.items))

    classes = ["N", *(["W"] if deuces_wild else []), *(["J"] if jokers else [])]
    # sets: natural suits (each at most twice), deuces, Jokers; what wilds stand for
    for rank in range(1, 14):
        for size in (3, 4):
            for naturals in product(range(3), repeat=4):
                n = sum(naturals)
                if n > size:
                    continue
                for jk in range(min(jokers, size - n) + 1):
                    w = size - n - jk
                    if w and not deuces_wild:
                        continue
                    if n == 0 and not (rank == 2 and deuces_wild):
                        continue
                    base = [(card(rank, t), card(rank, t))
                            for t in range(4) for _ in range(naturals[t])]
                    wilds = [card(2, t % 4) for t in range(w)] + [JK] * jk
                    # a swappable Joker keeps its exact card; other wilds mean only
                    # "Q♠" or "this rank" (the builder picks the suit)
                    plain = [card(rank, 1), *([QS] if rank == 12 else [])]
                    choices = [range(4) if (c == JK and swappable) else (0, 1)
                               for c in wilds]
                    for picks in product(*choices):
                        items = list(base)
                        for c, pick in zip(wilds, picks, strict=True):
                            if c == JK and swappable:
                                items.append((c, card(rank, pick)))
                            elif pick < len(plain):
                                items.append((c, plain[pick]))
                        if len(items) == size:
                            keep(items)
    # sequences of 3 or 4: each place natural, a deuce of another suit, or a Joker
    for suit in range(4):
        others = [card(2, t) for t in range(4) if t != suit] * 2
        for length in (3, 4):
            for lo in range(1, 15 - length + 1):
                for pattern in product(classes, repeat=length):
                    if "N" not in pattern or pattern.count("J") > jokers:
                        continue
                    items = []
                    spare = iter(others)
                    for offset, cls in enumerate(pattern):
                        stands = position_card(lo + offset, suit)
                        c = stands if cls == "N" else JK if cls == "J" else next(spare)
                        items.append((c, stands))
                    keep(items)
    return tuple(sorted(found))
