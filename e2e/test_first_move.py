"""The first move without waiting for the engine (issue 21).

A game the build describes (each game's default start: the page has its view
inlined and the view after every first move in first-moves/<game>.json)
opens and takes its first move before the engine has said a word.  The tests
hold every message of the engine worker (an init script wraps ``Worker``), so
"before the engine is ready" is certain, not a race: the move is played,
drawn and saved with the engine silent; once the held messages go through,
the engine checks the seeded views (a view that differs from the engine's is
a console error, which fails the test), the move stays played once, the board
does not change, and a computer seat replies.
"""

from __future__ import annotations

import pytest
from conftest import wait_engine_ready
from pagekit import HOLD_ENGINE, cell, library_entries, saved, wait_controlled
from playwright.sync_api import expect

LINKS = {  # a link to each game's default start
    "loa": "#v1/loa/standard/double-connection=mover/",
    "escabel": "#v1/escabel/standard/size=7,pie=on/",
    "evl": "#v1/evl/standard/pieces=20,markers=10/",
    "el": "#v1/el/standard/first-two-equal=off,full-board=draw,declare-threats=off/",
}
FIRST = {  # a first move of each game, by its clicks, and its text
    "loa": (["b1", "d3"], "b1-d3"),
    "escabel": (["a1"], "a1"),
    "evl": (["a1"], "a1"),
    "el": (["a1", "#palette .pal[data-id=n5]"], "a1=5"),
}


def board_pieces(page) -> str:
    """What the board draws (pieces, markers, last move), not the focus or selection."""
    return page.evaluate("""() => [...document.querySelectorAll('#board .piece, #board .marker, #board .last')]
        .map(e => e.outerHTML).join('\\n')""")


def opened_while_loading(page) -> None:
    page.wait_for_function("() => Number(document.documentElement.dataset.revision || 0) >= 1")
    assert page.evaluate("document.documentElement.dataset.engine") == "loading"


@pytest.mark.parametrize("game", ["loa", "el", "escabel", "evl"])
def test_a_first_move_before_the_engine_is_ready_is_applied_once_when_it_is(new_context, site_url, game):
    context = new_context()
    context.add_init_script(HOLD_ENGINE)
    page = context.new_page()
    page.goto(site_url + LINKS[game])
    opened_while_loading(page)
    clicks, text = FIRST[game]
    for c in clicks:
        (page.locator(c) if c.startswith("#") else cell(page, c)).click()
    if game in ("escabel", "evl"):  # a single-click move asks for a second click to confirm
        cell(page, clicks[-1]).click()
    expect(page.locator("#moves .mv")).to_have_count(1)
    expect(page.locator("#moves .mv").first).to_have_text(text)
    assert page.evaluate("document.documentElement.dataset.ply") == "1"
    assert page.evaluate("document.documentElement.dataset.engine") == "loading"
    assert page.evaluate("window.__gamutHeld()") > 0, "the engine said nothing: the move needed none of it"
    # the second move waits for the engine: the build describes no position beyond the first
    expect(page.locator("#board")).to_have_attribute("aria-disabled", "true")
    drawn = board_pieces(page)
    page.evaluate("window.__gamutRelease()")
    wait_engine_ready(page)
    page.wait_for_function("() => document.documentElement.dataset.busy === 'no'")
    expect(page.locator("#board")).to_have_attribute("aria-disabled", "false")  # the engine answers now
    expect(page.locator("#moves .mv")).to_have_count(1)
    assert board_pieces(page) == drawn, "the board changed when the engine took over"
    saved(page)  # (the game is written soon after the engine took it over: not read before)
    entries = library_entries(page)
    assert len(entries) == 1
    assert page.evaluate("document.documentElement.dataset.ply") == "1"


def test_the_computer_replies_to_an_early_move_once_the_engine_is_ready(new_context, site_url):
    context = new_context()
    context.add_init_script(HOLD_ENGINE)
    page = context.new_page()
    page.goto(site_url + LINKS["loa"] + "/players=h,c:beginner")
    opened_while_loading(page)
    cell(page, "b1").click()
    cell(page, "d3").click()
    expect(page.locator("#moves .mv")).to_have_count(1)
    box = page.locator("#ai")
    expect(box).to_have_attribute("data-state", "starting")
    expect(page.locator("#ai-status")).to_contain_text("as soon as the engine has started")
    page.evaluate("window.__gamutRelease()")
    wait_engine_ready(page)
    expect(page.locator("#moves .mv")).to_have_count(2, timeout=60_000)
    expect(page.locator("#moves .mv").first).to_have_text("b1-d3")


def test_a_link_opened_offline_takes_its_first_move_before_the_engine_is_ready(new_context, site_url):
    context = new_context()
    page = context.new_page()
    page.goto(site_url)
    wait_engine_ready(page)
    wait_controlled(page)
    page.close()
    context.set_offline(True)
    page = context.new_page()
    page.add_init_script(HOLD_ENGINE)
    page.goto(site_url + LINKS["escabel"])
    opened_while_loading(page)
    cell(page, "a1").click()
    cell(page, "a1").click()
    expect(page.locator("#moves .mv")).to_have_count(1)
    page.evaluate("window.__gamutRelease()")
    wait_engine_ready(page)
    expect(page.locator("#moves .mv")).to_have_count(1)
    expect(page.locator("#moves .mv").first).to_have_text("a1")
