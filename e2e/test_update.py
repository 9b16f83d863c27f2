"""A new build deployed while the page is open (issue 16, "Updates").

Two builds of the site, A and B (the same sources; B has one more file, so
another version and another folder ``b/<version>/``), served in turn from
one address the way a host replaces a site: when B is deployed, A's files
are gone from the server.  An open page of A says "A new version is
ready" and waits for the player; on "Reload" it comes back on B with
every file B's; until then it goes on with A's files (from the offline
cache, even with no network), and A's caches are deleted only when no page
runs A any more.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from conftest import SUB_PATH, wait_engine_ready
from pagekit import cell, wait_controlled, wait_idle
from playwright.sync_api import expect

import build

# new contexts, not lent by the pool: the service worker's install and update
pytestmark = pytest.mark.fresh

BUILD_FOLDER = re.compile(r"/b/([0-9a-f]+)/")
SHOTS = Path(__file__).resolve().parent / "screenshots"


class Host:
    """A static host at a sub-path whose site is replaced by :meth:`deploy`."""

    def __init__(self, base: Path, builds: dict[str, Path]):
        self.base = base
        self.builds = builds
        self.site = base / "site"
        self.deploy("A")
        self.server = build.make_server(self.site, SUB_PATH)
        build.serve_in_thread(self.server)
        self.url = self.server.url
        self.version = {name: build.build_info(path)["version"] for name, path in builds.items()}

    def deploy(self, name: str) -> None:
        """Serve build ``name`` (and nothing of the other) from now on."""
        link = self.base / "site.new"
        link.unlink(missing_ok=True)
        link.symlink_to(self.builds[name], target_is_directory=True)
        os.replace(link, self.site)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="module")
def host():
    out = Path(os.environ["GAMUT_DIST"]).parent if os.environ.get("GAMUT_DIST") else build.BUILD
    base = out / "e2e-update"
    base.mkdir(parents=True, exist_ok=True)
    builds = {}
    for name in ("A", "B"):
        note = base / f"deployed-{name}.txt"
        note.write_text(f"build {name}\n")
        extra = {"deployed.txt": note} if name == "B" else {}
        builds[name] = build.build(out=base / f"dist-{name}", extra=extra)
    assert build.build_info(builds["A"])["version"] != build.build_info(builds["B"])["version"]
    served = Host(base, builds)
    yield served
    served.close()


@pytest.fixture
def on_a(host):
    host.deploy("A")
    yield host
    host.deploy("A")


def open_page(context, url: str):
    page = context.new_page()
    page.goto(url)
    wait_engine_ready(page)
    wait_idle(page)
    # the service worker has cached the build and serves the page
    wait_controlled(page)
    page.wait_for_function("document.documentElement.dataset.build !== undefined")
    page.evaluate("window.sameDocument = true")  # gone if the page reloads
    return page


def play(page, frm: str, to: str, count: int) -> None:
    wait_idle(page)
    cell(page, frm).click()
    cell(page, to).click()
    expect(page.locator("#moves .mv")).to_have_count(count)
    wait_idle(page)


def deploy_and_check(host, page, name: str = "B") -> None:
    """Deploy build ``name`` and have the page ask for it (it does so on its
    own every hour and when shown again; the browser on every navigation)."""
    host.deploy(name)
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")


def offer_shown(page) -> None:
    page.wait_for_selector("html[data-update=ready]", state="attached", timeout=90_000)
    expect(page.locator("#update")).to_be_visible()
    expect(page.locator("#update")).to_contain_text("A new version is ready")
    expect(page.locator("#update-reload")).to_have_text("Reload")


def cache_names(page) -> list[str]:
    return page.evaluate("caches.keys()")


def wait_caches(page, predicate: str, arg) -> None:
    page.wait_for_function(
        f"async (v) => {{ const names = await caches.keys(); return {predicate}; }}", arg=arg, timeout=30_000
    )


def build_of(page) -> str:
    return page.evaluate("document.documentElement.dataset.build")


def open_rules(page, game: str) -> None:
    page.evaluate("g => { location.hash = '#rules/' + g; }", game)
    page.wait_for_function(
        "g => { const p = document.getElementById('rules-page');"
        " return p && !p.hidden && p.dataset.game === g && p.dataset.diagrams === 'ready'; }",
        arg=game,
    )
    expect(page.locator("#rules-page figure.diagram").first).to_be_visible()


def test_an_open_page_offers_the_new_build_and_reloads_onto_it_only_on_request(new_context, on_a):
    host = on_a
    a, b = host.version["A"], host.version["B"]
    context = new_context()
    page = open_page(context, host.url)
    assert build_of(page) == a
    play(page, "b1", "b3", 1)

    deploy_and_check(host, page)
    offer_shown(page)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "update-offer.png"))
    # nothing was reloaded: the game in play goes on, on build A
    assert page.evaluate("window.sameDocument") is True and build_of(page) == a
    # the waiting worker says it serves B (the page compares that with its own build)
    assert (
        page.evaluate("""() => navigator.serviceWorker.getRegistration().then((r) => new Promise((ok) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (e) => ok(e.data.build);
        setTimeout(() => ok(null), 10000);
        r.waiting.postMessage({type: "build?"}, [channel.port2]);
    }))""")
        == b
    )
    play(page, "a2", "c2", 2)

    # the old page keeps working with no network (A's files from A's cache;
    # the host has only B's now): the rules page loads its diagrams
    context.set_offline(True)
    try:
        requests = []
        page.on("request", lambda r: requests.append(r))
        open_rules(page, "loa")
        assert any(f"/b/{a}/rules-diagrams.json" in r.url for r in requests)
        page.click("#rules-back")
        expect(page.locator("#moves .mv")).to_have_count(2)
        assert {f"gamut-{a}", f"gamut-{b}"} <= set(cache_names(page))

        # "Reload", still offline: the page comes back on build B, every file B's
        requests.clear()
        page.click("#update-reload")
        page.wait_for_function(
            "window.sameDocument === undefined && document.documentElement.dataset.build !== undefined",
            timeout=60_000,
        )
        wait_engine_ready(page)
        wait_idle(page)
        assert build_of(page) == b
        expect(page.locator("#update")).to_have_count(0)
        urls = [r.url for r in requests]
        folders = {m[1] for u in urls for m in [BUILD_FOLDER.search(u)] if m}
        assert folders == {b}, urls
        for needed in ("app.js", "start.js", "style.css", "worker.js", "pyodide-lock.json"):
            assert any(u.endswith(f"/b/{b}/{needed}") for u in urls), needed
        assert not [u for u in urls if a in u], urls
        assert all(r.response() is None or r.response().from_service_worker for r in requests), [
            (r.url, r.response() and r.response().status) for r in requests
        ]
        # the game played on A is here, both moves
        expect(page.locator("#moves .mv")).to_have_count(2)
        # no page runs A: its files and its engine snapshot are gone
        wait_caches(page, "!names.some((n) => n.includes(v))", a)
        assert f"gamut-{b}" in cache_names(page)
    finally:
        context.set_offline(False)


def test_a_build_is_kept_while_a_page_runs_it(new_context, on_a):
    """Two tabs of build A; one reloads onto B, the other goes on with A
    (its files come from A's cache, served by B's worker) until it reloads
    too: only then are A's caches deleted."""
    host = on_a
    a, b = host.version["A"], host.version["B"]
    context = new_context(viewport={"width": 390, "height": 844})  # (a phone)
    first = open_page(context, host.url)
    second = open_page(context, host.url)
    deploy_and_check(host, first)
    offer_shown(first)
    offer_shown(second)  # every tab hears of the new build
    SHOTS.mkdir(exist_ok=True)
    second.screenshot(path=str(SHOTS / "update-offer-phone.png"))

    first.click("#update-reload")
    first.wait_for_function(
        "window.sameDocument === undefined && document.documentElement.dataset.build !== undefined",
        timeout=60_000,
    )
    wait_engine_ready(first)
    assert build_of(first) == b
    # the other tab was not reloaded, still offers the new build, and keeps A's caches alive
    assert second.evaluate("window.sameDocument") is True and build_of(second) == a
    offer_shown(second)
    assert {f"gamut-{a}", f"snapshot-gamut-{a}", f"gamut-{b}"} <= set(cache_names(first))
    # (after a moment, with the new worker in charge: still there)
    first.reload()
    wait_engine_ready(first)
    assert {f"gamut-{a}", f"gamut-{b}"} <= set(cache_names(first))

    requests = []
    second.on("request", lambda r: requests.append(r))
    open_rules(second, "el")  # A's diagrams, though A is no longer on the host
    diagrams = [r for r in requests if r.url.endswith(f"/b/{a}/rules-diagrams.json")]
    assert diagrams and diagrams[0].response().from_service_worker
    assert diagrams[0].response().status == 200
    # "Not now" puts the offer away
    second.click("#update-later")
    expect(second.locator("#update")).to_be_hidden()

    second.reload()
    wait_engine_ready(second)
    assert build_of(second) == b
    wait_caches(first, "!names.some((n) => n.includes(v))", a)
