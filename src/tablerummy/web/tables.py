"""Live tables: the game in memory, its seats and watchers, and the store behind it.

A :class:`LiveTable` is the only authority over its game.  Every action — a person's
over the network or a bot's — goes through :meth:`LiveTable.act` under the table's
lock: checked by the rules core, committed to the store, and only then acknowledged
and broadcast.  If the commit fails the table is rebuilt from the store, so memory
never runs ahead of what a restart would find.  Bots and the turn clock drive a table
from its :class:`.turnclock.TurnClock` (bot decisions are made in the :mod:`.botpool`); its
state messages are kept per reader by its :class:`.viewcache.ViewCache`; the limits a
stranger meets are in :mod:`.limits`.

On PostgreSQL several processes may serve the same tables (:mod:`.cluster`): the lock
then orders a table's moves within the process, the database's version check across
processes (a move that lost the race is judged again on the table as committed), other
processes' moves come in through :meth:`LiveTable.catch_up`, and only the process that
*leads* a table (``owned``) runs its bots and turn clock.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import math
import random
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..bots import Sampler, bot_names, wants_sampler
from ..errors import OptionError, TablerummyError
from ..game import Game
from ..simulate import runaway
from ..variant import Variant, get_variant, variant_names
from .affordances import card_faces
from .botpool import BotPool, BotRequest, move_seed
from .limits import (
    QuotaError,
    RateWindow,
    Settings,
    check_hints,
    check_options,
    check_turn_seconds,
    clean_name,
)
from .metrics import METRICS
from .protocol import dumps
from .store import MoveConflict, Note, SeatRow, Store, StoreError, TableRow, now
from .turnclock import ClockRules, TurnClock
from .viewcache import ViewCache

if TYPE_CHECKING:
    from .cluster import Cluster

log = logging.getLogger("tablerummy.web")

WAITING, PLAYING, FINISHED, EXPIRED = "waiting", "playing", "finished", "expired"
"""A table's states; ``expired``: it waited too long for its players and is closed."""


class TableError(TablerummyError):
    """A lobby request that cannot be done (unknown table, seat taken, bad seat list).

    ``status`` is the HTTP status that says so: 400 by default, 404 for no such table,
    409 for a conflict with the table's state (a seat taken meanwhile).
    """

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_id() -> str:
    return secrets.token_urlsafe(9).replace("-", "x").replace("_", "y")


MAX_OUTBOX = 256

LOBBY_CACHE = 1.0
"""Seconds the lobby's list of stored tables is reused (several processes: PostgreSQL)."""


@dataclass(eq=False)
class Connection:
    """One open websocket: which seat it speaks for (None: a spectator) and its outbox.

    Messages are queued, never awaited, so that a slow client cannot hold up a table;
    its writer task (in the app) sends them in order.  A client that lets its outbox
    fill up is disconnected (it can reconnect and resume).
    """

    seat: int | None
    outbox: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    history_sent: bool = False
    log_hand: int = -1  # the hand whose events were sent, and how many
    log_sent: int = 0
    closed: bool = False
    close_code: int = 4008
    """The websocket close code its writer closes with (the drain's: reconnect)."""

    def post(self, text: str) -> None:
        if self.closed:
            return
        if self.outbox.qsize() >= MAX_OUTBOX:
            self.closed = True
            self.outbox.put_nowait(None)  # tells the writer to close the socket
            return
        self.outbox.put_nowait(text)

    def close(self, code: int = 4008) -> None:
        """Send what is queued, then close the socket with ``code``."""
        if not self.closed:
            self.closed = True
            self.close_code = code
            self.outbox.put_nowait(None)


@dataclass
class SeatSpec:
    kind: str  # "person" | "bot"
    bot: str | None = None


