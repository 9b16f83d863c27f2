"""One store (issue #43): the lessons' steps done, the progress page's
results and the mistakes trainer's exercises, kept in localStorage by
earlier versions, move into the page's IndexedDB database at the first
visit after the upgrade (the old keys removed once written) and stay there
on a return visit."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from conftest import wait_engine_ready
from pagekit import kept, module_url, seed_local
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_site_faults import SILENT_INDEXEDDB
from test_site_lessons import LOA_STEPS, click_move, open_lessons, wait_phase
from test_site_progress import card, ladder, results

from gamut.lessons.lesson import lessons_of

OLD_KEYS = ["gamut.lessons", "gamut.progress", "gamut.mistakes"]

EXERCISE = {
    "key": "old-game:2:m0 m1",
    "gameId": "old-game",
    "game": "loa",
    "variant": "standard",
    "options": {},
    "start": "x",
    "line": ["m0", "m1"],
    "ply": 2,
    "seat": 0,
    "played": "m2",
    "mark": "blunder",
    "loss": 0.4,
    "best": "b2",
    "pv": ["b2"],
    "bestChance": None,
    "level": None,
    "depth": None,
    "added": 1,
    "solved": False,
}


def test_an_earlier_versions_lessons_progress_and_mistakes_move_in_and_stay(new_context, site_url):
    lessons = {"v": 1, "done": {"loa": ["moving/column"]}}
    progress = {"version": 1, "results": results("loa", ladder("loa")[0]["id"], [1, 0, 1]), "dropped": []}
    mistakes = {"v": 1, "exercises": [EXERCISE]}
    context = new_context()
    # (each in the exact text an earlier version wrote)
    seed_local(context, dict(zip(OLD_KEYS, map(json.dumps, [lessons, progress, mistakes]), strict=True)))
    page = context.new_page()
    page.goto(site_url)
    wait_engine_ready(page)
    gone = "keys => keys.every(k => localStorage.getItem(k) === null)"
    page.wait_for_function(gone, arg=OLD_KEYS)
    assert kept(page, "lessons") == lessons
    assert kept(page, "progress") == progress
    assert kept(page, "mistakes") == mistakes

    for visit in ("first", "return"):
        expect(page.locator("#games-mistakes")).to_have_text("Practise your mistakes (1)")
        page.evaluate("() => { location.hash = '#progress'; }")
        expect(page.locator("#progress-page")).to_have_attribute("data-state", "ready")
        expect(card(page).locator(".progress-rating")).to_contain_text("3 games")
        open_lessons(page, "loa")
        expect(page.locator('#lesson-list button[data-key="moving/column"].done')).to_have_count(1)
        expect(page.locator("#lesson-progress")).to_have_text(f"1 of {LOA_STEPS} steps done")
        if visit == "first":
            page.evaluate("history.replaceState(history.state, '', location.pathname)")
            page.reload()
            wait_engine_ready(page)
    assert page.evaluate(gone, OLD_KEYS)
    assert kept(page, "lessons") == lessons


def test_storage_that_never_answers_keeps_the_lessons_and_progress_of_the_session(new_context, site_url):
    context = new_context()
    context.add_init_script(SILENT_INDEXEDDB)
    page = context.new_page()
    page.goto(site_url)
    wait_engine_ready(page)
    open_lessons(page, "evl")  # (after the database's time limit: the page plays on)
    expect(page.locator("#lesson-storage")).to_contain_text("did not answer")
    lesson = lessons_of("evl")[0]
    step = lesson.steps[0]
    click_move(page, step, step.moves[0])
    assert wait_phase(page, "right", "wrong") == "right"
    done = f'#lesson-list button[data-key="{lesson.id}/{step.id}"].done'
    expect(page.locator(done)).to_have_count(1)  # (kept in this tab's memory)
    page.evaluate("() => { location.hash = '#progress'; }")
    expect(page.locator("#progress-page")).to_have_attribute("data-state", "ready")
    expect(page.locator("#progress-storage")).to_contain_text("did not answer")


# In a tab: `count` steps marked and results counted at once (the page's own
# stores, a new one each), as window.__writing; the first tab waits for the
# second's word to begin, so that the two write at the same time.
WRITE_MANY = """async ([lessonsUrl, progressUrl, tab, count, first]) => {
    const [{ LessonStore }, { ProgressStore }] = await Promise.all([import(lessonsUrl), import(progressUrl)]);
    const lessons = new LessonStore();
    const progress = new ProgressStore();
    await Promise.all([lessons.loaded, progress.loaded]);
    const result = i => ({id: `${tab}-${i}`, game: 'loa', variant: 'standard', level: 'beginner',
                          score: 1, termination: 'rules', at: 1_700_000_000_000 + i});
    const write = () => Promise.all(Array.from({length: count}, (_, i) => [
        lessons.mark('loa', `${tab}/${i}`),
        (progress.add(result(i)), progress.saved),
    ]).flat());
    const go = new BroadcastChannel('e2e-go');
    if (first) window.__writing = new Promise(begin => { go.onmessage = begin; }).then(write);
    else { go.postMessage('go'); window.__writing = write(); }
}"""


def test_two_tabs_writing_at_once_lose_nothing(new_context, site_url):
    context = new_context()
    tabs = [context.new_page(), context.new_page()]
    for tab in tabs:
        tab.goto(site_url)
        wait_engine_ready(tab)
    urls = [module_url(tabs[0], "lessons/lessonstore.js"), module_url(tabs[0], "progress/progressstore.js")]
    for i, tab in enumerate(tabs):
        tab.evaluate(WRITE_MANY, [*urls, f"tab{i}", 15, i == 0])
    for tab in tabs:
        tab.evaluate("() => window.__writing")
    done = kept(tabs[0], "lessons")["done"]["loa"]
    assert sorted(done) == sorted(f"tab{i}/{n}" for i in range(2) for n in range(15))
    ids = [r["id"] for r in kept(tabs[0], "progress")["results"]]
    assert sorted(ids) == sorted(f"tab{i}-{n}" for i in range(2) for n in range(15))
