"""The page in the system Chromium at chosen positions: every kind of control, clicked.

Positions come from random games (or a scenario record), stored as tables whose seats
are taken by tokens this test knows; a real ``tablerummy serve`` resumes them.  A
person then clicks as a person would: a Search Warrant and the card to keep (also in
hand), a Ripper vote for each of the six suspects, Ripper Escapes out of turn, a Joker's
designation.  Screenshots of every variant at 1280×800 and 390×844 go to
``test-artifacts/web/screens/`` (and, with ``TABLERUMMY_DOCS_IMAGES=1``, to docs/images).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import shutil
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tablerummy.game import Game
from tablerummy.variant import get_variant
from tablerummy.web.store import SeatRow, Store, TableRow
from tablerummy.web.tables import PLAYING, hash_token

from .conftest import ARTIFACTS, ROOT, Server
from .test_affordances import CONFIGS

pytestmark = [pytest.mark.slow, pytest.mark.e2e]

Page = Any
WAIT = 10_000
SCENARIOS = ROOT / "tests" / "scenarios"
SCREENS = ARTIFACTS / "screens"
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


def to_docs(path: Path) -> None:
    """With ``TABLERUMMY_DOCS_IMAGES=1``, a screenshot also replaces docs/images' copy."""
    if os.environ.get("TABLERUMMY_DOCS_IMAGES"):
        # capone at 1280×800 is the picture at the top of the README and docs/web.md
        name = "web-table.png" if path.name == "web-capone-desktop.png" else path.name
        shutil.copy(path, ROOT / "docs" / "images" / name)


def engine_has_breakdown() -> bool:
    """Whether the views carry the engine's ``breakdown`` (the page then draws it)."""
    from tablerummy.present import table_view

    game = Game(get_variant("capone"), seed=1)
    return "breakdown" in table_view(game.variant, game.observation(0))


def token(table: str, seat: int) -> str:
    return f"tok-{table}-{seat}"


def row_for(table: str, variant: str, options: dict[str, Any], seed: int, first_dealer: int,
            decks: list[list[str] | None] | None, players: int) -> TableRow:
    return TableRow(
        id=table, created=time.time(), variant=variant, options=options, seed=seed,
        first_dealer=first_dealer, decks=decks, status=PLAYING,
        seats=[SeatRow(s, "person", None, f"Player {s}", hash_token(token(table, s)))
               for s in range(players)])


def walk(variant_name: str, options: dict[str, Any], found: Callable[[Game, list[str]], bool],
         seed: int = 1, limit: int = 40_000) -> tuple[int, list[str]]:
    """A random game's seed and actions up to the first position where ``found`` holds."""
    variant = get_variant(variant_name, options)
    rng = random.Random(seed)
    steps = 0
    game_seed = seed
    while steps < limit:
        game = Game(variant, seed=game_seed, log=True)
        actions: list[str] = []
        while not game.game_over and steps < limit:
            if found(game, actions):
                return game_seed, actions
            text = rng.choice(game.legal_texts())
            game.apply(text)
            actions.append(text)
            steps += 1
        game_seed += 1
    raise AssertionError(f"no such position of {variant_name} in {limit} random moves")


def replayed(variant_name: str, options: dict[str, Any], seed: int, actions: list[str]) -> Game:
    game = Game(get_variant(variant_name, options), seed=seed, log=True)
    for text in actions:
        game.apply(text)
    return game


def search_with_card_in_hand(game: Game, actions: list[str]) -> bool:
    if "play search-warrant individually" not in game.legal_texts():
        return False
    after = replayed("capone", {}, game.seed, [*actions, "play search-warrant individually"])
    seat = after.to_act
    assert seat is not None
    hand = after.observation(seat)["hand"]
    return any(text.split()[1] in hand for text in after.legal_texts() if text.startswith("take "))


def phase_is(phase: str) -> Callable[[Game, list[str]], bool]:
    def test(game: Game, actions: list[str]) -> bool:
        seat = game.to_act
        return seat is not None and game.observation(seat)["phase"] == phase
    return test


def joker_choice(game: Game, actions: list[str]) -> bool:
    """A meld with a Joker that may stand for two cards or more (a designation to choose)."""
    stands: dict[tuple[str, ...], int] = {}
    for text in game.legal_texts():
        words = text.split()
        if words[0] == "meld" and any(w.startswith("JK=") for w in words):
            key = tuple(sorted(w.split("=")[0] for w in words[1:]))
            stands[key] = stands.get(key, 0) + 1
    return any(n >= 2 for n in stands.values())


