"""The first screen and the play screen's layout (issue #28).

A first visit shows the start panel beside the board: the computer (a level
with its line, a colour), two players on this screen, or a friend by link;
one click on Start plays the computer, also when it is pressed while the
engine still loads (the game starts when the engine is ready).  A return
visit opens the game last played, without the panel.  The New game dialog
offers the same choice.

The layout, by bounding boxes at 1280x800 and 1366x768: the move list is at
least ten rows tall, browsing, Undo, New game and the game's controls are in
the viewport, a notice (a copied link, a hint) moves nothing, and whose turn
it is is written once on screen.  At 360x640: the board, whose turn it is
(written, and in the live log) and browsing and Undo are on screen.
"""

from __future__ import annotations

import pytest
from conftest import wait_engine_ready
from pagekit import assert_on_screen, box, cell, first_visit_engine_held, wait_idle
from playwright.sync_api import expect

import gamut
import gamut.ai

SIZES = {"1280x800": {"width": 1280, "height": 800}, "1366x768": {"width": 1366, "height": 768}}
PHONE = {"width": 360, "height": 640}


def link(game: str, moves: list[str]) -> str:
    state = gamut.new(game)
    opts = ",".join(f"{k}={v}" for k, v in state.options_json().items()) or "-"
    return f"#v1/{game}/{state.variant}/{opts}/" + ",".join(moves)


def long_game(game: str, n: int) -> list[str]:
    """``n`` moves of ``game`` (spread over the legal ones; the same every run), fewer if it ends."""
    state = gamut.new(game)
    moves: list[str] = []
    for i in range(n):
        legal = [m for m in state.legal_moves() if state.play(m).outcome() is None]
        if not legal:
            break
        move = legal[(5 * i + 2) % len(legal)]
        moves.append(state.move_text(move))
        state = state.play(move)
    return moves


def expect_seats(page, want: list[str]) -> None:
    """Wait until the players panel shows the seats ``want`` (a new game's seats are drawn a
    moment after its start, which may come after the page first reads as idle)."""
    kinds = page.locator("#players select.seat-kind")
    expect(kinds).to_have_count(len(want))
    for i, kind in enumerate(want):
        expect(kinds.nth(i)).to_have_value(kind)


def test_a_first_visit_plays_the_computer_in_one_click(page, site_url):
    page.goto(site_url)
    wait_engine_ready(page)
    start = page.locator("#start")
    expect(start).to_be_visible()
    # the three ways to play, the computer chosen, each level with its line
    for name in ("Play the computer", "Two players on this screen", "Play a friend by link"):
        expect(start.get_by_label(name)).to_have_count(1)
    expect(start.get_by_label("Play the computer")).to_be_checked()
    levels = start.locator(".choice-level")
    names = [level.label for level in gamut.ai.ladder("loa")]  # (#31: the game's own ladder, nine here)
    assert names[:2] == ["Novice", "Beginner"] and names[-1] == "Master" and len(names) >= 8
    expect(levels).to_have_count(len(names))
    for i, name in enumerate(names):
        expect(levels.nth(i).locator(".choice-name")).to_have_text(name)
        assert levels.nth(i).locator(".about").inner_text().strip()
    expect(start.locator(".choice-you")).to_have_count(2)
    expect(page.locator("#start-game")).to_have_value("loa")
    # one click: the game against the computer (Casual, the human Black, first to move)
    page.locator("#start-play").click()
    expect(start).to_be_hidden()
    wait_idle(page)
    expect_seats(page, ["h", "c:casual"])
    expect(page.locator("#moves")).to_be_visible()
    cell(page, "b1").click()
    cell(page, "d3").click()
    expect(page.locator("#moves .mv")).to_have_count(2, timeout=20_000)  # the computer replied
    # a return visit: the game last played, no start panel
    page.reload()
    wait_engine_ready(page)
    expect(page.locator("#moves .mv")).to_have_count(2)
    expect(page.locator("#start")).to_be_hidden()
    expect_seats(page, ["h", "c:casual"])


