"""The ISMCTS bot: options, legal play in every variant, reproducibility, and no peeking.

The bot gets its positions from a :class:`Sampler` that the harness builds; these tests
check that the sampler carries nothing of the true hidden cards.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from random import Random
from types import ModuleType

import pytest
from test_determinize import family_state

from tablerummy.bots import Sampler, bot_names, decide, get_bot, parse_bot_name
from tablerummy.bots.ismcts import ISMCTSBot, game_rewards, margin_rewards
from tablerummy.capone.state import CaponeState
from tablerummy.errors import OptionError
from tablerummy.game import Game
from tablerummy.simulate import Setup, simulate
from tablerummy.variant import Action, Observation, get_variant

VARIANTS = ["capone", "ripper", "fortune", "arlington", "arlington-heights"]


@pytest.mark.parametrize("name", VARIANTS)
def test_ismcts_is_seatable_in_every_variant(name: str) -> None:
    assert "ismcts" in bot_names(name)


def test_bot_names_carry_options_after_colons() -> None:
    assert parse_bot_name("ISMCTS:iterations=50:c=0.5") == (
        "ismcts", {"iterations": "50", "c": "0.5"})
    bot = get_bot("ismcts:iterations=50:c=0.5:depth=3", get_variant("capone"), 0)
    assert isinstance(bot, ISMCTSBot)
    assert (bot.iterations, bot.c, bot.depth, bot.seconds) == (50, 0.5, 3, None)
    default = get_bot("ismcts", get_variant("capone"), 0)
    assert isinstance(default, ISMCTSBot)  # the setting that beat greedy most (docs/bots.md)
    assert (default.iterations, default.prior, default.tree) == (1500, 0.3, 0.3)
    timed_only = get_bot("ismcts:seconds=0.2", get_variant("capone"), 0)
    assert isinstance(timed_only, ISMCTSBot) and timed_only.iterations is None
    plain = get_bot("ismcts:prior=0:tree=0", get_variant("capone"), 0)
    assert isinstance(plain, ISMCTSBot)
    assert (plain.iterations, plain.prior, plain.tree) == (1500, 0.0, 0.0)
    timed = get_bot("ismcts:seconds=0.5", get_variant("capone"), 0)
    assert isinstance(timed, ISMCTSBot)
    assert (timed.iterations, timed.seconds) == (None, 0.5)


@pytest.mark.parametrize("name", [
    "ismcts:iterations=0", "ismcts:iterations=many", "ismcts:speed=3", "ismcts:c",
    "ismcts:seconds=nan", "greedy:iterations=3", "ismcts:iterations=1e99",
])
def test_bad_bot_options_are_one_line_errors(name: str) -> None:
    with pytest.raises(OptionError) as err:
        get_bot(name, get_variant("capone"), 0)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize(("name", "players"), [
    ("capone", 2), ("capone", 4), ("ripper", 3), ("fortune", 2), ("arlington", 2),
    ("arlington-heights", 3),
])
def test_ismcts_plays_a_hand_with_legal_moves_only(name: str, players: int) -> None:
    variant = get_variant(name, {"players": players})
    game = Game(variant, seed=7)
    bots = [get_bot("ismcts:iterations=30:depth=4", variant, s, seed=s) for s in range(players)]
    for _ in range(150):
        if len(game.hands) > 1 or game.game_over:
            break
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions()
        action = decide(bots[seat], game.state, game.observation(seat), legal)
        assert action in legal
        assert bots[seat].sampler is None  # handed for one decision only
        game.apply(action, seat=seat)


def test_ismcts_is_reproducible_with_an_iteration_budget() -> None:
    variant = get_variant("capone")
    game = Game(variant, seed=3)
    choices = []
    for _ in range(2):
        bot = get_bot("ismcts:iterations=100", variant, game.to_act or 0, seed=9)
        seat = game.to_act
        assert seat is not None
        game.apply(game.legal_actions()[0], seat=seat)  # into the play phase
        state = game.state.copy()
        choices.append(decide(bot, state, state.observation(seat), state.legal_actions()))
        game = Game(variant, seed=3)
    assert choices[0] == choices[1]


def test_ismcts_without_a_sampler_says_how_to_ask_it() -> None:
    variant = get_variant("capone")
    game = Game(variant, seed=1)
    bot = get_bot("ismcts", variant, game.to_act or 0)
    with pytest.raises(RuntimeError, match="decide"):
        bot.choose(game.observation(game.to_act or 0), game.legal_actions())


def test_the_sampler_holds_no_true_hidden_card() -> None:
    """Two true positions the seat cannot tell apart give identical samplers and samples."""
    variant = get_variant("capone")
    state = variant.new_hand(variant.shuffled_deck(Random(5)), 1)
    assert isinstance(state, CaponeState)
    other = state.copy()
    # move a hidden card: p1's first card kind trades places with a different stock card
    k = next(i for i, c in enumerate(other.hands[1]) if c)
    j = next(i for i, c in enumerate(other.stock) if c != k)
    other.hands[1][k] -= 1
    other.hands[1][other.stock[j]] += 1
    other.stock[j] = k
    one, two = Sampler(state, 0, Random(1)), Sampler(other, 0, Random(1))
    assert not [name for name in dir(one) if not name.startswith("__")
                and getattr(one, name, None) is state]
    a, b = family_state(one.sample(Random(2))), family_state(two.sample(Random(2)))
    assert (a.hands, a.stock) == (b.hands, b.stock)
    a.hands[0][0] += 5  # a sample is the bot's own to change
    assert family_state(one.sample(Random(2))).hands == b.hands
    assert state.hands[0] == other.hands[0]


def test_rewards_are_margins_in_range_and_the_game_outweighs_them() -> None:
    variant = get_variant("capone")
    state = variant.new_hand(variant.shuffled_deck(Random(1)), 1)
    assert isinstance(state, CaponeState)
    for value in (game_rewards, margin_rewards):
        assert value(state, 2, 100.0, [0, 0], 200, 0.8) == [0.0, 0.0]
    state.areas[0][0] = 8  # all of Al Capone: a complete set
    cut = game_rewards(state, 2, 100.0, [170, 0], 200, 0.8)
    assert cut == [0.8 * m for m in margin_rewards(state, 2, 100.0, [170, 0], 200, 0.8)]
    state.end = "stock-exhausted"
    for value in (game_rewards, margin_rewards):
        near, far = (value(state, 2, 100.0, t, 200, 0.8) for t in ([170, 0], [0, 0]))
        assert -1.0 <= far[1] < 0 < far[0] <= 1.0
        assert near[0] > far[0] and near[1] < far[1]
    won = game_rewards(state, 2, 100.0, [170, 0], 200, 0.8)
    assert won == [1.0, -1.0]  # the most any rollout is worth: more than any cut-off
    assert max(cut) < won[0]
    old = margin_rewards(state, 2, 100.0, [170, 0], 200, 0.8)
    assert old[0] < 1.0  # the old valuation: a cut-off margin of 1 beat this win


@pytest.mark.slow
def test_ismcts_in_simulate_beats_random_in_capone() -> None:
    summary = simulate(Setup("capone", {"players": 2}, ("ismcts:iterations=40:depth=6",
                                                        "random"), seed=1), 4)
    data = summary.to_json()
    assert data["errors"] == 0
    assert data["wins"]["ismcts:iterations=40:depth=6"] >= 3


@pytest.mark.slow
def test_the_bots_benchmark_runs(tmp_path: Path,
                                  benchmark: Callable[[str], ModuleType]) -> None:
    """A smoke run of benchmarks/bots.py (figures are not asserted: no timing in tests)."""
    module = benchmark("bots")
    out = tmp_path / "bench.json"
    assert module.main(["--quick", "--sections", "speed,budget,cost,agreement", "--budgets",
                        "5", "--specs", "greedy,ismcts:iterations=5", "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    start = data["speed"]["capone/2"]["start"]
    assert start["low"] <= start["median"] <= start["high"] and start["low"] > 0
    move = data["speed"]["capone/2"]["move_ms"]  # the default bot's decision, CPU time
    assert move["low"] <= move["median"] <= move["high"] and move["low"] > 0
    assert data["budget"]["5"]["errors"] == 0
    cost = data["cost"]["5"]  # a real game's searched decisions, CPU time each
    assert cost["decisions"] > 0 and 0 < cost["share_run"] <= 1
    assert 0 < cost["median"] <= cost["p90"] <= cost["most"]
    agreement = data["agreement"]  # greedy always plays greedy's move
    assert agreement["agree"]["greedy"] == agreement["decisions"] > 0


def test_the_web_lobby_offers_ismcts(tmp_path: Path) -> None:
    import warnings

    pytest.importorskip("starlette")
    from tablerummy.web import create_app

    with warnings.catch_warnings():  # starlette would rather have httpx2
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    app = create_app(f"sqlite:///{tmp_path / 'lobby.sqlite3'}", bot_delay=0.0)
    with TestClient(app) as client:
        variants = client.get("/api/variants").json()["variants"]
    assert all("ismcts" in v["bots"] for v in variants)


@pytest.mark.parametrize("name", VARIANTS)
def test_a_sampler_crosses_process_boundaries(name: str) -> None:
    import pickle

    variant = get_variant(name)
    state = variant.new_hand(variant.shuffled_deck(Random(3)), 1)
    sampler = Sampler(state, 0, Random(4))
    copy = pickle.loads(pickle.dumps(sampler))
    assert repr(copy.sample(Random(5)).observation(0)) == repr(state.observation(0))
    assert repr(copy.sample(Random(6)).hands) == repr(family_state(sampler.sample(Random(6))).hands)


def test_a_prior_leans_the_root_towards_greedy_and_stays_legal() -> None:
    variant = get_variant("ripper")
    game = Game(variant, seed=2)
    bot = get_bot("ismcts:iterations=20:prior=5:depth=2", variant, game.to_act or 0, seed=1)
    seat = game.to_act
    assert seat is not None
    legal = game.legal_actions()
    assert decide(bot, game.state, game.observation(seat), legal) in legal


def test_a_tree_bias_tries_greedys_move_first_at_every_node() -> None:
    """With ``tree``, a node below the root expands the greedy bot's choice before any
    other, and remembers it; without it, no node holds a hint."""
    variant = get_variant("capone")
    game = Game(variant, seed=4)
    seat = game.to_act
    assert seat is not None
    for spec, hinted in (("ismcts:iterations=60:prior=1:tree=1", True),
                         ("ismcts:iterations=60:tree=0", False)):
        bot = get_bot(spec, variant, seat, seed=1)
        assert isinstance(bot, ISMCTSBot)
        bot.sampler = Sampler(game.state, seat, Random(2))
        root, done = bot.search(game.observation(seat))
        assert done == 60
        inner = [n for child in root.children.values() for n in child.children.values()
                 if len(n.children) > 1]
        assert inner
        if hinted:
            assert all(n.hint is not None for n in inner)
            assert all(n.hint in n.children for n in inner)
        else:
            assert all(n.hint is None for n in inner)
    with pytest.raises(OptionError):
        get_bot("ismcts:tree=-1", variant, 0)


def test_nothing_reachable_from_a_sampler_is_the_true_position() -> None:
    """Walk every object the sampler refers to: neither the state nor its lists are there."""
    import gc
    import types

    variant = get_variant("capone", {"players": 4})
    state = variant.new_hand(variant.shuffled_deck(Random(9)), 0)
    assert isinstance(state, CaponeState)
    sampler = Sampler(state, 1, Random(2))
    secret = {id(state), id(state.hands), id(state.stock),
              *(id(h) for h in state.hands)}
    seen: set[int] = set()
    todo: list[object] = [sampler]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, (types.ModuleType, type)):
            continue
        seen.add(id(obj))
        assert id(obj) not in secret
        todo.extend(gc.get_referents(obj))
    assert len(seen) > 10


def test_the_web_bot_pool_hands_ismcts_a_sampler() -> None:
    """The web table's bot workers get a picklable Sampler in the request, never the state."""
    import pickle

    pytest.importorskip("starlette")
    from tablerummy.bots import wants_sampler
    from tablerummy.web.botpool import BotRequest
    from tablerummy.web.botpool import decide as pool_decide

    variant = get_variant("capone")
    game = Game(variant, seed=4)
    seat = game.to_act
    assert seat is not None
    assert wants_sampler("ismcts:iterations=10", variant) and not wants_sampler("greedy", variant)
    request = BotRequest(
        bot="ismcts:iterations=10", variant="capone", options=dict(variant.options), seat=seat,
        seed=1, observation=game.observation(seat),
        legal=tuple(variant.action_text(a) for a in game.legal_actions()),
        sampler=Sampler(game.state, seat, Random(1)))
    text = pool_decide(pickle.loads(pickle.dumps(request)))
    assert text in request.legal


