"""Bot decisions off the event loop: a pool of worker processes.

A bot that searches (thinking for a second or more) must not freeze every other table
of the server, so the server never calls ``Bot.choose`` itself: it sends a
:class:`BotRequest` — the bot's name, the variant, the seat's observation and the legal
moves as text, all plain data — to a worker process, which looks the bot up by name
(:func:`tablerummy.bots.get_bot`), lets it choose, and answers with the move's text.
Any bot registered in :mod:`tablerummy.bots` can be seated, and so can bots of modules
named in ``TABLERUMMY_BOT_MODULES`` (imported by the server and by every worker).

Workers are stateless between moves: each request builds its bot afresh, seeded from the
table's secret seed, the seat and the move number, so that a restart changes nothing.
Workers run at a lower CPU priority than the server, which keeps answering people first.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import importlib
import json
import logging
import multiprocessing
import os
import random
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, TypeVar

from ..bots import Sampler, get_bot
from ..variant import Variant, get_variant
from .limits import QuotaError

log = logging.getLogger("tablerummy.web")

T = TypeVar("T")

WORKER_NICENESS = 10
"""How much lower the workers' CPU priority is than the server's (``nice``)."""

PARENT_CHECK = 1.0
"""Seconds between a worker's checks that the server still runs."""


@dataclass(frozen=True)
class BotRequest:
    """Everything a bot needs for one decision (picklable, and nothing it may not see)."""

    bot: str
    variant: str
    options: dict[str, Any]
    seat: int
    seed: int
    observation: dict[str, Any]
    legal: tuple[str, ...]
    cards: dict[str, Any] | None = None
    """The card values the game is played with; None: the defaults."""
    sampler: Sampler | None = None
    """For a search bot (ismcts): determinizations of its seat, never the true position."""


def bot_modules() -> list[str]:
    """Modules of extra bots: ``TABLERUMMY_BOT_MODULES``, comma-separated."""
    raw = os.environ.get("TABLERUMMY_BOT_MODULES", "")
    return [name.strip() for name in raw.split(",") if name.strip()]


def load_bot_modules(names: list[str]) -> None:
    """Import the modules that register extra bots (in the server and in each worker)."""
    for name in names:
        importlib.import_module(name)


def move_seed(table_seed: int, seat: int, move: int) -> int:
    """A bot's seed for one move (string seeding is portable, and one-way from the seed)."""
    return random.Random(f"tablerummy/{table_seed}/bot/{seat}/{move}").getrandbits(63)


@functools.lru_cache(maxsize=64)
def _variant(name: str, options: str, cards: str) -> Variant:
    return get_variant(name, json.loads(options), cards=json.loads(cards))


def decide(request: BotRequest) -> str:
    """One bot decision (in a worker): the chosen move's text."""
    variant = _variant(request.variant, json.dumps(request.options, sort_keys=True),
                       json.dumps(request.cards, sort_keys=True))
    bot = get_bot(request.bot, variant, request.seat, seed=request.seed)
    legal = [variant.parse_action(text) for text in request.legal]
    if bot.wants_sampler:
        bot.sampler = None if request.sampler is None else request.sampler.dealing(bot.beliefs)
    return variant.action_text(bot.choose(request.observation, legal))


def _ready() -> None:
    """A job that does nothing: submitted to start the workers."""


def _init_worker(modules: list[str], server: int) -> None:
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICENESS)
    load_bot_modules(modules)
    threading.Thread(target=_exit_with, args=(server,), daemon=True,
                     name="tablerummy-orphan-watch").start()


def _exit_with(server: int) -> None:
    """End this worker when the server is gone (even killed with SIGKILL: no goodbye)."""
    while os.getppid() == server:
        time.sleep(PARENT_CHECK)
    os._exit(0)


class BotPool:
    """``workers`` processes deciding bot moves (0: one thread of the server process),
    and ``long_workers`` more for the long jobs of strangers (a game's analysis).

    A stranger's request that costs CPU (a replay's frame, a hint, an analysis) runs
    through :meth:`job`, which refuses it (503) while as many as its workers allow run:
    short jobs at most one fewer than the bots' workers (one is left to the bots), long
    ones on their own workers, so that a minute-long analysis never delays a bot's move.
    """

    def __init__(self, workers: int, long_workers: int = 1) -> None:
        self.workers = workers
        self.long_workers = long_workers
        self.modules = bot_modules()
        load_bot_modules(self.modules)
        self._executor: Executor | None = None
        self._long: Executor | None = None
        self.waiting = 0
        """Decisions asked for and not answered yet (the pool's queue and those deciding)."""
        self.running = {False: 0, True: 0}
        """Strangers' jobs running now: short ones (False), long ones (True)."""
        self.at_once = {False: max(1, workers - 1), True: max(1, long_workers)}

    def _start(self, workers: int, name: str) -> Executor:
        if workers > 0:
            # spawn, not fork: the server has threads (the store's) and an event loop
            return ProcessPoolExecutor(
                max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=_init_worker, initargs=(self.modules, os.getpid()))
        return ThreadPoolExecutor(1, thread_name_prefix=name)

    def _pool(self) -> Executor:
        if self._executor is None:
            self._executor = self._start(self.workers, "tablerummy-bot")
        return self._executor

    def _long_pool(self) -> Executor:
        if self._long is None:
            self._long = self._start(self.long_workers, "tablerummy-long")
        return self._long

    def warm(self) -> None:
        """Start the workers now (a spawned worker takes a moment to import the bots)."""
        pool = self._pool()
        for _ in range(max(1, self.workers)):
            pool.submit(_ready)

    async def choose(self, request: BotRequest) -> str:
        """The bot's move; if the bot fails, the first legal move (logged), so play goes on."""
        loop = asyncio.get_running_loop()
        self.waiting += 1
        try:
            for _ in range(2):
                try:
                    return await loop.run_in_executor(self._pool(), decide, request)
                except BrokenProcessPool:
                    log.error("the bot pool broke (a worker died): starting a new one")
                    self._executor = None
                except Exception:
                    log.exception("bot %s failed at seat p%d", request.bot, request.seat)
                    break
            return request.legal[0]
        finally:
            self.waiting -= 1

    async def run(self, job: Callable[..., T], *args: Any, long: bool = False) -> T:
        """``job(*args)`` in a worker (not a bot's move: a replay; ``long``: on the long
        jobs' workers), again once if the pool broke; its exceptions are raised here."""
        loop = asyncio.get_running_loop()
        pool = self._long_pool if long else self._pool
        try:
            return await loop.run_in_executor(pool(), job, *args)
        except BrokenProcessPool:
            log.error("the bot pool broke (a worker died): starting a new one")
            if long:
                self._long = None
            else:
                self._executor = None
            return await loop.run_in_executor(pool(), job, *args)

    async def job(self, busy: str, job: Callable[..., T], *args: Any, long: bool = False) -> T:
        """``job(*args)`` for a stranger's request, on the long jobs' workers if ``long``;
        :class:`~.limits.QuotaError` (503, saying ``busy``) while as many run as may."""
        if self.running[long] >= self.at_once[long]:
            raise QuotaError(busy, 503)
        self.running[long] += 1
        try:
            return await self.run(job, *args, long=long)
        finally:
            self.running[long] -= 1

    def close(self) -> None:
        """Stop the workers (a move being decided is finished first, and dropped; a long
        job is abandoned)."""
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None
        if self._long is not None:
            self._long.shutdown(wait=False, cancel_futures=True)
            self._long = None
