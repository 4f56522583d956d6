"""Screenshots of ``tablerummy play`` at 80×24 for docs/play.md (docs/images/terminal*.png).

Each game runs in a real pty read by a terminal emulator (pyte, tests/pty_terminal.py);
the emulator's screen is drawn as HTML in its colours and photographed by the system
Chromium through Playwright, as the web tests do.  Run from the repository root with the
test extra installed:

    .venv/bin/python scripts/terminal_screenshots.py

The games are seeded, so the pictures change only when the terminal does.
"""

from __future__ import annotations

import re
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from playwright.sync_api import sync_playwright  # noqa: E402
from pty_terminal import PtyTerminal, screen_html  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
IMAGES = ROOT / "docs" / "images"
ENV = {"COLORTERM": "truecolor"}


def last_number(term: PtyTerminal) -> int:
    """The highest entry number of the menu on screen."""
    after = term.text().split("your turn")[-1]
    numbers = [int(n) for n in re.findall(r"(?:^|\s)(\d+) (?!ways\b|cards?\b)(?=\S)", after)]
    return max(numbers, default=1)


def turn_line(term: PtyTerminal) -> str:
    """The seat's prompt line of the screen (the newest "your turn: …")."""
    return next((line for line in reversed(term.display()) if "your turn" in line), "")


def capone(term: PtyTerminal) -> None:
    """A few turns of melding and playing what the menu offers last, then the completion
    menu open under the prompt."""
    assert term.wait_prompt("p0>", "your turn: draw")
    for _ in range(4):
        term.send("draw stock\r")
        for _ in range(12):
            assert term.wait_prompt("p0>", "your turn")
            if "your turn: draw" in turn_line(term):
                break
            term.send(f"{last_number(term)}\r")
        else:
            raise AssertionError("the turn did not end")
    assert "your turn: draw" in turn_line(term)
    term.send("draw stock\r")
    assert term.wait_prompt("p0>", "then discard")
    term.send("pl")
    term.settle()


def arlington(term: PtyTerminal) -> None:
    """The first turn of seed 4: 267 legal moves after the draw, as a one-screen menu."""
    assert term.wait_prompt("p0>", "your turn")
    term.send("1\r")
    assert term.wait_prompt("p0>", "meld, lay off")


def arlington_group(term: PtyTerminal) -> None:
    """The same turn with a group opened and a typed meld completing."""
    arlington(term)
    term.send("2\r")
    assert term.wait_prompt("p0 set of 5s>", "choose by number")
    term.send("meld 5d 5d")
    term.settle()


def waiting(term: PtyTerminal) -> bool:
    """Whether the game waits for p0: an empty move prompt, or Enter for the next hand."""
    line = term.cursor_line().rstrip()
    return (line.startswith("p0") and line.endswith(">")) or "press Enter" in line


def hand_over(term: PtyTerminal) -> None:
    """The first entry of every menu (meld what can be melded, lay off, discard) until
    the first hand is scored."""
    for _ in range(600):
        if not term.wait_until(lambda: "\n" in term.written() and waiting(term), guard=30):
            raise AssertionError("no prompt")
        if "press Enter" in term.cursor_line():
            return
        term.send("1\r")
    raise AssertionError("the hand did not end")


SHOTS: list[tuple[str, list[str], Callable[[PtyTerminal], None]]] = [
    ("terminal.png", ["play", "capone", "--seats", "human,greedy", "--seed", "3"], capone),
    ("terminal-arlington.png", ["play", "arlington", "--seats", "human,greedy", "--seed", "4"],
     arlington),
    ("terminal-menu.png", ["play", "arlington", "--seats", "human,greedy", "--seed", "4"],
     arlington_group),
    ("terminal-hand-over.png", ["play", "arlington", "--seats", "human,greedy", "--seed", "6"],
     hand_over),
]


def main() -> None:
    IMAGES.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM,
                                    args=["--headless", "--no-sandbox", "--disable-gpu"])
        page = browser.new_page(device_scale_factor=1)
        for name, args, drive in SHOTS:
            term = PtyTerminal(args, Path(tmp), 80, 24, env=ENV)
            try:
                drive(term)
                term.settle()
                html = screen_html(term.screen, "tablerummy " + " ".join(args[1:]))
            finally:
                term.close()
            page.set_content(html)
            page.locator(".win").screenshot(path=str(IMAGES / name))
            print(f"wrote docs/images/{name}")
        browser.close()


if __name__ == "__main__":
    main()
