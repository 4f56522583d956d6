"""Writes the capone scenario records and their .expected files (run by hand).

    .venv/bin/python tests/scenarios/capone/build.py

Each scenario below describes a position in words the rulebook uses (who holds what,
which cards lie on top of the Case File) and the actions played; the deck that deals it
comes from :func:`tablerummy.stacking.stacked_deck` (or is written out card by card for
the deal scenarios, so that the deal itself is not checked against the same helper).

Every expected value is written here by hand from the rulebook and decision — never
copied from the engine's output.  The engine is used only to expand the *filler* turns
(a turn that draws from the Case File and throws away the first card drawn, or one that
takes the Underworld's top card and throws it back), so that long stories that use up
the Case File stay short to write.

The points come from the default card table (docs/rules-capone.md, Card values): 3 a card
and 38 for the complete set of Al Capone, 3 and 14 for Mike Heitler, 2 a card for every
other gangster, with sets of 20 (Murray Humphreys, Ralph Capone, Jake Guzik, Jack
McGurn), 19 (Johnny Torrio, Frank Nitti), 18 (William White) and 15 (Samuel Hunt, Fred
Burke).  The game-end scenarios are scored with the classic table (``"cards":
"classic"``: Al Capone 5 / 75, Frank Nitti and Johnny Torrio 4 / 40, …), the one their
totals were written with; see :data:`CLASSIC`.

After changing a scenario here, run this script and commit the records it writes with it:
``tests/test_scenario_builders.py`` runs every builder on a copy of ``tests/scenarios``
and fails when what it writes differs from the committed records.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tablerummy.capone.cards import GANGSTERS, KINDS
from tablerummy.game import Game
from tablerummy.variant import get_variant

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import scenario_tools  # noqa: E402
from scenario_tools import (  # noqa: E402
    Filler,
    Scenario,
    Step,
    burn_turns,
    counted_cards,
    take_back_turns,
)

# --- readable card lists ---------------------------------------------------------------

AC, MH, RC, JG, JM = "al-capone", "murray-humphreys", "ralph-capone", "jake-guzik", "jack-mcgurn"
JT, FN, WW, SH, FB, HE = (
    "johnny-torrio", "frank-nitti", "william-white", "samuel-hunt", "fred-burke", "mike-heitler"
)
AM, SW, EN, RAID = "agent-meeting", "search-warrant", "eliot-ness", "raid"


def cards(spec: str) -> list[str]:
    """``"3 frank-nitti, raid"`` → the list of card ids."""
    return counted_cards(spec, KINDS)


def hand(spec: str) -> list[str]:
    """A hand as ``verify --reveal`` prints it: sorted card ids."""
    return sorted(cards(spec))


def meld_text(kind: str, n: int) -> str:
    return "meld " + " ".join([kind] * n)


# --- helpers for writing expected legal lists (the builder sorts them) -----------------

def discards(*kinds: str) -> list[str]:
    return [f"discard {k}" for k in kinds]


def melds(kind: str, *sizes: int) -> list[str]:
    return [meld_text(kind, n) for n in sizes]


def layoffs(*kinds: str) -> list[str]:
    return [f"layoff {k}" for k in kinds]


def ask_around_all(but: Iterable[str] = ()) -> list[str]:
    """Ask Around for every gangster, except those with a complete set on the table."""
    skip = set(but)
    return [f"play agent-meeting ask-around {g}" for g in GANGSTERS if g not in skip]


DRAWS = ["draw discard", "draw stock"]


def open_hand() -> dict[str, Any]:
    return {"complete": False, "end": None, "scores": None}


def ended(end: str, scores: list[int],
          breakdown: list[list[list[Any]]] | None = None) -> dict[str, Any]:
    """A finished hand; ``breakdown`` (per side, ``[label, points]`` items) pins the words
    and numbers of its scoring."""
    hand: dict[str, Any] = {"complete": True, "end": end, "scores": scores}
    if breakdown is not None:
        assert [sum(p for _, p in items) for items in breakdown] == scores, breakdown
        hand["breakdown"] = breakdown
    return hand


# --- filler turns: expanded with the engine while building -----------------------------

def burn(turns: int) -> Filler:
    """``turns`` turns of 'draw stock' + discarding the first card drawn (the top one)."""
    return burn_turns(turns, KINDS)


def take_back(turns: int) -> Filler:
    """``turns`` turns that take the Underworld's top card and throw it back."""
    return take_back_turns(turns, KINDS, "discard")


def recycle_and_burn(rounds: int) -> Filler:
    """``rounds`` rounds of two turns: the first player takes the Underworld's top card
    and throws it back (their hand stays as it is), the second burns two from the stock."""
    def expand(game: Game) -> list[str]:
        texts: list[str] = []
        for _ in range(rounds):
            texts.extend(take_back(1)(game))
            texts.extend(burn(1)(game))
        return texts
    return expand


# --- scenario descriptions ---------------------------------------------------------------

@dataclass
class Deal(scenario_tools.Deal):
    upcard: str = HE


def rest_of_deck(used: Sequence[str]) -> list[str]:
    """The cards not in ``used``, in the deck's canonical order."""
    return scenario_tools.rest_of_deck(get_variant("capone").deck(), used)


def build(s: Scenario) -> tuple[dict[str, Any], dict[str, Any]]:
    return scenario_tools.build("capone", s, cards)


def _dump_record(record: dict[str, Any]) -> str:
    """JSON, readable: decks 8 cards a line, one action a line."""
    return scenario_tools.dump_record(record, 8)


def write(s: Scenario) -> None:
    record, expected = build(s)
    scenario_tools.write(HERE, s.name, record, expected, 8)


def write_raw(name: str, record: dict[str, Any], expected: dict[str, Any]) -> None:
    """A broken record, written as given."""
    scenario_tools.write_raw(HERE, name, record, expected)


SCENARIOS: list[Scenario] = []


def scenario(**kw: Any) -> Scenario:
    s = Scenario(**kw)
    assert all(x.name != s.name for x in SCENARIOS), s.name
    SCENARIOS.append(s)
    return s


# =========================================================================================
# The deal
# =========================================================================================

P1_PLAIN = "3 murray-humphreys, 3 ralph-capone, 2 jake-guzik, 2 jack-mcgurn"
"""A second player's hand that plays no part in the story."""

_DEAL_2P = [AC, FN] * 6 + [AC, SH] * 2 + [HE, SH] * 2 + [RAID, EN, AM]
scenario(
    name="deal-2p-order",
    rule="Capone rulebook · Setup / Turn Overview: 10 cards each, dealt one at a time "
         "clockwise from the dealer's left; the next card starts the Underworld; the player "
         "left of the dealer starts; draw the top 2 of the Case File",
    description="Deck written out card by card, p0 deals: the 1st, 3rd, … card go to p1, "
                "the 2nd, 4th, … to p0; raid is turned up; p1 starts and draws the next two "
                "(eliot-ness, agent-meeting).",
    first_dealer=0,
    deals=[Deal(literal=_DEAL_2P + rest_of_deck(_DEAL_2P))],
    actions=[["draw stock", "discard mike-heitler"]],
    expected={
        "ok": True, "variant": "capone", "sides": [[0], [1]], "hands": [open_hand()],
        "totals": [0, 0], "game_over": False, "winner": None, "to_act": 0, "legal": DRAWS,
        "state": {
            "hands": [hand("6 frank-nitti, 4 samuel-hunt"),
                      hand("8 al-capone, mike-heitler, eliot-ness, agent-meeting")],
            "areas": [{}, {}], "stock_size": 86 - 21 - 2, "discard_size": 2,
            "discard_top": HE,
        },
    },
)

_DEAL_3P = [MH, JG, JM] * 7 + [RC, JT, WW] * 3 + [FB, SH, RAID]
scenario(
    name="deal-3p-order",
    rule="Capone rulebook · Setup / Turn Overview: with 3 players the deal and the first turn "
         "start left of the dealer and go clockwise",
    description="Deck written out, p1 deals: cards go to p2, p0, p1 in turn; fred-burke "
                "starts the Underworld; p2 starts and draws samuel-hunt and raid.",
    options={"players": 3},
    deals=[Deal(literal=_DEAL_3P + rest_of_deck(_DEAL_3P))],
    actions=[["draw stock", "discard raid"]],
    expected={
        "ok": True, "sides": [[0], [1], [2]], "hands": [open_hand()], "totals": [0, 0, 0],
        "to_act": 0, "legal": DRAWS,
        "state": {
            "hands": [hand("7 jake-guzik, 3 johnny-torrio"), hand("7 jack-mcgurn, 3 william-white"),
                      hand("7 murray-humphreys, 3 ralph-capone, samuel-hunt")],
            "areas": [{}, {}, {}], "stock_size": 86 - 31 - 2, "discard_size": 2,
            "discard_top": RAID,
        },
    },
)

_DEAL_4P = [AC, MH, RC, JM] * 7 + [AC, FB, SH, JT] + [HE, FB, SH, JT] * 2 + [WW, FN, FN]
scenario(
    name="deal-4p-teams",
    rule="Capone rulebook · Team Play: with 4 players the partners opposite (p0+p2, p1+p3) "
         "share one play area (the default); the deal starts left of the dealer",
    description="Deck written out, p3 deals: cards go p0, p1, p2, p3 in turn; p0 draws two "
                "Frank Nitti, melds 3 Al Capone; p1 takes the Underworld's Mike Heitler, melds "
                "3 Fred Burke. Two areas, one per team; p2 is next.",
    options={"players": 4},
    first_dealer=3,
    deals=[Deal(literal=_DEAL_4P + rest_of_deck(_DEAL_4P))],
    actions=[["draw stock", meld_text(AC, 3), "discard mike-heitler",
              "draw discard", meld_text(FB, 3), "discard mike-heitler"]],
    expected={
        "ok": True, "sides": [[0, 2], [1, 3]], "hands": [open_hand()], "totals": [0, 0],
        "to_act": 2, "legal": DRAWS,
        "state": {
            "hands": [hand("5 al-capone, mike-heitler, 2 frank-nitti"),
                      hand("7 murray-humphreys"),
                      hand("7 ralph-capone, 3 samuel-hunt"),
                      hand("7 jack-mcgurn, 3 johnny-torrio")],
            "areas": [{AC: 3}, {FB: 3}], "stock_size": 86 - 41 - 2, "discard_size": 2,
            "discard_top": HE,
        },
    },
)

scenario(
    name="deal-4p-singles",
    rule="decision · teams=false: 4 players play as singles, each with their own area "
         "and score",
    description="teams=false, p1 deals, so p2 starts: melds 3 Samuel Hunt into p2's own "
                "area; four sides, four areas; p3 is next.",
    options={"players": 4, "teams": False},
    first_dealer=1,
    deals=[Deal(hands=["7 murray-humphreys, 3 johnny-torrio", "7 ralph-capone, 3 william-white",
                       "3 samuel-hunt, 7 jake-guzik", "7 jack-mcgurn, 3 fred-burke"],
                upcard=HE, top="2 frank-nitti")],
    actions=[["draw stock", meld_text(SH, 3), "discard frank-nitti"]],
    expected={
        "ok": True, "sides": [[0], [1], [2], [3]], "hands": [open_hand()],
        "totals": [0, 0, 0, 0], "to_act": 3, "legal": DRAWS,
        "state": {
            "hands": [hand("7 murray-humphreys, 3 johnny-torrio"),
                      hand("7 ralph-capone, 3 william-white"),
                      hand("7 jake-guzik, frank-nitti"),
                      hand("7 jack-mcgurn, 3 fred-burke")],
            "areas": [{}, {}, {SH: 3}, {}], "stock_size": 43, "discard_size": 2,
            "discard_top": FN,
        },
    },
)


def _out_at_once(starter: int, players: int) -> Deal:
    """The starter holds 4 Jack McGurn, 4 Jake Guzik, 2 Ralph Capone and draws 2 more
    Ralph Capone: melds 4+4+3 and goes out by discarding the last Ralph Capone: 8 + 8 + 6
    = 22 (33 with the classic table)."""
    others = ["7 al-capone, 3 frank-nitti", "3 frank-nitti, 5 samuel-hunt, 2 mike-heitler",
              "6 william-white, 4 fred-burke"]
    hands = []
    for seat in range(players):
        hands.append("4 jack-mcgurn, 4 jake-guzik, 2 ralph-capone" if seat == starter
                     else others[(seat - starter) % players - 1])
    return Deal(hands=hands, upcard=HE, top="2 ralph-capone")


OUT_AT_ONCE = ["draw stock", meld_text(JM, 4), meld_text(JG, 4), meld_text(RC, 3),
               "discard ralph-capone"]

