"""Storage and engine faults a real player can meet (issue #27): the page
plays on, says what happened, and loses nothing.

Each test uses a fresh browser context (its own profile and library).
"""

from __future__ import annotations

from conftest import wait_engine_ready
from pagekit import cell, wait_idle
from playwright.sync_api import expect

LOA = "#v1/loa/standard/double-connection=mover/"

# indexedDB.open answers with a request object whose events never fire, as a
# browser with a stuck storage upgrade or a broken profile does.
SILENT_INDEXEDDB = """
Object.defineProperty(window, 'indexedDB', {get() { return {
    open() { return {result: null, error: null, onsuccess: null, onerror: null,
                     onupgradeneeded: null, onblocked: null}; },
    deleteDatabase() { return {}; },
}; }});
"""


def play(page, frm, to):
    wait_idle(page)
    cell(page, frm).click()
    cell(page, to).click()
    wait_idle(page)


def test_storage_that_never_answers_does_not_stop_play(new_context, site_url):
    context = new_context()
    context.add_init_script(SILENT_INDEXEDDB)
    page = context.new_page()
    page.goto(site_url + LOA)
    wait_engine_ready(page)
    wait_idle(page)
    # the library gives up after its time limit: play goes on, and the first
    # save that cannot be made says why
    play(page, "d1", "b3")
    expect(page.locator("#notice")).to_contain_text("did not answer", timeout=20000)
    page.click("#notice-close")
    play(page, "h2", "f4")
    expect(page.locator("#moves .mv")).to_have_text(["d1-b3", "h2-f4"])
    page.wait_for_timeout(600)
    expect(page.locator("#notice")).to_be_hidden()  # said once, not at every move
    page.click("#open-games")
    expect(page.locator("#games-dialog")).to_be_visible()
    expect(page.locator("#games-list")).to_contain_text("did not answer", timeout=20000)
