"""The defects found by trying the play screen as a new user (issue #28),
each checked where a user met it: a seat chosen with the keyboard keeps the
focus, "Try it" from a scrolled rules page opens the game at the top, a
finished game's log says the result once, a new game with no moves is not
listed among "Your games", and the rules page opened from the menu marks its
own game's tab."""

from __future__ import annotations

import random

from conftest import wait_engine_ready
from pagekit import cell, library_entries, open_hash, wait_idle
from playwright.sync_api import expect

import gamut

PHONE = {"width": 360, "height": 640}


def link(game: str, moves: list[str]) -> str:
    state = gamut.new(game)
    opts = ",".join(f"{k}={v}" for k, v in state.options_json().items()) or "-"
    return f"#v1/{game}/{state.variant}/{opts}/" + ",".join(moves)


def finished_loa_game() -> list[str]:
    """A Lines of Action game played to its end (a winning move taken when
    there is one, else a move chosen by a seeded coin): the same on every run."""
    rng = random.Random(28)
    state = gamut.new("loa")
    moves: list[str] = []
    while state.outcome() is None:
        legal = state.legal_moves()
        move = next((m for m in legal if state.play(m).outcome() is not None), rng.choice(legal))
        moves.append(state.move_text(move))
        state = state.play(move)
    return moves


def test_seat_select_keeps_the_keyboard_focus(page, site_url):
    """Choosing who plays a seat with the arrow keys: the select is redrawn
    after each change, and the focus stays on it (the next arrow key changes
    the seat again, it does not browse the moves)."""
    page.goto(site_url + link("loa", ["b1-d3"]))
    wait_engine_ready(page)
    expect(page.locator("#moves .mv")).to_have_count(1)
    select = page.locator('#players select.seat-kind[data-seat="0"]')  # Black: not to move
    select.focus()
    assert select.input_value() == "h"
    page.keyboard.press("ArrowDown")
    expect(select).to_have_value("r")
    wait_idle(page)
    page.wait_for_function("() => location.hash.includes('/players=r,h')")  # (in the game, so redrawn)
    assert page.evaluate("document.activeElement && document.activeElement.dataset.seat") == "0", (
        "the focus left the seat's select"
    )
    page.keyboard.press("ArrowDown")
    expect(select).to_have_value("c:novice")  # (the weakest level first, #31)
    assert page.evaluate("document.documentElement.dataset.ply") == "1", "an arrow key browsed the moves"


def test_try_it_from_a_scrolled_rules_page_opens_the_game_at_the_top(new_context, site_url):
    page = new_context(viewport=PHONE).new_page()
    page.goto(site_url + "#rules/loa")
    wait_engine_ready(page)
    expect(page.locator("#rules-page")).to_be_visible()
    expect(page.locator("#rules-page")).to_have_attribute("data-diagrams", "ready")
    try_it = page.locator("#rules-page a.try-it").last
    try_it.scroll_into_view_if_needed()
    assert page.evaluate("window.scrollY") > 300, "the rules page is not scrolled: nothing to check"
    before = page.evaluate("document.documentElement.dataset.revision")
    try_it.click()
    page.wait_for_function(
        "r => document.documentElement.dataset.revision !== r && document.documentElement.dataset.busy === 'no'",
        arg=before,
    )
    expect(page.locator("#rules-page")).to_be_hidden()
    assert page.evaluate("window.scrollY") == 0, "the game opened scrolled down"
    board = page.locator("#board").bounding_box()
    assert board and board["y"] >= 0


def test_a_finished_game_says_its_result_once(page, site_url):
    moves = finished_loa_game()
    page.goto(site_url + link("loa", moves))
    wait_engine_ready(page)
    expect(page.locator("#result")).to_be_visible()
    page.wait_for_function("Number(document.documentElement.dataset.said || 0) >= 1")
    said = page.locator("#said p").last.inner_text()
    state = gamut.new("loa")
    for m in moves:
        state = state.play_text(m)
    reason = state.outcome().reason
    assert reason.rstrip(".") in said, said
    assert said.count(reason.rstrip(".")) == 1, f"the result is said more than once: {said!r}"


def test_a_new_game_with_no_moves_is_not_listed(page, site_url):
    """A first visit opens a game: it is kept (and listed) from its first
    move on, not before; a new game started and left without a move is not
    listed either, while the game played is."""
    page.goto(site_url)
    wait_engine_ready(page)
    wait_idle(page)
    page.wait_for_function("() => document.documentElement.dataset.saved !== 'no'")  # (pagekit.saved)
    assert library_entries(page) == [], "a game without moves was saved"
    cell(page, "b1").click()
    cell(page, "d3").click()
    expect(page.locator("#moves .mv")).to_have_count(1)
    page.wait_for_function("document.documentElement.dataset.busy === 'no'")
    page.wait_for_function("() => document.documentElement.dataset.saved !== 'no'")  # (pagekit.saved)
    entries = library_entries(page)
    assert len(entries) == 1 and entries[0]["summary"]["moves"] == 1
    # a new game, left without a move: the played one stays, no empty one is added
    open_hash(page, link("evl", []))
    page.wait_for_function("() => document.documentElement.dataset.saved !== 'no'")  # (pagekit.saved)
    entries = library_entries(page)
    assert [e["summary"]["moves"] for e in entries] == [1], entries
    page.locator("#open-games").click()
    expect(page.locator("#games-list .game-row")).to_have_count(1)


def test_a_set_up_position_is_kept_before_its_first_move(page, site_url):
    """A game from a position set up by hand is worth keeping at once: it is
    saved (and listed) with no moves yet."""
    page.goto(site_url)
    wait_engine_ready(page)
    page.locator("#set-up").click()
    expect(page.locator("#editor")).to_be_visible()
    settled = "() => ['valid', 'invalid'].includes(document.documentElement.dataset.editor)"
    page.wait_for_function(settled)
    page.click("#editor-clear")
    page.wait_for_function(settled)
    for tool, cells in (("b", ["a1", "c1", "e5"]), ("w", ["h8", "h6"])):
        page.click(f'#editor-tools .tool[data-tool="{tool}"]')
        for c in cells:
            page.click(f'#editor-board .hit[data-cell="{c}"]')
            page.wait_for_function(settled)
    expect(page.locator("#editor-play")).to_be_enabled()
    page.locator("#editor-play").click()
    expect(page.locator("#editor")).to_be_hidden()
    wait_idle(page)
    page.wait_for_function("() => document.documentElement.dataset.saved !== 'no'")  # (pagekit.saved)
    entries = library_entries(page)
    assert len(entries) == 1 and entries[0]["summary"]["moves"] == 0, entries
    assert "/start=" in page.evaluate("location.hash")


def test_the_rules_page_from_the_menu_marks_its_game(page, site_url):
    page.goto(site_url)
    wait_engine_ready(page)
    expect(page.locator('.pick[data-game="loa"]')).to_have_attribute("aria-current", "true")
    page.locator(".rules-menu summary").click()
    page.locator(".rules-menu a[href='#rules/evl']").click()
    expect(page.locator("#rules-page")).to_be_visible()
    expect(page.locator('.pick[data-game="evl"]')).to_have_attribute("aria-current", "true")
    expect(page.locator('.pick[aria-current="true"]')).to_have_count(1)
    # back to the game: its own tab again
    page.locator("#rules-back").click()
    expect(page.locator("#rules-page")).to_be_hidden()
    expect(page.locator('.pick[data-game="loa"]')).to_have_attribute("aria-current", "true")
    expect(page.locator('.pick[aria-current="true"]')).to_have_count(1)
