"""ISMCTS: a searching bot for every variant, player count and team table.

Single-observer information-set Monte Carlo tree search (Cowling, Powley & Whitehouse,
2012): one tree of the bot's own information set; each iteration draws a determinization
from the :class:`~tablerummy.bots.Sampler` the harness hands it (a random redeal of what
its seat cannot see, built by the engine's ``determinize``), walks down the tree choosing
among the actions legal *in that determinization* by availability-aware UCB, adds one
node, plays a short random rollout and scores the result.  The bot never sees the true
position.

Why these choices:

* Availability counts (a child's UCB uses how often it was *legal*, not the parent's
  visits) keep actions that are rarely possible — a card the opponent may not hold —
  from being under-explored.
* Rollouts are light-greedy (a meld or layoff when there is one, most of the time;
  otherwise random) and truncated after ``depth`` decisions: a full random hand costs
  far more than the first steps, and where the hand stands then — its score so far
  (melds on the table, cards left in hand), plus the points the family's learned
  estimate says each side will still bank (``estimate=learned``, where the family ships
  one: :meth:`~tablerummy.family.SearchHooks.estimate`; the table's default is the
  family's :meth:`~tablerummy.family.SearchHooks.default_estimate`) — is a good enough
  evaluation.
* The reward is the score margin of the hand — own side minus the best other side —
  scaled to [−1, 1] by ``scale`` (default: a sixth of the target).  A hand that ends
  the game is worth +1 to the winner and −1 to the others, whatever the margin: the
  most a rollout can be worth.  A rollout cut off before the hand ends is worth only
  ``cutoff`` (default 0.8) times its margin so far: a hand not yet banked is worth less
  than the same margin banked.  And every reward is discounted by ``discount`` (default
  0.99) per decision between the root and the position scored: a win that comes sooner
  is worth more.  All three are needed so that ending the hand is never valued below
  going on: without the discount a won game is as good two turns later as now (the
  opponent's random rollout moves end the hand for the side ahead anyway); had a
  cut-off rollout been worth up to 1 and a won game ``0.3 × margin + 0.7`` (the
  valuation ``value=margin``, kept for measurements), "one more turn" could look better
  than the win on the table, turn after turn (the procrastination of Monte Carlo search).

Options (after the name, separated by colons): ``iterations=N`` (default: the table's
budget, :meth:`~tablerummy.family.SearchHooks.iterations`; 1500 in ``capone`` at 2 players),
``seconds=S`` (a time budget per decision instead, or as a cap together with
``iterations``), ``c=X`` the exploration constant (default 0.4), ``depth=N`` rollout
length (default 12, 0 = evaluate at once), ``greed=P`` how often a rollout step prefers a
meld or layoff when there is one (default 0.8; 0 = uniformly random rollouts),
``prior=P`` a progressive bias towards the greedy bot's choice at the root (default 0.3),
``tree=P`` the same bias at every node below the root, where the greedy bot's choice is
asked once per node, in the first determinization that reaches it, and expanded first
(default 0.3), ``scale=N`` points per reward unit (default a sixth of the target: typical
hand margins then span the reward range, so that UCB tells the actions apart),
``cutoff=X`` the weight of a cut-off rollout's margin (default 0.8, at most 1),
``discount=X`` the discount per decision (default 0.99, at most 1), and
``value=game|margin``: ``game`` (the default) as above, ``margin`` the valuation before
2026-12-04 (a cut-off rollout's clipped margin; a won game ``0.3 × margin + 0.7``), kept
so that one tournament can measure both; ``estimate=learned|standing`` (above); and
``beliefs=on|off`` (how unseen cards are dealt: :class:`~tablerummy.bots.Sampler`).
``choose`` stops a search once it has settled (:meth:`ISMCTSBot.search`).
``prior=0:tree=0`` is the plain search of the paper (the default before 2026-12-03, which
the lab reports of ``docs/lab/`` spell out). Some bias is what makes a few hundred
iterations beat greedy; at full strength (``prior=1:tree=1``) it outweighs what 2000
iterations learn and the search plays greedy's own move at almost every decision, so the
default is a weaker bias with the iterations that fit in half a second of CPU a move on
average at each table (docs/bots.md, Strength). The bias costs one greedy call a node —
a quarter of an iteration in ``capone``, less in the Oklahoma family, more than an
iteration in ``ripper``, whose greedy bot is slow.
An iteration budget alone is reproducible: the same seed, the same choices.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import ClassVar, Protocol, TypeVar

from ..errors import OptionError
from ..family import SearchHooks
from ..registry import family_of
from ..userinput import shown
from ..variant import Action, HandState, Observation, Variant
from . import Bot, ask, register_bot


class Positions(Protocol):
    """Where a search draws its positions from: a :class:`~tablerummy.bots.Sampler` of the
    seat's information set, or (the lab's clairvoyant only) the true position."""

    def sample(self, rng: random.Random) -> HandState:
        """A fresh full position (the caller may change it at will)."""
        ...


class Node:
    """A tree node: the action that led here, who took it, and its statistics."""

    __slots__ = ("avail", "children", "hint", "reward", "side", "visits")

    def __init__(self, side: int) -> None:
        self.side = side
        """The side of the player who took the action into this node (its rewards)."""
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.children: dict[Action, Node] = {}
        self.hint: Action | None = None
        """The greedy bot's choice here (in the first position that reached it), or None."""


