"""One hand of Al Capone: the position, its legal actions and their effects.

Hands and play areas are count vectors indexed by card kind (Evidence cards of one
gangster are interchangeable), the piles are lists with the top card last, so that
``legal_actions``/``apply_unchecked``/``copy`` stay cheap for bots and simulations.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import chain, compress
from random import Random
from typing import TYPE_CHECKING, Any, Self

from ..events import area_of, counted, how_many, listed, side_name, verb, who
from ..mystery import REPETITION_TOLD, MysteryState, deal_counts
from ..variant import Action
from . import actions as A
from .beliefs import leanings as new_leanings
from .beliefs import note as leaning_note
from .cards import AGENT_MEETING, AL_CAPONE, ELIOT_NESS, KINDS, NAMES, NG, NK, RAID, SEARCH_WARRANT
from .cards import REVEAL_COUNT as REVEAL_COUNT  # (re-exported: bots read it here)
from .determinize import determinize, determinizer, track
from .observer import CaponeObserver
from .phases import Phase

if TYPE_CHECKING:
    from .variant import Capone

DRAW, PLAY, TAKE, OVER = (int(phase) for phase in Phase)
"""The :class:`~.phases.Phase` numbers as plain ints: the engine compares them at every
move, and CPython's fast paths take exact ints only (an ``IntEnum`` member is not one)."""
_GANGSTERS = range(NG)
_MELDS = tuple(tuple(A.MELD + g * A.MELD_SIZES + k - 3 for k in range(3, 3 + A.MELD_SIZES))
               for g in range(NG))
"""``_MELDS[g][k - 3]``: the action "meld ``k`` cards of gangster ``g``"."""
_LAYOFFS = tuple(A.LAYOFF + g for g in range(NG))
_DISCARDS = tuple(A.DISCARD + k for k in range(NK))
_ASK_AROUND = range(A.ASK_AROUND, A.ASK_AROUND + NG)

HAND_SIZE = 10


COMPLETE_SET = "complete set: "
"""How a complete set's breakdown item begins (read back by :meth:`CaponeState.tallies`)."""
EXCLUDED = "excluded: "
"""How the item that takes a side's points away by the exclusion rule begins."""


def _name(kind: int) -> str:
    return NAMES[KINDS[kind]]


def _counted(kind: int, count: int) -> str:
    return counted(count, _name(kind))


def _card_list(cards: Sequence[int]) -> str:
    return listed(_name(c) for c in cards)


