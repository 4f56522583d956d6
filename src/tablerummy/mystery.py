"""Mechanics the Mystery Rummy cases share: count-vector deals, Case File draws, card tables.

``capone`` and ``ripper`` keep hands and play areas as count vectors indexed by card kind
and the piles as lists with the top card last; these helpers are written once for both.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Self

from .determinize import Leanings
from .errors import OptionError
from .userinput import MAX_CARD_VALUE, shown
from .variant import HandState, Variant


def deal_counts(
    kinds: Sequence[str], deck: Sequence[str], players: int, hand_size: int, dealer: int
) -> tuple[list[list[int]], list[int], list[int]]:
    """Deal ``deck`` (top card first) as SPEC says: hands, discard pile and stock.

    One card at a time clockwise from the dealer's left; the next card starts the
    discard pile; the rest is the stock.  Piles are returned with their top card last.
    """
    index = {kind: i for i, kind in enumerate(kinds)}
    order = [index[c] for c in deck]
    hands = [[0] * len(kinds) for _ in range(players)]
    dealt = hand_size * players
    for i in range(dealt):
        hands[(dealer + 1 + i) % players][order[i]] += 1
    discard = [order[dealt]]
    stock = order[dealt + 1 :][::-1]
    return hands, discard, stock


def draw_into(stock: list[int], hand: list[int], count: int) -> list[int]:
    """Move up to ``count`` cards from the stock's top into ``hand`` (as many as are left)."""
    drawn = []
    for _ in range(min(count, len(stock))):
        c = stock.pop()
        hand[c] += 1
        drawn.append(c)
    return drawn


REPETITIONS_TO_END = 3
"""The count of one turn-start position that ends a hand (``end``: ``repetition``)."""
QUIET_ROUNDS = 2
"""Full rounds of turns that leave the Case File as it was before positions are counted."""
REPETITION_TOLD = ("the same position came back a third time: scored as if the Case File"
                   " were used up")
"""How the hand's log tells a hand ended by the repetition rule."""


