"""Storage and engine faults a real player can meet (issue #27): the page
plays on, says what happened, and loses nothing.

Each test uses a fresh browser context (its own profile and library).
"""

from __future__ import annotations

import contextlib
import json

import pytest
from conftest import wait_engine_ready
from pagekit import cell, library_entries, play, saved, wait_idle, wait_library_entries
from playwright.sync_api import Error as PlaywrightError
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
    saved(page)  # (the second save was tried, and failed, by then: storage given up on fails at once)
    expect(page.locator("#notice")).to_be_hidden()  # said once, not at every move
    page.click("#open-games")
    expect(page.locator("#games-dialog")).to_be_visible()
    expect(page.locator("#games-list")).to_contain_text("did not answer", timeout=20000)


# IndexedDB refused while the page's localStorage says so: a storage outage
# the test turns on and off across reloads
STORAGE_DOWN = """
try {
    if (localStorage.getItem('e2e.storage-down')) {
        Object.defineProperty(window, 'indexedDB', {get() { throw new DOMException('refused', 'SecurityError'); }});
    }
} catch {}  // (a page with no localStorage of its own: about:blank)
"""


def test_reloads_while_storage_fails_keep_one_game_with_every_move(new_context, site_url):
    """#47: reloaded while storage failed, the same game came back twice once
    storage worked again.  The moves made meanwhile are kept in a copy under
    the game's own id, which a reload opens and a later start merges."""
    context = new_context()
    context.add_init_script(STORAGE_DOWN)
    page = context.new_page()
    page.goto(site_url + LOA)
    wait_engine_ready(page)
    play(page, "d1", "b3")
    saved(page)
    page.evaluate("() => localStorage.setItem('e2e.storage-down', '1')")
    for frm, to in (("h2", "f4"), ("b1", "d3")):
        page.reload()  # (a reload while storage is down: the same game, not a copy of it)
        wait_engine_ready(page)
        wait_idle(page)
        play(page, frm, to)
    page.reload()
    wait_engine_ready(page)
    wait_idle(page)
    expect(page.locator("#moves .mv")).to_have_text(["d1-b3", "h2-f4", "b1-d3"])
    page.evaluate("() => localStorage.removeItem('e2e.storage-down')")
    page.reload()  # storage back: the copy goes into the game's entry
    wait_engine_ready(page)
    wait_idle(page)
    expect(page.locator("#moves .mv")).to_have_text(["d1-b3", "h2-f4", "b1-d3"])
    saved(page)
    entries = library_entries(page)
    assert len(entries) == 1, [e["summary"] for e in entries]
    assert [n[1] for n in entries[0]["game"]["tree"]["nodes"]] == ["d1-b3", "h2-f4", "b1-d3"]


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


def test_a_killed_worker_is_noticed_and_replaced_and_the_move_made_meanwhile_is_played(new_context, site_url):
    """#47: a worker the browser killed says nothing; the engine's heartbeat
    notices its silence while a move waits, starts a new worker, says so, and
    the move is played."""
    page = new_context().new_page()
    page.clock.install()  # (the heartbeat's 15 s of silence, run at once)
    page.goto(site_url + LOA)
    wait_engine_ready(page)
    play(page, "d1", "b3")
    [worker] = page.workers
    with contextlib.suppress(PlaywrightError):  # (it may be gone before it answers)
        worker.evaluate("self.close()")  # (no error, no message: as a killed worker)
    cell(page, "h2").click()
    cell(page, "f4").click()
    page.clock.run_for(16_000)
    expect(page.locator("#notice")).to_contain_text("restarted")
    expect(page.locator("#moves .mv")).to_have_text(["d1-b3", "h2-f4"])
    page.click("#notice-close")
    play(page, "b1", "d3")
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
    saved(a)
    b = context.new_page()
    b.goto(a.url)
    wait_engine_ready(b)
    wait_idle(b)
    old_address = a.url
    play(b, "h2", "f4")
    saved(b)
    # (A reloads with its own older address.  A hears of B's move and writes the new
    # address itself, at a time of its own: waited for first, else that later write
    # could land after the older address is put back)
    expect(a.locator("#moves .mv")).to_have_count(2)
    expect(a).not_to_have_url(old_address)
    a.evaluate("u => history.replaceState(history.state, '', u)", old_address)
    a.reload()
    wait_engine_ready(a)
    wait_idle(a)
    expect(a.locator("#moves .mv")).to_have_text(["d1-b3", "h2-f4"])
    expect(a.locator("#explain")).to_contain_text("went on in another tab")
    b.close()  # (an open tab B would save the game back with its own head: the library then shows that)
    play(a, "b1", "d3")
    expect(a.locator("#moves .mv")).to_have_text(["d1-b3", "h2-f4", "b1-d3"])
    saved(a)
    a.click("#open-games")
    a.wait_for_function("document.querySelectorAll('#games-list li').length > 0")
    expect(a.locator("#games-list .game-row")).to_have_count(1)
    expect(a.locator("#games-list .game-row")).to_contain_text("3 moves")


