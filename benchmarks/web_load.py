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
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
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
    texts = [m["text"] for m in legal]
    for prefix in ("take", "draw stock", "meld"):
        choices = [t for t in texts if t.startswith(prefix)]
        if choices:
            return rng.choice(choices)
    discards = [t for t in texts if t.startswith("discard")]
    return rng.choice(discards or texts)


async def seat_client(url: str, token: str, think: float, stats: Stats, stop: asyncio.Event,
                      rng: random.Random) -> None:
    async with connect(url, max_size=2**22) as ws:
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


async def run_level(base: str, tables: int, seconds: float, warmup: float, think: float,
                    seed: int, pid: int | None = None) -> dict[str, Any]:
    stats = Stats()
    stop = asyncio.Event()
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        seats: list[tuple[str, str]] = []
        for _ in range(tables):
            made = (await http.post("/api/tables", json={
                "variant": "capone", "seats": ["person", "person"],
                "join": {"seat": 0, "name": "bench0"}})).json()
            table = made["table"]["id"]
            other = (await http.post(f"/api/tables/{table}/join",
                                     json={"seat": 1, "name": "bench1"})).json()
            seats += [(table, made["token"]), (table, other["token"])]
    ws_base = base.replace("http://", "ws://")
    clients = [asyncio.create_task(seat_client(f"{ws_base}/ws/{table}", token, think, stats,
                                               stop, random.Random(rng.random())))
               for table, token in seats]
    await asyncio.sleep(warmup)
    stats.measuring = True
    start, cpu, mine = time.perf_counter(), cpu_seconds(pid), time.process_time()
    await asyncio.sleep(seconds)
    stats.measuring = False
    elapsed, cpu = time.perf_counter() - start, cpu_seconds(pid) - cpu
    mine = time.process_time() - mine
    stop.set()
    await asyncio.wait_for(asyncio.gather(*clients, return_exceptions=True), 30)
    lat = sorted(stats.latencies)

    def pct(p: float) -> float:
        return 1000 * lat[min(len(lat) - 1, int(p * len(lat)))] if lat else float("nan")

    return {
        "tables": tables, "think_s": think, "seconds": round(elapsed, 1),
        "moves": len(lat), "moves_per_s": round(len(lat) / elapsed, 1),
        "p50_ms": round(pct(0.50), 2), "p99_ms": round(pct(0.99), 2),
        "mean_ms": round(1000 * statistics.fmean(lat), 2) if lat else None,
        "server_cpu_ms_per_move": round(1000 * cpu / len(lat), 2) if lat else None,
        "server_cpu_share": round(cpu / elapsed, 2),
        "client_cpu_share": round(mine / elapsed, 2),
        "errors": stats.errors,
    }


def start_server(db: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    # every client of the benchmark comes from one address: the per-address quotas
    # (tables per minute, open tables, sockets) would stop it at a few tables
    env = dict(os.environ, TABLERUMMY_TABLES_PER_MINUTE="0", TABLERUMMY_OPEN_TABLES="0",
               TABLERUMMY_SOCKETS_PER_ADDRESS="0")
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", default="50,200", help="table counts, comma-separated")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured time per level")
    parser.add_argument("--warmup", type=float, default=3.0, help="unmeasured start per level")
    parser.add_argument("--think", type=float, default=0.5,
                        help="mean think time of a seat before its move, seconds (0: flat out)")
    parser.add_argument("--db", help="database URL (default: a fresh SQLite file)")
    parser.add_argument("--url", help="use this running server instead of starting one")
    parser.add_argument("--json", action="store_true", help="print JSON lines only")
    args = parser.parse_args()
    levels = [int(n) for n in args.tables.split(",")]
    with tempfile.TemporaryDirectory(prefix="tablerummy-bench-") as tmp:
        db = args.db or f"sqlite:///{os.path.join(tmp, 'bench.sqlite3')}"
        proc, base = (None, args.url.rstrip("/")) if args.url else start_server(db)
        try:
            if not args.json:
                load = os.getloadavg()[0]
                print(f"server: {base}  database: {db.split('@')[-1]}  cores: {os.cpu_count()}"
                      f"  load average: {load:.1f}")
                print(f"{'tables':>6} {'think':>6} {'moves/s':>8} {'p50 ms':>8} {'p99 ms':>8}"
                      f" {'moves':>7} {'errors':>6} {'cpu ms/move':>12} {'server cpu':>10}"
                      f" {'client cpu':>10}")
            for i, n in enumerate(levels):
                result = asyncio.run(run_level(base, n, args.seconds, args.warmup, args.think,
                                               seed=i, pid=proc.pid if proc else None))
                if args.json:
                    print(json.dumps(result), flush=True)
                else:
                    print(f"{n:>6} {args.think:>6} {result['moves_per_s']:>8} "
                          f"{result['p50_ms']:>8} {result['p99_ms']:>8} {result['moves']:>7}"
                          f" {result['errors']:>6} {result['server_cpu_ms_per_move']:>12}"
                          f" {result['server_cpu_share']:>10} {result['client_cpu_share']:>10}",
                          flush=True)
        finally:
            if proc is not None:
                proc.terminate()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    proc.wait(10)
                if proc.poll() is None:
                    proc.kill()


if __name__ == "__main__":
    main()
