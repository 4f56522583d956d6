"""The learned estimate of a cut-off hand: what its features say, how the search reads it,
and the command that fits it."""

from __future__ import annotations

import json
from pathlib import Path
from random import Random

import pytest

from tablerummy.bots import get_bot
from tablerummy.bots.ismcts import ISMCTSBot, search_hooks
from tablerummy.bots.learn import main as learn
from tablerummy.capone.cards import AL_CAPONE, NG
from tablerummy.capone.estimate import FEATURES, features
from tablerummy.capone.state import CaponeState
from tablerummy.errors import OptionError
from tablerummy.family import SearchHooks
from tablerummy.registry import family_of
from tablerummy.variant import get_variant


def _hand(players: int = 2, seed: int = 4) -> CaponeState:
    variant = get_variant("capone", {"players": players})
    state = variant.new_hand(variant.shuffled_deck(Random(seed)), 0)
    assert isinstance(state, CaponeState)
    return state


def _only(state: CaponeState, seat: int, counts: dict[int, int]) -> None:
    """Give ``seat`` exactly ``counts`` (kind: copies), the rest of its hand to the stock."""
    hand = state.hands[seat]
    for k, c in enumerate(hand):
        state.stock.extend([k] * c)
    hand[:] = [0] * len(hand)
    for k, c in counts.items():
        hand[k] = c
        for _ in range(c):
            state.stock.remove(k)
    state.sizes[seat] = sum(counts.values())


def test_the_features_say_what_the_hand_could_put_down() -> None:
    state = _hand()
    _only(state, 0, {AL_CAPONE: 3, 1: 1, NG: 1})  # three Al Capones, one Humphreys, a Gavel
    facts = dict(zip(FEATURES, features(state, 0), strict=True))
    cards = state.variant.cards
    assert facts["bias"] == 1
    assert facts["playable"] == cards.area_points(AL_CAPONE, 3)
    assert facts["waiting"] == cards.points[1]
    assert (facts["gavels"], facts["cards"]) == (1, 5)
    state.areas[1][1] = 3  # Humphreys melded by the other side: the one in hand plays now
    facts = dict(zip(FEATURES, features(state, 0), strict=True))
    assert facts["playable"] == cards.area_points(AL_CAPONE, 3) + cards.points[1]
    assert facts["waiting"] == 0


def test_the_estimate_adds_the_points_still_to_bank_and_is_exact_once_over() -> None:
    hooks = family_of(get_variant("capone")).search()
    state = _hand()
    weights = hooks.weights("capone", 2)
    assert weights is not None and len(weights) == len(FEATURES)
    now = hooks.standing(state)
    expected = [now[s] + sum(w * f for w, f in zip(weights, features(state, s), strict=True))
                for s in range(2)]
    assert hooks.estimate(state) == pytest.approx(expected)
    assert hooks.estimate(state) != now
    while not state.is_over:  # play the hand out: then the estimate is the score
        state.apply_unchecked(state.legal_actions()[-1])
    assert hooks.estimate(state) == hooks.standing(state)


@pytest.mark.parametrize(("family", "variants", "counts"), [
    ("capone", ["capone"], ["2", "3", "4"]),
    ("ripper", ["ripper"], ["2", "3", "4"]),
    ("fortune", ["fortune", "arlington", "arlington-heights"], ["2", "3", "4"]),
])
def test_the_shipped_weights_cover_every_variant_and_say_how_they_were_made(
        family: str, variants: list[str], counts: list[str]) -> None:
    hooks = family_of(get_variant(family)).search()
    assert hooks.estimate_file is not None
    data = json.loads(hooks.estimate_file.read_text(encoding="utf-8"))
    assert data["features"] == list(hooks.feature_names)
    assert data["command"].startswith(f"python -m tablerummy.bots.learn {variants[0]}")
    for name in variants:
        assert sorted(data["weights"][name]) == counts
        for fit in data["fit"][name].values():  # it explains what the standing cannot
            assert fit["r2"] > 0.2 > fit["r2_standing"]
        for players in (2, 3, 4, 5):
            weights = hooks.weights(name, players)
            assert weights is not None and len(weights) == len(hooks.feature_names)


@pytest.mark.parametrize(("name", "players"), [("ripper", 3), ("fortune", 2),
                                               ("arlington", 3), ("arlington-heights", 2)])
def test_every_family_estimates_a_hand_under_way_and_scores_a_finished_one(
        name: str, players: int) -> None:
    variant = get_variant(name, {"players": players})
    hooks = family_of(variant).search()
    state = variant.new_hand(variant.shuffled_deck(Random(3)), 0)
    rng = Random(5)
    for _ in range(12):  # into the hand a little
        state.apply_unchecked(rng.choice(state.legal_actions()))
    assert not state.is_over
    assert len(hooks.features(state, 0)) == len(hooks.feature_names)
    assert hooks.estimate(state) != hooks.standing(state)
    while not state.is_over:
        state.apply_unchecked(rng.choice(state.legal_actions()))
    assert hooks.estimate(state) == hooks.standing(state)


