"""Browser-test fixtures (pytest + Playwright + Debian's Chromium).

Run with ``python3 build.py test`` (sets everything up), or, once set up,
``.venv/bin/python -m pytest e2e``.

The site is built once per session with ``build.build()`` (into ``dist/``,
plus the engine test page ``e2e/infra_page.html`` as ``infra-test.html``)
and served by a threaded server from a *sub-path*, so any absolute URL in
the site shows up as a 404.  Every context is *guarded*: a request to any
host but 127.0.0.1 is aborted and fails the test, and so does any console
error, uncaught page error or "i18n:" warning (a word missing from a
catalog) (checked when the fixture is torn down).

Fixtures
--------
``site_url``
    ``http://127.0.0.1:<port>/gamut/sub/path/`` (ends with ``/``; the page
    is ``site_url`` itself or ``site_url + "index.html"``, then ``#v1/...``).
``page``
    a fresh page in a fresh guarded context (function scope).
``new_context``
    factory: ``new_context(**kwargs)`` returns a guarded ``BrowserContext``
    lent by the ``context_pool`` (a new one for tests marked ``fresh`` or
    ``cold``); kwargs as for ``browser.new_context``, e.g.
    ``viewport={"width": 390, "height": 844}``, but a lent context gives
    the viewport, colour scheme and reduced motion to each page it opens
    (``PAGE_ARGS``).  All are checked after the test, then reset for the
    next one or closed.  Open pages with ``context.new_page()``.

Every context these fixtures make is *warm*: the engine's memory snapshot of
the served build (made once per session by a first visit, ``engine_snapshot``)
is put in its Cache API before its first page, so its engine starts from the
snapshot (0.7-1.5 s) as on a return visit, not cold (5-12 s), while its stores
(localStorage, IndexedDB, the service worker) are new: a first visit in all
but the engine's start.  A test about the cold start is marked
``@pytest.mark.cold`` (its contexts get no snapshot); ``test_site_start_paths``
runs the pages on both paths on purpose.
``site_info``
    the served build's ``version.json`` (``build``: the folder of the build's
    own files, ``b/<version>/``; ``pyodide``: Pyodide's folder).
``engine_snapshot``
    the served build's engine snapshot (session scope), kept as a file of the
    served site for ``seed_snapshot(context)``.
``shared_page``
    one guarded (warm) page per test *module*, in a context lent by the
    ``context_pool``, already at ``site_url`` with the engine ready (a page
    load costs 1-2 s of both cores here: share it where the tests allow).
    Checked when the module ends.
``wait_engine_ready`` (also importable: ``from conftest import wait_engine_ready``)
    ``wait_engine_ready(page, timeout=90_000)`` waits for
    ``<html data-engine="ready">`` and fails with the page's status text if
    it becomes ``failed``.
``guard_of``
    ``guard_of(context_or_page)`` is the :class:`Guard` of a guarded
    context: ``.foreign`` (aborted URLs), ``.errors`` (console errors and
    page errors), ``.allow_console(regex)`` to accept an expected error, and
    ``.check()``.
"""

from __future__ import annotations

import fcntl
import itertools
import json
import os
import re
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402

SUB_PATH = "/gamut/sub/path/"
# The soak run (``python3 build.py test --soak``): the scale and fuzz tests at
# their full size; every run has their small version.
SOAK = os.environ.get("GAMUT_SOAK") == "1"


# The page's Content-Security-Policy forbids eval, and Playwright evaluates a
# wait_for_function *expression* with eval in the page (a function it does
# not): every expression is passed as a function instead.
_FUNCTION = re.compile(r"\s*(async\s+)?(function\b|\(|[A-Za-z_$][\w$]*\s*=>)")
_wait_for_function = Page.wait_for_function


