"""Practise your mistakes (#mistakes, issue #31) in Chromium: a game of the
library analysed, its blunder counted after the analysis and in the
library's header, practised on its page and solved by clicks (the move
played drawn as an arrow, the played move refused, a move that loses said
with its loss and taken back, Show me), the count right after a reload and
in a second tab, garbage in storage said and an empty list, an exercise of
a deleted game saying so, and the page's board on screen on a phone.

The game is test_site_analysis's: in a position of the test_analysis
MISSED_WINS, the side to move has a win in one and plays another move
(a blunder: a missed win), the opponent wins at once.  Analysed at
Beginner, seconds.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from conftest import wait_engine_ready
from pagekit import assert_on_screen, kept, open_hash, saved, seed_local, wait_idle, wait_kept
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_site_analysis import analyse, game_link

from gamut import bridge

BOARD = "#mistakes-board"


def phase(page) -> str:
    return page.evaluate("document.documentElement.dataset.mistakes || ''")


def wait_phase(page, *phases: str, timeout: float = 60_000) -> str:
    page.wait_for_function(
        "ps => ps.includes(document.documentElement.dataset.mistakes)", arg=list(phases), timeout=timeout
    )
    return phase(page)


def position(game: str) -> tuple[str, dict, list[str], str]:
    """The exercise's position of ``game``'s link: (start, view, winning moves, the blunder)."""
    from test_analysis import MISSED_WINS

    start, wins, played = MISSED_WINS[game]
    view = bridge.call("view", {"start": start, "line": []})["view"]
    return start, view, wins, played


def click_move(page, view: dict, text: str) -> None:
    """Enter the move ``text`` of ``view`` by clicks on the page's board (and its confirmation)."""
    move = next(m for m in view["moves"] if m["text"] == text)
    for c in move["clicks"]:
        number = page.locator(f'#mistakes-palette button[data-id="{c}"]')
        if number.count():
            number.click()
        else:
            page.locator(f'{BOARD} .hit[data-cell="{c}"]').click()
    confirm = page.locator("#mistakes-board-actions #confirm-move")
    if phase(page) == "play" and confirm.count():
        confirm.click()


def a_losing_move(view: dict, wins: list[str], played: str) -> str:
    """A move that is neither a win nor the blunder, whose clicks start no other move."""
    for m in view["moves"]:
        c = m["clicks"]
        if not c or m["text"] in wins or m["text"] == played:
            continue
        if not any(o is not m and o["clicks"][: len(c)] == c for o in view["moves"]):
            return m["text"]
    raise AssertionError("no plain losing move")


def analysed_game(page, game: str = "loa") -> None:
    fragment, _, _ = game_link(game)
    open_hash(page, fragment)
    analyse(page)


