"""Clocks in live games (issue #46): the host chooses a clock in the start
panel as for any game; the invitation names it and the guest's game gets it;
both clocks run on both pages (the friend's too, while they are to move);
each move carries each side's time, so both pages show the same times after
it; a flag fall on a short clock ends both pages with the same result.  Real
time, awaited through what the pages say (expect), never slept."""

from __future__ import annotations

import re

from pagekit import wait_idle
from playwright.sync_api import expect
from test_site_clock import face, seconds_left
from test_site_live import connect, enter, whole_game


def wait_left_at_most(page, seat: int, most: float, timeout: int = 15_000) -> None:
    """Until seat's face shows at most `most` seconds (its clock runs meanwhile)."""
    page.wait_for_function(
        "([seat, most]) => { const t = document.querySelector(`#clocks .clock[data-seat='${seat}'] .clock-time`)"
        ".textContent; const s = t.includes(':') ? t.split(':').reduce((a, x) => a * 60 + Number(x), 0) : Number(t);"
        " return s <= most; }",
        arg=[seat, most],
        timeout=timeout,
    )


def test_live_clock_named_by_the_invitation_both_run_and_agree_after_each_move(new_context, site_url):
    host, guest = connect(new_context, site_url, clock="300+3")
    # (connect: the invitation names the clock) the guest's game has it
    assert guest.url.endswith("/clock=300+3"), guest.url
    for page in (host, guest):
        expect(page.locator("#clocks")).to_be_visible()
        for seat in (0, 1):
            expect(face(page, seat).locator(".clock-time")).to_have_text("5:00")
    line = whole_game()[:4]
    for ply, move in enumerate(line):
        mover, other = (host, guest) if ply % 2 == 0 else (guest, host)
        seat = ply % 2
        if ply:
            # the mover thinks a few seconds: its clock runs on both pages meanwhile
            for page in (mover, other):
                expect(face(page, seat)).to_have_attribute("data-running", "yes")
            wait_left_at_most(other, seat, 297 - ply)
            wait_left_at_most(mover, seat, 297 - ply)
        enter(mover, move)
        for page in (mover, other):
            expect(page.locator("#moves .mv")).to_have_count(ply + 1)
            wait_idle(page)
        # the seat that moved: the same time on both pages (each page takes the mover's own)
        expect(face(other, seat).locator(".clock-time")).to_have_text(
            face(mover, seat).locator(".clock-time").inner_text(), timeout=5_000
        )
    # both pages show both clocks alike, within a second or two (the running one a network's delay apart)
    for seat in (0, 1):
        assert abs(seconds_left(host, seat) - seconds_left(guest, seat)) <= 2, seat
        assert seconds_left(host, seat) < 300, "time was spent and charged"
    expect(face(host, 0)).to_have_attribute("data-running", "yes")
    expect(face(guest, 0)).to_have_attribute("data-running", "yes")


def test_live_flag_fall_on_a_short_clock_ends_both_pages_alike(new_context, site_url):
    host, guest = connect(new_context, site_url, clock="custom:0.25+0")  # (15 s: the least a clock may have)
    assert guest.url.endswith("/clock=15+0"), guest.url
    move = whole_game()[0]
    enter(host, move)  # (the first move is free: White's clock starts, on both pages)
    for page in (host, guest):
        expect(page.locator("#moves .mv")).to_have_count(1)
        expect(face(page, 1)).to_have_attribute("data-running", "yes")
    # White does not move: its time runs out; both pages end the game on time, the same way
    for page in (host, guest):
        expect(page.locator("#result strong")).to_have_text("Black wins", timeout=30_000)
        expect(face(page, 1)).to_have_attribute("data-out", "yes")
        expect(face(page, 1).locator(".clock-note")).to_have_text("time out")
        expect(page.locator("#live-phase")).to_have_text("The live game is over")
        expect(face(page, 0).locator(".clock-time")).to_have_text(re.compile(r"^0:1[45]$"))
    # the game is over: White's move is refused on both pages
    enter(guest, whole_game()[1])
    wait_idle(guest)
    for page in (host, guest):
        expect(page.locator("#moves .mv")).to_have_count(1)


def test_live_takeback_gives_no_time_back_and_a_rematch_has_the_same_clock(new_context, site_url):
    host, guest = connect(new_context, site_url, clock="300+3")
    enter(host, "c1xa3")  # (free)
    expect(guest.locator("#moves .mv")).to_have_count(1)
    wait_left_at_most(guest, 1, 297)  # White thinks a few seconds
    enter(guest, "a2-c2")
    for page in (host, guest):
        expect(page.locator("#live-game")).to_have_attribute("data-plies", "2")
        wait_idle(page)
    white = seconds_left(guest, 1)
    assert white <= 300, white  # (297 or less, and the increment)
    host.click("#live-takeback")
    guest.click("#live-takeback-accept")
    for page in (host, guest):
        expect(page.locator("#live-game")).to_have_attribute("data-plies", "0")
        wait_idle(page)
        # both moves gone, but not the time: White's stays spent; Black (to move) runs on
        assert seconds_left(page, 1) <= white, page.url
        expect(face(page, 0)).to_have_attribute("data-running", "yes")
    guest.click("#resign")
    guest.click("#confirm-yes")
    host.click("#live-rematch")
    guest.click("#live-rematch-accept")
    for page in (host, guest):
        expect(page.locator("#live-phase")).to_have_text("Connected")
        expect(page.locator("#moves .mv")).to_have_count(0)
        for seat in (0, 1):  # the same clock, fresh
            expect(face(page, seat).locator(".clock-time")).to_have_text("5:00")
    enter(guest, "c1xa3")  # (the colours swapped: the guest plays Black)
    for page in (host, guest):
        expect(page.locator("#moves .mv")).to_have_count(1)
        expect(face(page, 1)).to_have_attribute("data-running", "yes")