def search_hooks(variant: Variant) -> SearchHooks:
    """What the search asks of ``variant``'s family (its plug-in's hooks), kept per variant:
    a rollout asks them at every step, the registry once."""
    hooks = _HOOKS.get(variant.name)
    if hooks is None:
        hooks = _HOOKS[variant.name] = family_of(variant).search()
    return hooks


_HOOKS: dict[str, SearchHooks] = {}


def side_scores(state: HandState) -> list[float]:
    """Each side's hand score, or for an unfinished hand what it stands at now."""
    return search_hooks(state.variant).standing(state)


class ISMCTSBot(Bot):
    """Searches its information set (ISMCTS) over deals of what its seat cannot see.

    The module's docs describe the knobs; :attr:`options` names them."""

    name = "ismcts"
    wants_sampler = True

    iterations: int | None = 0
    """Iterations a decision (None: by ``seconds`` alone; 0 until built: the table's own
    budget, which the bot's constructor asks the family for)."""
    seconds: float | None = None
    c: float = 0.4
    depth: int = 12
    scale: float = 0.0
    greed: float = 0.8
    rollout: str = "light"
    prior: float = 0.3
    tree: float = 0.3
    cutoff: float = 0.8
    discount: float = 0.99
    value: str = "game"
    estimate: str = ""
    """How a cut-off hand is valued: ``learned`` or ``standing`` ('' until built: the
    table's own, which the bot's constructor asks the family for)."""
    searched: int = 0
    """The iterations the last search ran (fewer than the budget when it settled early)."""
    _guide_bots: list[Bot] | None = None

    options: ClassVar[Mapping[str, str]] = {
        "iterations": "the table's (about 0.5 s of CPU a move): iterations per decision "
                      "(reproducible)",
        "seconds": "none: a time budget per decision instead (with iterations: the first to end)",
        "c": "0.4: the exploration constant",
        "depth": "12: rollout length in decisions (0: score the expanded position at once)",
        "rollout": "light: random with a taste for melds; greedy: the greedy bot at every seat",
        "greed": "0.8: how often a light rollout prefers a meld or layoff",
        "prior": "0.3: a fading bias towards the greedy bot's choice at the root (0: none)",
        "tree": "0.3: the same bias at every node below the root (0: none)",
        "scale": "target/6: points of hand margin per unit of reward",
        "cutoff": "0.8: the weight of a cut-off rollout's margin (at most 1)",
        "discount": "0.99: the discount per decision from the root (1: none)",
        "value": "game: won games count +1/-1; margin: the valuation before 2026-12-04",
        "estimate": "the table's (learned, but standing where that measured stronger): "
                    "learned: a cut-off hand is valued by the family's learned estimate, "
                    "where it has one; standing: by what it stands at now",
        "beliefs": "on: deal unseen cards by what each player's public play says (off: uniformly)",
    }

    def __init__(self, variant: Variant, seat: int, seed: int | None = None) -> None:
        super().__init__(variant, seat, seed)
        hooks = search_hooks(variant)
        if self.iterations == 0:
            self.iterations = hooks.iterations(variant)
        if not self.estimate:
            self.estimate = hooks.default_estimate(variant)

    def configure(self, options: dict[str, str]) -> None:
        for key in options:
            if key not in self.options:
                raise OptionError(f"bot ismcts has no option {shown(key)} (options: "
                                  f"{', '.join(sorted(self.options))})")
        if "seconds" in options and "iterations" not in options:
            self.iterations = None
        if "iterations" in options:
            self.iterations = _number(options, "iterations", int, 1)
        if "seconds" in options:
            self.seconds = _number(options, "seconds", float, 0.001)
        if "c" in options:
            self.c = _number(options, "c", float, 0.0)
        if "depth" in options:
            self.depth = _number(options, "depth", int, 0)
        if "rollout" in options:
            if options["rollout"].lower() not in ("light", "greedy"):
                raise OptionError("ismcts option rollout is light or greedy, not "
                                  f"{shown(options['rollout'])}")
            self.rollout = options["rollout"].lower()
        if "prior" in options:
            self.prior = _number(options, "prior", float, 0.0)
        if "tree" in options:
            self.tree = _number(options, "tree", float, 0.0)
        if "greed" in options:
            self.greed = min(1.0, _number(options, "greed", float, 0.0))
        if "scale" in options:
            self.scale = _number(options, "scale", float, 1.0)
        if "cutoff" in options:
            self.cutoff = min(1.0, _number(options, "cutoff", float, 0.0))
        if "discount" in options:
            self.discount = min(1.0, _number(options, "discount", float, 0.01))
        if "value" in options:
            if options["value"].lower() not in VALUATIONS:
                raise OptionError("ismcts option value is game or margin, not "
                                  f"{shown(options['value'])}")
            self.value = options["value"].lower()
        if "estimate" in options:
            if options["estimate"].lower() not in ("learned", "standing"):
                raise OptionError("ismcts option estimate is learned or standing, not "
                                  f"{shown(options['estimate'])}")
            self.estimate = options["estimate"].lower()
        if "beliefs" in options:
            flag = options["beliefs"].lower()
            if flag not in ("on", "off"):
                raise OptionError(f"ismcts option beliefs is on or off, not {shown(flag)}")
            self.beliefs = flag == "on"

    # --- the search -------------------------------------------------------------------

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        return self.ranked(observation, legal, settle=True)[0]

    def ranked(self, observation: Observation, legal: Sequence[Action],
               settle: bool = False) -> list[Action]:
        """Every legal action, the search's best first (most visits, then most reward):
        what :meth:`choose` plays, and the order the coach (:mod:`tablerummy.coach`)
        offers moves in.  A single legal action is returned without a search.

        ``settle``: only the first action matters (:meth:`choose`), so the search may stop
        once no other can overtake it (:meth:`search`); the rest of the order is then
        rougher."""
        if len(legal) == 1:
            return list(legal)
        self.positions()  # fail here, before anything else, when there is nothing to search
        hint = None
        if self.prior > 0:
            hint = self._guides()[self.seat].choose(observation, legal)
        root, _ = self.search(observation, hint, settle)
        return sorted(legal, key=lambda a: (root.children[a].visits, root.children[a].reward)
                      if a in root.children else (-1, 0.0), reverse=True)

    def search(self, observation: Observation, hint: Action | None = None,
               settle: bool = False) -> tuple[Node, int]:
        """Grow the tree of this decision; return its root and the iterations run.

        ``settle``: stop as soon as the most visited root action leads every other by more
        visits than the iterations left — none can then overtake it, so the move played is
        the one the whole budget would choose, at a fraction of the cost when the search
        is sure early (most decisions: docs/bots.md).  Each search draws its random numbers
        from a generator of its own, seeded by the bot's (and reseeds the greedy guides'
        from it), so stopping early leaves every later decision as it would have been:
        the same seed plays the same game either way.

        ``hint`` is the greedy bot's choice: at the root it gets a progressive bias of
        ``prior / sqrt(visits + 1)`` (in reward units) that fades as the search learns;
        with ``tree`` the nodes below get ``tree / sqrt(visits + 1)`` for the greedy
        bot's choice in the first position that reached them, and every node's greedy
        choice (the root's too, when ``prior`` asked for it) is expanded first: a
        greedy-first move ordering.
        """
        prior = self.prior
        tree = self.tree
        sampler = self.positions()
        rng = random.Random(self.rng.getrandbits(64))
        variant = self.variant
        nsides = len(variant.sides)
        side_of = [variant.side_of(s) for s in range(variant.players)]
        # (a target too large for a float, which a record's options may hold, is capped)
        scale = self.scale or max(10.0, min(variant.target, 10**15) / 6)
        totals = observation.get("totals") or [0] * nsides
        target = int(observation.get("target") or variant.target)
        c = self.c
        depth = self.depth
        root = Node(-1)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        limit = self.iterations
        done = 0
        log = math.log
        sqrt = math.sqrt
        rnd = rng.random
        greed = self.greed
        hooks = search_hooks(variant)
        standing = hooks.estimate if self.estimate == "learned" \
            and hooks.weights(variant.name, variant.players) is not None else hooks.standing
        progress: Callable[[Action], bool] | None = None
        lo: int | None = None
        hi: int | None = None
        if greed > 0:  # which moves a light rollout prefers (two draws: seeded searches repeat)
            progress = hooks.progress(sampler.sample(rng))
            span = hooks.progress_range(sampler.sample(rng))
            if span is not None:
                lo, hi = span
        guides = self._guides() if self.rollout == "greedy" or tree > 0 else None
        if guides is not None:
            for guide in guides:
                guide.rng.seed(rng.getrandbits(64))
        children_of_root = root.children
        settle_every = 16 if settle and limit is not None else 0
        greedy_rollouts = self.rollout == "greedy"
        reward = VALUATIONS[self.value]
        cutoff = self.cutoff
        discount = self.discount if self.value == "game" else 1.0
        root.hint = hint
        while True:
            if limit is not None and done >= limit:
                break
            if deadline is not None and done and not done % 16 \
                    and time.perf_counter() >= deadline:
                break
            if settle_every and done and not done % settle_every:
                assert limit is not None
                first = second = 0
                for child in children_of_root.values():
                    v = child.visits
                    if v > first:
                        first, second = v, first
                    elif v > second:
                        second = v
                if first - second > limit - done:
                    break
            state = sampler.sample(rng)
            node = root
            path = [root]
            # selection and expansion
            while not state.is_over:
                legal = state.legal_actions()
                children = node.children
                untried = [a for a in legal if a not in children]
                player = state.to_act
                assert player is not None
                bias = prior if node is root else tree
                if bias > 0 and node.hint is None and len(legal) > 1 and guides is not None:
                    node.hint = ask(guides[player], state, legal)
                mark = node.hint
                if untried:
                    if tree > 0 and mark in untried:  # greedy-first ordering
                        action = mark
                    else:
                        action = untried[rng.randrange(len(untried))]
                    for a in legal:
                        if a in children:
                            children[a].avail += 1
                    child = children[action] = Node(side_of[player])
                    child.avail = 1
                    state.apply_unchecked(action)
                    path.append(child)
                    break
                best_value = -math.inf
                best: Node | None = None
                best_action: Action = legal[0]
                for a in legal:
                    ch = children[a]
                    ch.avail += 1
                    value = ch.reward / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
                    if a == mark:
                        value += bias / sqrt(ch.visits + 1)
                    if value > best_value:
                        best_value, best, best_action = value, ch, a
                assert best is not None
                state.apply_unchecked(best_action)
                node = best
                path.append(node)
            # rollout
            steps = 0
            if greedy_rollouts:
                assert guides is not None
                while steps < depth and state.end is None:
                    moves = state.legal_actions()
                    if len(moves) > 1:
                        p = state.to_act
                        assert p is not None
                        state.apply_unchecked(ask(guides[p], state, moves))
                    else:
                        state.apply_unchecked(moves[0])
                    steps += 1
            while steps < depth and state.end is None:
                moves = state.legal_actions()
                if rnd() < greed:
                    if lo is not None:
                        good = [a for a in moves if lo <= a < hi]  # type: ignore[operator]
                    elif progress is not None:
                        good = [a for a in moves if progress(a)]
                    else:
                        good = None
                    if good:
                        moves = good
                state.apply_unchecked(moves[int(rnd() * len(moves))])
                steps += 1
            rewards = reward(state, nsides, scale, totals, target, cutoff, standing)
            if discount < 1.0:
                factor = discount ** (len(path) - 1 + steps)
                rewards = [r * factor for r in rewards]
            for n in path:
                n.visits += 1
                if n.side >= 0:
                    n.reward += rewards[n.side]
            done += 1
        self.searched = done
        return root, done

    def positions(self) -> Positions:
        """What the search draws its positions from: the Sampler the harness handed over."""
        if self.sampler is None:
            raise RuntimeError("ismcts needs a Sampler: ask it through tablerummy.bots.decide")
        return self.sampler

    def _guides(self) -> list[Bot]:
        """The variant's greedy bot for every seat: the rollout policy ``rollout=greedy``."""
        if self._guide_bots is None:
            from . import get_bot

            self._guide_bots = [get_bot("greedy", self.variant, s, seed=self.rng.getrandbits(32))
                                for s in range(self.variant.players)]
            for guide in self._guide_bots:
                guide.remembers = False
        return self._guide_bots


