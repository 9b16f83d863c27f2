"""The page as a game tree that never loses a move, and the defects found by
trying the page (each test fails on the page before the rebuild).

One shared page per module (Pyodide takes 5-12 s per load here); games are
opened through links (a hashchange, no reload) or the page's own controls.
"""

from __future__ import annotations

import re

from conftest import wait_engine_ready
from pagekit import cell, open_hash, wait_idle
from playwright.sync_api import expect

LOA = "#v1/loa/standard/double-connection=mover/"
LINE = ["d1-b3", "h2-f4", "b3-e3", "h3-h8"]  # four legal moves from the start


def click_move(page, frm, to):
    wait_idle(page)
    cell(page, frm).click()
    cell(page, to).click()
    wait_idle(page)


def listed(page) -> list[str]:
    return page.eval_on_selector_all("#moves .mv", "els => els.map(e => e.textContent)")


def viewed_last_move(page) -> list[str]:
    return page.eval_on_selector_all("#board .hl-last", "els => els.map(e => e.dataset.cell)")


def test_a_move_played_while_browsing_adds_a_variation(shared_page, new_context):
    page = shared_page
    open_hash(page, LOA)
    for move in LINE:
        click_move(page, *move.split("-"))
    expect(page.locator("#moves .mv")).to_have_count(4)
    page.click("#prev")
    page.click("#prev")
    wait_idle(page)
    click_move(page, "c1", "c3")  # 2. c1-c3 instead of 2. b3-e3
    # both continuations are listed; the variation under the row it replaces
    assert listed(page) == LINE + ["c1-c3"]
    expect(page.locator("#moves .variations .mv.var")).to_have_text(["c1-c3"])
    expect(page.locator("#moves .mv.current")).to_have_text("c1-c3")
    # each can be shown
    page.locator("#moves .mv", has_text="h3-h8").click()
    wait_idle(page)
    assert sorted(viewed_last_move(page)) == ["h3", "h8"]
    page.locator("#moves .mv.var", has_text="c1-c3").click()
    wait_idle(page)
    assert sorted(viewed_last_move(page)) == ["c1", "c3"]
    fragment = page.evaluate("location.hash")
    assert fragment == LOA + "d1-b3,h2-f4,c1-c3"
    # after a reload both are still there
    page.reload()
    wait_engine_ready(page)
    wait_idle(page)
    assert listed(page) == LINE + ["c1-c3"]
    expect(page.locator("#moves .mv.current")).to_have_text("c1-c3")
    # the variation's link opens that line in a fresh context
    other = new_context().new_page()
    other.goto(page.url)
    wait_engine_ready(other)
    wait_idle(other)
    assert listed(other) == ["d1-b3", "h2-f4", "c1-c3"]
    assert sorted(viewed_last_move(other)) == ["c1", "c3"]


def test_promote_and_delete_with_undo(shared_page):
    page = shared_page
    open_hash(page, LOA)
    for move in LINE[:2]:
        click_move(page, *move.split("-"))
    page.click("#prev")
    wait_idle(page)
    click_move(page, "a2", "c2")  # 1... a2-c2 beside 1... h2-f4
    expect(page.locator("#promote")).to_be_visible()
    page.click("#promote")
    expect(page.locator("#moves .row .mv")).to_have_text(["d1-b3", "a2-c2"])
    expect(page.locator("#moves .mv.var")).to_have_text(["h2-f4"])
    page.click("#delete-move")
    expect(page.locator("#moves .mv")).to_have_text(["d1-b3", "h2-f4"])
    expect(page.locator("#explain")).to_contain_text("Deleted a2-c2")
    page.click("#undo-delete")
    expect(page.locator("#moves .row .mv")).to_have_text(["d1-b3", "a2-c2"])
    expect(page.locator("#moves .mv.var")).to_have_text(["h2-f4"])


