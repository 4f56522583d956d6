"""A compiled copy of the engine for runs of many CPU hours: the same source, built by mypyc.

tablerummy's rules core is pure Python and stays so; what is installed and tested is
that source.  A measurement of hours (issue 29's rows and lab runs: tens of core-hours
on a 2-core machine) may instead run on a copy of ``src/tablerummy`` in
``build/compiled`` whose hottest modules (:data:`MODULES`: the hand states, the
determinizers, the greedy guides and the learned estimates) are compiled to C
extensions by mypyc, which the ``test`` extra installs with mypy.  A compiled extension
sits beside its ``.py`` and is imported in its place; every other module is the plain
copy.  The search code stays interpreted: ``ISMCTSBot`` derives from the interpreted
``Bot``, so mypyc could only compile it as a plain Python class, for no measurable gain.

``check`` is what makes the copy safe to use: it plays the same seeded games (the default
search against greedy, at every table) on the source and on the copy, in interleaved
rounds, compares them move for move (every game's record) and prints how much faster the
copy played them (the median of the rounds' ratios, with the spread).  A journal played
on by the copy holds the games the source would have played.

    python benchmarks/compiled.py build         # build/compiled/tablerummy (about a minute)
    python benchmarks/compiled.py check         # the same games?  how much faster?
    PYTHONPATH=build/compiled python benchmarks/rows.py run --workers 2
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src"
BUILD = ROOT / "build" / "compiled"

MODULES = (
    "mystery", "determinize",
    "capone/state", "capone/determinize", "capone/estimate", "capone/greedy",
    "ripper/state", "ripper/determinize", "ripper/greedy", "ripper/scoring", "ripper/estimate",
    "oklahoma/state", "oklahoma/meldsearch", "oklahoma/melds", "oklahoma/meldgroups",
    "oklahoma/estimate", "oklahoma/search", "oklahoma/determinize", "oklahoma/greedy",
)
"""The modules compiled, under ``tablerummy/``: where a searched move spends its time
(``cProfile`` of a move: legal moves, moves applied, determinizations, estimates)."""

TABLES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("capone", {}), ("capone", {"players": 4}), ("ripper", {}), ("fortune", {}),
    ("arlington", {}), ("arlington", {"rules": "scarne"}), ("arlington-heights", {}),
)
"""The tables ``check`` plays: every family, the team table, both Arlington rule sets."""


def build(into: Path = BUILD) -> Path:
    """Copy ``src/tablerummy`` to ``into`` and compile :data:`MODULES` there; return the
    directory to put on ``PYTHONPATH``."""
    if into.exists():
        shutil.rmtree(into)
    into.mkdir(parents=True)
    shutil.copytree(SOURCE / "tablerummy", into / "tablerummy",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    files = [f"tablerummy/{m}.py" for m in MODULES]
    done = subprocess.run([sys.executable, "-m", "mypyc", *files], cwd=into,
                          capture_output=True, text=True, check=False)
    if done.returncode:
        sys.exit(f"mypyc failed:\n{done.stdout[-3000:]}{done.stderr[-3000:]}")
    shutil.rmtree(into / "build", ignore_errors=True)  # mypyc's C sources and objects
    return into


def play(name: str, options: dict[str, Any], games: int, iterations: int) -> dict[str, Any]:
    """Play ``games`` seeded games of the default search (``iterations`` a move) against
    greedy at one table, with whatever ``tablerummy`` is first on the path; return the
    digest of their records, the CPU seconds they took and which of :data:`MODULES` were
    compiled extensions."""
    from importlib import import_module
    from importlib.machinery import ExtensionFileLoader

    from tablerummy.simulate import Setup, play_game

    spec = f"ismcts:iterations={iterations}:estimate=learned:prior=0.3:tree=0.3"
    setup = Setup(name, options, (spec, "greedy"), 77)
    digest = hashlib.sha256()
    started = time.process_time()
    for index in range(games):
        result = play_game(setup, index, keep_record=True)
        if result.error:
            sys.exit(f"{name}: {result.error}")
        digest.update(json.dumps(result.record, sort_keys=True).encode())
    seconds = time.process_time() - started
    compiled = [m for m in MODULES if isinstance(
        import_module("tablerummy." + m.replace("/", ".")).__loader__, ExtensionFileLoader)]
    return {"digest": digest.hexdigest(), "seconds": seconds, "compiled": compiled}


def _played(path: Path, name: str, options: dict[str, Any], games: int,
            iterations: int) -> dict[str, Any]:
    """:func:`play` in a fresh process with ``path`` first on ``PYTHONPATH``."""
    env = {**os.environ, "PYTHONPATH": str(path)}
    done = subprocess.run([sys.executable, __file__, "play", "--table", name, "--options",
                           json.dumps(options), "--games", str(games), "--iterations",
                           str(iterations)], env=env, capture_output=True, text=True,
                          check=False)
    if done.returncode:
        sys.exit(f"{name} from {path}: {done.stderr.strip() or done.stdout.strip()}")
    out: dict[str, Any] = json.loads(done.stdout)
    return out


def check(compiled: Path, games: int, iterations: int, rounds: int) -> dict[str, Any]:
    """Play every table of :data:`TABLES` on the source and on ``compiled``, ``rounds``
    times interleaved; the same games or exit 1, and the speed-up per table."""
    report: dict[str, Any] = {}
    for name, options in TABLES:
        label = name + "".join(f" {k}={v}" for k, v in options.items())
        ratios = []
        for _ in range(rounds):
            plain = _played(SOURCE, name, options, games, iterations)
            fast = _played(compiled, name, options, games, iterations)
            if plain["compiled"] or fast["compiled"] != list(MODULES):
                sys.exit(f"{compiled} is not a whole compiled copy, or src holds extensions")
            if plain["digest"] != fast["digest"]:
                sys.exit(f"{label}: the compiled copy played other games than the source")
            ratios.append(plain["seconds"] / fast["seconds"])
        report[label] = {"speedup": round(statistics.median(ratios), 2),
                         "spread": [round(min(ratios), 2), round(max(ratios), 2)]}
        print(f"{label}: the same {games} games, {report[label]['speedup']} × as fast "
              f"(rounds {report[label]['spread'][0]} … {report[label]['spread'][1]})",
              flush=True)
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("section", choices=["build", "check", "play"])
    parser.add_argument("--into", type=Path, default=BUILD, help="build: where to build")
    parser.add_argument("--games", type=int, default=2, help="games a table a round")
    parser.add_argument("--iterations", type=int, default=300, help="the search's budget")
    parser.add_argument("--rounds", type=int, default=3, help="check: interleaved rounds")
    parser.add_argument("--table", default="capone", help="play: the table")
    parser.add_argument("--options", default="{}", help="play: its options, as JSON")
    args = parser.parse_args()
    if args.section == "build":
        print(build(args.into))
    elif args.section == "check":
        if not (args.into / "tablerummy").is_dir():
            sys.exit(f"no compiled copy in {args.into}: run `{Path(__file__).name} build`")
        check(args.into, args.games, args.iterations, args.rounds)
    else:
        print(json.dumps(play(args.table, json.loads(args.options), args.games,
                              args.iterations)))


if __name__ == "__main__":
    main()