Standing = Callable[[HandState], list[float]]
"""Each side's hand score or where it stands (:meth:`SearchHooks.standing`)."""


def _margins(state: HandState, nsides: int, scale: float,
             standing: Standing | None) -> tuple[list[float], list[float]]:
    """Each side's hand score (or where it stands) and its margin over the best other side,
    in reward units clipped to [−1, 1]."""
    scores = side_scores(state) if standing is None else standing(state)
    out = []
    for side in range(nsides):
        best_other = max(s for i, s in enumerate(scores) if i != side) if nsides > 1 \
            else 0.0
        margin = (scores[side] - best_other) / scale
        out.append(1.0 if margin > 1.0 else -1.0 if margin < -1.0 else margin)
    return scores, out


def _game_winner(scores: Sequence[float], totals: Sequence[int],
                 target: int) -> int | None:
    """The side whose finished hand wins it the game, or None."""
    ends = [t + s for t, s in zip(totals, scores, strict=False)]
    top = max(ends)
    return ends.index(top) if top >= target and ends.count(top) == 1 else None


def game_rewards(state: HandState, nsides: int, scale: float, totals: Sequence[int],
                 target: int, cutoff: float, standing: Standing | None = None) -> list[float]:
    """Per side (the default valuation): ±1 for a hand that ends the game, the clipped
    margin of a finished hand, ``cutoff`` × the clipped margin so far of a cut-off one.

    A cut-off rollout is thus never worth more than ending the hand with the same margin,
    nor than winning the game now (see the module's docs)."""
    scores, out = _margins(state, nsides, scale, standing)
    if state.is_over:
        winner = _game_winner(scores, totals, target)
        if winner is not None:
            return [1.0 if i == winner else -1.0 for i in range(nsides)]
        return out
    return [cutoff * r for r in out]


