"""The turn clock alone, without a server: a fake table, store and time drive it.

What a person meets at the table (the stand-in's move shown, the seat taken back over
the network) is tested against a real server in ``test_clock.py``; here each rule of
the clock is tested on its own, step by step, with the time given by the test.
"""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any, cast

import pytest

from tablerummy.game import Game
from tablerummy.variant import get_variant
from tablerummy.web.store import SeatRow, TableRow
from tablerummy.web.turnclock import ClockRules, TurnClock

START = 1_000_000.0
TURN = 20
RULES = ClockRules()


class FakeTime:
    """The clock's time sources, sleep and wait: time moves only when the clock waits."""

    def __init__(self) -> None:
        self.t = START
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.t

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.t += seconds

    async def wait(self, event: asyncio.Event, seconds: float) -> None:
        if not event.is_set():
            self.t += seconds  # nothing happened until the time was up


class FakeStore:
    """What the clock stores, as a list of calls; ``refuse``: another process took the
    time-out first."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []
        self.refuse = False

    async def time_out(self, table_id: str, deadline: float) -> bool:
        self.calls.append(("time_out", deadline))
        return not self.refuse

    async def update_seat(self, table_id: str, seat: int, **values: Any) -> None:
        self.calls.append(("seat", (seat, values)))

    async def update_table(self, table_id: str, **values: Any) -> None:
        self.calls.append(("table", values))


class FakeTable:
    """A table of one person (the seat to act first) and bots, with a real game.

    ``play_bot`` is the clock's act: it plays the first legal move, as the table's does
    after asking the bot pool, and starts the next turn's clock as the table does.
    """

    def __init__(self, rules: ClockRules = RULES, turn_seconds: int = TURN,
                 shared: bool = False, deadline: float | None = None,
                 away: bool = False) -> None:
        self.game = Game(get_variant("capone"), seed=3, log=True)
        person = self.game.to_act
        assert person is not None
        self.person = person
        seats = [SeatRow(i, "bot", "greedy") for i in range(self.game.variant.players)]
        seats[person] = SeatRow(person, "person", name="ann", token_hash="h", away=away)
        self.row = TableRow(id="t", created=0.0, variant="capone", options={}, seed=3,
                            first_dealer=self.game.first_dealer, decks=None,
                            status="playing", seats=seats, turn_seconds=turn_seconds,
                            deadline=deadline)
        self.lock = asyncio.Lock()
        self.notes: list[str] = []
        self.played: list[tuple[int, str]] = []
        self.broadcasts = 0
        self.reloads = 0
        self.here: set[int] = set()
        self.acts = True  # play_bot moves the game (off: a test's game of its own)
        self.time = FakeTime()
        self.store = FakeStore()
        self.clock = TurnClock(self, self.store, rules, shared=shared, bot_delay=0.5,
                               hand_pause=30.0, now=self.time, monotonic=self.time,
                               sleep=self.time.sleep, wait=self.time.wait)

    @property
    def id(self) -> str:
        return self.row.id

    def people_here(self) -> set[int]:
        return self.here

    async def play_bot(self, seat: int, bot: str) -> None:
        self.played.append((seat, bot))
        if self.acts:
            self.move(seat)

    def move(self, seat: int) -> None:
        game = self.game
        turn = len(game.hands), game.to_act
        game.apply(game.legal_texts()[0], seat=seat)
        if (len(game.hands), game.to_act) != turn:
            self.clock.next_turn()

    async def person_moves(self) -> None:
        """The person plays a move (over the network, at the table): then comes back."""
        self.move(self.person)
        async with self.lock:
            await self.clock.come_back(self.person)

    async def add_note(self, text: str) -> None:
        self.notes.append(text)

    def broadcast(self) -> None:
        self.broadcasts += 1

    async def reload_locked(self) -> None:
        self.reloads += 1


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def started() -> FakeTable:
    table = FakeTable()
    run(table.clock.start())
    return table


def test_the_deadline_of_a_turn() -> None:
    table = FakeTable(ClockRules(away_seconds=15))
    clock, seat = table.clock, table.person
    assert table.row.deadline == START + TURN  # set when the clock was made (no deadline)
    assert clock.deadline_reset
    run(clock.store_reset())
    assert table.store.calls == [("table", {"deadline": START + TURN})]
    assert clock.deadline_for(seat) == START + TURN
    assert clock.deadline_for(1 - seat) is None  # a bot's seat has no clock
    table.row.seats[seat].away = True
    assert clock.deadline_for(seat) == START + 15  # an away seat has the shorter time
    table.row.seats[seat].bot = "greedy"
    assert clock.deadline_for(seat) is None  # handed to the bot for good
    table.row.seats[seat].bot = None
    table.row.turn_seconds = 0
    assert clock.deadline_for(seat) is None  # no clock at this table
    table.row.deadline = None
    assert not clock.has_work()  # a person to act, no deadline: nothing to do


def test_a_deadline_expires_the_seat_is_marked_away_and_the_stand_in_plays() -> None:
    table = started()
    clock, seat, spec = table.clock, table.person, table.row.seats[table.person]
    assert clock.bot_for(seat) is None
    assert run(clock.step())  # waits until the deadline: nothing moved
    assert table.time.t == START + TURN and not spec.away
    assert run(clock.step())  # the time is up
    assert spec.away and spec.missed == 1 and clock.standing_in == seat
    assert table.row.deadline is None
    assert table.notes == [f"p{seat} (ann) ran out of time: the greedy bot plays this turn"]
    assert ("time_out", START + TURN) in table.store.calls
    assert ("seat", (seat, {"away": 1, "missed": 1, "bot": None})) in table.store.calls
    assert table.broadcasts == 1
    assert clock.bot_for(seat) == "greedy"
    before = len(table.game.hands[-1].actions)
    while table.game.to_act == seat:  # the stand-in plays the whole turn, bot-paced
        assert run(clock.step())
    assert table.played and all(p == (seat, "greedy") for p in table.played)
    assert table.time.slept == [0.5] * len(table.played)
    assert len(table.game.hands[-1].actions) > before
    assert clock.standing_in is None  # the next turn is someone else's
    assert spec.away  # still away: only the person's own move brings them back


def test_only_a_played_move_brings_an_away_seat_back() -> None:
    table = started()
    clock, seat, spec = table.clock, table.person, table.row.seats[table.person]
    run(clock.step())
    run(clock.step())
    assert spec.away
    # the stand-in plays, turns pass, the table is read again, people close a dialog:
    # none of it is the person's move
    while table.game.to_act == seat:
        run(clock.step())
    clock.reread()
    clock.mark_seen(seat, 1)
    clock.next_turn()
    assert spec.away and spec.missed == 1
    while table.game.to_act != seat:
        table.move(cast(int, table.game.to_act))
    assert clock.deadline_for(seat) == table.time.t + ClockRules().away_seconds
    run(table.person_moves())  # a move played: the seat is theirs again
    assert not spec.away and spec.missed == 0
    assert table.notes[-1] == f"p{seat} (ann) is back"
    assert ("seat", (seat, {"away": 0, "missed": 0})) in table.store.calls
    notes = len(table.notes)
    run(clock.come_back(seat))
    assert len(table.notes) == notes  # a seat that is not away is not "back" again


def test_missed_turns_in_a_row_hand_the_seat_to_the_bot() -> None:
    table = FakeTable(ClockRules(away_seconds=5, missed_turns=2))
    run(table.clock.start())
    clock, seat, spec = table.clock, table.person, table.row.seats[table.person]
    for missed in (1, 2):
        while table.game.to_act != seat:
            table.move(cast(int, table.game.to_act))
        if table.row.deadline is None:
            table.row.deadline = clock.deadline_for(seat)
        while spec.missed != missed:
            assert run(clock.step())
    assert spec.handed and spec.bot == "greedy"
    assert table.notes[-1] == (f"p{seat} (ann) missed 2 turns in a row: the greedy bot plays"
                               " the seat for the rest of the game")
    assert clock.deadline_for(seat) is None and clock.bot_for(seat) == "greedy"
    run(table.person_moves() if table.game.to_act == seat else asyncio.sleep(0))
    assert spec.handed  # a handed seat does not come back


def test_a_time_out_taken_elsewhere_or_too_early_changes_nothing() -> None:
    table = started()
    clock, spec = table.clock, table.row.seats[table.person]
    run(clock.time_out(spec))  # before the deadline: the person may still act
    assert not spec.away and table.store.calls[-1][0] == "table"
    table.time.t += TURN
    table.store.refuse = True  # another process stood in first (or the person acted there)
    run(clock.time_out(spec))
    assert table.reloads == 1 and not spec.away and clock.standing_in is None
    assert table.notes == []


def test_a_table_taken_over_mid_turn_goes_on_with_the_stand_in() -> None:
    """On a shared database the stand-in is read from the stored table: an away person
    whose turn has no deadline (the clock cleared it when the bot stepped in)."""
    table = FakeTable(shared=True, away=True)
    assert table.clock.standing_in == table.person and table.row.deadline is None
    assert not table.clock.deadline_reset
    alone = FakeTable(shared=False, away=True)  # one process: a fresh turn after a restart
    assert alone.clock.standing_in is None and alone.row.deadline == START + 15
    assert alone.clock.deadline_reset


def test_a_lost_commit_puts_the_clock_back() -> None:
    table = started()
    clock = table.clock
    run(clock.step())
    run(clock.step())
    mark = clock.mark()
    assert mark == (None, table.person)
    clock.next_turn()
    assert clock.standing_in is None
    clock.restore(mark)
    assert clock.mark() == mark
    clock.follow(START + 99)  # another process's stored deadline
    assert table.row.deadline == START + 99


def test_the_clock_waits_while_people_read_the_last_hands_scoring() -> None:
    """At the start of a hand after the first, a bot (or the stand-in) waits until the
    people here have closed the last hand's scoring, or for the pause."""
    table = FakeTable()
    clock = table.clock
    bot = 1 - table.person
    table.acts = False
    # a game whose first hand is over and whose second has not begun, a bot to act
    table.game = cast(Game, SimpleNamespace(
        hands=[SimpleNamespace(actions=["x"]), SimpleNamespace(actions=[])],
        game_over=False, to_act=bot, variant=get_variant("capone")))
    assert clock.readers() == set()  # nobody here
    table.here = {table.person, bot}
    assert clock.readers() == {table.person}  # the people only

    async def closes_the_dialog(event: asyncio.Event, seconds: float) -> None:
        assert seconds == 30.0
        clock.mark_seen(table.person, 1)  # while the clock waits: {"type": "seen"}
        assert event.is_set()

    clock._wait = closes_the_dialog
    assert run(clock.step())
    assert table.played == [(bot, "greedy")]
    assert table.time.t == START + 0.5  # the bot's pause only: nobody was left reading

    clock._seen.clear()
    clock._wait = table.time.wait
    table.played.clear()
    assert run(clock.step())  # nobody closes it: the bot plays after the whole pause
    assert table.time.t == START + 0.5 + 30.0 + 0.5
    assert table.played == [(bot, "greedy")]
    table.game.hands[-1].actions.append("y")
    assert clock.readers() == set()  # the hand is under way


def test_the_loop_stops_when_a_person_has_no_clock_and_at_the_end() -> None:
    table = FakeTable(turn_seconds=0)
    assert table.row.deadline is None
    assert not run(table.clock.step())
    table.row.status = "finished"
    assert not run(table.clock.step()) and not table.clock.has_work()


@pytest.mark.parametrize("missed_turns", [0])
def test_with_no_limit_a_seat_is_never_handed_over(missed_turns: int) -> None:
    table = FakeTable(ClockRules(missed_turns=missed_turns))
    run(table.clock.start())
    clock, seat, spec = table.clock, table.person, table.row.seats[table.person]
    for _ in range(4):
        while table.game.to_act != seat:
            table.move(cast(int, table.game.to_act))
        if table.row.deadline is None:
            table.row.deadline = clock.deadline_for(seat)
        missed = spec.missed
        while spec.missed == missed:
            run(clock.step())
    assert spec.missed == 4 and not spec.handed