scenario(
    name="dealer-rotation-3p",
    rule="Capone rulebook · Setup: in subsequent hands the deal passes clockwise (so does the "
         "first turn)",
    description="3 players, p0 deals hand 0 (p1 starts), p1 deals hand 1 (p2 starts), p2 "
                "deals hand 2 (p0 starts); each time the starter goes out at once with 22. "
                "Hand 3 is dealt by p0 again: p1 to act.",
    options={"players": 3},
    first_dealer=0,
    deals=[_out_at_once(1, 3), _out_at_once(2, 3), _out_at_once(0, 3)],
    actions=[OUT_AT_ONCE, OUT_AT_ONCE, OUT_AT_ONCE],
    expected={
        "ok": True,
        "hands": [ended("went-out", [0, 22, 0]), ended("went-out", [0, 0, 22]),
                  ended("went-out", [22, 0, 0])],
        "totals": [22, 22, 22], "game_over": False, "winner": None, "to_act": 1,
        "legal": DRAWS,
    },
)

# =========================================================================================
# Drawing, melds and layoffs
# =========================================================================================

# p0: 3 Frank Nitti, 2 Johnny Torrio ... ; Case File: Johnny Torrio, Frank Nitti, Frank
# Nitti, Murray Humphreys, …
BASE_MELD = Deal(
    hands=["3 frank-nitti, 2 johnny-torrio, 2 samuel-hunt, william-white, raid, eliot-ness",
           P1_PLAIN],
    upcard=HE, top="johnny-torrio, frank-nitti, frank-nitti, murray-humphreys")

scenario(
    name="meld-and-layoff-own",
    rule="Capone rulebook · Evidence: a meld is 3 or more Evidence cards of one gangster, "
         "placed in your area; layoffs onto a meld; as many melds and layoffs a turn as you wish",
    description="p0 draws Johnny Torrio and Frank Nitti, melds 3 Frank Nitti, lays the 4th "
                "off onto it, melds 3 Johnny Torrio. Raid gains nothing (no other area holds "
                "Frank Nitti or Johnny Torrio), so it is not offered; Reveal Seven is.",
    deals=[BASE_MELD],
    actions=[["draw stock", meld_text(FN, 3), "layoff frank-nitti", meld_text(JT, 3)]],
    expected={
        "ok": True, "hands": [open_hand()], "to_act": 0,
        "legal": [*discards(EN, RAID, SH, WW),
                  "play eliot-ness draw-two", "play eliot-ness reveal-seven"],
        "state": {
            "hands": [hand("eliot-ness, raid, 2 samuel-hunt, william-white"),
                      hand(P1_PLAIN)],
            "areas": [{FN: 4, JT: 3}, {}], "stock_size": 63, "discard_size": 1,
            "discard_top": HE,
        },
    },
)

scenario(
    name="layoff-onto-other-area",
    rule="Capone rulebook · Evidence: a layoff matches a meld no matter in whose area it lies, "
         "and the card goes into your own area",
    description="After p0's Frank Nitti meld, p1 draws Frank Nitti and Murray Humphreys, lays "
                "Frank Nitti off onto p0's meld (it lands in p1's area) and melds 4 Murray "
                "Humphreys.",
    deals=[BASE_MELD],
    actions=[["draw stock", meld_text(FN, 3), "layoff frank-nitti", meld_text(JT, 3),
              "discard william-white", "draw stock", "layoff frank-nitti", meld_text(MH, 4)]],
    expected={
        "ok": True, "hands": [open_hand()], "to_act": 1,
        "legal": discards(JM, JG, RC) + melds(RC, 3),
        "state": {
            "hands": [hand("eliot-ness, raid, 2 samuel-hunt"),
                      hand("3 ralph-capone, 2 jake-guzik, 2 jack-mcgurn")],
            "areas": [{FN: 4, JT: 3}, {FN: 1, MH: 4}], "stock_size": 61, "discard_size": 2,
            "discard_top": WW,
        },
    },
)


scenario(
    name="meld-adds-to-own-gangster",
    rule="Capone rulebook · Evidence: cards of one gangster within a play area always lie "
         "together (a second meld of the same gangster joins the first)",
    description="p0 melds 3 Al Capone, then 3 more: one pile of 6 in p0's area.",
    deals=[Deal(hands=["6 al-capone, 2 johnny-torrio, 2 samuel-hunt", P1_PLAIN],
                upcard=HE, top="2 william-white")],
    actions=[["draw stock", meld_text(AC, 3), meld_text(AC, 3)]],
    expected={"ok": True, "to_act": 0,
              "legal": discards(JT, SH, WW) + layoffs(),
              "state": {"areas": [{AC: 6}, {}],
                        "hands": [hand("2 johnny-torrio, 2 samuel-hunt, 2 william-white"),
                                  hand(P1_PLAIN)]}},
)
scenario(
    name="notation-lenient",
    rule="notation.md · Move notation: any reasonable spelling is read (case, extra spaces, card "
         "order, unique prefixes of card ids)",
    description="p0 plays 'Draw  Stock', 'meld FRANK frank-nitti  Frank', 'layoff frank', "
                "'MELD johnny johnny johnny', 'discard Raid'.",
    deals=[BASE_MELD],
    actions=[["Draw  Stock", "meld FRANK frank-nitti  Frank", "layoff frank",
              "MELD johnny johnny johnny", "discard Raid"]],
    expected={"ok": True, "to_act": 1, "legal": DRAWS,
              "state": {"areas": [{FN: 4, JT: 3}, {}], "discard_top": RAID}},
)


def _illegal(name: str, rule: str, description: str, deal: Deal, steps: list[Step],
             contains: str, **kw: Any) -> None:
    """A scenario whose last action is illegal (verify: ok false, exit 1)."""
    scenario(name=name, rule=rule, description=description, deals=[deal], actions=[steps],
             expected={"ok": False, "hand": 0, "index": len(steps) - 1,
                       "action": steps[-1], "error_contains": contains}, **kw)


_illegal("meld-two-cards-illegal",
         "Capone rulebook · Evidence: a meld has 3 or more cards (2 is not a meld)",
         "p0 tries to meld 2 Frank Nitti.",
         BASE_MELD, ["draw stock", meld_text(FN, 2)], "3 or more Evidence cards")
_illegal("meld-mixed-illegal",
         "Capone rulebook · Evidence: a meld is cards of one gangster (the same color)",
         "p0 tries to meld 2 Frank Nitti with a Johnny Torrio.",
         BASE_MELD, ["draw stock", "meld frank-nitti frank-nitti johnny-torrio"],
         "of one gangster")
_illegal("meld-gavel-illegal",
         "Capone rulebook · Gavel Cards: Gavel cards are never melded",
         "p0 tries to meld Raid cards.",
         BASE_MELD, ["draw stock", "meld raid raid raid"], "'raid' is not a gangster")
_illegal("meld-more-than-held-illegal",
         "Capone rulebook · Evidence: a meld comes from your hand",
         "p0 holds 4 Frank Nitti and tries to meld 5.",
         BASE_MELD, ["draw stock", meld_text(FN, 5)], "you hold only 4 Frank Nitti")
_illegal("layoff-without-meld-illegal",
         "Capone rulebook · Evidence: a layoff needs a matching meld on the table",
         "No Frank Nitti meld lies anywhere; p0 tries to lay one off.",
         BASE_MELD, ["draw stock", "layoff frank-nitti"], "no meld of Frank Nitti")
_illegal("play-before-draw-illegal",
         "Capone rulebook · Turn Overview: draw (mandatory) comes first",
         "p0 tries to meld before drawing.",
         BASE_MELD, [meld_text(FN, 3)], "draw first")
_illegal("draw-twice-illegal",
         "Capone rulebook · Draw: one draw a turn — 2 from the Case File or 1 from the Underworld",
         "p0 draws from the Case File, then tries to take the Underworld's card as well.",
         BASE_MELD, ["draw stock", "draw discard"], "already drawn")
_illegal("take-without-search-illegal",
         "docs/records.md · capone: 'take C' only follows Search Individually",
         "p0 tries to take the Underworld's Mike Heitler with no Search Warrant played.",
         BASE_MELD, ["draw stock", "take mike-heitler"], "only follows")

# =========================================================================================
# Never play your last card; going out by discarding
# =========================================================================================

BASE_LAST = Deal(hands=["4 jack-mcgurn, 4 jake-guzik, 2 frank-nitti", P1_PLAIN],
                 upcard=HE, top="2 frank-nitti")
_LAST = ["draw stock", meld_text(JM, 4), meld_text(JG, 4)]

scenario(
    name="last-card-meld-offers",
    rule="Capone rulebook · Ending the Hand: a player may never play their last hand card "
         "(a meld must leave one card)",
    description="p0 holds only 4 Frank Nitti after two melds: melding 3 is offered, "
                "melding all 4 is not.",
    deals=[BASE_LAST], actions=[list(_LAST)],
    expected={"ok": True, "to_act": 0, "legal": discards(FN) + melds(FN, 3),
              "state": {"hands": [hand("4 frank-nitti"), hand(P1_PLAIN)],
                        "areas": [{JM: 4, JG: 4}, {}]}},
)
_illegal("last-card-meld-illegal",
         "Capone rulebook · Ending the Hand: a player may never play their last hand card (meld)",
         "p0 holds only 4 Frank Nitti and tries to meld all 4.",
         BASE_LAST, [*_LAST, meld_text(FN, 4)], "never play their last hand card")
scenario(
    name="last-card-only-discard",
    rule="Capone rulebook · Ending the Hand: a player may never play their last hand card "
         "(no layoff of the last card)",
    description="p0 melds 3 Frank Nitti and keeps one: it matches the meld, but the only "
                "legal action is to discard it.",
    deals=[BASE_LAST], actions=[[*_LAST, meld_text(FN, 3)]],
    expected={"ok": True, "to_act": 0, "legal": discards(FN),
              "state": {"hands": [hand("frank-nitti"), hand(P1_PLAIN)],
                        "areas": [{JM: 4, JG: 4, FN: 3}, {}]}},
)
_illegal("last-card-layoff-illegal",
         "Capone rulebook · Ending the Hand: a player may never play their last hand card (layoff)",
         "p0 tries to lay off the last card in hand.",
         BASE_LAST, [*_LAST, meld_text(FN, 3), "layoff frank-nitti"],
         "never play their last hand card")
scenario(
    name="going-out",
    rule="Capone rulebook · Ending the Hand A: a hand ends when a player discards their last "
         "hand card; scoring follows",
    description="p0 melds 4 Jack McGurn, 4 Jake Guzik and 3 Frank Nitti and discards the last "
                "card: 8 + 8 + 6 = 22 against 0. Hand 2 is dealt by p0, so p1 starts.",
    deals=[BASE_LAST], actions=[[*_LAST, meld_text(FN, 3), "discard frank-nitti"]],
    expected={"ok": True, "hands": [ended("went-out", [22, 0])], "totals": [22, 0],
              "game_over": False, "winner": None, "to_act": 1, "legal": DRAWS},
)
_illegal("last-card-gavel-illegal",
         "Capone rulebook · Ending the Hand: a player may never play their last hand card "
         "(Gavel card)",
         "p0's last card is an Eliot Ness; playing it is refused.",
         Deal(hands=["4 jack-mcgurn, 4 jake-guzik, frank-nitti, eliot-ness", P1_PLAIN],
              upcard=HE, top="2 frank-nitti"),
         [*_LAST, meld_text(FN, 3), "play eliot-ness draw-two"],
         "never play their last hand card")

# =========================================================================================
# At most one Gavel card a turn
# =========================================================================================

# p0 holds Eliot Ness and Search Warrant, no Agent Meeting; Draw Two brings Frank Nitti
# and an Agent Meeting.
BASE_GAVEL = Deal(
    hands=["2 frank-nitti, 2 johnny-torrio, 2 samuel-hunt, 2 william-white, eliot-ness, "
           "search-warrant", P1_PLAIN],
    upcard=HE, top="jake-guzik, murray-humphreys, frank-nitti, agent-meeting")
_GAVEL = ["draw stock", "play eliot-ness draw-two"]

