"""The Oklahoma family as the rulebook and the project's decisions state it, to check the engine.

The decks and the value tables are typed in again from ``Oklahoma rulebook`` and
the project's decisions (and ``docs/rules-oklahoma.md`` for the project's decisions), and a hand
is scored here by reading each meld afresh — is it a set, a sequence, a deuce set; is its
ace high or low; which cards are wild — instead of the engine's position-indexed arrays.
Only the state's layout (count vectors over the card ids below, melds as (card, stands)
items, piles with the top card last) is taken from the engine.
"""

from __future__ import annotations

from collections import Counter
from typing import Literal, TypedDict

from tablerummy.oklahoma.state import DRAW, OklahomaState
from tablerummy.variant import HandState, Observation

from .entry import Places

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
IDS = (*(r + s for s in "SHDC" for r in RANKS), "JK")
"""Card ids in the order of the engine's count vectors (its layout)."""

PACK = Counter(r + s for s in "SHDC" for r in RANKS)
DECK_104: Counter[str] = PACK + PACK
DECK_105: Counter[str] = DECK_104 + Counter({"JK": 1})
_NO_TWOS = Counter({c: n for c, n in PACK.items() if not c.startswith("2")})
DECK_100: Counter[str] = _NO_TWOS + _NO_TWOS + Counter({"JK": 4})

OBSERVATION_KEYS = frozenset({
    "variant", "seat", "side", "dealer", "to_act", "phase", "hand", "hand_sizes", "melds",
    "melded_points", "discard", "discard_top", "discard_size", "stock_size", "stock",
    "known_hands", "rebuilds", "last_turn", "end", "out_seat",
    "scores", "breakdown", "hands",  # only once the hand is over (every hand is shown)
})
ENDS = frozenset({"went-out", "stock-exhausted"})

# --- the value tables, typed again from the rulebook (per table: Fortune, Parlett,
# Scarne, Heights); "low"/"high" are the rank classes of each game --------------------


class _Table(TypedDict):
    """One game's values; ``None``: the game has no such card (or no such meld)."""

    high_from: int
    high: int
    low: int
    ace_high: int
    ace_low: int
    two: int | None
    qs: int
    wild_qs: int
    deuce_set: int | None
    joker: int | None
    hand_high: int
    hand_low: int
    hand_ace: int
    hand_two: int | None
    hand_qs: int
    hand_joker: int | None
    bonus: int


_Points = Literal["high", "low", "ace_high", "ace_low", "two", "qs", "wild_qs",
                  "hand_high", "hand_low", "hand_ace", "hand_two", "hand_qs", "hand_joker"]
"""The keys of :class:`_Table` a card is scored by."""


def _points(table: _Table, key: _Points) -> int:
    """A card's value by ``table`` (its game has that card)."""
    value = table[key]
    assert value is not None, key
    return value


def _table(variant: str, rules: str, joker: bool) -> _Table:
    if variant == "fortune":
        return {"high_from": 8, "high": 10, "low": 5, "ace_high": 10, "ace_low": 5,
                "two": 5, "qs": 50, "wild_qs": 10, "deuce_set": None, "joker": None,
                "hand_high": -10, "hand_low": -5, "hand_ace": -10, "hand_two": -10,
                "hand_qs": -50, "hand_joker": None, "bonus": 0}
    if variant == "arlington":
        scarne = rules == "scarne"
        return {"high_from": 8, "high": 10, "low": 5, "ace_high": 20, "ace_low": 20,
                "two": 5, "qs": 50, "wild_qs": 50 if scarne else 10,
                "deuce_set": 25 if scarne else None, "joker": 100 if joker else None,
                "hand_high": -10, "hand_low": -5, "hand_ace": -10, "hand_two": -20,
                "hand_qs": -50 if scarne else -100, "hand_joker": -200, "bonus": 100}
    return {"high_from": 10, "high": 10, "low": 5, "ace_high": 20, "ace_low": 5,
            "two": None, "qs": 50, "wild_qs": 50, "deuce_set": None, "joker": None,
            "hand_high": -10, "hand_low": -5, "hand_ace": -20, "hand_two": None,
            "hand_qs": -50, "hand_joker": -20, "bonus": 50}


def _state(state: HandState) -> OklahomaState:
    assert isinstance(state, OklahomaState), type(state)
    return state


def _rank(cid: str) -> str:
    return cid[:-1]


def _is_wild(variant: str, cid: str) -> bool:
    return cid == "JK" or (variant != "arlington-heights" and _rank(cid) == "2")


