"""``tablerummy play``: a whole game in the terminal, against bots or at one screen.

The terminal is a view only: it draws ``table_view(variant, observation(seat))`` for the
seat at the screen, numbers the menu that ``present.moves.move_menu`` makes of
``Game.legal_texts()``, hands what the person types to ``Game.apply`` and shows the
engine's own words (``Game.events``), scoring breakdown and errors.  It never decides a
rule, so every variant with a presenter plays here unchanged.

Each decision prints a compact screen (``render.turn_screen``) sized to the terminal,
below what is there: nothing is cleared, earlier turns stay in the scrollback (only a
hot-seat handover clears, so that nobody scrolls back to another person's hand).

On a terminal, input goes through prompt_toolkit (a completion menu of a few rows over
the legal moves, history per seat); when stdin is not a terminal, plain lines are read,
so a game can be driven by a pipe and the transcript read back.
"""

from __future__ import annotations

import argparse
import io
import json
import math
import os
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.shortcuts import CompleteStyle
from rich.console import Console, RenderableType
from rich.markdown import Markdown
from rich.text import Text

from ..bots import Bot, decide, get_bot
from ..coach import Budget, Hint, hints
from ..errors import OptionError, TablerummyError
from ..game import Game
from ..present import View, table_view
from ..present.moves import Entry, Row, entries, find_typed, move_menu
from ..present.words import typed_move
from ..simulate import runaway
from ..userinput import is_digits, shown
from .options import parse_options, variant_from_args, writable_file
from .render import (
    MENU_ROWS,
    CardStyles,
    events_panel,
    game_over_text,
    hand_over_screen,
    menu_table,
    turn_screen,
)

HUMAN = "human"
DEFAULT_DELAY = 0.6
"""Seconds between bot moves on a terminal (``TABLERUMMY_DELAY`` overrides it)."""

COMMANDS = ("help", "moves", "table", "hint", "log", "rules", "save", "quit")
_ALIASES = {"?": "help", "exit": "quit", "q": "quit", "show": "table"}

HELP = """\
Enter a move by its number in the list, or type it: any unique prefix of each word
will do ("me al al al" is "meld al-capone al-capone al-capone"); Tab completes on a
terminal, Up and Down recall what you typed.  An entry with several ways ("set of 7s:
3 ways") opens its own numbered list when chosen; Enter goes back.
Commands:
  help          this text, the seats and the seed
  moves         list the legal moves again
  table         draw the table again
  hint          the three best moves now, with win chance, margin and why
                (about a second; from what you can see, never the hidden cards)
  log           everything that happened this hand, as you may know it
  rules         the rules summary and card table
  save [FILE]   write the game record (JSON) to FILE
  quit          leave the game (you may save it first)"""


class QuitGame(Exception):
    """The person at the screen asked to leave."""


# --- seats ------------------------------------------------------------------------------


def parse_seats(text: str, players: int | None) -> list[str]:
    """``human,greedy`` → one entry per seat.

    Without ``-o players=N`` the table has one seat per entry; with it, the last entry
    fills the remaining seats (``--seats human,greedy -o players=4``: one person, three
    greedy bots).
    """
    entries = [e.strip().lower() for e in text.split(",")]
    if not entries or any(not e for e in entries):
        raise OptionError(f"--seats {shown(text)}: give one name per seat, e.g. human,greedy")
    if players is None:
        return entries
    if len(entries) > players:
        raise OptionError(f"--seats names {len(entries)} seats but the table has {players}")
    return entries + [entries[-1]] * (players - len(entries))


# --- the screen -------------------------------------------------------------------------


