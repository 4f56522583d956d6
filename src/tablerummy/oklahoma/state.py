"""One hand of an Oklahoma-family rummy: the position, its legal actions and their effects.

Hands are count vectors of length 53 (two identical cards are interchangeable), melds are
small immutable :class:`~.melds.Meld` values per side, the piles are lists with the top
card last.  ``legal_actions`` is cached until the next change, so the checked path
(``apply`` tests membership) costs one enumeration.

What a seat may know (:meth:`OklahomaState.observation`) is *perfect memory* of what was
shown: every discard went down face up, so the discard pile's contents are public; cards
taken with the pile, or drawn from a stock rebuilt from the pile, are known to be in that
hand until they leave it (see ``docs/rules-oklahoma.md``).  That is a bot's memory; the
view people get (``present/oklahoma.py``) shows the pile's top card and size only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import compress
from random import Random
from typing import TYPE_CHECKING, Any, Self

from ..determinize import Leanings
from ..events import listed, their, who, whose
from ..variant import Action, HandState
from . import actions as A
from .beliefs import leanings as new_leanings
from .beliefs import note as leaning_note
from .cards import (
    _INDEX,
    JK,
    NCARDS,
    QS,
    card_id,
    card_ids,
    card_word,
    parse_card,
    rank_of,
    suit_of,
)
from .melds import (
    POS_CARD,
    RANK_CARDS,
    SET,
    Item,
    Meld,
    Record,
    build,
    extend,
    meld_value,
    set_designation,
    swapped,
)
from .meldsearch import built, known_layoffs, layoff_options
from .meldsearch import candidate_records as _candidates
from .observer import OklahomaObserver
from .phases import Phase
from .rules import SWAP_ANYONE, Rules

if TYPE_CHECKING:
    from .variant import OklahomaVariant

DRAW, PLAY, OVER = (int(phase) for phase in Phase)
"""The :class:`~.phases.Phase` numbers as plain ints: the engine compares them at every
move, and CPython's fast paths take exact ints only (an ``IntEnum`` member is not one)."""
IN_HAND = " in hand"
"""How the breakdown item of a card left in hand ends (``Q♠ in hand``): read back by
:meth:`OklahomaState.tallies`."""

_DISCARDS: tuple[Action, ...] = tuple((A.DISCARD, c) for c in range(NCARDS))
def _runs_through(top: int) -> tuple[tuple[int, int], ...]:
    """The pairs of cards of ``top``'s suit that make three in a row with it: its two
    neighbours, or two on one side (an ace is low and high)."""
    row = POS_CARD[suit_of(top)]  # by position: 1 = low ace … 14 = high ace
    pairs = []
    for p in (1, 14) if rank_of(top) == 1 else (rank_of(top),):
        if 1 < p < 14:
            pairs.append((row[p - 1], row[p + 1]))
        if p > 2:
            pairs.append((row[p - 2], row[p - 1]))
        if p < 13:
            pairs.append((row[p + 1], row[p + 2]))
    return tuple(pairs)


_RUNS_THROUGH = tuple(_runs_through(c) for c in range(52))
"""Per natural card, :func:`_runs_through`: what the quick no of a draw looks for."""
_NEAR = tuple(tuple(dict.fromkeys(
    [POS_CARD[suit_of(top)][q] for p in ((1, 14) if rank_of(top) == 1 else (rank_of(top),))
     for q in range(p - 2, p + 3) if 1 <= q <= 14 and q != p and POS_CARD[suit_of(top)][q] != top]))
    for top in range(52))
"""Per natural card, the cards of its suit two places away or nearer (an ace is low and
high): with one wild, what the quick no of a draw looks for."""


def _word(item: Item) -> str:
    """A meld's card in the log's words: ``7♠``, or a wild with what it stands for,
    ``2♣ as 7♦``."""
    c, s = item
    return card_word(c) if c == s else f"{card_word(c)} as {card_word(s)}"


def _meld_words(meld: Meld) -> str:
    """``7♠ 7♠ 7♥``; with a wild the cards are parted by commas: ``2♣ as 6♠, 7♠, 8♠``."""
    words = [_word(item) for item in meld.items]
    return (", " if meld.wilds() else " ").join(words)


