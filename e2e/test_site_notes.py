"""A move's comment, glyph and drawings in the page (issue #29): written in
the move list's notes editor and on the board (right-drag, right-click, the
keys), shown with their move, kept through a reload, exported into a record
and imported back.

Each test uses a fresh browser context (its own library).
"""

from __future__ import annotations

import re
from pathlib import Path

from conftest import wait_engine_ready
from pagekit import cell, open_site, saved, wait_idle
from playwright.sync_api import expect

LOA = "#v1/loa/standard/double-connection=mover/"
LINE = [("d1", "b3"), ("h2", "f4"), ("b3", "e3")]  # three legal moves from the start


def play_line(page):
    for frm, to in LINE:
        cell(page, frm).click()
        cell(page, to).click()
        wait_idle(page)
    expect(page.locator("#moves .mv")).to_have_count(len(LINE))


def show_move(page, index):
    """Show move ``index`` (from 0) of the list, and wait until it is drawn."""
    button = page.locator("#moves .mv").nth(index)
    button.click()
    expect(button).to_have_class(re.compile(r"\bcurrent\b"))
    wait_idle(page)


def centre(page, cid):
    b = cell(page, cid).bounding_box()
    assert b is not None, f"cell {cid} is not displayed"
    return b["x"] + b["width"] / 2, b["y"] + b["height"] / 2


def right_drag(page, frm, to, hold=()):
    """A right-button drag from cell ``frm`` to cell ``to`` (the same cell: a
    right-click) with the modifier keys ``hold`` held."""
    page.locator("#board").scroll_into_view_if_needed()
    for key in hold:
        page.keyboard.down(key)
    page.mouse.move(*centre(page, frm))
    page.mouse.down(button="right")
    page.mouse.move(*centre(page, to), steps=5)
    page.mouse.up(button="right")
    for key in hold:
        page.keyboard.up(key)


def shapes(page) -> list[str]:
    """The shapes drawn on the board, as "colour cell [cell]"."""
    return sorted(
        page.eval_on_selector_all("#board .layer-shapes .shape", "els => els.map(e => e.dataset.shape)")
    )


def expect_shapes(page, wanted):
    page.wait_for_function(
        """want => JSON.stringify([...document.querySelectorAll('#board .layer-shapes .shape')]
             .map(e => e.dataset.shape).sort()) === JSON.stringify(want)""",
        arg=sorted(wanted),
    )


def open_notes(page):
    """The notes editor shown (it is hidden until asked for: it takes room from the list)."""
    toggle = page.locator("#notes-toggle")
    expect(page.locator("#notes")).to_be_hidden()
    expect(toggle).to_have_attribute("aria-expanded", "false")
    toggle.click()
    expect(page.locator("#notes")).to_be_visible()
    expect(toggle).to_have_attribute("aria-expanded", "true")


def annotate(page):
    """Move 2 (h2-f4): the glyph !?, a comment, a green arrow and a red circle."""
    open_notes(page)
    show_move(page, 1)
    page.click('#notes .glyph-button[data-glyph="!?"]')
    page.fill("#notes .comment-input", "Quiet, and the centre is kept.")
    page.press("#notes .comment-input", "Enter")
    right_drag(page, "e3", "e6")
    right_drag(page, "c3", "c3", hold=("Shift",))
    expect_shapes(page, ["G e3 e6", "R c3"])