scenario(
    name="gavel-received-not-offered",
    rule="Capone rulebook · Gavel Cards: at most 1 Gavel card a turn; a Gavel card received "
         "from a played Gavel card may not be played that turn",
    description="p0 plays Eliot Ness (Draw Two) and receives Frank Nitti and an Agent "
                "Meeting: no Gavel card is offered any more (neither the new Agent Meeting "
                "nor the Search Warrant held from the start), but the 3rd Frank Nitti can be "
                "melded.",
    deals=[BASE_GAVEL], actions=[list(_GAVEL)],
    expected={
        "ok": True, "to_act": 0,
        "legal": discards(AM, FN, JG, JT, MH, SH, SW, WW) + melds(FN, 3),
        "state": {
            "hands": [hand("3 frank-nitti, 2 johnny-torrio, 2 samuel-hunt, 2 william-white, "
                           "search-warrant, jake-guzik, murray-humphreys, agent-meeting"),
                      hand(P1_PLAIN)],
            "stock_size": 61, "discard_size": 2, "discard_top": EN,
        },
    },
)
scenario(
    name="evidence-received-playable",
    rule="decision · cards received from a Gavel card may be played in the same turn "
         "(Evidence), but no second Gavel card",
    description="p0 melds the Frank Nitti received from Draw Two together with the two held.",
    deals=[BASE_GAVEL], actions=[[*_GAVEL, meld_text(FN, 3)]],
    expected={
        "ok": True, "to_act": 0,
        "legal": discards(AM, JG, JT, MH, SH, SW, WW),
        "state": {"areas": [{FN: 3}, {}]},
    },
)
_illegal("gavel-received-not-playable",
         "Capone rulebook · Gavel Cards: a Gavel card received this turn may not be played, since "
         "you have already played one",
         "After Draw Two, p0 tries the Agent Meeting it just received.",
         BASE_GAVEL, [*_GAVEL, meld_text(FN, 3), "play agent-meeting ask-around frank-nitti"],
         "at most 1 Gavel card per turn")
_illegal("gavel-second-illegal",
         "Capone rulebook · Gavel Cards: you may play at most 1 Gavel card per turn",
         "After Draw Two, p0 tries the Search Warrant it held from the start.",
         BASE_GAVEL, [*_GAVEL, "play search-warrant individually"],
         "at most 1 Gavel card per turn")

# =========================================================================================
# Agent Meeting: Ask Around
# =========================================================================================

scenario(
    name="ask-around-clockwise",
    rule="Capone rulebook · Ask Around: the first player clockwise from your left holding the "
         "gangster gives exactly one and draws 1 replacement from the Case File",
    description="4 singles, p3 deals. p0 asks around for Frank Nitti: p1 has none, p2 has 2 "
                "and gives one (before p3, who also has one), then draws the raid on top of "
                "the Case File.",
    options={"players": 4, "teams": False}, first_dealer=3,
    deals=[Deal(hands=["agent-meeting, 3 johnny-torrio, 3 samuel-hunt, 3 william-white",
                       "5 murray-humphreys, 5 ralph-capone",
                       "2 frank-nitti, 4 jake-guzik, 4 jack-mcgurn",
                       "frank-nitti, 2 ralph-capone, 2 murray-humphreys, 3 jake-guzik, "
                       "2 jack-mcgurn"],
                upcard=HE, top="2 fred-burke, raid")],
    actions=[["draw stock", "play agent-meeting ask-around frank-nitti"]],
    expected={
        "ok": True, "to_act": 0,
        "legal": discards(FB, FN, JT, SH, WW) + melds(JT, 3) + melds(SH, 3) + melds(WW, 3),
        "state": {
            "hands": [hand("3 johnny-torrio, 3 samuel-hunt, 3 william-white, 2 fred-burke, "
                           "frank-nitti"),
                      hand("5 murray-humphreys, 5 ralph-capone"),
                      hand("frank-nitti, 4 jake-guzik, 4 jack-mcgurn, raid"),
                      hand("frank-nitti, 2 ralph-capone, 2 murray-humphreys, 3 jake-guzik, "
                           "2 jack-mcgurn")],
            "areas": [{}, {}, {}, {}], "stock_size": 42, "discard_size": 2,
            "discard_top": AM,
        },
    },
)
scenario(
    name="ask-around-partner",
    rule="decision · Ask Around asks every other player in clockwise order, partner "
         "included",
    description="4 players in teams, p3 deals. p0 asks around for Frank Nitti: p1 has none, "
                "so partner p2 gives one (p3 holds two but comes later) and draws a raid.",
    options={"players": 4}, first_dealer=3,
    deals=[Deal(hands=["agent-meeting, 3 murray-humphreys, 3 ralph-capone, 3 jake-guzik",
                       "7 jack-mcgurn, 3 william-white",
                       "frank-nitti, 4 samuel-hunt, 5 fred-burke",
                       "2 frank-nitti, 8 al-capone"],
                upcard=HE, top="2 mike-heitler, raid")],
    actions=[["draw stock", "play agent-meeting ask-around frank-nitti"]],
    expected={
        "ok": True, "sides": [[0, 2], [1, 3]], "to_act": 0,
        "state": {
            "hands": [hand("3 murray-humphreys, 3 ralph-capone, 3 jake-guzik, 2 mike-heitler, "
                           "frank-nitti"),
                      hand("7 jack-mcgurn, 3 william-white"),
                      hand("4 samuel-hunt, 5 fred-burke, raid"),
                      hand("2 frank-nitti, 8 al-capone")],
            "stock_size": 42, "discard_size": 2, "discard_top": AM,
        },
    },
)
scenario(
    name="ask-around-wraps-clockwise",
    rule="Capone rulebook · Ask Around: going clockwise, starting with the player to your left "
         "(3 players)",
    description="3 players, p0 deals, p1 asks around for Johnny Torrio: p2 (on p1's left) has "
                "none, so p0 gives one and draws the raid.",
    options={"players": 3}, first_dealer=0,
    deals=[Deal(hands=["2 johnny-torrio, 4 murray-humphreys, 4 ralph-capone",
                       "agent-meeting, 3 jake-guzik, 3 jack-mcgurn, 3 william-white",
                       "5 samuel-hunt, 5 fred-burke"],
                upcard=HE, top="2 mike-heitler, raid")],
    actions=[["draw stock", "play agent-meeting ask-around johnny-torrio"]],
    expected={
        "ok": True, "to_act": 1,
        "state": {
            "hands": [hand("johnny-torrio, 4 murray-humphreys, 4 ralph-capone, raid"),
                      hand("3 jake-guzik, 3 jack-mcgurn, 3 william-white, 2 mike-heitler, "
                           "johnny-torrio"),
                      hand("5 samuel-hunt, 5 fred-burke")],
            "stock_size": 52, "discard_size": 2, "discard_top": AM,
        },
    },
)
scenario(
    name="ask-around-nobody-has-it",
    rule="decision · Ask Around: if nobody holds the gangster, nothing happens (the Agent "
         "Meeting is still spent)",
    description="p0 asks around for William White; p1 holds none: nobody gives, nobody draws, "
                "the Agent Meeting lies on the Underworld.",
    deals=[Deal(hands=["agent-meeting, 3 frank-nitti, 3 johnny-torrio, 3 samuel-hunt",
                       P1_PLAIN], upcard=HE, top="2 al-capone")],
    actions=[["draw stock", "play agent-meeting ask-around william-white"]],
    expected={
        "ok": True, "to_act": 0,
        "state": {
            "hands": [hand("3 frank-nitti, 3 johnny-torrio, 3 samuel-hunt, 2 al-capone"),
                      hand(P1_PLAIN)],
            "stock_size": 63, "discard_size": 2, "discard_top": AM,
        },
    },
)

BASE_COMPLETE_FN = Deal(
    hands=["6 frank-nitti, 2 johnny-torrio, 2 samuel-hunt",
           "agent-meeting, 2 murray-humphreys, 2 ralph-capone, 2 jake-guzik, 2 jack-mcgurn, "
           "william-white"],
    upcard=HE, top="2 fred-burke, raid, eliot-ness")
_COMPLETE_FN = ["draw stock", meld_text(FN, 6), "discard fred-burke", "draw stock"]
scenario(
    name="ask-around-complete-set-not-offered",
    rule="Capone rulebook · Ask Around: name a gangster of which no player has a complete set "
         "laid out",
    description="p0 lays out all 6 Frank Nitti. p1 may ask around for any other gangster, "
                "not for Frank Nitti. p1 has no meld, so no Ask Directly and no Reveal Seven, "
                "and no Raid.",
    deals=[BASE_COMPLETE_FN], actions=[list(_COMPLETE_FN)],
    expected={
        "ok": True, "to_act": 1,
        "legal": discards(AM, EN, JM, JG, MH, RAID, RC, WW) + ask_around_all(but=[FN])
        + ["play eliot-ness draw-two"],
        "state": {"areas": [{FN: 6}, {}]},
    },
)
_illegal("ask-around-complete-set-illegal",
         "Capone rulebook · Ask Around: not for a gangster of which a complete set is laid out",
         "p1 asks around for Frank Nitti, whose complete set lies in p0's area.",
         BASE_COMPLETE_FN, [*_COMPLETE_FN, "play agent-meeting ask-around frank-nitti"],
         "Frank Nitti is complete")

# =========================================================================================
# Agent Meeting: Ask Directly
# =========================================================================================

BASE_ASK = Deal(
    hands=["3 frank-nitti, agent-meeting, 2 johnny-torrio, 2 samuel-hunt, 2 william-white",
           "2 frank-nitti, 4 murray-humphreys, 4 ralph-capone"],
    upcard=HE, top="jake-guzik, jack-mcgurn, raid, eliot-ness")
scenario(
    name="ask-directly",
    rule="Capone rulebook · Ask Directly: name a gangster you have a meld of; the player you "
         "choose gives you all of them and draws as many from the Case File; you may play them",
    description="p0 melds 3 Frank Nitti and asks p1 directly: p1 gives both Frank Nitti and "
                "draws raid and eliot-ness; p0 lays both off (5 in the area).",
    deals=[BASE_ASK],
    actions=[["draw stock", meld_text(FN, 3), "play agent-meeting ask-directly frank-nitti p1",
              "layoff frank-nitti", "layoff frank-nitti"]],
    expected={
        "ok": True, "to_act": 0, "legal": discards(JM, JG, JT, SH, WW),
        "state": {
            "hands": [hand("2 johnny-torrio, 2 samuel-hunt, 2 william-white, jake-guzik, "
                           "jack-mcgurn"),
                      hand("4 murray-humphreys, 4 ralph-capone, raid, eliot-ness")],
            "areas": [{FN: 5}, {}], "stock_size": 61, "discard_size": 2, "discard_top": AM,
        },
    },
)
scenario(
    name="ask-directly-target-has-none",
    rule="Capone rulebook · Ask Directly: the player gives all copies they have — none means "
         "nothing given and nothing drawn",
    description="p0 asks p1 directly for Frank Nitti; p1 has none: nothing moves, the Case "
                "File is untouched.",
    deals=[Deal(hands=["3 frank-nitti, agent-meeting, 2 johnny-torrio, 2 samuel-hunt, "
                       "2 william-white",
                       "4 murray-humphreys, 4 ralph-capone, 2 jake-guzik"],
                upcard=HE, top="jake-guzik, jack-mcgurn")],
    actions=[["draw stock", meld_text(FN, 3), "play agent-meeting ask-directly frank-nitti p1"]],
    expected={
        "ok": True, "to_act": 0,
        "state": {
            "hands": [hand("2 johnny-torrio, 2 samuel-hunt, 2 william-white, jake-guzik, "
                           "jack-mcgurn"),
                      hand("4 murray-humphreys, 4 ralph-capone, 2 jake-guzik")],
            "areas": [{FN: 3}, {}], "stock_size": 63, "discard_size": 2, "discard_top": AM,
        },
    },
)
scenario(
    name="ask-directly-partner",
    rule="decision · Ask Directly may name any other player, a partner included",
    description="4 players in teams, p3 deals. p0 melds 3 Frank Nitti and asks partner p2 "
                "directly: p2 gives 2 and draws raid and eliot-ness.",
    options={"players": 4}, first_dealer=3,
    deals=[Deal(hands=["3 frank-nitti, agent-meeting, 3 murray-humphreys, 3 ralph-capone",
                       "6 william-white, 4 samuel-hunt",
                       "2 frank-nitti, 4 jake-guzik, 4 jack-mcgurn",
                       "5 fred-burke, 4 mike-heitler, johnny-torrio"],
                upcard=AC, top="2 al-capone, raid, eliot-ness")],
    actions=[["draw stock", meld_text(FN, 3), "play agent-meeting ask-directly frank-nitti p2",
              "layoff frank-nitti", "layoff frank-nitti"]],
    expected={
        "ok": True, "to_act": 0,
        "legal": discards(AC, MH, RC) + melds(MH, 3) + melds(RC, 3),
        "state": {
            "hands": [hand("3 murray-humphreys, 3 ralph-capone, 2 al-capone"),
                      hand("6 william-white, 4 samuel-hunt"),
                      hand("4 jake-guzik, 4 jack-mcgurn, raid, eliot-ness"),
                      hand("5 fred-burke, 4 mike-heitler, johnny-torrio")],
            "areas": [{FN: 5}, {}], "stock_size": 41, "discard_size": 2, "discard_top": AM,
        },
    },
)
scenario(
    name="ask-directly-team-meld",
    rule="Capone rulebook · Team Play: partners share one play area, so a meld your partner "
         "laid out is a meld in your play area (Ask Directly, layoffs)",
    description="4 players in teams, p1 deals, p2 starts and melds 3 Johnny Torrio. p3 passes "
                "the turn. p0, holding no Johnny Torrio, asks p3 directly for it: p3 gives 2 "
                "and draws 2 Fred Burke; p0 could lay them off onto the team's meld.",
    options={"players": 4}, first_dealer=1,
    deals=[Deal(hands=["agent-meeting, 7 jake-guzik, 2 samuel-hunt",
                       "7 jack-mcgurn, 3 william-white",
                       "3 johnny-torrio, 7 murray-humphreys",
                       "2 johnny-torrio, 7 ralph-capone, fred-burke"],
                upcard=HE, top="6 al-capone, 2 fred-burke")],
    actions=[["draw stock", meld_text(JT, 3), "discard al-capone",
              "draw stock", "discard al-capone",
              "draw stock", "play agent-meeting ask-directly johnny-torrio p3"]],
    expected={
        "ok": True, "to_act": 0,
        "legal": discards(AC, JG, JT, SH) + melds(JG, 3, 4, 5, 6, 7) + layoffs(JT),
        "state": {
            "hands": [hand("7 jake-guzik, 2 samuel-hunt, 2 al-capone, 2 johnny-torrio"),
                      hand("7 jack-mcgurn, 3 william-white"),
                      hand("7 murray-humphreys, al-capone"),
                      hand("7 ralph-capone, 3 fred-burke, al-capone")],
            "areas": [{JT: 3}, {}], "stock_size": 37, "discard_size": 4, "discard_top": AM,
        },
    },
)
_illegal("ask-directly-no-meld-illegal",
         "Capone rulebook · Ask Directly: name a gangster of which you have a meld in your area",
         "p0 has no Frank Nitti meld and asks p1 directly for Frank Nitti.",
         BASE_ASK, ["draw stock", "play agent-meeting ask-directly frank-nitti p1"],
         "you need a meld without a complete set in your play area of Frank Nitti")
