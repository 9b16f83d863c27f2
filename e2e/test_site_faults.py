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


def test_a_fatal_engine_error_restarts_the_engine_and_loses_nothing(new_context, site_url):
    page = new_context().new_page()
    page.goto(site_url + LOA)
    wait_engine_ready(page)
    play(page, "d1", "b3")
    play(page, "h2", "f4")
    [worker] = page.workers
    # the worker reports that Pyodide broke (as worker.js does on a fatal error)
    worker.evaluate(
        "self.postMessage({type: 'fatal', id: null, message: 'the engine met a fatal error: test'})"
    )
    expect(page.locator("#notice")).to_contain_text("restarted")
    page.wait_for_function("() => document.documentElement.dataset.busy === 'no'")
    page.click("#notice-close")
    play(page, "b1", "d3")  # the new worker answers
    expect(page.locator("#moves .mv")).to_have_text(["d1-b3", "h2-f4", "b1-d3"])
    assert len(page.workers) == 1 and page.workers[0] != worker
    page.reload()
    wait_engine_ready(page)
    wait_idle(page)
    expect(page.locator("#moves .mv")).to_have_text(["d1-b3", "h2-f4", "b1-d3"])


def test_the_computer_plays_on_after_the_engine_restarts(new_context, site_url):
    page = new_context().new_page()
    page.goto(site_url + LOA + "/players=h,c:beginner")
    wait_engine_ready(page)
    play(page, "d1", "b3")
    expect(page.locator("#moves .mv")).to_have_count(2, timeout=30000)
    page.workers[0].evaluate("setTimeout(() => { throw new Error('an uncaught test error'); }, 0)")
    expect(page.locator("#notice")).to_contain_text("restarted")
    page.click("#notice-close")
    play(page, "b1", "d3")
    expect(page.locator("#moves .mv")).to_have_count(4, timeout=30000)


def test_a_search_cut_by_a_fatal_error_starts_again_on_the_new_worker(new_context, site_url):
    page = new_context().new_page()
    page.goto(site_url + LOA + "/players=h,c:strong")
    wait_engine_ready(page)
    before = int(page.evaluate("document.documentElement.dataset.searches || 0"))
    play_no_wait = [cell(page, "d1"), cell(page, "b3")]
    for target in play_no_wait:
        target.click()
    page.wait_for_function(f"Number(document.documentElement.dataset.searches || 0) > {before}")
    page.workers[0].evaluate("self.postMessage({type: 'fatal', id: null, message: 'test'})")
    expect(page.locator("#notice")).to_contain_text("restarted")
    expect(page.locator("#moves .mv")).to_have_count(2, timeout=60000)
    assert int(page.evaluate("document.documentElement.dataset.searches")) >= before + 2
    expect(page.locator("#notice")).not_to_contain_text("could not move")


def test_a_reload_opens_into_its_own_game_after_another_tab_played_on(new_context, site_url):
    """Tab A plays d1-b3; tab B opens A's link and plays h2-f4; A reloads at
    once.  A's address now names an earlier position of the stored game: A
    must open into that game (with B's move), not split it into a copy."""
    context = new_context()
    a = context.new_page()
    a.goto(site_url + LOA)
    wait_engine_ready(a)
    play(a, "d1", "b3")
    a.wait_for_timeout(400)  # saved
    b = context.new_page()
    b.goto(a.url)
    wait_engine_ready(b)
    wait_idle(b)
    old_address = a.url
    play(b, "h2", "f4")
    b.wait_for_timeout(400)
    # (A reloads before it hears of B's move: its address is still its own older one)
    a.evaluate("u => history.replaceState(history.state, '', u)", old_address)
    a.reload()
    wait_engine_ready(a)
    wait_idle(a)
    expect(a.locator("#moves .mv")).to_have_text(["d1-b3", "h2-f4"])
    expect(a.locator("#explain")).to_contain_text("went on in another tab")
    b.close()  # (an open tab B would save the game back with its own head: the library then shows that)
    play(a, "b1", "d3")
    expect(a.locator("#moves .mv")).to_have_text(["d1-b3", "h2-f4", "b1-d3"])
    a.wait_for_timeout(400)
    a.click("#open-games")
    a.wait_for_function("document.querySelectorAll('#games-list li').length > 0")
    expect(a.locator("#games-list .game-row")).to_have_count(1)
    expect(a.locator("#games-list .game-row")).to_contain_text("3 moves")
