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
from dataclasses import dataclass
from itertools import combinations_with_replacement, product

from .cards import (
    ALIBI,
    ESCAPES,
    KINDS,
    LETTERS,
    NA,
    NAMES,
    NK,
    NS,
    NV,
    SCENE,
    SUSPECT,
    VICTIM,
    WILD,
    CardTable,
)

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
    out = [False] * NS  # Jill (the last) has no Alibi
    for area in areas:  # (a plain loop: RL tensors read this at every decision)
        for s, present in enumerate(area[ALIBI:ALIBI + NA]):
            if present:
                out[s] = True
    return out


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
    """The most points of ``hand`` that could have been played from the final table."""
    return _playable(hand, own, areas, wilds, cards, None)


def playable_cards(hand: Sequence[int], own: int, areas: Sequence[Sequence[int]],
                   wilds: Sequence[Sequence[int]], cards: CardTable) -> list[int]:
    """Per kind, how many cards of ``hand`` could have been played from the final table
    (the cards that make :func:`playable_points`)."""
    took = [0] * len(hand)
    _playable(hand, own, areas, wilds, cards, took)
    return took


def _playable(hand: Sequence[int], own: int, areas: Sequence[Sequence[int]],
              wilds: Sequence[Sequence[int]], cards: CardTable, took: list[int] | None) -> int:
    """The most points of ``hand`` that could have been played; ``took`` (if given) is
    filled with the cards that make them, per kind.

    Judged as if it were the player's turn, card by card, without the one-Gavel limit or
    the card kept for the discard: Evidence needs a Victim in play and a meld to lay off
    onto or enough cards to meld (wild cards counted, each assigned to the suspect that
    saves the most); Suspect and Alibi cards need Evidence of their suspect in play or
    playable.  Victims, Scenes, Ripper Escapes and the 0-point cards never count here.
    The bots' fast path asks for the points only; the breakdown asks for the cards.
    """
    points = cards.points
    victim = victims_in_play(areas) > 0
    # per area, each Evidence kind's cards with the wilds standing for it (Letters: none)
    evidence = [[a + b for a, b in zip(area, w, strict=False)] + [area[LETTERS]]
                for area, w in zip(areas, wilds, strict=True)]
    columns = list(zip(*evidence, strict=True))
    in_play = [any(columns[s]) for s in range(NS)]
    melded = [max(col) >= 3 for col in columns]
    own_area, own_wilds = areas[own], wilds[own]

    def value(assignment: tuple[int, ...], took: list[int] | None) -> int:
        total = 0
        evidence_ok = [False] * NS
        if victim:
            extra = [assignment.count(s) for s in range(NS)]
            letters = hand[LETTERS]
            if letters and (melded[LETTERS] or letters >= 3):
                total += letters * points[LETTERS]
                if took is not None:
                    took[LETTERS] = letters
            for s in range(NS):
                n, w = hand[s], extra[s]
                meld_ok = n >= 1 and (melded[s] or n + w >= 3)
                if n and (melded[s] or n + w >= 3):
                    total += n * points[s]
                    evidence_ok[s] = True
                    if took is not None:
                        took[s] = n
                if w and (own_has(own_area, own_wilds, s) or meld_ok):
                    total += w * points[WILD]  # set aside at its face value in hand
                    evidence_ok[s] = True
                    if took is not None:
                        took[WILD] += w
        for s in range(NS):
            if in_play[s] or evidence_ok[s]:
                total += hand[SUSPECT + s] * points[SUSPECT + s]
                if took is not None:
                    took[SUSPECT + s] = hand[SUSPECT + s]
                if s < NA:
                    total += hand[ALIBI + s] * points[ALIBI + s]
                    if took is not None:
                        took[ALIBI + s] = hand[ALIBI + s]
        return total

    best = -1
    chosen: tuple[int, ...] = ()
    # (NS = left unused.)  A value reads how many wilds go to each suspect, not their
    # order, so the points alone need each multiset once; the cards, the first best
    # assignment in the order of every assignment, as the breakdown has always named
    assignments = (product(range(NS + 1), repeat=hand[WILD]) if took is not None
                   else combinations_with_replacement(range(NS + 1), hand[WILD]))
    for assignment in assignments:
        total = value(assignment, None)
        if total > best:
            best, chosen = total, assignment
    if took is not None:
        value(chosen, took)
    return best


