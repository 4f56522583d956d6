"""Terminal play: the drawing functions, a scripted game in-process, the real command."""

from __future__ import annotations

import io
import json
import os
import random
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

import pytest
from rich.console import Console

from tablerummy.cli.play import (
    Feed,
    Screen,
    TerminalGame,
    parse_seats,
    prefix_matches,
)
from tablerummy.cli.render import (
    CardStyles,
    events_panel,
    hand_over_screen,
    menu_table,
    turn_screen,
)
from tablerummy.errors import OptionError, TablerummyError
from tablerummy.game import Game
from tablerummy.present import table_view
from tablerummy.present.moves import move_menu, word_rows
from tablerummy.variant import get_variant, variant_names
from tablerummy.verify import verify

HAND_TITLE = re.compile(r"p(\d)'s hand")


def render(*items: object, width: int = 100) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    for item in items:
        console.print(item)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert isinstance(out, str)
    return out


# --- drawing ------------------------------------------------------------------------------


def test_turn_screen_shows_the_viewer_hand_piles_areas_and_scores() -> None:
    variant = get_variant("capone")
    game = Game(variant, seed=11)
    seat = game.to_act
    assert seat is not None
    obs = game.observation(seat)
    view = table_view(variant, obs)
    names = {seat: "you", 1 - seat: "greedy"}
    console = Console(file=io.StringIO(), width=80, height=24, color_system=None)
    parts = turn_screen(view, names, CardStyles(variant.deck()), console, hand_number=0,
                        seed=11, menu=move_menu(variant, game.legal_texts()),
                        recent=[f"p1 did {i}" for i in range(30)])
    out = render(*parts, width=80)
    assert len(out.splitlines()) <= 24 - 1 - 3  # the input line and the completion menu
    assert f"p{seat}'s hand (10 cards)" in out
    assert HAND_TITLE.findall(out) == [str(seat)]  # only the viewer's hand
    for group in view["hand"]:
        assert group["label"] in out
        for card in group["cards"]:
            assert card["name"] in out
            if card["count"] > 1:
                assert f"{card['name']} ×{card['count']}" in out
    assert f"Case File: {obs['stock_size']} cards" in out
    assert "Underworld: 1 card, top" in out
    assert "Game to 200" in out and "seed 11" in out
    assert "nothing yet" in out  # empty areas
    assert "• p1 did 29" in out and "• p1 did 0" not in out  # the newest events that fit
    assert "greedy" in out
    assert "your turn" in out
    assert re.search(r"1 Take the top card of the Underworld\s+2 Draw two from the Case File", out)


def test_long_recaps_keep_the_newest_lines() -> None:
    out = render(events_panel([f"event {i}" for i in range(20)], "Since", limit=5))
    assert "… 15 earlier" in out
    assert "event 14" not in out and "• event 15" in out and "• event 19" in out


def test_moves_are_numbered_from_one_in_rows_of_shared_first_words() -> None:
    texts = ["discard raid", "discard x", "draw stock", "meld al-capone al-capone al-capone",
             "pass", *[f"play agent-meeting ask-around gangster-{i}" for i in range(8)],
             "play agent-meeting ask-directly g p1", "play raid y"]
    rows = word_rows(None, texts)

    def flat(row: dict[str, Any]) -> tuple[str, list[tuple[str, list[str]]]]:
        return row["label"], [(e["label"], e["moves"]) for e in row["entries"]]

    assert flat(rows[0]) == ("discard", [("raid", ["discard raid"]), ("x", ["discard x"])])
    assert flat(rows[2]) == ("meld", [("al-capone ×3", [texts[3]])])  # a meld of one kind
    assert flat(rows[3]) == ("pass", [("", ["pass"])])
    assert flat(rows[4])[0] == "play agent-meeting ask-around" and len(rows[4]["entries"]) == 8
    assert [r["label"] for r in rows[5:]] == ["play agent-meeting ask-directly", "play raid"]
    moves = [m for row in rows for e in row["entries"] for m in e["moves"]]
    assert moves == texts  # every move once, in the engine's order
    out = render(menu_table(rows, 100))
    assert re.search(r"discard\s+1 raid\s+2 x", out)
    assert re.search(r"play agent-meeting\s+6 gangster-0\s+7 gangster-1", out)
    assert re.search(r"pass\s+5\s*\n", out)
    # short entries stay in one row; a row per move is never made
    few = word_rows(None, [f"play {card} search" for card in "abcdefgh"])
    assert [r["label"] for r in few] == ["play"]


