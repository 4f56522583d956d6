"""The meld search's memory belongs to the rules it serves.

Variants whose rules decide melds differently, used in one process, must neither share
nor clobber one another's remembered melds: each answers as it would alone.  Rules that
decide melds alike share one memory (a variant is made for every game).
"""

from __future__ import annotations

import dataclasses
import pickle
import random
from typing import Any

from tablerummy import get_variant
from tablerummy.oklahoma.cards import NCARDS, parse_card
from tablerummy.oklahoma.meldsearch import MeldSearch, candidate_records
from tablerummy.oklahoma.rules import Rules
from tablerummy.oklahoma.variant import OklahomaVariant

DIFFERENT: list[tuple[str, dict[str, Any]]] = [
    ("fortune", {}),
    ("fortune", {"long_sequences": True}),
    ("arlington", {}),
    ("arlington", {"rules": "scarne"}),
    ("arlington", {"joker": True}),
    ("arlington-heights", {}),
]
"""Tables whose rules decide melds differently, pairwise."""


def _rules(name: str, options: dict[str, Any]) -> Rules:
    variant = get_variant(name, options)
    assert isinstance(variant, OklahomaVariant)
    return variant.rules


def _alone(rules: Rules) -> Rules:
    """A copy of ``rules`` with a fresh memory of its own, shared with nothing."""
    copy = dataclasses.replace(rules)
    vars(copy)["search"] = MeldSearch(copy)
    return copy


def _counts(cards: list[int]) -> list[int]:
    counts = [0] * NCARDS
    for c in cards:
        counts[c] += 1
    return counts


def test_rules_that_decide_melds_differently_have_their_own_search() -> None:
    searches = [_rules(name, options).search for name, options in DIFFERENT]
    assert len({id(s) for s in searches}) == len(DIFFERENT)
    assert len({s.meld_rules for s in searches}) == len(DIFFERENT)


def test_rules_that_decide_melds_alike_share_one_search() -> None:
    fortune = _rules("fortune", {}).search
    assert _rules("fortune", {"players": 6, "queen_discard": False}).search is fortune
    assert _rules("fortune", {"target": 100}).search is fortune
    assert _rules("arlington", {"joker": True, "joker_swap": "anyone"}).search \
        is _rules("arlington", {"joker": True}).search


def test_variants_used_together_answer_as_each_would_alone() -> None:
    """Interleaved on the same hands (all wilds and queens: where the variants' melds
    differ most), each variant's melds are those of a memory that only it ever used."""
    variants = [get_variant(name, options) for name, options in DIFFERENT]
    shared = [v.rules for v in variants if isinstance(v, OklahomaVariant)]
    alone = [_alone(rules) for rules in shared]
    deck_wilds = [[c for c in map(parse_card, v.deck()) if rules.wild[c]]
                  for v, rules in zip(variants, shared, strict=True)]
    rng = random.Random("interleaved")
    queens = [parse_card(c) for c in ("QS", "QS", "QH", "QD", "JS", "KS", "10S")]
    differed = False
    for _ in range(60):
        # cards every deck holds (no 2, no Joker), then two of each deck's own wilds
        common = [*queens, *rng.sample([c for c in range(52)
                                        if c % 13 != 1 and c not in queens], 8)]
        answers = []
        for mine, own, wilds in zip(shared, alone, deck_wilds, strict=True):
            hand = _counts([*common, *rng.sample(wilds, min(2, len(wilds)))])
            for must in (-1, parse_card("QS")):
                got = candidate_records(hand, mine, must)
                assert got == candidate_records(hand, own, must), (mine.name, must)
                answers.append(got)
        differed = differed or len({tuple(a) for a in answers}) > 2
    assert differed, "the variants should make different melds of these hands"
    for mine, own in zip(shared, alone, strict=True):
        assert own.search.found and own.search is not mine.search
        assert set(own.search.found) <= set(mine.search.found) | set(mine.search.found.old)


def test_a_variant_leaves_another_variants_memory_alone() -> None:
    """Playing one variant adds nothing to, and changes nothing in, another's memory."""
    fortune = get_variant("fortune", {"players": 4})
    arlington = get_variant("arlington", {"players": 4, "joker": True})
    assert isinstance(fortune, OklahomaVariant) and isinstance(arlington, OklahomaVariant)
    rng = random.Random("leaves alone")

    def play(variant: OklahomaVariant) -> None:
        state = variant.new_hand(variant.shuffled_deck(rng), 0)
        while state.to_act is not None:
            legal = state.legal_actions()
            state.apply_unchecked(legal[rng.randrange(len(legal))])

    play(fortune)
    search = fortune.rules.search
    before = {name: dict(getattr(search, name)) for name in
              ("found", "templates", "patterns", "plans", "layoffs", "layoff_fits", "played")}
    for _ in range(3):
        play(arlington)
    after = {name: dict(getattr(search, name)) for name in before}
    assert after.keys() == before.keys()
    for name, table in before.items():
        assert after[name].keys() == table.keys(), name
        assert all(after[name][k] is v for k, v in table.items()), name
    assert arlington.rules.search.found


def test_a_copy_of_the_rules_sent_away_carries_no_memory() -> None:
    """A variant pickled for another process carries its rules, not their memory."""
    rules = _rules("arlington", {})
    assert candidate_records(_counts([parse_card(c) for c in ("AS", "AH", "AD")]), rules)
    assert rules.search.found
    sent = pickle.dumps(rules)
    assert len(sent) < 5_000
    copy = pickle.loads(sent)
    assert copy == rules
    assert "search" not in vars(copy)
    assert copy.search is rules.search  # (in this process: the one of its meld rules)
