"""The variant lab: measures of a variant (with its options and card values) from bots' games.

``tablerummy lab`` (``docs/lab.md``) answers questions such as "how many hands does a
game last?", "does the dealer have an edge?" or "how much of the result is skill?" for
any variant, option and house rule, from duplicate deals played by bots:

* :mod:`.facts` reads, in the worker that played it, what the lab keeps of a game (how
  each hand ended, its tallies) — from the engine, never worked out again;
* :mod:`.stats` holds the intervals (normal, Wilson, bootstrap);
* :mod:`.runner` plays the games locally or on Ray (the tournament's backends);
* :mod:`.shape` totals the game shape; :mod:`.skill` the skill share;
* :mod:`.report` writes the HTML report with its figures (the ``lab`` extra).
"""