def screen_position(game: Game, actions: list[str]) -> bool:
    """Mid-hand, the seat to act in its play phase, with melds on the table."""
    seat = game.to_act
    if seat is None or len(actions) < 20:
        return False
    obs = game.observation(seat)
    if obs["phase"] != "play":
        return False
    from tablerummy.present import table_view

    view = table_view(game.variant, obs)
    return sum(len(a["melds"]) for a in view["areas"]) >= 2


def at_depth(depth: int) -> Callable[[Game, list[str]], bool]:
    return lambda game, actions: len(actions) == depth


SCREEN_VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("capone", {"players": 2}), ("ripper", {"players": 3}), ("fortune", {"players": 2}),
    ("arlington", {"players": 2, "joker": True}), ("arlington-heights", {"players": 2}),
]


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Every position of this module, stored as tables in one database."""
    db = f"sqlite:///{tmp_path_factory.mktemp('pages') / 'pages.sqlite3'}"
    rows: list[TableRow] = []
    acts: dict[str, list[str]] = {}
    found: dict[str, Any] = {}

    def add(name: str, variant: str, options: dict[str, Any], seed: int, actions: list[str],
            first_dealer: int = 0, decks: list[list[str] | None] | None = None) -> None:
        game = Game(get_variant(variant, options), seed=seed, first_dealer=first_dealer,
                    decks=decks or (), log=True)
        for text in actions:
            game.apply(text)
        rows.append(row_for(name, variant, options, seed, game.first_dealer, decks,
                            game.variant.players))
        acts[name] = actions
        found[name] = {"seat": game.to_act, "legal": game.legal_texts(),
                       "obs": game.observation(game.to_act or 0)}

    # the tests that click play a move: the on-screen check gets its own copy ("check-")
    seed, actions = walk("capone", {}, search_with_card_in_hand)
    add("search", "capone", {}, seed, actions)
    add("check-search", "capone", {}, seed, actions)
    seed, actions = walk("ripper", {"players": 2}, phase_is("vote"), seed=3)
    for k in range(6):
        add(f"vote{k}", "ripper", {"players": 2}, seed, actions)
    add("check-vote", "ripper", {"players": 2}, seed, actions)
    record = json.loads((SCENARIOS / "ripper" / "ripper-escapes-out-of-turn-chance.json")
                        .read_text())
    for name in ("escape", "check-escape"):
        add(name, "ripper", record["options"], record["seed"], record["hands"][0]["actions"],
            record["first_dealer"], [record["hands"][0]["deck"]])
    seed, actions = walk("arlington", {"players": 2, "joker": True}, joker_choice, seed=2)
    add("joker", "arlington", {"players": 2, "joker": True}, seed, actions)
    add("check-joker", "arlington", {"players": 2, "joker": True}, seed, actions)
    for variant, options in SCREEN_VARIANTS:
        seed, actions = walk(variant, options, screen_position, seed=4)
        add(f"screen-{variant}", variant, options, seed, actions)
    for n, (variant, options) in enumerate(CONFIGS):
        for depth in (17, 61):
            seed, actions = walk(variant, options, at_depth(depth), seed=100 + n)
            add(f"walk-{n}-{depth}", variant, options, seed, actions)

    store_tables(db, rows, acts)
    return {"db": db, "found": found}


def store_tables(db: str, rows: list[TableRow], acts: dict[str, list[str]]) -> None:
    """Store ``rows`` with their actions, as a server would have (in a thread of its own:
    Playwright's sync API keeps an event loop in this one)."""
    async def store_all() -> None:
        store = Store(db)
        for row in rows:
            await store.create_table(row)
            for seq, text in enumerate(acts[row.id]):
                await store.append(row.id, seq, text)
        store.close()

    worker = threading.Thread(target=asyncio.run, args=(store_all(),))
    worker.start()
    worker.join()


@pytest.fixture(scope="module")
def server(tables: dict[str, Any]) -> Iterator[Server]:
    srv = Server(tables["db"], bot_delay=0.05)
    srv.start()
    yield srv
    srv.stop()


def new_page(browser: Any, size: tuple[int, int] = (1280, 800),
             bypass_csp: bool = False) -> tuple[Any, Page, list[str]]:
    """A page in a context of its own (a phone below 500 px), its errors collected."""
    phone = size[0] < 500
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]},
                              is_mobile=phone, has_touch=phone, bypass_csp=bypass_csp)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    return ctx, page, errors


