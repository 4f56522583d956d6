"""Events in words, as each seat reads them: Gavel cards, votes, ends of hand, card words.

The positions are the scenario records of ``tests/scenarios`` replayed with logging on;
each test reads the last lines of the hand as given seats read them
(``Game.events(seat)``, the one source the terminal and the web page show).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from tablerummy import Game, get_variant
from tablerummy.events import area_of, read, read_log, side_name, their, verb, who, whose
from tablerummy.records import load_json, replay
from tablerummy.stacking import stacked_deck

SCENARIOS = Path(__file__).resolve().parent / "scenarios"


def _game(name: str) -> Game:
    return replay(load_json(SCENARIOS / f"{name}.json"), log=True).game  # to its end or
    # to the illegal action the record tests


def tail(name: str, seat: int | None, count: int) -> list[str]:
    """The last ``count`` events of the record's first hand as ``seat`` reads them."""
    return _game(name).events(seat, 0)[-count:]


# --- the markers ------------------------------------------------------------------------


def test_a_seat_reads_you_and_your_and_the_others_read_its_number() -> None:
    text = (f"{who(1)} asked {who(2)}; {who(2)} {verb(2, 'has', 'have')} none;"
            f" {whose(1)} meld, {their(1)} hand, {area_of([0, 2])}, {side_name([0, 2])}")
    assert read(text, 1) == "you asked p2; p2 has none; your meld, your hand," \
                            " p0 & p2's area, p0 & p2"
    assert read(text, 2) == "p1 asked you; you have none; p1's meld, their hand," \
                            " your team's area, p0 & you"
    assert read(text, None) == "p1 asked p2; p2 has none; p1's meld, their hand," \
                               " p0 & p2's area, p0 & p2"
    assert read(area_of([3]), 3) == "your area"


def test_a_private_line_is_read_only_by_its_seat() -> None:
    log = [(f"{who(0)} drew a card", {0: f"{who(0)} drew 7♠"})]
    assert read_log(log, 0) == ["you drew 7♠"]
    assert read_log(log, 1) == ["p0 drew a card"]
    assert read_log(log, None) == ["p0 drew a card"]
    assert read_log(None, 0) == []


def test_the_log_is_off_unless_asked_for() -> None:
    game = Game(get_variant("capone"), seed=3)
    game.apply("draw stock")
    assert game.state.log is None and game.events(0) == []


# --- capone: every Gavel card, told to every seat -------------------------------------


def test_a_stock_draw_is_named_to_the_drawer_only() -> None:
    name = "capone/reveal-seven"
    assert tail(name, 0, 2)[0] == "you drew William White, Samuel Hunt from the Case File"
    assert tail(name, 1, 2)[0] == "p0 drew 2 cards from the Case File"


def test_draw_two_names_both_cards_for_the_drawer_only() -> None:
    deck = stacked_deck(get_variant("capone"), 1, [["eliot-ness"], []],
                        stock_top=["al-capone", "al-capone", "frank-nitti", "jake-guzik"])
    game = Game(get_variant("capone"), seed=0, first_dealer=1, decks=[deck], log=True)
    game.apply("draw stock")  # p1 deals: p0 acts first
    game.apply("play eliot-ness draw-two")
    assert game.events(0)[-1] == \
        "you played Eliot Ness: Draw Two and drew Frank Nitti, Jake Guzik"
    assert game.events(1)[-1] == "p0 played Eliot Ness: Draw Two and drew 2 cards"
    name = "capone/draw-two-empty-case-file"
    assert tail(name, 0, 1) == ["you played Eliot Ness: Draw Two and drew nothing"]
    assert tail(name, 1, 1) == ["p0 played Eliot Ness: Draw Two and drew no card"]


def test_reveal_seven_is_shown_to_all() -> None:
    line = ("{} played Eliot Ness: Reveal Seven, revealed Frank Nitti, Raid, Murray Humphreys,"
            " Johnny Torrio, Al Capone, Frank Nitti, Agent Meeting; {} took Frank Nitti,"
            " Johnny Torrio, Frank Nitti; 4 cards went to the Underworld")
    assert tail("capone/reveal-seven", 0, 1) == [line.format("you", "you")]
    assert tail("capone/reveal-seven", 1, 1) == [line.format("p0", "p0")]