_illegal("ask-directly-other-area-meld-illegal",
         "decision · 'a meld in your play area' is your own (team's) area holding 3+ "
         "cards: a meld elsewhere and a layoff of yours do not count",
         "p1 melds 3 Frank Nitti; p0 lays one off (1 in p0's area) and asks p1 directly for "
         "Frank Nitti.",
         Deal(hands=["frank-nitti, agent-meeting, 2 johnny-torrio, 2 samuel-hunt, "
                     "2 william-white, 2 jack-mcgurn",
                     "3 frank-nitti, 3 murray-humphreys, 2 ralph-capone, 2 jake-guzik"],
              upcard=HE, top="4 al-capone"),
         ["draw stock", meld_text(FN, 3), "discard al-capone", "draw stock",
          "layoff frank-nitti", "play agent-meeting ask-directly frank-nitti p1"],
         "you need a meld without a complete set in your play area of Frank Nitti",
         first_dealer=0)
_illegal("ask-directly-self-illegal",
         "Capone rulebook · Ask Directly: a fellow player of your choice (not yourself)",
         "p0 names itself.",
         BASE_ASK, ["draw stock", meld_text(FN, 3),
                    "play agent-meeting ask-directly frank-nitti p0"],
         "names another player")

BASE_ONLY_COMPLETE = Deal(
    hands=["6 frank-nitti, agent-meeting, search-warrant, eliot-ness, raid", P1_PLAIN],
    upcard=HE, top="2 johnny-torrio")
_ONLY_COMPLETE = ["draw stock", meld_text(FN, 6)]
scenario(
    name="complete-meld-gavel-choices",
    rule="Capone rulebook · Gavel cards: Ask Directly, Search for a Set and Reveal Seven need a "
         "meld without a complete set; Raid must gain a card",
    description="p0's only meld is the complete Frank Nitti set. Offered: Ask Around (not for "
                "Frank Nitti), Search Individually, Draw Two. Not offered: Ask Directly, "
                "Search for a Set, Reveal Seven, Raid.",
    deals=[BASE_ONLY_COMPLETE], actions=[list(_ONLY_COMPLETE)],
    expected={
        "ok": True, "to_act": 0,
        "legal": discards(AM, EN, JT, RAID, SW) + ask_around_all(but=[FN])
        + ["play search-warrant individually", "play eliot-ness draw-two"],
        "state": {"areas": [{FN: 6}, {}],
                  "hands": [hand("agent-meeting, search-warrant, eliot-ness, raid, "
                                 "2 johnny-torrio"), hand(P1_PLAIN)]},
    },
)
_illegal("ask-directly-complete-set-illegal",
         "Capone rulebook · Ask Directly: not without a meld that is not a complete set",
         "p0 asks p1 directly for Frank Nitti, of which p0 holds the complete set.",
         BASE_ONLY_COMPLETE, [*_ONLY_COMPLETE, "play agent-meeting ask-directly frank-nitti p1"],
         "meld without a complete set")
_illegal("search-set-complete-set-illegal",
         "Capone rulebook · Search for a Set: not without a meld that is not a complete set",
         "p0 searches for a set of Frank Nitti, already complete.",
         BASE_ONLY_COMPLETE, [*_ONLY_COMPLETE, "play search-warrant set frank-nitti"],
         "Search for a Set: you need a meld without a complete set")
_illegal("reveal-seven-complete-set-illegal",
         "Capone rulebook · Reveal Seven: not without a meld that is not a complete set",
         "p0's only meld is complete; Reveal Seven is refused.",
         BASE_ONLY_COMPLETE, [*_ONLY_COMPLETE, "play eliot-ness reveal-seven"],
         "Reveal Seven: you need a meld without a complete set")
_illegal("raid-complete-set-illegal",
         "Capone rulebook · Raid: may not be played unless it gains at least 1 card",
         "p0 holds every Frank Nitti; a Raid on Frank Nitti would gain nothing.",
         BASE_ONLY_COMPLETE, [*_ONLY_COMPLETE, "play raid frank-nitti"],
         "must gain you at least 1 card")

# =========================================================================================
# Search Warrant
# =========================================================================================

# p0 melds Frank Nitti and throws away a Jack McGurn; p1 lays a Frank Nitti off onto the
# meld and throws away a raid; p0 then searches the Underworld (Mike Heitler, Jack McGurn,
# raid).
BASE_SEARCH = Deal(
    hands=["search-warrant, 3 frank-nitti, 3 johnny-torrio, 2 william-white, samuel-hunt",
           "frank-nitti, 4 murray-humphreys, 3 ralph-capone, 2 jake-guzik"],
    upcard=HE, top="jake-guzik, jack-mcgurn, johnny-torrio, raid, 2 fred-burke, "
                   "2 samuel-hunt")
_SEARCH = ["draw stock", meld_text(FN, 3), "discard jack-mcgurn",
           "draw stock", "layoff frank-nitti", "discard raid",
           "draw stock", "play search-warrant individually"]
scenario(
    name="search-individually-choice",
    rule="Capone rulebook · Search Individually: take all the cards of the Underworld, look "
         "through them and choose exactly 1 to keep",
    description="p0 plays the Search Warrant (Search Individually): the next decision is "
                "p0's private choice among the Underworld's cards — Mike Heitler, Jack "
                "McGurn or the raid.",
    deals=[BASE_SEARCH], actions=[list(_SEARCH)],
    expected={
        "ok": True, "to_act": 0, "legal": ["take jack-mcgurn", "take mike-heitler", "take raid"],
        "state": {
            "hands": [hand("3 johnny-torrio, 2 william-white, samuel-hunt, jake-guzik, "
                           "2 fred-burke"),
                      hand("4 murray-humphreys, 3 ralph-capone, 2 jake-guzik, johnny-torrio")],
            "areas": [{FN: 3}, {FN: 1}], "stock_size": 59, "discard_size": 3,
            "discard_top": RAID,
        },
    },
)
scenario(
    name="search-individually-takes-gavel",
    rule="decision · Search Individually may take any one card, Gavel cards included; the "
         "rest go back with the Search Warrant on top",
    description="p0 keeps the raid. The Underworld is Mike Heitler, Jack McGurn and the "
                "Search Warrant on top. A Raid on Frank Nitti would gain p1's card, but it is "
                "not offered: a Gavel card was already played this turn.",
    deals=[BASE_SEARCH], actions=[[*_SEARCH, "take raid"]],
    expected={
        "ok": True, "to_act": 0,
        "legal": discards(FB, JG, JT, RAID, SH, WW) + melds(JT, 3),
        "state": {
            "hands": [hand("3 johnny-torrio, 2 william-white, samuel-hunt, jake-guzik, "
                           "2 fred-burke, raid"),
                      hand("4 murray-humphreys, 3 ralph-capone, 2 jake-guzik, johnny-torrio")],
            "stock_size": 59, "discard_size": 3, "discard_top": SW,
        },
    },
)
_illegal("search-individually-taken-gavel-illegal",
         "Capone rulebook · Gavel Cards: a Gavel card received by playing a Gavel card may not be "
         "played this turn",
         "p0 keeps the raid from the Underworld and tries to play it at once.",
         BASE_SEARCH, [*_SEARCH, "take raid", "play raid frank-nitti"],
         "at most 1 Gavel card per turn")
_illegal("search-individually-absent-card-illegal",
         "Capone rulebook · Search Individually: the card kept comes from the Underworld",
         "p0 tries to keep an Al Capone that is not in the Underworld.",
         BASE_SEARCH, [*_SEARCH, "take al-capone"], "no Al Capone in the Underworld")
_illegal("search-individually-choose-first",
         "Capone rulebook · Search Individually: choose exactly 1 card to keep (before anything "
         "else)",
         "p0 tries to discard before choosing the card to keep.",
         BASE_SEARCH, [*_SEARCH, "discard fred-burke"], "choose the card to keep")
scenario(
    name="raid",
    rule="Capone rulebook · Raid: name a gangster you have a meld of; collect every copy from "
         "the other players' areas into yours",
    description="Continuing the search: p0 keeps the raid and plays it on its next turn: the "
                "Frank Nitti p1 laid off moves into p0's area (4).",
    deals=[BASE_SEARCH],
    actions=[[*_SEARCH, "take raid", "discard jake-guzik",
              "draw discard", "discard jake-guzik",
              "draw stock", "play raid frank-nitti"]],
    expected={
        "ok": True, "to_act": 0,
        "legal": discards(FB, JT, SH, WW) + melds(JT, 3) + melds(SH, 3),
        "state": {
            "hands": [hand("3 johnny-torrio, 2 william-white, 3 samuel-hunt, 2 fred-burke"),
                      hand("4 murray-humphreys, 3 ralph-capone, 2 jake-guzik, johnny-torrio")],
            "areas": [{FN: 4}, {}], "stock_size": 57, "discard_size": 5, "discard_top": RAID,
        },
    },
)

BASE_EMPTY_UNDERWORLD = Deal(
    hands=["search-warrant, 2 frank-nitti, 2 johnny-torrio, 2 william-white, 2 samuel-hunt, "
           "fred-burke", P1_PLAIN],
    upcard=RAID)
scenario(
    name="search-individually-empty-underworld",
    rule="decision (engine) · Search Individually is not offered when the Underworld is empty "
         "(after 'draw discard' took its only card): there is no card to choose",
    description="p0 takes the only card of the Underworld (raid); the Search Warrant may "
                "only be discarded now.",
    deals=[BASE_EMPTY_UNDERWORLD], actions=[["draw discard"]],
    expected={
        "ok": True, "to_act": 0, "legal": discards(FB, FN, JT, RAID, SH, SW, WW),
        "state": {"stock_size": 65, "discard_size": 0, "discard_top": None},
    },
)
_illegal("search-individually-empty-underworld-illegal",
         "decision (engine) · Search Individually is refused when the Underworld is empty",
         "p0 takes the only card of the Underworld and then plays Search Individually.",
         BASE_EMPTY_UNDERWORLD, ["draw discard", "play search-warrant individually"],
         "the Underworld is empty")

BASE_SET = Deal(
    hands=["search-warrant, 3 frank-nitti, 3 johnny-torrio, 2 william-white, samuel-hunt",
           "2 frank-nitti, 4 murray-humphreys, 4 ralph-capone"],
    upcard=HE, top="jake-guzik, jack-mcgurn, 2 al-capone, 2 fred-burke, 2 al-capone, "
                   "william-white, samuel-hunt")