def test_the_choice_made_while_the_engine_loads_starts_when_it_is_ready(new_context, site_url):
    page = first_visit_engine_held(new_context(), site_url)
    page.locator("#start .choice-level", has_text="Beginner").click()
    page.locator("#start .choice-you", has_text="White").click()
    play = page.locator("#start-play")
    expect(play).to_be_enabled()  # never greyed out
    play.click()
    expect(page.locator("#start-status")).to_have_text("Starting when the engine is ready…")
    assert page.evaluate("document.documentElement.dataset.engine") == "loading"
    page.evaluate("window.__gamutRelease()")
    wait_engine_ready(page)
    expect(page.locator("#start")).to_be_hidden()
    expect(page.locator('#players select.seat-kind[data-seat="0"]')).to_have_value("c:beginner")
    expect_seats(page, ["c:beginner", "h"])
    expect(page.locator("#moves .mv")).to_have_count(1, timeout=20_000)  # the computer, Black, moved first


def test_two_players_and_a_friend_by_link_from_the_first_screen(new_context, site_url):
    page = new_context().new_page()
    page.goto(site_url)
    wait_engine_ready(page)
    page.locator("#start .choice-mode", has_text="By link").click()
    expect(page.locator("#start .levels")).to_be_hidden()
    expect(page.locator("#start .colours")).to_be_visible()
    page.locator("#start-play").click()
    wait_idle(page)
    expect_seats(page, ["h", "r"])
    cell(page, "b1").click()
    cell(page, "d3").click()
    expect(page.locator("#send")).to_be_visible()  # White plays far away: send the link
    # another first visit: two players on this screen
    page = new_context().new_page()
    page.goto(site_url)
    wait_engine_ready(page)
    expect(page.locator("#start")).to_be_visible()
    page.locator("#start .choice-mode", has_text="Two players").click()
    expect(page.locator("#start .colours")).to_be_hidden()
    page.locator("#start-play").click()
    wait_idle(page)
    expect(page.locator("#start")).to_be_hidden()
    expect_seats(page, ["h", "h"])