PUT_JS = """entry => new Promise((ok, fail) => {
    const r = indexedDB.open('gamut');
    r.onsuccess = () => {
        const tx = r.result.transaction('games', 'readwrite');
        tx.objectStore('games').put(entry);
        tx.oncomplete = ok;
        tx.onerror = fail;
    };
})"""


def _stored_game(page):
    """A saved two-move game: its library entry."""
    play(page, "d1", "b3")
    play(page, "h2", "f4")
    saved(page)
    [entry] = library_entries(page)
    return entry


@pytest.mark.parametrize("stored_as", ["newer version", "damaged", "another start"])
def test_an_unsaved_copy_never_overwrites_a_save_it_cannot_merge_with(new_context, site_url, stored_as):
    page = new_context().new_page()
    page.goto(site_url + LOA)
    wait_engine_ready(page)
    entry = _stored_game(page)
    copy = {"at": 1, "game": entry["game"], "name": "", "created": entry["created"]}
    stored = dict(entry)
    if stored_as == "newer version":
        stored["v"] = 99
    elif stored_as == "damaged":
        stored["game"] = {**entry["game"], "tree": {"v": 1, "nodes": "not a list"}}
    else:
        stored["game"] = {
            **entry["game"],
            "start": "loa scrambled-eggs double-connection=mover start",
            "meta": {**entry["game"]["meta"], "variant": "scrambled-eggs"},
            "tree": {"v": 1, "nodes": []},
            "viewed": [],
            "head": [],
            "tip": [],
        }
    # the page is gone (closed before its last save was known written); a copy waits.
    # The store is set by a page showing a new game with no move (never saved): a page
    # showing the stored game would save it again when it is left, over what is set here.
    page.goto("about:blank")
    page.goto(site_url + LOA)
    wait_engine_ready(page)
    wait_idle(page)
    page.evaluate(PUT_JS, stored)
    page.evaluate(
        """([k, v, id]) => {
            localStorage.setItem(k, v);
            for (const s of [localStorage, sessionStorage]) s.setItem('gamut.current-id', id);
        }""",
        [f"gamut.unsaved.{entry['id']}", json.dumps(copy), entry["id"]],
    )
    page.goto("about:blank")
    page.goto(site_url)
    wait_engine_ready(page)
    wait_idle(page)
    expect(page.locator("#notice")).to_contain_text("kept as a new entry")
    entries = library_entries(page)
    assert len(entries) == 2
    kept = next(e for e in entries if e["id"] == entry["id"])
    assert kept == stored  # untouched, byte for byte
    other = next(e for e in entries if e["id"] != entry["id"])
    assert other["game"]["head"] == ["d1-b3", "h2-f4"]
    # the copy is taken in, and no copy is left once the page's own saves are written
    # (a save in flight holds its own copy for a moment: wait for it, never for ever)
    page.wait_for_function(
        "Object.keys(localStorage).every(k => !k.startsWith('gamut.unsaved.'))", timeout=15_000
    )


