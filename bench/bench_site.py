"""Page-load benchmark: navigation -> board visible and -> engine ready.

Builds the site, serves dist/ from a sub-path on 127.0.0.1 and loads it in
Debian's Chromium (Playwright) several times, each load in a fresh browser
context (cold HTTP cache, no service worker).  In the same run it loads a
bare page that only starts Pyodide in a module worker from the same files
(``pyodide/`` of dist/), which is the floor we cannot beat; our overhead is
how much later our engine is ready than that bare start.

    PYTHONPATH=py python3 bench/bench_site.py [--loads 5] [--searches 3] [--no-loads]

It also measures the computer's search where the page runs it: the "think"
job (``gamut.bridge``, the same code the page uses) from the Lines of
Action start at the Master level capped at 1 s of search, in the browser's
worker (through ``engine.js``) and in CPython: nodes per second and the
depth completed within that second; and how long one whole Master move takes
(its full budget) ten plies into each game, in both, which is what a player
waits at the strongest level.

Times are read from the page's own clock (``performance.now()``, zero at
navigation start): "board visible" is the first moment an ``<svg>`` with
drawn content is laid out on screen, "engine ready" the moment
``<html data-engine>`` becomes ``ready``.  Loads alternate between the bare
page and ours so that machine load affects both alike.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

PREFIX = "/bench/sub/path/"
TARGET_BOARD_MS = 1000
TARGET_OVERHEAD = 0.20

# Recorded in every page before its own scripts run.
PROBE = """
(() => {
  window.__marks = {};
  const mark = (name) => { if (!(name in window.__marks)) window.__marks[name] = performance.now(); };
  const check = () => {
    const root = document.documentElement;
    if (root && root.dataset.engine === "ready") mark("ready");
    if (root && root.dataset.engine === "failed") mark("failed");
    for (const svg of document.querySelectorAll("svg")) {
      const box = svg.getBoundingClientRect();
      if (box.width > 100 && box.height > 100 && svg.querySelector("rect, circle, path, polygon, use")) {
        mark("board");
        break;
      }
    }
  };
  // Worker messages on the page clock: when the worker was created, when
  // Pyodide itself was up (our "engine" stage) and when the worker was ready.
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(...args) {
      super(...args);
      mark("worker");
      this.addEventListener("message", (e) => {
        const d = e.data;
        if (d === "ready" || (d && d.type === "ready")) mark("worker-ready");
        if (d && d.type === "loading") mark("stage-" + d.stage);
      });
    }
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true, attributes: true});
  document.addEventListener("DOMContentLoaded", check);
})();
"""

BARE_HTML = """<!doctype html>
<html data-engine="loading"><head><meta charset="utf-8"><title>bare Pyodide</title>
<link rel="icon" href="data:,"></head><body>
<script type="module">
const worker = new Worker(new URL("./bare-worker.js", import.meta.url), {type: "module"});
worker.onmessage = (e) => { document.documentElement.dataset.engine = e.data; };
</script></body></html>
"""

BARE_WORKER = """
import { loadPyodide } from "./pyodide/pyodide.mjs";
const here = (p) => new URL(p, import.meta.url).href;
loadPyodide({indexURL: here("./pyodide/"), lockFileURL: here("./pyodide-lock.json"),
             packageBaseUrl: here("./wheels/")})
  .then((py) => { py.runPython("1 + 1"); postMessage("ready"); },
        (err) => postMessage("failed"));
"""

# A page that drives the real worker through engine.js and runs "think" jobs.
SEARCH_HTML = """<!doctype html>
<html><head><meta charset="utf-8"><title>search bench</title><link rel="icon" href="data:,"></head><body>
<script type="module">
import { Engine } from "./engine.js";
const engine = new Engine();
window.think = async (params, start) => {
  await engine.ready;
  if (!start) start = (await engine.call("new", { game: "loa" })).start;
  const t0 = performance.now();
  const result = await engine.job("think", { ...params, start }).promise;
  return { ...result, wall_ms: performance.now() - t0 };
};
engine.ready.then(() => { document.documentElement.dataset.engine = "ready"; });
</script></body></html>
"""
SEARCH_PARAMS = {"level": "master", "max_ms": 1000, "seed": 1}
MASTER_PARAMS = {"level": "master", "seed": 1}

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def load_once(browser, url: str, want_board: bool) -> dict:
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.add_init_script(PROBE)
        page.goto(url)
        page.wait_for_function(
            "window.__marks && ('ready' in window.__marks || 'failed' in window.__marks)",
            timeout=120_000, polling=20)
        if want_board:
            page.wait_for_function("'board' in window.__marks", timeout=10_000, polling=20)
        marks = page.evaluate("window.__marks")
        if "failed" in marks:
            raise SystemExit(f"{url}: the engine failed to load")
        return marks
    finally:
        context.close()


def thinks_in_browser(browser, url: str, jobs: list) -> list[dict]:
    """Think jobs ``(params, start position text or None for the LOA
    start)`` in the page's worker, one after the other, after one warm-up
    run (which imports gamut.ai)."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=120_000)
        page.evaluate("p => window.think(p)", SEARCH_PARAMS)
        return [page.evaluate("([p, s]) => window.think(p, s)", [params, start])
                for params, start in jobs]
    finally:
        context.close()


def think_in_cpython(params: dict, start: str | None = None) -> dict:
    """One think job through ``gamut.bridge`` (as the worker runs it) from
    ``start`` (a position text; None: the LOA start), with its wall time."""
    from gamut import bridge
    if start is None:
        start = bridge.call("new", {"game": "loa"})["start"]
    t0 = time.perf_counter()
    job = bridge.call("job_start", {"kind": "think", "start": start, **params})
    while True:
        step = bridge.call("job_step", {"job": job, "budget_ms": 40})
        if step["done"]:
            return {**step["result"], "wall_ms": (time.perf_counter() - t0) * 1000}