def parse_seats(variant: Variant, seats: Sequence[Any]) -> list[SeatSpec]:
    """Seats from the lobby's JSON: ``"person"`` or a bot name per seat."""
    if not isinstance(seats, list) or len(seats) != variant.players:
        raise TableError(f"give one entry per seat: {variant.players} for this table")
    bots = bot_names(variant.name)
    specs = []
    for entry in seats:
        if not isinstance(entry, str):
            raise TableError("each seat is \"person\" or a bot name")
        word = entry.strip().lower()
        if word in ("person", "human", "people"):
            specs.append(SeatSpec("person"))
        elif word in bots:
            specs.append(SeatSpec("bot", word))
        else:
            raise TableError(f"seat {entry!r} is neither \"person\" nor a bot"
                             f" ({', '.join(bots)})")
    return specs


def check_join(specs: Sequence[SeatSpec], seat: Any, name: Any) -> None:
    """Raise :class:`TableError` unless ``name`` may sit at ``seat`` of a new table."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(specs):
        raise TableError(f"choose a seat from 0 to {len(specs) - 1}")
    if specs[seat].kind != "person":
        raise TableError(f"seat p{seat} is played by the {specs[seat].bot} bot")
    clean_name(name)


class LiveTable:
    """One table in memory: the game, seats, connections and the bots' turns."""

    def __init__(self, row: TableRow, game: Game, manager: TableManager) -> None:
        self.row = row
        self.game = game
        self.manager = manager
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.rematch: dict[str, Any] | None = None  # its rematch, once asked (.rematch)
        self.faces = card_faces(game.variant)
        self.owned = False  # this process leads the table: runs its bots and clock (shared)
        self._catching_up = False
        self._catch_again = False
        self._catch_full = False
        self.heard = 0  # the highest version another process notified (shared)
        self._committing = False  # a move is applied in memory but not yet committed
        self.views = ViewCache(self)
        self.clock = TurnClock(self, manager.store, manager.clock_rules, shared=manager.shared,
                               bot_delay=manager.bot_delay)

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def version(self) -> int:
        return len(self.row.actions)

    @property
    def status(self) -> str:
        return self.row.status

    def people_here(self) -> set[int]:
        """The seats whose people this process holds a socket of."""
        return {c.seat for c in self.connections if c.seat is not None}

    def offers(self, seat: int) -> bool:
        """Whether ``seat`` is offered its legal moves (a seat handed to a bot for good is
        offered nothing)."""
        return (self.status == PLAYING and self.game.to_act == seat
                and not self.row.seats[seat].handed)

    def meta(self) -> dict[str, Any]:
        """The table's public facts: who sits where, and its state."""
        online = {c.seat for c in self.connections if c.seat is not None}
        watchers = sum(1 for c in self.connections if c.seat is None)
        return table_meta(self.row, self.version, self.game.variant, online, watchers) | {
            "away_seconds": self.clock.rules.away_seconds, "rematch": self.rematch}

    def seat_for_token(self, token: str | None) -> int | None:
        """The seat whose token this is; None for no token. Raises for a wrong token."""
        if token is None:
            return None
        digest = hash_token(token)
        for seat in self.row.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                return seat.seat
        raise TableError("that token holds no seat at this table (wrong table or old link)")

    # --- messages -----------------------------------------------------------------------

    def events(self, seat: int | None, hand: int | None = None) -> list[str]:
        """A hand's events as ``seat`` may read them, with the table's notes among them."""
        return self.views.events(seat, hand)

    async def add_note(self, text: str) -> None:
        """Say ``text`` in this hand's log, after the events so far (stored)."""
        note = Note(len(self.game.hands) - 1, len(self.game.events(None)), text)
        await self.manager.store.add_note(self.id, note)
        self.row.notes.append(note)
        self.views.noted()

    def message_for(self, seat: int | None, with_history: bool = False,
                    log_from: int = 0, hand_done: bool = False) -> tuple[str, int]:
        """The state message for a seat (None: watchers): see :meth:`.ViewCache.message_for`."""
        return self.views.message_for(seat, with_history, log_from, hand_done)

    def broadcast(self) -> None:
        """Send every connection the table's state (unless a move is being committed).

        While :meth:`_act_locked` waits for its commit the game in memory already holds
        the move: a state sent then could show a move that a crash loses.  Such a
        broadcast (someone came online, a table expired) is left to the one that follows
        the commit.
        """
        if self._committing:
            return
        self.views.changed()  # meta (who is online) may have changed without a move
        for conn in list(self.connections):
            self.send_state(conn)

    def send_state(self, conn: Connection) -> None:
        first = not conn.history_sent
        hand = len(self.game.hands)
        log_from = conn.log_sent if not first and conn.log_hand == hand else 0
        hand_done = not first and conn.log_hand != hand
        try:
            text, events = self.message_for(conn.seat, with_history=first, log_from=log_from,
                                            hand_done=hand_done)
        except Exception as err:  # a presenter's bug must not take the table down
            log.exception("table %s: cannot build the view of %s", self.id, conn.seat)
            conn.post(dumps({"type": "error", "version": self.version,
                             "message": f"the table cannot be shown: {type(err).__name__}"}))
            return
        conn.history_sent = True
        conn.log_hand, conn.log_sent = hand, events
        conn.post(text)

    # --- acting -------------------------------------------------------------------------

    async def act(self, seat: int | None, text: str, version: int | None = None) -> None:
        """Apply ``text`` for ``seat``, commit it, broadcast; raise a one-line error if not.

        A person marked away by the turn clock takes the seat back only by a move that is
        played: anything else (a refused move, junk) changes nothing, so the stand-in
        plays on and the game advances every clock period.  A seat handed to a bot for
        the rest of the game cannot act.
        """
        started = time.monotonic()
        async with self.lock:
            if self.manager.draining:  # nothing more is committed here: see drain.py
                raise TableError("the server is restarting: reconnect and send the move again",
                                 503)
            spec = self.row.seats[seat] if seat is not None else None
            if spec is not None and spec.kind == "person" and spec.handed:
                raise TableError(f"the {spec.bot} bot plays this seat for the rest of the"
                                 " game (the turn clock ran out too often)")
            try:
                await self._act_locked(seat, text, version)
            except MoveConflict:
                # another process moved the table first: judge the move again on the
                # table as it now is (it was reloaded)
                await self._act_locked(seat, text, version)
            if seat is not None:
                await self.clock.come_back(seat)
        METRICS.move_seconds.observe(time.monotonic() - started)
        self.schedule_turns()

    async def _act_locked(self, seat: int | None, text: str, version: int | None) -> None:
        if seat is None:
            raise TableError("spectators cannot act: join a seat to play")
        if self.status == WAITING:
            raise TableError("the game starts when every seat is taken")
        if self.status != PLAYING or self.game.game_over:
            raise TableError("the game is over" if self.status == FINISHED
                             else f"the table is {self.status}")
        if version is not None and version != self.version:
            raise TableError(f"the table has moved on (version {self.version}, your move"
                             f" was chosen at {version}): look again")
        game = self.game
        action = game.parse(text)
        canonical = game.variant.action_text(action)
        turn = (len(game.hands), game.to_act)
        before = self.row.status, self.clock.mark()
        game.apply(action, seat=seat)  # raises IllegalActionError, changing nothing
        self.row.actions.append(canonical)
        status = FINISHED if game.game_over else None
        if status is None and bots_only(self.row) and runaway(game, len(self.row.actions)):
            status = EXPIRED  # bots alone would play on: stopped at the simulations' limits
        if status is not None:
            self.row.status = status
        changes: dict[str, Any] = {}
        if (len(game.hands), game.to_act) != turn or status is not None:
            # a new turn: the clock starts for the seat to act (no one stands in for it)
            changes["deadline"] = self.clock.next_turn()
        self._committing = True
        try:
            await self.manager.store.append(self.id, self.version - 1, canonical, status,
                                            changes)
        except MoveConflict:
            await self._rebuild()
            raise
        except StoreError:
            await self._undo_last(*before)
            raise
        finally:
            self._committing = False
            self.broadcast()  # the committed move, or the table as reloaded after a failure
        self.clock.moved.set()
        if self.status in (FINISHED, EXPIRED):
            self.manager.release(self)

    async def _rebuild(self) -> None:
        """Forget the uncommitted move: reload the table from the store."""
        row = await self.manager.store.load(self.id)
        if row is not None:
            self.row = row
            self.game = replay_row(row)
            self.clock.reread()
        self.views.forget()

    async def _undo_last(self, status: str, clock: tuple[float | None, int | None]) -> None:
        """Forget the move whose commit failed: reload the table from the store, or (the
        database being unreachable) replay the moves before it, which are all in memory.
        """
        try:
            await self._rebuild()
            return
        except StoreError:
            pass
        row = self.row
        row.actions.pop()
        row.status = status
        self.clock.restore(clock)
        self.game = replay_row(row)
        self.views.forget()

    async def catch_up(self, moves_only: bool = False) -> None:
        """Read what other processes committed (moves, seats, notes) and show it.

        Called on a ``NOTIFY`` of the table: only the actions after this process's
        version are read and applied; ``moves_only``: the news was a move (a higher
        version), so the seats and notes are not read again.  Notifications that arrive
        while one is read are folded into one more read.
        """
        self._catch_full = self._catch_full or not moves_only
        if self._catching_up:
            self._catch_again = True
            return
        self._catching_up = True
        try:
            while True:
                self._catch_again = False
                full, self._catch_full = self._catch_full, False
                async with self.lock:
                    await (self.reload_locked() if full else self._catch_moves_locked())
                if not self._catch_again:
                    break
        finally:
            self._catching_up = False
        self.schedule_turns()
        if self.status != PLAYING:
            self.manager.release(self)

    async def _catch_moves_locked(self) -> None:
        cluster = self.manager.cluster
        found = await (cluster.read_moves(self.id, self.version) if cluster is not None
                       else self.manager.store.load_moves(self.id, self.version))
        if found is None:
            return
        status, deadline, texts = found
        try:
            for text in texts:
                self.game.apply(text)
        except TablerummyError:  # cannot happen unless the rows changed under us
            log.warning("table %s: reloaded whole after an unexpected move", self.id)
            await self._rebuild()
        else:
            self.row.actions.extend(texts)
            self.row.status = status
            self.clock.follow(deadline)
        self.clock.moved.set()
        self.broadcast()

    async def reload_locked(self) -> None:
        """Read the table as stored: what other processes changed (seats, notes, moves)."""
        row = await self.manager.store.load(self.id, since=self.version)
        if row is None:
            return
        try:
            for text in row.actions:
                self.game.apply(text)
        except TablerummyError:  # cannot happen unless the rows changed under us
            log.warning("table %s: reloaded whole after an unexpected move", self.id)
            await self._rebuild()
        else:
            row.actions = self.row.actions + row.actions
            self.row = row
            self.clock.reread()
        self.clock.moved.set()
        self.broadcast()

    # --- bots and the turn clock ----------------------------------------------------------

    def schedule_turns(self) -> None:
        """Make sure the turn loop runs if a bot or the clock has something to do."""
        self.clock.moved.set()
        if self.clock.running or not self.clock.has_work():
            return
        if self.manager.shared and not self.owned:
            if self.row.lease_owner is None:  # no one leads it yet: this process will
                self.manager.claim_soon(self)
            return  # the process that leads it plays (or, if it died, the next to claim)
        self.clock.run()

    def disown(self) -> None:
        """Another process leads the table now (this one's lease lapsed): stop driving it."""
        self.owned = False
        self.clock.stop()

    async def play_bot(self, seat: int, bot: str) -> None:
        """One move of ``bot`` for ``seat``, decided in the bot pool (off the event loop).

        The table is not locked while the bot thinks; if anything moved meanwhile (the
        person came back), the decision is dropped.
        """
        async with self.lock:
            if (self.status != PLAYING or self.game.to_act != seat
                    or self.clock.bot_for(seat) != bot):
                return
            version = self.version
            game = self.game
            request = BotRequest(
                bot=bot, variant=game.variant.name, options=dict(game.variant.options),
                cards=game.variant.card_values,
                seat=seat, seed=move_seed(game.seed, seat, version),
                observation=game.observation(seat),
                legal=tuple(game.variant.action_text(a) for a in game.legal_actions()),
                sampler=Sampler(game.state, seat,
                                random.Random(move_seed(game.seed, seat, -version)))
                if wants_sampler(bot, game.variant) else None,
            )
        text = await self.manager.bots.choose(request)
        async with self.lock:
            if (self.version != version or self.status != PLAYING
                    or self.game.to_act != seat or self.clock.bot_for(seat) != bot):
                return
            try:
                await self._act_locked(seat, text, None)
            except TablerummyError as err:  # a store failure: try again later
                log.warning("table %s: bot p%d could not play: %s", self.id, seat, err)
                await asyncio.sleep(1.0)

    async def close(self) -> None:
        await self.clock.close()


