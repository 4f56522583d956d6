"""End to end in the system Chromium: people click cards, the server decides.

Two browser contexts (two people) play a whole capone hand against each other, with a
reload in the middle and an illegal click; one person plays a short game against the
greedy bot, with a Gavel card through its dialog, then downloads the record and
replays it.  Screenshots go to ``test-artifacts/web/``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tablerummy.records import replay

from .conftest import ARTIFACTS, Server
from .helpers import MY_TURN_OR_SCORING

pytestmark = [pytest.mark.slow, pytest.mark.e2e]

Page = Any  # playwright.sync_api.Page (imported lazily: the package is a test extra)
WAIT = 10_000  # ms


@pytest.fixture
def server(server_factory: type[Server], tmp_path: Path) -> Server:
    srv = server_factory(f"sqlite:///{tmp_path / 'e2e.sqlite3'}", bot_delay=0.05)
    srv.start()
    return srv


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name))


def version(page: Page) -> int:
    return int(page.evaluate("Number(document.body.dataset.version || -1)"))


def wait_version_above(page: Page, v: int) -> None:
    # waits are given functions, not expressions: Playwright polls an expression with
    # eval, which the page's Content-Security-Policy forbids
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {v}", timeout=WAIT)


def to_act(page: Page) -> int | None:
    value = page.evaluate("document.body.dataset.toAct")
    return int(value) if value not in (None, "") else None


def legal(page: Page) -> list[str]:
    return list(page.eval_on_selector_all("#all-moves button", "bs => bs.map(b => b.dataset.move)"))


def close_scoring(page: Page) -> None:
    if page.is_visible("dialog#scoring[open]"):
        page.click("#scoring-close")


def take_turn(page: Page, rng: random.Random, gavel: bool = False) -> bool:
    """One move by clicking, as a person would; True if a Gavel card was played."""
    close_scoring(page)
    before = version(page)
    moves = legal(page)
    if page.is_visible("dialog#choice[open]"):  # e.g. the card to keep from a search
        page.click("dialog#choice .choices button >> nth=0")
        wait_version_above(page, before)
        return False
    if "draw stock" in moves:
        page.click(".pile[data-pile='0']")
        wait_version_above(page, before)
        return False
    played = False
    plays = [m for m in moves if m.startswith("play ")]
    melds = [m for m in moves if m.startswith("meld ")]
    if gavel and plays:
        card = plays[0].split()[1]
        page.click(f"#hand .hand-card[data-card='{card}'] >> nth=0")
        page.wait_for_selector("dialog#choice[open]", timeout=WAIT)
        page.click("dialog#choice button[data-move^='play '] >> nth=0")
        played = True
    elif melds and rng.random() < 0.7:
        words = melds[0].split()[1:]
        for i in range(len(words)):
            page.click(f"#hand .hand-card[data-card='{words[i]}'] >> nth={i}")
        page.click(f"#moves button[data-move='{melds[0]}']")
    elif not any(m.startswith("discard ") for m in moves):
        # a decision of one option that is no hand card (the only card a search offers,
        # "draw discard" alone): the moves panel shows it as a button
        page.click("#moves button[data-move] >> nth=0")
    else:
        discards = [m for m in moves if m.startswith("discard ")]
        card = rng.choice(discards).split()[1]
        page.click(f"#hand .hand-card[data-card='{card}'] >> nth=0")
        if page.is_visible("dialog#choice[open]"):  # a Gavel card: its dialog has discard too
            page.click(f"dialog#choice button[data-move='discard {card}']")
        else:
            page.click(f"#moves button[data-move='discard {card}']")
    wait_version_above(page, before)
    return played


def hand_cards(page: Page) -> list[str]:
    return list(page.eval_on_selector_all("#hand .hand-card", "cs => cs.map(c => c.dataset.card)"))


def test_two_people_play_a_whole_hand_with_a_reload_and_an_illegal_click(
        browser: Any, server: Server) -> None:
    rng = random.Random(11)
    ann_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    bob_ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True)
    ann, bob = ann_ctx.new_page(), bob_ctx.new_page()
    errors: list[str] = []
    for page in (ann, bob):
        page.on("pageerror", lambda err: errors.append(str(err)))

    # Ann creates the table in the lobby, for two people
    ann.goto(server.url + "/")
    ann.wait_for_selector("body[data-ready='yes']", timeout=WAIT)
    ann.fill("#name", "Ann")
    ann.select_option("#seat-1", "person")
    ann.click("#create-btn")
    ann.wait_for_url("**/t/*?seat=0", timeout=WAIT)
    ann.wait_for_function("() => document.body.dataset.status === 'waiting'", timeout=WAIT)
    invite = ann.text_content("code.invite[data-seat='1']")
    assert invite and invite.endswith("?seat=1")

    # Bob opens the invite link on his phone and sits down
    bob.goto(invite)
    bob.wait_for_selector("dialog#join[open]", timeout=WAIT)
    bob.fill("#join-name", "Bob")
    bob.click("#join-go")
    for page in (ann, bob):
        page.wait_for_function("() => document.body.dataset.status === 'playing'", timeout=WAIT)
    bob.wait_for_function("() => document.body.dataset.seat === '1'", timeout=WAIT)
    pages = {0: ann, 1: bob}

    moves = 0
    reloaded = illegal_checked = False
    while True:
        # the mover's page sees its own move first: both must show it before either is read
        newest = max(version(ann), version(bob))
        for each in (ann, bob):
            each.wait_for_function(f"() => Number(document.body.dataset.version) >= {newest}",
                                   timeout=WAIT)
        if int(ann.evaluate("Number(document.body.dataset.hands)")) > 0:
            break
        seat = to_act(ann)
        assert seat is not None
        page, other = pages[seat], pages[1 - seat]
        if not illegal_checked and moves >= 4:
            # the other player clicks the Case File out of turn: refused, nothing changes
            v = version(other)
            from playwright.sync_api import TimeoutError as PlaywrightTimeout

            for attempt in range(3):  # a click on a pile redrawn at that instant is lost
                other.click(".pile[data-pile='0']")
                try:
                    other.wait_for_selector("#toast.show", timeout=WAIT // 2)
                    break
                except PlaywrightTimeout:
                    assert attempt < 2, "no toast after three clicks out of turn"
            assert f"p{seat}'s turn" in (other.text_content("#toast") or "")
            assert version(other) == v
            illegal_checked = True
        if not reloaded and moves == 12:
            shot(ann, "table-desktop.png")
            shot(bob, "table-phone.png")
            before = hand_cards(bob)
            bob.reload()
            bob.wait_for_function(f"() => Number(document.body.dataset.version) === {version(ann)}",
                                  timeout=WAIT)
            assert bob.evaluate("document.body.dataset.seat") == "1"
            assert hand_cards(bob) == before
            reloaded = True
        try:
            take_turn(page, rng)
        except Exception:
            shot(ann, "failed-p0.png")
            shot(bob, "failed-p1.png")
            raise
        moves += 1
        assert moves < 400, "the hand should have ended"
    assert reloaded and illegal_checked
    for page in (ann, bob):
        page.wait_for_selector("dialog#scoring[open]", timeout=WAIT)
        assert "hand score" in (page.text_content("#scoring-body") or "")
    ann.wait_for_timeout(2500)  # the cards are dealt onto the dialog one by one
    shot(ann, "scoring.png")
    close_scoring(ann)
    log_text = ann.text_content("#log") or ""
    assert "Hand 1" in log_text and "Hand 2" in log_text
    assert not errors, errors
    ann_ctx.close()
    bob_ctx.close()


def test_one_person_against_the_greedy_bot_then_record_and_replay(
        browser: Any, server: Server, tmp_path: Path) -> None:
    rng = random.Random(5)
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='yes']", timeout=WAIT)
    page.fill("#name", "Dee")
    page.fill("#opt-target", "25")  # a short game: it ends after a hand or two
    page.select_option("#seat-1", "greedy")
    page.click("#create-btn")
    page.wait_for_url("**/t/*?seat=0", timeout=WAIT)
    page.wait_for_function("() => document.body.dataset.status === 'playing'", timeout=WAIT)

    gavel_played = False
    moves = 0
    while page.evaluate("document.body.dataset.gameOver") != "yes":
        close_scoring(page)
        if to_act(page) != 0:
            page.wait_for_function(MY_TURN_OR_SCORING, timeout=WAIT)
            continue
        try:
            gavel_played |= take_turn(page, rng, gavel=not gavel_played)
        except Exception:
            shot(page, "failed-vs-bot.png")
            raise
        moves += 1
        assert moves < 800, "the game should have ended"
    assert gavel_played
    page.wait_for_selector("#download-record", timeout=WAIT)
    close_scoring(page)
    shot(page, "game-over.png")

    with page.expect_download() as info:
        page.click("#download-record")
    path = tmp_path / "record.json"
    info.value.save_as(path)
    record = json.loads(path.read_text())
    replayed = replay(record)
    assert replayed.error is None and replayed.game.game_over

    page.click("#replay-link")
    # a selector, not document.body in a function: between the two documents body is null
    page.wait_for_url("**/replay/*", timeout=WAIT)
    page.wait_for_selector("body[data-step='0']", timeout=WAIT)
    # one column: every section spans the page, and nothing lies over the step buttons
    # (the table's named grid areas once put #areas in an implicit column over them)
    layout = page.evaluate("""() => {
        const main = document.querySelector('main').getBoundingClientRect();
        const next = document.getElementById('next').getBoundingClientRect();
        const hit = document.elementFromPoint(next.x + next.width / 2, next.y + next.height / 2);
        return {hit: hit && hit.closest('#next') !== null,
                widths: [...document.querySelectorAll('main > section:not([hidden])')]
                    .map((s) => Math.round(s.getBoundingClientRect().width)),
                main: Math.round(main.width)};
    }""")
    assert layout["hit"], "something covers the replay's step button"
    assert min(layout["widths"]) >= layout["main"] - 40, layout
    for step in (1, 2, 3):
        page.click("#next")
        page.wait_for_function(f"() => document.body.dataset.step === '{step}'", timeout=WAIT)
    assert (page.text_content("#action") or "").startswith("Move 3:")
    page.click("#last")
    total = sum(len(h["actions"]) for h in record["hands"])
    page.wait_for_function(f"() => document.body.dataset.step === '{total}'", timeout=WAIT)
    shot(page, "replay.png")
    assert not errors, errors
    ctx.close()
