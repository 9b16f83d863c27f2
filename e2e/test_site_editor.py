"""The position editor (#edit/<position text>, issue 18) in Chromium: in each
game it builds a position by clicks (pieces, stacks in their order, EL's
numbers, EVL's markers and pieces in hand), says what is wrong with a bad
one (the engine's message), plays from a good one ("Play from here" opens it
as a new game), and the game's link opens that position in a fresh context
at phone size, as does the editor's own link; a reload keeps an edit that
is not valid yet; "Analyse" opens the position with the live analysis on.  Screenshots of the editor in
every game at desktop and phone size go to e2e/screenshots/editor-*.png.

Uses infra's fixtures (e2e/conftest.py): every context is guarded against
requests leaving 127.0.0.1 and against console errors.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

import pytest
from conftest import wait_engine_ready
from pagekit import wait_idle
from playwright.sync_api import expect

import gamut

SHOTS = Path(__file__).resolve().parent / "screenshots"
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}


def settled(page) -> str:
    """Wait until the engine has answered the last edit; its verdict."""
    page.wait_for_function("() => ['valid', 'invalid'].includes(document.documentElement.dataset.editor)")
    return page.evaluate("document.documentElement.dataset.editor")


def put(page, tool: str, *cells: str) -> None:
    page.click(f'#editor-tools .tool[data-tool="{tool}"]')
    for c in cells:
        page.click(f'#editor-board .hit[data-cell="{c}"]')
        settled(page)


def status(page) -> str:
    return page.locator("#editor-status").inner_text()


def drawn(page, board: str) -> dict:
    """cell -> [owner, label or None] of the pieces drawn on a board."""
    return dict(
        page.eval_on_selector_all(
            f"#{board} .layer-pieces .piece",
            "els => els.map(e => [e.dataset.cell, [Number(e.dataset.owner),"
            " e.querySelector('text') ? e.querySelector('text').textContent : null]])",
        )
    )


def open_editor(page, site_url: str, start: str) -> None:
    page.goto(site_url + "#edit/" + quote(start))
    wait_engine_ready(page)
    settled(page)
    expect(page.locator("#editor")).to_be_visible()
    expect(page.locator("main.layout")).to_be_hidden()


# Each game: the start it opens at, the edits that build a position, the
# pieces then drawn, the side to move, and an edit that makes it wrong with
# (part of) the engine's message.
def build_loa(page):
    page.click("#editor-clear")
    assert settled(page) == "invalid"
    expect(page.locator("#editor-status")).to_contain_text("Black has no piece")
    put(page, "b", "a1", "c1", "e5")
    put(page, "w", "h8", "h6")
    page.check('#editor-side input[value="1"]')
    assert settled(page) == "valid"
    return {"a1": [0, None], "c1": [0, None], "e5": [0, None], "h8": [1, None], "h6": [1, None]}


def break_loa(page):
    put(page, "b", "b1")  # a1 b1 c1 in a row, e5 apart: still playable
    assert settled(page) == "valid"
    put(page, "w", "h7")  # h6 h7 h8 connected: White has won
    return "The game would already be over (White wins"


def build_el(page):
    page.click("#editor-clear")
    assert settled(page) == "valid"  # an empty board: Red to move
    put(page, "r3", "c3")
    put(page, "b4", "d4")
    put(page, "r1", "a1")
    expect(page.locator('#editor-side input[value="1"]')).to_be_checked()
    expect(page.locator('#editor-side input[value="1"]')).to_be_disabled()
    return {"c3": [0, "3"], "d4": [1, "4"], "a1": [0, "1"]}


def break_el(page):
    put(page, "r2", "f6")
    return "The numbers do not fit turns in seat order (Red first, one number a turn): with 4"


def build_escabel(page):
    page.click("#editor-clear")
    put(page, "b", "d4")
    put(page, "w", "d4")  # d4: Black then White on top
    expect(page.locator("#editor-cell")).to_have_text(
        "d4: Black piece, White piece (a stack of 2, from the bottom)."
    )
    put(page, "w", "c3")
    assert settled(page) == "valid"
    expect(page.locator('#editor-side input[value="1"]')).to_be_checked()  # 3 pieces: White
    return {"d4": [1, "2"], "c3": [1, None]}


def break_escabel(page):
    # a smaller board keeps the pieces where they fit (d4 and c3 are on a 5-board)
    page.select_option('#editor-settings select[data-option="size"]', "5")
    assert settled(page) == "valid"
    assert drawn(page, "editor-board") == {"d4": [1, "2"], "c3": [1, None]}
    expect(page.locator("#editor-board .hit")).to_have_count(25)
    page.select_option("#editor-variant", "checkered")
    settled(page)
    put(page, "erase", "c3")
    return "The checkered board is always full, but c3 is empty"


def build_evl(page):
    page.click("#editor-clear")
    put(page, "b", "b3", "b3")
    put(page, "w", "b3", "b4")
    put(page, "mw", "ab3")
    page.fill("#editor-count-hand-0", "5")
    page.dispatch_event("#editor-count-hand-0", "change")
    assert settled(page) == "valid"
    page.check('#editor-side input[value="1"]')
    assert settled(page) == "valid"
    return {"b3": [1, "3"], "b4": [1, None]}


def break_evl(page):
    put(page, "b", "b3", "b3")
    return "The stack on b3 has 5 pieces; no stack may be taller than 4"


GAMES = {
    "loa": (build_loa, break_loa, "White"),
    "el": (build_el, break_el, "Blue"),
    "escabel": (build_escabel, break_escabel, "Player 2 (White)"),
    "evl": (build_evl, break_evl, "White"),
}


@pytest.mark.parametrize("game", list(GAMES))
def test_the_editor_builds_a_position_plays_from_it_and_its_link_opens_it(new_context, site_url, game):
    build, spoil, side = GAMES[game]
    start = f"{gamut.new(game).header()} start"
    page = new_context(viewport=DESKTOP).new_page()
    open_editor(page, site_url, start)
    want = build(page)
    expect(page.locator("#editor-status")).to_have_text(f"Ready: {side} to move.")
    assert drawn(page, "editor-board") == want
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"editor-{game}-desktop.png"))
    edit_link = page.evaluate("location.hash")
    assert edit_link.startswith("#edit/")
    # the position's text, as the engine wrote it, is in the editor's link
    text = page.evaluate("decodeURIComponent(location.hash.slice(6).replace(/[+]/g, ' '))")
    state = gamut.load(text)
    assert state.outcome() is None

    # Play from here: a new game from that start, saved in the library
    before = page.evaluate("document.documentElement.dataset.revision")
    page.click("#editor-play")
    page.wait_for_function("r => document.documentElement.dataset.revision !== r", arg=before)
    wait_idle(page)
    expect(page.locator("#editor")).to_be_hidden()
    expect(page.locator("main.layout")).to_be_visible()
    assert drawn(page, "board") == want
    link = page.evaluate("location.hash")
    assert link.startswith(f"#v1/{game}/") and "/start=" in link

    # the game's link opens the position in a fresh context (phone size), and so
    # does the editor's own link
    phone = new_context(viewport=PHONE).new_page()
    phone.goto(site_url + link)
    wait_engine_ready(phone)
    wait_idle(phone)
    assert drawn(phone, "board") == want
    expect(phone.locator("#moves .mv")).to_have_count(0)
    phone.click("#set-up")
    assert settled(phone) == "valid"
    # the header keeps to its one row: nothing of it lies over the board
    below = phone.evaluate(
        """() => {
            const bottom = document.querySelector('.top').getBoundingClientRect().bottom;
            return [...document.querySelectorAll('.top > *')]
                .filter(e => e.getClientRects().length && e.getBoundingClientRect().bottom > bottom + 1)
                .map(e => e.className || e.tagName);
        }"""
    )
    assert below == []
    assert drawn(phone, "editor-board") == want
    assert phone.evaluate("location.hash") == edit_link
    phone.screenshot(path=str(SHOTS / f"editor-{game}-phone.png"), full_page=True)
    fresh = new_context(viewport=PHONE).new_page()
    open_editor(fresh, site_url, text)
    assert drawn(fresh, "editor-board") == want

    # a bad position: the engine's message, and nothing to play
    open_editor(page, site_url, text)
    message = spoil(page)
    assert settled(page) == "invalid"
    expect(page.locator("#editor-status")).to_contain_text(message)
    expect(page.locator("#editor-play")).to_be_disabled()
    # a reload keeps the edit that is not valid yet (the link holds the last valid one)
    page.reload()
    wait_engine_ready(page)
    assert settled(page) == "invalid"
    expect(page.locator("#editor-status")).to_contain_text(message)
    # Back to the game: the game is as it was
    page.click("#editor-close")
    expect(page.locator("main.layout")).to_be_visible()
    page.wait_for_function("l => location.hash === l", arg=link)
    assert drawn(page, "board") == want

    # Analyse: the position as a new game of human seats with the live analysis on
    open_editor(page, site_url, text)
    before = page.evaluate("document.documentElement.dataset.revision")
    page.click("#editor-analyse")
    page.wait_for_function("r => document.documentElement.dataset.revision !== r", arg=before)
    expect(page.locator("main.layout")).to_be_visible()
    assert drawn(page, "board") == want
    expect(page.locator("#live")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#live-line")).to_contain_text("Live: ", timeout=30000)
    expect(page.locator("#live-line")).not_to_have_text("Live: thinking…", timeout=30000)
    assert "players=" not in page.evaluate("location.hash")  # every seat human


def test_the_editor_by_keyboard(new_context, site_url):
    """The tools are one radio group (arrow keys choose); on the board the
    arrow keys move between cells, Enter puts the chosen item down, Delete
    takes the top one off."""
    page = new_context(viewport=DESKTOP).new_page()
    open_editor(page, site_url, f"{gamut.new('escabel', size=5).header()} start")
    expect(page.locator('#editor-tools .tool[data-tool="b"]')).to_be_focused()  # (the chosen tool)
    page.keyboard.press("ArrowRight")
    expect(page.locator('#editor-tools .tool[data-tool="w"]')).to_be_focused()
    expect(page.locator('#editor-tools .tool[data-tool="w"]')).to_have_attribute("aria-checked", "true")
    expect(page.locator("#editor-cell")).to_have_text("Putting down: White piece.")
    page.focus('#editor-board .hit[data-cell="c3"]')
    page.keyboard.press("ArrowUp")
    expect(page.locator('#editor-board .hit[data-cell="c4"]')).to_be_focused()
    page.keyboard.press("Enter")
    settled(page)
    page.keyboard.press("Enter")
    settled(page)
    assert drawn(page, "editor-board") == {"c4": [1, "2"]}
    expect(page.locator('#editor-board .hit[data-cell="c4"]')).to_be_focused()
    expect(page.locator('#editor-board .hit[data-cell="c4"]')).to_have_attribute(
        "aria-label",
        "c4: stack of 2, top Player 2 (White) (from the bottom: Player 2 (White), Player 2 (White))",
    )
    page.keyboard.press("Delete")
    settled(page)
    assert drawn(page, "editor-board") == {"c4": [1, None]}
    # one piece down: White's first turn, where the pie rule offers the swap (the view says so)
    expect(page.locator("#editor-status")).to_have_text(
        "Ready: Player 2 (White) to move. Player 2 may move, or swap sides (pie rule): Player 2 "
        "would then play Black and Player 1 White."
    )
