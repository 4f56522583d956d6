"""The ``tablerummy`` command: one sub-command per module, errors as one line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from ..errors import TablerummyError


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tablerummy",
        description="Play, simulate and check the table-rummy card games.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    def variant_args(p: argparse.ArgumentParser) -> None:
        p.add_argument("variant", help="capone, ripper, fortune, arlington, arlington-heights")
        p.add_argument("-o", "--option", action="append", default=[], metavar="KEY=VALUE",
                       help="a variant option, e.g. -o players=4 (repeatable)")
        p.add_argument("--cards", metavar="FILE", help="card values to use (TOML or JSON)")

    sub.add_parser("variants", help="list the variants and their options")

    p = sub.add_parser("rules", help="the rules summary and the card table")
    variant_args(p)

    p = sub.add_parser("verify", help="replay a game record and print what it reaches")
    p.add_argument("record", help="a game record (JSON)")
    p.add_argument("--reveal", action="store_true", help="also print the full position")
    p.add_argument("--seat", metavar="N",
                   help="also print what seat N sees there (its observation, as bots get it)")

    p = sub.add_parser("simulate", help="bots play whole games; a summary of the results")
    variant_args(p)
    p.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    p.add_argument("--bots", default="greedy,random", help="bot names, comma-separated")
    p.add_argument("--players", type=int, help="players at each table (default: the bots' count)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    p.add_argument("--workers", type=int, default=1, help="processes to use (default 1)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--save", metavar="DIR", help="save every game's record into DIR")

    p = sub.add_parser("play", help="play in the terminal against bots or at one screen")
    variant_args(p)
    p.add_argument("--seats", default="human,greedy",
                   help="who sits where: human or a bot name, comma-separated")
    p.add_argument("--seed", type=int, help="seed of the game (default: random)")
    p.add_argument("--save", metavar="FILE", help="write the game record here when it ends")

    p = sub.add_parser("serve", help="the web table in the browser")
    p.add_argument("--db", default="sqlite:///tablerummy.sqlite3", help="SQLAlchemy database URL")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "variants":
            from .info import variants_command
            return variants_command()
        if args.command == "rules":
            from .info import rules_command
            return rules_command(args)
        if args.command == "verify":
            from .info import verify_command
            return verify_command(args)
        if args.command == "simulate":
            from .simulate_cmd import simulate_command
            return simulate_command(args)
        if args.command == "play":
            from .play import play_command
            return play_command(args)
        from .serve_cmd import serve_command
        return serve_command(args)
    except TablerummyError as err:
        print(f"tablerummy: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
