"""Every hand ends: the repetition rule of the engines, and bots that take what ending
the hand gives them.

``tests/positions/`` holds the two positions in which two searching bots took the same
card from the Underworld and threw it back for ever (each record says where it comes
from); the rule itself has scenario records (``tests/scenarios/*/repetition-*.json``).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from random import Random

import pytest

from tablerummy.bots import Sampler, ask, get_bot
from tablerummy.bots.ismcts import ISMCTSBot
from tablerummy.capone.state import CaponeState
from tablerummy.envs.core import TableCore
from tablerummy.game import Game
from tablerummy.records import load_json, replay
from tablerummy.simulate import bot_seed
from tablerummy.verify import verify

POSITIONS = Path(__file__).resolve().parent / "positions"
LOOPS = {5: "ralph-capone", 10: "samuel-hunt"}
"""Deal seed → the card the two players kept taking back (issue 31's positions)."""
DEFAULT_LOOP = "capone-loop-deal5-default.json"
"""Deal 5 as the default search played it before its guide stopped chasing the exclusion
rule with cards it could not play: p1 ends the hand by drawing the Case File twice."""
AHEAD = 1
"""The side ahead in both positions (p1)."""


def _position(deal: int | str) -> Game:
    name = deal if isinstance(deal, str) else f"capone-loop-deal{deal}.json"
    return replay(load_json(POSITIONS / name)).game


def _take_back(game: Game, card: str, turns: int) -> None:
    for _ in range(turns):
        game.apply("draw discard")
        game.apply(f"discard {card}")


@pytest.mark.parametrize("deal", sorted(LOOPS))
def test_the_looping_positions_stand_where_the_issue_saw_them(deal: int) -> None:
    game = _position(deal)
    state = game.state
    assert isinstance(state, CaponeState)
    assert (len(state.stock), game.to_act, game.game_over) == (2, 0, False)
    scores = state.scores()
    ahead = [t + s for t, s in zip(game.totals, scores, strict=True)]
    assert ahead[AHEAD] > ahead[1 - AHEAD]
    if deal == 5:  # ending the hand now wins p1 the game
        assert (game.totals, scores, game.variant.target) == ([161, 195], [33, 54], 200)


@pytest.mark.parametrize("deal", sorted(LOOPS))
def test_the_engine_ends_the_loop_on_the_third_count(deal: int) -> None:
    """Counting starts after two rounds without a Case File draw, and the third count of
    a position ends the hand: at most 4 + 4 take-backs (the scenarios pin the count)."""
    game = _position(deal)
    hand = len(game.hands) - 1
    scores = game.state.scores()
    turns = 0
    while game.hands[hand].scores is None and turns < 20:
        _take_back(game, LOOPS[deal], 1)
        turns += 1
    assert 4 <= turns <= 8
    record = game.hands[hand]
    assert record.final is not None and record.final.end == "repetition"
    assert record.scores == scores  # scored as the position stands, as the Case File would
    if deal == 5:
        assert game.game_over and game.winner == AHEAD
    # the record of such a game verifies
    result, status = verify(game.to_record())
    assert status == 0 and result["ok"]
    assert result["hands"][hand]["end"] == "repetition"


@pytest.mark.parametrize("variant", ["capone", "ripper"])
def test_the_command_verifies_a_record_that_ends_by_repetition(variant: str) -> None:
    record = POSITIONS.parent / "scenarios" / variant / "repetition-ends-hand.json"
    done = subprocess.run([sys.executable, "-m", "tablerummy", "verify", str(record)],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["ok"] and result["hands"][0]["end"] == "repetition"


def test_the_log_tells_how_the_hand_ended() -> None:
    data = load_json(POSITIONS / "capone-loop-deal10.json")
    game = replay(data, log=True).game
    hand = len(game.hands) - 1
    for _ in range(20):
        if game.hands[hand].scores is not None:
            break
        _take_back(game, LOOPS[10], 1)
    told = game.events(None, hand)[-1]
    assert "the same position came back a third time" in told and "scores:" in told


def test_a_copy_counts_its_own_repetitions() -> None:
    """Copies share the count until they move (search bots copy at every iteration)."""
    game = _position(5)
    _take_back(game, LOOPS[5], 6)
    copy = game.copy()
    _take_back(copy, LOOPS[5], 1)
    final = copy.hands[-1].final  # the game is over: no hand dealt after it
    assert copy.game_over and final is not None and final.end == "repetition"
    assert game.hands[-1].scores is None and not game.game_over  # the original goes on
    _take_back(game, LOOPS[5], 1)
    assert game.game_over  # ... to the same end


def test_determinizations_carry_no_count_of_the_true_positions() -> None:
    """The count's keys hold every hand: a bot's sampled positions start without it."""
    game = _position(5)
    _take_back(game, LOOPS[5], 6)
    state = game.state
    assert isinstance(state, CaponeState) and state.repeats
    for seat in (0, 1):
        sample = Sampler(state, seat, Random(seat)).sample(Random(7))
        assert isinstance(sample, CaponeState)
        assert (sample.repeats, sample.repeat_stock) == ({}, -1)


def test_the_rl_environment_ends_the_loop_too() -> None:
    game = _position(10)
    table = TableCore("capone")
    table.start(game)
    rewards = None
    for _ in range(20):
        if rewards is not None:
            break
        for text in ("draw discard", f"discard {LOOPS[10]}"):
            index = next(i for i in table.legal_indices() if table.action_text(i) == text)
            rewards = table.play(index)
    assert rewards is not None  # a take-back ended the hand: rewards are handed out
    assert game.hands[-2].final is not None and game.hands[-2].final.end == "repetition"


# --- the bots take what ending the hand gives them --------------------------------------

@pytest.mark.parametrize("bot", ["ismcts", "ismcts:iterations=200", "greedy"])
@pytest.mark.parametrize("deal", [*sorted(LOOPS), DEFAULT_LOOP])
def test_the_side_ahead_ends_the_hand_within_a_turn_or_two(deal: int | str, bot: str) -> None:
    """The side behind may take back as it likes; the side ahead draws the Case File dry."""
    for seed in (1, 2):
        game = _position(deal)
        hand = len(game.hands) - 1
        bots = [get_bot(bot, game.variant, s, bot_seed(seed, s)) for s in (0, 1)]
        turns_ahead = 0
        while len(game.hands) - 1 == hand and not game.game_over and turns_ahead <= 2:
            seat = game.to_act
            assert seat is not None
            if seat == AHEAD and game.state.phase == 0:  # type: ignore[attr-defined]
                turns_ahead += 1
            game.apply_legal(ask(bots[seat], game, game.legal_actions()))
        final = game.hands[hand].final
        assert final is not None, f"{bot}, seed {seed}: the hand goes on after 2 turns ahead"
        assert final.end != "repetition", f"{bot}, seed {seed}: the rule had to end it"
        assert turns_ahead <= 2
        if deal in (5, DEFAULT_LOOP):
            assert game.game_over and game.winner == AHEAD


def test_the_search_values_ending_now_above_one_more_turn() -> None:
    """Deal 5, p1 to act after p0's take-back: drawing the last two cards wins the game.

    Without the discount both draws are worth nearly a won game (the rollouts' random
    opponent ends the hand for p1 sooner or later), which is how the greedy bias could keep
    the search in the loop; with it, winning now is clearly worth more."""
    game = _position(5)
    _take_back(game, LOOPS[5], 1)
    assert game.to_act == AHEAD
    visits = {}
    for value in ("game", "game:discount=1"):
        bot = get_bot(f"ismcts:prior=0:tree=0:value={value}", game.variant, AHEAD, seed=3)
        assert isinstance(bot, ISMCTSBot)
        bot.sampler = Sampler(game.state, AHEAD, Random(3))
        root, _ = bot.search(game.observation(AHEAD))
        text = game.variant.action_text
        stats = {text(a): (n.visits, n.reward / n.visits) for a, n in root.children.items()}
        visits[value] = stats
    now, later = visits["game"]["draw stock"], visits["game"]["draw discard"]
    assert now[1] > later[1] and now[0] > 3 * later[0]
    flat_now, flat_later = (visits["game:discount=1"][a] for a in ("draw stock", "draw discard"))
    assert flat_now[1] - flat_later[1] < now[1] - later[1]  # the discount is what tells them apart
