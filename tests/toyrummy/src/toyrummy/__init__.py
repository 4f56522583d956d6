"""Toy Rummy: a sixth game family for tablerummy, installed as its own distribution.

Written only for tablerummy's tests, as the proof that a game is added by a package
beside tablerummy with no change to it: see ``docs/extending.md``, which walks through
this package.  Only tablerummy's public interface is imported (``tablerummy.family``,
``variant``, ``bots``, ``present``, ``events``, ``notation``, ``errors`` and, for the
adapters, ``envs.spaces`` and ``envs.tensors``).
"""
