"""The coach (issue 28): hints and the analysis of a record, their contract, and no peeking.

Budgets here are iterations and playouts only (no time cap): the answers then depend on
the seed alone, so they can be compared exactly.
"""

from __future__ import annotations

import json
import pickle
from random import Random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_bad_input_fuzz import PLACES, VALUES, _record, one_line

from tablerummy.bots import ask, get_bot
from tablerummy.coach import Analysis, Budget, Hint, analyse, hints
from tablerummy.coach.playouts import beyond_noise
from tablerummy.errors import IllegalActionError, OptionError, RecordError
from tablerummy.game import Game
from tablerummy.variant import get_variant, variant_names

TINY = Budget(iterations=20, playouts=2)


def greedy_game(name: str, seed: int, decisions: int) -> Game:
    """A 2-player game after ``decisions`` greedy decisions (then a real choice)."""
    game = Game(get_variant(name), seed=seed)
    bots = [get_bot("greedy", game.variant, s, seed=s) for s in range(2)]
    while True:
        legal = game.legal_actions()
        if decisions <= 0 and len(legal) > 1:
            return game
        seat = game.to_act
        assert seat is not None
        game.apply_legal(legal[0] if len(legal) == 1 else ask(bots[seat], game, legal))
        decisions -= 1


def test_hints_are_the_contracts_json_best_first() -> None:
    game = greedy_game("capone", 3, 6)
    seat = game.to_act
    assert seat is not None
    found = hints(game, seat, budget=TINY, seed=1)
    assert 1 <= len(found) <= 3 and all(isinstance(h, Hint) for h in found)
    legal = set(game.legal_texts())
    for hint in found:
        data = hint.to_json()
        assert set(data) == {"move", "words", "win", "margin", "reason"}
        assert data["move"] in legal and data["words"] and data["reason"]
        assert 0 <= data["win"] <= 1
    assert found[0].reason.endswith("the search's first choice")  # the search's order
    assert not any(h.reason.endswith("first choice") for h in found[1:])
    assert pickle.loads(pickle.dumps(found)) == found
    assert len(hints(game, seat, budget=TINY, seed=1, top=1)) == 1


def test_a_hint_is_only_for_the_seat_to_act() -> None:
    game = greedy_game("capone", 3, 0)
    other = 1 - (game.to_act or 0)
    with pytest.raises(IllegalActionError, match="not this seat's turn"):
        hints(game, other, budget=TINY, seed=1)


@pytest.mark.parametrize(("name", "decisions"), [("capone", 9), ("fortune", 7), ("ripper", 5)])
def test_a_hint_does_not_change_when_hidden_cards_change(name: str, decisions: int) -> None:
    """Two games that differ only in cards the seat cannot see: the same hints, seed alike.

    The other game's hand is a determinization of the seat's own information set — a
    true position the seat cannot tell apart from the first, with the others' hands and
    the stock dealt again."""
    game = greedy_game(name, 11, decisions)
    seat = game.to_act
    assert seat is not None
    other = game.copy()
    other.state = game.state.determinize(seat, Random(99))
    assert other.state.reveal() != game.state.reveal()  # hidden cards really differ
    assert other.observation(seat) == game.observation(seat)  # the seat sees the same
    budget = Budget(iterations=40, playouts=3)
    one = hints(game, seat, budget=budget, seed=5)
    two = hints(other, seat, budget=budget, seed=5)
    assert one == two
    assert hints(game, seat, budget=budget, seed=5) == one  # and it is reproducible


def test_the_budgets_are_sane() -> None:
    assert Budget.hint().seconds is not None  # a person waits: capped
    assert Budget.analysis().seconds is None  # reproducible from its seed
    with pytest.raises(ValueError):
        Budget(iterations=0)


def short_record(decisions: int = 14) -> dict[str, object]:
    return greedy_game("capone", 4, decisions).to_record()


def test_an_analysis_has_every_key_of_the_contract() -> None:
    record = short_record()
    calls: list[tuple[int, int]] = []
    analysis = analyse(record, budget=TINY, seed=2, progress=lambda d, t: calls.append((d, t)))
    assert isinstance(analysis, Analysis)
    data = analysis.to_json()
    assert data["seats"] == [0, 1]
    assert data["moves"] and len(calls) == len(data["moves"])
    assert [d for d, _ in calls] == list(range(1, len(calls) + 1))
    assert {t for _, t in calls} == {len(calls)}
    keys = {"hand", "ply", "seat", "played", "played_words", "best", "best_words",
            "win_before", "win_loss", "point_loss", "hindsight_best", "hindsight_words"}
    for move in data["moves"]:
        assert keys <= set(move)
        assert move["win_loss"] >= 0 and move["point_loss"] >= 0
        assert move["hindsight_best"]
    for seat in ("0", "1"):
        assert len(data["mistakes"][seat]) <= 3
        for mistake in data["mistakes"][seat]:
            assert set(mistake) == {"hand", "ply", "played_words", "best_words", "win_loss",
                                    "point_loss"}
        assert [p["ply"] for p in data["chart"][seat]] == [
            m["ply"] for m in data["moves"] if m["seat"] == int(seat)]
    # the played moves are the record's own, in order
    played = [m["played"] for m in data["moves"]]
    assert played == [a for a in record["hands"][0]["actions"]  # type: ignore[index]
                      if a in played]
    assert pickle.loads(pickle.dumps(analysis)).to_json() == data