def own_has(area: Sequence[int], wild: Sequence[int], s: int) -> bool:
    """Does this area hold Evidence of suspect ``s`` (a wild standing for it counts)?"""
    return area[s] + wild[s] > 0


def unplayed_cards(hand: Sequence[int], own: int, areas: Sequence[Sequence[int]],
                   wilds: Sequence[Sequence[int]], cards: CardTable) -> list[int]:
    """Per kind, the cards of ``hand`` that cost their face value in a caught or
    at-large hand: those that could not have been played (0-point cards left out)."""
    points = cards.points
    playable = playable_cards(hand, own, areas, wilds, cards)
    return [n - p if k < ESCAPES and points[k] else 0
            for k, (n, p) in enumerate(zip(hand, playable, strict=True))]


def escapes_penalty(hand: Sequence[int], areas: Sequence[Sequence[int]],
                    cards: CardTable) -> int:
    """What holding Ripper Escapes costs in a caught or at-large hand (positive)."""
    return cards.escape_penalty * victims_in_play(areas) if hand[ESCAPES] else 0


def hand_penalty(hand: Sequence[int], own: int, areas: Sequence[Sequence[int]],
                 wilds: Sequence[Sequence[int]], cards: CardTable) -> int:
    """What a player left holding ``hand`` loses in a caught or at-large hand (the bots'
    fast path; :func:`unplayed_cards` names the cards, and the two agree)."""
    points = cards.points
    face = sum(hand[k] * points[k] for k in range(ESCAPES))  # wild: the highest suspect value
    return (face - playable_points(hand, own, areas, wilds, cards)
            + escapes_penalty(hand, areas, cards))


@dataclass(frozen=True)
class HandResult:
    """A scored hand: the scores, the caught Ripper, and per seat what its hand cost."""

    scores: list[int]
    ripper: int | None
    unplayed: list[list[int]]
    """Per seat and kind: cards left in hand that cost their face value."""
    escapes_cost: list[int]
    """Per seat: what holding Ripper Escapes cost (positive; 0 when not held)."""


def score_hand(
    outcome: str,
    areas: Sequence[Sequence[int]],
    wilds: Sequence[Sequence[int]],
    hands: Sequence[Sequence[int]],
    votes: Sequence[int | None],
    cards: CardTable,
) -> HandResult:
    """The hand scored by the rulebook's scoring for ``outcome``."""
    n = len(areas)
    if outcome == "escaped":
        scores = [
            sum(area[k] * cards.points[k] for k in range(VICTIM, SCENE + NV))
            + area[ESCAPES] * cards.points[ESCAPES]
            for area in areas
        ]
        return HandResult(scores, None, [[0] * NK for _ in range(n)], [0] * n)
    ripper = find_ripper(areas, wilds, cards) if outcome == "caught" else None
    points = cards.points
    scores = []
    unplayed = []
    escapes = []
    for seat, (area, wild, hand) in enumerate(zip(areas, wilds, hands, strict=True)):
        lost = unplayed_cards(hand, seat, areas, wilds, cards)
        cost = escapes_penalty(hand, areas, cards)
        score = area_points(area, wild, cards, ripper)
        score -= sum(k * points[kind] for kind, k in enumerate(lost) if k) + cost
        if ripper is not None and votes[seat] == ripper:
            score += VOTE_BONUS
        scores.append(score)
        unplayed.append(lost)
        escapes.append(cost)
    return HandResult(scores, ripper, unplayed, escapes)