scenario(
    name="search-set",
    rule="Capone rulebook · Search for a Set: take every Evidence card of one of your melds from "
         "the Underworld, show them, keep or play them; the Warrant goes on top",
    description="p1 throws away both its Frank Nitti over two turns. p0 searches for a set of "
                "Frank Nitti: takes both out of the Underworld (the rest stays, Warrant on "
                "top) and lays them off.",
    deals=[BASE_SET],
    actions=[["draw stock", meld_text(FN, 3), "discard jack-mcgurn",
              "draw stock", "discard frank-nitti",
              "draw stock", "discard jake-guzik",
              "draw stock", "discard frank-nitti",
              "draw stock", "play search-warrant set frank-nitti",
              "layoff frank-nitti", "layoff frank-nitti"]],
    expected={
        "ok": True, "to_act": 0,
        "legal": discards(FB, JT, SH, WW) + melds(JT, 3) + melds(WW, 3),
        "state": {
            "hands": [hand("3 johnny-torrio, 3 william-white, 2 samuel-hunt, 2 fred-burke"),
                      hand("4 murray-humphreys, 4 ralph-capone, 4 al-capone")],
            "areas": [{FN: 5}, {}], "stock_size": 55, "discard_size": 4, "discard_top": SW,
        },
    },
)
scenario(
    name="search-set-finds-nothing",
    rule="decision (engine) · Search for a Set may be played when the Underworld holds none of "
         "the gangster: nothing is taken, the Warrant goes on top",
    description="p0 melds 3 Frank Nitti and searches the Underworld (one Mike Heitler) for "
                "Frank Nitti: nothing found.",
    deals=[BASE_SET],
    actions=[["draw stock", meld_text(FN, 3), "play search-warrant set frank-nitti"]],
    expected={
        "ok": True, "to_act": 0,
        "state": {
            "hands": [hand("3 johnny-torrio, 2 william-white, samuel-hunt, jake-guzik, "
                           "jack-mcgurn"),
                      hand("2 frank-nitti, 4 murray-humphreys, 4 ralph-capone")],
            "areas": [{FN: 3}, {}], "stock_size": 63, "discard_size": 2, "discard_top": SW,
        },
    },
)
_illegal("search-set-no-meld-illegal",
         "Capone rulebook · Search for a Set: you need a meld (without a complete set) of the "
         "gangster in your area",
         "p0 holds 3 Johnny Torrio but has not melded them, and searches for a set of them.",
         BASE_SET, ["draw stock", "play search-warrant set johnny-torrio"],
         "Search for a Set: you need a meld without a complete set in your play area of "
         "Johnny Torrio")

scenario(
    name="search-set-partner-meld",
    rule="Capone rulebook · Team Play + Search for a Set: partners share one play area, so a "
         "meld your partner laid out is a meld in your play area to search for",
    description="4 players in teams, p3 deals. p0 throws away an Al Capone; p1 a Frank Nitti; "
                "p2 (p0's partner) melds 3 Frank Nitti and throws away an Al Capone; p3 a Frank "
                "Nitti. p0 draws raid and eliot-ness and searches the Underworld for the team's "
                "Frank Nitti: takes both and lays them off (5 in the team's area); Mike "
                "Heitler and the two Al Capone go back under the Warrant.",
    options={"players": 4}, first_dealer=3,
    deals=[Deal(hands=["search-warrant, 2 samuel-hunt, 2 william-white, 2 fred-burke, "
                       "2 mike-heitler, jake-guzik",
                       "frank-nitti, 6 ralph-capone, 3 jack-mcgurn",
                       "3 frank-nitti, 7 murray-humphreys",
                       "frank-nitti, 4 jack-mcgurn, 3 jake-guzik, 2 johnny-torrio"],
                upcard=HE, top="8 al-capone, raid, eliot-ness")],
    actions=[["draw stock", "discard al-capone",
              "draw stock", "discard frank-nitti",
              "draw stock", meld_text(FN, 3), "discard al-capone",
              "draw stock", "discard frank-nitti",
              "draw stock", "play search-warrant set frank-nitti",
              "layoff frank-nitti", "layoff frank-nitti"]],
    expected={
        "ok": True, "to_act": 0,
        "legal": discards(AC, EN, FB, HE, JG, RAID, SH, WW),
        "state": {
            "hands": [hand("2 samuel-hunt, 2 william-white, 2 fred-burke, 2 mike-heitler, "
                           "jake-guzik, al-capone, raid, eliot-ness"),
                      hand("6 ralph-capone, 3 jack-mcgurn, 2 al-capone"),
                      hand("7 murray-humphreys, al-capone"),
                      hand("4 jack-mcgurn, 3 jake-guzik, 2 johnny-torrio, 2 al-capone")],
            "areas": [{FN: 5}, {}], "stock_size": 86 - 41 - 10, "discard_size": 4,
            "discard_top": SW,
        },
    },
)

# =========================================================================================
# Eliot Ness: Reveal Seven (Draw Two: see gavel-received-not-offered)
# =========================================================================================

BASE_REVEAL = Deal(
    hands=["3 frank-nitti, 3 johnny-torrio, eliot-ness, samuel-hunt, william-white, fred-burke",
           P1_PLAIN],
    upcard=HE, top="jake-guzik, jack-mcgurn, 2 al-capone, william-white, samuel-hunt, "
                   "frank-nitti, raid, murray-humphreys, johnny-torrio, al-capone, "
                   "frank-nitti, agent-meeting")
scenario(
    name="reveal-seven",
    rule="decision · Reveal Seven takes every revealed Evidence card matching an incomplete "
         "meld of yours; the rest go to the Underworld in the order revealed, last on top",
    description="p0 has melds of Frank Nitti and Johnny Torrio, p1 of Murray Humphreys. "
                "Revealed: Frank Nitti, raid, Murray Humphreys, Johnny Torrio, Al Capone, "
                "Frank Nitti, Agent Meeting. p0 takes both Frank Nitti and the Johnny Torrio; "
                "the other four go onto the Underworld, the Agent Meeting last, on top.",
    deals=[BASE_REVEAL],
    actions=[["draw stock", meld_text(FN, 3), meld_text(JT, 3), "discard jack-mcgurn",
              "draw stock", meld_text(MH, 3), "discard al-capone",
              "draw stock", "play eliot-ness reveal-seven"]],
    expected={
        "ok": True, "to_act": 0,
        "legal": discards(FB, FN, JG, JT, SH, WW) + layoffs(FN, JT),
        "state": {
            "hands": [hand("2 samuel-hunt, 2 william-white, fred-burke, jake-guzik, "
                           "2 frank-nitti, johnny-torrio"),
                      hand("3 ralph-capone, 2 jake-guzik, 2 jack-mcgurn, al-capone")],
            "areas": [{FN: 3, JT: 3}, {MH: 3}], "stock_size": 52, "discard_size": 8,
            "discard_top": AM,
        },
    },
)
_illegal("reveal-seven-no-meld-illegal",
         "Capone rulebook · Reveal Seven: you need a meld in your own play area (another "
         "player's meld does not count)",
         "p1 has melded Murray Humphreys; p0 has no meld and tries Reveal Seven.",
         BASE_REVEAL, ["draw stock", "discard jack-mcgurn",
                       "draw stock", meld_text(MH, 3), "discard al-capone",
                       "draw stock", "play eliot-ness reveal-seven"],
         "Reveal Seven: you need a meld without a complete set")

scenario(
    name="reveal-seven-partner-meld",
    rule="Capone rulebook · Team Play + Reveal Seven: partners share one play area, so the "
         "Evidence cards matching a meld your partner laid out match melds in your play area",
    description="4 players in teams, p3 deals. Each throws away an Al Capone in turn; p2 "
                "(p0's partner) melds 3 Frank Nitti on the way. p0 draws raid and search-warrant "
                "and plays Reveal Seven: Frank Nitti, Johnny Torrio, Frank Nitti, Samuel Hunt, "
                "William White, Eliot Ness, Fred Burke. p0 takes both Frank Nitti (the team's "
                "meld) and lays them off: 5 in the team's area; the other five go onto the "
                "Underworld, Fred Burke on top.",
    options={"players": 4}, first_dealer=3,
    deals=[Deal(hands=["eliot-ness, 2 samuel-hunt, 2 william-white, 2 fred-burke, "
                       "2 mike-heitler, jake-guzik",
                       "7 ralph-capone, 3 jack-mcgurn",
                       "3 frank-nitti, 7 murray-humphreys",
                       "4 jack-mcgurn, 4 jake-guzik, 2 johnny-torrio"],
                upcard=HE, top="8 al-capone, raid, search-warrant, frank-nitti, johnny-torrio, "
                               "frank-nitti, samuel-hunt, william-white, eliot-ness, "
                               "fred-burke")],
    actions=[["draw stock", "discard al-capone",
              "draw stock", "discard al-capone",
              "draw stock", meld_text(FN, 3), "discard al-capone",
              "draw stock", "discard al-capone",
              "draw stock", "play eliot-ness reveal-seven",
              "layoff frank-nitti", "layoff frank-nitti"]],
    expected={
        "ok": True, "to_act": 0,
        "legal": discards(AC, FB, HE, JG, RAID, SH, SW, WW),
        "state": {
            "hands": [hand("2 samuel-hunt, 2 william-white, 2 fred-burke, 2 mike-heitler, "
                           "jake-guzik, al-capone, raid, search-warrant"),
                      hand("7 ralph-capone, 3 jack-mcgurn, al-capone"),
                      hand("7 murray-humphreys, al-capone"),
                      hand("4 jack-mcgurn, 4 jake-guzik, 2 johnny-torrio, al-capone")],
            "areas": [{FN: 5}, {}], "stock_size": 86 - 41 - 10 - 7, "discard_size": 11,
            "discard_top": FB,
        },
    },
)

# =========================================================================================
# Raid
# =========================================================================================

scenario(
    name="raid-all-other-areas",
    rule="Capone rulebook · Raid: collect all copies of the gangster from the play areas of all "
         "fellow players (3 players)",
    description="3 players, p2 deals. p0 melds 3 Frank Nitti; p1 and p2 each lay one off into "
                "their own areas; p0's Raid brings both into p0's area (5).",
    options={"players": 3}, first_dealer=2,
    deals=[Deal(hands=["3 frank-nitti, raid, 2 johnny-torrio, 2 samuel-hunt, 2 william-white",
                       "frank-nitti, 4 murray-humphreys, 3 ralph-capone, 2 jake-guzik",
                       "frank-nitti, 4 jack-mcgurn, 4 jake-guzik, ralph-capone"],
                upcard=HE, top="8 al-capone")],
    actions=[["draw stock", meld_text(FN, 3), "discard al-capone",
              "draw stock", "layoff frank-nitti", "discard al-capone",
              "draw stock", "layoff frank-nitti", "discard al-capone",
              "draw stock", "play raid frank-nitti"]],
    expected={
        "ok": True, "to_act": 0,
        "legal": discards(AC, JT, SH, WW) + melds(AC, 3),
        "state": {
            "hands": [hand("2 johnny-torrio, 2 samuel-hunt, 2 william-white, 3 al-capone"),
                      hand("4 murray-humphreys, 3 ralph-capone, 2 jake-guzik, al-capone"),
                      hand("4 jack-mcgurn, 4 jake-guzik, ralph-capone, al-capone")],
            "areas": [{FN: 5}, {}, {}], "stock_size": 47, "discard_size": 5,
            "discard_top": RAID,
        },
    },
)
scenario(
    name="raid-teams",
    rule="Capone rulebook · Team Play + Raid: a partner's layoff joins the team's area; a Raid "
         "takes the other team's cards and completes the set",
    description="4 players in teams, p3 deals. p0 melds 3 Frank Nitti; p1, p2 (p0's partner) "
                "and p3 each lay one off: team 0 holds 4, team 1 holds 2. p0's Raid takes "
                "team 1's two: all 6 in team 0's area.",
    options={"players": 4}, first_dealer=3,
    deals=[Deal(hands=["3 frank-nitti, raid, 6 murray-humphreys",
                       "frank-nitti, 7 ralph-capone, 2 samuel-hunt",
                       "frank-nitti, 7 jake-guzik, 2 william-white",
                       "frank-nitti, 7 jack-mcgurn, 2 fred-burke"],
                upcard=HE, top="8 al-capone, 2 johnny-torrio")],
    actions=[["draw stock", meld_text(FN, 3), "discard al-capone",
              "draw stock", "layoff frank-nitti", "discard al-capone",
              "draw stock", "layoff frank-nitti", "discard al-capone",
              "draw stock", "layoff frank-nitti", "discard al-capone",
              "draw stock", "play raid frank-nitti"]],
    expected={
        "ok": True, "to_act": 0,
        "legal": discards(AC, JT, MH) + melds(MH, 3, 4, 5, 6),
        "state": {
            "hands": [hand("6 murray-humphreys, al-capone, 2 johnny-torrio"),
                      hand("7 ralph-capone, 2 samuel-hunt, al-capone"),
                      hand("7 jake-guzik, 2 william-white, al-capone"),
                      hand("7 jack-mcgurn, 2 fred-burke, al-capone")],
            "areas": [{FN: 6}, {}], "stock_size": 35, "discard_size": 6, "discard_top": RAID,
        },
    },
)
_illegal("raid-no-gain-illegal",
         "Capone rulebook · Raid: you may not play the Raid if it would not gain you at least "
         "1 card",
         "p0 melds Frank Nitti; nobody else has any; the Raid is refused.",
         BASE_MELD, ["draw stock", meld_text(FN, 3), "play raid frank-nitti"],
         "must gain you at least 1 card")