def test_an_analysis_is_reproducible_and_reads_one_seat() -> None:
    record = short_record(8)
    one = analyse(record, [1], budget=TINY, seed=3, hindsight=False)
    assert {m.seat for m in one.moves} == {1}
    assert all(m.hindsight_best == "" for m in one.moves)
    assert analyse(record, [1], budget=TINY, seed=3, hindsight=False).to_json() == one.to_json()


def test_bad_records_and_seats_are_one_line_errors() -> None:
    with pytest.raises(RecordError):
        analyse([], budget=TINY)  # type: ignore[arg-type]
    record = short_record(2)
    with pytest.raises(OptionError, match="no seat p5"):
        analyse(record, [5], budget=TINY)
    broken = dict(record)
    broken["hands"] = [{"actions": ["meld x y z"]}]
    with pytest.raises(RecordError, match="hand 0, action 0"):
        analyse(broken, budget=TINY)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(variant_names()), place=st.sampled_from(PLACES), value=VALUES)
def test_a_hostile_record_is_analysed_or_refused_in_one_line(name: str, place: str,
                                                            value: Any) -> None:
    """Whatever a record holds, ``analyse`` answers or raises a one-line user error."""
    record = _record(name, place, value)
    try:
        analysis = analyse(record, budget=TINY, hindsight=False)
    except (RecordError, OptionError) as err:
        one_line(err)
        return
    json.dumps(analysis.to_json())


def test_a_reason_says_what_the_move_changes_for_the_side() -> None:
    from tablerummy.coach.playouts import Outlook
    from tablerummy.coach.reasons import reason

    def outlook(win: float, margin: float = 3.0, gain: float = 0.0, ends: float = 0.0,
                noisy: bool = False) -> Outlook:
        """24 playouts that won ``win`` of the time: the first ones, or (``noisy``) the
        last ones, so that two noisy outlooks' wins cross each other."""
        won = round(24 * win)
        wins = [0.0] * (24 - won) + [1.0] * won if noisy else [1.0] * won + [0.0] * (24 - won)
        return Outlook(0, win, margin, gain, ends, 24, tuple(wins), (margin,) * 24)

    def said(win: float = 0.5, margin: float = 3.0, gain: float = 0.0, ends: float = 0.0,
             rank: int = 0, first: float = 0.5, noisy: bool = False) -> str:
        return reason(outlook(win, margin, gain, ends, noisy), outlook(first), rank)

    assert said(win=1.0, margin=38, ends=1.0, first=1.0).startswith(
        "ends the hand and wins the game: +38 for your side")
    assert said(margin=-12, ends=1.0).startswith("ends the hand: -12 for your side")
    assert said(gain=38) == "+38 on your side's standing now; the search's first choice"
    assert said() == "the search's first choice"
    assert said(rank=2) == "as good as the first within the noise of 24 playouts"
    # the same playouts won, and 4 more (each pair the same or better): past the noise
    assert said(rank=1, win=2 / 3) == ("won 17 points more often in 24 playouts, but the "
                                       "search prefers the first")
    # as many more, but won in other playouts than the first's: within the noise
    assert said(rank=1, win=2 / 3, noisy=True) == (
        "as good as the first within the noise of 24 playouts")
    assert said(win=0.25, gain=-4, rank=1) == (
        "-4 on your side's standing now; 25 points of win chance below the first")


def test_a_loss_counts_only_when_the_paired_playouts_tell_it_from_noise() -> None:
    # the same results: no loss
    assert beyond_noise([1, 0, 1, 0], [1, 0, 1, 0]) == 0.0
    # the played move wins one playout in 24 less: within the noise of 24 pairs
    assert beyond_noise([1.0] * 24, [1.0] * 23 + [0.0]) == 0.0
    # noise both ways: no loss, though the mean is positive
    assert beyond_noise([1, 0, 1, 1, 0, 1], [0, 1, 1, 0, 1, 1]) == 0.0
    # a loss in most pairs: counted, as the mean difference
    best, played = [1.0] * 20 + [0.0] * 4, [0.0] * 16 + [1.0] * 4 + [0.0] * 4
    assert beyond_noise(best, played) == pytest.approx(16 / 24)
    # points: the same 5 points lost in every playout is no noise at all
    assert beyond_noise([10.0, 20.0, 30.0], [5.0, 15.0, 25.0]) == pytest.approx(5.0)
    # the played move better than the "best": never a negative loss
    assert beyond_noise([0.0] * 8, [1.0] * 8) == 0.0
