"""Mystery Rummy: Jack the Ripper (variant ``ripper``)."""

from .state import RipperState
from .variant import Ripper

__all__ = ["Ripper", "RipperState"]
