"""Exact engines, bots and tables for the table-rummy card games.

>>> from tablerummy import Game, get_variant
>>> game = Game(get_variant("capone", {"players": 2}), seed=7)
>>> game.legal_texts()
['draw discard', 'draw stock']
"""

from .errors import IllegalActionError, NotationError, OptionError, RecordError, TablerummyError
from .game import Game
from .variant import Action, HandState, Observation, Variant, get_variant, variant_names

__all__ = [
    "Action",
    "Game",
    "HandState",
    "IllegalActionError",
    "NotationError",
    "Observation",
    "OptionError",
    "RecordError",
    "TablerummyError",
    "Variant",
    "get_variant",
    "variant_names",
]
__version__ = "0.1.0"
