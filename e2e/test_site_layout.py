"""Layout at a desktop (1280x800) and a phone (390x844) size, for every game.

The board and the side panel must be fully visible without horizontal
scrolling and must not overlap; on the phone the board comes first and the
panel below it.  Screenshots of each game after a few moves are saved under
e2e/screenshots/ (gitignored) for a person to look at.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import wait_engine_ready
from pagekit import few_moves
from playwright.sync_api import expect

import gamut

SHOTS = Path(__file__).resolve().parent / "screenshots"
VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
LOA_MOVES = ["b1-d3", "h2-f4", "c1xf4", "a2-c4"]


def link(game: str, moves: list[str]) -> str:
    state = gamut.new(game)
    opts = ",".join(f"{k}={v}" for k, v in state.options_json().items()) or "-"
    return f"#v1/{game}/{state.variant}/{opts}/" + ",".join(moves)


def box(page, selector: str) -> dict:
    b = page.locator(selector).bounding_box()
    assert b is not None, f"{selector} is not displayed"
    return b


def overlap(a: dict, b: dict) -> float:
    w = min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"])
    h = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"])
    return max(0.0, w) * max(0.0, h)


def check_layout(page, kind: str, size: dict) -> None:
    # no horizontal scrolling at all
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    page.evaluate("window.scrollTo(0, 0)")
    board, panel = box(page, "#board"), box(page, ".panel")
    parts = {"board": board, "panel": panel}
    if page.locator("#palette").is_visible():
        parts["palette"] = box(page, "#palette")
    for name, b in parts.items():
        assert b["x"] >= 0 and b["x"] + b["width"] <= size["width"] + 0.5, f"{name} is cut off: {b}"
    names = list(parts)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert overlap(parts[a], parts[b]) == 0, f"{a} and {b} overlap: {parts[a]} {parts[b]}"
    # the board is shown whole, and big
    assert board["y"] >= 0 and board["y"] + board["height"] <= size["height"], (
        f"board not fully visible: {board}"
    )
    if kind == "desktop":
        assert board["width"] >= 560 or board["height"] >= 560, board
        assert panel["x"] >= board["x"] + board["width"]  # panel beside the board
        assert panel["y"] + panel["height"] <= size["height"], f"panel not fully visible: {panel}"
        if "palette" in parts:
            p = parts["palette"]
            assert p["y"] + p["height"] <= size["height"], f"palette not visible: {p}"
    else:
        assert board["width"] >= 340, board
        assert panel["y"] >= board["y"] + board["height"]  # panel below the board
    # the page's own controls are reachable: nothing wider than the screen
    wide = page.evaluate(
        """w => [...document.querySelectorAll('body *')]
        .filter(e => e.getBoundingClientRect().right > w + 0.5 && e.getClientRects().length)
        .map(e => e.tagName + '#' + e.id + '.' + e.className)""",
        size["width"],
    )
    assert not wide, f"elements wider than the screen: {wide[:5]}"


@pytest.mark.parametrize("kind", list(VIEWPORTS))
def test_layout(kind, new_context, site_url):
    size = VIEWPORTS[kind]
    SHOTS.mkdir(exist_ok=True)
    page = new_context(viewport=size).new_page()
    page.goto(site_url + link("loa", LOA_MOVES))
    wait_engine_ready(page)
    expect(page.locator("#moves .mv")).to_have_count(len(LOA_MOVES))
    page.locator('#board .hit[data-cell="d3"]').click()  # a selected piece and its targets
    expect(page.locator("#board .target").first).to_be_attached()
    check_layout(page, kind, size)
    page.screenshot(path=str(SHOTS / f"{kind}-loa.png"), full_page=True)

    for game in gamut.GAMES:
        if game == "loa":
            continue
        moves = few_moves(game)
        before = page.evaluate("document.documentElement.dataset.revision")
        page.evaluate("f => { location.hash = f; }", link(game, moves))
        page.wait_for_function(
            "r => document.documentElement.dataset.revision !== r"
            " && document.documentElement.dataset.busy === 'no'",
            arg=before,
        )
        expect(page.locator("#notice")).to_be_hidden()
        expect(page.locator("#moves .mv")).to_have_count(len(moves))
        assert page.locator("#board .hit").count() == len(gamut.new(game).view()["board"]["cells"])
        check_layout(page, kind, size)
        page.screenshot(path=str(SHOTS / f"{kind}-{game}.png"), full_page=True)


@pytest.mark.parametrize("size", [(1280, 800), (1366, 768)])
def test_nothing_moves_when_a_game_ends(size, new_context, site_url):
    # The result takes the status line's place at its height, and the end's
    # buttons the game's: the board and the move list stay where they were.
    page = new_context(viewport={"width": size[0], "height": size[1]}).new_page()
    page.goto(site_url + link("loa", ["b1-d3"]))
    wait_engine_ready(page)
    expect(page.locator("#game-actions")).to_be_visible()
    before = {s: box(page, s) for s in ("#board", "#moves", "#status")}
    page.click("#resign")
    page.click("#confirm-yes")
    expect(page.locator("#end-panel")).to_be_visible()
    expect(page.locator("#result")).to_contain_text("Black wins")
    assert box(page, "#board") == before["#board"]
    assert box(page, "#moves") == before["#moves"]
    # (the result's card, #41: the words and the score in the status line's room)
    result = box(page, ".result-row")
    assert (
        abs(result["y"] - before["#status"]["y"]) < 1 and result["height"] <= before["#status"]["height"] + 1
    ), (result, before["#status"])
