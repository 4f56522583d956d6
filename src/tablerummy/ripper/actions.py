"""Jack the Ripper's action space: every decision is a small int with one canonical text.

The ids are fixed (an OpenSpiel-style action space for RL users); the text is the face
shown to people, records and the network.  Ranges, in order:

- ``draw stock`` / ``draw discard``; ``vote call``; ``vote SUSPECT``
- ``meld …`` (one id per kind × natural cards × wild cards), ``layoff KIND``,
  ``layoff wild=SUSPECT``
- ``discard CARD``; ``take CARD`` (from Scotland Yard, after a Scene's search)
- ``play suspect-S``, ``play alibi-S``, ``play victim-V draw-two|take-scene``,
  ``play scene-X search|take-victim``, ``play commissioner-resigns``,
  ``play ripper-strikes draw-two|victim``, ``play ripper-escapes``; ``pass``
"""

from __future__ import annotations

import re

from ..errors import NotationError
from ..notation import checked_text, match, tokens
from ..userinput import shown
from .cards import (
    ALIBI,
    ALIBI_SUSPECTS,
    COMMISSIONER,
    ESCAPES,
    KINDS,
    LETTERS,
    NA,
    NE,
    NK,
    NS,
    NV,
    SCENE,
    SCENES,
    STRIKES,
    SUSPECT,
    SUSPECTS,
    VICTIM,
    VICTIMS,
)

MELD_FORMS: tuple[tuple[int, int, int], ...] = (
    (LETTERS, 3, 0),
    (LETTERS, 4, 0),
    *(
        (s, n, w)
        for s in range(NS)
        for w in range(3)
        for n in range(max(1, 3 - w), 6)
    ),
)
"""(kind, natural cards, wild cards) of every meld a hand can make: Letters 3 or 4; a
suspect 3 … 7 cards, at least one of them natural (only 2 wilds exist)."""
MELD_INDEX: dict[tuple[int, int, int], int] = {form: i for i, form in enumerate(MELD_FORMS)}

DRAW_STOCK = 0
DRAW_DISCARD = 1
VOTE_CALL = 2
VOTE = 3  # + suspect
MELD = VOTE + NS  # + MELD_INDEX[form]
LAYOFF = MELD + len(MELD_FORMS)  # + kind (suspects and Letters)
LAYOFF_WILD = LAYOFF + NE  # + suspect
DISCARD = LAYOFF_WILD + NS  # + kind
TAKE = DISCARD + NK  # + kind
PLAY_SUSPECT = TAKE + NK  # + suspect
PLAY_ALIBI = PLAY_SUSPECT + NS  # + alibi index
VICTIM_DRAW = PLAY_ALIBI + NA  # + victim
VICTIM_SCENE = VICTIM_DRAW + NV  # + victim
SCENE_SEARCH = VICTIM_SCENE + NV  # + victim (the scene's index)
SCENE_VICTIM = SCENE_SEARCH + NV  # + victim
RESIGN = SCENE_VICTIM + NV
STRIKES_DRAW = RESIGN + 1
STRIKES_VICTIM = STRIKES_DRAW + 1
ESCAPE = STRIKES_VICTIM + 1
PASS = ESCAPE + 1
NUM_ACTIONS = PASS + 1


def meld(kind: int, naturals: int, wilds: int = 0) -> int:
    return MELD + MELD_INDEX[(kind, naturals, wilds)]


def card_of(action: int) -> int:
    """The card a ``play …`` action plays."""
    if action < PLAY_ALIBI:
        return SUSPECT + action - PLAY_SUSPECT
    if action < VICTIM_DRAW:
        return ALIBI + action - PLAY_ALIBI
    if action < VICTIM_SCENE:
        return VICTIM + action - VICTIM_DRAW
    if action < SCENE_SEARCH:
        return VICTIM + action - VICTIM_SCENE
    if action < SCENE_VICTIM:
        return SCENE + action - SCENE_SEARCH
    if action < RESIGN:
        return SCENE + action - SCENE_VICTIM
    if action == RESIGN:
        return COMMISSIONER
    if action in (STRIKES_DRAW, STRIKES_VICTIM):
        return STRIKES
    return ESCAPES


