"""The puzzle page (#puzzles/<game>, issue #30) in Chromium: a puzzle of
each game solved by clicks on the board (the solution read through the
bridge here, then clicked), a wrong move said, shown and taken back by
Retry, the hint (the move's cell, then the move), the rating changed and
still there after a reload (IndexedDB), a puzzle solved with the keyboard
only (the move box and the board's keys), the way there from the header and
the first screen, and back to the game as it was.

Uses infra's fixtures (e2e/conftest.py): every context is guarded against
requests leaving 127.0.0.1 and against console errors.
"""

from __future__ import annotations

import re

from conftest import wait_engine_ready
from pagekit import few_moves, open_hash
from playwright.sync_api import expect
from puzzlekit import (
    BOARD,
    GAMES,
    a_wrong_move,
    click_move,
    entry_of,
    goal_of,
    open_puzzles,
    phase,
    puzzles_of,
    rating,
    shown,
    solve_by_clicks,
    view_at,
    wait_phase,
    wait_taken,
)

# -- the tests --------------------------------------------------------------------------------


def test_a_puzzle_of_each_game_solved_by_clicks(page, site_url):
    page.goto(site_url)
    wait_engine_ready(page)
    for game in GAMES:
        open_puzzles(page, game)
        puzzles = puzzles_of(game)
        pid, step = shown(page)
        puzzle = puzzles[pid]
        assert step == 1, "the opponent's last move is on the board"
        expect(page.locator("#puzzle-goal")).to_have_text(goal_of(puzzle))
        # (the live region says the opponent's last move: the goal is said once)
        expect(page.locator("#puzzle-status")).to_contain_text(f"played {puzzle['line'][0]}. Your move.")
        first = view_at(puzzle, 1)
        assert first["to_move"] == puzzle["player"]
        before = rating(page)
        solve_by_clicks(page, puzzle)
        expect(page.locator("#puzzle-goal")).to_have_text("Solved!")
        expect(page.locator("#puzzle-status")).to_contain_text("Solved")
        expect(page.locator("#puzzle-change")).to_have_text(re.compile(r"^\+\d+$"))
        assert rating(page) > before, f"{game}: the rating rose"
        expect(page.locator("#puzzle-rating")).to_contain_text("streak 1")
        expect(page.locator(f'#puzzle-history button[data-puzzle="{pid}"].solved')).to_have_count(1)
        expect(page.locator("#puzzle-analyse")).to_be_visible()
    # Analyse: the last puzzle as a new game, at its position, the solution as its line
    games_before = page.evaluate("document.documentElement.dataset.revision")
    page.locator("#puzzle-analyse").click()
    page.wait_for_function("r => document.documentElement.dataset.revision !== r", arg=games_before)
    expect(page.locator("#puzzle-page")).to_be_hidden()
    expect(page.locator("main.layout")).to_be_visible()
    expect(page.locator("#moves .mv")).to_have_count(len(puzzle["line"]))
    expect(page.locator("html")).to_have_attribute("data-ply", "1")


def test_wrong_move_retry_hint_and_the_rating_kept_after_a_reload(page, site_url):
    page.goto(site_url + "#puzzles/loa")
    wait_engine_ready(page)
    wait_phase(page, "play")
    puzzles = puzzles_of("loa")
    pid, step = shown(page)
    puzzle = puzzles[pid]
    right = puzzle["line"][step]
    view = view_at(puzzle, step)
    wrong = a_wrong_move(view, right)
    before = rating(page)
    click_move(page, wrong)
    wait_phase(page, "wrong")
    expect(page.locator("#puzzle-status")).to_contain_text(f"{wrong['text']} is not the move")
    # the wrong move is on the board: its cells are the board's last move
    expect(page.locator("#puzzle-retry")).to_be_visible()
    expect(page.locator("#puzzle-retry")).to_be_focused()
    assert rating(page) < before, "a wrong move fails the puzzle at once"
    expect(page.locator("#puzzle-change")).to_have_text(re.compile(r"^\u2212\d+$"))
    failed = rating(page)
    page.locator("#puzzle-retry").click()
    wait_phase(page, "play")
    assert shown(page) == (pid, step), "the same step again"
    # the hint: the cell the right move starts from, then the move
    page.locator("#puzzle-hint").click()
    first = entry_of(view, right)["clicks"][0]
    expect(page.locator("#puzzle-status")).to_have_text(f"Hint: the move starts on {first}.")
    expect(page.locator(f"{BOARD} .suggest-hint")).to_have_count(1)
    page.locator("#puzzle-hint").click()
    expect(page.locator("#puzzle-status")).to_have_text(f"Hint: {right}.")
    expect(page.locator(f'{BOARD} .suggest-hint[data-move="{right}"]')).to_have_count(1)
    solve_by_clicks(page, puzzle)
    expect(page.locator("#puzzle-goal")).to_have_text("Solved, with help.")
    assert rating(page) == failed, "the result was recorded once"
    expect(page.locator("#puzzle-rating")).to_contain_text("streak 0")
    # kept in IndexedDB: the same rating and history after a reload (the
    # address is set again first: until keep.js leaves "#puzzles" alone as it
    # does "#rules/", the game opened under the page writes its own link)
    page.evaluate("history.replaceState(history.state, '', '#puzzles/loa')")
    page.reload()
    wait_engine_ready(page)
    wait_phase(page, "play")
    assert rating(page) == failed
    expect(page.locator(f'#puzzle-history button[data-puzzle="{pid}"].failed')).to_have_count(1)
    assert shown(page)[0] != pid, "the next puzzle is not the one just failed"
    # a puzzle of the history opens again
    page.locator(f'#puzzle-history button[data-puzzle="{pid}"]').click()
    page.wait_for_function("id => document.getElementById('puzzle-page').dataset.puzzleId === id", arg=pid)
    wait_phase(page, "play")


