"""The end of a game (issue #29): resigning (asked once), draws agreed on one
screen and by link, the computer's answer to a draw offer, abort (no trace
left), rematch (colours swapped), the ending kept (reload, library, link,
exported record).  Each test uses fresh browser contexts (a fresh library)."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import wait_engine_ready
from pagekit import box, cell, library_entries, open_site, play, saved, wait_idle
from playwright.sync_api import expect

LOA = "#v1/loa/standard/double-connection=mover/"
# Black (a human) gave material away: White (the computer) stands far better (about 88 %)
LOPSIDED = "c1xa3,a4-c2,e8-g6,c2xg6,c8xa6,a5-c7,a3xa7,a2-c4"


def ended(page, head: str, detail: str, result: str) -> None:
    """The page shows the game over: the banner, the board's badge (the
    result written "0\u20131", "\u00bd\u2013\u00bd"), the end's buttons."""
    score = result.replace("1/2", "\u00bd").replace("-", "\u2013")
    expect(page.locator("#result strong")).to_have_text(head)
    expect(page.locator("#result")).to_contain_text(detail)
    expect(page.locator("#result-badge")).to_be_visible()
    expect(page.locator("#result-badge .result-score")).to_have_text(score)
    expect(page.locator("#end-panel")).to_be_visible()
    expect(page.locator("#rematch")).to_be_visible()
    expect(page.locator("#analyse-game")).to_be_visible()
    expect(page.locator("#game-actions")).to_be_hidden()


def library_row_meta(page) -> str:
    page.click("#open-games")
    expect(page.locator("#games-dialog")).to_be_visible()
    meta = page.locator("#games-list .game-row.current .game-meta")
    expect(meta).to_have_count(1)
    text = meta.inner_text()
    page.click("#games-close")
    return text


def test_resign_against_the_computer_is_asked_once_kept_listed_and_exported(new_context, site_url):
    page = open_site(new_context(accept_downloads=True), site_url, LOA + "b1-d3,a5-c5/players=h,c:beginner")
    expect(page.locator("#abort")).to_be_disabled()  # (two moves played)
    row = box(page, "#game-end")
    page.click("#resign")
    expect(page.locator("#game-question")).to_have_text("Black resigns?")
    page.click("#confirm-no")  # asked, not done
    expect(page.locator("#resign")).to_be_visible()
    expect(page.locator("#result")).to_be_hidden()
    page.click("#resign")
    page.click("#confirm-yes")
    ended(page, "White wins", "Black resigned", "0-1")
    assert box(page, "#game-end")["height"] == row["height"]  # (the end's buttons take the game's row)
    expect(page.locator("#said")).to_contain_text("Black resigned — White wins")
    assert page.evaluate("location.hash").endswith("/players=h,c:beginner/end=resignation:0-1")
    expect(page.locator("#undo")).to_be_disabled()
    # the game is over: its board takes no move at its end
    cell(page, "d3").click()
    expect(page.locator("#explain")).to_contain_text("The game is over")
    assert page.locator("#moves .mv").count() == 2

    saved(page)
    page.reload()
    wait_engine_ready(page)
    wait_idle(page)
    ended(page, "White wins", "Black resigned", "0-1")
    assert library_entries(page)[0]["game"]["ending"]["termination"] == "resignation"
    assert library_row_meta(page).count("Lost by resignation") == 1

    page.click("#open-games")
    page.click("#games-dialog .records summary")
    with page.expect_download() as download:
        page.click("#export-current")
    text = Path(download.value.path()).read_text(encoding="utf-8")
    assert '[Result "0-1"]' in text and '[Termination "resignation"]' in text, text


def test_resign_and_a_draw_on_one_screen(new_context, site_url):
    page = open_site(new_context(), site_url, LOA + "b1-d3")
    # either player may resign: the side to move by default, the other on request
    page.click("#resign")
    expect(page.locator("#game-question")).to_have_text("White resigns?")
    page.locator("#game-actions .switch-seat").click()
    expect(page.locator("#game-question")).to_have_text("Black resigns?")
    page.click("#confirm-yes")
    ended(page, "White wins", "Black resigned", "0-1")

    page.goto(site_url + LOA + "b1-d3,a5-c5")
    wait_engine_ready(page)
    wait_idle(page)
    expect(page.locator("#game-actions")).to_be_visible()
    page.click("#offer-draw")
    expect(page.locator("#game-question")).to_have_text("Black offers a draw?")
    page.click("#confirm-yes")
    expect(page.locator("#game-actions")).to_contain_text("Black offers a draw. White:")
    page.click("#draw-accept")
    ended(page, "Draw", "agreed", "1/2-1/2")
    assert page.evaluate("location.hash").endswith("/end=agreement:1/2-1/2")