_illegal("raid-needs-own-meld-illegal",
         "Capone rulebook · Raid: name a gangster of which you have a meld in your play area",
         "p0 melds Frank Nitti; p1 lays one off (1 in its area) and tries to raid Frank Nitti.",
         Deal(hands=["3 frank-nitti, 2 johnny-torrio, 2 samuel-hunt, 2 william-white, "
                     "eliot-ness",
                     "frank-nitti, raid, 4 murray-humphreys, 4 ralph-capone"],
              upcard=HE, top="4 al-capone"),
         ["draw stock", meld_text(FN, 3), "discard al-capone",
          "draw stock", "layoff frank-nitti", "play raid frank-nitti"],
         "Raid: you need a meld of Frank Nitti in your play area")

# =========================================================================================
# Scoring and the exclusion rule
# =========================================================================================

scenario(
    name="scoring-complete-set",
    rule="Capone rulebook · Scoring: a complete set scores its set value instead of its cards' "
         "points (Frank Nitti: 19, not 6 × 2)",
    description="p0 melds all 6 Frank Nitti and 3 Johnny Torrio; p1 melds 3 Murray Humphreys; "
                "p0 melds 3 William White and goes out: 19 + 6 + 6 = 31 against 6.",
    deals=[Deal(hands=["6 frank-nitti, 3 johnny-torrio, samuel-hunt", P1_PLAIN],
                upcard=HE, top="2 william-white, 2 al-capone, william-white, raid")],
    actions=[["draw stock", meld_text(FN, 6), meld_text(JT, 3), "discard samuel-hunt",
              "draw stock", meld_text(MH, 3), "discard al-capone",
              "draw stock", meld_text(WW, 3), "discard raid"]],
    expected={"ok": True, "hands": [ended("went-out", [31, 6], [
        [["3 Johnny Torrio", 6], ["complete set: 6 Frank Nitti", 19], ["3 William White", 6]],
        [["3 Murray Humphreys", 6]],
    ])], "totals": [31, 6],
              "game_over": False, "to_act": 1},
)
scenario(
    name="scoring-split-set-and-layoffs",
    rule="decision · a complete set is every copy in one area; layoffs score in the area "
         "they lie in; no minus points for cards in hand",
    description="p0 melds 3 Samuel Hunt, p1 lays the other 2 off: all 5 are out but split, so "
                "they score 6 and 4 (not 15). p0 goes out with 4 Jack McGurn and 5 Jake Guzik "
                "too: 8 + 10 + 6 = 24; p1: 4 + 6 = 10, its 6 cards in hand cost nothing.",
    deals=[Deal(hands=["3 samuel-hunt, 4 jack-mcgurn, 3 jake-guzik",
                       "2 samuel-hunt, 3 murray-humphreys, 3 ralph-capone, 2 fred-burke"],
                upcard=HE, top="jake-guzik, ralph-capone, 2 al-capone, jake-guzik, "
                               "william-white")],
    actions=[["draw stock", meld_text(SH, 3), meld_text(JM, 4), "discard ralph-capone",
              "draw stock", "layoff samuel-hunt", "layoff samuel-hunt", meld_text(MH, 3),
              "discard al-capone",
              "draw stock", meld_text(JG, 5), "discard william-white"]],
    expected={"ok": True, "hands": [ended("went-out", [24, 10])], "totals": [24, 10]},
)
_SCORING_4P = [Deal(hands=["4 jack-mcgurn, 4 jake-guzik, 2 ralph-capone",
                           "3 murray-humphreys, 7 al-capone",
                           "3 ralph-capone, 6 frank-nitti, samuel-hunt",
                           "murray-humphreys, 6 william-white, 3 fred-burke"],
                    upcard=HE, top="al-capone, samuel-hunt, 2 samuel-hunt, 2 fred-burke, "
                                   "2 ralph-capone")]
_SCORING_4P_ACTIONS = [["draw stock", meld_text(MH, 3), "discard samuel-hunt",
                        "draw stock", meld_text(RC, 3), "discard samuel-hunt",
                        "draw stock", "layoff murray-humphreys", "discard fred-burke",
                        *OUT_AT_ONCE]]
scenario(
    name="scoring-4p-singles",
    rule="decision · teams=false: every player scores their own area",
    description="4 singles, p0 deals, p1 starts: p1 melds 3 Murray Humphreys (6), p2 3 Ralph "
                "Capone (6), p3 lays a Murray Humphreys off into its own area (2), p0 goes out "
                "with 22.",
    options={"players": 4, "teams": False}, first_dealer=0,
    deals=_SCORING_4P, actions=_SCORING_4P_ACTIONS,
    expected={"ok": True, "sides": [[0], [1], [2], [3]],
              "hands": [ended("went-out", [22, 6, 6, 2])], "totals": [22, 6, 6, 2],
              "to_act": 2},
)
scenario(
    name="scoring-4p-teams",
    rule="Capone rulebook · Team Play: partners share one area and score together",
    description="The same game with teams: p3's layoff joins p1's Murray Humphreys (4 = 8), "
                "p2's Ralph Capone and p0's 22 make 28 for team p0+p2.",
    options={"players": 4}, first_dealer=0,
    deals=_SCORING_4P, actions=_SCORING_4P_ACTIONS,
    expected={"ok": True, "sides": [[0, 2], [1, 3]],
              "hands": [ended("went-out", [28, 8], [
                  [["6 Ralph Capone", 12], ["4 Jake Guzik", 8], ["4 Jack McGurn", 8]],
                  [["4 Murray Humphreys", 8]],
              ])], "totals": [28, 8], "to_act": 2},
)

scenario(
    name="exclusion",
    rule="Capone rulebook · The Exclusion Rule: going out with all 8 Al Capone in your area — "
         "the other players score nothing",
    description="p0 deals, p1 melds 4 Murray Humphreys and 3 Ralph Capone (14 points). p0 melds "
                "all 8 Al Capone and 3 Johnny Torrio and goes out: 38 + 6 = 44, p1 gets 0.",
    first_dealer=0,
    deals=[Deal(hands=["8 al-capone, johnny-torrio, samuel-hunt", P1_PLAIN],
                upcard=HE, top="murray-humphreys, william-white, 2 johnny-torrio")],
    actions=[["draw stock", meld_text(MH, 4), meld_text(RC, 3), "discard william-white",
              "draw stock", meld_text(AC, 8), meld_text(JT, 3), "discard samuel-hunt"]],
    expected={"ok": True, "hands": [ended("went-out", [44, 0], [
        [["complete set: 8 Al Capone", 38], ["3 Johnny Torrio", 6]],
        [["4 Murray Humphreys", 8], ["3 Ralph Capone", 6],
         ["excluded: p0 went out with all 8 Al Capone melded", -14]],
    ])], "totals": [44, 0]},
)
scenario(
    name="exclusion-not-without-going-out",
    rule="Capone rulebook · The Exclusion Rule: no exclusion when the holder of the Al Capone "
         "set does not end the hand by discarding their last card",
    description="p0 lays out all 8 Al Capone; p1 goes out with 22. Both score: 38 and 22.",
    deals=[Deal(hands=["8 al-capone, johnny-torrio, samuel-hunt",
                       "4 murray-humphreys, 4 ralph-capone, 2 jake-guzik"],
                upcard=HE, top="2 johnny-torrio, jake-guzik, william-white")],
    actions=[["draw stock", meld_text(AC, 8), "discard samuel-hunt",
              "draw stock", meld_text(MH, 4), meld_text(RC, 4), meld_text(JG, 3),
              "discard william-white"]],
    expected={"ok": True, "hands": [ended("went-out", [38, 22])], "totals": [38, 22]},
)
scenario(
    name="exclusion-teams",
    rule="Capone rulebook · The Exclusion Rule: in team play your partner may hold the Al Capone "
         "set",
    description="4 players in teams, p1 deals, p2 starts and lays out all 8 Al Capone; p3 melds "
                "3 Murray Humphreys; p0 goes out with 4 Johnny Torrio, 4 Samuel Hunt, 3 William "
                "White. Team p0+p2: 38 + 8 + 8 + 6 = 60; team p1+p3: 0.",
    options={"players": 4}, first_dealer=1,
    deals=[Deal(hands=["4 johnny-torrio, 4 samuel-hunt, 2 william-white",
                       "7 jack-mcgurn, 3 ralph-capone",
                       "8 al-capone, fred-burke, ralph-capone",
                       "3 murray-humphreys, 7 jake-guzik"],
                upcard=HE, top="2 ralph-capone, 2 mike-heitler, william-white, fred-burke")],
    actions=[["draw stock", meld_text(AC, 8), "discard fred-burke",
              "draw stock", meld_text(MH, 3), "discard mike-heitler",
              "draw stock", meld_text(JT, 4), meld_text(SH, 4), meld_text(WW, 3),
              "discard fred-burke"]],
    expected={"ok": True, "hands": [ended("went-out", [60, 0], [
        [["complete set: 8 Al Capone", 38], ["4 Johnny Torrio", 8], ["3 William White", 6],
         ["4 Samuel Hunt", 8]],
        [["3 Murray Humphreys", 6],
         ["excluded: p0 & p2 went out with all 8 Al Capone melded", -6]],
    ])], "totals": [60, 0]},
)

# =========================================================================================
# The Case File runs out: the current turn is finished, then the hand ends
# =========================================================================================

# p0 melds Frank Nitti, p1 Murray Humphreys; then 30 turns each draw 2 and throw away the
# first: 65 - 4 - 60 = 1 card is left when p0's turn comes. The 6th Frank Nitti is the
# upcard, so p1 holds exactly its 2 Frank Nitti throughout. The last five cards of the
# Case File: william-white, william-white, murray-humphreys, agent-meeting, raid.
BASE_END = Deal(
    hands=["3 frank-nitti, agent-meeting, eliot-ness, 2 johnny-torrio, 2 samuel-hunt, "
           "william-white",
           "3 murray-humphreys, 2 frank-nitti, 2 ralph-capone, 2 jake-guzik, jack-mcgurn"],
    upcard=FN, top="4 al-capone",
    bottom="2 william-white, murray-humphreys, agent-meeting, raid")
_END = ["draw stock", meld_text(FN, 3), "discard samuel-hunt",
        "draw stock", meld_text(MH, 3), "discard jack-mcgurn"]
_END_1 = [*_END, burn(30)]  # p0 to act, 1 card in the Case File, 33 in the Underworld

