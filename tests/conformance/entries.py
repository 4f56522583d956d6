"""The conformance table: one entry per variant.  A new variant adds its entry here."""

from __future__ import annotations

from collections.abc import Sequence

from tablerummy.variant import Action, Variant

from . import capone_rules, hidden
from .entry import VariantEntry


def _capone_actions(variant: Variant) -> Sequence[Action]:
    return range(int(getattr(variant, "num_actions")))  # noqa: B009 - Capone only


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
)


def entry_for(name: str) -> VariantEntry:
    for entry in ENTRIES:
        if entry.name == name:
            return entry
    raise KeyError(f"no conformance entry for {name!r}")
