"""The lab's results as plain tables of text: one source for the terminal and the report.

The terminal prints them with Rich, the HTML report as ``<table>``; both show exactly
these rows, so that what a reader sees in one is what the other says.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass
class TextTable:
    """A titled table of text cells; ``note`` says what the numbers rest on."""

    title: str
    headers: list[str]
    rows: list[list[str]] = field(default_factory=list)
    note: str = ""


def interval(ci: list[float] | None, digits: int = 2, percent: bool = False) -> str:
    """``low – high``, or ``–`` without an interval."""
    if not ci:
        return "–"
    if percent:
        return f"{ci[0]:.1%} – {ci[1]:.1%}"
    return f"{ci[0]:.{digits}f} – {ci[1]:.{digits}f}"


def number(value: float | None, digits: int = 2) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def share(entry: Mapping[str, Any]) -> list[str]:
    """A rate's cells: count of n, rate, interval."""
    value = entry["rate"]
    return [f"{entry['count']} of {entry['n']}", "–" if value is None else f"{value:.1%}",
            interval(entry["ci95"], percent=True)]


def distribution(name: str, entry: Mapping[str, Any], digits: int = 1) -> list[str]:
    """A distribution's cells: name, n, mean, interval, sd, 5th/50th/95th percentile."""
    if not entry.get("n"):
        return [name, "0", "–", "–", "–", "–", "–", "–"]
    pct = entry["percentiles"]
    return [name, str(entry["n"]), number(entry["mean"], digits),
            interval(entry["ci95"], digits), number(entry["sd"], digits),
            number(pct["5"], digits), number(pct["50"], digits), number(pct["95"], digits)]


DISTRIBUTION_HEADERS = ["measure", "n", "mean", "95 % interval", "sd", "5th pct", "median",
                        "95th pct"]
SHARE_HEADERS = ["", "count", "rate", "95 % interval"]


def shape_tables(data: Mapping[str, Any]) -> list[TextTable]:
    """The tables of ``lab shape``'s results (its ``to_json``)."""
    if not data.get("completed"):
        return []
    games, hands = data["completed"], data["hands"]
    length = TextTable("Game length and lead", DISTRIBUTION_HEADERS,
                       note=f"{games} games; a lead change is a hand after which another side "
                            "leads alone")
    length.rows.append(distribution("hands per game", data["hands_per_game"], 2))
    length.rows.append(distribution("lead changes per game", data["lead_changes"], 2))
    led = data["winner_led_after_first_hand"]
    lead = TextTable("Who wins", SHARE_HEADERS)
    lead.rows.append(["winner led after the first hand", *share(led)])
    base = data["no_advantage_rate"]
    seats = TextTable("Seat advantage", SHARE_HEADERS,
                      note=f"no advantage: {base:.1%} (1 / sides); the first player and the "
                           "dealer are those of the game's first hand (games) or of each "
                           "hand (hands)")
    for key, words in (("first_player_wins_game", "first player's side wins the game"),
                       ("dealer_wins_game", "first dealer's side wins the game"),
                       ("first_player_tops_hand", "first player's side scores most in a hand"),
                       ("dealer_tops_hand", "dealer's side scores most in a hand")):
        seats.rows.append([words, *share(data[key])])
    ends = TextTable("How hands end", ["end", "count", "share of hands", "95 % interval"],
                     note=f"{hands} hands")
    for end, entry in data["hand_ends"].items():
        ends.rows.append([end, *share(entry)])
    for key, values in data["hand_outcomes"].items():
        for value, entry in values.items():
            ends.rows.append([f"{key}: {value}", *share(entry)])
    scores = TextTable("Scores", DISTRIBUTION_HEADERS,
                       note="per side: every side's score in every hand, every side's final "
                            "total; the winning margin is the winner's total less the best "
                            "other side's")
    for key, words in (("hand_score", "hand score"), ("game_score", "final total"),
                       ("winner_score", "winner's final total"),
                       ("winning_margin", "winning margin")):
        scores.rows.append(distribution(words, data[key]))
    tables = [length, lead, seats, ends, scores]
    if data["tallies"]:
        tallies = TextTable("Tallies", ["event", "total", "per hand", "95 % interval",
                                        "hands with it", "share", "95 % interval"],
                            note=f"{hands} hands")
        for key, entry in data["tallies"].items():
            per = entry["per_hand"]
            tallies.rows.append([key, str(entry["total"]), number(per["mean"], 3),
                                 interval(per["ci95"], 3), *share(entry["hands_with"])])
        tables.append(tallies)
    bots = data["by_bot"]
    if len(bots) > 1:
        table = TextTable("Bots", ["bot", "games", "wins", "win rate", "95 % interval",
                                   "mean hand score"])
        for label, entry in bots.items():
            rate = entry["win_rate"] if entry["played"] else None
            table.rows.append([label, str(entry["played"]), str(entry["wins"]),
                               "–" if rate is None else f"{rate:.1%}",
                               interval(entry["ci95"], percent=True),
                               number(entry["mean_hand_score"], 1)])
        tables.append(table)
    return tables


