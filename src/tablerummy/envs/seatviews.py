"""What one seat sees, as the numbers its observation tensor is written from.

Each variant family has one view class, built by ``from_observation(obs)`` from
:meth:`tablerummy.Game.observation` — the dict every front end and bot reads, which holds
exactly what the seat may know.  The tensor (:mod:`.tensors`) is written from the view by
one function per family: that is the layout's definition and the reference.  The
adapters write the same tensor straight from the engine's position (:mod:`.writers`,
several times cheaper than building the dict and reading it back); the tests require the
two to be equal at every position of random play, for every seat.  Seats are absolute
here; the tensor turns them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..capone.cards import GANGSTERS as CAPONE_GANGSTERS
from ..capone.cards import KINDS as CAPONE_KINDS
from ..oklahoma.cards import IDS, NCARDS
from ..ripper.cards import KINDS as RIPPER_KINDS
from ..ripper.cards import SUSPECTS

Counts = Sequence[int]


def _index(names: Sequence[str]) -> dict[str, int]:
    return {name: i for i, name in enumerate(names)}


_CAPONE_KIND = _index(CAPONE_KINDS)
_RIPPER_KIND = _index(RIPPER_KINDS)
_SUSPECT = _index(SUSPECTS)
_CARD = _index(IDS)


def _counts(items: Sequence[int], size: int) -> list[int]:
    """A count vector of card numbers."""
    out = [0] * size
    for item in items:
        out[item] += 1
    return out


def _named(counts: dict[str, int], names: Sequence[str]) -> list[int]:
    """A ``{name: count}`` dict of the observation as a count vector in ``names`` order."""
    return [counts.get(name, 0) for name in names]


def _texts(texts: Sequence[str], index: dict[str, int], size: int) -> list[int]:
    """A list of card texts of the observation as a count vector."""
    return _counts([index[text] for text in texts], size)


def _or_none(value: str | None, index: dict[str, int]) -> int | None:
    return None if value is None else index[value]


@dataclass(slots=True)
class SeatView:
    """What every variant shows a seat: the turn, sizes and the game's totals."""

    seat: int
    side: int
    to_act: int | None
    phase: int
    """The engine's phase number (its position in the family's ``PHASES``)."""
    dealer: int
    sizes: Counts
    stock_size: int
    discard_size: int
    totals: Counts


def _common(obs: dict[str, Any], phases: Sequence[str]) -> dict[str, Any]:
    """The :class:`SeatView` fields of an observation dict."""
    return {"seat": obs["seat"], "side": obs["side"], "to_act": obs["to_act"],
            "phase": phases.index(obs["phase"]), "dealer": obs["dealer"],
            "sizes": obs["hand_sizes"], "stock_size": obs["stock_size"],
            "discard_size": obs["discard_size"], "totals": obs["totals"]}


@dataclass(slots=True)
class CaponeView(SeatView):
    hand: Counts
    """Per card kind."""
    areas: Sequence[Counts]
    """Per side, per gangster."""
    top: int | None
    gavel_played: bool
    underworld: Counts | None
    """The discard pile (per card kind) while the seat's own Search Warrant shows it."""

    @classmethod
    def from_observation(cls, obs: dict[str, Any]) -> CaponeView:
        from ..capone.state import PHASES

        underworld = obs.get("underworld")
        return cls(**_common(obs, PHASES),
                   hand=_named(obs["hand"], CAPONE_KINDS),
                   areas=[_named(area, CAPONE_GANGSTERS) for area in obs["areas"]],
                   top=_or_none(obs["discard_top"], _CAPONE_KIND),
                   gavel_played=bool(obs.get("gavel_played")),
                   underworld=None if underworld is None
                   else _texts(underworld, _CAPONE_KIND, len(CAPONE_KINDS)))



@dataclass(slots=True)
class RipperView(SeatView):
    hand: Counts
    areas: Sequence[Counts]
    """Per seat, per card kind."""
    wilds: Sequence[Counts]
    """Per seat, per suspect: the wild cards melded as that suspect's Evidence."""
    victims: int
    suspect_points: Counts
    alibied: Sequence[bool]
    top: int | None
    vote_caller: int | None
    voted: Sequence[int]
    """The seats that have voted (not how)."""
    vote: int | None
    """The seat's own vote."""
    resign_pending: Sequence[int]
    extra: int | None
    gavel_played: bool
    yard: Counts | None
    """Scotland Yard (per card kind) while the seat's own search shows it."""

    @classmethod
    def from_observation(cls, obs: dict[str, Any]) -> RipperView:
        from ..ripper.state import PHASES

        vote = obs["vote"]
        yard = obs.get("yard")
        return cls(**_common(obs, PHASES),
                   hand=_named(obs["hand"], RIPPER_KINDS),
                   areas=[_named(area, RIPPER_KINDS) for area in obs["areas"]],
                   wilds=[_named(wilds, SUSPECTS) for wilds in obs["wilds"]],
                   victims=obs["victims_in_play"],
                   suspect_points=_named(obs["suspect_points"], SUSPECTS),
                   alibied=[name in obs["alibied"] for name in SUSPECTS],
                   top=_or_none(obs["discard_top"], _RIPPER_KIND),
                   vote_caller=vote["called_by"], voted=vote["voted"],
                   vote=_or_none(vote["mine"], _SUSPECT),
                   resign_pending=obs["resign_pending"],
                   extra=_or_none(obs["extra"], _RIPPER_KIND),
                   gavel_played=bool(obs.get("gavel_played")),
                   yard=None if yard is None
                   else _texts(yard, _RIPPER_KIND, len(RIPPER_KINDS)))



@dataclass(slots=True)
class OklahomaView(SeatView):
    hand: Counts
    """Per card (52 and the Joker)."""
    natural: Sequence[Counts]
    """Per side, the natural cards of its melds."""
    stands: Sequence[Counts]
    """Per side, the cards its melds' wilds stand for."""
    melds: Counts
    """Per side, how many melds it has."""
    points: Counts
    """Per side, its melded points."""
    discard: Counts
    """The discard pile, per card (public: every card went down face up)."""
    top: int | None
    known: Sequence[Counts]
    """Per seat, the cards it took from the pile (or a known stock) and still holds."""
    rebuilds: int
    last_turn: bool

    @classmethod
    def from_observation(cls, obs: dict[str, Any]) -> OklahomaView:
        from ..oklahoma.state import PHASES

        natural: list[list[int]] = []
        stands: list[list[int]] = []
        for side in obs["melds"]:
            nat, std = [0] * NCARDS, [0] * NCARDS
            for meld in side:
                for item in meld:
                    card, _, means = item.partition("=")
                    if means:
                        std[_CARD[means]] += 1
                    else:
                        nat[_CARD[card]] += 1
            natural.append(nat)
            stands.append(std)
        return cls(**_common(obs, PHASES),
                   hand=_texts(obs["hand"], _CARD, NCARDS), natural=natural, stands=stands,
                   melds=[len(side) for side in obs["melds"]], points=obs["melded_points"],
                   discard=_texts(obs["discard"], _CARD, NCARDS),
                   top=_or_none(obs["discard_top"], _CARD),
                   known=[_texts(known, _CARD, NCARDS) for known in obs["known_hands"]],
                   rebuilds=obs["rebuilds"], last_turn=bool(obs["last_turn"]))

