"""Who the Ripper is and what each player scores: the rulebook's three scorings.

- *caught* (the hand ended without Ripper Escapes and the Case File still has cards):
  the non-alibied suspect with the most Evidence + Suspect points in play is the Ripper
  (ties: lowest order number); his cards score double; cards left in hand that could not
  have been played are subtracted (Victims and Scenes always); Ripper Escapes held costs
  its penalty per Victim in play; a correct vote scores 10.
- *at large* (the Case File is empty): as caught, but no Ripper, no doubling, no votes.
- *escaped* (Ripper Escapes was played): only Victims and Scenes in play, plus its points
  to the player who played it; nothing is subtracted.

Everything here reads plain count vectors, so the functions work on any position.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from .cards import ALIBI, ESCAPES, LETTERS, NA, NE, NS, NV, SCENE, SUSPECT, VICTIM, WILD, CardTable

VOTE_BONUS = 10


def suspect_totals(areas: Sequence[Sequence[int]], wilds: Sequence[Sequence[int]],
                   cards: CardTable) -> list[int]:
    """Per suspect: points of its Evidence (wilds included) and Suspect card in all areas."""
    points = cards.points
    evidence = [0] * NS
    suspect = [0] * NS
    for area, w in zip(areas, wilds, strict=True):
        for s in range(NS):
            evidence[s] += area[s] + w[s]
            suspect[s] += area[SUSPECT + s]
    return [evidence[s] * points[s] + suspect[s] * points[SUSPECT + s] for s in range(NS)]


def alibied(areas: Sequence[Sequence[int]]) -> list[bool]:
    """Per suspect: does an Alibi of theirs lie in some area (then they cannot be the Ripper)?"""
    return [s < NA and any(area[ALIBI + s] for area in areas) for s in range(NS)]


def find_ripper(areas: Sequence[Sequence[int]], wilds: Sequence[Sequence[int]],
                cards: CardTable) -> int:
    """The Ripper of a caught hand: most points, alibied suspects excluded, ties to the
    lowest order number.  Jill has no Alibi, so some suspect is always left."""
    totals = suspect_totals(areas, wilds, cards)
    out = alibied(areas)
    candidates = [s for s in range(NS) if not out[s]]
    return min(candidates, key=lambda s: (-totals[s], cards.order[s]))


def area_points(area: Sequence[int], wild: Sequence[int], cards: CardTable,
                ripper: int | None) -> int:
    """An area's points: face values, the Ripper's Evidence and Suspect card doubled."""
    points = cards.points
    total = 0
    for s in range(NS):
        evidence = (area[s] + wild[s]) * points[s] + area[SUSPECT + s] * points[SUSPECT + s]
        total += evidence * 2 if s == ripper else evidence
    total += area[LETTERS] * points[LETTERS]
    for k in range(ALIBI, SCENE + NV):
        total += area[k] * points[k]
    total += area[ESCAPES] * points[ESCAPES]
    return total


def victims_in_play(areas: Sequence[Sequence[int]]) -> int:
    return sum(area[VICTIM + v] for area in areas for v in range(NV))


def playable_points(hand: Sequence[int], own: int, areas: Sequence[Sequence[int]],
                    wilds: Sequence[Sequence[int]], cards: CardTable) -> int:
    """The most points of ``hand`` that could have been played from the final table.

    Judged as if it were the player's turn, card by card, without the one-Gavel limit or
    the card kept for the discard: Evidence needs a Victim in play and a meld to lay off
    onto or enough cards to meld (wild cards counted, each assigned to the suspect that
    saves the most); Suspect and Alibi cards need Evidence of their suspect in play or
    playable.  Victims, Scenes, Ripper Escapes and the 0-point cards never count here.
    """
    points = cards.points
    victim = victims_in_play(areas) > 0
    in_play = [any(area[s] + w[s] for area, w in zip(areas, wilds, strict=True))
               for s in range(NS)]
    melded = [any(area[k] + (w[k] if k < NS else 0) >= 3
                  for area, w in zip(areas, wilds, strict=True)) for k in range(NE)]
    held_wilds = hand[WILD]
    best = 0
    for assignment in product(range(NS + 1), repeat=held_wilds):  # NS = left unused
        if not victim:
            evidence_ok = [False] * NS
            total = 0
        else:
            extra = [assignment.count(s) for s in range(NS)]
            total = 0
            letters = hand[LETTERS]
            if letters and (melded[LETTERS] or letters >= 3):
                total += letters * points[LETTERS]
            evidence_ok = [False] * NS
            for s in range(NS):
                n, w = hand[s], extra[s]
                meld_ok = n >= 1 and (melded[s] or n + w >= 3)
                if n and (melded[s] or n + w >= 3):
                    total += n * points[s]
                    evidence_ok[s] = True
                if w and (own_has(areas[own], wilds[own], s) or meld_ok):
                    total += w * points[WILD]  # set aside at its face value in hand
                    evidence_ok[s] = True
        for s in range(NS):
            if in_play[s] or evidence_ok[s]:
                total += hand[SUSPECT + s] * points[SUSPECT + s]
                if s < NA:
                    total += hand[ALIBI + s] * points[ALIBI + s]
        best = max(best, total)
    return best


def own_has(area: Sequence[int], wild: Sequence[int], s: int) -> bool:
    """Does this area hold Evidence of suspect ``s`` (a wild standing for it counts)?"""
    return area[s] + wild[s] > 0


def hand_penalty(hand: Sequence[int], own: int, areas: Sequence[Sequence[int]],
                 wilds: Sequence[Sequence[int]], cards: CardTable) -> int:
    """What a player left holding ``hand`` loses in a caught or at-large hand."""
    points = cards.points
    face = sum(hand[k] * points[k] for k in range(ESCAPES))  # wild: the highest suspect value
    penalty = face - playable_points(hand, own, areas, wilds, cards)
    if hand[ESCAPES]:
        penalty += cards.escape_penalty * victims_in_play(areas)
    return penalty


def hand_scores(
    outcome: str,
    areas: Sequence[Sequence[int]],
    wilds: Sequence[Sequence[int]],
    hands: Sequence[Sequence[int]],
    votes: Sequence[int | None],
    cards: CardTable,
) -> tuple[list[int], int | None]:
    """Each player's score for the hand, and the Ripper (caught hands only)."""
    if outcome == "escaped":
        scores = [
            sum(area[k] * cards.points[k] for k in range(VICTIM, SCENE + NV))
            + area[ESCAPES] * cards.points[ESCAPES]
            for area in areas
        ]
        return scores, None
    ripper = find_ripper(areas, wilds, cards) if outcome == "caught" else None
    scores = []
    for seat, (area, wild, hand) in enumerate(zip(areas, wilds, hands, strict=True)):
        score = area_points(area, wild, cards, ripper)
        score -= hand_penalty(hand, seat, areas, wilds, cards)
        if ripper is not None and votes[seat] == ripper:
            score += VOTE_BONUS
        scores.append(score)
    return scores, ripper