scenario(
    name="case-file-last-card",
    rule="Capone rulebook · Draw: if only 1 card remains in the Case File, you draw only that 1; "
         "the player still finishes the turn",
    description="One card is left; p0 draws it. The hand goes on: p0 is still to act.",
    deals=[BASE_END], actions=[[*_END_1, "draw stock"]],
    expected={"ok": True, "hands": [open_hand()], "to_act": 0,
              "state": {"stock_size": 0, "discard_size": 33, "areas": [{FN: 3}, {MH: 3}]}},
)
scenario(
    name="case-file-exhausted",
    rule="Capone rulebook · Ending the Hand B: the Case File used up — the player whose turn it "
         "is finishes the turn, then the hand ends and is scored",
    description="p0 draws the last card and discards: the hand ends, 6 against 6. Hand 2 is "
                "dealt by p0, so p1 starts.",
    deals=[BASE_END], actions=[[*_END_1, "draw stock", "discard william-white"]],
    expected={"ok": True, "hands": [ended("stock-exhausted", [6, 6])], "totals": [6, 6],
              "game_over": False, "to_act": 1, "legal": DRAWS},
)
scenario(
    name="repetition-ends-hand",
    rule="decision (docs/rules-capone.md, End of a hand) · once two full rounds have passed "
         "without the Case File changing, the third time the same position stands at the "
         "start of a turn, the hand ends and is scored as if the Case File were used up",
    description="One card is left in the Case File. p0 takes the Underworld's top card and "
                "throws it back, p1 does the same, four times each. After two rounds p0's "
                "position (everything the same: hands, areas, Underworld, whose turn) is "
                "counted; at the end of the eighth turn it stands for the third time since, so "
                "the hand ends, scored 6 against 6 as if the Case File were used up. Hand 2 is "
                "dealt by p0, so p1 starts.",
    deals=[BASE_END], actions=[[*_END_1, take_back(8)]],
    expected={"ok": True, "hands": [ended("repetition", [6, 6])], "totals": [6, 6],
              "game_over": False, "to_act": 1, "legal": DRAWS},
)
scenario(
    name="repetition-twice-goes-on",
    rule="decision (docs/rules-capone.md, End of a hand) · a position counted twice ends "
         "nothing: only its third count does",
    description="As before, one turn fewer: p0's and p1's positions have been counted twice "
                "each, and the hand goes on with p1 to act.",
    deals=[BASE_END], actions=[[*_END_1, take_back(7)]],
    expected={"ok": True, "hands": [open_hand()], "to_act": 1, "legal": DRAWS,
              "state": {"stock_size": 1, "discard_size": 33}},
)
scenario(
    name="repetition-broken-by-another-discard",
    rule="decision (docs/rules-capone.md, End of a hand) · only the same whole position counts: "
         "a different card thrown back makes a new one",
    description="As in the hand that ends by repetition, but in the fifth turn p0 keeps the "
                "card and throws back a William White: the hand and the Underworld differ, "
                "and three more take-backs count each new position at most twice.",
    deals=[BASE_END],
    actions=[[*_END_1, take_back(4), "draw discard", "discard william-white", take_back(3)]],
    expected={"ok": True, "hands": [open_hand()], "to_act": 0, "legal": DRAWS},
)
scenario(
    name="case-file-draw-two-last",
    rule="Capone rulebook · Gavel Cards: with fewer cards in the Case File than required, as many "
         "as possible are drawn (Draw Two draws the last card)",
    description="One card is left; p0 takes the Underworld's top card, then Draw Two draws "
                "the last one. p0 finishes the turn.",
    deals=[BASE_END], actions=[[*_END_1, "draw discard", "play eliot-ness draw-two"]],
    expected={"ok": True, "hands": [open_hand()], "to_act": 0,
              "state": {"stock_size": 0, "discard_size": 33, "discard_top": EN}},
)
scenario(
    name="case-file-draw-two-ends-hand",
    rule="decision · if the Case File runs out during any effect (Draw Two), the hand ends "
         "when the current turn ends",
    description="As before, then p0 discards: the hand is over, 6 against 6.",
    deals=[BASE_END],
    actions=[[*_END_1, "draw discard", "play eliot-ness draw-two", "discard william-white"]],
    expected={"ok": True, "hands": [ended("stock-exhausted", [6, 6])], "totals": [6, 6]},
)
scenario(
    name="case-file-ask-directly-last",
    rule="decision · if the Case File runs out during any effect (Ask Directly's "
         "replacement draw), the current turn goes on",
    description="One card is left; p0 asks p1 directly for Frank Nitti: p1 gives 2 but can "
                "replace only 1. p0 lays both off and is still to act.",
    deals=[BASE_END],
    actions=[[*_END_1, "draw discard", "play agent-meeting ask-directly frank-nitti p1",
              "layoff frank-nitti", "layoff frank-nitti"]],
    expected={"ok": True, "hands": [open_hand()], "to_act": 0,
              "state": {"stock_size": 0, "discard_size": 33, "discard_top": AM,
                        "areas": [{FN: 5}, {MH: 3}]}},
)
scenario(
    name="case-file-ask-directly-ends-hand",
    rule="decision · if the Case File runs out during any effect, the hand ends when the "
         "current turn ends",
    description="As before, then p0 discards: 10 (5 Frank Nitti) against 6.",
    deals=[BASE_END],
    actions=[[*_END_1, "draw discard", "play agent-meeting ask-directly frank-nitti p1",
              "layoff frank-nitti", "layoff frank-nitti", "discard william-white"]],
    expected={"ok": True, "hands": [ended("stock-exhausted", [10, 6])], "totals": [10, 6]},
)
scenario(
    name="case-file-ask-around-ends-hand",
    rule="decision · if the Case File runs out during any effect (Ask Around's replacement "
         "draw), the hand ends when the current turn ends",
    description="One card is left; p0 asks around for Frank Nitti: p1 gives one and draws the "
                "last card. p0 lays it off and discards: 8 against 6.",
    deals=[BASE_END],
    actions=[[*_END_1, "draw discard", "play agent-meeting ask-around frank-nitti",
              "layoff frank-nitti", "discard william-white"]],
    expected={"ok": True, "hands": [ended("stock-exhausted", [8, 6])], "totals": [8, 6]},
)
scenario(
    name="case-file-reveal-seven-last",
    rule="Capone rulebook · Gavel Cards: fewer than 7 in the Case File — Reveal Seven reveals as "
         "many as possible; the turn goes on",
    description="After 28 turns of filler p0 draws 2 of the last 5 cards and reveals the last "
                "3 (Murray Humphreys, Agent Meeting, raid): none matches p0's Frank Nitti "
                "(p1's Murray Humphreys meld does not count), all go to the Underworld, raid "
                "on top.",
    deals=[BASE_END],
    actions=[[*_END, burn(28), "draw stock", "play eliot-ness reveal-seven"]],
    expected={"ok": True, "hands": [open_hand()], "to_act": 0,
              "state": {"stock_size": 0, "discard_size": 35, "discard_top": RAID,
                        "areas": [{FN: 3}, {MH: 3}]}},
)
scenario(
    name="case-file-reveal-seven-ends-hand",
    rule="decision · if the Case File runs out during any effect (Reveal Seven), the hand "
         "ends when the current turn ends",
    description="As before, then p0 discards: 6 against 6.",
    deals=[BASE_END],
    actions=[[*_END, burn(28), "draw stock", "play eliot-ness reveal-seven",
              "discard william-white"]],
    expected={"ok": True, "hands": [ended("stock-exhausted", [6, 6])], "totals": [6, 6]},
)
scenario(
    name="draw-two-empty-case-file",
    rule="decision (engine) · Draw Two may be played on an empty Case File: it draws nothing "
         "('as many as possible')",
    description="p0 draws the last card, then plays Draw Two: nothing to draw, the Eliot Ness "
                "lies on the Underworld.",
    deals=[BASE_END], actions=[[*_END_1, "draw stock", "play eliot-ness draw-two"]],
    expected={"ok": True, "hands": [open_hand()], "to_act": 0,
              "state": {"stock_size": 0, "discard_size": 34, "discard_top": EN}},
)

# p0 lays out 8 Al Capone and keeps 3 Johnny Torrio; then p0 only takes the Underworld's
# top card and throws it back while p1 draws 2 a turn: 65 - 4 - 60 = 1 card left for p0,
# a Frank Nitti.
BASE_END_AC = Deal(hands=["8 al-capone, johnny-torrio, samuel-hunt", P1_PLAIN],
                   upcard=HE, top="2 johnny-torrio, murray-humphreys, william-white",
                   bottom="frank-nitti")
_END_AC = ["draw stock", meld_text(AC, 8), "discard samuel-hunt",
           "draw stock", meld_text(MH, 4), "discard william-white", recycle_and_burn(30)]
scenario(
    name="case-file-last-turn-going-out",
    rule="Capone rulebook · Ending the Hand: discarding the last hand card ends the hand by going "
         "out even in the turn that used up the Case File — and the exclusion applies",
    description="p0 draws the last card (Frank Nitti), melds 3 Johnny Torrio and discards the "
                "Frank Nitti, its last card: went out, with all 8 Al Capone: 44 against 0.",
    deals=[BASE_END_AC],
    actions=[[*_END_AC, "draw stock", meld_text(JT, 3), "discard frank-nitti"]],
    expected={"ok": True, "hands": [ended("went-out", [44, 0])], "totals": [44, 0]},
)
scenario(
    name="exclusion-not-when-case-file-exhausted",
    rule="Capone rulebook · The Exclusion Rule: no exclusion when the hand ends because the Case "
         "File is used up",
    description="The same hand, but p0 keeps its Johnny Torrio: the Case File ends the hand; "
                "p0 scores 38 for the Al Capone set and p1 8 for 4 Murray Humphreys.",
    deals=[BASE_END_AC], actions=[[*_END_AC, "draw stock", "discard frank-nitti"]],
    expected={"ok": True, "hands": [ended("stock-exhausted", [38, 8])], "totals": [38, 8]},
)

# =========================================================================================
# The game: hands to 200, running totals, ties, the target option
# =========================================================================================

_FIRST = "4 jack-mcgurn, 4 jake-guzik, 2 ralph-capone"  # + 2 Ralph Capone drawn: out

# The game-end scenarios keep the totals they were written with: their records say
# "cards": "classic", and the points below are the classic table's (Al Capone 5 a card,
# set 75; Mike Heitler 5; Frank Nitti and Johnny Torrio 4, set 40; Samuel Hunt 4; Murray
# Humphreys, Ralph Capone, Jake Guzik, Jack McGurn and William White 3).  The rules they
# test (running totals, the end at 200, ties, the target) do not depend on the values.
CLASSIC = "classic"
CLASSIC_NOTE = (" Scored with the classic card table (\"cards\": \"classic\"), the one these "
                "totals were written with: the rule tested does not depend on the values.")


def _p(starter: int, mine: str, other: str, top: str, players: int = 2) -> Deal:
    hands = [other] * players
    hands[starter] = mine
    return Deal(hands=hands, upcard=HE, top=top)


# 90 at once: 8 Al Capone (75) + 3 Mike Heitler (15) melded, the drawn Frank Nitti discarded;
# exclusion (the other side has nothing in its area anyway)
_AC90 = ("8 al-capone, 2 mike-heitler", "3 murray-humphreys, 3 ralph-capone, 4 jack-mcgurn",
         "mike-heitler, frank-nitti")
_AC90_ACTS = ["draw stock", meld_text(AC, 8), meld_text(HE, 3), "discard frank-nitti"]
# 60 at once: 6 Frank Nitti (40) + 5 Johnny Torrio (20)
_FN60 = ("6 frank-nitti, 4 johnny-torrio", "3 murray-humphreys, 3 ralph-capone, 4 jack-mcgurn",
         "johnny-torrio, william-white")
_FN60_ACTS = ["draw stock", meld_text(FN, 6), meld_text(JT, 5), "discard william-white"]
# 33 at once (classic): 4 Jack McGurn (12) + 4 Jake Guzik (12) + 3 Ralph Capone (9)
_33 = (_FIRST, "3 murray-humphreys, 3 frank-nitti, 4 william-white", "2 ralph-capone")

_GAME_200_DEALS = [
    _p(0, *_AC90),                   # hand 0, p1 deals: p0 90
    _p(1, *_33),                     # hand 1, p0 deals: p1 33
    _p(0, *_FN60),                   # hand 2, p1 deals: p0 60
    Deal(hands=["8 al-capone, 2 mike-heitler",
                "3 murray-humphreys, 3 ralph-capone, 4 jack-mcgurn"],
         upcard=HE, top="2 jake-guzik, mike-heitler, frank-nitti"),  # hand 3, p0 deals
]
_GAME_200_ACTS: list[list[Step]] = [
    list(_AC90_ACTS), list(OUT_AT_ONCE), list(_FN60_ACTS),
    ["draw stock", meld_text(MH, 3), "discard jake-guzik", *_AC90_ACTS],
]
scenario(
    name="game-running-totals",
    rule="Capone rulebook · End of the Game: hands are played until a side has 200 or more; "
         "the totals run on from hand to hand",
    description="p1 deals first. Hand 0: p0 goes out with 90; hand 1: p1 with 33; hand 2: p0 "
                "with 60 (6 Frank Nitti = 40, 5 Johnny Torrio = 20). 150 to 33: the game goes "
                "on, hand 3 is dealt by p0, p1 starts." + CLASSIC_NOTE,
    cards=CLASSIC,
    deals=_GAME_200_DEALS[:3], actions=_GAME_200_ACTS[:3],
    expected={"ok": True,
              "hands": [ended("went-out", [90, 0]), ended("went-out", [0, 33]),
                        ended("went-out", [60, 0])],
              "totals": [150, 33], "game_over": False, "winner": None, "to_act": 1,
              "legal": DRAWS},
)
scenario(
    name="game-to-200",
    rule="Capone rulebook · End of the Game: the game ends when, at the end of a hand, a side has "
         "200 or more; the highest score wins",
    description="As game-running-totals, then hand 3: p1 melds 3 Murray Humphreys, p0 goes out "
                "with all 8 Al Capone (exclusion: p1's 9 do not count): 240 to 33, p0 wins."
                + CLASSIC_NOTE,
    cards=CLASSIC,
    deals=_GAME_200_DEALS, actions=_GAME_200_ACTS,
    expected={"ok": True,
              "hands": [ended("went-out", [90, 0]), ended("went-out", [0, 33]),
                        ended("went-out", [60, 0]), ended("went-out", [90, 0])],
              "totals": [240, 33], "game_over": True, "winner": 0, "to_act": None, "legal": [],
              "state": {"areas": [{AC: 8, HE: 3}, {MH: 3}]}},
)
scenario(
    name="game-over-no-more-actions",
    rule="docs/records.md · verify: an action after the game is over is illegal (ok false, exit 1)",
    description="The record of game-to-200 with one more action after the last hand. Scored "
                "with the classic card table, as game-to-200.",
    cards=CLASSIC,
    deals=_GAME_200_DEALS, actions=[*_GAME_200_ACTS[:3], [*_GAME_200_ACTS[3], "draw stock"]],
    expected={"ok": False, "hand": 3, "index": len(_GAME_200_ACTS[3]), "action": "draw stock",
              "error_contains": "the game is over"},
)

