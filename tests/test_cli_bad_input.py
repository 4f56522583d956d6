"""Bad input at the real command: one line on stderr and the SPEC's exit status, never a
traceback.

Each case runs ``tablerummy`` as a user does (the installed script next to this
Python, else ``python -m tablerummy``): exit 2 for a bad argument, option, file or
record, 1 for an illegal action in ``verify``, and ``verify … | head`` ends quietly.
"""

from __future__ import annotations

import importlib.metadata
import json
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from tablerummy import __version__
from tablerummy.cli.simulate_cmd import _save_dir
from tablerummy.errors import OptionError
from tablerummy.notation import MAX_ACTION_CHARS

HUGE = "9" * 5000
"""More digits than Python's int() converts."""


def _command() -> list[str]:
    script = Path(sys.executable).with_name("tablerummy")
    return [str(script)] if script.exists() else [sys.executable, "-m", "tablerummy"]


def run(*args: str, stdin: str = "", cwd: Path | None = None,
        timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "TABLERUMMY_DELAY": "0", "COLUMNS": "100"}
    return subprocess.run([*_command(), *args], input=stdin, capture_output=True, text=True,
                          check=False, timeout=timeout, cwd=cwd, env=env)


def one_line(proc: subprocess.CompletedProcess[str], status: int) -> str:
    """The single stderr line of a refused command (which printed nothing on stdout)."""
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == status, (proc.returncode, proc.stdout[-500:], proc.stderr)
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("tablerummy"), lines[0]
    assert len(lines[0]) < 500, lines[0]
    return lines[0]


def refused(*args: str, stdin: str = "", cwd: Path | None = None) -> str:
    proc = run(*args, stdin=stdin, cwd=cwd)
    line = one_line(proc, 2)
    assert proc.stdout == ""
    return line


def record(variant: str, actions: Sequence[Any], options: dict[str, Any] | None = None,
           **extra: Any) -> dict[str, Any]:
    return {"format": "tablerummy/1", "variant": variant, "options": options or {"players": 2},
            "seed": 1, "hands": [{"actions": list(actions)}], **extra}


def write(path: Path, content: str | bytes | dict[str, Any]) -> str:
    """Write a file for the command to read; its name."""
    if isinstance(content, dict):
        content = json.dumps(content)
    if isinstance(content, str):
        content = content.encode()
    path.write_bytes(content)
    return str(path)


NEST = "@nested@"


def nested(content: dict[str, Any], depth: int = 988, leaf: str = "2") -> bytes:
    """``content`` as JSON with each ``NEST`` string a list ``depth`` levels deep.

    (Built as text: ``json.dumps`` itself cannot write what ``json.loads`` still reads.)
    """
    text = json.dumps(content).replace(json.dumps(NEST), "[" * depth + leaf + "]" * depth)
    return text.encode()


# --- options and arguments ------------------------------------------------------------------

PLAYERS = ["abc", "-3", "9", "²", "+-2", "١٢", "2.5", "", HUGE]


@pytest.mark.parametrize("value", PLAYERS, ids=lambda v: v[:8] or "empty")
def test_play_refuses_a_bad_player_count_instead_of_starting_a_game(value: str) -> None:
    line = refused("play", "capone", "-o", f"players={value}", stdin="quit\n")
    assert "players" in line


@pytest.mark.parametrize("command", ["rules", "simulate"])
@pytest.mark.parametrize("value", ["²", "+-2", HUGE], ids=["superscript", "signs", "huge"])
def test_every_command_refuses_unicode_and_huge_option_numbers(command: str, value: str) -> None:
    line = refused(command, "arlington", "-o", f"players={value}")
    assert "players" in line


def test_play_reads_a_good_player_count_from_the_option() -> None:
    proc = run("play", "capone", "-o", "players=3", "--seats", "human,random", "--seed", "4",
               stdin="quit\n")
    assert proc.returncode == 0, proc.stderr
    assert "p2: random" in proc.stdout


