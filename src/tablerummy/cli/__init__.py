"""The ``tablerummy`` command: one sub-command per module, errors as one line.

Exit statuses (docs/play.md, "Errors and exit statuses"): 0 done; 1 an illegal action in
a record (``verify``); 2 a bad argument, option, file or record, told in one line on
stderr; 130 interrupted.  When the reader of stdout goes away (``… | head``) the
command stops quietly with status 1, as in the Python docs' recipe for SIGPIPE and
as Rich (which prints most of the output) does.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from .. import __version__
from ..errors import TablerummyError
from ..userinput import shown, whole_number

EXIT_USAGE = 2
EXIT_BROKEN_PIPE = 1
MAX_GAMES = 10_000_000
"""More games than a simulation can schedule (a day of play on one core): a typo."""
MESSAGE_CHARS = 300
"""The longest error line: argparse echoes what it refuses, which may be anything."""


class Parser(argparse.ArgumentParser):
    """argparse with its errors in one line (usage goes to ``--help``), exit status 2."""

    def error(self, message: str) -> NoReturn:
        text = " ".join(message.split())
        if len(text) > MESSAGE_CHARS:
            text = text[:MESSAGE_CHARS] + "…"
        self.exit(EXIT_USAGE, f"{self.prog}: {text} (see {self.prog} --help)\n")


def whole(minimum: int | None = None, maximum: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number in ASCII digits (``²`` and ``١٢`` are not)."""

    def convert(text: str) -> int:
        number = whole_number(text)
        if number is None:
            raise argparse.ArgumentTypeError(f"not a whole number: {shown(text)}")
        if minimum is not None and number < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, not {shown(number)}")
        if maximum is not None and number > maximum:
            raise argparse.ArgumentTypeError(f"must be at most {maximum}, not {shown(number)}")
        return number

    return convert


def _seconds(text: str) -> float:
    """``--seconds`` of ``analyse`` (its module imports rich: only when it runs)."""
    from .analyse_cmd import seconds

    return seconds(text)


