"""Jack the Ripper as the rulebook and the project's decisions state it, for checking the engine.

The card table is typed in again from the project's decisions and the scores are computed here
by a different method than the engine's (cards in hand are "played" one by one onto a
copy of the table until nothing more fits, instead of the engine's counting formula), so
that the tests compare the engine with the documents, not with itself.  Only the state's
layout (count vectors indexed by kind, piles with the top card last) is taken from the
engine, since that is how its cards can be found at all.
"""

from __future__ import annotations

from collections import Counter
from itertools import product

from tablerummy.ripper.cards import KINDS
from tablerummy.ripper.state import DRAW, ESCAPE, OVER, TAKE, RipperState
from tablerummy.variant import HandState, Observation

from .entry import Places

# decision, "Jack the Ripper": suspect → (order number, Evidence copies, points each)
SUSPECTS: dict[str, tuple[int, int, int]] = {
    "druitt": (1, 5, 2),
    "prince-eddy": (2, 5, 2),
    "gull": (3, 5, 2),
    "chapman": (4, 5, 2),
    "pedachenko": (5, 5, 2),
    "jill": (6, 5, 2),
}
VICTIMS = ("victim-nichols", "victim-chapman", "victim-stride", "victim-eddowes",
           "victim-kelly")
SCENES = ("scene-bucks-row", "scene-hanbury-street", "scene-berner-street",
          "scene-mitre-square", "scene-millers-court")
POINTS: dict[str, int] = {
    **{s: p for s, (_, _, p) in SUSPECTS.items()},
    "letters": 3,
    **{f"suspect-{s}": 4 for s in SUSPECTS},  # decision: docs/rules-ripper.md, the
    **{f"alibi-{s}": 4 for s in SUSPECTS if s != "jill"},  # defaults the lab calibrated
    **dict.fromkeys(VICTIMS, 1),
    **dict.fromkeys(SCENES, 2),
    "commissioner-resigns": 0,
    "ripper-strikes": 0,
    "ripper-escapes": 35,
}
DECK: Counter[str] = Counter({
    **{s: n for s, (_, n, _) in SUSPECTS.items()},
    "letters": 4, "wild": 2,
    **{k: 1 for k in POINTS if k.startswith(("suspect-", "alibi-", "victim-", "scene-"))},
    "commissioner-resigns": 2, "ripper-strikes": 2, "ripper-escapes": 1,
})
CARD_COUNT = 62  # 36 Evidence + 25 Gavel + Ripper Escapes (decision)
ESCAPE_POINTS, ESCAPE_PENALTY, VOTE_BONUS = 35, 2, 10

OBSERVATION_KEYS = frozenset({
    "variant", "seat", "side", "dealer", "turn", "to_act", "phase", "gavel_played", "hand",
    "hand_sizes", "areas", "wilds", "victims_in_play", "suspect_points", "alibied",
    "discard_top", "discard_size", "stock_size", "vote", "resign_pending", "extra", "end",
    "yard",  # only while the seat itself searches Scotland Yard (a Scene)
    "scores", "breakdown", "outcome", "ripper",  # only once the hand is over
})
ENDS = frozenset({"went-out", "stock-exhausted", "commissioner-resigns", "ripper-escapes",
                  "repetition"})
"""The rulebook's four ends, and the project's repetition rule (docs/rules-ripper.md)."""


def _state(state: HandState) -> RipperState:
    assert isinstance(state, RipperState), type(state)
    return state


def _held(counts: list[int]) -> dict[str, int]:
    return {KINDS[k]: n for k, n in enumerate(counts) if n}


def _pile(cards: list[int]) -> dict[str, int]:
    return dict(Counter(KINDS[c] for c in cards))


def places(state: HandState) -> Places:
    st = _state(state)
    out: Places = {}
    for seat, hand in enumerate(st.hands):
        out[f"hand p{seat}"] = _held(hand)
        if sum(hand) != st.sizes[seat]:
            raise AssertionError(f"p{seat} holds {sum(hand)} cards but sizes says {st.sizes}")
    for seat, area in enumerate(st.areas):
        out[f"area p{seat}"] = _held(area)
    out["stock"] = _pile(st.stock)
    out["discard"] = _pile(st.yard[:-1])
    out["discard top"] = _pile(st.yard[-1:])
    return out


def _evidence(st: RipperState, seat: int, where: Places) -> dict[str, int]:
    """Evidence per suspect (wild cards under the suspect they stand for) and Letters."""
    area = where[f"area p{seat}"]
    out = {s: area.get(s, 0) + st.wilds[seat][i] for i, s in enumerate(SUSPECTS)}
    out["letters"] = area.get("letters", 0)
    return out