def open_seat(browser: Any, server: Server, table: str, seat: int,
              size: tuple[int, int] = (1280, 800),
              bypass_csp: bool = False) -> tuple[Any, Page, list[str]]:
    ctx, page, errors = new_page(browser, size, bypass_csp)
    page.goto(f"{server.url}/t/{table}?seat={seat}#seat={seat}&token={token(table, seat)}")
    page.wait_for_function(f"() => document.body.dataset.seat === '{seat}'"
                           " && document.body.dataset.status === 'playing'", timeout=WAIT)
    return ctx, page, errors


def version(page: Page) -> int:
    return int(page.evaluate("Number(document.body.dataset.version)"))


def sent(page: Page, before: int) -> None:
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}", timeout=WAIT)


def test_search_warrant_individually_then_take_a_card_also_in_hand(
        browser: Any, server: Server, tables: dict[str, Any]) -> None:
    info = tables["found"]["search"]
    ctx, page, errors = open_seat(browser, server, "search", info["seat"])
    before = version(page)
    page.click("#hand .hand-card[data-card='search-warrant'] >> nth=0")
    page.wait_for_selector("dialog#choice[open]", timeout=WAIT)
    page.click("dialog#choice button[data-move='play search-warrant individually']")
    sent(page, before)
    # the search: a decision, asked in a dialog; the prompt says so (no "click a pile")
    page.wait_for_selector("dialog#choice[open] button[data-move^='take ']", timeout=WAIT)
    prompt = page.text_content("#prompt") or ""
    assert "Underworld" in prompt and "pile" not in page.text_content("#moves")
    hand = page.eval_on_selector_all("#hand .hand-card", "cs => cs.map(c => c.dataset.card)")
    takes = page.eval_on_selector_all("dialog#choice button[data-move^='take ']",
                                      "bs => bs.map(b => [b.dataset.move, b.textContent])")
    both = [(move, label) for move, label in takes if move.split()[1] in hand]
    assert both, (takes, hand)
    move, label = both[0]
    assert "-" not in label.split(" ", 1)[1]  # a name ("Al Capone"), not the id
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / "web-search.png"))
    to_docs(SCREENS / "web-search.png")
    before = version(page)
    page.click(f"dialog#choice button[data-move='{move}']")
    sent(page, before)
    assert not errors, errors
    ctx.close()


@pytest.mark.parametrize("k", range(6))
def test_a_vote_for_each_suspect(browser: Any, server: Server, tables: dict[str, Any],
                                 k: int) -> None:
    info = tables["found"][f"vote{k}"]
    ctx, page, errors = open_seat(browser, server, f"vote{k}", info["seat"])
    page.wait_for_selector("dialog#choice[open]", timeout=WAIT)
    buttons = page.eval_on_selector_all("dialog#choice button[data-move^='vote ']",
                                        "bs => bs.map(b => [b.dataset.move, b.textContent])")
    assert len(buttons) == 6, buttons
    from tablerummy.ripper.cards import NAMES, SUSPECTS

    assert {label for _, label in buttons} == {f"Vote for {NAMES[s]}" for s in SUSPECTS}
    if k == 0:
        SCREENS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENS / "web-vote.png"))
        to_docs(SCREENS / "web-vote.png")
    move = f"vote {SUSPECTS[k]}"
    before = version(page)
    page.click(f"dialog#choice button[data-move='{move}']")
    sent(page, before)
    # the secret vote is shown to the voter by name
    page.wait_for_selector(f"#private .card[data-card='{SUSPECTS[k]}']", timeout=WAIT)
    assert not errors, errors
    ctx.close()