def _parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="tablerummy",
        description="Play, simulate and check the table-rummy card games.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    def variant_args(p: argparse.ArgumentParser) -> None:
        p.add_argument("variant", help="capone, ripper, fortune, arlington, arlington-heights")
        p.add_argument("-o", "--option", action="append", default=[], metavar="KEY=VALUE",
                       help="a variant option, e.g. -o players=4 (repeatable)")
        p.add_argument("--cards", metavar="FILE",
                       help="card values: a TOML or JSON file, or a table shipped with "
                            "tablerummy (capone, ripper: classic)")

    sub.add_parser("variants", help="list the variants and their options")

    p = sub.add_parser("bots", help="list the bots, the variants they play and their options")
    p.add_argument("variant", nargs="?", help="only the bots of this variant")

    p = sub.add_parser("rules", help="the rules summary and the card table")
    variant_args(p)

    p = sub.add_parser("verify", help="replay a game record and print what it reaches")
    p.add_argument("record", help="a game record (JSON)")
    p.add_argument("--reveal", action="store_true", help="also print the full position")
    p.add_argument("--seat", metavar="N",
                   help="also print what seat N sees there (its observation, as bots get it);"
                        " `legal` is then that seat's moves only")
    p.add_argument("--text", action="store_true",
                   help="print for a person: the hands' scores item by item, the totals, and"
                        " with --seat that seat's table as the terminal draws it")

    p = sub.add_parser("analyse", help="every decision of a game record assessed: mistakes, "
                                       "win chance over the game (docs/coach.md)")
    p.add_argument("record", help="a game record (JSON)")
    p.add_argument("--seat", metavar="N", action="append",
                   help="only this seat's decisions (0 or p0; repeatable; default: every seat)")
    p.add_argument("--json", action="store_true", help="print the analysis as JSON")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--iterations", type=whole(1, 100_000), metavar="N",
                     help="search iterations per decision (default 300; reproducible)")
    how.add_argument("--seconds", type=_seconds, metavar="S",
                     help="at most S seconds of CPU per decision (faster, not reproducible)")
    p.add_argument("--playouts", type=whole(1, 10_000), metavar="N",
                   help="games played out per candidate move (default 24)")
    p.add_argument("--seed", type=whole(0), default=0,
                   help="seed of the analysis (default 0: the same record, the same answer)")

    p = sub.add_parser("simulate", help="bots play whole games; a summary of the results")
    variant_args(p)
    p.add_argument("--games", type=whole(1, MAX_GAMES), default=100,
                   help="how many games (default 100)")
    p.add_argument("--bots", default="greedy,random", help="bot names, comma-separated")
    p.add_argument("--players", type=whole(),
                   help="players at each table (default: the bots' count)")
    p.add_argument("--seed", type=whole(), default=0, help="seed of the first game (default 0)")
    p.add_argument("--workers", type=whole(1), default=1, help="processes to use (default 1)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--save", metavar="DIR", help="save every game's record into DIR")

    p = sub.add_parser("tournament", help="duplicate deals between bots: win rates, ratings")
    variant_args(p)
    p.add_argument("--games", type=whole(1, MAX_GAMES), default=100,
                   help="deals, each replayed with every seating of the bots (default 100)")
    p.add_argument("--bots", default="ismcts,greedy",
                   help="bot names, comma-separated (options after colons: ismcts:iterations=500)")
    p.add_argument("--players", type=whole(),
                   help="players at each table (default: the bots' count)")
    p.add_argument("--seed", type=whole(), default=0, help="seed of the first deal (default 0)")
    p.add_argument("--workers", type=whole(1), default=1, help="processes to use (default 1)")
    p.add_argument("--backend", default="local", choices=("local", "ray"),
                   help="where the games run: local processes or Ray (extra 'cluster')")
    p.add_argument("--ray-address", metavar="ADDR", help="a Ray cluster to join (ray://host:10001)")
    p.add_argument("--json", action="store_true", help="print the standings as JSON")
    p.add_argument("--csv", metavar="FILE", help="also write the standings to FILE as CSV")
    p.add_argument("--journal", metavar="FILE",
                   help="keep every game in FILE as it finishes; a run given a journal "
                        "plays only the games it lacks (resumes)")

    p = sub.add_parser("lab", help="measure a variant from bots' games (docs/lab.md)")
    lab = p.add_subparsers(dest="lab_command", metavar="MEASURE", required=True)

    def lab_args(p: argparse.ArgumentParser) -> None:
        variant_args(p)
        p.add_argument("--games", type=whole(1, MAX_GAMES), default=200,
                       help="deals, each replayed with every seating (default 200)")
        p.add_argument("--players", type=whole(),
                       help="players at each table (default: the variant's)")
        p.add_argument("--seed", type=whole(), default=0,
                       help="seed of the first deal (default 0)")
        p.add_argument("--workers", type=whole(1), default=1,
                       help="processes to use (default 1)")
        p.add_argument("--backend", default="local", choices=("local", "ray"),
                       help="where the games run: local processes or Ray (extra 'cluster')")
        p.add_argument("--ray-address", metavar="ADDR", help="a Ray cluster to join")
        p.add_argument("--json", action="store_true", help="print the results as JSON")
        p.add_argument("--report", metavar="DIR",
                       help="write an HTML report with figures and the raw JSON into DIR "
                            "(extra 'lab')")
        p.add_argument("--journal", metavar="FILE",
                       help="keep every game in FILE as it finishes; a run given a journal "
                            "plays only the games it lacks (resumes)")

    p = lab.add_parser("shape", help="hands per game, lead changes, seat advantages, hand "
                                     "ends, score distributions, tallies")
    lab_args(p)
    p.add_argument("--bots", default="greedy",
                   help="bot names, comma-separated (default greedy: self-play)")

    p = lab.add_parser("skill", help="Borm & van der Genugten's skill share: beginner, "
                                     "strong and clairvoyant players against a field")
    lab_args(p)
    p.add_argument("--strong", default="greedy",
                   help="the strong player (default greedy)")
    p.add_argument("--beginner", default="random", help="the beginner (default random)")
    p.add_argument("--clairvoyant", default=None, metavar="ISMCTS",
                   help="the ismcts settings the clairvoyant searches the true deal with "
                        "(default: the strong player's when it is ismcts, else ismcts)")
    p.add_argument("--field", default=None,
                   help="the bot at every other seat (default: the strong player)")
    p.add_argument("--measure", default="win", choices=("win", "margin"),
                   help="a player's result: win rate or mean final margin (default win)")

    p = lab.add_parser("spread", help="the spread of fitted ratings over a population of "
                                      "bots of graded strength, beside pure chance's")
    lab_args(p)
    p.add_argument("--population", default=None,
                   help="bot names, weakest first, comma-separated (default random,greedy, "
                        "then ismcts at 30, 100 and 300 iterations with prior=1:tree=1)")

    p = lab.add_parser("calibrate", help="card-value scales against the rulebook's game "
                                         "length (capone, ripper)")
    p.add_argument("variant", help="capone or ripper")
    p.add_argument("-o", "--option", action="append", default=[], metavar="KEY=VALUE",
                   help="a variant option, e.g. -o teams=false (repeatable)")
    p.add_argument("--cards", metavar="FILE",
                   help="the card values the scales multiply: a TOML or JSON file, or a "
                        "table shipped with tablerummy (classic); default: the defaults")
    p.add_argument("--scales", default="0.5,0.75,1,1.25,1.5",
                   help="factors on the card values, comma-separated "
                        "(default 0.5,0.75,1,1.25,1.5)")
    p.add_argument("--players", default="2,3,4",
                   help="player counts, comma-separated (default 2,3,4)")
    p.add_argument("--bots", default="greedy",
                   help="the strong bots, comma-separated (default greedy: self-play)")
    p.add_argument("--games", type=whole(1, MAX_GAMES), default=200,
                   help="deals per scale and player count (default 200)")
    p.add_argument("--seed", type=whole(), default=0, help="seed of the first deal (default 0)")
    p.add_argument("--workers", type=whole(1), default=1, help="processes to use (default 1)")
    p.add_argument("--backend", default="local", choices=("local", "ray"),
                   help="where the games run: local processes or Ray (extra 'cluster')")
    p.add_argument("--ray-address", metavar="ADDR", help="a Ray cluster to join")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--report", metavar="DIR",
                   help="write an HTML report, the proposed --cards table and the raw JSON "
                        "into DIR (extra 'lab')")

    p = lab.add_parser("compare", help="skill shares of several lab skill runs side by "
                                       "side, each against a baseline run")
    p.add_argument("runs", nargs="+", metavar="RUN",
                   help="a lab skill report folder (or its data.json); at least two")
    p.add_argument("--baseline", type=whole(1, 1000), default=1,
                   help="the run the others are set against, by its place (default 1)")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--report", metavar="DIR",
                   help="write an HTML report and the raw JSON into DIR (extra 'lab')")

    p = sub.add_parser("play", help="play in the terminal against bots or at one screen")
    variant_args(p)
    p.add_argument("--seats", default="human,greedy",
                   help="who sits where: human or a bot name, comma-separated")
    p.add_argument("--seed", type=whole(), help="seed of the game (default: random)")
    p.add_argument("--save", metavar="FILE", help="write the game record here when it ends")

    p = sub.add_parser("serve", help="the web table in the browser")
    p.add_argument("--db", default="sqlite:///tablerummy.sqlite3", help="SQLAlchemy database URL")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=whole(0, 65535), default=8000)
    p.add_argument("--proxy-headers", action="store_true",
                   help="behind a reverse proxy: take the client address and scheme from"
                        " its X-Forwarded-For/-Proto headers (see docs/web.md)")
    p.add_argument("--forwarded-allow-ips", default="127.0.0.1", metavar="IPS",
                   help="proxies whose forwarded headers are trusted (default 127.0.0.1)")
    p.add_argument("--allow-origin", action="append", default=None, metavar="ORIGIN",
                   help="another origin allowed to POST and open sockets (repeatable)")
    p.add_argument("--allowed-host", action="append", default=None, metavar="NAME",
                   help="a host name the server answers to (repeatable; default: --host and"
                        " the origins' hosts; * for any)")
    p.add_argument("--bot-workers", type=whole(0, 64), default=None, metavar="N",
                   help="processes deciding bot moves (default 2; 0: a thread)")
    p.add_argument("--workers", type=whole(1, 64), default=1, metavar="N",
                   help="server processes on one port (needs a PostgreSQL --db; see docs/web.md)")
    p.add_argument("--log-format", choices=("text", "json"), default="text",
                   help="the server's log on stderr: text, or one JSON object a line")

    p = sub.add_parser("backup", help="copy the web table's database to a file (while it runs)")
    p.add_argument("--db", default="sqlite:///tablerummy.sqlite3", help="SQLAlchemy database URL")
    p.add_argument("file", help="the backup to write (a new file)")
    p = sub.add_parser("restore", help="load a backup into a new database (servers stopped)")
    p.add_argument("--db", default="sqlite:///tablerummy.sqlite3", help="SQLAlchemy database URL")
    p.add_argument("file", help="a file written by tablerummy backup")
    p.add_argument("--replace", action="store_true",
                   help="replace the tablerummy tables the database holds")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; its exit status (see the module's docstring)."""
    try:
        status = _run(argv)
        sys.stdout.flush()  # here, so that a closed pipe is caught below, not at exit
    except BrokenPipeError:
        _quiet_stdout()
        return EXIT_BROKEN_PIPE
    return status


def _quiet_stdout() -> None:
    """The Python docs' recipe for SIGPIPE: what is still buffered goes nowhere.

    Without it Python tries to flush stdout again at exit and prints a second error.
    """
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout is no file (a test's capture): nothing to quiet
        pass


def _run(argv: Sequence[str] | None) -> int:
    try:
        args = _parser().parse_args(argv)
    except SystemExit as done:  # --help, --version, or a usage error already told
        return done.code if isinstance(done.code, int) else EXIT_USAGE
    try:
        if args.command == "variants":
            from .info import variants_command
            return variants_command()
        if args.command == "bots":
            from .info import bots_command
            return bots_command(args)
        if args.command == "rules":
            from .info import rules_command
            return rules_command(args)
        if args.command == "verify":
            from .info import verify_command
            return verify_command(args)
        if args.command == "analyse":
            from .analyse_cmd import analyse_command
            return analyse_command(args)
        if args.command == "simulate":
            from .simulate_cmd import simulate_command
            return simulate_command(args)
        if args.command == "tournament":
            from .tournament_cmd import tournament_command
            return tournament_command(args)
        if args.command == "lab":
            from .lab_cmd import lab_command
            return lab_command(args)
        if args.command == "play":
            from .play import play_command
            return play_command(args)
        if args.command in ("backup", "restore"):
            from .backup_cmd import backup_command
            return backup_command(args)
        from .serve_cmd import serve_command
        return serve_command(args)
    except TablerummyError as err:
        print(f"tablerummy: {err}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
