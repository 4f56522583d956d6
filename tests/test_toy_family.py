"""The proof of the plug-in interface: a sixth family installed beside tablerummy.

``tests/toyrummy`` is a separate distribution (its own ``pyproject.toml`` and entry
point) that tablerummy's code has never heard of.  Installed by :mod:`toy_install`, it
must be listed, simulated, played in the terminal, verified and searched by ``ismcts``
with no change to tablerummy — and its package may import only tablerummy's public
interface.  The web table and the RL adapters are proved in ``tests/web/test_toy_web.py``
and ``tests/envs/test_toy_envs.py``.
"""

from __future__ import annotations

import ast
import json
import os
import random
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pty_terminal import PtyTerminal
from test_play_terminal import check_screen
from toy_install import SOURCE, TOY, installed

from tablerummy import registry
from tablerummy.bots import decide
from tablerummy.bots.ismcts import ISMCTSBot
from tablerummy.errors import IllegalActionError, NotationError, OptionError
from tablerummy.game import Game
from tablerummy.variant import HandState, Variant

PUBLIC = {"tablerummy.family", "tablerummy.variant", "tablerummy.registry", "tablerummy.bots",
          "tablerummy.present", "tablerummy.events", "tablerummy.notation",
          "tablerummy.errors", "tablerummy.envs.spaces", "tablerummy.envs.tensors"}
"""What a family package may import of tablerummy: its plug-in interface and helpers."""


@pytest.fixture(scope="module")
def toy_path(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The toy installed for this module's tests; the ``PYTHONPATH`` for subprocesses."""
    with installed(tmp_path_factory.mktemp("site")) as path:
        yield path


@pytest.fixture
def toy(toy_path: str) -> Variant:
    return registry.variant_class("toy")()


def tablerummy(toy_path: str, cwd: Path, *args: str, stdin: str | None = None,
               timeout: float = 300) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=toy_path, COLUMNS="100")
    return subprocess.run([sys.executable, "-m", "tablerummy", *args], input=stdin,
                          capture_output=True, text=True, cwd=cwd, env=env, timeout=timeout,
                          check=False)


# --- the package ------------------------------------------------------------------------------


def test_the_package_imports_only_tablerummys_public_interface() -> None:
    found: set[str] = set()
    for path in (SOURCE / "toyrummy").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
                private = [a.name for a in node.names if a.name.startswith("_")]
                assert not private, f"{path.name} imports private {private}"
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            found.update(n for n in names if n.split(".")[0] == "tablerummy")
    assert found <= PUBLIC, found - PUBLIC
    assert "tablerummy.family" in found  # the scan sees the imports (it can fail)


def test_the_entry_point_adds_the_variant_and_leaving_removes_it(
        tmp_path: Path) -> None:
    if "toy" in registry.variant_names():  # only when run after the module's fixture
        pytest.skip("the toy is installed for this module's other tests already")
    with installed(tmp_path):
        from toyrummy.plugin import FAMILY

        assert "toy" in registry.variant_names()
        assert registry.family_of("toy") is FAMILY
        assert registry.variant_class("toy").name == "toy"
        assert FAMILY in registry.families()
    assert "toy" not in registry.variant_names()
    with pytest.raises(OptionError, match="unknown variant 'toy'"):
        registry.family_of("toy")


# --- the rules through the interface --------------------------------------------------------


