"""Long games in the page (issue #32): a 5,000-ply record steps at ply 4,900
at the cost of a step at ply 50, and the move list draws only what changed;
and the move list's current move in view (#28).

The step costs are compared within one run (no time limits: a busy machine
slows both alike): the median of 40 steps (20 forward, 20 back) at ply 4,900
is at most twice the median at ply 50 plus a floor of a few frames.
``python3 bench/long_game.py --page`` prints the same figures.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from conftest import guarded_page
from pagekit import cell, open_hash, wait_idle
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from long_game import link, long_line, page_steps

FLOOR_MS = 25  # a frame and a half: what a busy machine adds to a short median


@pytest.fixture(scope="module")
def long_page(browser, site_url, engine_snapshot):
    yield from guarded_page(browser, site_url, engine_snapshot, viewport={"width": 1280, "height": 800})


@pytest.mark.parametrize("game", ["loa", "evl"])
def test_a_5000_ply_record_steps_at_ply_4900_as_at_ply_50(long_page, site_url, game):
    page = long_page
    line = long_line(game)
    early = page_steps(page, site_url, game, line, 50)
    late = page_steps(page, site_url, game, line, 4900)
    print(f"{game}: a step at ply 50 {early:.1f} ms, at ply 4900 {late:.1f} ms")
    assert page.locator("#moves").get_attribute("data-nodes") == "5000"
    expect(page.locator("#moves .mv.current")).to_have_attribute("data-ply", "4900")
    assert late <= 2 * early + FLOOR_MS, f"ply 4900: {late:.1f} ms a step, ply 50: {early:.1f} ms"


# whether the current move is whole inside the move list's box, and the page unscrolled
WHOLE_JS = """async () => {
  await new Promise(ok => requestAnimationFrame(() => requestAnimationFrame(() => ok())));
  const current = document.querySelector("#moves .mv.current");
  const box = document.getElementById("moves").parentElement;
  const r = current.getBoundingClientRect(), b = box.getBoundingClientRect();
  const top = b.top + box.clientTop;
  return {whole: r.top >= top - 0.5 && r.bottom <= top + box.clientHeight + 0.5,
          at: [r.top - top, r.bottom - top, box.clientHeight], pageScroll: window.scrollY,
          ply: current.dataset.ply};
}"""


def test_a_link_opened_fresh_shows_its_current_move_whole_in_the_move_list(
    new_context, site_url, wait_engine_ready
):
    # (#28) the list is drawn, then the panel around it settles (here: the
    # window is made smaller): the current move stays whole, the page unscrolled
    page = new_context(viewport={"width": 1280, "height": 1000}).new_page()
    page.goto(site_url + link("loa", long_line("loa", 60), 60))
    wait_engine_ready(page)
    expect(page.locator("#moves .mv.current")).to_have_attribute("data-ply", "60")
    wait_idle(page)
    for width, height in [(1280, 1000), (1280, 800), (1366, 768), (360, 640)]:
        page.set_viewport_size({"width": width, "height": height})
        seen = page.evaluate(WHOLE_JS)
        assert seen["whole"] and seen["ply"] == "60", (width, height, seen)
        assert seen["pageScroll"] == 0, (width, height, seen)


def test_the_move_list_appends_a_move_and_moves_its_highlight_without_drawing_again(long_page):
    page = long_page
    open_hash(page, "#v1/loa/standard/double-connection=mover/d1-b3,h2-f4,b3-e3")
    first = page.locator("#moves .mv").first
    first.evaluate("b => { b.dataset.kept = 'yes'; }")
    cell(page, "h3").click()
    cell(page, "h8").click()
    wait_idle(page)
    expect(page.locator("#moves .mv")).to_have_count(4)
    expect(page.locator("#moves .mv.current")).to_have_attribute("data-ply", "4")
    page.locator("#prev").click()
    expect(page.locator("#moves .mv.current")).to_have_attribute("data-ply", "3")
    expect(page.locator("#moves .mv[aria-current=step]")).to_have_count(1)
    assert first.get_attribute("data-kept") == "yes"  # the same button: not drawn again
    # a variation changes the tree's shape: the list is drawn again, the variation in it
    page.locator("#prev").click()
    expect(page.locator("#moves .mv.current")).to_have_attribute("data-ply", "2")
    wait_idle(page)
    cell(page, "b3").click()
    cell(page, "b6").click()
    wait_idle(page)
    expect(page.locator("#moves .mv.var")).to_have_count(1)
    expect(page.locator("#moves .mv.var.current")).to_have_text("b3-b6")
    assert page.locator("#moves .mv").first.get_attribute("data-kept") is None