def margin_rewards(state: HandState, nsides: int, scale: float, totals: Sequence[int],
                   target: int, cutoff: float, standing: Standing | None = None) -> list[float]:
    """Per side (``value=margin``, the valuation before 2026-12-04): the clipped margin,
    finished or not, and ``0.3 × margin ± 0.7`` for a hand that ends the game."""
    scores, out = _margins(state, nsides, scale, standing)
    if state.is_over:
        winner = _game_winner(scores, totals, target)
        if winner is not None:
            out = [0.3 * r + (0.7 if i == winner else -0.7) for i, r in enumerate(out)]
    return out


Valuation = Callable[[HandState, int, float, Sequence[int], int, float, Standing | None],
                     list[float]]
VALUATIONS: dict[str, Valuation] = {"game": game_rewards, "margin": margin_rewards}
"""How a search scores the position a rollout reached, by the ``value`` option."""


T = TypeVar("T", int, float)


def _number(options: dict[str, str], key: str, kind: type[T], least: float) -> T:
    text = options[key]
    try:
        value = kind(text)
    except ValueError:
        raise OptionError(f"ismcts option {key} takes a number, not {shown(text)}") from None
    if not math.isfinite(value) or value < least or value > 10**7:
        raise OptionError(f"ismcts option {key}={shown(text)} is out of range")
    return value


