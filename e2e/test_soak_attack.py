"""The attack of #47 as a soak run: its five campaigns, repeatable.

An attack on the site opened hostile links, imported hostile record files,
opened the site's pages over corrupted stores, made its storage fail, and
moved its clocks.  The defects it found are fixed, each with its own test;
these are the campaigns themselves, from a fixed seed (the inputs:
``attack_inputs.py``), at their full size in the soak run (``GAMUT_SOAK=1``,
``python3 build.py test --soak``) and as a small sample in every run.

Each input is fed to the page as a player would (the address bar, the
import's file chooser, stores written then the page opened, storage that
fails, the clock moved).  After each: no script ran (the payloads set
``window.__pwned``), the page answers (the engine ready, the board drawn),
an input it refuses is said in words that say why, and nothing on the page
reads as a bug ("Something went wrong", "TypeError", "undefined", "NaN",
"Invalid Date", ...: ``attack_inputs.RAW_TEXT``); at the end nothing stored
before was lost.  Console errors fail the test through the guard.

Each campaign measures the longest task of the page's main thread by CPU
time, from a Chromium trace (``pagekit.traced``), and
prints ``soak <campaign>: <n> inputs, longest main-thread task <cpu> ms CPU
(<wall> ms wall)`` (``pytest -s`` shows it).
"""

from __future__ import annotations

import contextlib
import re
import urllib.parse
from urllib.parse import urlsplit

from attack_inputs import (
    PAGES,
    clock_jumps,
    hostile_links,
    hostile_records,
    hostile_stores,
    raw_words,
)
from conftest import BLANK_PAGE, SOAK, wait_engine_ready
from pagekit import (
    assert_budget_twice_over,
    assert_task_budget,
    cell,
    few_moves,
    library_entries,
    play,
    saved,
    traced,
    wait_idle,
)
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

LOA = "#v1/loa/standard/double-connection=mover/"

LINKS = 142 if SOAK else 12
RECORDS = 20 if SOAK else 6
# The corruptions (attack_inputs.hostile_stores) and the pages opened over each: in the soak
# run every one on the six pages; in every run four, each on the page it matters most to
# (an entry of wrong types and an unsaved copy of junk on the game page, a progress result
# at 1e300 on the progress page, puzzles of junk on the puzzles page)
STORES = 16
STORE_RUNS = None if SOAK else [(0, ""), (4, "#progress"), (10, "#puzzles/loa"), (12, "#progress")]
FAULT_PAGES = [LOA, "#puzzles/loa", "#progress", "#learn/loa"] if SOAK else [LOA]
# (every run: two kinds on the game page, a page load of 3-5 s each here)
FAULT_KINDS = ["silent", "throws", "slow", "full"] if SOAK else ["silent", "full"]
JUMPS = 12 if SOAK else 3
RELOAD_EVERY = 10  # (a link in ten is opened by loading the page at it)


# -- what every campaign checks -------------------------------------------------------

STATE = """() => ({
    pwned: window.__pwned === undefined ? null : String(window.__pwned),
    engine: document.documentElement.dataset.engine,
    board: !!document.querySelector('#board .hit'),
    // (the text as it stands, not innerText: innerText lays the whole page out, a task of
    // 100-300 ms of the test's own when a 5,000-move list is on it)
    text: document.body.textContent,
})"""


def check_page(page, what: str, given: str = "") -> str:
    """The page after an input: no script ran, it answers, and none of its
    words reads as a bug (but those the input ``given`` holds itself).  Its text."""
    state = page.evaluate(STATE)
    assert state["pwned"] is None, f"a script ran from {what}"
    assert state["engine"] == "ready" and state["board"], (
        f"the page stopped after {what}: engine {state['engine']}, board drawn: {state['board']}"
    )
    raw = raw_words(state["text"], given)
    assert not raw, f"after {what} the page shows {raw}: {excerpt(state['text'], raw)}"
    return state["text"]


def excerpt(text: str, words: list[str]) -> str:
    at = min((m.start() for w in words for m in re.finditer(re.escape(w), text)), default=0)
    return repr(text[max(0, at - 200) : at + 200])


