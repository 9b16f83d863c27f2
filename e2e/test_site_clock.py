"""Clocks (issue #29), with Playwright's clock control: no real waiting.

A time control is chosen in the start panel; the clocks tick under the
players; a game on one screen is lost on time by the side to move (the
result said, the board takes no more moves); a clock survives a reload
(the time the page was closed is charged); the computer answers within its
budget on a short control; the time spent on each move is shown in the move
list on request and carried by the game's link, which opens with each
side's time counted from it; a record carries the time control out
(TimeControl) and in (the imported game's clock, paused).
"""

from __future__ import annotations

import re

from conftest import wait_engine_ready
from pagekit import cell, wait_idle
from playwright.sync_api import expect


def start_with_clock(
    page, site_url, control: str, mode: str = "Two players", level: str | None = None
) -> None:
    """A first visit: the start panel's opponent and clock, then Start."""
    page.clock.install()
    page.goto(site_url)
    wait_engine_ready(page)
    page.locator("#start .choice-mode", has_text=mode).click()
    if level:
        page.locator("#start .choice-level", has_text=level).click()
    if control.startswith("custom:"):
        minutes, increment = control[len("custom:") :].split("+")
        page.select_option("#start-clock", "custom")
        page.fill("#start-clock-minutes", minutes)
        page.fill("#start-clock-increment", increment)
    else:
        page.select_option("#start-clock", control)
    page.click("#start-play")
    expect(page.locator("#clocks")).to_be_visible()
    wait_idle(page)


def play(page, frm: str, to: str, count: int) -> None:
    cell(page, frm).click()
    cell(page, to).click()
    expect(page.locator("#moves .mv")).to_have_count(count)
    wait_idle(page)


def face(page, seat: int):
    return page.locator(f'#clocks .clock[data-seat="{seat}"]')


def seconds_left(page, seat: int) -> float:
    """What seat's face shows, in seconds ("4:55" or "9.4")."""
    text = face(page, seat).locator(".clock-time").inner_text()
    if ":" not in text:
        return float(text)
    minutes, secs = text.rsplit(":", 1)
    return int(minutes) * 60 + int(secs)


# The page's time also flows on its own between the steps of a test (the
# clock runs on from where run_for left it): the real seconds a step can
# take on a busy machine (both cores taken, as the suite is checked) are
# allowed below what a test expects.
BUSY_SLACK = 4


def expect_left(page, seat: int, low: float, high: float) -> None:
    """Seat's face shows between low and high seconds (less ``BUSY_SLACK``)."""
    low -= BUSY_SLACK
    page.wait_for_function(
        "([seat, low, high]) => { const t = document.querySelector(`#clocks .clock[data-seat='${seat}'] .clock-time`)"
        ".textContent; const s = t.includes(':') ? t.split(':').reduce((a, x) => a * 60 + Number(x), 0) : Number(t);"
        " return s >= low && s <= high; }",
        arg=[seat, low, high],
        timeout=5_000,
    )


def test_a_game_on_one_screen_is_lost_on_time_by_the_side_to_move(page, site_url):
    start_with_clock(page, site_url, "60+0")
    expect(face(page, 0)).to_contain_text("1:00")
    expect(face(page, 1)).to_contain_text("1:00")
    play(page, "b1", "b3", 1)  # (Black's first move is free: the clock starts)
    expect(face(page, 1)).to_have_attribute("data-running", "yes")
    page.clock.run_for(51_000)
    expect(face(page, 1).locator(".clock-time")).to_have_text(
        re.compile(r"^\d\.\d$")
    )  # tenths under ten seconds
    expect_left(page, 1, 5, 9)
    expect(face(page, 1)).to_have_attribute("data-low", "yes")
    expect(face(page, 0)).to_contain_text("1:00")  # only the running clock ran
    page.clock.run_for(10_000)
    expect(face(page, 1)).to_have_attribute("data-out", "yes")
    expect(face(page, 1).locator(".clock-note")).to_have_text("time out")
    expect(page.locator("#said")).to_contain_text("White's time is up: Black wins.")
    # the game is over: White's move is refused, and no clock runs any more
    cell(page, "a2").click()
    cell(page, "c2").click()
    wait_idle(page)
    expect(page.locator("#moves .mv")).to_have_count(1)
    expect(face(page, 0)).to_have_attribute("data-running", "no")
    expect(face(page, 1)).to_have_attribute("data-running", "no")
    page.clock.run_for(5_000)
    expect(face(page, 0)).to_contain_text("1:00")