def test_a_move_of_its_own_is_not_drawn_under_the_row_above_it() -> None:
    """The moves that share no opening (a Gavel card's one way, the draws) have a row
    without a label; at 80 columns the row above wraps, so that row is marked "or",
    not left to read as the rest of ``Discard``."""
    texts = [*(f"discard {k}" for k in ("al-capone", "frank-nitti", "fred-burke",
                                       "jack-mcgurn", "jake-guzik", "johnny-torrio",
                                       "mike-heitler", "murray-humphreys")),
             "play eliot-ness draw-two"]
    rows = move_menu(get_variant("capone"), texts)
    assert [r["label"] for r in rows] == ["Discard", ""]
    lines = render(menu_table(rows, 80)).splitlines()
    last = next(line for line in lines if "Play Eliot Ness" in line)
    assert re.match(r"\s*or\s+9 Play Eliot Ness: draw two", last), lines


@pytest.mark.parametrize("name", variant_names())
def test_the_end_of_a_hand_shows_the_engine_breakdown_item_by_item(name: str) -> None:
    """Every item of the view's breakdown is on the hand's scoring screen, card by card,
    with each side's total; the terminal adds nothing of its own."""
    variant = get_variant(name)
    game = Game(variant, seed=9)
    rng = random.Random(9)
    while len(game.hands) == 1 and not game.game_over:
        game.apply(rng.choice(game.legal_actions()))
    screen = Scripted(last_move)
    terminal = TerminalGame(game, ["human", "random"], screen)
    view = terminal.last_hand_view(0)
    assert view["breakdown"], "a finished hand's view has the engine's breakdown"
    out = " ".join(render(hand_over_screen(view, 0, {0: "you", 1: "random"}, 80),
                          width=80).split())
    assert re.search(r"Hand 1 is over: \w", out)
    for side in view["breakdown"]:
        assert sum(item["points"] for item in side["items"]) == side["total"]
        for item in side["items"]:
            points = item["points"]
            shown = f"+{points}" if points > 0 else "0" if points == 0 else f"−{-points}"
            assert f"{shown} {' '.join(item['label'].split())}" in out
        total = side["total"]
        shown = f"+{total}" if total > 0 else "0" if total == 0 else f"−{-total}"
        assert f"= {shown} this hand" in out
    assert "p0 (you):" in out


def test_card_styles_are_stable_per_kind_and_by_suit_for_playing_cards() -> None:
    styles = CardStyles(["a", "b", "c"])
    assert styles.style("a") != styles.style("b")
    assert styles.style("a") == CardStyles(["a", "b"]).style("a")
    assert styles.style("QH") == styles.style("2C=7H")  # a wild shows the suit it stands for
    assert styles.style("QH") != styles.style("QS")
    assert styles.style("unknown-card") == styles.style("unknown-card")


# --- seats, completion, events --------------------------------------------------------------


def test_parse_seats_fills_the_table_with_the_last_name() -> None:
    assert parse_seats("human,greedy", None) == ["human", "greedy"]
    assert parse_seats("Human, greedy", 4) == ["human", "greedy", "greedy", "greedy"]
    with pytest.raises(OptionError, match="3 seats but the table has 2"):
        parse_seats("human,greedy,random", 2)
    with pytest.raises(OptionError, match="one name per seat"):
        parse_seats("human,,greedy", None)