class CaponeState(MysteryState):
    """A hand of ``capone``; build it with :meth:`Capone.new_hand`."""

    __slots__ = (
        "areas", "copies", "dealer", "discard", "end", "gavel_played", "hands", "leanings", "log",
        "nsides", "out_seat", "phase", "players", "quiet", "repeat_stock", "repeats", "seat",
        "shown", "side_of", "sizes", "stock", "variant",
    )

    variant: Capone
    hands: list[list[int]]
    sizes: list[int]
    areas: list[list[int]]
    stock: list[int]
    discard: list[int]
    seat: int
    phase: int
    gavel_played: bool
    out_seat: int | None

    def __init__(self, variant: Capone, deck: Sequence[str] | None = None, dealer: int = 0,
                 log: bool = False):
        super().__init__(variant)
        if deck is None:  # a blank for copy() to fill in
            return
        n = variant.players
        self.players = n
        self.copies = variant.cards.copies
        self.side_of = tuple(variant.side_of(s) for s in range(n))
        self.nsides = len(variant.sides)
        self.dealer = dealer
        self.log = [] if log else None
        self.hands, self.discard, self.stock = deal_counts(KINDS, deck, n, HAND_SIZE, dealer)
        self.sizes = [HAND_SIZE] * n
        self.areas = [[0] * NG for _ in range(self.nsides)]
        self.seat = (dealer + 1) % n
        self.phase = DRAW
        self.gavel_played = False
        self.end = None
        self.out_seat = None
        self.shown = [[0] * NK for _ in range(n)]
        self.leanings = new_leanings(n)
        self.repeats = {}
        self.repeat_stock = -1
        self.quiet = 0

    # --- copy ---------------------------------------------------------------------------

    def copy(self) -> Self:
        new = self._copy_shared()
        new.copies = self.copies
        new.side_of = self.side_of
        new.nsides = self.nsides
        new.discard = self.discard[:]
        return new

    def _position(self) -> tuple[int | None, ...]:
        # hands and areas have fixed sizes, so the Underworld (last) needs no length
        return (self.seat, *chain(*self.hands), *chain(*self.areas), *self.discard)

    # --- queries ------------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        return None if self.end is not None else self.seat

    def incomplete_melds(self, side: int) -> list[int]:
        """The gangsters ``side`` has melded but not completed (what Reveal Seven may show)."""
        area = self.areas[side]
        copies = self.copies
        return [g for g in range(NG) if 3 <= area[g] < copies[g]]

    def _melded(self, g: int) -> bool:
        return any(area[g] >= 3 for area in self.areas)

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == DRAW:
            # at a turn's start both piles hold cards: the stock running out ends the
            # hand, and every turn ends with a discard
            return [A.DRAW_STOCK, A.DRAW_DISCARD]
        if phase == TAKE:
            present = set(self.discard)
            return [A.TAKE + k for k in range(NK) if k in present]
        if phase == OVER:
            return []
        seat = self.seat
        hand = self.hands[seat]
        size = self.sizes[seat]
        acts: list[Action] = []
        if size >= 2:  # a player may never play their last hand card
            maxk = size - 1
            areas = self.areas
            for g in compress(_GANGSTERS, hand):  # the gangsters in hand, in order
                c = hand[g]
                if c >= 3 and maxk >= 3:  # melds of 3 … min(c, maxk) cards
                    acts.extend(_MELDS[g][:min(c, maxk) - 2])
                for area in areas:
                    if area[g] >= 3:
                        acts.append(_LAYOFFS[g])
                        break
            if not self.gavel_played and (hand[AGENT_MEETING] or hand[SEARCH_WARRANT]
                                          or hand[ELIOT_NESS] or hand[RAID]):
                self._gavel_actions(acts, hand)
        acts.extend(compress(_DISCARDS, hand))
        return acts

    def _gavel_actions(self, acts: list[Action], hand: list[int]) -> None:
        """The Gavel cards' actions, for a hand that holds at least one Gavel card.

        Written with ``zip`` over the gangsters rather than indexing: this runs at most
        play-phase decisions of every playout and search.
        """
        side = self.side_of[self.seat]
        areas = self.areas
        copies = self.copies
        own = areas[side]
        mine = [g for g, a, c in zip(_GANGSTERS, own, copies, strict=False) if 3 <= a < c]
        if hand[AGENT_MEETING]:
            # gangsters with a complete set somewhere cannot be asked for
            done = [g for area in areas
                    for g, a, c in zip(_GANGSTERS, area, copies, strict=False) if a == c]
            if done:
                acts.extend(A.ASK_AROUND + g for g in _GANGSTERS if g not in done)
            else:
                acts.extend(_ASK_AROUND)
            seat = self.seat
            others = [s for s in range(self.players) if s != seat]
            acts.extend(A.ask_directly(g, s) for g in mine for s in others)
        if hand[SEARCH_WARRANT]:
            if self.discard:  # there must be a card to choose
                acts.append(A.SEARCH_INDIVIDUALLY)
            acts.extend(A.SEARCH_SET + g for g in mine)
        if hand[ELIOT_NESS]:
            acts.append(A.DRAW_TWO)
            if mine:
                acts.append(A.REVEAL_SEVEN)
        if hand[RAID]:
            # a melded gangster of one's own that another area holds cards of
            held = [sum(col) for col in zip(*areas, strict=True)]  # every area's, own included
            acts.extend(A.RAID + g for g, a, h in zip(_GANGSTERS, own, held, strict=False)
                        if a >= 3 and h > a)

    # --- the checked path's explanation ---------------------------------------------

    def why_illegal(self, action: Action) -> str:
        if not isinstance(action, int) or not 0 <= action < A.NUM_ACTIONS:
            return "not a capone action"
        if self.end is not None:
            return "the hand is over"
        phase = self.phase
        is_draw = action in (A.DRAW_STOCK, A.DRAW_DISCARD)
        is_take = A.TAKE <= action < A.ASK_AROUND
        if phase == DRAW:
            return "draw first: 'draw stock' (2 cards) or 'draw discard'" if not is_draw else (
                "the Case File is empty")
        if phase == TAKE:
            if not is_take:
                return "choose the card to keep from the Underworld first: 'take CARD'"
            return f"there is no {_name(action - A.TAKE)} in the Underworld"
        if is_draw:
            return "you have already drawn this turn"
        if is_take:
            return "'take' only follows 'play search-warrant individually'"
        hand = self.hands[self.seat]
        if A.DISCARD <= action < A.TAKE:
            return f"you have no {_name(action - A.DISCARD)} in hand"
        if action < A.LAYOFF:
            g, k = divmod(action - A.MELD, A.MELD_SIZES)
            if hand[g] < k + 3:
                return f"you hold only {hand[g]} {_name(g)}"
            return "a player may never play their last hand card"
        if action < A.DISCARD:
            g = action - A.LAYOFF
            if not hand[g]:
                return f"you have no {_name(g)} in hand"
            if not self._melded(g):
                return f"no meld of {_name(g)} lies on the table to lay off onto"
            return "a player may never play their last hand card"
        gavel = A.gavel_of(action)
        if not hand[gavel]:
            return f"you have no {_name(gavel)} in hand"
        if self.gavel_played:
            return "you may play at most 1 Gavel card per turn"
        if self.sizes[self.seat] < 2:
            return "a player may never play their last hand card"
        return self._why_gavel_illegal(action)

    def _why_gavel_illegal(self, action: int) -> str:
        side = self.side_of[self.seat]
        need_meld = "you need a meld without a complete set in your play area"
        if action < A.ASK_DIRECTLY:
            g = action - A.ASK_AROUND
            return (f"Ask Around must name a gangster without a complete set: "
                    f"{_name(g)} is complete")
        if action < A.SEARCH_INDIVIDUALLY:
            g, target = divmod(action - A.ASK_DIRECTLY, A.MAX_SEATS)
            if target == self.seat or target >= self.players:
                return "Ask Directly names another player at the table"
            return f"Ask Directly: {need_meld} of {_name(g)}"
        if action == A.SEARCH_INDIVIDUALLY:
            return "Search Individually: the Underworld is empty, there is no card to choose"
        if action < A.DRAW_TWO:
            return f"Search for a Set: {need_meld} of {_name(action - A.SEARCH_SET)}"
        if action == A.REVEAL_SEVEN:
            return f"Reveal Seven: {need_meld}"
        g = action - A.RAID
        if self.areas[side][g] < 3:
            return f"Raid: you need a meld of {_name(g)} in your play area"
        return f"Raid must gain you at least 1 card: no other area holds {_name(g)}"

    # --- effects ------------------------------------------------------------------------

    def apply_unchecked(self, action: Action) -> None:
        assert isinstance(action, int)
        if self.shown is not None:
            if self.leanings is not None:  # (noted before ``shown`` moves)
                noted = leaning_note(self, action)
                if noted is not None:
                    self.leanings.notes.append(noted)
            track(self, action, self.shown)
        seat = self.seat
        hand = self.hands[seat]
        if action == A.DRAW_STOCK:
            drawn = self._draw(seat, 2)
            self.phase = PLAY
            if self.log is not None:
                self._say(f"{who(seat)} drew {how_many(len(drawn))} from the Case File",
                          {seat: f"{who(seat)} drew {_card_list(drawn)} from the Case File"})
        elif action == A.DRAW_DISCARD:
            c = self.discard.pop()
            hand[c] += 1
            self.sizes[seat] += 1
            self.phase = PLAY
            if self.log is not None:
                self._say(f"{who(seat)} took {_name(c)} from the Underworld")
        elif action < A.LAYOFF:
            g, k = divmod(action - A.MELD, A.MELD_SIZES)
            k += 3
            hand[g] -= k
            self.sizes[seat] -= k
            self.areas[self.side_of[seat]][g] += k
            if self.log is not None:
                self._say(f"{who(seat)} melded {_counted(g, k)}")
        elif action < A.DISCARD:
            g = action - A.LAYOFF
            hand[g] -= 1
            self.sizes[seat] -= 1
            self.areas[self.side_of[seat]][g] += 1
            if self.log is not None:
                self._say(f"{who(seat)} laid off {_name(g)}")
        elif action < A.TAKE:
            self._discard(seat, action - A.DISCARD)
        elif action < A.ASK_AROUND:
            c = action - A.TAKE
            self.discard.remove(c)
            hand[c] += 1
            self.sizes[seat] += 1
            self.discard.append(SEARCH_WARRANT)
            self.phase = PLAY
            if self.log is not None:
                self._say(f"{who(seat)} kept one card of the Underworld and put the"
                          " Search Warrant on top",
                          {seat: f"{who(seat)} kept {_name(c)} from the Underworld and put"
                                 " the Search Warrant on top"})
        else:
            self._play_gavel(seat, hand, action)

    def _discard(self, seat: int, c: int) -> None:
        self.hands[seat][c] -= 1
        self.sizes[seat] -= 1
        self.discard.append(c)
        if self.log is not None:
            self._say(f"{who(seat)} discarded {_name(c)}")
        if self.sizes[seat] == 0:
            self._finish("went-out", seat)
        elif not self.stock:
            self._finish("stock-exhausted", None)
        else:
            self.seat = (seat + 1) % self.players
            self.phase = DRAW
            self.gavel_played = False
            if self._repeated():
                self._finish("repetition", None)

    def _finish(self, end: str, out_seat: int | None) -> None:
        self.end = end
        self.out_seat = out_seat
        self.phase = OVER
        if self.log is not None:
            if out_seat is not None:
                how = f"{who(out_seat)} went out"
                self._say(how)
            elif end == "repetition":
                how = REPETITION_TOLD
            else:
                how = "the Case File is used up"
            sides = self.variant.sides
            scores = ", ".join(f"{side_name(sides[i])} {s}"
                               for i, s in enumerate(self.scores()))
            self._say(f"the hand is over: {how}; scores: {scores}")

    def _play_gavel(self, seat: int, hand: list[int], action: int) -> None:
        gavel = A.gavel_of(action)
        hand[gavel] -= 1
        self.sizes[seat] -= 1
        self.gavel_played = True
        side = self.side_of[seat]
        if gavel == SEARCH_WARRANT:
            if action == A.SEARCH_INDIVIDUALLY:
                self.phase = TAKE  # the warrant goes on top after the choice
                if self.log is not None:
                    self._say(f"{who(seat)} played Search Warrant: Search Individually, to keep"
                              " one card of the Underworld")
                return
            g = action - A.SEARCH_SET
            found = self.discard.count(g)
            if found:
                self.discard = [c for c in self.discard if c != g]
                hand[g] += found
                self.sizes[seat] += found
            self.discard.append(SEARCH_WARRANT)
            if self.log is not None:
                took = (f"took {_counted(g, found)} from the Underworld" if found
                        else "found none in the Underworld")
                self._say(f"{who(seat)} played Search Warrant: Search for a Set of"
                          f" {_name(g)} and {took}")
            return
        self.discard.append(gavel)
        if gavel == AGENT_MEETING:
            if action < A.ASK_DIRECTLY:
                self._ask_around(seat, action - A.ASK_AROUND)
            else:
                g, target = divmod(action - A.ASK_DIRECTLY, A.MAX_SEATS)
                self._ask_directly(seat, g, target)
        elif gavel == ELIOT_NESS:
            if action == A.DRAW_TWO:
                drawn = self._draw(seat, 2)
                if self.log is not None:
                    self._say(f"{who(seat)} played Eliot Ness: Draw Two and drew"
                              f" {how_many(len(drawn))}",
                              {seat: f"{who(seat)} played Eliot Ness: Draw Two and drew"
                                     f" {_card_list(drawn)}"})
            else:
                self._reveal_seven(seat, side)
        else:
            g = action - A.RAID
            sides = self.variant.sides
            taken = ", ".join(f"{area[g]} from {area_of(sides[s])}"
                              for s, area in enumerate(self.areas) if s != side and area[g]
                              ) if self.log is not None else ""
            gained = 0
            for s, area in enumerate(self.areas):
                if s != side:
                    gained += area[g]
                    area[g] = 0
            self.areas[side][g] += gained
            if self.log is not None:
                self._say(f"{who(seat)} played Raid on {_name(g)} and took"
                          f" {_counted(g, gained)} into {area_of(sides[side])} ({taken})")

    def _ask_around(self, seat: int, g: int) -> None:
        n = self.players
        for step in range(1, n):
            other = (seat + step) % n
            if self.hands[other][g]:
                self.hands[other][g] -= 1
                self.hands[seat][g] += 1
                self.sizes[seat] += 1
                self.sizes[other] -= 1
                drawn = self._draw(other, 1)
                if self.log is not None:
                    asked = f"{who(seat)} played Agent Meeting: Ask Around for {_name(g)};"
                    gave = f" {who(other)} gave {who(seat)} one and drew"
                    self._say(f"{asked}{gave} {how_many(len(drawn))} to replace it",
                              {other: f"{asked}{gave} {_card_list(drawn)} to replace it"})
                return
        if self.log is not None:
            self._say(f"{who(seat)} played Agent Meeting: Ask Around for {_name(g)};"
                      " nobody had one")

    def _ask_directly(self, seat: int, g: int, target: int) -> None:
        given = self.hands[target][g]
        self.hands[target][g] = 0
        self.sizes[target] -= given
        self.hands[seat][g] += given
        self.sizes[seat] += given
        drawn = self._draw(target, given)
        if self.log is not None:
            asked = (f"{who(seat)} played Agent Meeting: Ask Directly, asking {who(target)}"
                     f" for {_name(g)};")
            if not given:
                self._say(f"{asked} {who(target)} {verb(target, 'has', 'have')} no {_name(g)}")
                return
            gave = f" {who(target)} gave {who(seat)} {_counted(g, given)} and drew"
            self._say(f"{asked}{gave} {how_many(len(drawn))} to replace them",
                      {target: f"{asked}{gave} {_card_list(drawn)} to replace them"})

    def _reveal_seven(self, seat: int, side: int) -> None:
        mine = set(self.incomplete_melds(side))
        stock = self.stock
        revealed = [stock.pop() for _ in range(min(REVEAL_COUNT, len(stock)))]
        taken = [c for c in revealed if c in mine]
        hand = self.hands[seat]
        for c in taken:
            hand[c] += 1
        self.sizes[seat] += len(taken)
        self.discard.extend(c for c in revealed if c not in mine)
        if self.log is not None:
            rest = len(revealed) - len(taken)
            self._say(f"{who(seat)} played Eliot Ness: Reveal Seven, revealed"
                      f" {_card_list(revealed)}; {who(seat)} took {_card_list(taken)};"
                      f" {how_many(rest)} went to the Underworld")

    # --- results ------------------------------------------------------------------------

    def scores(self) -> list[int]:
        cards = self.variant.cards
        result = [
            sum(cards.area_points(g, area[g]) for g in range(NG) if area[g])
            for area in self.areas
        ]
        winner = self._excluded_by()
        if winner is not None:  # the exclusion rule
            result = [r if s == winner else 0 for s, r in enumerate(result)]
        return result

    def _excluded_by(self) -> int | None:
        """The side whose going out with every Al Capone leaves the others 0, if any."""
        if self.end == "went-out" and self.out_seat is not None:
            winner = self.side_of[self.out_seat]
            if self.areas[winner][AL_CAPONE] == self.copies[AL_CAPONE]:
                return winner
        return None

    def breakdown(self) -> list[list[tuple[str, int]]]:
        """Per side: each gangster in its area as it scores (``3 Frank Nitti`` 12, a
        complete set at its set value), and, for the sides the exclusion rule leaves
        at 0, one item taking their points away.  Hands cost nothing in ``capone``."""
        cards = self.variant.cards
        out: list[list[tuple[str, int]]] = []
        for area in self.areas:
            items: list[tuple[str, int]] = []
            for g in range(NG):
                n = area[g]
                if n:
                    label = f"{n} {_name(g)}"
                    if n == self.copies[g]:
                        label = f"{COMPLETE_SET}{label}"
                    items.append((label, cards.area_points(g, n)))
            out.append(items)
        winner = self._excluded_by()
        if winner is not None:
            assert self.out_seat is not None
            who = " & ".join(f"p{s}" for s in self.variant.sides[winner])
            full = self.copies[AL_CAPONE]
            for side, items in enumerate(out):
                if side != winner:
                    lost = sum(points for _, points in items)
                    items.append((f"{EXCLUDED}{who} went out with all {full} "
                                  f"{_name(AL_CAPONE)} melded", -lost))
        return out

    def tallies(self, actions: Sequence[Action]) -> dict[str, int]:
        """Complete sets scored (by every side) and whether the exclusion rule struck."""
        items = [label for side in self.breakdown() for label, _ in side]
        return {"complete sets": sum(label.startswith(COMPLETE_SET) for label in items),
                "exclusions": int(any(label.startswith(EXCLUDED) for label in items))}

    def observer(self) -> CaponeObserver:
        return CaponeObserver()

    def reveal(self) -> dict[str, Any]:
        return {
            "hands": [sorted(KINDS[k] for k in range(NK) for _ in range(h[k])) for h in self.hands],
            "areas": [{KINDS[g]: a[g] for g in range(NG) if a[g]} for a in self.areas],
            "stock_size": len(self.stock),
            "discard_size": len(self.discard),
            "discard_top": KINDS[self.discard[-1]] if self.discard else None,
        }

    def determinize(self, seat: int, rng: Random) -> Self:
        """A position ``seat`` could be in, every card it cannot see redealt by ``rng``."""
        return determinize(self, seat, rng)

    def determinizer(self, seat: int, track: bool = True, beliefs: bool = False
                     ) -> Callable[[Random], Self]:
        return determinizer(self, seat, track, beliefs)
