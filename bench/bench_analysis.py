"""How long "Analyse" takes: a 60-move Lines of Action game analysed at every
level, in CPython and in the browser's worker.

The game is the first 60 moves of a game between two Casual computers
(seeded, so every run analyses the same game).  Each level's analysis is the
``analyse`` job of ``gamut.bridge`` (what the page runs), driven slice by
slice: in CPython through ``bridge.call``, in the browser through the page's
own ``engine.js`` and worker (Debian's Chromium, Playwright), the site built
into ``.build/dist-bench-analysis``.  Both must give the same analysis (the
searches count nodes, not time).

    PYTHONPATH=py python3 bench/bench_analysis.py [--levels beginner casual ...]
                                                  [--no-browser]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "py"))

import build  # noqa: E402

PLIES = 60
LEVELS = ("beginner", "casual", "strong", "master")
PREFIX = "/bench/analysis/"

ANALYSE_HTML = """<!doctype html>
<html><head><meta charset="utf-8"><title>analysis bench</title><link rel="icon" href="data:,"></head><body>
<script type="module">
import { Engine } from "./engine.js";
const engine = new Engine();
window.analyse = async (params) => {
  await engine.ready;
  const t0 = performance.now();
  const result = await engine.job("analyse", params).promise;
  return { result, wall_ms: performance.now() - t0 };
};
engine.ready.then(() => { document.documentElement.dataset.engine = "ready"; });
</script></body></html>
"""


def the_game() -> tuple[str, list[str]]:
    """The start text and 60 moves (plies) of a game between two Casual
    computers in which a move that would end the game is replaced by a
    random one that does not (games of Lines of Action between the
    computers last 30 to 45 plies): a long game, as a player may bring."""
    import gamut
    import gamut.ai
    from gamut import bridge

    rng = random.Random(1)
    s = gamut.new("loa")
    line: list[str] = []
    while len(line) < PLIES:
        m = gamut.ai.choose(s, "casual", seed=rng.getrandbits(32))
        if s.play(m).outcome() is not None:
            m = rng.choice([x for x in s.legal_moves() if s.play(x).outcome() is None])
        line.append(s.move_text(m))
        s = s.play(m)
    return bridge.start_text_of(gamut.new("loa")), line


def in_cpython(params: dict) -> tuple[dict, float]:
    from gamut import bridge

    t0 = time.perf_counter()
    job = bridge.call("job_start", {"kind": "analyse", **params})
    while True:
        step = bridge.call("job_step", {"job": job, "budget_ms": 40})
        if step["done"]:
            return step["result"], time.perf_counter() - t0


def in_browser(jobs: list[dict]) -> Iterator[tuple[dict, float]]:
    from playwright.sync_api import sync_playwright

    dist = build.build(out=build.BUILD / "dist-bench-analysis")
    own = build.build_info(dist)["build"]  # the build's own folder, where engine.js is
    with tempfile.TemporaryDirectory() as tmp:
        page_file = Path(tmp) / "analyse.html"
        page_file.write_text(ANALYSE_HTML)
        server = build.make_server(dist, PREFIX, overlay={own + "analyse-bench.html": page_file})
        build.serve_in_thread(server)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=str(build.CHROMIUM), args=build.CHROMIUM_ARGS)
                context = browser.new_context(service_workers="block")
                page = context.new_page()
                page.goto(server.url + own + "analyse-bench.html")
                page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=120_000)
                page.evaluate(
                    "p => window.analyse(p)", {**jobs[0], "line": jobs[0]["line"][:2], "level": "beginner"}
                )  # warm-up import
                for params in jobs:  # (each as it is done: Master takes minutes)
                    r = page.evaluate("p => window.analyse(p)", params)
                    yield r["result"], r["wall_ms"] / 1000
                browser.close()
        finally:
            server.shutdown()
            server.server_close()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", nargs="*", default=list(LEVELS), choices=LEVELS)
    parser.add_argument("--no-browser", action="store_true")
    args = parser.parse_args(argv)
    start, line = the_game()
    jobs = [{"start": start, "line": line, "level": level} for level in args.levels]
    print(
        f"analysing a {PLIES}-move Lines of Action game (Casual against Casual, "
        "no move ending it, "
        f"{PLIES + 1} positions; the analyse job, level by level):",
        flush=True,
    )
    cpython = []
    for level, params in zip(args.levels, jobs):
        result, seconds = in_cpython(params)
        cpython.append((result, seconds))
        marks = sum(1 for m in result["moves"] if m["mark"])
        extra = sum(1 for m in result["moves"] if m["best_after"] is not None)
        print(
            f"  {level:9s} CPython        {seconds:6.1f} s ({seconds / (PLIES + 1) * 1000:5.0f} ms "
            f"a position; {extra} moves also searched after the engine's move, {marks} marked)",
            flush=True,
        )
    if args.no_browser:
        return 0
    for level, (b_result, b_seconds), (result, seconds) in zip(args.levels, in_browser(jobs), cpython):
        same = "the same analysis" if b_result == result else "ANOTHER ANALYSIS"
        print(
            f"  {level:9s} browser worker {b_seconds:6.1f} s ({b_seconds / seconds:.1f} times "
            f"CPython's; {same})",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
