"""Fixtures of the web table's tests: databases, a real server process, a real browser.

PostgreSQL runs as a private cluster in a temporary directory (initdb as the
``postgres`` user when we are root), on a free loopback port, for this test session
only.  In CI (``CI=true``) a missing PostgreSQL or Chromium fails loudly instead of
skipping.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "web"
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "e2e: end-to-end tests in a real browser (slow)")


def missing(what: str) -> None:
    """Skip on a developer machine without ``what``; fail in CI, where nothing is skipped."""
    if IN_CI:
        pytest.fail(f"{what} (CI runs every test: see scripts/ensure-system-deps.sh)")
    pytest.skip(what)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


# --- PostgreSQL ------------------------------------------------------------------------------

def _pg_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).resolve().parent if initdb else None


class PgCluster:
    """A private PostgreSQL cluster in a temporary directory, on a free loopback port.

    As root the server runs as ``postgres`` (it refuses root). It can be stopped and
    started again on the same port (the database-outage test).
    """

    def __init__(self) -> None:
        bindir = _pg_bin()
        if bindir is None:
            missing("PostgreSQL is not installed (initdb not found)")
            raise AssertionError  # unreachable
        self.bindir = bindir
        root = os.geteuid() == 0
        # as root the cluster runs as postgres, which must reach the directory: use /tmp
        self.base = Path(tempfile.mkdtemp(prefix="tablerummy-pg-", dir="/tmp" if root else None))
        self.data, self.sockets = self.base / "data", self.base / "sock"
        self.sockets.mkdir()
        self.as_user: list[str] = []
        if root:  # the server refuses to run as root
            self.as_user = ["runuser", "-u", "postgres", "--"]
            shutil.chown(self.base, "postgres")
            shutil.chown(self.sockets, "postgres")
        self.port = free_port()
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/tablerummy"
        self.run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres",
                 "--no-sync", "-E", "UTF8")
        self.start()
        self.run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres",
                 "tablerummy")

    def run(self, program: str, *args: str) -> None:
        done = subprocess.run([*self.as_user, str(self.bindir / program), *args],
                              capture_output=True, text=True, check=False)
        if done.returncode:
            pytest.fail(f"{program} failed: {done.stderr.strip() or done.stdout.strip()}")

    def start(self) -> None:
        self.run("pg_ctl", "-D", str(self.data), "-w", "-t", "30", "-l",
                 str(self.base / "log"), "-o", f"-p {self.port} -k {self.sockets}"
                 " -c listen_addresses=127.0.0.1 -c fsync=off", "start")

    def stop(self, mode: str = "fast") -> None:
        self.run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop")

    def remove(self) -> None:
        subprocess.run([*self.as_user, str(self.bindir / "pg_ctl"), "-D", str(self.data),
                        "-m", "immediate", "stop"], capture_output=True, check=False)
        shutil.rmtree(self.base, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A PostgreSQL database of a private cluster started for this session."""
    cluster = PgCluster()
    try:
        yield cluster.url
    finally:
        cluster.remove()


@pytest.fixture
def pg_cluster() -> Iterator[PgCluster]:
    """A cluster of this test's own: one it may stop and start."""
    cluster = PgCluster()
    try:
        yield cluster
    finally:
        cluster.remove()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each store test runs on SQLite and on PostgreSQL (a fresh schema each time)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    url: str = request.getfixturevalue("postgres_url")
    from sqlalchemy import create_engine

    from tablerummy.web.store import engine_url, metadata

    engine = create_engine(engine_url(url))
    metadata.drop_all(engine)
    engine.dispose()
    return url


# --- a real server process -------------------------------------------------------------------

class Server:
    """``tablerummy serve`` in a subprocess: start, kill -9, start again on the same DB."""

    QUOTAS_OFF: ClassVar[dict[str, str]] = {
        "TABLERUMMY_TABLES_PER_MINUTE": "0", "TABLERUMMY_OPEN_TABLES": "0",
        "TABLERUMMY_BOT_TABLES": "1000", "TABLERUMMY_BOT_WORKERS": "1",
        "TABLERUMMY_LEASE_SECONDS": "3"}
    """Tests create many tables from one address: the quotas' own tests turn them on.
    A process's leases lapse 3 s after its death (several processes on PostgreSQL)."""

    def __init__(self, db: str, bot_delay: float = 0.05,
                 env: dict[str, str] | None = None, args: tuple[str, ...] = (),
                 wrap: tuple[str, ...] = ()) -> None:
        self.db = db
        self.args = args
        self.wrap = wrap  # a command the server runs under (prlimit …)
        self.bot_delay = bot_delay
        self.env = {**self.QUOTAS_OFF, **(env or {})}
        self.port = free_port()
        self.proc: subprocess.Popen[str] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> None:
        env = dict(os.environ, TABLERUMMY_BOT_DELAY=str(self.bot_delay), **self.env)
        self.proc = subprocess.Popen(
            [*self.wrap, sys.executable, "-m", "tablerummy", "serve", "--db", self.db,
             "--port", str(self.port), *self.args],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                out = self.proc.stdout.read() if self.proc.stdout else ""
                raise AssertionError(f"the server exited: {out}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.url + "/api/tables", timeout=1).status_code == 200:
                    return
            time.sleep(0.1)
        raise AssertionError("the server did not start in 30 s")

    def kill9(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


@pytest.fixture
def server_factory() -> Iterator[type[Server]]:
    started: list[Server] = []

    class Tracked(Server):
        def start(self) -> None:
            started.append(self)
            super().start()

    yield Tracked
    for server in started:
        server.stop()


# --- a real browser --------------------------------------------------------------------------

@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """The system Chromium driven by Playwright (never a downloaded browser build)."""
    if not os.path.exists(CHROMIUM):
        missing(f"{CHROMIUM} is not installed (Debian package chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("the playwright Python package is not installed (pip install -e '.[test]')")
        raise
    with sync_playwright() as p:
        # Playwright gives each launch a fresh temporary user-data dir of its own
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()
