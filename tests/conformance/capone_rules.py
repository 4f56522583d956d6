"""Al Capone as the rulebook and the project's decisions state it, for checking the engine.

The card table is typed in again from the project's decisions on purpose: the tests compare
the engine against the documents, not against the engine's own table.  Only the
state's layout (count vectors indexed by kind, piles with the top card last) is
taken from the engine, since that is how its cards can be found at all.
"""

from __future__ import annotations

from collections import Counter
from typing import cast

from tablerummy.capone.cards import KINDS
from tablerummy.capone.state import DRAW, TAKE, CaponeState
from tablerummy.variant import HandState, Observation

from .entry import Places

# id: (copies, points per card, complete-set value) — decision, docs/rules-capone.md
# "Cards": the defaults the variant lab calibrated (tablerummy's first table is classic)
EVIDENCE: dict[str, tuple[int, int, int]] = {
    "al-capone": (8, 3, 38),
    "murray-humphreys": (7, 2, 20),
    "ralph-capone": (7, 2, 20),
    "jake-guzik": (7, 2, 20),
    "jack-mcgurn": (7, 2, 20),
    "johnny-torrio": (6, 2, 19),
    "frank-nitti": (6, 2, 19),
    "william-white": (6, 2, 18),
    "samuel-hunt": (5, 2, 15),
    "fred-burke": (5, 2, 15),
    "mike-heitler": (4, 3, 14),
}
GAVEL: dict[str, int] = {"agent-meeting": 5, "search-warrant": 5, "eliot-ness": 5, "raid": 3}
DECK: Counter[str] = Counter({**{k: v[0] for k, v in EVIDENCE.items()}, **GAVEL})
CARD_COUNT = 86  # 68 Evidence + 18 Gavel (rulebook, "Contents")

OBSERVATION_KEYS = frozenset({
    "variant", "seat", "side", "dealer", "to_act", "phase", "gavel_played", "hand",
    "hand_sizes", "areas", "discard_top", "discard_size", "stock_size", "end",
    "underworld",  # only while the seat itself looks through it (Search Individually)
    "scores", "breakdown",  # only once the hand is over
})
ENDS = frozenset({"went-out", "stock-exhausted", "repetition"})
"""The rulebook's two ends, and the project's repetition rule (docs/rules-capone.md)."""


def sides(players: int, teams: bool) -> list[tuple[int, ...]]:
    """Partners sit opposite and share an area with 4 players (rulebook, "Team Play")."""
    if players == 4 and teams:
        return [(0, 2), (1, 3)]
    return [(s,) for s in range(players)]


def _state(state: HandState) -> CaponeState:
    assert isinstance(state, CaponeState), type(state)
    return state


def _held(counts: list[int]) -> dict[str, int]:
    """A count vector as cards; negative counts are kept so that the check sees them."""
    return {KINDS[k]: n for k, n in enumerate(counts) if n}


def _pile(cards: list[int]) -> dict[str, int]:
    counts = [0] * len(KINDS)
    for c in cards:
        counts[c] += 1
    return _held(counts)


def places(state: HandState) -> Places:
    st = _state(state)
    out: Places = {}
    for seat, hand in enumerate(st.hands):
        out[f"hand p{seat}"] = _held(hand)
        if sum(hand) != st.sizes[seat]:
            raise AssertionError(f"p{seat} holds {sum(hand)} cards but sizes says {st.sizes}")
    for side, area in enumerate(st.areas):
        out[f"area {side}"] = _held(area)
    out["stock"] = _pile(st.stock)
    out["discard"] = _pile(st.discard[:-1])
    out["discard top"] = _pile(st.discard[-1:])
    if st.phase == TAKE:  # the Search Warrant goes onto the Underworld after the choice
        out["being played"] = {"search-warrant": 1}
    return out


def _side_of(state: CaponeState, seat: int) -> int:
    v = state.variant
    return next(i for i, s in enumerate(sides(v.players, bool(v.options["teams"]))) if seat in s)


def check_state(state: HandState) -> None:
    """Rules that hold in every position, whoever is to act."""
    st = _state(state)
    for side, area in enumerate(st.areas):
        for k, n in enumerate(area):
            if n and KINDS[k] not in EVIDENCE:
                raise AssertionError(f"a Gavel card {KINDS[k]} lies in area {side}")
    if st.end is None and st.phase == DRAW:
        if not st.stock:
            raise AssertionError("a turn starts although the Case File is used up")
        if not st.discard:
            raise AssertionError("a turn starts with an empty Underworld")
        if st.gavel_played:
            raise AssertionError("a new turn starts with its Gavel card already played")


def rule_scores(state: HandState, last_actor: int) -> list[int]:
    """Area points, complete sets at their set value, and the exclusion rule."""
    st = _state(state)
    v = st.variant
    where = places(st)
    result = []
    for side in range(len(sides(v.players, bool(v.options["teams"])))):
        total = 0
        for card, n in where[f"area {side}"].items():
            copies, points, full = EVIDENCE[card]
            total += full if n == copies else n * points
        result.append(total)
    went_out = not where[f"hand p{last_actor}"]
    winner = _side_of(st, last_actor)
    if st.end == "went-out" and went_out and where[f"area {winner}"].get("al-capone") == 8:
        result = [r if i == winner else 0 for i, r in enumerate(result)]  # exclusion
    return result


def check_final(state: HandState, last_actor: int) -> None:
    """A hand ends by a discard of the last hand card, or when the Case File is used up."""
    st = _state(state)
    emptied = not places(st)[f"hand p{last_actor}"]
    if st.end == "went-out" and not emptied:
        raise AssertionError(f"'went-out' but p{last_actor} still holds cards")
    if st.end == "stock-exhausted" and (emptied or st.stock):
        raise AssertionError("'stock-exhausted' with cards in the Case File or an empty hand")
    if st.end == "repetition" and (emptied or not st.stock):
        raise AssertionError("'repetition' with an empty Case File or an empty hand")
    if st.end is None or st.to_act is not None or st.legal_actions():
        raise AssertionError("a finished hand still has a seat to act or legal actions")
    v = st.variant
    if list(v.sides) != sides(v.players, bool(v.options["teams"])):
        raise AssertionError(f"sides {v.sides} are not the rulebook's")


def check_observation(obs: Observation, state: HandState, seat: int, where: Places) -> None:
    """The seat sees its own hand, every area, the Underworld's top and the pile sizes."""
    st = _state(state)
    v = st.variant
    top = where["discard top"]
    expect: dict[str, object] = {
        "seat": seat,
        "side": _side_of(st, seat),
        "to_act": st.to_act,
        "hand": where[f"hand p{seat}"],
        "hand_sizes": [sum(where[f"hand p{t}"].values()) for t in range(v.players)],
        "areas": [where[f"area {i}"] for i in range(len(st.areas))],
        "stock_size": len(st.stock),
        "discard_size": len(st.discard),
        "discard_top": next(iter(top)) if top else None,
        "end": st.end,
    }
    for key, value in expect.items():
        if obs.get(key) != value:
            raise AssertionError(f"observation[{key!r}] is {obs.get(key)!r}, rules say {value!r}")
    if st.phase == TAKE and st.seat == seat:
        underworld = sorted(KINDS[c] for c in st.discard)
        if sorted(cast(list[str], obs.get("underworld", []))) != underworld:
            raise AssertionError("Search Individually does not show the seat the Underworld")
    elif "underworld" in obs:
        raise AssertionError(f"p{seat} sees the Underworld without a Search Warrant")