# Playwright does not await a predicate's promise (its predicates are sync by
# design: microsoft/playwright#29132): an async predicate's promise is
# truthy, so its wait ended at once, whatever it would have said.
# An async one is run by a predicate that is not: each poll starts it when
# none is in flight and returns what the last one resolved to.  A rejection
# ends the wait with the error under _FAILED, raised here as an
# AssertionError (not thrown in the page: the guard would take it for the
# page's own error).
_ASYNC = re.compile(r"\s*async\b")
_FAILED = "__e2eWaitFailed"


def _awaited(expression: str) -> str:
    """``expression``, an async predicate, as one Playwright waits on."""
    key = json.dumps(f"wait-{next(_WAITS)}")
    return f"""arg => {{
    const FAILED = {json.dumps(_FAILED)};
    const all = (globalThis.__e2eWaits ||= {{}});
    const s = (all[{key}] ||= {{ running: false, settled: false, value: undefined, failed: null }});
    if (s.failed) {{ delete all[{key}]; return {{ [FAILED]: s.failed }}; }}
    if (s.settled && s.value) {{ delete all[{key}]; return s.value; }}
    if (!s.running) {{
        s.running = true;
        s.settled = false;
        Promise.resolve(arg).then({expression}).then(
            v => {{ s.value = v; s.settled = true; s.running = false; }},
            e => {{ s.failed = String((e && e.message) || e); s.running = false; }});
    }}
    return false;
}}"""


_WAITS = itertools.count()


# A predicate is tried every POLL_MS unless a test asks otherwise: Playwright's
# own default ("raf", at every frame) has the page draw 60 frames a second
# while it waits, about 0.07 core-s a second against 0.01 (every wait of
# every test, beside the other worker on a 2-core machine).
POLL_MS = 50


def _wait_for_function_without_eval(self, expression, *args, **kwargs):
    kwargs.setdefault("polling", POLL_MS)
    if isinstance(expression, str) and _ASYNC.match(expression):
        done = _wait_for_function(self, _awaited(expression), *args, **kwargs)
        failed = done.evaluate(f"v => (v && typeof v === 'object' && v[{json.dumps(_FAILED)}]) || null")
        if failed is not None:
            raise AssertionError(f"the wait's predicate failed: {failed}")
        return done
    if isinstance(expression, str) and not _FUNCTION.match(expression):
        expression = f"() => ({expression})"
    return _wait_for_function(self, expression, *args, **kwargs)


Page.wait_for_function = _wait_for_function_without_eval  # type: ignore[method-assign]
READY_TIMEOUT_MS = 90_000
LOCAL_HOSTS = {"127.0.0.1"}
# (port 9 is "discard": nothing listens there, a connection is refused at once)
DEAD_PROXY = "http://127.0.0.1:9"


# -- browser --------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Debian's Chromium (Playwright cannot download its own browsers here).

    Every request to another host than 127.0.0.1 goes to a proxy that does
    not exist (``DEAD_PROXY``), so it fails in the browser itself, and the
    guard (which sees every failed request) fails the test.  ``localhost``
    and ``[::1]`` go to that proxy too (``<-loopback>``: Chromium would
    otherwise send them past any proxy, to this machine; it comes first, as
    it also takes back any rule for this machine before it).  Not a route on
    every request: a route sends each request through this process and turns
    the browser's HTTP cache off, which made each page load a second slower."""
    return {
        **browser_type_launch_args,
        "executable_path": str(build.CHROMIUM),
        "args": build.CHROMIUM_ARGS,
        "proxy": {"server": DEAD_PROXY, "bypass": ",".join(["<-loopback>", *sorted(LOCAL_HOSTS)])},
    }


# -- the site ---------------------------------------------------------------------


