"""A real pseudo-terminal with a terminal emulator (pyte) on the other end, for tests.

``tablerummy play`` runs as a person runs it: its stdin, stdout and stderr are the slave
side of a pty of a given size, and everything it writes goes through pyte, which keeps
the screen (and the lines scrolled off the top) as a terminal would.  The raw byte stream
is kept too, so a test can check what no terminal shows, e.g. that nothing erased the
scrollback.  pyte answers the cursor-position requests that prompt_toolkit sends, as a
terminal does.
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import pyte

_ANSI = re.compile(rb"\x1b(?:\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07]*\x07|[()][A-Z0-9]|[=>78DEHM])")

WIPES = (b"\x1b[3J", b"\x1b[2J", b"\x1bc")
"""Erase the scrollback, erase the whole screen, reset the terminal."""


class _Screen(pyte.HistoryScreen):
    """A screen that answers the program's status requests through the pty."""

    answer: Callable[[str], object] | None = None  # what it returns is not used

    def write_process_input(self, data: str) -> None:
        if self.answer is not None:
            self.answer(data)


class PtyTerminal:
    """``tablerummy ARGS`` in a pty of ``columns`` × ``lines``, read through pyte."""

    def __init__(self, args: Sequence[str], cwd: Path, columns: int = 80, lines: int = 24,
                 env: Mapping[str, str] | None = None) -> None:
        self.columns, self.lines = columns, lines
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
        full_env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
        full_env.update(TERM="xterm-256color", TABLERUMMY_DELAY="0", PYTHONUNBUFFERED="1")
        full_env.update(env or {})
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tablerummy", *args], stdin=slave, stdout=slave,
            stderr=slave, env=full_env, cwd=cwd, start_new_session=True,
        )
        os.close(slave)
        self.master = master
        self.screen = _Screen(columns, lines, history=5000)
        self.screen.answer = lambda data: os.write(master, data.encode())
        self.stream = pyte.ByteStream(self.screen)
        self.raw = b""
        self.mark = 0  # where in ``raw`` the last wait started

    # --- reading ---------------------------------------------------------------------------

    def _read(self, wait: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], wait)
        if not ready:
            return True
        try:
            chunk = os.read(self.master, 65536)
        except OSError:
            return False
        if not chunk:
            return False
        self.raw += chunk
        self.stream.feed(chunk)
        return True

    def written(self) -> str:
        """What was written since the last :meth:`wait_for`, control sequences left out."""
        return _ANSI.sub(b"", self.raw[self.mark:]).decode("utf-8", "replace")

    def wait_for(self, token: str, guard: float = 60) -> bool:
        """Read until ``token`` is written (from the last wait on) and is on the screen."""
        deadline = time.monotonic() + guard  # against hanging, not a timing assertion
        while time.monotonic() < deadline:
            if token in self.written() and token in self.text():
                break
            if not self._read(0.3):
                break
        found = token in self.written() and token in self.text()
        self.mark = len(self.raw)
        return found

    def wait_until(self, ready: Callable[[], bool], guard: float = 60) -> bool:
        """Read until ``ready()`` holds (checked after every chunk)."""
        deadline = time.monotonic() + guard  # against hanging, not a timing assertion
        while not ready() and time.monotonic() < deadline:
            if not self._read(0.3):
                break
        found = ready()
        self.mark = len(self.raw)
        return found

    def cursor_line(self) -> str:
        return self.display()[self.screen.cursor.y]

    def wait_prompt(self, prompt: str, after: str, guard: float = 60) -> bool:
        """Read until ``after`` was written and the cursor waits on an empty ``prompt``."""
        return self.wait_until(lambda: after in self.written()
                               and self.cursor_line().rstrip() == prompt.rstrip(), guard)

    def settle(self, quiet: float = 0.8, guard: float = 60) -> None:
        """Read until the program has written nothing for ``quiet`` seconds."""
        deadline = time.monotonic() + guard
        while time.monotonic() < deadline:
            before = len(self.raw)
            if not self._read(quiet) or len(self.raw) == before:
                return

    def send(self, keys: str | bytes) -> None:
        os.write(self.master, keys.encode() if isinstance(keys, str) else keys)

    # --- what is on the screen ---------------------------------------------------------------

    def display(self) -> list[str]:
        return [line.rstrip() for line in self.screen.display]

    def text(self) -> str:
        return "\n".join(self.display())

    def history(self) -> list[str]:
        """The lines scrolled off the top, oldest first."""
        return ["".join(line[x].data for x in range(self.columns)).rstrip()
                for line in self.screen.history.top]

    def wipes(self) -> list[bytes]:
        return [w for w in WIPES if w in self.raw]

    def close(self) -> int | None:
        if self.proc.poll() is None:
            self.proc.kill()
        try:
            self.proc.wait(timeout=30)
        finally:
            os.close(self.master)
        return self.proc.returncode


def screen_html(screen: pyte.Screen, title: str) -> str:
    """The screen as an HTML page in the colours pyte kept (for the docs' screenshots)."""
    from html import escape

    named = {"black": "#1e1e1e", "red": "#e06c75", "green": "#98c379", "brown": "#e5c07b",
             "blue": "#61afef", "magenta": "#c678dd", "cyan": "#56b6c2", "white": "#dcdfe4",
             "default": ""}

    def colour(value: str, default: str) -> str:
        if value in named:
            return named[value] or default
        if len(value) == 6:
            return "#" + value
        return default

    rows = []
    for y in range(screen.lines):
        line = screen.buffer[y]
        cells = []
        for x in range(screen.columns):
            char = line[x]
            fg = colour(char.fg, "#dcdfe4")
            bg = colour(char.bg, "transparent")
            if char.reverse:
                fg, bg = (bg if bg != "transparent" else "#1e1e1e"), fg
            style = f"color:{fg};background:{bg}"
            if char.bold:
                style += ";font-weight:bold"
            if char.italics:
                style += ";font-style:italic"
            cells.append(f'<span style="{style}">{escape(char.data or " ")}</span>')
        rows.append("".join(cells))
    body = "\n".join(rows)
    return f"""<!doctype html><meta charset="utf-8"><style>
body {{ margin: 0; background: #2b2b2b; }}
.win {{ display: inline-block; margin: 0; border-radius: 8px; overflow: hidden;
        background: #1e1e1e; box-shadow: 0 4px 18px #0008; }}
.bar {{ background: #3a3a3a; color: #bbb; font: 13px sans-serif; text-align: center;
        padding: 5px 60px; position: relative; }}
.bar i {{ position: absolute; top: 8px; width: 12px; height: 12px; border-radius: 6px; }}
pre {{ margin: 0; padding: 10px 12px; font: 15px/1.25 "DejaVu Sans Mono", monospace;
       color: #dcdfe4; }}
</style><div class="win"><div class="bar"><i style="left:10px;background:#ff5f56"></i>
<i style="left:28px;background:#ffbd2e"></i><i style="left:46px;background:#27c93f"></i>
{escape(title)}</div><pre>{body}</pre></div>"""
