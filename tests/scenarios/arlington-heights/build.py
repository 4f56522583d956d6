"""Writes the ``arlington-heights`` scenario records and .expected files (run by hand).

    .venv/bin/python tests/scenarios/arlington-heights/build.py [--check]

Two players and ``first_dealer`` 1 unless said otherwise, so p0 moves first.  Every
expected value is worked out here from ``Oklahoma rulebook`` and the project's decisions.

``tests/test_scenario_builders.py`` runs this builder on a copy of ``tests/scenarios``
and fails when what it writes differs from the committed records: after changing a
scenario, run it and commit the records it writes with it.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from okbuild import Builder, Deal, Step, burn, hand, in_hand, open_hand, out  # noqa: E402

B = Builder("arlington-heights", HERE)
S = B.scenario
SRC = "Oklahoma rulebook · Arlington Heights"

RANKS = ["A", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]  # no 2s
PACK = [r + s for s in "SHDC" for r in RANKS]
FULL = PACK + PACK + ["JK"] * 4

QUIET = "3S 4S 5S 6S 7S 8S 9S 3H 4H 5H 6H"
"""Eleven cards of 9 down to 3: 11 × −5 = −55 in hand."""

S("deal-2p-order",
  f"{SRC}: two packs without their 2s plus four Jokers (100 cards); 11 cards each",
  "The deck unshuffled (♠ ♥ ♦ ♣ without 2s, twice, then the four Jokers), p1 deals: p0 "
  "gets the 1st, 3rd … 21st card, p1 the 2nd … 22nd; QH is turned up; 77 cards are left.",
  deal=Deal(literal=FULL), actions=[],
  expected={
      "ok": True, "variant": "arlington-heights", "sides": [[0], [1]],
      "hands": [open_hand()], "totals": [0, 0], "game_over": False, "winner": None,
      "to_act": 0, "legal": ["draw stock"],
      "state": {"hands": [hand("AS 4S 6S 8S 10S QS AH 4H 6H 8H 10H"),
                          hand("3S 5S 7S 9S JS KS 3H 5H 7H 9H JH")],
                "areas": [[], []], "stock_size": 77, "discard_size": 1, "discard_top": "QH"},
  })

S("deal-8p",
  f"{SRC}: as in Fortune Rummy, 2 to 8 players; with 8, 11 cards are left for the stock",
  "The deck unshuffled, p7 deals to 8 players: card i goes to seat i mod 8; the 89th card "
  "(6C) is turned up; p0 starts.",
  options={"players": 8}, first_dealer=7, deal=Deal(literal=FULL), actions=[],
  expected={"hands": [open_hand()], "to_act": 0,
            "state": {"hands": [sorted(FULL[i] for i in range(88) if i % 8 == seat)
                                for seat in range(8)],
                      "stock_size": 11, "discard_size": 1, "discard_top": "6C"}})

S("values-high-and-aces",
  f"{SRC} · card values: K down to 10 score 10, 9 down to 3 5, an ace 20 (high, or in a "
  "set); in hand K–10 −10, 9–3 −5, ace −20, Joker −20, Q♠ −50; the rummy bonus is 50",
  "p0 draws 3C: 10-J-Q-K of hearts (40), four 9s (20), three aces (60): 120; discards 3C, "
  "out: +50 = 170. p1 holds AS AC (−40), Q♠ (−50), a Joker (−20), 9C 3D 4H 5H 6H (−25), "
  "10S KD (−20): −155.",
  deal=Deal(hands=["10H JH QH KH 9S 9H 9D 9C AS AH AD",
                   "AS AC QS JK 9C 3D 10S KD 4H 5H 6H"], upcard="8C", top="3C"),
  actions=["draw stock", "meld 10H JH QH KH", "meld 9S 9H 9D 9C", "meld AS AH AD",
           "discard 3C"],
  expected={"hands": [out([170, -155])], "totals": [170, -155]})

S("values-jokers",
  f"{SRC} · card values: a Joker scores the points of the card it represents (any of the "
  "above): an ace high 20, the Queen of Spades 50 (in an otherwise natural meld), 10, 5",
  "p0 draws the fourth Joker: Q-K JK=AH (10+10+20), JK=3S 4-5 (5+5+5), J JK=QS K of spades "
  "(10+50+10), 9-10 JK=JC (5+10+10): 150, out by melding: +50 = 200. p1 −55.",
  deal=Deal(hands=["QH KH 4S 5S JS KS 9C 10C JK JK JK", QUIET], upcard="8C", top="JK"),
  actions=["draw stock", "meld QH KH JK=AH", "meld JK=3S 4S 5S", "meld JS JK=QS KS",
           "meld 9C 10C JK=JC"],
  expected={"hands": [out([200, -55], [
      [["Q♥, K♥, Joker as A♥", 40], ["Joker as 3♠, 4♠, 5♠", 15], ["J♠, Joker as Q♠, K♠", 70],
       ["9♣, 10♣, Joker as J♣", 25], ["going out", 50]],
      in_hand("3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 3♥ 4♥ 5♥ 6♥", -5),
  ])], "totals": [200, -55]})

S("values-queen-and-low",
  f"{SRC} · card values: Queen of Spades 50 melded, 9 down to 3 5, K down to 10 10; "
  "K–10 −10 in hand",
  "p0 draws 8H: Q♠ Q Q (50+10+10), 3-4-5-6 of clubs (20), 7-8-9-10 of diamonds (5+5+5+10): "
  "115; discards 8H, out: +50 = 165. p1 holds eleven cards of K down to 10: −110.",
  deal=Deal(hands=["QS QH QD 3C 4C 5C 6C 7D 8D 9D 10D",
                   "KS KH KD KC JS JH JD JC 10S 10H 10C"], upcard="8C", top="8H"),
  actions=["draw stock", "meld QS QH QD", "meld 3C 4C 5C 6C", "meld 7D 8D 9D 10D",
           "discard 8H"],
  expected={"hands": [out([165, -110], [
      [["Q♠ Q♥ Q♦", 70], ["3♣ 4♣ 5♣ 6♣", 20], ["7♦ 8♦ 9♦ 10♦", 25], ["going out", 50]],
      in_hand("10♠ J♠ K♠ 10♥ J♥ K♥ J♦ K♦ 10♣ J♣ K♣", -10),
  ])], "totals": [165, -110]})

S("no-low-aces",
  "decision · in Heights a Joker cannot stand for a 2 (there are none), so low-ace "
  "sequences do not exist there",
  "p0 tries to meld A-2-3 of hearts with a Joker as the 2.",
  deal=Deal(hands=["AH JK 3H 9S 9H 9D 5C 6C 7D 8D 10D", QUIET], upcard="8C", top="3C"),
  actions=["draw stock", "meld AH JK=2H 3H"],
  expected={"ok": False, "hand": 0, "index": 1, "error_contains": "cannot stand for a 2"})

S("no-all-joker-meld",
  f"{SRC} · you may not form an all-Jokers meld; Jokers only represent other cards",
  "p0 tries to meld three Jokers as 5-6-7 of hearts.",
  deal=Deal(hands=["JK JK JK 9S 9H 9D 5C 6C 7D 8D 10D", QUIET], upcard="8C", top="3C"),
  actions=["draw stock", "meld JK=5H JK=6H JK=7H"],
  expected={"ok": False, "hand": 0, "index": 1,
            "error_contains": "needs at least one natural card"})

S("joker-queen-not-otherwise-natural",
  f"{SRC} · Jokers may only represent the Queen of Spades when played to an otherwise "
  "all-natural meld (eg: King of Spades, Joker, Jack of Spades)",
  "p0 tries J-Q-K of spades as JS JK=QS JK=KS.",
  deal=Deal(hands=["JS JK JK 9S 9H 9D 5C 6C 7D 8D 10D", QUIET], upcard="8C", top="3C"),
  actions=["draw stock", "meld JS JK=QS JK=KS"],
  expected={"ok": False, "hand": 0, "index": 1,
            "error_contains": "only in an otherwise natural meld"})

S("queen-discard-illegal",
  f"{SRC} · you can not discard the Queen of Spades: meld it or be stuck with it",
  "p0 tries to discard Q♠ while holding ten other cards.",
  deal=Deal(hands=["QS 9S 9H 9D 5C 6C 7D 8D 10D JC KC", QUIET], upcard="8C", top="3C"),
  actions=["draw stock", "discard QS"],
  expected={"ok": False, "hand": 0, "index": 1,
            "error_contains": "the Q♠ is never discarded"})

QUEEN_P0 = "QS KS KH KD KC 9H 10H JH 4C 5C 6C"
S("queen-never-last-card",
  "decision · Heights Q♠: no meld may leave a hand holding only Q♠s (the turn must "
  "still end with a legal discard, or the hand must be empty), so no one goes out on a Q♠",
  "p0 draws QH, melds four kings and 9-10-J-Q of hearts; melding 4-5-6 of clubs would leave "
  "it holding Q♠ alone, which it may not discard: refused.",
  deal=Deal(hands=[QUEEN_P0, QUIET], upcard="8C", top="QH"),
  actions=["draw stock", "meld KS KH KD KC", "meld 9H 10H JH QH", "meld 4C 5C 6C"],
  expected={"ok": False, "hand": 0, "index": 3,
            "error_contains": "that would leave you only Q♠, which is never discarded"})

S("queen-layoff-leaves-only-queen-illegal",
  "decision · Heights Q♠: no layoff may leave a hand holding only Q♠s",
  "p0 draws 7C, melds KS KH KD, 9-10-J of hearts and 4-5-6 of clubs, and lays 7C off on the "
  "clubs (it keeps Q♠ and KC: legal). Laying KC off on the kings would leave Q♠ alone: "
  "refused.",
  deal=Deal(hands=[QUEEN_P0, QUIET], upcard="8C", top="7C"),
  actions=["draw stock", "meld KS KH KD", "meld 9H 10H JH", "meld 4C 5C 6C",
           "layoff 7C m3", "layoff KC m1"],
  expected={"ok": False, "hand": 0, "index": 5,
            "error_contains": "that would leave you only Q♠"})

LONE_P0 = "QS KS KH KD 9H 10H JH 4C 5C 6C 7C"
LONE_TURN: list[Step] = ["draw stock", "meld KS KH KD", "meld 9H 10H JH", "meld 4C 5C 6C 7C",
                         "discard 3D", "draw stock", "discard 8C", "draw stock"]
S("queen-lone-keeps-it",
  "decision · Heights Q♠: it is never discarded, and no layoff may leave a hand of Q♠s "
  "only",
  "p0 draws 3D, melds KS KH KD, 9-10-J of hearts and 4-5-6-7 of clubs, and discards 3D: it "
  "holds Q♠ alone. p1 draws and discards 8C. p0 draws 8H: laying 8H off on its hearts would "
  "leave Q♠ alone, and Q♠ is not discarded while 8H is held: its one move is 'discard 8H'.",
  deal=Deal(hands=[LONE_P0, QUIET], upcard="8S", top="3D 8C 8H"),
  actions=LONE_TURN,
  expected={"to_act": 0, "legal": ["discard 8H"],
            "state": {"hands": [hand("QS 8H"), hand(QUIET)],
                      "areas": [[["KS", "KH", "KD"], ["9H", "10H", "JH"],
                                 ["4C", "5C", "6C", "7C"]], []]}})

S("queen-forced-discard",
  "decision · Heights Q♠: the one forced exception — when a draw leaves a hand of Q♠s "
  "only (a lone Q♠ draws the other), one Q♠ is discarded; it is never the last card",
  "As queen-lone-keeps-it, but p0's lone Q♠ draws the other Q♠: its one move is 'discard QS'. "
  "It discards one and keeps the other; p1 is to play.",
  deal=Deal(hands=[LONE_P0, QUIET], upcard="8S", top="3D 8C QS"),
  actions=[*LONE_TURN, "discard QS"],
  expected={"to_act": 1, "legal": ["draw stock"], "hands": [open_hand()],
            "state": {"hands": [hand("QS"), hand(QUIET)], "discard_top": "QS",
                      "discard_size": 4}})

S("queen-forced-discard-offered",
  "decision · Heights Q♠: when a draw leaves a hand of Q♠s only, one Q♠ is discarded",
  "As queen-forced-discard, stopped after the draw: p0 holds Q♠ Q♠ and may only discard one.",
  deal=Deal(hands=[LONE_P0, QUIET], upcard="8S", top="3D 8C QS"),
  actions=LONE_TURN,
  expected={"to_act": 0, "legal": ["discard QS"],
            "state": {"hands": [hand("QS QS"), hand(QUIET)]}})

PILE_QUEEN_DEAL = Deal(hands=["9S 9D KS KH KD 4C 5C 6C 10D JD QD",
                             "QS 3S 4S 5S 3H 4H 5H 6D 7D 8D 9D",
                             "9H 7S 8S 10S JS 7H 8H JC KC 8C 10C"],
                      upcard="AS", top="3D 8C", bottom="QS 6H")
PILE_QUEEN_TURNS: list[Step] = [
    "draw stock", "meld KS KH KD", "meld 4C 5C 6C", "meld 10D JD QD", "discard 3D",
    "draw stock", "meld 3S 4S 5S", "meld 3H 4H 5H", "meld 6D 7D 8D 9D", "discard 8C",
    burn(62),  # p2, then p0 {9S 9D}, p1 {Q♠}, … each draws and throws back the drawn card
    "draw stock", "discard QS",  # p1's lone Q♠ draws the other: the forced discard
    "draw stock", "discard 9H",  # p2 draws the stock's last card: rebuilt, pile is Q♠ alone
]
S("queen-pile-leaves-only-queen-illegal",
  "decision · Heights Q♠: no meld — the one that takes the discard pile included — may "
  "leave a hand holding only Q♠s",
  "3 players, p2 deals. p0 melds down to 9S 9D, p1 down to a lone Q♠. Turns of drawing and "
  "throwing back the card drawn use up the stock until p1 draws the other Q♠ and must "
  "discard one; p2 draws the stock's last card (the pile below that Q♠ becomes the stock) "
  "and discards 9H: the pile is Q♠ and 9H. p0 tries to take it with 9S 9H 9D: the rest of "
  "the pile, a Q♠, would be its whole hand.",
  options={"players": 3}, first_dealer=2, deal=PILE_QUEEN_DEAL,
  actions=[*PILE_QUEEN_TURNS, "draw pile meld 9S 9H 9D"],
  expected={"ok": False, "hand": 0, "index": 138,
            "error_contains": "that would leave you only Q♠, which is never discarded"})

S("queen-pile-leaves-only-queen-not-offered",
  "decision · Heights Q♠: a pile meld that would leave a hand of Q♠s only is not a "
  "legal action",
  "As queen-pile-leaves-only-queen-illegal, stopped before p0's draw: drawing from the "
  "stock is its one move.",
  options={"players": 3}, first_dealer=2, deal=PILE_QUEEN_DEAL, actions=PILE_QUEEN_TURNS,
  expected={"to_act": 0, "legal": ["draw stock"],
            "state": {"hands": [hand("9S 9D"), hand("QS"),
                                hand("6H 7S 8S 10S JS 7H 8H JC KC 8C 10C")],
                      "discard_size": 2, "discard_top": "9H"}})

S("draw-pile",
  "Oklahoma rulebook · Arlington Heights: rules for discarding and picking up the discard "
  "pile remain the same: meld the top discard at once with at least two cards from the "
  "hand (a Joker counts as one), then take up the rest of the pile",
  "Upcard 4H. p0 draws JD and discards it; p1 draws 9H and discards it. p0 takes the pile "
  "with 9S, a Joker (it lies as the 9 of the suit the set lacks, JK=9D) and the top 9H; 4H "
  "and JD come into its hand; it discards KS.",
  deal=Deal(hands=["9S JK KS 4C 6C 8C 10C QC 3D 5D 7D", QUIET], upcard="4H", top="JD 9H"),
  actions=["draw stock", "discard JD", "draw stock", "discard 9H",
           "draw pile meld 9S 9H JK=9D", "discard KS"],
  expected={"to_act": 1, "hands": [open_hand()],
            "state": {"hands": [hand("4C 6C 8C 10C QC 3D 5D 7D 4H JD"), hand(QUIET)],
                      "areas": [[["9S", "9H", "JK=9D"]], []], "discard_size": 1,
                      "discard_top": "KS", "stock_size": 77 - 2}})

S("joker-in-set-and-layoff",
  "docs/records.md · a wild card is written with the card it stands for; in a set its suit means "
  "nothing but Q♠, so it takes the suit the set lacks (decision)",
  "p0 melds '7H 7D JK=7H' (it lies as 7H 7D JK=7S) and 5-6-7 of clubs, lays off JK=8C on "
  "the sequence and discards.",
  deal=Deal(hands=["7H 7D JK JK 5C 6C 7C 9S 9H 10D KC", QUIET], upcard="8S", top="3D"),
  actions=["draw stock", "meld 7H 7D JK=7H", "meld 5C 6C 7C", "layoff JK=8C m2",
           "discard 3D"],
  expected={"to_act": 1,
            "state": {"areas": [[["7H", "7D", "JK=7S"], ["5C", "6C", "7C", "JK=8C"]], []],
                      "hands": [hand("9S 9H 10D KC"), hand(QUIET)]}})

S("no-joker-swap",
  "decision · taking a melded Joker back is Arlington's Joker option; Heights has no "
  "such rule",
  "p0 melds 7H 7D JK=7S and tries to put a 7S in the Joker's place.",
  deal=Deal(hands=["7H 7D JK 7S 5C 6C 7C 9S 9H 10D KC", QUIET], upcard="8S", top="3D"),
  actions=["draw stock", "meld 7H 7D JK=7S", "swap 7S m1"],
  expected={"ok": False, "hand": 0, "index": 2, "error_contains": "Joker option"})

GAME_P0 = "QH KH 4S 5S JS KS 9C 10C JK JK JK"
S("game-to-500",
  f"{SRC}: a game across hands is 500 points",
  "Three hands; p0 goes out in each with 200 (see values-jokers), p1 −55; in hand 2 p1 "
  "starts by drawing and discarding 8D. 400 after two hands is not enough; 600 wins.",
  deals=[Deal(hands=[GAME_P0, QUIET], upcard="8C", top="JK"),
         Deal(hands=[GAME_P0, QUIET], upcard="8C", top="8D JK"),
         Deal(hands=[GAME_P0, QUIET], upcard="8C", top="JK")],
  hands_actions=[
      ["draw stock", "meld QH KH JK=AH", "meld JK=3S 4S 5S", "meld JS JK=QS KS",
       "meld 9C 10C JK=JC"],
      ["draw stock", "discard 8D", "draw stock", "meld QH KH JK=AH", "meld JK=3S 4S 5S",
       "meld JS JK=QS KS", "meld 9C 10C JK=JC"],
      ["draw stock", "meld QH KH JK=AH", "meld JK=3S 4S 5S", "meld JS JK=QS KS",
       "meld 9C 10C JK=JC"],
  ],
  expected={"hands": [out([200, -55])] * 3, "totals": [600, -165], "game_over": True,
            "winner": 0, "to_act": None, "legal": []})


def _good(**changes: object) -> dict[str, object]:
    record: dict[str, object] = {"format": "tablerummy/1", "variant": "arlington-heights",
                                 "rule": "", "options": {"players": 2}, "seed": 1,
                                 "hands": [{"deck": list(FULL), "actions": ["draw stock"]}]}
    record.update(changes)
    return record


B.broken("broken-deck-with-a-two",
         _good(rule=f"{SRC}: remove all 2's and replace them with four Jokers (docs/records.md · "
                    "the deck must be a permutation of the variant's)",
               hands=[{"deck": [*FULL[:-1], "2S"], "actions": []}]),
         {"exit": 2, "error_contains": "not a permutation"})
B.broken("broken-players-9",
         _good(rule=f"{SRC}: players as in Fortune Rummy, 2 to 8", options={"players": 9}),
         {"exit": 2, "error_contains": "option players=9 is not one of"})
B.broken("broken-option-rules",
         _good(rule="decision · rules=parlett|scarne is an option of arlington only",
               options={"players": 2, "rules": "scarne"}),
         {"exit": 2, "error_contains": "no option 'rules'"})

if __name__ == "__main__":
    B.main()
