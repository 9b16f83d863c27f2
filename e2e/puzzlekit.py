"""Helpers of the puzzle page's browser tests (test_site_puzzles.py,
test_site_streak.py): the puzzles as the bridge serves them, the page's
phase (``<html data-puzzle>``) and the puzzle it shows, moves entered by
clicks."""

from __future__ import annotations

from playwright.sync_api import expect

from gamut import bridge
from gamut.messages import Message

GAMES = ("loa", "el", "escabel", "evl")
BOARD = "#puzzle-board"


# -- the bridge's side: the puzzles and the moves' clicks -----------------------------


def puzzles_of(game: str) -> dict:
    """The puzzles of ``game`` by id, each with ``line``: its moves as the engine writes them."""
    found = {}
    for p in bridge.call("puzzles", {"game": game})["puzzles"]:
        line = bridge.call("view", {"start": p["start"], "line": p["moves"]})["line"]
        found[p["id"]] = {**p, "line": line}
    return found


def goal_of(puzzle: dict) -> str:
    """The puzzle's goal in English ("Black to play and connect in 2"), read
    through its message ``said`` (the bridge sends no English goal: #43)."""
    return str(Message.from_json(puzzle["said"]))


def view_at(puzzle: dict, step: int) -> dict:
    return bridge.call("view", {"start": puzzle["start"], "line": puzzle["line"][:step]})["view"]


def entry_of(view: dict, text: str) -> dict:
    return next(m for m in view["moves"] if m["text"] == text)


def a_wrong_move(view: dict, right: str) -> dict:
    """A legal move other than ``right`` whose clicks start no other move (no confirmation)."""
    entries = [m for m in view["moves"] if m["clicks"] and m["text"] != right]
    for m in entries:
        c = m["clicks"]
        if not any(o is not m and o["clicks"][: len(c)] == c for o in view["moves"]):
            return m
    return entries[0]


# -- the page's side ----------------------------------------------------------------------


def phase(page) -> str:
    return page.evaluate("document.documentElement.dataset.puzzle || ''")


def wait_phase(page, *phases: str, timeout: float = 30_000) -> str:
    page.wait_for_function(
        "ps => ps.includes(document.documentElement.dataset.puzzle)", arg=list(phases), timeout=timeout
    )
    return phase(page)


def shown(page) -> tuple[str, int]:
    """The id of the puzzle shown and how many of its moves are on the board."""
    box = page.locator("#puzzle-page")
    return box.get_attribute("data-puzzle-id") or "", int(box.get_attribute("data-step") or 0)


def open_puzzles(page, game: str) -> None:
    page.evaluate("g => { location.hash = '#puzzles/' + g; }", game)
    expect(page.locator("#puzzle-page")).to_be_visible()
    wait_phase(page, "play")


def click_move(page, move: dict) -> None:
    """Enter ``move`` (a view's move entry) with clicks: its cells on the
    board, its numbers on the palette, a button for a move without clicks,
    and the confirmation when another move goes on from its clicks."""
    if not move["clicks"]:
        page.locator(f'#puzzle-board-actions button[data-move="{move["text"]}"]').click()
        return
    for c in move["clicks"]:
        number = page.locator(f'#puzzle-palette button[data-id="{c}"]')
        if number.count():
            number.click()
        else:
            page.locator(f'{BOARD} .hit[data-cell="{c}"]').click()
    confirm = page.locator("#puzzle-board-actions #confirm-move")
    if phase(page) == "play" and confirm.count():
        confirm.click()


def wait_taken(page, step: int) -> None:
    """Wait until the move played at ``step`` is taken: judged wrong, the
    puzzle done, or the next step to play.  (The move reaches the page after
    the engine's answer: waiting for the phase to leave "check" may pass
    before it has begun.)"""
    page.wait_for_function(
        """s => {
            const p = document.documentElement.dataset.puzzle;
            const at = Number(document.querySelector('#puzzle-page').dataset.step || 0);
            return p === 'wrong' || p === 'done' || (p === 'play' && at > s);
        }""",
        arg=step,
    )


def solve_by_clicks(page, puzzle: dict) -> None:
    """Play the player's moves of the puzzle shown, as they come."""
    while wait_phase(page, "play", "done") == "play":
        _, step = shown(page)
        click_move(page, entry_of(view_at(puzzle, step), puzzle["line"][step]))
        wait_taken(page, step)
        assert phase(page) != "wrong", f"{puzzle['id']}: {puzzle['line'][step]} was judged wrong"


def rating(page) -> int:
    return int(page.locator("#puzzle-rating-value").inner_text())