def test_ripper_escapes_out_of_turn(browser: Any, server: Server,
                                    tables: dict[str, Any]) -> None:
    info = tables["found"]["escape"]
    assert info["seat"] == 1 and "play ripper-escapes" in info["legal"]
    ctx, page, errors = open_seat(browser, server, "escape", 1)
    page.wait_for_selector("dialog#choice[open] button[data-move='play ripper-escapes']",
                           timeout=WAIT)
    assert "pile" not in (page.text_content("#moves") or "")
    page.click("#choice-cancel")  # the same choice stays under the hand
    page.wait_for_selector("#moves .move-group button[data-move='pass']", timeout=WAIT)
    before = version(page)
    page.click("#moves .move-group button[data-move='play ripper-escapes']")
    sent(page, before)
    page.wait_for_function("() => Number(document.body.dataset.hands) === 1", timeout=WAIT)
    page.wait_for_selector("dialog#scoring[open]", timeout=WAIT)
    page.wait_for_timeout(1500)  # the items appear one by one
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / "web-scoring.png"))
    to_docs(SCREENS / "web-scoring.png")
    assert "Ripper Escapes" in (page.text_content("#log") or "")
    if engine_has_breakdown():  # the engine's breakdown: drawn item by item, with totals
        sides = page.eval_on_selector_all(
            "#scoring-body .side", "ss => ss.map(s => [s.querySelector('.hs').textContent,"
            " [...s.querySelectorAll('tr')].map(r => [...r.cells].map(c => c.textContent))])")
        assert len(sides) == 2, sides
        for head, rows in sides:
            assert rows[-1][0] == "total" and head == f"hand score {rows[-1][1]}"
            items = [int(points) for _, points in rows[:-1] if _ != "nothing scored"]
            assert sum(items) == int(rows[-1][1]), rows
        assert any("Ripper Escapes" in label for _, rows in sides for label, _ in rows), sides
    # how the hand ended, in the hand's own words (who played it, what became of the Ripper)
    ended = page.text_content("#scoring-body .end-line") or ""
    assert ended.startswith("The hand is over: you played Ripper Escapes"), ended
    assert not errors, errors
    ctx.close()


def test_a_joker_designation_is_chosen(browser: Any, server: Server,
                                       tables: dict[str, Any]) -> None:
    info = tables["found"]["joker"]
    melds: dict[tuple[str, ...], list[str]] = {}
    for text in info["legal"]:
        words = text.split()
        if words[0] == "meld" and any(w.startswith("JK=") for w in words):
            melds.setdefault(tuple(w.split("=")[0] for w in words[1:]), []).append(text)
    cards, moves = next((c, m) for c, m in melds.items() if len(m) >= 2)
    ctx, page, errors = open_seat(browser, server, "joker", info["seat"])
    seen: dict[str, int] = {}
    for card in cards:
        page.click(f"#hand .hand-card[data-card='{card}'] >> nth={seen.get(card, 0)}")
        seen[card] = seen.get(card, 0) + 1
    shown = page.eval_on_selector_all("#moves button[data-move^='meld ']",
                                      "bs => bs.map(b => b.dataset.move)")
    assert set(moves) <= set(shown), (moves, shown)
    labels = page.eval_on_selector_all("#moves button[data-move^='meld ']",
                                       "bs => bs.map(b => b.textContent)")
    assert any("Joker as " in label for label in labels), labels
    before = version(page)
    page.click(f"#moves button[data-move='{moves[-1]}']")
    sent(page, before)
    assert not errors, errors
    ctx.close()


@pytest.mark.parametrize(("variant", "options"), SCREEN_VARIANTS, ids=[v for v, _ in
                                                                      SCREEN_VARIANTS])
def test_screenshots_of_every_variant(browser: Any, server: Server, tables: dict[str, Any],
                                      variant: str, options: dict[str, Any]) -> None:
    info = tables["found"][f"screen-{variant}"]
    SCREENS.mkdir(parents=True, exist_ok=True)
    for kind, size in SIZES.items():
        ctx, page, errors = open_seat(browser, server, f"screen-{variant}", info["seat"], size)
        page.wait_for_selector("#hand .hand-card", timeout=WAIT)
        # every card shows a name or mark: no raw id like "cha" or "al-capone"
        marks = page.eval_on_selector_all(".card:not(.back):not(.empty) .mono",
                                          "ms => ms.map(m => m.textContent)")
        assert marks and all(m and "-" not in m for m in marks), marks
        path = SCREENS / f"web-{variant}-{kind}.png"
        page.screenshot(path=str(path))  # the screen as the player sees it, no scrolling
        assert path.stat().st_size > 10_000
        page.screenshot(path=str(SCREENS / f"full-{variant}-{kind}.png"), full_page=True)
        if kind == "desktop" or variant in ("capone", "ripper", "arlington"):
            to_docs(path)
        assert not errors, errors
        ctx.close()


