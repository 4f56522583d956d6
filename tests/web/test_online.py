"""The server as an attacker meets it: a real ``tablerummy serve`` process on loopback.

Foreign origins and too many sockets are refused at the upgrade; huge websocket frames
and request bodies are refused from their headers (or a streamed count), so that the
server's memory stays flat while it is flooded with them.
"""

from __future__ import annotations

import base64
import contextlib
import os
import socket
import threading
import time
from pathlib import Path

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect
from websockets.typing import Origin

from .conftest import Server
from .helpers import Seat, create

MB = 1024 * 1024


def test_websockets_from_another_origin_are_refused(server_factory: type[Server],
                                                    tmp_path: Path) -> None:
    server = server_factory(f"sqlite:///{tmp_path / 'origin.sqlite3'}")
    server.start()
    table = create(server.url, ["person", "person"])["table"]["id"]
    with pytest.raises(InvalidStatus) as refused:
        connect(f"{server.ws_url}/ws/{table}", origin=Origin("http://evil.example"),
                open_timeout=10)
    assert refused.value.response.status_code == 403
    assert b"other sites" in refused.value.response.body
    # the page's own origin, and clients that send none, are welcome
    with connect(f"{server.ws_url}/ws/{table}", origin=Origin(server.url),
                 open_timeout=10) as ws:
        ws.send('{"type": "hello"}')
        assert '"welcome"' in str(ws.recv(timeout=10))
    Seat(server.ws_url, table, None).close()


def test_sockets_per_address_are_capped(server_factory: type[Server], tmp_path: Path) -> None:
    server = server_factory(f"sqlite:///{tmp_path / 'sockets.sqlite3'}",
                            env={"TABLERUMMY_SOCKETS_PER_ADDRESS": "3"})
    server.start()
    table = create(server.url, ["person", "person"])["table"]["id"]
    held = [Seat(server.ws_url, table, None) for _ in range(3)]
    with pytest.raises(InvalidStatus) as refused:
        connect(f"{server.ws_url}/ws/{table}", open_timeout=10)
    assert refused.value.response.status_code == 429
    assert b"too many connections" in refused.value.response.body
    held.pop().close()
    for _ in range(50):  # the server notices the close
        try:
            held.append(Seat(server.ws_url, table, None))
            break
        except InvalidStatus:
            time.sleep(0.1)
    assert len(held) == 3
    for seat in held:
        seat.close()


# --- bounded input ---------------------------------------------------------------------------

def _rss(pid: int, key: str = "VmRSS") -> int:
    """A process's resident memory (``VmRSS``) or its peak (``VmHWM``), in bytes."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1]) * 1024
    raise AssertionError(f"no {key} for process {pid}")


def _big_frame(port: int, path: str, outcome: list[str]) -> None:
    """Open a websocket, then announce a 16 MiB text frame and send it until cut off."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=20)
    try:
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                      "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                      f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head = sock.recv(4096)
        assert head.startswith(b"HTTP/1.1 101"), head[:80]
        size = 16 * MB
        header = bytes([0x81, 0xFF]) + size.to_bytes(8, "big") + os.urandom(4)  # masked
        sock.sendall(header)
        chunk = b"x" * (256 * 1024)
        sent = 0
        while sent < size:
            sock.sendall(chunk)
            sent += len(chunk)
        outcome.append("sent all")  # the server read it all: wrong
    except OSError:
        outcome.append("cut off")
    finally:
        sock.close()


def _big_body(port: int, chunked: bool, outcome: list[str]) -> None:
    """POST a 200 MB body (announced, or chunked without a length) until cut off."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=20)
    size = 200 * 1000 * 1000
    try:
        length = "Transfer-Encoding: chunked" if chunked else f"Content-Length: {size}"
        sock.sendall((f"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                      f"Content-Type: application/json\r\n{length}\r\n\r\n").encode())
        chunk = b"[" * (256 * 1024)
        piece = f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n" if chunked else chunk
        answer = b""
        if not chunked:  # the refusal comes before a byte of the body is sent
            answer = sock.recv(4096)
        sent = 0
        with contextlib.suppress(OSError):
            while sent < size:
                sock.sendall(piece)
                sent += len(chunk)
        if chunked:
            answer = sock.recv(4096)
        outcome.append(answer.split(b"\r\n")[0].decode())
    except OSError:
        outcome.append("cut off")
    finally:
        sock.close()


@pytest.mark.slow
def test_huge_frames_and_bodies_do_not_grow_the_server(server_factory: type[Server],
                                                       tmp_path: Path) -> None:
    server = server_factory(f"sqlite:///{tmp_path / 'flood.sqlite3'}")
    server.start()
    assert server.proc is not None
    table = create(server.url, ["person", "person"])["table"]["id"]
    seat = Seat(server.ws_url, table, None)  # warm: a socket and a state message served
    before = _rss(server.proc.pid)
    peak_before = _rss(server.proc.pid, "VmHWM")
    frames: list[str] = []
    bodies: list[str] = []
    threads = [threading.Thread(target=_big_frame, args=(server.port, f"/ws/{table}", frames))
               for _ in range(20)]
    threads += [threading.Thread(target=_big_body, args=(server.port, chunked, bodies))
                for chunked in [False] * 5 + [True] * 5]
    peak = before
    for thread in threads:
        thread.start()
    while any(t.is_alive() for t in threads):
        peak = max(peak, _rss(server.proc.pid))
        time.sleep(0.01)
    for thread in threads:
        thread.join()
    if _rss(server.proc.pid, "VmHWM") > peak_before:  # a new peak, however short
        peak = max(peak, _rss(server.proc.pid, "VmHWM"))
    grown = peak - before
    assert frames == ["cut off"] * 20
    assert len(bodies) == 10 and all(b in ("HTTP/1.1 413 Request Entity Too Large", "cut off")
                                     for b in bodies), bodies
    assert bodies.count("HTTP/1.1 413 Request Entity Too Large") >= 5  # the announced ones
    assert grown < 50 * MB, f"the server grew by {grown / MB:.0f} MB"
    # and it still serves
    seat.ws.send('{"type": "ping", "id": 1}')
    assert seat.until(lambda m: m["type"] == "pong")["id"] == 1
    seat.close()
