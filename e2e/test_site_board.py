"""The board marks the last move in every game (issue #28): Lines of Action's
two squares, EL's written cell, Escabel's two points and EVL's whole path,
in a colour that shows; none at the start; and the mark is drawn with the
position, at once, not after its motion.
"""

from __future__ import annotations

import pytest
from pagekit import open_hash, wait_idle
from playwright.sync_api import expect
from test_site_motion import find_line, game_link

import gamut

MOVES = {
    "loa": lambda s, t, v: "x" in t,  # a capture
    "el": lambda s, t, v: True,  # a number written
    "escabel": lambda s, t, v: ">" in t,  # a piece onto a stack
    "evl": lambda s, t, v: len(v["last_move"]) >= 3,  # an unstack along a path
}


def marked(page) -> list[str]:
    return page.eval_on_selector_all("#board .layer-highlights .hl-last", "e => e.map(n => n.dataset.cell)")


@pytest.mark.parametrize("game", list(MOVES))
def test_the_last_move_is_marked(shared_page, game):
    page = shared_page
    line, move = find_line(game, MOVES[game])
    state = gamut.new(game)
    for text in [*line, move]:
        state = state.play(state.parse_move(text))
    want = state.view()["last_move"]
    assert want, "the move touches cells"
    open_hash(page, game_link(game, [*line, move]))
    assert sorted(marked(page)) == sorted(want)
    # in a colour that shows (not transparent)
    fills = page.eval_on_selector_all(
        "#board .layer-highlights .hl-last", "e => e.map(n => getComputedStyle(n).fill)"
    )
    assert all(f not in ("none", "transparent", "rgba(0, 0, 0, 0)") for f in fills), fills
    # entered afresh: marked as soon as the position is drawn, while its motion runs
    page.locator("#prev").click()
    wait_idle(page)
    page.evaluate("""() => new Promise(done => {
        const svg = document.getElementById('board');
        const seen = new MutationObserver(() => {
            if (svg.dataset.animating === 'yes') {
                window.__markedWhileMoving = [...svg.querySelectorAll('.layer-highlights .hl-last')]
                    .map(n => n.dataset.cell);
                seen.disconnect();
            }
        });
        seen.observe(svg, { attributes: true, attributeFilter: ['data-animating'] });
        done();
    })""")
    page.locator("#next").click()
    page.wait_for_function("() => Array.isArray(window.__markedWhileMoving)")
    assert sorted(page.evaluate("window.__markedWhileMoving")) == sorted(want)
    page.evaluate("() => { delete window.__markedWhileMoving; }")
    # the start: nothing marked
    open_hash(page, game_link(game, []))
    expect(page.locator("#board .hl-last")).to_have_count(0)