def test_arrow_keys_walk_the_tree(shared_page):
    page = shared_page
    open_hash(page, LOA)
    click_move(page, "d1", "b3")
    click_move(page, "h2", "f4")
    page.click("#prev")
    wait_idle(page)
    click_move(page, "a2", "c2")
    page.locator("#moves .mv", has_text="d1-b3").click()
    page.locator("body").click(position={"x": 2, "y": 2})
    page.keyboard.press("ArrowDown")  # into the fork's first variation
    expect(page.locator("#moves .mv.current")).to_have_text("a2-c2")
    page.keyboard.press("ArrowUp")  # back to the line before it
    expect(page.locator("#moves .mv.current")).to_have_text("h2-f4")
    page.keyboard.press("Home")
    expect(page.locator("#moves .mv.current")).to_have_count(0)
    page.keyboard.press("ArrowRight")
    expect(page.locator("#moves .mv.current")).to_have_text("d1-b3")


def test_an_el_pick_belongs_to_one_turn(shared_page):
    page = shared_page
    open_hash(page, "#v1/el/standard/first-two-equal=off,full-board=draw,declare-threats=off/")
    wait_idle(page)
    page.locator('#palette .pal[data-id="n5"]').click()
    cell(page, "c4").click()
    wait_idle(page)
    expect(page.locator("#moves .mv")).to_have_text(["c4=5"])
    # the next player's turn starts with nothing picked
    expect(page.locator('#palette .pal[aria-pressed="true"]')).to_have_count(0)
    # a pick then un-pick, then a cell: the cell is chosen and the page says what is missing
    page.locator('#palette .pal[data-id="n3"]').click()
    page.locator('#palette .pal[data-id="n3"]').click()
    expect(page.locator('#palette .pal[aria-pressed="true"]')).to_have_count(0)
    cell(page, "d5").click()
    expect(page.locator('#board .sel[data-cell="d5"]')).to_have_count(1)
    expect(page.locator("#pick-prompt")).to_contain_text("d5")
    page.keyboard.press("Escape")
    expect(page.locator("#pick-prompt")).to_have_count(0)
    # a number picked and left does not carry into a new game
    page.locator('#palette .pal[data-id="n2"]').click()
    open_hash(page, "#v1/el/standard/first-two-equal=off,full-board=draw,declare-threats=off/")
    expect(page.locator('#palette .pal[aria-pressed="true"]')).to_have_count(0)


def test_the_board_is_shaded_as_its_own_game(shared_page):
    page = shared_page
    open_hash(page, LOA)
    checkered = "#board .sq.shade-1"
    assert page.locator(checkered).count() == 32
    open_hash(page, "#v1/el/eight/first-two-equal=off,full-board=draw,declare-threats=off/")
    expect(page.locator("#board .sq")).to_have_count(64)
    assert page.locator(checkered).count() == 0  # EL's plain paper
    open_hash(page, LOA)
    assert page.locator(checkered).count() == 32


def test_browsing_does_not_restart_the_computers_search(shared_page):
    page = shared_page
    open_hash(page, LOA + "d1-b3,h2-f4/players=c:master,h")
    expect(page.locator("#ai")).to_have_attribute("data-state", "thinking")
    searches = page.evaluate("document.documentElement.dataset.searches")
    page.locator("#moves .mv", has_text="d1-b3").click()  # browse back while it thinks
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    wait_idle(page)
    # the same search goes on (or has finished): none was started again
    assert page.evaluate("document.documentElement.dataset.searches") == searches
    # its move is played at the game's end, and the board stays where it was browsed
    # (Move now, once the search has a best move, plays it without waiting out Master's budget)
    page.evaluate("""() => { const b = document.getElementById('move-now');
        if (b && !b.hidden && !b.disabled) b.click(); }""")
    expect(page.locator("#moves .mv")).to_have_count(3, timeout=60_000)
    expect(page.locator("#moves .mv.current")).to_have_text("d1-b3")
    assert page.evaluate("document.documentElement.dataset.searches") == searches


def test_pause_belongs_to_one_game(shared_page):
    page = shared_page
    open_hash(page, LOA + "d1-b3/players=h,c:master")
    wait_idle(page)
    page.click("#pause")
    expect(page.locator("#pause")).to_have_text("Resume")
    open_hash(page, "#v1/escabel/standard/size=5,pie=on/c3/players=h,c:beginner")
    # the new game's computer plays: it was not paused
    expect(page.locator("#moves .mv")).to_have_count(2, timeout=60_000)