class OklahomaState(HandState):
    """A hand of ``fortune``, ``arlington`` or ``arlington-heights``."""

    __slots__ = (
        "_legal", "dealer", "discard", "end", "hands", "known", "last_turn", "leanings",
        "log", "melds", "out_seat", "phase", "players", "rebuilds", "rules", "seat", "sizes",
        "stock", "stock_known", "variant",
    )

    variant: OklahomaVariant
    rules: Rules
    hands: list[list[int]]
    sizes: list[int]
    melds: list[list[Meld]]
    stock: list[int]
    discard: list[int]
    known: list[list[int]]
    leanings: Leanings | None
    """What each seat's public play says of its hand (:mod:`.beliefs`; read as rows by
    :attr:`leans`): kept by the true position and tracked determinizations, ``None`` in
    a determinization made with ``track=False`` — ``known`` is always kept (observations
    show it), so a search's playouts would otherwise note every step for nothing."""
    seat: int
    phase: int
    rebuilds: int
    last_turn: bool
    stock_known: bool
    out_seat: int | None
    _legal: list[Action] | None

    def __init__(self, variant: OklahomaVariant, deck: Sequence[str] | None = None,
                 dealer: int = 0, log: bool = False) -> None:
        self.variant = variant
        if deck is None:  # a blank for copy() to fill in
            return
        n = variant.players
        size = variant.hand_size
        self.rules = variant.rules
        self.players = n
        self.dealer = dealer
        self.log = [] if log else None
        try:
            order = [_INDEX[c] for c in deck]  # a deck's ids, as dealt: the common case
        except KeyError:
            order = [parse_card(c) for c in deck]
        self.hands = [[0] * NCARDS for _ in range(n)]
        dealt = size * n
        for j in range(n):  # the left of the dealer gets the first card, and every n-th
            hand = self.hands[(dealer + 1 + j) % n]
            for c in order[j:dealt:n]:
                hand[c] += 1
        self.sizes = [size] * n
        self.discard = [order[size * n]]
        self.stock = order[size * n + 1:][::-1]  # top card last
        self.melds = [[] for _ in range(n)]
        self.known = [[0] * NCARDS for _ in range(n)]
        self.leanings = new_leanings(self.rules, n)
        self.seat = (dealer + 1) % n
        self.phase = DRAW
        self.rebuilds = 0
        self.last_turn = False
        self.stock_known = False
        self.end = None
        self.out_seat = None
        self._legal = None  # every table leaves cards for the stock (arlington seats 7 at most)

    def copy(self) -> Self:
        new = type(self)(self.variant)
        new.rules = self.rules
        new.players = self.players
        new.dealer = self.dealer
        new.log = None
        new.hands = [h[:] for h in self.hands]
        new.sizes = self.sizes[:]
        new.discard = self.discard[:]
        new.stock = self.stock[:]
        new.melds = [m[:] for m in self.melds]
        new.known = [k[:] for k in self.known]
        new.leanings = None if self.leanings is None else self.leanings.copy()
        new.seat = self.seat
        new.phase = self.phase
        new.rebuilds = self.rebuilds
        new.last_turn = self.last_turn
        new.stock_known = self.stock_known
        new.end = self.end
        new.out_seat = self.out_seat
        new._legal = self._legal
        return new

    @property
    def leans(self) -> list[list[float]] | None:
        """Per seat, the weight of each card kind in its leaning (:mod:`.beliefs`; a fresh
        copy), or ``None`` when the position keeps none."""
        return None if self.leanings is None else self.leanings.rows()

    # --- legal actions ------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        return None if self.end is not None else self.seat

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._enumerate()
        return list(self._legal)

    def _enumerate(self) -> list[Action]:
        if self.phase == OVER:
            return []
        hand = self.hands[self.seat]
        if self.phase == DRAW:
            acts: list[Action] = [A.DRAW]
            top = self.discard[-1]
            if self._no_meld_with(hand, top):
                return acts
            avail = hand[:]
            avail[top] += 1
            melds = _candidates(avail, self.rules, must=top)
            if self.rules.queen_stuck:
                melds = self._keep_a_discard(melds, avail, self.discard[:-1])
            acts.extend([(A.PILE, m[3]) for m in melds])
            return acts
        if self.rules.queen_stuck and hand[QS]:
            return self._enumerate_stuck(hand)
        acts = [(A.MELD, m[3]) for m in _candidates(hand, self.rules)]
        acts.extend(self._layoffs(hand))
        if self.rules.swappable_joker:
            acts.extend(self._swaps(hand))
        acts.extend(compress(_DISCARDS, hand))
        if hand[QS] and not self._may_discard(QS):
            acts.remove(_DISCARDS[QS])  # (no other action is a discard)
        return acts

    def _no_meld_with(self, hand: Sequence[int], top: int) -> bool:
        """Whether ``hand`` surely makes no meld with the pile's top card.

        Without a wild: fewer than two cards of its rank and no two neighbours in its
        suit around it.  With one wild: no other card of its rank, and none of its suit
        two places away or nearer (a meld of three needs two more cards, and one wild is
        one).  Most draws are decided so, without listing melds (a quick no; a "maybe"
        is answered by :func:`~.meldsearch.candidate_records`)."""
        rules = self.rules
        if rules.wild[top]:
            return False
        wilds = 0
        for c in rules.wild_cards:
            wilds += hand[c]
        a, b, c, d = RANK_CARDS[rank_of(top)]
        if wilds:
            if wilds > 1 or hand[a] or hand[b] or hand[c] or hand[d]:
                return False
            for near in _NEAR[top]:  # noqa: SIM110 (no generator: a hot path)
                if hand[near]:
                    return False
            return True
        if hand[a] + hand[b] + hand[c] + hand[d] >= 2:
            return False
        for below, above in _RUNS_THROUGH[top]:  # noqa: SIM110 (no generator: a hot path)
            if hand[below] and hand[above]:
                return False
        return True

    def _enumerate_stuck(self, hand: list[int]) -> list[Action]:
        """The play phase of Heights with a Q♠ in hand: no meld or layoff may leave only
        Q♠s (the turn could not end: Q♠ is never discarded), and Q♠ is discarded only
        from a hand of Q♠s alone, which a draw left (docs/rules-oklahoma.md)."""
        size, queens = self.sizes[self.seat], hand[QS]
        melds = self._keep_a_discard(_candidates(hand, self.rules), hand, ())
        acts: list[Action] = [(A.MELD, m[3]) for m in melds]
        layoffs = self._layoffs(hand)
        if size > 1 and size - queens <= 1:  # what stays must hold a card besides Q♠s
            layoffs = [a for a in layoffs
                       if size - queens == 1 and isinstance(a, tuple) and a[1] == QS]
        acts.extend(layoffs)
        discards = list(compress(_DISCARDS, hand))
        if not self._may_discard(QS):  # unless a draw left Q♠s only: one goes, one stays
            discards.remove(_DISCARDS[QS])
        acts.extend(discards)
        return acts

    def _keep_a_discard(self, melds: list[Record], hand: Sequence[int],
                        joining: Sequence[int]) -> list[Record]:
        """The melds that do not leave ``hand`` (plus the cards ``joining`` it: the rest
        of a discard pile taken) holding Q♠s and nothing else (Heights)."""
        size = sum(hand) + len(joining)
        queens = hand[QS] + joining.count(QS)
        if not queens or size - queens > 4:  # a meld is at most 4 cards
            return melds
        kept = []
        for m in melds:
            left = size - len(m[3])
            if left and left == queens - sum(1 for c, _ in m[3] if c == QS):
                continue
            kept.append(m)
        return kept

    def _layoffs(self, hand: list[int]) -> list[Action]:
        acts: list[Action] = []
        melds = self.melds[self.seat]
        if not melds:
            return acts
        rules = self.rules
        recall = rules.search.layoffs.get
        for k, meld in enumerate(melds):
            known = recall(id(meld))
            if known is None or known[0] is not meld:
                known = known_layoffs(meld, rules)
            for c, s in known[1]:
                if hand[c]:
                    acts.append((A.LAYOFF, c, s, k))
        return acts

    def _swap_sides(self) -> list[int]:
        if self.rules.joker_swap == SWAP_ANYONE:
            return list(range(self.players))
        return [self.seat]

    def _swaps(self, hand: list[int]) -> list[Action]:
        acts: list[Action] = []
        for side in self._swap_sides():
            for k, meld in enumerate(self.melds[side]):
                for c, s in meld.items:
                    if c == JK and hand[s]:
                        acts.append((A.SWAP, s, None if side == self.seat else side, k))
        return acts

    def _may_discard(self, c: int) -> bool:
        if c != QS or self.rules.queen_discard:
            return True
        size = self.sizes[self.seat]
        if self.rules.queen_stuck and size < 2:
            return False  # never the last card: no one goes out on a Q♠ in Heights
        return self.hands[self.seat][QS] == size

    def _strands(self, items: Sequence[Item], hand: Sequence[int],
                 joining: Sequence[int] = ()) -> bool:
        """Heights: whether putting ``items`` down leaves ``hand`` (and the pile's cards
        ``joining`` it) holding Q♠s only — a turn that could then end with no discard."""
        if not self.rules.queen_stuck:
            return False
        left = sum(hand) + len(joining) - len(items)
        queens = hand[QS] + joining.count(QS) - sum(1 for c, _ in items if c == QS)
        return left > 0 and left == queens

    # --- normalising and explaining -----------------------------------------------------

    def normalize(self, action: Action) -> Action:
        """One value per meaning where only the position tells: the suit a wild laid off on
        a set stands for, an undesignated wild with one possible place, a swap into one's
        own meld named with one's own seat."""
        if not isinstance(action, tuple) or len(action) != 4:
            return action
        if action[0] == A.SWAP and action[2] == self.seat:
            return (A.SWAP, action[1], None, action[3])
        if action[0] != A.LAYOFF or self.phase != PLAY:
            return action
        _, c, s, k = action
        own = self.melds[self.seat]
        if not (isinstance(c, int) and isinstance(s, int) and isinstance(k, int)) \
                or not 0 <= k < len(own) or not 0 <= c < NCARDS or not self.rules.wild[c]:
            return action
        meld = own[k]
        if c == s:
            if c != JK and isinstance(extend(meld, c, s, self.rules), Meld):
                return action
            fits = [t for t in layoff_options(meld, c, self.rules) if t != c
                    and isinstance(extend(meld, c, t, self.rules), Meld)]
            return (A.LAYOFF, c, fits[0], k) if len(fits) == 1 else action
        if meld.kind == SET and 0 <= s < 52 and rank_of(s) == meld.key:
            return (A.LAYOFF, c, set_designation(meld, c, s, self.rules), k)
        return action

    def why_illegal(self, action: Action) -> str:
        return self._reason(action) or "that is not legal here"

    def _reason(self, action: Action) -> str | None:
        try:
            text = self.variant.action_text(action)
        except ValueError:
            return "not an action of the Oklahoma family"
        if self.end is not None:
            return "the hand is over"
        assert isinstance(action, tuple)
        kind = action[0]
        if self.phase == DRAW:
            if kind == A.PILE:
                return self._pile_reason(action[1])
            if action != A.DRAW:
                return "draw first: 'draw stock' or 'draw pile meld …' holding the top card"
            return None
        if kind in (A.PILE,) or action == A.DRAW:
            return "you have already drawn this turn"
        hand = self.hands[self.seat]
        if kind == A.MELD:
            return self._meld_reason(action[1], hand)
        if kind == A.DISCARD:
            c = action[1]
            if not hand[c]:
                return f"you hold no {card_id(c)}"
            if not self._may_discard(c):
                if self.rules.queen_stuck:
                    return ("the Q♠ is never discarded: meld it or keep it (only a draw that "
                            "leaves Q♠s alone in your hand discards one)")
                return "the Q♠ may not be discarded while you hold another card"
            return None
        if kind == A.LAYOFF:
            return self._layoff_reason(action, hand)
        if kind == A.SWAP:
            return self._swap_reason(action, hand)
        return f"{text!r} is not an action here"

    def _canonical(self, items: Sequence[Item]) -> Meld | str:
        meld = build(items, self.rules)
        if isinstance(meld, Meld) and meld.items != tuple(items):
            return "write the meld as: meld " + " ".join(meld.texts())
        return meld

    def _missing(self, items: Sequence[Item], hand: Sequence[int]) -> str | None:
        need = [0] * NCARDS
        for c, _ in items:
            need[c] += 1
            if need[c] > hand[c]:
                return f"you hold no {'more ' if hand[c] else ''}{card_id(c)}"
        return None

    def _meld_reason(self, items: Sequence[Item], hand: Sequence[int]) -> str | None:
        meld = self._canonical(items)
        if isinstance(meld, str):
            return meld
        return self._missing(items, hand) or self._strand_reason(items, hand)

    def _strand_reason(self, items: Sequence[Item], hand: Sequence[int],
                       joining: Sequence[int] = ()) -> str | None:
        if self._strands(items, hand, joining):
            return ("that would leave you only Q♠, which is never discarded: keep another "
                    "card to discard")
        return None

    def _pile_reason(self, items: Sequence[Item]) -> str | None:
        meld = self._canonical(items)
        if isinstance(meld, str):
            return meld
        top = self.discard[-1]
        if not any(c == top for c, _ in items):
            return f"taking the pile, the new meld must hold its top card {card_id(top)}"
        avail = self.hands[self.seat][:]
        avail[top] += 1
        return self._missing(items, avail) or self._strand_reason(items, avail,
                                                                  self.discard[:-1])

    def _layoff_reason(self, action: tuple[Any, ...], hand: Sequence[int]) -> str | None:
        _, c, s, k = action
        own = self.melds[self.seat]
        if k >= len(own):
            return f"you have no meld m{k + 1} (a player adds only to their own melds)"
        if not hand[c]:
            return f"you hold no {card_id(c)}"
        meld = own[k]
        result = extend(meld, c, s, self.rules)
        if isinstance(result, str):
            if self.rules.wild[c] and c == s:
                options = [t for t in layoff_options(meld, c, self.rules)
                           if t != c and isinstance(extend(meld, c, t, self.rules), Meld)]
                if options:
                    shown = " or ".join(f"layoff {card_id(c)}={card_id(t)} m{k + 1}"
                                        for t in options)
                    return f"say what {card_id(c)} stands for: {shown}"
            return result
        if meld.kind == SET and s != set_designation(meld, c, s, self.rules):
            return "in a set a wild's suit means nothing: write it as layoff " \
                   f"{card_id(c)}={card_id(set_designation(meld, c, s, self.rules))} m{k + 1}"
        return self._strand_reason(((c, s),), hand)

    def _swap_reason(self, action: tuple[Any, ...], hand: Sequence[int]) -> str | None:
        _, c, side, k = action
        if not self.rules.swappable_joker:
            return "a melded Joker can be taken back only with the Joker option (joker=true)"
        owner = self.seat if side is None else side
        if owner == self.seat and side is not None:
            return f"write your own meld without the seat: swap {card_id(c)} m{k + 1}"
        if owner not in self._swap_sides():
            return "only the player who melded the Joker may take it back (joker_swap=melder)"
        if not 0 <= owner < self.players or k >= len(self.melds[owner]):
            return f"p{owner} has no meld m{k + 1}"
        if not any(m == JK and s == c for m, s in self.melds[owner][k].items):
            return f"meld m{k + 1} holds no Joker standing for {card_id(c)}"
        if not hand[c]:
            return f"you hold no {card_id(c)}"
        return None

    # --- effects ------------------------------------------------------------------------

    def _take_from_hand(self, seat: int, c: int) -> None:
        self.hands[seat][c] -= 1
        self.sizes[seat] -= 1
        known = self.known[seat]
        if known[c]:
            known[c] -= 1

    def apply_unchecked(self, action: Action) -> None:
        assert isinstance(action, tuple)
        self._legal = None
        leanings = self.leanings
        if leanings is not None:  # (noted before the action changes the position)
            noted = leaning_note(self, action)
            if noted is not None:
                leanings.notes.append(noted)
        seat = self.seat
        kind = action[0]
        if kind == A.DISCARD:  # the commonest first
            self._discard(seat, action[1])
        elif action == A.DRAW:
            self._draw_stock(seat)
        elif kind == A.PILE:
            self._draw_pile(seat, action[1])
        elif kind == A.MELD:
            meld = built(action[1], self.rules)
            for c, _ in meld.items:
                self._take_from_hand(seat, c)
            self.melds[seat].append(meld)
            if self.log is not None:
                self._say(f"{who(seat)} melded {_meld_words(meld)}"
                          f" (meld {len(self.melds[seat])})")
            self._maybe_out(seat)
        elif kind == A.LAYOFF:
            _, c, s, k = action
            new = extend(self.melds[seat][k], c, s, self.rules)
            assert isinstance(new, Meld)
            self.melds[seat][k] = new
            self._take_from_hand(seat, c)
            if self.log is not None:
                self._say(f"{who(seat)} laid off {_word((c, s))} on {their(seat)} meld {k + 1}"
                          f" (now {_meld_words(new)})")
            self._maybe_out(seat)
        elif kind == A.SWAP:
            _, c, side, k = action
            owner = seat if side is None else side
            back = swapped(self.melds[owner][k], c)
            assert back is not None
            self.melds[owner][k] = back
            self._take_from_hand(seat, c)
            self.hands[seat][JK] += 1
            self.sizes[seat] += 1
            self.known[seat][JK] += 1
            if self.log is not None:
                owned = f"{their(seat)} meld" if owner == seat else f"{whose(owner)} meld"
                self._say(f"{who(seat)} put {card_word(c)} in place of the Joker in {owned}"
                          f" {k + 1} and took the Joker into {their(seat)} hand")
        else:
            self._discard(seat, action[1])

    def _draw_stock(self, seat: int) -> None:
        c = self.stock.pop()
        self.hands[seat][c] += 1
        self.sizes[seat] += 1
        if self.stock_known:
            self.known[seat][c] += 1
        self.phase = PLAY
        if self.log is not None:
            self._say(f"{who(seat)} drew a card from the stock",
                      {seat: f"{who(seat)} drew {card_word(c)} from the stock"})
        if not self.stock:
            self._stock_empty()

    def _stock_empty(self) -> None:
        """The house limit (docs/rules-oklahoma.md): rebuild from the pile at most ``rebuild_limit``
        times; otherwise this is the hand's last turn."""
        if self.rebuilds < self.rules.rebuild_limit and len(self.discard) >= 2:
            top = self.discard.pop()
            self.stock = self.discard[::-1]  # turned over: the pile's bottom card is on top
            self.discard = [top]
            self.rebuilds += 1
            self.stock_known = True
            if self.log is not None:
                self._say(f"the stock is empty: the discard pile below {card_word(top)} is"
                          f" turned over as the new stock ({len(self.stock)} cards, rebuild"
                          f" {self.rebuilds} of {self.rules.rebuild_limit})")
        else:
            self.last_turn = True
            if self.log is not None:
                self._say("the stock is empty and cannot be rebuilt: the hand ends after"
                          " this turn")

    def _draw_pile(self, seat: int, items: tuple[Item, ...]) -> None:
        top = self.discard.pop()
        meld = built(items, self.rules)
        hand = self.hands[seat]
        hand[top] += 1
        self.sizes[seat] += 1
        for c, _ in meld.items:
            self._take_from_hand(seat, c)
        self.melds[seat].append(meld)
        rest = self.discard
        self.discard = []
        known = self.known[seat]
        for c in rest:
            hand[c] += 1
            known[c] += 1
        self.sizes[seat] += len(rest)
        self.phase = PLAY
        if self.log is not None:
            taken = (f"took {listed(card_word(c) for c in rest)} into {their(seat)} hand"
                     if rest else "took nothing more")
            self._say(f"{who(seat)} took the discard pile with {card_word(top)}: melded"
                      f" {_meld_words(meld)} (meld {len(self.melds[seat])}) and {taken}")
        self._maybe_out(seat)

    def _maybe_out(self, seat: int) -> None:
        if self.sizes[seat] == 0:
            self._finish("went-out", seat)

    def _discard(self, seat: int, c: int) -> None:
        self._take_from_hand(seat, c)
        self.discard.append(c)
        if self.log is not None:
            self._say(f"{who(seat)} discarded {card_word(c)}")
        if self.sizes[seat] == 0:
            self._finish("went-out", seat)
        elif self.last_turn:
            self._finish("stock-exhausted", None)
        else:
            self.seat = (seat + 1) % self.players
            self.phase = DRAW

    def _finish(self, end: str, out_seat: int | None) -> None:
        self.end = end
        self.out_seat = out_seat
        self.phase = OVER
        if self.log is not None:
            if out_seat is not None:
                how = f"{who(out_seat)} went out"
                self._say(how)
            else:
                how = "the stock is used up"
            scores = ", ".join(f"{who(i)} {s}" for i, s in enumerate(self.scores()))
            self._say(f"the hand is over: {how}; scores: {scores}")

    # --- results and views --------------------------------------------------------------

    def melded_points(self, side: int) -> int:
        values = self.rules.values
        return sum(meld_value(m, values) for m in self.melds[side])

    def hand_points(self, seat: int) -> int:
        """The (negative) value of the cards in ``seat``'s hand."""
        table = self.rules.values.hand_value
        hand = self.hands[seat]
        return sum(table[c] * hand[c] for c in range(NCARDS) if hand[c])

    def scores(self) -> list[int]:
        bonus = self.rules.values.bonus
        return [
            self.melded_points(s) + self.hand_points(s)
            + (bonus if self.end == "went-out" and self.out_seat == s else 0)
            for s in range(self.players)
        ]

    def breakdown(self) -> list[list[tuple[str, int]]]:
        """Per player: each meld as it scores (its cards in words, a wild with the card it
        stands for), the going-out bonus, and each card left in hand at its (negative)
        value — the same numbers :meth:`scores` adds up."""
        values = self.rules.values
        table = values.hand_value
        out: list[list[tuple[str, int]]] = []
        for s in range(self.players):
            items = [(_meld_words(m), meld_value(m, values)) for m in self.melds[s]]
            if self.end == "went-out" and self.out_seat == s and values.bonus:
                items.append(("going out", values.bonus))
            hand = self.hands[s]
            for c in range(NCARDS):
                if hand[c] and table[c]:
                    items.extend([(f"{card_word(c)}{IN_HAND}", table[c])] * hand[c])
            out.append(items)
        return out

    def tallies(self, actions: Sequence[Action]) -> dict[str, int]:
        """Q♠ penalties (each Q♠ left in a hand at its cost, from the breakdown), piles
        taken (``draw pile`` actions) and stock rebuilds from the discard pile."""
        penalty = f"{card_word(QS)}{IN_HAND}"
        items = [label for side in self.breakdown() for label, _ in side]
        return {"Q♠ penalties": items.count(penalty),
                "piles taken": sum(a[0] == A.PILE for a in actions),  # type: ignore[index]
                "stock rebuilds": self.rebuilds}

    def observer(self) -> OklahomaObserver:
        return OklahomaObserver(self.rules, self.variant.name)

    def reveal(self) -> dict[str, Any]:
        return {
            "hands": [sorted(card_ids(h)) for h in self.hands],
            "areas": [[m.texts() for m in side] for side in self.melds],
            "stock_size": len(self.stock),
            "discard_size": len(self.discard),
            "discard_top": card_id(self.discard[-1]) if self.discard else None,
        }

    def forget_legal(self) -> None:
        """Forget the legal moves worked out so far (after the hands were redealt)."""
        self._legal = None

    def determinize(self, seat: int, rng: Random) -> Self:
        """A position ``seat`` could be in (see :mod:`.determinize`)."""
        from .determinize import determinize

        return determinize(self, seat, rng)

    def determinizer(self, seat: int, track: bool = True, beliefs: bool = False
                     ) -> Callable[[Random], Self]:
        """Many determinizations for ``seat`` (what every one shares is worked out once);
        ``track=False`` leaves the leanings out of them, ``beliefs`` deals by them
        (:func:`.determinize.determinizer`)."""
        from .determinize import determinizer

        return determinizer(self, seat, track, beliefs)