@pytest.fixture(scope="session")
def site_server():
    # GAMUT_DIST builds into another folder, so that several test runs on one
    # machine do not rebuild each other's site mid-run.
    out = Path(os.environ["GAMUT_DIST"]) if os.environ.get("GAMUT_DIST") else build.DIST
    # (pytest-xdist's workers each run this: the first builds, the others wait
    # on the lock and find the site up to date)
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out.parent / f".{out.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        dist = build.build(out=out, extra={"infra-test.html": ROOT / "e2e" / "infra_page.html"})
    # (a page of the origin that names no icon, a JSON file shown, makes the
    # browser ask for /favicon.ico: answered, not a 404 in the console)
    root_files = {BLANK_PAGE: ROOT / "e2e" / "blank_page.html", "/favicon.ico": ROOT / "e2e" / "favicon.png"}
    server = build.make_server(dist, SUB_PATH, overlay=root_files)
    server.dist = dist
    build.serve_in_thread(server)
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def site_url(site_server) -> str:
    return site_server.url


@pytest.fixture(scope="session")
def site_info(site_server) -> dict:
    """The served build's version.json: ``version``, ``build`` (the folder of its
    own files, ``b/<version>/``), ``pyodide`` (Pyodide's folder), ``gamut``, ``wheel``."""
    return build.build_info(site_server.dist)


# -- guarded contexts ------------------------------------------------------------


class Guard:
    """Watches one browser context: foreign requests, console errors (and the
    "i18n:" warnings of a missing word), page errors."""

    def __init__(self, context):
        self.context = context
        self.foreign: list[str] = []
        self.errors: list[str] = []
        self.allowed: list[re.Pattern] = []
        # (a request that leaves 127.0.0.1 fails at the dead proxy: listening for
        # failures only spares this process an event for each of the page's
        # ~150 requests a load, about 0.1 core-s)
        context.on("requestfailed", self._request)
        context.on("console", self._console)
        context.on("weberror", lambda err: self.errors.append(f"page error: {err.error}"))
        context.on("page", self._page)
        # a Content-Security-Policy violation fails the test like a console error
        context.add_init_script("""document.addEventListener('securitypolicyviolation', e =>
            console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`));""")

    @staticmethod
    def is_local(url: str) -> bool:
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob", "about"):
            return True
        return parts.hostname in LOCAL_HOSTS

    def _request(self, request):  # (every request that left failed: see DEAD_PROXY)
        if not self.is_local(request.url) and request.url not in self.foreign:
            self.foreign.append(request.url)

    def _console(self, msg):
        # a word missing from a catalog (i18n.js warns "i18n: <lang> lacks <key>") fails like an error
        if msg.type == "error" or (msg.type == "warning" and msg.text.startswith("i18n:")):
            loc = msg.location or {}
            where = f" ({loc.get('url', '')}:{loc.get('lineNumber', '')})" if loc else ""
            self.errors.append(f"console error: {msg.text}{where}")

    def _page(self, page):
        pass  # context-level events already cover every page and its workers

    def reset(self) -> None:
        """Forget what was seen (a context lent to the next test)."""
        self.foreign.clear()
        self.errors.clear()
        self.allowed.clear()

    def allow_console(self, pattern: str) -> None:
        """Accept console errors matching ``pattern`` (for tests that provoke one)."""
        self.allowed.append(re.compile(pattern))

    def problems(self) -> list[str]:
        errors = [e for e in self.errors if not any(p.search(e) for p in self.allowed)]
        return [f"request left 127.0.0.1: {u}" for u in self.foreign] + errors

    def check(self) -> None:
        problems = self.problems()
        assert not problems, "guard: " + "; ".join(problems)


_GUARDS: dict[int, Guard] = {}


def guard_context(context) -> Guard:
    guard = Guard(context)
    _GUARDS[id(context)] = guard
    return guard


def guarded_context(browser, site_url: str, snapshot: EngineSnapshot | None = None, **context_args):
    """A new context (``context_args`` for ``browser.new_context``), guarded,
    and warm when given the ``snapshot``."""
    context = browser.new_context(**context_args)
    guard_context(context)
    if snapshot is not None:
        snapshot.seed(context, site_url)
    return context


def close_guarded(context) -> None:
    """Close a guarded context, forgetting its guard."""
    _GUARDS.pop(id(context), None)
    context.close()