def table_meta(row: TableRow, version: int, variant: Variant, online: set[int],
               watchers: int) -> dict[str, Any]:
    """A table's public facts (``online`` and ``watchers``: this process's sockets)."""
    return {
        "id": row.id,
        "variant": variant.name,
        "title": variant.title,
        "options": dict(variant.options),
        "status": row.status,
        "version": version,
        "turn_seconds": row.turn_seconds,
        "hints": hints_on(row),
        "deadline": row.deadline,  # when the seat to act runs out of time (epoch s)
        "seats": [
            {"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": s.name,
             "taken": s.kind == "bot" or s.token_hash is not None,
             "online": s.kind == "bot" or s.seat in online,
             "away": s.away, "handed": s.handed}
            for s in row.seats
        ],
        "watchers": watchers,
    }


@dataclass
class _Listed:
    """A stored table no client of this process has open: enough for the lobby's line."""

    row: TableRow
    version: int

    @property
    def status(self) -> str:
        return self.row.status

    def meta(self) -> dict[str, Any]:
        return table_meta(self.row, self.version, row_variant(self.row), set(), 0)


def row_variant(row: TableRow) -> Variant:
    """The variant of a stored table, with the card values its game is played with."""
    return get_variant(row.variant, row.options, cards=row.cards)


def replay_row(row: TableRow) -> Game:
    """The game of a stored table, rebuilt from its record header and action texts."""
    variant = row_variant(row)
    game = Game(variant, seed=row.seed, first_dealer=row.first_dealer,
                decks=row.decks or (), log=True)
    for text in row.actions:
        game.apply(text)
    return game