def test_prefix_completion_matches_whole_text_or_word_by_word() -> None:
    meld = "meld al-capone al-capone al-capone"
    assert prefix_matches("me", meld)
    assert prefix_matches("meld al-c", meld)
    assert prefix_matches("me al al", meld)
    assert prefix_matches("ME AL", meld)
    assert not prefix_matches("me fr", meld)
    assert not prefix_matches("discard", meld)
    assert not prefix_matches("me al al al al", meld)
    assert prefix_matches("", "draw stock")


def test_feed_reads_across_hands_and_keeps_private_words_private() -> None:
    variant = get_variant("capone")
    game = Game(variant, seed=5, first_dealer=1, log=True)
    mine, public = Feed(0), Feed(None)
    game.apply("draw stock")  # p0 acts first: the dealer is p1
    assert mine.pull(game)[0].startswith("you drew ")
    assert public.pull(game) == ["p0 drew 2 cards from the Case File"]
    while len(game.hands) == 1:
        game.apply(game.legal_actions()[0])
    lines = mine.pull(game)
    assert any(line.startswith("the hand is over") for line in lines)
    assert "— hand 2, dealt by p0 —" in lines
    assert mine.pull(game) == []  # nothing twice


# --- a scripted game in-process -------------------------------------------------------------


class Scripted(Screen):
    """A screen whose person answers by a rule: with the legal moves at hand, or a line."""

    def __init__(self, answer: Callable[[str, Sequence[str] | None], str], width: int = 100,
                 limit: int = 5000) -> None:
        super().__init__(Console(file=io.StringIO(), width=width, color_system=None),
                         interactive=False, delay=0)
        self.answer = answer
        self.asked = 0
        self.limit = limit

    def ask(self, prompt: str, choices: Callable[[], Sequence[str]] | None = None,
            key: object = None) -> str:
        self.asked += 1
        if self.asked > self.limit:
            raise EOFError
        line = self.answer(prompt, choices() if choices else None)
        self.console.print(prompt + line)
        return line

    @property
    def text(self) -> str:
        out = self.console.file.getvalue()  # type: ignore[attr-defined]
        assert isinstance(out, str)
        return out


def last_move(prompt: str, moves: Sequence[str] | None) -> str:
    """Meld, lay off and play before discarding: a player who scores, so games end."""
    return moves[-1] if moves else ""


def test_a_whole_game_against_a_bot_to_the_target(tmp_path: Path) -> None:
    variant = get_variant("capone")
    game = Game(variant, seed=21, log=True)
    screen = Scripted(last_move)
    save = tmp_path / "game.json"
    assert TerminalGame(game, ["human", "greedy"], screen, save=str(save)).run() == 0
    out = screen.text
    assert game.game_over
    hands = len(game.hands)
    scored = re.findall(r"Hand (\d+) is over:", out)
    assert scored == [str(i) for i in range(1, hands + 1)]  # every hand scored on screen
    assert re.search(r"wins the game|You \(p0\) win the game", out)
    assert "p1 " in out and "greedy" in out
    record = json.loads(save.read_text())
    result, status = verify(record)
    assert status == 0 and result["game_over"] and result["totals"] == game.totals


def test_hot_seat_never_shows_a_hand_to_the_wrong_person() -> None:
    variant = get_variant("capone", {"players": 4})
    game = Game(variant, seed=8, log=True)
    screen = Scripted(last_move, limit=400)
    TerminalGame(game, ["human", "greedy", "human", "greedy"], screen).run()
    out = screen.text
    parts = re.split(r"pass the screen to p(\d), press Enter", out)
    assert len(parts) > 5, "the screen was passed between the two people"
    assert not HAND_TITLE.search(parts[0])  # nobody's hand before the first pass
    owners = parts[1::2]
    segments = parts[2::2]
    for owner, segment in zip(owners, segments, strict=True):
        shown = set(HAND_TITLE.findall(segment))
        assert shown <= {owner}, f"p{owner}'s screen showed hands of {shown}"
        assert f"p{owner}'s hand" in segment
        other = "2" if owner == "0" else "0"
        assert f"p{other}> " not in segment  # only the owner is asked for moves
    assert owners != sorted(owners)  # both people really took turns


