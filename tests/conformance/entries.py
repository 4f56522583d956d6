"""The conformance table: one entry per variant.  A new variant adds its entry here."""

from __future__ import annotations

from collections.abc import Sequence

from tablerummy.variant import Action, Variant

from . import capone_rules, hidden, ripper_rules
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
)


def entry_for(name: str) -> VariantEntry:
    for entry in ENTRIES:
        if entry.name == name:
            return entry
    raise KeyError(f"no conformance entry for {name!r}")
