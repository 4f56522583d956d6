"""The shape of one variant's entry in the conformance table."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from tablerummy.variant import Action, HandState, Observation, Variant

Places = dict[str, dict[str, int]]
"""For every place (``"hand p1"``, ``"area 0"``, ``"stock"`` …) its cards, as counts.

Together they must hold every physical card of the deck exactly once.  Places are
coarse (``"stock"``, not a depth in it): conservation is about which pile or hand holds
a card; order inside a pile is the resampler's business.
"""


def no_check(*_: object) -> None:
    """The default of the optional hooks: nothing more to check."""


def meld_tokens(words: list[str], card_ids: frozenset[str]) -> list[int]:
    """Positions of a meld's cards: after ``meld``, card ids and ``CARD=STANDS-FOR`` words.

    SPEC: "any order of the cards in a meld" must parse.  Other words (``wild=SUSPECT``)
    keep their place; a variant whose melds differ gives its own function.
    """
    if "meld" not in words:
        return []
    start = words.index("meld") + 1
    return [i for i in range(start, len(words)) if words[i].split("=")[0] in card_ids]


@dataclass(frozen=True)
class VariantEntry:
    """What the generic tests need to know about one variant, written from its rules.

    ``places(state)`` returns every card's location and raises ``AssertionError`` on an
    impossible layout (a negative count, a size that disagrees with the cards).
    ``hide(state, seat, rng)`` returns a copy in which every card hidden from ``seat`` is
    dealt again at random, keeping every pile's and hand's size.
    ``rule_scores(final_state, last_actor)`` re-computes a finished hand's score per side
    from the rulebook; ``last_actor`` is the seat whose action ended the hand.
    """

    name: str
    option_sets: tuple[Mapping[str, object], ...]
    card_count: int
    deck: Mapping[str, int]
    """Copies of every card id, typed from the rules (the engine's deck must match)."""
    places: Callable[[HandState], Places]
    hide: Callable[[HandState, int, random.Random], HandState]
    rule_scores: Callable[[HandState, int], list[int]]
    observation_keys: frozenset[str]
    """Every key ``HandState.observation`` may hold; anything else is a possible leak."""
    ends: frozenset[str]
    """The ``end`` values a hand of this variant may finish with (SPEC ``verify``)."""
    check_state: Callable[[HandState], None] = no_check
    """Cheap rule invariants of every state (e.g. a turn never starts on an empty stock)."""
    check_observation: Callable[[Observation, HandState, int, Places], None] = no_check
    """That the observation shows the seat what it may know (its hand, the areas …);
    gets the state's ``places`` too, already computed."""
    check_final: Callable[[HandState, int], None] = no_check
    """That the hand ended for a reason the rules give."""
    action_universe: Callable[[Variant], Sequence[Action]] | None = None
    """Candidates for illegal-action probes (every action value, where enumerable)."""
    meld_positions: Callable[[list[str], frozenset[str]], list[int]] = meld_tokens
    """Word positions of an action text whose order must not matter."""
    games: int = 2000
    """Games of the slow conformance run, spread over the option sets and bot line-ups."""
    max_hands: int | None = None
    """Stop a game after this many hands (checked as far as it went, totals and record
    included): where scores can fall, random bots may never reach the target."""

    @property
    def card_ids(self) -> frozenset[str]:
        return frozenset(self.deck)