class MysteryState(HandState):
    """What the Mystery Rummy hand states share: count-vector hands, Case File draws and
    the repetition rule.

    **The repetition rule** (docs/rules-capone.md, "End of a hand"): once two full rounds
    of turns have passed without the Case File changing, the position at the start of
    every turn is counted, until it changes again; the third time one position is
    counted, the hand ends as if the Case File were used up (``end``: ``repetition``).
    Nothing returns to the Case File, so a position can only come back while it keeps
    its size, and not within a round (the same seat must be to act).  Waiting two rounds
    before counting keeps ordinary play free of the rule's cost — until then a turn costs
    one comparison of the Case File's size, and random playouts seldom go two rounds
    without drawing from it — at the price of a loop going round twice more.
    ``repeats`` is shared between copies and replaced, never changed in place, so that a
    copy stays as cheap as before.  The keys hold hidden cards: a determinization starts
    with none (:meth:`forget_repeats`).
    """

    hands: list[list[int]]
    sizes: list[int]
    areas: list[list[int]]
    stock: list[int]
    seat: int
    players: int
    phase: int
    gavel_played: bool
    out_seat: int | None
    repeats: dict[tuple[int | None, ...], int]
    """How often each turn-start position (:meth:`_position`) has been counted since the
    count started (engine-internal: the keys hold every hand)."""
    repeat_stock: int
    """The Case File's size at the end of the last turn (−1 before the first)."""
    quiet: int
    """Turns in a row that left the Case File as it was."""
    shown: list[list[int]] | None
    """Per seat, the cards everyone has seen go into that hand (the family's
    ``determinize``); ``None`` in a determinized copy, whose playouts need no bookkeeping."""
    leanings: Leanings | None
    """What each seat's public play says of its hand (the family's ``beliefs``; read as
    rows by :attr:`leans`), kept alongside ``shown`` (``None`` together)."""

    def __init__(self, variant: Variant, deck: Sequence[str] | None = None, dealer: int = 0,
                 log: bool = False) -> None:
        """Each case deals its own hand from ``deck``; here, and with no ``deck`` in a
        case, only the blank that :meth:`_copy_shared` fills in."""
        self.variant = variant

    def _copy_shared(self) -> Self:
        """A new state of this class with the fields every case keeps copied (its own
        fields are the subclass's to copy): written out field by field, since a
        determinization copies the position at every deal.  Made by the constructor with
        no deck, not ``object.__new__``, so that the class may be compiled (a compiled
        class is made only through its constructor: docs/benchmarks.md, A compiled copy)."""
        new = type(self)(self.variant)
        new.players = self.players
        new.dealer = self.dealer
        new.log = None
        new.hands = [h[:] for h in self.hands]
        new.sizes = self.sizes[:]
        new.areas = [a[:] for a in self.areas]
        new.stock = self.stock[:]
        new.seat = self.seat
        new.phase = self.phase
        new.gavel_played = self.gavel_played
        new.end = self.end
        new.out_seat = self.out_seat
        new.shown = None if self.shown is None else [k[:] for k in self.shown]
        new.leanings = None if self.leanings is None else self.leanings.copy()
        new.repeats = self.repeats  # replaced, never changed in place
        new.repeat_stock = self.repeat_stock
        new.quiet = self.quiet
        return new

    @property
    def leans(self) -> list[list[float]] | None:
        """Per seat, the weight of each card kind in its leaning (a fresh copy), or
        ``None`` when the position keeps none."""
        return None if self.leanings is None else self.leanings.rows()

    def unseen(self, seat: int) -> int:
        """How many of ``seat``'s cards nobody else has seen."""
        shown = self.shown
        return self.sizes[seat] - (sum(shown[seat]) if shown is not None else 0)

    def hidden(self, seat: int) -> list[int]:
        """What of ``seat``'s hand nobody else has seen, per card kind (the part a
        determinization redeals)."""
        shown = self.shown
        hand = self.hands[seat]
        if shown is None:
            return hand[:]
        return [h - s for h, s in zip(hand, shown[seat], strict=True)]

    def deal_plan(self, others: Sequence[int], track: bool, beliefs: bool
                  ) -> tuple[Self, list[Sequence[float] | None] | None]:
        """What a determinizer deals from: the position to copy at every deal (this one
        when its bookkeeping is kept, else a copy without ``shown`` and the leanings, made
        once), and the leaning of each slot — ``others``' hands, then the stock — or
        ``None`` for a uniform deal.  A kept position's leanings are read here first, so
        that its next decision reads on from here."""
        keep = track and self.shown is not None
        leanings = self.leanings
        if keep and leanings is not None:
            leanings.read()
        leans = self.leans if beliefs else None
        weights: list[Sequence[float] | None] | None = (
            None if leans is None else [*(leans[p] for p in others), None])
        source = self
        if not keep and (self.shown is not None or leanings is not None):
            source = self.copy()
            source.shown = None
            source.leanings = None
        return source, weights

    def _position(self) -> tuple[int | None, ...]:
        """The whole position at the start of a turn, as a key (the Case File's size and
        order aside: they do not change while positions are counted)."""
        raise NotImplementedError

    def forget_repeats(self) -> None:
        """Count afresh (a determinization: its hidden cards differ from the keys')."""
        self.repeats = {}
        self.repeat_stock = -1
        self.quiet = 0

    def _repeated(self) -> bool:
        """A new turn starts: count its position if two full rounds have passed without
        the Case File changing; True on the third count of one position."""
        size = len(self.stock)
        if size != self.repeat_stock:
            self.repeat_stock = size
            self.quiet = 0
            return False
        self.quiet = quiet = self.quiet + 1
        start = QUIET_ROUNDS * self.players
        if quiet < start:
            return False
        key = self._position()
        if quiet == start:  # the count starts
            self.repeats = {key: 1}
            return False
        count = self.repeats.get(key, 0) + 1
        if count >= REPETITIONS_TO_END:
            return True
        self.repeats = {**self.repeats, key: count}
        return False

    def _draw(self, seat: int, count: int) -> list[int]:
        """Draw up to ``count`` from the Case File (as many as are left)."""
        drawn = draw_into(self.stock, self.hands[seat], count)
        self.sizes[seat] += len(drawn)
        return drawn


def check_overrides(
    variant: str,
    defaults: Mapping[str, Mapping[str, int]],
    overrides: Mapping[str, Any] | None,
    settable: Callable[[str], tuple[str, ...]],
    minimum: Callable[[str, str], int],
) -> dict[str, dict[str, int]]:
    """The default card table with a ``--cards`` file's values applied, each one checked.

    ``settable(card)`` names the values a file may change for a card (copies never:
    they are facts of the physical deck); ``minimum(card, key)`` is the least allowed.
    """
    table = {kind: dict(values) for kind, values in defaults.items()}
    for kind, values in (overrides or {}).items():
        if kind not in table:
            raise OptionError(f"--cards: {variant} has no card {shown(kind)}")
        if not isinstance(values, Mapping):
            raise OptionError(f"--cards: {kind} must map to a table like {{points = 5}}")
        for key, value in values.items():
            if key not in settable(kind):
                raise OptionError(f"--cards: {kind} has no value {shown(key)} to set")
            least = minimum(kind, key)
            if (not isinstance(value, int) or isinstance(value, bool) or value < least
                    or value > MAX_CARD_VALUE):
                raise OptionError(f"--cards: {kind}.{key} must be a whole number >= {least} "
                                  f"(and at most {MAX_CARD_VALUE:,})")
            table[kind][key] = value
    return table