def print_search(cpython: list[dict], browser: list[dict]) -> None:
    def line(name, rows):
        nps = statistics.median(r["nodes"] / max(1, r["elapsed_ms"]) * 1000 for r in rows)
        depth = statistics.median(r["depth"] for r in rows)
        nodes = statistics.median(r["nodes"] for r in rows)
        print(f"  {name:22s} {nps:9.0f} nodes/s   depth {depth:g} completed in 1 s   "
              f"({nodes:.0f} nodes; runs: {', '.join(str(r['depth']) for r in rows)})")
        return nps
    print(f"search from the Lines of Action start (think job, level master, 1 s cap, "
          f"median of {len(cpython)} runs)")
    a = line("CPython", cpython)
    if browser:
        b = line("browser worker", browser)
        print(f"  the worker searches at {b / a * 100:.0f} % of CPython's speed")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--searches", type=int, default=3)
    parser.add_argument("--no-loads", action="store_true", help="only the search benchmark")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "py"))
    cpython = [think_in_cpython(SEARCH_PARAMS) for _ in range(args.searches + 1)][1:]
    from bench_ai import midgame  # the positions bench_ai times every level on
    positions = [(game, midgame(game, None, plies=10, seed=3)) for game in
                 ("loa", "el", "escabel", "evl")]
    texts = [st.to_text() for _, st in positions]
    master_cpython = [think_in_cpython(MASTER_PARAMS, text) for text in texts]
    dist = build.build()
    with tempfile.TemporaryDirectory() as tmp:
        bare_html, bare_worker = Path(tmp) / "bare.html", Path(tmp) / "bare-worker.js"
        search_html = Path(tmp) / "search.html"
        bare_html.write_text(BARE_HTML)
        bare_worker.write_text(BARE_WORKER)
        search_html.write_text(SEARCH_HTML)
        server = build.make_server(dist, PREFIX, overlay={"bare.html": bare_html,
                                                          "bare-worker.js": bare_worker,
                                                          "search-bench.html": search_html})
        build.serve_in_thread(server)
        ours, bare = [], []
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=str(build.CHROMIUM), args=ARGS)
                thinks = thinks_in_browser(
                    browser, server.url + "search-bench.html",
                    [(SEARCH_PARAMS, None)] * args.searches + [(MASTER_PARAMS, t) for t in texts])
                searches, master_browser = thinks[:args.searches], thinks[args.searches:]
                if not args.no_loads:
                    load_once(browser, server.url + "bare.html", False)  # warm up the OS file cache
                    for _ in range(args.loads):
                        bare.append(load_once(browser, server.url + "bare.html", False))
                        ours.append(load_once(browser, server.url, True))
                browser.close()
        finally:
            server.shutdown()
            server.server_close()

    print_search(cpython, searches)
    print("one whole Master move ten plies into each game (bench_ai's positions; its own budget):")
    for (game, _), c, b in zip(positions, master_cpython, master_browser):
        print(f"  {game:8s} {c['nodes']:7d} nodes, depth {c['depth']}:   CPython "
              f"{c['wall_ms'] / 1000:5.1f} s   browser worker {b['wall_ms'] / 1000:5.1f} s"
              f"   (same move: {'yes' if c['move'] == b['move'] else 'NO'})")
    if args.no_loads:
        return 0

    def med(rows, key):
        return statistics.median(r[key] for r in rows)

    board, ready, bare_ready = med(ours, "board"), med(ours, "ready"), med(bare, "ready")
    overhead = (ready - bare_ready) / bare_ready
    paired = statistics.median(o["ready"] / b["ready"] - 1 for o, b in zip(ours, bare))
    worker_start = med(ours, "worker")
    pyodide_up = statistics.median(o["stage-engine"] - o["worker"] for o in ours)
    bare_up = statistics.median(b["worker-ready"] - b["worker"] for b in bare)
    engine_up = statistics.median(o["worker-ready"] - o["stage-engine"] for o in ours)
    page_after = statistics.median(o["ready"] - o["worker-ready"] for o in ours)
    print(f"site load, median of {args.loads} cold loads from {server.url} (Chromium, fresh context)")
    print(f"  board visible       {board:8.0f} ms   (target < {TARGET_BOARD_MS} ms: "
          f"{'ok' if board < TARGET_BOARD_MS else 'MISSED'})")
    print(f"  engine ready        {ready:8.0f} ms")
    print(f"  bare Pyodide ready  {bare_ready:8.0f} ms")
    print(f"  our overhead        {overhead * 100:8.1f} %    (target < {TARGET_OVERHEAD * 100:.0f} %: "
          f"{'ok' if overhead < TARGET_OVERHEAD else 'MISSED'})")
    print(f"  (median of the paired load-by-load overheads: {paired * 100:.1f} %)")
    print("  where our time goes (medians, ms):")
    print(f"    page start -> worker created          {worker_start:7.0f}   (bare: {med(bare, 'worker'):.0f})")
    print(f"    worker -> Pyodide + wheel loaded      {pyodide_up:7.0f}   (bare Pyodide: {bare_up:.0f})")
    print(f"    -> import gamut, engine answers       {engine_up:7.0f}")
    print(f"    worker ready -> page data-engine=ready {page_after:6.0f}   (the page's own start-up calls)")
    print("  all loads (board / ready / bare ready, ms):")
    for o, b in zip(ours, bare):
        print(f"    {o['board']:7.0f} {o['ready']:7.0f} {b['ready']:7.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