def test_the_replay_keeps_every_fast_arrow_press(browser: Any, server: Server,
                                                 tmp_path: Any) -> None:
    record = SCENARIOS / "ripper" / "ripper-escapes-out-of-turn-chance.json"
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.goto(server.url + "/replay")
    page.set_input_files("#file", str(record))
    page.wait_for_function("() => document.body.dataset.step === '0'", timeout=WAIT)
    for _ in range(7):  # faster than the frames arrive
        page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.body.dataset.step === '7'", timeout=WAIT)
    page.wait_for_timeout(300)
    assert page.evaluate("document.body.dataset.step") == "7"
    assert (page.text_content("#action") or "").startswith("Move 7:")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("() => document.body.dataset.step === '5'", timeout=WAIT)
    ctx.close()


def test_the_scoring_dialog_draws_the_views_breakdown(browser: Any, server: Server) -> None:
    """The end-of-hand scoring is the view's ``breakdown``, item by item, with totals."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.goto(server.url + "/replay")
    last = {"end": "went-out", "areas": [], "breakdown": [
        {"side": 0, "label": "p0", "total": 75,
         "items": [{"label": "3 Frank Nitti", "points": 12}, {"label": "going out", "points": 100},
                   {"label": "Q♠ in hand", "points": -37}]},
        {"side": 1, "label": "p1", "total": 0, "items": []}]}
    rows = page.evaluate("""async (last) => {
        const { scoringEl } = await import('/static/common.js');
        const box = scoringEl(last);
        return [...box.querySelectorAll('.side')].map((s) => [
          s.querySelector('.hs').textContent,
          [...s.querySelectorAll('tr')].map((r) => r.textContent)]);
    }""", last)
    assert rows[0][0] == "hand score 75"
    assert rows[0][1] == ["3 Frank Nitti+12", "going out+100", "Q♠ in hand-37", "total75"]
    assert rows[1][1] == ["nothing scored0", "total0"]
    ctx.close()


# Run in the page: every legal move of the seat, found on screen by the control the
# server gave it.  Card moves: the hand cards are clicked (events, as a person's clicks)
# and the move's button must appear; piles and groups must be drawn.
UNREACHABLE = """() => {
  const state = window.tablerummyState;
  const missing = [];
  const clear = () => { const b = document.getElementById('clear-selection'); if (b) b.click();
    const d = document.getElementById('choice'); if (d.open) d.close(); };
  for (const m of state.msg.legal) {
    let found = false;
    if (m.pile !== null && document.querySelector(`.pile[data-pile='${m.pile}']`)) found = true;
    if (!found && m.group) {
      found = [...document.querySelectorAll('#moves .move-group button')]
        .some((b) => b.dataset.move === m.text);
    }
    if (!found && m.cards.length) {
      clear();
      const used = new Set();
      for (const id of m.cards) {
        const node = [...document.querySelectorAll('#hand .hand-card')]
          .find((n) => n.dataset.card === id && !used.has(n.dataset.key));
        if (!node) break;
        used.add(node.dataset.key);
        node.click();
      }
      found = [...document.querySelectorAll('#moves button, dialog#choice[open] button')]
        .some((b) => b.dataset.move === m.text);
      clear();
    }
    if (!found) missing.push(m.text);
  }
  return [state.msg.legal.length, missing];
}"""


@pytest.mark.parametrize("table", ["check-search", "check-vote", "check-escape", "check-joker",
                                   *[f"screen-{v}" for v, _ in SCREEN_VARIANTS],
                                   *[f"walk-{n}-{d}" for n in range(len(CONFIGS))
                                     for d in (17, 61)]])
def test_every_legal_move_is_on_screen(browser: Any, server: Server, tables: dict[str, Any],
                                       table: str) -> None:
    info = tables["found"][table]
    ctx, page, errors = open_seat(browser, server, table, info["seat"])
    page.wait_for_function("() => window.tablerummyState && window.tablerummyState.msg"
                           " && window.tablerummyState.msg.legal.length > 0", timeout=WAIT)
    count, missing = page.evaluate(UNREACHABLE)
    assert count == len(info["legal"]) and not missing, missing
    assert not errors, errors
    ctx.close()