def test_a_puzzle_solved_with_the_keyboard_only(page, site_url):
    page.goto(site_url + "#puzzles/loa")
    wait_engine_ready(page)
    puzzles = puzzles_of("loa")
    by_board = True  # the first move with the board's keys, the others in the move box
    while wait_phase(page, "play", "done") == "play":
        pid, step = shown(page)
        puzzle = puzzles[pid]
        move = puzzle["line"][step]
        if by_board:
            clicks = entry_of(view_at(puzzle, step), move)["clicks"]
            # Tab onto the board, then the arrow keys and Enter
            page.locator(f'{BOARD} .hit[tabindex="0"]').focus()
            for c in clicks:
                walk_to(page, c)
                page.keyboard.press("Enter")
            by_board = False
        else:
            page.locator("#puzzle-move-input").focus()
            page.keyboard.type(move)
            page.keyboard.press("Enter")
        wait_taken(page, step)
        assert phase(page) != "wrong"
    expect(page.locator("#puzzle-goal")).to_have_text("Solved!")
    expect(page.locator("#puzzle-status")).to_contain_text("Solved")
    expect(page.locator("#puzzle-next")).to_be_focused()
    page.keyboard.press("Enter")  # Next puzzle
    wait_phase(page, "play")


def goal_count(page, goal: str) -> int:
    return page.locator("#puzzle-page").inner_text().count(goal)


def last_marked(page) -> list[str]:
    """The cells the board marks as the last move."""
    return sorted(c.get_attribute("data-cell") for c in page.locator(f"{BOARD} .hl-last").all())


