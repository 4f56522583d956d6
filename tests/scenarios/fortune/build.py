"""Writes the ``fortune`` scenario records and their .expected files (run by hand).

    .venv/bin/python tests/scenarios/fortune/build.py [--check]

Two players and ``first_dealer`` 1 unless said otherwise, so p0 (left of the dealer)
moves first.  Every expected value is worked out here from ``Oklahoma rulebook`` and
the project's decisions — the arithmetic is in the comments — never copied from the engine.
``--check`` prints where the engine disagrees, for a person to judge.

``tests/test_scenario_builders.py`` runs this builder on a copy of ``tests/scenarios``
and fails when what it writes differs from the committed records: after changing a
scenario, run it and commit the records it writes with it.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from okbuild import Builder, Deal, burn, exhausted, hand, in_hand, open_hand, out  # noqa: E402

B = Builder("fortune", HERE)
S = B.scenario
SRC = "Oklahoma rulebook · Fortune Rummy"

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
PACK = [r + s for s in "SHDC" for r in RANKS]
FULL = PACK + PACK  # the two packs written out, ♠ ♥ ♦ ♣, A … K

QUIET = "3S 4S 5S 6S 7S 3H 4H 5H 6H 7H 3D"
"""A hand that plays no part: eleven cards of 7 down to 3, caught for 11 × −5 = −55."""
QUIET2 = "3C 4C 5C 6C 7C 3D 4D 5D 6D 7D 4S"
"""A second quiet hand: 11 × −5 = −55."""
HIGH = "8S 9S 10S JS KS 8H 9H 8D 9D 8C QC"
"""Eleven cards of K down to 8 (no Q♠): 11 × −10 = −110 in hand."""

# =========================================================================================
# The deal
# =========================================================================================

S("deal-2p-order",
  f"{SRC}: two packs, 11 cards each dealt one at a time from the dealer's left, the next "
  "card turned up to start the discard pile, the rest is the stock; docs/records.md · The deal",
  "The two packs unshuffled (♠ ♥ ♦ ♣, A … K), p1 deals: p0 gets the 1st, 3rd … 21st card, "
  "p1 the 2nd … 22nd, 10H is turned up. p0 draws JH and discards KS; p1 may take the pile "
  "only with a meld holding KS and two of its cards.",
  deal=Deal(literal=FULL),
  actions=["draw stock", "discard KS"],
  expected={
      "ok": True, "variant": "fortune", "sides": [[0], [1]], "hands": [open_hand()],
      "totals": [0, 0], "game_over": False, "winner": None, "to_act": 1,
      # p1 holds 2S 4S 6S 8S 10S QS AH 3H 5H 7H 9H; with the top KS and its one wild 2S:
      # J-Q-K (2S=JS), 10-J-Q-K, Q-K-A (2S=AS); no set of kings (one K and one wild)
      "legal": ["draw stock", "draw pile meld 2S=JS QS KS", "draw pile meld 10S 2S=JS QS KS",
                "draw pile meld QS KS 2S=AS"],
      "state": {
          "hands": [hand("AS 3S 5S 7S 9S JS 2H 4H 6H 8H JH"),
                    hand("2S 4S 6S 8S 10S QS AH 3H 5H 7H 9H")],
          "areas": [[], []], "stock_size": 104 - 23 - 1, "discard_size": 2,
          "discard_top": "KS",
      },
  })

S("deal-8p",
  f"{SRC}: 2 to 8 players; with 8, 88 cards are dealt and 15 are left for the stock",
  "The two packs unshuffled, p7 deals to 8 players: card i goes to seat i mod 8; the 89th "
  "card (JD) is turned up; p0 starts.",
  options={"players": 8}, first_dealer=7,
  deal=Deal(literal=FULL),
  actions=[],
  expected={
      "ok": True, "sides": [[s] for s in range(8)], "hands": [open_hand()],
      "totals": [0] * 8, "to_act": 0, "legal": ["draw stock"],
      "state": {
          "hands": [sorted(FULL[i] for i in range(88) if i % 8 == seat) for seat in range(8)],
          "stock_size": 15, "discard_size": 1, "discard_top": "JD",
      },
  })

# =========================================================================================
# Card values (melded and in hand), going out
# =========================================================================================

S("values-eight-to-king-sets",
  f"{SRC} · card values: K down to 8 score 10 melded; 7 down to 3 count −5 in hand; "
  "going out by melding the last card, no bonus",
  "p0 draws 8D and melds four sets of three: K, 9, J and 8 — twelve cards of 10 — and is "
  "out without a discard: 120. p1 is caught with eleven cards of 7 down to 3: −55.",
  deal=Deal(hands=["KH KD KC 9S 9H 9D JH JD JC 8S 8H", QUIET], upcard="4C", top="8D"),
  actions=["draw stock", "meld KH KD KC", "meld 9S 9H 9D", "meld JH JD JC", "meld 8S 8H 8D"],
  expected={
      "hands": [out([120, -55])], "totals": [120, -55],
  })

S("values-ten-queen-and-low",
  f"{SRC} · card values: K down to 8 (Q and 10 too) 10 each, 7 down to 3 5 each; "
  "K down to 8 count −10 in hand",
  "p0 draws 7C and melds 10-J-Q-K of hearts (40), 3-4-5-6 of clubs (20) and four 7s (20): "
  "80, out. p1 holds eleven cards of K down to 8: −110.",
  deal=Deal(hands=["10H JH QH KH 3C 4C 5C 6C 7S 7H 7D", HIGH], upcard="4D", top="7C"),
  actions=["draw stock", "meld 10H JH QH KH", "meld 3C 4C 5C 6C", "meld 7S 7H 7D 7C"],
  expected={"hands": [out([80, -110])], "totals": [80, -110]})

S("values-aces-and-deuces",
  f"{SRC} · card values: an ace scores 10 high (A-K-Q), 5 low (A-2-3); in a set it is high "
  "(decision); a 2 in its own place scores 5 (decision); ace, 2 −10 and Q♠ −50 in hand",
  "p0 draws 6D: Q-K-A of hearts 10+10+10, A-2-3 of spades 5+5+5 (the 2S in its own place), "
  "three aces 30, 4-5-6 of diamonds 15: 90, out. p1 holds AS AD (−20), 2H 2D 2C (−30), QS "
  "(−50) and five low hearts (−25): −125.",
  deal=Deal(hands=["QH KH AH AS 2S 3S AD AC AH 4D 5D", "AS AD 2H 2D 2C QS 3H 4H 5H 6H 7H"],
            upcard="9C", top="6D"),
  actions=["draw stock", "meld QH KH AH", "meld AS 2S 3S", "meld AH AD AC", "meld 4D 5D 6D"],
  expected={
      "hands": [out([90, -125])], "totals": [90, -125],
  })

S("values-wild-deuces",
  f"{SRC} · deuces are wild: a 2 scores 10 standing for K down to 8, 5 for 7 down to 3, 10 "
  "for the Queen of Spades; standing for an ace, the ace's value (decision)",
  "p0 draws 2S: K K 2C=KD (30), 5-6 2D=7H (15), Q Q 2H=QS (10+10+10), Q-K 2S=AC (ace high "
  "10: 30): 105, out. p1 −55.",
  deal=Deal(hands=["KS KH 2C 5H 6H 2D QH QD 2H QC KC", QUIET], upcard="9C", top="2S"),
  actions=["draw stock", "meld KS KH 2C=KD", "meld 5H 6H 2D=7H", "meld QH QD 2H=QS",
           "meld QC KC 2S=AC"],
  expected={
      "hands": [out([105, -55], [
          [["K♠, K♥, 2♣ as K♦", 30], ["5♥, 6♥, 2♦ as 7♥", 15], ["Q♥, Q♦, 2♥ as Q♠", 30],
           ["Q♣, K♣, 2♠ as A♣", 30]],  # no going-out bonus in Fortune Rummy
          in_hand("3♠ 4♠ 5♠ 6♠ 7♠ 3♥ 4♥ 5♥ 6♥ 7♥ 3♦", -5),
      ])], "totals": [105, -55],
  })

S("values-queen-of-spades",
  f"{SRC} · the Queen of Spades scores 50 melded, in a sequence or a set; a player can go "
  "out by discarding the last card",
  "p0 draws 8H: 10-J-Q-K of spades 10+10+50+10, four queens with the second Q♠ 50+10+10+10, "
  "3-4-5 of clubs 15: 175; discards 8H and is out. p1 −55.",
  deal=Deal(hands=["10S JS QS KS QS QH QD QC 3C 4C 5C", QUIET], upcard="9C", top="8H"),
  actions=["draw stock", "meld 10S JS QS KS", "meld QS QH QD QC", "meld 3C 4C 5C",
           "discard 8H"],
  expected={"hands": [out([175, -55])], "totals": [175, -55]})

S("score-difference-both-sides",
  f"{SRC} · at the end each player scores the cards melded minus the cards still in hand; "
  "the player who goes out has nothing in hand",
  "p0 draws 9S, melds J J J (30) and discards 9S, keeping eight cards; p1 draws 9H and "
  "melds 8-9-10 of hearts (30), three 5s, three 7s and three 6s (15 each): out. p0: 30 − "
  "(4S 6S 3D 3D 4D: 5 each; 8C KC 9D: 10 each) = 30 − 55 = −25; p1: 30 + 45 = 75.",
  deal=Deal(hands=["JS JH JD 4S 6S 8C KC 3D 3D 4D 9D", "8H 10H 5S 5H 5D 7C 7C 7D 6C 6D 6H"],
            upcard="2C", top="9S 9H"),
  actions=["draw stock", "meld JS JH JD", "discard 9S", "draw stock", "meld 8H 9H 10H",
           "meld 5S 5H 5D", "meld 7C 7C 7D", "meld 6H 6D 6C"],
  expected={"hands": [out([-25, 75], [
      [["J♠ J♥ J♦", 30], *in_hand("4♠ 6♠ 3♦ 3♦ 4♦", -5), *in_hand("9♦ 8♣ K♣", -10)],
      [["8♥ 9♥ 10♥", 30], ["5♠ 5♥ 5♦", 15], ["7♦ 7♣ 7♣", 15], ["6♥ 6♦ 6♣", 15]],
  ])], "totals": [-25, 75]})

# =========================================================================================
# Melds
# =========================================================================================

S("set-two-identical-cards",
  f"{SRC} · melds: 3 or 4 cards of the same rank; two packs, so a set may hold two "
  "identical cards (decision)",
  "p0 melds 7H 7H 7D and discards; the meld lies in p0's area; p1 is to act.",
  deal=Deal(hands=["7H 7H 7D KS KH 9C 9D 4S 5S 10D JC", QUIET2], upcard="8C", top="3C"),
  actions=["draw stock", "meld 7H 7D 7H", "discard 3C"],
  expected={"hands": [open_hand()], "to_act": 1,
            "state": {"areas": [[["7H", "7H", "7D"]], []],
                      "hands": [hand("KS KH 9C 9D 4S 5S 10D JC"), hand(QUIET2)]}})

S("set-five-illegal",
  f"{SRC} · melds: you can not meld 5 or more cards in one meld",
  "p0 tries to meld five 7s.",
  deal=Deal(hands=["7S 7H 7H 7D 7C KH 9C 9D 4S 5S 10D", QUIET2], upcard="8C", top="3C"),
  actions=["draw stock", "meld 7S 7H 7H 7D 7C"],
  expected={"ok": False, "hand": 0, "index": 1, "error_contains": "a set is at most 4 cards"})

S("sequence-five-illegal",
  f"{SRC} · melds: a sequence of 3 or more in one suit, but 4 cards constitute the maximum",
  "p0 tries to meld 3-4-5-6-7 of clubs.",
  deal=Deal(hands=["3C 4C 5C 6C 7C KH 9S 9D 4S 5S 10D", QUIET], upcard="8H", top="3H"),
  actions=["draw stock", "meld 3C 4C 5C 6C 7C"],
  expected={"ok": False, "hand": 0, "index": 1,
            "error_contains": "a sequence is at most 4 cards"})

S("long-sequences",
  f"{SRC} · Rules Variations: sequence melds (only) may be extended beyond the four-card "
  "maximum (option long_sequences=true)",
  "long_sequences=true: p0 draws 5S, melds 3-4-5-6-7 of clubs (25), lays off 8C, 9C, 10C on "
  "it (30), melds three kings (30), discards 5S: out with 85. p1 −55.",
  options={"long_sequences": True},
  deal=Deal(hands=["3C 4C 5C 6C 7C 8C 9C KH KD KC 10C", QUIET], upcard="8H", top="5S"),
  actions=["draw stock", "meld 3C 4C 5C 6C 7C", "layoff 8C m1", "layoff 9C m1",
           "layoff 10C m1", "meld KH KD KC", "discard 5S"],
  expected={"hands": [out([85, -55])], "totals": [85, -55]})

S("long-sequences-sets-stay-four",
  f"{SRC} · Rules Variations: only sequences may grow past four; a set stays at most 4",
  "long_sequences=true: p0 melds four 7s and tries to lay off a fifth.",
  options={"long_sequences": True},
  deal=Deal(hands=["7S 7H 7H 7D 7C KH 9S 9D 4S 5S 10D", QUIET2], upcard="8H", top="3H"),
  actions=["draw stock", "meld 7S 7H 7D 7C", "layoff 7H m1"],
  expected={"ok": False, "hand": 0, "index": 2, "error_contains": "a set is at most 4 cards"})

S("layoff-past-four-illegal",
  f"{SRC} · melds: 4 cards together constitute the maximum meld — also by adding cards",
  "p0 melds 3-4-5-6 of clubs and tries to lay off 7C.",
  deal=Deal(hands=["3C 4C 5C 6C 7C KH 9S 9D 4S 5S 10D", QUIET], upcard="8H", top="3H"),
  actions=["draw stock", "meld 3C 4C 5C 6C", "layoff 7C m1"],
  expected={"ok": False, "hand": 0, "index": 2,
            "error_contains": "a sequence is at most 4 cards"})

S("around-the-corner-illegal",
  f"{SRC} · aces may be played either high or low, but not around the corner (K-A-2-3)",
  "p0 tries to meld K-A-2-3 of hearts (the 2H in its own place).",
  deal=Deal(hands=["KH AH 2H 3H 9C 9S 9D 4S 5S 10D JC", QUIET], upcard="8H", top="3C"),
  actions=["draw stock", "meld KH AH 2H 3H"],
  expected={"ok": False, "hand": 0, "index": 1, "error_contains": "around the corner"})

S("layoff-second-ace-illegal",
  f"{SRC} · aces may be played high or low, not around the corner: A-2-3 takes no second ace",
  "p0 melds A-2-3 of clubs and tries to lay off its other AC on it.",
  deal=Deal(hands=["AC AC 2C 3C 9S 9H 8D 4S 5S 10D JC", QUIET], upcard="8H", top="3H"),
  actions=["draw stock", "meld AC 2C 3C", "layoff AC m1"],
  expected={"ok": False, "hand": 0, "index": 2, "error_contains": "either end of a sequence"})

S("deuces-not-together",
  f"{SRC} · deuces can not be melded together in a 2's meld; they only stand in for cards "
  "of other values",
  "p0 tries to meld 2S 2H 2D.",
  deal=Deal(hands=["2S 2H 2D 9C 9S 8D 4S 5S 10D JC KC", QUIET], upcard="8H", top="3C"),
  actions=["draw stock", "meld 2S 2H 2D"],
  expected={"ok": False, "hand": 0, "index": 1,
            "error_contains": "deuces cannot be melded together"})

S("meld-needs-natural",
  "decision · a meld needs at least one natural card",
  "p0 tries to meld three deuces as 5-6-7 of hearts.",
  deal=Deal(hands=["2S 2H 2D 9C 9S 8D 4S 5S 10D JC KC", QUIET], upcard="8H", top="3C"),
  actions=["draw stock", "meld 2S=5H 2H=6H 2D=7H"],
  expected={"ok": False, "hand": 0, "index": 1,
            "error_contains": "needs at least one natural card"})

S("meld-two-cards-illegal",
  f"{SRC} · melds: 3 or 4 cards of a rank, a sequence of 3 or more",
  "p0 tries to meld two 9s.",
  deal=Deal(hands=["2S 2H 2D 9C 9S 8D 4S 5S 10D JC KC", QUIET], upcard="8H", top="3C"),
  actions=["draw stock", "meld 9C 9S"],
  expected={"ok": False, "hand": 0, "index": 1, "error_contains": "at least 3 cards"})

S("meld-mixed-illegal",
  f"{SRC} · melds: a sequence is in one suit",
  "p0 tries to meld 8D 9S 10D.",
  deal=Deal(hands=["2S 2H 2D 9C 9S 8D 4S 5S 10D JC KC", QUIET], upcard="8H", top="3C"),
  actions=["draw stock", "meld 8D 9S 10D"],
  expected={"ok": False, "hand": 0, "index": 1, "error_contains": "sequence in one suit"})

S("meld-not-held-illegal",
  "docs/records.md · meld: put a new meld from your hand into your area",
  "p0 holds one 9C and tries to meld 9C 9C 9S.",
  deal=Deal(hands=["2S 2H 2D 9C 9S 8D 4S 5S 10D JC KC", QUIET], upcard="8H", top="3C"),
  actions=["draw stock", "meld 9C 9C 9S"],
  expected={"ok": False, "hand": 0, "index": 1, "error_contains": "you hold no more 9C"})

S("wild-written-with-its-card",
  "docs/records.md · a wild card is written with the card it stands for (2C=7H); in a set its suit "
  "means nothing but Q♠, so the canonical form names the suit the set lacks (decision)",
  "p0 writes 'meld 7h 7d 2c=7h' (any case, any suit): the meld is 7H 7D 2C=7S; then "
  "'meld 5h 6h 2d = 4h': 2D=4H 5H 6H.",
  deal=Deal(hands=["7H 7D 2C 5H 6H 2D 9S 9D JS 4C 10D", QUIET], upcard="8H", top="3C"),
  actions=["draw stock", "meld 7h 7d 2c=7h", "meld 5h 6h 2d = 4h", "discard 3C"],
  expected={"to_act": 1, "hands": [open_hand()],
            "state": {"areas": [[["7H", "7D", "2C=7S"], ["2D=4H", "5H", "6H"]], []]}})

S("wild-inferred-when-unique",
  "docs/records.md · any reasonable spelling: a wild written alone stands for the one card that "
  "makes the meld (decision: inferred only when there is exactly one meaning)",
  "p0 writes 'meld 7H 7D 2C' — only a set of 7s is possible: 7H 7D 2C=7S.",
  deal=Deal(hands=["7H 7D 2C 5H 6H 2D 9S 9D JS 4C 10D", QUIET], upcard="8H", top="3C"),
  actions=["draw stock", "meld 7H 7D 2C"],
  expected={"hands": [open_hand()], "state": {"areas": [[["7H", "7D", "2C=7S"]], []]}})

S("wild-ambiguous-needs-its-card",
  "docs/records.md · a wild card is written with the card it stands for: 5H 6H 2D can be 4-5-6 or "
  "5-6-7, so the text must say which",
  "p0 writes 'meld 5H 6H 2D'.",
  deal=Deal(hands=["7H 7D 2C 5H 6H 2D 9S 9D JS 4C 10D", QUIET], upcard="8H", top="3C"),
  actions=["draw stock", "meld 5H 6H 2D"],
  expected={"ok": False, "hand": 0, "index": 1,
            "error_contains": "say what the wild stands for"})

S("wild-stands-for-queen-of-spades-anywhere",
  f"{SRC} · a 2 may stand for the Queen of Spades (10 points) in any meld, even beside "
  "other wilds (decision: allowed in fortune)",
  "p0 draws 3C, melds J-Q-K of spades with two deuces for Q♠ and K♠ (10+10+10 = 30) and "
  "discards 3C. Deuces are interchangeable: they fill their places in card order, 2D (♦) "
  "before 2C (♣).",
  deal=Deal(hands=["JS 2C 2D 9S 9D 5H 6H 7C 4C 10D KH", QUIET], upcard="8H", top="3C"),
  actions=["draw stock", "meld JS 2C=QS 2D=KS", "discard 3C"],
  expected={"to_act": 1, "state": {"areas": [[["JS", "2D=QS", "2C=KS"]], []]}})

S("wild-two-not-for-a-two",
  f"{SRC} · deuces can only act as substitutes for cards of other values (decision: a "
  "wild 2 never stands for a 2)",
  "p0 tries A-2-3 of hearts with 2C standing for the 2H.",
  deal=Deal(hands=["AH 2C 3H 9S 9D 5H 6H 7C 4C 10D KH", QUIET], upcard="8H", top="3C"),
  actions=["draw stock", "meld AH 2C=2H 3H"],
  expected={"ok": False, "hand": 0, "index": 1,
            "error_contains": "a wild 2 stands only for a card of another rank: 2C cannot "
                              "stand for 2H"})

S("wild-two-not-for-a-two-layoff",
  f"{SRC} · deuces can only act as substitutes for cards of other values: not by a layoff "
  "either (decision)",
  "p0 melds 3-4-5 of hearts and tries to lay 2C off as the 2H below it (2C=6H would do).",
  deal=Deal(hands=["3H 4H 5H 2C 9S 9D 6C 7C 4C 10D KH", QUIET], upcard="8H", top="3C"),
  actions=["draw stock", "meld 3H 4H 5H", "layoff 2C=2H m1"],
  expected={"ok": False, "hand": 0, "index": 2, "error_contains": "2C cannot stand for 2H"})

S("natural-two-in-own-place",
  f"{SRC} · aces low (A-2-3); decision: a natural 2 may stand as itself in its own "
  "suit's A-2-3 or 2-3-4, and then scores as a 2 (5, decision); beside it a wild 2 stands "
  "for the ace",
  "p0 draws 7D: 2-3-4 of hearts (5+5+5), 2C=AS 2S 3S (ace low 5, the 2S as itself 5, 5), "
  "9S 9D 9C (30), 5-6-7 of diamonds (15): 75, out (no bonus in Fortune). p1 −55.",
  deal=Deal(hands=["2H 3H 4H 2S 3S 2C 9S 9D 9C 5D 6D", QUIET], upcard="8H", top="7D"),
  actions=["draw stock", "meld 2H 3H 4H", "meld 2C=AS 2S 3S", "meld 9S 9D 9C",
           "meld 5D 6D 7D"],
  expected={"hands": [out([75, -55])], "totals": [75, -55]})

# =========================================================================================
# A turn: drawing, the discard pile, laying off, discarding
# =========================================================================================

PILE_P0 = "9S 9D KS 4C 6C 8C 10C QC 3D 5D 7D"
S("draw-pile",
  f"{SRC} · In his turn 1: take the top of the stock or all the cards of the discard pile; "
  "taking it, he must at once meld the top discard with at least two cards from his hand, "
  "then take up the rest of the pile",
  "Upcard 4H. p0 draws JD and discards it; p1 draws 9H and discards it. p0 takes the pile: "
  "melds 9S 9H 9D with the top 9H, and 4H and JD come into its hand; it discards KS.",
  deal=Deal(hands=[PILE_P0, QUIET], upcard="4H", top="JD 9H"),
  actions=["draw stock", "discard JD", "draw stock", "discard 9H",
           "draw pile meld 9S 9H 9D", "discard KS"],
  expected={"to_act": 1, "hands": [open_hand()],
            "state": {"hands": [hand("4C 6C 8C 10C QC 3D 5D 7D 4H JD"), hand(QUIET)],
                      "areas": [[["9S", "9H", "9D"]], []], "discard_size": 1,
                      "discard_top": "KS", "stock_size": 81 - 2}})

S("draw-pile-needs-top-card",
  f"{SRC} · taking the discard pile, the meld must embody the topmost discard",
  "The upcard is 9H; p0 tries to take the pile with 9S 9D 9C (it holds 9C) — not the 9H.",
  deal=Deal(hands=["9S 9D 9C KS 4C 6C 8C 10C QC 3D 5D", QUIET], upcard="9H", top="JD"),
  actions=["draw pile meld 9S 9D 9C"],
  expected={"ok": False, "hand": 0, "index": 0, "error_contains": "top card 9H"})

S("draw-pile-two-hand-cards",
  f"{SRC} · the meld taking the pile must include at least two cards from the hand: the "
  "cards below the top do not count",
  "Upcard 9H; p0 draws and discards JD, p1 draws and discards 9S: the pile is 9H JD 9S. "
  "p0 holds one 9 (9D) and tries 'draw pile meld 9S 9H 9D': the 9H lies in the pile below "
  "the top, not in p0's hand.",
  deal=Deal(hands=["9D KS 4C 6C 8C 10C QC 3D 5D 7D JC", QUIET], upcard="9H", top="JD 9S"),
  actions=["draw stock", "discard JD", "draw stock", "discard 9S", "draw pile meld 9S 9H 9D"],
  expected={"ok": False, "hand": 0, "index": 4, "error_contains": "you hold no 9H"})

S("play-before-draw-illegal",
  f"{SRC} · In his turn: first take one or more cards into the hand",
  "p0 tries to meld before drawing.",
  deal=Deal(hands=["9S 9D 9C KS 4C 6C 8C 10C QC 3D 5D", QUIET], upcard="2H", top="JD"),
  actions=["meld 9S 9D 9C"],
  expected={"ok": False, "hand": 0, "index": 0, "error_contains": "draw first"})

S("draw-twice-illegal",
  f"{SRC} · In his turn: one draw (the top of the stock or the whole pile)",
  "p0 draws and tries to draw again.",
  deal=Deal(hands=["9S 9D 9C KS 4C 6C 8C 10C QC 3D 5D", QUIET], upcard="2H", top="JD"),
  actions=["draw stock", "draw stock"],
  expected={"ok": False, "hand": 0, "index": 1,
            "error_contains": "you have already drawn this turn"})

S("discard-not-held-illegal",
  f"{SRC} · the player ends his turn by playing one card (of his hand) to the discard pile",
  "p0 tries to discard AS, which it does not hold.",
  deal=Deal(hands=["9S 9D 9C KS 4C 6C 8C 10C QC 3D 5D", QUIET], upcard="2H", top="JD"),
  actions=["draw stock", "discard AS"],
  expected={"ok": False, "hand": 0, "index": 1, "error_contains": "you hold no AS"})

S("layoff-own-melds-only",
  f"{SRC} · a player may add cards to his own melds but may not play on an opponent's",
  "p0 melds 9S 9D 9C; p1 tries to lay off its 9H: 'm1' names p1's own first meld, and it "
  "has none.",
  deal=Deal(hands=["9S 9D 9C KS 4C 6C 8C 10C QC 3D 5D", "9H 3S 4S 5S 6S 7S 3H 4H 5H 6H 7H"],
            upcard="2H", top="JD 8D"),
  actions=["draw stock", "meld 9S 9D 9C", "discard JD", "draw stock", "layoff 9H m1"],
  expected={"ok": False, "hand": 0, "index": 4, "error_contains": "you have no meld m1"})

S("layoff-wild-on-sequence",
  f"{SRC} · add cards to your own melds; a wild laid off says the card it stands for",
  "p0 melds 5-6-7 of hearts, lays off 2C=8H on it (m1 is 5-6-7-8 of hearts) and discards "
  "3C; p1 is to act.",
  deal=Deal(hands=["5H 6H 7H 2C 2D 9S 9D KS 4C 10C QC", QUIET], upcard="8S", top="3C"),
  actions=["draw stock", "meld 5H 6H 7H", "layoff 2C=8H m1", "discard 3C"],
  expected={"to_act": 1,
            "state": {"areas": [[["5H", "6H", "7H", "2C=8H"]], []],
                      "hands": [hand("2D 9S 9D KS 4C 10C QC"), hand(QUIET)]}})

S("layoff-wild-must-say-which",
  "docs/records.md · a wild card is written with the card it stands for: on 5-6-7 a 2 can be 4H or "
  "8H, so 'layoff 2C m1' must say which",
  "p0 melds 5-6-7 of hearts and writes 'layoff 2C m1'.",
  deal=Deal(hands=["5H 6H 7H 2C 2D 9S 9D KS 4C 10C QC", QUIET], upcard="8S", top="3C"),
  actions=["draw stock", "meld 5H 6H 7H", "layoff 2C m1"],
  expected={"ok": False, "hand": 0, "index": 2,
            "error_contains": "layoff 2C=4H m1 or layoff 2C=8H m1"})

S("layoff-wild-on-set",
  "docs/records.md · layoff C mK; in a set a wild's suit means nothing but Q♠: it takes the suit "
  "the set lacks (decision)",
  "p0 melds 7S 7H 7D and lays off '2C=7H' on it: it lies as 2C=7C.",
  deal=Deal(hands=["7S 7H 7D 2C 2D 9S 9D KS 4C 10C QC", QUIET], upcard="8S", top="3C"),
  actions=["draw stock", "meld 7S 7H 7D", "layoff 2C=7H m1", "discard 3C"],
  expected={"to_act": 1, "state": {"areas": [[["7S", "7H", "7D", "2C=7C"]], []]}})

S("out-by-layoff",
  "decision · a player who melds or lays off their last card goes out without "
  "discarding",
  "p0 draws 9C: melds 3-4-5 of clubs (15), K K K K? It holds KS KH KD KC: melds them (40), "
  "9S 9H 9D (30), lays off 6C on m1 (5) and its last card 9C on m3 (10): 100, out, no "
  "discard. p1 −55.",
  deal=Deal(hands=["3C 4C 5C 6C KS KH KD KC 9S 9H 9D", QUIET], upcard="8S", top="9C"),
  actions=["draw stock", "meld 3C 4C 5C", "meld KS KH KD KC", "meld 9S 9H 9D",
           "layoff 6C m1", "layoff 9C m3"],
  expected={"hands": [out([100, -55])], "totals": [100, -55]})

S("queen-discard-allowed",
  f"{SRC} · the Queen of Spades may be discarded (the default; the variation forbidding it "
  "is an option)",
  "p0 draws and discards its Q♠; p1 is to act with Q♠ on the pile.",
  deal=Deal(hands=["QS 9D KS 4C 6C 8C 10C QC 3D 5D 7D", QUIET], upcard="2H", top="JD"),
  actions=["draw stock", "discard QS"],
  expected={"to_act": 1, "state": {"discard_top": "QS", "discard_size": 2}})

S("queen-discard-false-illegal",
  f"{SRC} · Rules Variations: some play that you can not discard the Queen of Spades unless "
  "you have no other card (option queen_discard=false)",
  "queen_discard=false: p0 tries to discard Q♠ while holding other cards.",
  options={"queen_discard": False},
  deal=Deal(hands=["QS 9D KS 4C 6C 8C 10C QC 3D 5D 7D", QUIET], upcard="2H", top="JD"),
  actions=["draw stock", "discard QS"],
  expected={"ok": False, "hand": 0, "index": 1,
            "error_contains": "Q♠ may not be discarded while you hold another card"})

S("queen-discard-false-last-card",
  f"{SRC} · Rules Variations: with queen_discard=false the Queen of Spades may be discarded "
  "when it is the last card — going out",
  "queen_discard=false: p0 draws 8H, melds K K K K (40), 9-10-J-Q of hearts (40) and "
  "4-5-6 of clubs (15), and discards its last card, Q♠: out with 95. p1 −55.",
  options={"queen_discard": False},
  deal=Deal(hands=["QS KS KH KD KC 9H 10H JH 4C 5C 6C", QUIET], upcard="2H", top="QH"),
  actions=["draw stock", "meld KS KH KD KC", "meld 9H 10H JH QH", "meld 4C 5C 6C",
           "discard QS"],
  expected={"hands": [out([95, -55])], "totals": [95, -55]})

S("queen-discard-false-only-queens",
  "decision (docs/rules-oklahoma.md) · 'unless you have no other card': a hand of only "
  "Queens of Spades may discard one",
  "queen_discard=false: p0 draws 6C, melds K K K K, 9-10-J of hearts, 4-5-6 of clubs; it "
  "holds QS QS and discards one; p1 is to act and p0 keeps one Q♠.",
  options={"queen_discard": False},
  deal=Deal(hands=["QS QS KS KH KD KC 9H 10H JH 4C 5C", QUIET], upcard="2H", top="6C"),
  actions=["draw stock", "meld KS KH KD KC", "meld 9H 10H JH", "meld 4C 5C 6C", "discard QS"],
  expected={"to_act": 1, "hands": [open_hand()],
            "state": {"hands": [["QS"], hand(QUIET)], "discard_top": "QS"}})

# =========================================================================================
# The stock
# =========================================================================================


S("stock-rebuilt",
  f"{SRC} · when the stock is used up, the discard pile is turned over (except the upcard: "
  "its top card) as the new stock, not shuffled; decision: at once",
  "Upcard JD; both players draw and discard the drawn card 81 times, until p0 draws the "
  "stock's last card KC. At once the pile below its top (the 80th card drawn) becomes the "
  "stock, its bottom card JD on top: 80 cards. p0 discards KC; p1 draws JD.",
  deal=Deal(hands=[QUIET, QUIET2], upcard="JD", bottom="KC"),
  actions=[burn(81), "draw stock"],
  expected={"to_act": 1, "hands": [open_hand()],
            "state": {"hands": [hand(QUIET), hand(QUIET2 + " JD")], "stock_size": 79,
                      "discard_size": 2, "discard_top": "KC"}})

# 4 × 80 = 321 turns in all: 81 from the dealt stock, then three rebuilt stocks of 80
# (each time the pile holds the kept top card, the one discarded on it, and 79 more).
S("stock-rebuilt-three-times",
  "decision · house limit: after the stock has been rebuilt 3 times, the hand ends "
  "after the current turn and is scored as usual",
  "Both players draw and discard the drawn card for 321 turns: the dealt stock (81) and "
  "three rebuilt stocks (80 each). The stock runs out a fourth time in turn 321 (p0's): "
  "the hand ends with p0's discard. Nobody melded: p0 −55, p1 −55; hand 2 is dealt by p0, "
  "so p1 starts.",
  deal=Deal(hands=[QUIET, QUIET2], upcard="JD", bottom="KC"),
  actions=[burn(321)],
  expected={"hands": [exhausted([-55, -55])], "totals": [-55, -55],
            "to_act": 1})

# The whole deck is worth −920 in hand (per pack: 23 cards of K–8 at −10, Q♠ −50, 20 of
# 7–3 at −5, 4 aces and 4 deuces at −10: −460).
S("stock-cannot-be-rebuilt",
  "decision · when the stock is empty and the discard pile holds only its top card, "
  "no stock can be rebuilt: the hand ends after the current turn",
  "80 turns of draw-and-discard leave 1 card in the stock; p0 takes the pile (81 cards) "
  "with 9S 9D and the top 9H, and discards Q♠. p1 draws the last card KC: the pile is only "
  "Q♠, so no stock can be made; p1 discards KC and the hand is over. p1: −55. p0: 9-9-9 "
  "(30) and in hand every other card: −920 − (p1's −55) − (9S 9D 9H: −30) − (Q♠ −50) − "
  "(KC −10) = −775; 30 − 775 = −745.",
  deal=Deal(hands=["9S 9D QS 3C 4C 5C 6C 7C 3D 4D 5D", QUIET], upcard="JD", bottom="9H KC"),
  actions=[burn(80), "draw pile meld 9S 9H 9D", "discard QS", "draw stock", "discard KC"],
  expected={"hands": [exhausted([-745, -55])], "totals": [-745, -55]})

# =========================================================================================
# The game
# =========================================================================================

GAME_P0 = "10S JS QS KS QS QH QD QC 3C 4C 5C"
"""p0 melds 10-J-Q-K of spades (80), four queens (80), 3-4-5 of clubs (15): 175."""

S("game-to-500",
  f"{SRC} · the first player to win at least 500 points across as many hands as it takes "
  "wins the game; the deal passes clockwise",
  "Three hands. Hand 1 (p1 deals): p0 goes out with 175, p1 −55. Hand 2 (p0 deals, p1 "
  "starts): p1 draws 9C and discards it; p0 goes out with 175. 350 < 500: a third hand. "
  "Hand 3: again 175 → 525: p0 wins, 525 to −165.",
  deals=[Deal(hands=[GAME_P0, QUIET], upcard="9D", top="8H"),
         Deal(hands=[GAME_P0, QUIET], upcard="9D", top="9C 8H"),
         Deal(hands=[GAME_P0, QUIET], upcard="9D", top="8H")],
  hands_actions=[
      ["draw stock", "meld 10S JS QS KS", "meld QS QH QD QC", "meld 3C 4C 5C", "discard 8H"],
      ["draw stock", "discard 9C", "draw stock", "meld 10S JS QS KS", "meld QS QH QD QC",
       "meld 3C 4C 5C", "discard 8H"],
      ["draw stock", "meld 10S JS QS KS", "meld QS QH QD QC", "meld 3C 4C 5C", "discard 8H"],
  ],
  expected={"hands": [out([175, -55]), out([175, -55]), out([175, -55])],
            "totals": [525, -165], "game_over": True, "winner": 0, "to_act": None,
            "legal": []})

LOW_OUT = "3S 3H 3D 3C 4S 4H 4D 4C 5S 5H 5D"
"""Draws 5C: three sets of four low cards, 60, out."""
S("game-tie-another-hand",
  f"{SRC} · (SPEC/game) the game ends after a hand in which a player reaches the target; a "
  "tie for the lead plays one more hand",
  "target=100. Hand 1: p0 goes out with three sets of four low cards, 60; p1 holds six 6s/7s "
  "and five more low cards, −55. Hand 2 (p1 starts): p1 draws 9C and discards it; p0 draws "
  "9D, melds 10-J-Q-K of spades (80) and discards 9D, keeping seven low cards (−35); p1 "
  "draws AS and melds four queens (80), four kings (40), four aces (40): out. Totals "
  "60+45 = 105 and −55+160 = 105: a tie → hand 3, where p0 goes out with 60 again: 165 to 50.",
  options={"target": 100},
  deals=[Deal(hands=[LOW_OUT, "6S 7S 6H 7H 6D 7D 6C 7C 6S 6H 6D"], upcard="9H", top="5C"),
         Deal(hands=["10S JS QS KS 3S 4S 5S 6S 7S 3H 4H", "QS QH QD QC KS KH KD KC AH AD AC"],
              upcard="9H", top="9C 9D AS"),
         Deal(hands=[LOW_OUT, "6S 7S 6H 7H 6D 7D 6C 7C 6S 6H 6D"], upcard="9H", top="5C")],
  hands_actions=[
      ["draw stock", "meld 3S 3H 3D 3C", "meld 4S 4H 4D 4C", "meld 5S 5H 5D 5C"],
      ["draw stock", "discard 9C", "draw stock", "meld 10S JS QS KS", "discard 9D",
       "draw stock", "meld QS QH QD QC", "meld KS KH KD KC", "meld AS AH AD AC"],
      ["draw stock", "meld 3S 3H 3D 3C", "meld 4S 4H 4D 4C", "meld 5S 5H 5D 5C"],
  ],
  expected={"hands": [out([60, -55]), out([45, 160]), out([60, -55])],
            "totals": [165, 50], "game_over": True, "winner": 0})

# =========================================================================================
# Notation
# =========================================================================================

S("notation-lenient",
  "docs/records.md · Move notation: the engine parses any reasonable spelling (case, extra spaces, "
  "any order of the cards in a meld, 10 or T, suit symbols, spaces around '=')",
  "p0 writes 'DRAW  stock', 'meld kh  KD kc', 'meld  th 2C = 8h 9h' and 'discard 3♣': the "
  "melds lie in canonical form.",
  deal=Deal(hands=["KH KD KC 10H 9H 2C 9S 9D 4C 6C QC", QUIET], upcard="2H", top="3C"),
  actions=["DRAW  stock", "meld kh  KD kc", "meld  th 2C = 8h 9h", "discard 3♣"],
  expected={"to_act": 1,
            "state": {"areas": [[["KH", "KD", "KC"], ["2C=8H", "9H", "10H"]], []],
                      "discard_top": "3C"}})

S("notation-unknown-card",
  "docs/records.md · text that is no action is refused with a one-line error",
  "p0 writes 'discard 1X'.",
  deal=Deal(hands=["KH KD KC 10H 9H 2C 9S 9D 4C 6C QC", QUIET], upcard="2H", top="3C"),
  actions=["draw stock", "discard 1X"],
  expected={"ok": False, "hand": 0, "index": 1, "error_contains": "is not a card"})

# =========================================================================================
# Broken records and options
# =========================================================================================


def _good(**changes: object) -> dict[str, object]:
    record: dict[str, object] = {"format": "tablerummy/1", "variant": "fortune",
                                 "rule": "", "options": {"players": 2}, "seed": 1,
                                 "hands": [{"deck": list(FULL), "actions": ["draw stock"]}]}
    record.update(changes)
    return record


B.broken("broken-players-9",
         _good(rule=f"{SRC}: a game for two to eight players", options={"players": 9}),
         {"exit": 2, "error_contains": "option players=9 is not one of"})
B.broken("broken-players-1",
         _good(rule=f"{SRC}: a game for two to eight players", options={"players": 1}),
         {"exit": 2, "error_contains": "option players=1 is not one of"})
B.broken("broken-deck-103",
         _good(rule=f"{SRC}: two standard decks of 52 cards; docs/records.md · a deck must be a "
                    "permutation of the variant's full deck",
               hands=[{"deck": FULL[:-1], "actions": []}]),
         {"exit": 2, "error_contains": "not a permutation"})
B.broken("broken-deck-joker",
         _good(rule=f"{SRC}: two standard decks, no Joker (docs/records.md · the deck must be the "
                    "variant's)",
               hands=[{"deck": [*FULL[:-1], "JK"], "actions": []}]),
         {"exit": 2, "error_contains": "not a permutation"})
B.broken("broken-option-joker",
         _good(rule="decision · the Joker is an option of arlington only",
               options={"players": 2, "joker": True}),
         {"exit": 2, "error_contains": "no option 'joker'"})
B.broken("broken-option-queen-discard",
         _good(rule="decision · option queen_discard takes true or false",
               options={"players": 2, "queen_discard": "sometimes"}),
         {"exit": 2, "error_contains": "queen_discard takes true or false"})

if __name__ == "__main__":
    B.main()