def hand_scores(
    outcome: str,
    areas: Sequence[Sequence[int]],
    wilds: Sequence[Sequence[int]],
    hands: Sequence[Sequence[int]],
    votes: Sequence[int | None],
    cards: CardTable,
) -> tuple[list[int], int | None]:
    """Each player's score for the hand, and the Ripper (caught hands only)."""
    result = score_hand(outcome, areas, wilds, hands, votes, cards)
    return result.scores, result.ripper


def _counted(n: int, kind: int) -> str:
    name = NAMES[KINDS[kind]]
    return name if n == 1 else f"{n} {name}"


ESCAPES_HELD = "Ripper Escapes in hand"
"""How the item of a Ripper Escapes penalty begins (read back by ``RipperState.tallies``)."""
VOTE_CORRECT = ": correct"
"""How the item of a vote that named the caught Ripper ends."""


def breakdown(
    outcome: str,
    result: HandResult,
    areas: Sequence[Sequence[int]],
    wilds: Sequence[Sequence[int]],
    votes: Sequence[int | None],
    cards: CardTable,
) -> list[list[tuple[str, int]]]:
    """Per player, the labelled items of the score in ``result`` (see :func:`score_hand`).

    Read from the table, the votes and ``result`` only (no hand), so that what it shows
    of a hand is what scoring shows anyway: the cards that cost points.
    """
    points = cards.points
    ripper = result.ripper
    out: list[list[tuple[str, int]]] = []
    for seat, (area, wild) in enumerate(zip(areas, wilds, strict=True)):
        items: list[tuple[str, int]] = []
        if outcome == "escaped":
            for k in range(VICTIM, SCENE + NV):
                if area[k]:
                    items.append((_counted(area[k], k), area[k] * points[k]))
            if area[ESCAPES]:
                items.append(("Ripper Escapes played: the Ripper escaped",
                              area[ESCAPES] * points[ESCAPES]))
            unscored = sum(area[:VICTIM])
            if unscored:
                items.append((f"{unscored} Evidence, Suspect and Alibi card"
                               f"{'s' if unscored != 1 else ''}: not scored, the Ripper escaped",
                               0))
            items.extend(_vote_item(votes[seat], None, "the Ripper escaped"))
            out.append(items)
            continue
        for s in range(NS):
            n, w = area[s] + wild[s], wild[s]
            suspect_total = 0
            if n:
                label = _counted(n, s)
                if w:
                    label += f" (incl. {w} {NAMES[KINDS[WILD]]})"
                items.append((label, n * points[s]))
                suspect_total += n * points[s]
            if area[SUSPECT + s]:
                got = area[SUSPECT + s] * points[SUSPECT + s]
                items.append((_counted(area[SUSPECT + s], SUSPECT + s), got))
                suspect_total += got
            if s == ripper and suspect_total:
                items.append((f"doubled: {NAMES[KINDS[s]]} is the Ripper", suspect_total))
        if area[LETTERS]:
            items.append((_counted(area[LETTERS], LETTERS), area[LETTERS] * points[LETTERS]))
        for k in range(ALIBI, SCENE + NV):
            if area[k]:
                items.append((_counted(area[k], k), area[k] * points[k]))
        for k, n in enumerate(result.unplayed[seat]):
            if n:
                items.append((f"{_counted(n, k)} in hand", -n * points[k]))
        if result.escapes_cost[seat]:
            victims = victims_in_play(areas)
            items.append((f"{ESCAPES_HELD} ({victims} Victim"
                          f"{'s' if victims != 1 else ''} in play)", -result.escapes_cost[seat]))
        items.extend(_vote_item(votes[seat], ripper, "the Ripper is still at large"))
        out.append(items)
    return out


def _vote_item(vote: int | None, ripper: int | None, why: str) -> list[tuple[str, int]]:
    """A player's secret vote as it scored: +10 when it named the caught Ripper."""
    if vote is None:
        return []
    name = NAMES[KINDS[vote]]
    if ripper is None:
        return [(f"vote for {name}: not counted, {why}", 0)]
    if vote == ripper:
        return [(f"vote for {name}{VOTE_CORRECT}", VOTE_BONUS)]
    return [(f"vote for {name}: wrong", 0)]