def _guard_of(obj) -> Guard:
    context = getattr(obj, "context", obj)
    return _GUARDS[id(context)]


@pytest.fixture
def guard_of():
    return _guard_of


# -- the engine's snapshot: warm contexts ------------------------------------------

# (written beside the served site, never shipped; one per pytest-xdist worker)
SNAPSHOT_FILE = f"e2e-engine-snapshot{os.environ.get('PYTEST_XDIST_WORKER', '')}.bin"
# A page of the site's origin with nothing in it, outside the service worker's
# scope (the site's sub-path), for work in a context before or between tests
BLANK_PAGE = "/e2e-blank.html"


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


class EngineSnapshot:
    """A build's engine snapshot as a first visit keeps it in the Cache API:
    its cache's name, its request URL and key header; its bytes are served
    at ``url``."""

    def __init__(self, cache: str, request: str, key: str, url: str):
        self.cache, self.request, self.key, self.url = cache, request, key, url

    def seed(self, context, site_url: str, keep: bool = False):
        """Put the snapshot in ``context``'s Cache API before its first page:
        its engine then starts from it.  The page that put it there (at the
        origin's blank page) is closed, or returned if ``keep``."""
        page = context.new_page()
        page.goto(_origin(site_url) + BLANK_PAGE)  # (the cache is the origin's)
        page.evaluate(
            """async ([name, request, key, url]) => {
                const bytes = await (await fetch(url)).arrayBuffer();
                const cache = await caches.open(name);
                await cache.put(request, new Response(bytes, {headers: {
                    "content-type": "application/octet-stream", "x-gamut-snapshot": key}}));
            }""",
            [self.cache, self.request, self.key, self.url],
        )
        if keep:
            return page
        page.close()
        return None


@pytest.fixture(scope="session")
def engine_snapshot(browser, site_server) -> EngineSnapshot:
    """A first visit (cold) in a context of its own, until its snapshot is
    kept; the snapshot is then read and written beside the served site."""
    from playwright.sync_api import expect

    context = browser.new_context()
    guard = guard_context(context)
    page = context.new_page()
    page.goto(site_server.url)
    wait_engine_ready(page)
    expect(page.locator("html")).to_have_attribute("data-snapshot", "kept", timeout=READY_TIMEOUT_MS)
    cache, request, key, data = page.evaluate(
        """async () => {
            const name = (await caches.keys()).find(n => n.startsWith("snapshot-gamut-"));
            const cache = await caches.open(name);
            const [request] = await cache.keys();
            const response = await cache.match(request);
            const bytes = new Uint8Array(await response.arrayBuffer());
            let text = "";
            for (let i = 0; i < bytes.length; i += 0x8000)
                text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
            return [name, request.url, response.headers.get("x-gamut-snapshot"), btoa(text)];
        }"""
    )
    problems = guard.problems()
    _GUARDS.pop(id(context), None)
    context.close()
    assert not problems, "guard: " + "; ".join(problems)
    import base64

    (Path(site_server.dist) / SNAPSHOT_FILE).write_bytes(base64.b64decode(data))
    return EngineSnapshot(cache, request, key, site_server.url + SNAPSHOT_FILE)


def _warm(request) -> bool:
    """Whether contexts made for ``request``'s test (or module) are warm."""
    return request.node.get_closest_marker("cold") is None


# What a test can do to a context that a reset cannot undo: a context it was
# done to is closed after the test, never lent again (and so is one whose clock a
# test took over: ``_taint_on_clock``).
_TAINTING = (
    "new_cdp_session", "route_from_har", "route_web_socket", "set_default_navigation_timeout",
    "set_default_timeout", "set_geolocation", "set_storage_state",
)  # fmt: skip


def _listener(args: tuple, kwargs: dict) -> tuple:
    """The (event, handler) of a call to ``context.on`` or ``context.once``."""
    event = args[0] if args else kwargs["event"]
    return event, args[1] if len(args) > 1 else kwargs["f"]