def check_state(state: HandState) -> None:
    """Rules that hold in every position, whoever is to act."""
    st = _state(state)
    where = places(st)
    victims = 0
    for seat in range(st.players):
        area = where[f"area p{seat}"]
        for card in ("commissioner-resigns", "ripper-strikes"):
            if area.get(card):
                raise AssertionError(f"{card} (0 points) lies in p{seat}'s area")
        if area.get("wild", 0) != sum(st.wilds[seat]):
            raise AssertionError(f"p{seat}'s wild cards stand for {st.wilds[seat]}")
        if area.get("ripper-escapes") and st.end != "ripper-escapes":
            raise AssertionError("Ripper Escapes lies in an area, but the Ripper did not escape")
        victims += sum(area.get(v, 0) for v in VICTIMS)
    evidence = sum(sum(_evidence(st, p, where).values()) for p in range(st.players))
    if evidence and not victims:
        raise AssertionError("Evidence lies in play, but no Victim")
    if st.end is None and st.phase == DRAW:
        if not st.stock:
            raise AssertionError("a turn starts although the Case File is used up")
        if not st.yard:
            raise AssertionError("a turn starts with an empty Scotland Yard")
        if st.gavel_played:
            raise AssertionError("a new turn starts with its Gavel card already played")
    if st.end is None and st.phase == ESCAPE and (
            victims != 5 or not where[f"hand p{st.actor}"].get("ripper-escapes")):
        raise AssertionError("an out-of-turn Ripper Escapes chance without its conditions")


def _ripper(st: RipperState) -> str:
    """The most points of Evidence + Suspect card, no Alibi, ties to the lowest order."""
    where = places(st)
    totals = dict.fromkeys(SUSPECTS, 0)
    alibied = set()
    for seat in range(st.players):
        ev = _evidence(st, seat, where)
        area = where[f"area p{seat}"]
        for s in SUSPECTS:
            totals[s] += ev[s] * POINTS[s] + area.get(f"suspect-{s}", 0) * POINTS[f"suspect-{s}"]
            if area.get(f"alibi-{s}"):
                alibied.add(s)
    free = [s for s in SUSPECTS if s not in alibied]
    return sorted(free, key=lambda s: (-totals[s], SUSPECTS[s][0]))[0]


def _set_aside(st: RipperState, seat: int) -> int:
    """Points of the cards in hand that could have been played, found by playing them.

    Each wild card in hand is tried as every suspect (or none); cards are then moved onto
    a copy of the table one at a time while any fits: Evidence when a Victim is in play
    and a meld of it lies there (or 3 are in hand), a wild card as its suspect when that
    makes a meld or matches the player's own area, Suspect and Alibi cards when their
    suspect has Evidence in play.
    """
    where = places(st)
    hand = dict(where[f"hand p{seat}"])
    victim = any(where[f"area p{p}"].get(v) for p in range(st.players) for v in VICTIMS)
    table = [_evidence(st, p, where) for p in range(st.players)]
    best = 0
    for stands in product([*SUSPECTS, None], repeat=hand.get("wild", 0)):
        left = dict(hand)
        wild_as = Counter(s for s in stands if s is not None)
        left["wild"] = 0
        sim = [dict(t) for t in table]
        mine = sim[seat]
        gained = 0
        moved = True
        while moved:
            moved = False
            if victim:
                for kind in [*SUSPECTS, "letters"]:
                    n = left.get(kind, 0)
                    w = wild_as.get(kind, 0)
                    melded = any(t[kind] >= 3 for t in sim)
                    if n and (melded or n + w >= 3):
                        mine[kind] += n
                        gained += n * POINTS[kind]
                        left[kind] = 0
                        moved = True
                    if w and (mine[kind] or (n and n + w >= 3)):
                        mine[kind] += w
                        gained += w * max(POINTS[s] for s in SUSPECTS)  # its value in hand
                        wild_as[kind] = 0
                        moved = True
            for s in SUSPECTS:
                in_play = any(t[s] for t in sim)
                for card in (f"suspect-{s}", f"alibi-{s}"):
                    if in_play and left.get(card):
                        gained += left.pop(card) * POINTS[card]
                        moved = True
        best = max(best, gained)
    return best