def address_key(address: str) -> str:
    """What is stored of a creating address: a digest, enough to count its tables."""
    return hashlib.sha256(f"tablerummy/address/{address}".encode()).hexdigest()[:32]


def bots_only(row: TableRow) -> bool:
    return all(s.kind == "bot" for s in row.seats)


def hints_on(row: TableRow) -> bool:
    """Whether the table's seats may ask for hints (the option, or its default)."""
    if row.hints is not None:
        return row.hints
    people = sum(1 for s in row.seats if s.kind == "person")
    return check_hints(None, people, len(row.seats))


@dataclass
class TableManager:
    """All tables of the server: created, loaded on demand from the store, kept live."""

    store: Store
    bot_delay: float = 0.6
    settings: Settings = field(default_factory=Settings)
    live: dict[str, LiveTable] = field(default_factory=dict)
    _loading: dict[str, asyncio.Lock] = field(default_factory=dict)
    draining: bool = False
    """SIGTERM: moves are refused, to be sent again to another process (see drain.py)."""

    def __post_init__(self) -> None:
        self.bots = BotPool(self.settings.bot_workers, self.settings.analysis_workers)
        self.clock_rules = ClockRules(self.settings.away_seconds, self.settings.missed_turns)
        self.created = RateWindow(self.settings.tables_per_minute, 60.0)
        self._sweeper: asyncio.Task[None] | None = None
        self.shared = self.store.shared
        self._lobby_rows: tuple[float, list[tuple[TableRow, int]]] = (-math.inf, [])
        self.cluster: Cluster | None = None
        if self.shared:
            from .cluster import Cluster

            self.cluster = Cluster(self)

    def claim_soon(self, table: LiveTable) -> None:
        """Ask the database to let this process lead ``table`` (if no living one does)."""
        if self.cluster is not None:
            self.cluster.claim_soon(table.id)

    async def resume_all(self) -> int:
        """Load every unfinished table (bots carry on where they were); returns how many.

        Tables that waited too long are closed first; the sweeper then closes the others
        as they expire.  On a shared database (PostgreSQL) nothing is loaded up front:
        this process leads the tables no living process leads, and loads the others when
        a client asks for them.
        """
        self.bots.warm()
        await self.expire()
        if self.settings.waiting_expiry and self._sweeper is None:
            self._sweeper = asyncio.create_task(self._sweep())
        if self.cluster is not None:
            return await self.cluster.start()
        ids = await self.store.table_ids((WAITING, PLAYING))
        for table_id in ids:
            try:
                await self.get(table_id)
            except TablerummyError as err:
                log.error("table %s cannot be resumed: %s", table_id, err)
        return len(ids)

    async def get(self, table_id: str) -> LiveTable:
        table = self.live.get(table_id)
        if table is not None:
            return table
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            table = self.live.get(table_id)
            if table is not None:
                return table
            row = await self.store.load(table_id)
            if row is None:
                raise TableError(f"there is no table {table_id!r}", 404)
            try:
                game = replay_row(row)
            except TablerummyError as err:
                raise TableError(f"table {table_id} cannot be replayed: {err}") from None
            table = LiveTable(row, game, self)
            if table.status not in (WAITING, PLAYING):
                return table  # nothing will change: no need to keep it in memory
            await table.clock.store_reset()
            table.owned = self.shared and row.lease_owner == self.store.origin
            self.live[table_id] = table
            if self.cluster is not None:
                # a change committed while the table loaded was notified before this
                # process listened for it: read what came after the load
                self.cluster.spawn(table.catch_up())
            table.schedule_turns()
            return table

    async def create(
        self,
        variant_name: Any,
        options: Any,
        seats: Any,
        seed: int | None = None,
        first_dealer: int | None = None,
        decks: list[list[str] | None] | None = None,
        turn_seconds: Any = None,
        address: str | None = None,
        join: tuple[Any, Any] | None = None,
        hints: Any = None,
    ) -> LiveTable:
        """A new table; ``address`` (the client's) is counted against the quotas.

        With no ``seed`` the game is dealt from a secret one (see :class:`Game`).
        ``join`` (seat, name) is checked first, so a refused join leaves no table
        behind (the caller then sits there with :meth:`join`).
        """
        if not isinstance(variant_name, str):
            raise TableError(f"choose a variant: {', '.join(web_variants())}")
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise OptionError("options are a JSON object, e.g. {\"players\": 2}")
        variant = get_variant(variant_name, options)
        check_options(variant)
        specs = parse_seats(variant, seats)
        if join is not None:
            check_join(specs, *join)
        seconds = check_turn_seconds(turn_seconds, self.settings)
        coached = check_hints(hints, sum(1 for s in specs if s.kind == "person"), len(specs))
        creator = address_key(address) if address is not None else None
        if all(s.kind == "bot" for s in specs):
            await self._check_bot_tables()
        if creator is not None:
            await self._check_quotas(address or "", creator)
        game = Game(variant, seed=seed, first_dealer=first_dealer, decks=decks or (), log=True)
        row = TableRow(
            id=new_id(), created=now(), variant=variant.name, options=dict(variant.options),
            seed=game.seed, first_dealer=game.first_dealer, decks=decks,
            status=PLAYING if all(s.kind == "bot" for s in specs) else WAITING,
            seats=[SeatRow(i, s.kind, s.bot) for i, s in enumerate(specs)],
            turn_seconds=seconds, creator=creator, hints=coached,
            lease_owner=self.store.origin if self.shared else None,  # this process leads it
        )
        await self.store.create_table(row)
        table = LiveTable(row, game, self)
        table.owned = self.shared
        self.live[row.id] = table
        table.schedule_turns()
        return table

    async def _check_bot_tables(self) -> None:
        most = self.settings.bot_tables
        if not most:
            raise QuotaError("this server does not play tables of bots only: sit a person", 403)
        if self.shared:  # every process's tables: counted in the database
            running = await self.store.count_open()
        else:
            running = sum(1 for t in self.live.values()
                          if t.status == PLAYING and bots_only(t.row))
        if running >= most:
            raise QuotaError(f"the server plays at most {most} tables of bots only at once:"
                             " try again later, or sit a person")

    async def _check_quotas(self, address: str, creator: str) -> None:
        most = self.settings.open_tables
        if most:
            if self.shared:  # every process's tables: counted in the database
                mine = await self.store.count_open(creator)
            else:
                mine = sum(1 for t in self.live.values()
                           if t.row.creator == creator and t.status in (WAITING, PLAYING))
            if mine >= most:
                raise QuotaError(f"you have {mine} open tables (at most {most}):"
                                 " finish or leave one first")
        if not self.created.take(address):
            raise QuotaError(f"too many new tables from your address (at most"
                             f" {self.settings.tables_per_minute} a minute): wait a little")

    async def leave(self, table_id: str, token: Any) -> LiveTable:
        """Free the seat of ``token`` at a table that is still waiting for its players."""
        table = await self.get(table_id)
        if not isinstance(token, str) or len(token) > 128:
            raise TableError("\"token\" is the text the server gave when you joined")
        async with table.lock:
            seat = table.seat_for_token(token)
            assert seat is not None
            if table.status != WAITING:
                raise TableError("the game has started: the seat is yours until it ends"
                                 " (the turn clock lets a bot play for you)", 409)
            if not await self.store.leave_seat(table.id, seat, hash_token(token)):
                raise TableError("that seat is not yours any more", 409)
            spec = table.row.seats[seat]
            spec.name, spec.token_hash = None, None
            table.broadcast()
        return table

    async def join(self, table_id: str, seat: Any, name: Any) -> tuple[LiveTable, str]:
        """Sit ``name`` at a free person seat; returns the table and the seat's token."""
        table = await self.get(table_id)
        if isinstance(seat, bool) or not isinstance(seat, int) or not (
                0 <= seat < len(table.row.seats)):
            raise TableError(f"choose a seat from 0 to {len(table.row.seats) - 1}")
        who = clean_name(name)
        async with table.lock:
            spec = table.row.seats[seat]
            if table.status == EXPIRED:
                raise TableError("this table waited too long for its players and is closed:"
                                 " create a new one", 409)
            if spec.kind != "person":
                raise TableError(f"seat p{seat} is played by the {spec.bot} bot")
            if spec.token_hash is not None:
                raise TableError(f"seat p{seat} is taken by {spec.name}", 409)
            token = secrets.token_urlsafe(24)
            digest = hash_token(token)
            full = all(s.token_hash is not None or s.kind == "bot" or s.seat == seat
                       for s in table.row.seats)
            status = PLAYING if full and table.status == WAITING else None
            if not await self.store.claim_seat(table.id, seat, who, digest, status):
                raise TableError(f"seat p{seat} was just taken", 409)
            spec.name, spec.token_hash = who, digest
            if status is not None:
                table.row.status = status
                await table.clock.start()
            table.broadcast()
        table.schedule_turns()
        return table, token

    async def lobby(self, variant: str | None = None, status: str | None = None,
                    page: int = 0) -> dict[str, Any]:
        """:meth:`listing`; on a shared database, of every process's tables (stored)."""
        if not self.shared:
            return self.listing(variant, status, page)
        # the stored tables, read at most once a second however many lobbies poll
        # (each page asks every 5 s); the tables open here are shown as they are now
        stamp, rows = self._lobby_rows
        if time.monotonic() - stamp > LOBBY_CACHE:
            rows = await self.store.open_rows()
            self._lobby_rows = (time.monotonic(), rows)
        tables: list[LiveTable | _Listed] = list(self.live.values())
        tables += [_Listed(row, version) for row, version in rows if row.id not in self.live]
        return self.listing(variant, status, page, tables)

    def listing(self, variant: str | None = None, status: str | None = None,
                page: int = 0, among: Sequence[LiveTable | _Listed] | None = None,
                ) -> dict[str, Any]:
        """One page of the open (a free seat) and played tables.

        Tables where people wait come first, then tables being played by people, then
        tables of bots only; newest first within each.  So a flood of empty or bot tables
        cannot push a table someone is waiting at off the first page.
        """
        def rank(t: LiveTable | _Listed) -> tuple[int, float]:
            people = any(s.kind == "person" and s.token_hash for s in t.row.seats)
            group = (0 if t.status == WAITING and people else 1 if people
                     else 3 if bots_only(t.row) else 2)
            return group, -t.row.created

        tables = sorted(
            (t for t in (self.live.values() if among is None else among)
             if t.status in (WAITING, PLAYING)
             and (variant is None or t.row.variant == variant)
             and (status is None or t.status == status)),
            key=rank)
        size = max(1, self.settings.lobby_page)
        pages = max(1, -(-len(tables) // size))
        return {"tables": [t.meta() for t in tables[page * size:(page + 1) * size]],
                "page": page, "pages": pages, "total": len(tables)}

    def release(self, table: LiveTable) -> None:
        """Forget a finished table nobody watches (the store still has it, for records).

        On a shared database, also an open table that this process neither leads nor
        shows to anyone: the process that leads it, or the next client's, loads it.
        """
        idle = self.shared and not table.owned and not table.lock.locked()
        if (table.status not in (WAITING, PLAYING) or idle) and not table.connections:
            self.live.pop(table.id, None)
            self._loading.pop(table.id, None)

    async def expire(self) -> list[str]:
        """Close the tables that waited for their players longer than the setting."""
        seconds = self.settings.waiting_expiry
        if not seconds:
            return []
        ids = await self.store.expire_waiting(time.time() - seconds, EXPIRED)
        for table_id in ids:
            table = self.live.get(table_id)
            if table is not None:
                table.row.status = EXPIRED
                table.broadcast()
                self.release(table)
        if ids:
            log.info("closed %d tables that waited too long for players", len(ids))
        return ids

    async def _sweep(self) -> None:
        every = min(60.0, max(1.0, self.settings.waiting_expiry / 4))
        while True:
            await asyncio.sleep(every)
            try:
                await self.expire()
            except TablerummyError as err:
                log.warning("cannot close expired tables: %s", err)

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        for table in list(self.live.values()):
            await table.close()
        if self.cluster is not None:
            await self.cluster.close()
        self.bots.close()


def web_variants() -> list[str]:
    """The variants the web table serves: every installed one (each family's plug-in
    draws its views, :meth:`tablerummy.family.Family.present`)."""
    return variant_names()


def lobby_variants() -> list[dict[str, Any]]:
    """Every variant the table serves, with its options and bots, for the lobby's form."""
    out = []
    for name in web_variants():
        variant = get_variant(name)
        info = variant.describe()
        specs = {spec.name: spec for spec in variant.option_specs}
        info["options"] = [
            {"name": key, "default": spec.default, "help": spec.help,
             "choices": list(spec.choices) if spec.choices is not None else None,
             "type": type(spec.default).__name__}
            for key, spec in specs.items()
        ]
        info["bots"] = bot_names(name, offered=True)
        out.append(info)
    return out


