"""A fifth game proven on the page's side (issue #43): the tests' tic-tac-toe
(``tests/toygame/``) built into a test site as a shipped game would be (its
package, its registry line, its web folder: :mod:`tools.build.toysite`), and
played there like a person would.  The page was never told of it: its tab,
its name, its board, its moves and its result come from the engine's list of
games and its views.

The test site is built and served by this module (in ``.build/toysite/``,
or the folder ``GAMUT_TOY_SITE`` names; not the session's site), under the
same sub-path and with the same guards: a request leaving 127.0.0.1 or a
console error (a word missing from a catalog too) fails the test.  Its contexts start cold (the session's engine
snapshot is of the other site).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from conftest import BLANK_PAGE, ROOT, SUB_PATH, close_guarded, guarded_context, wait_engine_ready
from pagekit import cell, expect_played, wait_idle
from playwright.sync_api import expect

import build
from tools.build.layout import THEMES_FILE
from tools.build.toysite import MIRROR, TOY_CATALOG, TOY_ID, TOY_WEB, build_toy_site

# X takes the diagonal a1-b2-c3 while O plays a2 and a3: X wins on the fifth move.
WIN = ["a1", "a2", "b2", "a3", "c3"]
# Nobody gets three in a row: the board fills, a draw.
DRAW = ["b2", "a1", "c3", "a3", "a2", "c2", "b3", "b1", "c1"]
# Its board themes (its web folder's themes.json); Chalk's light squares as the browser computes them.
TOY_THEMES = json.loads((TOY_WEB / THEMES_FILE).read_text())["themes"]
CHALK_LIGHT = "rgb({}, {}, {})".format(
    *(
        int(next(t for t in TOY_THEMES if t["id"] == "chalk")["colors"]["--sq-light"][i : i + 2], 16)
        for i in (1, 3, 5)
    )
)
THEMES_SEEN = """
window.themesSeen = [];
new MutationObserver(records => {
  for (const r of records) if (r.target.id === "board") window.themesSeen.push(r.target.getAttribute("data-theme"));
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-theme"] });
"""


def cell_fill(page) -> str:
    """The computed fill of a light square of the board."""
    return page.evaluate("() => getComputedStyle(document.querySelector('#board .sq.shade-0')).fill")


@pytest.fixture(scope="module")
def toy_url():
    # (GAMUT_TOY_SITE: another folder for it, as GAMUT_DIST is for the session's site)
    dist = build_toy_site(Path(os.environ.get("GAMUT_TOY_SITE") or MIRROR))
    root_files = {BLANK_PAGE: ROOT / "e2e" / "blank_page.html", "/favicon.ico": ROOT / "e2e" / "favicon.png"}
    server = build.make_server(dist, SUB_PATH, overlay=root_files)
    build.serve_in_thread(server)
    yield server.url
    server.shutdown()
    server.server_close()


@pytest.fixture
def toy_page(request, browser, toy_url, guard_of):
    # (a test may ask for its page in another language: @pytest.mark.parametrize("toy_page", [...], indirect=True))
    locale = getattr(request, "param", "en-GB")
    context = guarded_context(browser, toy_url, locale=locale)
    page = context.new_page()
    page.goto(toy_url)
    wait_engine_ready(page)
    yield page
    guard = guard_of(context)
    close_guarded(context)
    guard.check()


def start_two_players(page) -> None:
    """From the first screen: a game of tic-tac-toe for two players on this screen."""
    expect(page.locator("#start")).to_be_visible()
    page.locator("#start-game").select_option(TOY_ID)
    page.locator('#start .choice-mode:has(input[value="two"])').click()  # (two players on this screen)
    page.locator("#start-play").click()
    expect(page.locator("#start")).to_be_hidden()
    wait_idle(page)
    expect(page.locator(f'#game-picker button[data-game="{TOY_ID}"]')).to_have_attribute(
        "aria-current", "true"
    )


def play_by_clicks(page, moves: list[str]) -> None:
    """Each move a click on its cell, each seen in the move list before the next."""
    for i, move in enumerate(moves):
        cell(page, move).click()
        expect_played(page, i, move)


def test_the_page_lists_the_fifth_game_and_two_players_play_it_to_a_win(toy_page):
    page = toy_page
    # its tab and its entry in the start panel's games, named by the engine
    expect(page.locator(f'#game-picker button[data-game="{TOY_ID}"]')).to_have_text("Tic-tac-toe")
    expect(page.locator(f'#start-game option[value="{TOY_ID}"]')).to_have_text("Tic-tac-toe")
    start_two_players(page)
    expect(page.locator("#board .hit")).to_have_count(9)
    play_by_clicks(page, WIN)
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#result")).to_contain_text("X wins")
    # the three in a row, marked on the board as the engine's outcome names them
    marked = page.eval_on_selector_all("#board .hl-win", "els => els.map(e => e.dataset.cell)")
    assert sorted(marked) == ["a1", "b2", "c3"], marked
    expect(page.locator("#moves .mv")).to_have_text(WIN)
    # a reload brings the game back, ended
    page.reload()
    wait_engine_ready(page)
    wait_idle(page)
    expect(page.locator("#start")).to_be_hidden()
    expect(page.locator(f'#game-picker button[data-game="{TOY_ID}"]')).to_have_attribute(
        "aria-current", "true"
    )
    expect(page.locator("#moves .mv")).to_have_text(WIN)
    expect(page.locator("#result")).to_contain_text("X wins")


def test_a_full_board_is_a_draw_and_its_rules_page_is_found(toy_page):
    page = toy_page
    # every value <svg id=board data-theme> takes, from the page's first script on (a reload's too)
    page.add_init_script(THEMES_SEEN)
    start_two_players(page)
    # its board themes, from its own web folder (tests/toygame/web/themes.json): the first,
    # theme.css's palette, and its own Chalk, chosen in the settings, which colours its cells
    board = page.locator("#board")
    expect(board).to_have_attribute("data-theme", "wood")
    assert cell_fill(page) != CHALK_LIGHT
    page.locator("#open-settings").click()
    dialog = page.locator("#settings-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator('.setting-themes input[name="theme"]')).to_have_count(len(TOY_THEMES))
    dialog.get_by_label("Chalk").check()
    page.locator("#settings-close").click()
    expect(dialog).to_be_hidden()
    expect(board).to_have_attribute("data-theme", "chalk")
    assert cell_fill(page) == CHALK_LIGHT
    play_by_clicks(page, DRAW)
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#result")).to_contain_text("Draw")
    page.reload()
    wait_engine_ready(page)
    wait_idle(page)
    # the board was drawn in Chalk from its first drawing on (the themes are in the page): never the default first
    seen = page.evaluate("window.themesSeen")
    assert seen and set(seen) == {"chalk"}, seen
    assert cell_fill(page) == CHALK_LIGHT
    expect(page.locator("#moves .mv")).to_have_text(DRAW)
    expect(page.locator("#result")).to_contain_text("Draw")
    # its rules page, from its web folder, with its diagram drawn by the engine's view
    page.locator(f'#rules-menu-list a[href="#rules/{TOY_ID}"]').dispatch_event("click")
    rules = page.locator("#rules-page")
    expect(rules).to_be_visible()
    expect(rules).to_contain_text("Three of one's marks in a row")
    expect(rules.locator('figure[data-diagram="ttt-win"] svg')).to_have_count(1)


@pytest.mark.parametrize("toy_page", ["de-DE"], indirect=True)
def test_its_catalog_entries_speak_the_pages_language(toy_page):
    """Its entries in the test site's catalogs (tests/toygame/i18n.json): its
    tab's line and its variant in German; a word missing would fail the guard."""
    page = toy_page
    german = json.loads(TOY_CATALOG.read_text())["de"]
    tab = page.locator(f'#game-picker button[data-game="{TOY_ID}"]')
    expect(tab).to_have_attribute("title", german[f"game.{TOY_ID}.about"])
    start_two_players(page)
    play_by_clicks(page, WIN[:1])
