"""The ``toy`` variant: its options, the deck, the notation and the rules in words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from tablerummy.errors import OptionError
from tablerummy.variant import Action, OptionSpec, Variant

from . import actions
from .cards import IDS
from .state import HAND_SIZE, MAX_TURNS, OUT_BONUS, ToyState


class Toy(Variant):
    """Toy Rummy: 30 cards, melds of a rank or a run, the first to go out ends the hand."""

    name: ClassVar[str] = "toy"
    title: ClassVar[str] = "Toy Rummy"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("players", 2, "number of players, 2 to 4", choices=(2, 3, 4)),
        OptionSpec("target", 100, "the game ends after a hand in which a player has this many",
                   minimum=1),
    )
    num_actions: ClassVar[int] = actions.NUM_ACTIONS

    def __init__(self, options: Mapping[str, object] | None = None,
                 cards: Mapping[str, Any] | None = None) -> None:
        if cards:
            raise OptionError("toy has no card values to change (--cards)")
        super().__init__(options)

    @property
    def hand_size(self) -> int:
        return HAND_SIZE

    def deck(self) -> list[str]:
        return list(IDS)

    def new_hand(self, deck: Sequence[str], dealer: int, log: bool = False) -> ToyState:
        return ToyState(self, deck, dealer, log=log)

    def action_text(self, action: Action) -> str:
        return actions.action_text(action)

    def parse_action(self, text: str) -> Action:
        return actions.parse_action(text)

    def rules_text(self) -> str:
        return RULES_TEXT.format(players=self.players, target=self.target, hand=HAND_SIZE,
                                 bonus=OUT_BONUS, turns=MAX_TURNS)


RULES_TEXT = """\
# Toy Rummy (`toy`)

This table: **{players} players**, game to **{target}**.

**Cards.** 30: ranks 1 to 10 in three suits, Red (`r1` … `r10`), Green (`g…`) and Blue
(`b…`). A card is worth its rank.

**Deal.** {hand} cards each; the next card starts the discard pile (spread face up, so
everyone sees all of it); the rest is the stock. The player left of the dealer starts;
the deal passes clockwise.

**Turn.** 1. *Draw* the top card of the stock (`draw stock`) or of the discard pile
(`draw discard`). 2. *Play* (optional): meld a rank in all three suits or a run of 3 or
more cards of one suit (`meld r3 r4 r5`); lay off a card that lengthens one of your own
runs (`layoff r6`). You never meld or lay off your last card. 3. *Discard* one card
(`discard g7`).

**End of a hand.** A player discards their last card (goes out), the stock is empty
after a discard, or {turns} turns have been played.

**Scoring.** Each player scores the cards of their melds; the player who goes out also
scores {bonus} and the cards left in the other hands. The game ends after a hand in
which a player has {target} or more; the highest total wins; a tie for the lead → one
more hand.
"""
