"""Exact engines, bots and tables for the table-rummy card games.

>>> from tablerummy import Game, get_variant
>>> game = Game(get_variant("capone", {"players": 2}), seed=7)
>>> game.legal_texts()
['draw discard', 'draw stock']
"""

from importlib import metadata as _metadata

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

try:  # one number, kept in pyproject.toml: the installed package's metadata says it
    __version__ = _metadata.version("tablerummy")
except _metadata.PackageNotFoundError:  # the sources on a path, never installed
    __version__ = "0+unknown"