def test_search_individually_keeps_the_chosen_card_private() -> None:
    name = "capone/search-individually-takes-gavel"
    game = _game(name)
    mine, theirs = game.events(0, 0), game.events(1, 0)
    played = "played Search Warrant: Search Individually, to keep one card of the Underworld"
    assert f"you {played}" in mine and f"p0 {played}" in theirs
    kept = [line for line in mine if line.startswith("you kept ")]
    assert kept and kept[0].endswith(" from the Underworld and put the Search Warrant on top")
    assert "p0 kept one card of the Underworld and put the Search Warrant on top" in theirs


def test_search_for_a_set() -> None:
    assert tail("capone/search-set", 1, 3)[0] == (
        "p0 played Search Warrant: Search for a Set of Frank Nitti and took 2 Frank Nitti"
        " from the Underworld")
    assert tail("capone/search-set-finds-nothing", 0, 1) == [
        "you played Search Warrant: Search for a Set of Frank Nitti and found none in the"
        " Underworld"]


def test_raid_names_the_areas_in_each_readers_words() -> None:
    name = "capone/raid-teams"
    start = "played Raid on Frank Nitti and took 2 Frank Nitti into"
    assert tail(name, 0, 1) == [f"you {start} your team's area (2 from p1 & p3's area)"]
    assert tail(name, 2, 1) == [f"p0 {start} your team's area (2 from p1 & p3's area)"]
    assert tail(name, 1, 1) == [f"p0 {start} p0 & p2's area (2 from your team's area)"]
    assert tail(name, None, 1) == [f"p0 {start} p0 & p2's area (2 from p1 & p3's area)"]
    assert tail("capone/raid", 1, 1)[0].endswith("(1 from your area)")


def test_ask_directly_tells_who_asked_whom_and_what_was_given() -> None:
    name = "capone/ask-directly"
    asked = "played Agent Meeting: Ask Directly, asking"
    assert tail(name, 0, 3)[0] == (f"you {asked} p1 for Frank Nitti; p1 gave you 2 Frank"
                                   " Nitti and drew 2 cards to replace them")
    assert tail(name, 1, 3)[0] == (f"p0 {asked} you for Frank Nitti; you gave p0 2 Frank"
                                   " Nitti and drew Raid, Eliot Ness to replace them")
    name = "capone/ask-directly-target-has-none"
    assert tail(name, 0, 1) == [f"you {asked} p1 for Frank Nitti; p1 has no Frank Nitti"]
    assert tail(name, 1, 1) == [f"p0 {asked} you for Frank Nitti; you have no Frank Nitti"]


def test_ask_around_tells_the_giver_who_asked_and_a_partner_is_not_you() -> None:
    name = "capone/ask-around-partner"  # four players in teams: p2 is p0's partner
    asked = "played Agent Meeting: Ask Around for Frank Nitti;"
    assert tail(name, 0, 1) == [f"you {asked} p2 gave you one and drew 1 card to replace it"]
    assert tail(name, 2, 1) == [f"p0 {asked} you gave p0 one and drew Raid to replace it"]
    assert tail(name, 1, 1) == [f"p0 {asked} p2 gave p0 one and drew 1 card to replace it"]
    assert tail("capone/ask-around-nobody-has-it", 1, 1)[0].endswith("nobody had one")


def test_capone_ends_of_hand() -> None:
    assert tail("capone/going-out", 0, 3) == [
        "you discarded Frank Nitti", "you went out",
        "the hand is over: you went out; scores: you 22, p1 0"]
    assert tail("capone/going-out", 1, 2) == [
        "p0 went out", "the hand is over: p0 went out; scores: p0 22, you 0"]
    assert tail("capone/case-file-exhausted", 1, 1) == [
        "the hand is over: the Case File is used up; scores: p0 6, you 6"]
    last = tail("capone/scoring-4p-teams", 2, 1)[0]
    assert last.startswith("the hand is over: ") and "p0 & you " in last