@pytest.mark.parametrize(("args", "words"), [
    (["simulate", "capone", "--games", "²"], "--games"),
    (["simulate", "capone", "--games", "١٢"], "--games"),
    (["simulate", "capone", "--games", "0"], "--games"),
    (["simulate", "capone", "--games", "100000000000"], "--games"),
    (["simulate", "capone", "--seed", HUGE], "--seed"),
    (["simulate", "capone", "--workers", "100000"], "--workers"),
    (["simulate", "capone", "--players", "x"], "--players"),
    (["play", "capone", "--seed", "1e5"], "--seed"),
    (["serve", "--port", "99999"], "--port"),
    (["serve", "--port", "8²"], "--port"),
    (["nosuch"], "invalid choice"),
    (["verify"], "record"),
    (["simulate", "capone", "--no-such-flag"], "unrecognized"),
    (["play", "capone", "-o", "players"], "KEY=VALUE"),
    (["rules", "poker"], "unknown variant"),
    (["rules", "x" * 100_000], "unknown variant"),
    (["lab"], "MEASURE"),
    (["lab", "shape", "capone", "--games", "0"], "--games"),
    (["lab", "shape", "poker"], "unknown variant"),
    (["lab", "shape", "capone", "--bots", "nosuch"], "no bot"),
    (["lab", "shape", "capone", "--bots", "clairvoyant:greedy"], "clairvoyant:ismcts"),
    (["lab", "shape", "capone", "--backend", "x"], "invalid choice"),
    (["lab", "shape", "capone", "--ray-address", "x"], "--ray-address needs"),
    (["lab", "shape", "capone", "-o", "players=9"], "players"),
    (["lab", "skill", "capone", "--clairvoyant", "greedy"], "clairvoyant:ismcts"),
    (["lab", "skill", "capone", "--strong", "nosuch"], "no bot"),
    (["lab", "skill", "capone", "--measure", "luck"], "invalid choice"),
    (["lab", "skill", "capone", "--players", "3", "-o", "players=2"], "disagree"),
    (["lab", "spread", "capone", "--population", "greedy,nosuch"], "no bot"),
    (["lab", "calibrate", "fortune"], "capone and ripper"),
    (["lab", "calibrate", "capone", "--scales", "1,x"], "--scales takes numbers"),
    (["lab", "calibrate", "capone", "--scales", "0"], "above 0"),
    (["lab", "calibrate", "capone", "--scales", "nan"], "not a number"),
    (["lab", "calibrate", "capone", "--players", "2,5"], "players"),
    (["lab", "calibrate", "capone", "-o", "players=2"], "leave out -o players"),
    (["play", "fortune", "--cards", "classic"], "fortune has no table named 'classic'"),
    (["simulate", "arlington", "--cards", "classic"], "a table of capone, ripper"),
    (["play", "capone", "--save", "/nonexistent-dir/g.json"], "no folder '/nonexistent-dir'"),
    (["play", "capone", "--save", "/"], "is a folder"),
])
@pytest.mark.slow
def test_bad_arguments_are_one_line_and_exit_2(args: list[str], words: str) -> None:
    assert words in refused(*args)


def test_version() -> None:
    proc = run("--version")
    assert proc.returncode == 0
    assert proc.stdout.strip() == f"tablerummy {importlib.metadata.version('tablerummy')}"
    assert __version__ == importlib.metadata.version("tablerummy")  # one number, kept in step


# --- simulate: seats and bots -----------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["-o", "players=3", "--players", "4"],
    ["-o", "players=3", "--bots", "greedy,random"],  # greedy at p0 and p2: two sides
    ["--players", "4", "--bots", "greedy,random,random"],  # p0 and p3 on both teams
])
def test_simulate_refuses_a_bot_on_two_sides(args: list[str]) -> None:
    line = refused("simulate", "capone", "--games", "2", *args)
    assert "players" in line or "two sides" in line


