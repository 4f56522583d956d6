"""Issue 27 in the system Chromium: a table that explains itself, by keyboard and on a phone.

Positions are stored tables whose seats this test holds (as in ``test_pages``), resumed
by one real ``tablerummy serve``; a few tables are created through the API as a person
would (the clock, the game against a bot).  axe-core (vendored: ``tests/web/vendor``)
checks the lobby, a turn of each family, the scoring dialog and the game-over screen.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tablerummy.game import Game
from tablerummy.present import table_view
from tablerummy.variant import get_variant
from tablerummy.web.store import SeatRow, TableRow

from . import test_pages as pages
from .conftest import ARTIFACTS, Server
from .helpers import MY_TURN_OR_SCORING
from .test_pages import (
    SCREEN_VARIANTS,
    SIZES,
    phase_is,
    row_for,
    screen_position,
    store_tables,
    to_docs,
    walk,
)

pytestmark = [pytest.mark.slow, pytest.mark.e2e]

Page = Any
WAIT = 10_000
AXE = Path(__file__).parent / "vendor" / "axe.min.js"
SHOTS = ARTIFACTS / "explained"
END_SEED = 3
"""A capone game to 25 whose one hand ends by a player going out after 62 random moves."""
NEXT_SEED = 7
"""A capone game whose first hand ends by p0's move, and p1 starts the second."""


def gavel_in_play(game: Game, actions: list[str]) -> bool:
    """A play phase whose seat holds a Gavel card it may discard (the double-click)."""
    seat = game.to_act
    if seat is None or game.observation(seat)["phase"] != "play":
        return False
    return any(t.startswith("discard ") and t.split()[1] in ("raid", "eliot-ness",
               "search-warrant", "agent-meeting") for t in game.legal_texts())


def wild_on_table(game: Game, actions: list[str]) -> bool:
    """An Oklahoma play phase with a wild standing for a card in a meld on the table."""
    seat = game.to_act
    if seat is None or game.observation(seat)["phase"] != "play":
        return False
    view = table_view(game.variant, game.observation(seat))
    return any("=" in c for a in view["areas"] for m in a["melds"] for c in m["cards"])


def random_game(variant: str, options: dict[str, Any], seed: int) -> list[str]:
    game = Game(get_variant(variant, options), seed=seed)
    rng = random.Random(seed)
    actions: list[str] = []
    while not game.game_over:
        text = rng.choice(game.legal_texts())
        game.apply(text)
        actions.append(text)
    return actions


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    db = f"sqlite:///{tmp_path_factory.mktemp('explained') / 'explained.sqlite3'}"
    rows: list[TableRow] = []
    acts: dict[str, list[str]] = {}
    found: dict[str, Any] = {}

    def add(name: str, variant: str, options: dict[str, Any], seed: int,
            actions: list[str], bot_seat: int | None = None) -> None:
        game = Game(get_variant(variant, options), seed=seed, log=True)
        for text in actions:
            game.apply(text)
        row = row_for(name, variant, options, seed, game.first_dealer, None,
                      game.variant.players)
        if bot_seat is not None:
            row.seats[bot_seat] = SeatRow(bot_seat, "bot", "greedy", None, None)
        rows.append(row)
        acts[name] = actions
        found[name] = {"seat": game.to_act, "legal": game.legal_texts()}

    for variant, options in SCREEN_VARIANTS:
        seed, actions = walk(variant, options, screen_position, seed=4)
        add(f"turn-{variant}", variant, options, seed, actions)
    seed, actions = walk("capone", {}, gavel_in_play, seed=6)
    add("gavel", "capone", {}, seed, actions)
    seed, actions = walk("capone", {}, phase_is("draw"), seed=7)
    add("draw", "capone", {}, seed, actions)
    seed, actions = walk("fortune", {"players": 2}, wild_on_table, seed=5)
    add("wild", "fortune", {"players": 2}, seed, actions)
    # hand 1 ends by p0's move, p1 (the greedy bot) starts hand 2
    game = Game(get_variant("capone"), seed=NEXT_SEED, log=True)
    rng = random.Random(NEXT_SEED)
    hand_one: list[str] = []
    while len(game.hands) == 1:
        hand_one.append(rng.choice(game.legal_texts()))
        game.apply(hand_one[-1])
    assert game.to_act == 1
    add("next", "capone", {}, NEXT_SEED, hand_one[:-1], bot_seat=1)
    found["next"]["last"] = hand_one[-1]
    ending = random_game("capone", {"target": 25}, END_SEED)
    add("end", "capone", {"target": 25}, END_SEED, ending[:-1])
    found["end"]["last"] = ending[-1]

    store_tables(db, rows, acts)
    return {"db": db, "found": found}


