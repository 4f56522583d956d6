"""The lab's HTML report: a page of figures, tables and a short reading, plus the raw JSON.

``--report DIR`` writes ``DIR/index.html``, one PNG and one SVG per figure, and
``DIR/data.json`` (every measure and every game's facts).  Beside each figure the page
shows the command that produced its data: run it again and the figure comes out the
same (the games depend only on their seeds; the files carry no date).

Plots need the ``lab`` extra (matplotlib, numpy); everything else is the standard
library: the page is one small template, no framework.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import OptionError
from .tables import (
    TextTable,
    calibration_tables,
    compare_tables,
    shape_tables,
    skill_tables,
    spread_tables,
)

if TYPE_CHECKING:
    from matplotlib.figure import Figure

FIGURE_SIZE = (6.4, 3.6)
"""Inches; at :data:`DPI` a PNG 768 px wide, readable inline in a README."""
DPI = 120


def check_plotting() -> None:
    """Refuse ``--report`` in one line when matplotlib is not installed."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise OptionError("--report needs matplotlib: pip install 'tablerummy[lab]'") from None


@dataclass
class Page:
    """What the report page holds, in order: a reading, figures and tables."""

    title: str
    command: str
    reading: list[str] = field(default_factory=list)
    figures: list[tuple[str, str]] = field(default_factory=list)
    """(file stem, caption)."""
    tables: list[TextTable] = field(default_factory=list)


def figure(folder: Path, stem: str, draw: Callable[[Figure], None]) -> None:
    """Draw a figure and save it as ``stem.png`` and ``stem.svg``, without dates or ids
    that change from run to run."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    fig = Figure(figsize=FIGURE_SIZE, dpi=DPI, layout="constrained")
    draw(fig)
    with matplotlib.rc_context({"svg.hashsalt": "tablerummy", "svg.fonttype": "none"}):
        fig.savefig(folder / f"{stem}.svg", metadata={"Date": None})
    fig.savefig(folder / f"{stem}.png", metadata={"Software": None})


def write_page(folder: Path, page: Page, data: Mapping[str, Any]) -> Path:
    """``index.html`` and ``data.json`` in ``folder``; the page's path."""
    # compact: a report's raw data holds every game, and reports are kept in the repository
    (folder / "data.json").write_text(json.dumps(data, separators=(",", ":")) + "\n",
                                      encoding="utf-8")
    esc = html.escape
    command = f"<pre><code>{esc(page.command)}</code></pre>"
    parts = [f"<h1>{esc(page.title)}</h1>",
             "<h2>Reading</h2>", *(f"<p>{esc(p)}</p>" for p in page.reading),
             "<h2>Figures</h2>"]
    for stem, caption in page.figures:
        parts.append(
            f'<figure><img src="{stem}.png" alt="{esc(caption)}">'
            f"<figcaption>{esc(caption)} (<a href=\"{stem}.svg\">SVG</a>). "
            f"From:{command}</figcaption></figure>")
    parts.append("<h2>Tables</h2>")
    for table in page.tables:
        parts.append(_table_html(table))
    parts.append(f'<h2>Data</h2><p>Every measure and every game: <a href="data.json">'
                 f"data.json</a>, from:</p>{command}")
    text = _TEMPLATE.format(title=esc(page.title), body="\n".join(parts))
    target = folder / "index.html"
    target.write_text(text, encoding="utf-8")
    return target


def _table_html(table: TextTable) -> str:
    esc = html.escape
    head = "".join(f"<th>{esc(h)}</th>" for h in table.headers)
    rows = "".join("<tr>" + "".join(f"<td>{esc(c)}</td>" for c in row) + "</tr>"
                   for row in table.rows)
    note = f"<p class=note>{esc(table.note)}</p>" if table.note else ""
    return (f"<h3>{esc(table.title)}</h3><table><thead><tr>{head}</tr></thead>"
            f"<tbody>{rows}</tbody></table>{note}")