register_bot()(ISMCTSBot)


class UniformISMCTSBot(ISMCTSBot):
    """The default search as it was before issue 29 (2026-12-04): every unseen card dealt
    uniformly, a cut-off hand valued by its standing, 300 iterations with the full greedy
    bias — kept by name, whatever the default becomes, so that tournaments can measure the
    change against it."""

    name = "ismcts-uniform"
    beliefs = False
    estimate = "standing"
    iterations = 300
    prior = 1.0
    tree = 1.0
    offered = False


register_bot()(UniformISMCTSBot)


class ClairvoyantISMCTSBot(ISMCTSBot):
    """The same search over the *true* position: the lab's clairvoyant player.

    Borm & van der Genugten's skill measure needs a player who knows the chance outcomes
    (the deal, the order of the stock, the others' votes) and plays as well as the
    strong bot otherwise: this is ``ismcts`` with every option alike, whose iterations
    start from a copy of the true position instead of a determinization.

    It can never sit at a table by accident: it is not registered (no ``--bots`` or
    ``--seats`` name builds it), it wants no :class:`~tablerummy.bots.Sampler` (so
    :func:`tablerummy.bots.decide` and ``ask`` give it nothing), and without
    :attr:`truth` it refuses to choose.  Only the lab (:mod:`tablerummy.lab.seats`) builds
    it and sets :attr:`truth` for the one decision it asks it.
    """

    wants_sampler = False
    truth: Positions | None = None
    """The true position, handed over by the lab for one decision (else None)."""

    def positions(self) -> Positions:
        if self.truth is None:
            raise RuntimeError("the clairvoyant ismcts searches the true position: only "
                               "tablerummy.lab.seats.ask hands it over")
        return self.truth
