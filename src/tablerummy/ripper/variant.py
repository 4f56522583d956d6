"""The ``ripper`` variant: options, sides, the deck, the notation and the rules summary."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ..variant import Action, OptionSpec, Variant
from . import actions
from .cards import DEFAULT_CARDS, DEFAULT_TABLE, FACTS, KINDS, NAMES, SUSPECTS, CardTable
from .state import HAND_SIZES, RipperState


class Ripper(Variant):
    """Mystery Rummy: Jack the Ripper."""

    name: ClassVar[str] = "ripper"
    title: ClassVar[str] = "Mystery Rummy: Jack the Ripper"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("players", 2, "number of players, 2 to 4", choices=(2, 3, 4)),
        OptionSpec("target", 100, "the game ends after a hand in which a player has this many",
                   minimum=1),
    )
    num_actions: ClassVar[int] = actions.NUM_ACTIONS

    def __init__(self, options: Mapping[str, object] | None = None,
                 cards: Mapping[str, Any] | None = None) -> None:
        super().__init__(options, cards)
        self.cards: CardTable = CardTable.build(cards) if cards is not None else DEFAULT_CARDS

    @property
    def hand_size(self) -> int:
        return HAND_SIZES[self.players]

    def deck(self) -> list[str]:
        return [kind for k, kind in enumerate(KINDS) for _ in range(self.cards.copies[k])]

    def new_hand(self, deck: Sequence[str], dealer: int, log: bool = False) -> RipperState:
        return RipperState(self, deck, dealer, log=log)

    def action_text(self, action: Action) -> str:
        return actions.action_text(action)

    def parse_action(self, text: str) -> Action:
        return actions.parse_action(text)

    def rules_text(self) -> str:
        cards = self.cards

        def value(kind: str, key: str, current: int) -> str:
            default = DEFAULT_TABLE[kind].get(key)
            mark = " *" if current == default and (kind, key) not in FACTS else ""
            return f"{current}{mark}"

        rows = []
        for s, kind in enumerate(SUSPECTS):
            k = KINDS.index(kind)
            rows.append(f"| `{kind}` | {NAMES[kind]} | {value(kind, 'order', cards.order[s])} "
                        f"| {cards.copies[k]} | {value(kind, 'points', cards.points[k])} |")
        letters = KINDS.index("letters")
        rows.append(f"| `letters` | Letters (never the Ripper) | — | {cards.copies[letters]} "
                    f"| {cards.points[letters]} |")
        rows.append("| `wild` | Wild Evidence | — | 2 | as the card it stands for |")
        gavels = []
        for k, kind in enumerate(KINDS):
            if k <= KINDS.index("wild"):
                continue
            points = (value(kind, "points", cards.points[k]) if "points" in DEFAULT_TABLE[kind]
                      else "0 (to Scotland Yard)")
            gavels.append(f"| `{kind}` | {NAMES[kind]} | {points} |")
        return RULES_TEXT.format(
            players=self.players, target=self.target, hand=self.hand_size,
            evidence="\n".join(rows), gavels="\n".join(gavels),
            penalty=cards.escape_penalty,
        )


RULES_TEXT = """\
# Mystery Rummy: Jack the Ripper (`ripper`)

This table: **{players} players**, {hand} cards each, game to **{target}**.

**Deal.** 10 / 9 / 8 cards to 2 / 3 / 4 players; the next card starts Scotland Yard (the
discard pile, closed: only its top card is seen); the rest is the Case File. The player
left of the dealer starts; the deal passes clockwise.

**Turn.** *Vote* (optional, once a hand, before drawing, needs a meld in your area:
`vote call`, then every player from the caller clockwise secretly votes `vote SUSPECT`)
→ *Draw* 1 card from the Case File or the top of Scotland Yard → *Play* (optional) →
*Discard* one card. You never play your last hand card: you go out by discarding it.

**Evidence.** No Evidence is melded or laid off before a Victim is in play. A meld is 3+
Evidence cards of one suspect (or of Letters) into your area; a layoff puts one card
into your area when a meld of its kind lies in any area. A wild card stands for a
suspect (never Letters), written `wild=SUSPECT`; it must make a meld or match Evidence
already in your own area.

**Gavel cards** — one a turn (extra: the card a Scene takes from Scotland Yard, the Victim
of Ripper Strikes). Suspect / Alibi of S: only with Evidence of S in play; into your area.
Victim: into your area, then `draw-two` or `take-scene` (its Scene from another area).
Scene: into your area, then `search` (take one card of Scotland Yard, shown: `take C`; a
Gavel card so taken may be played at once, or `pass`) or `take-victim` (its Victim from
another area). Commissioner Resigns: every other player discards a card; one who discards
their last card ends the hand after this turn. Ripper Strikes: `draw-two`, or `victim` to
play a Victim from your hand at once.

**Ripper Escapes** only with all 5 Victims in play; ends the hand. When the fifth Victim
comes into play, its holder may play it at once, out of turn (`play ripper-escapes` or
`pass`).

**End of a hand.** A player goes out; Ripper Escapes is played; the Case File's last card
is drawn (the turn is finished); a player discards their last card to Commissioner
Resigns (the turn is finished).

**Scoring.** *Caught* (Case File not empty, no Ripper Escapes): the Ripper is the suspect
with the most Evidence + Suspect points in play, alibied suspects excluded, ties to the
lowest order number; his cards score double; every player scores their area, minus cards
left in hand that could not have been played (Victims and Scenes always), minus {penalty} a
Victim in play for Ripper Escapes held; +10 for a correct vote. *Escaped*: only Victims,
Scenes and the Ripper Escapes card score. *At large* (Case File empty): as caught, no
Ripper, nothing doubled, votes ignored. The game ends after a hand in which a player has
{target} or more; highest total wins; a tie for the lead → one more hand.

## Evidence cards

| id | suspect | order no. | copies | points each |
| --- | --- | --- | --- | --- |
{evidence}

## Gavel cards and Ripper Escapes (one copy each, but 2 Commissioner Resigns and 2 Ripper Strikes)

| id | card | points in play |
| --- | --- | --- |
{gavels}

`*` = tablerummy's default: the printed values are not public (override with
`--cards FILE`). Copies, Letters' 3 points, Ripper Escapes' 35 and its −2 a Victim are
facts of the rulebook. The card effects the rulebook does not give are the project's
readings: see `docs/rules-ripper.md`.
"""