def close_notice(page) -> None:
    if page.locator("#notice").is_visible():
        page.click("#notice-close")
        expect(page.locator("#notice")).to_be_hidden()


def report(campaign: str, inputs: int, longest: list[tuple[float, float]]) -> None:
    cpu, wall = longest[0] if longest else (0.0, 0.0)
    print(
        f"\nsoak {campaign}: {inputs} inputs, longest main-thread task {cpu:.0f} ms CPU ({wall:.0f} ms wall)"
    )
    assert_task_budget(longest, f"soak {campaign}", show=False)


def stored_nodes(page) -> dict:
    """Each stored game's number of moves (its tree's nodes)."""
    out = {}
    for e in library_entries(page):
        with contextlib.suppress(TypeError, KeyError):
            out[e["id"]] = len(e["game"]["tree"]["nodes"])
    return out


def assert_kept(before: dict, after: dict) -> None:
    for gid, nodes in before.items():
        assert after.get(gid, 0) >= nodes, f"game {gid} lost moves: {nodes} -> {after.get(gid)}"


def own_game(page) -> dict:
    """A game of the player's own, stored: {id: moves}."""
    play(page, "d1", "b3")
    play(page, "h5", "g4")
    saved(page)
    before = stored_nodes(page)
    assert before and max(before.values()) >= 2
    return before


def origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def open_at(page, url: str) -> None:
    page.goto(url)
    wait_engine_ready(page)
    wait_idle(page)


# -- 1. hostile links ------------------------------------------------------------------


# Counts the page's hashchange events (its listener runs before the page's, in the same dispatch).
HASHCHANGES = (
    "addEventListener('hashchange', () => { window.__hashchanges = (window.__hashchanges || 0) + 1; });"
)


def open_link(page, url: str, reload: bool = False) -> None:
    """Open ``url`` as from the address bar: a link of the page open goes to
    it as its fragment (no reload: the page's hashchange), else it is loaded."""
    if reload:
        page.goto("about:blank")
        open_at(page, url)
        return
    before = page.evaluate("[location.hash, window.__hashchanges || 0]")
    page.goto(url)  # (the same document: only the fragment changes)
    if page.evaluate("location.hash") != before[0]:  # (its hashchange, queued or run: the page's ran with it)
        page.wait_for_function("n => (window.__hashchanges || 0) > n", arg=before[1], timeout=30_000)
    page.wait_for_function("() => document.documentElement.dataset.busy === 'no'", timeout=30_000)


def test_hostile_links(new_context, site_url, tmp_path):
    links = hostile_links(LINKS)
    page = new_context().new_page()
    page.add_init_script(HASHCHANGES)
    open_at(page, site_url + LOA)
    before = own_game(page)

    def campaign() -> None:  # (it can run again: a link opened twice is refused or opened alike)
        for n, link in enumerate(links):
            close_notice(page)
            what = f"link {n} ({link.what}): {link.data[:120]!r}"
            open_link(page, site_url + link.data, reload=n % RELOAD_EVERY == RELOAD_EVERY - 1)
            if link.expect:
                notice = page.locator("#notice")
                expect(notice, what).to_contain_text("could not be opened")
                expect(notice, what).to_contain_text(link.expect)
            check_page(page, what, urllib.parse.unquote(link.data))

    assert_budget_twice_over(page, tmp_path, "links-trace", campaign, "soak hostile links")
    print(f"\nsoak hostile links: {len(links)} inputs")

    assert_kept(before, stored_nodes(page))
    # and the page still plays
    close_notice(page)
    open_at(page, site_url + "#v1/loa/standard/double-connection=mover/b1-d3")
    expect(page.locator("#moves .mv")).to_have_count(1)
    play(page, "h2", "f4")
    expect(page.locator("#moves .mv")).to_have_count(2)


# -- 2. hostile record files ------------------------------------------------------------

IMPORT_DONE = """() => {
    const said = document.getElementById('import-summary').textContent;
    return said !== '' && !said.startsWith('Importing') && !document.getElementById('import-running');
}"""


