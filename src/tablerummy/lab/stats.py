"""Intervals for the lab's measures: 95 % by default, always with the sample they rest on.

* A **rate** (a share of games or hands) gets the Wilson score interval
  (:func:`tablerummy.simulate.wilson`, the one the arena uses).
* A **mean** gets the normal interval, mean ± 1.96 · s / √n (s the sample standard
  deviation): the lab's samples are hundreds of games or hands, where the central limit
  theorem holds well; with fewer than two values there is no interval (``None``).
* A **ratio of means** (the skill share) gets a percentile bootstrap over deals with a
  fixed seed, so that a report is reproduced exactly (:func:`bootstrap`).
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from ..simulate import Z95, wilson

__all__ = ["Z95", "bootstrap", "describe", "mean_interval", "rate", "wilson"]

BOOTSTRAP_RESAMPLES = 2000
"""Resamples of a bootstrap interval: enough for stable 2.5 % and 97.5 % percentiles."""
BOOTSTRAP_SEED = 12
"""The bootstrap's own seed (fixed: the same data, the same interval)."""


def mean_interval(values: Sequence[float], z: float = Z95) -> dict[str, Any]:
    """``{"mean", "ci95", "n"}``: the mean and its normal interval (None under 2 values)."""
    n = len(values)
    if not n:
        return {"mean": None, "ci95": None, "n": 0}
    mean = math.fsum(values) / n
    if n < 2:
        return {"mean": mean, "ci95": None, "n": n}
    half = z * statistics.stdev(values) / math.sqrt(n)
    return {"mean": mean, "ci95": [mean - half, mean + half], "n": n}


def rate(successes: int, trials: int) -> dict[str, Any]:
    """``{"count", "n", "rate", "ci95"}``: a share with its Wilson interval."""
    return {"count": successes, "n": trials,
            "rate": successes / trials if trials else None,
            "ci95": list(wilson(successes, trials)) if trials else None}


def describe(values: Sequence[float]) -> dict[str, Any]:
    """A distribution in a few numbers: mean (with interval), sd, min, max and percentiles."""
    out = mean_interval(values)
    if not values:
        return out
    ordered = sorted(values)
    out["sd"] = statistics.stdev(ordered) if len(ordered) > 1 else 0.0
    out["min"], out["max"] = ordered[0], ordered[-1]
    out["percentiles"] = {str(p): _percentile(ordered, p) for p in (5, 25, 50, 75, 95)}
    return out


def _percentile(ordered: Sequence[float], p: float) -> float:
    """The ``p``-th percentile by linear interpolation between order statistics."""
    position = (len(ordered) - 1) * p / 100
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


T = TypeVar("T")


def bootstrap(units: Sequence[T], statistic: Callable[[Sequence[T]], float | None],
              resamples: int = BOOTSTRAP_RESAMPLES, seed: int = BOOTSTRAP_SEED
              ) -> list[float] | None:
    """The 95 % percentile-bootstrap interval of ``statistic`` over resampled ``units``.

    Units are resampled whole (a deal with all its games), so that what the design pairs
    stays paired.  Resamples where the statistic is undefined (None: a zero denominator)
    are dropped; with fewer than half of them defined there is no interval (None).
    """
    if len(units) < 2:
        return None
    rng = random.Random(seed)
    n = len(units)
    values = []
    for _ in range(resamples):
        sample = [units[rng.randrange(n)] for _ in range(n)]
        value = statistic(sample)
        if value is not None and math.isfinite(value):
            values.append(value)
    if len(values) < resamples / 2:
        return None
    values.sort()
    return [_percentile(values, 2.5), _percentile(values, 97.5)]


def bootstrap_difference(first: Sequence[T], second: Sequence[T],
                         statistic: Callable[[Sequence[T]], float | None],
                         resamples: int = BOOTSTRAP_RESAMPLES, seed: int = BOOTSTRAP_SEED
                         ) -> list[float] | None:
    """The 95 % percentile-bootstrap interval of ``statistic(first) − statistic(second)``
    for two independent samples (two runs on different deals): each resample draws each
    sample's units anew, on its own.  None as :func:`bootstrap` says."""
    if len(first) < 2 or len(second) < 2:
        return None
    rng = random.Random(seed)
    values = []
    for _ in range(resamples):
        a = statistic([first[rng.randrange(len(first))] for _ in first])
        b = statistic([second[rng.randrange(len(second))] for _ in second])
        if a is not None and b is not None and math.isfinite(a - b):
            values.append(a - b)
    if len(values) < resamples / 2:
        return None
    values.sort()
    return [_percentile(values, 2.5), _percentile(values, 97.5)]
