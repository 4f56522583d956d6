"""The one scoring breakdown: engine, observation, view and ``verify`` (with ``--seat``).

The conformance run proves for every finished hand that each side's items add up to its
score; the scenario records pin the words and numbers.  Here: the breakdown reaches every
surface in the SPEC's and the view's format, in player words, and ``verify --seat N``
prints exactly what seat N may know, refusing a bad N in one line.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tablerummy.game import Game
from tablerummy.present import table_view
from tablerummy.records import load_json, replay
from tablerummy.variant import get_variant
from tablerummy.verify import verify
from tablerummy.web.protocol import last_hand_view, public_view

SCENARIOS = Path(__file__).resolve().parent / "scenarios"
CONFIGS: list[tuple[str, dict[str, object]]] = [
    ("capone", {}),
    ("capone", {"players": 4}),
    ("capone", {"players": 4, "teams": False}),
    ("ripper", {"players": 3}),
    ("fortune", {}),
    ("arlington", {}),
    ("arlington", {"rules": "scarne", "joker": True}),
    ("arlington-heights", {"players": 3}),
]
RAW_OKLAHOMA = re.compile(r"(?<![\w♠♥♦♣])(10|[2-9AJQK])[SHDC]\b|\bJK\b")
RAW_MYSTERY = re.compile(r"\b[a-z]+-[a-z]+\b")
"""Card ids instead of names: ``QS``, ``JK``, ``frank-nitti``, ``suspect-jill``."""


def _command() -> list[str]:
    script = Path(sys.executable).with_name("tablerummy")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "tablerummy"]


def _finished_hands(name: str, options: dict[str, object], seed: int,
                     hands: int = 2) -> Game:
    """A game of random moves until ``hands`` hands are over (or the game is)."""
    game = Game(get_variant(name, options), seed=seed)
    rng = random.Random(seed)
    while not game.game_over and sum(h.scores is not None for h in game.hands) < hands:
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=lambda c: str(c))
def test_breakdown_in_player_words_everywhere(name: str, options: dict[str, object]) -> None:
    game = _finished_hands(name, options, seed=3)
    record = game.hands[0]
    final = record.final
    assert final is not None and record.scores is not None
    breakdown = final.breakdown()
    assert [sum(p for _, p in side) for side in breakdown] == record.scores
    assert any(breakdown), "a finished hand with nothing to show"
    raw = RAW_OKLAHOMA if name not in ("capone", "ripper") else RAW_MYSTERY
    for side in breakdown:
        for label, _ in side:
            assert label.strip() and not raw.search(label), label
    # the finished hand's observation carries it as JSON pairs, for every seat
    for seat in range(game.variant.players):
        obs = final.observation(seat)
        assert obs["breakdown"] == [[[label, p] for label, p in side] for side in breakdown]
    # the next hand is dealt: the game's observation keeps it under last_hand
    if not game.game_over:
        obs = game.observation(0)
        assert "breakdown" not in obs
        last = [h.final for h in game.hands if h.final is not None][-1]
        assert obs["last_hand"]["breakdown"] == last.breakdown_json()
        assert table_view(game.variant, obs)["breakdown"] is None
        view = last_hand_view(game.variant, obs)
        assert view is not None
        _check_view(view["breakdown"], last.breakdown(), obs["sides"])
        _check_view(public_view(view)["breakdown"], last.breakdown(), obs["sides"])


def _check_view(shown: Any, breakdown: list[list[tuple[str, int]]],
                sides: list[list[int]]) -> None:
    """The view's format (BRIEF): per side {side, label, items: [{label, points}], total}."""
    assert isinstance(shown, list) and len(shown) == len(breakdown)
    for i, (entry, items) in enumerate(zip(shown, breakdown, strict=True)):
        assert entry == {
            "side": i,
            "label": " & ".join(f"p{s}" for s in sides[i]),
            "items": [{"label": label, "points": p} for label, p in items],
            "total": sum(p for _, p in items),
        }


