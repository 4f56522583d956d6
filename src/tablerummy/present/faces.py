"""Cards as people see them: the helpers each family's faces are made with.

A family says what its cards are called, worth and do (its plug-in's
:meth:`~tablerummy.family.Family.card_faces`); these helpers are what every family does
alike with that: a short mark unique within the deck, and the faces put together.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from ..family import CardFace


def monograms(names: Mapping[str, str]) -> dict[str, str]:
    """A short mark per card, unique within the deck (``MHu`` and ``MHe``, not two ``MH``)."""
    def initials(name: str, extra: int) -> str:
        words = [w for w in name.replace(":", " ").replace("-", " ").split() if w[0].isalpha()]
        if len(words) == 1:
            return words[0][:3]
        first = "".join(w[0].upper() for w in words[:-1][:2])
        return first + words[-1][: 1 + extra]
    marks: dict[str, str] = {}
    for card, name in names.items():
        marks[card] = initials(name, 0)
    for extra in (1, 2, 3):
        clash = Counter(marks.values())
        for card, mark in list(marks.items()):
            if clash[mark] > 1:
                marks[card] = initials(names[card], extra)
    return marks


def faces(names: Mapping[str, str], marks: Mapping[str, str],
          points: Mapping[str, int | None], helps: Mapping[str, str]) -> dict[str, CardFace]:
    """Every card of ``names`` → its face: a card without a mark shows its name's first
    three letters, one without help its name."""
    return {card: CardFace(name=names[card], mono=marks.get(card, names[card][:3]),
                           points=points.get(card), help=helps.get(card, names[card]))
            for card in names}
