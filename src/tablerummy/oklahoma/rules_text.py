"""``tablerummy rules fortune|arlington|arlington-heights``: the summary and value tables."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .values import HAND_KEYS, MELD_KEYS, decided, default_values

if TYPE_CHECKING:
    from .variant import OklahomaVariant

_MELD_LABELS = {
    "A-high": "Ace, high (A-K-Q) or in a set",
    "A-low": "Ace, low (A-2-3)",
    "2": "2 in its own place (A-2-3, 2-3-4), as itself",
    "Q": "Q (♥ ♦ ♣)",
    "QS": "Q♠ (natural)",
    "wild-QS": "a wild standing for Q♠",
    "deuce-set": "each 2 of a deuce-only set",
    "JK": "Joker (whatever it stands for)",
}


def _label(key: str) -> str:
    return _MELD_LABELS.get(key, key)


def rules_text(variant: OklahomaVariant) -> str:
    rules = variant.rules
    opts = variant.options
    scarne = opts.get("rules") == "scarne"
    joker = bool(opts.get("joker", False))
    defaults = default_values(variant.name, scarne, joker)
    data = rules.values.data
    marked = decided(variant.name, scarne)

    def rows(table: str, keys: tuple[str, ...]) -> str:
        out = []
        for key in keys:
            if key not in data[table] or (key == "deuce-set" and not rules.deuce_sets):
                continue
            value = data[table][key]
            mark = ""
            if value != defaults[table].get(key):
                mark = " (--cards)"
            elif f"{table}.{key}" in marked:
                mark = " †"
            label = _label(key) if table == "meld" else key
            if table == "meld" and key == "A-low" and not rules.twos:
                label += " — unused: no 2s, so no A-2-3"
            out.append(f"| {label} | {value}{mark} |")
        return "\n".join(out)

    if variant.name == "fortune":
        deck = "two 52-card packs (104 cards); every 2 is wild"
    elif variant.name == "arlington":
        deck = "two 52-card packs (104 cards); every 2 is wild" + (
            "; plus one Joker (wild, may be taken back: joker_swap="
            f"{opts['joker_swap']})" if joker else "")
    else:
        deck = "two 52-card packs without the 2s, plus four Jokers (100 cards); Jokers are wild"
    if rules.queen_discard:
        queen = "Q♠ may be discarded"
    elif rules.queen_stuck:
        queen = ("Q♠ is never discarded: meld it or be stuck with it. No meld or layoff may "
                 "leave you holding Q♠s only (you must keep a card to discard, or meld your "
                 "last card); only when a draw leaves you Q♠s alone (a lone Q♠ draws the "
                 "other) do you discard one of them, so no one goes out on a Q♠ †")
    else:
        queen = "Q♠ may be discarded only when every card in your hand is a Q♠"
    wild_qs = ("a wild may stand for Q♠ only in an otherwise natural meld"
               if rules.qs_wild_natural_only else "a wild may stand for Q♠ in any meld")
    longest = ("sequences (only) may grow past 4 cards" if rules.long_sequences
               else "no meld grows past 4 cards")
    deuces = ("a set of deuces only is a meld (each 2 scores the deuce-set value)"
              if rules.deuce_sets else
              "deuces are never melded together as a set of 2s" if rules.deuces_wild
              else "Jokers never form a meld alone and never stand for a 2 (there are none)")
    if rules.deuces_wild:
        deuces += ("; a wild 2 stands only for a card of another rank, never for a 2 — a 2 "
                   "in its own suit's A-2-3 or 2-3-4 is itself, the natural card")
    aces = ("aces high (A-K-Q) or low (A-2-3)" if rules.twos else
            "aces high only (A-K-Q; with no 2s there is no A-2-3)")
    settings = ", ".join(f"{k}={str(v).lower()}" for k, v in opts.items())
    return f"""\
# {variant.title} (`{variant.name}`)

This table: {settings}. Game to **{variant.target}**; {rules.hand_size} cards each.

**Deck.** {deck}.

**Turn.** 1. *Draw*: the top card of the stock (`draw stock`), or the whole discard pile
(`draw pile meld …`): at once meld its top card with at least two cards of your hand,
then the rest of the pile comes into your hand. 2. *Meld* (`meld …`) and *lay off* on
your own melds only (`layoff C mK`){" and take a Joker back (`swap C mK`)" if joker else ""}.
3. *Discard* one card to end the turn (`discard C`). Melding or laying off your last card
goes out without a discard.

**Melds.** 3 or 4 cards of one rank (two identical cards allowed), or a sequence of 3 or
4 in one suit, {aces}, never around the corner; {longest}.
A wild is written with the card it stands for (`2C=7H`, `JK=QS`); every meld needs a
natural card; {wild_qs}; {deuces}.

**Q♠.** {queen}.

**Stock.** When the stock is empty, the discard pile below its top card is turned over as
the new stock, at most {rules.rebuild_limit} times; after that (or when the pile has
only its top card) the hand ends after the current turn.

**Scoring.** Each player scores their melded cards minus the cards left in their hand, a
wild by the card it stands for; going out scores a bonus of **{data['bonus']}**{
    "" if data['bonus'] == defaults['bonus'] else " (--cards)"}. The game ends after a
hand in which a player has {variant.target} or more; the highest total wins, a tie for
the lead plays one more hand †.

## Melded cards

| card | points |
| --- | --- |
{rows("meld", MELD_KEYS)}

## Caught in hand

| card | points |
| --- | --- |
{rows("hand", HAND_KEYS)}

† not in the rulebook: tablerummy's decision (docs/rules-oklahoma.md).
"(--cards)" marks a value changed by `--cards FILE`.
"""
