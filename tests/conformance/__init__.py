"""Conformance machinery shared by the tests: one entry per variant, one harness for all.

A variant joins the conformance test, the notation fuzz and the record fuzz by adding
one :class:`~conformance.entry.VariantEntry` to :data:`~conformance.entries.ENTRIES`,
with three pieces of rule knowledge written from its rulebook, not from the engine's
own code: where every card is (``places``), what a seat cannot see (``hide``) and what
a finished hand scores (``rule_scores``).
"""

from .entries import ENTRIES, entry_for
from .entry import VariantEntry

__all__ = ["ENTRIES", "VariantEntry", "entry_for"]
