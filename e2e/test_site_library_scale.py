"""The library at scale (issue #27): a whole archive imported and listed
without stopping the page.

N short games are imported from one file (20,000 in the soak run,
``python3 build.py test --soak``; 2,000 in every run, enough for a task
that grows with the library to pass 100 ms) (the engine reads them in
slices, with progress); no main-thread task may run over 100 ms during the
import, nor from the moment it ends while the list is read, searched,
scrolled and walked with the keyboard.

A task is measured by the main thread's CPU time in Chromium's trace
(RunTask's thread duration), from the import's start to the list's last
drawing, and also by the long-task observer's wall-clock time when the
machine is not loaded (its load average under its cores): on this 2-core
machine shared with other work (a load of 8 to 15), the observer saw tasks
of 4 ms of CPU last 450 ms of wall-clock time, descheduled, while no task
took over 20 ms of CPU.  Both figures are printed.

After a reload, a library of N games (seeded straight into IndexedDB:
5,000, 20,000 in the soak run) lists its newest rows first, before the rest
is read (#47: 20,000 games took 9-14 s to show a row), with no task over
the budget while the rest comes in.

The list draws only the rows on screen.  A link of one of the N games
then opens into it reading a few full entries, not every one (the games'
line summaries say where it is), and a link of no stored game opens as a
new one.  An import can be cancelled, keeping what it imported; the games a
filter shows can be deleted at once, and nothing else is lost.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from conftest import SOAK, wait_engine_ready
from pagekit import (
    LONG_TASK_MS,
    assert_task_budget,
    library_entries,
    module_url,
    open_hash,
    open_site,
    play,
    saved,
    traced,
    wait_idle,
)
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from bench_library import FIRST_ROW  # (when Your games is asked for, and its first row comes)

N = 20_000 if SOAK else 2_000  # the games of the large import


def records(n: int, bad: int | None = None) -> str:
    """``n`` short Lines of Action games named "Imported 00000" ...; game
    ``bad`` (from 0) has an illegal move.  Game ``i`` starts at line 7 i + 1."""
    out = []
    for i in range(n):
        moves = "1. d1-b3 h5-h5" if i == bad else "1. d1-b3 h5-g4"
        out.append(
            f'[Game "loa"]\n[Name "Imported {i:05d}"]\n[Date "2025-03-14"]\n[Result "*"]\n\n{moves} *\n'
        )
    return "\n".join(out)


# Counts the full library entries the page reads (store "games": each get, each getAll's records).
COUNT_ENTRY_READS = """
(() => {
  window.__entriesRead = 0;
  const counted = (fn, n) => function (...args) {
    const req = fn.apply(this, args);
    if (this.name === "games") req.addEventListener("success", () => { window.__entriesRead += n(req.result); });
    return req;
  };
  IDBObjectStore.prototype.get = counted(IDBObjectStore.prototype.get, r => (r ? 1 : 0));
  IDBObjectStore.prototype.getAll = counted(IDBObjectStore.prototype.getAll, r => r.length);
})();
"""


def entry_name(page, entry_id: str):
    """The name of the library entry ``entry_id`` (None when there is none)."""
    return page.evaluate(
        """id => new Promise((ok, fail) => {
            const req = indexedDB.open('gamut');
            req.onerror = () => fail(req.error);
            req.onsuccess = () => {
                const q = req.result.transaction('games').objectStore('games').get(id);
                q.onsuccess = () => { req.result.close(); ok(q.result ? q.result.name : null); };
            };
        })""",
        entry_id,
    )


def current_id(page) -> str:
    return page.evaluate("() => sessionStorage.getItem('gamut.current-id')")


def watch_long_tasks(page) -> None:
    page.evaluate("""() => {
        window.__longTasks = [];
        new PerformanceObserver(list => {
            for (const e of list.getEntries()) window.__longTasks.push({start: e.startTime, ms: e.duration});
        }).observe({type: "longtask"});
    }""")


def long_tasks_since(page, since: float) -> list:
    return page.evaluate("s => window.__longTasks.filter(t => t.start + t.ms > s)", since)


def import_file(page, tmp_path, name: str, text: str) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    page.set_input_files("#import-file", str(path))


def count_is(page, text: str, timeout: float = 120_000) -> None:
    expect(page.locator("#games-count")).to_have_text(text, timeout=timeout)


def test_a_large_import_listed_and_searched_with_no_long_task(new_context, site_url, tmp_path):
    context = new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(COUNT_ENTRY_READS)
    page = open_site(context, site_url)
    watch_long_tasks(page)
    # (the player's click that chose the file: the page's first gesture; its sound is made when the page is next idle)
    page.keyboard.press("Shift")
    page.evaluate("() => new Promise(done => requestIdleCallback(() => done(), {timeout: 2000}))")
    started = page.evaluate("performance.now()")
    trace = tmp_path / "import-trace.json"
    with traced(page, trace) as longest:
        import_file(page, tmp_path, "archive.txt", records(N))
        # the import shows its progress, and can be cancelled
        expect(page.locator("#import-bar")).to_be_visible()
        expect(page.locator("#import-cancel")).to_be_visible()
        expect(page.locator("#import-summary")).to_have_text(f"Imported {N:,} games.", timeout=600_000)
        ended = page.evaluate("performance.now()")
        expect(page.locator("#import-running")).to_have_count(0)
        during = [t for t in long_tasks_since(page, started) if t["start"] < ended]
        print(
            f"the long-task observer during the import: longest {max([t['ms'] for t in during], default=0):.0f} ms"
            f" of wall-clock time ({len(during)} over 50 ms)"
        )

        count_is(page, f"{N:,} games")
        # virtualised: a screenful of rows is drawn, and the list says how long it is
        drawn = page.locator("#games-list li.game-row")
        assert 0 < drawn.count() <= 40, drawn.count()
        expect(drawn.first).to_have_attribute("aria-setsize", str(N))
        expect(drawn.first.locator(".game-title")).to_have_text(
            f"Imported {N - 1:05d}"
        )  # (newest first: the file's last)
        expect(page.locator("#games-storage")).to_contain_text("Your games take about")

        # a search finds the one game among them
        page.fill("#games-search", "imported 01234")
        count_is(page, f"1 of {N:,} games", timeout=10_000)
        expect(drawn).to_have_count(1)
        expect(drawn.locator(".game-title")).to_have_text("Imported 01234")
        page.fill("#games-search", "")
        count_is(page, f"{N:,} games", timeout=10_000)

        # scrolled to the end: the last rows are drawn, still only a screenful
        page.evaluate(
            "() => { const d = document.getElementById('games-dialog'); d.scrollTop = d.scrollHeight; }"
        )
        expect(page.locator(f'#games-list li.game-row[aria-posinset="{N}"]')).to_be_visible(timeout=10_000)
        assert drawn.count() <= 40, drawn.count()

        # the keyboard walks the rows; the focused row stays drawn when scrolled away
        at = int(drawn.first.get_attribute("aria-posinset"))
        assert at > N - 100, at
        drawn.first.locator('[data-act="open"]').focus()
        page.keyboard.press("ArrowDown")
        where = "document.activeElement.closest('li') && document.activeElement.closest('li').getAttribute('aria-posinset')"
        assert page.evaluate(where) == str(at + 1)
        assert page.evaluate("document.activeElement.dataset.act") == "open"
        page.evaluate("() => { document.getElementById('games-dialog').scrollTop = 0; }")
        expect(page.locator('#games-list li.game-row[aria-posinset="1"]')).to_be_visible(timeout=10_000)
        assert page.evaluate(where) == str(at + 1)
        assert drawn.count() <= 41

        # the last drawings come in: every row drawn has its game's drawing
        expect(page.locator("#games-list li.game-row svg.thumb:not(.drawn)")).to_have_count(0, timeout=10_000)
        slow = long_tasks_since(page, ended)
    print(
        f"the longest main-thread tasks of the import and the list (CPU ms, wall ms):"
        f" {[(round(c), round(w)) for c, w in longest]}; the long-task observer after the import:"
        f" longest {max([t['ms'] for t in slow], default=0):.0f} ms of wall-clock time"
    )
    assert_task_budget(longest, "the import and the list", show=False)
    if os.getloadavg()[0] < (
        os.cpu_count() or 1
    ):  # (a machine this test has to itself: wall-clock time is the task's)
        assert not [t for t in during if t["ms"] > LONG_TASK_MS], (
            f"tasks over {LONG_TASK_MS} ms during the import: {during}"
        )
        assert not [t for t in slow if t["ms"] > LONG_TASK_MS], (
            f"tasks over {LONG_TASK_MS} ms after the import: {slow}"
        )

    # a link of one of the N games opens into it (the newest of those
    # with its line), reading the games' summaries and a few entries, not all
    page.keyboard.press("Escape")
    # (away from the empty game on screen first: every link of its start would go on from it)
    read = page.evaluate("window.__entriesRead")
    page.locator('#game-picker .pick[data-game="el"]').click()
    page.wait_for_function("() => location.hash.startsWith('#v1/el/')")
    wait_idle(page)
    reads = page.evaluate("window.__entriesRead") - read
    print(f"another game's tab opened reading {reads} full entries")
    assert reads <= 5, reads
    read = page.evaluate("window.__entriesRead")
    t0 = time.perf_counter()
    open_hash(page, "#v1/loa/standard/-/d1-b3,h5-g4")
    took = time.perf_counter() - t0
    expect(page.locator("#moves .mv")).to_have_text(["d1-b3", "h5-g4"])
    reads = page.evaluate("window.__entriesRead") - read
    print(f"a link of one of {N:,} games opened in {took:.2f} s, reading {reads} full entries")
    assert entry_name(page, current_id(page)) == f"Imported {N - 1:05d}"
    assert reads <= 5, reads
    assert took < 10, took
    # a link of no stored game opens as a new game
    read = page.evaluate("window.__entriesRead")
    t0 = time.perf_counter()
    open_hash(page, "#v1/loa/standard/-/b1-d3")
    took = time.perf_counter() - t0
    expect(page.locator("#moves .mv")).to_have_text(["b1-d3"])
    reads = page.evaluate("window.__entriesRead") - read
    print(f"a link of no stored game opened as a new one in {took:.2f} s, reading {reads} full entries")
    assert reads <= 5, reads
    saved(page)
    assert entry_name(page, current_id(page)) == ""
    assert (
        page.evaluate("""() => new Promise(ok => {
        const req = indexedDB.open('gamut');
        req.onsuccess = () => { const q = req.result.transaction('games').objectStore('games').count();
                                q.onsuccess = () => { req.result.close(); ok(q.result); }; };
    })""")
        == N + 1
    )


def test_an_import_can_be_cancelled_and_the_games_shown_deleted_leaving_the_others(
    new_context, site_url, tmp_path
):
    page = open_site(new_context(), site_url)
    play(page, "d1", "b3")  # a game of the player's own, on screen and kept
    saved(page)
    own = library_entries(page)
    assert len(own) == 1

    # a bad game in the second slice: its line and number are the whole file's
    import_file(page, tmp_path, "some.txt", records(300, bad=150))
    expect(page.locator("#import-summary")).to_contain_text(
        "Imported 299 games; 1 could not be imported:", timeout=120_000
    )
    expect(page.locator("#import-summary")).to_contain_text("some.txt:1056:")
    expect(page.locator("#import-summary")).to_contain_text("game 151:")
    count_is(page, "300 games")

    # cancelled part way: what was imported stays, and is said
    import_file(page, tmp_path, "many.txt", records(5_000))
    expect(page.locator("#import-summary")).to_contain_text("Importing…", timeout=30_000)
    page.wait_for_function(
        "() => /[1-9]\\d* games? so far/.test(document.getElementById('import-summary').textContent)"
    )
    page.click("#import-cancel")
    expect(page.locator("#import-summary")).to_contain_text("Import cancelled:", timeout=60_000)
    summary = page.locator("#import-summary").text_content()
    kept = int(summary.split("Import cancelled: ")[1].split(" ")[0])
    assert 0 < kept < 5_000, summary
    wait_idle(page)
    assert len(library_entries(page)) == 300 + kept

    # the games the filter shows are deleted, asked once; the others stay
    page.fill("#games-search", "imported")
    count_is(page, f"{299 + kept:,} of {300 + kept:,} games", timeout=10_000)
    page.click("#games-delete-shown")
    expect(page.locator("#games-delete-ask")).to_contain_text(f"Delete the {299 + kept:,} games shown")
    page.click("#games-delete-yes")
    count_is(page, "0 of 1 games", timeout=60_000)
    left = library_entries(page)
    assert [e["id"] for e in left] == [own[0]["id"]]


SEEDED = 20_000 if SOAK else 5_000  # (the games seeded for the list after a reload)

# N copies of the library's one entry (the game on screen), older than it, with their summaries
SEED_JS = """async ([n, summaries]) => {
  const { summaryOf } = await import(summaries);
  const db = await new Promise((ok, fail) => {
    const q = indexedDB.open("gamut");
    q.onsuccess = () => ok(q.result);
    q.onerror = () => fail(q.error);
  });
  const [template] = await new Promise(ok => {
    const q = db.transaction("games").objectStore("games").getAll();
    q.onsuccess = () => ok(q.result);
  });
  await new Promise((ok, fail) => {
    const tx = db.transaction(["games", "lines"], "readwrite");
    for (let i = 0; i < n; i++) {
      const at = template.updated - (n - i) * 60000;
      const entry = {...template, id: `seeded${String(i).padStart(6, "0")}`,
                     name: `Seeded ${String(i).padStart(5, "0")}`, created: at, updated: at};
      tx.objectStore("games").put(entry);
      tx.objectStore("lines").put(summaryOf(entry, null));
    }
    tx.oncomplete = () => ok();
    tx.onerror = () => fail(tx.error);
  });
  db.close();
}"""


def test_after_a_reload_the_newest_games_are_listed_before_the_whole_library_is_read(
    new_context, site_url, tmp_path
):
    context = new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(COUNT_ENTRY_READS)
    context.add_init_script(FIRST_ROW)
    page = open_site(context, site_url, "#v1/loa/standard/-/")
    play(page, "d1", "b3")
    saved(page)
    page.evaluate(SEED_JS, [SEEDED, module_url(page, "library/summaries.js")])
    page.reload()
    wait_engine_ready(page)
    wait_idle(page)
    trace = tmp_path / "list-trace.json"
    with traced(page, trace) as longest:
        page.click("#open-games")
        rows = page.locator("#games-list li.game-row")
        expect(rows.first).to_be_visible()
        count_is(page, f"{SEEDED + 1:,} games", timeout=120_000)
        read_all = page.evaluate("performance.now() - window.__asked")
    first = page.evaluate("window.__firstRow")
    print(
        f"{SEEDED + 1:,} games after a reload: the first rows in {first['at']:.0f} ms"
        f" ({first['read']} entries read), all in {read_all / 1000:.1f} s;"
        f" the longest main-thread tasks (CPU ms, wall ms) {[(round(c), round(w)) for c, w in longest[:3]]}"
    )
    # the newest first, listed while the rest is still being read
    assert first["read"] < SEEDED // 10, first
    expect(rows.first).to_have_attribute("aria-posinset", "1")
    expect(page.locator('#games-list li.game-row[aria-posinset="2"] .game-title')).to_have_text(
        f"Seeded {SEEDED - 1:05d}"
    )
    assert_task_budget(longest, "the list after a reload", show=False)
    if os.getloadavg()[0] < (os.cpu_count() or 1):  # (a machine this test has to itself)
        assert first["at"] <= 1000, first
