"""Which control of the page offers each legal move: a pure function, tested in Python.

The page never computes a rule, but it must offer *every* legal move with something a
person can click.  Guessing that from the move's words in the browser went wrong
whenever a move named a card that was also in the hand (``take al-capone`` during a
search with an Al Capone in hand was only offered by selecting the hand's card; a
``vote chapman`` likewise).  So the server says, per legal move, which controls offer
it, and the page draws those generically:

- ``cards``: the hand cards the move uses (a multiset of ids).  Selecting exactly these
  cards shows the move's button (``table.js``: ``matching``).  Empty: not via the hand.
- ``pile``: the index of the pile whose click offers the move (one move: it is sent; more:
  a dialog lists them, e.g. the Oklahoma family's ``draw pile meld …``), or ``None``.
- ``group``: the title of a group of buttons always shown under the hand while the move
  is legal (a decision: the vote, the card to keep from a search, Ripper Escapes or
  pass); when every legal move has a group, the page also opens them as a dialog.
- ``option``: the card a decision names (``take X``, ``vote X``), so that clicking that
  card in the search panel chooses it.

Every move gets at least one of ``cards``, ``pile`` and ``group``
(``tests/web/test_affordances.py`` walks random positions of every variant to prove it).
Labels use the cards' names (:func:`card_faces`), never raw ids.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import Any

from ..present import View
from ..present.words import sayer
from ..registry import family_of
from ..variant import Variant

Affordance = dict[str, Any]

TURN_PHASES = ("draw", "play")
"""Phases of a seat's own turn; any other phase is a decision asked of one seat."""

_GROUPS = {
    "take": "Choose the card to take",
    "vote": "Vote: who will be the Ripper at the end of the hand?",
    "call": "Call a vote",
}


def card_faces(variant: Variant) -> dict[str, Any]:
    """Every card id of ``variant`` → ``{"name", "mono", "points", "help"}`` (public facts
    only), as the page reads them: its family's faces
    (:meth:`tablerummy.family.Family.card_faces`)."""
    return {card: asdict(face) for card, face in family_of(variant).card_faces(variant).items()}


def hand_ids(view: View) -> list[str]:
    """The viewer's hand as a list of card ids (a card held twice is listed twice)."""
    ids: list[str] = []
    for group in view.get("hand", []):
        for card in group.get("cards", []):
            ids.extend([card["id"]] * int(card.get("count", 1)))
    return ids


def _cards_of(verb: str, words: list[str]) -> list[str]:
    """The hand cards a move uses, read by its verb (the verbs every family's notation
    shares: ``meld``, ``discard``, ``layoff``, ``swap CARD …``, ``play CARD …``)."""
    rest = words[1:]
    if verb in ("meld", "discard"):
        return [w.split("=", 1)[0] for w in rest]
    if verb == "layoff":
        return [rest[0].split("=", 1)[0]] if rest else []
    if verb == "swap":  # Oklahoma: swap CARD [pN] mK
        return [rest[0]] if rest else []
    if verb == "play":  # play CARD [choice …] (the Mystery Rummy Gavel cards)
        return [rest[0]] if rest else []
    return []


def affordances(variant: Variant, view: View, legal: Sequence[str],
                faces: Mapping[str, Any] | None = None) -> list[Affordance]:
    """Per legal move: its text, verb, label in words and the controls that offer it.

    ``faces``: the variant's :func:`card_faces`, if the caller keeps them (a table
    does: building them took a third of this function's time).
    """
    if faces is None:
        faces = card_faces(variant)
    held = Counter(hand_ids(view))
    decision = view.get("phase") not in TURN_PHASES
    decision_title = _decision_title(view)
    out: list[Affordance] = []
    say = sayer(variant)
    for text in legal:
        words = text.split()
        verb = words[0] if words else ""
        cards = _cards_of(verb, words)
        if cards and any(cards.count(card) > held[card] for card in cards):
            cards = []  # not all in hand (never expected): offered by a group instead
        pile: int | None = None
        group: str | None = None
        option: str | None = None
        if verb == "draw":
            pile = 0 if words[1:] == ["stock"] else 1
        elif verb in ("take", "vote") and len(words) == 2:
            if words[1] == "call":
                group = _GROUPS["call"]
            else:
                option = words[1]
                group = decision_title if decision and verb == "take" else _GROUPS[verb]
        if decision and group is None:
            group = decision_title
        if not cards and pile is None and group is None:
            group = "Moves"
        out.append({"text": text, "verb": verb, "label": say(text),
                    "cards": cards, "pile": pile, "group": group, "option": option})
    return out


def _decision_title(view: View) -> str:
    prompt = str(view.get("prompt") or "your decision").removeprefix("your turn: ")
    return prompt[:1].upper() + prompt[1:]
