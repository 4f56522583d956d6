"""A whole game: hands dealt from a seed (or forced decks) until a side reaches the target."""

from __future__ import annotations

import copy
import dataclasses
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import IllegalActionError, RecordError
from .userinput import shown
from .variant import Action, HandState, Observation, Variant, check_seat

RECORD_FORMAT = "tablerummy/1"

SECRET_SEED_BITS = 128
"""Bits of a seed drawn when none is given: too many to search for the deal one sees."""


def secret_seed() -> int:
    """A fresh seed from the operating system's cryptographic source (``secrets``).

    A game dealt from it cannot be predicted from the cards a player sees: with 2**128
    seeds, searching for the ones that deal a given hand is out of reach.  Seeds chosen
    by hand (simulations, tests, scenario records) stay small and reproducible.
    """
    import secrets  # here: simulations and verify give their seeds (and start sooner)

    return secrets.randbits(SECRET_SEED_BITS)


def deck_difference(given: Counter[str], full: Counter[str], name: str, limit: int = 3) -> str:
    """Why a stacked deck is not the variant's deck, naming the cards: a user who typed
    the deck by hand needs to know which card to fix, not only that the counts differ."""

    def listed(cards: Counter[str]) -> str:
        kinds = sorted(cards.items())
        names = ", ".join(shown(c) + (f" ×{n}" if n > 1 else "") for c, n in kinds[:limit])
        return names + (f" and {len(kinds) - limit} more" if len(kinds) > limit else "")

    parts = []
    if extra := given - full:
        parts.append(f"{listed(extra)} too many (duplicated or not a card of this game)")
    if missing := full - given:
        parts.append(f"{listed(missing)} missing")
    counts = f"{sum(given.values())} cards given, {sum(full.values())} expected"
    return f"the deck is not a permutation of the {name} deck ({counts}): " + "; ".join(parts)


def _rng(seed: int, *path: object) -> random.Random:
    """A generator for one purpose of one game; string seeding is the same on every machine."""
    return random.Random("/".join(["tablerummy", str(seed), *map(str, path)]))


@dataclass
class HandRecord:
    """One hand as played: its deck, the actions so far and, once over, its result."""

    deck: list[str]
    dealer: int
    actions: list[Action] = field(default_factory=list)
    scores: list[int] | None = None
    final: HandState | None = None
    views: dict[int, Observation] = field(default_factory=dict)
    """The finished hand's observation per seat, built once (the hand no longer changes)."""


