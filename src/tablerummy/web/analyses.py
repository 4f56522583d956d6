"""Analyses of finished games at the web table: a job in the pool, its progress, its result.

``POST /api/analyse`` names a finished table (or sends a record, as the replay page
does); the server checks the record (a short job: replayed to its end, in the pool),
then runs :func:`tablerummy.coach.analyse` on the long jobs' workers
(:meth:`.botpool.BotPool.job` with ``long``), so that neither the event loop nor a bot's
move waits for it.  ``GET /api/analyse/JOB`` answers its progress, then the analysis.

Decision: a job's state is a row of the database (``rummy_analyses``), not this
process's memory: behind a load balancer or with ``--workers N`` the page's next request
may reach any process (docs/web.md, "Several processes"), and each one reads the row.
The process running the job writes its progress at most once a second (the worker
reports it through a small file, the one channel a spawned process and the server share
without a manager process), and keeps the row alive while it runs; a row whose process
stopped says so once it is a minute late.  Rows are dropped ``Settings.analysis_keep``
seconds after their last change.

The bounds are the replays' (:mod:`.replay`), tighter: the record's size
(``Settings.analysis_moves``), analyses started per address group and minute, how many
run at once (503 beyond), and a CPU budget in the worker (``Settings.analysis_seconds``).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import os
import secrets
import shutil
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import delete, insert, select, update

from ..errors import TablerummyError
from ..records import replay
from .database import Database
from .hints import cancel_all, scaled
from .limits import QuotaError, RateWindow, Settings
from .protocol import ProtocolError
from .replay import check_size
from .schema import analyses_t
from .tables import FINISHED, TableError

if TYPE_CHECKING:
    from .botpool import BotPool
    from .tables import TableManager

log = logging.getLogger("tablerummy.web")

PROGRESS_EVERY = 1.0
"""Seconds between two writes of a running job's progress to its row."""

LOST_AFTER = 60.0
"""Seconds a running job's row may go unchanged before it is reported lost."""

ALIVE_EVERY = 10.0
"""Seconds between two writes of a running job's row even when its progress is the same."""

MAX_SEATS = 16


class OverBudget(Exception):
    """The analysis used up its CPU seconds."""


def check_job(record: Any, seats: list[int] | None) -> tuple[int, dict[str, Any]]:
    """In a worker: (200, {"players"}) for a finished game's record, else (400, error)."""
    try:
        done = replay(record)
    except TablerummyError as err:
        return 400, {"error": str(err)}
    if done.error is not None:
        failed = done.error
        return 400, {"error": f"hand {failed['hand']}, action {failed['index']}"
                              f" ({failed['action']}): {failed['error']}"}
    if not done.game.game_over:
        return 400, {"error": "this record's game is not over: only a finished game is"
                              " analysed"}
    players = done.game.variant.players
    for seat in seats or ():
        if not 0 <= seat < players:
            return 400, {"error": f"there is no seat {seat} in this game (seats 0 to"
                                  f" {players - 1})"}
    return 200, {"players": players}


def analyse_job(record: dict[str, Any], seats: list[int] | None, iterations: int,
                playouts: int, seconds: float, progress: str) -> tuple[int, dict[str, Any]]:
    """In a worker: (200, the analysis as JSON) or (413, error) past ``seconds`` of CPU.

    ``progress`` is a file where ``done total`` is written after each decision.
    """
    from ..coach import Budget, analyse

    deadline = time.thread_time() + seconds if seconds else None

    def report(done: int, total: int) -> None:
        part = f"{progress}.part"
        Path(part).write_text(f"{done} {total}")
        os.replace(part, progress)
        if deadline is not None and time.thread_time() > deadline:
            raise OverBudget

    try:
        found = analyse(record, seats, budget=scaled(Budget.analysis(), iterations, playouts),
                        seed=0, progress=report)
    except OverBudget:
        return 413, {"error": f"this game takes too long to analyse here (over {seconds:g} s"
                              " of CPU): analyse it with tablerummy analyse on your computer"}
    except TablerummyError as err:
        return 400, {"error": str(err)}
    return 200, found.to_json()


def read_progress(path: Path) -> tuple[int, int] | None:
    try:
        done, total = path.read_text().split()
        return int(done), int(total)
    except (OSError, ValueError):
        return None


@dataclasses.dataclass
class Job:
    id: str
    until: float
    state: str
    done: int = 0
    total: int = 0
    result: str | None = None
    error: str | None = None
    status: int = 200

    def answer(self, keep: float, now: float) -> tuple[int, dict[str, Any]]:
        """What ``GET /api/analyse/JOB`` says of it: status and body."""
        if self.state == "failed":
            return self.status, {"error": self.error or "the analysis failed"}
        if self.state == "running" and now > self.until - keep + LOST_AFTER:
            return 503, {"error": "the analysis was lost (its server process stopped):"
                                  " start it again"}
        body: dict[str, Any] = {"job": self.id, "state": self.state, "done": self.done,
                                "total": self.total}
        if self.state == "done" and self.result is not None:
            body["analysis"] = json.loads(self.result)
        return 200, body


