"""What a person sees of the Oklahoma family's discard pile: its top card and its size.

"Players may not look at any cards in the discard deck hidden by the topmost card"
(Oklahoma rulebook).  The bots' observation keeps the perfect memory of every discard
(docs/rules-oklahoma.md); the view that the terminal and the web page draw does not list
the pile, nor what follows from it (a rebuilt stock's order, cards known in a hand).
"""

from __future__ import annotations

import io

from rich.console import Console

from tablerummy.cli.render import CardStyles, turn_screen
from tablerummy.game import Game
from tablerummy.present import table_view
from tablerummy.present.moves import move_menu
from tablerummy.variant import get_variant
from tablerummy.web.protocol import seat_message


def _played_past_a_rebuild() -> Game:
    """A ``fortune`` hand in which a player took the pile once and the stock was rebuilt, with
    several cards on the pile again: everything the old view listed is there to list."""
    game = Game(get_variant("fortune"), seed=5, log=True)
    took = False
    while True:
        obs = game.observation(game.to_act or 0)
        if obs["stock"] is not None and obs["discard_size"] >= 4 and took:
            return game
        texts = game.legal_texts()
        if obs["phase"] == "draw":
            takes = [t for t in texts if t.startswith("draw pile")]
            if takes and not took and obs["discard_size"] >= 4:
                game.apply(takes[0])
                took = True
            else:
                game.apply("draw stock")
        else:
            game.apply([t for t in texts if t.startswith("discard")][-1])
        assert not game.game_over and game.state.end is None


def test_the_view_shows_the_pile_top_and_size_only() -> None:
    game = _played_past_a_rebuild()
    variant = game.variant
    seat = game.to_act
    assert seat is not None
    obs = game.observation(seat)
    # the observation remembers: the whole pile, the rebuilt stock, cards known in hands
    assert len(obs["discard"]) == obs["discard_size"] >= 4
    assert obs["stock"] and any(obs["known_hands"])
    view = table_view(variant, obs)
    assert view["piles"][1] == {"name": "Discard pile", "size": obs["discard_size"],
                                "top": obs["discard_top"],
                                "top_name": view["piles"][1]["top_name"]}
    assert view["piles"][0]["top"] is None
    assert view["private"] == []  # no pile below the top, no stock order, no known cards
    for other in range(variant.players):  # what the web page gets, seat by seat
        legal = game.legal_texts() if other == seat else []
        shown = seat_message(variant, game.observation(other), game.events(other), legal,
                             {}, 0)["view"]
        assert shown["private"] == [] and shown["piles"] == view["piles"]


def test_the_terminal_shows_the_pile_as_top_and_size() -> None:
    game = _played_past_a_rebuild()
    seat = game.to_act
    assert seat is not None
    obs = game.observation(seat)
    view = table_view(game.variant, obs)
    console = Console(file=io.StringIO(), width=100, color_system=None)
    for part in turn_screen(view, {0: "you", 1: "bot"}, CardStyles(game.variant.deck()),
                            console, hand_number=0, seed=5,
                            menu=move_menu(game.variant, game.legal_texts())):
        console.print(part)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert f"Discard pile: {obs['discard_size']} cards" in out
    assert "below its top" not in out and "rebuilt stock" not in out
    assert "Known to be held" not in out


def test_taking_the_pile_stays_a_move_without_the_list() -> None:
    """The page offers "draw pile meld …" when the pile is clicked, from the legal moves;
    the terminal lists them: neither needs the pile's cards."""
    game = Game(get_variant("arlington-heights"), seed=2)
    for _ in range(400):
        texts = game.legal_texts()
        takes = [t for t in texts if t.startswith("draw pile meld")]
        if takes:
            break
        game.apply("draw stock" if "draw stock" in texts else
                   next(t for t in texts if t.startswith("discard")))
    else:
        raise AssertionError("no position to take the pile in 400 actions")
    seat = game.to_act
    assert seat is not None
    message = seat_message(game.variant, game.observation(seat), game.events(seat), texts,
                           {}, 0)
    offered = [m["text"] for m in message["legal"] if m["verb"] == "draw"]
    assert set(takes) <= set(offered)