def test_tabs_switch_games_with_their_settings(shared_page):
    page = shared_page
    open_hash(page, "#v1/escabel/checkered/size=7,pie=on,corners=white/")
    wait_idle(page)
    cell(page, "d4").click()
    page.locator('#game-picker .pick[data-game="loa"]').click()
    wait_idle(page)
    expect(page.locator("#title")).to_have_text("Lines of Action")
    expect(page.locator("#new-dialog")).not_to_be_visible()
    page.locator('#game-picker .pick[data-game="escabel"]').click()
    wait_idle(page)
    assert "corners=white" in page.evaluate("location.hash")  # as it was left
    # the dialog opens each game with that game's own last settings
    page.click("#new-game")
    page.locator('#new-games input[value="evl"]').check()
    expect(page.locator("#opt-corners")).to_have_count(0)
    page.locator('#new-games input[value="escabel"]').check()
    expect(page.locator("#new-variant")).to_have_value("checkered")
    expect(page.locator("#opt-corners")).to_have_value("white")
    # corner colour means something on odd sizes only
    page.select_option("#opt-size", "8")
    expect(page.locator('#new-options [data-field="corners"]')).to_be_hidden()
    page.select_option("#opt-size", "9")
    expect(page.locator('#new-options [data-field="corners"]')).to_be_visible()
    # three-player EL: the seats are named as on the board
    page.locator('#new-games input[value="el"]').check()
    page.select_option("#new-variant", "three-player")
    expect(page.locator('#new-seats label[for="new-seat-2"]')).to_have_text(
        re.compile(r"^(Red|Blue|Green|Yellow)")
    )
    page.keyboard.press("Escape")


def test_copy_link_says_copied_only_when_it_was(shared_page):
    page = shared_page
    open_hash(page, LOA + "d1-b3")
    page.evaluate(
        "() => { navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError')); }"
    )
    page.click("#copy-link")
    expect(page.locator("#explain")).not_to_contain_text("copied")
    expect(page.locator("#copy-text")).to_have_value(re.compile(re.escape(LOA + "d1-b3") + "$"))
    page.evaluate("() => { navigator.clipboard.writeText = () => Promise.resolve(); }")
    page.click("#copy-link")
    expect(page.locator("#explain")).to_have_text("Link copied to the clipboard.")


def test_a_broken_link_says_why_in_one_sentence_and_keeps_the_game(shared_page):
    page = shared_page
    open_hash(page, LOA + "d1-b3")
    page.evaluate("location.hash = '#v1/loa/standard/double-connection=mover/d1-b3,zz9'")
    expect(page.locator("#notice")).to_be_visible()
    text = page.inner_text("#notice-text")
    assert "zz9" in text and ".." not in text
    wait_idle(page)
    expect(page.locator("#moves .mv")).to_have_text(["d1-b3"])
    page.click("#notice-close")


def test_arrow_keys_move_over_the_board_by_geometry(shared_page):
    page = shared_page
    open_hash(page, LOA)

    def focused():
        return page.evaluate("document.activeElement && document.activeElement.dataset.cell")

    cell(page, "b1").focus()
    page.keyboard.press("ArrowUp")
    assert focused() == "b2"
    page.keyboard.press("ArrowRight")
    assert focused() == "c2"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowLeft")
    assert focused() == "b1"
    expect(page.locator("#moves .mv.current")).to_have_count(0)  # the history did not move
    # every cell is named and in the tree; only one is a tab stop
    assert page.locator('#board .hit[role="button"], #board .hit[role="img"]').count() == 64
    assert page.locator('#board .hit[tabindex="0"]').count() == 1
    expect(cell(page, "e5")).to_have_attribute("aria-label", "e5: empty")
    page.keyboard.press("Enter")  # b1 selected, by keyboard
    expect(page.locator('#board .sel[data-cell="b1"]')).to_have_count(1)
    for _ in range(2):
        page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert focused() == "d3"
    page.keyboard.press("Enter")
    expect(page.locator("#moves .mv")).to_have_text(["b1-d3"])
    # on EVL's polygons, to the neighbour most nearly that way
    open_hash(page, "#v1/evl/standard/pieces=20,markers=10/")
    cell(page, "c4").focus()

    def y(cid):
        return cell(page, cid).bounding_box()["y"]

    page.keyboard.press("ArrowUp")
    up = focused()
    assert up != "c4" and y(up) < y("c4")
    page.keyboard.press("ArrowDown")
    assert y(focused()) > y(up)