def test_the_goal_once_the_hint_said_to_fail_first_and_the_solution_stepped(page, site_url):
    """Issue #41, defect 13: the goal is on the page once (after a retry
    too); a line says that a hint or the solution fails the puzzle before
    either is used; View solution lists the solution's moves as the engine
    writes them and shows them one at a time, each marked in the list and
    on the board, stepped back and forward."""
    page.goto(site_url + "#puzzles/loa")
    wait_engine_ready(page)
    wait_phase(page, "play")
    pid, step = shown(page)
    puzzle = puzzles_of("loa")[pid]
    goal = goal_of(puzzle)
    expect(page.locator("#puzzle-goal")).to_have_text(goal)
    expect(page.locator("#puzzle-status")).to_have_text(
        re.compile(rf"played {re.escape(puzzle['line'][0])}\.")
    )
    assert goal_count(page, goal) == 1
    note = page.locator("#puzzle-help-note")
    expect(note).to_be_visible()
    expect(note).to_have_text("A hint or the solution counts this puzzle as failed.")
    for button in ("#puzzle-hint", "#puzzle-solution"):
        expect(page.locator(button)).to_have_attribute("aria-describedby", "puzzle-help-note")
    # a wrong move taken back: the goal is still said once, and the note goes (already failed)
    click_move(page, a_wrong_move(view_at(puzzle, step), puzzle["line"][step]))
    wait_phase(page, "wrong")
    expect(note).to_be_hidden()
    page.locator("#puzzle-retry").click()
    wait_phase(page, "play")
    expect(page.locator("#puzzle-status")).to_have_text("Taken back. Your move.")
    assert goal_count(page, goal) == 1
    # View solution: the solution listed, its first move shown and marked
    solution = puzzle["line"][1:]
    page.locator("#puzzle-solution").click()
    moves = page.locator("#puzzle-solution-moves button")
    current = page.locator('#puzzle-solution-moves button[aria-current="step"]')
    box = page.locator("#puzzle-page")
    expect(moves).to_have_text(solution)
    expect(current).to_have_text(solution[0])
    expect(box).to_have_attribute("data-step", "2")
    # (a newcomer's first puzzle is an easy one, often of one move: then the result follows)
    expect(page.locator("#puzzle-status")).to_have_text(
        re.compile(rf"^Solution, move 1 of {len(solution)}: {re.escape(solution[0])}\.")
    )
    assert last_marked(page) == sorted(view_at(puzzle, 2)["last_move"])
    if len(solution) == 1:  # (the solution's end reached at once: the result said with it)
        expect(page.locator("#puzzle-status")).to_contain_text("Failed.")
    expect(page.locator("#puzzle-analyse")).to_be_visible()
    expect(page.locator("#puzzle-hint")).to_be_hidden()
    # back to the puzzle's position, then forward a move at a time
    page.locator("#puzzle-solution-previous").click()
    expect(box).to_have_attribute("data-step", "1")
    expect(current).to_have_count(0)
    expect(page.locator("#puzzle-solution-previous")).to_be_disabled()
    for at, move in enumerate(solution, start=1):
        page.locator("#puzzle-solution-next").click()
        expect(box).to_have_attribute("data-step", str(at + 1))
        expect(current).to_have_text(move)
        expect(moves.nth(at - 1)).to_have_attribute("aria-current", "step")
        expect(page.locator("#puzzle-status")).to_contain_text(f"move {at} of {len(solution)}: {move}.")
        assert last_marked(page) == sorted(view_at(puzzle, at + 1)["last_move"]), move
        if at == len(solution) > 1:  # (its end first reached: the result said with it)
            expect(page.locator("#puzzle-status")).to_contain_text("Failed.")
    wait_phase(page, "done")
    expect(page.locator("#puzzle-solution-next")).to_be_disabled()
    expect(page.locator("#puzzle-next")).to_be_focused()  # (Next move, disabled, lost it)
    # a move of the list: shown at once, the puzzle still over
    moves.nth(0).click()
    expect(box).to_have_attribute("data-step", "2")
    expect(current).to_have_text(solution[0])
    assert phase(page) == "done"


def walk_to(page, target: str) -> None:
    """Move the board's focus to cell ``target`` with the arrow keys, each
    press towards it on the screen (the board may be turned round)."""
    goal = page.locator(f'{BOARD} .hit[data-cell="{target}"]').bounding_box()
    for _ in range(30):
        at = page.evaluate("document.activeElement && document.activeElement.getAttribute('data-cell')")
        if at == target:
            return
        here = page.locator(f'{BOARD} .hit[data-cell="{at}"]').bounding_box()
        dx = goal["x"] - here["x"]
        dy = goal["y"] - here["y"]
        if abs(dx) > abs(dy):
            page.keyboard.press("ArrowRight" if dx > 0 else "ArrowLeft")
        else:
            page.keyboard.press("ArrowDown" if dy > 0 else "ArrowUp")
    raise AssertionError(f"the arrow keys did not reach {target}")


def test_reached_from_the_header_and_the_first_screen_and_back_to_the_game(page, site_url):
    page.goto(site_url)
    wait_engine_ready(page)
    # the first screen's link: the puzzles of the game chosen there
    expect(page.locator("#start-puzzles")).to_be_visible()
    expect(page.locator("#start-puzzles")).to_have_attribute("href", re.compile(r"^#puzzles/[a-z]+$"))
    page.locator("#start-puzzles").click()
    wait_phase(page, "play", "done")
    expect(page.locator("main.layout")).to_be_hidden()
    page.locator("#puzzle-back").click()
    expect(page.locator("#puzzle-page")).to_be_hidden()
    expect(page.locator("main.layout")).to_be_visible()
    # a game of two moves, the puzzles from the header, then back: the game as it was
    open_hash(page, "#v1/loa/standard/-/" + ",".join(few_moves("loa", 2)))
    expect(page.locator("#moves .mv")).to_have_count(2)
    fragment = page.evaluate("location.hash")
    page.locator(".puzzles-menu summary").click()
    page.locator(".puzzles-menu a[href='#puzzles/evl']").click()
    wait_phase(page, "play")
    expect(page.locator(".puzzles-menu")).not_to_have_attribute("open", "")
    expect(page.locator("#puzzle-title")).to_have_text("EVL puzzles")
    expect(page.locator(".picker")).to_be_hidden()
    page.locator("#puzzle-back").click()
    expect(page.locator("main.layout")).to_be_visible()
    expect(page.locator("#moves .mv")).to_have_count(2)
    page.wait_for_function("f => location.hash === f", arg=fragment)
    assert page.evaluate("document.documentElement.dataset.puzzle") is None