def places(state: HandState) -> Places:
    st = _state(state)
    out: Places = {}
    for seat, hand in enumerate(st.hands):
        if any(n < 0 for n in hand):
            raise AssertionError(f"p{seat}'s hand has a negative count")
        out[f"hand p{seat}"] = {IDS[c]: n for c, n in enumerate(hand) if n}
        if sum(hand) != st.sizes[seat]:
            raise AssertionError(f"p{seat} holds {sum(hand)} cards but sizes says {st.sizes}")
    for seat, melds in enumerate(st.melds):
        out[f"melds p{seat}"] = dict(Counter(IDS[c] for m in melds for c, _ in m.items))
    out["stock"] = dict(Counter(IDS[c] for c in st.stock))
    out["discard"] = dict(Counter(IDS[c] for c in st.discard[:-1]))
    out["discard top"] = dict(Counter(IDS[c] for c in st.discard[-1:]))
    return out


# --- reading a meld afresh ------------------------------------------------------------


def _meld_points(items: list[tuple[str, str]], variant: str, table: _Table) -> int:
    """A meld's points: every card by what it stands for, by the variant's table."""
    stands = [s for _, s in items]
    if table["deuce_set"] is not None and all(_rank(c) == "2" and c == s for c, s in items):
        return table["deuce_set"] * len(items)
    is_set = len({_rank(s) for s in stands}) == 1
    ace_low = not is_set and any(_rank(s) == "2" for s in stands)
    total = 0
    for card, stand in items:
        if card == "JK" and table["joker"] is not None:
            total += table["joker"]
            continue
        rank = _rank(stand)
        key: _Points
        if stand == "QS":
            key = "qs" if card == "QS" else "wild_qs"
        elif rank == "A":
            key = "ace_low" if ace_low else "ace_high"
        elif rank == "2":
            key = "two"
        else:
            value = {"J": 11, "Q": 12, "K": 13}.get(rank) or int(rank)
            key = "high" if value >= table["high_from"] else "low"
        total += _points(table, key)
    return total


def _hand_points(hand: Counter[str], variant: str, table: _Table) -> int:
    total = 0
    for cid, n in hand.items():
        key: _Points
        if cid == "JK":
            key = "hand_joker"
        elif cid == "QS":
            key = "hand_qs"
        elif _rank(cid) == "A":
            key = "hand_ace"
        elif _rank(cid) == "2":
            key = "hand_two"
        else:
            rank = _rank(cid)
            value = {"J": 11, "Q": 12, "K": 13}.get(rank) or int(rank)
            key = "hand_high" if value >= table["high_from"] else "hand_low"
        total += n * _points(table, key)
    return total


def rule_scores(state: HandState, last_actor: int) -> list[int]:
    st = _state(state)
    variant = st.variant.name
    opts = st.variant.options
    table = _table(variant, str(opts.get("rules", "parlett")), bool(opts.get("joker", False)))
    out = []
    for seat in range(st.players):
        melded = sum(_meld_points([(IDS[c], IDS[s]) for c, s in m.items], variant, table)
                     for m in st.melds[seat])
        hand = Counter({IDS[c]: n for c, n in enumerate(st.hands[seat]) if n})
        score = melded + _hand_points(hand, variant, table)
        if st.end == "went-out" and seat == last_actor:
            score += table["bonus"]
        out.append(score)
    return out


# --- invariants -------------------------------------------------------------------------


def _check_meld(items: list[tuple[str, str]], variant: str, long_ok: bool) -> None:
    stands = [s for _, s in items]
    text = " ".join(c if c == s else f"{c}={s}" for c, s in items)
    if len(items) < 3:
        raise AssertionError(f"meld {text} has fewer than 3 cards")
    for card, stand in items:
        if card != stand and not _is_wild(variant, card):
            raise AssertionError(f"meld {text}: the natural {card} stands for {stand}")
    is_set = len({_rank(s) for s in stands}) == 1
    if is_set and len(items) > 4:
        raise AssertionError(f"set {text} has more than 4 cards")
    if not is_set:
        if len({s[-1] for s in stands}) != 1:
            raise AssertionError(f"meld {text} is neither a set nor a sequence")
        if len(items) > 4 and not long_ok:
            raise AssertionError(f"sequence {text} has more than 4 cards")
    deuce_set = all(_rank(c) == "2" and c == s for c, s in items)
    if not deuce_set and all(_is_wild(variant, c) for c, _ in items):
        raise AssertionError(f"meld {text} has no natural card")
    for card, stand in items:
        # deuces "can only act as substitutes for cards of other values"; Heights has no 2s
        if card != stand and _rank(stand) == "2" and (
                _rank(card) == "2" or variant == "arlington-heights"):
            raise AssertionError(f"meld {text}: the wild {card} stands for a 2")


