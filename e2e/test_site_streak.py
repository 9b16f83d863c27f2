"""Puzzle Streak (#streak/<game>, issue #44) and a newcomer's first rated
puzzles, in Chromium: a run of rising difficulty solved puzzle by puzzle
(the next one comes by itself), its one skip, the run ended by the first
wrong move (View solution, New streak), the best run kept after a reload,
and the rated puzzles' first three for a new player taken from the game's
easiest third.  The pure rules (the ladder, the run, the newcomer's
placing) are node-tested in tests/js/puzzlestreak.test.mjs and
puzzlestore.test.mjs.

Uses infra's fixtures (e2e/conftest.py): every context is guarded against
requests leaving 127.0.0.1 and against console errors.
"""

from __future__ import annotations

from conftest import BLANK_PAGE, wait_engine_ready
from conftest import _origin as origin
from playwright.sync_api import expect
from puzzlekit import (
    a_wrong_move,
    click_move,
    entry_of,
    phase,
    puzzles_of,
    shown,
    solve_by_clicks,
    view_at,
    wait_phase,
)


def easiest_third(puzzles: dict) -> set[str]:
    ranked = sorted(puzzles.values(), key=lambda p: p["rating"])
    return {p["id"] for p in ranked[: -(-len(ranked) // 3)]}


def streak(page) -> int:
    return int(page.locator("#puzzle-page").get_attribute("data-streak") or -1)


def solve_in_streak(page, puzzle: dict) -> None:
    """Play the player's moves of the streak's puzzle shown until the run's
    score goes up (then the page brings the next puzzle by itself)."""
    before = streak(page)
    while True:
        page.wait_for_function(
            """([id, score]) => {
                const box = document.getElementById('puzzle-page');
                return Number(box.dataset.streak) > score ||
                    (box.dataset.puzzleId === id && document.documentElement.dataset.puzzle === 'play');
            }""",
            arg=[puzzle["id"], before],
        )
        if streak(page) > before:
            return
        _, step = shown(page)
        click_move(page, entry_of(view_at(puzzle, step), puzzle["line"][step]))
        page.wait_for_function(
            """([id, step, score]) => {
                const box = document.getElementById('puzzle-page');
                const p = document.documentElement.dataset.puzzle;
                return Number(box.dataset.streak) > score || box.dataset.puzzleId !== id ||
                    p === 'wrong' || (p === 'play' && Number(box.dataset.step) > step);
            }""",
            arg=[puzzle["id"], step, before],
        )
        assert phase(page) != "wrong", f"{puzzle['id']}: {puzzle['line'][step]} was judged wrong"


def test_a_streak_rises_skips_once_ends_at_a_wrong_move_and_keeps_the_best(page, site_url):
    page.goto(site_url + "#streak/loa")
    wait_engine_ready(page)
    wait_phase(page, "play")
    puzzles = puzzles_of("loa")
    box = page.locator("#puzzle-page")
    expect(box).to_have_attribute("data-mode", "streak")
    expect(page.locator("#puzzle-title")).to_have_text("Lines of Action Puzzle Streak")
    expect(page.locator("#puzzle-streak-score")).to_have_text("Streak 0")
    expect(page.locator("#puzzle-streak-intro")).to_be_visible()
    # no hints in a streak, no Next while a run goes on: Skip instead
    expect(page.locator("#puzzle-hint")).to_be_hidden()
    expect(page.locator("#puzzle-next")).to_be_hidden()
    expect(page.locator("#puzzle-skip")).to_be_enabled()
    first, _ = shown(page)
    assert first in easiest_third(puzzles), "a run starts with an easy puzzle"
    solve_in_streak(page, puzzles[first])
    expect(box).to_have_attribute("data-streak", "1")
    expect(page.locator("#puzzle-streak-score")).to_have_text("Streak 1")
    wait_phase(page, "play")
    second, _ = shown(page)
    assert second != first
    assert puzzles[second]["rating"] >= puzzles[first]["rating"], "the next is no easier"
    # the run's one skip: another puzzle, the score unchanged, no second skip
    page.locator("#puzzle-skip").click()
    page.wait_for_function("id => document.getElementById('puzzle-page').dataset.puzzleId !== id", arg=second)
    wait_phase(page, "play")
    expect(page.locator("#puzzle-status")).to_contain_text("Skipped")
    expect(box).to_have_attribute("data-streak", "1")
    expect(page.locator("#puzzle-skip")).to_be_disabled()
    third, step = shown(page)
    assert puzzles[third]["rating"] >= puzzles[second]["rating"]
    # a wrong move ends the run: said, the solution and a new run offered, no Retry
    puzzle = puzzles[third]
    click_move(page, a_wrong_move(view_at(puzzle, step), puzzle["line"][step]))
    wait_phase(page, "wrong")
    expect(page.locator("#puzzle-status")).to_contain_text("The run is over: 1 solved. Your best: 1.")
    expect(page.locator("#puzzle-retry")).to_be_hidden()
    expect(page.locator("#puzzle-solution")).to_be_visible()
    expect(page.locator("#puzzle-next")).to_have_text("New streak")
    expect(page.locator("#puzzle-streak-best")).to_have_text("Best 1")
    page.locator("#puzzle-solution").click()
    expect(page.locator("#puzzle-solution-box")).to_be_visible()
    # the best run is kept (IndexedDB): the same after a reload, in a new run
    page.reload()
    wait_engine_ready(page)
    wait_phase(page, "play")
    expect(box).to_have_attribute("data-streak", "0")
    expect(page.locator("#puzzle-streak-best")).to_have_text("Best 1")
    # the rated puzzles are untouched by a streak, and one click away
    page.locator('.puzzle-modes a[data-mode="rated"]').click()
    wait_phase(page, "play")
    expect(box).to_have_attribute("data-mode", "rated")
    expect(page.locator("#puzzle-history li")).to_have_count(0)
    expect(page.locator("#puzzle-hint")).to_be_visible()


def test_a_newcomers_first_three_rated_puzzles_are_among_the_easiest_third(page, site_url):
    page.goto(site_url + "#puzzles/escabel")
    wait_engine_ready(page)
    puzzles = puzzles_of("escabel")
    easy = easiest_third(puzzles)
    seen = []
    # the first solved, the second failed (its solution viewed), the third shown
    for how in ("solve", "view", None):
        wait_phase(page, "play")
        pid, _ = shown(page)
        seen.append(pid)
        if how == "solve":
            solve_by_clicks(page, puzzles[pid])
        elif how == "view":
            # its solution, a move at a time (its first move is shown with it): the step
            # waited for after each, not the button (disabled at the last move a moment
            # before the puzzle is over)
            solution = puzzles[pid]["line"][1:]
            page.locator("#puzzle-solution").click()
            expect(page.locator("#puzzle-page")).to_have_attribute("data-step", "2")
            for at in range(2, len(solution) + 1):
                page.locator("#puzzle-solution-next").click()
                expect(page.locator("#puzzle-page")).to_have_attribute("data-step", str(at + 1))
        if how:
            wait_phase(page, "done")
            page.locator("#puzzle-next").click()
            page.wait_for_function(
                "id => document.getElementById('puzzle-page').dataset.puzzleId !== id", arg=pid
            )
    assert len(set(seen)) == 3
    assert set(seen) <= easy, f"{seen}: not all among the easiest third"


# An earlier version's own puzzle database: a record of a player with a rating and a history
EARLIER = """async (record) => {
    const db = await new Promise((ok, fail) => {
        const r = indexedDB.open('gamut-puzzles', 1);
        r.onupgradeneeded = () => r.result.createObjectStore('games', {keyPath: 'game'});
        r.onsuccess = () => ok(r.result);
        r.onerror = () => fail(r.error);
    });
    await new Promise((ok, fail) => {
        const tx = db.transaction('games', 'readwrite');
        tx.objectStore('games').put(record);
        tx.oncomplete = ok;
        tx.onerror = () => fail(tx.error);
    });
    db.close();
}"""


def test_an_earlier_versions_puzzle_database_moves_into_the_pages_one(page, site_url):
    """Before version 4 of the page's database the puzzles kept a database of
    their own ("gamut-puzzles"): its records move into the store "puzzles"
    of "gamut" at the next start, nothing lost, and it is deleted.  Its
    history names a puzzle by an old numbered id, which no puzzle has now
    (ids come from positions): the entry stays, shown as gone, not opened."""
    page.goto(origin(site_url) + BLANK_PAGE)  # (the site's origin, no page of the site open yet)
    history = [{"id": "loa-0001", "solved": True, "change": 12, "rating": 1500, "theme": "connect", "at": 1}]
    page.evaluate(
        EARLIER,
        {
            "game": "loa",
            "rating": {"rating": 1777, "deviation": 80, "volatility": 0.06},
            "streak": 1,
            "best": 4,
            "history": history,
        },
    )
    page.goto(site_url + "#puzzles/loa")
    wait_engine_ready(page)
    wait_phase(page, "play")
    expect(page.locator("#puzzle-rating-value")).to_have_text("1777")
    expect(page.locator("#puzzle-rating")).to_contain_text("(best 4)")
    old = page.locator('#puzzle-history button[data-puzzle="loa-0001"]')
    expect(old).to_have_class("puzzle-tried solved gone")
    expect(old).to_be_disabled()
    expect(old).to_have_attribute("title", "No longer in the puzzle set")
    page.wait_for_function("async () => !(await indexedDB.databases()).some(d => d.name === 'gamut-puzzles')")
    stores = page.evaluate(
        """() => new Promise(ok => {
            const r = indexedDB.open('gamut');
            r.onsuccess = () => { ok([r.result.version, [...r.result.objectStoreNames]]); r.result.close(); };
        })"""
    )
    # (objectStoreNames come sorted: the puzzles' store beside every other store of the page's one database)
    assert stores == [5, ["games", "lessons", "lines", "mistakes", "progress", "puzzles"]]


def test_a_first_visit_on_a_phone_to_a_lesson_or_a_streak_shows_the_board_first(new_context, site_url):
    """The first visit's start panel (a phone, #41) put its game's panel
    first and hid its heading; a rule of that page's layout also reached the
    lesson and puzzle pages opened over it, putting their boards under their
    panels, off the first screen."""
    page = new_context(viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True).new_page()
    page.goto(site_url + "#learn/evl")
    wait_engine_ready(page)
    page.wait_for_function("document.documentElement.dataset.lesson === 'play'")
    for board, panel, heading in (
        ("#lesson-page .board-area", "#lesson-page .panel", "#lesson-page .game-head"),
        ("#puzzle-page .board-area", "#puzzle-page .panel", "#puzzle-title"),
    ):
        if board.startswith("#puzzle"):
            page.evaluate("() => { location.hash = '#streak/loa'; }")
            wait_phase(page, "play")
        top = page.locator(board).bounding_box()
        assert top["y"] < 200, f"{board} starts on the first screen: {top}"
        assert top["y"] < page.locator(panel).bounding_box()["y"], "the board above the panel"
        expect(page.locator(heading)).to_be_visible()