class Game:
    """Hands until the target score: dealer rotation, running totals, ties → one more hand.

    ``seed`` drives every hand that has no forced deck, and the first dealer when none is
    given, so a seed alone reproduces a whole game on any machine.  There are two kinds:

    - a *chosen* seed (``tablerummy simulate --seed``, tests, scenario records): small,
      known, so that a run can be repeated;
    - a *secret* seed, drawn by :func:`secret_seed` when none is given (every game the web
      server deals): 128 bits from ``secrets``, kept server-side and written into the
      record, which is released only when the game is over.
    """

    def __init__(
        self,
        variant: Variant,
        seed: int | None = None,
        first_dealer: int | None = None,
        decks: Sequence[Sequence[str] | None] = (),
        log: bool = False,
    ) -> None:
        self.variant = variant
        self.seed = seed if seed is not None else secret_seed()
        n = variant.players
        if first_dealer is None:
            first_dealer = _rng(self.seed, "dealer").randrange(n)
        elif not 0 <= first_dealer < n:
            raise RecordError(f"first_dealer {shown(first_dealer)} is not a seat (0 … {n - 1})")
        self.first_dealer = first_dealer
        self._forced = list(decks)
        full = Counter(variant.deck())
        for index, deck in enumerate(self._forced):
            if deck is not None and Counter(deck) != full:
                raise RecordError(
                    f"hand {index}: {deck_difference(Counter(deck), full, variant.name)}")
        self._log = log
        self.hands: list[HandRecord] = []
        self.totals = [0] * len(variant.sides)
        self.game_over = False
        self.winner: int | None = None
        self.state: HandState = self._deal()

    # --- dealing and scoring ----------------------------------------------------------

    def _deck_for(self, index: int) -> list[str]:
        forced = self._forced[index] if index < len(self._forced) else None
        if forced is None:
            return self.variant.shuffled_deck(_rng(self.seed, "hand", index))
        return list(forced)

    def _deal(self) -> HandState:
        index = len(self.hands)
        deck = self._deck_for(index)
        dealer = (self.first_dealer + index) % self.variant.players
        self.hands.append(HandRecord(deck=deck, dealer=dealer))
        return self.variant.new_hand(deck, dealer, log=self._log)

    def _hand_over(self) -> None:
        scores = self.state.scores()
        hand = self.hands[-1]
        hand.scores = scores
        hand.final = self.state
        self.totals = [t + s for t, s in zip(self.totals, scores, strict=True)]
        best = max(self.totals)
        if best >= self.variant.target and self.totals.count(best) == 1:
            self.game_over = True
            self.winner = self.totals.index(best)
        else:
            self.state = self._deal()

    # --- playing ----------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        return None if self.game_over else self.state.to_act

    def legal_actions(self) -> list[Action]:
        return [] if self.game_over else self.state.legal_actions()

    def legal_texts(self) -> list[str]:
        """The legal actions' canonical texts, sorted."""
        return sorted(self.variant.action_text(a) for a in self.legal_actions())

    def parse(self, text: str) -> Action:
        return self.variant.parse_action(text)

    def apply(self, action: Action | str, seat: int | None = None, checked: bool = True) -> None:
        """Play an action (value or text) for the seat to act.

        ``seat`` is who claims to act (the network, a hot-seat player); checked play
        raises :class:`IllegalActionError` and changes nothing.
        """
        if isinstance(action, str):
            action = self.variant.parse_action(action)
        if self.game_over:
            raise IllegalActionError(seat, self.variant.action_text(action), "the game is over")
        if checked:
            check_seat(self.state, seat, action)
            action = self.state.check(action)
        else:
            action = self.state.normalize(action)
        self.state.apply_unchecked(action)
        self.hands[-1].actions.append(action)
        if self.state.is_over:
            self._hand_over()

    def apply_legal(self, action: Action) -> None:
        """Play an action exactly as :meth:`legal_actions` listed it: no parsing, no
        check, nothing to normalize — the path of simulations, which pick from that list."""
        state = self.state
        state.apply_unchecked(action)
        self.hands[-1].actions.append(action)
        if state.end is not None:
            self._hand_over()

    def copy(self) -> Game:
        """An independent copy, as cheap as the hand state's :meth:`HandState.copy`.

        Finished hands are immutable and shared; the hand being played is copied.
        """
        clone = copy.copy(self)
        clone.hands = [*self.hands[:-1], dataclasses.replace(
            self.hands[-1], actions=list(self.hands[-1].actions))]
        clone.totals = list(self.totals)
        clone.state = self.state.copy()
        return clone

    # --- views ------------------------------------------------------------------------

    def observation(self, seat: int) -> Observation:
        """The current hand as ``seat`` sees it, with the game's scores around it."""
        if not 0 <= seat < self.variant.players:
            raise IllegalActionError(seat, "observe", f"there is no seat p{seat} at this table")
        obs = self.state.observation(seat)
        obs.update(
            hand_number=len(self.hands) - 1,
            sides=[list(s) for s in self.variant.sides],
            totals=list(self.totals),
            target=self.variant.target,
            game_over=self.game_over,
            winner=self.winner,
            hand_scores=[h.scores for h in self.hands if h.scores is not None],
        )
        last = self._last_finished()
        if last is not None:  # so that a front end can show how the last hand was scored
            view = last.views.get(seat)
            if view is None:
                assert last.final is not None
                view = last.views[seat] = last.final.observation(seat)
            obs["last_hand"] = view  # shared between calls: read it, do not change it
        if self.game_over:
            obs["to_act"] = None
        return obs

    def _last_finished(self) -> HandRecord | None:
        for hand in reversed(self.hands[-2:]):  # the current hand, or the one before
            if hand.final is not None:
                return hand
        return None

    def compact_observation(self, seat: int) -> Any:
        """The current hand as ``seat`` sees it, in the engine's compact form (for bots
        that read it: :data:`tablerummy.bots.COMPACT`); the game's scores are not in it."""
        if not 0 <= seat < self.variant.players:
            raise IllegalActionError(seat, "observe", f"there is no seat p{seat} at this table")
        return self.state.compact_observation(seat)

    def events(self, seat: int | None, hand: int | None = None, start: int = 0) -> list[str]:
        """A hand's events in words, as ``seat`` may read them (None: public).

        ``hand`` is the hand's index (default: the current one); the game must have been
        created with ``log=True`` for there to be any.  ``start``: only the events from
        that one on (a hand's log only grows).
        """
        record = self.hands[-1 if hand is None else hand]
        state = record.final if record.final is not None else self.state
        return state.events(seat, start)

    def to_record(self) -> dict[str, Any]:
        """The game record (SPEC ``tablerummy/1``) with every deck filled in."""
        text = self.variant.action_text
        cards = self.variant.card_values
        return {
            "format": RECORD_FORMAT,
            "variant": self.variant.name,
            "options": dict(self.variant.options),
            **({"cards": cards} if cards else {}),
            "seed": self.seed,
            "first_dealer": self.first_dealer,
            "hands": [
                {"deck": list(h.deck), "actions": [text(a) for a in h.actions]}
                for h in self.hands
                if h.actions or h is self.hands[0]
            ],
        }
