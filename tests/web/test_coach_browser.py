"""The coach in the system Chromium: a person clicks Hint and sees three moves; a finished
game is analysed from the game-over screen and from the replay page.

Screenshots at 1280×800 and 390×844 go to ``test-artifacts/web/screens/`` (and, with
``TABLERUMMY_DOCS_IMAGES=1``, to docs/images: ``web-hints-*.png``, ``web-analysis-*.png``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import Server
from .test_coach_web import COACH_ENV, finished_game, store_finished
from .test_explained import serious_violations
from .test_pages import SCREENS, SIZES, new_page, to_docs

pytestmark = [pytest.mark.slow, pytest.mark.e2e]

Page = Any
WAIT = 10_000
DOCS = bool(os.environ.get("TABLERUMMY_DOCS_IMAGES"))
ANALYSIS_WAIT = 900_000 if DOCS else 120_000
DOCS_ENV = {"TABLERUMMY_HINT_ITERATIONS": "200", "TABLERUMMY_ANALYSIS_ITERATIONS": "24",
            "TABLERUMMY_ANALYSIS_PLAYOUTS": "12"}
"""The pictures of the docs are of a coach that searched and played out more (a smoother
chart, and losses the playouts can tell from their noise)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = f"sqlite:///{tmp_path_factory.mktemp('coach-e2e') / 'coach.sqlite3'}"
    store_finished(db, "done", finished_game(seed=1, target=50))  # two hands
    srv = Server(db, bot_delay=0.05, env=COACH_ENV | DOCS_ENV if DOCS else COACH_ENV)
    srv.start()
    yield srv
    srv.stop()


def screenshot(page: Page, name: str) -> None:
    SCREENS.mkdir(parents=True, exist_ok=True)
    path = SCREENS / name
    page.screenshot(path=str(path))
    to_docs(path)


def my_turn_with_choices(page: Page) -> None:
    """Wait for the person's turn; draw if need be, until three moves or more are legal."""
    while True:
        page.wait_for_function("() => document.body.dataset.toAct === '0'", timeout=WAIT)
        legal = page.evaluate("(window.tablerummyState.msg.legal || []).length")
        if legal >= 3:
            return
        before = int(page.evaluate("Number(document.body.dataset.version)"))
        page.click("#moves button[data-move] >> nth=0")
        page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}",
                               timeout=WAIT)


def ask_hint(page: Page) -> list[str]:
    page.wait_for_selector("#hint-btn:visible", timeout=WAIT)
    page.click("#hint-btn")
    page.wait_for_function("() => document.querySelectorAll('#hints li').length === 3",
                           timeout=30_000)
    return list(page.eval_on_selector_all("#hints li", "ls => ls.map(l => l.textContent)"))


def test_hint_shows_three_moves_and_where_the_first_is_played(browser: Any,
                                                              server: Server) -> None:
    ctx, page, errors = new_page(browser, SIZES["desktop"], bypass_csp=True)  # for axe
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='yes']", timeout=WAIT)
    page.fill("#name", "Dee")
    page.select_option("#seat-1", "greedy")
    assert page.is_checked("#hints")  # one person and a bot: on by default
    page.click("#create-btn")
    page.wait_for_url("**/t/*?seat=0", timeout=WAIT)
    page.wait_for_function("() => document.body.dataset.hints === 'on'", timeout=WAIT)
    my_turn_with_choices(page)
    shown = ask_hint(page)
    for line in shown:
        assert "win " in line and "margin " in line, line
    legal = set(page.evaluate("window.tablerummyState.msg.legal.map(m => m.text)"))
    moves = page.eval_on_selector_all("#hints li", "ls => ls.map(l => l.dataset.move)")
    assert set(moves) <= legal
    # a click on the first shows its control: selected cards and its button, or its pile
    page.click("#hints li >> nth=0 >> .hint-pick")
    page.wait_for_selector("#moves button.hinted, #piles .pile.hinted", timeout=WAIT)
    marked = page.evaluate("(document.querySelector('#moves button.hinted') || {dataset: {}})"
                           ".dataset.move")
    assert marked in (moves[0], None)
    page.locator("#hint-box").scroll_into_view_if_needed()
    screenshot(page, "web-hints-desktop.png")
    assert not serious_violations(page, "hints")

    # the same seat on a phone (its private link), asks again
    token = page.evaluate("Object.values(JSON.parse(localStorage.getItem("
                          "`tablerummy:${location.pathname.split('/')[2]}`)))[0]")
    table = page.evaluate("location.pathname.split('/')[2]")
    phone_ctx, phone, phone_errors = new_page(browser, SIZES["phone"])
    phone.goto(f"{server.url}/t/{table}?seat=0#seat=0&token={token}")
    phone.wait_for_function("() => document.body.dataset.toAct === '0'", timeout=WAIT)
    assert len(ask_hint(phone)) == 3
    phone.locator("#hint-box").scroll_into_view_if_needed()
    screenshot(phone, "web-hints-phone.png")

    # the hint is played with its Play button: the move is made
    before = int(page.evaluate("Number(document.body.dataset.version)"))
    page.click("#hints li >> nth=0 >> .hint-play")
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}",
                           timeout=WAIT)
    assert not errors and not phone_errors, errors + phone_errors
    phone_ctx.close()
    ctx.close()


def run_analysis(page: Page, button: str) -> None:
    page.click(button)
    page.wait_for_selector("#analysis progress", timeout=WAIT)
    page.wait_for_function("() => document.getElementById('analysis').dataset.state === 'done'",
                           timeout=ANALYSIS_WAIT)
    assert page.locator("#analysis svg.win-chart polyline.seat-line").count() == 2
    assert page.locator("#analysis .seat-mistakes").count() == 2
    assert page.locator("#analysis table.moves-table tbody tr").count() > 10
    assert "hindsight" in (page.text_content("#analysis table.moves-table thead") or "")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_finished_game_is_analysed_from_the_game_over_screen(browser: Any, server: Server,
                                                               size: str) -> None:
    ctx, page, errors = new_page(browser, SIZES[size], bypass_csp=True)  # for axe
    page.goto(f"{server.url}/t/done?seat=0#seat=0&token=tok-0")
    page.wait_for_selector("#analyse-btn", timeout=WAIT)
    if page.is_visible("dialog#scoring[open]"):
        page.click("#scoring-close")
    run_analysis(page, "#analyse-btn")
    page.locator("#analysis").scroll_into_view_if_needed()
    page.evaluate("document.getElementById('analysis').scrollIntoView()")
    screenshot(page, f"web-analysis-{size}.png")
    assert not serious_violations(page, f"analysis ({size})")
    # New table: a lobby like this table, its hints (off: two people) too
    page.goto(server.url + (page.get_attribute("#new-table-link", "href") or ""))
    page.wait_for_selector("body[data-ready='yes']", timeout=WAIT)
    page.select_option("#seat-1", "greedy")  # one person now: the default would be on
    assert not page.is_checked("#hints")
    assert not errors, errors
    ctx.close()


def test_the_replay_page_analyses_its_record(browser: Any, server: Server) -> None:
    ctx, page, errors = new_page(browser, SIZES["desktop"])
    page.goto(f"{server.url}/replay/done")
    page.wait_for_function("() => document.body.dataset.step === '0'", timeout=WAIT)
    run_analysis(page, "#analyse-btn")
    assert not errors, errors
    ctx.close()