class AnalysisRows:
    """The jobs' rows in the database ``db`` (every process reads them)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def create(self, job: Job) -> None:
        await self.db.run(self._create_sync, job)

    def _create_sync(self, job: Job) -> None:
        with self.db.engine.begin() as conn:
            conn.execute(delete(analyses_t).where(analyses_t.c.until < time.time()))
            conn.execute(insert(analyses_t).values(**dataclasses.asdict(job)))

    async def save(self, job: Job) -> None:
        await self.db.run(self._save_sync, job)

    def _save_sync(self, job: Job) -> None:
        values = dataclasses.asdict(job)
        del values["id"]
        with self.db.engine.begin() as conn:
            conn.execute(update(analyses_t).where(analyses_t.c.id == job.id).values(**values))

    async def load(self, job_id: str) -> Job | None:
        return await self.db.run(self._load_sync, job_id)

    def _load_sync(self, job_id: str) -> Job | None:
        with self.db.engine.connect() as conn:
            row = conn.execute(select(analyses_t).where(analyses_t.c.id == job_id)).first()
        if row is None or row.until < time.time():
            return None
        return Job(**{f.name: getattr(row, f.name) for f in dataclasses.fields(Job)})


def parse_seats(value: Any) -> list[int] | None:
    if value is None:
        return None
    if not isinstance(value, list) or not value or len(value) > MAX_SEATS or not all(
            isinstance(s, int) and not isinstance(s, bool) for s in value):
        raise ProtocolError("\"seats\" is a list of seat numbers, e.g. [0]")
    return sorted(set(value))


class Analyses:
    """``/api/analyse``'s limits, its jobs and their work in the pool (one per app)."""

    def __init__(self, settings: Settings, pool: BotPool, db: Database) -> None:
        self.settings = settings
        self.pool = pool
        self.rows = AnalysisRows(db)
        self.window = RateWindow(settings.analyses_per_minute, 60.0)
        self.folder = Path(tempfile.mkdtemp(prefix="tablerummy-analyses-"))
        self.tasks: set[asyncio.Task[None]] = set()

    async def start(self, manager: TableManager, group: str, body: dict[str, Any]
                    ) -> dict[str, Any]:
        """Check the request and start its job: ``{"job", "state", "done", "total"}``."""
        limits = self.settings
        seats = parse_seats(body.get("seats"))
        table_id, record = body.get("table"), body.get("record")
        if (table_id is None) == (record is None):
            raise ProtocolError("name a finished table (\"table\": ID) or send its"
                                " \"record\"")
        if not self.window.take(group):
            raise QuotaError(f"too many analyses from your address (at most"
                             f" {limits.analyses_per_minute} a minute): wait a little")
        if table_id is not None:
            if not isinstance(table_id, str) or len(table_id) > 64:
                raise ProtocolError("\"table\" is a table's id")
            table = await manager.get(table_id)
            if table.status != FINISHED:
                raise TableError("a game is analysed once it is over", 409)
            record = table.game.to_record()
        check_size(record, limits.analysis_moves, "analyses")
        status, checked = await self.pool.job(
            "the server is busy with other records: try again soon", check_job, record, seats)
        if status != 200:
            raise QuotaError(checked["error"], status)
        if self.pool.running[True] >= self.pool.at_once[True]:
            raise QuotaError("the server is analysing other games: try again in a minute",
                             503)
        job = Job(secrets.token_urlsafe(12), time.time() + limits.analysis_keep, "running")
        await self.rows.create(job)
        task = asyncio.create_task(self._run(job, record, seats))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return {"job": job.id, "state": job.state, "done": 0, "total": 0}

    async def _run(self, job: Job, record: Any, seats: list[int] | None) -> None:
        limits = self.settings
        path = self.folder / job.id
        work = asyncio.ensure_future(self.pool.job(
            "the server is analysing other games: try again in a minute", analyse_job,
            record, seats, limits.analysis_iterations, limits.analysis_playouts,
            limits.analysis_seconds, str(path),
            long=True))
        written = time.monotonic()
        try:
            while not work.done():
                await asyncio.wait([work], timeout=PROGRESS_EVERY)
                found = read_progress(path)
                changed = found is not None and found != (job.done, job.total)
                if not work.done() and (changed or time.monotonic() - written > ALIVE_EVERY):
                    if found is not None:
                        job.done, job.total = found
                    job.until = time.time() + limits.analysis_keep
                    await self.rows.save(job)
                    written = time.monotonic()
            try:
                status, result = work.result()
            except TablerummyError as err:
                status, result = getattr(err, "status", 400), {"error": str(err)}
            except Exception:
                log.exception("analysis %s failed", job.id)
                status, result = 500, {"error": "the analysis failed (see the server's log)"}
            job.until = time.time() + limits.analysis_keep
            if status == 200:
                job.state, job.result = "done", json.dumps(result)
                job.done = job.total = len(result.get("moves", ()))
                final = read_progress(path)
                if final is not None:
                    job.done, job.total = final
            else:
                job.state, job.status, job.error = "failed", status, result["error"]
            await self.rows.save(job)
        finally:
            with contextlib.suppress(OSError):
                path.unlink()

    async def status(self, job_id: str) -> tuple[int, dict[str, Any]]:
        job = await self.rows.load(job_id) if len(job_id) <= 64 else None
        if job is None:
            raise TableError("there is no such analysis (an analysis is kept"
                             f" {self.settings.analysis_keep / 60:g} minutes): start it again",
                             404)
        return job.answer(self.settings.analysis_keep, time.time())

    async def close(self) -> None:
        await cancel_all(self.tasks)
        shutil.rmtree(self.folder, ignore_errors=True)

