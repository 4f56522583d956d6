"""Bots play whole games while every position is checked against the variant's entry.

Checked in every state: the deck's cards are all somewhere and nowhere twice, the
variant's cheap invariants, the legal actions (none missing at a decision, no
duplicates, each one's text parsing back to it), the acting seat's observation (only
allowed keys, JSON-ready, showing what the rules let the seat see) and that the bot's
choice is legal.  On a sample of states, and at the end of every hand: for every seat,
the hidden cards are dealt again and the seat's observation (and, for the seat to act,
its legal actions and its bot's choice) must stay the same; illegal actions and
out-of-turn actions are refused without changing anything.  After every hand: the
rulebook's scores; after the game: totals, the winner, and the record replaying
through ``verify`` to the same result.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tablerummy.bots import Bot, bot_names, get_bot
from tablerummy.errors import IllegalActionError
from tablerummy.game import Game
from tablerummy.variant import Action, HandState, Observation, Variant, get_variant
from tablerummy.verify import verify

from .entry import Places, VariantEntry

GAME_KEYS = frozenset({
    "hand_number", "sides", "totals", "target", "game_over", "winner", "hand_scores",
    "last_hand",
})
"""Keys :meth:`Game.observation` adds around the hand's observation (all public)."""


@dataclass
class Tally:
    """What a run covered, so that a test can assert it was not vacuous."""

    games: int = 0
    hands: int = 0
    states: int = 0
    hidden_checks: int = 0
    hidden_changed: int = 0
    illegal_probes: int = 0
    ends: Counter[str] = field(default_factory=Counter)
    round_tripped: set[tuple[str, Action]] = field(default_factory=set)


def lineups(variant: str, players: int) -> list[tuple[str, ...]]:
    """Random bots everywhere; with a greedy bot registered, greedy ones and a mix too."""
    out = [("random",) * players]
    if "greedy" in bot_names(variant):
        out.append(("greedy",) * players)
        out.append(tuple("greedy" if s % 2 == 0 else "random" for s in range(players)))
    return out


def check_cards(entry: VariantEntry, deck: dict[str, int], state: HandState) -> Places:
    """Every card of the deck in exactly one place."""
    where = entry.places(state)
    found: dict[str, int] = {}
    for place, cards in where.items():
        for card, n in cards.items():
            if n <= 0:
                raise AssertionError(f"{place} holds {n} {card}")
            found[card] = found.get(card, 0) + n
    if found != deck:
        have, want = Counter(found), Counter(deck)
        raise AssertionError(
            f"{have.total()} cards in play, the deck has {want.total()}: "
            f"missing {dict(want - have)}, duplicated {dict(have - want)}"
        )
    if set(found) - entry.card_ids:
        raise AssertionError(f"unknown card ids {set(found) - entry.card_ids}")
    return where


def _sizes(where: Places) -> dict[str, int]:
    return {place: sum(cards.values()) for place, cards in where.items() if cards}


def check_observation_keys(entry: VariantEntry, obs: Observation) -> None:
    """Only the allowed keys: a new key is a possible leak until the entry allows it."""
    extra = set(obs) - entry.observation_keys - GAME_KEYS
    if extra:
        raise AssertionError(f"observation has keys outside the allowed ones: {sorted(extra)}")
    last = obs.get("last_hand")
    if last is not None and set(last) - entry.observation_keys:
        raise AssertionError(f"last_hand has unexpected keys {set(last) - entry.observation_keys}")


def check_breakdown(final: HandState, scores: Sequence[int]) -> None:
    """One labelled breakdown per side whose items add up to the side's score.

    ``scores()`` stays the bots' fast path and ``breakdown()`` the players' words; this
    is where the two are proved to tell the same numbers.
    """
    breakdown = final.breakdown()
    if len(breakdown) != len(scores):
        raise AssertionError(f"breakdown has {len(breakdown)} sides, the hand {len(scores)}")
    for side, (items, score) in enumerate(zip(breakdown, scores, strict=True)):
        for label, points in items:
            if not isinstance(label, str) or not label.strip() or "\n" in label:
                raise AssertionError(f"side {side}: breakdown label {label!r} is not a line")
            if not isinstance(points, int) or isinstance(points, bool):
                raise AssertionError(f"side {side}: {label!r} scores {points!r}, not an int")
        total = sum(points for _, points in items)
        if total != score:
            raise AssertionError(
                f"side {side}: the breakdown {items} adds up to {total}, the score is {score}")