_TEMPLATE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body {{ font: 15px/1.45 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto;
       padding: 0 1rem; color: #222; }}
figure {{ margin: 1.5rem 0; }} img {{ max-width: 100%; }}
figcaption {{ font-size: 0.9rem; color: #444; }}
pre {{ background: #f4f4f4; padding: 0.5rem; overflow-x: auto; white-space: pre-wrap; }}
table {{ border-collapse: collapse; margin: 0.5rem 0; }}
th, td {{ border-bottom: 1px solid #ddd; padding: 0.2rem 0.6rem; text-align: right; }}
th:first-child, td:first-child {{ text-align: left; }}
.note {{ font-size: 0.85rem; color: #555; }}
</style></head>
<body>
{body}
</body></html>
"""


def _tick(name: str, width: int = 26) -> str:
    """A bot's name broken at its colons into lines of about ``width`` characters, so the
    long names of searches (``clairvoyant:ismcts:iterations=100:prior=0:tree=0``) neither run
    into the next label nor squeeze the plot into what they leave of the figure."""
    parts = name.split(":")
    pieces = [f"{part}:" for part in parts[:-1]] + parts[-1:]
    lines = [""]
    for piece in pieces:
        if lines[-1] and len(lines[-1]) + len(piece) > width:
            lines.append("")
        lines[-1] += piece
    return "\n".join(lines)


# --- lab shape -----------------------------------------------------------------------------

def _bars(fig: Figure, histogram: Mapping[str, int], xlabel: str, mean: float | None) -> None:
    ax = fig.subplots()
    xs = [int(k) for k in histogram]
    total = sum(histogram.values())
    ax.bar(xs, [histogram[str(x)] / total for x in xs], color="#4878a8", width=0.8)
    if mean is not None:
        ax.axvline(mean, color="#c44e52", linestyle="--", label=f"mean {mean:.2f}")
        ax.legend()
    ax.set_xticks(xs)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("share of games")


def _histogram(fig: Figure, series: Sequence[tuple[str, Sequence[float]]], xlabel: str,
               ylabel: str) -> None:
    import numpy as np

    ax = fig.subplots()
    everything = [v for _, values in series for v in values]
    if not everything:
        return
    bins = [float(b) for b in np.histogram_bin_edges(everything, bins=30)]  # shared bins
    for label, values in series:
        if values:
            ax.hist(values, bins=bins, alpha=0.6, label=f"{label} (n={len(values)})")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.legend()


def _shares(fig: Figure, labels: Sequence[str], entries: Sequence[Mapping[str, Any]],
            base: float | None = None) -> None:
    ax = fig.subplots()
    ys = list(range(len(labels)))
    rates = [e["rate"] or 0.0 for e in entries]
    low = [r - e["ci95"][0] for r, e in zip(rates, entries, strict=True)]
    high = [e["ci95"][1] - r for r, e in zip(rates, entries, strict=True)]
    ax.barh(ys, rates, xerr=[low, high], color="#4878a8", capsize=3)
    if base is not None:
        ax.axvline(base, color="#c44e52", linestyle="--", label=f"no advantage {base:.0%}")
        ax.legend(loc="lower right")
    ax.set_yticks(ys, labels)
    ax.set_xlim(0, 1)
    ax.set_xlabel("share (95 % interval)")
    ax.invert_yaxis()


def shape_report(folder: Path, data: Mapping[str, Any]) -> Path:
    """The report of ``lab shape``: its figures, tables and reading in ``folder``."""
    options = ", ".join(f"{k}={str(v).lower()}" for k, v in data["options"].items())
    page = Page(f"Game shape: {data['variant']} ({options}), bots {', '.join(data['bots'])}",
                data["command"], reading=shape_reading(data), tables=shape_tables(data))
    if data.get("completed"):
        raw = data["raw"]
        figure(folder, "hands-per-game", lambda fig: _bars(
            fig, data["hands_histogram"], "hands in a game", data["hands_per_game"]["mean"]))
        page.figures.append(("hands-per-game", f"Hands per game ({data['completed']} games)"))
        figure(folder, "lead-changes", lambda fig: _bars(
            fig, data["lead_changes_histogram"], "lead changes in a game",
            data["lead_changes"]["mean"]))
        page.figures.append(("lead-changes", f"Lead changes per game ({data['completed']} "
                                             "games)"))
        hand_scores = [s for g in raw for h in g["hand_scores"] for s in h]
        figure(folder, "hand-scores", lambda fig: _histogram(
            fig, [("every side, every hand", hand_scores)], "hand score", "hands × sides"))
        page.figures.append(("hand-scores", f"Score of a side in a hand ({data['hands']} "
                                            "hands)"))
        finals = [[sum(h[i] for h in g["hand_scores"]) for i in range(len(g["sides"]))]
                  for g in raw]
        winners = [t[g["winner"]] for t, g in zip(finals, raw, strict=True)
                   if g["winner"] is not None]
        others = [s for t, g in zip(finals, raw, strict=True) for i, s in enumerate(t)
                  if i != g["winner"]]
        figure(folder, "game-scores", lambda fig: _histogram(
            fig, [("winner", winners), ("other sides", others)], "final total", "games"))
        page.figures.append(("game-scores", "Final totals of the winner and the other sides"))
        ends = [(end, entry) for end, entry in data["hand_ends"].items()]
        ends += [(f"{key}: {value}", entry) for key, values in data["hand_outcomes"].items()
                 for value, entry in values.items()]
        figure(folder, "hand-ends", lambda fig: _shares(
            fig, [e for e, _ in ends], [entry for _, entry in ends]))
        page.figures.append(("hand-ends", "How hands end (share of hands)"))
        seats = [("first player wins game", data["first_player_wins_game"]),
                 ("dealer wins game", data["dealer_wins_game"]),
                 ("first player tops hand", data["first_player_tops_hand"]),
                 ("dealer tops hand", data["dealer_tops_hand"])]
        figure(folder, "seat-advantage", lambda fig: _shares(
            fig, [s for s, _ in seats], [e for _, e in seats], data["no_advantage_rate"]))
        page.figures.append(("seat-advantage", "First-player and dealer advantage"))
    return write_page(folder, page, data)


def _edge(entry: Mapping[str, Any], base: float) -> str:
    """Whether a rate's interval lies above, below or around the no-advantage rate."""
    low, high = entry["ci95"]
    if low > base:
        return "an edge"
    if high < base:
        return "a handicap"
    return "no edge this sample can tell"


def shape_reading(data: Mapping[str, Any]) -> list[str]:
    """A few sentences of what the numbers say (and how far the sample lets them)."""
    n = data.get("completed") or 0
    if not n:
        return ["No game was completed: nothing to read."]
    length = data["hands_per_game"]
    low, high = length["ci95"] or (length["mean"], length["mean"])
    out = [f"Over {n} games ({data['deals']} deals, {data['hands']} hands), a game lasted "
           f"{length['mean']:.2f} hands on average (95 % interval {low:.2f}–{high:.2f}; "
           f"median {length['percentiles']['50']:g}, from {length['min']} to "
           f"{length['max']})."]
    lead = data["lead_changes"]
    led = data["winner_led_after_first_hand"]
    out.append(f"The lead changed {lead['mean']:.2f} times a game on average; the winner "
               f"already led after the first hand in {led['rate']:.0%} of the games.")
    base = data["no_advantage_rate"]
    first, dealer = data["first_player_wins_game"], data["dealer_wins_game"]
    out.append(f"The side of the game's first player won {first['rate']:.1%} of the games "
               f"and the first dealer's side {dealer['rate']:.1%}, where no edge would give "
               f"{base:.1%}: {_edge(first, base)} for the first player, "
               f"{_edge(dealer, base)} for the dealer (95 % intervals).")
    ends = sorted(data["hand_ends"].items(), key=lambda item: -item[1]["count"])
    out.append("Hands ended: " + "; ".join(f"{end} {entry['rate']:.1%}"
                                            for end, entry in ends) + ".")
    tallies = data.get("tallies") or {}
    if tallies:
        out.append("Per hand: " + "; ".join(
            f"{key} {entry['per_hand']['mean']:.3f} on average (in "
            f"{entry['hands_with']['rate']:.1%} of hands)" for key, entry in tallies.items())
            + ".")
    if n < 200:
        out.append(f"A small sample ({n} games): read the intervals, not the points.")
    return out


# --- lab skill ------------------------------------------------------------------------------

def _skill_bars(fig: Figure, data: Mapping[str, Any]) -> None:
    ax = fig.subplots()
    roles = ["beginner", "strong", "clairvoyant"]
    entries = [data["result"][r] for r in roles]
    means = [e["mean"] for e in entries]
    errors = [[m - (e["ci95"] or [m, m])[0] for m, e in zip(means, entries, strict=True)],
              [(e["ci95"] or [m, m])[1] - m for m, e in zip(means, entries, strict=True)]]
    names = data["players"]
    labels = [f"{r}\n{_tick(names[r])}" for r in roles]
    ax.bar(range(3), means, yerr=errors, capsize=4, color=["#999999", "#4878a8", "#c44e52"])
    ax.set_xticks(range(3), labels, fontsize=8)
    ax.set_ylabel("win rate" if data["measure"] == "win" else "final margin")
    share = data["skill_share"]["value"]
    if share is not None:
        ax.set_title(f"skill share {share:.2f}")


def skill_report(folder: Path, data: Mapping[str, Any]) -> Path:
    """The report of ``lab skill``: its figure, tables and reading in ``folder``."""
    options = ", ".join(f"{k}={str(v).lower()}" for k, v in data["options"].items())
    page = Page(f"Skill share: {data['variant']} ({options})", data["command"],
                reading=skill_reading(data), tables=skill_tables(data))
    if "result" in data:
        figure(folder, "skill", lambda fig: _skill_bars(fig, data))
        page.figures.append(("skill", "Results of the beginner, the strong player and the "
                                      f"clairvoyant against the field ({data['deals_kept']} "
                                      "deals, 95 % intervals)"))
    return write_page(folder, page, data)


def skill_reading(data: Mapping[str, Any]) -> list[str]:
    """A few sentences of what the skill share says, and how far to trust it."""
    if "result" not in data:
        return ["No deal was completed by every player: nothing to read."]
    names = data["players"]
    result = data["result"]
    what = "won" if data["measure"] == "win" else "ended with a mean final margin of"

    def said(role: str) -> str:
        mean = result[role]["mean"]
        return f"{mean:.1%}" if data["measure"] == "win" else f"{mean:+.1f}"

    out = [f"Against {names['field']} at every other seat, over {data['deals_kept']} deals, "
           f"the beginner ({names['beginner']}) {what} {said('beginner')}, the strong player "
           f"({names['strong']}) {said('strong')} and the clairvoyant ({names['clairvoyant']}) "
           f"{said('clairvoyant')}."]
    share = data["skill_share"]
    if share["value"] is None:
        out.append("The clairvoyant did exactly as well as the beginner: no scale, no share.")
    else:
        ci = share["ci95"]
        span = f" (95 % interval {ci[0]:.2f}–{ci[1]:.2f})" if ci else ""
        out.append(f"Skill share {share['value']:.2f}{span}: of what knowing the deal adds "
                   "to a beginner's result, good play without that knowledge gets this part.")
        if data["random_effect"]["value"] < 0:
            out.append("The random effect is negative: the clairvoyant did worse than the "
                       "strong player, so the clairvoyant's search is too weak here (raise its "
                       "budget) and the share above 1 means nothing yet.")
    if not names["strong"].startswith("ismcts"):
        out.append(f"The strong player ({names['strong']}) does not search, so the "
                   "clairvoyant is a different player (ISMCTS given the true deal): the random "
                   "effect holds the difference in play as well as the value of knowing the "
                   "cards.")
    if data["deals_kept"] < 200:
        out.append(f"A small sample ({data['deals_kept']} deals): read the intervals.")
    return out


# --- lab spread -----------------------------------------------------------------------------

def _spread_bars(fig: Figure, data: Mapping[str, Any]) -> None:
    ax = fig.subplots()
    labels = list(data["rating"])
    mus = [data["rating"][k]["mu"] for k in labels]
    cis = [data["rating"][k]["ci95"] or [m, m] for k, m in zip(labels, mus, strict=True)]
    ys = list(range(len(labels)))
    ax.errorbar(mus, ys, xerr=[[m - c[0] for m, c in zip(mus, cis, strict=True)],
                               [c[1] - m for m, c in zip(mus, cis, strict=True)]],
                fmt="o", color="#4878a8", capsize=3, label="fitted rating (95 %)")
    centre = sum(mus) / len(mus)
    chance = data["chance_spread"]["value"]
    ax.axvspan(centre - chance, centre + chance, color="#c44e52", alpha=0.15,
               label="± the spread under pure chance")
    ax.set_yticks(ys, [_tick(label) for label in labels], fontsize=8)
    ax.set_xlabel("rating mu (openskill)")
    # above the axes: inside, the best corner still covers the top bot's interval
    ax.legend(fontsize=8, loc="lower center", bbox_to_anchor=(0.5, 1.0), ncols=2,
              frameon=False)


def spread_report(folder: Path, data: Mapping[str, Any]) -> Path:
    """The report of ``lab spread``: its figure, tables and reading in ``folder``."""
    options = ", ".join(f"{k}={str(v).lower()}" for k, v in data["options"].items())
    page = Page(f"Rating spread: {data['variant']} ({options})", data["command"],
                reading=spread_reading(data), tables=spread_tables(data))
    if "rating" in data:
        figure(folder, "spread", lambda fig: _spread_bars(fig, data))
        page.figures.append(("spread", f"Fitted ratings of the population ({data['deals']} "
                                       "deals), beside the spread chance alone gives"))
    return write_page(folder, page, data)


def spread_reading(data: Mapping[str, Any]) -> list[str]:
    """A few sentences of what the spread says."""
    if "rating" not in data:
        return ["No game could be rated: nothing to read."]
    order = sorted(data["rating"], key=lambda k: -data["rating"][k]["mu"])
    spread, chance = data["spread"], data["chance_spread"]
    out = [f"Over {data['rated_games']} rated games ({data['deals']} deals), the bots rank "
           + " > ".join(order) + "."]
    ratio = data["spread_over_chance"]
    out.append(f"The ratings spread {spread['value']:.2f} (sd of mu), against "
               f"{chance['value']:.2f} when the same games are ranked at random"
               + (f": {ratio:.1f} times the spread of chance." if ratio else "."))
    out.append("Read the spread against other variants' measured on the same population "
               "and schedule (deals, seatings): the ratings of one pass of openskill "
               "depend on the number of games, so only like-for-like spreads compare.")
    if data["deals"] < 100:
        out.append(f"A small sample ({data['deals']} deals): read the intervals.")
    return out


# --- lab calibrate ----------------------------------------------------------------------------

def _calibration_lines(fig: Figure, data: Mapping[str, Any]) -> None:
    ax = fig.subplots()
    scales = [float(s) for s in data["grid"]]
    low, high = data["rulebook_range"]
    ax.axhspan(low, high, color="#55a868", alpha=0.15, label="the rulebook's range")
    for count in data["players"]:
        cells = [data["grid"][s][str(count)] for s in data["grid"]]
        means = [c["mean"] for c in cells]
        errors = [[m - (c["ci95"] or [m, m])[0] for m, c in zip(means, cells, strict=True)],
                  [(c["ci95"] or [m, m])[1] - m for m, c in zip(means, cells, strict=True)]]
        ax.errorbar(scales, means, yerr=errors, marker="o", capsize=3,
                    label=f"{count} players")
    ax.axvline(1.0, color="#888888", linestyle=":", label=_scaled_values(data))
    ax.set_xlabel(f"scale on {_scaled_values(data)}")
    ax.set_ylabel("hands per game")
    ax.legend(fontsize=8)


def calibration_report(folder: Path, data: Mapping[str, Any]) -> Path:
    """The report of ``lab calibrate``: the figure, the table, the reading and, when a
    scale fits, its ``--cards`` table as ``proposed-cards.toml``."""
    from ..cardtables import cards_toml

    page = Page(f"Calibration: {data['variant']} hands per game against the rulebook",
                data["command"], reading=calibration_reading(data),
                tables=calibration_tables(data))
    figure(folder, "calibration", lambda fig: _calibration_lines(fig, data))
    page.figures.append(("calibration", "Hands per game at each scale and player count "
                                        f"({data['deals']} deals a point, 95 % intervals)"))
    if data["proposal"]["worst_miss"] is not None:
        (folder / "proposed-cards.toml").write_text(cards_toml(data["proposal"]["cards"]),
                                                    encoding="utf-8")
    return write_page(folder, page, data)


def _scaled_values(data: Mapping[str, Any]) -> str:
    """What scale 1 is: the defaults, or the ``--cards`` table the run scaled."""
    return "the --cards table's values" if data.get("base_cards") else "the default values"


def calibration_reading(data: Mapping[str, Any]) -> list[str]:
    low, high = data["rulebook_range"]
    bots = ", ".join(data["bots"])
    out = [f"The rulebook's range is {low:g}–{high:g} hands a game; {bots} played "
           f"{data['deals']} deals at each scale and player count."]
    today = data["grid"].get("1")
    if today is not None:
        said = ", ".join(f"{count} players {cell['mean']:.2f}" for count, cell in today.items())
        out.append(f"With {_scaled_values(data)}: {said}: "
                   + ("every count in the range." if data["default_in_range"]
                      else "not every count in the range."))
    proposal = data["proposal"]
    if proposal["all_in_range"]:
        out.append(f"Scale {proposal['scale']:g} puts every count in the range, closest to "
                   "its middle; its card table is proposed-cards.toml (use it with --cards).")
    else:
        out.append(f"No scale tried puts every player count in the range: the counts pull "
                   f"apart. Scale {proposal['scale']:g} misses it least (its worst count by "
                   f"{proposal['worst_miss']:.2f} hands); its card table is "
                   "proposed-cards.toml.")
    out.append("Greedy bots score fast (they meld and lay off everything at once): people "
               "play longer games, so read these scales as the bots' calibration, not "
               "the table's.")
    return out


# --- lab compare ----------------------------------------------------------------------------

def _compare_bars(fig: Figure, data: Mapping[str, Any]) -> None:
    left, right = fig.subplots(1, 2, sharey=True)
    labels = [row["label"] for row in data["runs"]]
    ys = list(range(len(labels)))[::-1]

    def draw(ax: Any, values: Sequence[float | None], cis: Sequence[list[float] | None],
             rows: Sequence[int], color: str) -> None:
        for y, value, ci in zip(rows, values, cis, strict=True):
            if value is None:
                continue
            low, high = ci or [value, value]
            ax.errorbar([value], [y], xerr=[[value - low], [high - value]], fmt="o",
                        color=color, capsize=4)

    draw(left, [r["skill_share"]["value"] for r in data["runs"]],
         [r["skill_share"]["ci95"] for r in data["runs"]], ys, "#4878a8")
    left.set_yticks(ys, labels, fontsize=8)
    left.set_xlabel("skill share (95 % interval)")
    others = [y for i, y in enumerate(ys) if i != data["baseline_index"]]
    draw(right, [d["value"] for d in data["differences"]],
         [d["ci95"] for d in data["differences"]], others, "#c44e52")
    right.axvline(0, color="#888888", linewidth=1)
    right.set_xlabel(f"{data['baseline']} − run")


def compare_report(folder: Path, data: Mapping[str, Any]) -> Path:
    """The report of ``lab compare``: one figure, its tables and a reading."""
    page = Page(f"Skill shares compared, against {data['baseline']}", data["command"],
                reading=compare_reading(data), tables=compare_tables(data))
    figure(folder, "compare", lambda fig: _compare_bars(fig, data))
    page.figures.append(("compare", "Skill share of each run, and the baseline's less each "
                                    "other run's (95 % bootstrap intervals)"))
    return write_page(folder, page, data)


def compare_reading(data: Mapping[str, Any]) -> list[str]:
    """What the comparison says, difference by difference."""
    base = data["runs"][data["baseline_index"]]
    value = base["skill_share"]["value"]
    out = [f"{data['baseline']}: skill share "
           f"{'undefined' if value is None else f'{value:.2f}'} over {base['deals']} deals."]
    for diff in data["differences"]:
        ci = diff["ci95"]
        if diff["value"] is None or not ci:
            out.append(f"Against {diff['label']}: no interval, nothing to read.")
            continue
        span = f"{diff['value']:+.3f} (95 % interval {ci[0]:+.3f} to {ci[1]:+.3f})"
        if ci[0] > 0:
            verdict = "more of the result is skill in the baseline: less luck"
        elif ci[1] < 0:
            verdict = "less of the result is skill in the baseline: more luck"
        else:
            verdict = "the runs cannot tell them apart at this size"
        out.append(f"Against {diff['label']}: the baseline's share less its is {span}; "
                   f"{verdict}.")
    if not data["same_players"]:
        out.append("The runs did not all use the same players: a difference may come from "
                   "the players as well as from the rules.")
    return out