# --- ripper -----------------------------------------------------------------------------


def test_a_vote_is_secret_until_the_hand_is_scored() -> None:
    name = "ripper/vote-in-progress"
    assert tail(name, 0, 1) == ["you voted for Montague Druitt (secretly)"]
    assert tail(name, 1, 1) == ["p0 voted (secretly)"]
    assert tail(name, None, 1) == ["p0 voted (secretly)"]
    assert tail("ripper/vote-correct-caught", 1, 2) == [
        "p0 went out",
        "the hand is over: p0 went out; the Ripper, Sir William Gull, is caught; votes:"
        " p0 for Jill the Ripper, you for Sir William Gull; scores: p0 23, you 22"]


@pytest.mark.parametrize(("name", "mine", "theirs"), [
    ("ripper/ripper-strikes-draw-two",
     "you played Ripper Strikes and drew Montague Druitt, Sir William Gull",
     "p0 played Ripper Strikes and drew 2 cards"),
    ("ripper/scene-search-extra-gavel-played",
     "you played Victim: Elizabeth Stride and drew George Chapman, Wild Evidence",
     "p0 played Victim: Elizabeth Stride and drew 2 cards"),
])
def test_cards_drawn_by_a_gavel_card_are_told_to_the_drawer_only(
        name: str, mine: str, theirs: str) -> None:
    assert mine in _game(name).events(0, 0)
    assert theirs in _game(name).events(1, 0)
    assert mine not in _game(name).events(1, 0)


def test_ripper_gavel_cards_in_words() -> None:
    assert tail("ripper/scene-take-victim", 0, 2)[0] == (
        "p1 played Scene: Buck's Row and took Victim: Mary Ann Nichols from your area")
    assert tail("ripper/victim-take-scene", 1, 2)[0] == (
        "p0 played Victim: Annie Chapman and took Scene: Hanbury Street from your area")
    assert tail("ripper/scene-search-pass-keeps-limit", 1, 3) == [
        "p0 played Scene: Buck's Row and searched Scotland Yard",
        "p0 took Victim: Elizabeth Stride from Scotland Yard and showed it",
        "p0 kept Victim: Elizabeth Stride in hand rather than play it at once"]
    assert tail("ripper/ripper-strikes-victim-played", 0, 4)[:2] == [
        "you played Ripper Strikes to play a Victim at once",
        "you played Victim: Mary Ann Nichols and drew Montague Druitt, Sir William Gull"]
    assert tail("ripper/suspect-and-alibi-played", 1, 5)[0] == \
        "you played Alibi: Montague Druitt"
    assert tail("ripper/wild-meld-and-layoff", 1, 2)[0] == \
        "p0 laid off Wild Evidence as Montague Druitt"


def test_commissioner_resigns_and_its_end_of_hand() -> None:
    name = "ripper/commissioner-resigns-last-card"
    assert tail(name, 1, 5) == [
        "p0 played Commissioner Resigns: every other player discards a card",
        "you discarded Letters (Commissioner Resigns); that was your last card",
        "p0 laid off Sir William Gull", "p0 discarded Letters",
        "the hand is over: you discarded the last card for Commissioner Resigns; the Ripper,"
        " Sir William Gull, is caught; scores: p0 -13, you 24"]
    assert tail(name, 0, 4)[0] == \
        "p1 discarded Letters (Commissioner Resigns); that was their last card"


def test_ripper_escapes_out_of_turn_is_offered_only_to_its_holder() -> None:
    name = "ripper/ripper-escapes-out-of-turn"
    assert tail(name, 1, 3) == [
        "all 5 Victims are in play: you may play Ripper Escapes now, out of turn",
        "you played Ripper Escapes out of turn: the Ripper escapes",
        "the hand is over: you played Ripper Escapes; the Ripper escaped; scores: p0 3, you 37"]
    assert tail(name, 0, 3)[0] == "all 5 Victims are in play: the Ripper may escape now"
    chance = _game("ripper/ripper-escapes-out-of-turn-chance")
    assert chance.events(0)[-1] == "all 5 Victims are in play: the Ripper may escape now"