def test_hostile_records(new_context, site_url, tmp_path):
    files = hostile_records(RECORDS)
    page = new_context().new_page()
    open_at(page, site_url + LOA)
    before = own_game(page)
    with traced(page, tmp_path / "records-trace.json") as longest:
        for n, record in enumerate(files):
            what = f"record {n} ({record.what}, {record.name}, {len(record.data):,} bytes)"
            path = tmp_path / record.name
            path.write_bytes(record.data)
            page.evaluate("() => { document.getElementById('import-summary').textContent = ''; }")
            page.set_input_files("#import-file", str(path))  # (the file chooser's answer)
            page.wait_for_function(IMPORT_DONE, timeout=120_000)
            wait_idle(page)
            summary = page.locator("#import-summary").text_content()
            if record.expect:
                assert record.expect in summary, f"{what}: the import said {summary[:500]!r}"
            given = record.data.decode("latin-1")
            raw = raw_words(summary, given)
            assert not raw, f"{what}: the import said {raw}: {summary[:500]!r}"
            if record.opens:
                if not page.locator("#games-dialog").is_visible():
                    page.click("#open-games")
                row = page.locator("#games-list .game-row", has_text=record.opens).first
                row.locator('[data-act="open"]').click()
                wait_idle(page)
                if page.locator("#games-dialog").is_visible():
                    page.keyboard.press("Escape")
                # (a predicate, not expect(): while an expect() on the move list waits, Playwright
                # makes the list's accessibility snapshot at each try, a long task of its own)
                page.wait_for_function(
                    "() => { const m = document.getElementById('moves');"
                    " return m.dataset.nodes !== '0' && m.dataset.drawn === 'all'; }"
                )
            check_page(page, what, given)
    report("hostile records", len(files), longest)

    assert_kept(before, stored_nodes(page))


# -- 3. corrupted stores ------------------------------------------------------------------

CORRUPT = """async ({games, lines, puzzles, local, session}) => {
    const open = (name, version, make) => new Promise((ok, fail) => {
        const r = version ? indexedDB.open(name, version) : indexedDB.open(name);
        r.onupgradeneeded = () => make(r.result);
        r.onsuccess = () => ok(r.result);
        r.onerror = () => fail(r.error);
    });
    const put = (db, store, records) => new Promise((ok, fail) => {
        const tx = db.transaction(store, 'readwrite');
        const was = [];
        for (const record of records) {
            const key = record[tx.objectStore(store).keyPath];
            const q = tx.objectStore(store).get(key);
            q.onsuccess = () => { was.push(q.result === undefined ? {key} : {key, value: q.result}); tx.objectStore(store).put(record); };
        }
        tx.oncomplete = () => ok(was);
        tx.onerror = () => fail(tx.error);
    });
    const undo = {games: [], lines: [], puzzles: [], local: {}, session: {}};
    if (games || lines) {
        const db = await open('gamut');
        if (games) undo.games = await put(db, 'games', games);
        if (lines) undo.lines = await put(db, 'lines', lines);
        db.close();
    }
    if (puzzles) {
        const db = await open('gamut');
        undo.puzzles = await put(db, 'puzzles', puzzles);
        db.close();
    }
    for (const [items, kept, was] of [[local, localStorage, undo.local], [session, sessionStorage, undo.session]]) {
        for (const [k, v] of Object.entries(items || {})) {
            was[k] = kept.getItem(k);
            if (v === null) kept.removeItem(k); else kept.setItem(k, v);
        }
    }
    return undo;
}"""

