"""The move menu (``tablerummy.present.moves``): every legal move under one entry, once."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from tablerummy.game import Game
from tablerummy.present.moves import Entry, entries, find_typed, move_menu
from tablerummy.present.words import move_words, typed_move
from tablerummy.variant import Variant, get_variant, variant_names

SIZE = 12
"""Most entries one menu level may show (a screen's worth)."""


def leaves(rows: Sequence[dict[str, Any]]) -> list[str]:
    """The moves reachable by choosing entries, checking each level on the way."""
    found: list[str] = []
    for entry in entries(rows):
        if not entry["rows"]:
            assert len(entry["moves"]) == 1, entry
            found += entry["moves"]
            continue
        below = leaves(entry["rows"])
        assert sorted(below) == sorted(entry["moves"]), entry["label"]
        assert len(entries(entry["rows"])) > 1  # never a menu of one thing
        found += below
    return found


def legal_sets(variant: Variant, games: int) -> Iterator[list[str]]:
    """The legal moves of the first 40 positions of ``games`` random games."""
    rng = random.Random(variant.name)
    for seed in range(games):
        game = Game(variant, seed=seed)
        for _ in range(40):
            if game.game_over:
                break
            texts = game.legal_texts()
            yield texts
            game.apply(rng.choice(texts))


@pytest.mark.parametrize("name", variant_names())
def test_every_legal_move_is_reachable_through_the_menu_once(name: str) -> None:
    variant = get_variant(name)
    checked = 0
    for texts in legal_sets(variant, 6):
        assert sorted(leaves(move_menu(variant, texts))) == sorted(texts)
        checked += 1
    assert checked > 100


def test_oklahoma_melds_are_grouped_by_what_they_make_wilds_folded() -> None:
    variant = get_variant("arlington")
    game = Game(variant, seed=4)
    game.apply("draw stock")
    texts = game.legal_texts()
    rows = move_menu(variant, texts)
    assert [r["label"] for r in rows] == ["meld", "discard"]
    melds = {e["label"]: e for e in rows[0]["entries"]}
    assert list(melds)[:3] == ["set of aces", "set of 5s", "set of 7s"]
    assert {"♠ sequence", "♥ sequence", "♦ sequence", "♣ sequence"} <= set(melds)
    assert len(rows[0]["entries"]) <= SIZE
    fives = melds["set of 5s"]
    assert len(fives["moves"]) == 10
    shapes = {e["label"]: e for e in entries(fives["rows"])}
    # one line per meld of the same natural cards: which deuce stands where is folded
    assert shapes["5♦ 5♦ + 1 wild"]["moves"] == [
        "meld 5D 5D 2D=5S", "meld 5D 5D 2H=5S", "meld 5D 5D 2S=5S"]
    assert [e["label"] for e in entries(shapes["5♦ 5♦ + 1 wild"]["rows"])] == [
        "5♦ 5♦ 2♦ as 5♠", "5♦ 5♦ 2♥ as 5♠", "5♦ 5♦ 2♠ as 5♠"]
    assert all(len(entries(e["rows"])) <= 2 * SIZE for e in melds.values())
    discards = [e["label"] for e in rows[1]["entries"]]
    assert "10♣" in discards and "Q♥" in discards


def test_oklahoma_draws_layoffs_and_the_pile() -> None:
    variant = get_variant("arlington")
    texts = ["draw pile meld 2D=QH KH AH", "draw pile meld QH KH AH", "draw stock"]
    rows = move_menu(variant, texts)
    assert rows[0]["label"] == "draw"
    stock, pile = rows[0]["entries"]
    assert (stock["label"], stock["moves"]) == ("from the stock", ["draw stock"])
    assert pile["label"] == "take the pile" and len(pile["moves"]) == 2
    assert [e["label"] for e in entries(pile["rows"])] == ["2♦ as Q♥ K♥ A♥", "Q♥ K♥ A♥"]
    rows = move_menu(variant, ["layoff 2C=6H m1", "layoff 2C=10H m1", "layoff 7S m2",
                               "discard 7S"])
    layoff = {e["label"]: e for e in rows[0]["entries"]}
    assert list(layoff) == ["2♣", "7♠ on m2"]
    assert [e["label"] for e in entries(layoff["2♣"]["rows"])] == [
        "2♣ as 6♥ on m1", "2♣ as 10♥ on m1"]


@pytest.mark.parametrize("name", variant_names())
def test_menu_entries_read_as_the_pages_sentences_and_can_be_typed_back(name: str) -> None:
    """A row's label and an entry's read the move as the web page's button does (one
    source: ``present.words``), and typing what the menu shows finds that entry."""
    variant = get_variant(name)
    sentences = 0
    for texts in legal_sets(variant, 3):
        rows = move_menu(variant, texts)
        for row in rows:
            row_entries: list[Entry] = row["entries"]
            for entry in row_entries:
                shown = f"{row['label']} {entry['label']}".strip()
                assert find_typed(rows, shown.upper()) is entry, shown
                if len(entry["moves"]) == 1 and name in ("capone", "ripper"):
                    said = move_words(variant, entry["moves"][0])
                    assert shown == said
                    assert typed_move(variant, texts, said) == entry["moves"][0]
                    sentences += 1
    assert sentences or name not in ("capone", "ripper")
