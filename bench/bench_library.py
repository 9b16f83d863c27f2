"""The library at scale (issue #27): import and list times for 1,000,
5,000 and 20,000 games in the browser, and the longest main-thread task.

Builds on the site in dist/ (``build.py bench`` builds it first), serves it
on 127.0.0.1 and, in Debian's Chromium, imports a file of N short Lines of
Action games (two moves each, like the e2e test) into a fresh profile:
"import" is the file chosen -> "Imported N games." (the engine reads the
records a slice at a time in its worker, and each game's last position is
drawn for the list); "list" is Your games opened again -> all N listed (the
library read a page at a time); "search" is a name typed -> the one game
shown; "link" is a link of one of the N games opened (#v1/loa/standard/-/d1-b3,h5-g4:
the newest game with that line, found through the games' line summaries,
summaries.js) and "new link" one of no stored game (every summary of that
start read, then a new game); "after a reload" is the page loaded again and
Your games opened: the time to its first rows (the newest, read first) and
to all N listed (#47).  The long-task observer gives the longest
main-thread task during the import and after it (the page's budget: 100 ms).  A second run imports real
games (boardspace's Lines of Action records in tests/data, 50 to 120 moves,
written as Gamut records and repeated) to give the rate a player's archive
really gets.  The machine's load counts: figures are wall-clock times.

    PYTHONPATH=py python3 bench/bench_library.py [--sizes 1000,5000,20000] [--real 500]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

OBSERVE = """() => {
  window.__long = [];
  new PerformanceObserver(l => {
    for (const e of l.getEntries()) window.__long.push([e.startTime, e.duration]);
  }).observe({type: "longtask"});
}"""


def short_games(n: int) -> str:
    return "\n".join(
        f'[Game "loa"]\n[Name "Imported {i:05d}"]\n[Result "*"]\n\n1. d1-b3 h5-g4 *\n' for i in range(n)
    )


def real_games(n: int) -> str:
    from gamut import records

    text = "\n\n".join(
        (ROOT / "tests" / "data" / name).read_text(encoding="utf-8")
        for name in ("boardspace_standard.sgf", "boardspace_scrambled.sgf")
    )
    games = records.read(text).games
    return records.format([games[i % len(games)] for i in range(n)])


def longest(page, since: float, until: float | None = None) -> float:
    return page.evaluate(
        "([s, u]) => Math.max(0, ...window.__long.filter(([t, d]) => t + d > s && (u === null || t < u)).map(([, d]) => d))",
        [since, until],
    )


def open_link(page, fragment: str) -> float:
    """Seconds from a link put in the address to its game on the board."""
    before = page.evaluate("document.documentElement.dataset.revision")
    t0 = time.perf_counter()
    page.evaluate("f => { location.hash = f; }", fragment)
    page.wait_for_function(
        "r => document.documentElement.dataset.revision !== r && document.documentElement.dataset.busy === 'no'",
        arg=before,
        timeout=600_000,
    )
    return time.perf_counter() - t0


# when Your games is asked for, and when its first row comes: window.__firstRow =
# {at: ms after the click, read: the entries read by then (when they are counted)}
# (e2e/test_site_library_scale.py waits on the same)
FIRST_ROW = """
(() => {
  addEventListener("click", e => {
    if (e.target.closest && e.target.closest("#open-games")) window.__asked = performance.now();
  }, true);
  new MutationObserver((_, observer) => {
    if (window.__asked && document.querySelector("#games-list .game-row")) {
      window.__firstRow = {at: performance.now() - window.__asked, read: window.__entriesRead};
      observer.disconnect();
    }
  }).observe(document, {childList: true, subtree: true});
})();
"""


def after_reload(page, n: int) -> tuple[float, float, float]:
    """Your games after the page is loaded again: seconds to its first rows
    and to all ``n`` listed, and the longest task meanwhile (ms)."""
    from playwright.sync_api import expect

    page.reload()
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=120_000)
    page.wait_for_function("document.documentElement.dataset.busy === 'no'")
    page.evaluate(OBSERVE)
    started = page.evaluate("performance.now()")
    page.click("#open-games")
    expect(page.locator("#games-count")).to_have_text(f"{n:,} games", timeout=600_000)
    first, every = page.evaluate("[window.__firstRow.at, performance.now() - window.__asked]")
    long_list = longest(page, started)
    page.keyboard.press("Escape")
    return first / 1000, every / 1000, long_list


def run(browser, url: str, n: int, text: str, folder: Path) -> dict:
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(FIRST_ROW)
    page = context.new_page()
    page.goto(url)
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=120_000)
    page.evaluate(OBSERVE)
    page.keyboard.press("Shift")  # (the page's first gesture wakes its sound: a player's click to import)
    # (the sound's context is made when the page is next idle, before the import as after a real click)
    page.evaluate("() => new Promise(done => requestIdleCallback(() => done(), {timeout: 2000}))")
    path = folder / f"games-{n}.txt"
    path.write_text(text, encoding="utf-8")
    started = page.evaluate("performance.now()")
    t0 = time.perf_counter()
    page.set_input_files("#import-file", str(path))
    expect(page.locator("#import-summary")).to_contain_text("Imported", timeout=3_600_000)
    t_import = time.perf_counter() - t0
    ended = page.evaluate("performance.now()")
    summary = page.locator("#import-summary").text_content() or ""
    page.wait_for_function("() => !document.getElementById('games-count').textContent.includes('of')")
    page.keyboard.press("Escape")
    t1 = time.perf_counter()
    page.click("#open-games")
    expect(page.locator("#games-count")).to_have_text(f"{n:,} games", timeout=600_000)
    t_list = time.perf_counter() - t1
    t2 = time.perf_counter()
    page.fill("#games-search", "imported 00007" if "Imported" in text[:200] else "appendix")
    page.wait_for_function("() => document.getElementById('games-count').textContent.includes(' of ')")
    t_search = time.perf_counter() - t2
    page.wait_for_timeout(300)
    long_after = longest(page, ended)
    page.keyboard.press("Escape")
    first_s, every_s, long_reload = after_reload(page, n)
    t_link = open_link(page, "#v1/loa/standard/-/d1-b3,h5-g4") if "Imported" in text[:200] else None
    t_new = open_link(page, "#v1/loa/standard/-/b1-d3") if "Imported" in text[:200] else None
    out = {
        "n": n,
        "import_s": t_import,
        "list_s": t_list,
        "search_s": t_search,
        "long_during_ms": longest(page, started, ended),
        "long_after_ms": long_after,
        "first_rows_s": first_s,
        "all_rows_s": every_s,
        "long_reload_ms": long_reload,
        "link_s": t_link,
        "new_link_s": t_new,
        "summary": summary.splitlines()[0],
        "storage": page.locator("#games-storage").text_content(),
    }
    context.close()
    return out


def seconds(s: float | None) -> str:
    return "-" if s is None else f"{s:.2f}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="1000,5000,20000")
    ap.add_argument("--real", type=int, default=500, help="real games imported (0: none)")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    server = build.make_server(build.DIST, "/g/", 0)
    build.serve_in_thread(server)
    print(
        f"{'games':>8} {'import s':>9} {'games/s':>8} {'list s':>7} {'search s':>9} {'link s':>7} {'new link s':>11}"
        f" {'longest task during / after import ms':>40}   after a reload: first rows s, all s, longest task ms"
    )
    with sync_playwright() as p, tempfile.TemporaryDirectory() as tmp:
        browser = p.chromium.launch(executable_path=str(build.CHROMIUM), args=build.CHROMIUM_ARGS)
        runs = [(int(n), short_games(int(n)), "short") for n in args.sizes.split(",") if n]
        if args.real:
            runs.append((args.real, real_games(args.real), "real"))
        for n, text, kind in runs:
            r = run(browser, server.url, n, text, Path(tmp))
            print(
                f"{n:>8,} {r['import_s']:>9.1f} {n / r['import_s']:>8.0f} {r['list_s']:>7.2f} {r['search_s']:>9.2f}"
                f" {seconds(r['link_s']):>7} {seconds(r['new_link_s']):>11}"
                f" {r['long_during_ms']:>19.0f} / {r['long_after_ms']:<6.0f}"
                f"   {r['first_rows_s']:.2f}, {r['all_rows_s']:.1f}, {r['long_reload_ms']:.0f}"
                f" ({kind} games; {r['summary']})",
                flush=True,
            )
            print(f"{'':>8} {r['storage']}", flush=True)
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
