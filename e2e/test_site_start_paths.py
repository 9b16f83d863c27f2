"""Every page on both of the engine's start paths (issue #41): cold (a first
visit: Pyodide boots and imports gamut from the wheel) and from the memory
snapshot (a return visit: the heap of the first visit, with no wheel in its
file system).  Lessons and puzzles of every game, the mistakes page after an
analysis, the progress page, and a game against the computer: each is run on
both paths, so that no page can work on only one of them again.  (On the
snapshot path, before the fix of gamut.resources, every game's lessons said
"FileNotFoundError ... /lib/gamut.whl" and its puzzles "no puzzles yet".)

The page says how its engine started (``<html data-engine-start>``:
"cold" or "snapshot") and when a first visit's snapshot is kept
(``data-snapshot="kept"``): the tests wait for those, never for a time.
"""

from __future__ import annotations

import pytest
from conftest import guard_context, wait_engine_ready
from pagekit import cell, wait_idle
from playwright.sync_api import expect
from puzzlekit import open_puzzles, puzzles_of, shown, solve_by_clicks
from test_site_lessons import open_lessons
from test_site_mistakes import analysed_game
from test_site_mistakes import wait_phase as wait_mistakes

from gamut.core import GAMES
from gamut.lessons.lesson import lessons_of

PATHS = ("cold", "snapshot")


def open_started(browser, site_url: str, path: str):
    """A guarded context and its page at the site, its engine started on
    ``path``: a first visit (cold), or a reload once the first visit's
    snapshot is kept (snapshot)."""
    context = browser.new_context()
    guard = guard_context(context)
    page = context.new_page()
    page.goto(site_url)
    wait_engine_ready(page)
    if path == "snapshot":
        expect(page.locator("html")).to_have_attribute("data-snapshot", "kept", timeout=90_000)
        page.reload()
        wait_engine_ready(page)
    expect(page.locator("html")).to_have_attribute("data-engine-start", path)
    return context, guard, page


@pytest.fixture(scope="module", params=PATHS)
def started(request, browser, site_url):
    """One page per start path, shared by this module's tests."""
    context, guard, page = open_started(browser, site_url, request.param)
    yield page
    problems = guard.problems()
    context.close()
    assert not problems, "guard: " + "; ".join(problems)


@pytest.mark.parametrize("game", GAMES)
def test_the_lessons_of_each_game(started, game):
    open_lessons(started, game)
    steps = sum(len(lesson.steps) for lesson in lessons_of(game))
    expect(started.locator("#lesson-list button[data-key]")).to_have_count(steps)
    expect(started.locator("#lesson-page")).not_to_contain_text("could not be shown")


@pytest.mark.parametrize("game", GAMES)
def test_the_puzzles_of_each_game_are_there_and_solved(started, game):
    open_puzzles(started, game)
    pid, _ = shown(started)
    puzzle = puzzles_of(game)[pid]
    solve_by_clicks(started, puzzle)


def test_the_progress_page(started, site_url):
    started.evaluate("() => { location.hash = '#progress'; }")
    expect(started.locator("#progress-page")).to_have_attribute("data-state", "ready")
    for game in GAMES:
        expect(started.locator(f'#progress-page [data-game="{game}"]').first).to_be_visible()
    started.locator("#progress-back").click()
    expect(started.locator("#progress-page")).to_be_hidden()


def test_an_analysis_and_its_mistake_practised(started):
    analysed_game(started, "loa")
    link = started.locator("#analysis-mistakes a")
    expect(link).to_have_text("1 mistake to practise from this game")
    link.click()
    assert wait_mistakes(started, "play") == "play"
    started.locator("#mistakes-back").click()
    expect(started.locator("#mistakes-page")).to_be_hidden()


def test_a_game_against_the_computer(started):
    started.evaluate(
        "() => { location.hash = '#v1/loa/standard/double-connection=mover//players=h,c:beginner'; }"
    )
    started.wait_for_function("location.hash.endsWith('/players=h,c:beginner')")
    wait_idle(started)
    cell(started, "b1").click()
    cell(started, "d3").click()
    expect(started.locator("#moves .mv")).to_have_count(2, timeout=60_000)  # (the computer's reply)
    wait_idle(started)