class Screen:
    """The terminal: a Rich console to draw on and a way to read one line.

    ``interactive`` means a real terminal on both ends: prompt_toolkit reads (with
    completion and history), the screen is cleared between people at one screen and
    bots pause between moves.  Otherwise lines come from ``input()`` and are echoed, so that a
    piped transcript reads like a session.
    """

    def __init__(self, console: Console | None = None, interactive: bool | None = None,
                 delay: float | None = None) -> None:
        self.console = console or Console(highlight=False)
        if interactive is None:
            interactive = sys.stdin.isatty() and sys.stdout.isatty()
        self.interactive = interactive
        if delay is None:
            delay = _env_delay() if interactive else 0.0
        self.delay = delay
        self._sessions: dict[object, PromptSession[str]] = {}

    def print(self, *items: RenderableType | str) -> None:
        self.console.print(*items)

    def clear(self) -> None:
        """Hot seat only: the last person's hand must not stay on screen or above it.
        Otherwise nothing is ever cleared (earlier turns stay in the scrollback)."""
        if self.interactive:
            self.console.clear()
            self.console.file.write("\x1b[3J")  # the scrollback too: no hand left to scroll to
            self.console.file.flush()

    def pause(self) -> None:
        if self.delay > 0:
            time.sleep(self.delay)

    def ask(self, prompt: str, choices: Callable[[], Sequence[str]] | None = None,
            key: object = None) -> str:
        """One line from the person at the screen; EOFError and KeyboardInterrupt pass up.

        ``key`` keeps a history per person (in hot seat, one player's typed moves —
        such as the card kept from a search — must not be recalled by the next).
        """
        if self.interactive:
            return str(self._session(key, choices).prompt(prompt))
        line = input(prompt)
        self.console.print(Text(line), highlight=False)
        return line

    def _session(self, key: object,
                 choices: Callable[[], Sequence[str]] | None) -> PromptSession[str]:
        session_key = (key, choices is not None)
        session = self._sessions.get(session_key)
        if session is None:
            completer = MovesCompleter(choices) if choices is not None else None
            # a menu of a few rows under the prompt, in columns: the turn screen keeps
            # the rest of a 24-row terminal (the default reserves 8 rows)
            session = PromptSession[str](history=InMemoryHistory(), completer=completer,
                                         complete_while_typing=True,
                                         complete_style=CompleteStyle.MULTI_COLUMN,
                                         reserve_space_for_menu=MENU_ROWS)
            self._sessions[session_key] = session
        elif isinstance(session.completer, MovesCompleter) and choices is not None:
            session.completer.choices = choices
        return session


def _env_delay() -> float:
    raw = os.environ.get("TABLERUMMY_DELAY")
    if raw is None:
        return DEFAULT_DELAY
    try:
        delay = float(raw)
    except ValueError:
        return DEFAULT_DELAY
    # "inf" or "nan" would make time.sleep fail: a number of seconds, up to a minute
    return min(max(0.0, delay), 60.0) if math.isfinite(delay) else DEFAULT_DELAY


def prefix_matches(typed: str, candidate: str) -> bool:
    """Whether ``typed`` starts ``candidate`` as a whole, or word by word.

    ``"meld al al"`` matches ``"meld al-capone al-capone al-capone"``: each typed word
    starts the candidate's word at the same place, as the engine's lenient parser reads
    unique prefixes.
    """
    typed = typed.lower().lstrip()
    candidate = candidate.lower()  # card ids may be upper case (``meld 5D 5D 2S=5S``)
    if candidate.startswith(typed):
        return True
    words, cand = typed.split(), candidate.split()
    if len(words) > len(cand):
        return False
    if typed.endswith(" ") and len(words) == len(cand):
        return False
    return all(c.startswith(w) for w, c in zip(words, cand, strict=False))


class MovesCompleter(Completer):
    """Prefix completion over the legal moves (and the commands) of the moment."""

    def __init__(self, choices: Callable[[], Sequence[str]]) -> None:
        self.choices = choices

    def get_completions(self, document: Document,
                        complete_event: CompleteEvent) -> Iterable[Completion]:
        typed = document.text_before_cursor
        if is_digits(typed.strip()):
            return
        for text in [*self.choices(), *COMMANDS]:
            if prefix_matches(typed, text):
                yield Completion(text, start_position=-len(typed))