_TIE_DEALS = [
    _p(0, *_AC90), _p(1, *_AC90), _p(0, *_AC90), _p(1, *_AC90),
    # hand 4, p1 deals: p0 melds 33 (3 Johnny Torrio 12, 3 Samuel Hunt 12, 3 William White
    # 9) and keeps 2 cards, then p1 goes out with 33 (4 Murray Humphreys, 4 Ralph Capone
    # 12 each, 3 Jake Guzik 9)
    Deal(hands=["3 johnny-torrio, 3 samuel-hunt, 3 william-white, fred-burke",
                "4 murray-humphreys, 4 ralph-capone, 2 jake-guzik"],
         upcard=HE, top="2 fred-burke, jake-guzik, mike-heitler"),
]
_TIE_ACTS: list[list[Step]] = [
    list(_AC90_ACTS), list(_AC90_ACTS), list(_AC90_ACTS), list(_AC90_ACTS),
    ["draw stock", meld_text(JT, 3), meld_text(SH, 3), meld_text(WW, 3), "discard fred-burke",
     "draw stock", meld_text(MH, 4), meld_text(RC, 4), meld_text(JG, 3),
     "discard mike-heitler"],
]
scenario(
    name="game-tie-another-hand",
    rule="Capone rulebook · End of the Game: in case of a tie (for the win, at 200 or more) a "
         "further hand is played",
    description="Four hands of 90 alternate (180 each); in hand 4 both score 33: 213 to 213, "
                "so hand 5 is dealt (by p0: p1 starts)." + CLASSIC_NOTE,
    cards=CLASSIC,
    deals=_TIE_DEALS, actions=_TIE_ACTS,
    expected={"ok": True,
              "hands": [ended("went-out", [90, 0]), ended("went-out", [0, 90]),
                        ended("went-out", [90, 0]), ended("went-out", [0, 90]),
                        ended("went-out", [33, 33])],
              "totals": [213, 213], "game_over": False, "winner": None, "to_act": 1,
              "legal": DRAWS},
)
scenario(
    name="game-tie-then-won",
    rule="Capone rulebook · End of the Game: after the tie the further hand decides; the higher "
         "total wins even when both are past 200",
    description="As game-tie-another-hand, then p1 goes out with 33 in hand 5: 213 to 246, "
                "p1 wins." + CLASSIC_NOTE,
    cards=CLASSIC,
    deals=[*_TIE_DEALS, _p(1, *_33)], actions=[*_TIE_ACTS, list(OUT_AT_ONCE)],
    expected={"ok": True, "totals": [213, 246], "game_over": True, "winner": 1,
              "to_act": None, "legal": []},
)
scenario(
    name="target-option",
    rule="decision / docs/records.md · option target: the game ends after a hand in which a side "
         "reaches the target (here 60) instead of 200",
    description="target=60: 33 to 0, then 33 to 33 (no one at 60), then 66 to 33: p0 wins."
                + CLASSIC_NOTE,
    options={"players": 2, "target": 60}, cards=CLASSIC,
    deals=[_p(0, *_33), _p(1, *_33), _p(0, *_33)],
    actions=[list(OUT_AT_ONCE), list(OUT_AT_ONCE), list(OUT_AT_ONCE)],
    expected={"ok": True,
              "hands": [ended("went-out", [33, 0]), ended("went-out", [0, 33]),
                        ended("went-out", [33, 0])],
              "totals": [66, 33], "game_over": True, "winner": 0, "to_act": None, "legal": []},
)

# =========================================================================================
# The rulebook's sample turn
# =========================================================================================

scenario(
    name="sample-turn",
    rule="Capone rulebook · Sample Turn: draw 2 from the Case File rather than the Underworld's "
         "Johnny Torrio, meld Ralph Capone and Samuel Hunt, Agent Meeting: Ask Directly the "
         "right-hand neighbour for Ralph Capone, who gives 1 and draws 1; lay it off as the "
         "4th card; discard; the left-hand neighbour is next",
    description="3 players, p2 deals: p0 starts, p1 sits to its left, p2 to its right. p0 "
                "holds 3 Ralph Capone, 2 Samuel Hunt, William White, Frank Nitti and three "
                "Gavel cards (Agent Meeting, Eliot Ness, Search Warrant); the Underworld shows "
                "Johnny Torrio. p0 draws Samuel Hunt and raid, melds 3 Ralph Capone and 3 "
                "Samuel Hunt, asks p2 directly for Ralph Capone: p2 gives its one and draws "
                "Mike Heitler. p0 lays the Ralph Capone off as the 4th, discards William "
                "White, and p1 is next.",
    options={"players": 3}, first_dealer=2,
    deals=[Deal(hands=["3 ralph-capone, 2 samuel-hunt, william-white, frank-nitti, "
                       "agent-meeting, eliot-ness, search-warrant",
                       "7 murray-humphreys, 3 jake-guzik",
                       "ralph-capone, 4 jack-mcgurn, 4 jake-guzik, fred-burke"],
                upcard=JT, top="samuel-hunt, raid, mike-heitler")],
    actions=[["draw stock", meld_text(RC, 3), meld_text(SH, 3),
              "play agent-meeting ask-directly ralph-capone p2", "layoff ralph-capone",
              "discard william-white"]],
    expected={
        "ok": True, "to_act": 1, "legal": DRAWS, "hands": [open_hand()],
        "state": {
            "hands": [hand("frank-nitti, eliot-ness, search-warrant, raid"),
                      hand("7 murray-humphreys, 3 jake-guzik"),
                      hand("4 jack-mcgurn, 4 jake-guzik, fred-burke, mike-heitler")],
            "areas": [{RC: 4, SH: 3}, {}, {}], "stock_size": 86 - 31 - 3, "discard_size": 3,
            "discard_top": WW,
        },
    },
)

# =========================================================================================
# Illegal actions are reported, and nothing after them is applied
# =========================================================================================

_illegal("illegal-stops-replay",
         "records.md · verify: an illegal action gives ok false, hand, index, action (as written), "
         "error; exit 1; nothing after it is applied",
         "p0's second action is a two-card meld written loosely; the legal actions after it are "
         "not replayed.",
         BASE_MELD, ["draw stock", "Meld  Frank-Nitti FRANK-NITTI"],
         "3 or more Evidence cards")
SCENARIOS[-1].actions[0].extend([meld_text(FN, 3), "discard raid"])
SCENARIOS[-1].expected["index"] = 1
scenario(
    name="illegal-in-later-hand",
    rule="docs/records.md · verify: 'hand' and 'index' locate the illegal action in the record",
    description="Hand 0 ends with p0 going out; in hand 1 (p1 to start) the first action is a "
                "discard before drawing.",
    deals=[BASE_LAST, _p(1, *_33)],
    actions=[[*_LAST, meld_text(FN, 3), "discard frank-nitti"], ["discard ralph-capone"]],
    expected={"ok": False, "hand": 1, "index": 0, "action": "discard ralph-capone",
              "error_contains": "draw first"},
)
_illegal("illegal-unknown-card",
         "docs/records.md · card ids as in decision: an unknown card is not an action",
         "p0 tries to discard a joker.",
         BASE_MELD, ["draw stock", "discard joker"], "'joker' is not a capone card")
_illegal("illegal-after-hand-over",
         "docs/records.md · records: a hand's actions end with the hand",
         "p0 goes out, and the record goes on with another action in the same hand.",
         BASE_LAST, [*_LAST, meld_text(FN, 3), "discard frank-nitti", "draw stock"],
         "hand 0 is already over")
scenario(
    name="illegal-not-text",
    rule="docs/records.md · records: actions are texts",
    description="The record's first action is the number 42.",
    deals=[BASE_MELD], actions=[[]],
    record_extra={},
    expected={"ok": False, "hand": 0, "index": 0, "action": "42",
              "error_contains": "an action is text"},
)


# =========================================================================================
# Broken records: one line on stderr, exit status 2
# =========================================================================================

def _broken() -> None:
    good, _ = build(SCENARIOS[0])
    rule = "records.md · verify: an unreadable or invalid record → a one-line message on stderr, " \
           "exit status 2, never a traceback"

    def variant_of(**changes: Any) -> dict[str, Any]:
        record: dict[str, Any] = json.loads(json.dumps(good))
        record.update(changes)
        record["rule"] = rule
        return record

    short = variant_of()
    short["hands"][0]["deck"] = short["hands"][0]["deck"][:-1]
    short["description"] = "The deck lacks its last card (85 cards)."
    write_raw("broken-deck-short", short, {"exit": 2, "error_contains": "'raid' missing"})

    joker = variant_of()
    joker["hands"][0]["deck"][-1] = "joker"
    joker["description"] = "The deck holds a card that capone does not have."
    write_raw("broken-deck-unknown-card", joker,
              {"exit": 2, "error_contains": "'joker' too many"})

    twice = variant_of()
    deck = twice["hands"][0]["deck"]
    deck[-1] = deck[0]
    twice["description"] = "One card is replaced by a second copy of another: not a permutation."
    write_raw("broken-deck-duplicate", twice,
              {"exit": 2, "error_contains": "'al-capone' too many"})

    write_raw("broken-unknown-variant",
              variant_of(variant="poker", description="No such variant."),
              {"exit": 2, "error_contains": "unknown variant 'poker'"})
    write_raw("broken-option-players",
              variant_of(options={"players": 5}, description="capone seats 2 to 4 players."),
              {"exit": 2, "error_contains": "option players=5 is not one of"})
    write_raw("broken-option-unknown",
              variant_of(options={"players": 2, "jokers": True},
                         description="capone has no option 'jokers'."),
              {"exit": 2, "error_contains": "no option 'jokers'"})
    write_raw("broken-option-teams",
              variant_of(options={"players": 4, "teams": "maybe"},
                         description="teams takes true or false."),
              {"exit": 2, "error_contains": "teams takes true or false"})
    write_raw("broken-option-target",
              variant_of(options={"players": 2, "target": 0},
                         description="The target must be at least 1."),
              {"exit": 2, "error_contains": "target must be at least 1"})
    write_raw("broken-first-dealer",
              variant_of(first_dealer=2, description="There is no seat p2 at a 2-player table."),
              {"exit": 2, "error_contains": "first_dealer 2 is not a seat"})
    write_raw("broken-format",
              variant_of(format="tablerummy/9", description="An unknown record format."),
              {"exit": 2, "error_contains": "unknown record format"})
    unfinished = variant_of(description="Hand 0 stops mid-hand, yet a hand 1 follows.")
    unfinished["hands"] = [{"deck": good["hands"][0]["deck"], "actions": ["draw stock"]},
                           {"actions": ["draw stock"]}]
    write_raw("broken-unfinished-hand", unfinished,
              {"exit": 2, "error_contains": "hand 0 is unfinished"})
    hands_not_list = variant_of(hands={"deck": []}, description="'hands' must be a list.")
    write_raw("broken-hands-not-list", hands_not_list,
              {"exit": 2, "error_contains": "'hands' has the wrong type"})


def main() -> None:
    scenario_tools.clear(HERE)
    for s in SCENARIOS:
        write(s)
    # the one record whose action is not text cannot be built through the engine
    path = HERE / "illegal-not-text.json"
    record = json.loads(path.read_text(encoding="utf-8"))
    record["hands"][0]["actions"] = [42, "draw stock"]
    path.write_text(_dump_record(record), encoding="utf-8")
    _broken()
    print(f"wrote {len(SCENARIOS)} scenarios and the broken records into {HERE}")


if __name__ == "__main__":
    main()