# Puts back what CORRUPT changed; says which of its entries the page removed meanwhile
UNDO = """async (undo) => {
    const open = name => new Promise((ok, fail) => {
        const r = indexedDB.open(name);
        r.onsuccess = () => ok(r.result);
        r.onerror = () => fail(r.error);
    });
    const back = (db, store, was) => new Promise((ok, fail) => {
        const tx = db.transaction(store, 'readwrite');
        const gone = [];
        for (const {key, value} of was) {
            const q = tx.objectStore(store).get(key);
            q.onsuccess = () => {
                if (q.result === undefined) gone.push(key);
                if (value === undefined) tx.objectStore(store).delete(key); else tx.objectStore(store).put(value);
            };
        }
        tx.oncomplete = () => ok(gone);
        tx.onerror = () => fail(tx.error);
    });
    let gone = [];
    if (undo.games.length || undo.lines.length) {
        const db = await open('gamut');
        gone = await back(db, 'games', undo.games);
        await back(db, 'lines', undo.lines);
        db.close();
    }
    if (undo.puzzles.length) {
        const db = await open('gamut');
        await back(db, 'puzzles', undo.puzzles);
        db.close();
    }
    for (const [kept, was] of [[localStorage, undo.local], [sessionStorage, undo.session]]) {
        for (const [k, v] of Object.entries(was)) {
            if (v === null) kept.removeItem(k); else kept.setItem(k, v);
        }
    }
    return gone;
}"""


def test_corrupted_stores(new_context, site_url, tmp_path):
    page = new_context().new_page()
    waiting: dict = {}  # (the requests not answered yet, to say where a page that never starts stood)
    page.on("request", lambda r: waiting.__setitem__(id(r), r.url))
    page.on("requestfinished", lambda r: waiting.pop(id(r), None))
    page.on("requestfailed", lambda r: waiting.pop(id(r), None))
    said: list = []
    page.on("console", lambda m: said.append(f"{m.type}: {m.text[:200]}"))
    page.on("pageerror", lambda e: said.append(f"pageerror: {str(e)[:300]}"))
    open_at(page, site_url + LOA)
    before = own_game(page)
    [own] = library_entries(page)
    corruptions = hostile_stores(STORES, own)
    blank = origin(site_url) + BLANK_PAGE  # (the site's origin, its stores, no page of the site open)
    opened = 0
    undo, what = None, ""

    def put_back() -> None:  # (what the last corruption changed; on the blank page)
        if undo is not None:
            gone = page.evaluate(UNDO, undo)
            assert not gone, f"{what}: the page removed the stored entries {gone}"

    def campaign() -> None:  # (it can run again: each corruption is put back after it)
        nonlocal undo, what, opened
        undo, opened = None, 0
        runs = STORE_RUNS or [(n, target) for n in range(len(corruptions)) for target in PAGES]
        for n, target in runs:
            corruption = corruptions[n]
            page.goto(blank)
            put_back()
            what = f"corruption {n} ({corruption.what}) on {target or 'the game page'!r}"
            undo = page.evaluate(CORRUPT, corruption.data)
            said.clear()
            try:
                open_at(page, site_url + target)
            except PlaywrightError as e:  # (say which input, and where the page stood: the campaign is long)
                stood = page.evaluate(
                    "() => ({...document.documentElement.dataset, url: location.href,"
                    " notice: document.getElementById('notice')?.textContent?.slice(0, 300),"
                    " ready: document.readyState, early: !!globalThis.__gamutEarlyWorker,"
                    " sw: navigator.serviceWorker.controller?.state ?? null,"
                    " loaded: performance.getEntriesByType('resource').map(e => e.name.split('/').pop() + ' ' + Math.round(e.duration))})"
                )
                stood["waiting"] = sorted(set(waiting.values()))
                stood["said"] = said[-20:]
                raise AssertionError(f"{what}: {e.message.splitlines()[0]}; the page: {stood}") from e
            opened += 1
            if corruption.expect and target == "":
                expect(page.locator("#notice"), what).to_contain_text(corruption.expect)
            check_page(page, what)
        page.goto(blank)
        put_back()

    assert_budget_twice_over(page, tmp_path, "stores-trace", campaign, "soak corrupted stores")
    print(f"\nsoak corrupted stores: {opened} inputs")

    open_at(page, site_url)
    assert_kept(before, stored_nodes(page))
    expect(page.locator("#moves .mv")).to_have_count(before[own["id"]])


# -- 4. storage faults ------------------------------------------------------------------

