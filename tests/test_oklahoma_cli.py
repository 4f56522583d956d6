"""The Oklahoma family through the command and the variant API: options, `rules`,
`--cards`, `simulate` and `verify --reveal`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tablerummy import Game, OptionError, get_variant
from tablerummy.oklahoma.cards import QS
from tablerummy.stacking import stacked_deck

VARIANTS = ["fortune", "arlington", "arlington-heights"]


def _cards(text: str) -> list[str]:
    return text.split()


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tablerummy", *args],
                          capture_output=True, text=True, check=False, timeout=300)


def test_variants_lists_the_family_with_its_options() -> None:
    out = run("variants")
    assert out.returncode == 0, out.stderr
    for word in ("fortune", "arlington", "arlington-heights", "queen_discard=true",
                 "long_sequences=false", "rules=parlett", "joker=false", "joker_swap=melder"):
        assert word in out.stdout


@pytest.mark.parametrize(("name", "options", "words"), [
    ("fortune", [], ["Fortune Rummy", "Game to 500", "11 cards each", "Q♠ may be discarded"]),
    ("fortune", ["-o", "queen_discard=false", "-o", "long_sequences=true"],
     ["only when every card in your hand is a Q♠", "may grow past 4 cards"]),
    ("arlington", [], ["Game to 1000", "13 cards each", "bonus of 100", "-100", "10 †"]),
    ("arlington", ["-o", "rules=scarne", "-o", "joker=true"],
     ["each 2 of a deuce-only set", "Joker (whatever it stands for)", "-200"]),
    ("arlington-heights", [], ["100 cards", "Game to 500", "bonus of 50", "-20"]),
])
def test_rules_prints_the_tables_of_the_table(name: str, options: list[str],
                                              words: list[str]) -> None:
    out = run("rules", name, *options)
    assert out.returncode == 0, out.stderr
    text = " ".join(out.stdout.split())  # Rich wraps lines at the terminal's width
    for word in words:
        assert word in text, word


def test_cards_file_overrides_values(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text('bonus = 150\n[meld]\nQS = 60\nwild-qs = 25\n[hand]\nqs = -75\n')
    out = run("rules", "arlington", "--cards", str(path))
    assert out.returncode == 0, out.stderr
    text = " ".join(out.stdout.split())  # Rich wraps lines at the terminal's width
    assert "bonus of 150 (--cards)" in text
    assert "60 (--cards)" in text and "-75 (--cards)" in text
    variant = get_variant("arlington", cards={"meld": {"QS": 60}, "hand": {"QS": -75},
                                              "bonus": 150})
    values = variant.rules.values  # type: ignore[attr-defined]
    assert values.natural_qs == 60 and values.hand_value[QS] == -75 and values.bonus == 150


@pytest.mark.parametrize(("cards", "message"), [
    ({"meld": {"ZZ": 3}}, "has no meld value 'ZZ'"),
    ({"hand": {"QS": "lots"}}, "hand.QS must be a whole number"),
    ({"melds": {}}, "has no table 'melds'"),
    ({"hand": {"2": -5}}, "has no hand value '2'"),  # Heights has no 2s
])
def test_bad_cards_are_one_line_errors(cards: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        get_variant("arlington-heights", cards=cards)


def test_overridden_values_score_the_hand() -> None:
    # p0 melds 10-J-Q-K of spades and four queens, 3-4-5 of clubs, and goes out by discard
    variant = get_variant("fortune", cards={"meld": {"QS": 60}})
    deck = stacked_deck(variant, 1, [
        _cards("10S JS QS KS QS QH QD QC 3C 4C 5C"),
        _cards("3S 4S 5S 6S 7S 3H 4H 5H 6H 7H 3D")], "9C", ["8H"])
    game = Game(variant, seed=1, first_dealer=1, decks=[deck])
    for text in ("draw stock", "meld 10S JS QS KS", "meld QS QH QD QC", "meld 3C 4C 5C",
                 "discard 8H"):
        game.apply(text)
    assert game.hands[0].scores == [175 + 2 * 10, -55]  # each Q♠ 60 instead of 50


@pytest.mark.parametrize(("name", "options", "message"), [
    ("arlington", {"players": 8}, "option players=8 is not one of"),
    ("fortune", {"players": 9}, "option players=9 is not one of"),
    ("arlington", {"rules": "hoyle"}, "option rules=hoyle is not one of"),
    ("fortune", {"joker": True}, "no option 'joker'"),
    ("arlington-heights", {"long_sequences": True}, "no option 'long_sequences'"),
])
def test_bad_options_are_one_line_errors(name: str, options: dict[str, object],
                                         message: str) -> None:
    with pytest.raises(OptionError, match=message):
        get_variant(name, options)


@pytest.mark.parametrize("name", VARIANTS)
def test_simulate_json(name: str) -> None:
    out = run("simulate", name, "--games", "2", "--bots", "greedy,random", "--json",
              "--seed", "3")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["games"] == 2 and data["errors"] == 0
    assert sum(data["wins"].values()) == 2


def test_verify_reveal_shows_melds_per_side_as_card_lists(tmp_path: Path) -> None:
    variant = get_variant("fortune")
    deck = stacked_deck(variant, 1, [
        _cards("7H 7D 2C 5H 6H 9S 9D JS 4C 10D KC"),
        _cards("3S 4S 5S 6S 7S 3H 4H 5H 6H 7H 3D")], "8H", ["3C"])
    record = {"format": "tablerummy/1", "variant": "fortune", "options": {"players": 2},
              "seed": 1, "first_dealer": 1,
              "hands": [{"deck": deck, "actions": ["draw stock", "meld 7H 7D 2C",
                                                   "discard 3C"]}]}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    out = run("verify", str(path), "--reveal")
    assert out.returncode == 0, out.stderr
    state = json.loads(out.stdout)["state"]
    assert state["areas"] == [[["7H", "7D", "2C=7S"]], []]
    assert state["discard_top"] == "3C" and state["discard_size"] == 2
    assert state["hands"][0] == sorted(_cards("5H 6H 9S 9D JS 4C 10D KC"))
