"""Conformance: bots play thousands of games of every variant, every state checked.

The foundation issue's words: ≥ 2,000 games (2, 3 and 4 players, random and greedy
bots), checking in every state that every card is in exactly one place, that scores
are the rules' sum, that no observation of a seat depends on cards hidden from it, and
that each game's record replays to the same totals.  What each check means is in
``conformance/harness.py``; what each variant contributes is its entry in
``conformance/entries.py``.

The big run is ``slow`` (CI runs it too); the unmarked test plays one game per option
set, the bot line-ups taking turns, with a higher sampling of the expensive checks.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from conformance import ENTRIES, VariantEntry
from conformance.harness import Checker, Tally, lineups, play_games

from tablerummy.bots import bot_names
from tablerummy.capone.state import CaponeState
from tablerummy.variant import get_variant

CHUNK = 40
"""Games per test item of the slow run, so that ``pytest -n 2`` can share them out."""
SLOW_SAMPLE = 0.04
"""Share of states whose hidden cards are dealt again for every seat in the slow run."""
FAST_SAMPLE = 0.25


@dataclass(frozen=True)
class Batch:
    entry: VariantEntry
    options: Mapping[str, object]
    lineup: tuple[str, ...]
    seeds: range

    @property
    def id(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in self.options.items())
        return f"{self.entry.name}[{opts}]-{'+'.join(sorted(set(self.lineup)))}-{self.seeds.start}"


def _combos(entry: VariantEntry) -> list[tuple[Mapping[str, object], tuple[str, ...]]]:
    return [
        (options, lineup)
        for options in entry.option_sets
        for lineup in lineups(entry.name, int(get_variant(entry.name, options).players))
    ]


def slow_batches(entry: VariantEntry) -> list[Batch]:
    """At least ``entry.games`` games, spread evenly over option sets and line-ups."""
    combos = _combos(entry)
    per_combo = math.ceil(entry.games / len(combos))
    chunks = math.ceil(per_combo / CHUNK)
    size = math.ceil(per_combo / chunks)
    out = []
    for k, (options, lineup) in enumerate(combos):
        for c in range(chunks):
            start = 100_000 * (k + 1) + c * size
            out.append(Batch(entry, options, lineup, range(start, start + size)))
    return out


SLOW = [b for entry in ENTRIES for b in slow_batches(entry)]
FAST = [
    pytest.param(Batch(entry, options,
                       lineups(entry.name, players)[i % len(lineups(entry.name, players))],
                       range(i, i + 1)),
                 marks=[pytest.mark.slow] if players >= 4 else [])
    for entry in ENTRIES
    for i, options in enumerate(entry.option_sets)
    for players in [int(get_variant(entry.name, options).players)]
]
"""One game per option set, the bot line-ups taking turns; the tables of 4 players or more
are marked slow (a game at 7 or 8 seats is most of the fast lane's time otherwise)."""


def _run(batch: Batch, sample: float) -> Tally:
    tally = play_games(batch.entry, batch.options, batch.lineup, batch.seeds, sample)
    assert tally.games == len(batch.seeds)
    assert tally.hands >= tally.games
    assert tally.hidden_checks > 0, "no state was checked for hidden-card leaks"
    assert tally.hidden_changed > 0, "the resampler never changed a hidden card"
    assert tally.round_tripped, "no action was checked for its notation round trip"
    return tally


@pytest.mark.parametrize("batch", FAST, ids=lambda b: b.id)
def test_conformance_quick(batch: Batch) -> None:
    tally = _run(batch, FAST_SAMPLE)
    if batch.entry.action_universe is not None:
        assert tally.illegal_probes > 0


@pytest.mark.slow
@pytest.mark.parametrize("batch", SLOW, ids=lambda b: b.id)
def test_conformance(batch: Batch) -> None:
    _run(batch, SLOW_SAMPLE)


def test_schedule_covers_the_issue() -> None:
    """≥ 2,000 games per variant; 2, 3 and 4 players; greedy as soon as it exists."""
    for entry in ENTRIES:
        batches = [b for b in SLOW if b.entry is entry]
        assert sum(len(b.seeds) for b in batches) >= max(entry.games, 2000 if
                                                         entry.name == "capone" else 0)
        seeds = [s for b in batches for s in b.seeds]
        assert len(seeds) == len(set(seeds))
        players = {int(get_variant(entry.name, b.options).players) for b in batches}
        assert len(players) >= 2 or len(entry.option_sets) == 1
        used = {name for b in batches for name in b.lineup}
        expected = {"random"} | ({"greedy"} & set(bot_names(entry.name)))
        assert used == expected
    capone = {json.dumps(dict(b.options), sort_keys=True) for b in SLOW
              if b.entry.name == "capone"}
    assert capone == {
        json.dumps(o, sort_keys=True)
        for o in ({"players": 2}, {"players": 3}, {"players": 4},
                  {"players": 4, "teams": False})
    }


def test_every_variant_has_an_entry() -> None:
    """A registered variant without a conformance entry is an unchecked variant."""
    from tablerummy.variant import variant_names

    missing = set(variant_names()) - {e.name for e in ENTRIES}
    assert not missing, f"add a conformance entry (tests/conformance/entries.py) for {missing}"


# --- the harness catches what it claims to catch -------------------------------------


def _capone_checker(sample: float = 1.0) -> Checker:
    return Checker(ENTRIES[0], {"players": 3}, ("random",) * 3, 7, sample, Tally())


def test_harness_catches_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """An observation that shows the Case File's top card must be caught."""
    honest = CaponeState.observation

    def leaky(self: CaponeState, seat: int) -> dict[str, object]:
        obs = honest(self, seat)
        obs["phase"] = f"{obs['phase']} {self.stock[-1] if self.stock else ''}"
        return obs

    monkeypatch.setattr(CaponeState, "observation", leaky)
    with pytest.raises(AssertionError, match="depends on cards hidden"):
        _capone_checker().run()


def test_harness_catches_a_lost_card(monkeypatch: pytest.MonkeyPatch) -> None:
    honest = CaponeState.apply_unchecked

    def lossy(self: CaponeState, action: object) -> None:
        honest(self, action)
        if action == 0 and len(self.stock) > 3:  # draw stock: one more card vanishes
            self.stock.pop()

    monkeypatch.setattr(CaponeState, "apply_unchecked", lossy)
    with pytest.raises(AssertionError, match="cards in play, the deck has 86"):
        _capone_checker(0.0).run()


def test_harness_catches_wrong_scores(monkeypatch: pytest.MonkeyPatch) -> None:
    honest = CaponeState.scores

    def generous(self: CaponeState) -> list[int]:
        return [s + 1 for s in honest(self)]

    monkeypatch.setattr(CaponeState, "scores", generous)
    with pytest.raises(AssertionError, match="the rules say"):
        _capone_checker(0.0).run()


@pytest.mark.parametrize("bad,match", [
    (lambda items: items[:-1] if items else [("phantom meld", 1)], "adds up to"),
    (lambda items: [("", p) for _, p in items] or [("", 0)], "is not a line"),
])
def test_harness_catches_a_wrong_breakdown(monkeypatch: pytest.MonkeyPatch, bad: Any,
                                           match: str) -> None:
    """A breakdown whose items do not add up to the score, or with a blank label."""
    honest = CaponeState.breakdown

    def wrong(self: CaponeState) -> list[list[tuple[str, int]]]:
        sides = honest(self)
        return [bad(sides[0]), *sides[1:]]

    monkeypatch.setattr(CaponeState, "breakdown", wrong)
    with pytest.raises(AssertionError, match=match):
        _capone_checker(0.0).run()


def test_harness_catches_a_hidden_dependent_legal_list(monkeypatch: pytest.MonkeyPatch) -> None:
    """Legal actions that depend on another seat's hand leak it to the seat to act."""
    honest = CaponeState.legal_actions

    def nosy(self: CaponeState) -> Sequence[object]:
        acts = list(honest(self))
        other = (self.seat + 1) % self.players
        if self.hands[other][0] % 2 and len(acts) > 1:  # order follows p+1's Al Capones
            acts.reverse()
        return acts

    monkeypatch.setattr(CaponeState, "legal_actions", nosy)
    with pytest.raises(AssertionError, match="legal actions depend on cards hidden"):
        _capone_checker().run()
