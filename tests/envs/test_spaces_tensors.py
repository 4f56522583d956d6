"""The RL action spaces and observation tensors, for every variant and player count.

Spaces: every legal action has an index in range; the index plays a legal action with the
same meaning (only the physical deuce may differ); the notation round-trips through it.
Tensors: a fixed shape and range, and — the no-peeking check — two deals that differ only
in cards hidden from a seat give that seat the same tensor.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from tablerummy import Game, get_variant
from tablerummy.errors import OptionError
from tablerummy.variant import Variant

pytest.importorskip("numpy")

from tablerummy.envs.spaces import action_space
from tablerummy.envs.tensors import LIMIT, ObservationEncoder
from tablerummy.oklahoma.space import OklahomaSpace, shape_of

TABLES: list[tuple[str, dict[str, object]]] = [
    ("capone", {"players": 2}), ("capone", {"players": 3}), ("capone", {"players": 4}),
    ("capone", {"players": 4, "teams": False}),
    ("ripper", {"players": 2}), ("ripper", {"players": 3}), ("ripper", {"players": 4}),
    ("fortune", {"players": 2}), ("fortune", {"players": 8}),
    ("arlington", {"players": 2}), ("arlington", {"players": 7}),
    ("arlington", {"rules": "scarne"}), ("arlington", {"joker": True, "joker_swap": "anyone"}),
    ("arlington-heights", {"players": 2}), ("arlington-heights", {"players": 8}),
]


def _encoder(variant: Variant) -> ObservationEncoder:
    """``ObservationEncoder(variant)``: the family's encoder, as the docs say to make it."""
    # __new__ returns the family's concrete subclass; mypy sees only the abstract class
    return ObservationEncoder(variant)  # type: ignore[abstract]


def _ids(table: tuple[str, dict[str, object]]) -> str:
    name, options = table
    return name + "".join(f"-{k}={v}" for k, v in options.items())


def _positions(variant: Variant, count: int, seed: int = 0) -> list[Game]:
    """Copies of games at random positions (random play from several deals)."""
    rng = random.Random(seed)
    out: list[Game] = []
    deal = 0
    while len(out) < count:
        game = Game(variant, seed=deal)
        deal += 1
        for _ in range(rng.randrange(1, 200)):
            if game.game_over or len(game.hands) > 1:
                break
            game.apply(rng.choice(game.legal_actions()), checked=False)
        if not game.game_over:
            out.append(game)
    return out


def _stand_ins(a: object, b: object) -> bool:
    """Two actions that differ only in which deuce plays wild."""
    assert isinstance(a, tuple) and isinstance(b, tuple)
    if a[0] != b[0]:
        return False
    if a[0] in ("meld", "pile"):
        return shape_of(a[1]) == shape_of(b[1])
    return a[0] == "layoff" and a[2:] == b[2:]


@pytest.mark.parametrize("table", TABLES, ids=_ids)
def test_every_legal_action_has_an_index_that_plays_it(table: tuple[str, dict[str, object]],
                                                       ) -> None:
    variant = get_variant(*table)
    space = action_space(variant)
    for game in _positions(variant, 40):
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions()
        indices = space.legal_indices(legal, seat)
        assert sum(space.mask(legal, seat)) == len(indices) >= 1
        for action in legal:
            index = space.encode(action, seat)
            assert 0 <= index < space.size
            played = space.decode(index, legal, seat)
            assert played in legal
            assert played == action or _stand_ins(played, action)
            assert space.index_of_text(variant.action_text(action), seat) == index


def test_an_index_that_is_not_legal_is_refused() -> None:
    variant = get_variant("capone")
    game = Game(variant, seed=1)
    space = action_space(variant)
    from tablerummy.errors import NotationError

    with pytest.raises(NotationError):
        space.decode(space.size - 1, game.legal_actions(), 1)


def test_long_sequences_are_refused_in_one_line() -> None:
    with pytest.raises(OptionError, match="long_sequences"):
        action_space(get_variant("fortune", {"long_sequences": True}))


def test_oklahoma_space_sizes_are_documented_bounds() -> None:
    space = action_space(get_variant("arlington"))
    assert isinstance(space, OklahomaSpace)
    assert 1_000 < len(space.shapes) < 3_000
    assert space.size < 10_000
    swap = action_space(get_variant("arlington", {"joker": True}))
    assert swap.size > space.size  # the Joker's swaps and designations


