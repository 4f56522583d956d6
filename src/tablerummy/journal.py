"""A tournament's journal: every finished game as one JSON line, so that a long run
survives its process and picks up where it stopped.

A 400-game row of a searching bot, or a lab run of 200 deals, is hours of CPU; a
session, a machine or a Ray cluster may stop first.  With ``--journal FILE``
(``tournament`` and ``lab shape|skill|spread``) each game is appended (and flushed) the
moment it finishes, and a run given a journal that already holds games plays only the
others: the same command, run again, finishes the run, and a larger ``--games`` extends
it.  A game's outcome depends only on its seed and seating (with iteration budgets), so
a resumed row is the row that one uninterrupted run would have given.

The first line names the tournament (variant, options, bots, first seed, card values);
a journal of another tournament is refused rather than mixed in.  A last line cut off
mid-write (the process was killed) is dropped and written again.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TextIO

from .errors import OptionError
from .simulate import GameResult, Setup
from .tournament import Task

KIND = "tablerummy games journal"


def header(setup: Setup) -> dict[str, Any]:
    """What makes two runs the same games: the table, the bots, the first seed, the card
    values, and what the harness reads of each game (the lab keeps facts a tournament
    does not)."""
    inspect = setup.hooks.inspect
    return {"journal": KIND, "variant": setup.variant, "options": dict(setup.options),
            "bots": list(setup.bots), "seed": setup.seed, "cards": setup.cards,
            "facts": f"{inspect.__module__}.{inspect.__qualname__}"}


def _result_json(result: GameResult) -> dict[str, Any]:
    return {"index": result.index, "seed": result.seed, "seats": list(result.seats),
            "sides": [list(s) for s in result.sides], "winner": result.winner,
            "hand_scores": result.hand_scores, "decisions": result.decisions,
            "error": result.error, "facts": result.facts}


def _result(data: dict[str, Any]) -> GameResult:
    return GameResult(index=int(data["index"]), seed=int(data["seed"]),
                      seats=tuple(int(s) for s in data["seats"]),
                      sides=tuple(tuple(int(s) for s in side) for side in data["sides"]),
                      winner=None if data["winner"] is None else int(data["winner"]),
                      hand_scores=[[int(x) for x in h] for h in data["hand_scores"]],
                      decisions=int(data["decisions"]), error=data.get("error"),
                      facts=data.get("facts"))


class Journal:
    """An open journal: :meth:`done` are the games it already holds, :meth:`add`
    appends one.  Use it as a context manager (it closes the file)."""

    def __init__(self, path: str | os.PathLike[str], setup: Setup, *,
                 read_only: bool = False) -> None:
        """Open (or start) the journal at ``path`` for ``setup``'s run.  ``read_only``:
        only read what it holds (a journal another process may be writing: a cut-off
        last line is skipped, not cut, and nothing is written)."""
        self.path = Path(path)
        self.done: dict[tuple[int, int], tuple[Task, GameResult]] = {}
        self._file: TextIO | None = None
        expected = header(setup)
        try:
            lines = self._read(cut=not read_only)
            if lines:
                self._check(lines[0], expected)
                for number, line in enumerate(lines[1:], start=2):
                    task, result = self._entry(line, number)
                    self.done[(task[0], task[1])] = (task, result)
            if not read_only:
                self._file = self.path.open("a", encoding="utf-8")
        except OSError as err:
            raise OptionError(f"--journal: cannot use {self.path}: "
                              f"{err.strerror or err}") from None
        if not lines and not read_only:
            self._write(expected)

    def _read(self, cut: bool) -> list[str]:
        """The journal's complete lines; a cut-off last line is left out (and, with
        ``cut``, removed from the file, so that appending starts on a line of its own)."""
        if not self.path.exists():
            return []
        raw = self.path.read_bytes()
        if raw and not raw.endswith(b"\n"):
            keep = raw.rfind(b"\n") + 1
            if cut:
                with self.path.open("r+b") as out:
                    out.truncate(keep)
            raw = raw[:keep]
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise OptionError(f"--journal: {self.path} is not a journal of games "
                              "(not UTF-8 text)") from None
        return text.splitlines()

    def _check(self, line: str, expected: dict[str, Any]) -> None:
        try:
            found = json.loads(line)
        except ValueError:
            found = None
        if not isinstance(found, dict) or found.get("journal") != KIND:
            raise OptionError(f"--journal: {self.path} is not a journal of games")
        if found != json.loads(json.dumps(expected)):
            differ = sorted(k for k in expected if found.get(k) != json.loads(
                json.dumps(expected[k])))
            raise OptionError(f"--journal: {self.path} is another run's (its "
                              f"{', '.join(differ)} differ)")

    def _entry(self, line: str, number: int) -> tuple[Task, GameResult]:
        try:
            data = json.loads(line)
            task: Task = (int(data["deal"]), int(data["assignment"]),
                          tuple(int(s) for s in data["seats"]))
            return task, _result(data["result"])
        except (ValueError, KeyError, TypeError):
            raise OptionError(f"--journal: line {number} of {self.path} is not a game "
                              "of this journal") from None

    def _write(self, data: dict[str, Any]) -> None:
        if self._file is None:
            raise RuntimeError("a journal opened read-only is not written to")
        self._file.write(json.dumps(data, separators=(",", ":")) + "\n")
        self._file.flush()

    def add(self, task: Task, result: GameResult) -> None:
        """Append one finished game (flushed at once)."""
        self.done[(task[0], task[1])] = (task, result)
        self._write({"deal": task[0], "assignment": task[1], "seats": list(task[2]),
                     "result": _result_json(result)})

    def split(self, tasks: list[Task]) -> tuple[list[tuple[Task, GameResult]], list[Task]]:
        """The games of ``tasks`` the journal holds, and the tasks still to play."""
        held, todo = [], []
        for task in tasks:
            found = self.done.get((task[0], task[1]))
            if found is None:
                todo.append(task)
            else:
                held.append(found)
        return held, todo

    def close(self) -> None:
        if self._file is not None:
            self._file.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


Run = Callable[[list[Task]], Iterable[tuple[Task, GameResult]]]


def journaled(path: str | os.PathLike[str], setup: Setup, tasks: list[Task], run: Run
              ) -> Iterator[tuple[Task, GameResult]]:
    """The games of ``tasks``: those the journal at ``path`` holds first, then the others
    as ``run`` plays them, each appended to the journal as it comes."""
    with Journal(path, setup) as journal:
        held, todo = journal.split(tasks)
        yield from held
        for task, result in run(todo):
            journal.add(task, result)
            yield task, result