def test_an_unsaved_copy_that_cannot_be_read_is_kept_as_a_damaged_entry(new_context, site_url):
    page = new_context().new_page()
    page.goto(site_url + LOA)
    wait_engine_ready(page)
    page.evaluate("localStorage.setItem('gamut.unsaved.abc', JSON.stringify({at: 1, game: {tree: 5}}))")
    page.reload()
    wait_engine_ready(page)
    wait_idle(page)
    expect(page.locator("#notice")).to_contain_text("could not be read")
    page.click("#notice-close")
    page.click("#open-games")
    expect(page.locator("#games-list .game-row.damaged")).to_have_count(1)


def test_a_stored_game_without_its_thumbnail_is_written_whole_when_opened(new_context, site_url):
    """An entry that lacks what Your games show of it (one recovered from a
    copy, or saved before its board's view was known) is written again when
    opened, though its game is unchanged (keep.js openedAsStored,
    library.isReadWhole); one that lacks nothing is not."""
    page = new_context().new_page()
    page.goto(site_url + LOA)
    wait_engine_ready(page)
    entry = _stored_game(page)
    assert entry["thumb"] and entry["summary"]["moves"] == 2
    page.evaluate(PUT_JS, {**entry, "thumb": None})
    page.reload()
    wait_engine_ready(page)
    wait_idle(page)
    expect(page.locator("#moves .mv")).to_have_count(2)
    [whole] = wait_library_entries(page, "entries => entries.length === 1 && !!entries[0].thumb")
    assert whole["thumb"]["board"] == entry["thumb"]["board"] and whole["updated"] > entry["updated"]


def test_a_save_over_an_entry_it_cannot_merge_with_becomes_a_new_entry(new_context, site_url):
    page = new_context().new_page()
    page.goto(site_url + LOA)
    wait_engine_ready(page)
    entry = _stored_game(page)
    newer = {**entry, "v": 99}  # (another version of Gamut, in another tab, wrote it meanwhile)
    page.evaluate(PUT_JS, newer)
    play(page, "b1", "d3")
    expect(page.locator("#notice")).to_contain_text("saved as a new entry")
    saved(page)
    entries = library_entries(page)
    assert len(entries) == 2
    assert next(e for e in entries if e["id"] == entry["id"]) == newer
    assert next(e for e in entries if e["id"] != entry["id"])["game"]["head"] == ["d1-b3", "h2-f4", "b1-d3"]
    page.reload()  # and the game on screen is the new entry
    wait_engine_ready(page)
    wait_idle(page)
    expect(page.locator("#moves .mv")).to_have_text(["d1-b3", "h2-f4", "b1-d3"])


def test_a_stored_game_with_an_illegal_move_says_so_when_opened_and_is_then_listed_as_damaged(
    new_context, site_url
):
    page = new_context().new_page()
    page.goto(site_url + LOA)
    wait_engine_ready(page)
    entry = _stored_game(page)
    bad = {
        **entry,
        "id": "bad0000000000000000",
        "name": "Broken",
        "updated": entry["updated"] - 1000,
        "game": {
            **entry["game"],
            "tree": {"v": 1, "nodes": [[0, "d1-b3"], [1, "a1-a1"]]},
            "head": ["d1-b3", "a1-a1"],
            "tip": ["d1-b3", "a1-a1"],
            "viewed": ["d1-b3", "a1-a1"],
        },
    }
    page.evaluate(PUT_JS, bad)
    page.click("#open-games")
    row = page.locator('#games-list .game-row[data-id="bad0000000000000000"]')
    expect(row).to_be_visible()
    row.locator('[data-act="open"]').click()
    expect(page.locator("#notice")).to_contain_text("could not be opened")
    expect(page.locator("#notice")).to_contain_text("a1-a1")
    expect(page.locator("#moves .mv")).to_have_text(["d1-b3", "h2-f4"])  # the game on screen stays
    page.click("#notice-close")
    page.click("#open-games")
    expect(page.locator('#games-list .game-row.damaged[data-id="bad0000000000000000"]')).to_be_visible()
