"""``tablerummy play`` in a real pty at 80×24, read through a terminal emulator (pyte).

What a person at a standard terminal must see at once when asked for a move: their hand,
each pile's top and size, the scores and the prompt; and nothing may wipe what scrolled
away (earlier turns, the seed).  The game's state to compare with is read back from the
record the session saves, so the test computes no rule itself.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from pty_terminal import PtyTerminal
from rich.console import Console

from tablerummy.cli.render import MENU_ROWS, CardStyles, turn_screen
from tablerummy.game import Game
from tablerummy.present import table_view
from tablerummy.present.moves import entries, move_menu
from tablerummy.records import load_json, replay
from tablerummy.variant import get_variant

COLUMNS, LINES = 80, 24

TABLES = [
    pytest.param("capone", ["--seats", "human,greedy"], 3, id="capone-2"),
    pytest.param("capone", ["--seats", "human,greedy", "-o", "players=4"], 5, id="capone-4"),
    pytest.param("ripper", ["--seats", "human,greedy,greedy"], 5, id="ripper-3"),
    pytest.param("fortune", ["--seats", "human,greedy"], 39, id="fortune"),
    pytest.param("arlington", ["--seats", "human,greedy"], 4, id="arlington"),
    pytest.param("arlington-heights", ["--seats", "human,greedy"], 23, id="arlington-heights"),
]


def _flat(lines: list[str]) -> str:
    """The screen as one line of words: a hand may wrap, a card name never does."""
    return " ".join(" ".join(lines).split())


def check_screen(lines: list[str], record_path: Path) -> None:
    """Everything a decision needs is on the 24 lines at once."""
    game = replay(load_json(record_path)).game
    view = table_view(game.variant, game.observation(0))
    text = _flat(lines)
    size = sum(c.get("count", 1) for g in view["hand"] for c in g["cards"])
    assert f"p0's hand ({size} card" in text
    for group in view["hand"]:
        for card in group["cards"]:
            shown = card["name"] + (f" ×{card['count']}" if card["count"] > 1 else "")
            assert shown in text or card["name"] + f"×{card['count']}" in text, shown
    for pile in view["piles"]:
        assert f"{pile['name']}: {pile['size']} card" in text, pile
        if pile["top"]:
            assert f"top ■ {pile['top_name']}" in text or f"top {pile['top_name']}" in text
    scores = view["scores"]
    assert f"Game to {scores['target']}" in text
    for label, total in zip(scores["sides"], scores["totals"], strict=True):
        assert f"{label} {total}" in text
    assert view["prompt"][:30] in text
    assert lines[-1].startswith("p0>") or any(
        line.rstrip() == "p0>" for line in lines[-1 - MENU_ROWS:])


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "seats", "seed"), TABLES)
def test_a_turn_fits_an_80x24_terminal_and_nothing_wipes_the_scrollback(
        variant: str, seats: list[str], seed: int, tmp_path: Path) -> None:
    term = PtyTerminal(["play", variant, *seats, "--seed", str(seed)], tmp_path,
                       COLUMNS, LINES)
    try:
        assert term.wait_prompt("p0>", "your turn"), term.text()
        first = term.display()
        term.send("1\r")  # the first entry of the menu: a draw, or a discard
        assert term.wait_prompt("p0>", "your turn"), term.text()
        second = term.display()
        term.send("save turn.json\r")
        assert term.wait_for("game record saved to turn.json")
        term.send("quit\r")
        assert term.wait_for("file name, or Enter for no")
        term.send("\r")
        assert term.proc.wait(timeout=60) == 0
    finally:
        term.close()
    check_screen(second, tmp_path / "turn.json")
    assert "Traceback" not in term.raw.decode("utf-8", "replace")
    assert term.wipes() == []  # no ESC[3J, no full clear, no reset
    history = term.history()
    assert f"Seed {seed} (play it again with --seed {seed})" in _flat(history)
    assert any(first[3] == line for line in history)  # the turn before scrolled up, kept


def test_the_first_arlington_turn_menu_fits_the_screen() -> None:
    """267 legal melds and discards after the first draw (seed 4): a menu of one screen."""
    variant = get_variant("arlington")
    game = Game(variant, seed=4, log=True)
    game.apply("draw stock")
    texts = game.legal_texts()
    assert len(texts) > 250
    menu = move_menu(variant, texts)
    console = Console(file=io.StringIO(), width=COLUMNS, height=LINES, color_system=None)
    parts = turn_screen(table_view(variant, game.observation(0)), {0: "you", 1: "greedy"},
                        CardStyles(variant.deck()), console, hand_number=0, seed=4,
                        menu=menu, recent=game.events(0))
    for part in parts:
        console.print(part)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    lines = out.splitlines()
    assert len(lines) <= LINES - 1 - MENU_ROWS
    menu_text = out.split("your turn")[1]
    numbers = [int(n) for n in re.findall(r"(?:^|\s)(\d+) (?!ways\b)(?=\S)", menu_text)]
    assert numbers == list(range(1, len(entries(menu)) + 1))
    assert "set of 5s: 10 ways" in out and "♦ sequence" in out
    size = sum(game.observation(0)["hand"].count(c) for c in set(game.observation(0)["hand"]))
    assert "discard" in out and f"p0's hand ({size} cards)" in out


@pytest.mark.slow
def test_a_group_opens_its_own_menu_and_typed_moves_complete(tmp_path: Path) -> None:
    term = PtyTerminal(["play", "arlington", "--seats", "human,greedy", "--seed", "4"],
                       tmp_path, COLUMNS, LINES)
    try:
        assert term.wait_prompt("p0>", "your turn")
        term.send("help\r")  # the seed and the how-to, once more
        assert term.wait_prompt("p0>", "Seed 4 (play it again")
        assert "Enter a move by its number" in term.text()
        term.send("1\r")
        assert term.wait_prompt("p0>", "meld, lay off")
        term.send("2\r")  # set of 5s: 10 ways
        assert term.wait_prompt("p0 set of 5s>", "choose by number")
        assert "5♦ 5♦ + 1 wild: 3 ways" in term.text()
        term.send("\r")  # Enter goes back to the whole menu
        assert term.wait_prompt("p0>", "Moves:")
        term.send("meld 5d 5d 2s")
        assert term.wait_for("meld 5D 5D 2S=5S")  # the menu under the prompt offers it
        term.send("\t\r")
        assert term.wait_prompt("p0>", "2♦ on m1")  # the new meld takes lay-offs
        term.send("quit\r")
        assert term.wait_for("file name, or Enter for no")
        term.send("kept.json\r")
        assert term.proc.wait(timeout=60) == 0
    finally:
        term.close()
    record = load_json(tmp_path / "kept.json")
    assert record["hands"][0]["actions"][:2] == ["draw stock", "meld 5D 5D 2S=5S"]
    assert term.wipes() == []


@pytest.mark.slow
def test_the_end_of_a_hand_is_scored_item_by_item_on_the_screen(tmp_path: Path) -> None:
    """Arlington, the first entry of every menu (melds first) until the hand ends."""
    term = PtyTerminal(["play", "arlington", "--seats", "human,greedy", "--seed", "6"],
                       tmp_path, COLUMNS, LINES)

    def waiting() -> bool:
        line = term.cursor_line().rstrip()
        return "\n" in term.written() and (
            (line.startswith("p0") and line.endswith(">")) or "press Enter" in line)

    try:
        for _ in range(600):
            assert term.wait_until(waiting)
            if "press Enter" in term.cursor_line():
                break
            term.send("1\r")
        screen = _flat(term.display())
        term.send("\r")  # the next hand
        assert term.wait_prompt("p0>", "hand 2")
    finally:
        term.close()
    assert "Hand 1 is over: went out" in screen
    assert "p0 (you):" in screen and "p1 (greedy):" in screen
    assert "going out" in screen and screen.count("this hand") == 2
    assert "Game to 1000, totals:" in screen
    assert term.wipes() == []


@pytest.mark.slow
def test_a_hint_fits_an_80x24_terminal_beside_the_prompt(tmp_path: Path) -> None:
    """``hint`` at a real terminal: every suggested move, its numbers and reason, and the
    prompt again, on the 24 lines a person reads at once."""
    term = PtyTerminal(["play", "capone", "--seats", "human,greedy", "--seed", "7"],
                       tmp_path, COLUMNS, LINES)
    try:
        assert term.wait_prompt("p0>", "your turn"), term.text()
        term.send("hint\r")
        assert term.wait_prompt("p0>", "Best moves now"), term.text()
        screen = term.display()
        term.send("quit\r")
        assert term.wait_for("file name, or Enter for no")
        term.send("\r")
        assert term.proc.wait(timeout=60) == 0
    finally:
        term.close()
    text = _flat(screen)
    assert "Best moves now" in text
    numbered = [line for line in screen if re.match(r" \d\. ", line)]
    assert len(numbered) == 2  # both legal moves of the first turn (draw, or take the top)
    for line in numbered:
        assert re.search(r"win \d+% · margin [+-]\d+$", line), line
    assert "Draw two from the Case File" in text and "Take the top card" in text
    assert screen[-1].startswith("p0>") or any(line.rstrip() == "p0>" for line in screen)
    assert "Traceback" not in term.raw.decode("utf-8", "replace")