@pytest.fixture(scope="module")
def server(tables: dict[str, Any]) -> Iterator[Server]:
    # a short clock for the clock's test: 2 s turns once away, the seat handed after 2 misses
    srv = Server(tables["db"], bot_delay=0.05,
                 env={"TABLERUMMY_AWAY_SECONDS": "2", "TABLERUMMY_MISSED_TURNS": "2"})
    srv.start()
    yield srv
    srv.stop()


def new_page(browser: Any, size: tuple[int, int] = (1280, 800)) -> tuple[Any, Page, list[str]]:
    # axe is injected as a script: the page's Content-Security-Policy would refuse it
    return pages.new_page(browser, size, bypass_csp=True)


def open_seat(browser: Any, server: Server, table: str, seat: int,
              size: tuple[int, int] = (1280, 800)) -> tuple[Any, Page, list[str]]:
    return pages.open_seat(browser, server, table, seat, size, bypass_csp=True)


def version(page: Page) -> int:
    return int(page.evaluate("Number(document.body.dataset.version)"))


def sent(page: Page, before: int) -> None:
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}",
                           timeout=WAIT)


def serious_violations(page: Page, where: str) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now."""
    page.add_script_tag(content=AXE.read_text())
    result = page.evaluate("""async () => {
        const r = await axe.run(document, { resultTypes: ['violations'] });
        return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' '))
            .join(' | ')}`);
    }""")
    return [f"{where}: {line}" for line in result]


def in_view(page: Page, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    return bool(box and size and box["y"] >= 0 and box["y"] + box["height"] <= size["height"])


# --- Learn from the page ------------------------------------------------------------------

def test_rules_in_the_lobby_and_at_the_table(browser: Any, server: Server) -> None:
    ctx, page, errors = new_page(browser)
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='yes']", timeout=WAIT)
    page.select_option("#variant", "ripper")
    page.select_option("#opt-players", "3")
    page.locator("#rules-btn").press("Enter")
    page.wait_for_selector("dialog#rules[open]", timeout=WAIT)
    text = page.text_content("#rules-body") or ""
    # the same source as `tablerummy rules ripper` with these options
    assert "3 players" in text and "Commissioner Resigns" in text and "Sir William Gull" in text
    assert page.locator("#rules-body table").count() >= 2  # the card tables
    problems = serious_violations(page, "rules dialog")
    assert not problems, problems
    page.keyboard.press("Escape")
    # the options read as words, each with its help on screen
    label = page.text_content("label[data-option='players']") or ""
    assert label.startswith("Players") and page.is_visible("#opt-players-help")
    ctx.close()
    ctx, page, errors = open_seat(browser, server, "turn-capone", 0)
    page.click("#rules-btn")
    page.wait_for_selector("dialog#rules[open]", timeout=WAIT)
    text = page.text_content("#rules-body") or ""
    assert "Eliot Ness" in text and "game to 200" in text.replace("**", "")
    assert not errors, errors
    ctx.close()


def test_the_rules_api_refuses_bad_input_in_one_line(server: Server) -> None:
    for path, words in (("/api/rules/nope", "unknown variant"),
                        ("/api/rules/capone?options=%7Bx", "JSON object"),
                        ("/api/rules/capone?options=%7B%22players%22%3A9%7D", "players")):
        answer = httpx.get(server.url + path)
        assert answer.status_code == 400 and words in answer.json()["error"], answer.text
        assert "\n" not in answer.json()["error"]
    good = httpx.get(server.url + "/api/rules/fortune").json()
    assert "<table>" in good["html"] and good["markdown"].startswith("#")


def test_cards_say_what_they_are_worth_and_do(browser: Any, server: Server,
                                               tables: dict[str, Any]) -> None:
    info = tables["found"]["gavel"]
    ctx, page, errors = open_seat(browser, server, "gavel", info["seat"])
    helps = dict(page.eval_on_selector_all(
        "#hand .hand-card", "cs => cs.map(c => [c.dataset.card, c.title])"))
    gavels = [c for c in helps if c in ("raid", "eliot-ness", "search-warrant", "agent-meeting")]
    assert gavels
    for card, text in helps.items():
        assert "points" in text or "Gavel card" in text, (card, text)
    assert "Gavel card" in helps[gavels[0]] and text.endswith(".")
    # an accessible name on every card and pile
    names = page.eval_on_selector_all(  # a label, or a button's own text
        ".card:not([aria-hidden]), .pile", "cs => cs.map(c => c.getAttribute('aria-label')"
        " || (c.getAttribute('role') === 'button' && c.textContent.trim()))")
    assert names and all(names), names
    ctx.close()
    # a phone: press and hold (a long touch is a context menu) shows the sentence
    ctx, page, errors = open_seat(browser, server, "gavel", info["seat"], SIZES["phone"])
    page.dispatch_event(f"#hand .hand-card[data-card='{gavels[0]}']", "contextmenu")
    page.wait_for_selector("#card-info.show", timeout=WAIT)
    assert "Gavel card" in (page.text_content("#card-info") or "")
    assert not errors, errors
    ctx.close()


def test_oklahoma_cards_show_points_and_wilds_say_what_they_stand_for(
        browser: Any, server: Server, tables: dict[str, Any]) -> None:
    info = tables["found"]["wild"]
    ctx, page, errors = open_seat(browser, server, "wild", info["seat"])
    points = page.eval_on_selector_all("#hand .hand-card .pts", "ps => ps.map(p => p.textContent)")
    assert points and all(p.isdigit() for p in points), points
    titles = page.eval_on_selector_all("#hand .hand-card", "cs => cs.map(c => c.title)")
    assert all("caught in hand" in t for t in titles), titles
    wilds = page.eval_on_selector_all("#areas .card .mono.wild", "ms => ms.map(m => m.textContent)")
    assert wilds and all(" as " in w and "*" not in w for w in wilds), wilds
    assert not errors, errors
    ctx.close()


def test_moves_read_as_sentences(browser: Any, server: Server, tables: dict[str, Any]) -> None:
    info = tables["found"]["draw"]
    ctx, page, _ = open_seat(browser, server, "draw", info["seat"])
    labels = page.eval_on_selector_all("#all-moves button", "bs => bs.map(b => b.textContent)")
    assert "Draw two from the Case File" in labels, labels
    assert all(label[0].isupper() and "-" not in label for label in labels), labels
    ctx.close()


def test_playable_cards_are_marked_and_the_others_dimmed(
        browser: Any, server: Server, tables: dict[str, Any]) -> None:
    draw = tables["found"]["draw"]
    ctx, page, errors = open_seat(browser, server, "draw", draw["seat"])
    assert page.locator("#hand .hand-card.playable").count() == 0
    assert page.locator("#hand .hand-card.dimmed").count() == page.locator(
        "#hand .hand-card").count() > 0
    ctx.close()
    ctx, page, errors = open_seat(browser, server, "turn-ripper",
                                  tables["found"]["turn-ripper"]["seat"])
    legal = page.evaluate("window.tablerummyState.msg.legal")
    in_moves = {c for m in legal for c in m["cards"]}
    marked = set(page.eval_on_selector_all("#hand .hand-card.playable",
                                           "cs => cs.map(c => c.dataset.card)"))
    dimmed = set(page.eval_on_selector_all("#hand .hand-card.dimmed",
                                           "cs => cs.map(c => c.dataset.card)"))
    assert marked == in_moves and not (dimmed & in_moves), (marked, dimmed, in_moves)
    assert not errors, errors
    ctx.close()


def test_double_clicking_a_gavel_card_discards_it(browser: Any, server: Server,
                                                  tables: dict[str, Any]) -> None:
    info = tables["found"]["gavel"]
    card = next(t.split()[1] for t in info["legal"] if t.startswith("discard ") and t.split()[1]
                in ("raid", "eliot-ness", "search-warrant", "agent-meeting"))
    ctx, page, errors = open_seat(browser, server, "gavel", info["seat"])
    before = version(page)
    page.dblclick(f"#hand .hand-card[data-card='{card}'] >> nth=0")
    sent(page, before)
    from tablerummy.capone.cards import NAMES

    page.wait_for_function("() => document.getElementById('log').textContent.includes("
                           f"'you discarded {NAMES[card]}')", timeout=WAIT)
    assert not page.is_visible("dialog#choice[open]")
    assert not errors, errors
    ctx.close()


# --- Layout and access ----------------------------------------------------------------------

@pytest.mark.parametrize(("variant", "options"), SCREEN_VARIANTS,
                         ids=[v for v, _ in SCREEN_VARIANTS])
def test_a_turn_of_each_variant_fits_and_passes_axe(browser: Any, server: Server,
                                                    tables: dict[str, Any], variant: str,
                                                    options: dict[str, Any]) -> None:
    table = f"turn-{variant}"
    seat = tables["found"][table]["seat"]
    problems: list[str] = []
    for kind, size in SIZES.items():
        ctx, page, errors = open_seat(browser, server, table, seat, size)
        page.wait_for_selector("#hand .hand-card", timeout=WAIT)
        if kind == "desktop":  # the hint and the move buttons without scrolling
            assert in_view(page, "#moves"), kind
            problems += serious_violations(page, f"{variant} turn")
        assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
        assert not errors, errors
        ctx.close()
    assert not problems, problems


def test_the_lobby_fits_a_phone_and_passes_axe(browser: Any, server: Server) -> None:
    ctx, page, errors = new_page(browser, SIZES["phone"])
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='yes']", timeout=WAIT)
    for variant in ("capone", "ripper", "arlington"):
        page.select_option("#variant", variant)
        assert page.evaluate("document.documentElement.scrollWidth") <= SIZES["phone"][0]
    problems = serious_violations(page, "lobby")
    assert not problems, problems
    assert not errors, errors
    ctx.close()


def test_watchers_see_no_move_box_and_long_names_are_not_clipped(
        browser: Any, server: Server) -> None:
    long_name = "Maximiliana Wolfeschlegelsteinhausen"
    made = httpx.post(server.url + "/api/tables", json={
        "variant": "capone", "options": {}, "seats": ["person", "greedy"], "turn_seconds": 0,
        "join": {"seat": 0, "name": long_name}}).json()
    table = made["table"]["id"]
    for size in SIZES.values():
        ctx, page, errors = new_page(browser, size)
        page.goto(f"{server.url}/t/{table}")
        page.wait_for_function("() => document.body.dataset.watching === 'yes'", timeout=WAIT)
        assert not page.is_visible("#move-box") and not page.is_visible("#typed")
        clipped = page.eval_on_selector_all(
            ".player .name, #seats-info .seat span",
            "ns => ns.filter(n => n.scrollWidth > n.clientWidth + 1).map(n => n.textContent)")
        assert not clipped, clipped
        assert long_name in (page.text_content("#players") or "")
        assert not errors, errors
        ctx.close()


COUNT_MOUSE = """() => { window.mouseEvents = 0;
  for (const type of ['mousedown', 'click', 'pointerdown']) {
    document.addEventListener(type, (e) => {
      // a key's click has detail 0 and no pointer: only a mouse or a touch counts
      if (e.detail > 0 || e.pointerType) window.mouseEvents++;
    }, true);
  } }"""


def test_a_whole_game_by_keyboard_alone(browser: Any, server: Server) -> None:
    """Capone to 25 against the greedy bot: every move by keys (no mouse event at all)."""
    ctx, page, errors = new_page(browser)
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='yes']", timeout=WAIT)
    page.locator("#name").fill("Kay")
    page.locator("#opt-target").fill("25")
    page.locator("#turn-seconds").fill("0")
    page.locator("#create-btn").press("Enter")
    page.wait_for_url("**/t/*?seat=0", timeout=WAIT)
    page.wait_for_function("() => document.body.dataset.status === 'playing'", timeout=WAIT)
    page.evaluate(COUNT_MOUSE)
    # Tab reaches the piles, the hand's cards and the moves
    reached: set[str] = set()
    for _ in range(60):
        page.keyboard.press("Tab")
        reached.add(page.evaluate("document.activeElement.className || document.activeElement"
                                  ".tagName"))
    assert any("pile" in r for r in reached) and any("hand-card" in r for r in reached), reached
    rng = random.Random(3)
    moves = 0
    while page.evaluate("document.body.dataset.gameOver") != "yes":
        if page.is_visible("dialog#scoring[open]"):
            page.keyboard.press("Escape")
            continue
        if page.evaluate("document.body.dataset.toAct") != "0":
            page.wait_for_function(MY_TURN_OR_SCORING, timeout=WAIT)
            continue
        before = version(page)
        legal = page.evaluate("window.tablerummyState.msg.legal")
        if page.is_visible("dialog#choice[open]"):
            page.locator("dialog#choice .choices button").first.focus()
            page.keyboard.press("Enter")
        elif any(m["pile"] == 0 for m in legal):
            page.locator(".pile[data-pile='0']").focus()
            page.keyboard.press("Enter")
        else:
            meld = next((m for m in legal if m["verb"] == "meld"), None)
            move = meld if meld and rng.random() < .7 else rng.choice(
                [m for m in legal if m["verb"] == "discard"])
            used: list[str] = []
            for card in move["cards"]:
                node = page.locator(f"#hand .hand-card[data-card='{card}']:not(.selected)").first
                node.focus()
                page.keyboard.press("Enter")
                used.append(card)
                if page.is_visible("dialog#choice[open]"):
                    page.keyboard.press("Escape")  # a Gavel card's dialog: its button is below too
            button = page.locator(f"#moves button[data-move='{move['text']}']")
            button.focus()
            page.keyboard.press("Enter")
        sent(page, before)
        moves += 1
        assert moves < 400
    assert page.evaluate("window.mouseEvents") == 0
    page.wait_for_selector("#over-text", timeout=WAIT)
    assert not errors, errors
    ctx.close()


# --- The clock and absent players -----------------------------------------------------------

def test_the_clock_counts_down_then_marks_the_seat_away_then_handed(
        browser: Any, server: Server) -> None:
    made = httpx.post(server.url + "/api/tables", json={
        "variant": "capone", "options": {}, "seats": ["person", "greedy"], "turn_seconds": 4,
        "join": {"seat": 0, "name": "Sleepy"}}).json()
    table, tok = made["table"]["id"], made["token"]
    ctx, page, errors = new_page(browser)
    page.goto(f"{server.url}/t/{table}?seat=0#seat=0&token={tok}")
    clock = ("(words) => { const c = document.querySelector(\".player[data-seat='0'] .clock\");"
             " return c !== null && c.textContent.includes(words); }")
    page.wait_for_function(clock, arg="left", timeout=WAIT)
    assert (page.text_content(".player[data-seat='0'] .clock") or "0:0").startswith("0:0")
    # time runs out: away, and its next turn shows the shorter away clock
    page.wait_for_selector(".player[data-seat='0'] .seat-mark.away", timeout=WAIT)
    assert "away" in (page.text_content("#seats-info") or "")
    page.wait_for_function(clock, arg="2 s turns while away (the table's clock is 4 s)",
                           timeout=WAIT)
    # missed twice: the bot plays the seat for good; no "your turn", no controls
    page.wait_for_selector(".player[data-seat='0'] .seat-mark.handed", timeout=3 * WAIT)
    assert "for the rest of the game" in (page.text_content("#seats-info") or "")
    page.wait_for_function("() => document.body.dataset.toAct === '0'", timeout=WAIT)
    assert "your turn" not in (page.text_content("#prompt") or "")
    assert not page.is_visible("#move-box")
    assert page.evaluate("window.tablerummyState.msg.legal.length") == 0
    assert not errors, errors
    ctx.close()


# --- Hand end and game end ------------------------------------------------------------------

def test_the_game_ends_with_names_a_fitting_dialog_and_a_rematch(
        browser: Any, server: Server, tables: dict[str, Any]) -> None:
    info = tables["found"]["end"]
    seat, other = info["seat"], 1 - info["seat"]
    problems: list[str] = []
    seat_pages: dict[int, tuple[Page, list[str]]] = {}
    pages_end_link: list[str] = []
    contexts = []
    for s, size in ((seat, SIZES["desktop"]), (other, SIZES["phone"])):
        ctx, page, errors = open_seat(browser, server, "end", s, size)
        contexts.append(ctx)
        seat_pages[s] = (page, errors)
    page, errors = seat_pages[seat]
    # the last move, typed (the notation), goes out
    page.locator("#typed-text").fill(info["last"])
    before = version(page)
    page.locator("#typed-text").press("Enter")
    sent(page, before)
    SHOTS.mkdir(parents=True, exist_ok=True)
    for s, (p, _) in seat_pages.items():
        p.wait_for_selector("dialog#scoring[open]", timeout=WAIT)
        p.wait_for_timeout(1200)  # the items appear one by one
        size = p.viewport_size
        box = p.locator("dialog#scoring").bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= size["height"], box
        assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], box
        assert p.evaluate("document.getElementById('scoring').scrollTop") == 0
        assert p.locator("dialog#scoring h3").evaluate("h => h === document.activeElement")
        first = p.locator("#scoring-body .side").first
        assert first.get_attribute("data-side") == str(s)
        assert "(you)" in (first.text_content() or "")
        body = p.text_content("#scoring-body") or ""
        # who went out, by name (or "you")
        assert re.search(r"(you|p\d \(Player \d\)) went out", body), body
        assert p.locator("#scoring-body .side .meld").count() > 0  # the finished hand's melds
        shot = SHOTS / f"web-scoring-{'desktop' if s == seat else 'phone'}.png"
        p.screenshot(path=str(shot))
        to_docs(shot)
        problems += serious_violations(p, f"scoring dialog of p{s}")
        p.locator("#scoring-close").press("Enter")
    for s, (p, _) in seat_pages.items():
        text = p.text_content("#over-text") or ""
        assert text.startswith("The game is over: Player ") and " wins with " in text, text
        for link in ("#rematch-btn", "#new-table-link", "#lobby-link", "#download-record",
                     "#replay-link"):
            assert p.is_visible(link), link
        assert not p.is_visible("#hand-zone")  # no empty panel where the hand was
        pages_end_link.append(p.get_attribute("#new-table-link", "href") or "")
        problems += serious_violations(p, f"game over of p{s}")
    page.screenshot(path=str(SHOTS / "web-game-over.png"))
    to_docs(SHOTS / "web-game-over.png")
    assert not problems, problems
    # Rematch: the same seats, options and clock; the other person is asked
    page.click("#rematch-btn")
    page.wait_for_url(lambda url: "/t/end" not in url, timeout=WAIT)
    new_id = page.url.split("/t/")[1].split("?")[0]
    assert new_id != "end"
    other_page, _ = seat_pages[other]
    other_page.wait_for_selector("#rematch-asked", timeout=WAIT)
    assert f"Player {seat} asks for a rematch" in (other_page.text_content("#rematch-asked") or "")
    other_page.click("#rematch-btn")
    other_page.wait_for_url(f"**/t/{new_id}?seat={other}", timeout=WAIT)
    other_page.wait_for_function("() => document.body.dataset.status === 'playing'",
                                 timeout=WAIT)
    meta = httpx.get(f"{server.url}/api/tables/{new_id}").json()["table"]
    assert meta["options"]["target"] == 25 and meta["variant"] == "capone"
    assert [s["name"] for s in meta["seats"]] == [f"Player {s}" for s in range(2)]
    # New table: the lobby with this variant, options and clock filled in
    other_page.goto(server.url + pages_end_link[0])
    other_page.wait_for_selector("body[data-ready='yes']", timeout=WAIT)
    assert other_page.input_value("#variant") == "capone"
    assert other_page.input_value("#opt-target") == "25"
    for _, errs in seat_pages.values():
        assert not errs, errs
    for ctx in contexts:
        ctx.close()


def test_the_bot_waits_until_the_scoring_is_closed(browser: Any, server: Server,
                                                   tables: dict[str, Any]) -> None:
    info = tables["found"]["next"]
    ctx, page, errors = open_seat(browser, server, "next", 0)
    page.locator("#typed-text").fill(info["last"])
    page.locator("#typed-text").press("Enter")
    page.wait_for_selector("dialog#scoring[open]", timeout=WAIT)
    page.wait_for_function("() => document.body.dataset.toAct === '1'", timeout=WAIT)
    dealt = version(page)
    page.wait_for_timeout(1500)  # thirty times the bot's delay: it would have moved
    assert version(page) == dealt and page.is_visible("dialog#scoring[open]")
    page.locator("#scoring-close").press("Enter")
    sent(page, dealt)  # the bot plays once the dialog is closed
    assert not errors, errors
    ctx.close()


def test_the_scoring_says_where_melds_and_hand_score_differ(browser: Any,
                                                            server: Server) -> None:
    ctx, page, errors = new_page(browser)
    page.goto(server.url + "/replay")
    last = {"end": "went-out", "areas": [
        {"side": 0, "label": "p0", "points": 45, "melds": []},
        {"side": 1, "label": "p1", "points": 20, "melds": []}], "breakdown": [
        {"side": 0, "label": "p0", "total": 145, "items": [
            {"label": "melds", "points": 45}, {"label": "going out", "points": 100}]},
        {"side": 1, "label": "p1", "total": 20, "items": [{"label": "melds", "points": 20}]}]}
    said = page.evaluate("""async (last) => {
        const { scoringEl } = await import('/static/common.js');
        const box = scoringEl(last, null, { mySide: 1 });
        return [...box.querySelectorAll('.side')].map((s) => [s.dataset.side,
          (s.querySelector('.diff') || {}).textContent || null]);
    }""", last)
    assert said[0] == ["1", None]  # the reader's side first; its badge and score agree
    assert said[1][0] == "0" and "45 points" in said[1][1] and "145" in said[1][1]
    assert not errors, errors
    ctx.close()


def test_the_log_keeps_following_after_a_rotation(browser: Any, server: Server,
                                                  tables: dict[str, Any]) -> None:
    info = tables["found"]["turn-capone"]
    ctx, page, errors = open_seat(browser, server, "turn-capone", info["seat"], SIZES["phone"])
    at_bottom = ("() => { const b = document.getElementById('log');"
                 " return b.scrollHeight > b.clientHeight"
                 " && b.scrollTop + b.clientHeight >= b.scrollHeight - 2; }")
    page.wait_for_function(at_bottom, timeout=WAIT)
    page.set_viewport_size({"width": 844, "height": 390})  # turned sideways
    page.wait_for_function(at_bottom, timeout=WAIT)
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function(at_bottom, timeout=WAIT)
    assert not errors, errors
    ctx.close()

