"""Hidden-card resamplers: one function per variant, written from its rules.

Each returns a copy of a hand state in which every card that ``seat`` cannot see is
dealt again at random among the places that hold hidden cards, every place keeping its
size.  The observation of ``seat`` (and, when it is to act, its legal actions) must not
change: if it does, something hidden leaked.  These functions are deliberately written
without looking at the engine's observation code.
"""

from __future__ import annotations

import random

from tablerummy.capone.state import TAKE, CaponeState
from tablerummy.oklahoma.state import OklahomaState
from tablerummy.ripper.cards import ESCAPES as R_ESCAPES
from tablerummy.ripper.cards import NS as R_SUSPECTS
from tablerummy.ripper.state import ESCAPE as R_ESCAPE
from tablerummy.ripper.state import TAKE as R_TAKE
from tablerummy.ripper.state import RipperState
from tablerummy.variant import HandState


def capone(state: HandState, seat: int, rng: random.Random) -> HandState:
    """Al Capone: other hands (partners' too), the Case File, the Underworld below its top.

    Rulebook: hands are held face down; "only the top card of the Underworld may ever be
    visible" unless a card allows looking — Search Individually shows the searching
    player the whole pile (its cards, not an order worth keeping), so for that seat the
    pile's cards stay in the pile and only their order is shuffled.
    """
    assert isinstance(state, CaponeState)
    new = state.copy()
    others = [t for t in range(new.players) if t != seat]
    pool: list[int] = []
    for t in others:
        pool.extend(k for k, n in enumerate(new.hands[t]) for _ in range(n))
    pool.extend(new.stock)
    below, top = new.discard[:-1], new.discard[-1:]
    looking = new.phase == TAKE and new.seat == seat
    if looking:
        rng.shuffle(below)
    else:
        pool.extend(below)
    rng.shuffle(pool)
    for t in others:
        hand = [0] * len(new.hands[t])
        for _ in range(new.sizes[t]):
            hand[pool.pop()] += 1
        new.hands[t] = hand
    new.stock = [pool.pop() for _ in range(len(new.stock))]
    if not looking:
        below = [pool.pop() for _ in range(len(below))]
    assert not pool
    new.discard = below + top
    return new


def ripper(state: HandState, seat: int, rng: random.Random) -> HandState:
    """Jack the Ripper: other hands, the Case File, Scotland Yard below its top, and the
    other seats' votes until the hand is scored.

    Rulebook: hands are held face down; Scotland Yard is a closed pile ("only the top card
    should be visible") unless a card says otherwise — a Scene's search shows the
    searching player the pile, so for that seat only its order is dealt again; votes are
    written down secretly and "revealed at the end of a hand during Scoring".  While the
    holder of Ripper Escapes decides whether to play it out of turn, the whole table sees
    who decides (decision: "its holder may play it"), so that card stays put.
    """
    assert isinstance(state, RipperState)
    new = state.copy()
    others = [t for t in range(new.players) if t != seat]
    holder = new.actor if new.end is None and new.phase == R_ESCAPE else None
    pool: list[int] = []
    for t in others:
        cards = [k for k, n in enumerate(new.hands[t]) for _ in range(n)]
        if t == holder:
            cards.remove(R_ESCAPES)
        pool.extend(cards)
    pool.extend(new.stock)
    below, top = new.yard[:-1], new.yard[-1:]
    looking = new.end is None and new.phase == R_TAKE and new.seat == seat
    if looking:
        rng.shuffle(below)
    else:
        pool.extend(below)
    rng.shuffle(pool)
    for t in others:
        hand = [0] * len(new.hands[t])
        for _ in range(new.sizes[t] - (t == holder)):
            hand[pool.pop()] += 1
        if t == holder:
            hand[R_ESCAPES] += 1
        new.hands[t] = hand
    new.stock = [pool.pop() for _ in range(len(new.stock))]
    if not looking:
        below = [pool.pop() for _ in range(len(below))]
    assert not pool
    new.yard = below + top
    if new.end is None:
        new.votes = [v if t == seat or v is None else rng.randrange(R_SUSPECTS)
                     for t, v in enumerate(new.votes)]
    return new


def oklahoma(state: HandState, seat: int, rng: random.Random) -> HandState:
    """The Oklahoma family: other hands, except the cards known to be in them, and the
    stock until it has been rebuilt from the discard pile.

    Rulebook: hands are held; the discard pile is squared so that only its top shows — but
    every card in it went down face up in front of everybody, and docs/rules-oklahoma.md
    decides for perfect memory: the pile is public, so are the cards a player took with
    it (until a card of that kind leaves the hand: which copy left nobody can tell), and
    so is a stock rebuilt from the pile (it is the pile turned over). At the end of a hand
    every hand is laid down to be scored; only the stock stays hidden.
    """
    assert isinstance(state, OklahomaState)
    new = state.copy()
    new._legal = None  # the copy carries the acting seat's cached legal actions
    others = [] if new.end is not None else [t for t in range(new.players) if t != seat]
    pool: list[int] = []
    for t in others:
        hand, known = new.hands[t], new.known[t]
        pool.extend(c for c in range(len(hand)) for _ in range(hand[c] - known[c]))
    hidden_stock = not new.stock_known
    if hidden_stock:
        pool.extend(new.stock)
    rng.shuffle(pool)
    for t in others:
        hand = new.known[t][:]
        for _ in range(new.sizes[t] - sum(hand)):
            hand[pool.pop()] += 1
        new.hands[t] = hand
    if hidden_stock:
        new.stock = [pool.pop() for _ in range(len(new.stock))]
    assert not pool
    return new