def test_a_blunder_of_an_analysed_game_is_practised_and_solved(page, site_url):
    page.goto(site_url)
    wait_engine_ready(page)
    analysed_game(page, "loa")
    start, view, wins, played = position("loa")
    # after the analysis: the count and the way there
    link = page.locator("#analysis-mistakes a")
    expect(link).to_have_text("1 mistake to practise from this game")
    expect(page.locator("#games-mistakes")).to_have_text("Practise your mistakes (1)")
    link.click()
    expect(page.locator("#mistakes-page")).to_be_visible()
    expect(page.locator("main.layout")).to_be_hidden()
    assert wait_phase(page, "play") == "play"
    expect(page.locator("#mistakes-goal")).to_have_text(f"You played {played} here. Find a better move.")
    expect(page.locator(f"{BOARD} .suggest-played")).to_have_attribute("data-move", played)
    expect(page.locator("#mistakes-count")).to_contain_text("1 exercise left")
    # a link naming no game shows every game's (#47: "constructor" said "NaN exercises left.")
    for fragment in ("#mistakes/constructor", "#mistakes/nosuchgame", "#mistakes/loa"):
        page.evaluate("f => { location.hash = f; }", fragment)
        expect(page).to_have_url(re.compile(re.escape(fragment) + "$"))
        expect(page.locator("#mistakes-count")).to_contain_text("1 exercise left")
        assert wait_phase(page, "play") == "play"
    # the move played is never good
    click_move(page, view, played)
    wait_phase(page, "wrong")
    expect(page.locator("#mistakes-status")).to_contain_text("the move you played")
    wait_phase(page, "play")
    # a move that does not win loses chances: said with its loss, taken back
    losing = a_losing_move(view, wins, played)
    click_move(page, view, losing)
    wait_phase(page, "wrong")
    expect(page.locator("#mistakes-status")).to_contain_text(f"Not this either: {losing} loses")
    wait_phase(page, "play")
    expect(page.locator(f"{BOARD} .suggest-played")).to_have_count(1)  # (the position again)
    # Show me: the best move on the board; the exercise stays to do
    page.locator("#mistakes-show").click()
    wait_phase(page, "shown")
    best = page.locator(f"{BOARD} .suggest-analysis").get_attribute("data-move")
    assert best in wins
    expect(page.locator("#mistakes-status")).to_contain_text(f"The best move: {best}")
    expect(page.locator("#mistakes-count")).to_contain_text("1 exercise left")
    # again (Next: the only one), and a winning move solves it
    page.locator("#mistakes-next").click()
    wait_phase(page, "play")
    other = next((w for w in wins if w != best), best)
    click_move(page, view, other)
    assert wait_phase(page, "solved", "wrong") == "solved", page.locator("#mistakes-status").inner_text()
    expect(page.locator("#mistakes-goal")).to_have_text("Solved!")
    expect(page.locator("#mistakes-count")).to_have_text("Nothing left to practise here.")
    expect(page.locator("#mistakes-next")).to_be_focused()
    # it has left the list, for good: after a reload, and after analysing again
    expect(page.locator("#mistakes-movebox")).to_be_visible()  # (an exercise done: its move box stays)
    page.reload()
    wait_engine_ready(page)
    assert wait_phase(page, "empty") == "empty"
    page.locator("#mistakes-back").click()
    expect(page.locator("#mistakes-page")).to_be_hidden()
    wait_idle(page)
    expect(page.locator("#games-mistakes")).to_have_text("Practise your mistakes (0)")
    analyse(page)
    expect(page.locator("#analysis-mistakes a")).to_have_text("No mistakes of yours to practise in this game")


def test_the_count_in_a_second_tab_and_a_deleted_game(page, site_url):
    page.goto(site_url)
    wait_engine_ready(page)
    analysed_game(page, "el")
    expect(page.locator("#games-mistakes")).to_have_text("Practise your mistakes (1)")
    other = page.context.new_page()
    other.goto(site_url + "#mistakes/el")
    wait_engine_ready(other)
    assert wait_phase(other, "play") == "play"
    expect(other.locator("#mistakes-count")).to_contain_text("1 exercise left")
    # (both tabs' saves written: a save landing after the deletion below brings the game
    # back.  The second tab, too, writes the game it opened at its start, the current
    # one, unchanged: a two-worker run saw that write land after the deletion)
    wait_idle(page)
    saved(page)
    other.wait_for_function("document.documentElement.dataset.saved === 'yes'")
    # the game is deleted from the library (by the first tab): the exercise says so and goes
    stored = wait_kept(page, "mistakes", "v => !!v && v.exercises.length > 0")
    page.evaluate(
        """() => new Promise((ok, fail) => {
            // (deleted for good: no copy of it waits to be written either)
            for (const k of Object.keys(localStorage)) if (k.startsWith('gamut.unsaved.')) localStorage.removeItem(k);
            const req = indexedDB.open('gamut');
            req.onsuccess = () => {
                const t = req.result.transaction('games', 'readwrite');
                t.objectStore('games').clear();
                t.oncomplete = () => ok();
                t.onerror = () => fail(t.error);
            };
        })"""
    )
    other.evaluate("() => { location.hash = '#mistakes'; }")
    expect(other.locator("#mistakes-status")).to_contain_text("No mistakes to practise")
    assert [e["game"] for e in stored["exercises"]] == ["el"]
    expect(other.locator("#mistakes-count")).to_have_text("Nothing left to practise here.")
    # the first tab hears of it
    expect(page.locator("#games-mistakes")).to_have_text("Practise your mistakes (0)")
    other.close()