def test_a_clock_survives_a_reload_and_a_switch_of_game(page, site_url):
    start_with_clock(page, site_url, "300+3")
    play(page, "b1", "b3", 1)
    page.clock.run_for(4_000)
    play(page, "a2", "c2", 2)  # White spent 4 s and earned 3
    expect_left(page, 1, 296, 299)
    white = seconds_left(page, 1)
    page.clock.run_for(10_000)  # Black thinks 10 s ...
    page.reload()
    wait_engine_ready(page)
    page.clock.run_for(20_000)  # ... and 20 s more after the reload
    expect(face(page, 0)).to_have_attribute("data-running", "yes")
    expect_left(page, 0, 264, 270)  # (300 less the 30 s and the time the page took)
    assert seconds_left(page, 1) == white, "White's clock did not run"
    # another game's tab and back: the time ran on meanwhile
    page.locator('#game-picker .pick[data-game="evl"]').click()
    wait_idle(page)
    expect(page.locator("#clocks")).to_be_hidden()  # (a fresh game there, with no clock)
    page.clock.run_for(10_000)
    page.locator('#game-picker .pick[data-game="loa"]').click()
    wait_idle(page)
    expect_left(page, 0, 252, 260)
    # paused: it stands still, across a reload too
    page.click("#clock-pause")
    expect(face(page, 0)).to_have_attribute("data-running", "paused")
    shown = face(page, 0).locator(".clock-time").inner_text()
    page.clock.run_for(60_000)
    page.reload()
    wait_engine_ready(page)
    expect(face(page, 0).locator(".clock-time")).to_have_text(shown)
    page.click("#clock-pause")  # resumed
    expect(face(page, 0)).to_have_attribute("data-running", "yes")


def test_the_computer_answers_within_its_budget(page, site_url):
    # 15 s for the game: the master level (seconds a move) must answer in well under one
    start_with_clock(page, site_url, "custom:0.25+0", mode="Computer", level="Master")
    cell(page, "b1").click()
    cell(page, "b3").click()  # (the computer may answer before one move is seen alone)
    expect(page.locator("#moves .mv")).to_have_count(2, timeout=20_000)
    wait_idle(page)
    page.click("#clock-times")
    spent = page.locator("#moves .mv").nth(1).locator(".mv-time")
    expect(spent).to_be_visible()
    # its search was capped at its budget of the 15 s (budget(): 750 ms at the first move) ...
    cap = int(page.evaluate("document.documentElement.dataset.searchBudget"))
    assert 0 < cap <= 750, cap
    # ... and it answered within it (the rest: the engine's first start of its search code,
    # the move's replay and drawing, on a machine that may be busy); its clock says the same
    seconds = float(spent.inner_text().rstrip("s"))
    assert seconds < 5.0, f"the computer spent {seconds} s of its 15"
    assert seconds_left(page, 1) >= 15 - seconds - 1, "its clock shows what it spent"


