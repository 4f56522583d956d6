"""The protocol's parsing and message building, without a server."""

from __future__ import annotations

import pytest

from tablerummy.game import Game
from tablerummy.present import table_view
from tablerummy.variant import get_variant
from tablerummy.web.protocol import (
    Act,
    AskHint,
    Hello,
    Ping,
    ProtocolError,
    parse_client,
    public_view,
    seat_message,
)


def test_client_messages_parse_or_say_what_is_wrong() -> None:
    assert parse_client('{"type": "hello"}') == Hello(None)
    assert parse_client('{"type": "hello", "token": "abc"}') == Hello("abc")
    assert parse_client('{"type": "act", "action": " draw stock ", "id": 3}') == Act(
        "draw stock", 3, None)
    assert parse_client('{"type": "act", "action": "x", "version": 4}').version == 4  # type: ignore[union-attr]
    assert parse_client('{"type": "ping", "id": "a"}') == Ping("a")
    assert parse_client('{"type": "hint", "id": 2}') == AskHint(2)
    for bad, says in [
        (b"\x00", "binary"), ("nope", "JSON"), ("[1]", "object"), ('{"type": "jump"}', "unknown"),
        ('{"type": "act"}', "action"), ('{"type": "act", "action": 5}', "action"),
        ('{"type": "act", "action": "x", "version": "1"}', "version"),
        ('{"type": "act", "action": "x", "id": [1]}', "id"),
        ('{"type": "hello", "token": 5}', "token"), ("x" * 5000, "too long"),
        ("[" * 4000, "JSON"),
    ]:
        with pytest.raises(ProtocolError, match=says):
            parse_client(bad)  # type: ignore[arg-type]


def test_a_watcher_sees_the_table_but_no_hand_and_no_moves() -> None:
    variant = get_variant("capone")
    game = Game(variant, seed=3, log=True)
    seat = game.to_act
    assert seat is not None
    view = table_view(variant, game.observation(seat))
    public = public_view(view)
    assert public["hand"] == [] and public["private"] == [] and public["seat"] is None
    assert public["piles"] == view["piles"] and public["areas"] == view["areas"]
    message = seat_message(variant, game.observation(seat), game.events(None), None, {}, 0,
                           spectator=True)
    assert message["legal"] == [] and message["view"]["hand"] == []
    mine = seat_message(variant, game.observation(seat), game.events(seat), game.legal_texts(),
                        {}, 0)
    assert [m["text"] for m in mine["legal"]] == game.legal_texts()


def test_seen_names_the_finished_hand_read() -> None:
    from tablerummy.web.protocol import Seen

    assert parse_client('{"type": "seen", "hand": 2}') == Seen(2)
    for bad in ('{"type": "seen"}', '{"type": "seen", "hand": "2"}',
                '{"type": "seen", "hand": -1}', '{"type": "seen", "hand": true}'):
        with pytest.raises(ProtocolError, match="finished hand"):
            parse_client(bad)