def _text(a: int) -> str:
    if a == DRAW_STOCK:
        return "draw stock"
    if a == DRAW_DISCARD:
        return "draw discard"
    if a == VOTE_CALL:
        return "vote call"
    if a < MELD:
        return f"vote {SUSPECTS[a - VOTE]}"
    if a < LAYOFF:
        kind, n, w = MELD_FORMS[a - MELD]
        return "meld " + " ".join([KINDS[kind]] * n + [f"wild={KINDS[kind]}"] * w)
    if a < LAYOFF_WILD:
        return f"layoff {KINDS[a - LAYOFF]}"
    if a < DISCARD:
        return f"layoff wild={SUSPECTS[a - LAYOFF_WILD]}"
    if a < TAKE:
        return f"discard {KINDS[a - DISCARD]}"
    if a < PLAY_SUSPECT:
        return f"take {KINDS[a - TAKE]}"
    if a < PLAY_ALIBI:
        return f"play suspect-{SUSPECTS[a - PLAY_SUSPECT]}"
    if a < VICTIM_DRAW:
        return f"play alibi-{ALIBI_SUSPECTS[a - PLAY_ALIBI]}"
    if a < VICTIM_SCENE:
        return f"play {VICTIMS[a - VICTIM_DRAW]} draw-two"
    if a < SCENE_SEARCH:
        return f"play {VICTIMS[a - VICTIM_SCENE]} take-scene"
    if a < SCENE_VICTIM:
        return f"play {SCENES[a - SCENE_SEARCH]} search"
    if a < RESIGN:
        return f"play {SCENES[a - SCENE_VICTIM]} take-victim"
    return {
        RESIGN: "play commissioner-resigns",
        STRIKES_DRAW: "play ripper-strikes draw-two",
        STRIKES_VICTIM: "play ripper-strikes victim",
        ESCAPE: "play ripper-escapes",
        PASS: "pass",
    }[a]


TEXTS: tuple[str, ...] = tuple(_text(a) for a in range(NUM_ACTIONS))


def action_text(action: object) -> str:
    if not isinstance(action, int) or isinstance(action, bool) or not 0 <= action < NUM_ACTIONS:
        raise NotationError(f"{action!r} is not a ripper action")
    return TEXTS[action]


_VERBS = ("draw", "vote", "meld", "layoff", "discard", "take", "play", "pass")
_DRAW_FROM = {
    "stock": DRAW_STOCK, "case-file": DRAW_STOCK, "discard": DRAW_DISCARD,
    "scotland-yard": DRAW_DISCARD,
}
_EVIDENCE = (*SUSPECTS, "letters", "wild")
_PLAYABLE = KINDS[NE + 1 :]  # the Gavel cards and Ripper Escapes
_CHOICES: dict[str, tuple[str, ...]] = {
    **{v: ("draw-two", "take-scene") for v in VICTIMS},
    **{s: ("search", "take-victim") for s in SCENES},
    "ripper-strikes": ("draw-two", "victim"),
}


def _suspect(word: str) -> int:
    return SUSPECTS.index(match(word, SUSPECTS, "suspect"))


def _card(word: str) -> int:
    return KINDS.index(match(word, KINDS, "ripper card"))


def _evidence(word: str) -> tuple[int, int | None]:
    """An Evidence word of a meld or layoff: (kind, suspect a wild stands for or None)."""
    left, eq, right = word.partition("=")
    kind = _EVIDENCE.index(match(left, _EVIDENCE, "Evidence card"))
    if kind == NE:  # wild
        if eq and right and "letters".startswith(right) and len(right) > 1:
            raise NotationError("a wild card never stands for Letters")
        return kind, _suspect(right) if eq and right else None
    if eq:
        raise NotationError(f"only a wild card stands for another card, not {shown(left)}")
    return kind, None


def _expect(words: list[str], n: int, form: str) -> None:
    if len(words) != n:
        raise NotationError(f"expected {form!r}")