def check_observation_json(obs: Observation) -> None:
    """Nothing a JSON round trip would change: the web sends exactly this."""
    try:
        again = json.loads(json.dumps(obs))
    except (TypeError, ValueError) as err:
        raise AssertionError(f"observation is not JSON-serializable: {err}") from err
    if again != obs:
        raise AssertionError("observation changes in a JSON round trip (tuples, int keys …)")


def _diff(real: Mapping[str, Any], fake: Mapping[str, Any]) -> str:
    keys = sorted(k for k in set(real) | set(fake) if real.get(k) != fake.get(k))
    return "; ".join(f"{k}: {real.get(k)!r} vs {fake.get(k)!r}" for k in keys)


def _reaches_state(obj: object, depth: int = 0, seen: set[int] | None = None) -> bool:
    """Whether a bot holds (a path to) a hand state or a game: it must hold neither."""
    seen = set() if seen is None else seen
    if id(obj) in seen or depth > 5 or isinstance(obj, (str, bytes, int, float, Variant)):
        return False
    seen.add(id(obj))
    if isinstance(obj, (HandState, Game)):
        return True
    children: list[object] = []
    if isinstance(obj, Mapping):
        children = [*obj.keys(), *obj.values()]
    elif isinstance(obj, (list, tuple, set, frozenset)):
        children = list(obj)
    else:
        children = list(getattr(obj, "__dict__", {}).values())
        children += [getattr(obj, s) for s in getattr(type(obj), "__slots__", ())
                     if hasattr(obj, s)]
    return any(_reaches_state(c, depth + 1, seen) for c in children)


def _twin_rng(rng: random.Random) -> random.Random:
    """A generator in the same state: what ``deepcopy`` makes, without copying its 625
    numbers one object at a time (about a tenth of a conformance batch's time)."""
    twin = random.Random()
    twin.setstate(rng.getstate())
    return twin


def _snapshot(entry: VariantEntry, state: HandState) -> tuple[object, ...]:
    seats = range(state.variant.players)
    return (entry.places(state), state.to_act, state.end, state.legal_actions(),
            [state.observation(s) for s in seats])


