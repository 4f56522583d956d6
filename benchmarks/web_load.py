"""Load on the web table: N concurrent tables of bots playing through real websockets.

Starts ``tablerummy serve`` in its own process on a fresh SQLite file (or ``--db``), on
loopback, then for each N creates N two-seat ``capone`` tables, joins both seats of
each, and lets one websocket client per seat play: on its turn it waits the think
time, picks a move from the legal moves the server sent, and sends it.  The move
round-trip is the time from sending a move to its ``ok`` — parsed, checked by the
rules core, committed to the database and broadcast to both seats before the ``ok``.

Run: ``python benchmarks/web_load.py`` (defaults: N = 50 and 200, 20 s each, 0.5 s
think time); ``--think 0`` measures the saturated server.  Everything stays on
127.0.0.1, and every run is bounded in time.

The 0.5 s think time (per atomic action: a draw, a meld, a discard) is a stress level,
about five times a person's pace.  ``--think 0.5,3`` runs every level at both, so that
one run reports the stress rows and human-paced ones (a person takes seconds per
action) side by side; the offered load is ``tables / think`` moves a second (one seat
of a table acts at a time).

``--processes P`` starts P server processes on one PostgreSQL database (``--db``, or
``--private-postgres``: a throwaway cluster made with ``initdb`` for the run) and
connects the two seats of each table to *different* processes, so that every move
crosses processes (committed by one, learned by the other through ``LISTEN/NOTIFY``):
the worst case of a load balancer that spreads the players of a table
(``--seats together``: both on one process; ``--seats spread,together``: both ways).
``--rounds R`` runs every level R times, interleaved, and ends with each figure's
median and range over the rounds.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import gc
import glob
import itertools
import json
import math
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    measuring: bool = False


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def pick(legal: list[dict[str, Any]], rng: random.Random) -> str:
    """A quick bot on the client side: draw from the stock, meld when it can, else discard."""
    texts = [str(m["text"]) for m in legal]
    for prefix in ("take", "draw stock", "meld"):
        choices = [t for t in texts if t.startswith(prefix)]
        if choices:
            return rng.choice(choices)
    discards = [t for t in texts if t.startswith("discard")]
    return rng.choice(discards or texts)


async def seat_client(url: str, token: str, think: float, stats: Stats, stop: asyncio.Event,
                      rng: random.Random, opens_in: float) -> None:
    """One seat: connect after ``opens_in`` seconds, then play until ``stop``.

    The client sends no keepalive pings of its own (the server's are answered).  With
    every socket opened in the same instant, every socket's 20 s keepalive fell in the
    same instant too: 2,000 pings and pongs at once stalled this client's loop for
    half a second every 20 s, and every move in flight counted the stall.  People's
    sockets open at unrelated times, so the seats open spread over the warm-up.
    """
    await asyncio.sleep(opens_in)
    async with connect(url, max_size=2**22, ping_interval=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent_at: dict[int, float] = {}
        next_id = 0
        acted_at = -1
        moves: list[asyncio.Task[None]] = []
        reader = asyncio.create_task(_next(ws))
        stopper = asyncio.create_task(stop.wait())
        while not stop.is_set():
            done, _ = await asyncio.wait({reader, stopper}, return_when=asyncio.FIRST_COMPLETED)
            if stopper in done:
                reader.cancel()
                break
            if reader.exception() is not None:
                break
            raw = reader.result()
            reader = asyncio.create_task(_next(ws))
            if isinstance(raw, str) and raw.startswith('{"type":"state"') and '"legal":[]' in raw:
                continue  # not our turn: nothing to read (keeps the client's own cost low)
            message = json.loads(raw)
            kind = message["type"]
            if kind == "ok":
                started = sent_at.pop(message["id"], None)
                if started is not None and stats.measuring:
                    stats.latencies.append(time.perf_counter() - started)
            elif kind == "error":
                stats.errors += 1
            elif kind == "state" and message["legal"] and message["version"] > acted_at:
                if message["view"]["scores"]["game_over"]:
                    continue
                acted_at = message["version"]
                next_id += 1
                # think in a task of its own: the reader goes on (the ok of the last move
                # comes right after this state, and must be timed when it arrives)
                moves.append(asyncio.create_task(
                    _move(ws, pick(message["legal"], rng), next_id, think * rng.uniform(0.5, 1.5),
                          sent_at)))
        stopper.cancel()
        reader.cancel()  # the last read: its socket closes with the client
        await asyncio.gather(reader, return_exceptions=True)
        for task in moves:
            task.cancel()


async def _move(ws: ClientConnection, text: str, ref: int, think: float,
                sent_at: dict[int, float]) -> None:
    if think:
        await asyncio.sleep(think)
    sent_at[ref] = time.perf_counter()
    await ws.send(json.dumps({"type": "act", "action": text, "id": ref}))


async def _next(ws: ClientConnection) -> str | bytes:
    return await ws.recv()


def cpu_seconds(pid: int | None) -> float:
    """User + system CPU time of a process so far (Linux), or NaN when unknown."""
    if pid is None:
        return float("nan")
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return float("nan")


async def run_level(bases: list[str], tables: int, seconds: float, warmup: float,
                    think: float, seed: int, pids: list[int] | None = None,
                    spread: bool = True,
                    db_pids: Callable[[], list[int]] | None = None) -> dict[str, Any]:
    """One level: ``tables`` tables, the seats of table i on processes i and i + 1
    (``spread``), else both on process i."""
    stats = Stats()
    stop = asyncio.Event()
    rng = random.Random(seed)
    https = [httpx.AsyncClient(base_url=base, timeout=30) for base in bases]
    seats: list[tuple[str, str, str]] = []  # server, table, token
    try:
        for i in range(tables):
            first = i % len(bases)
            second = (i + 1) % len(bases) if spread else first
            one, two = bases[first], bases[second]
            made = (await https[first].post("/api/tables", json={
                "variant": "capone", "seats": ["person", "person"],
                "join": {"seat": 0, "name": "bench0"}})).json()
            table = made["table"]["id"]
            other = (await https[second].post(
                f"/api/tables/{table}/join", json={"seat": 1, "name": "bench1"})).json()
            seats += [(one, table, made["token"]), (two, table, other["token"])]
    finally:
        for http in https:
            await http.aclose()
    # The client's own garbage collector is off while it plays: with thousands of
    # sockets its collections paused this process for 40-260 ms (measured with
    # gc.callbacks), and every move in flight then counted the client's pause as the
    # server's round trip.  A level lasts seconds; its garbage is freed when it ends.
    gc.collect()
    gc.freeze()
    gc.disable()
    clients = [asyncio.create_task(seat_client(
        f"{base.replace('http://', 'ws://')}/ws/{table}", token, think, stats, stop,
        random.Random(rng.random()), rng.uniform(0, warmup * 2 / 3)))
        for base, table, token in seats]
    await asyncio.sleep(warmup)
    stats.measuring = True

    def server_cpu() -> float:
        return sum(cpu_seconds(pid) for pid in pids) if pids else float("nan")

    def database_cpu() -> dict[int, float]:
        return {pid: cpu_seconds(pid) for pid in db_pids()} if db_pids else {}

    start, cpu, mine = time.perf_counter(), server_cpu(), time.process_time()
    db_before = database_cpu()
    await asyncio.sleep(seconds)
    stats.measuring = False
    elapsed, cpu = time.perf_counter() - start, server_cpu() - cpu
    mine = time.process_time() - mine
    # a backend that started in the window counts from 0; one that ended is lost
    db_cpu = sum(t - db_before.get(pid, 0.0) for pid, t in database_cpu().items()
                 if not math.isnan(t)) if db_pids else float("nan")
    stop.set()
    await asyncio.wait_for(asyncio.gather(*clients, return_exceptions=True), 30)
    gc.enable()
    gc.unfreeze()
    lat = sorted(stats.latencies)

    def pct(p: float) -> float:
        return 1000 * lat[min(len(lat) - 1, int(p * len(lat)))] if lat else float("nan")

    return {
        "tables": tables, "processes": len(bases), "think_s": think,
        "seconds": round(elapsed, 1),
        "moves": len(lat), "moves_per_s": round(len(lat) / elapsed, 1),
        "p50_ms": round(pct(0.50), 2), "p99_ms": round(pct(0.99), 2),
        "p999_ms": round(pct(0.999), 2), "max_ms": round(1000 * lat[-1], 2) if lat else None,
        "mean_ms": round(1000 * statistics.fmean(lat), 2) if lat else None,
        "server_cpu_ms_per_move": round(1000 * cpu / len(lat), 2) if lat else None,
        "server_cpu_share": round(cpu / elapsed, 2),
        "client_cpu_share": round(mine / elapsed, 2),
        "database_cpu_share": round(db_cpu / elapsed, 2),
        "errors": stats.errors,
    }


@contextlib.contextmanager
def private_postgres() -> Iterator[tuple[str, str]]:
    """A throwaway PostgreSQL cluster (initdb in a temporary directory) for the run.

    As root the cluster runs as the ``postgres`` user (the server refuses root).  It
    keeps PostgreSQL's default durability (every commit flushed), like a real server.
    Yields the database URL and the cluster's data directory.
    """
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        raise SystemExit("--private-postgres: PostgreSQL is not installed (initdb)")
    bindir = os.path.dirname(found[-1])
    root = os.geteuid() == 0
    base = tempfile.mkdtemp(prefix="tablerummy-bench-pg-", dir="/tmp")
    as_user = ["runuser", "-u", "postgres", "--"] if root else []
    if root:
        shutil.chown(base, "postgres")
    port = free_port()
    data = os.path.join(base, "data")

    def run(*cmd: str) -> None:
        done = subprocess.run([*as_user, *cmd], capture_output=True, text=True, check=False)
        if done.returncode:
            raise SystemExit(f"{cmd[0]} failed: {done.stderr.strip()}")

    run(f"{bindir}/initdb", "-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8")
    run(f"{bindir}/pg_ctl", "-D", data, "-w", "-l", os.path.join(base, "log"), "-o",
        f"-p {port} -k {base} -c listen_addresses=127.0.0.1 -c max_connections=200", "start")
    try:
        run(f"{bindir}/createdb", "-h", "127.0.0.1", "-p", str(port), "-U", "postgres",
            "bench")
        yield f"postgresql://postgres@127.0.0.1:{port}/bench", data
    finally:
        subprocess.run([*as_user, f"{bindir}/pg_ctl", "-D", data, "-m", "fast", "stop"],
                       capture_output=True, check=False)
        shutil.rmtree(base, ignore_errors=True)


def postgres_pids(data: str) -> list[int]:
    """The postmaster of a private cluster and its children (backends and helpers)."""
    try:
        with open(os.path.join(data, "postmaster.pid")) as f:
            main = int(f.readline())
        children: list[int] = []
        for task in glob.glob(f"/proc/{main}/task/*/children"):
            with open(task) as f:
                children += [int(pid) for pid in f.read().split()]
    except (OSError, ValueError):
        return []
    return [main, *children]


def start_server(db: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    # every client of the benchmark comes from one address: the per-address quotas
    # (tables per minute, open tables, sockets, connections) would stop it at a few tables
    env = dict(os.environ, TABLERUMMY_TABLES_PER_MINUTE="0", TABLERUMMY_OPEN_TABLES="0",
               TABLERUMMY_SOCKETS_PER_ADDRESS="0", TABLERUMMY_CONNECTIONS_PER_ADDRESS="0",
               TABLERUMMY_MAX_CONNECTIONS="0", TABLERUMMY_BOT_WORKERS="0")
    proc = subprocess.Popen(
        [sys.executable, "-m", "tablerummy", "serve", "--db", db, "--port", str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            err = proc.stderr.read().decode() if proc.stderr else ""
            raise SystemExit(f"the server exited: {err}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(base + "/api/tables", timeout=1).status_code == 200:
                return proc, base
        time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start in 30 s")


COLUMNS = (  # (heading, result key, width) of a printed row
    ("procs", "processes", 5), ("seats", "seats", 8), ("tables", "tables", 6),
    ("think", "think_s", 5), ("moves/s", "moves_per_s", 8), ("p50 ms", "p50_ms", 7),
    ("p99 ms", "p99_ms", 7), ("p99.9", "p999_ms", 7), ("max ms", "max_ms", 7),
    ("errors", "errors", 6), ("cpu ms/move", "server_cpu_ms_per_move", 11),
    ("server", "server_cpu_share", 6), ("db", "database_cpu_share", 5),
    ("client", "client_cpu_share", 6), ("load", "load", 5),
)
HEADER = " ".join(f"{head:>{width}}" for head, _, width in COLUMNS)
SUMMED = ("moves_per_s", "p50_ms", "p99_ms", "p999_ms", "max_ms", "server_cpu_ms_per_move",
          "server_cpu_share", "database_cpu_share", "client_cpu_share", "load")


def _row(result: dict[str, Any]) -> str:
    return " ".join(f"{result[key]!s:>{width}}" for _, key, width in COLUMNS)


def _span(values: list[float] | None) -> str:
    def short(v: float) -> str:
        return f"{v:.0f}" if abs(v) >= 100 else f"{v:.3g}"

    return "" if values is None else f"{short(values[0])}-{short(values[1])}"


def summary(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per configuration, the median of each figure over the rounds and its range."""
    groups: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for r in results:
        groups.setdefault((r["processes"], r["seats"], r["tables"], r["think_s"]), []).append(r)
    out = []
    for rows in groups.values():
        merged = dict(rows[0], rounds=len(rows), errors=sum(r["errors"] for r in rows))
        for key in SUMMED:
            values = [r[key] for r in rows if r[key] is not None and not math.isnan(r[key])]
            if values:
                merged[key] = round(statistics.median(values), 2)
                merged[key + "_range"] = [min(values), max(values)]
        out.append(merged)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", default="50,200", help="table counts, comma-separated")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured time per level")
    parser.add_argument("--warmup", type=float, default=3.0, help="unmeasured start per level")
    parser.add_argument("--think", default="0.5",
                        help="mean think time of a seat before its move, seconds (0: flat"
                             " out); comma-separated: each level at each think time")
    parser.add_argument("--db", help="database URL (default: a fresh SQLite file)")
    parser.add_argument("--private-postgres", action="store_true",
                        help="run on a throwaway PostgreSQL cluster made for the run")
    parser.add_argument("--processes", default="1",
                        help="server processes on the one database, comma-separated counts"
                             " (more than 1 needs PostgreSQL)")
    parser.add_argument("--seats", default="spread",
                        help="with several processes, where the two seats of a table connect:"
                             " 'spread' (different processes: every move crosses), 'together'"
                             " (one process, as a load balancer that keeps a table's clients"
                             " together), or both comma-separated")
    parser.add_argument("--rounds", type=int, default=1,
                        help="run every level this many times, interleaved, and end with the"
                             " median of each figure and its range")
    parser.add_argument("--url", help="use this running server instead of starting one")
    parser.add_argument("--json", action="store_true", help="print JSON lines only")
    args = parser.parse_args(argv)
    levels = [int(n) for n in args.tables.split(",")]
    thinks = [float(x) for x in args.think.split(",")]
    counts = [int(n) for n in args.processes.split(",")]
    placements = args.seats.split(",")
    if not set(placements) <= {"spread", "together"} or args.rounds < 1:
        raise SystemExit("--seats takes spread and/or together; --rounds at least 1")
    # one seat placement is enough for one process: both seats are on it
    plan = [(c, seats, think, i, n) for c, seats, think, (i, n) in itertools.product(
        counts, placements, thinks, enumerate(levels)) if c > 1 or seats == placements[0]]
    results: list[dict[str, Any]] = []
    with contextlib.ExitStack() as stack:
        tmp = stack.enter_context(tempfile.TemporaryDirectory(prefix="tablerummy-bench-"))
        if args.private_postgres:
            db, data = stack.enter_context(private_postgres())
            db_pids = functools.partial(postgres_pids, data)
        else:
            db = args.db or f"sqlite:///{os.path.join(tmp, 'bench.sqlite3')}"
            db_pids = None
        if any(c > 1 for c in counts) and db.startswith("sqlite"):
            raise SystemExit("--processes > 1 needs PostgreSQL (--db or --private-postgres)")
        if not args.json:
            print(f"database: {db.split('@')[-1]}  cores: {os.cpu_count()}"
                  f"  load average: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
            print("  (server, db, client: CPUs used by the server processes, the database's"
                  " processes, this client)")
            print(HEADER)
        for round_, (count, seats, think, i, n) in itertools.product(range(args.rounds), plan):
            procs: list[subprocess.Popen[bytes]] = []
            try:
                if args.url:
                    bases = [args.url.rstrip("/")]
                else:
                    if db.startswith("postgres"):
                        _empty(db)  # each level on an empty database
                    started = [start_server(db) for _ in range(count)]
                    procs = [p for p, _ in started]
                    bases = [b for _, b in started]
                result = asyncio.run(run_level(
                    bases, n, args.seconds, args.warmup, think, seed=1000 * round_ + i,
                    pids=[p.pid for p in procs] or None, spread=seats == "spread",
                    db_pids=db_pids))
                result["load"] = round(os.getloadavg()[0], 1)
                result["seats"] = seats if len(bases) > 1 else ""
                result["round"] = round_ + 1
            finally:
                for proc in procs:
                    _stop(proc)
            results.append(result)
            print(json.dumps(result) if args.json else _row(result), flush=True)
        if args.rounds > 1:
            merged = summary(results)
            if args.json:
                for row in merged:
                    print(json.dumps(dict(row, summary=True)), flush=True)
            else:
                print(f"\nmedians of {args.rounds} interleaved rounds"
                      " (each figure's range over the rounds below its row):")
                print(HEADER)
                for row in merged:
                    print(_row(row))
                    print(" ".join(f"{_span(row.get(key + '_range')):>{width}}"
                                   for _, key, width in COLUMNS))


def _empty(db: str) -> None:
    """Drop the web table's schema (the server makes it afresh)."""
    from sqlalchemy import create_engine

    from tablerummy.web.store import engine_url, metadata

    engine = create_engine(engine_url(db))
    metadata.drop_all(engine)
    engine.dispose()


def _stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(10)
    if proc.poll() is None:
        proc.kill()


if __name__ == "__main__":
    main()