def test_a_move_withdraws_a_draw_offer_and_escabel_offers_none(new_context, site_url):
    page = open_site(new_context(), site_url, LOA + "b1-d3")
    page.click("#offer-draw")
    page.click("#confirm-yes")
    expect(page.locator("#draw-decline")).to_be_visible()
    play(page, "a5", "c5")  # White plays on instead
    expect(page.locator("#offer-draw")).to_be_enabled()
    expect(page.locator("#result")).to_be_hidden()

    page.goto(site_url + "#v1/escabel/standard/size=7,pie=on/d4")
    wait_engine_ready(page)
    wait_idle(page)
    expect(page.locator("#offer-draw")).to_be_disabled()
    expect(page.locator("#offer-draw")).to_have_attribute("title", re.compile("no draw"))
    expect(page.locator("#resign")).to_be_enabled()


def test_the_computer_declines_a_draw_when_it_stands_better(new_context, site_url):
    page = open_site(new_context(), site_url, LOA + LOPSIDED + "/players=h,c:beginner")
    page.click("#offer-draw")
    page.click("#confirm-yes")
    expect(page.locator("#said")).to_contain_text("White declines the draw.", timeout=30_000)
    expect(page.locator("#explain")).to_have_text("White declines the draw.")
    expect(page.locator("#result")).to_be_hidden()
    # (Black may not offer again before a move)
    expect(page.locator("#offer-draw")).to_be_disabled()
    assert "/offer=" not in page.evaluate("location.hash")


def test_abort_leaves_no_trace(new_context, site_url):
    page = open_site(new_context(), site_url, LOA)
    play(page, "b1", "d3")
    saved(page)
    assert len(library_entries(page)) == 1
    page.click("#abort")
    expect(page.locator("#game-question")).to_contain_text("Abort this game?")
    page.click("#confirm-yes")
    expect(page.locator("#moves .mv")).to_have_count(0)
    wait_idle(page)
    saved(page)
    page.reload()
    wait_engine_ready(page)
    wait_idle(page)
    assert library_entries(page) == []
    expect(page.locator("#moves .mv")).to_have_count(0)


def test_rematch_swaps_the_colours(new_context, site_url):
    page = open_site(new_context(), site_url, LOA + "b1-d3,a5-c5/players=h,c:beginner")
    page.click("#resign")
    page.click("#confirm-yes")
    # Analyse this game: the engine goes over it
    page.select_option("#analyse-level", "beginner")
    page.click("#analyse-game")
    expect(page.locator("#analysis-summary")).to_be_visible(timeout=60_000)
    page.click("#rematch")
    wait_idle(page)
    expect(page.locator('#players select.seat-kind[data-seat="0"]')).to_have_value("c:beginner")
    expect(page.locator('#players select.seat-kind[data-seat="1"]')).to_have_value("h")
    expect(page.locator("#result")).to_be_hidden()
    expect(page.locator("#moves .mv")).to_have_count(1, timeout=30_000)  # the computer, Black now, opens
    expect(page.locator("#resign")).to_be_enabled()


def test_by_link_the_far_player_learns_of_a_resignation_and_answers_an_offer(new_context, site_url):
    # I play Black against a friend far away (the link my friend sent names
    # their seat "h" and mine "r": read here, the seats turn round); I resign
    me = open_site(new_context(), site_url, LOA + "b1-d3/players=r,h")
    expect(me.locator("#send")).to_be_visible()  # (White's move, far away)
    me.click("#resign")
    me.click("#confirm-yes")
    expect(me.locator("#end-send")).to_have_text("Send White the link")
    link = me.evaluate("location.hash")
    assert link.endswith("/players=h,r/end=resignation:0-1")
    friend = open_site(new_context(), site_url, link)
    ended(friend, "White wins", "Black resigned", "0-1")
    saved(friend)
    assert library_row_meta(friend).count("Won by resignation") == 1

    # a draw offered by link: Accept makes the link that ends the game
    offer = open_site(new_context(), site_url, LOA + "b1-d3/players=r,h")
    offer.click("#offer-draw")
    offer.click("#confirm-yes")
    expect(offer.locator("#game-actions")).to_contain_text("send White the link")
    link = offer.evaluate("location.hash")
    assert link.endswith("/players=h,r/offer=0")
    far = open_site(new_context(), site_url, link)
    expect(far.locator("#game-actions")).to_contain_text("Black offers a draw. White:")
    far.click("#draw-accept")
    ended(far, "Draw", "agreed", "1/2-1/2")
    back = far.evaluate("location.hash")
    assert back.endswith("/players=r,h/end=agreement:1/2-1/2")
    # the link sent back ends the game on the first page too
    offer.evaluate("f => { location.hash = f; }", back)
    ended(offer, "Draw", "agreed", "1/2-1/2")