def _random_states(variant: Variant, games: int,
                   most: int = 250) -> Iterator[tuple[Game, HandState]]:
    """The first ``most`` positions of random games (several hands), with their game
    (copies: they may be kept)."""
    rng = random.Random(1)
    for seed in range(games):
        game = Game(variant, seed=seed, log=True)
        for _ in range(most):
            if game.game_over:
                break
            copy = game.copy()
            yield copy, copy.state
            game.apply(rng.choice(game.legal_actions()), game.to_act)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_position_keeps_the_interfaces_promises(toy_path: str, players: int) -> None:
    from toyrummy.observer import ToyView
    from toyrummy.plugin import FAMILY

    variant = registry.variant_class("toy")({"players": players})
    observer = FAMILY.observer(variant)
    every = range(variant.num_actions)  # type: ignore[attr-defined]
    finished = 0
    for game, state in _random_states(variant, 2):
        seat = state.to_act
        assert seat is not None
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        for action in legal:
            assert variant.parse_action(variant.action_text(action)) == action
        illegal = [a for a in every if a not in legal]
        for action in illegal[:: max(1, len(illegal) // 12)]:
            with pytest.raises(IllegalActionError) as err:
                state.copy().apply(action)
            assert str(err.value).count("\n") == 0 and state.why_illegal(action)
        for s in range(players):
            observer.set_from(state, s)
            obs = observer.dict()
            assert obs == state.observation(s)
            assert ToyView.from_observation(obs) == observer.compact() == \
                state.compact_observation(s)
        if len(game.hands) > 1 and game.hands[-2].final is not None:
            final = game.hands[-2].final
            scores = final.scores()
            assert [sum(p for _, p in side) for side in final.breakdown()] == scores
            finished += 1
    assert finished


def test_parsing_forgives_spelling_and_refuses_nonsense(toy: Variant) -> None:
    meld = toy.parse_action("meld r5, R3 r4")
    assert toy.action_text(meld) == "meld r3 r4 r5"
    assert toy.action_text(toy.parse_action("dr st")) == "draw stock"
    assert toy.action_text(toy.parse_action("MELD b7 g7 r7")) == "meld r7 g7 b7"
    for bad, says in [("meld r3 r4 g5", "a meld is"), ("meld r3 r3 r4", "a meld is"),
                      ("discard x9", "not a toy card"), ("", "empty"), ("draw", "expected"),
                      ("jump r1", "not a verb")]:
        with pytest.raises(NotationError, match=says):
            toy.parse_action(bad)
    with pytest.raises(OptionError):
        registry.variant_class("toy")({"players": 5})
    with pytest.raises(OptionError, match="no card values"):
        registry.variant_class("toy")(cards={"r1": {"points": 2}})


def _twin(state: HandState, seat: int, rng: random.Random) -> HandState:
    """The same position with every card ``seat`` cannot see dealt otherwise: the other
    hands (but for the cards everyone saw them take) and the stock."""
    from toyrummy.state import ToyState

    assert isinstance(state, ToyState)
    twin = state.copy()
    hidden = [c for p, hand in enumerate(twin.hands) if p != seat
              for c in hand if c not in twin.taken[p]] + twin.stock
    rng.shuffle(hidden)
    for p, hand in enumerate(twin.hands):
        if p != seat:
            keep = [c for c in hand if c in twin.taken[p]]
            hand[:] = keep + [hidden.pop() for _ in range(len(hand) - len(keep))]
    twin.stock = hidden
    return twin


def test_no_seat_sees_a_hidden_card(toy: Variant) -> None:
    """What a seat is shown — observation, compact view, tensor — is the same in every
    position it cannot tell apart (and the test can tell positions apart)."""
    from toyrummy.plugin import FAMILY

    numpy = pytest.importorskip("numpy")
    encoder = FAMILY.encoder(toy)
    differ = 0
    for game, state in list(_random_states(toy, 1))[::3]:
        for seat in range(toy.players):
            twin = _twin(state, seat, random.Random(seat))
            differ += twin.reveal() != state.reveal()
            assert twin.observation(seat) == state.observation(seat)
            assert twin.compact_observation(seat) == state.compact_observation(seat)
            assert numpy.array_equal(encoder.encode_state(twin, seat, game.totals),
                                     encoder.encode_state(state, seat, game.totals))
    assert differ


def test_determinize_redeals_only_what_the_seat_cannot_see(toy: Variant) -> None:
    from toyrummy.state import ToyState

    positions = [s for _, s in _random_states(toy, 2)][5::7]
    assert positions
    for state in positions:
        assert isinstance(state, ToyState)
        seat = state.to_act
        assert seat is not None
        twin = _twin(state, seat, random.Random(9))
        dealt = state.determinize(seat, random.Random(5))
        again = twin.determinize(seat, random.Random(5))
        assert dealt.reveal() == again.reveal()  # nothing hidden steered the deal
        assert dealt.observation(seat) == state.observation(seat)
        for p in range(toy.players):
            assert len(dealt.hands[p]) == len(state.hands[p])
            assert set(state.taken[p]) <= set(dealt.hands[p])
        every = [*dealt.stock, *dealt.discard, *(c for h in dealt.hands for c in h),
                 *(c for melds in dealt.melds for m in melds for c in m)]
        assert sorted(every) == list(range(30))
    # and it can fail: the true hands are not what a determinization deals every time
    state = positions[0]
    seat = state.to_act
    assert seat is not None
    assert any(state.determinize(seat, random.Random(k)).reveal() != state.reveal()
               for k in range(5))


def test_the_events_tell_a_drawn_card_to_its_drawer_only(toy: Variant) -> None:
    from toyrummy.plugin import FAMILY
    from toyrummy.state import ToyState

    game = Game(toy, seed=4, log=True)
    seat = game.to_act
    assert seat is not None
    game.apply("draw stock", seat)
    state = game.state
    assert isinstance(state, ToyState)
    drawn = FAMILY.card_names(toy)[toy.deck()[state.hands[seat][-1]]]
    assert game.events(seat)[-1] == f"you drew {drawn} from the stock"
    assert game.events(None)[-1] == game.events(1 - seat)[-1] == \
        f"p{seat} drew from the stock"


def test_greedy_beats_random_and_ismcts_searches(toy: Variant) -> None:
    from toyrummy.plugin import FAMILY

    (greedy,) = FAMILY.bots()
    wins = 0
    for seed in range(12):
        game = Game(toy, seed=seed)
        bots = {seed % 2: greedy(toy, seed % 2, seed)}
        rng = random.Random(seed)
        while not game.game_over:
            seat = game.to_act
            assert seat is not None
            legal = game.legal_actions()
            bot = bots.get(seat)
            game.apply_legal(bot.choose(game.observation(seat), legal) if bot
                             else rng.choice(legal))
        wins += game.winner == seed % 2
    assert wins >= 9, wins
    # ismcts through the harnesses' door (a Sampler of its own seat), without the greedy
    # prior, which needs the bot registry to read the family's bots
    game = Game(toy, seed=3)
    searcher = ISMCTSBot(toy, 0, seed=1)
    searcher.configure({"iterations": "40", "prior": "0", "tree": "0"})
    for _ in range(12):
        seat = game.to_act
        if seat is None:
            break
        legal = game.legal_actions()
        action = (decide(searcher, game.state, game.observation(0), legal) if seat == 0
                  else legal[0])
        assert action in legal
        game.apply_legal(action)


def test_the_presenter_views_the_table(toy: Variant) -> None:
    from toyrummy.plugin import FAMILY

    game = Game(toy, seed=2)
    seat = game.to_act
    assert seat is not None
    game.apply("draw stock", seat)
    view = FAMILY.present(toy, game.observation(seat))
    assert {"variant", "title", "seat", "to_act", "phase", "prompt", "players", "hand",
            "areas", "piles", "scores", "private", "end", "breakdown"} <= set(view)
    held = [c["id"] for group in view["hand"] for c in group["cards"]]
    assert held == game.observation(seat)["hand"] and len(held) == 6
    assert [p["name"] for p in view["piles"]] == ["Stock", "Discard pile"]
    assert view["prompt"].startswith("your turn: meld")
    names = FAMILY.card_names(toy)
    faces = FAMILY.card_faces(toy)
    assert set(names) == set(faces) == set(toy.deck())
    assert FAMILY.move_words(["meld", "r3", "r4", "r5"], names.__getitem__) == \
        "Meld Red 3, Red 4, Red 5"
    assert FAMILY.move_words(["draw", "discard"], names.__getitem__) == \
        "Take the top of the discard pile"


def test_the_tensor_is_written_from_the_observation_alone(toy_path: str) -> None:
    pytest.importorskip("numpy")
    from toyrummy.plugin import FAMILY

    variant = registry.variant_class("toy")({"players": 3})
    encoder = FAMILY.encoder(variant)
    space = FAMILY.action_space(variant)
    assert space.size == variant.num_actions  # type: ignore[attr-defined]
    for game, state in list(_random_states(variant, 1))[::5]:
        for seat in range(3):
            tensor = encoder.encode_state(state, seat, game.totals, game.game_over)
            assert tensor.shape == encoder.shape and tensor.dtype.name == "float32"
            assert (encoder.encode(game.observation(seat)) == tensor).all()
            assert tensor.min() >= -4 and tensor.max() <= 4
        legal = state.legal_actions()
        mask = space.mask(legal, state.to_act or 0)
        assert [i for i, m in enumerate(mask) if m] == sorted(legal)  # type: ignore[type-var]
    assert encoder.layout[-1][1] + encoder.layout[-1][2] == encoder.shape[0]


# --- the commands (tablerummy's own code finds the toy through its entry point) -----------------


def test_variants_and_rules_list_the_toy(toy_path: str, tmp_path: Path) -> None:
    listed = tablerummy(toy_path, tmp_path, "variants")
    assert listed.returncode == 0, listed.stderr
    assert "toy" in listed.stdout and "Toy Rummy" in listed.stdout
    assert "capone" in listed.stdout  # beside tablerummy's own
    rules = tablerummy(toy_path, tmp_path, "rules", "toy", "-o", "players=3")
    assert rules.returncode == 0, rules.stderr
    assert "3 players" in rules.stdout


def _summary(done: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    data: dict[str, Any] = json.loads(done.stdout)
    return data


def test_simulate_plays_the_toy_with_greedy_and_random(toy_path: str, tmp_path: Path) -> None:
    data = _summary(tablerummy(toy_path, tmp_path, "simulate", "toy", "--bots", "greedy,random",
                               "--games", "20", "--seed", "1", "--json", "--save", "games"))
    assert data["completed"] == 20 and data["errors"] == 0
    assert data["wins"]["greedy"] > data["wins"]["random"]
    record = sorted((tmp_path / "games").iterdir())[0]
    checked = tablerummy(toy_path, tmp_path, "verify", str(record))
    assert checked.returncode == 0, checked.stderr
    assert json.loads(checked.stdout)["game_over"] is True
    # a record with a move that breaks the rules is refused, in one line
    data = json.loads(record.read_text())
    data["hands"][0]["actions"][1] = "meld r1 r2 r3 r4 r5 r6 r7 r8 r9 r10"
    record.write_text(json.dumps(data))
    refused = tablerummy(toy_path, tmp_path, "verify", str(record))
    assert refused.returncode != 0 and "Traceback" not in refused.stderr
    assert "you do not hold" in refused.stdout + refused.stderr


@pytest.mark.slow
def test_simulate_plays_the_toy_with_ismcts(toy_path: str, tmp_path: Path) -> None:
    data = _summary(tablerummy(toy_path, tmp_path, "simulate", "toy", "--bots",
                               "ismcts:iterations=50,greedy", "--games", "2", "--seed", "3",
                               "--json", "-o", "target=20"))
    assert data["completed"] == 2 and data["errors"] == 0


@pytest.mark.slow
def test_play_a_whole_game_in_the_terminal(toy_path: str, tmp_path: Path) -> None:
    # draw from the stock, then the first entry of the menu (a meld when there is one,
    # else a discard): the lines fall back into step after a refused one
    done = tablerummy(toy_path, tmp_path, "play", "toy", "--seats", "human,greedy", "--seed",
                      "5", "-o", "target=30", "--save", "g.json", stdin="draw stock\n1\n" * 600)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "win the game" in done.stdout or "p1 wins the game" in done.stdout
    assert "Hand 1 is over" in done.stdout
    assert "Red" in done.stdout or "Green" in done.stdout or "Blue" in done.stdout
    record = json.loads((tmp_path / "g.json").read_text())
    assert record["variant"] == "toy" and record["seed"] == 5
    checked = tablerummy(toy_path, tmp_path, "verify", "g.json")
    assert json.loads(checked.stdout)["game_over"] is True


@pytest.mark.slow
def test_a_toy_turn_on_a_real_terminal(toy_path: str, tmp_path: Path) -> None:
    term = PtyTerminal(["play", "toy", "--seats", "human,greedy", "--seed", "3"], tmp_path,
                       env={"PYTHONPATH": toy_path})
    try:
        assert term.wait_prompt("p0>", "your turn"), term.text()
        term.send("draw stock\r")
        assert term.wait_prompt("p0>", "meld, lay off"), term.text()
        screen = term.display()
        term.send("save turn.json\r")
        assert term.wait_for("game record saved to turn.json")
        term.send("quit\r")
        assert term.wait_for("file name, or Enter for no")
        term.send("\r")
        assert term.proc.wait(timeout=60) == 0
    finally:
        term.close()
    check_screen(screen, tmp_path / "turn.json")  # hand, piles, scores, prompt: all shown
    assert "Traceback" not in term.raw.decode("utf-8", "replace")


@pytest.mark.slow
def test_pip_installs_the_toy_into_a_clean_venv(tmp_path: Path) -> None:
    """The real thing once: the toy built as a wheel and installed by pip into a new
    environment, whose ``tablerummy`` then plays it."""
    def run(*cmd: str | Path) -> subprocess.CompletedProcess[str]:
        done = subprocess.run([str(c) for c in cmd], capture_output=True, text=True,
                              cwd=tmp_path, timeout=300, check=False, env=env)
        assert done.returncode == 0, f"{cmd}: {done.stderr or done.stdout}"
        return done

    # tablerummy itself from where this test imports it (an editable install's finder
    # is not seen through a plain path)
    env = dict(os.environ, PYTHONPATH=str(Path(registry.__file__).resolve().parents[1]))
    source = tmp_path / "toyrummy"  # built from a copy: nothing is written into the checkout
    shutil.copytree(TOY, source, ignore=shutil.ignore_patterns("build", "*.egg-info"))
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
        "--wheel-dir", tmp_path / "wheels", source)
    (wheel,) = (tmp_path / "wheels").glob("toyrummy-*.whl")
    run(sys.executable, "-m", "venv", "--without-pip", tmp_path / "venv")
    python = tmp_path / "venv" / "bin" / "python"
    site = run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))").stdout
    # tablerummy and its dependencies as the test environment has them (its metadata,
    # with the built-in families' entry points, is in that site-packages)
    Path(site.strip(), "_test_deps.pth").write_text(sysconfig.get_path("purelib") + "\n")
    run(sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-index",
        "--no-deps", wheel)
    where = run(python, "-c", "import toyrummy; print(toyrummy.__file__)").stdout
    assert where.startswith(str(tmp_path / "venv")), where
    listed = run(python, "-m", "tablerummy", "variants").stdout
    assert "toy" in listed and "capone" in listed
    data = json.loads(run(python, "-m", "tablerummy", "simulate", "toy", "--games", "3",
                          "--json").stdout)
    assert data["completed"] == 3 and data["variant"] == "toy"
