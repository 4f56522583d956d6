"""Card tables in game records: a game played with other values replays with them.

``capone`` and ``ripper`` changed their default card values on 2026-12-03 (the values
the variant lab calibrated); their first table ships as ``--cards classic``.  A record
carries the values it was played with (``"cards"``), so that it scores as it was played
whatever the defaults are.
"""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tablerummy.bots import get_bot
from tablerummy.cardtables import NAMED_TABLES, named_cards
from tablerummy.errors import RecordError
from tablerummy.game import Game
from tablerummy.records import replay
from tablerummy.variant import get_variant


def _played(variant_name: str, cards: dict[str, Any] | None, seed: int) -> Game:
    """A whole game of greedy bots, with ``cards`` in place of the defaults."""
    variant = get_variant(variant_name, {"players": 2}, cards=cards)
    game = Game(variant, seed=seed)
    bots = [get_bot("greedy", variant, seat, seed=seat) for seat in range(2)]
    while not game.game_over:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game.observation(seat), game.legal_actions()), seat=seat)
    return game


@pytest.mark.parametrize("variant_name", sorted(NAMED_TABLES))
def test_a_record_replays_with_the_card_values_it_was_played_with(variant_name: str) -> None:
    classic = named_cards(variant_name, "classic")
    game = _played(variant_name, classic, seed=3)
    record = game.to_record()
    assert record["cards"] == classic
    assert replay(record).game.totals == game.totals
    # the same actions scored with today's defaults come out otherwise
    without = {k: v for k, v in record.items() if k != "cards"}
    assert replay(without).game.hands[0].scores != game.hands[0].scores
    # and the table's name does as well as the table
    assert replay({**record, "cards": "classic"}).game.totals == game.totals


def test_a_game_with_the_defaults_writes_no_card_table() -> None:
    game = _played("capone", None, seed=4)
    assert "cards" not in game.to_record()
    assert get_variant("fortune").card_values is None


@pytest.mark.parametrize("cards,why", [
    ("nope", "names no table of 'capone': 'nope' \\(tables shipped: classic\\)"),
    (5, "'cards' has the wrong type"),
    ([1, 2], "'cards' has the wrong type"),
    ({"al-capone": {"points": -1}}, "al-capone.points must be a whole number"),
    ({"dragon": {"points": 1}}, "has no card"),
])
def test_a_bad_card_table_in_a_record_is_refused(cards: Any, why: str) -> None:
    record = {"variant": "capone", "cards": cards, "hands": []}
    with pytest.raises(RecordError, match=why):
        replay(record)


def test_verify_refuses_a_bad_card_table_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"variant": "ripper", "cards": "calibrated"}), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "tablerummy", "verify", str(path)],
                         capture_output=True, text=True, check=False, timeout=120)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.count("\n") == 1 and "names no table of 'ripper'" in run.stderr


def test_the_classic_table_is_the_first_defaults_and_the_new_ones_keep_the_facts() -> None:
    """What public sources say of the printed cards holds for the defaults: a complete Al
    Capone set is worth at most 73 (a published game ended there after one), and a longer
    complete set scores more than a shorter one."""
    capone = get_variant("capone").cards  # type: ignore[attr-defined]
    assert capone.set_value[0] <= 73
    by_copies: dict[int, list[int]] = {}
    for copies, value in zip(capone.copies, capone.set_value, strict=True):
        if value:
            by_copies.setdefault(copies, []).append(value)
    lengths = sorted(by_copies)
    for shorter, longer in itertools.pairwise(lengths):
        assert max(by_copies[shorter]) < min(by_copies[longer]), by_copies
    classic = get_variant("capone", cards=named_cards("capone", "classic")).cards  # type: ignore[attr-defined]
    assert (classic.points[0], classic.set_value[0]) == (5, 75)
    ripper = get_variant("ripper", cards=named_cards("ripper", "classic")).cards  # type: ignore[attr-defined]
    assert sorted(set(ripper.points[8:29])) == [3, 5]  # Suspects, Alibis 5; Victims, Scenes 3