def test_an_exercise_of_a_game_not_yet_written_to_the_library_is_kept(page, site_url):
    """The mistakes page is opened before the analysed game's last save has
    landed (its copy still waits in localStorage): the exercise stays."""
    page.goto(site_url)
    wait_engine_ready(page)
    analysed_game(page, "loa")
    expect(page.locator("#games-mistakes")).to_have_text("Practise your mistakes (1)")
    wait_idle(page)
    saved(page)  # (the page's own saves written)
    game_id = wait_kept(page, "mistakes", "v => !!v && v.exercises.length > 0")["exercises"][0]["gameId"]
    # as if the save had not landed yet: the entry not in the library, its copy waiting
    page.evaluate(
        """id => new Promise((ok, fail) => {
            localStorage.setItem('gamut.unsaved.' + id, JSON.stringify({at: Date.now(), game: {}}));
            const req = indexedDB.open('gamut');
            req.onsuccess = () => {
                const t = req.result.transaction('games', 'readwrite');
                t.objectStore('games').delete(id);
                t.oncomplete = () => ok();
                t.onerror = () => fail(t.error);
            };
        })""",
        game_id,
    )
    page.evaluate("() => { location.hash = '#mistakes/loa'; }")
    assert wait_phase(page, "play", "empty") == "play"
    expect(page.locator("#mistakes-count")).to_contain_text("1 exercise left")


def test_garbage_in_storage_gives_a_message_and_an_empty_list(page, site_url):
    seed_local(page, {"gamut.mistakes": "{not a list"})  # (an earlier version's key: moved in, set aside)
    page.goto(site_url)
    wait_engine_ready(page)
    page.evaluate("() => { location.hash = '#mistakes'; }")
    assert wait_phase(page, "empty") == "empty"
    expect(page.locator("#mistakes-storage")).to_contain_text("damaged")
    expect(page.locator("#mistakes-status")).to_contain_text("No mistakes to practise")
    expect(page.locator("#mistakes-movebox")).to_be_hidden()  # (no exercise: no move box)
    # play goes on: an analysis collects over it, the garbage set aside
    page.evaluate("() => { location.hash = ''; }")
    analysed_game(page, "loa")
    expect(page.locator("#games-mistakes")).to_have_text("Practise your mistakes (1)")
    assert kept(page, "mistakes", "damaged") == "{not a list"
    assert page.evaluate("() => localStorage.getItem('gamut.mistakes')") is None


def test_on_a_phone_the_board_and_the_task_are_on_screen(new_context, site_url):
    phone = {"width": 360, "height": 640}
    page = new_context(viewport=phone).new_page()
    page.goto(site_url)
    wait_engine_ready(page)
    analysed_game(page, "loa")
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")  # (the game's page scrolled)
    page.locator("#analysis-mistakes a").click()
    wait_phase(page, "play")
    assert_on_screen(page, f"{BOARD}", phone)
    assert_on_screen(page, "#mistakes-goal", phone)
    # from here straight to the puzzles: their page alone over the game
    page.evaluate("() => { location.hash = '#puzzles/loa'; }")
    page.wait_for_function("document.documentElement.dataset.puzzle === 'play'")
    expect(page.locator("#mistakes-page")).to_be_hidden()
    expect(page.locator("main.layout")).to_be_hidden()
    # (and the puzzle page, opened from a scrolled game page, too)
    page.evaluate("() => { location.hash = '#'; }")
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    page.evaluate("() => { location.hash = '#puzzles/loa'; }")
    page.wait_for_function("document.documentElement.dataset.puzzle === 'play'")
    assert_on_screen(page, "#puzzle-board", phone)
