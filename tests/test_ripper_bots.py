"""The ``ripper`` bots: legal, from the observation only, and greedy in the ways it claims.

Positions are built by dealing a stacked deck and then laying cards into the areas by
hand (a test-only shortcut), so that each test shows one decision of the greedy bot.
"""

from __future__ import annotations

from collections.abc import Sequence

from tablerummy.bots import get_bot
from tablerummy.ripper import actions as A
from tablerummy.ripper.cards import KINDS
from tablerummy.ripper.state import DRAW, PLAY, RipperState
from tablerummy.simulate import Setup, simulate
from tablerummy.stacking import stacked_deck
from tablerummy.variant import get_variant

_INDEX = {k: i for i, k in enumerate(KINDS)}


def _position(hand0: Sequence[str], area0: Sequence[str] = (), area1: Sequence[str] = (),
              phase: int = PLAY, gavel_played: bool = False) -> RipperState:
    """p0 to act holding ``hand0``; the areas as given (a Victim is always in play)."""
    variant = get_variant("ripper")
    deck = stacked_deck(variant, 1, [list(hand0)[:10], []], "letters")
    state = variant.new_hand(deck, 1)
    assert isinstance(state, RipperState)
    state.hands[0] = [0] * len(KINDS)
    for card in hand0:
        state.hands[0][_INDEX[card]] += 1
    state.sizes[0] = len(hand0)
    for seat, cards in ((0, area0), (1, area1)):
        for card in cards:
            state.areas[seat][_INDEX[card]] += 1
    state.victims = sum(1 for c in [*area0, *area1] if c.startswith("victim-"))
    state.phase = phase
    state.gavel_played = gavel_played
    return state


def _greedy_choice(state: RipperState) -> str:
    bot = get_bot("greedy", state.variant, 0, seed=1)
    legal = state.legal_actions()
    choice = bot.choose(state.observation(0), legal)
    assert choice in legal
    return state.variant.action_text(choice)


def test_greedy_plays_an_alibi_against_a_rival_suspect() -> None:
    state = _position(
        ["alibi-gull", "jill", "chapman", "pedachenko"],
        area0=["victim-nichols", "druitt", "druitt", "druitt"],
        area1=["gull", "gull", "gull", "gull", "gull"],
    )
    assert _greedy_choice(state) == "play alibi-gull"


def test_greedy_keeps_the_alibi_of_its_own_suspect() -> None:
    state = _position(
        ["alibi-druitt", "jill", "chapman", "pedachenko"],
        area0=["victim-nichols", "druitt", "druitt", "druitt", "druitt"],
        area1=["gull", "gull", "gull"],
    )
    assert _greedy_choice(state) != "play alibi-druitt"


def test_greedy_pushes_the_suspect_it_holds() -> None:
    state = _position(
        ["suspect-druitt", "suspect-gull", "chapman", "pedachenko"],
        area0=["victim-nichols", "druitt", "druitt", "druitt"],
        area1=["gull", "gull", "gull", "gull"],
    )
    assert _greedy_choice(state) == "play suspect-druitt"


def test_greedy_calls_the_vote_when_it_leads() -> None:
    state = _position(
        ["jill", "chapman", "pedachenko"],
        area0=["victim-nichols", "druitt", "druitt", "druitt", "druitt", "suspect-druitt"],
        area1=["gull", "gull", "gull"], phase=DRAW,
    )
    assert _greedy_choice(state) == "vote call"


def test_greedy_does_not_call_the_vote_when_a_rival_leads() -> None:
    state = _position(
        ["jill", "chapman", "pedachenko"],
        area0=["victim-nichols", "druitt", "druitt", "druitt"],
        area1=["gull", "gull", "gull", "gull", "gull", "suspect-gull"], phase=DRAW,
    )
    assert _greedy_choice(state) != "vote call"


def test_greedy_votes_for_the_leader() -> None:
    state = _position(
        ["jill", "chapman", "pedachenko"],
        area0=["victim-nichols", "druitt", "druitt", "druitt"],
        area1=["gull", "gull", "gull", "gull", "gull", "suspect-gull"], phase=DRAW,
    )
    state.apply(A.VOTE_CALL)
    assert _greedy_choice(state) == "vote gull"


def test_greedy_holds_ripper_escapes_while_victims_come_down() -> None:
    state = _position(
        ["ripper-escapes", "commissioner-resigns", "jill", "chapman"],
        area0=["victim-nichols", "victim-stride", "druitt", "druitt", "druitt"],
        area1=["victim-kelly"], gavel_played=True,
    )
    assert _greedy_choice(state) != "discard ripper-escapes"


def test_greedy_plays_the_fifth_victim_and_escapes() -> None:
    victims = ["victim-nichols", "victim-chapman", "victim-stride", "victim-eddowes"]
    state = _position(["victim-kelly", "ripper-escapes", "jill", "chapman"],
                      area0=victims[:2], area1=victims[2:])
    assert _greedy_choice(state).startswith("play victim-kelly")
    state.apply(state.variant.parse_action("play victim-kelly draw-two"))
    assert _greedy_choice(state) == "play ripper-escapes"


def test_greedy_avoids_the_fifth_victim_when_a_rival_may_escape() -> None:
    victims = ["victim-nichols", "victim-chapman", "victim-stride", "victim-eddowes"]
    state = _position(["victim-kelly", "jill", "chapman", "gull"],
                      area0=victims[:2], area1=victims[2:])
    assert not _greedy_choice(state).startswith("play victim-kelly")


def test_greedy_escapes_out_of_turn() -> None:
    state = _position(["jill", "chapman", "ripper-escapes"],
                      area0=["victim-nichols", "victim-chapman"],
                      area1=["victim-stride", "victim-eddowes", "druitt", "druitt", "druitt"])
    # p1's turn, p1 plays the fifth Victim: p0 holds Ripper Escapes
    state.seat = state.actor = 1
    state.hands[1][_INDEX["victim-kelly"]] += 1
    state.sizes[1] += 1
    state.apply(state.variant.parse_action("play victim-kelly draw-two"))
    assert state.to_act == 0
    assert _greedy_choice(state) == "play ripper-escapes"


def test_greedy_beats_random_and_every_game_ends() -> None:
    summary = simulate(Setup("ripper", {"players": 2}, ("greedy", "random"), seed=11), 30)
    assert summary.errors == []
    assert summary.wins["greedy"] >= 27


def test_greedy_and_random_play_three_and_four_handed() -> None:
    for players, bots in ((3, ("greedy", "random", "greedy")),
                          (4, ("random", "greedy", "random", "greedy"))):
        summary = simulate(Setup("ripper", {"players": players}, bots, seed=5), 6)
        assert summary.errors == []
        assert summary.completed == 6
