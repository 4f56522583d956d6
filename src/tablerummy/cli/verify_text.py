"""``verify --text``: what ``verify`` finds, in words a player reads.

The JSON is for scripts; a person checking a record wants the hands, their scores item
by item and where the game stands, and with ``--seat N`` that seat's table as the
terminal shows it.  Everything comes from the JSON object ``verify`` made and the
terminal's own rendering (``render.turn_screen``), so the two forms never disagree and
the text holds nothing the JSON does not.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Console, RenderableType
from rich.rule import Rule
from rich.text import Text

from ..game import Game
from ..present import seat_label, side_label, table_view
from ..present.moves import move_menu
from .render import CardStyles, flow, readable, signed_points, turn_screen


def _hand(number: int, hand: Mapping[str, Any], sides: list[list[int]],
          width: int) -> list[RenderableType]:
    if not hand["complete"]:
        return [Rule(f"[bold]Hand {number}[/]: being played", style="bright_black",
                     align="left")]
    words = readable(hand["end"])
    if hand.get("outcome"):
        words += f", the Ripper {readable(hand['outcome'])}"
    parts: list[RenderableType] = [Rule(f"[bold]Hand {number}[/]: {words}", style="yellow",
                                        align="left")]
    for side, (items, score) in enumerate(zip(hand["breakdown"], hand["scores"],
                                              strict=True)):
        pieces = [Text(f"{side_label(sides, side)}:", style="bold cyan")]
        pieces += [Text.assemble((signed_points(points), "bold"), f" {label}")
                   for label, points in items]
        pieces.append(Text(f"= {signed_points(score)}", style="bold"))
        parts.append(flow(pieces, width, gap=3, indent=4))
    return parts


def _standing(out: Mapping[str, Any]) -> Text:
    sides = out["sides"]
    totals = "  ·  ".join(f"{side_label(sides, i)} {t}" for i, t in enumerate(out["totals"]))
    if out["game_over"]:
        winner = out["winner"]
        head = (f"{side_label(sides, winner)} won the game." if winner is not None
                else "The game is over.")
        return Text(f"{head}  Totals: {totals}", style="bold green")
    return Text(f"Totals: {totals}", style="bold")


def print_verify_text(out: Mapping[str, Any], game: Game | None, seat: int | None,
                      console: Console | None = None) -> None:
    """Print ``out`` (what :func:`~tablerummy.verify.verify` returned) for a person.

    ``game`` is the replayed game (None when the record stopped at an illegal action);
    with ``seat``, that seat's table is drawn from its observation only.
    """
    console = console or Console(highlight=False)
    width = console.width
    if not out["ok"]:
        console.print(Text(f"Hand {out['hand'] + 1}, action {out['index'] + 1} "
                           f"({out['action']!r}) is illegal: {out['error']}",
                           style="bold red"))
        return
    console.print(Text(f"{out['variant']}: {len(out['hands'])} hand(s) replayed",
                       style="bold"))
    for number, hand in enumerate(out["hands"], start=1):
        for part in _hand(number, hand, out["sides"], width):
            console.print(part)
    console.print(_standing(out))
    if out["to_act"] is None:
        return
    who = seat_label(out["to_act"])
    if seat is None or game is None:
        moves = ", ".join(out["legal"])
        console.print(Text(f"{who} to act. Legal moves: {moves}"))
        return
    view = table_view(game.variant, out["view"])
    menu = move_menu(game.variant, out["legal"]) if out["legal"] else []
    for part in turn_screen(view, {}, CardStyles(game.variant.deck()), console,
                            hand_number=len(game.hands) - 1, seed=None, menu=menu,
                            height=10_000):
        console.print(part)