def test_view_of_a_game_over_shows_the_last_hands_breakdown() -> None:
    record = load_json(SCENARIOS / "capone" / "game-to-200.json")
    game = replay(record).game
    assert game.game_over
    obs = game.observation(1)
    final = game.hands[-1].final
    assert final is not None
    assert obs["breakdown"] == final.breakdown_json()
    view = table_view(game.variant, obs)
    _check_view(view["breakdown"], final.breakdown(), obs["sides"])


def test_view_while_the_hand_runs_has_no_breakdown() -> None:
    for name, options in CONFIGS:
        game = Game(get_variant(name, options), seed=1)
        obs = game.observation(0)
        assert "breakdown" not in obs
        assert table_view(game.variant, obs)["breakdown"] is None


def test_capone_exclusion_in_the_view() -> None:
    """The exclusion rule is an item of the excluded side, so its items add up to 0."""
    out, status = verify(load_json(SCENARIOS / "capone" / "exclusion.json"))
    assert status == 0
    other = out["hands"][0]["breakdown"][1]
    assert other[-1] == ["excluded: p0 went out with all 8 Al Capone melded", -14]
    assert sum(p for _, p in other) == out["hands"][0]["scores"][1] == 0


# --- verify: breakdown and --seat -------------------------------------------------------


def _verify(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*_command(), "verify", *args], capture_output=True, text=True,
                          check=False, timeout=120)


def test_verify_prints_breakdown_only_for_complete_hands() -> None:
    path = SCENARIOS / "capone" / "scoring-complete-set.json"
    out, _ = verify(load_json(path))
    assert out["hands"][0]["breakdown"] == [
        [["3 Johnny Torrio", 6], ["complete set: 6 Frank Nitti", 19], ["3 William White", 6]],
        [["3 Murray Humphreys", 6]],
    ]
    unfinished, _ = verify(load_json(SCENARIOS / "capone" / "deal-2p-order.json"))
    assert all("breakdown" not in h for h in unfinished["hands"] if not h["complete"])


@pytest.mark.parametrize("record", [
    "capone/scoring-complete-set", "capone/deal-4p-teams", "ripper/vote-in-progress",
    "arlington/game-to-1000", "fortune/draw-pile",
])
def test_verify_seat_prints_that_seats_observation(record: str) -> None:
    path = SCENARIOS / f"{record}.json"
    game = replay(load_json(path)).game
    for seat in range(game.variant.players):
        run = _verify(str(path), "--seat", str(seat))
        assert run.returncode == 0 and run.stderr == "", run.stderr
        out = json.loads(run.stdout)
        assert out["view"] == json.loads(json.dumps(game.observation(seat)))
        assert out["view"]["seat"] == seat
        assert "state" not in out  # --reveal was not asked for


def test_verify_seat_shows_no_other_hand() -> None:
    """The ``view`` of p0 says nothing of p1's hand (beyond its size)."""
    path = SCENARIOS / "capone" / "deal-2p-order.json"
    revealed = json.loads(_verify(str(path), "--reveal", "--seat", "p0").stdout)
    view = revealed["view"]
    mine = revealed["state"]["hands"][0]
    assert sorted(k for k, n in view["hand"].items() for _ in range(n)) == mine
    text = json.dumps(view)
    theirs = set(revealed["state"]["hands"][1]) - set(mine)
    assert theirs, "the test needs a card only p1 holds"
    hidden = [card for card in theirs if f'"{card}"' in text
              and card != view.get("discard_top")]
    assert not hidden, f"p0's view names p1's cards {hidden}"


@pytest.mark.parametrize("seat", ["2", "p7", "-1", "abc", "²", "1.0", "", "9" * 50])
def test_verify_bad_seat_is_one_line_exit_2(seat: str) -> None:
    run = _verify(str(SCENARIOS / "capone" / "deal-2p-order.json"), "--seat", seat)
    assert run.returncode == 2, run.stdout
    assert run.stdout == ""
    lines = run.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in run.stderr, run.stderr
    assert "seat" in lines[0]


