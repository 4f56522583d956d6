"""``tablerummy backup`` and ``tablerummy restore``: a web table's database to a file and back.

Each backend's own tool, because each is consistent while the server runs:

- SQLite: the online backup API (:meth:`sqlite3.Connection.backup`) copies the database
  page by page into a new SQLite file, a consistent snapshot of the committed moves even
  while a server writes (the write-ahead log is read as part of it).  The backup is an
  ordinary SQLite database: ``restore`` copies it back with the same API.
- PostgreSQL: ``pg_dump --format=custom`` (one transaction, a consistent snapshot while
  the servers run) and ``pg_restore --no-owner``.  The password of the URL goes to them
  in ``PGPASSWORD``, never on a command line that ``ps`` shows.

A restore goes into a database that holds no tablerummy tables (a new file, a new
database), unless ``--replace``: then the database's tables are replaced.  Restore with
the servers stopped; started on the restored database, they serve its games as they
were at the backup (players reconnect with the tokens they had).
"""

from __future__ import annotations

import glob
import os
import shutil
import sqlite3
import subprocess
from contextlib import closing
from pathlib import Path

from sqlalchemy import create_engine, inspect
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import SQLAlchemyError

from .database import StoreError, engine_url
from .database import safe_url as _safe
from .schema import metadata

TABLES = sorted(metadata.tables)
"""The store's tables: a database with any of them is a tablerummy database."""


def backup(db: str, file: str) -> str:
    """Write ``db`` to ``file`` (which must not exist); what was done, in one line."""
    url = _parse(db)
    target = Path(file)
    if target.exists():
        raise StoreError(f"{file} exists already: back up to a new file")
    if url.get_backend_name() == "sqlite":
        source = _sqlite_path(url)
        if not source.exists():
            raise StoreError(f"there is no database {source}")
        with closing(_sqlite(source)) as src, closing(_sqlite(target)) as dst:
            src.backup(dst)
    else:
        _pg_tool("pg_dump", url, "--format=custom", "--no-owner", f"--file={target}")
    return f"backed up {_safe(db)} to {file} ({target.stat().st_size} bytes)"


def restore(db: str, file: str, replace: bool = False) -> str:
    """Load ``file`` (made by :func:`backup`) into ``db``; what was done, in one line."""
    url = _parse(db)
    source = Path(file)
    if not source.is_file():
        raise StoreError(f"there is no backup {file}")
    held = _held_tables(db)
    if held and not replace:
        raise StoreError(f"{_safe(db)} holds tablerummy tables already: restore into a new"
                         " database, or pass --replace to replace them")
    if url.get_backend_name() == "sqlite":
        with closing(_sqlite(source)) as src:
            try:
                found = {r[0] for r in src.execute("SELECT name FROM sqlite_master")}
            except sqlite3.DatabaseError:
                found = set()
            if "rummy_tables" not in found:
                raise StoreError(f"{file} is not a backup of a tablerummy SQLite database")
            with closing(_sqlite(_sqlite_path(url))) as dst:
                src.backup(dst)
    else:
        _pg_tool("pg_restore", url, "--no-owner", "--exit-on-error",
                 *(["--clean", "--if-exists"] if held else []), str(source))
    return f"restored {file} into {_safe(db)}"


def _parse(db: str) -> URL:
    try:
        url = make_url(engine_url(db))
    except Exception:
        raise StoreError(f"not a database URL: {db!r}") from None
    if url.get_backend_name() not in ("sqlite", "postgresql"):
        raise StoreError(f"backups are of SQLite and PostgreSQL databases, not {db!r}")
    return url


def _sqlite_path(url: URL) -> Path:
    if not url.database or url.database == ":memory:":
        raise StoreError("an in-memory SQLite database has nothing to back up")
    return Path(url.database)


def _sqlite(path: Path) -> sqlite3.Connection:
    try:
        return sqlite3.connect(path)
    except sqlite3.Error as err:
        raise StoreError(f"cannot open {path}: {err}") from None


def _held_tables(db: str) -> list[str]:
    """The store's tables that ``db`` holds already (none for a new file)."""
    url = _parse(db)
    if url.get_backend_name() == "sqlite" and not _sqlite_path(url).exists():
        return []
    engine = create_engine(engine_url(db))
    try:
        return [t for t in inspect(engine).get_table_names() if t in TABLES]
    except SQLAlchemyError as err:
        raise StoreError(f"cannot open database {_safe(db)}: {err}".splitlines()[0]) from None
    finally:
        engine.dispose()


def _pg_tool(name: str, url: URL, *args: str) -> None:
    """Run ``pg_dump`` or ``pg_restore`` on ``url``; a failure is one line."""
    program = _pg_program(name)
    env = dict(os.environ)
    if url.password is not None:
        env["PGPASSWORD"] = str(url.password)
    target = url.set(drivername="postgresql", password=None).render_as_string(
        hide_password=False)
    done = subprocess.run([program, f"--dbname={target}", *args], capture_output=True,
                          text=True, env=env, check=False)
    if done.returncode:
        lines = (done.stderr or done.stdout).strip().splitlines() or ["(no message)"]
        raise StoreError(f"{name} failed: {lines[0]}")


def _pg_program(name: str) -> str:
    """The newest ``name`` installed (pg_dump must be as new as the server it reads)."""
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"),
                   key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0)
    if found:
        return found[-1]
    program = shutil.which(name)
    if program is None:
        raise StoreError(f"{name} is not installed (it comes with PostgreSQL's client tools)")
    return program