# IndexedDB failing as localStorage's "e2e.fault" says, page after page (one context)
FAULTS = """
(() => {
    let kind = null;
    try { kind = localStorage.getItem('e2e.fault'); } catch { return; }  // (a frame with no storage)
    if (kind === 'silent') {  // never answers: requests whose events never fire
        Object.defineProperty(window, 'indexedDB', {get() { return {
            open() { return {result: null, error: null, onsuccess: null, onerror: null,
                             onupgradeneeded: null, onblocked: null}; },
            deleteDatabase() { return {}; },
            databases() { return new Promise(() => {}); },
        }; }});
    } else if (kind === 'throws') {  // refused, as a private window or a blocked site's
        Object.defineProperty(window, 'indexedDB', {get() { throw new DOMException('refused', 'SecurityError'); }});
    } else if (kind === 'slow') {  // answers, late: an opening in 1.5 s, each transaction's end 0.8 s late
        const late = (target, name, ms) => {
            const own = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(target).constructor.prototype, name)
                || Object.getOwnPropertyDescriptor(IDBRequest.prototype, name);
            Object.defineProperty(target, name, {configurable: true, get() { return own.get.call(target); },
                set(fn) { own.set.call(target, fn && (e => setTimeout(() => fn.call(target, e), ms))); }});
        };
        const open = IDBFactory.prototype.open;
        IDBFactory.prototype.open = function (...args) {
            const request = open.apply(this, args);
            late(request, 'onsuccess', 1500);
            return request;
        };
        const transaction = IDBDatabase.prototype.transaction;
        IDBDatabase.prototype.transaction = function (...args) {
            const tx = transaction.apply(this, args);
            late(tx, 'oncomplete', 800);
            return tx;
        };
    } else if (kind === 'full') {  // each write's transaction aborted at its end for want of room (localStorage: filled)
        const transaction = IDBDatabase.prototype.transaction;
        IDBDatabase.prototype.transaction = function (...args) {
            const tx = transaction.apply(this, args);
            if (args[1] !== 'readwrite') return tx;
            let onabort = null;
            const full = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
            Object.defineProperty(tx, 'error', {get: () => full});
            Object.defineProperty(tx, 'onabort', {get: () => onabort, set(fn) { onabort = fn; }});
            Object.defineProperty(tx, 'oncomplete', {get: () => null, set() {}});
            tx.addEventListener('complete', () => onabort && onabort.call(tx, new Event('abort')));
            return tx;
        };
    }
})();
"""

FILL_LOCAL_STORAGE = """() => {
    const chunk = 'F'.repeat(256 * 1024);
    let n = 0;
    try { for (;;) { localStorage.setItem('e2e.filler.' + n, chunk); n += 1; } } catch {}
    let k = chunk.length;
    while (k > 1) { k = Math.floor(k / 2); try { localStorage.setItem('e2e.filler.end' + k, chunk.slice(0, k)); } catch {} }
    return n;
}"""
EMPTY_LOCAL_STORAGE = """() => { for (const k of Object.keys(localStorage)) if (k.startsWith('e2e.filler')) localStorage.removeItem(k); }"""

# What the game page says when a move cannot be saved (None: it is saved, late)
FAULT_SAID = {
    "silent": "did not answer",
    "throws": "Games cannot be saved here",
    "slow": None,
    "full": "storage is full",
}


