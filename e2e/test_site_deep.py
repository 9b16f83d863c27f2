"""Deep trees (#47, item 1): a record whose variations nest 2,400 deep (54 KB,
written by the engine's own writer) imported, crashed the tab when opened,
and since the last game reopens at start, every new tab of the site after.
Now the move list nests variations at most ``MAX_NESTING`` deep in the page
(deeper ones are written in line, in their parentheses), built without
recursion; and a game whose opening did not finish is offered at the next
start, not reopened."""

from __future__ import annotations

import random

from conftest import wait_engine_ready
from pagekit import library_entries, play, saved, wait_idle
from playwright.sync_api import expect

from gamut import bridge
from gamut.core import registry

MAX_NESTING = 8  # (web/panels/movelist.js)


def deep_record(depth: int = 2400, seed: int = 1) -> str:
    """A Lines of Action record whose variations nest ``depth`` deep: at each
    ply of a long line the main continuation is a one-move alternative and
    the line goes on as a variation, inside the one before it."""
    rng = random.Random(seed)
    state = registry.new("loa")
    start = state.to_text()
    line, alternatives = [], []
    for _ in range(depth):
        moves = [m for m in state.legal_moves() if not state.play_unchecked(m).is_over()]
        first, second = rng.sample(moves, 2)
        line.append(state.move_text(first))
        alternatives.append(state.move_text(second))
        state = state.play_unchecked(first)
    nodes, parent = [[0, line[0]]], 1
    for k in range(1, depth):
        nodes += [[parent, alternatives[k]], [parent, line[k]]]
        parent = len(nodes)
    record = {
        "v": 1,
        "nodes": nodes,
        "start": start,
        "meta": {"game": "loa", "variant": "standard", "options": {}},
        "players": ["h", "h"],
        "result": "*",
        "name": "deep",
    }
    return bridge.call("records_format", {"games": [record]})["text"]


def nesting(page) -> int:
    """How deep variations nest in the move list's markup."""
    return page.evaluate(
        """() => { let most = 0;
        for (const sub of document.querySelectorAll('#moves .sub')) {
            let n = 0; for (let e = sub; e; e = e.parentElement?.closest('.sub')) n++;
            most = Math.max(most, n); }
        return most; }"""
    )


def test_a_record_nesting_variations_2400_deep_opens_and_reopens(page, site_url):
    text = deep_record()
    assert 50_000 < len(text) < 60_000
    page.goto(site_url)
    wait_engine_ready(page)
    page.click("#open-games")
    page.click("#games-dialog .records summary")
    page.fill("#import-text", text)
    page.click("#import-paste")
    expect(page.locator("#import-summary")).to_have_text("Imported 1 game.", timeout=60_000)
    page.locator("#games-list .game-row", has_text="deep").locator('[data-act="open"]').click()
    wait_idle(page)
    moves = page.locator("#moves")
    expect(moves).to_have_attribute("data-nodes", str(2 * 2400 - 1))
    expect(moves.locator(".mv.var")).to_have_count(2 * 2400 - 3)
    assert MAX_NESTING <= nesting(page) <= MAX_NESTING + 1
    # the deepest variation's last move: a click shows it
    deepest = moves.locator('.mv.var[data-ply="2400"]')
    expect(deepest).to_have_count(2)  # (the line's last move, and the alternative beside it)
    deepest.first.click()
    wait_idle(page)
    expect(page.locator("html")).to_have_attribute("data-ply", "2400")
    # and the next start reopens it, whole
    page.reload()
    wait_engine_ready(page)
    wait_idle(page)
    expect(moves).to_have_attribute("data-nodes", str(2 * 2400 - 1))


def test_a_game_whose_opening_never_finished_is_offered_not_reopened(page, site_url):
    page.goto(site_url + "#v1/loa/standard/double-connection=mover/")
    wait_engine_ready(page)
    play(page, "d1", "b3")
    saved(page)
    page.reload()  # (a start that opens it: its opening is marked, then done once it is drawn)
    wait_engine_ready(page)
    wait_idle(page)
    expect(page.locator("#moves .mv")).to_have_text(["d1-b3"])
    page.wait_for_function("() => localStorage.getItem('gamut.opening') === null")
    # as if the tab had died while opening it (a game that crashed it); a new visit, with no link
    page.evaluate("() => localStorage.setItem('gamut.opening', localStorage.getItem('gamut.current-id'))")
    page.goto(site_url)
    wait_engine_ready(page)
    wait_idle(page)
    expect(page.locator("#notice")).to_contain_text("did not finish opening")
    expect(page.locator("#moves .mv")).to_have_count(0)  # (a fresh game instead)
    assert len(library_entries(page)) == 1, "the game is kept, to be opened from the list"
    # it opens from the list when the player asks
    page.click("#open-games")
    expect(page.locator("#games-dialog")).to_be_visible()
    page.locator("#games-list .game-row").first.locator('[data-act="open"]').click()
    wait_idle(page)
    expect(page.locator("#moves .mv")).to_have_text(["d1-b3"])
