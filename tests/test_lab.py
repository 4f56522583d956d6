"""``tablerummy lab``: the game-shape statistics, the report, the clairvoyant's fence, the CLI.

Statistics are checked against what an independent path says about the same games: the
game records replayed by :mod:`tablerummy.records` and counted here from the final
positions (not through the lab's facts or the breakdown's labels).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tablerummy.cli import main
from tablerummy.lab.facts import game_facts
from tablerummy.lab.seats import LAB_HOOKS
from tablerummy.lab.shape import lead_changes, run_shape
from tablerummy.lab.stats import bootstrap, describe, mean_interval, rate
from tablerummy.oklahoma.cards import QS
from tablerummy.records import replay
from tablerummy.simulate import Setup, play_game

# --- statistics -------------------------------------------------------------------------


def test_lead_changes_count_new_sole_leaders_and_ties_keep_the_last() -> None:
    assert lead_changes([]) == 0
    assert lead_changes([[10, 0], [0, 5], [0, 20]]) == 1  # 10:0, 10:5, 10:25
    assert lead_changes([[10, 0], [0, 10], [0, 1]]) == 1  # a tie (10:10) is no change
    assert lead_changes([[10, 0], [0, 10], [5, 0]]) == 0  # back to p0 after the tie
    assert lead_changes([[0, 0, 9], [9, 0, 0], [0, 9, 0], [0, 9, 0]]) == 1  # p2, ties, p1


def test_a_mean_has_its_normal_interval_and_a_rate_its_wilson_interval() -> None:
    values = [1.0, 2.0, 3.0, 4.0]
    out = mean_interval(values)
    half = 1.959963984540054 * math.sqrt(5 / 3) / 2
    assert out["mean"] == 2.5 and out["n"] == 4
    assert out["ci95"] == pytest.approx([2.5 - half, 2.5 + half])
    assert mean_interval([7.0])["ci95"] is None
    assert rate(0, 0)["rate"] is None
    low, high = rate(5, 10)["ci95"]
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    d = describe([float(x) for x in range(101)])
    assert d["percentiles"] == {"5": 5, "25": 25, "50": 50, "75": 75, "95": 95}


def test_the_bootstrap_is_reproducible_and_covers_the_statistic() -> None:
    units = [float(x % 7) for x in range(60)]

    def mean(sample: Sequence[float]) -> float:
        return sum(sample) / len(sample)

    one = bootstrap(units, mean)
    assert one is not None and one == bootstrap(units, mean)
    assert one[0] < mean(units) < one[1]
    assert bootstrap(units[:1], mean) is None
    assert bootstrap(units, lambda sample: None) is None  # never defined: no interval


# --- facts and shape --------------------------------------------------------------------

def _replayed(setup: Setup, index: int) -> Any:
    result = play_game(setup, index, keep_record=True)
    assert result.error is None and result.record is not None
    return result, replay(result.record).game


def test_facts_are_what_the_replayed_game_shows() -> None:
    setup = Setup("capone", {"players": 2}, ("greedy",), seed=5)
    for index in range(3):
        result, game = _replayed(setup, index)
        facts = game_facts(game)
        finals = [h for h in game.hands if h.final is not None]
        assert len(facts["hands"]) == len(finals) == len(result.hand_scores)
        for hand, record in zip(facts["hands"], finals, strict=True):
            state = record.final
            assert hand["end"] == state.end and hand["dealer"] == record.dealer
            assert hand["first"] == (record.dealer + 1) % 2  # the rulebook: dealer's left
            complete = sum(area[g] == state.copies[g] for area in state.areas
                           for g in range(len(area)))
            assert hand["tallies"]["complete sets"] == complete


def test_oklahoma_tallies_count_queens_left_and_piles_taken() -> None:
    setup = Setup("arlington-heights", {"players": 2, "target": 150}, ("random",), seed=2)
    seen_queen = False
    for index in range(4):
        _, game = _replayed(setup, index)
        for record in game.hands:
            if record.final is None:
                continue
            tallies = record.final.tallies(record.actions)
            queens = sum(hand[QS] for hand in record.final.hands)
            seen_queen |= queens > 0
            assert tallies["Q♠ penalties"] == queens
            texts = [game.variant.action_text(a) for a in record.actions]
            assert tallies["piles taken"] == sum(t.startswith("draw pile") for t in texts)
    assert seen_queen, "no Q♠ left in any hand: the test checks nothing"


def test_shape_totals_agree_with_the_games_and_do_not_depend_on_workers() -> None:
    setup = Setup("ripper", {"players": 3}, ("greedy", "random", "random"), seed=3)
    shape = run_shape(setup, 2)
    data = shape.to_json()
    assert data["games"] == 2 * 6 and data["completed"] == 12 and data["errors"] == 0
    raw = data["raw"]
    hands = [len(g["hand_scores"]) for g in raw]
    assert data["hands"] == sum(hands)
    assert data["hands_per_game"]["mean"] == pytest.approx(sum(hands) / len(hands))
    assert sum(data["hands_histogram"].values()) == len(raw)
    assert sum(e["count"] for e in data["hand_ends"].values()) == data["hands"]
    outcomes = data["hand_outcomes"]["outcome"]
    assert sum(e["count"] for e in outcomes.values()) == data["hands"]
    escaped = data["hand_ends"].get("ripper-escapes", {"count": 0})["count"]
    assert outcomes.get("escaped", {"count": 0})["count"] == escaped
    by_bot = data["by_bot"]
    assert by_bot["greedy"]["wins"] + by_bot["random"]["wins"] + by_bot["random#2"]["wins"] == 12
    first = sum(g["winner"] == g["hands"][0]["first"] for g in raw)  # one seat a side
    assert data["first_player_wins_game"]["count"] == first
    assert data["no_advantage_rate"] == pytest.approx(1 / 3)
    again = run_shape(setup, 2, workers=2).to_json()
    assert again == data


def test_shape_of_a_team_game_credits_sides() -> None:
    data = run_shape(Setup("capone", {"players": 4}, ("greedy",), seed=1), 3).to_json()
    assert data["no_advantage_rate"] == 0.5
    for game in data["raw"]:
        assert game["sides"] == [[0, 2], [1, 3]]
        assert all(len(scores) == 2 for scores in game["hand_scores"])


# --- the clairvoyant ---------------------------------------------------------------------

def test_the_clairvoyant_cannot_be_seated_outside_the_lab() -> None:
    from tablerummy.bots import decide, get_bot
    from tablerummy.bots.ismcts import ClairvoyantISMCTSBot
    from tablerummy.errors import OptionError
    from tablerummy.game import Game
    from tablerummy.variant import get_variant

    variant = get_variant("capone", {"players": 2})
    with pytest.raises(OptionError):
        get_bot("clairvoyant:ismcts", variant, 0)
    bot = LAB_HOOKS.make_bot("clairvoyant:ismcts:iterations=5", variant, 0, 1)
    assert isinstance(bot, ClairvoyantISMCTSBot) and not bot.wants_sampler
    game = Game(variant, seed=1)
    seat = game.to_act
    assert seat is not None
    bot.seat = seat
    legal = game.legal_actions()
    with pytest.raises(RuntimeError, match="true position"):
        decide(bot, game.state, game.observation(seat), legal)  # every other harness
    assert LAB_HOOKS.ask(bot, game, legal) in legal  # the lab hands it the truth
    assert bot.truth is None  # and takes it back


def test_the_clairvoyant_plays_whole_games_in_the_lab() -> None:
    setup = replace(Setup("ripper", {"players": 2}, ("clairvoyant:ismcts:iterations=8",
                                                      "random"), seed=4), hooks=LAB_HOOKS)
    result = play_game(setup, 0)
    assert result.error is None and result.winner is not None


# --- the report ---------------------------------------------------------------------------

@pytest.mark.slow
def test_the_report_writes_a_page_whose_images_exist(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "out"
    status = main(["lab", "shape", "capone", "--games", "6", "--seed", "2", "--report",
                   str(folder)])
    assert status == 0
    assert "report written to" in capsys.readouterr().out
    page = (folder / "index.html").read_text(encoding="utf-8")
    links = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert any(link.endswith(".png") for link in links)
    for link in links:
        assert (folder / link).is_file(), link
    for png in folder.glob("*.png"):
        assert (folder / f"{png.stem}.svg").is_file()
        assert f'src="{png.name}"' in page
    command = "tablerummy lab shape capone --bots greedy --games 6 --seed 2 --report"
    assert page.count(command) == len(list(folder.glob("*.png"))) + 1  # each figure, data
    data = json.loads((folder / "data.json").read_text(encoding="utf-8"))
    assert data["completed"] == 6 and len(data["raw"]) == 6
    assert data["command"].startswith(command)
    # the same command again: the same figures, byte for byte (no dates, no random ids)
    svg = (folder / "hands-per-game.svg").read_bytes()
    assert main(["lab", "shape", "capone", "--games", "6", "--seed", "2", "--report",
                 str(folder)]) == 0
    assert (folder / "hands-per-game.svg").read_bytes() == svg


def test_lab_shape_json_is_the_measures_without_the_games(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lab", "shape", "fortune", "--games", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert "raw" not in data and data["completed"] == 2
    assert set(data["tallies"]) == {"Q♠ penalties", "piles taken", "stock rebuilds"}
    assert data["command"] == "tablerummy lab shape fortune --bots greedy --games 2 --seed 0"


# --- the skill share ----------------------------------------------------------------------

def test_skill_tasks_seat_the_tested_player_on_one_whole_side() -> None:
    from tablerummy.lab.skill import skill_tasks

    tasks = skill_tasks(2, [[0, 2], [1, 3]], 4)
    assert len(tasks) == 2 * 3 * 2
    assert tasks[:6] == [(0, 0, (0, 3, 0, 3)), (0, 1, (3, 0, 3, 0)),
                         (0, 2, (1, 3, 1, 3)), (0, 3, (3, 1, 3, 1)),
                         (0, 4, (2, 3, 2, 3)), (0, 5, (3, 2, 3, 2))]


def test_the_skill_share_is_learning_over_learning_plus_random() -> None:
    from tablerummy.lab.skill import share_of

    assert share_of([(0.0, 0.5, 1.0)] * 3) == 0.5
    assert share_of([(0.0, 0.2, 0.5), (0.0, 0.4, 0.5)]) == pytest.approx(0.6)
    assert share_of([(0.3, 0.5, 0.3)]) is None  # the clairvoyant no better than a beginner


def _skill_setup() -> Setup:
    return Setup("ripper", {"players": 2}, (), seed=7)


@pytest.mark.slow
def test_a_skill_run_pairs_the_players_deal_by_deal() -> None:
    from tablerummy.lab.skill import Players, run_skill

    players = Players(clairvoyant="ismcts:iterations=6")
    skill = run_skill(_skill_setup(), players, 2, measure="margin")
    data = skill.to_json()
    assert data["players"] == {"beginner": "random", "strong": "greedy",
                               "clairvoyant": "clairvoyant:ismcts:iterations=6",
                               "field": "greedy"}
    assert data["games"] == 2 * 3 * 2 and data["deals_kept"] == 2 and data["errors"] == 0
    # each unit again, from games played here through play_game with the same seats
    setup = replace(skill.setup)
    for unit in data["raw"]:
        deal = unit["deal"]
        for role, name in enumerate(("beginner", "strong", "clairvoyant")):
            margins = []
            for side, seats in ((0, (role, 3)), (1, (3, role))):
                result = play_game(setup, 0, seats=seats, deal=deal)
                totals = [sum(h[i] for h in result.hand_scores) for i in range(2)]
                margins.append(totals[side] - totals[1 - side])
            assert unit[name] == pytest.approx(sum(margins) / 2)
    mean = {r: sum(u[r] for u in data["raw"]) / 2 for r in ("beginner", "strong",
                                                             "clairvoyant")}
    assert data["learning_effect"]["value"] == pytest.approx(mean["strong"] - mean["beginner"])
    assert data["random_effect"]["value"] == pytest.approx(mean["clairvoyant"] - mean["strong"])


def test_a_deal_with_an_abandoned_game_is_left_out_for_every_player() -> None:
    from tablerummy.lab.skill import Players, Skill

    skill = Skill(_skill_setup(), Players(), 2, "win", 2)

    def game(winner: int | None, error: str | None = None) -> Any:
        from tablerummy.simulate import GameResult

        return GameResult(index=0, seed=0, seats=(0, 3), sides=((0,), (1,)), winner=winner,
                          hand_scores=[[10, 0]], decisions=1, error=error)

    for deal in range(2):
        for number in range(6):
            broken = deal == 1 and number == 4
            role, side = divmod(number, 2)
            winner = side if role == 1 else 1 - side  # only the strong player wins
            skill.add((deal, number, (0, 3)), game(winner, "boom" if broken else None))
    kept, units, errors = skill.units()
    assert kept == [0] and errors == ["boom"]
    assert units == [(0.0, 1.0, 0.0)]


def test_lab_skill_prints_json_with_the_three_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lab", "skill", "ripper", "--games", "2", "--clairvoyant",
                 "ismcts:iterations=4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) >= {"result", "learning_effect", "random_effect", "skill_share",
                         "players", "command"}
    assert "raw" not in data
    assert data["command"] == (
        "tablerummy lab skill ripper --strong greedy --beginner random --clairvoyant "
        "ismcts:iterations=4 --measure win --games 2 --seed 0")


def test_the_skill_report_shows_its_figure(tmp_path: Path) -> None:
    assert main(["lab", "skill", "ripper", "--games", "2", "--clairvoyant",
                 "ismcts:iterations=4", "--report", str(tmp_path)]) == 0
    page = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert 'src="skill.png"' in page and (tmp_path / "skill.svg").is_file()
    assert "Skill share" in page and "clairvoyant" in page


# --- the rating spread ----------------------------------------------------------------------

def test_a_population_of_graded_bots_spreads_wider_than_chance() -> None:
    import statistics

    from tablerummy.lab.spread import run_spread

    spread = run_spread(Setup("capone", {"players": 2}, ("random", "greedy", "random")), 3,
                        resamples=20)
    data = spread.to_json()
    assert data["games"] == 3 * 6 and data["rated_games"] == 18
    mus = [data["rating"][k]["mu"] for k in ("random", "greedy", "random#2")]
    assert data["spread"]["value"] == pytest.approx(statistics.pstdev(mus))
    assert data["rating"]["greedy"]["mu"] > max(mus[0], mus[2])
    assert data["spread"]["value"] > data["chance_spread"]["ci95"][1]
    assert data["spread_over_chance"] > 1
    assert spread.to_json() == data  # fixed seeds: the same numbers again


def test_a_spread_needs_two_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lab", "spread", "capone", "--population", "greedy", "--games", "1"]) == 2
    assert "at least two bots" in capsys.readouterr().err


# --- calibration --------------------------------------------------------------------------

def test_scaled_cards_multiply_tablerummys_values_and_keep_the_rulebooks() -> None:
    import tomllib

    from tablerummy.capone.cards import DEFAULT_TABLE as CAPONE
    from tablerummy.cardtables import cards_toml, named_cards, scaled_cards
    from tablerummy.ripper.cards import FACTS
    from tablerummy.variant import get_variant

    same = scaled_cards("capone", 1)
    assert same["al-capone"] == {"points": CAPONE["al-capone"]["points"],
                                 "set": CAPONE["al-capone"]["set"]}
    double = scaled_cards("capone", 2)
    assert double["frank-nitti"] == {"points": 4, "set": 38}
    assert "raid" not in double  # Gavel cards have no value
    half = scaled_cards("ripper", 0.5)
    assert half["druitt"] == {"points": 1}  # 2 × 0.5
    assert half["suspect-gull"] == {"points": 2}  # 4 × 0.5
    assert half["victim-kelly"] == {"points": 1}  # 1 × 0.5, and a card in play scores
    assert all((kind, key) not in FACTS for kind, values in half.items() for key in values)
    assert "letters" not in half and "ripper-escapes" not in half
    assert tomllib.loads(cards_toml(half)) == half
    variant = get_variant("ripper", {}, cards=half)  # a table the engine takes
    assert variant.cards.points[0] == 1  # type: ignore[attr-defined]
    # a scale of another table: the classic one halved, as the calibration first found
    classic_half = scaled_cards("capone", 0.5, named_cards("capone", "classic"))
    assert classic_half["al-capone"] == {"points": 3, "set": 38}  # 5 × 0.5 and 75 × 0.5 up
    assert classic_half["frank-nitti"] == {"points": 2, "set": 20}


@pytest.mark.slow
@pytest.mark.parametrize("table", ["default", "classic"])
@pytest.mark.parametrize("variant", ["capone", "ripper"])
def test_the_defaults_keep_greedy_games_in_the_rulebooks_range_and_classic_did_not(
        variant: str, table: str) -> None:
    """The defaults are what the calibration found: at every player count greedy
    self-play lasts as long as the rulebook says, and with the classic table it did not
    (100 seeded deals: the same every run)."""
    from tablerummy.cardtables import NAMED_TABLES, named_cards
    from tablerummy.lab.calibrate import RULEBOOK_RANGE
    from tablerummy.lab.shape import run_shape
    from tablerummy.simulate import Setup

    assert set(NAMED_TABLES) == set(RULEBOOK_RANGE) == {"capone", "ripper"}
    low, high = RULEBOOK_RANGE[variant]
    cards = None if table == "default" else named_cards(variant, " Classic ")
    lengths = []
    for players in (2, 3, 4):
        setup = Setup(variant, {"players": players}, ("greedy",), 0, cards)
        lengths.append(run_shape(setup, 100).to_json()["hands_per_game"]["mean"])
    inside = all(low <= n <= high for n in lengths)
    assert inside == (cards is None), (variant, table, lengths)


def test_cards_names_a_shipped_table_and_dot_slash_reads_a_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "capone", "--cards", "classic"]) == 0
    shown = capsys.readouterr().out
    assert "Al Capone" in shown and " 75 " in shown  # the classic complete set
    monkeypatch.chdir(tmp_path)
    assert main(["rules", "fortune", "--cards", "classic"]) == 2  # none shipped for it
    assert "fortune has no table named 'classic'" in capsys.readouterr().err
    assert main(["rules", "fortune", "--cards", "./nosuch"]) == 2  # not a name: a file
    assert "cannot read" in capsys.readouterr().err
    (tmp_path / "classic").write_text('["al-capone"]\nset = 61\n', encoding="utf-8")
    assert main(["rules", "capone", "--cards", "./classic"]) == 0
    assert " 61 " in capsys.readouterr().out


def test_the_calibration_proposes_the_scale_that_misses_the_range_least() -> None:
    from tablerummy.lab.calibrate import run_calibration

    data = run_calibration("ripper", [0.5, 1.0], [2, 3], ["greedy"], 3, seed=1).to_json()
    assert data["rulebook_range"] == [3.0, 5.0]
    assert set(data["grid"]) == {"0.5", "1"} and set(data["grid"]["1"]) == {"2", "3"}

    def miss(row: dict[str, Any]) -> float:
        means: list[float] = [c["mean"] for c in row.values()]
        return max(max(0.0, 3 - m, m - 5) for m in means)

    best = min(data["grid"], key=lambda scale: miss(data["grid"][scale]))
    assert f"{data['proposal']['scale']:g}" == best
    assert data["proposal"]["all_in_range"] == (miss(data["grid"][best]) == 0)
    for row in data["grid"].values():
        for cell in row.values():
            assert cell["in_range"] == (3 <= cell["mean"] <= 5) and cell["n"] == 3


def test_calibrate_scales_the_cards_table_it_is_given(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--cards classic`` calibrates the first table: scale 1 plays it, and the proposal
    is a scale of it (so the reports made before the defaults changed still reproduce)."""
    from tablerummy.cardtables import named_cards, scaled_cards

    assert main(["lab", "calibrate", "capone", "--cards", "classic", "--scales", "0.5,1",
                 "--players", "2", "--games", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    classic = named_cards("capone", "classic")
    assert data["base_cards"] == classic
    assert data["proposal"]["cards"] == scaled_cards("capone", data["proposal"]["scale"],
                                                     classic)
    assert scaled_cards("capone", 1, classic) == classic
    assert main(["lab", "calibrate", "capone", "--cards", "nope.toml", "--games", "1"]) == 2
    assert "--cards" in capsys.readouterr().err
    bad = tmp_path / "bad.toml"
    bad.write_text('["al-capone"]\npoints = "many"\n', encoding="utf-8")
    assert main(["lab", "calibrate", "capone", "--cards", str(bad), "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "al-capone.points must be a whole number" in err


@pytest.mark.slow
def test_the_lab_on_ray_gives_the_local_results() -> None:
    pytest.importorskip("ray")
    from tablerummy.lab.skill import Players, run_skill

    setup = Setup("capone", {"players": 2}, ("greedy", "random"), seed=3)
    assert run_shape(setup, 2, backend="ray").to_json() == run_shape(setup, 2).to_json()
    players = Players(clairvoyant="ismcts:iterations=4")
    base = Setup("ripper", {"players": 2}, (), seed=3)
    assert (run_skill(base, players, 1, backend="ray").to_json()
            == run_skill(base, players, 1).to_json())


def test_the_calibration_says_which_scales_round_to_the_same_table() -> None:
    from tablerummy.lab.calibrate import run_calibration

    data = run_calibration("ripper", [1.0, 0.9], [2], ["greedy"], 1).to_json()
    assert data["grid"]["0.9"]["same_table_as"] == "1"
    assert data["grid"]["0.9"]["2"] == data["grid"]["1"]["2"]  # the same games
    assert "same_table_as" not in data["grid"]["1"]


# --- comparing skill runs -----------------------------------------------------------------

def _skill_run(folder: Path, variant: str, options: dict[str, Any],
               units: list[tuple[float, float, float]], measure: str = "win") -> Path:
    """A ``lab skill --report`` data.json with the given per-deal results."""
    folder.mkdir(parents=True, exist_ok=True)
    data = {"variant": variant, "options": options, "measure": measure, "seed": 0,
            "players": {"beginner": "random", "strong": "greedy",
                        "clairvoyant": "clairvoyant:ismcts", "field": "greedy"},
            "command": f"tablerummy lab skill {variant}",
            "raw": [{"deal": i, "beginner": b, "strong": s, "clairvoyant": c}
                    for i, (b, s, c) in enumerate(units)]}
    (folder / "data.json").write_text(json.dumps(data), encoding="utf-8")
    return folder


@pytest.mark.slow
def test_compare_sets_skill_shares_side_by_side_against_a_baseline(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # skilful: the strong player wins most of what the clairvoyant wins (share near 0.9);
    # lucky: it wins about half (share near 0.5)
    skilful = _skill_run(tmp_path / "a", "arlington-heights", {"players": 2, "target": 500},
                         [(0.0, 1.0, 1.0)] * 45 + [(0.0, 0.0, 1.0)] * 5)
    lucky = _skill_run(tmp_path / "b", "fortune", {"players": 2, "target": 500},
                       [(0.0, 1.0, 1.0)] * 25 + [(0.0, 0.0, 1.0)] * 25)
    assert main(["lab", "compare", str(skilful), str(lucky / "data.json"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [r["label"] for r in data["runs"]] == ["arlington-heights", "fortune"]
    assert data["baseline"] == "arlington-heights"
    assert data["runs"][0]["skill_share"]["value"] == pytest.approx(0.9)
    assert data["runs"][1]["skill_share"]["value"] == pytest.approx(0.5)
    (diff,) = data["differences"]
    assert diff["label"] == "fortune" and diff["value"] == pytest.approx(0.4)
    assert 0 < diff["ci95"][0] < 0.4 < diff["ci95"][1]  # the interval shows a difference

    assert main(["lab", "compare", str(skilful), str(lucky), "--baseline", "2",
                 "--report", str(tmp_path / "out")]) == 0
    shown = capsys.readouterr().out
    assert "Against fortune" in shown and "baseline lower" in shown
    page = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert "less of the result is skill in the baseline" in page
    assert "tablerummy lab compare" in page and "--baseline 2" in page
    assert (tmp_path / "out" / "compare.png").stat().st_size > 0
    assert (tmp_path / "out" / "compare.svg").stat().st_size > 0


def test_compare_refuses_what_it_cannot_compare_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    units = [(0.0, 0.5, 1.0), (0.0, 1.0, 1.0)]
    good = _skill_run(tmp_path / "good", "fortune", {"players": 2}, units)
    margin = _skill_run(tmp_path / "margin", "fortune", {"players": 2}, units, measure="margin")
    (tmp_path / "deep.json").write_text("[" * 100_000, encoding="utf-8")
    (tmp_path / "other.json").write_text('{"variant": "fortune", "raw": [{"x": 1}]}',
                                         encoding="utf-8")
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00")
    cases = [
        ([str(good)], "at least two"),
        ([str(good), str(tmp_path / "missing")], "cannot read"),
        ([str(good), str(tmp_path / "deep.json")], "not valid JSON"),
        ([str(good), str(tmp_path / "other.json")], "not the data of a lab skill run"),
        ([str(good), str(tmp_path / "binary.json")], "not UTF-8"),
        ([str(good), str(margin)], "measure different things"),
        ([str(good), str(good), "--baseline", "3"], "--baseline"),
    ]
    for argv, words in cases:
        out = tmp_path / "report"
        assert main(["lab", "compare", *argv, "--report", str(out)]) == 2, argv
        err = capsys.readouterr().err
        assert words in err and err.count("\n") == 1, (argv, err)
        assert not out.exists(), argv  # nothing written


def test_a_long_bot_name_is_broken_at_its_colons_in_the_figures() -> None:
    """A search's full name would run into the next bar's label in the skill figure, and
    take half the spread figure's width from its plot; the spread's legend sits above."""
    pytest.importorskip("matplotlib")
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    from tablerummy.lab.report import _spread_bars, _tick

    name = "clairvoyant:ismcts:iterations=100:prior=0:tree=0"
    lines = _tick(name).split("\n")
    assert len(lines) > 1 and all(len(line) <= 26 for line in lines)
    assert "".join(lines) == name
    assert _tick("greedy") == "greedy"
    fig = Figure()
    rating = {"mu": 25.0, "ci95": [24.0, 26.0]}
    _spread_bars(fig, {"rating": {"greedy": rating, name[12:]: rating},
                       "chance_spread": {"value": 1.0}})
    ax = fig.axes[0]
    ticks = [t.get_text() for t in ax.get_yticklabels()]
    assert ticks == ["greedy", _tick(name[12:])] and "\n" in ticks[1]
    renderer = FigureCanvasAgg(fig).get_renderer()  # type: ignore[no-untyped-call]
    legend = ax.get_legend()
    assert legend is not None  # above the plot, where it covers no interval
    assert legend.get_window_extent(renderer).y0 >= ax.get_window_extent(renderer).y1


@pytest.mark.parametrize("measure", [["shape"], ["spread", "--population", "random,greedy"]])
def test_a_lab_run_resumes_from_its_journal_to_the_uninterrupted_result(
        measure: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    journal = tmp_path / "run.jsonl"

    def run(games: int, *extra: str) -> dict[str, Any]:
        assert main(["lab", measure[0], "capone", *measure[1:], "--games", str(games),
                     "--json", *extra]) == 0
        data = json.loads(capsys.readouterr().out)
        assert isinstance(data, dict)
        return data

    run(2, "--journal", str(journal))
    kept = journal.read_text().splitlines()
    resumed = run(3, "--journal", str(journal))
    assert journal.read_text().splitlines()[:len(kept)] == kept  # only appended to
    assert resumed == run(3)
    # a tournament's journal of the same bots is not the lab's (the lab keeps facts)
    assert main(["tournament", "capone", "--bots", "greedy", "--players", "2", "--games", "1",
                 "--journal", str(journal)]) == 2
    assert "differ" in capsys.readouterr().err