# --- the game at the terminal -----------------------------------------------------------


@dataclass
class Feed:
    """One viewer's events in words: where it stands in the game's logs, what it shows.

    ``lines`` holds what happened since the viewer's last turn; ``shown`` how many of
    them are already on the screen; ``mark`` where the last decision's screen ended.
    """

    viewer: int | None
    hand: int = 0
    seen: int = 0
    lines: list[str] = field(default_factory=list)
    shown: int = 0
    mark: int = 0

    def pull(self, game: Game) -> list[str]:
        new: list[str] = []
        current = len(game.hands) - 1
        for index in range(self.hand, current + 1):
            events = game.events(self.viewer, index)
            start = self.seen if index == self.hand else 0
            if index != self.hand:
                new.append(f"— hand {index + 1}, dealt by p{game.hands[index].dealer} —")
            new += events[start:]
            self.hand, self.seen = index, len(events)
        self.lines += new
        return new

    def unshown(self) -> list[str]:
        lines = self.lines[self.shown:]
        self.shown = len(self.lines)
        return lines

    def new_turn(self) -> None:
        """Forget what the previous turn's screens already told."""
        self.lines = self.lines[self.mark:]
        self.shown = max(0, self.shown - self.mark)
        self.mark = 0


class TerminalGame:
    """The loop of one game: whoever is to act decides, everyone sees what they may."""

    def __init__(self, game: Game, seats: Sequence[str], screen: Screen,
                 save: str | None = None, bot_seed: int | None = None,
                 hint_budget: Budget | None = None, hint_seed: int | None = None) -> None:
        variant = game.variant
        if len(seats) != variant.players:
            raise OptionError(f"--seats names {len(seats)} seats but the table has "
                              f"{variant.players}")
        self.game = game
        self.variant = variant
        self.seats = list(seats)
        self.screen = screen
        self.save_path = save
        self.hint_budget = hint_budget or Budget.hint()
        self.hint_seed = hint_seed
        base = game.seed if bot_seed is None else bot_seed
        self.bots: dict[int, Bot] = {
            seat: get_bot(name, variant, seat, seed=base * 31 + seat)
            for seat, name in enumerate(seats) if name != HUMAN
        }
        self.humans = [seat for seat, name in enumerate(seats) if name == HUMAN]
        self.hot_seat = len(self.humans) > 1
        solo = len(self.humans) == 1
        self.names = {seat: ("you" if solo else HUMAN) if name == HUMAN else name
                      for seat, name in enumerate(seats)}
        self.styles = CardStyles(variant.deck())
        self.feeds = {seat: Feed(seat) for seat in self.humans}
        self.public = Feed(None)
        self.watcher: int | None = self.humans[0] if solo else None
        self.holder: int | None = None  # the human the screen was last passed to
        self.last: tuple[int, int] | None = None  # (seat, hand) of the last action
        self.hands_reported = 0
        self.menu: list[Row] = []  # the move menu of the decision at hand
        self.path: list[Entry] = []  # the entries opened in it, outermost first
        try:
            self.view(0)
        except NotImplementedError:  # a family being written: its plug-in draws no view yet
            raise TablerummyError(f"the terminal cannot show {variant.name} yet: it has no "
                                  "table view (its plug-in's present)") from None

    # --- the loop ------------------------------------------------------------------------

    def run(self) -> int:
        """Play the game out; the exit status: 0, or 130 after Ctrl-C anywhere, a move's
        prompt or one after the game (save, next hand) alike."""
        self.intro()
        try:
            return self.play_out()
        except KeyboardInterrupt:
            self.screen.print(Text("\ninterrupted: leaving the game", style="bold"))
            self.quit(ask=False)
            return 130

    def play_out(self) -> int:
        decisions = 0
        try:
            while not self.game.game_over:
                seat = self.game.to_act
                if seat is None:  # cannot happen while the game runs; never loop on it
                    break
                hand = len(self.game.hands) - 1
                if seat in self.bots:
                    self.bot_move(seat)
                else:
                    self.human_move(seat)
                self.last = (seat, hand)
                self.after_move(seat)
                decisions += 1
                # bots alone play on by themselves: the simulations' limits stop them
                stop = None if self.humans else runaway(self.game, decisions)
                if stop is not None:
                    self.screen.print(Text(f"\nthe bots' game is stopped: {stop}",
                                           style="bold"))
                    self.quit(ask=False)
                    return 1
        except QuitGame:
            return self.quit(ask=True)
        except EOFError:
            self.screen.print(Text("\ninput ended: leaving the game", style="bold"))
            return self.quit(ask=False)
        self.game_over()
        return 0

    def intro(self) -> None:
        who = ", ".join(f"p{s}: {self.names[s]}" for s in range(self.variant.players))
        self.screen.print(Text(self.variant.title, style="bold underline"))
        self.screen.print(Text(f"Seats — {who}.  Game to {self.variant.target}.  Seed "
                               f"{self.game.seed} (play it again with --seed {self.game.seed})."))
        if self.humans:
            self.screen.print(Text("Enter a move by its number or type it (a unique prefix of "
                                   "each word will do); 'help' lists the commands."))

    def bot_move(self, seat: int) -> None:
        observation = self.game.observation(seat)
        action = decide(self.bots[seat], self.game.state, observation,
                        self.game.legal_actions())
        self.game.apply(action, seat=seat)

    def after_move(self, actor: int) -> None:
        """Tell the watcher what just happened; score a finished hand.

        A person's own moves are not repeated (their next screen has them), except the
        one that ends a hand: the end of the hand is told before it is scored.
        """
        finished = sum(1 for h in self.game.hands if h.scores is not None)
        ended = finished > self.hands_reported
        if self.watcher is not None:
            feed = self.feeds[self.watcher]
            feed.pull(self.game)
            if actor != self.watcher or ended:
                self._stream(feed.unshown())
        else:
            lines = self.public.pull(self.game)
            if actor in self.bots or ended:
                self._stream(lines)
        if ended:
            self.hands_reported = finished
            self.hand_over()

    def _stream(self, lines: Sequence[str]) -> None:
        for line in lines:
            self.screen.print(Text(f"  {line}", style="cyan"))
        if lines:
            self.screen.pause()

    # --- a person's decision ---------------------------------------------------------------

    def human_move(self, seat: int) -> None:
        """Show the seat its table and read until one legal move is applied.

        A number chooses an entry of the move menu (``tablerummy.present.moves``): an
        entry of one move plays it, an entry of several opens its own numbered menu
        (Enter goes back).  Typed text is a move (or a command) at any level.
        """
        if self.hot_seat and self.holder != seat:
            self.pass_screen(seat)
        feed = self.feeds[seat]
        feed.pull(self.game)
        hand_index = len(self.game.hands) - 1
        if self.last != (seat, hand_index):
            feed.new_turn()
        self.menu = move_menu(self.variant, self.game.legal_texts())
        self.path = []
        self.draw(seat, feed)
        feed.mark = len(feed.lines)
        while True:
            here = self.path[-1] if self.path else None
            prompt = f"p{seat}> " if here is None else f"p{seat} {here['label']}> "
            raw = self.screen.ask(prompt, choices=self.choices, key=seat).strip()
            if not raw or raw in ("back", ".."):
                if self.path:
                    self.path.pop()
                    self.show_menu()
                continue
            if is_digits(raw):  # ASCII only: int() refuses "²" though isdigit() takes it
                found = entries(self.path[-1]["rows"] if self.path else self.menu)
                number = int(raw) if len(raw) <= 6 else 0  # int() of 5,000 digits fails
                if not 1 <= number <= len(found):
                    told = raw if len(raw) <= 6 else raw[:6] + "…"
                    self.error(f"there is no move {told}: choose 1 … {len(found)}")
                    continue
                chosen = found[number - 1]
                if chosen["rows"]:
                    self.path.append(chosen)
                    self.show_menu()
                    continue
                raw = chosen["moves"][0]
            elif self.command(raw, seat):
                continue
            else:  # an entry typed as the menu shows it, or a move's sentence
                level = self.path[-1]["rows"] if self.path else self.menu
                typed = find_typed(level, raw)
                if typed is not None and typed["rows"]:
                    self.path.append(typed)
                    self.show_menu()
                    continue
                if typed is not None:
                    raw = typed["moves"][0]
                else:
                    raw = typed_move(self.variant, self.game.legal_texts(), raw) or raw
            try:
                self.game.apply(raw, seat=seat)
            except TablerummyError as err:
                self.error(str(err))
                continue
            return

    def choices(self) -> Sequence[str]:
        """What Tab completes: the moves of the menu level the person is at."""
        if self.path:
            moves: list[str] = self.path[-1]["moves"]
            return moves
        return self.game.legal_texts()

    def show_menu(self) -> None:
        """The menu level the person is at (the top one with its row labels)."""
        width = self.screen.console.width
        if not self.path:
            self.screen.print(Text("Moves:", style="bold yellow"))
            self.screen.print(menu_table(self.menu, width))
            return
        here = self.path[-1]
        self.screen.print(Text(f"{here['label']}: {len(here['moves'])} ways — choose by "
                               "number, or Enter to go back", style="bold yellow"))
        self.screen.print(menu_table(here["rows"], width))

    def draw(self, seat: int, feed: Feed) -> None:
        """The turn screen, printed below what is already there (nothing is cleared)."""
        view = self.view(seat)
        if self.screen.interactive:
            recent = list(feed.lines)
            feed.unshown()
            height = None
        else:  # a transcript: only what was not printed yet, and no height to keep to
            recent = feed.unshown()
            height = 10_000
        for part in turn_screen(view, self.names, self.styles, self.screen.console,
                                hand_number=len(self.game.hands) - 1, seed=self.game.seed,
                                menu=self.menu, recent=recent, height=height):
            self.screen.print(part)

    def command(self, raw: str, seat: int) -> bool:
        """Run a command if ``raw`` is one (exact words only: moves keep their prefixes)."""
        word, _, rest = raw.partition(" ")
        word = word.lower().lstrip(":")
        name = _ALIASES.get(word, word)
        if name not in COMMANDS or (rest.strip() and name != "save"):
            return False
        if name == "help":
            self.intro()
            self.screen.print(Text(HELP))
        elif name == "moves":
            self.show_menu()
        elif name == "table":
            self.path = []
            self.draw(seat, Feed(seat))
        elif name == "hint":
            self.hint(seat)
        elif name == "log":
            self.screen.print(events_panel(self.game.events(seat),
                                           f"Hand {len(self.game.hands)} so far"))
        elif name == "rules":
            self.screen.print(Markdown(self.variant.rules_text()))
        elif name == "save":
            path = rest.strip() or self.save_path
            if not path:
                path = self.screen.ask("save the game record to which file? ").strip()
            if path:
                self.save(path)
        else:
            raise QuitGame
        return True

    def hint(self, seat: int) -> None:
        """The coach's best moves for ``seat`` now (:func:`tablerummy.coach.hints`): read
        from the seat's own knowledge, like a bot's decision."""
        self.screen.print(Text("thinking about your moves…", style="dim"))
        found = hints(self.game, seat, budget=self.hint_budget, seed=self.hint_seed)
        self.screen.print(hints_text(found))

    def pass_screen(self, seat: int) -> None:
        """Hot seat: nothing of the last player's may stay on screen for the next."""
        if self.holder is not None:  # before the first pass nothing private was shown
            self.screen.clear()
        self.screen.ask(f"pass the screen to p{seat}, press Enter ")
        self.screen.clear()
        self.holder = seat
        self.feeds[seat].shown = 0

    def error(self, message: str) -> None:
        self.screen.print(Text(f"✗ {message}", style="bold red"))

    # --- views ---------------------------------------------------------------------------

    def view(self, seat: int) -> View:
        return table_view(self.variant, self.game.observation(seat))

    def last_hand_view(self, seat: int) -> View:
        """The finished hand as ``seat`` saw it, with the game's scores after it."""
        observation = self.game.observation(seat)
        merged = dict(observation)
        merged.update(observation["last_hand"])
        for key in ("sides", "totals", "target", "game_over", "winner", "hand_scores"):
            merged[key] = observation[key]
        return table_view(self.variant, merged)

    def hand_over(self) -> None:
        seat = self.watcher if self.watcher is not None else 0
        self.screen.print(hand_over_screen(self.last_hand_view(seat), self.hands_reported - 1,
                                           self.names, self.screen.console.width))
        if self.screen.interactive and self.humans and not self.game.game_over:
            self.screen.ask("press Enter for the next hand ")

    def game_over(self) -> None:
        view = self.view(self.watcher if self.watcher is not None else 0)
        mine = ([self.variant.side_of(self.watcher)] if self.watcher is not None else [])
        self.screen.print(game_over_text(view, mine))
        if self.save_path:
            self.save(self.save_path)
        elif self.screen.interactive and self.humans:
            self.offer_save()

    # --- leaving and saving ----------------------------------------------------------------

    def quit(self, ask: bool) -> int:
        if self.save_path:
            self.save(self.save_path)
        elif ask:
            self.offer_save()
        return 0

    def offer_save(self) -> None:
        try:
            path = self.screen.ask("save the game record? file name, or Enter for no: ")
        except EOFError:
            return
        if path.strip():
            self.save(path.strip())

    def save(self, path: str) -> None:
        try:
            Path(path).write_text(json.dumps(self.game.to_record(), indent=1) + "\n",
                                  encoding="utf-8")
        except OSError as err:
            self.error(f"cannot write {shown(path)}: {err.strerror or err}")
            return
        except ValueError:  # a NUL in the name
            self.error(f"cannot write {shown(path)}: not a file name")
            return
        self.screen.print(Text(f"game record saved to {path} "
                               f"(replay it with: tablerummy verify {path})"))


def hints_text(found: Sequence[Hint]) -> Text:
    """Hints for a person: each move in words, its win chance and margin, and why."""
    text = Text("Best moves now (win: estimated chance that your side wins the game; "
                "margin: this hand's expected points, yours minus the best other):\n",
                style="bold yellow")
    for number, hint in enumerate(found, 1):
        text.append(f" {number}. {hint.words}", style="bold")
        text.append(f"  win {hint.win * 100:.0f}% · margin {hint.margin:+.0f}\n")
        text.append(f"    {hint.reason}\n", style="dim")
    text.rstrip()
    return text


def play_command(args: argparse.Namespace) -> int:
    if isinstance(sys.stdin, io.TextIOWrapper):  # a byte that is no UTF-8: a mistyped move
        sys.stdin.reconfigure(errors="replace")
    if "players" in parse_options(args.option):  # the variant reads it: abc, -3, ² refused
        variant = variant_from_args(args)
        seats = parse_seats(args.seats, variant.players)
    else:
        seats = parse_seats(args.seats, None)
        variant = variant_from_args(args, players=len(seats))
    if args.save:
        writable_file(args.save, "--save")
    game = Game(variant, seed=args.seed, log=True)
    return TerminalGame(game, seats, Screen(), save=args.save).run()