def test_times_in_the_move_list_and_in_the_link(page, site_url, new_context):
    start_with_clock(page, site_url, "180+2")
    play(page, "b1", "b3", 1)
    page.clock.run_for(6_000)
    play(page, "a2", "c2", 2)
    page.clock.run_for(2_500)
    play(page, "d1", "d3", 3)
    times = page.locator("#moves .mv .mv-time")
    expect(times.first).to_be_hidden()  # shown on request only
    page.click("#clock-times")
    expect(page.locator("#clock-times")).to_have_attribute("aria-pressed", "true")
    expect(times).to_have_count(2)  # (the first move is free: no time)
    # (6 s and 2.5 s, and the real time of each move's steps: BUSY_SLACK)
    expect(times.nth(0)).to_have_text(re.compile(r"^[6-9]\.\ds$"))
    expect(times.nth(1)).to_have_text(re.compile(r"^[2-6]\.\ds$"))
    # the link carries the control and the times
    fragment = page.evaluate("location.hash")
    found = re.search(r"/clock=180\+2/times=0,(\d+),(\d+)$", fragment)
    assert found, fragment
    slack = BUSY_SLACK * 1000
    assert 6000 <= int(found[1]) < 6000 + slack and 2500 <= int(found[2]) < 2500 + slack, fragment
    # opened in another browser, the clocks show what each side spent
    other = new_context().new_page()
    other.clock.install()
    other.goto(site_url + "#v1/loa/standard/-/b1-b3,a2-c2,d1-d3/clock=180+2/times=0,61000,42000")
    wait_engine_ready(other)
    expect(face(other, 0).locator(".clock-time")).to_have_text("2:20")  # 180 - 42 + 2
    expect_left(other, 1, 100, 121)  # 180 - 61 + 2, White's, running since the link was opened
    expect(face(other, 1)).to_have_attribute("data-running", "yes")
    other.click("#clock-times")
    expect(other.locator("#moves .mv").nth(1).locator(".mv-time")).to_have_text("1:01")


def test_a_record_carries_the_time_control_out_and_in(new_context, site_url):
    page = new_context(accept_downloads=True).new_page()
    start_with_clock(page, site_url, "300+3")
    play(page, "b1", "b3", 1)
    page.clock.run_for(3_000)
    play(page, "a2", "c2", 2)
    page.clock.run_for(1_000)  # (the game is written to the library)
    page.click("#open-games")
    page.click("#games-dialog .records summary")
    with page.expect_download():
        page.click("#export-current")
    text = page.locator("#export-text").input_value()
    assert '[TimeControl "300+3"]' in text, text
    # a record with a TimeControl comes in with its clock, paused until resumed
    record = '[Game "loa"]\n[Variant "standard"]\n[Options "double-connection=mover"]\n[TimeControl "60+1"]\n\n1. d1-b3 h2-f4 *\n'
    page.fill("#import-text", record)
    page.click("#import-paste")
    expect(page.locator("#import-summary")).to_have_text("Imported 1 game.")
    row = page.locator("#games-list .game-row", has_text="h2-f4").or_(
        page.locator("#games-list .game-row", has_text="2 moves")
    )
    row.first.locator('[data-act="open"]').click()
    wait_idle(page)
    expect(page.locator("#moves .mv")).to_have_text(["d1-b3", "h2-f4"])
    expect(face(page, 0).locator(".clock-time")).to_have_text("1:00")
    expect(face(page, 0)).to_have_attribute("data-running", "paused")
    page.clock.run_for(5_000)
    expect(face(page, 0).locator(".clock-time")).to_have_text("1:00")
    page.click("#clock-pause")
    page.clock.run_for(2_000)
    expect_left(page, 0, 50, 58)


def test_a_link_of_turns_of_two_moves_counts_each_turn_once(new_context, site_url):
    """EL with declared threats: a turn is a placement and a declaration by
    the same seat.  The link's times are each turn's seat's, and a turn earns
    one increment (at its declaration), not one a move."""
    page = new_context().new_page()
    page.clock.install()
    page.goto(
        site_url + "#v1/el/standard/first-two-equal=off,full-board=draw,declare-threats=on/"
        "c3=1,declare:-,d4=2,declare:-,e5=3/clock=300+3/times=0,2000,5000,1000,4000"
    )
    wait_engine_ready(page)
    # Red: 2 s and one increment, then 4 s into a turn not finished: 300 - 2 + 3 - 4
    expect_left(page, 0, 296, 297)
    expect(face(page, 0)).to_have_attribute("data-running", "yes")
    # Blue: 5 s + 1 s and one increment: 300 - 6 + 3 (one move a turn would give 300)
    expect(face(page, 1).locator(".clock-time")).to_have_text("4:57")
