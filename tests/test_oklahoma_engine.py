"""The Oklahoma-family engine checked against itself on random positions.

``legal_actions`` (an enumeration) and ``why_illegal`` (a direct check of one action)
are written independently; random play compares them on every legal action and on many
near-miss actions built from the hand, and checks the notation's round trip, card
conservation and that a refused action changes nothing.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from tablerummy import Game, IllegalActionError, get_variant
from tablerummy.errors import TablerummyError
from tablerummy.oklahoma import actions as A
from tablerummy.oklahoma.cards import IDS, JK, NCARDS, card, position_card, rank_of, suit_of
from tablerummy.oklahoma.melds import Meld, build
from tablerummy.oklahoma.state import DRAW, OklahomaState
from tablerummy.oklahoma.variant import OklahomaVariant

TABLES: list[tuple[str, dict[str, Any]]] = [
    ("fortune", {}),
    ("fortune", {"long_sequences": True, "queen_discard": False, "players": 3}),
    ("arlington", {}),
    ("arlington", {"rules": "scarne", "players": 4}),
    ("arlington", {"joker": True}),
    ("arlington", {"joker": True, "joker_swap": "anyone", "rules": "scarne", "players": 3}),
    ("arlington-heights", {}),
    ("arlington-heights", {"players": 5}),
]


def _state(game: Game) -> OklahomaState:
    state = game.state
    assert isinstance(state, OklahomaState)
    return state


def _cards_in_play(state: OklahomaState) -> Counter[str]:
    seen: Counter[str] = Counter()
    for hand in state.hands:
        for c in range(NCARDS):
            seen[IDS[c]] += hand[c]
    for side in state.melds:
        for meld in side:
            seen.update(IDS[c] for c, _ in meld.items)
    seen.update(IDS[c] for c in state.stock)
    seen.update(IDS[c] for c in state.discard)
    return +seen


def _designations(c: int, others: list[int], rng: random.Random) -> int:
    """A plausible card for wild ``c`` to stand for, near the natural cards ``others``."""
    naturals = [o for o in others if o != JK and rank_of(o) != 2] or [rng.randrange(52)]
    base = rng.choice(naturals)
    if rng.random() < 0.5:
        return card(rank_of(base), rng.randrange(4))
    pos = rank_of(base) + rng.choice((-2, -1, 1, 2))
    pos = min(max(pos, 1), 14)
    return position_card(pos, suit_of(base))


def _near_misses(state: OklahomaState, rng: random.Random, count: int) -> list[Any]:
    """Actions that may or may not be legal: random melds, layoffs, swaps and discards."""
    hand = state.hands[state.seat]
    cards = [c for c in range(NCARDS) for _ in range(hand[c])]
    wild = state.rules.wild
    out: list[Any] = []
    for _ in range(count):
        roll = rng.random()
        if roll < 0.5 and len(cards) >= 2:
            pool = cards[:]
            if state.phase == DRAW:
                pool.append(state.discard[-1])
            k = rng.randint(3, min(5, len(pool))) if len(pool) >= 3 else len(pool)
            chosen = rng.sample(pool, k)
            items = []
            for c in chosen:
                if wild[c] and (c == JK or rng.random() < 0.8):
                    items.append((c, _designations(c, chosen, rng)))
                else:
                    items.append((c, c))
            meld = build(items, state.rules)
            kind = A.PILE if state.phase == DRAW else A.MELD
            out.append((kind, meld.items if isinstance(meld, Meld) else tuple(sorted(items))))
        elif roll < 0.75 and cards:
            c = rng.choice(cards)
            k = rng.randrange(len(state.melds[state.seat]) + 1)
            s = c if not wild[c] or rng.random() < 0.2 else rng.randrange(52)
            out.append(state.normalize((A.LAYOFF, c, s, k)))
        elif roll < 0.85 and cards:
            side = rng.randrange(state.players)
            out.append(state.normalize((A.SWAP, rng.choice(cards), side, rng.randrange(3))))
        else:
            out.append((A.DISCARD, rng.randrange(NCARDS)))
    return out


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options"), TABLES)
def test_enumeration_agrees_with_the_direct_check(name: str, options: dict[str, Any]) -> None:
    variant = get_variant(name, options)
    rng = random.Random(f"{name}{sorted(options.items())}")
    full = Counter(variant.deck())
    decisions = 0
    for seed in range(2):
        game = Game(variant, seed=seed)
        while not game.game_over and decisions < 1500 * (seed + 1):
            state = _state(game)
            legal = state.legal_actions()
            assert legal, "a player to act always has a legal action"
            assert len(set(legal)) == len(legal), "each legal action is listed once"
            legal_set = set(legal)
            for action in legal:
                assert state._reason(action) is None, variant.action_text(action)
                text = variant.action_text(action)
                assert variant.parse_action(text) == action, text
            for action in _near_misses(state, rng, 12):
                if action in legal_set:
                    continue
                reason = state._reason(action)
                assert reason is not None, (variant.action_text(action), state.reveal())
            assert _cards_in_play(state) == full
            # prefer going on with the game over taking every pile: random but bounded
            choice = rng.choice(legal)
            if rng.random() < 0.3:
                game.apply(variant.action_text(choice))
            else:
                game.apply(choice, checked=False)
            decisions += 1
        assert decisions > 0


@pytest.mark.parametrize(("name", "options"), TABLES[::2])
def test_refused_actions_change_nothing(name: str, options: dict[str, Any]) -> None:
    variant = get_variant(name, options)
    rng = random.Random(7)
    game = Game(variant, seed=11)
    refused = 0
    for _ in range(300):
        if game.game_over:
            break
        state = _state(game)
        legal = set(state.legal_actions())
        before = (state.reveal(), [state.observation(s) for s in range(variant.players)])
        for action in _near_misses(state, rng, 5):
            if action in legal:
                continue
            with pytest.raises(IllegalActionError) as err:
                game.apply(action)
            assert f"p{state.seat}" in str(err.value)
            refused += 1
            after = (state.reveal(), [state.observation(s) for s in range(variant.players)])
            assert after == before
        game.apply(rng.choice(sorted(legal, key=variant.action_text)))
    assert refused > 50


@pytest.mark.parametrize("text", ["meld jk jk 5h", "meld JK JK JK", "meld jk=5h jk=6h 7h",
                                  "meld jk jk=6h 7h", "meld 5h jk jk jk=8h"])
def test_more_jokers_than_the_option_has_are_one_line_errors(text: str) -> None:
    """The Joker option adds one Joker: a meld written with more is refused in one line
    (it once reached the sequence enumeration and ended in a ``zip`` error)."""
    game = Game(get_variant("arlington", {"joker": True}), seed=1)
    game.apply("draw stock")
    before = _state(game).copy()
    with pytest.raises(TablerummyError) as caught:
        game.apply(text)
    assert "\n" not in str(caught.value) and str(caught.value)
    assert _state(game).hands == before.hands and _state(game).melds == before.melds


@pytest.mark.parametrize("name", ["fortune", "arlington"])
def test_a_wild_two_never_stands_for_a_two(name: str) -> None:
    variant = get_variant(name)
    assert isinstance(variant, OklahomaVariant)
    rules = variant.rules
    two_h, two_c, ace_h, three_h = (card(r, s) for r, s in ((2, 1), (2, 3), (1, 1), (3, 1)))
    refused = build([(ace_h, ace_h), (two_c, two_h), (three_h, three_h)], rules)
    assert refused == "a wild 2 stands only for a card of another rank: 2C cannot stand for 2H"
    natural = build([(ace_h, ace_h), (two_h, two_h), (three_h, three_h)], rules)
    assert isinstance(natural, Meld)
    beside = build([(two_c, ace_h), (two_h, two_h), (three_h, three_h)], rules)
    assert isinstance(beside, Meld) and beside.items[0] == (two_c, ace_h)