def rule_scores(state: HandState, last_actor: int) -> list[int]:
    """Scoring A (caught), B (escaped) or C (at large), as the rulebook gives them."""
    st = _state(state)
    where = places(st)
    n = st.players
    victims_in_play = sum(where[f"area p{p}"].get(v, 0) for p in range(n) for v in VICTIMS)
    if st.end == "ripper-escapes":
        return [
            sum(POINTS[c] * k for c, k in where[f"area p{p}"].items()
                if c in VICTIMS or c in SCENES or c == "ripper-escapes")
            for p in range(n)
        ]
    caught = bool(st.stock) and st.end != "repetition"  # scored as if used up: at large
    ripper = _ripper(st) if caught else None
    scores = []
    for p in range(n):
        area = where[f"area p{p}"]
        ev = _evidence(st, p, where)
        total = 0
        for s in SUSPECTS:
            points = ev[s] * POINTS[s] + area.get(f"suspect-{s}", 0) * POINTS[f"suspect-{s}"]
            total += 2 * points if s == ripper else points
        total += ev["letters"] * POINTS["letters"]
        total += sum(POINTS[c] * k for c, k in area.items()
                     if c.startswith(("alibi-", "victim-", "scene-")))
        hand = where[f"hand p{p}"]
        face = sum(POINTS.get(c, max(POINTS[s] for s in SUSPECTS)) * k for c, k in hand.items()
                   if c != "ripper-escapes")
        total -= face - _set_aside(st, p)
        total -= ESCAPE_PENALTY * victims_in_play * hand.get("ripper-escapes", 0)
        vote = st.votes[p]
        if ripper is not None and vote is not None and KINDS[vote] == ripper:
            total += VOTE_BONUS
        scores.append(total)
    return scores


def check_final(state: HandState, last_actor: int) -> None:
    """The hand ended in one of the rulebook's four ways, and the end matches it."""
    st = _state(state)
    where = places(st)
    if st.end == "went-out" and where[f"hand p{last_actor}"]:
        raise AssertionError(f"'went-out' but p{last_actor} still holds cards")
    if st.end == "stock-exhausted" and st.stock:
        raise AssertionError("'stock-exhausted' with cards in the Case File")
    if st.end == "repetition" and not st.stock:
        raise AssertionError("'repetition' with an empty Case File")
    if st.end == "ripper-escapes" and not where[f"area p{last_actor}"].get("ripper-escapes"):
        raise AssertionError(f"'ripper-escapes' but p{last_actor} did not play it")
    if st.end == "commissioner-resigns" and all(where[f"hand p{p}"] for p in range(st.players)):
        raise AssertionError("'commissioner-resigns' but nobody discarded their last card")
    if st.to_act is not None or st.legal_actions() or st.phase != OVER:
        raise AssertionError("a finished hand still has a seat to act or legal actions")
    outcome = ("escaped" if st.end == "ripper-escapes" else
               "caught" if st.stock and st.end != "repetition" else "at-large")
    report = st.hand_report()
    if report["outcome"] != outcome:
        raise AssertionError(f"outcome {report['outcome']!r}, the rules say {outcome!r}")
    expected = _ripper(st) if outcome == "caught" else None
    if report["ripper"] != expected:
        raise AssertionError(f"ripper {report['ripper']!r}, the rules say {expected!r}")
    if list(st.variant.sides) != [(s,) for s in range(st.players)]:
        raise AssertionError(f"sides {st.variant.sides}: every player scores alone")


def check_observation(obs: Observation, state: HandState, seat: int, where: Places) -> None:
    """The seat sees its hand, every area, the yard's top, its own vote and the sizes."""
    st = _state(state)
    top = where["discard top"]
    expect: dict[str, object] = {
        "seat": seat,
        "side": seat,
        "to_act": st.to_act,
        "hand": where[f"hand p{seat}"],
        "hand_sizes": [sum(where[f"hand p{t}"].values()) for t in range(st.players)],
        "areas": [where[f"area p{t}"] for t in range(st.players)],
        "stock_size": len(st.stock),
        "discard_size": len(st.yard),
        "discard_top": next(iter(top)) if top else None,
        "end": st.end,
    }
    for key, value in expect.items():
        if obs.get(key) != value:
            raise AssertionError(f"observation[{key!r}] is {obs.get(key)!r}, rules say {value!r}")
    vote = obs["vote"]
    mine = st.votes[seat]
    if vote["mine"] != (KINDS[mine] if mine is not None else None):
        raise AssertionError(f"p{seat} does not see their own vote: {vote}")
    shown = vote["votes"]
    if st.end is None and shown is not None:
        raise AssertionError("the votes are shown before the hand is scored")
    if st.end is not None and shown != [KINDS[v] if v is not None else None for v in st.votes]:
        raise AssertionError("the votes are not revealed at scoring")
    if st.phase == TAKE and st.seat == seat:
        if sorted(obs.get("yard", [])) != sorted(KINDS[c] for c in st.yard):
            raise AssertionError("a Scene's search does not show the seat Scotland Yard")
    elif "yard" in obs:
        raise AssertionError(f"p{seat} sees Scotland Yard without searching it")
