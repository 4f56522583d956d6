"""Al Capone's action space: every decision is a small int with one canonical text.

Ints keep the hot path cheap and give RL users a fixed action space (OpenSpiel style);
the text is the face shown to people, records and the network.
"""

from __future__ import annotations

from ..errors import NotationError
from ..notation import match, seat_token, tokens
from .cards import AGENT_MEETING, ELIOT_NESS, GANGSTERS, GAVELS, KINDS, NG, SEARCH_WARRANT
from .cards import RAID as RAID_CARD

MAX_SEATS = 4
MELD_SIZES = 6  # a meld holds 3 … 8 cards of one gangster

DRAW_STOCK = 0
DRAW_DISCARD = 1
MELD = 2  # + g * MELD_SIZES + (k - 3)
LAYOFF = MELD + NG * MELD_SIZES  # + g
DISCARD = LAYOFF + NG  # + kind
TAKE = DISCARD + len(KINDS)  # + kind
ASK_AROUND = TAKE + len(KINDS)  # + g
ASK_DIRECTLY = ASK_AROUND + NG  # + g * MAX_SEATS + seat
SEARCH_INDIVIDUALLY = ASK_DIRECTLY + NG * MAX_SEATS
SEARCH_SET = SEARCH_INDIVIDUALLY + 1  # + g
DRAW_TWO = SEARCH_SET + NG
REVEAL_SEVEN = DRAW_TWO + 1
RAID = REVEAL_SEVEN + 1  # + g
NUM_ACTIONS = RAID + NG


def gavel_of(action: int) -> int:
    """The Gavel card kind a ``play …`` action plays (only for those actions)."""
    if action < SEARCH_INDIVIDUALLY:
        return AGENT_MEETING
    if action < DRAW_TWO:
        return SEARCH_WARRANT
    if action < RAID:
        return ELIOT_NESS
    return RAID_CARD


def meld(g: int, k: int) -> int:
    return MELD + g * MELD_SIZES + (k - 3)


def ask_directly(g: int, seat: int) -> int:
    return ASK_DIRECTLY + g * MAX_SEATS + seat


def _text(a: int) -> str:
    if a == DRAW_STOCK:
        return "draw stock"
    if a == DRAW_DISCARD:
        return "draw discard"
    if a < LAYOFF:
        g, k = divmod(a - MELD, MELD_SIZES)
        return "meld " + " ".join([GANGSTERS[g]] * (k + 3))
    if a < DISCARD:
        return f"layoff {GANGSTERS[a - LAYOFF]}"
    if a < TAKE:
        return f"discard {KINDS[a - DISCARD]}"
    if a < ASK_AROUND:
        return f"take {KINDS[a - TAKE]}"
    if a < ASK_DIRECTLY:
        return f"play agent-meeting ask-around {GANGSTERS[a - ASK_AROUND]}"
    if a < SEARCH_INDIVIDUALLY:
        g, seat = divmod(a - ASK_DIRECTLY, MAX_SEATS)
        return f"play agent-meeting ask-directly {GANGSTERS[g]} p{seat}"
    if a == SEARCH_INDIVIDUALLY:
        return "play search-warrant individually"
    if a < DRAW_TWO:
        return f"play search-warrant set {GANGSTERS[a - SEARCH_SET]}"
    if a == DRAW_TWO:
        return "play eliot-ness draw-two"
    if a == REVEAL_SEVEN:
        return "play eliot-ness reveal-seven"
    return f"play raid {GANGSTERS[a - RAID]}"


TEXTS: tuple[str, ...] = tuple(_text(a) for a in range(NUM_ACTIONS))


def action_text(action: object) -> str:
    if not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        raise NotationError(f"{action!r} is not a capone action")
    return TEXTS[action]


_VERBS = ("draw", "meld", "layoff", "discard", "take", "play")
_DRAW_FROM = {"stock": DRAW_STOCK, "case-file": DRAW_STOCK, "discard": DRAW_DISCARD,
              "underworld": DRAW_DISCARD}
_EFFECTS = {
    "agent-meeting": ("ask-around", "ask-directly"),
    "search-warrant": ("individually", "set"),
    "eliot-ness": ("draw-two", "reveal-seven"),
    "raid": (),
}


def _gangster(word: str) -> int:
    return GANGSTERS.index(match(word, GANGSTERS, "gangster (Evidence card)"))


def _kind(word: str) -> int:
    return KINDS.index(match(word, KINDS, "capone card"))


def _expect(words: list[str], n: int, form: str) -> None:
    if len(words) != n:
        raise NotationError(f"expected {form!r}")


def parse_action(text: str, players: int = MAX_SEATS) -> int:
    """Parse any reasonable spelling: case, spacing, card order and unique prefixes."""
    words = tokens(text)
    if not words:
        raise NotationError("empty action")
    verb = match(words[0], _VERBS, "verb (draw, meld, layoff, discard, take, play)")
    rest = words[1:]
    if verb == "draw":
        _expect(rest, 1, "draw stock|discard")
        return _DRAW_FROM[match(rest[0], _DRAW_FROM, "pile (stock or discard)")]
    if verb == "meld":
        if len(rest) < 3:
            raise NotationError("a meld is 3 or more Evidence cards of one gangster")
        found = {_gangster(w) for w in rest}
        if len(found) != 1:
            raise NotationError("a meld is 3 or more Evidence cards of one gangster")
        g = found.pop()
        if len(rest) > 3 + MELD_SIZES - 1:
            raise NotationError(f"{GANGSTERS[g]} has no {len(rest)} cards for a meld")
        return meld(g, len(rest))
    if verb == "layoff":
        _expect(rest, 1, "layoff GANGSTER")
        return LAYOFF + _gangster(rest[0])
    if verb == "discard":
        _expect(rest, 1, "discard CARD")
        return DISCARD + _kind(rest[0])
    if verb == "take":
        _expect(rest, 1, "take CARD")
        return TAKE + _kind(rest[0])
    if not rest:
        raise NotationError("expected 'play GAVEL-CARD ...'")
    gavel = match(rest[0], GAVELS, "Gavel card")
    rest = rest[1:]
    if gavel == "raid":
        _expect(rest, 1, "play raid GANGSTER")
        return RAID + _gangster(rest[0])
    if not rest:
        choices = " or ".join(_EFFECTS[gavel])
        raise NotationError(f"play {gavel} needs its action: {choices}")
    effect = match(rest[0], _EFFECTS[gavel], f"{gavel} action")
    rest = rest[1:]
    if effect == "ask-around":
        _expect(rest, 1, "play agent-meeting ask-around GANGSTER")
        return ASK_AROUND + _gangster(rest[0])
    if effect == "ask-directly":
        _expect(rest, 2, "play agent-meeting ask-directly GANGSTER pN")
        return ask_directly(_gangster(rest[0]), seat_token(rest[1], min(players, MAX_SEATS)))
    if effect == "set":
        _expect(rest, 1, "play search-warrant set GANGSTER")
        return SEARCH_SET + _gangster(rest[0])
    _expect(rest, 0, f"play {gavel} {effect}")
    return {"individually": SEARCH_INDIVIDUALLY, "draw-two": DRAW_TWO,
            "reveal-seven": REVEAL_SEVEN}[effect]
