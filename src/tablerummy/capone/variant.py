"""The ``capone`` variant: options, sides, the deck and the notation."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ..variant import Action, OptionSpec, Variant
from . import actions
from .cards import DEFAULT_CARDS, DEFAULT_TABLE, GANGSTERS, GAVELS, KINDS, NAMES, CardTable
from .state import HAND_SIZE, CaponeState


class Capone(Variant):
    """Mystery Rummy: Al Capone and the Chicago Underworld."""

    name: ClassVar[str] = "capone"
    title: ClassVar[str] = "Mystery Rummy: Al Capone and the Chicago Underworld"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("players", 2, "number of players, 2 to 4", choices=(2, 3, 4)),
        OptionSpec("teams", True, "with 4 players, partners sitting opposite share one area"),
        OptionSpec("target", 200, "the game ends after a hand in which a side has this many",
                   minimum=1),
    )
    num_actions: ClassVar[int] = actions.NUM_ACTIONS

    def __init__(self, options: Mapping[str, object] | None = None,
                 cards: Mapping[str, Any] | None = None) -> None:
        super().__init__(options, cards)
        self.cards: CardTable = CardTable.build(cards) if cards is not None else DEFAULT_CARDS
        if self.players == 4 and self.options["teams"]:
            self._sides = ((0, 2), (1, 3))  # partners sit opposite

    @property
    def hand_size(self) -> int:
        return HAND_SIZE

    def deck(self) -> list[str]:
        return [kind for k, kind in enumerate(KINDS) for _ in range(self.cards.copies[k])]

    def new_hand(self, deck: Sequence[str], dealer: int, log: bool = False) -> CaponeState:
        return CaponeState(self, deck, dealer, log=log)

    def action_text(self, action: Action) -> str:
        return actions.action_text(action)

    def parse_action(self, text: str) -> Action:
        return actions.parse_action(text, self.players)

    def rules_text(self) -> str:
        cards = self.cards
        rows = []
        for k, kind in enumerate(KINDS[: len(GANGSTERS)]):
            points, full = cards.points[k], cards.set_value[k]
            base = DEFAULT_TABLE[kind]
            mark_p = "" if points != base["points"] else " *"
            mark_s = "" if full != base["set"] else " *"
            rows.append(f"| `{kind}` | {NAMES[kind]} | {cards.copies[k]} | {points}{mark_p} "
                        f"| {full}{mark_s} |")
        gavels = "\n".join(f"| `{g}` | {NAMES[g]} | {DEFAULT_TABLE[g]['copies']} |"
                           for g in GAVELS)
        teams = "teams of partners opposite" if self.options["teams"] else "four singles"
        return RULES_TEXT.format(
            players=self.players, target=self.target, teams=teams,
            evidence="\n".join(rows), gavels=gavels,
        )


RULES_TEXT = """\
# Mystery Rummy: Al Capone and the Chicago Underworld (`capone`)

This table: **{players} players**, game to **{target}** (with 4 players: {teams}).

**Deal.** 10 cards each; the next card starts the Underworld (discard pile); the rest is
the Case File (stock). The player left of the dealer starts; the deal passes clockwise.

**Turn.** 1. *Draw*: the top 2 cards of the Case File (the last 1 if only 1 is left), or
the top card of the Underworld. 2. *Play* (optional): melds of 3+ Evidence cards of one
gangster into your area; layoffs of single Evidence cards onto a gangster melded in any
area (they go into your own area); at most **one Gavel card** a turn. 3. *Discard* one card.
You may never play your last hand card: you go out only by discarding it.

**Gavel cards** (played into the Underworld):
- *Agent Meeting* — `ask-around G`: the first player clockwise holding G gives you one
  and draws a replacement (G must have no complete set anywhere); `ask-directly G pN`:
  pN gives you every G in hand and draws as many (you need an incomplete meld of G).
- *Search Warrant* — `individually`: look through the Underworld, keep one card
  (`take C`, private); `set G`: take every G from the Underworld (incomplete meld of G
  needed). The Warrant ends on top of the Underworld.
- *Eliot Ness* — `draw-two`; or `reveal-seven`: reveal 7 from the Case File, take every
  Evidence card matching an incomplete meld of yours, the rest go to the Underworld
  (needs an incomplete meld).
- *Raid G*: take every G from the other areas into yours (needs a meld of G, and must
  gain at least 1 card).

**End of a hand.** A player discards their last card (goes out), or the Case File is used
up (also by a Gavel card's draw): the current turn is finished, then the hand ends.

**Scoring.** Each area scores its Evidence cards; a complete set scores its set value
instead. No minus points for cards in hand. *Exclusion*: if the player who goes out
(or their team) holds all 8 Al Capone, the other sides score 0 for the hand. The game
ends after a hand in which a side has {target} or more; highest total wins; a tie for the
lead → one more hand.

## Evidence cards

| id | gangster | copies | points per card | complete set |
| --- | --- | --- | --- | --- |
{evidence}

`*` = tablerummy's default (the printed values are not public; override with
`--cards FILE`). Copies are facts of the rulebook.

## Gavel cards (score nothing)

| id | card | copies |
| --- | --- | --- |
{gavels}
"""