def test_simulate_agrees_when_both_player_counts_say_the_same() -> None:
    proc = run("simulate", "capone", "--games", "1", "-o", "players=4", "--players", "4",
               "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["options"]["players"] == 4


def test_a_single_bot_is_self_play_without_win_columns() -> None:
    proc = run("simulate", "capone", "--games", "2", "--bots", "greedy")
    assert proc.returncode == 0, proc.stderr
    assert "self-play" in proc.stdout and "hands per game" in proc.stdout
    assert "win rate" not in proc.stdout and "100.0%" not in proc.stdout


def test_a_lab_report_folder_that_is_a_file_is_refused_before_any_game(tmp_path: Path) -> None:
    taken = write(tmp_path / "taken", "a file, not a folder")
    line = refused("lab", "shape", "capone", "--games", "100000", "--report", taken)
    assert "--report: cannot create" in line


def test_a_save_folder_with_a_nul_is_refused_in_one_line(tmp_path: Path) -> None:
    # no command line can hold a NUL; the library path that --save takes still refuses it
    with pytest.raises(OptionError, match="not a file name"):
        _save_dir(str(tmp_path / "a\x00b"))


# --- files: records and card tables -------------------------------------------------------------

ILLEGAL: dict[str, bytes | dict[str, Any]] = {
    "seat-superscript": record("capone", ["play agent-meeting ask-directly frank-nitti p²"]),
    "meld-superscript": record("arlington", ["layoff 7h m²"]),
    "meld-arabic-digit": record("arlington", ["layoff 7h m١"]),
    "two-jokers": record("arlington", ["meld jk jk 5h"], {"players": 2, "joker": True}),
    "three-jokers": record("arlington", ["draw stock", "meld jk jk jk 5h 6h"],
                           {"players": 2, "joker": True}),
    "nested-action": nested(record("capone", [NEST]), 900, leaf='"draw stock"'),
    "huge-seat": record("capone", [f"play agent-meeting ask-directly frank-nitti p{HUGE}"]),
}


@pytest.mark.parametrize("case", sorted(ILLEGAL))
def test_verify_reports_an_illegal_action_with_status_1(case: str, tmp_path: Path) -> None:
    content = ILLEGAL[case]
    proc = run("verify", write(tmp_path / "r.json", content))
    assert "Traceback" not in proc.stderr
    assert proc.returncode == 1, proc.stderr
    out = json.loads(proc.stdout)
    actions = 1 if isinstance(content, bytes) else len(content["hands"][0]["actions"])
    assert out["ok"] is False and out["index"] == actions - 1
    assert "\n" not in out["error"] and len(out["error"]) < 500


INVALID: dict[str, bytes | dict[str, Any]] = {
    "options-nested-988": nested(record("capone", [], {"players": NEST})),
    "option-key-nested": nested(record("capone", [], {"x" * 100_000: NEST}), 900),
    "options-superscript": record("capone", [], {"players": "²"}),
    "options-signs": record("capone", [], {"players": "+-2"}),
    "options-huge-text": record("capone", [], {"players": HUGE}),
    "format-nested": nested({"format": NEST, "variant": "capone"}),
    "variant-long": {"variant": "x" * 1_000_000},
    "action-too-long": record("capone", ["draw stock " + "x" * MAX_ACTION_CHARS]),
    "action-10-mb": record("capone", ["x" * 10_000_000]),
    "nested-100000": b"[" * 100_000 + b"]" * 100_000,
    "huge-integer": b'{"variant": "capone", "first_dealer": ' + HUGE.encode() + b"}",
    "not-utf-8": b'{"variant": "\xff"}',
}


@pytest.mark.parametrize("case", sorted(INVALID))
def test_verify_refuses_an_invalid_record_with_status_2(case: str, tmp_path: Path) -> None:
    content = INVALID[case]
    path = write(tmp_path / "r.json", content)
    line = refused("verify", path)
    if case.startswith("action"):
        assert f"at most {MAX_ACTION_CHARS:,} characters" in line
    if case == "not-utf-8":
        assert "not UTF-8" in line
    if case == "huge-integer":  # Python's own words name a call the user cannot make
        assert "longer than 4,300 digits" in line and "set_int_max_str_digits" not in line


CARDS = {
    "deep.json": b'{"al-capone": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
    "deep-988.json": nested({"al-capone": {"points": NEST}}),
    "huge.json": b'{"al-capone": {"points": ' + HUGE.encode() + b"}}",
    "big.json": b'{"al-capone": {"points": 1' + b"0" * 4000 + b"}}",
    "deep.toml": b"x = " + b"[" * 5000 + b"]" * 5000,
    "deep-tables.toml": b"x = " + b"{a = " * 3000 + b"1" + b"}" * 3000,
    "huge.toml": b"[al-capone]\npoints = " + HUGE.encode(),
    "long-key.json": json.dumps({"x" * 100_000: 1}).encode(),
}


@pytest.mark.parametrize("name", sorted(CARDS))
def test_bad_card_files_are_refused_in_one_line(name: str, tmp_path: Path) -> None:
    line = refused("rules", "capone", "--cards", write(tmp_path / name, CARDS[name]))
    assert "--cards" in line
    if name.startswith("huge"):
        assert "longer than 4,300 digits" in line and "set_int_max_str_digits" not in line


# --- the terminal ------------------------------------------------------------------------------


def test_the_prompt_answers_bad_text_in_one_line_and_the_game_goes_on(tmp_path: Path) -> None:
    typed = ["²", "١", "p²", "99999999999999999999", "x" * (MAX_ACTION_CHARS + 1),
             "save bad\x00name", "1", "quit"]
    proc = run("play", "capone", "--seed", "3", "--save", "g.json",
               stdin="\n".join(typed) + "\n", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stdout + proc.stderr
    errors = [line for line in proc.stdout.splitlines() if line.startswith("✗")]
    assert len(errors) == 6, errors
    assert "at most 10,000 characters" in errors[4]
    assert "not a file name" in errors[5]
    saved = json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))
    assert len(saved["hands"][0]["actions"]) >= 1  # move 1 was played after the errors