# What a test can do to a context that the pool undoes when the context is given
# back, before its reset: how to undo each, from the context, the call's result and
# its arguments.  So a test that adds an init script, a route or a listener, or
# takes the context offline, still gets a warm context and leaves it warm.
_UNDONE = {
    "add_init_script": lambda context, result, args, kwargs: result.close(),
    "expose_binding": lambda context, result, args, kwargs: result.close(),
    "expose_function": lambda context, result, args, kwargs: result.close(),
    "route": lambda context, result, args, kwargs: context.unroute_all(behavior="ignoreErrors"),
    "on": lambda context, result, args, kwargs: context.remove_listener(*_listener(args, kwargs)),
    "once": lambda context, result, args, kwargs: context.remove_listener(*_listener(args, kwargs)),
    "set_offline": lambda context, result, args, kwargs: context.set_offline(False),
    "grant_permissions": lambda context, result, args, kwargs: context.clear_permissions(),
    "set_extra_http_headers": lambda context, result, args, kwargs: context.set_extra_http_headers({}),
    "add_cookies": lambda context, result, args, kwargs: context.clear_cookies(),
}
# (page.clock is the context's, and Playwright cannot uninstall it)
_CLOCK_CALLS = (
    "install",
    "fast_forward",
    "pause_at",
    "resume",
    "run_for",
    "set_fixed_time",
    "set_system_time",
)


def _taint_on_clock(context) -> None:
    """A context whose clock a test installs or moves (``page.clock``) is
    tainted: the wrapping is on Playwright's own clock object of the context
    (``_impl_obj``), which the sync API calls; e2e/test_infra's pool test
    fails if a Playwright upgrade goes round it."""
    clock = context._impl_obj.clock
    for name in _CLOCK_CALLS:
        original = getattr(clock, name)

        async def tainting(*args, _original=original, **kwargs):
            context._gamut_tainted = True
            return await _original(*args, **kwargs)

        setattr(clock, name, tainting)


# The caches a reset keeps: the service worker's copy of the build and the
# engine's snapshot (what makes a context warm); the rest (gamut-clients, the
# notes of the open pages) goes with the stores.
_KEPT_CACHES = re.compile(r"^(snapshot-)?gamut-(?!clients$)")
_RESET = """async (kept) => {
    localStorage.clear();
    sessionStorage.clear();
    const names = (await indexedDB.databases()).map(db => db.name);
    await Promise.all(names.map(name => new Promise((resolve, reject) => {
        const request = indexedDB.deleteDatabase(name);
        request.onsuccess = resolve;
        request.onerror = () => reject(request.error);
        request.onblocked = () => reject(new Error(`IndexedDB ${name} is still open`));
    })));
    const keep = new RegExp(kept);
    for (const name of await caches.keys()) if (!keep.test(name)) await caches.delete(name);
    return [localStorage.length, (await indexedDB.databases()).length];
}"""


# What a context's page may be given instead of the context (the same for the page:
# its viewport, its media features), so one warm context serves tests that ask for
# different ones; each page the test opens gets them before it loads (``emulate``).
# A phone's context (``is_mobile``) keeps its viewport: the two go together.
PAGE_ARGS = ("viewport", "color_scheme", "reduced_motion")


def split_context_args(kwargs: dict) -> tuple[dict, dict]:
    """``browser.new_context`` arguments split into (the context's, its pages').
    Every lent context accepts downloads (nothing else sees that)."""
    page_args = {} if kwargs.get("is_mobile") else {k: kwargs[k] for k in PAGE_ARGS if k in kwargs}
    context_args = {k: v for k, v in kwargs.items() if k not in page_args and k != "accept_downloads"}
    return {**context_args, "accept_downloads": True}, page_args


def emulate(page, page_args: dict):
    """``page`` given the viewport and media features of ``page_args``."""
    if "viewport" in page_args:
        page.set_viewport_size(page_args["viewport"])
    media = {k: page_args[k] for k in ("color_scheme", "reduced_motion") if k in page_args}
    if media:
        page.emulate_media(**media)
    return page


