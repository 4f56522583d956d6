"""The conformance table: one entry per variant.  A new variant adds its entry here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tablerummy.variant import Action, Variant

from . import capone_rules, hidden, oklahoma_rules, ripper_rules
from .entry import VariantEntry


def _capone_actions(variant: Variant) -> Sequence[Action]:
    return range(int(getattr(variant, "num_actions")))  # noqa: B009 - Capone only


def _ripper_actions(variant: Variant) -> Sequence[Action]:
    return range(int(getattr(variant, "num_actions")))  # noqa: B009 - an int action space


RIPPER_GAMES = 180
"""``ripper``'s slow run: 20 games per option set and bot line-up (about 2.5 minutes of
one core); the scenario records and ``tests/test_ripper.py`` cover the rules in detail."""
RIPPER_MAX_HANDS = 8
"""Cards that could not be played cost points in ``ripper``: random bots at four seats
drift below zero and, in most games, never reach 100 (greedy games take 3–5 hands)."""

OKLAHOMA_GAMES = 18
"""Each Oklahoma-family entry's slow run: 2 games per option set and bot line-up (about
30 seconds of one core each); the scenario records and ``tests/test_oklahoma_engine.py``
(enumeration against a direct check on random positions) cover the rules in detail."""
OKLAHOMA_MAX_HANDS = 6
"""Cards caught in hand cost points: random bots at eight seats drift below zero and
never reach the target (greedy games take 3–15 hands)."""


def _oklahoma_actions(variant: Variant) -> Sequence[Action]:
    """Probes: drawing, and discarding every card of the deck (most are not in hand)."""
    return [("draw",), *(("discard", c) for c in range(53))]


def _oklahoma(name: str, option_sets: tuple[dict[str, object], ...],
              deck: Mapping[str, int]) -> VariantEntry:
    return VariantEntry(
        name=name,
        option_sets=option_sets,
        card_count=sum(deck.values()),
        deck=deck,
        places=oklahoma_rules.places,
        hide=hidden.oklahoma,
        rule_scores=oklahoma_rules.rule_scores,
        observation_keys=oklahoma_rules.OBSERVATION_KEYS,
        ends=oklahoma_rules.ENDS,
        check_state=oklahoma_rules.check_state,
        check_observation=oklahoma_rules.check_observation,
        check_final=oklahoma_rules.check_final,
        action_universe=_oklahoma_actions,
        games=OKLAHOMA_GAMES,
        max_hands=OKLAHOMA_MAX_HANDS,
    )


ENTRIES: tuple[VariantEntry, ...] = (
    VariantEntry(
        name="capone",
        option_sets=(
            {"players": 2},
            {"players": 3},
            {"players": 4},
            {"players": 4, "teams": False},
        ),
        card_count=capone_rules.CARD_COUNT,
        deck=capone_rules.DECK,
        places=capone_rules.places,
        hide=hidden.capone,
        rule_scores=capone_rules.rule_scores,
        observation_keys=capone_rules.OBSERVATION_KEYS,
        ends=capone_rules.ENDS,
        check_state=capone_rules.check_state,
        check_observation=capone_rules.check_observation,
        check_final=capone_rules.check_final,
        action_universe=_capone_actions,
    ),
    VariantEntry(
        name="ripper",
        option_sets=({"players": 2}, {"players": 3}, {"players": 4}),
        card_count=ripper_rules.CARD_COUNT,
        deck=ripper_rules.DECK,
        places=ripper_rules.places,
        hide=hidden.ripper,
        rule_scores=ripper_rules.rule_scores,
        observation_keys=ripper_rules.OBSERVATION_KEYS,
        ends=ripper_rules.ENDS,
        check_state=ripper_rules.check_state,
        check_observation=ripper_rules.check_observation,
        check_final=ripper_rules.check_final,
        action_universe=_ripper_actions,
        games=RIPPER_GAMES,
        max_hands=RIPPER_MAX_HANDS,
    ),
    _oklahoma("fortune", ({"players": 2}, {"players": 4, "long_sequences": True,
                                           "queen_discard": False}, {"players": 8}),
              oklahoma_rules.DECK_104),
    # 8 players cannot be dealt 13 cards each with an upcard: 7 is arlington's most
    _oklahoma("arlington", ({"players": 2}, {"players": 4, "rules": "scarne"}, {"players": 7}),
              oklahoma_rules.DECK_104),
    # the Joker option changes the deck (105 cards): a second entry for the same variant
    _oklahoma("arlington", ({"players": 2, "joker": True},
                            {"players": 3, "joker": True, "joker_swap": "anyone",
                             "rules": "scarne"}),
              oklahoma_rules.DECK_105),
    _oklahoma("arlington-heights", ({"players": 2}, {"players": 4}, {"players": 8}),
              oklahoma_rules.DECK_100),
)


def entry_for(name: str) -> VariantEntry:
    for entry in ENTRIES:
        if entry.name == name:
            return entry
    raise KeyError(f"no conformance entry for {name!r}")
