"""What a first visit transfers (issue #32): every file of the built site
raw, gzip -9 and brotli -11 (tools/build/sizes.py), and the files a first
visit actually requests, measured in Chromium: the page alone (the service
worker blocked) and with the service worker (which caches every file of the
build).  Engine-ready times (first and return visit, beside bare Pyodide)
are bench_site.py's.

    PYTHONPATH=py python3 bench/bench_size.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from tools.build import sizes  # noqa: E402

PREFIX = "/bench/size/"


def requested(browser, url: str, service_worker: bool) -> set[str]:
    """The site's files (paths relative to it) that a first visit in a fresh
    context requests until the engine is ready (and, with the service
    worker, until it controls the page: its install cached every file)."""
    context = browser.new_context(service_workers="allow" if service_worker else "block")
    seen: set[str] = set()
    try:
        context.on("request", lambda r: seen.add(r.url))
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=180_000)
        if service_worker:
            end = time.monotonic() + 120
            while not page.evaluate("navigator.serviceWorker.controller !== null"):
                if time.monotonic() > end:
                    raise SystemExit("the service worker never took over")
                time.sleep(0.2)
    finally:
        context.close()
    names = {u[len(url) :].split("?")[0] for u in seen if u.startswith(url)}
    return {n or "index.html" for n in names}


def main() -> int:
    from playwright.sync_api import sync_playwright

    site = build.build()
    rows = sizes.site_sizes(site)
    print(f"the site ({site}), every file raw, gzip -9 and brotli -11 (MB):")
    print(sizes.table(rows))
    by_name = {r.name: r for r in rows}
    server = build.make_server(site, PREFIX, 0)
    build.serve_in_thread(server)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(build.CHROMIUM), args=build.CHROMIUM_ARGS)
            visits = {
                "first visit, the page alone": requested(browser, server.url, False),
                "first visit with the service worker": requested(browser, server.url, True),
            }
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    print("what a first visit fetches (MB; files of the site it requested):")
    for label, names in visits.items():
        got = [by_name[n] for n in sorted(names) if n in by_name]
        raw, gz, br = sizes.totals(got)
        brotli = "-" if br is None else f"{br / 1e6:.3f}"
        print(
            f"  {label:38s} {len(got):3d} files  raw {raw / 1e6:6.3f}  gzip {gz / 1e6:6.3f}  brotli {brotli}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