def test_a_family_without_weights_values_a_hand_by_its_standing() -> None:
    hooks = SearchHooks()
    state = _hand()
    assert hooks.weights("capone", 2) is None
    assert hooks.estimate(state) == hooks.standing(state)
    with pytest.raises(NotImplementedError):
        hooks.features(state, 0)


def test_the_search_reads_the_estimate_unless_told_to_stand() -> None:
    variant = get_variant("capone")
    bot = get_bot("ismcts", variant, 0)
    assert isinstance(bot, ISMCTSBot) and bot.estimate == "learned"
    plain = get_bot("ismcts:estimate=standing", variant, 0)
    assert isinstance(plain, ISMCTSBot) and plain.estimate == "standing"
    with pytest.raises(OptionError, match="learned or standing"):
        get_bot("ismcts:estimate=oracle", variant, 0)


@pytest.mark.parametrize(("name", "expected"), [
    ("capone", "learned"), ("ripper", "learned"), ("fortune", "learned"),
    ("arlington", "standing"), ("arlington-heights", "standing")])
def test_the_default_search_reads_the_estimate_its_table_measured_stronger(
        name: str, expected: str) -> None:
    """The Arlington tables have fitted weights, but their search played stronger on the
    standing (SearchHooks.stands): the default there stands, and says so; asked for,
    the learned estimate is still read."""
    variant = get_variant(name)
    hooks = search_hooks(variant)
    assert hooks.weights(name, 2) is not None
    assert hooks.default_estimate(variant) == expected
    bot = get_bot("ismcts", variant, 0)
    assert isinstance(bot, ISMCTSBot) and bot.estimate == expected
    asked = get_bot("ismcts:estimate=learned", variant, 0)
    assert isinstance(asked, ISMCTSBot) and asked.estimate == "learned"


def test_a_table_without_weights_defaults_to_the_standing() -> None:
    assert SearchHooks().default_estimate(get_variant("capone")) == "standing"


def test_the_fitting_command_writes_the_same_weights_for_the_same_seed(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    out = [tmp_path / "a.json", tmp_path / "b.json"]
    for path in out:
        assert learn(["capone", "--players", "2", "--hands", "40", "--out", str(path)]) == 0
    one, two = (json.loads(p.read_text(encoding="utf-8")) for p in out)
    assert one["weights"] == two["weights"]
    assert len(one["weights"]["capone"]["2"]) == len(FEATURES)
    assert one["fit"]["capone"]["2"]["samples"] > 100


@pytest.mark.parametrize(("args", "says"), [
    (["nope"], "error: unknown variant 'nope'"),
    (["capone,fortune"], "error: capone,fortune are not variants of one family"),
    (["capone", "--players", "9"], "error: option players=9"),
    (["capone", "--players", "٢"], "error: --players takes player counts"),
    (["capone", "--players", "2,7"], "error: option players=7"),
    (["capone", "--hands", "0"], "error: --hands takes 5"),
    (["capone", "--every", "0"], "error: --hands takes 5"),
])
def test_the_fitting_command_refuses_bad_input_in_one_line(
        args: list[str], says: str, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    assert learn(["--hands", "1", *args, "--out", str(tmp_path / "w.json")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(says) and err.count("\n") == 1
    assert not (tmp_path / "w.json").exists()


def test_the_search_before_issue_29_keeps_its_name() -> None:
    old = get_bot("ismcts-uniform", get_variant("capone"), 0)
    assert isinstance(old, ISMCTSBot)
    assert (old.iterations, old.beliefs, old.estimate) == (300, False, "standing")
    assert (old.prior, old.tree, old.seconds) == (1.0, 1.0, None)


@pytest.mark.parametrize(("name", "players"), [("capone", 2), ("ripper", 3), ("fortune", 2)])
def test_no_peeking_the_search_with_its_estimate_decides_alike_where_the_seat_cannot_tell(
        name: str, players: int) -> None:
    """The default search (beliefs, learned estimate), seeded alike, at two true positions
    its seat cannot tell apart: the same move, and the same visits to every root action."""
    from test_determinize import hidden_variant, positions

    from tablerummy.bots import Sampler

    rng = Random(f"estimate-peek/{name}/{players}")
    compared = 0
    for state in positions(name, players, seed=40 + players, every=11):
        seat = state.to_act
        if seat is None or len(state.legal_actions()) < 2:
            continue
        alt = hidden_variant(state, seat, rng)
        if alt is None:
            continue
        seed = rng.randrange(10**9)
        visits = []
        for position in (state, alt):
            bot = get_bot("ismcts:iterations=60:depth=4", position.variant, seat, seed=seed)
            assert isinstance(bot, ISMCTSBot) and bot.estimate == "learned"
            bot.sampler = Sampler(position, seat, Random(seed))
            root, _ = bot.search(position.observation(seat))
            visits.append({a: (n.visits, round(n.reward, 9)) for a, n in root.children.items()})
        assert visits[0] == visits[1]
        compared += 1
    assert compared >= 5
