"""Pictures of a position (issue #45): how long the Share dialog takes to
give a PNG (the board drawn again off screen, its colours written in, the
SVG drawn on a canvas and encoded) and an SVG, and how large they are, for
a finished game of each game at 480, 800 and 1200 px; and how long an
animated GIF of a 60-move game takes at 480 px (the issue's bar: under 10 s
on a laptop), and its size; and what the embed page (embed.html) fetches on
its own first load, and how soon it shows its game.

Builds on the site in dist/ (``build.py bench`` builds it first), serves it
on 127.0.0.1 and, in Debian's Chromium, opens each game's finished position
by link, then times a click on "Download PNG" (or SVG) to the browser's
download, the median of three.  Wall-clock times: the machine's load counts.

    PYTHONPATH=py python3 bench/bench_share.py
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

GAMES = {"loa": 16, "el": 15, "escabel": 26, "evl": 29}  # (a seed each that ends its game soon)
WIDTHS = [480, 800, 1200]


def finished_game(game: str, seed: int):
    """A game of ``game`` played to its end, the same for a seed (a winning
    move taken when there is one): its link, its moves and its last state."""
    import gamut

    rng = random.Random(seed)
    state = gamut.new(game)
    moves: list[str] = []
    while state.outcome() is None:
        legal = state.legal_moves()
        won = [m for m in legal if (o := state.play(m).outcome()) is not None and o.winner == state.to_move]
        move = won[0] if won else rng.choice(legal)
        moves.append(state.move_text(move))
        state = state.play(move)
    opts = ",".join(f"{k}={v}" for k, v in state.options_json().items()) or "-"
    written = ",".join(quote(m, safe="-_.~!*'()=:;+") for m in moves)
    return f"#v1/{game}/{state.variant}/{opts}/{written}", moves, state


def timed_download(page, button: str) -> tuple[float, int]:
    """Seconds from a click on ``button`` to its download, and the file's bytes."""
    started = time.perf_counter()
    with page.expect_download() as download:
        page.click(button)
    path = download.value.path()
    return time.perf_counter() - started, path.stat().st_size


def main() -> int:
    from playwright.sync_api import sync_playwright

    server = build.make_server(build.DIST, "/g/", 0)
    build.serve_in_thread(server)
    print(f"{'game':>8} {'moves':>6} {'width':>6} {'PNG ms':>7} {'PNG KB':>7} {'SVG ms':>7} {'SVG KB':>7}")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(build.CHROMIUM), args=build.CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 1280, "height": 800}, accept_downloads=True)
        for game, seed in GAMES.items():
            fragment, line, _state = finished_game(game, seed)
            moves = len(line)
            for width in WIDTHS:
                # (a page of its own for each width: Chromium lets a page make only so many downloads)
                page = context.new_page()
                page.goto(server.url + fragment)
                page.wait_for_selector("html[data-engine=ready]", timeout=120_000)
                page.wait_for_function(f"() => document.querySelectorAll('#moves .mv').length === {moves}")
                page.click("#share")
                page.wait_for_function("() => document.getElementById('share-preview')?.complete")
                page.select_option("#share-width", str(width))
                png = [timed_download(page, "#share-png") for _ in range(3)]
                svg = [timed_download(page, "#share-svg") for _ in range(3)]
                print(
                    f"{game:>8} {moves:>6} {width:>6}"
                    f" {statistics.median(t for t, _ in png) * 1000:>7.0f} {png[-1][1] / 1024:>7.1f}"
                    f" {statistics.median(t for t, _ in svg) * 1000:>7.0f} {svg[-1][1] / 1024:>7.1f}",
                    flush=True,
                )
                page.close()
        # an animated GIF of 60 moves of Lines of Action at 480 px (a random legal line)
        fragment = sixty_moves()
        page = context.new_page()
        page.goto(server.url + fragment)
        page.wait_for_selector("html[data-engine=ready]", timeout=120_000)
        page.wait_for_function("() => document.querySelectorAll('#moves .mv').length === 60")
        page.click("#share")
        page.select_option("#share-width", "480")
        page.fill("#share-gif-from", "1")
        page.fill("#share-gif-to", "60")
        started = time.perf_counter()
        with page.expect_download(timeout=120_000) as download:
            page.click("#share-gif")
        took = time.perf_counter() - started
        size = download.value.path().stat().st_size
        print(f"GIF of 60 moves at 480 px: {took:.1f} s, {size / 1024:.0f} KB", flush=True)
        embed_first_load(browser, server.url)
        browser.close()
    return 0


def embed_first_load(browser, site_url: str) -> None:
    """The embed page's own first load (a fresh profile, as in a blog's iframe):
    the files it fetches, their bytes (raw, and gzip -9 as a host would send
    them) and the time until the game is shown."""
    import gzip

    fragment, line, _state = finished_game("loa", GAMES["loa"])
    context = browser.new_context(viewport={"width": 640, "height": 400})
    fetched: set[str] = set()
    context.on("response", lambda r: r.ok and r.url.startswith(site_url) and fetched.add(r.url.split("#")[0]))
    page = context.new_page()
    started = time.perf_counter()
    page.goto(site_url + "embed.html" + fragment)
    page.wait_for_selector("html[data-embed=shown]", timeout=120_000)
    took = time.perf_counter() - started
    context.close()
    files = [build.DIST / url[len(site_url) :].split("?")[0] for url in fetched]
    files = [f for f in files if f.is_file()]
    raw = sum(f.stat().st_size for f in files)
    packed = sum(len(gzip.compress(f.read_bytes(), 9)) for f in files)
    print(
        f"embed.html, first load: {len(files)} files, {raw / 1e6:.2f} MB ({packed / 1e6:.2f} MB gzip),"
        f" the game of {len(line)} moves shown in {took:.1f} s",
        flush=True,
    )


def sixty_moves() -> str:
    """A link of 60 moves of Lines of Action (random, none of them ending the game)."""
    import gamut

    rng = random.Random(60)
    state = gamut.new("loa")
    moves: list[str] = []
    while len(moves) < 60:
        legal = [m for m in state.legal_moves() if state.play(m).outcome() is None]
        move = rng.choice(legal)
        moves.append(state.move_text(move))
        state = state.play(move)
    opts = ",".join(f"{k}={v}" for k, v in state.options_json().items()) or "-"
    return f"#v1/loa/{state.variant}/{opts}/" + ",".join(quote(m, safe="-_.~!*'()=:;+") for m in moves)


if __name__ == "__main__":
    sys.exit(main())