@pytest.mark.parametrize("table", TABLES, ids=_ids)
def test_tensor_shape_and_range(table: tuple[str, dict[str, object]]) -> None:
    variant = get_variant(*table)
    encoder = _encoder(variant)
    assert sum(size for _, _, size in encoder.layout) == encoder.shape[0]
    for game in _positions(variant, 10, seed=3):
        for seat in range(variant.players):
            tensor = encoder.encode(game.observation(seat))
            assert tensor.shape == encoder.shape and tensor.dtype == np.float32
            assert float(np.abs(tensor).max()) <= LIMIT


def _swap_hidden(variant: Variant, seat: int, seed: int) -> tuple[list[str], list[str]]:
    """A deck and the same deck with two different cards exchanged that ``seat`` cannot
    see: one in another player's hand, one deep in the stock."""
    deck = variant.shuffled_deck(random.Random(seed))
    n = variant.players
    dealt = variant.hand_size * n
    dealer = 0
    first = (dealer + 1) % n
    mine = {(seat - first) % n + k * n for k in range(variant.hand_size)}
    other = next(i for i in range(dealt) if i not in mine)
    deep = next(j for j in range(len(deck) - 1, dealt + 1, -1) if deck[j] != deck[other])
    swapped = list(deck)
    swapped[other], swapped[deep] = swapped[deep], swapped[other]
    return deck, swapped


@pytest.mark.parametrize("table", TABLES, ids=_ids)
def test_no_peeking_hidden_cards_do_not_change_the_tensor(
        table: tuple[str, dict[str, object]]) -> None:
    variant = get_variant(*table)
    encoder = _encoder(variant)
    for seed in range(5):
        for seat in range(variant.players):
            deck, swapped = _swap_hidden(variant, seat, seed)
            one = Game(variant, seed=0, first_dealer=0, decks=[deck])
            two = Game(variant, seed=0, first_dealer=0, decks=[swapped])
            assert one.state.reveal()["hands"] != two.state.reveal()["hands"]
            a = encoder.encode(one.observation(seat))
            b = encoder.encode(two.observation(seat))
            assert np.array_equal(a, b), (seat, seed)
            # and as the adapters write it, straight from the engine
            assert np.array_equal(encoder.encode_game(one, seat), a), (seat, seed)
            assert np.array_equal(encoder.encode_game(two, seat), b), (seat, seed)


@pytest.mark.slow
@pytest.mark.parametrize("table", TABLES, ids=_ids)
def test_the_tensor_from_the_engine_is_the_tensor_of_the_observation(
        table: tuple[str, dict[str, object]]) -> None:
    """The adapters write tensors straight from the engine's position
    (``encode_state``): at every position of random play, for every seat, that is the
    tensor of the seat's observation dict — which holds only what the seat may see."""
    variant = get_variant(*table)
    encoder = _encoder(variant)
    rng = random.Random(5)
    for deal in range(3):
        game = Game(variant, seed=deal)
        for _ in range(300):
            for seat in range(variant.players):
                expected = encoder.encode(game.observation(seat))
                tensor = encoder.encode_game(game, seat)
                assert tensor.dtype == np.float32 and np.array_equal(tensor, expected), seat
            if game.game_over:
                break
            game.apply(rng.choice(game.legal_actions()), checked=False)


def test_an_encoder_without_a_fast_writer_writes_its_layout() -> None:
    """A family may give only its observer and layout (``fill``): the adapters then write
    the tensor through the layout, the same vector as the fast writer's."""
    from tablerummy.capone.encoding import CaponeEncoder
    from tablerummy.envs.tensors import Write

    class Plain(CaponeEncoder):
        def writer(self) -> Write:
            return ObservationEncoder.writer(self)

    variant = get_variant("capone", {"players": 3})
    plain, fast = Plain(variant), _encoder(variant)
    assert type(fast) is CaponeEncoder and plain.layout == fast.layout
    for game in _positions(variant, 10, seed=7):
        for seat in range(variant.players):
            assert np.array_equal(plain.encode_game(game, seat), fast.encode_game(game, seat))


def test_the_observer_reads_its_own_dict_back() -> None:
    """``parse`` of an observer's dict gives the same dict again, at every variant."""
    from tablerummy.registry import family_of

    for name, options in TABLES[::3]:
        variant = get_variant(name, options)
        for game in _positions(variant, 8, seed=9):
            for seat in range(variant.players):
                observer = family_of(variant).observer(variant)
                observer.set_from(game.state, seat)
                again = family_of(variant).observer(variant)
                again.parse(observer.dict())
                assert again.dict() == observer.dict() == game.state.observation(seat)