def test_ripper_penalty_fast_path_agrees_with_the_cards_it_names() -> None:
    """``hand_penalty`` (bots) and ``unplayed_cards`` (the breakdown) tell one number."""
    from tablerummy.ripper.scoring import escapes_penalty, hand_penalty, unplayed_cards
    from tablerummy.ripper.state import RipperState

    variant = get_variant("ripper", {"players": 3})
    cards = variant.cards  # type: ignore[attr-defined]
    checked = 0
    for seed in range(12):
        game = Game(variant, seed=seed)
        rng = random.Random(seed)
        while not game.game_over and len(game.hands) < 2:
            state = game.state
            assert isinstance(state, RipperState)
            if rng.random() < 0.2:
                for seat in range(variant.players):
                    hand = state.hands[seat]
                    named = unplayed_cards(hand, seat, state.areas, state.wilds, cards)
                    assert all(0 <= n <= h for n, h in zip(named, hand, strict=True))
                    cost = sum(n * cards.points[k] for k, n in enumerate(named))
                    cost += escapes_penalty(hand, state.areas, cards)
                    assert cost == hand_penalty(hand, seat, state.areas, state.wilds, cards)
                    checked += 1
            game.apply(rng.choice(game.legal_actions()))
    assert checked > 100


def _hidden_ids(revealed: dict[str, Any], viewer: int) -> set[str]:
    """Cards another seat holds that the viewer neither holds nor can see on the table."""
    mine = set(revealed["state"]["hands"][viewer])
    public = {revealed["view"].get("discard_top")}
    others = {c for s, hand in enumerate(revealed["state"]["hands"]) if s != viewer
              for c in hand}
    return others - mine - public


@pytest.mark.slow
def test_verify_seat_prints_nothing_of_another_hand_not_even_in_legal() -> None:
    """``legal`` is the viewer's own moves: the seat to act's (``meld william-white …``)
    would spell out its hand."""
    path = SCENARIOS / "capone" / "ask-around-clockwise.json"
    plain = json.loads(_verify(str(path)).stdout)
    actor = plain["to_act"]
    assert any(" " in move and move.split()[0] != "draw" for move in plain["legal"])
    for seat in range(4):
        revealed = json.loads(_verify(str(path), "--reveal", "--seat", str(seat)).stdout)
        assert revealed["legal"] == (plain["legal"] if seat == actor else [])
        out = _verify(str(path), "--seat", str(seat)).stdout
        hidden = [c for c in _hidden_ids(revealed, seat) if f'"{c}' in out or f" {c}" in out]
        assert not hidden, f"verify --seat {seat} names {hidden}"


def test_verify_text_reads_as_words_and_keeps_to_the_seat() -> None:
    path = SCENARIOS / "ripper" / "commissioner-resigns-last-card.json"
    run = _verify(str(path), "--text")
    assert run.returncode == 0 and run.stderr == ""
    assert "Hand 1: commissioner resigns, the Ripper caught" in run.stdout
    assert "+6 doubled: Sir William Gull is the Ripper" in run.stdout
    assert "Totals: p0 -13  ·  p1 24" in run.stdout
    assert "p1 to act. Legal moves: draw " in run.stdout
    for seat, other in ((0, 1), (1, 0)):
        text = _verify(str(path), "--text", "--seat", str(seat)).stdout
        assert f"p{seat}'s hand" in text and f"p{other}'s hand" not in text
        assert ("your turn" in text) == (seat == 1)
        assert "Legal moves" not in text


def test_verify_text_names_an_illegal_action_with_status_1(tmp_path: Path) -> None:
    record = load_json(SCENARIOS / "capone" / "deal-2p-order.json")
    record["hands"][-1]["actions"].append("discard no-such-card")
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    run = _verify(str(path), "--text")
    assert run.returncode == 1
    assert "is illegal" in run.stdout and "Traceback" not in run.stderr