class Checker:
    """Plays one game with bots and raises ``AssertionError`` at the first broken rule."""

    def __init__(self, entry: VariantEntry, options: Mapping[str, object],
                 lineup: Sequence[str], seed: int, sample: float, tally: Tally) -> None:
        self.entry = entry
        self.variant = get_variant(entry.name, options)
        self.lineup = tuple(lineup)
        self.seed = seed
        self.sample = sample
        self.tally = tally
        self.rng = random.Random(f"conformance/{entry.name}/{seed}")
        self.key = json.dumps(dict(options), sort_keys=True)
        self.game = Game(self.variant, seed=seed)
        self.deck = dict(Counter(self.variant.deck()))
        if self.deck != dict(entry.deck) or sum(self.deck.values()) != entry.card_count:
            raise AssertionError(f"the engine's deck {self.deck} is not the rules' {entry.deck}")
        self.bots: list[Bot] = [
            get_bot(name, self.variant, seat, seed=seed * 8 + seat)
            for seat, name in enumerate(self.lineup)
        ]

    def run(self) -> Game:
        game = self.game
        where = "the deal"
        try:
            cap = self.entry.max_hands
            while not game.game_over and (cap is None or len(game.hands) <= cap):
                hand = len(game.hands) - 1
                where = f"hand {hand}, action {len(game.hands[-1].actions)}"
                self.step(hand)
            where = "the end of the game"
            self.finish()
        except AssertionError as err:
            raise AssertionError(
                f"{self.entry.name} {self.variant.options} bots {self.lineup} "
                f"seed {self.seed}, {where}: {err}"
            ) from err
        self.tally.games += 1
        return game

    # --- one decision -----------------------------------------------------------------

    def step(self, hand: int) -> None:
        game, entry, variant = self.game, self.entry, self.variant
        state = game.state
        where = check_cards(entry, self.deck, state)
        entry.check_state(state)
        seat = game.to_act
        if seat is None or state.to_act != seat:
            raise AssertionError("the game is not over but nobody is to act")
        legal = game.legal_actions()
        self.check_legal(legal)
        obs = game.observation(seat)
        check_observation_keys(entry, obs)
        entry.check_observation(obs, state, seat, where)
        twin: Action | None = None
        if self.rng.random() < self.sample:
            check_observation_json(obs)
            twin = self.check_hidden(game, seat)
            self.probe_illegal(legal, seat)
        action = self.bots[seat].choose(obs, legal)
        if action not in legal:
            raise AssertionError(f"bot {self.lineup[seat]} chose an illegal action {action!r}")
        if twin is not None and twin != action:
            raise AssertionError(
                f"bot {self.lineup[seat]} decided differently ({variant.action_text(twin)!r} "
                f"vs {variant.action_text(action)!r}) on an equal observation: it reads "
                "something besides its observation, or randomness outside its seeded rng"
            )
        game.apply(action, seat=seat)
        self.tally.states += 1
        if game.game_over or len(game.hands) - 1 != hand:
            self.hand_over(hand, seat)

    def check_legal(self, legal: list[Action]) -> None:
        if not legal:
            raise AssertionError("a seat is to act but has no legal action")
        if len(set(legal)) != len(legal):
            raise AssertionError(f"duplicate legal actions: {legal}")
        for action in legal:
            if (self.key, action) in self.tally.round_tripped:
                continue
            text = self.variant.action_text(action)
            back = self.variant.parse_action(text)
            if back != action:
                raise AssertionError(f"{text!r} parses to {back!r}, not to {action!r}")
            if self.variant.action_text(back) != text:
                raise AssertionError(f"{text!r} is not stable in a round trip")
            self.tally.round_tripped.add((self.key, action))

    def check_hidden(self, game: Game, acting: int | None) -> Action | None:
        """Deal every seat's hidden cards again: its view must not move.

        Returns what the acting seat's bot chooses from the re-dealt position (from a
        copy of the bot, random state included), to compare with its real choice.
        """
        entry = self.entry
        state = game.state
        before = entry.places(state)
        twin: Action | None = None
        for seat in range(self.variant.players):
            fake = entry.hide(state, seat, self.rng)
            after = check_cards(entry, self.deck, fake)
            if _sizes(after) != _sizes(before):
                raise AssertionError(f"the resampler for p{seat} changed a place's size")
            self.tally.hidden_checks += 1
            self.tally.hidden_changed += after != before
            shadow = copy.copy(game)
            shadow.state = fake
            real_obs, fake_obs = game.observation(seat), shadow.observation(seat)
            if real_obs != fake_obs:
                raise AssertionError(
                    f"p{seat}'s observation depends on cards hidden from p{seat}: "
                    f"{_diff(real_obs, fake_obs)}"
                )
            if seat == acting:
                legal, fake_legal = state.legal_actions(), fake.legal_actions()
                if legal != fake_legal:
                    raise AssertionError(
                        f"p{seat}'s legal actions depend on cards hidden from p{seat}: "
                        f"{legal} vs {fake_legal}"
                    )
                bot = self.bots[seat]
                if _reaches_state(bot):
                    raise AssertionError(f"bot {bot.name} holds a hand state or a game")
                clone = copy.deepcopy(bot, {id(bot.variant): bot.variant,
                                            id(bot.rng): _twin_rng(bot.rng)})
                twin = clone.choose(fake_obs, fake_legal)
        return twin

    def probe_illegal(self, legal: list[Action], seat: int) -> None:
        """Illegal and out-of-turn actions raise a one-line error and change nothing."""
        entry, game = self.entry, self.game
        probe = game.state.copy()
        before = _snapshot(entry, probe)
        tries: list[tuple[Action, int]] = []
        if entry.action_universe is not None:
            allowed = set(legal)
            illegal = [a for a in entry.action_universe(self.variant) if a not in allowed]
            tries += [(a, seat) for a in self.rng.sample(illegal, min(3, len(illegal)))]
        if self.variant.players > 1:
            tries.append((self.rng.choice(legal), (seat + 1) % self.variant.players))
        for action, who in tries:
            try:
                if who == seat:
                    probe.apply(action)
                else:
                    shadow = copy.copy(game)
                    shadow.state = probe
                    shadow.hands = [copy.copy(h) for h in game.hands]
                    shadow.apply(action, seat=who)
            except IllegalActionError as err:
                if "\n" in str(err) or not err.rule:
                    raise AssertionError(f"unclear error for an illegal action: {err!r}") from err
            else:
                raise AssertionError(
                    f"{self.variant.action_text(action)!r} by p{who} was accepted, legal: "
                    f"{[self.variant.action_text(a) for a in legal]}"
                )
            if _snapshot(entry, probe) != before:
                raise AssertionError(
                    f"refusing {self.variant.action_text(action)!r} changed the position")
            self.tally.illegal_probes += 1

    # --- hands and the game -----------------------------------------------------------

    def hand_over(self, hand: int, last_actor: int) -> None:
        record = self.game.hands[hand]
        final = record.final
        if final is None or record.scores is None:
            raise AssertionError(f"hand {hand} is over but has no final state or scores")
        where = check_cards(self.entry, self.deck, final)
        if final.end not in self.entry.ends:
            raise AssertionError(f"hand ended with {final.end!r}, not one of {self.entry.ends}")
        self.entry.check_final(final, last_actor)
        expected = self.entry.rule_scores(final, last_actor)
        if record.scores != expected or final.scores() != expected:
            raise AssertionError(f"hand {hand} scored {record.scores}, the rules say {expected}")
        check_breakdown(final, expected)
        for seat in range(self.variant.players):
            obs = final.observation(seat)
            if obs.get("breakdown") != final.breakdown_json():
                raise AssertionError(f"p{seat}'s observation lacks the hand's breakdown")
            check_observation_keys(self.entry, obs)
            check_observation_json(obs)
            self.entry.check_observation(obs, final, seat, where)
            fake = self.entry.hide(final, seat, self.rng)
            if fake.observation(seat) != obs:
                raise AssertionError(
                    f"p{seat}'s view of the finished hand depends on hidden cards: "
                    f"{_diff(obs, fake.observation(seat))}"
                )
        self.tally.hands += 1
        self.tally.ends[str(final.end)] += 1

    def finish(self) -> None:
        game, variant = self.game, self.variant
        capped = not game.game_over  # stopped at the entry's max_hands: a fresh hand is dealt
        hands = game.hands[:-1] if capped else game.hands
        scores = [h.scores for h in hands]
        running = [0] * len(variant.sides)
        for i, hand_scores in enumerate(scores):
            if hand_scores is None:
                raise AssertionError(f"the game is over but hand {i} was not scored")
            running = [t + s for t, s in zip(running, hand_scores, strict=True)]
            best = max(running)
            decided = best >= variant.target and running.count(best) == 1
            if decided != (not capped and i == len(scores) - 1):
                raise AssertionError(f"after hand {i} totals {running}: decided={decided}")
        if running != game.totals:
            raise AssertionError(f"totals {game.totals} are not the sum of the hands {running}")
        if game.winner != (None if capped else running.index(max(running))):
            raise AssertionError(f"winner {game.winner} with totals {running}")
        for bot in self.bots:
            if _reaches_state(bot):
                raise AssertionError(f"bot {bot.name} holds a hand state or a game")
        record = json.loads(json.dumps(game.to_record()))
        out, status = verify(record)
        if status != 0 or not out.get("ok"):
            raise AssertionError(f"the game's record does not replay: {out}")
        replayed = {
            "totals": out["totals"], "game_over": out["game_over"], "winner": out["winner"],
            "scores": [h["scores"] for h in out["hands"]],
            "ends": [h["end"] for h in out["hands"]],
        }
        played = {
            "totals": game.totals, "game_over": not capped, "winner": game.winner,
            "scores": scores, "ends": [h.final.end if h.final else None for h in hands],
        }
        if replayed != played:
            raise AssertionError(f"the record replays to {replayed}, the game was {played}")


def play_games(entry: VariantEntry, options: Mapping[str, object], lineup: Sequence[str],
               seeds: Sequence[int], sample: float) -> Tally:
    """Play one game per seed; raise at the first broken rule, naming where."""
    tally = Tally()
    for seed in seeds:
        Checker(entry, options, lineup, seed, sample, tally).run()
    return tally