def test_the_new_game_dialog_offers_the_same_choice(page, site_url):
    page.goto(site_url + link("loa", ["b1-d3"]))
    wait_engine_ready(page)
    expect(page.locator("#start")).to_be_hidden()  # a link is not a first screen
    page.locator("#new-game").click()
    dialog = page.locator("#new-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_label("Two players on this screen")).to_be_checked()  # the seats now: both human
    dialog.locator(".choice-mode", has_text="Computer").click()
    dialog.locator(".choice-level", has_text="Strong").click()
    dialog.locator(".choice-you", has_text="White").click()
    expect(page.locator("#new-seat-0")).to_have_value("c:strong")
    expect(page.locator("#new-seat-1")).to_have_value("h")
    # and a seat chosen by hand reads back as the choice it makes
    page.locator("#new-seat-0").select_option("r")
    expect(dialog.get_by_label("Play a friend by link")).to_be_checked()
    page.locator("#new-seat-0").select_option("c:master")
    page.locator("#new-start").click()
    wait_idle(page)
    expect_seats(page, ["c:master", "h"])


# -- the layout ------------------------------------------------------------------------


PANEL_PARTS = ["#players", "#status", ".moves-box", ".nav", ".controls", "#new-game", "#undo", "#analyse"]


def check_desktop(page, size: dict) -> None:
    page.evaluate("window.scrollTo(0, 0)")
    assert page.evaluate("window.scrollY") == 0
    for part in ["#board", ".panel", *PANEL_PARTS]:
        assert_on_screen(page, part, size)
    assert page.evaluate("document.querySelector('.panel').scrollTop") == 0, "the panel scrolled"
    row = page.evaluate("document.querySelector('#moves .row').getBoundingClientRect().height")
    moves = box(page, ".moves-box")
    assert moves["height"] >= 10 * row, f"the move list shows {moves['height'] / row:.1f} rows"
    # the board as large as fits: it (with the evaluation graph under it, when shown) fills the height
    board, area = box(page, "#board"), box(page, ".board-area")
    # (or as wide as the room beside the panel, for a board wider than tall)
    assert area["height"] >= size["height"] - 120 or board["width"] >= size["width"] - 580, (
        f"the board is small: {board} in {area}"
    )
    # whose turn it is: written once on screen
    written = page.evaluate("""() => [...document.querySelectorAll('body *')].filter(e =>
        e.children.length === 0 && /\\bto move\\b/.test(e.textContent) && e.checkVisibility()
        && e.getBoundingClientRect().width > 2).map(e => e.id || e.className)""")
    assert len(written) <= 1, f"the turn is written more than once: {written}"


def boxes(page) -> dict:
    return {part: box(page, part) for part in PANEL_PARTS}


@pytest.mark.parametrize("size_name", list(SIZES))
def test_the_play_screen_layout(new_context, site_url, size_name):
    size = SIZES[size_name]
    page = new_context(viewport=size).new_page()
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    moves = long_game("loa", 40)
    page.goto(site_url + link("loa", moves))
    wait_engine_ready(page)
    expect(page.locator("#moves .mv")).to_have_count(len(moves))
    wait_idle(page)
    check_desktop(page, size)
    expect(page.locator("#status")).to_contain_text("to move")
    # notices are laid over the move list: nothing moves when one comes
    before = boxes(page)
    page.locator("#copy-link").click()
    expect(page.locator("#explain")).to_contain_text("cop")  # (copied, or copy it by hand)
    assert boxes(page) == before, "a notice moved the panel"
    page.locator("#hint").click()
    expect(page.locator("#ai")).to_have_attribute("data-state", "hint", timeout=20_000)
    assert boxes(page) == before, "the hint moved the panel"
    check_desktop(page, size)
    # an analysis shown: the controls stay in view
    page.locator("#analyse-level").select_option("beginner")
    page.locator("#analyse").click()
    expect(page.locator("#analysis-summary")).to_be_visible(timeout=120_000)
    check_desktop(page, size)
    # every game, in progress
    for game in ("el", "escabel", "evl"):
        page.evaluate("f => { location.hash = f; }", link(game, long_game(game, 14)))
        expect(page.locator("#title")).not_to_have_text("Lines of Action")
        wait_idle(page)
        check_desktop(page, size)


def test_the_phone_shows_the_board_the_turn_and_the_move_controls(new_context, site_url):
    page = new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    for game in ("loa", "el", "escabel", "evl"):
        moves = long_game(game, 12)
        page.goto(site_url + link(game, moves))
        wait_engine_ready(page)
        expect(page.locator("#moves .mv")).to_have_count(len(moves))
        wait_idle(page)
        page.evaluate("window.scrollTo(0, 0)")
        for part in ("#board", "#status", "#said", "#prev", "#next", "#undo"):
            assert_on_screen(page, part, PHONE)
        expect(page.locator("#status")).to_contain_text("to move")
        assert page.locator("#said").get_attribute("aria-live") == "polite"
        assert page.locator("#said p").last.inner_text().strip()


def test_the_players_menus_offer_the_games_own_levels(page, site_url):
    # (#31) each game has its own ladder: the players panel's menus list it
    # (Advanced in Lines of Action, Apprentice in EVL), and a seat whose
    # level the game does not offer (named by a link) keeps it in its menu
    def menu(seat: int) -> list[str]:
        return page.eval_on_selector_all(
            f'#players select.seat-kind[data-seat="{seat}"] option', "os => os.map(o => o.value)"
        )

    for game, link_, ladder in (
        ("loa", "#v1/loa/standard/double-connection=mover//players=h,c:apprentice", gamut.ai.ladder("loa")),
        ("evl", "#v1/evl/standard/pieces=20,markers=10//players=h,c:casual", gamut.ai.ladder("evl")),
    ):
        page.goto(site_url + link_)
        wait_engine_ready(page)
        wait_idle(page)
        page.wait_for_function(
            "n => document.querySelectorAll('#players select.seat-kind[data-seat=\"0\"] option').length === n",
            arg=2 + len(ladder),
        )
        assert menu(0) == ["h", "r", *(f"c:{lv.name}" for lv in ladder)], game
        if game == "loa":
            assert "c:apprentice" not in menu(0) and "c:advanced" in menu(0)
            # the link's level stays in its seat's menu, in the ladder's order
            assert menu(1) == [
                "h",
                "r",
                *(f"c:{n}" for n in gamut.ai.LEVELS if n == "apprentice" or n in {lv.name for lv in ladder}),
            ]
            expect(page.locator('#players select.seat-kind[data-seat="1"]')).to_have_value("c:apprentice")
        else:
            assert "c:apprentice" in menu(0) and "c:advanced" not in menu(0)
