"""Mystery Rummy: Al Capone and the Chicago Underworld (variant ``capone``)."""

from .state import CaponeState
from .variant import Capone

__all__ = ["Capone", "CaponeState"]
