"""Comparing skill runs: which rule set leaves more to skill, and by how much.

``tablerummy lab compare`` reads the ``data.json`` of several ``lab skill --report``
runs — one per variant or rule set, the same measure and players — and sets their skill
shares side by side, each against a baseline run with the interval of the difference.
The runs are independent samples (different variants deal different games even from the
same seeds), so the difference's interval comes from resampling each run's deals on its
own (:func:`~.stats.bootstrap_difference`); a run's own interval is recomputed from its
deals the same way as ``lab skill`` does, so the two agree.

The rulebook of the Oklahoma family says Arlington Heights' rules "reduce the luck
element": a higher skill share than Fortune's and Arlington's is what that would look
like (``docs/lab/README.md``).
"""

from __future__ import annotations

import contextlib
import json
import shlex
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..errors import OptionError
from ..userinput import read_user_text, shown
from ..variant import get_variant
from .skill import ROLES, Unit, learning_of, random_of, share_of
from .stats import bootstrap, bootstrap_difference

MAX_DATA_BYTES = 64 * 1024 * 1024
"""A skill run's data.json is a few kB a hundred deals; more than this is not one."""


def load_skill_run(path: str) -> dict[str, Any]:
    """The data of one ``lab skill --report`` run: its folder or its ``data.json``."""
    name = shown(path)
    target = Path(path)
    with contextlib.suppress(ValueError):  # a NUL in the path: read_user_text says so
        if target.is_dir():
            target = target / "data.json"
    text = read_user_text(target, OptionError, MAX_DATA_BYTES)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise OptionError(f"{name} is not valid JSON") from None
    if not _is_skill_run(data):
        raise OptionError(f"{name} is not the data of a lab skill run (made with "
                          "'tablerummy lab skill … --report DIR')")
    return data  # type: ignore[no-any-return]


def _is_skill_run(data: object) -> bool:
    if not isinstance(data, dict):
        return False
    raw = data.get("raw")
    return (isinstance(data.get("variant"), str) and isinstance(data.get("options"), dict)
            and data.get("measure") in ("win", "margin") and isinstance(data.get("players"), dict)
            and isinstance(data.get("command"), str) and isinstance(raw, list)
            and all(isinstance(row, dict)
                    and all(isinstance(row.get(r), (int, float))
                            and not isinstance(row.get(r), bool) for r in ROLES)
                    for row in raw))


def label_of(data: Mapping[str, Any], players: bool = True) -> str:
    """The variant and the options that differ from its defaults (and ``players``)."""
    try:
        defaults = get_variant(data["variant"]).options
    except OptionError:
        defaults = {}
    options = data["options"]
    shown_options = [f"{k}={str(v).lower()}" for k, v in options.items()
                     if (players if k == "players" else defaults.get(k) != v)]
    return f"{data['variant']} ({', '.join(shown_options)})" if shown_options \
        else str(data["variant"])


def _units(data: Mapping[str, Any]) -> list[Unit]:
    return [(float(r["beginner"]), float(r["strong"]), float(r["clairvoyant"]))
            for r in data["raw"]]


def compare_runs(runs: Sequence[Mapping[str, Any]], sources: Sequence[str],
                 baseline: int = 0) -> dict[str, Any]:
    """The runs' skill shares and effects, and each one's share against ``baseline``'s."""
    if len(runs) < 2:
        raise OptionError("compare needs at least two skill runs")
    if not 0 <= baseline < len(runs):
        raise OptionError(f"--baseline is a run's number, 1 to {len(runs)}")
    measures = {run["measure"] for run in runs}
    if len(measures) > 1:
        raise OptionError("the runs measure different things (win and margin): compare "
                          "runs of one --measure")
    units = [_units(run) for run in runs]
    for source, got in zip(sources, units, strict=True):
        if len(got) < 2:
            raise OptionError(f"{shown(source)} kept fewer than two deals: nothing to compare")
    counts = {run["options"].get("players") for run in runs}
    rows = []
    for run, source, got in zip(runs, sources, units, strict=True):
        rows.append({
            "label": label_of(run, players=len(counts) > 1), "source": source,
            "command": run["command"],
            "players": run["players"], "deals": len(got),
            "result": {role: sum(u[i] for u in got) / len(got) for i, role in enumerate(ROLES)},
            "learning_effect": {"value": learning_of(got), "ci95": bootstrap(got, learning_of)},
            "random_effect": {"value": random_of(got), "ci95": bootstrap(got, random_of)},
            "skill_share": {"value": share_of(got), "ci95": bootstrap(got, share_of)},
        })
    base = rows[baseline]
    differences = []
    for i, row in enumerate(rows):
        if i == baseline:
            continue
        a, b = base["skill_share"]["value"], row["skill_share"]["value"]
        differences.append({
            "label": row["label"],
            "value": None if a is None or b is None else a - b,
            "ci95": bootstrap_difference(units[baseline], units[i], share_of),
        })
    players = {json.dumps(run["players"], sort_keys=True) for run in runs}
    return {"measure": measures.pop(), "baseline": base["label"], "baseline_index": baseline,
            "runs": rows,
            "differences": differences, "same_players": len(players) == 1}


def compare_command(sources: Sequence[str], baseline: int, report: str | None) -> str:
    """The command that gives this comparison again."""
    parts = ["tablerummy", "lab", "compare", *sources]
    if baseline:
        parts += ["--baseline", str(baseline + 1)]
    if report:
        parts += ["--report", report]
    return shlex.join(parts)
