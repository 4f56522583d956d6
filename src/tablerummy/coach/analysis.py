"""The analysis of a finished (or unfinished) game record: every decision of the chosen
seats assessed from what that seat knew then, with the hindsight best beside it."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import OptionError, RecordError, TablerummyError
from ..game import Game
from ..present.words import sayer
from ..records import game_from_record, replay
from ..userinput import shown
from ..variant import Action
from .assess import Assessed, assess
from .budget import Budget
from .hints import table_of
from .playouts import beyond_noise

MISTAKES = 3
"""The biggest mistakes listed per seat."""
HINDSIGHT_TOP = 2
"""Candidates of the hindsight search valued by playouts: its answer is a column beside
the real one, so it gets less work than the seat's own assessment."""


@dataclass(frozen=True)
class Decision:
    """One analysed decision: the move played and the best, in text and in words; the
    win chance before it (with the best move); the losses of the played move (≥ 0, from
    what the seat knew; 0 unless the paired playouts tell it from their noise:
    :func:`~.playouts.beyond_noise`); the best move with hindsight (the true deal known)."""

    hand: int
    ply: int
    seat: int
    played: str
    played_words: str
    best: str
    best_words: str
    win_before: float
    win_loss: float
    point_loss: float
    hindsight_best: str
    hindsight_words: str

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = dict(self.__dict__)
        for key in ("win_before", "win_loss"):
            out[key] = round(out[key], 4)
        out["point_loss"] = round(self.point_loss, 2)
        return out


@dataclass
class Analysis:
    """Every analysed decision in game order; the mistakes and the chart are read from
    them (:meth:`mistakes`, :meth:`chart`)."""

    variant: str
    seats: list[int]
    moves: list[Decision] = field(default_factory=list)
    winner: int | None = None
    """The side that won the game (None: unfinished)."""

    def mistakes(self, seat: int, count: int = MISTAKES) -> list[Decision]:
        """The seat's ``count`` costliest decisions (win chance lost, then points)."""
        own = [m for m in self.moves if m.seat == seat and (m.win_loss > 0 or m.point_loss > 0)]
        own.sort(key=lambda m: (-m.win_loss, -m.point_loss, m.hand, m.ply))
        return own[:count]

    def chart(self, seat: int) -> list[dict[str, Any]]:
        """The seat's estimated win chance at each of its decisions, in game order."""
        return [{"hand": m.hand, "ply": m.ply, "win": round(m.win_before, 4)}
                for m in self.moves if m.seat == seat]

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "winner": self.winner,
            "seats": list(self.seats),
            "moves": [m.to_json() for m in self.moves],
            "mistakes": {str(s): [{k: m.to_json()[k] for k in (
                "hand", "ply", "played_words", "best_words", "win_loss", "point_loss")}
                for m in self.mistakes(s)] for s in self.seats},
            "chart": {str(s): self.chart(s) for s in self.seats},
        }


def _checked(data: Mapping[str, Any]) -> tuple[Game, list[list[str]]]:
    """The record's fresh game and its action texts, once the whole record replays."""
    result = replay(data)
    if result.error is not None:
        e = result.error
        raise RecordError(f"hand {e['hand']}, action {e['index']} ({shown(e['action'])}): "
                          f"{e['error']}")
    game, hands = game_from_record(data)
    return game, hands


def decisions(data: Mapping[str, Any], seats: Sequence[int] | None) -> int:
    """How many decisions :func:`analyse` assesses (those with a choice): the progress total."""
    game, hands = _checked(data)
    chosen = _seats(game, seats)
    count = 0
    for texts in hands:
        for text in texts:
            if game.to_act in chosen and len(game.legal_actions()) > 1:
                count += 1
            game.apply(text)
    return count


def _seats(game: Game, seats: Sequence[int] | None) -> list[int]:
    players = game.variant.players
    if seats is None:
        return list(range(players))
    for seat in seats:
        if not 0 <= seat < players:
            raise OptionError(f"there is no seat p{seat} at this table (seats 0 … {players - 1})")
    return sorted(set(seats))


def analyse(record: Mapping[str, Any], seats: Sequence[int] | None = None, *,
            budget: Budget | None = None, seed: int = 0,
            progress: Callable[[int, int], None] | None = None, top: int = 3,
            hindsight: bool = True) -> Analysis:
    """Assess every decision of ``seats`` (default: all) in a game record.

    A decision with one legal move is no decision and is skipped.  Each is assessed as
    :func:`~tablerummy.coach.hints` would at that moment (the seat's knowledge only, a
    seed per decision derived from ``seed``), and again on the true position for the
    hindsight column.  ``progress(done, total)`` is called after each decision.  A record
    that does not replay is a :class:`RecordError` (one line).  ``top``: the search's
    candidates valued by playouts besides the move played; ``hindsight=False`` leaves the
    hindsight column empty (half the work: the accuracy check, which does not read it).
    """
    budget = budget or Budget.analysis()
    if not isinstance(record, Mapping):
        raise RecordError("a game record is a JSON object")
    total = decisions(record, seats)
    game, hands = _checked(record)
    chosen = _seats(game, seats)
    variant = game.variant
    say = sayer(variant)
    out = Analysis(variant.name, chosen)
    done = 0
    for h, texts in enumerate(hands):
        for ply, text in enumerate(texts):
            seat = game.to_act
            legal = game.legal_actions()
            if seat is not None and seat in chosen and len(legal) > 1:
                played = game.state.check(game.parse(text))
                out.moves.append(_decision(game, seat, h, ply, played, budget,
                                           f"{seed}/{h}/{ply}", say, top, hindsight))
                done += 1
                if progress is not None:
                    progress(done, total)
            try:
                game.apply(text)
            except TablerummyError as err:  # replay() passed it: cannot happen
                raise RecordError(f"hand {h}, action {ply}: {err}") from None
    out.winner = game.winner
    return out


def _decision(game: Game, seat: int, hand: int, ply: int, played: Action, budget: Budget,
              seed: str, say: Callable[[str], str], top: int, hindsight: bool) -> Decision:
    state = game.state
    observation = game.observation(seat)
    table = table_of(game)
    seen = assess(state, seat, observation, table, budget, seed, top=top, also=[played])
    best = seen[0].outlook
    mine: Assessed = next(a for a in seen if a.action == played)
    text = game.variant.action_text
    hind_text = hind_words = ""
    if hindsight:
        hind_text = text(assess(state, seat, observation, table, budget, seed,
                                top=HINDSIGHT_TOP, truth=True)[0].action)
        hind_words = say(hind_text)
    played_text, best_text = text(played), text(best.action)
    played_outlook = mine.outlook
    return Decision(hand, ply, seat, played_text, say(played_text), best_text, say(best_text),
                    best.win, beyond_noise(best.wins, played_outlook.wins),
                    beyond_noise(best.margins, played_outlook.margins), hind_text, hind_words)
