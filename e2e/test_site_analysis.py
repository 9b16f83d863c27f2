"""Analyse a game on the page (issue 18): the analyse job run with progress
and cancel, the evaluation graph (click to jump), the marks in the move list,
the engine's move on the board and its line added as a variation with one
click, the analysis kept with the game in the library (and dropped when the
main line changes), live analysis, and the hint's score and line.

The games are those of tests/test_analysis.py: in each game's position the
side to move has a win in one, plays another move, and the opponent wins at
once, so every analysis marks the first move a blunder (a missed win) with a
winning move as the engine's choice.  They are analysed at Beginner (two
plies see both wins), so that the tests wait seconds, not minutes.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from urllib.parse import quote

from pagekit import open_hash, saved, wait_idle
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from test_analysis import FORCED_LOSSES, MISSED_WINS

import gamut
from tools.solve import forced_wins

SHOTS = Path(os.environ.get("GAMUT_SHOTS", Path(__file__).resolve().parent / "screenshots"))
DONE = "() => document.documentElement.dataset.analysis === 'done'"


def game_link(game: str) -> tuple[str, list[str], list[str]]:
    """The link of a two-move game of ``game`` from its missed-win position:
    (fragment, the moves, the winning moves of the first position)."""
    text, wins, played = MISSED_WINS[game]
    s = gamut.load(text)
    after = s.play_text(played)
    reply = after.move_text(forced_wins(after, 1)[0])
    opts = ",".join(f"{k}={v}" for k, v in s.options_json().items()) or "-"
    moves = [played, reply]
    fragment = (
        f"#v1/{game}/{s.variant}/{opts}/"
        + ",".join(quote(m, safe="-=:") for m in moves)
        + "/start="
        + quote(text, safe="")
    )
    return fragment, moves, wins


def analyse(page, level: str = "beginner") -> None:
    page.select_option("#analyse-level", level)
    page.locator("#analyse").click()
    page.wait_for_function(DONE, timeout=60_000)
    wait_idle(page)


def test_each_game_is_analysed_and_its_missed_win_marked(shared_page):
    page = shared_page
    for game in ("loa", "el", "escabel", "evl"):
        fragment, moves, wins = game_link(game)
        open_hash(page, fragment)
        expect(page.locator("#analyse")).to_have_text("Analyse")
        analyse(page)
        first = page.locator("#moves .row .mv").first
        expect(first).to_have_attribute("data-mark", "blunder")
        expect(first.locator(".glyph")).to_have_text("??")
        expect(page.locator("#moves .mv[data-mark]")).to_have_count(1)
        expect(page.locator("#eval-graph")).to_be_visible()
        expect(page.locator("#eval-graph")).to_have_attribute("data-positions", "3")
        expect(page.locator("#eval-graph .graph-mark[data-ply='1']")).to_have_attribute(
            "data-mark", "blunder"
        )
        # the summary: one blunder for the side that missed the win
        seat = gamut.load(MISSED_WINS[game][0]).to_move
        row = page.locator(f"#analysis-summary-body tr[data-seat='{seat}']")
        expect(row.locator("td[data-mark='blunder']")).to_have_text("1")
        expect(row.locator("td").last).to_have_text("100.0 %")
        # at the marked move: what it was, and the engine's winning move
        first.click()
        wait_idle(page)
        box = page.locator("#analysis-move")
        expect(box).to_be_visible()
        expect(page.locator("#analysis-move-text")).to_contain_text("Blunder (a forced win missed)")
        best = page.locator("#analysis-move-line b").text_content()
        assert best in wins, (game, best, wins)
        if game == "loa":
            SHOTS.mkdir(exist_ok=True)
            page.screenshot(path=str(SHOTS / "analysis-desktop.png"))


def test_the_graph_jumps_the_engines_move_shows_and_its_line_becomes_a_variation(shared_page):
    page = shared_page
    fragment, moves, wins = game_link("loa")
    open_hash(page, fragment)
    analyse(page)
    graph = page.locator("#eval-graph")
    box = graph.bounding_box()
    # a click near the left end shows the start, near the right end the last position
    page.mouse.click(box["x"] + 3, box["y"] + box["height"] / 2)
    wait_idle(page)
    expect(page.locator("html")).to_have_attribute("data-ply", "0")
    expect(graph.locator(".graph-now")).to_have_attribute("data-ply", "0")
    # where the blunder was played: the engine's move is drawn on the board
    expect(page.locator("#analysis-move")).to_be_visible()
    best = page.locator("#analysis-move-line b").text_content()
    assert best in wins
    expect(page.locator("#board .suggest-analysis")).to_have_attribute("data-move", best)
    expect(page.locator("#board .suggest-analysis .suggest-arrow")).to_have_count(1)
    page.mouse.click(box["x"] + box["width"] - 3, box["y"] + box["height"] / 2)
    wait_idle(page)
    expect(page.locator("html")).to_have_attribute("data-ply", "2")
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + 5)
    wait_idle(page)
    expect(page.locator("html")).to_have_attribute("data-ply", "1")
    # one click: the engine's line goes into the tree beside the blunder, and is shown
    page.locator("#analysis-add").click()
    wait_idle(page)
    expect(page.locator("#moves .variations .mv.var").first).to_have_text(best)
    expect(page.locator("#moves .mv.current")).to_have_text(best)
    assert page.evaluate("location.hash").split("/")[4].startswith(quote(best, safe="-=:"))
    # the main line is unchanged, so the analysis stays
    expect(page.locator("html")).to_have_attribute("data-analysis", "done")
    expect(page.locator("#moves .row .mv").first).to_have_attribute("data-mark", "blunder")


def test_the_engines_line_is_numbered_on_the_board_after_its_move(shared_page):
    """A move into a forced loss in Lines of Action: at Beginner the engine's
    defence is d1xg4 and its line goes on with a2-c4, drawn as a 2 on c4."""
    page = shared_page
    text, _, played = FORCED_LOSSES["loa"]
    s = gamut.load(text)
    opts = ",".join(f"{k}={v}" for k, v in s.options_json().items())
    open_hash(page, f"#v1/loa/{s.variant}/{opts}/{quote(played, safe='-')}/start={quote(text, safe='')}")
    analyse(page)
    page.locator("#first").click()
    wait_idle(page)
    arrow = page.locator("#board .suggest-analysis")
    expect(arrow).to_have_attribute("data-move", "d1xg4")
    step = arrow.locator(".suggest-step")
    expect(step).to_have_count(1)
    expect(step).to_have_attribute("data-n", "2")
    expect(step).to_have_attribute("data-cell", "c4")
    expect(step.locator("text")).to_have_text("2")


def test_the_analysis_is_kept_with_the_game_and_dropped_when_the_main_line_changes(shared_page):
    page = shared_page
    fragment, moves, wins = game_link("evl")
    open_hash(page, fragment)
    analyse(page, "depth:4")  # (a fixed depth this time)
    expect(page.locator("#analysis-summary caption")).to_contain_text("depth 4")
    saved(page)  # (the game and its analysis are in the library)
    page.reload()
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=90_000)
    wait_idle(page)
    expect(page.locator("html")).to_have_attribute("data-analysis", "done")
    expect(page.locator("#moves .row .mv").first).to_have_attribute("data-mark", "blunder")
    expect(page.locator("#analyse")).to_have_text("Analyse again")
    # the main line changes: the engine's move, added beside the blunder, made the main line
    page.locator("#moves .row .mv").first.click()
    wait_idle(page)
    page.locator("#analysis-add").click()
    wait_idle(page)
    expect(page.locator("html")).to_have_attribute(
        "data-analysis", "done"
    )  # (a variation: still the same main line)
    page.locator("#promote").click()
    wait_idle(page)
    expect(page.locator("html")).to_have_attribute("data-analysis", "")
    expect(page.locator("#eval-graph")).to_be_hidden()
    expect(page.locator("#moves .mv[data-mark]")).to_have_count(0)


def test_an_analysis_can_be_cancelled_and_the_page_stays_usable(shared_page):
    page = shared_page
    s, moves = gamut.new("loa"), []
    for _ in range(12):  # twelve moves, thirteen positions at Strong: the cancel lands long before the end
        moves.append(s.move_text(s.legal_moves()[0]))
        s = s.play(s.legal_moves()[0])
    open_hash(page, "#v1/loa/standard/double-connection=mover/" + ",".join(moves))
    page.select_option("#analyse-level", "strong")
    page.locator("#analyse").click()
    expect(page.locator("html")).to_have_attribute("data-analysis", "running")
    expect(page.locator("#analyse-cancel")).to_be_visible()
    expect(page.locator("#analyse")).to_be_disabled()
    # browsing meanwhile
    page.locator("#first").click()
    expect(page.locator("html")).to_have_attribute("data-ply", "0")
    page.locator("#next").click()
    expect(page.locator("html")).to_have_attribute("data-ply", "1")
    expect(page.locator("#analyse-progress")).to_be_visible()
    page.wait_for_function(  # (Strong's first position: under a second, a few on busy cores)
        "() => document.getElementById('eval-graph').dataset.positions >= 1", timeout=120_000
    )
    expect(page.locator("#eval-graph")).to_be_visible()  # drawn as the positions are done
    page.locator("#analyse-cancel").click()
    expect(page.locator("html")).to_have_attribute("data-analysis", "")
    expect(page.locator("#analyse-progress")).to_be_hidden()
    expect(page.locator("#analyse")).to_be_enabled()


def test_live_analysis_follows_the_viewed_position_and_the_hint_tells_its_line(shared_page):
    page = shared_page
    fragment, moves, wins = game_link("loa")
    open_hash(page, fragment)
    page.locator("#first").click()
    wait_idle(page)
    page.locator("#live").click()
    expect(page.locator("#live")).to_have_attribute("aria-pressed", "true")
    line = page.locator("#live-line")
    expect(line).to_contain_text("Black wins in 1", timeout=20_000)
    expect(page.locator("#board .suggest")).to_have_count(1)
    page.locator("#next").click()  # browsing is never blocked; the live line follows
    expect(page.locator("html")).to_have_attribute("data-ply", "1")
    expect(line).to_contain_text("White wins in 1", timeout=20_000)
    page.locator("#next").click()
    expect(line).to_have_text("Live analysis: the game is over here.")
    page.locator("#live").click()
    expect(line).to_be_hidden()
    # the hint: its move, a score and its line
    page.locator("#first").click()
    wait_idle(page)
    page.locator("#hint").click()
    expect(page.locator("#ai")).to_have_attribute("data-state", "hint", timeout=15_000)
    expect(page.locator("#ai-line")).to_contain_text("Black wins in 1")
    hint = page.locator("#ai").get_attribute("data-best")
    expect(page.locator("#ai-line")).to_contain_text(hint)
    page.locator("#hint").click()