def expect_annotated(page):
    """Move 2's notes shown in the list; on the board when it is shown."""
    glyphed = page.locator("#moves .mv[data-glyph]")
    expect(glyphed).to_have_count(1)
    expect(glyphed).to_have_attribute("data-glyph", "!?")
    expect(glyphed).to_contain_text("h2-f4")
    expect(glyphed.locator(".nag")).to_have_text("!?")
    expect(page.locator("#moves .comment")).to_have_text(["Quiet, and the centre is kept."])
    show_move(page, 1)
    expect_shapes(page, ["G e3 e6", "R c3"])
    if page.locator("#notes").is_hidden():
        page.click("#notes-toggle")
    expect(page.locator('#notes .glyph-button[data-glyph="!?"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#notes .comment-input")).to_have_value("Quiet, and the centre is kept.")


def test_notes_drawn_and_written_are_kept_exported_and_imported(new_context, site_url):
    page = open_site(new_context(accept_downloads=True), site_url, LOA)
    play_line(page)
    saved(page)  # (the moves saved: only notes change below)
    annotate(page)
    expect_annotated(page)
    # each move shows its own drawings
    show_move(page, 2)
    expect_shapes(page, [])
    expect(page.locator("#notes .comment-input")).to_have_value("")
    show_move(page, 1)
    expect_shapes(page, ["G e3 e6", "R c3"])
    # the same shape again takes it off; a colour held recolours
    right_drag(page, "e3", "e6")
    expect_shapes(page, ["R c3"])
    right_drag(page, "e3", "e6")
    right_drag(page, "c3", "c3", hold=("Alt",))
    expect_shapes(page, ["G e3 e6", "B c3"])
    right_drag(page, "c3", "c3", hold=("Shift",))
    expect_shapes(page, ["G e3 e6", "R c3"])

    # a reload keeps them (a change of notes only is saved)
    saved(page)
    page.reload()
    wait_engine_ready(page)
    wait_idle(page)
    expect_annotated(page)

    # exported: the glyph after its move, the comment, the drawings in it
    page.click("#open-games")
    page.click("#games-dialog .records summary")
    with page.expect_download() as download:
        page.click("#export-current")
    text = Path(download.value.path()).read_text(encoding="utf-8")
    # (in the order drawn: the arrow was taken off and drawn again after the circle)
    assert re.search(r"h2-f4 !\? \{Quiet, and the centre is kept\. \[%draw R c3, G e3 e6\]\}", text), text

    # imported into another browser: shown again
    other = open_site(new_context(), site_url, "")
    other.click("#open-games")
    other.click("#games-dialog .records summary")
    other.fill("#import-text", text)
    other.click("#import-paste")
    expect(other.locator("#import-summary")).to_have_text("Imported 1 game.")
    other.locator("#games-list .game-row", has_text="3 moves").locator('[data-act="open"]').click()
    wait_idle(other)
    expect(other.locator("#moves .mv")).to_have_count(3)
    expect_annotated(other)


def test_a_comment_edited_in_place_escape_puts_back_and_a_glyph_toggles(new_context, site_url):
    page = open_site(new_context(), site_url, LOA)
    play_line(page)
    box = page.locator("#notes .comment-input")
    open_notes(page)
    # the start position's comment, shown above the first row
    page.click("#first")
    wait_idle(page)
    expect(page.locator("#notes .glyph-button").first).to_be_disabled()
    box.fill("An old opening.")
    box.press("Enter")
    expect(page.locator("#moves .start-comment .comment")).to_have_text("An old opening.")
    # Escape puts back what was there; leaving the box saves
    show_move(page, 2)
    box.fill("Not this.")
    box.press("Escape")
    expect(box).to_have_value("")
    expect(page.locator("#moves .comment")).to_have_count(1)
    box.fill("A first try.")
    page.locator("#moves .mv").nth(0).click()  # (the box left: saved to the move it was typed for)
    expect(page.locator("#moves .comment")).to_have_text(["An old opening.", "A first try."])
    expect(box).to_have_value("")
    # a comment clicked in the list shows its move and opens it for editing
    page.locator("#moves .comment", has_text="A first try.").click()
    expect(page.locator("#moves .mv").nth(2)).to_have_class(re.compile(r"\bcurrent\b"))
    expect(box).to_be_focused()
    box.fill("A first try, better.")
    box.press("Enter")
    expect(page.locator("#moves .comment")).to_have_text(["An old opening.", "A first try, better."])
    # a glyph again takes it off
    page.click('#notes .glyph-button[data-glyph="??"]')
    expect(page.locator("#moves .mv").nth(2)).to_have_attribute("data-glyph", "??")
    expect(page.locator("#moves .mv").nth(2)).to_have_attribute("aria-label", re.compile(r"\(blunder\)"))
    page.click('#notes .glyph-button[data-glyph="??"]')
    expect(page.locator("#moves .mv[data-glyph]")).to_have_count(0)
    # hidden again on asking, and opened by a comment clicked
    page.click("#notes-toggle")
    expect(page.locator("#notes")).to_be_hidden()
    page.locator("#moves .comment", has_text="An old opening.").click()
    expect(page.locator("#notes")).to_be_visible()
    expect(box).to_be_focused()
    expect(box).to_have_value("An old opening.")


def test_a_long_comment_is_folded_wraps_and_has_a_stated_limit(new_context, site_url):
    """#47: a 50,000-character comment with no space froze the page at every
    move shown.  A comment holds at most 5,000 characters (the editor and the
    records say so), is shown folded past 280 with "more", and wraps."""
    page = open_site(new_context(viewport={"width": 1280, "height": 800}), site_url, LOA)
    word = "x" * 5000
    record = '[Game "loa"]\n[Variant "standard"]\n\n1. d1-b3 {' + word + "} h2-f4 *\n"
    page.click("#open-games")
    page.click("#games-dialog .records summary")
    page.fill("#import-text", record.replace(word, word + "y"))
    page.click("#import-paste")
    expect(page.locator("#import-summary")).to_contain_text("a comment holds at most 5,000 characters")
    page.fill("#import-text", record)
    page.click("#import-paste")
    expect(page.locator("#import-summary")).to_have_text("Imported 1 game.")
    page.locator("#games-list .game-row").first.locator('[data-act="open"]').click()
    wait_idle(page)
    comment = page.locator("#moves .comment")
    expect(comment).to_have_text("x" * 280 + "…")
    more = page.locator("#moves .comment-more")
    expect(more).to_have_text("more")
    more.click()
    expect(comment).to_have_text(word)
    expect(more).to_have_text("less")
    expect(more).to_have_attribute("aria-expanded", "true")
    # it wraps within the move list: nothing sticks out sideways
    assert page.evaluate(
        "() => { const l = document.getElementById('moves'); return l.scrollWidth <= l.clientWidth + 1; }"
    )
    more.click()
    expect(comment).to_have_text("x" * 280 + "…")
    # the editor states the limit and holds no more
    open_notes(page)
    box = page.locator("#notes .comment-input")
    expect(box).to_have_attribute("maxlength", "5000")
    expect(box).to_have_attribute("title", "A comment holds at most 5,000 characters")


def test_drawing_from_the_keyboard_and_no_context_menu_on_the_board(new_context, site_url):
    page = open_site(new_context(), site_url, LOA)
    play_line(page)
    # A on a focused cell, the arrow keys, A again: an arrow; C a circle; X takes all off
    cell(page, "c3").focus()
    page.keyboard.press("a")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    expect(page.locator("#board .shape-pending")).to_have_attribute("data-shape", "G c3 c5")
    page.keyboard.press("a")
    expect_shapes(page, ["G c3 c5"])
    page.keyboard.press("Shift+C")
    expect_shapes(page, ["G c3 c5", "R c5"])
    page.keyboard.press("a")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Escape")  # (an arrow being drawn dropped)
    expect_shapes(page, ["G c3 c5", "R c5"])
    assert page.evaluate("document.activeElement.dataset.cell") == "d5"
    # the drawings are the viewed move's: the last one here
    show_move(page, 1)
    expect_shapes(page, [])
    show_move(page, 2)
    expect_shapes(page, ["G c3 c5", "R c5"])
    cell(page, "a1").focus()
    page.keyboard.press("x")
    expect_shapes(page, [])
    # the board's context menu is not opened; the page's elsewhere is left alone
    opened = page.evaluate("""() => [document.querySelector('#board .hit[data-cell="d4"]'), document.querySelector('#moves')]
        .map(el => el.dispatchEvent(new MouseEvent('contextmenu', {bubbles: true, cancelable: true})))""")
    assert opened == [False, True]


def test_a_games_link_carries_its_notes_to_another_browser(new_context, site_url):
    page = open_site(new_context(), site_url, LOA)
    play_line(page)
    annotate(page)
    page.wait_for_function("() => location.hash.includes('/notes=')")
    address = page.url
    assert "/notes=" in address and "Quiet" in address
    friend = open_site(new_context(), site_url, "#" + address.split("#", 1)[1])
    expect(friend.locator("#moves .mv")).to_have_count(len(LINE))
    expect_annotated(friend)