def _meld(words: list[str]) -> int:
    cards = [_evidence(w) for w in words]
    naturals = {k for k, _ in cards if k != NE}
    stands = {s for k, s in cards if k == NE and s is not None}
    wilds = sum(1 for k, _ in cards if k == NE)
    kinds = naturals | stands
    if len(kinds) != 1 or len(cards) < 3:
        raise NotationError("a meld is 3 or more Evidence cards of one suspect (or Letters)")
    kind = kinds.pop()
    if kind == LETTERS and wilds:
        raise NotationError("a wild card never stands for Letters")
    form = (kind, len(cards) - wilds, wilds)
    if form not in MELD_INDEX:
        raise NotationError(f"{KINDS[kind]} has no meld of {form[1]} cards and {wilds} wild")
    return MELD + MELD_INDEX[form]


def parse_action(text: str) -> int:
    """Parse any reasonable spelling: case, spacing, card order and unique prefixes.

    ``wild = druitt`` is read as ``wild=druitt``; a bare ``wild`` in a meld stands for the
    meld's suspect; a Gavel card's choice may be spelt with spaces (``draw two``).
    """
    words = tokens(re.sub(r"\s*=\s*", "=", checked_text(text)))
    if not words:
        raise NotationError("empty action")
    verb = match(words[0], _VERBS, "verb (draw, vote, meld, layoff, discard, take, play, pass)")
    rest = words[1:]
    if verb == "pass":
        _expect(rest, 0, "pass")
        return PASS
    if verb == "draw":
        _expect(rest, 1, "draw stock|discard")
        return _DRAW_FROM[match(rest[0], _DRAW_FROM, "pile (stock or discard)")]
    if verb == "vote":
        _expect(rest, 1, "vote call|SUSPECT")
        if rest[0] == "letters":
            raise NotationError("Letters cannot be the Ripper: vote for one of the six suspects")
        word = match(rest[0], ("call", *SUSPECTS), "vote (call or a suspect)")
        return VOTE_CALL if word == "call" else VOTE + SUSPECTS.index(word)
    if verb == "meld":
        return _meld(rest)
    if verb == "layoff":
        _expect(rest, 1, "layoff CARD")
        kind, stands = _evidence(rest[0])
        if kind == NE:
            if stands is None:
                raise NotationError("a wild card is laid off as 'layoff wild=SUSPECT'")
            return LAYOFF_WILD + stands
        return LAYOFF + kind
    if verb in ("discard", "take"):
        _expect(rest, 1, f"{verb} CARD")
        return (DISCARD if verb == "discard" else TAKE) + _card(rest[0])
    if not rest:
        raise NotationError("expected 'play CARD …'")
    if rest[0] == "alibi-jill":
        raise NotationError("Jill the Ripper has no Alibi card")
    card = match(rest[0], _PLAYABLE, "Gavel card (or ripper-escapes)")
    choices = _CHOICES.get(card, ())
    if not choices:
        _expect(rest, 1, f"play {card}")
        k = KINDS.index(card)
        if card.startswith("suspect-"):
            return PLAY_SUSPECT + SUSPECTS.index(card[len("suspect-"):])
        if card.startswith("alibi-"):
            return PLAY_ALIBI + ALIBI_SUSPECTS.index(card[len("alibi-"):])
        return {"commissioner-resigns": RESIGN, "ripper-escapes": ESCAPE}[KINDS[k]]
    if len(rest) < 2:
        raise NotationError(f"play {card} needs its choice: {' or '.join(choices)}")
    choice = match("-".join(rest[1:]), choices, f"{card} choice")
    if card == "ripper-strikes":
        return STRIKES_DRAW if choice == "draw-two" else STRIKES_VICTIM
    if card in VICTIMS:
        v = VICTIMS.index(card)
        return (VICTIM_DRAW if choice == "draw-two" else VICTIM_SCENE) + v
    v = SCENES.index(card)
    return (SCENE_SEARCH if choice == "search" else SCENE_VICTIM) + v
