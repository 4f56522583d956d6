"""The three registered variants: one engine, differing by data (:class:`Rules`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ..variant import Action, OptionSpec, Variant
from . import actions
from .cards import IDS, JK, rank_of, standard_deck
from .rules import NO_SWAP, Rules
from .rules_text import rules_text
from .state import OklahomaState
from .values import ValueTable, default_values


class OklahomaVariant(Variant):
    """Shared by ``fortune``, ``arlington`` and ``arlington-heights``.

    Subclasses give the options and turn them into :class:`Rules` in :meth:`make_rules`.
    """

    rules: Rules

    def __init__(self, options: Mapping[str, object] | None = None,
                 cards: Mapping[str, Any] | None = None) -> None:
        super().__init__(options, cards)
        self.rules = self.make_rules(cards)
        cards_in_deck = [c for c in standard_deck() if self.rules.deuces_wild or rank_of(c) != 2]
        cards_in_deck.extend([JK] * self.rules.jokers)
        self._deck = tuple(IDS[c] for c in cards_in_deck)

    def make_rules(self, cards: Mapping[str, Any] | None) -> Rules:
        raise NotImplementedError

    def value_table(self, cards: Mapping[str, Any] | None, scarne: bool = False,
                    joker: bool = False) -> ValueTable:
        return ValueTable.build(default_values(self.name, scarne, joker), cards, self.name)

    @property
    def hand_size(self) -> int:
        return self.rules.hand_size

    def deck(self) -> list[str]:
        return list(self._deck)  # (made once: every hand is dealt from a copy)

    def new_hand(self, deck: Sequence[str], dealer: int, log: bool = False) -> OklahomaState:
        return OklahomaState(self, deck, dealer, log=log)

    def action_text(self, action: Action) -> str:
        return actions.action_text(action)

    def parse_action(self, text: str) -> Action:
        return actions.parse_action(text, self.rules, self.players)

    def rules_text(self) -> str:
        return rules_text(self)


def _players(most: int) -> OptionSpec:
    return OptionSpec("players", 2, f"number of players, 2 to {most}",
                      choices=tuple(range(2, most + 1)))


def _target(default: int) -> OptionSpec:
    return OptionSpec("target", default,
                      "the game ends after a hand in which a player has this many", minimum=1)


class Fortune(OklahomaVariant):
    """Fortune Rummy (Scarne on Cards)."""

    name: ClassVar[str] = "fortune"
    title: ClassVar[str] = "Fortune Rummy"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        _players(8),
        _target(500),
        OptionSpec("queen_discard", True,
                   "Q♠ may be discarded (false: only when you hold no other card)"),
        OptionSpec("long_sequences", False, "sequences (only) may grow past 4 cards"),
    )

    def make_rules(self, cards: Mapping[str, Any] | None) -> Rules:
        return Rules(
            name=self.name, hand_size=11, deuces_wild=True, jokers=0, joker_swap=NO_SWAP,
            long_sequences=bool(self.options["long_sequences"]), deuce_sets=False,
            qs_wild_natural_only=False, queen_discard=bool(self.options["queen_discard"]),
            values=self.value_table(cards),
        )


class Arlington(OklahomaVariant):
    """Arlington, or Oklahoma Rummy: Parlett's rules by default, Scarne's as an option."""

    name: ClassVar[str] = "arlington"
    title: ClassVar[str] = "Arlington (Oklahoma Rummy)"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        _players(7),
        _target(1000),
        OptionSpec("rules", "parlett", "parlett (Oxford A-Z of Card Games) or scarne "
                   "(Scarne on Cards)", choices=("parlett", "scarne")),
        OptionSpec("joker", False, "add one Joker: wild, 100 melded, -200 in hand"),
        OptionSpec("joker_swap", "melder", "who may take a melded Joker back by putting its "
                   "natural card in its place: melder or anyone", choices=("melder", "anyone")),
    )

    def make_rules(self, cards: Mapping[str, Any] | None) -> Rules:
        scarne = self.options["rules"] == "scarne"
        joker = bool(self.options["joker"])
        return Rules(
            name=self.name, hand_size=13, deuces_wild=True, jokers=1 if joker else 0,
            joker_swap=str(self.options["joker_swap"]) if joker else NO_SWAP,
            long_sequences=False, deuce_sets=scarne, qs_wild_natural_only=True,
            queen_discard=scarne, values=self.value_table(cards, scarne, joker),
        )


class ArlingtonHeights(OklahomaVariant):
    """Arlington Heights: the rulebook authors' own form, 100 cards with four Jokers."""

    name: ClassVar[str] = "arlington-heights"
    title: ClassVar[str] = "Arlington Heights"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (_players(8), _target(500))

    def make_rules(self, cards: Mapping[str, Any] | None) -> Rules:
        return Rules(
            name=self.name, hand_size=11, deuces_wild=False, jokers=4, joker_swap=NO_SWAP,
            long_sequences=False, deuce_sets=False, qs_wild_natural_only=True,
            queen_discard=False, values=self.value_table(cards), queen_stuck=True,
        )