class ContextPool:
    """Warm contexts lent to one test at a time (session scope).

    A context costs seconds the first time: the snapshot put in its cache,
    then a first visit that installs the service worker (which copies the
    build) and compiles the engine with no code cache.  Lent again, its next
    first page loads as a return visit does.  Between two tests a context is
    *reset*: its pages closed, localStorage, IndexedDB and every cache but the
    build's copy and the snapshot emptied (a first visit's stores), its
    guard's findings cleared.  The reset is a script run in the origin's blank
    page that seeded the context, kept open beside the tests' pages (no page
    of the site, no service worker's client; it loads nothing again): a new
    page and its load for each reset cost 0.3 core-s.  A context is lent only for the same
    ``browser.new_context`` arguments it was made with (but those its pages
    are given instead: ``PAGE_ARGS``).  What a test added to the context
    (init scripts, routes, listeners, exposed functions, permissions, headers,
    cookies) or took from it (the network) is undone before the reset
    (``_UNDONE``); one a test changed in a way that cannot be undone (its
    clock, a CDP session, timeouts: ``_TAINTING``) is closed instead.  Tests
    that need a brand new context (the service worker's install) are marked
    ``@pytest.mark.fresh`` and get one."""

    IDLE_MAX = 10  # contexts kept idle at once (each holds its caches in memory: 100-200 MB)

    def __init__(self, browser, site_url: str, snapshot: EngineSnapshot):
        self.browser, self.site_url, self.snapshot = browser, site_url, snapshot
        self.idle: list[tuple[str, object]] = []  # (key, context), oldest first

    def take(self, kwargs: dict):
        context_args, page_args = split_context_args(kwargs)
        key = repr(sorted(context_args.items()))
        for i, (k, context) in enumerate(self.idle):
            if k == key:
                del self.idle[i]
                context._gamut_page_args = page_args  # type: ignore[attr-defined]
                return context
        context = guarded_context(self.browser, self.site_url, **context_args)
        context._gamut_key = key  # type: ignore[attr-defined]
        context._gamut_tainted = False  # type: ignore[attr-defined]
        context._gamut_page_args = page_args  # type: ignore[attr-defined]
        new_page = context.new_page

        def new_page_as_asked(*args, **kw):
            return emulate(new_page(*args, **kw), context._gamut_page_args)  # type: ignore[attr-defined]

        context.new_page = new_page_as_asked
        for name in _TAINTING:
            original = getattr(context, name)

            def tainting(*args, _original=original, **kw):
                context._gamut_tainted = True  # type: ignore[attr-defined]
                return _original(*args, **kw)

            setattr(context, name, tainting)
        context._gamut_undo = []  # type: ignore[attr-defined]
        for name, undo in _UNDONE.items():
            original = getattr(context, name)

            def undone_later(*args, _original=original, _undo=undo, **kw):
                result = _original(*args, **kw)
                context._gamut_undo.append(lambda: _undo(context, result, args, kw))  # type: ignore[attr-defined]
                return result

            setattr(context, name, undone_later)
        _taint_on_clock(context)
        # (after the wrapping: seeding taints nothing; its page stays, for the resets)
        context._gamut_reset_page = self.snapshot.seed(context, self.site_url, keep=True)  # type: ignore[attr-defined]
        return context

    def give_back(self, context) -> None:
        """Reset ``context`` and keep it for a later test (or close it)."""
        guard = _GUARDS[id(context)]
        try:
            reusable = not context._gamut_tainted  # type: ignore[attr-defined]
            if reusable:
                keeper = context._gamut_reset_page  # type: ignore[attr-defined]
                for page in list(context.pages):
                    if page is not keeper:
                        page.close()
                # (undone before any reset page loads, so none of the test's init
                # scripts or routes reach it)
                undo = context._gamut_undo  # type: ignore[attr-defined]
                for step in reversed(undo):
                    step()
                # (with what the undoing itself added: set_offline(False) goes through its wrapper)
                del undo[:]
                if keeper.is_closed():  # (a test closed it: another one)
                    keeper = context._gamut_reset_page = context.new_page()  # type: ignore[attr-defined]
                    keeper.goto(_origin(self.site_url) + BLANK_PAGE)
                left = keeper.evaluate(_RESET, _KEPT_CACHES.pattern)
                reusable = left == [0, 0]
        except Exception:  # (a context the test broke: not lent again)
            reusable = False
        if not reusable:
            close_guarded(context)
            return
        guard.reset()
        self.idle.append((context._gamut_key, context))  # type: ignore[attr-defined]
        while len(self.idle) > self.IDLE_MAX:
            close_guarded(self.idle.pop(0)[1])

    def close_all(self) -> None:
        while self.idle:
            close_guarded(self.idle.pop()[1])


