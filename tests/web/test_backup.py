"""``tablerummy backup`` / ``restore`` on both backends (docs/web.md, "Backups"): a backup
taken while a server plays, restored into a new database, serves the games it held — as
they were at the backup — and play goes on; bad uses are refused in one line."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest
from sqlalchemy.engine import make_url

from tablerummy.web.store import libpq_url

from .conftest import Server
from .helpers import Seat, seated_pair
from .test_cluster import Play, stored_actions

pytestmark = pytest.mark.slow


def tablerummy(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tablerummy", *args], capture_output=True,
                          text=True, timeout=120)


def new_database(db_url: str, tmp_path: Path) -> str:
    """An empty database on the same backend as ``db_url``."""
    if db_url.startswith("sqlite"):
        return f"sqlite:///{tmp_path / 'restored.sqlite3'}"
    name = f"restored_{tmp_path.name.lower()[-20:]}".replace("-", "_")
    with psycopg.connect(libpq_url(db_url), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    return make_url(db_url).set(database=name).render_as_string(hide_password=False)


def test_backup_while_playing_then_restore_and_play_on(server_factory: type[Server],
                                                       db_url: str, tmp_path: Path) -> None:
    server = server_factory(db_url)
    server.start()
    table, tokens, seats = seated_pair(server.url, server.ws_url)
    play = Play(seats, random.Random(9))
    play.moves(14)
    saved = play.version
    view = seats[0].sync(saved)["view"]

    file = tmp_path / "tables.backup"
    done = tablerummy("backup", "--db", db_url, str(file))  # the server is running
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("tablerummy: backed up ") and len(done.stdout.splitlines()) == 1
    play.moves(6)  # moves after the backup are not in it
    server.stop()

    target = new_database(db_url, tmp_path)
    done = tablerummy("restore", "--db", target, str(file))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("tablerummy: restored ")
    assert stored_actions(target, table) == [play.acked[v] for v in range(1, saved + 1)]

    again = server_factory(target)
    again.start()
    seats = {s: Seat(again.ws_url, table, tokens[s]) for s in (0, 1)}  # the same tokens
    assert seats[0].state["version"] == saved
    assert seats[0].state["view"] == view
    play = Play(seats, random.Random(10))
    play.hand()  # the game goes on from the restored moves
    assert len(stored_actions(target, table)) == play.version > saved

    # restoring over a database that holds tables is refused, and changes nothing
    done = tablerummy("restore", "--db", target, str(file))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "--replace" in done.stderr, done.stderr
    assert len(stored_actions(target, table)) == play.version
    again.stop()
    done = tablerummy("restore", "--db", target, "--replace", str(file))  # unless asked
    assert done.returncode == 0, done.stderr
    assert len(stored_actions(target, table)) == saved


@pytest.mark.parametrize("args, message", [
    (("backup", "--db", "sqlite:///{tmp}/none.sqlite3", "{tmp}/b"), "there is no database"),
    (("backup", "--db", "sqlite:///{tmp}/db.sqlite3", "{tmp}/db.sqlite3"), "exists already"),
    (("restore", "--db", "sqlite:///{tmp}/new.sqlite3", "{tmp}/none"), "there is no backup"),
    (("restore", "--db", "sqlite:///{tmp}/new.sqlite3", "{tmp}/junk"), "is not a backup"),
    (("backup", "--db", "mysql://x/y", "{tmp}/b"), "backups are of SQLite and PostgreSQL"),
])
def test_bad_backups_refused_in_one_line(tmp_path: Path, args: tuple[str, ...],
                                         message: str) -> None:
    (tmp_path / "db.sqlite3").write_bytes(b"")
    (tmp_path / "junk").write_text("not a database\n" * 100)
    done = tablerummy(*(a.format(tmp=tmp_path) for a in args))
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and message in lines[0], done.stderr
    assert not (tmp_path / "new.sqlite3").exists()