def test_typed_moves_prefixes_numbers_commands_and_errors() -> None:
    variant = get_variant("capone")
    game = Game(variant, seed=3, first_dealer=1, log=True)
    answers = iter(["", "help", "moves", "log", "table", "0", "99", "zzz", "meld x y z",
                    "play raid al-capone", "dr s", "quit", "out.json-not-written"])

    def script(prompt: str, moves: Sequence[str] | None) -> str:
        line = next(answers)
        return "" if line == "out.json-not-written" else line

    screen = Scripted(script)
    assert TerminalGame(game, ["human", "random"], screen).run() == 0
    out = screen.text
    assert "Enter a move by its number" in out
    assert "list the legal moves again" in out and "save [FILE]" in out  # help
    assert "there is no move 0: choose 1 … 2" in out
    assert "there is no move 99" in out
    assert "'zzz' is not a verb" in out
    assert "✗ illegal action 'play raid al-capone' for p0" in out
    assert "you drew " in out  # 'dr s' was draw stock, and its private words came back
    assert "save the game record?" in out
    assert game.hands[0].actions  # the draw was played
    assert game.variant.action_text(game.hands[0].actions[0]) == "draw stock"


@pytest.mark.slow
@pytest.mark.parametrize("name", variant_names())
def test_every_variant_plays_in_the_terminal(name: str) -> None:
    """The terminal knows no variant: every installed one (its family's plug-in draws its
    view) plays here unchanged."""
    variant = get_variant(name)
    game = Game(variant, seed=12, log=True)
    screen = Scripted(last_move, limit=150)
    TerminalGame(game, ["human", "random"], screen).run()
    out = screen.text
    assert screen.asked > 20
    assert "p0's hand" in out and not HAND_TITLE.search(out.replace("p0's hand", ""))
    assert re.search(r"\b1 \S", out)  # numbered moves
    assert "✗" not in out  # the scripted player only ever picks a listed move
    assert sum(len(h.actions) for h in game.hands) > 20


def test_a_variant_without_a_presenter_is_a_one_line_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from tablerummy.registry import family_of

    def unwritten(*_: object) -> NoReturn:
        raise NotImplementedError

    monkeypatch.setattr(family_of("capone"), "present", unwritten)
    game = Game(get_variant("capone"), seed=1, log=True)
    with pytest.raises(TablerummyError, match="cannot show capone yet"):
        TerminalGame(game, ["human", "greedy"], Scripted(last_move))


def test_bots_alone_play_a_game_in_public_words() -> None:
    variant = get_variant("capone")
    game = Game(variant, seed=4, log=True)
    screen = Scripted(last_move)
    assert TerminalGame(game, ["greedy", "random"], screen).run() == 0
    out = screen.text
    assert "wins the game" in out
    assert "you drew" not in out and "'s hand" not in out  # no private view at all
    assert screen.asked == 0