@pytest.fixture(scope="session")
def context_pool(browser, site_url, engine_snapshot):
    pool = ContextPool(browser, site_url, engine_snapshot)
    yield pool
    pool.close_all()


@pytest.fixture
def new_context(browser, request, site_url):
    """Factory of guarded contexts for one test: warm ones lent by the
    ``context_pool`` (fresh ones for tests marked ``fresh`` or ``cold``)."""
    made = []
    warm = _warm(request)
    fresh = not warm or request.node.get_closest_marker("fresh") is not None
    snapshot = request.getfixturevalue("engine_snapshot") if warm else None
    pool = None if fresh else request.getfixturevalue("context_pool")

    def factory(**kwargs):
        context = (
            pool.take(kwargs) if pool is not None else guarded_context(browser, site_url, snapshot, **kwargs)
        )
        made.append(context)
        return context

    yield factory
    problems = []
    for context in made:
        problems += _GUARDS[id(context)].problems()
        if pool is not None:
            pool.give_back(context)
        else:
            close_guarded(context)
    assert not problems, "guard: " + "; ".join(problems)


@pytest.fixture
def context(new_context):
    return new_context()


@pytest.fixture
def page(context):
    return context.new_page()


def guarded_page(browser, site_url, snapshot: EngineSnapshot | None = None, pool=None, **context_args):
    """A fixture's body: a page of a guarded context (``context_args`` for
    ``browser.new_context``) at the site with the engine ready: a context
    lent by ``pool`` (a ``ContextPool``: warm), else a new one (warm when
    given the ``snapshot``); after the tests, it fails on anything the guard saw."""
    if pool is not None:
        context = pool.take(context_args)
    else:
        context = guarded_context(browser, site_url, snapshot, **context_args)
    page = context.new_page()
    page.goto(site_url)
    wait_engine_ready(page)
    yield page
    problems = _GUARDS[id(context)].problems()
    if pool is not None:
        pool.give_back(context)
    else:
        close_guarded(context)
    assert not problems, "guard: " + "; ".join(problems)


@pytest.fixture(scope="module")
def shared_page(browser, site_url, request):
    pool = request.getfixturevalue("context_pool") if _warm(request) else None
    yield from guarded_page(browser, site_url, pool=pool)


# -- helpers ----------------------------------------------------------------------


def wait_engine_ready(page, timeout: float = READY_TIMEOUT_MS) -> None:
    """Wait until ``<html data-engine="ready">``; fail clearly on "failed"."""
    page.wait_for_selector(
        "html[data-engine=ready], html[data-engine=failed]", state="attached", timeout=timeout
    )
    state = page.evaluate("document.documentElement.dataset.engine")
    if state != "ready":
        text = page.evaluate("document.body ? document.body.innerText.slice(0, 500) : ''")
        pytest.fail(f"the engine failed to load: {text}")


@pytest.fixture(name="wait_engine_ready")
def wait_engine_ready_fixture():
    return wait_engine_ready
