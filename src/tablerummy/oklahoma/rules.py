"""The static rules of one Oklahoma-family table: the data and small hooks by which
``fortune``, ``arlington`` and ``arlington-heights`` differ on one shared engine."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from .cards import JK, NCARDS, rank_of
from .meldsearch import MeldSearch
from .values import ValueTable

NO_SWAP, SWAP_MELDER, SWAP_ANYONE = "", "melder", "anyone"


@dataclass(frozen=True)
class Rules:
    """Everything the engine asks about the variant; built once per :class:`Variant`."""

    name: str
    hand_size: int
    deuces_wild: bool
    """Fortune and Arlington: every 2 is wild (and natural in its own place in a sequence)."""
    jokers: int
    """Jokers in the deck: Arlington's option 1, Heights 4."""
    joker_swap: str
    """Arlington's Joker option: who may take a melded Joker back (``melder`` or ``anyone``)."""
    long_sequences: bool
    """Fortune's variation: sequences (only) may grow past 4 cards."""
    deuce_sets: bool
    """Arlington-Scarne: a set of deuces only, each 2 scoring ``deuce-set``."""
    qs_wild_natural_only: bool
    """A wild may stand for Q♠ only in an otherwise natural meld (Arlington, Heights)."""
    queen_discard: bool
    """Q♠ may be discarded freely; otherwise only when every card in hand is a Q♠."""
    values: ValueTable
    queen_stuck: bool = False
    """Heights: Q♠ is never discarded — "meld it or be stuck with it" — so no meld or
    layoff may leave a hand of Q♠s only, and only a draw that leaves one (a lone Q♠ draws
    the other) discards a Q♠, never the last card (docs/rules-oklahoma.md)."""
    rebuild_limit: int = 3
    """House limit (docs/rules-oklahoma.md): the stock is rebuilt from the pile at most so often."""
    wild: tuple[bool, ...] = field(init=False)
    wild_cards: tuple[int, ...] = field(init=False)
    meld_rules: tuple[bool, ...] = field(init=False, repr=False, compare=False)
    """The rules that decide which melds a hand can make: tables that share them share
    one :attr:`search`."""

    def __post_init__(self) -> None:
        wild = tuple(
            c == JK or (self.deuces_wild and rank_of(c) == 2) for c in range(NCARDS)
        )
        object.__setattr__(self, "wild", wild)
        object.__setattr__(self, "wild_cards", tuple(c for c in range(NCARDS) if wild[c]))
        object.__setattr__(self, "meld_rules", (
            self.deuces_wild, self.jokers > 0, self.joker_swap != NO_SWAP, self.long_sequences,
            self.deuce_sets, self.qs_wild_natural_only,
        ))

    @cached_property
    def search(self) -> MeldSearch:
        """The meld search of these rules, with its memory (:mod:`.meldsearch`): the
        rules' own, shared only with rules that decide melds alike."""
        return MeldSearch.of(self)

    def __getstate__(self) -> dict[str, Any]:
        """The rules without their search's memory (a copy sent to another process
        finds its own there)."""
        state = dict(self.__dict__)
        state.pop("search", None)
        return state

    @property
    def swappable_joker(self) -> bool:
        """A melded Joker's exact card matters (it can be taken back by that natural card)."""
        return self.joker_swap != NO_SWAP

    @property
    def twos(self) -> bool:
        """Whether a meld may hold a card standing for a 2 (so low-ace sequences exist).

        Heights has no 2s and its Jokers may not stand for one (docs/rules-oklahoma.md).
        """
        return self.deuces_wild

    @property
    def max_sequence(self) -> int:
        return 13 if self.long_sequences else 4
