"""The bots: registry, the capone greedy bot's heuristics, and its strength against random.

Positions are dealt from stacked decks; where a test needs play areas that would take
many turns to reach, it edits the seat's observation — the bot sees nothing else.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence

import pytest

from tablerummy.bots import bot_names, get_bot
from tablerummy.capone import actions as A
from tablerummy.capone.cards import GANGSTERS, KINDS
from tablerummy.capone.greedy import CaponeGreedyBot
from tablerummy.capone.state import CaponeState
from tablerummy.errors import OptionError
from tablerummy.simulate import Setup, simulate
from tablerummy.stacking import stacked_deck
from tablerummy.variant import Observation, get_variant

CAPONE = get_variant("capone")
G = {g: i for i, g in enumerate(GANGSTERS)}
K = {k: i for i, k in enumerate(KINDS)}

SINGLES = ["al-capone", "murray-humphreys", "ralph-capone", "jake-guzik", "jack-mcgurn",
           "johnny-torrio", "william-white", "samuel-hunt"]
OPPONENT = ["jake-guzik"] * 3 + ["ralph-capone"] * 3 + ["jack-mcgurn"] * 2 + [
    "agent-meeting", "eliot-ness"]


def position(p0: list[str], p1: list[str] = OPPONENT, upcard: str = "fred-burke",
             stock_top: Sequence[str] = ()) -> CaponeState:
    """A two-player hand with p1 dealing, so that p0 acts first."""
    deck = stacked_deck(CAPONE, 1, [p0, p1], upcard=upcard, stock_top=stock_top)
    state = CAPONE.new_hand(deck, 1)
    assert isinstance(state, CaponeState)
    return state


def greedy(seat: int = 0) -> CaponeGreedyBot:
    bot = get_bot("greedy", CAPONE, seat, seed=1)
    assert isinstance(bot, CaponeGreedyBot)
    return bot


def text(action: object) -> str:
    return CAPONE.action_text(action)


def discards(obs: Observation) -> list[int]:
    return [A.DISCARD + K[k] for k in sorted(obs["hand"], key=K.__getitem__)]


# --- the registry ----------------------------------------------------------------------------

def test_greedy_is_registered_for_capone_only_by_that_name() -> None:
    assert {"greedy", "random"} <= set(bot_names("capone"))
    assert isinstance(get_bot("GREEDY", CAPONE, 1), CaponeGreedyBot)
    with pytest.raises(OptionError, match="no bot 'nosuch'"):
        get_bot("nosuch", CAPONE, 0)


# --- draw ------------------------------------------------------------------------------------

def test_takes_the_discard_that_makes_a_meld_then_melds_it() -> None:
    state = position(["frank-nitti"] * 2 + SINGLES, upcard="frank-nitti")
    bot = greedy()
    choice = bot.choose(state.observation(0), state.legal_actions())
    assert text(choice) == "draw discard"
    state.apply(choice)
    assert text(bot.choose(state.observation(0), state.legal_actions())) == (
        "meld frank-nitti frank-nitti frank-nitti")


def test_draws_the_case_file_when_the_discard_does_not_help() -> None:
    state = position(["frank-nitti"] * 2 + SINGLES, upcard="fred-burke")
    assert text(greedy().choose(state.observation(0), state.legal_actions())) == "draw stock"


def test_takes_a_discard_that_completes_a_set_by_layoff() -> None:
    state = position(["frank-nitti"] * 2 + SINGLES, upcard="mike-heitler")
    obs = state.observation(0)
    obs["areas"][0] = {"mike-heitler": 3}  # the fourth completes the set: 30 instead of 15
    assert text(greedy().choose(obs, state.legal_actions())) == "draw discard"


def test_does_not_end_a_losing_hand_by_drawing_the_case_file_dry() -> None:
    state = position(["frank-nitti"] * 2 + SINGLES, upcard="fred-burke")
    obs = state.observation(0)
    obs["stock_size"] = 2
    obs["areas"][1] = {"mike-heitler": 3}
    assert text(greedy().choose(obs, state.legal_actions())) == "draw discard"
    obs["areas"][0] = {"al-capone": 3}  # now we lead: ending the hand is fine
    assert text(greedy().choose(obs, state.legal_actions())) == "draw stock"


def test_rushes_to_go_out_with_every_al_capone_in_its_area() -> None:
    hand = ["frank-nitti"] * 2 + SINGLES[1:] + ["raid"]
    state = position(hand, upcard="frank-nitti")
    obs = state.observation(0)
    obs["areas"][0] = {"al-capone": 8}  # the exclusion rule is ours if we go out
    assert text(greedy().choose(obs, state.legal_actions())) == "draw discard"  # it melds


def test_the_rush_takes_no_card_it_could_only_throw_back() -> None:
    """A Fred Burke (none in hand, none melded) brings it no nearer to going out: taken and
    thrown back turn after turn, it kept a won hand going round (issue 31)."""
    hand = ["frank-nitti"] * 2 + SINGLES[1:] + ["raid"]
    state = position(hand, upcard="fred-burke")
    obs = state.observation(0)
    obs["areas"][0] = {"al-capone": 8}
    assert text(greedy().choose(obs, state.legal_actions())) == "draw stock"


def test_never_loops_forever_on_the_discard_pile() -> None:
    state = position(["frank-nitti"] * 2 + SINGLES, upcard="fred-burke")
    obs = state.observation(0)
    obs["stock_size"] = 2
    obs["areas"][1] = {"mike-heitler": 3}  # losing: it would rather take the discard …
    bot = greedy()
    choices = [text(bot.choose(obs, state.legal_actions())) for _ in range(3)]
    assert choices == ["draw discard", "draw discard", "draw stock"]  # … but not forever


# --- play ------------------------------------------------------------------------------------

def test_melds_as_many_as_it_can() -> None:
    state = position(["frank-nitti"] * 3 + ["mike-heitler"] + SINGLES[:6],
                     stock_top=["frank-nitti", "jake-guzik"])
    bot = greedy()
    state.apply(bot.choose(state.observation(0), state.legal_actions()))  # draw stock
    assert text(bot.choose(state.observation(0), state.legal_actions())) == (
        "meld frank-nitti frank-nitti frank-nitti frank-nitti")


def test_lays_off_onto_the_other_sides_meld_before_it_discards() -> None:
    state = position(["frank-nitti"] * 2 + SINGLES, stock_top=[
        "samuel-hunt", "william-white", "fred-burke", "fred-burke", "mike-heitler", "mike-heitler"])
    for action in ["draw stock", "discard al-capone",  # p0
                   "draw stock", "meld jake-guzik jake-guzik jake-guzik", "discard fred-burke",
                   "draw stock"]:  # p0 again, holding one Jake Guzik
        state.apply(CAPONE.parse_action(action))
    assert text(greedy().choose(state.observation(0), state.legal_actions())) == (
        "layoff jake-guzik")


def test_plays_a_raid_that_pays() -> None:
    state = position(["raid", *SINGLES, "mike-heitler"], upcard="fred-burke",
                     stock_top=["fred-burke", "samuel-hunt"])
    state.apply(A.DRAW_STOCK)
    obs = state.observation(0)
    obs["areas"] = [{"al-capone": 3}, {"al-capone": 4}]
    obs["hand"].pop("al-capone")
    legal = [A.RAID + G["al-capone"], *discards(obs)]
    assert text(greedy().choose(obs, legal)) == "play raid al-capone"


def test_uses_eliot_ness_but_not_to_end_a_hand_it_is_losing() -> None:
    state = position(["eliot-ness", *SINGLES, "mike-heitler"], upcard="fred-burke",
                     stock_top=["fred-burke", "samuel-hunt"])
    state.apply(A.DRAW_STOCK)
    obs = state.observation(0)
    legal = state.legal_actions()
    assert A.DRAW_TWO in legal
    assert greedy().choose(obs, legal) == A.DRAW_TWO  # two more cards pay
    obs["stock_size"] = 2
    obs["areas"][1] = {"mike-heitler": 3}  # drawing the last two would end a lost hand
    choice = greedy().choose(obs, legal)
    assert choice != A.DRAW_TWO and text(choice) != "discard eliot-ness"


def test_keeps_pairs_when_it_discards() -> None:
    state = position(["frank-nitti"] * 2 + SINGLES, upcard="fred-burke",
                     stock_top=["fred-burke", "mike-heitler"])
    state.apply(A.DRAW_STOCK)
    obs = state.observation(0)
    choice = greedy().choose(obs, discards(obs))
    assert text(choice) != "discard frank-nitti"


def test_discards_what_helps_the_next_player_least() -> None:
    hand = ["raid", "murray-humphreys"] + ["jake-guzik"] * 2 + ["jack-mcgurn"] * 2 + [
        "william-white"] * 2 + ["samuel-hunt"] * 2
    state = position(hand, upcard="fred-burke", stock_top=["fred-burke", "mike-heitler"])
    state.apply(A.DRAW_STOCK)
    obs = state.observation(0)
    legal = discards(obs)
    # a Raid we cannot use and nobody could use against us: the cheapest card to give away
    assert text(greedy().choose(obs, legal)) == "discard raid"
    # p1 has melded Al Capone and our area holds four: the Raid would be turned on us
    obs["areas"] = [{"al-capone": 4}, {"al-capone": 3}]
    assert text(greedy().choose(obs, legal)) == "discard murray-humphreys"


def test_takes_the_best_card_after_search_individually() -> None:
    state = position(["search-warrant"] + ["frank-nitti"] * 2 + SINGLES[:7], upcard="fred-burke")
    state.apply(A.DRAW_STOCK)
    state.apply(A.SEARCH_INDIVIDUALLY)
    obs = state.observation(0)
    obs["underworld"] = ["fred-burke", "frank-nitti", "agent-meeting"]
    legal = [A.TAKE + K[k] for k in obs["underworld"]]
    assert text(greedy().choose(obs, legal)) == "take frank-nitti"


def test_decides_from_the_observation_alone_and_leaves_it_untouched() -> None:
    hand = ["frank-nitti"] * 2 + SINGLES
    one = position(hand, p1=OPPONENT, upcard="fred-burke")
    two = position(hand, p1=["raid"] * 3 + ["search-warrant"] * 5 + ["al-capone"] * 2,
                   upcard="fred-burke", stock_top=["frank-nitti"] * 4)
    for state in (one, two):
        state.apply(A.DRAW_DISCARD)
    assert one.observation(0) == two.observation(0)
    obs = one.observation(0)
    before = copy.deepcopy(obs)
    assert greedy().choose(obs, one.legal_actions()) == greedy().choose(
        two.observation(0), two.legal_actions())
    assert obs == before


# --- whole games -----------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "games"), [(2, 40), (3, 24), (4, 24)])
def test_greedy_beats_random(players: int, games: int) -> None:
    bots = ("greedy", "random") if players != 3 else ("greedy", "random", "random")
    data = simulate(Setup("capone", {"players": players}, bots, seed=2024), games).to_json()
    assert data["errors"] == 0, data["error_messages"]
    assert data["win_rate"]["greedy"] >= 0.8
    assert data["mean_hand_score"]["greedy"] > 2 * data["mean_hand_score"]["random"]


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 3}, {"players": 4},
                                     {"players": 4, "teams": False}])
def test_greedy_self_play_is_legal_and_every_game_ends(options: dict[str, object]) -> None:
    # the simulation abandons a game on any illegal action or after too many decisions
    # one entry: greedy at every seat (two entries at three seats would put one on two sides)
    data = simulate(Setup("capone", options, ("greedy",), seed=77), 12).to_json()
    assert data["errors"] == 0, data["error_messages"]
    assert data["completed"] == 12


def test_greedy_plays_legally_with_other_card_values() -> None:
    cards = {"al-capone": {"set": 200}, "mike-heitler": {"points": 0, "set": 0}}
    setup = Setup("capone", {"players": 2}, ("greedy", "random"), seed=5, cards=cards)
    data = simulate(setup, 6).to_json()
    assert data["errors"] == 0, data["error_messages"]
