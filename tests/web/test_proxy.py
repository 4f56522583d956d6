"""Two server processes behind a real nginx, configured as docs/web.md says (the block
"Behind nginx", run as written but for its ``listen`` and ports): a game is played
through it, websockets included; its table-affine upstream keeps a table's sockets on
one process; when that process is stopped (SIGTERM) its clients reconnect through nginx
to the other and the game goes on."""

from __future__ import annotations

import contextlib
import random
import re
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from .conftest import ROOT, Server, free_port, missing
from .helpers import Seat, create, join
from .test_cluster import Play, pg, stored_actions
from .test_operations import scrape

__all__ = ["pg"]  # the fixture, used by name below

pytestmark = pytest.mark.slow

NGINX = "/usr/sbin/nginx"


def documented_config() -> str:
    """The nginx block of docs/web.md that says it is run by this test."""
    text = (ROOT / "docs" / "web.md").read_text()
    found = re.search(r"<!-- nginx: run by tests/web/test_proxy.py[^\n]*-->\n```nginx\n(.*?)```",
                      text, re.S)
    assert found, "docs/web.md has no tested nginx block"
    return found.group(1)


@contextlib.contextmanager
def nginx(tmp: Path, listen: int, upstreams: tuple[int, int]) -> Iterator[None]:
    """nginx in the foreground as the current user, every path of its own in ``tmp``."""
    program = NGINX if Path(NGINX).exists() else shutil.which("nginx")
    if program is None:
        missing("nginx is not installed (scripts/ensure-system-deps.sh installs it)")
        raise AssertionError  # unreachable
    site = documented_config()
    for old, new in (("listen 443 ssl;", f"listen 127.0.0.1:{listen};"),
                     ("127.0.0.1:8001;", f"127.0.0.1:{upstreams[0]};"),
                     ("127.0.0.1:8002;", f"127.0.0.1:{upstreams[1]};")):
        assert old in site
        site = site.replace(old, new)
    temps = "\n".join(f"    {kind}_temp_path {tmp / kind};"
                      for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    (tmp / "nginx.conf").write_text(f"""
daemon off;
master_process off;
pid {tmp / "nginx.pid"};
error_log {tmp / "error.log"} info;
events {{ worker_connections 256; }}
http {{
    access_log {tmp / "access.log"};
{temps}
{site}
}}
""")
    proc = subprocess.Popen([program, "-p", str(tmp), "-e", str(tmp / "error.log"),
                             "-c", str(tmp / "nginx.conf")],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 20
        while True:
            assert proc.poll() is None, f"nginx exited: {proc.stdout.read() if proc.stdout else ''}"
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", listen), 1):
                break
            assert time.monotonic() < deadline, "nginx did not start"
            time.sleep(0.05)
        yield
    finally:
        proc.terminate()
        proc.wait(10)


def test_two_processes_behind_nginx(server_factory: type[Server], pg: str,
                                    tmp_path: Path) -> None:
    proxy_args = ("--proxy-headers", "--forwarded-allow-ips", "127.0.0.1")
    a, b = server_factory(pg, args=proxy_args), server_factory(pg, args=proxy_args)
    a.start()
    b.start()
    port = free_port()
    with nginx(tmp_path, port, (a.port, b.port)):
        base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
        # a browser's POST carries its Origin: the proxied Host and scheme must match it
        made = httpx.post(base + "/api/tables", timeout=10, headers={"Origin": base}, json={
            "variant": "capone", "options": {}, "seats": ["person", "person"],
            "join": {"seat": 0, "name": "Ann"}})
        assert made.status_code == 201, made.text
        table, token = made.json()["table"]["id"], made.json()["token"]
        tokens = {0: token, 1: join(base, table, 1, "Bob")}
        seats = {s: Seat(ws_base, table, tokens[s]) for s in (0, 1)}
        watcher = Seat(ws_base, table, None)
        play = Play(seats, random.Random(12))
        play.moves(10)

        # the upstream hashes the path, which names the table: its 3 sockets are together
        sockets = {server.port: scrape(server)["tablerummy_sockets"] for server in (a, b)}
        assert sorted(sockets.values()) == [0, 3], sockets
        holder = a if sockets[a.port] == 3 else b
        assert holder.proc is not None
        holder.proc.send_signal(signal.SIGTERM)  # a deploy: that process drains and stops
        assert holder.proc.wait(30) in (0, -signal.SIGTERM)
        # the clients reconnect as the page does, to the same address: nginx sends them on
        seats = {s: Seat(ws_base, table, tokens[s]) for s in (0, 1)}
        watcher = Seat(ws_base, table, None)
        assert seats[0].state["version"] == play.version
        play.seats = seats
        play.hand()
        assert watcher.sync(play.version)["view"]["scores"]["hands"]
        assert create(base, ["person", "random"])["table"]["status"] == "waiting"
    assert stored_actions(pg, table) == [play.acked[v] for v in range(1, play.version + 1)]