def skill_tables(data: Mapping[str, Any]) -> list[TextTable]:
    """The tables of ``lab skill``'s results (its ``to_json``)."""
    if "result" not in data:
        return []
    digits = 3 if data["measure"] == "win" else 1
    what = ("win rate against the field" if data["measure"] == "win"
            else "final margin against the field")
    names = data["players"]
    players = TextTable("Results", ["player", "bot", what, "95 % interval"],
                        note=f"{data['deals_kept']} deals, each played by every player at "
                             "every side; percentile bootstrap over deals")
    for role in ("beginner", "strong", "clairvoyant"):
        entry = data["result"][role]
        players.rows.append([role, names[role], number(entry["mean"], digits),
                             interval(entry["ci95"], digits)])
    effects = TextTable("Skill", ["measure", "value", "95 % interval"],
                        note="learning = strong − beginner, random = clairvoyant − strong, "
                             "skill share = learning / (learning + random); percentile "
                             "bootstrap over deals")
    for key, words in (("learning_effect", "learning effect"),
                       ("random_effect", "random effect"), ("skill_share", "skill share")):
        entry = data[key]
        effects.rows.append([words, number(entry["value"], digits if key != "skill_share"
                                           else 3),
                             interval(entry["ci95"], digits if key != "skill_share" else 3)])
    return [players, effects]


def compare_tables(data: Mapping[str, Any]) -> list[TextTable]:
    """The tables of ``lab compare`` (:func:`~.compare.compare_runs`)."""
    digits = 3 if data["measure"] == "win" else 1
    runs = TextTable("Skill share of each run",
                     ["run", "deals", "beginner", "strong", "clairvoyant", "learning",
                      "random", "skill share", "95 % interval"],
                     note=f"results: {'win rate' if data['measure'] == 'win' else 'final margin'}"
                          " against the field; percentile bootstrap over each run's deals")
    for row in data["runs"]:
        result = row["result"]
        runs.rows.append([row["label"], str(row["deals"]),
                          *(number(result[r], digits) for r in ("beginner", "strong",
                                                                 "clairvoyant")),
                          number(row["learning_effect"]["value"], digits),
                          number(row["random_effect"]["value"], digits),
                          number(row["skill_share"]["value"], 3),
                          interval(row["skill_share"]["ci95"], 3)])
    diffs = TextTable(f"Against {data['baseline']}",
                      ["run", "baseline's share − run's", "95 % interval", "reading"],
                      note="independent runs: each resample draws every run's deals anew")
    for row in data["differences"]:
        ci = row["ci95"]
        reading = ("–" if not ci else "baseline higher" if ci[0] > 0
                   else "baseline lower" if ci[1] < 0 else "no difference shown")
        diffs.rows.append([row["label"], number(row["value"], 3), interval(ci, 3), reading])
    players = TextTable("Runs", ["run", "players", "from"])
    for row in data["runs"]:
        names = row["players"]
        players.rows.append([row["label"], ", ".join(f"{k} {v}" for k, v in names.items()),
                             row["command"]])
    return [runs, diffs, players]


def spread_tables(data: Mapping[str, Any]) -> list[TextTable]:
    """The tables of ``lab spread``'s results (its ``to_json``)."""
    if "rating" not in data:
        return []
    ratings = TextTable("Ratings", ["bot", "mu", "95 % interval"],
                        note=f"openskill Plackett-Luce, one pass over {data['rated_games']} "
                             f"games in deal order; bootstrap over deals "
                             f"({data['resamples']} resamples)")
    for label, entry in data["rating"].items():
        ratings.rows.append([label, number(entry["mu"]), interval(entry["ci95"])])
    spread = TextTable("Spread", ["measure", "value", "95 % interval"],
                       note=f"chance: the same games ranked at random ({data['chance_fits']} "
                            "fits; the interval is their 2.5th–97.5th percentile)")
    for key, words in (("spread", "spread (sd of mu)"), ("range", "range (best − worst)"),
                       ("chance_spread", "spread under pure chance")):
        spread.rows.append([words, number(data[key]["value"]), interval(data[key]["ci95"])])
    ratio = data["spread_over_chance"]
    spread.rows.append(["spread / chance spread", number(ratio), "–"])
    return [ratings, spread]


def calibration_tables(data: Mapping[str, Any]) -> list[TextTable]:
    """The table of ``lab calibrate``: hands per game per scale and player count."""
    low, high = data["rulebook_range"]
    counts = [str(p) for p in data["players"]]
    table = TextTable("Hands per game", ["scale", *(f"{c} players" for c in counts)],
                      note=f"mean (95 % interval) of {data['deals']} deals a cell; * in the "
                           f"rulebook's range {low:g}–{high:g}; (= s): the same table as "
                           "scale s")
    for scale, row in data["grid"].items():
        cells = []
        if "same_table_as" in row:
            scale = f"{scale} (= {row['same_table_as']})"
        for count in counts:
            cell = row[count]
            mark = " *" if cell["in_range"] else ""
            cells.append(f"{number(cell['mean'])} ({interval(cell['ci95'])}){mark}")
        table.rows.append([scale, *cells])
    return [table]
