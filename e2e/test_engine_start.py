"""The engine's start (issue 21): the first visit saves a memory snapshot of
the started engine in the Cache API, a return visit starts from it and
answers exactly as a start from scratch does, and a snapshot that does not
belong to this build (another version, another lock file, a damaged heap) is
never used: the worker starts from scratch and keeps a good one instead.

Through the engine test page (``infra-test.html``: ``window.engine`` is the
page's Engine, ``engine.marks`` the worker's start-up timeline).
"""

from __future__ import annotations

import json

import pytest
from conftest import wait_engine_ready
from pagekit import wait_controlled

# (every test here is about the first visit's cold start and the snapshot it keeps)
pytestmark = pytest.mark.cold

TEST_PAGE = "infra-test.html"
LOA = "loa standard double-connection=mover start"

# Answers that exercise the bridge, the lazily imported modules (records,
# the search and each game's evaluation) and the job loop.
PROBE = """async (loa) => {
  const out = {};
  out.version = await engine.call("version");
  const n = await engine.call("new", {game: "loa"});
  out.moves = n.view.moves.length;
  out.play = (await engine.call("play", {start: loa, move: "b1-d3"})).line;
  out.perft = (await engine.job("perft", {start: loa, depth: 3}).promise).count;
  const think = await engine.job("think", {start: loa, level: "beginner", seed: 7, max_ms: 30000}).promise;
  out.think = think.move;
  for (const game of ["el", "escabel", "evl"]) {
    const g = await engine.call("new", {game});
    const t = await engine.job("think", {start: g.start, level: "beginner", seed: 3, max_ms: 30000}).promise;
    out[game] = [g.view.moves.length, t.move];
  }
  return out;
}"""


def marks(page) -> list[str]:
    return [name for name, _ in page.evaluate("engine.marks")]


def build_version(page, site_url) -> str:
    return json.loads(page.evaluate(f"fetch({json.dumps(site_url + 'version.json')}).then((r) => r.text())"))[
        "version"
    ]


def snapshot_key(page, version: str) -> str | None:
    return page.evaluate(
        """async (v) => {
        const cache = await caches.open("snapshot-gamut-" + v);
        const [request] = await cache.keys();
        if (!request) return null;
        return (await cache.match(request)).headers.get("x-gamut-snapshot");
    }""",
        version,
    )


def snapshot_kept(page, version: str, timeout: float = 60_000) -> None:
    """Wait until the worker has put this build's snapshot in the cache: its
    timeline (``engine.marks``, sent with the worker's "snapshot" message)
    says "snapshot-kept", which keepSnapshot marks once the cache holds it."""
    page.wait_for_function("() => engine.marks.some(([name]) => name === 'snapshot-kept')", timeout=timeout)
    assert snapshot_key(page, version) is not None, "no snapshot was kept"


def put_snapshot(page, version: str, key: str, data: str) -> None:
    """Put a fake snapshot (``data`` as its bytes) under ``version``'s cache
    (where the worker of build ``version`` looks: in the build's folder)."""
    page.evaluate(
        """async ([v, key, data]) => {
        const cache = await caches.open("snapshot-gamut-" + v);
        for (const request of await cache.keys()) await cache.delete(request);
        await cache.put(new URL(`b/${v}/engine-snapshot.bin`, location.href).href,
                        new Response(new TextEncoder().encode(data),
                                     {headers: {"x-gamut-snapshot": key}}));
    }""",
        [version, key, data],
    )


@pytest.fixture
def visited(new_context, site_url):
    """A page after a first visit whose snapshot has been kept: (page, version,
    the first visit's answers)."""
    page = new_context().new_page()
    page.goto(site_url + TEST_PAGE)
    wait_engine_ready(page)
    # ready before the snapshot is made: it is made when the worker is next idle
    # (which may already have come by now: the marks are in the worker's order)
    timeline = marks(page)
    before_ready = timeline[: timeline.index("ready")]
    assert "no-snapshot" in before_ready and "snapshot-due" in before_ready, timeline
    assert "snapshot-made" not in before_ready, timeline
    version = build_version(page, site_url)
    snapshot_kept(page, version)
    return page, version, page.evaluate(PROBE, LOA)


