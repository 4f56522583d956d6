"""One hand of Jack the Ripper: the position, its legal actions and their effects.

Hands and play areas are count vectors indexed by card kind; a wild card in an area is
counted under ``wild`` and, in ``wilds``, under the suspect it stands for.  The piles are
lists with the top card last.  Besides the turn (vote → draw → play → discard) a hand
has short out-of-turn phases — the secret votes, Commissioner Resigns' discards, the
chance to play Ripper Escapes — and the follow-up choices of a Scene and Ripper Strikes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import chain, compress
from random import Random
from typing import TYPE_CHECKING, Any, Self

from ..events import how_many, listed, their, who, whose
from ..mystery import REPETITION_TOLD, MysteryState, deal_counts
from ..variant import Action
from . import actions as A
from .beliefs import leanings as new_leanings
from .beliefs import note as leaning_note
from .cards import (
    ALIBI,
    COMMISSIONER,
    ESCAPES,
    GAVEL_KINDS,
    KINDS,
    LETTERS,
    NAMES,
    NK,
    NS,
    NV,
    SCENE,
    SUSPECT,
    SUSPECTS,
    VICTIM,
    WILD,
)
from .determinize import determinize, determinizer, track
from .observer import RipperObserver
from .phases import Phase
from .scoring import ESCAPES_HELD, VOTE_CORRECT, HandResult, score_hand
from .scoring import breakdown as _breakdown

if TYPE_CHECKING:
    from .variant import Ripper

DRAW, VOTE, PLAY, TAKE, EXTRA, STRIKE, RESIGN, ESCAPE, OVER = (int(phase) for phase in Phase)
"""The :class:`~.phases.Phase` numbers as plain ints: the engine compares them at every
move, and CPython's fast paths take exact ints only (an ``IntEnum`` member is not one)."""
_DISCARDS = range(A.DISCARD, A.DISCARD + NK)
"""The discard action of each card kind, in kind order."""
HAND_SIZES = {2: 10, 3: 9, 4: 8}
LAST_CARD = "you must keep a card to discard: a player never plays their last hand card"


def _name(kind: int) -> str:
    return NAMES[KINDS[kind]]


def _card_list(cards: Sequence[int]) -> str:
    return listed(_name(c) for c in cards)


