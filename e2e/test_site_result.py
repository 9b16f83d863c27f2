"""The end of a game against the computer (issue #41): the result is said
off the board's cells, in the panel, and the board marks the winning line or
group (the engine's ``outcome.cells``); the result's words are whole in every
language; the winning move is not taken back; an abort says so where a
player sees it; "Link copied" fades after a few seconds (Playwright's clock,
no real waiting) and never comes back over a later game."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from conftest import wait_engine_ready
from pagekit import open_hash, open_site, wait_idle
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from bench_share import GAMES, finished_game  # (a finished game of each game, the same on every run)

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 360, "height": 640}}
LOCALES = {"en": "en-US", "de": "de-DE", "fr": "fr-FR", "es": "es-ES", "hu": "hu-HU"}
SEEDS = GAMES  # a seed per game that ends its game soon (a winning move taken when there is one)
VS_COMPUTER = "/players=h,c:beginner"
RESULT_PARTS = ".result-row, #result, #result-badge"


def finished(game: str) -> tuple[str, list[str], tuple[str, ...]]:
    """A game of ``game`` played to its end, the same on every run: its link
    (Human against the computer at Beginner), its moves and the cells its
    outcome names (the winning line or group)."""
    fragment, moves, state = finished_game(game, SEEDS[game])
    return fragment + VS_COMPUTER, moves, state.outcome().cells


def overlap(a: dict, b: dict) -> float:
    w = min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"])
    h = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"])
    return max(0.0, w) * max(0.0, h)


def boxes(page, selector: str) -> list[dict]:
    """The boxes of ``selector``'s displayed elements, named."""
    return page.eval_on_selector_all(
        selector,
        """els => els.filter(e => e.getClientRects().length).map(e => {
            const r = e.getBoundingClientRect();
            return {name: e.id || e.dataset.cell || e.className, x: r.x, y: r.y, width: r.width, height: r.height};
        })""",
    )


def test_the_result_lies_off_the_board_and_the_board_marks_the_win(new_context, site_url):
    page = open_site(new_context(viewport=SIZES["desktop"]), site_url)
    for game in SEEDS:
        fragment, moves, cells = finished(game)
        open_hash(page, fragment)
        expect(page.locator("#moves .mv")).to_have_count(len(moves))
        expect(page.locator("#result-badge")).to_be_visible()
        # the winning line or group, as the engine names it, marked on the board
        marked = page.eval_on_selector_all("#board .hl-win", "els => els.map(e => e.dataset.cell)")
        assert sorted(marked) == sorted(cells), (game, marked, cells)
        for size, viewport in SIZES.items():
            page.set_viewport_size(viewport)
            page.evaluate("window.scrollTo(0, 0)")
            shown = boxes(page, RESULT_PARTS)
            assert {"result", "result-badge"} <= {b["name"] for b in shown}, (game, size, shown)
            for b in shown:
                hit = [c["name"] for c in boxes(page, "#board .hit") if overlap(b, c) > 0.5]
                assert not hit, f"{game} at {size}: {b['name']} lies over the cells {hit}"
        page.set_viewport_size(SIZES["desktop"])


@pytest.mark.parametrize("lang", list(LOCALES))
def test_escabels_result_is_said_whole_in_every_language(new_context, site_url, lang):
    context = new_context(locale=LOCALES[lang], viewport=SIZES["desktop"])
    page = open_site(context, site_url)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    fragment, _, _ = finished("escabel")
    open_hash(page, fragment)
    expect(page.locator("#result")).to_be_visible()
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        cut = page.eval_on_selector_all(
            "#result, #result *, #result-badge, #result-badge *",
            """els => els.filter(e => e.getClientRects().length
                && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1))
              .map(e => `${e.id || e.tagName}: ${e.scrollWidth}x${e.scrollHeight} in ${e.clientWidth}x${e.clientHeight}`)""",
        )
        assert not cut, f"{lang} at {size}: the result is cut: {cut}"
        # and whole inside the window, its card inside the panel
        words, panel = boxes(page, "#result span")[0], boxes(page, ".panel")[0]
        assert words["x"] >= panel["x"] and words["x"] + words["width"] <= panel["x"] + panel["width"] + 0.5
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]


def test_a_won_game_against_the_computer_is_not_taken_back(new_context, site_url):
    fragment, moves, _ = finished("el")
    # the game before its winning move: the human (Red) plays it
    before = fragment.replace(VS_COMPUTER, "").rsplit(",", 1)[0] + VS_COMPUTER
    page = open_site(new_context(), site_url, before)
    expect(page.locator("#moves .mv")).to_have_count(len(moves) - 1)
    expect(page.locator("#undo")).to_be_enabled()
    page.fill("#move-input", moves[-1])
    page.press("#move-input", "Enter")
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#moves .mv")).to_have_count(len(moves))
    expect(page.locator("#undo")).to_be_disabled()
    expect(page.locator("#redo")).to_be_disabled()
    # browsing back and forth leaves the game finished
    page.click("#prev")
    expect(page.locator("#undo")).to_be_disabled()
    page.click("#last")
    wait_idle(page)
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#moves .mv")).to_have_count(len(moves))
    assert page.evaluate("location.hash").endswith(VS_COMPUTER)


def test_abort_against_the_computer_says_so_and_copied_fades_never_to_come_back(new_context, site_url):
    page = new_context(viewport=SIZES["phone"]).new_page()
    page.clock.install()
    page.goto(site_url + "#v1/loa/standard/double-connection=mover/" + VS_COMPUTER)
    wait_engine_ready(page)
    wait_idle(page)
    explain = page.locator("#explain")
    # abort, against the computer: said on the page, not only to a screen reader
    page.click("#abort")
    page.click("#confirm-yes")
    expect(explain).to_have_text("Game aborted: it was deleted.")
    expect(explain).to_be_visible()
    page.clock.run_for(10_000)
    expect(explain).to_have_text("")
    # "Link copied" fades after a few seconds
    page.evaluate("() => { navigator.clipboard.writeText = () => Promise.resolve(); }")
    page.click("#copy-link")
    expect(explain).to_have_text("Link copied to the clipboard.")
    expect(explain).to_be_visible()
    page.clock.run_for(2_000)
    expect(explain).to_have_text("Link copied to the clipboard.")  # (a few seconds: not at once)
    page.clock.run_for(8_000)
    expect(explain).to_have_text("")
    expect(explain).to_be_hidden()
    # copied again, then another game: the message goes with the game before
    page.click("#copy-link")
    expect(explain).to_have_text("Link copied to the clipboard.")
    fragment, _, _ = finished("escabel")
    open_hash(page, fragment)
    expect(page.locator("#result")).to_be_visible()
    expect(explain).to_have_text("")
    page.clock.run_for(20_000)
    expect(explain).to_have_text("")
