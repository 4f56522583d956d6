"""The Oklahoma family of two-deck rummies: ``fortune``, ``arlington``, ``arlington-heights``.

One engine (:mod:`.state`) plays all three; they differ by the data of :class:`.Rules`
and the point tables of :mod:`.values`.
"""

from .variant import Arlington, ArlingtonHeights, Fortune, OklahomaVariant

__all__ = ["Arlington", "ArlingtonHeights", "Fortune", "OklahomaVariant"]
