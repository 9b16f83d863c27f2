"""Opening a link with the library's line summaries (issue #27): a link
finds its game by reading the games' summaries (store "lines", database
version 2) and then the one entry they point to, never every full entry.

A library from before the summaries (database version 1, store "games"
only) is upgraded on the page's first start (to version 4: the summaries'
store, the entries' index by time (#47), the puzzles' store): nothing in it is lost or
changed, its summaries are made from its entries, every entry is in the index, and a link of one of its
games opens into that game; a link of no stored game opens as a new one.
Summaries out of step with the entries (an entry written past the page)
are made again.
"""

from __future__ import annotations

from conftest import wait_engine_ready
from pagekit import library_entries, open_hash, open_site, play, saved, wait_idle
from playwright.sync_api import expect

LOA = "#v1/loa/standard/double-connection=mover/"

# A library as version 1 made it: database "gamut" at version 1, store "games" only.
MAKE_OLD_LIBRARY = """entries => new Promise((ok, fail) => {
    const req = indexedDB.open('gamut', 1);
    req.onupgradeneeded = () => req.result.createObjectStore('games', {keyPath: 'id'});
    req.onerror = () => fail(req.error);
    req.onsuccess = () => {
        const tx = req.result.transaction('games', 'readwrite');
        for (const e of entries) tx.objectStore('games').put(e);
        tx.oncomplete = () => { req.result.close(); ok(); };
        tx.onerror = () => fail(tx.error);
    };
})"""

# The database's version, how many summaries it holds, and how many entries its index by time.
LIBRARY_SHAPE = """() => new Promise((ok, fail) => {
    const req = indexedDB.open('gamut');
    req.onerror = () => fail(req.error);
    req.onsuccess = () => {
        const db = req.result;
        const stores = [...db.objectStoreNames];
        if (!stores.includes('lines')) { db.close(); ok({version: db.version, stores, lines: -1}); return; }
        const tx = db.transaction(['games', 'lines']);
        const games = tx.objectStore('games');
        const q = tx.objectStore('lines').count();
        const byTime = games.indexNames.contains('updated') ? games.index('updated').count() : null;
        tx.oncomplete = () => {
            db.close();
            ok({version: db.version, stores, lines: q.result, ...(byTime ? {byTime: byTime.result} : {})});
        };
        tx.onerror = () => fail(tx.error);
    };
})"""


def current_id(page) -> str:
    return page.evaluate(
        "() => sessionStorage.getItem('gamut.current-id') || localStorage.getItem('gamut.current-id')"
    )


def a_stored_game(new_context, site_url) -> dict:
    """The library entry of a two-move Lines of Action game, as this page stores one."""
    page = open_site(new_context(), site_url, LOA)
    play(page, "d1", "b3")
    play(page, "h2", "f4")
    saved(page)
    (entry,) = library_entries(page)
    page.close()  # (its context goes back to the pool at the end of the test)
    return entry


def test_an_old_library_upgrades_with_nothing_lost_and_a_link_opens_into_its_game(new_context, site_url):
    model = a_stored_game(new_context, site_url)
    old = []
    for i in range(30):
        entry = {**model, "id": f"old-{i:02d}", "name": f"Old {i:02d}", "updated": 1_000_000 + i}
        if i == 7:  # one game went on (the newest): the link of its line is its own
            entry["updated"] = 2_000_000
            nodes = entry["game"]["tree"]["nodes"]
            game = {**entry["game"], "tree": {**entry["game"]["tree"], "nodes": [*nodes, [2, "b1-d3"]]}}
            line = ["d1-b3", "h2-f4", "b1-d3"]
            entry["game"] = {**game, "head": line, "tip": line, "viewed": line}
        old.append(entry)
    context = new_context()
    page = context.new_page()
    page.goto(site_url + "manifest.webmanifest")  # (the site's origin: its storage, without the page)
    page.evaluate(MAKE_OLD_LIBRARY, old)
    assert page.evaluate(LIBRARY_SHAPE) == {"version": 1, "stores": ["games"], "lines": -1}

    page.goto(site_url + LOA + "d1-b3,h2-f4,b1-d3")
    wait_engine_ready(page)
    wait_idle(page)
    expect(page.locator("#moves .mv")).to_have_text(["d1-b3", "h2-f4", "b1-d3"])
    assert current_id(page) == "old-07", "the link opened into the stored game, not a copy"
    saved(page)
    shape = page.evaluate(LIBRARY_SHAPE)
    stores = ["games", "lessons", "lines", "mistakes", "progress", "puzzles"]
    assert shape == {"version": 5, "stores": stores, "lines": 30, "byTime": 30}, shape
    stored = {e["id"]: e for e in library_entries(page)}
    assert sorted(stored) == sorted(e["id"] for e in old), "no entry lost, none added"
    for entry in old:
        if entry["id"] != "old-07":
            assert stored[entry["id"]] == entry, f"{entry['id']} changed"
    assert stored["old-07"]["game"]["tree"] == old[7]["game"]["tree"]

    # the two-move line is every other game's: the newest of them opens
    open_hash(page, LOA + "d1-b3,h2-f4")
    assert current_id(page) == "old-29"
    # a link of no stored game opens as a new game
    open_hash(page, LOA + "b1-d3")
    expect(page.locator("#moves .mv")).to_have_text(["b1-d3"])
    assert not current_id(page).startswith("old-")
    saved(page)
    assert len(library_entries(page)) == 31
    assert page.evaluate(LIBRARY_SHAPE)["lines"] == 31


