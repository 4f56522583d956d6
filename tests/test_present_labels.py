"""Presenter words that every front end shows: outcomes at a hand's end, names not ids."""

from __future__ import annotations

import io
import random
import re

from rich.console import Console

from tablerummy.cli.render import CardStyles, hand_over_screen, hand_text
from tablerummy.game import Game
from tablerummy.present import table_view
from tablerummy.ripper.cards import KINDS
from tablerummy.variant import get_variant, variant_names

CARD_NAME = re.compile(r"^(?:(?:10|[2-9AJQK])[♠♥♦♣]|Joker)(?:=(?:10|[2-9AJQK])[♠♥♦♣])?$")


def finished_hand_views(name: str, games: int = 6) -> list[dict[str, object]]:
    """Views of finished hands (as the terminal and the page build them) of random games."""
    variant = get_variant(name, {"players": 3} if name == "ripper" else None)
    rng = random.Random(7)
    views = []
    for seed in range(games):
        game = Game(variant, seed=seed)
        while len(game.hands) == 1 and not game.game_over:
            game.apply(rng.choice(game.legal_actions()))
        obs = game.observation(0)
        merged = dict(obs)
        merged.update(obs["last_hand"])
        for key in ("sides", "totals", "target", "game_over", "winner", "hand_scores"):
            merged[key] = obs[key]
        views.append(table_view(variant, merged))
    return views


def test_a_finished_ripper_hand_shows_the_outcome_not_the_race() -> None:
    notes = []
    for view in finished_hand_views("ripper", 10):
        for area in view["areas"]:  # type: ignore[attr-defined]
            for meld in area["melds"]:
                notes.append(meld["note"])
                assert "caught now" not in meld["note"]
                assert len(meld["names"]) == len(meld["cards"])
                assert not set(meld["names"]) & set(KINDS)  # names, never raw ids
    assert any("the Ripper: doubled" in note for note in notes)


def test_melds_name_their_cards_in_every_variant() -> None:
    for name in variant_names():
        variant = get_variant(name)
        game = Game(variant, seed=3)
        rng = random.Random(3)
        for _ in range(120):
            if game.game_over:
                break
            game.apply(rng.choice(game.legal_actions()))
        view = table_view(variant, game.observation(0))
        for area in view["areas"]:
            for meld in area["melds"]:
                assert len(meld["names"]) == len(meld["cards"]), name
                for card, shown in zip(meld["cards"], meld["names"], strict=True):
                    assert shown != card, shown  # a name, never the raw id
                    if name not in ("capone", "ripper"):
                        assert CARD_NAME.match(shown), shown


def test_one_card_is_one_card() -> None:
    view = {"seat": 0, "hand": [{"label": "Evidence", "cards": [
        {"id": "al-capone", "name": "Al Capone", "count": 1}]}]}
    console = Console(file=io.StringIO(), width=80, color_system=None)
    console.print(hand_text(view, CardStyles(), 80))
    assert "p0's hand (1 card):" in console.file.getvalue()  # type: ignore[attr-defined]


def test_the_end_of_a_hand_is_scored_item_by_item_from_the_breakdown() -> None:
    view = {
        "title": "T", "seat": 0, "end": "went-out",
        "players": [{"seat": 0, "label": "p0", "side": 0}, {"seat": 1, "label": "p1", "side": 1}],
        "scores": {"sides": ["p0", "p1"], "totals": [95, -80], "target": 1000,
                   "hands": [[95, -80]], "game_over": False, "winner": None},
        "areas": [],
        "breakdown": [
            {"side": 0, "label": "p0", "total": 95, "items": [
                {"label": "m1 7♠ 7♥ 7♦", "points": 15}, {"label": "going out", "points": 100},
                {"label": "Q♠ in hand", "points": -100}, {"label": "Q♥ in hand", "points": 80}]},
            {"side": 1, "label": "p1", "total": -80, "items": [
                {"label": "K♣ in hand", "points": -80}]},
        ],
    }
    console = Console(file=io.StringIO(), width=80, color_system=None)
    console.print(hand_over_screen(view, 0, {0: "you", 1: "greedy"}, 80))
    out = " ".join(console.file.getvalue().split())  # type: ignore[attr-defined]
    assert "Hand 1 is over: went out" in out
    assert "p0 (you): +15 m1 7♠ 7♥ 7♦ +100 going out −100 Q♠ in hand +80 Q♥ in hand" in out
    assert "= +95 this hand" in out
    assert "p1 (greedy): −80 K♣ in hand = −80 this hand" in out
    assert "p0 95" in out and "p1 -80" in out
