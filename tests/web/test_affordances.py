"""Every legal move has a control on the page: random positions of every variant.

The page draws the affordances the server sends (``web/affordances.py``): hand cards to
select, a pile to click, a group of buttons (a decision, also opened as a dialog).  This
walks random positions of every variant and player count and checks that each legal
move of the seat to act is offered by one of them, under a label in card names, and
that the page's selection rule (``matching`` in ``table.js``, ported below) shows it.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from tablerummy.game import Game
from tablerummy.present import table_view
from tablerummy.variant import Variant, get_variant
from tablerummy.web.affordances import affordances, card_faces, hand_ids
from tablerummy.web.protocol import seat_message, welcome_message

POSITIONS = 500


def max_players(name: str) -> int:
    spec = next(s for s in get_variant(name).option_specs if s.name == "players")
    found = re.search(r"to (\d+)", spec.help)
    assert found, spec.help
    return int(found.group(1))


CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("capone", {"players": 2}), ("capone", {"players": 4}),
    ("ripper", {"players": 2}), ("ripper", {"players": 3}), ("ripper", {"players": 4}),
    *[(name, {"players": n}) for name in ("fortune", "arlington", "arlington-heights")
      for n in (2, max_players(name))],
    ("arlington", {"players": 2, "joker": True}),
]


def matching(moves: list[dict[str, Any]], ids: list[str]) -> list[dict[str, Any]]:
    """``matching`` of table.js: the card moves shown for a selection of hand cards."""
    shown = []
    for move in moves:
        if not ids:
            continue
        if not move["cards"] or move["cards"][0] not in ids:
            continue
        if not Counter(ids) - Counter(move["cards"]):
            shown.append(move)
    return shown


def positions(variant: Variant, count: int, seed: int) -> Iterator[Game]:
    """``count`` positions of random games (random legal moves), each with a seat to act."""
    rng = random.Random(seed)
    seen = 0
    game_seed = seed * 1000
    while True:
        game = Game(variant, seed=game_seed, log=True)
        game_seed += 1
        while not game.game_over:
            yield game
            seen += 1
            if seen >= count:
                return
            game.apply(rng.choice(game.legal_actions()))


def check_position(variant: Variant, game: Game, faces: dict[str, Any]) -> list[dict[str, Any]]:
    seat = game.to_act
    assert seat is not None
    view = table_view(variant, game.observation(seat))
    legal = game.legal_texts()
    moves = affordances(variant, view, legal)
    assert [m["text"] for m in moves] == legal
    held = Counter(hand_ids(view))
    decision = view["phase"] not in ("draw", "play")
    raw_ids = {card for card, face in faces.items() if face["name"] != card}
    for move in moves:
        where = f"{variant.name} {dict(variant.options)} {move['text']!r} in {view['phase']}"
        offered = False
        if move["cards"]:
            assert not Counter[str](move["cards"]) - held, f"{where}: cards not in hand"
            assert move in matching(moves, move["cards"]), where
            offered = True
        if move["pile"] is not None:
            assert 0 <= move["pile"] < len(view["piles"]), where
            assert move["verb"] == "draw", where
            offered = True
        if move["group"]:
            offered = True
        assert offered, f"{where}: no control offers this move"
        if decision:  # a decision is asked as a group of buttons (and a dialog)
            assert move["group"], where
        if move["verb"] in ("take", "vote") and move["text"] != "vote call":
            assert move["group"] and move["option"] == move["text"].split()[1], where
        for word in move["label"].replace("=", " ").split():
            assert word not in raw_ids, f"{where}: label {move['label']!r} shows the id {word}"
    return moves


@pytest.mark.parametrize(("name", "options"), CONFIGS,
                         ids=[f"{n}-{'-'.join(f'{k}={v}' for k, v in o.items())}"
                              for n, o in CONFIGS])
def test_every_legal_move_has_a_control(name: str, options: dict[str, Any]) -> None:
    variant = get_variant(name, options)
    faces = card_faces(variant)
    verbs: Counter[str] = Counter()
    checked = 0
    for game in positions(variant, POSITIONS, seed=len(name) * 7 + variant.players):
        for move in check_position(variant, game, faces):
            verbs[move["verb"]] += 1
        checked += 1
    assert checked == POSITIONS
    assert verbs["draw"] and verbs["discard"], verbs  # the walk saw real turns


def test_a_search_offers_a_card_also_in_hand() -> None:
    """Issue 8: ``take al-capone`` during a search, with an Al Capone in hand."""
    variant = get_variant("capone")
    for game in positions(variant, 20_000, seed=5):
        if game.observation(game.to_act or 0)["phase"] != "take":
            continue
        seat = game.to_act
        assert seat is not None
        view = table_view(variant, game.observation(seat))
        hand = set(hand_ids(view))
        moves = affordances(variant, view, game.legal_texts())
        both = [m for m in moves if m["verb"] == "take" and m["option"] in hand]
        if both:
            move = both[0]
            assert move["cards"] == [] and move["group"] and move["label"].startswith("Keep ")
            assert move["label"] != move["text"]
            return
    pytest.fail("no search with a card also in hand in 20,000 random positions")


def test_a_vote_offers_all_six_suspects_by_name() -> None:
    variant = get_variant("ripper")
    faces = card_faces(variant)
    for game in positions(variant, 20_000, seed=11):
        if game.observation(game.to_act or 0)["phase"] != "vote":
            continue
        seat = game.to_act
        assert seat is not None
        view = table_view(variant, game.observation(seat))
        moves = affordances(variant, view, game.legal_texts())
        votes = [m for m in moves if m["verb"] == "vote"]
        assert len(votes) == 6
        assert {m["group"] for m in votes} == {votes[0]["group"]}
        for m in votes:
            assert m["label"] == f"Vote for {faces[m['option']]['name']}"
        return
    pytest.fail("no vote in 20,000 random positions")


def test_faces_have_unique_marks_and_points() -> None:
    for name in ("capone", "ripper"):
        faces = card_faces(get_variant(name))
        marks = Counter(face["mono"] for face in faces.values())
        assert all(n == 1 for n in marks.values()), marks
    capone = card_faces(get_variant("capone"))
    assert capone["murray-humphreys"]["mono"] != capone["mike-heitler"]["mono"]
    assert capone["al-capone"]["points"] == 3 and capone["raid"]["points"] is None
    assert card_faces(get_variant("ripper"))["chapman"]["name"] == "George Chapman"


def test_the_welcome_carries_faces_and_each_state_affordances() -> None:
    variant = get_variant("capone")
    game = Game(variant, seed=3, log=True)
    seat = game.to_act
    assert seat is not None
    message = seat_message(variant, game.observation(seat), game.events(seat),
                           game.legal_texts(), {}, 0)
    assert "faces" not in message  # once per connection, in the welcome
    welcome = welcome_message(variant, seat, {})
    assert welcome["faces"]["al-capone"]["name"] == "Al Capone"
    draw = next(m for m in message["legal"] if m["text"] == "draw stock")
    assert draw["pile"] == 0 and draw["cards"] == []