def test_an_entry_written_past_the_page_is_found_by_its_link(new_context, site_url):
    """Summaries out of step with the entries (an entry put into the store
    by another program, a summary deleted) are made again before a link
    is looked for."""
    model = a_stored_game(new_context, site_url)
    page = open_site(new_context(), site_url, LOA)
    play(page, "b1", "d3")  # (a game of this page's own: the library exists)
    saved(page)
    line = ["d1-b3", "h2-f4", "c1-c3"]
    nodes = [*model["game"]["tree"]["nodes"], [2, "c1-c3"]]
    game = {**model["game"], "tree": {**model["game"]["tree"], "nodes": nodes}, "head": line, "tip": line}
    page.evaluate(
        """entry => new Promise((ok, fail) => {
            const req = indexedDB.open('gamut');
            req.onsuccess = () => {
                const tx = req.result.transaction(['games', 'lines'], 'readwrite');
                tx.objectStore('games').put(entry);
                tx.objectStore('lines').put({id: 'junk', updated: 'never'});
                tx.oncomplete = () => { req.result.close(); ok(); };
                tx.onerror = () => fail(tx.error);
            };
        })""",
        {**model, "id": "outside", "game": {**game, "viewed": line}, "updated": 5},
    )
    open_hash(page, LOA + "d1-b3,h2-f4,c1-c3")
    expect(page.locator("#moves .mv")).to_have_text(line)
    assert current_id(page) == "outside"
    assert page.evaluate(LIBRARY_SHAPE)["lines"] == 2, "the summaries were made again: one a game, no junk"


def test_the_note_of_a_links_new_moves_goes_by_itself(new_context, site_url):
    """A link that extends the game on screen says its moves were added, in
    the line laid over the top of the move list: a report, which goes by
    itself (it stayed there, over the list's first rows, until the next
    move: a flaw seen in session 22)."""
    page = open_site(new_context(), site_url, LOA + "d1-b3")
    open_hash(page, LOA + "d1-b3,h2-f4,b1-d3")
    expect(page.locator("#moves .mv")).to_have_text(["d1-b3", "h2-f4", "b1-d3"])
    explain = page.locator("#explain")
    expect(explain).to_have_text("The link's new moves were added to this game.")
    expect(explain).to_be_empty(timeout=10_000)


def test_the_last_of_two_links_opened_at_once_is_the_one_shown(new_context, site_url):
    """Two addresses set a few milliseconds apart (a link followed while
    another is still opening): the page ends on the last one asked for,
    never on the older one that finished opening after it."""
    page = open_site(new_context(), site_url, LOA + "b1-d3")
    expect(page.locator("#moves .mv")).to_have_count(1)
    page.evaluate(
        "([a, b]) => { location.hash = a; setTimeout(() => { location.hash = b; }, 5); }",
        ["#v1/loa/standard/-/", LOA + "b1-d3,a2-c4"],
    )
    expect(page.locator("#moves .mv")).to_have_text(["b1-d3", "a2-c4"])
    wait_idle(page)
    expect(page.locator("#moves .mv")).to_have_text(["b1-d3", "a2-c4"])
