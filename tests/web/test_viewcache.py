"""The per-reader view cache alone: a real game behind a fake table, no server.

What the readers receive over a socket is tested end to end in ``test_live_log.py``,
``test_privacy.py`` and ``test_durable_views.py``; here, what the cache reuses and when
it builds a message again.
"""

from __future__ import annotations

import json
from typing import Any

from tablerummy.game import Game
from tablerummy.variant import get_variant
from tablerummy.web.affordances import card_faces
from tablerummy.web.store import Note, SeatRow, TableRow
from tablerummy.web.viewcache import ViewCache, merge_notes


class FakeTable:
    def __init__(self) -> None:
        self.game = Game(get_variant("capone"), seed=5, log=True)
        self.row = TableRow(id="v", created=0.0, variant="capone", options={}, seed=5,
                            first_dealer=self.game.first_dealer, decks=None,
                            status="playing",
                            seats=[SeatRow(i, "person", name=f"n{i}", token_hash="h")
                                   for i in range(self.game.variant.players)])
        self.faces = card_faces(self.game.variant)
        self.metas = 0
        self.online = 0

    @property
    def version(self) -> int:
        return len(self.row.actions)

    def meta(self) -> dict[str, Any]:
        self.metas += 1
        return {"id": "v", "online": self.online}

    def offers(self, seat: int) -> bool:
        return self.game.to_act == seat

    def move(self) -> None:
        text = self.game.legal_texts()[0]
        self.game.apply(text)
        self.row.actions.append(text)


def test_a_message_is_built_once_per_version_and_reader() -> None:
    table = FakeTable()
    views = ViewCache(table)
    seat = table.game.to_act
    assert seat is not None
    first = views.message_for(seat)
    assert views.message_for(seat)[0] is first[0]  # the same reader again: reused
    other = views.message_for(None)
    assert other[0] is not first[0] and table.metas == 1  # the facts are shared by readers
    message = json.loads(first[0])
    assert message["version"] == 0 and message["legal"]  # its turn: offered its moves
    assert json.loads(other[0])["legal"] == []  # a watcher is offered nothing
    table.move()
    moved = views.message_for(seat)
    assert moved[0] is not first[0] and json.loads(moved[0])["version"] == 1
    assert table.metas == 2  # a new version: the facts are read again


def test_a_broadcast_reads_the_facts_again_and_a_note_the_log() -> None:
    table = FakeTable()
    views = ViewCache(table)
    views.message_for(0)
    table.online = 1
    assert json.loads(views.message_for(0)[0])["table"]["online"] == 0  # until told
    views.changed()
    assert json.loads(views.message_for(0)[0])["table"]["online"] == 1
    events = len(table.game.events(0))
    table.row.notes.append(Note(0, events, "p0 ran out of time"))
    assert "p0 ran out of time" not in json.loads(views.message_for(0)[0])["log"]
    views.noted()
    log = json.loads(views.message_for(0)[0])["log"]
    assert log[-1] == "p0 ran out of time" and len(log) == events + 1


def test_the_events_of_the_hand_are_read_once_and_as_the_game_says_them() -> None:
    table = FakeTable()
    views = ViewCache(table)
    for _ in range(12):
        for seat in (None, 0, 1):
            assert views.events(seat) == table.game.events(seat)
        table.move()
    text, count = views.message_for(1, log_from=3)
    assert count == len(table.game.events(1))
    assert json.loads(text)["log"] == table.game.events(1)[3:]  # only the new ones


def test_a_rebuilt_game_is_read_afresh() -> None:
    table = FakeTable()
    views = ViewCache(table)
    for _ in range(4):
        table.move()
    views.events(0)
    table.game = Game(get_variant("capone"), seed=5, log=True)  # replayed: fewer moves
    table.row.actions.clear()
    views.forget()
    assert views.events(0) == table.game.events(0)
    assert json.loads(views.message_for(0)[0])["version"] == 0


def test_notes_go_where_they_happened() -> None:
    events = ["a", "b", "c"]
    notes = [Note(0, 1, "n1"), Note(1, 0, "other hand"), Note(0, 3, "n2")]
    assert merge_notes(events, notes, 0) == ["a", "n1", "b", "c", "n2"]
    assert merge_notes(events, notes, 2) is events