@pytest.mark.slow
def test_on_a_terminal_a_unicode_digit_at_the_prompt_is_one_line(tmp_path: Path) -> None:
    """The interactive path (prompt_toolkit in a pseudo-terminal), as a person types."""
    from pty_terminal import PtyTerminal

    term = PtyTerminal(["play", "capone", "--seats", "human,random", "--seed", "2"], tmp_path)
    try:
        assert term.wait_for("p0>")
        term.send("²\r")
        assert term.wait_for("is not a verb")
        term.send("p²\r")
        assert term.wait_for("is not a verb")
        term.send("quit\r")  # the game went on: it still reads commands
        assert term.wait_for("file name, or Enter for no")
        term.send("\r")
        assert term.proc.wait(timeout=60) == 0
        assert b"Traceback" not in term.raw
    finally:
        term.close()


def test_bytes_that_are_no_utf_8_at_the_prompt_are_a_mistyped_move(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict", "TABLERUMMY_DELAY": "0"}
    proc = subprocess.run([*_command(), "play", "capone", "--seed", "3"],
                          input=b"\xff\xfe\nquit\n", capture_output=True, check=False,
                          timeout=120, cwd=tmp_path, env=env)
    out, err = proc.stdout.decode(), proc.stderr.decode()
    assert proc.returncode == 0, err
    assert "Traceback" not in out + err
    assert len([line for line in out.splitlines() if line.startswith("✗")]) == 1


# --- a reader that goes away ----------------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["verify", "{record}", "--reveal"],
    ["variants"],
    ["rules", "arlington"],
    ["simulate", "capone", "--games", "1", "--json"],
])
def test_a_closed_pipe_ends_the_command_quietly(args: list[str], tmp_path: Path) -> None:
    path = write(tmp_path / "r.json", record("capone", ["draw stock"]))
    argv = [a.replace("{record}", path) for a in args]
    read, write_end = os.pipe()
    os.close(read)  # like `| head` that has read what it wanted before we write
    try:
        proc = subprocess.run([*_command(), *argv], stdout=write_end, stderr=subprocess.PIPE,
                              text=True, check=False, timeout=120)
    finally:
        os.close(write_end)
    assert proc.stderr == ""
    assert proc.returncode == 1


# --- environment ----------------------------------------------------------------------------------

@pytest.mark.parametrize("value", ["inf", "nan", "-inf", "x"])
def test_a_bot_delay_that_is_no_number_of_seconds_is_refused(value: str,
                                                             tmp_path: Path) -> None:
    proc = subprocess.run([*_command(), "serve", "--port", "0"], capture_output=True,
                          text=True, check=False, timeout=60, cwd=tmp_path,
                          env={**os.environ, "TABLERUMMY_BOT_DELAY": value})
    assert "TABLERUMMY_BOT_DELAY" in one_line(proc, 2)


@pytest.mark.parametrize(("value", "delay"), [("inf", 0.6), ("nan", 0.6), ("1e9", 60.0),
                                              ("-3", 0.0), ("0.25", 0.25)])
def test_the_terminal_delay_is_a_usable_number_of_seconds(
    value: str, delay: float, monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tablerummy.cli.play import _env_delay

    monkeypatch.setenv("TABLERUMMY_DELAY", value)
    assert _env_delay() == delay
