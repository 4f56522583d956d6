"""What the lab keeps of a finished game, read in the worker that played it.

:func:`game_facts` is the :attr:`tablerummy.simulate.Hooks.inspect` of every lab run.  Each
fact comes from the engine's one source for it: how a hand ended from
:attr:`HandState.end` and who went out from ``out_seat``, its countable events from
:meth:`HandState.tallies` (which reads the breakdown and the actions), the
variant's own outcome words (the Ripper's fate) from :meth:`HandState.hand_report`.  The
hand scores are not repeated here: :attr:`GameResult.hand_scores` has them.
"""

from __future__ import annotations

from typing import Any

from ..game import Game


def game_facts(game: Game) -> dict[str, Any]:
    """Per finished hand: dealer, first to act, end, side out, tallies, outcome.

    Plain JSON data, small enough to send back from a worker for every game.
    """
    variant = game.variant
    hands = []
    for record in game.hands:
        state = record.final
        if state is None:  # the hand being dealt when the game ended: never played
            continue
        out_seat = getattr(state, "out_seat", None)
        report = {key: value for key, value in state.hand_report().items()
                  if isinstance(value, str)}
        first = variant.new_hand(record.deck, record.dealer).to_act  # the engine's rule
        hands.append({
            "dealer": record.dealer,
            "first": first,
            "end": state.end,
            "out_side": None if out_seat is None else variant.side_of(out_seat),
            "tallies": state.tallies(record.actions),
            "report": report,
        })
    return {"hands": hands}
