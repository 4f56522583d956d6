"""Writes the ``arlington`` scenario records and their .expected files (run by hand).

    .venv/bin/python tests/scenarios/arlington/build.py [--check]

Two players and ``first_dealer`` 1 unless said otherwise, so p0 moves first; Parlett's
rules (the default) unless ``rules=scarne``.  Every expected value is worked out here from
``Oklahoma rulebook`` and the project's decisions, the arithmetic in the descriptions.

``tests/test_scenario_builders.py`` runs this builder on a copy of ``tests/scenarios``
and fails when what it writes differs from the committed records: after changing a
scenario, run it and commit the records it writes with it.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from okbuild import Builder, Deal, hand, in_hand, open_hand, out  # noqa: E402

B = Builder("arlington", HERE)
S = B.scenario
SRC = "Oklahoma rulebook · Arlington"
SCARNE = {"rules": "scarne"}
JOKER = {"joker": True}

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
PACK = [r + s for s in "SHDC" for r in RANKS]
FULL = PACK + PACK

QUIET = "3S 4S 5S 6S 7S 3H 4H 5H 6H 7H 3D 4D 5D"
"""Thirteen cards of 7 down to 3: 13 × −5 = −65 in hand."""
QUIET2 = "3C 4C 5C 6C 7C 3D 4D 5D 6D 7D 6S 7S 6H"
"""Another: −65."""

# =========================================================================================
# The deal
# =========================================================================================

S("deal-2p-order",
  f"{SRC}: two packs, deal each player 13 cards; docs/records.md · The deal",
  "The two packs unshuffled, p1 deals: p0 gets the 1st, 3rd … 25th card, p1 the 2nd … "
  "26th; AD is turned up; 77 cards are left in the stock. p0 may take the pile only with "
  "AS, AD and its deuce: 2H stands for the ace of the suit the set lacks, AH.",
  deal=Deal(literal=FULL), actions=[],
  expected={
      "ok": True, "variant": "arlington", "sides": [[0], [1]], "hands": [open_hand()],
      "totals": [0, 0], "game_over": False, "winner": None, "to_act": 0,
      "legal": ["draw stock", "draw pile meld AS AD 2H=AH"],
      "state": {"hands": [hand("AS 3S 5S 7S 9S JS KS 2H 4H 6H 8H 10H QH"),
                          hand("2S 4S 6S 8S 10S QS AH 3H 5H 7H 9H JH KH")],
                "areas": [[], []], "stock_size": 77, "discard_size": 1, "discard_top": "AD"},
  })

S("deal-7p",
  f"{SRC}: 13 cards each; with 7 players 91 cards are dealt and 12 are left for the stock "
  "(8 players cannot be dealt 13 cards each with an upcard: see broken-players-8)",
  "The two packs unshuffled, p6 deals to 7 players: card i goes to seat i mod 7; the 92nd "
  "card (AC) is turned up; p0 starts.",
  options={"players": 7}, first_dealer=6, deal=Deal(literal=FULL), actions=[],
  expected={"hands": [open_hand()], "to_act": 0,
            "state": {"hands": [sorted(FULL[i] for i in range(91) if i % 7 == seat)
                                for seat in range(7)],
                      "stock_size": 12, "discard_size": 1, "discard_top": "AC"}})

# =========================================================================================
# Parlett's values (the default)
# =========================================================================================

S("values-aces-parlett",
  f"{SRC} · card values: an ace scores 20 high or low; a 2 in its own place 5 (decision); "
  "in hand: ace −10, 2 −20, Q♠ −100 (Parlett), K–8 −10, 7–3 −5; going out scores 100",
  "p0 draws 9S and melds Q-K-A of hearts (10+10+20), A-2-3 of spades (20+5+5), three aces "
  "(60), 4-5-6-7 of diamonds (20): 150; discards 9S and is out: +100 = 250. p1 holds AS AD "
  "(−20), 2H 2D 2C (−60), Q♠ (−100), 3H–7H (−25), 8C 9C (−20): −225.",
  deal=Deal(hands=["QH KH AH AS 2S 3S AD AC AH 4D 5D 6D 7D",
                   "AS AD 2H 2D 2C QS 3H 4H 5H 6H 7H 8C 9C"], upcard="10C", top="9S"),
  actions=["draw stock", "meld QH KH AH", "meld AS 2S 3S", "meld AH AD AC",
           "meld 4D 5D 6D 7D", "discard 9S"],
  expected={"hands": [out([250, -225])], "totals": [250, -225]})

S("values-wild-deuces-parlett",
  f"{SRC} · card values: a 2 scores 10 standing for K–8, 5 for 7–3; standing for Q♠ (in "
  "an otherwise natural meld) 10, as for a queen (decision, Parlett); for an ace 20",
  "p0 draws 2S: K K 2C=KD (30), 5-6 2D=7H (15), Q Q Q 2H=QS (30+10), J-Q-K 2S=AC "
  "(10+10+10+20): 135, out by melding: +100 = 235. p1 −65.",
  deal=Deal(hands=["KS KH 2C 5H 6H 2D QH QD QC 2H JC QC KC", QUIET], upcard="9C", top="2S"),
  actions=["draw stock", "meld KS KH 2C=KD", "meld 5H 6H 2D=7H", "meld QH QD QC 2H=QS",
           "meld JC QC KC 2S=AC"],
  expected={"hands": [out([235, -65])], "totals": [235, -65]})

S("values-queen-of-spades-parlett",
  f"{SRC} · card values: Queen of Spades 50 melded; K–8 10, 7–3 5",
  "p0 draws 10H: 10-J-Q-K of spades (80), four queens with the other Q♠ (80), 3-4-5 of "
  "clubs (15), 8-9-10 of hearts (30): 205, out: +100 = 305. p1 −65.",
  deal=Deal(hands=["10S JS QS KS QS QH QD QC 3C 4C 5C 8H 9H", QUIET], upcard="9C", top="10H"),
  actions=["draw stock", "meld 10S JS QS KS", "meld QS QH QD QC", "meld 3C 4C 5C",
           "meld 8H 9H 10H"],
  expected={"hands": [out([305, -65], [
      [["10♠ J♠ Q♠ K♠", 80], ["Q♠ Q♥ Q♦ Q♣", 80], ["3♣ 4♣ 5♣", 15], ["8♥ 9♥ 10♥", 30],
       ["going out", 100]],
      in_hand("3♠ 4♠ 5♠ 6♠ 7♠ 3♥ 4♥ 5♥ 6♥ 7♥ 3♦ 4♦ 5♦", -5),
  ])], "totals": [305, -65]})

S("deuce-set-parlett-illegal",
  "decision · deuce-only meld: Scarne only (Parlett: not allowed)",
  "p0 tries to meld 2S 2H 2D.",
  deal=Deal(hands=["2S 2H 2D 9C 9S 8D 4S 5S 10D JC KC QC 8C", QUIET], upcard="8H", top="3C"),
  actions=["draw stock", "meld 2S 2H 2D"],
  expected={"ok": False, "hand": 0, "index": 1,
            "error_contains": "deuces cannot be melded together"})

S("wild-queen-not-otherwise-natural",
  f"{SRC} · deuces can not represent the Queen of Spades unless they replace that card in "
  "a meld that is otherwise fully natural (eg: King of Spades, Deuce, Jack of Spades)",
  "p0 tries J-Q-K of spades as 2D=JS 2C=QS KS.",
  deal=Deal(hands=["KS 2C 2D 9C 9S 8D 4S 5S 10D JC QC 8C 6H", QUIET], upcard="8H", top="3C"),
  actions=["draw stock", "meld 2D=JS 2C=QS KS"],
  expected={"ok": False, "hand": 0, "index": 1,
            "error_contains": "only in an otherwise natural meld"})

S("wild-queen-layoff-keeps-natural",
  f"{SRC} · a deuce stands for the Queen of Spades only in an otherwise natural meld — a "
  "meld holding one can take natural cards only",
  "p0 writes 'meld KS 2C JS' — the 2C can only be Q♠: J-Q-K of spades, the rulebook's "
  "example — then tries to lay off 2D=10S on it.",
  deal=Deal(hands=["KS 2C 2D JS 10S 9C 8D 4S 5S 10D JC QC 6H", QUIET], upcard="8H", top="3C"),
  actions=["draw stock", "meld KS 2C JS", "layoff 2D=10S m1"],
  expected={"ok": False, "hand": 0, "index": 2,
            "error_contains": "only in an otherwise natural meld"})

S("wild-two-not-for-a-two",
  f"{SRC} · deuces are still wild (as in Fortune Rummy, they only substitute for cards of "
  "other values: decision, a wild 2 never stands for a 2)",
  "p0 tries A-2-3 of hearts with 2C standing for the 2H.",
  deal=Deal(hands=["AH 2C 3H 9C 9S 8D 4S 5S 10D JC KC QC 8C", QUIET], upcard="8H", top="3C"),
  actions=["draw stock", "meld AH 2C=2H 3H"],
  expected={"ok": False, "hand": 0, "index": 1,
            "error_contains": "a wild 2 stands only for a card of another rank"})

S("natural-two-in-own-place",
  f"{SRC} · aces 20 whether played high or low; decision: a natural 2 stands as itself "
  "in its own suit's A-2-3 or 2-3-4 and scores as a 2 (5, decision)",
  "p0 draws 7D: A-2-3 of hearts (20+5+5), 2-3-4 of spades (5+5+5), 9S 9D 9C (30), 5-6-7-8 "
  "of diamonds (5+5+5+10): 100; it discards KD, out: +100 = 200. p1 −65.",
  deal=Deal(hands=["AH 2H 3H 2S 3S 4S 9S 9D 9C 5D 6D 8D KD", QUIET2], upcard="8H",
            top="7D"),
  actions=["draw stock", "meld AH 2H 3H", "meld 2S 3S 4S", "meld 9S 9D 9C",
           "meld 5D 6D 7D 8D", "discard KD"],
  expected={"hands": [out([200, -65])], "totals": [200, -65]})

S("joker-for-a-two",
  f"{SRC} · Rules Variations: the Joker is a special wild card — not a deuce, so it may "
  "stand for a 2 (decision: only a wild 2 never does); it counts 100",
  "joker=true: p0 draws 3C and melds AH JK=2H 3H (20+100+5 = 125), then discards 3C.",
  options=JOKER,
  deal=Deal(hands=["AH JK 3H 9C 9S 8D 4S 5S 10D JC KC QC 8C", QUIET], upcard="8H", top="3C"),
  actions=["draw stock", "meld AH JK=2H 3H", "discard 3C"],
  expected={"to_act": 1, "hands": [open_hand()],
            "state": {"areas": [[["AH", "JK=2H", "3H"]], []]}})

S("joker-written-twice",
  "docs/records.md · bad input is refused in one line: the Joker option adds one Joker, and a "
  "Joker is written with the card it stands for",
  "joker=true: p0 writes 'meld jk jk 5h' — two Jokers, neither saying what it stands for.",
  options=JOKER,
  deal=Deal(hands=["AH JK 3H 9C 9S 8D 4S 5S 10D JC KC QC 8C", QUIET], upcard="8H", top="5H"),
  actions=["draw stock", "meld jk jk 5h"],
  expected={"ok": False, "hand": 0, "index": 1,
            "error_contains": "say which card the Joker stands for"})

S("draw-pile",
  f"{SRC} · rules for the discard deck and taking it up are the same as in Fortune Rummy: "
  "meld the top discard at once with at least two cards from the hand, then take up the "
  "rest of the pile, whose cards may be played in the same turn (decision)",
  "Upcard 4H. p0 draws JD and discards it; p1 draws 9H and discards it. p0 takes the pile: "
  "melds 9S 9H 9D with the top 9H, 4H and JD come into its hand; it melds JD JC 2C=JS "
  "(the deuce takes the suit the set lacks) and discards KS.",
  deal=Deal(hands=["9S 9D KS 4C 6C 8C 10C QC 3D 5D 7D JC 2C", QUIET], upcard="4H",
            top="JD 9H"),
  actions=["draw stock", "discard JD", "draw stock", "discard 9H",
           "draw pile meld 9S 9H 9D", "meld JD JC 2C=JS", "discard KS"],
  expected={"to_act": 1, "hands": [open_hand()],
            "state": {"hands": [hand("4C 6C 8C 10C QC 3D 5D 7D 4H"), hand(QUIET)],
                      "areas": [[["9S", "9H", "9D"], ["JD", "JC", "2C=JS"]], []],
                      "discard_size": 1, "discard_top": "KS", "stock_size": 77 - 2}})

S("queen-discard-parlett-illegal",
  f"{SRC} · the Queen of Spades can not be discarded, unless you have no other card in "
  "your hand (Parlett)",
  "p0 tries to discard Q♠ while holding twelve other cards.",
  deal=Deal(hands=["QS 9D KS 4C 6C 8C 10C QC 3D 5D 7D 9H 8H", QUIET2], upcard="2H", top="JD"),
  actions=["draw stock", "discard QS"],
  expected={"ok": False, "hand": 0, "index": 1,
            "error_contains": "Q♠ may not be discarded while you hold another card"})

S("queen-discard-parlett-last-card",
  f"{SRC} · the Queen of Spades may be discarded as the last card: going out, 100",
  "p0 draws 8C: melds four kings (40), 9-10-J of hearts (30), 4-5-6 of clubs (15), three "
  "8s (30); discards its last card, Q♠: 115 + 100 = 215. p1 −65.",
  deal=Deal(hands=["QS KS KH KD KC 9H 10H JH 4C 5C 6C 8S 8D", QUIET], upcard="2H", top="8C"),
  actions=["draw stock", "meld KS KH KD KC", "meld 9H 10H JH", "meld 4C 5C 6C",
           "meld 8S 8D 8C", "discard QS"],
  expected={"hands": [out([215, -65])], "totals": [215, -65]})

# =========================================================================================
# Scarne's rules
# =========================================================================================

S("values-scarne",
  f"{SRC} · Scarne: a meld of deuces only scores 25 a deuce; a 2 standing for the Queen of "
  "Spades 50; Q♠ in hand −50; 2 in hand −20",
  "rules=scarne: p0 draws 9C: four deuces (4 × 25), Q Q 2S=QS (10+10+50), J-Q-K-A of hearts "
  "(10+10+10+20), 7-8-9 of clubs (5+10+10): 245, out: +100 = 345. p1 holds two Q♠ (−100), "
  "2D 2C (−40), nine low cards (−45): −185.",
  options=SCARNE,
  deal=Deal(hands=["2S 2H 2D 2C QH QD 2S JH QH KH AH 7C 8C",
                   "QS QS 2D 2C 3H 4H 5H 6H 7H 3D 4D 5D 6D"], upcard="10C", top="9C"),
  actions=["draw stock", "meld 2S 2H 2D 2C", "meld QH QD 2S=QS", "meld JH QH KH AH",
           "meld 7C 8C 9C"],
  expected={"hands": [out([345, -185], [
      [["2♠ 2♥ 2♦ 2♣", 100], ["Q♥, Q♦, 2♠ as Q♠", 70], ["J♥ Q♥ K♥ A♥", 50],
       ["7♣ 8♣ 9♣", 25], ["going out", 100]],
      in_hand("Q♠ Q♠", -50) + in_hand("3♥ 4♥ 5♥ 6♥ 7♥", -5) + in_hand("2♦", -20)
      + in_hand("3♦ 4♦ 5♦ 6♦", -5) + in_hand("2♣", -20),
  ])], "totals": [345, -185]})

S("scarne-deuce-set-layoff",
  f"{SRC} · Scarne: you may meld a set of deuces only (3 or 4 of them)",
  "rules=scarne: p0 melds 2S 2H 2D, lays off 2C on it and discards; the set lies as four "
  "deuces.",
  options=SCARNE,
  deal=Deal(hands=["2S 2H 2D 2C 9S 8D 4S 5S 10D JC KC QC 8C", QUIET], upcard="8H", top="3C"),
  actions=["draw stock", "meld 2D 2S 2H", "layoff 2C m1", "discard 3C"],
  expected={"to_act": 1, "state": {"areas": [[["2S", "2H", "2D", "2C"]], []]}})

S("scarne-queen-discard",
  f"{SRC} · Scarne: you can discard the Queen of Spades",
  "rules=scarne: p0 draws and discards Q♠; p1 is to act.",
  options=SCARNE,
  deal=Deal(hands=["QS 9D KS 4C 6C 8C 10C QC 3D 5D 7D 9H 8H", QUIET2], upcard="2H", top="JD"),
  actions=["draw stock", "discard QS"],
  expected={"to_act": 1, "state": {"discard_top": "QS", "discard_size": 2}})

S("scarne-wild-queen-not-otherwise-natural",
  f"{SRC} · the rule that a deuce stands for Q♠ only in an otherwise natural meld is not "
  "among Scarne's differences: it holds for both rule sets (decision)",
  "rules=scarne: p0 tries J-Q-K of spades as 2D=JS 2C=QS KS.",
  options=SCARNE,
  deal=Deal(hands=["KS 2C 2D 9C 9S 8D 4S 5S 10D JC QC 8C 6H", QUIET], upcard="8H", top="3C"),
  actions=["draw stock", "meld 2D=JS 2C=QS KS"],
  expected={"ok": False, "hand": 0, "index": 1,
            "error_contains": "only in an otherwise natural meld"})

# =========================================================================================
# The Joker option
# =========================================================================================

S("joker-deck",
  f"{SRC} · Rules Variations: some add one Joker as a special wild card (option "
  "joker=true): 105 cards",
  "joker=true, the two packs unshuffled and the Joker last, p1 deals: the deal is as "
  "without the Joker, the Joker lies at the bottom of the stock: 78 cards.",
  options=JOKER, deal=Deal(literal=[*FULL, "JK"]), actions=[],
  expected={"hands": [open_hand()], "to_act": 0,
            "state": {"stock_size": 78, "discard_top": "AD"}})

S("joker-values",
  f"{SRC} · Rules Variations: the Joker counts 100 points when melded (whatever it stands "
  "for)",
  "joker=true: p0 draws 3C: 7 7 7 JK=7S (5+5+5+100), Q♠ Q Q (50+10+10), 9-10-J of spades "
  "(30), three kings (30): 245; discards 3C, out: +100 = 345. p1 −65.",
  options=JOKER,
  deal=Deal(hands=["7H 7D 7C JK QS QH QD 9S 10S JS KH KD KC", QUIET], upcard="9C", top="3C"),
  actions=["draw stock", "meld 7H 7D 7C JK=7S", "meld QS QH QD", "meld 9S 10S JS",
           "meld KH KD KC", "discard 3C"],
  expected={"hands": [out([345, -65])], "totals": [345, -65]})

S("joker-caught-in-hand",
  f"{SRC} · Rules Variations: the Joker counts −200 if caught in hand at deal's end",
  "joker=true: p0 goes out as in values-queen-of-spades-parlett (305); p1 holds the Joker "
  "and twelve low cards: −200 − 60 = −260.",
  options=JOKER,
  deal=Deal(hands=["10S JS QS KS QS QH QD QC 3C 4C 5C 8H 9H",
                   "JK 3S 4S 5S 6S 7S 3H 4H 5H 6H 7H 3D 4D"], upcard="9C", top="10H"),
  actions=["draw stock", "meld 10S JS QS KS", "meld QS QH QD QC", "meld 3C 4C 5C",
           "meld 8H 9H 10H"],
  expected={"hands": [out([305, -260], [
      [["10♠ J♠ Q♠ K♠", 80], ["Q♠ Q♥ Q♦ Q♣", 80], ["3♣ 4♣ 5♣", 15], ["8♥ 9♥ 10♥", 30],
       ["going out", 100]],
      in_hand("3♠ 4♠ 5♠ 6♠ 7♠ 3♥ 4♥ 5♥ 6♥ 7♥ 3♦ 4♦", -5) + in_hand("Joker", -200),
  ])], "totals": [305, -260]})

JOKER_P0 = "7H 7D JK 7S 9H 9D 4C 6C 8C 10C QC 3D 5D"
S("joker-swap-by-melder",
  f"{SRC} · Rules Variations: whoever melds the Joker may later take it back in hand by "
  "replacing it with the natural card it represents, and use it again later",
  "joker=true: p0 melds 7H 7D JK=7S and discards; p1 draws and discards; p0 puts its 7S in "
  "the Joker's place ('swap 7S m1'), melds the Joker again as 9H 9D JK=9S the same turn, "
  "and discards.",
  options=JOKER,
  deal=Deal(hands=[JOKER_P0, QUIET], upcard="2H", top="JD 8D KS"),
  actions=["draw stock", "meld 7H 7D JK=7S", "discard JD", "draw stock", "discard 8D",
           "draw stock", "swap 7S m1", "meld 9H 9D JK=9S", "discard KS"],
  expected={"to_act": 1, "hands": [open_hand()],
            "state": {"areas": [[["7S", "7H", "7D"], ["9H", "9D", "JK=9S"]], []],
                      "hands": [hand("4C 6C 8C 10C QC 3D 5D"), hand(QUIET)]}})

S("joker-swap-melder-only",
  f"{SRC} · Rules Variations: some play that only the person who first melded the Joker "
  "may take it back (joker_swap=melder, the default)",
  "joker=true: p0 melds 7H 7D JK=7S; p1, holding 7S, tries 'swap 7S p0 m1'.",
  options=JOKER,
  deal=Deal(hands=["7H 7D JK 9S 9H 9D 4C 6C 8C 10C QC 3D 5D",
                   "7S 3S 4S 5S 6S 3H 4H 5H 6H 7H 3C 4D 5C"], upcard="2H", top="JD 8D"),
  actions=["draw stock", "meld 7H 7D JK=7S", "discard JD", "draw stock", "swap 7S p0 m1"],
  expected={"ok": False, "hand": 0, "index": 4,
            "error_contains": "only the player who melded the Joker may take it back"})

S("joker-swap-anyone",
  f"{SRC} · Rules Variations: others play that anyone may take the Joker in hand by "
  "replacing it with its natural card in the meld (joker_swap=anyone)",
  "joker=true, joker_swap=anyone: p0 melds 7H 7D JK=7S; p1 puts its 7S in the Joker's "
  "place in p0's meld and takes the Joker, then discards 8D.",
  options={"joker": True, "joker_swap": "anyone"},
  deal=Deal(hands=["7H 7D JK 9S 9H 9D 4C 6C 8C 10C QC 3D 5D",
                   "7S 3S 4S 5S 6S 3H 4H 5H 6H 7H 3C 4D 5C"], upcard="2H", top="JD 8D"),
  actions=["draw stock", "meld 7H 7D JK=7S", "discard JD", "draw stock", "swap 7S p0 m1",
           "discard 8D"],
  expected={"to_act": 0, "hands": [open_hand()],
            "state": {"areas": [[["7S", "7H", "7D"]], []],
                      "hands": [hand("9S 9H 9D 4C 6C 8C 10C QC 3D 5D"),
                                hand("JK 3S 4S 5S 6S 3H 4H 5H 6H 7H 3C 4D 5C")]}})

S("joker-swap-needs-its-card",
  f"{SRC} · Rules Variations: the Joker is taken back by replacing it with the natural card "
  "it represents — no other",
  "joker=true: p0 melds 7H 7D JK=7S and later tries to put a 7C in the Joker's place.",
  options=JOKER,
  deal=Deal(hands=["7H 7D JK 7C 9H 9D 4C 6C 8C 10C QC 3D 5D", QUIET], upcard="2H",
            top="JD 8D KS"),
  actions=["draw stock", "meld 7H 7D JK=7S", "discard JD", "draw stock", "discard 8D",
           "draw stock", "swap 7C m1"],
  expected={"ok": False, "hand": 0, "index": 6,
            "error_contains": "holds no Joker standing for 7C"})

S("joker-queen-of-spades",
  f"{SRC} · the Joker is a wild card: like a deuce it stands for Q♠ only in an otherwise "
  "natural meld (decision), and then counts 100",
  "joker=true: p0 tries J-Q-K of spades as JS JK=QS 2C=KS.",
  options=JOKER,
  deal=Deal(hands=["JS JK 2C 9S 9H 9D 4C 6C 8C 10C QC 3D 5D", QUIET], upcard="2H", top="JD"),
  actions=["draw stock", "meld JS JK=QS 2C=KS"],
  expected={"ok": False, "hand": 0, "index": 1,
            "error_contains": "only in an otherwise natural meld"})

S("swap-without-joker-option",
  "decision · a melded Joker can be taken back only with Arlington's Joker option",
  "Without the Joker there is nothing to swap: 'swap 7S m1' is refused.",
  deal=Deal(hands=["7H 7D 7S 9S 9H 9D 4C 6C 8C 10C QC 3D 5D", QUIET], upcard="2H", top="JD"),
  actions=["draw stock", "meld 7S 7H 7D", "swap 7S m1"],
  expected={"ok": False, "hand": 0, "index": 2, "error_contains": "Joker option"})

# =========================================================================================
# The game
# =========================================================================================

GAME_P0 = "10S JS QS KS QS QH QD QC 3C 4C 5C 8H 9H"
S("game-to-1000",
  f"{SRC}: play to 1,000 points across hands",
  "Four hands; p0 goes out in each with 305 (see values-queen-of-spades-parlett), p1 −65; "
  "in hands 2 and 4 p1 starts by drawing and discarding 9C. 915 after three hands is not "
  "enough; 1220 after four wins.",
  deals=[Deal(hands=[GAME_P0, QUIET], upcard="9D", top="10H"),
         Deal(hands=[GAME_P0, QUIET], upcard="9D", top="9C 10H"),
         Deal(hands=[GAME_P0, QUIET], upcard="9D", top="10H"),
         Deal(hands=[GAME_P0, QUIET], upcard="9D", top="9C 10H")],
  hands_actions=[
      ["draw stock", "meld 10S JS QS KS", "meld QS QH QD QC", "meld 3C 4C 5C",
       "meld 8H 9H 10H"],
      ["draw stock", "discard 9C", "draw stock", "meld 10S JS QS KS", "meld QS QH QD QC",
       "meld 3C 4C 5C", "meld 8H 9H 10H"],
      ["draw stock", "meld 10S JS QS KS", "meld QS QH QD QC", "meld 3C 4C 5C",
       "meld 8H 9H 10H"],
      ["draw stock", "discard 9C", "draw stock", "meld 10S JS QS KS", "meld QS QH QD QC",
       "meld 3C 4C 5C", "meld 8H 9H 10H"],
  ],
  expected={"hands": [out([305, -65])] * 4, "totals": [1220, -260], "game_over": True,
            "winner": 0, "to_act": None, "legal": []})

# =========================================================================================
# Broken records and options
# =========================================================================================


def _good(**changes: object) -> dict[str, object]:
    record: dict[str, object] = {"format": "tablerummy/1", "variant": "arlington",
                                 "rule": "", "options": {"players": 2}, "seed": 1,
                                 "hands": [{"deck": list(FULL), "actions": ["draw stock"]}]}
    record.update(changes)
    return record


B.broken("broken-players-8",
         _good(rule="decision (docs/rules-oklahoma.md) · 8 × 13 = 104 cards leave no upcard "
                    "and no stock: arlington seats 2 to 7",
               options={"players": 8}),
         {"exit": 2, "error_contains": "option players=8 is not one of"})
B.broken("broken-rules-hoyle",
         _good(rule="decision · rules=parlett (default) or rules=scarne",
               options={"players": 2, "rules": "hoyle"}),
         {"exit": 2, "error_contains": "option rules=hoyle is not one of: parlett, scarne"})
B.broken("broken-joker-swap",
         _good(rule="decision · joker_swap=melder|anyone",
               options={"players": 2, "joker": True, "joker_swap": "nobody"}),
         {"exit": 2, "error_contains": "option joker_swap=nobody is not one of"})
B.broken("broken-joker-deck-104",
         _good(rule=f"{SRC} · Rules Variations: with joker=true the deck holds one Joker "
                    "(105 cards)",
               options={"players": 2, "joker": True}),
         {"exit": 2, "error_contains": "not a permutation"})

if __name__ == "__main__":
    B.main()