class RipperState(MysteryState):
    """A hand of ``ripper``; build it with :meth:`Ripper.new_hand`."""

    __slots__ = (
        "actor",
        "areas",
        "cards",
        "dealer",
        "end",
        "escaper",
        "extra",
        "gavel_played",
        "hands",
        "leanings",
        "log",
        "out_seat",
        "outcome",
        "phase",
        "players",
        "quiet",
        "repeat_stock",
        "repeats",
        "resign_end",
        "resign_queue",
        "result",
        "seat",
        "shown",
        "sizes",
        "stock",
        "variant",
        "victims",
        "vote_caller",
        "votes",
        "wilds",
        "yard",
    )

    variant: Ripper
    hands: list[list[int]]
    sizes: list[int]
    areas: list[list[int]]
    wilds: list[list[int]]
    stock: list[int]
    yard: list[int]
    seat: int
    actor: int
    phase: int
    gavel_played: bool
    victims: int
    vote_caller: int | None
    votes: list[int | None]
    extra: int | None
    resign_queue: list[int]
    resign_end: bool
    out_seat: int | None
    escaper: int | None
    outcome: str | None
    result: HandResult | None

    def __init__(self, variant: Ripper, deck: Sequence[str] | None = None, dealer: int = 0,
                 log: bool = False):
        super().__init__(variant)
        if deck is None:  # a blank for copy() to fill in
            return
        n = variant.players
        self.players = n
        self.cards = variant.cards
        self.dealer = dealer
        self.log = [] if log else None
        size = HAND_SIZES[n]
        self.hands, self.yard, self.stock = deal_counts(KINDS, deck, n, size, dealer)
        self.sizes = [size] * n
        self.areas = [[0] * NK for _ in range(n)]
        self.wilds = [[0] * NS for _ in range(n)]
        self.seat = self.actor = (dealer + 1) % n
        self.phase = DRAW
        self.gavel_played = False
        self.victims = 0
        self.vote_caller = None
        self.votes = [None] * n
        self.extra = None
        self.resign_queue = []
        self.resign_end = False
        self.end = None
        self.out_seat = None
        self.escaper = None
        self.outcome = None
        self.result = None
        self.shown = [[0] * NK for _ in range(n)]
        self.leanings = new_leanings(n)
        self.repeats = {}
        self.repeat_stock = -1
        self.quiet = 0

    def copy(self) -> Self:
        new = self._copy_shared()
        new.cards = self.cards
        new.wilds = [w[:] for w in self.wilds]
        new.yard = self.yard[:]
        new.actor = self.actor
        new.victims = self.victims
        new.vote_caller = self.vote_caller
        new.votes = self.votes[:]
        new.extra = self.extra
        new.resign_queue = self.resign_queue[:]
        new.resign_end = self.resign_end
        new.escaper = self.escaper
        new.outcome = self.outcome
        new.result = self.result
        return new

    def _position(self) -> tuple[int | None, ...]:
        # everything but Scotland Yard has a fixed size, so it goes last with no length
        return (self.seat, self.vote_caller, self.victims, *self.votes, *chain(*self.hands),
                *chain(*self.areas), *chain(*self.wilds), *self.yard)

    # --- queries ------------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        return None if self.end is not None else self.actor

    def evidence(self, seat: int, kind: int) -> int:
        """Evidence of ``kind`` in ``seat``'s area, wild cards standing for it included."""
        area = self.areas[seat][kind]
        return area + self.wilds[seat][kind] if kind < NS else area

    def melded(self, kind: int) -> bool:
        """A meld of ``kind`` lies on the table: some area holds 3 or more of it."""
        # Plain loops over the areas, not any() of evidence(): the legal moves ask this
        # for every Evidence kind in hand, at every decision of a bot or an RL
        # environment, and a loop is half the time of any() of a generator.
        if kind < NS:
            for area, wild in zip(self.areas, self.wilds, strict=True):
                if area[kind] + wild[kind] >= 3:
                    return True
            return False
        for area in self.areas:  # noqa: SIM110
            if area[kind] >= 3:
                return True
        return False

    def in_play(self, s: int) -> bool:
        """Evidence of suspect ``s`` lies in some area (Suspect and Alibi need it)."""
        for area, wild in zip(self.areas, self.wilds, strict=True):  # noqa: SIM110 (as above)
            if area[s] or wild[s]:
                return True
        return False

    def has_meld(self, seat: int) -> bool:
        """What calling a vote needs: a meld (3+ of a suspect or of Letters) in one's area."""
        area, wild = self.areas[seat], self.wilds[seat]
        if area[LETTERS] >= 3:
            return True
        for k in range(NS):  # noqa: SIM110 (as in melded)
            if area[k] + wild[k] >= 3:
                return True
        return False

    def holder(self, kind: int, besides: int) -> int | None:
        """The player other than ``besides`` holding ``kind`` in their area."""
        for p in range(self.players):
            if p != besides and self.areas[p][kind]:
                return p
        return None

    def escapes_holder(self) -> int | None:
        for p in range(self.players):
            if self.hands[p][ESCAPES]:
                return p
        return None

    # --- legal actions ------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == PLAY:
            return self._play_actions()
        if phase == DRAW:
            acts: list[Action] = []
            if self.vote_caller is None and self.has_meld(self.seat):
                acts.append(A.VOTE_CALL)
            if self.stock:
                acts.append(A.DRAW_STOCK)
            if self.yard:
                acts.append(A.DRAW_DISCARD)
            return acts
        if phase == VOTE:
            return [A.VOTE + s for s in range(NS)]
        if phase == TAKE:
            present = set(self.yard)
            return [A.TAKE + k for k in range(NK) if k in present]
        if phase == EXTRA:
            assert self.extra is not None
            acts = []
            self._gavel_forms(acts, self.extra, self.hands[self.seat], self.sizes[self.seat])
            acts.append(A.PASS)
            return acts
        if phase == STRIKE:
            acts = []
            hand = self.hands[self.seat]
            for v in range(NV):
                if hand[VICTIM + v]:
                    self._gavel_forms(acts, VICTIM + v, hand, self.sizes[self.seat])
            return acts
        if phase == RESIGN:
            return list(compress(_DISCARDS, self.hands[self.actor]))
        if phase == ESCAPE:
            return [A.ESCAPE, A.PASS]
        return []

    def _play_actions(self) -> list[Action]:
        seat = self.seat
        hand = self.hands[seat]
        size = self.sizes[seat]
        acts: list[Action] = []
        if size >= 2:
            if self.victims:
                self._evidence_actions(acts, seat, hand, size - 1)
            if not self.gavel_played:
                for k in compress(GAVEL_KINDS, hand[SUSPECT:ESCAPES]):
                    self._gavel_forms(acts, k, hand, size)
        if hand[ESCAPES] and self.victims == NV:
            acts.append(A.ESCAPE)
        acts.extend(compress(_DISCARDS, hand))  # (compress: the kinds in hand, at C speed)
        return acts

    def _evidence_actions(self, acts: list[Action], seat: int, hand: list[int],
                          most: int) -> None:
        """Melds and layoffs of at most ``most`` cards (one card is kept to discard)."""
        index = A.MELD_INDEX
        wild = hand[WILD]
        letters = hand[LETTERS]
        for n in range(3, min(letters, most) + 1):
            acts.append(A.MELD + index[(LETTERS, n, 0)])
        if letters and self.melded(LETTERS):
            acts.append(A.LAYOFF + LETTERS)
        for s in range(NS):
            c = hand[s]
            if c:
                for w in range(min(wild, 2) + 1):
                    for n in range(max(1, 3 - w), c + 1):
                        if n + w <= most:
                            acts.append(A.MELD + index[(s, n, w)])
                if self.melded(s):
                    acts.append(A.LAYOFF + s)
        if wild:
            wilds = self.wilds[seat]
            area = self.areas[seat]
            for s in range(NS):
                if area[s] + wilds[s]:
                    acts.append(A.LAYOFF_WILD + s)

    def _gavel_forms(self, acts: list[Action], k: int, hand: list[int], size: int) -> None:
        """Every legal way to play Gavel card ``k`` now (the one-a-turn limit aside)."""
        if size < 2:
            return
        if k < ALIBI:
            s = k - SUSPECT
            if self.in_play(s):
                acts.append(A.PLAY_SUSPECT + s)
        elif k < VICTIM:
            s = k - ALIBI
            if self.in_play(s):
                acts.append(A.PLAY_ALIBI + s)
        elif k < SCENE:
            v = k - VICTIM
            acts.append(A.VICTIM_DRAW + v)
            if self.holder(SCENE + v, self.seat) is not None:
                acts.append(A.VICTIM_SCENE + v)
        elif k < COMMISSIONER:
            v = k - SCENE
            acts.append(A.SCENE_SEARCH + v)
            if self.holder(VICTIM + v, self.seat) is not None:
                acts.append(A.SCENE_VICTIM + v)
        elif k == COMMISSIONER:
            acts.append(A.RESIGN)
        else:
            acts.append(A.STRIKES_DRAW)
            if size >= 3 and any(hand[VICTIM + v] for v in range(NV)):
                acts.append(A.STRIKES_VICTIM)

    # --- the checked path's explanation -------------------------------------------------

    def why_illegal(self, action: Action) -> str:
        if not isinstance(action, int) or not 0 <= action < A.NUM_ACTIONS:
            return "not a ripper action"
        if self.end is not None:
            return "the hand is over"
        phase = self.phase
        actor = f"p{self.actor}"
        if phase == VOTE:
            if A.VOTE <= action < A.MELD:
                return "votes are cast one at a time"
            return f"a vote was called: {actor} must vote for a suspect first ('vote SUSPECT')"
        if phase == RESIGN:
            if A.DISCARD <= action < A.TAKE:
                return f"you have no {_name(action - A.DISCARD)} in hand"
            return f"Commissioner Resigns: {actor} must discard a card first ('discard CARD')"
        if phase == ESCAPE:
            return (f"the fifth Victim is in play: {actor} may 'play ripper-escapes' or 'pass'"
                    " first")
        if phase == TAKE:
            if A.TAKE <= action < A.PLAY_SUSPECT:
                return f"there is no {_name(action - A.TAKE)} in Scotland Yard"
            return "choose the card to take from Scotland Yard first: 'take CARD'"
        if phase == EXTRA:
            assert self.extra is not None
            return (f"you may play the {_name(self.extra)} you took as an extra Gavel card,"
                    " or 'pass'")
        if phase == STRIKE:
            if A.card_of(action) in range(VICTIM, SCENE):
                return f"you have no {_name(A.card_of(action))} in hand"
            return "Ripper Strikes: play a Victim from your hand ('play victim-… …')"
        if action == A.PASS:
            return "'pass' only declines Ripper Escapes or a taken Gavel card"
        if action in (A.VOTE_CALL,) or A.VOTE <= action < A.MELD:
            return self._why_vote(action)
        if phase == DRAW:
            if action in (A.DRAW_STOCK, A.DRAW_DISCARD):
                return "that pile is empty"
            return "draw first: 'draw stock' or 'draw discard' (or 'vote call' before drawing)"
        if action in (A.DRAW_STOCK, A.DRAW_DISCARD):
            return "you have already drawn this turn"
        if A.TAKE <= action < A.PLAY_SUSPECT:
            return "'take' only follows a Scene's search of Scotland Yard"
        seat = self.seat
        hand = self.hands[seat]
        if A.DISCARD <= action < A.TAKE:
            return f"you have no {_name(action - A.DISCARD)} in hand"
        if action == A.ESCAPE:
            if not hand[ESCAPES]:
                return "you do not hold Ripper Escapes"
            return f"Ripper Escapes needs all 5 Victims in play ({self.victims} are)"
        if action < A.DISCARD:
            return self._why_evidence(action, hand)
        card = A.card_of(action)
        if not hand[card]:
            return f"you have no {_name(card)} in hand"
        if self.gavel_played:
            return "you may play only one Gavel card a turn"
        if self.sizes[seat] < 2:
            return LAST_CARD
        return self._why_gavel(action, card)

    def _why_vote(self, action: int) -> str:
        if action != A.VOTE_CALL:
            return "nobody called a vote"
        if self.vote_caller is not None:
            return "a vote may be called only once a hand"
        if self.phase != DRAW:
            return "a vote is called at the start of your turn, before you draw"
        return "to call a vote you need a meld (3 or more Evidence, Letters count) in your area"

    def _why_evidence(self, action: int, hand: list[int]) -> str:
        if not self.victims:
            return "no Evidence may be played until a Victim is in play"
        if action < A.LAYOFF:
            kind, n, w = A.MELD_FORMS[action - A.MELD]
            if hand[kind] < n:
                return f"you hold only {hand[kind]} {_name(kind)}"
            if hand[WILD] < w:
                return f"you hold only {hand[WILD]} Wild Evidence"
            return LAST_CARD
        if action < A.LAYOFF_WILD:
            kind = action - A.LAYOFF
            if not hand[kind]:
                return f"you have no {_name(kind)} in hand"
            if not self.melded(kind):
                return f"no meld of {_name(kind)} lies on the table to lay off onto"
            return LAST_CARD
        s = action - A.LAYOFF_WILD
        if not hand[WILD]:
            return "you have no Wild Evidence in hand"
        if not (self.areas[self.seat][s] + self.wilds[self.seat][s]):
            return (f"a wild card must make a meld or match a card in your own area:"
                    f" you have no {_name(s)} there")
        return LAST_CARD

    def _why_gavel(self, action: int, card: int) -> str:
        if card < VICTIM:
            s = (card - SUSPECT) if card < ALIBI else (card - ALIBI)
            return (f"{_name(card)} needs Evidence of {_name(s)} in play")
        if A.VICTIM_SCENE <= action < A.SCENE_SEARCH:
            v = action - A.VICTIM_SCENE
            return f"no other player has {_name(SCENE + v)} in their area"
        if A.SCENE_VICTIM <= action < A.RESIGN:
            v = action - A.SCENE_VICTIM
            return f"no other player has {_name(VICTIM + v)} in their area"
        if action == A.STRIKES_VICTIM:
            if not any(self.hands[self.seat][VICTIM + v] for v in range(NV)):
                return "Ripper Strikes: you have no Victim in hand to play"
            return f"Ripper Strikes: {LAST_CARD}"
        return "not playable now"

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
        if action == A.DRAW_STOCK:
            drawn = self._draw(seat, 1)
            self.phase = PLAY
            if self.log is not None:
                self._say(f"{who(seat)} drew a card from the Case File",
                          {seat: f"{who(seat)} drew {_card_list(drawn)} from the Case File"})
        elif action == A.DRAW_DISCARD:
            c = self.yard.pop()
            self.hands[seat][c] += 1
            self.sizes[seat] += 1
            self.phase = PLAY
            if self.log is not None:
                self._say(f"{who(seat)} took {_name(c)} from Scotland Yard")
        elif action == A.VOTE_CALL:
            self.vote_caller = seat
            self.phase = VOTE
            if self.log is not None:
                self._say(f"{who(seat)} called a vote: every player secretly names the Ripper")
        elif action < A.MELD:
            self._vote(action - A.VOTE)
        elif action < A.DISCARD:
            self._evidence(seat, action)
        elif action < A.TAKE:
            if self.phase == RESIGN:
                self._forced_discard(action - A.DISCARD)
            else:
                self._discard(seat, action - A.DISCARD)
        elif action < A.PLAY_SUSPECT:
            self._take(seat, action - A.TAKE)
        elif action == A.PASS:
            if self.log is not None:
                if self.phase == ESCAPE:  # whose decision it was is public: only they know
                    self._say(f"{who(self.actor)} let the moment pass: the Ripper does not"
                              " escape now",
                              {self.actor: f"{who(self.actor)} kept Ripper Escapes in hand:"
                                           " the Ripper does not escape now"})
                else:
                    assert self.extra is not None
                    self._say(f"{who(seat)} kept {_name(self.extra)} in hand rather than"
                              " play it at once")
            self.phase = PLAY
            self.actor = seat
            self.extra = None
        elif action == A.ESCAPE:
            self._escape()
        else:
            self._play_gavel(seat, action)

    def _vote(self, s: int) -> None:
        voter = self.actor
        self.votes[voter] = s
        if self.log is not None:
            self._say(f"{who(voter)} voted (secretly)",
                      {voter: f"{who(voter)} voted for {_name(s)} (secretly)"})
        following = (voter + 1) % self.players
        if following == self.vote_caller:
            self.phase = DRAW
            self.actor = self.seat
        else:
            self.actor = following

    def _evidence(self, seat: int, action: int) -> None:
        hand = self.hands[seat]
        area = self.areas[seat]
        if action < A.LAYOFF:
            kind, n, w = A.MELD_FORMS[action - A.MELD]
            hand[kind] -= n
            area[kind] += n
            if w:
                hand[WILD] -= w
                area[WILD] += w
                self.wilds[seat][kind] += w
            self.sizes[seat] -= n + w
            if self.log is not None:
                wild = f" ({w} of them Wild Evidence)" if w else ""
                self._say(f"{who(seat)} melded {n + w} {_name(kind)}{wild}")
        elif action < A.LAYOFF_WILD:
            kind = action - A.LAYOFF
            hand[kind] -= 1
            area[kind] += 1
            self.sizes[seat] -= 1
            if self.log is not None:
                self._say(f"{who(seat)} laid off {_name(kind)}")
        else:
            s = action - A.LAYOFF_WILD
            hand[WILD] -= 1
            area[WILD] += 1
            self.wilds[seat][s] += 1
            self.sizes[seat] -= 1
            if self.log is not None:
                self._say(f"{who(seat)} laid off Wild Evidence as {_name(s)}")

    def _discard(self, seat: int, c: int) -> None:
        self.hands[seat][c] -= 1
        self.sizes[seat] -= 1
        self.yard.append(c)
        if self.log is not None:
            self._say(f"{who(seat)} discarded {_name(c)}")
        if self.sizes[seat] == 0:
            self._finish("went-out", seat)
        elif self.resign_end:
            self._finish("commissioner-resigns", None)
        elif not self.stock:
            self._finish("stock-exhausted", None)
        else:
            self.seat = self.actor = (seat + 1) % self.players
            self.phase = DRAW
            self.gavel_played = False
            if self._repeated():
                self._finish("repetition", None)

    def _forced_discard(self, c: int) -> None:
        p = self.resign_queue.pop(0)
        self.hands[p][c] -= 1
        self.sizes[p] -= 1
        self.yard.append(c)
        if self.sizes[p] == 0:
            self.resign_end = True
        if self.log is not None:
            last = f"; that was {their(p)} last card" if self.sizes[p] == 0 else ""
            self._say(f"{who(p)} discarded {_name(c)} (Commissioner Resigns){last}")
        self._next_resign()

    def _next_resign(self) -> None:
        while self.resign_queue and not self.sizes[self.resign_queue[0]]:
            self.resign_queue.pop(0)
        if self.resign_queue:
            self.actor = self.resign_queue[0]
        else:
            self.phase = PLAY
            self.actor = self.seat

    def _take(self, seat: int, c: int) -> None:
        yard = self.yard
        at = len(yard) - 1 - yard[::-1].index(c)  # the topmost copy
        del yard[at]
        self.hands[seat][c] += 1
        self.sizes[seat] += 1
        if self.log is not None:
            self._say(f"{who(seat)} took {_name(c)} from Scotland Yard and showed it")
        self.phase = PLAY
        if c in GAVEL_KINDS:
            forms: list[Action] = []
            self._gavel_forms(forms, c, self.hands[seat], self.sizes[seat])
            if forms:
                self.phase = EXTRA
                self.extra = c

    def _play_gavel(self, seat: int, action: int) -> None:
        card = A.card_of(action)
        hand = self.hands[seat]
        area = self.areas[seat]
        hand[card] -= 1
        self.sizes[seat] -= 1
        self.gavel_played = True
        self.extra = None
        self.phase = PLAY
        log = self.log is not None
        if card < VICTIM:  # Suspect or Alibi
            area[card] += 1
            if log:
                self._say(f"{who(seat)} played {_name(card)}")
        elif card < SCENE:
            v = card - VICTIM
            area[card] += 1
            self.victims += 1
            if action < A.VICTIM_SCENE:
                drawn = self._draw(seat, 2)
                if log:
                    self._say(f"{who(seat)} played {_name(card)} and drew {how_many(len(drawn))}",
                              {seat: f"{who(seat)} played {_name(card)} and drew"
                                     f" {_card_list(drawn)}"})
            else:
                other = self._move(SCENE + v, seat)
                if log:
                    self._say(f"{who(seat)} played {_name(card)} and took {_name(SCENE + v)}"
                              f" from {whose(other)} area")
            if self.victims == NV:
                holder = self.escapes_holder()
                if holder is not None and holder != seat:
                    self.phase = ESCAPE
                    self.actor = holder
                    if log:
                        self._say("all 5 Victims are in play: the Ripper may escape now",
                                  {holder: "all 5 Victims are in play: you may play Ripper"
                                           " Escapes now, out of turn"})
        elif card < COMMISSIONER:
            v = card - SCENE
            area[card] += 1
            if action < A.SCENE_VICTIM:
                if log:
                    found = "" if self.yard else ": it is empty"
                    self._say(f"{who(seat)} played {_name(card)} and searched Scotland"
                              f" Yard{found}")
                if self.yard:
                    self.phase = TAKE
            else:
                other = self._move(VICTIM + v, seat)
                if log:
                    self._say(f"{who(seat)} played {_name(card)} and took {_name(VICTIM + v)}"
                              f" from {whose(other)} area")
        elif card == COMMISSIONER:
            self.yard.append(card)
            n = self.players
            self.resign_queue = [(seat + i) % n for i in range(1, n)]
            self.phase = RESIGN
            if log:
                self._say(f"{who(seat)} played Commissioner Resigns: every other player"
                          " discards a card")
            self._next_resign()
        else:
            self.yard.append(card)
            if action == A.STRIKES_DRAW:
                drawn = self._draw(seat, 2)
                if log:
                    self._say(f"{who(seat)} played Ripper Strikes and drew {how_many(len(drawn))}",
                              {seat: f"{who(seat)} played Ripper Strikes and drew"
                                     f" {_card_list(drawn)}"})
            else:
                self.phase = STRIKE
                if log:
                    self._say(f"{who(seat)} played Ripper Strikes to play a Victim at once")

    def _move(self, card: int, seat: int) -> int:
        """Move ``card`` from the other area holding it into ``seat``'s; return its owner."""
        other = self.holder(card, seat)
        assert other is not None
        self.areas[other][card] -= 1
        self.areas[seat][card] += 1
        return other

    def _escape(self) -> None:
        p = self.actor
        self.hands[p][ESCAPES] -= 1
        self.sizes[p] -= 1
        self.areas[p][ESCAPES] += 1
        self.escaper = p
        if self.log is not None:
            out = "" if p == self.seat else " out of turn"
            self._say(f"{who(p)} played Ripper Escapes{out}: the Ripper escapes")
        self._finish("ripper-escapes", None)

    def _finish(self, end: str, out_seat: int | None) -> None:
        self.end = end
        self.out_seat = out_seat
        self.phase = OVER
        if end == "ripper-escapes":
            self.outcome = "escaped"
        elif self.stock and end != "repetition":  # scored as if the Case File were used up
            self.outcome = "caught"
        else:
            self.outcome = "at-large"
        self.result = score_hand(self.outcome, self.areas, self.wilds, self.hands, self.votes,
                                 self.cards)
        if self.log is not None:
            self._say_end(end, out_seat)

    def _say_end(self, end: str, out_seat: int | None) -> None:
        """Who went out, how the hand ended, the Ripper's fate, the votes and the scores."""
        assert self.result is not None
        if out_seat is not None:
            self._say(f"{who(out_seat)} went out")
        emptied = [p for p in range(self.players) if not self.sizes[p]]
        if end == "went-out" and out_seat is not None:
            how = f"{who(out_seat)} went out"
        elif end == "ripper-escapes" and self.escaper is not None:
            how = f"{who(self.escaper)} played Ripper Escapes"
        elif end == "commissioner-resigns":
            how = (" and ".join(who(p) for p in emptied)
                   + " discarded the last card for Commissioner Resigns")
        elif end == "repetition":
            how = REPETITION_TOLD
        else:
            how = "the Case File is used up"
        ripper = self.result.ripper
        if self.outcome == "caught":
            fate = (f"the Ripper, {_name(ripper)}, is caught" if ripper is not None
                    else "the Ripper is caught")
        else:
            fate = {"escaped": "the Ripper escaped",
                    "at-large": "the Ripper is still at large"}[str(self.outcome)]
        votes = ", ".join(f"{who(p)} for {_name(v)}" for p, v in enumerate(self.votes)
                          if v is not None)
        shown = f"; votes: {votes}" if votes else ""
        scores = ", ".join(f"{who(i)} {s}" for i, s in enumerate(self.result.scores))
        self._say(f"the hand is over: {how}; {fate}{shown}; scores: {scores}")

    # --- results ------------------------------------------------------------------------

    def scores(self) -> list[int]:
        if self.result is None:
            return [0] * self.players
        return list(self.result.scores)

    @property
    def ripper(self) -> int | None:
        """The caught Ripper's suspect index once the hand is over (else None)."""
        return self.result.ripper if self.result is not None else None

    def breakdown(self) -> list[list[tuple[str, int]]]:
        """Per player: Evidence, Suspect, Alibi, Victim and Scene cards as they scored,
        the Ripper's doubling, each card left in hand that cost points, Ripper Escapes
        (played: +35; held: its penalty) and the vote (see :func:`.scoring.breakdown`)."""
        if self.result is None or self.outcome is None:
            return [[] for _ in range(self.players)]
        return _breakdown(self.outcome, self.result, self.areas, self.wilds, self.votes,
                          self.cards)

    def tallies(self, actions: Sequence[Action]) -> dict[str, int]:
        """Ripper Escapes penalties paid and votes that named the caught Ripper."""
        items = [label for side in self.breakdown() for label, _ in side]
        return {"Ripper Escapes held": sum(label.startswith(ESCAPES_HELD) for label in items),
                "correct votes": sum(label.endswith(VOTE_CORRECT) for label in items)}

    def hand_report(self) -> dict[str, Any]:
        ripper = self.ripper
        return {"outcome": self.outcome,
                "ripper": SUSPECTS[ripper] if ripper is not None else None}

    def _areas(self) -> list[dict[str, int]]:
        return [{KINDS[k]: a[k] for k in range(NK) if a[k]} for a in self.areas]

    def _wilds(self) -> list[dict[str, int]]:
        return [{SUSPECTS[s]: w[s] for s in range(NS) if w[s]} for w in self.wilds]

    def observer(self) -> RipperObserver:
        return RipperObserver()

    def reveal(self) -> dict[str, Any]:
        return {
            "hands": [sorted(KINDS[k] for k in range(NK) for _ in range(h[k])) for h in self.hands],
            "areas": self._areas(),
            "wilds": self._wilds(),
            "stock_size": len(self.stock),
            "discard_size": len(self.yard),
            "discard_top": KINDS[self.yard[-1]] if self.yard else None,
            "votes": [SUSPECTS[v] if v is not None else None for v in self.votes],
        }

    def determinize(self, seat: int, rng: Random) -> Self:
        """A position ``seat`` could be in, every card and vote it cannot see redealt."""
        return determinize(self, seat, rng)

    def determinizer(self, seat: int, track: bool = True, beliefs: bool = False
                     ) -> Callable[[Random], Self]:
        return determinizer(self, seat, track, beliefs)