def test_storage_faults(new_context, site_url, tmp_path):
    context = new_context()
    context.add_init_script(FAULTS)
    page = context.new_page()
    open_at(page, site_url + LOA)
    before = own_game(page)
    blank = origin(site_url) + BLANK_PAGE
    runs = 0
    with traced(page, tmp_path / "faults-trace.json") as longest:
        for kind in FAULT_KINDS:
            said = FAULT_SAID[kind]
            for target in FAULT_PAGES:
                what = f"storage {kind} on {target!r}"
                page.goto(blank)
                page.evaluate("k => localStorage.setItem('e2e.fault', k)", kind)
                if kind == "full":
                    page.evaluate(FILL_LOCAL_STORAGE)
                try:
                    open_at(page, site_url + target)
                    runs += 1
                    if target == LOA:
                        # a move (not one of the stored game's, which the link may open into): its save fails, said once
                        play(page, "b1", "d3")
                        if said:
                            expect(page.locator("#notice"), what).to_contain_text(said, timeout=20_000)
                        else:
                            saved(page)
                            expect(page.locator("#notice"), what).to_be_hidden()
                    check_page(page, what)
                finally:
                    page.goto(blank)
                    if kind == "full":
                        page.evaluate(EMPTY_LOCAL_STORAGE)
                    page.evaluate("() => localStorage.removeItem('e2e.fault')")
    report("storage faults", runs, longest)

    # storage back: every game stored before is there, whole
    open_at(page, site_url)
    assert_kept(before, stored_nodes(page))


# -- 5. clocks ----------------------------------------------------------------------------


def face_seconds(page) -> list[float | None]:
    """What each seat's clock shows, in seconds (None: not a clock's text)."""
    out = []
    for text in page.locator("#clocks .clock .clock-time").all_inner_texts():
        if re.fullmatch(r"\d+:\d\d(:\d\d)?", text):
            parts = [int(p) for p in text.split(":")]
            out.append(float(sum(p * 60**i for i, p in enumerate(reversed(parts)))))
        elif re.fullmatch(r"\d+\.\d", text):
            out.append(float(text))
        else:
            out.append(None)
    return out


def test_clock_jumps(new_context, site_url, tmp_path):
    control, increment = 1800, 20
    jumps = clock_jumps(JUMPS)
    moves = few_moves("loa", len(jumps) + 2)
    page = new_context().new_page()
    page.clock.install()
    open_at(page, site_url)
    page.locator("#start .choice-mode", has_text="Two players").click()
    page.select_option("#start-clock", f"{control}+{increment}")
    page.click("#start-play")
    expect(page.locator("#clocks")).to_be_visible()
    wait_idle(page)
    played = 0

    def play_next() -> None:
        nonlocal played
        frm, to = re.split(r"[-x]", moves[played])
        play(page, frm, to)
        played += 1
        expect(page.locator("#moves .mv")).to_have_count(played)

    play_next()  # (the first move is free: the clocks start)
    with traced(page, tmp_path / "clocks-trace.json") as longest:
        for n, jump in enumerate(jumps):
            how, ms = jump.data
            what = f"jump {n} ({jump.what})"
            shown = face_seconds(page)
            if how == "late":
                page.clock.fast_forward(ms)  # (the timers due run once, late: a throttled tab)
            else:
                now = page.evaluate("Date.now()")
                page.clock.set_system_time((now + ms) / 1000)  # (seconds)
                if how == "system-reload":
                    page.reload()
                    wait_engine_ready(page)
                    wait_idle(page)
            after = face_seconds(page)
            most = control + increment * played
            for seat, (was, now_) in enumerate(zip(shown, after, strict=True)):
                assert now_ is not None, f"{what}: seat {seat}'s clock shows {face_seconds(page)}"
                assert 0 <= now_ <= most, f"{what}: seat {seat}'s clock shows {now_} s, of {most}"
                # (time never comes back: a clock moved back an hour gives none of it)
                assert now_ <= was + 1, f"{what}: seat {seat}'s clock went from {was} to {now_} s"
            check_page(page, what)
            play_next()
        saved(page)
    report("clocks", len(jumps), longest)

    # the game, every move, is stored; a flag that falls ends it, said in words
    [entry] = library_entries(page)
    assert len(entry["game"]["tree"]["nodes"]) == played
    page.clock.fast_forward((control + increment * played + 60) * 1000)  # (more than any side has left)
    page.clock.run_for(2_000)
    expect(page.locator("#said")).to_contain_text("time is up")
    check_page(page, "the flag fallen")
    frm, to = re.split(r"[-x]", moves[played])  # (a move after the flag fell is not played)
    cell(page, frm).click()
    cell(page, to).click()
    wait_idle(page)
    expect(page.locator("#moves .mv")).to_have_count(played)