def test_the_ripper_at_large_and_escaped_in_turn() -> None:
    last = tail("ripper/ripper-escapes-held-at-large", None, 1)[0]
    assert last.startswith("the hand is over: the Case File is used up; the Ripper is still"
                           " at large")
    last = tail("ripper/ripper-escapes-in-turn", 0, 1)[0]
    assert last.startswith("the hand is over: ") and "the Ripper escaped" in last


# --- the Oklahoma family: card words, never notation ----------------------------------


def test_oklahoma_melds_and_layoffs_in_card_words() -> None:
    assert tail("fortune/out-by-layoff", 0, 5) == [
        "you melded 9♠ 9♥ 9♦ (meld 3)",
        "you laid off 6♣ on your meld 1 (now 3♣ 4♣ 5♣ 6♣)",
        "you laid off 9♣ on your meld 3 (now 9♠ 9♥ 9♦ 9♣)",
        "you went out",
        "the hand is over: you went out; scores: you 100, p1 -55"]
    assert tail("fortune/out-by-layoff", 1, 4)[0] == \
        "p0 laid off 6♣ on their meld 1 (now 3♣ 4♣ 5♣ 6♣)"


def test_oklahoma_wilds_are_written_with_what_they_stand_for() -> None:
    name = "arlington/joker-swap-anyone"
    assert tail(name, 0, 5)[0] == "you melded 7♥, 7♦, Joker as 7♠ (meld 1)"
    assert tail(name, 0, 2)[0] == \
        "p1 put 7♠ in place of the Joker in your meld 1 and took the Joker into their hand"
    assert tail(name, 1, 2)[0] == \
        "you put 7♠ in place of the Joker in p0's meld 1 and took the Joker into your hand"


def test_oklahoma_pile_and_stock_events() -> None:
    assert tail("fortune/draw-pile", 1, 2)[0] == (
        "p0 took the discard pile with 9♥: melded 9♠ 9♥ 9♦ (meld 1) and took 4♥, J♦ into"
        " their hand")
    assert ("the stock is empty: the discard pile below Q♣ is turned over as the new stock"
            " (80 cards, rebuild 1 of 3)") in _game("fortune/stock-rebuilt").events(1, 0)
    assert tail("fortune/stock-cannot-be-rebuilt", 0, 3) == [
        "the stock is empty and cannot be rebuilt: the hand ends after this turn",
        "p1 discarded K♣",
        "the hand is over: the stock is used up; scores: you -745, p1 -55"]


@pytest.mark.parametrize("variant", ["fortune", "arlington", "arlington-heights"])
def test_the_oklahoma_log_never_uses_notation(variant: str) -> None:
    game = Game(get_variant(variant, {"players": 3}), seed=5, log=True)
    rng = random.Random(5)
    while len(game.hands) == 1 and not game.game_over:
        game.apply(rng.choice(game.legal_actions()))
    lines = [line for seat in (None, 0, 1, 2) for line in game.events(seat, 0)]
    assert any("melded" in line for line in lines)
    for line in lines:
        assert not re.search(r"\bm\d|=|\b(10|[2-9AJQK])[SHDC]\b|\bJK\b", line), line


@pytest.mark.parametrize(("variant", "options"), [
    ("capone", {"players": 4}), ("ripper", {"players": 3}), ("arlington-heights", {}),
])
def test_an_earlier_hand_keeps_its_end_for_every_reader(
        variant: str, options: dict[str, object]) -> None:
    """Front ends read a finished hand through ``Game.events(seat, hand)``: its end is there."""
    game = Game(get_variant(variant, options), seed=2, log=True)
    rng = random.Random(2)
    while len(game.hands) == 1 and not game.game_over:
        game.apply(rng.choice(game.legal_actions()))
    for seat in (None, *range(game.variant.players)):
        lines = game.events(seat, 0)
        assert lines[-1].startswith("the hand is over: "), lines[-3:]
        if seat is not None:
            assert not any(re.search(rf"\bp{seat}\b", line) for line in lines)
            assert re.search(r"\byou\b", lines[-1].split("scores: ")[1]), lines[-1]