def test_return_visit_starts_from_the_snapshot_and_answers_the_same(visited):
    page, version, first = visited
    assert first["version"]["python"].startswith("3.14") and first["perft"] == 44952
    key = snapshot_key(page, version)
    assert key and key.startswith(version + " ")
    for _ in range(2):  # the snapshot is used, not replaced, visit after visit
        page.reload()
        wait_engine_ready(page)
        timeline = marks(page)
        assert "snapshot-restored" in timeline and "no-snapshot" not in timeline, timeline
        assert "snapshot-due" not in timeline and "wheel-loaded" not in timeline
        assert page.evaluate(PROBE, LOA) == first
        assert snapshot_key(page, version) == key


@pytest.mark.parametrize("damage", ["other build", "other lock file", "damaged heap"])
def test_a_snapshot_that_does_not_belong_to_this_build_is_not_used(visited, guard_of, damage):
    page, version, first = visited
    good_key = snapshot_key(page, version)
    if damage == "other build":
        # a snapshot kept by an older build: its cache is another version's,
        # even if it sits under this build's cache name with its own key
        put_snapshot(page, version, "0123456789abcdef " + good_key.split()[1], "old heap")
        put_snapshot(page, "0123456789abcdef", "0123456789abcdef " + good_key.split()[1], "old heap")
    elif damage == "other lock file":
        put_snapshot(page, version, version + " " + "0" * 64, "heap of another wheel")
    else:
        # the right key but bytes Pyodide refuses: a start from scratch, with a warning
        put_snapshot(page, version, good_key, "not a heap at all" * 100)
    page.reload()
    wait_engine_ready(page)
    timeline = marks(page)
    assert "snapshot-restored" not in timeline, timeline
    assert "wheel-loaded" in timeline and "snapshot-due" in timeline
    assert page.evaluate(PROBE, LOA) == first
    # a good snapshot of this build replaces the bad one, other builds' are gone
    snapshot_kept(page, version)
    assert snapshot_key(page, version) == good_key
    page.wait_for_function(  # (the worker tidies other builds' caches in its own time)
        "async v => (await caches.keys()).filter(n => n.startsWith('snapshot-gamut-')).join() === v",
        arg="snapshot-gamut-" + version,
    )
    page.reload()
    wait_engine_ready(page)
    assert "snapshot-restored" in marks(page)


def test_a_new_build_over_an_old_offline_cache_drops_the_old_snapshots(new_context, site_url):
    """The service worker of a new build deletes older builds' caches, their
    snapshots included, when it takes over and no page runs them; an offline
    reload then starts from this build's snapshot."""
    context = new_context()
    page = context.new_page()
    # an older build's caches, in place before this build's service worker can take over
    # (seeded from a document of the site that registers no service worker)
    page.goto(site_url + "version.json")
    put_snapshot(page, "fedcba9876543210", "fedcba9876543210 x", "an old build's heap")
    page.evaluate("caches.open('gamut-fedcba9876543210').then((c) => c.put('old.txt', new Response('old')))")
    page.goto(site_url + TEST_PAGE)
    wait_engine_ready(page)
    version = build_version(page, site_url)
    page.evaluate("window.offline")
    wait_controlled(page, 60_000)
    snapshot_kept(page, version)
    # (the worker tidies once it has claimed the page: after it controls it, in its own time)
    page.wait_for_function("async () => !(await caches.keys()).some(n => n.includes('fedcba9876543210'))")
    context.set_offline(True)
    try:
        page.reload()
        wait_engine_ready(page)
        assert "snapshot-restored" in marks(page)
        assert page.evaluate("engine.call('new', {game: 'loa'}).then((r) => r.view.moves.length)") == 36
    finally:
        context.set_offline(False)
