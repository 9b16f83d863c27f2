"""The library of games (IndexedDB), records in and out, and play by link.

Each test uses fresh browser contexts: a context is one browser profile,
with its own library; two pages of one context are two tabs of one browser.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from conftest import wait_engine_ready
from pagekit import cell, library_entries, open_hash, open_site, play, saved, wait_idle, wait_library_entries
from playwright.sync_api import expect

LOA = "#v1/loa/standard/double-connection=mover/"


def rows(page) -> list[str]:
    return page.eval_on_selector_all(
        "#games-list .game-row .game-title", "els => els.map(e => e.textContent)"
    )


def open_games(page):
    page.click("#open-games")
    expect(page.locator("#games-dialog")).to_be_visible()
    page.wait_for_function("document.querySelectorAll('#games-list li').length > 0")


def two_games(page):
    """A Lines of Action game with one move, then an Escabel game with one (open)."""
    play(page, "d1", "b3")
    page.locator('#game-picker .pick[data-game="escabel"]').click()
    wait_idle(page)
    cell(page, "d4").click()
    wait_idle(page)
    saved(page)


def test_games_survive_a_reload_and_deletion_can_be_undone(new_context, site_url):
    page = open_site(new_context(), site_url)
    two_games(page)
    page.reload()
    wait_engine_ready(page)
    wait_idle(page)
    expect(page.locator("#title")).to_contain_text("Escabel")  # the game last open
    expect(page.locator("#moves .mv")).to_have_text(["d4"])
    open_games(page)
    expect(page.locator("#games-list .game-row")).to_have_count(2)
    assert rows(page) == ["Escabel", "Lines of Action"]  # newest first
    loa = page.locator("#games-list .game-row", has_text="Lines of Action")
    expect(loa).to_contain_text("1 move")
    # delete, then undo
    loa.locator('[data-act="delete"]').click()
    expect(page.locator("#games-list .game-row")).to_have_count(1)
    page.click("#games-undo-delete")
    expect(page.locator("#games-list .game-row")).to_have_count(2)
    # the filter shows one game's games
    page.select_option("#games-filter", "loa")
    expect(page.locator("#games-list .game-row")).to_have_count(1)
    # rename in place: Escape leaves the name (and the dialog open), Enter keeps the new one
    row = page.locator("#games-list .game-row", has_text="Lines of Action")
    row.locator('[data-act="rename"]').click()
    field = page.get_by_role("textbox", name="Name of this game")
    expect(field).to_be_focused()
    field.fill("Wednesday's game")
    field.press("Escape")
    expect(page.locator("#games-dialog")).to_be_visible()
    expect(page.locator("#games-list .game-title")).to_have_text(["Lines of Action"])
    row.locator('[data-act="rename"]').click()
    field.fill("Thursday's game")
    field.press("Enter")
    expect(page.locator("#games-list .game-title")).to_have_text(["Thursday's game"])
    # open it: its moves come back
    page.locator("#games-list .game-row", has_text="Thursday").locator('[data-act="open"]').click()
    wait_idle(page)
    expect(page.locator("#moves .mv")).to_have_text(["d1-b3"])


def test_a_game_opened_and_not_changed_is_not_written_again(new_context, site_url):
    """Opening a stored game, at a start, from Your games or by its game's tab,
    writes nothing until it changes (keep.js openedAsStored): a game only
    looked at keeps its place in Your games (newest change first), and a long
    game's opening is not followed by a write of all its moves.  Its game's
    tab still opens it again, though another game of that kind is newer
    (keep.js lastShownOf).  Its first change is written."""
    page = open_site(new_context(), site_url)
    two_games(page)  # (Lines of Action d1-b3, then Escabel d4)
    open_hash(page, LOA + "c1-c3")  # (another game of Lines of Action, the newest)
    saved(page)
    stamps = {e["id"]: e["updated"] for e in library_entries(page)}
    page.reload()
    wait_engine_ready(page)
    wait_idle(page)
    expect(page.locator("#moves .mv")).to_have_text(["c1-c3"])  # (shown: a write would be waiting now)
    saved(page)
    open_games(page)
    assert rows(page) == ["Lines of Action", "Escabel", "Lines of Action"]
    page.locator("#games-list .game-row").nth(2).locator('[data-act="open"]').click()
    wait_idle(page)
    expect(page.locator("#moves .mv")).to_have_text(["d1-b3"])
    saved(page)
    page.locator('#game-picker .pick[data-game="escabel"]').click()
    wait_idle(page)
    expect(page.locator("#moves .mv")).to_have_text(["d4"])
    page.locator('#game-picker .pick[data-game="loa"]').click()
    wait_idle(page)
    expect(page.locator("#moves .mv")).to_have_text(["d1-b3"])  # (the one left, not the newest)
    saved(page)
    now = {e["id"]: e["updated"] for e in library_entries(page)}
    assert now == stamps, f"opening wrote: {stamps} -> {now}"
    play(page, "a2", "c2")
    saved(page)
    newest = library_entries(page)[0]
    assert newest["updated"] > max(stamps.values()) and newest["game"]["head"] == ["d1-b3", "a2-c2"]


def test_a_game_deleted_in_another_tab_is_not_written_back_when_a_tab_showing_it_is_left(
    new_context, site_url
):
    # a tab that leaves (pagehide, or hidden) writes what waits to be written,
    # not the game it shows unchanged: that would bring back a game another
    # tab has just deleted
    context = new_context()
    shown = open_site(context, site_url)
    play(shown, "d1", "b3")
    saved(shown)
    other = open_site(context, site_url, "#v1/escabel/standard/size=5,pie=on/")
    open_games(other)
    other.locator("#games-list .game-row", has_text="Lines of Action").locator('[data-act="delete"]').click()
    wait_library_entries(other, "entries => !entries.some(e => e.game.meta.game === 'loa')")
    # the first tab is left: what it does then, a write's "no" is set at once
    shown.evaluate("() => dispatchEvent(new PageTransitionEvent('pagehide'))")
    saved(shown)
    games = [e["game"]["meta"]["game"] for e in library_entries(other)]
    assert "loa" not in games, f"the deleted game is back: {games}"


def test_your_games_opened_the_moment_after_a_move_lists_that_game(new_context, site_url):
    """The library is written a moment after a change (keep.js); Your games
    opened in that moment writes it first, so the game just played is listed
    (its own page's writes are not announced to the list, another tab's are)."""
    page = open_site(new_context(), site_url)
    saved(page)
    wait_idle(page)
    # (Your games opened as the page marks the change: long before the write's 150 ms)
    page.evaluate(
        """() => new MutationObserver((_, seen) => {
            if (document.documentElement.dataset.saved !== 'no') return;
            seen.disconnect();
            document.getElementById('open-games').click();
        }).observe(document.documentElement, { attributeFilter: ['data-saved'] })"""
    )
    cell(page, "d1").click()
    cell(page, "b3").click()
    expect(page.locator("#games-dialog")).to_be_visible()
    expect(page.locator("#games-list .game-row")).to_have_count(1)
    expect(page.locator("#games-list .game-row")).to_contain_text("1 move")


def test_two_tabs_editing_different_games_lose_nothing(new_context, site_url):
    context = new_context()
    one = open_site(context, site_url, LOA)
    two = open_site(context, site_url, "#v1/escabel/standard/size=5,pie=on/")
    play(one, "d1", "b3")
    cell(two, "c3").click()
    wait_idle(two)
    play(one, "h2", "f4")
    cell(two, "b2").click()
    wait_idle(two)
    saved(one)
    saved(two)
    open_games(one)
    expect(one.locator("#games-list .game-row")).to_have_count(2)
    expect(one.locator("#games-list .game-row", has_text="Lines of Action")).to_contain_text("2 moves")
    expect(one.locator("#games-list .game-row", has_text="Escabel")).to_contain_text("2 moves")
    one.click("#games-close")
    # a change made in one tab shows in the other's list
    open_games(two)
    expect(two.locator("#games-list .game-row", has_text="Lines of Action")).to_contain_text("2 moves")
    play(one, "b3", "e3")
    expect(two.locator("#games-list .game-row", has_text="Lines of Action")).to_contain_text("3 moves")
    two.click("#games-close")
    one.click("#prev")
    wait_idle(one)
    # the same game in two tabs: moves of both are kept (a variation, nothing overwritten)
    three = open_site(context, site_url, "#v1/escabel/standard/size=5,pie=on/")
    open_games(three)
    three.locator("#games-list .game-row", has_text="Lines of Action").locator('[data-act="open"]').click()
    wait_idle(three)
    three.locator('#moves .mv[data-ply="2"]').first.click()
    wait_idle(three)
    play(three, "g1", "g3")
    play(one, "c1", "c3")
    saved(three)
    saved(one)
    one.wait_for_function("document.querySelectorAll('#moves .mv').length === 5")
    moves = one.eval_on_selector_all("#moves .mv", "els => els.map(e => e.textContent)")
    assert sorted(moves) == sorted(["d1-b3", "h2-f4", "b3-e3", "g1-g3", "c1-c3"])


def test_a_broken_link_and_a_damaged_entry_leave_a_working_page(new_context, site_url, guard_of):
    context = new_context()
    page = open_site(context, site_url)
    play(page, "d1", "b3")
    saved(page)
    # a damaged entry: a game this version does not know
    page.evaluate("""() => new Promise((ok, fail) => {
        const req = indexedDB.open('gamut');
        req.onsuccess = () => {
            const tx = req.result.transaction('games', 'readwrite');
            tx.objectStore('games').put({id: 'zzz', v: 1, updated: Date.now() + 1000,
                game: {start: 'chess standard - start', meta: {game: 'chess', variant: 'standard', options: {}},
                       players: [], tree: {v: 1, nodes: []}, viewed: [], head: [], tip: []}});
            tx.oncomplete = ok; tx.onerror = fail;
        };
    })""")
    page.evaluate("() => localStorage.setItem('gamut.current-id', 'zzz')")
    page.evaluate("() => sessionStorage.setItem('gamut.current-id', 'zzz')")
    page.reload()
    wait_engine_ready(page)
    wait_idle(page)
    expect(page.locator("#notice")).to_contain_text("could not be opened")
    expect(page.locator("#notice")).to_contain_text("chess")
    page.click("#notice-close")
    play(page, "b1", "d3")  # the page works
    open_games(page)
    damaged = page.locator("#games-list .game-row.damaged")
    expect(damaged).to_have_count(1)
    expect(damaged).to_contain_text("does not know")
    # (the link in the address bar was the stored game's: b1-d3 went into it)
    expect(page.locator("#games-list .game-row:not(.damaged)")).to_have_count(1)
    with page.expect_download() as download:
        damaged.locator('[data-act="export-raw"]').click()
    assert json.loads(Path(download.value.path()).read_text(encoding="utf-8"))["id"] == "zzz"
    damaged.locator('[data-act="delete"]').click()
    expect(page.locator("#games-list .game-row.damaged")).to_have_count(0)
    page.click("#games-close")
    # a broken link: says what is wrong, changes nothing
    before = page.eval_on_selector_all("#moves .mv", "els => els.map(e => e.textContent)")
    page.evaluate("() => { location.hash = '#v1/loa/standard/-/b1-d3,zz'; }")
    expect(page.locator("#notice")).to_contain_text("could not be opened")
    wait_idle(page)
    assert page.eval_on_selector_all("#moves .mv", "els => els.map(e => e.textContent)") == before
    open_games(page)
    expect(page.locator("#games-list .game-row")).to_have_count(1)


def test_play_by_link_continues_the_same_game_on_both_sides(new_context, site_url):
    me = open_site(new_context(), site_url, LOA)
    me.select_option('#players select.seat-kind[data-seat="1"]', "r")  # White: a friend far away
    play(me, "d1", "b3")
    # White plays far away: the board waits and the page offers the link
    expect(me.locator("#send")).to_be_visible()
    expect(me.locator("#board")).to_have_attribute("aria-disabled", "true")
    href = me.evaluate("location.href")
    assert href.endswith("d1-b3/players=h,r")

    friend = open_site(new_context(), site_url, href[href.index("#") :])
    expect(friend.locator("#moves .mv")).to_have_text(["d1-b3"])
    expect(friend.locator('#players select.seat-kind[data-seat="1"]')).to_have_value("h")
    expect(friend.locator('#players select.seat-kind[data-seat="0"]')).to_have_value("r")
    play(friend, "h2", "f4")
    expect(friend.locator("#send")).to_be_visible()
    back = friend.evaluate("location.hash")
    assert back.endswith("d1-b3,h2-f4/players=r,h")
    saved(friend)

    # the reply opened on my side continues my game: one entry, both moves
    me.evaluate("f => { location.hash = f; }", back)
    me.wait_for_function("document.querySelectorAll('#moves .mv').length === 2")
    wait_idle(me)
    expect(me.locator("#send")).to_be_hidden()
    expect(me.locator("#board")).to_have_attribute("aria-disabled", "false")
    play(me, "b3", "e3")
    saved(me)
    open_games(me)
    expect(me.locator("#games-list .game-row")).to_have_count(1)
    expect(me.locator("#games-list .game-row")).to_contain_text("3 moves")
    me.click("#games-close")
    # and the friend's next link continues theirs
    friend.evaluate("f => { location.hash = f; }", me.evaluate("location.hash"))
    friend.wait_for_function("document.querySelectorAll('#moves .mv').length === 3")
    open_games(friend)
    expect(friend.locator("#games-list .game-row")).to_have_count(1)
    # an older link opens the stored game at that position and says so; nothing is lost
    friend.click("#games-close")
    friend.evaluate("f => { location.hash = f; }", LOA + "d1-b3/players=r,h")
    expect(friend.locator("#explain")).to_contain_text("earlier position of a game in your library")
    wait_idle(friend)
    expect(friend.locator("#moves .mv")).to_have_text(["d1-b3"])
    saved(friend)
    open_games(friend)
    expect(friend.locator("#games-list .game-row")).to_have_count(2)
    expect(friend.locator("#games-list .game-row", has_text="3 moves")).to_have_count(1)


def test_export_a_game_with_a_variation_and_import_it_elsewhere(new_context, site_url, tmp_path):
    page = open_site(new_context(accept_downloads=True), site_url, LOA)
    play(page, "d1", "b3")
    play(page, "h2", "f4")
    page.click("#prev")
    play(page, "a2", "c2")  # 1... a2-c2 beside 1... h2-f4
    saved(page)
    open_games(page)
    page.click("#games-dialog .records summary")
    with page.expect_download() as download:
        page.click("#export-current")
    text = Path(download.value.path()).read_text(encoding="utf-8")
    assert '[Game "loa"]' in text and "d1-b3" in text and "(1... a2-c2)" in text.replace("  ", " ")
    expect(page.locator("#export-text")).to_have_value(text)
    path = tmp_path / "game.txt"
    path.write_text(text)

    other = open_site(new_context(), site_url)
    open_games(other)
    other.click("#games-dialog .records summary")
    other.set_input_files("#import-file", str(path))
    expect(other.locator("#import-summary")).to_have_text("Imported 1 game.")
    row = other.locator("#games-list .game-row", has_text="2 moves")
    expect(row).to_have_count(1)
    row.locator('[data-act="open"]').click()
    wait_idle(other)
    expect(other.locator("#moves .row .mv")).to_have_text(["d1-b3", "h2-f4"])
    expect(other.locator("#moves .mv.var")).to_have_text(["a2-c2"])

    # a file of one good and one broken game: the good one comes in, the other is explained
    open_games(other)
    broken = text.replace("h2-f4", "h2-h9", 1)
    other.fill("#import-text", text + "\n\n" + broken)
    other.click("#import-paste")
    expect(other.locator("#import-summary")).to_contain_text("Imported 1 game; 1 could not be imported")
    expect(other.locator("#import-summary")).to_contain_text(
        re.compile(r"pasted text:\d+:\d+: game 2: .*h2-h9")
    )
    # (the two imported; the fresh visit's empty game is not saved before its first move, #28)
    expect(other.locator("#games-list .game-row")).to_have_count(2)


def test_without_storage_play_goes_on_and_says_so_once(new_context, site_url, guard_of):
    context = new_context()
    context.add_init_script(
        "Object.defineProperty(window, 'indexedDB', {get() { throw new DOMException('refused', 'SecurityError'); }})"
    )
    page = open_site(context, site_url, LOA)
    play(page, "d1", "b3")
    expect(page.locator("#notice")).to_contain_text("Games cannot be saved here")
    page.click("#notice-close")
    play(page, "h2", "f4")
    saved(page)  # (the second save was tried, and failed, by then)
    expect(page.locator("#notice")).to_be_hidden()  # said once
    expect(page.locator("#moves .mv")).to_have_text(["d1-b3", "h2-f4"])
    open_games(page)
    expect(page.locator("#games-list")).to_contain_text("cannot be read here")


def test_records_dropped_on_the_page_are_imported(new_context, site_url):
    page = open_site(new_context(), site_url)
    record = '[Game "loa"]\n[Variant "standard"]\n[Options "double-connection=mover"]\n\n1. d1-b3 h2-f4 *\n'
    page.evaluate(
        """text => {
        const data = new DataTransfer();
        data.items.add(new File([text], 'dropped.txt', {type: 'text/plain'}));
        document.dispatchEvent(new DragEvent('dragover', {dataTransfer: data, bubbles: true, cancelable: true}));
        document.dispatchEvent(new DragEvent('drop', {dataTransfer: data, bubbles: true, cancelable: true}));
    }""",
        record,
    )
    expect(page.locator("#games-dialog")).to_be_visible()
    expect(page.locator("#import-summary")).to_have_text("Imported 1 game.")
    expect(page.locator("#games-list .game-row", has_text="2 moves")).to_have_count(1)


def test_a_link_that_changes_a_move_opens_as_a_separate_game_and_says_so(new_context, site_url):
    page = open_site(new_context(), site_url, LOA)
    play(page, "d1", "b3")
    play(page, "h2", "f4")
    page.click("#prev")
    wait_idle(page)
    page.locator('#game-picker .pick[data-game="el"]').click()  # away from it
    wait_idle(page)
    page.evaluate("f => { location.hash = f; }", LOA + "d1-b3,a2-c2")
    expect(page.locator("#explain")).to_contain_text("differ from a game in your library from move 2")
    wait_idle(page)
    expect(page.locator("#moves .mv")).to_have_text(["d1-b3", "a2-c2"])
    saved(page)
    open_games(page)
    expect(page.locator("#games-list .game-row", has_text="Lines of Action")).to_have_count(2)


def test_the_local_save_of_earlier_versions_moves_into_the_library(new_context, site_url):
    context = new_context()
    context.add_init_script("""try {
        if (location.protocol === 'http:' && !sessionStorage.getItem('seeded')) {
            sessionStorage.setItem('seeded', '1');
            localStorage.setItem('gamut.current', JSON.stringify({v: 1, start: 'loa standard double-connection=mover start',
                moves: ['d1-b3', 'h2-f4'], ply: 2, redo: ['b3-e3'], players: ['h', 'c:casual']}));
        }
    } catch (e) { /* frames without storage */ }""")
    page = open_site(context, site_url)
    expect(page.locator("#moves .mv")).to_have_text(["d1-b3", "h2-f4", "b3-e3"])  # the undone move too
    expect(page.locator("#moves .mv.current")).to_have_text("h2-f4")
    expect(page.locator('#players select.seat-kind[data-seat="1"]')).to_have_value("c:casual")
    assert page.evaluate("localStorage.getItem('gamut.current')") is None
    saved(page)
    open_games(page)
    expect(page.locator("#games-list .game-row")).to_have_count(1)


def test_export_a_selection_of_the_library(new_context, site_url):
    page = open_site(new_context(accept_downloads=True), site_url, LOA)
    two_games(page)
    open_games(page)
    for box in page.locator("#games-list .game-row input[type=checkbox]").all():
        box.check()
    page.click("#games-dialog .records summary")
    with page.expect_download() as download:
        page.click("#games-export")
    text = Path(download.value.path()).read_text(encoding="utf-8")
    assert text.count("[Game ") == 2 and '"escabel"' in text and '"loa"' in text


def test_a_deleted_variation_stays_deleted_after_saves_a_reload_and_in_another_tab(new_context, site_url):
    """A deletion is kept: the library's save, which merges the stored tree
    into the game, does not bring the deleted moves back (nor does a reload),
    and a second tab showing the game loses them too."""
    context = new_context()
    one = open_site(context, site_url, LOA)
    play(one, "d1", "b3")
    play(one, "h2", "f4")
    one.click("#prev")
    wait_idle(one)
    play(one, "a2", "c2")  # a variation: 1... a2-c2 beside 1... h2-f4
    expect(one.locator("#moves .mv.var")).to_have_text(["a2-c2"])
    saved(one)  # stored with the variation
    two = open_site(context, site_url)  # the same game in a second tab
    expect(two.locator("#moves .mv.var")).to_have_text(["a2-c2"])
    one.click("#delete-move")
    expect(one.locator("#moves .mv")).to_have_text(["d1-b3", "h2-f4"])
    saved(one)
    saved(one)  # (a save merged the stored tree back in: the bug)
    expect(one.locator("#moves .mv")).to_have_text(["d1-b3", "h2-f4"])
    expect(two.locator("#moves .mv")).to_have_text(["d1-b3", "h2-f4"])
    two.close()
    one.reload()
    wait_engine_ready(one)
    wait_idle(one)
    expect(one.locator("#moves .mv")).to_have_text(["d1-b3", "h2-f4"])
    # the game goes on where the deletion left it (after 1. d1-b3); the move
    # can be played again, and a save keeps it
    assert one.evaluate("document.documentElement.dataset.ply") == "1"
    play(one, "a2", "c2")
    expect(one.locator("#moves .mv.var")).to_have_text(["a2-c2"])
    saved(one)
    expect(one.locator("#moves .mv.var")).to_have_text(["a2-c2"])
    stored = library_entries(one)[0]["game"]
    assert [1, "a2-c2"] in stored["tree"]["nodes"]
    assert [[line, live] for line, _, live in stored["deleted"]] == [[["d1-b3", "a2-c2"], False]]