def test_a_target_too_large_for_a_float_does_not_break_the_search() -> None:
    """A record's options may hold any whole number; the reward scale caps it."""
    variant = get_variant("fortune", {"target": 10**400})
    game = Game(variant, seed=1)
    seat = game.to_act or 0
    bot = get_bot("ismcts:iterations=10", variant, seat, seed=1)
    assert decide(bot, game.state, game.observation(seat), game.legal_actions()) \
        in game.legal_actions()


class _Unsettled(ISMCTSBot):
    """The default search, but every decision spends its whole budget."""

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        return self.ranked(observation, legal)[0] if len(legal) > 1 else legal[0]


@pytest.mark.parametrize(("name", "players"), [("capone", 4), ("fortune", 2), ("ripper", 2)])
def test_stopping_a_settled_search_early_plays_the_same_game(name: str, players: int) -> None:
    """A search stops once no root action can overtake the first: the move, and every
    later one, is what the whole budget would have played (the same seed, the same game)."""
    variant = get_variant(name, {"players": players})
    games = []
    stopped = []
    for cls in (ISMCTSBot, _Unsettled):
        game = Game(variant, seed=11)
        bots = [cls(variant, s, seed=40 + s) for s in range(players)]
        for bot in bots:
            bot.configure({"iterations": "100", "depth": "4"})
        moves: list[Action] = []
        early = 0
        while len(game.hands) == 1 and not game.game_over and len(moves) < 80:
            seat = game.to_act
            assert seat is not None
            legal = game.legal_actions()
            action = decide(bots[seat], game.state, game.observation(seat), legal)
            early += len(legal) > 1 and bots[seat].searched < 100
            moves.append(action)
            game.apply(action, seat=seat)
        games.append(moves)
        stopped.append(early)
    assert games[0] == games[1]
    assert stopped[1] == 0 and stopped[0] > 0  # the settled searches did stop early


@pytest.mark.parametrize("name", VARIANTS)
def test_the_default_budget_is_the_tables_own(name: str) -> None:
    """Each family says what its moves cost (SearchHooks.iterations): more seats, fewer
    iterations; an explicit budget, or a pinned one (ismcts-uniform), wins over it."""
    from tablerummy.bots.ismcts import search_hooks

    budgets = []
    for players in (2, 4):
        variant = get_variant(name, {"players": players})
        bot = get_bot("ismcts", variant, 0)
        assert isinstance(bot, ISMCTSBot)
        assert bot.iterations == search_hooks(variant).iterations(variant) >= 100
        budgets.append(bot.iterations)
        explicit = get_bot("ismcts:iterations=77", variant, 0)
        pinned = get_bot("ismcts-uniform", variant, 0)
        assert isinstance(explicit, ISMCTSBot) and isinstance(pinned, ISMCTSBot)
        assert explicit.iterations == 77
        assert pinned.iterations == 300
    assert budgets[1] < budgets[0]
