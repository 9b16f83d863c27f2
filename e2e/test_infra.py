"""The site's plumbing in a real browser: the worker, the bridge, jobs,
typed errors and offline use, through the engine test page
(``e2e/infra_page.html``, served as ``infra-test.html`` next to the real
page) and the real ``index.html``.

One module-scoped page serves the tests that allow sharing it (Pyodide
takes 5-12 s to start here); the offline test needs its own context.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from conftest import BLANK_PAGE, _origin, guard_context, wait_engine_ready
from pagekit import wait_controlled

TEST_PAGE = "infra-test.html"


@pytest.fixture(scope="module")
def engine_page(browser, site_url):
    context = browser.new_context()
    guard = guard_context(context)
    requests = []
    context.on("request", lambda r: requests.append(r.url))
    page = context.new_page()
    page.goto(site_url + TEST_PAGE)
    wait_engine_ready(page)
    page.requests = requests
    yield page
    problems = guard.problems()
    context.close()
    assert not problems, "guard: " + "; ".join(problems)


def call(page, method, params=None):
    """engine.call in the page: ("ok", result) or ("error", [name, type, message])."""
    return page.evaluate(
        """([method, params]) => engine.call(method, params).then(
               (r) => ["ok", r],
               (e) => ["error", [e.name, e.type, e.message]])""",
        [method, params or {}],
    )


def test_engine_ready_from_sub_path_with_local_requests_only(engine_page, site_url, site_info):
    assert "/gamut/sub/path/" in site_url
    urls = engine_page.requests
    assert all(u.startswith("http://127.0.0.1:") for u in urls), urls
    # Pyodide, our lock file and our wheel all came from the sub-path, the
    # build's own files from its folder
    own, pyodide = site_info["build"], site_info["pyodide"]
    assert own == f"b/{site_info['version']}/" and pyodide.startswith("pyodide/")
    for needed in (
        pyodide + "pyodide.mjs",
        pyodide + "pyodide.asm.wasm",
        pyodide + "python_stdlib.zip",
        own + "pyodide-lock.json",
        own + "wheels/gamut-",
        own + "worker.js",
        own + "engine/engine.js",
    ):
        assert any(u.startswith(site_url + needed) for u in urls), needed
    stages = engine_page.evaluate("loadingEvents.map((e) => e.stage)")
    assert stages[0] == "runtime" and stages[-1] == "ready"
    fractions = engine_page.evaluate("loadingEvents.map((e) => e.fraction)")
    assert fractions == sorted(fractions) and fractions[-1] == 1
    assert engine_page.evaluate("engine.state") == "ready"


def test_engine_runs_python_3_14_and_our_version(engine_page, site_url):
    status, result = call(engine_page, "version")
    assert status == "ok"
    assert result["python"].startswith("3.14")
    version = json.loads(
        engine_page.evaluate(f"fetch({json.dumps(site_url + 'version.json')}).then((r) => r.text())")
    )
    assert version["gamut"] == result["version"]


def test_bridge_calls_round_trip(engine_page):
    status, r = call(engine_page, "new", {"game": "loa"})
    assert status == "ok"
    assert r["start"] == "loa standard double-connection=mover start"
    assert r["view"]["ply"] == 0 and len(r["view"]["moves"]) == 36
    start = r["start"]
    status, r = call(engine_page, "play", {"start": start, "move": "B1-D3"})
    assert status == "ok" and r["line"] == ["b1-d3"] and r["view"]["to_move"] == 1
    status, r = call(engine_page, "view", {"start": start, "line": ["b1-d3"]})
    assert status == "ok" and r["view"]["ply"] == 1 and r["view"]["last_move"] == ["b1", "d3"]
    status, r = call(engine_page, "explain", {"start": start, "line": ["b1-d3"], "clicks": ["b8"]})
    assert status == "ok" and r["said"]["id"] == "error.loa.theirs", r
    status, games = call(engine_page, "games")
    assert "loa" in {g["id"] for g in games}


@pytest.mark.parametrize(
    "method, params, kind",
    [
        (
            "play",
            {"start": "loa standard double-connection=mover start", "move": "b1-b2"},
            "IllegalMoveError",
        ),
        ("new", {"game": "chess"}, "UnknownGameError"),
        (
            "view",
            {"start": "loa standard double-connection=mover start", "line": ["b1-d3", "zz"]},
            "RecordError",
        ),
        ("view", {"start": "garbage"}, "PositionError"),
        ("no_such_method", {}, "RequestError"),
        ("view", {"start": "loa standard double-connection=mover start", "line": "x"}, "RequestError"),
    ],
)
def test_bad_calls_give_typed_errors(engine_page, method, params, kind):
    status, (name, etype, message) = call(engine_page, method, params)
    assert status == "error" and name == "EngineError" and etype == kind and message


def test_corrupted_messages_do_not_crash_the_worker(engine_page):
    result = engine_page.evaluate("""async () => {
        const w = engine.worker;
        const answers = [];
        const listen = (e) => { if (e.data && e.data.id >= 9000) answers.push(e.data); };
        w.addEventListener("message", listen);
        w.postMessage("garbage");
        w.postMessage(null);
        w.postMessage({id: 9001, type: "nonsense"});
        w.postMessage({id: 9002, type: "call", method: 42});
        w.postMessage({id: 9003, type: "call", method: "play", params: "not an object"});
        w.postMessage({id: 9004, type: "job", method: "no-such-job", params: {}});
        w.postMessage({type: "cancel", id: 123456});
        const r = await engine.call("new", {game: "loa"});   // still answers
        // (the worker answers its messages in order, each before it takes the next: every
        // answer to the ones above came before this call's, and one more call's answer
        // comes after anything they could still send)
        await engine.call("version");
        w.removeEventListener("message", listen);
        return {answers, moves: r.view.moves.length};
    }""")
    assert result["moves"] == 36
    types = {a["id"]: (a["type"], a["error"]["type"]) for a in result["answers"]}
    assert types == {
        9001: ("error", "RequestError"),
        9002: ("error", "RequestError"),
        9003: ("error", "RequestError"),
        9004: ("error", "RequestError"),
    }


def test_perft_job_reports_progress_and_finishes(engine_page):
    result = engine_page.evaluate("""async () => {
        const progress = [];
        const job = engine.job("perft", {start: "loa standard double-connection=mover start", depth: 3}, (p) => progress.push(p));
        const r = await job.promise;
        return {count: r.count, progress};
    }""")
    assert result["count"] == 44952
    fractions = [p["fraction"] for p in result["progress"] if p]
    assert fractions == sorted(fractions)


def test_perft_job_can_be_cancelled_while_the_page_stays_responsive(engine_page):
    result = engine_page.evaluate("""async () => {
        const progress = [];
        let thirdProgress;
        const three = new Promise((ok) => { thirdProgress = ok; });
        const job = engine.job("perft", {start: "loa standard double-connection=mover start", depth: 5}, (p) => {
            progress.push(p);
            if (progress.length === 3) thirdProgress();
        });
        const outcome = job.promise.then(() => "finished", (e) => e.type);
        let settled = false;
        outcome.then(() => { settled = true; });
        await three;
        // the page is not blocked: timers run (ten beats of its 10 ms interval while the
        // job goes on), clicks are handled
        const beats = window.beats;
        await new Promise((ok) => {
            const every = setInterval(() => {
                if (window.beats - beats >= 10 || settled) { clearInterval(every); ok(); }
            }, 10);
        });
        const beatsDuring = settled ? 0 : window.beats - beats;
        document.getElementById("clicker").click();
        const clicks = document.getElementById("clicks").textContent;
        const t = performance.now();
        job.cancel();
        const how = await outcome;
        const cancelMs = performance.now() - t;
        const seen = progress.length;
        // the worker is free again at once
        const t2 = performance.now();
        const r = await engine.call("view", {start: "loa standard double-connection=mover start"});
        return {how, cancelMs, beatsDuring, clicks, seen, callMs: performance.now() - t2,
                ply: r.view.ply, after: progress.length};
    }""")
    assert result["how"] == "CancelledError"
    assert result["seen"] >= 3
    assert result["beatsDuring"] >= 10  # a 10 ms interval kept ticking while the job ran
    assert result["clicks"] == "1"
    assert result["cancelMs"] < 2000
    assert result["callMs"] < 2000 and result["ply"] == 0
    assert result["after"] == result["seen"]  # no progress after the cancel


# (a first visit: a page the service worker controls fetches worker.js through it,
# where the page's route does not reach; a lent context has one)
@pytest.mark.fresh
def test_index_page_has_inlined_initial_views(site_url, new_context, guard_of):
    """The real page: the initial views are inlined at build time, so the
    board can be drawn before Pyodide is ready."""
    # (no service worker either: its install would copy the whole build for nothing)
    page = new_context(service_workers="block").new_page()
    page.route("**/worker.js", lambda route: route.abort())  # no engine: only the inlined data
    guard_of(page).allow_console(r"worker|Failed to load resource|engine")
    page.goto(site_url)
    initial = json.loads(page.evaluate("document.getElementById('initial').textContent"))
    assert "loa" in initial["views"] and initial["starts"]["loa"].endswith(" start")
    assert {g["id"] for g in initial["games"]} >= {"loa", "el", "escabel", "evl"}
    page.wait_for_selector("html[data-engine=failed]", state="attached", timeout=30_000)


def test_offline_reload_reaches_engine_ready(new_context, site_url, guard_of):
    context = new_context()
    page = context.new_page()
    page.goto(site_url + TEST_PAGE)
    wait_engine_ready(page)
    # wait until the service worker has cached the site and controls the page
    page.evaluate("window.offline")
    wait_controlled(page, 60_000)
    cached = page.evaluate("""async () => {
        const keys = await caches.keys();
        const cache = await caches.open(keys.find((k) => k.startsWith("gamut-")));
        return (await cache.keys()).map((r) => r.url);
    }""")
    assert any(u.endswith("pyodide.asm.wasm") for u in cached)
    assert any("/wheels/gamut-" in u for u in cached)
    context.set_offline(True)
    try:
        response = page.reload()
        assert response is not None and response.from_service_worker
        wait_engine_ready(page)
        # really offline: a file the service worker has not cached cannot be fetched
        guard_of(page).allow_console(r"ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load")
        assert (
            page.evaluate("fetch('not-cached.txt').then((r) => 'online ' + r.status, () => 'offline')")
            == "offline"
        )
        status = page.evaluate("engine.call('new', {game: 'loa'}).then((r) => r.view.moves.length)")
        assert status == 36
        # the real page too
        page.goto(site_url)
        wait_engine_ready(page)
        # its code came from the build's cache by the browser's static routes (web/sw.js
        # ownRoutes), not through the fetch handler; its JSON through the handler
        sources = page.evaluate("""() => performance.getEntriesByType('resource')
            .filter(e => /\\/b\\/[0-9a-f]+\\//.test(e.name))
            .map(e => [e.name.split('/b/')[1].split('/').slice(1).join('/'), e.workerMatchedSourceType])""")
        code = [name for name, source in sources if name.endswith((".js", ".css"))]
        assert len(code) > 100, sources
        assert {name: source for name, source in sources if source != "cache"} == {
            name: source for name, source in sources if not name.endswith((".js", ".css"))
        }
    finally:
        context.set_offline(False)


@pytest.mark.cold  # (a start from the snapshot fetches neither the wheel nor the standard library)
@pytest.mark.parametrize(
    "blocked, expected",
    [
        ("**/wheels/gamut-*.whl", "gamut wheel"),
        ("**/python_stdlib.zip", ""),
        ("**/worker.js", "worker"),
    ],
)
def test_loading_failure_is_reported_not_hung(new_context, guard_of, site_url, blocked, expected):
    context = new_context()
    guard_of(context).allow_console(".")  # the browser logs the failed fetches
    context.route(blocked, lambda route: route.abort())
    page = context.new_page()
    page.goto(site_url + TEST_PAGE)
    page.wait_for_selector("html[data-engine=failed]", state="attached", timeout=90_000)
    assert page.evaluate("engine.state") == "failed"
    message = page.evaluate("document.getElementById('status').textContent")
    assert message and expected in message
    # calls fail fast with a typed error instead of waiting forever
    status, (name, etype, _) = call(page, "games")
    assert (status, name, etype) == ("error", "EngineError", "EngineFailed")


def test_a_request_to_another_host_fails_and_is_reported(browser, site_url):
    """The guard's own check: a request that leaves 127.0.0.1 (a name or an
    address, this machine's other names among them) never reaches a network
    or a server, and the guard names it (it listens for failed requests)."""
    context = browser.new_context()
    guard = guard_context(context)
    try:
        page = context.new_page()
        page.goto(site_url + "version.json")
        here = urlsplit(site_url)
        # (the served site by another name of this machine: Chromium sends
        # such names past a proxy unless told not to)
        urls = [
            "http://example.com/x.js",
            "http://192.0.2.1/y.js",
            f"http://localhost:{here.port}{here.path}version.json",
            f"http://[::1]:{here.port}{here.path}version.json",
        ]
        outcomes = page.evaluate(
            """async (urls) => Promise.all(urls.map(url => fetch(url, {mode: "no-cors"}).then(
                () => "answered", () => "failed")))""",
            urls,
        )
        assert outcomes == ["failed"] * len(urls)
        for url in urls:  # (a failure's event may come after the fetch's answer)
            if url not in guard.foreign:
                context.wait_for_event("requestfailed", predicate=lambda r, url=url: r.url == url)
        assert sorted(guard.foreign) == sorted(urls)
        assert any("left 127.0.0.1: http://example.com/x.js" in p for p in guard.problems())
    finally:
        context.close()


# -- the context pool (e2e/conftest.py) --------------------------------------------


def _lent_again(pool, context) -> bool:
    """Whether ``context``, given back, is among the pool's idle contexts (then
    taken out of them again, for the test to look at)."""
    for i, (_, idle) in enumerate(pool.idle):
        if idle is context:
            del pool.idle[i]
            return True
    return False


def test_a_context_given_back_is_lent_again_without_what_the_test_added(context_pool, site_url):
    """The pool undoes a test's init script, route, listener, exposed function
    and offline switch: the context is lent again, and its next page has none
    of them (a page of the next test would otherwise run the last test's init
    scripts, or load nothing at all)."""
    blank = _origin(site_url) + BLANK_PAGE
    context = context_pool.take({})
    heard = []
    context.add_init_script("window.__added = 1")
    context.route("**/routed-by-the-test", lambda route: route.fulfill(body="routed"))
    context.on("console", lambda msg: heard.append(msg.text))
    context.expose_function("gamutProbe", lambda: 1)
    page = context.new_page()
    page.goto(blank)
    assert page.evaluate("() => [window.__added, typeof window.gamutProbe]") == [1, "function"]
    assert page.evaluate("() => fetch('/routed-by-the-test').then(r => r.text())") == "routed"
    page.evaluate("() => console.log('heard')")
    context.set_offline(True)
    assert page.evaluate("() => navigator.onLine") is False
    context_pool.give_back(context)
    assert _lent_again(context_pool, context)
    page = context.new_page()
    page.goto(blank)
    assert page.evaluate("() => [window.__added, typeof window.gamutProbe, navigator.onLine]") == [
        None,
        "undefined",
        True,
    ]
    assert page.evaluate("() => fetch('/routed-by-the-test').then(r => r.status)") == 404
    page.evaluate("() => console.log('not heard')")
    page.evaluate("() => new Promise(r => setTimeout(r))")  # (a console message reaches the test)
    assert heard == ["heard"]
    context_pool.give_back(context)


def test_a_reset_loads_no_page_and_empties_the_stores(context_pool, site_url):
    """A context is reset by a script in the blank page that seeded it, kept
    open for that (a new page and its load for each reset cost 0.3 core-s):
    the test's pages close, that page stays the same document, and the next
    test finds the stores of a first visit.  A reset page a test closed is
    made again."""
    blank = _origin(site_url) + BLANK_PAGE
    context = context_pool.take({})
    [keeper] = context.pages
    assert keeper.url == blank
    keeper.evaluate("() => { window.__sameDocument = true; }")
    page = context.new_page()
    page.goto(blank)
    page.evaluate(
        """async () => {
            localStorage.setItem("left", "1");
            await new Promise((ok, fail) => {
                const open = indexedDB.open("left-by-a-test");
                open.onupgradeneeded = () => open.result.createObjectStore("s");
                open.onsuccess = () => { open.result.close(); ok(); };
                open.onerror = fail;
            });
            await caches.open("left-by-a-test");
        }"""
    )
    context_pool.give_back(context)
    assert _lent_again(context_pool, context)
    assert context.pages == [keeper] and keeper.evaluate("() => window.__sameDocument") is True
    stores = """async () => [localStorage.length, (await indexedDB.databases()).length,
                             (await caches.keys()).filter(n => n === "left-by-a-test").length]"""
    assert keeper.evaluate(stores) == [0, 0, 0]
    keeper.close()  # (a test that closed every page of its context)
    context_pool.give_back(context)
    assert _lent_again(context_pool, context)
    [again] = context.pages
    assert again is not keeper and again.url == blank and again.evaluate(stores) == [0, 0, 0]
    context_pool.give_back(context)


def test_a_context_whose_clock_a_test_took_is_not_lent_again(context_pool, site_url):
    """page.clock is the context's and cannot be uninstalled: the context is
    closed when given back (a wrapping of Playwright's own clock object, which an
    upgrade of Playwright could go round: this test says so)."""
    context = context_pool.take({})
    page = context.new_page()
    page.goto(_origin(site_url) + BLANK_PAGE)
    page.clock.install()
    context_pool.give_back(context)
    assert not _lent_again(context_pool, context)


def test_the_browser_opens_no_pages_of_its_own_beside_the_tests(context_pool, site_url, browser):
    """Chromium 156 gives every window its address bar's popup as a page of its
    own (chrome://omnibox-popup.top-chrome/, two of them, each in a renderer
    of its own): about a third of the CPU a test page's load costs here,
    for a bar a headless browser never shows.  build.CHROMIUM_ARGS turns
    those features off; this fails when a Chromium update brings them back
    under another name."""
    context = context_pool.take({})
    page = context.new_page()
    page.goto(site_url)
    wait_engine_ready(page)
    session = browser.new_browser_cdp_session()
    try:
        targets = session.send("Target.getTargets")["targetInfos"]
    finally:
        session.detach()
    own = [
        t["url"]
        for t in targets
        if t["type"] not in ("page", "service_worker", "worker", "shared_worker", "iframe")
    ]
    assert own == [], own
    page.close()
    context_pool.give_back(context)


def test_the_browser_runs_with_the_features_the_launch_turned_off(page, site_url, browser):
    """What the browser passes its renderers is what it runs with: Playwright's
    own disabled features and ours (Chromium keeps the last --disable-features
    only: a second switch once dropped Playwright's whole list)."""
    from tools.build import layout

    page.goto(_origin(site_url) + BLANK_PAGE)
    session = browser.new_browser_cdp_session()
    try:
        processes = session.send("SystemInfo.getProcessInfo")["processInfo"]
    finally:
        session.detach()
    renderers = [p["id"] for p in processes if p["type"] == "renderer"]
    assert renderers, processes
    # (a renderer's title is its whole command line, one string: split at spaces)
    argv = Path(f"/proc/{renderers[0]}/cmdline").read_bytes().decode().replace("\0", " ").split()
    [switch] = [a for a in argv if a.startswith("--disable-features=")]
    running = set(switch.split("=", 1)[1].split(","))
    assert set(layout.CHROMIUM_DISABLED_FEATURES) <= running, set(layout.CHROMIUM_DISABLED_FEATURES) - running
    assert not running & set(layout.LEFT_ON)


def test_an_async_wait_for_function_waits_for_what_its_promise_says(page, site_url):
    """Playwright takes an async predicate's promise for a truthy answer: the
    wait ended at once, whatever the page said (conftest runs it awaited).
    The predicate below holds from its fourth call on; one that never holds
    times out; one that rejects fails the wait with its error (in the test, not
    as the page's)."""
    from playwright.sync_api import TimeoutError

    page.goto(_origin(site_url) + BLANK_PAGE)
    done = page.wait_for_function(
        "async step => { window.calls = (window.calls || 0) + step; await null; "
        "return window.calls >= 4 ? { calls: window.calls } : false; }",
        arg=1,
        polling=10,
    )
    assert done.json_value() == {"calls": 4}
    with pytest.raises(TimeoutError):
        page.wait_for_function("async () => false", polling=10, timeout=300)
    with pytest.raises(AssertionError, match="the store is gone"):
        page.wait_for_function("async () => { throw new Error('the store is gone'); }", polling=10)