def test_bots_alone_are_stopped_by_the_simulations_limit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Nobody is there to leave a table of bots: past the decision limit the game stops
    (the limit lowered here; every hand ends by the engine's rules, but weak bots need
    not reach the target), the record so far is saved, and it verifies."""
    import tablerummy.simulate

    monkeypatch.setattr(tablerummy.simulate, "MAX_DECISIONS", 60)
    game = Game(get_variant("capone"), seed=4, log=True)
    screen = Scripted(last_move)
    save = tmp_path / "stopped.json"
    assert TerminalGame(game, ["greedy", "random"], screen, save=str(save)).run() == 1
    assert "the bots' game is stopped: the game did not end after 60 decisions" in screen.text
    assert not game.game_over
    result, status = verify(json.loads(save.read_text(encoding="utf-8")))
    assert status == 0 and result["ok"]


# --- the real command -----------------------------------------------------------------------


def run_play(args: Sequence[str], stdin: str, cwd: Path,
             timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, COLUMNS="100")
    return subprocess.run([sys.executable, "-m", "tablerummy", "play", *args], input=stdin,
                          capture_output=True, text=True, cwd=cwd, env=env, timeout=timeout,
                          check=False)


@pytest.mark.slow
def test_the_command_plays_a_whole_game_from_piped_lines(tmp_path: Path) -> None:
    # draw from the Case File, discard the first card: the lines fall back into step
    # after any mismatch (an illegal line is refused and the next one read)
    proc = run_play(["capone", "--seats", "human,greedy", "--seed", "7", "--save", "g.json"],
                    "draw stock\n1\n" * 1500, tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    assert "p1 wins the game" in proc.stdout or "win the game" in proc.stdout
    assert "Hand 1 is over" in proc.stdout
    assert "game record saved to g.json" in proc.stdout
    record = json.loads((tmp_path / "g.json").read_text())
    assert record["format"] == "tablerummy/1" and record["seed"] == 7
    check = subprocess.run([sys.executable, "-m", "tablerummy", "verify", "g.json"],
                           capture_output=True, text=True, cwd=tmp_path, check=False)
    assert json.loads(check.stdout)["game_over"] is True


def test_the_command_quits_and_saves_on_request(tmp_path: Path) -> None:
    proc = run_play(["capone", "--seats", "human,random", "--seed", "2"],
                    "draw stock\nquit\nmine.json\n", tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "game record saved to mine.json" in proc.stdout
    record = json.loads((tmp_path / "mine.json").read_text())
    assert "draw stock" in record["hands"][0]["actions"]


def test_end_of_input_leaves_cleanly(tmp_path: Path) -> None:
    proc = run_play(["capone", "--seats", "human,random", "--seed", "2"], "", tmp_path)
    assert proc.returncode == 0
    assert "input ended" in proc.stdout
    assert proc.stderr == ""


def test_bad_seats_are_one_line_errors(tmp_path: Path) -> None:
    proc = run_play(["capone", "--seats", "human,nobot"], "", tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.startswith("tablerummy: no bot 'nobot'") and proc.stderr.count("\n") == 1
    proc = run_play(["capone", "--seats", "human,greedy,greedy", "-o", "players=2"], "", tmp_path)
    assert proc.returncode == 2
    assert "3 seats but the table has 2" in proc.stderr


def _start_play(tmp_path: Path, *args: str) -> subprocess.Popen[bytes]:
    """``play`` with pipes, Ctrl-C delivered as at a terminal: a suite started in the
    background (`make test &`) inherits SIGINT ignored, and Python then installs no
    handler for it."""
    return subprocess.Popen(
        [sys.executable, "-m", "tablerummy", "play", "capone", "--seats", "human,random",
         "--seed", "2", *args],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path,
        env=dict(os.environ, PYTHONUNBUFFERED="1"),
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def _read_until(proc: subprocess.Popen[bytes], marker: bytes) -> bytes:
    assert proc.stdout is not None
    seen = b""
    deadline = time.monotonic() + 60  # a guard against hanging, not a timing assertion
    while marker not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([proc.stdout], [], [], 1)
        if ready:
            chunk = os.read(proc.stdout.fileno(), 4096)
            if not chunk:
                break
            seen += chunk
    assert marker in seen, seen[-500:]
    return seen


def _press_ctrl_c(proc: subprocess.Popen[bytes]) -> tuple[bytes, bytes]:
    """Ctrl-C until the game leaves.  The prompt is written just before input() blocks in
    read(); a SIGINT that falls between the two is only acted on when the read returns
    (CPython), so on a busy machine the first press can wait.  Press again, as a person
    would, but only after a long grace, so that no press falls into the saving of the
    record.  stdin stays open (communicate() would close it, and the end of input is
    another way out)."""
    for _ in range(6):
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=10)
            break
        except subprocess.TimeoutExpired:
            continue
    return proc.communicate(timeout=60)


def test_ctrl_c_leaves_without_a_traceback(tmp_path: Path) -> None:
    proc = _start_play(tmp_path, "--save", "cut.json")
    seen = _read_until(proc, b"p0> ")
    out, err = _press_ctrl_c(proc)
    assert proc.returncode == 130
    assert b"Traceback" not in err
    assert b"interrupted" in seen + out
    assert json.loads((tmp_path / "cut.json").read_text())["variant"] == "capone"


def test_ctrl_c_at_the_save_prompt_exits_130_without_saving(tmp_path: Path) -> None:
    proc = _start_play(tmp_path)
    assert proc.stdin is not None
    _read_until(proc, b"p0> ")
    proc.stdin.write(b"quit\n")
    proc.stdin.flush()
    _read_until(proc, b"save the game record?")
    out, err = _press_ctrl_c(proc)
    assert proc.returncode == 130, (out[-300:], err[-300:])
    assert b"Traceback" not in err
    assert b"interrupted" in out
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
def test_on_a_terminal_prompt_toolkit_reads_and_completes(tmp_path: Path) -> None:
    """The interactive path: a pseudo-terminal on both ends, as a person has."""
    from pty_terminal import PtyTerminal

    term = PtyTerminal(["play", "capone", "--seats", "human,random", "--seed", "2"], tmp_path,
                       columns=100, lines=40)
    try:
        assert term.wait_for("p0>")
        term.send("dr st")  # word-by-word prefixes: the menu offers the move
        assert term.wait_for("draw stock")
        term.send("\t")
        assert term.wait_until(lambda: "aw stock" in term.written())  # Tab completed it
        term.send("\r")
        assert term.wait_for("you drew")
        term.send("quit\r")
        assert term.wait_for("file name, or Enter for no")
        term.send("saved.json\r")
        assert term.proc.wait(timeout=60) == 0
    finally:
        term.close()
    assert b"Traceback" not in term.raw
    record = json.loads((tmp_path / "saved.json").read_text())
    assert record["hands"][0]["actions"][-1] == "draw stock"  # after the bot's first turn


def test_a_menu_entry_is_typed_back_exactly_as_shown() -> None:
    """The menu shows sentences (the web page's words); typing one plays its move, and a
    row's label with an entry's (``Discard Al Capone``) is that entry."""
    variant = get_variant("capone")
    game = Game(variant, seed=3, first_dealer=1, log=True)
    answers = iter(["draw two from the case file", "", "quit", ""])
    discards: list[str] = []

    def script(prompt: str, moves: Sequence[str] | None) -> str:
        line = next(answers)
        if line == "" and not discards and game.hands[0].actions:
            from tablerummy.capone.cards import NAMES

            card = next(m for m in game.legal_texts() if m.startswith("discard ")).split()[1]
            discards.append(card)
            return f"Discard {NAMES[card]}"
        return line

    screen = Scripted(script)
    assert TerminalGame(game, ["human", "random"], screen).run() == 0
    assert "Draw two from the Case File" in screen.text  # shown as it was typed
    texts = [game.variant.action_text(a) for a in game.hands[0].actions]
    assert texts[:2] == ["draw stock", f"discard {discards[0]}"], texts


def test_hint_shows_the_coachs_best_moves_from_the_seats_own_view() -> None:
    """``hint`` prints what :func:`tablerummy.coach.hints` gives that seat, in words, and
    the game goes on: the hint is no move."""
    from tablerummy.coach import Budget, hints

    budget = Budget(iterations=20, playouts=2)
    variant = get_variant("capone")
    expected = hints(Game(variant, seed=3, first_dealer=1, log=True), 0, budget=budget,
                     seed=1)
    game = Game(variant, seed=3, first_dealer=1, log=True)
    answers = iter(["help", "hint", "quit", ""])
    screen = Scripted(lambda prompt, moves: next(answers))
    assert TerminalGame(game, ["human", "greedy"], screen, hint_budget=budget,
                        hint_seed=1).run() == 0
    out = " ".join(screen.text.split())
    assert "hint the three best moves now" in out  # help lists it
    assert "Best moves now" in out
    for number, hint in enumerate(expected, 1):
        assert f"{number}. {hint.words} win {hint.win * 100:.0f}% · margin " \
               f"{hint.margin:+.0f} {hint.reason}" in out
    assert not game.hands[0].actions  # nothing was played