def _only_queens(hand: Counter[str]) -> bool:
    return hand.total() > 0 and hand["QS"] == hand.total()


def _check_queen_of_spades(st: OklahomaState) -> None:
    """Heights (decision): Q♠ is never discarded, no meld or layoff (the pile's meld
    included) may leave a hand of Q♠s only; a draw that leaves one discards one Q♠, never
    the last card."""
    hand = Counter({IDS[c]: n for c, n in enumerate(st.hands[st.seat]) if n})
    pile = Counter(IDS[c] for c in st.discard[:-1])
    top = IDS[st.discard[-1]] if st.discard else ""
    for action in st.legal_actions():
        assert isinstance(action, tuple)
        kind = action[0]
        if kind == "discard" and IDS[action[1]] == "QS":
            if not (_only_queens(hand) and hand.total() >= 2):
                raise AssertionError(f"Q♠ may be discarded from {dict(hand)}")
            continue
        if kind in ("meld", "pile"):
            after = hand + (pile + Counter([top]) if kind == "pile" else Counter())
            after.subtract(IDS[c] for c, _ in action[1])
        elif kind == "layoff":
            after = hand.copy()
            after.subtract([IDS[action[1]]])
        else:
            continue
        if _only_queens(+after):
            raise AssertionError(f"{st.variant.action_text(action)!r} leaves only Q♠: "
                                 f"{dict(+after)}")


def check_state(state: HandState) -> None:
    st = _state(state)
    variant = st.variant.name
    long_ok = bool(st.variant.options.get("long_sequences", False))
    for melds in st.melds:
        for meld in melds:
            _check_meld([(IDS[c], IDS[s]) for c, s in meld.items], variant, long_ok)
    if st.end is None and st.phase == DRAW:
        if not st.stock:
            raise AssertionError("a turn starts with an empty stock")
        if not st.discard:
            raise AssertionError("a turn starts with an empty discard pile")
    if st.rebuilds > 3:
        raise AssertionError(f"the stock was rebuilt {st.rebuilds} times (house limit 3)")
    if variant == "arlington-heights" and st.end is None:
        _check_queen_of_spades(st)


def check_observation(obs: Observation, state: HandState, seat: int, where: Places) -> None:
    """The seat sees its hand, every meld, the whole discard pile and the sizes."""
    st = _state(state)
    hand = where[f"hand p{seat}"]
    expect: dict[str, object] = {
        "seat": seat,
        "to_act": st.to_act,
        "hand_sizes": [sum(where[f"hand p{t}"].values()) for t in range(st.players)],
        "discard": [IDS[c] for c in st.discard],
        "discard_top": IDS[st.discard[-1]] if st.discard else None,
        "stock_size": len(st.stock),
        "end": st.end,
    }
    for key, value in expect.items():
        if obs.get(key) != value:
            raise AssertionError(f"observation[{key!r}] is {obs.get(key)!r}, rules say {value!r}")
    if Counter(obs["hand"]) != Counter(hand):
        raise AssertionError(f"p{seat} sees {obs['hand']} as its hand, it holds {hand}")
    for t in range(st.players):
        shown = Counter(c.split("=")[0] for m in obs["melds"][t] for c in m)
        if shown != Counter(where[f"melds p{t}"]):
            raise AssertionError(f"p{seat} sees p{t}'s melds as {obs['melds'][t]}")
        known = Counter(obs["known_hands"][t])
        if known - Counter(where[f"hand p{t}"]):
            raise AssertionError(f"cards 'known' in p{t}'s hand are not there: {known}")


def check_final(state: HandState, last_actor: int) -> None:
    st = _state(state)
    if st.end == "went-out":
        if st.sizes[last_actor] != 0:
            raise AssertionError(f"p{last_actor} went out holding {st.sizes[last_actor]} cards")
    elif st.end == "stock-exhausted":
        if st.stock:
            raise AssertionError("the hand ended for an empty stock that is not empty")
        if st.rebuilds < 3 and len(st.discard) > 2:
            raise AssertionError("the stock ran out but could have been rebuilt")
