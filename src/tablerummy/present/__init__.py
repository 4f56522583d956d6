"""Presenters: one seat's observation turned into a generic table view (cli-chess style).

The terminal and the web page draw the same view, so neither computes a rule or knows a
variant: a view lists players, the viewer's hand in labelled groups, each side's area as
labelled melds with points, the piles, the scores and a prompt.  How the legal moves are
grouped for people is :func:`.moves.move_menu`, the same for every front end.  Each variant family
draws its views in its own package (its plug-in's :meth:`~tablerummy.family.Family.present`,
``(variant, observation) -> view``) from the helpers here (:func:`common_view`, :func:`prompt`).

View keys (all JSON-ready): ``variant``, ``title``, ``seat``, ``to_act``, ``phase``,
``prompt``, ``players`` [{seat, label, side, hand_size, dealer, to_act}], ``hand``
[{label, cards: [{id, name, count}]}], ``areas`` [{side, label, points, melds: [{label,
cards: [id…], names: [name…], points, note}]}], ``piles`` [{name, size, top, top_name}], ``scores``
{sides, totals, target, hands: [[…]…], game_over, winner}, ``private`` [{label, cards}]
(things only this seat sees, e.g. the Underworld during a search), ``end``,
``breakdown`` (``None`` while the hand runs; once it is over, per side {side, label,
items: [{label, points}], total}: the engine's scoring breakdown).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..registry import family_of
from ..variant import Observation, Variant

View = dict[str, Any]
Presenter = Callable[[Variant, Observation], View]


def table_view(variant: Variant, observation: Observation) -> View:
    """The view of ``observation`` (from ``Game.observation(seat)``) for any front end:
    the variant's family draws it (:meth:`tablerummy.family.Family.present`)."""
    return family_of(variant).present(variant, observation)


def seat_label(seat: int) -> str:
    return f"p{seat}"


def side_label(sides: list[list[int]], side: int) -> str:
    return " & ".join(seat_label(s) for s in sides[side])


def prompt(obs: Observation, your_turn: dict[str, str]) -> str:
    """What the viewer is waiting for; ``your_turn`` words each phase of their own turn."""
    to_act = obs["to_act"]
    if obs["game_over"]:
        return "the game is over"
    if to_act == obs["seat"]:
        return "your turn: " + your_turn.get(obs["phase"], "")
    if to_act is not None:
        return f"{seat_label(to_act)} to act"
    return "the hand is over"


def common_view(variant: Variant, obs: Observation) -> View:
    """The keys every variant fills the same way, from the observation's shared keys."""
    sides: list[list[int]] = obs["sides"]
    dealer = obs["dealer"]
    to_act = obs["to_act"]
    return {
        "variant": variant.name,
        "title": variant.title,
        "seat": obs["seat"],
        "to_act": to_act,
        "phase": obs["phase"],
        "players": [
            {
                "seat": s,
                "label": seat_label(s),
                "side": next(i for i, side in enumerate(sides) if s in side),
                "hand_size": size,
                "dealer": s == dealer,
                "to_act": s == to_act,
            }
            for s, size in enumerate(obs["hand_sizes"])
        ],
        "scores": {
            "sides": [side_label(sides, i) for i in range(len(sides))],
            "totals": obs["totals"],
            "target": obs["target"],
            "hands": obs["hand_scores"],
            "game_over": obs["game_over"],
            "winner": obs["winner"],
        },
        "private": [],
        "end": obs.get("end"),
        "breakdown": breakdown_view(obs),
    }


def breakdown_view(obs: Observation) -> list[dict[str, Any]] | None:
    """The finished hand's scoring, item by item, per side (``None`` while it runs).

    The items are the engine's (:meth:`HandState.breakdown`), unchanged: terminal and
    page render these and compute nothing of their own.
    """
    items = obs.get("breakdown")
    if items is None:
        return None
    sides: list[list[int]] = obs["sides"]
    return [
        {
            "side": i,
            "label": side_label(sides, i),
            "items": [{"label": label, "points": points} for label, points in side],
            "total": sum(points for _, points in side),
        }
        for i, side in enumerate(items)
    ]
