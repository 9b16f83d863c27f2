"""The start of a game as a newcomer meets it (issue #41).

A phone's first screen offers the computer (Start on screen) and, once
started, shows the board; the New game dialog keeps the opponent chosen
when the game changes; a level picked while the engine loads stays; no
Resign, Offer draw or Abort before a game exists, and a game never played
opens with the start panel; the board is one tab stop and takes the focus
after Start; no word is missing from the catalogs in any game's options.
"""

from __future__ import annotations

from conftest import wait_engine_ready
from pagekit import assert_on_screen, first_visit_engine_held, wait_idle
from playwright.sync_api import expect
from test_site_start import expect_seats, link

PHONE = {"width": 360, "height": 640}


def checked(page, scope: str, group: str) -> str:
    """The value of the radio of ``group`` checked in ``scope`` (the start panel or the dialog)."""
    return page.locator(f"{scope} input[name$='-{group}']:checked").get_attribute("value")


def test_a_newcomer_on_a_phone_plays_the_computer_in_one_tap(new_context, site_url):
    page = new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    page.goto(site_url)
    wait_engine_ready(page)
    expect(page.locator("#start")).to_be_visible()
    assert page.evaluate("window.scrollY") == 0
    assert_on_screen(page, "#start-play", PHONE)  # the first screen: the way to play the computer
    page.locator("#start-play").tap()
    expect(page.locator("#start")).to_be_hidden()
    wait_idle(page)
    expect_seats(page, ["h", "c:casual"])
    expect(page.locator("#players")).to_be_visible()
    assert_on_screen(page, "#board", PHONE)  # and the board in view, whole
    expect(page.locator("#board .hit:focus")).to_have_count(1)  # (the keyboard's focus on it)


def test_the_new_game_dialog_keeps_the_opponent_when_the_game_changes(page, site_url):
    page.goto(site_url + link("loa", ["b1-d3"]))
    wait_engine_ready(page)
    page.locator("#new-game").click()
    dialog = page.locator("#new-dialog")
    expect(dialog).to_be_visible()
    dialog.locator(".choice-mode", has_text="Computer").click()
    dialog.locator(".choice-level", has_text="Strong").click()
    dialog.locator(".choice-you").nth(1).click()
    for game in ("escabel", "evl", "el", "loa"):
        page.locator(f'#new-games input[value="{game}"]').check()
        expect(dialog.get_by_label("Play the computer")).to_be_checked()
        expect(page.locator("#new-seat-0")).to_have_value("c:strong")
        expect(page.locator("#new-seat-1")).to_have_value("h")
        assert checked(page, "#new-dialog", "you") == "1", game
    # a level a game does not offer: the one nearest by rating, shown
    dialog.locator(".choice-level", has_text="Advanced").click()  # (1714 in Lines of Action)
    page.locator('#new-games input[value="evl"]').check()
    expect(page.locator("#new-seat-0")).to_have_value("c:club")  # (EVL's Club: 1778; its Casual 1543)
    expect(dialog.locator(".choice-level input:checked")).to_have_value("club")
    page.locator("#new-start").click()
    wait_idle(page)
    expect_seats(page, ["c:club", "h"])


def test_a_level_picked_while_the_engine_loads_stays_when_it_is_ready(new_context, site_url):
    page = first_visit_engine_held(new_context(), site_url)
    levels = page.locator("#start .choice-level .choice-name")
    expect(levels.first).to_be_visible()
    # the game's own ladder from the first screen (Apprentice is EVL's, not Lines of Action's)
    before = levels.all_inner_texts()
    assert "Advanced" in before and "Apprentice" not in before, before
    page.locator("#start .choice-level", has_text="Advanced").click()
    page.evaluate("window.__gamutRelease()")
    wait_engine_ready(page)
    wait_idle(page)
    assert levels.all_inner_texts() == before  # no level came or went
    expect(page.locator("#start .choice-level input:checked")).to_have_value("advanced")
    page.locator("#start-play").click()
    wait_idle(page)
    expect_seats(page, ["h", "c:advanced"])


def test_no_game_actions_before_a_game_and_a_new_games_tab_offers_the_start_panel(new_context, site_url):
    page = new_context().new_page()
    page.goto(site_url)
    wait_engine_ready(page)
    wait_idle(page)
    expect(page.locator("#start")).to_be_visible()
    for button in ("#resign", "#offer-draw", "#abort"):
        expect(page.locator(button)).to_be_hidden()
    page.locator('.pick[data-game="el"]').click()
    expect(page.locator("#title")).to_have_text("EL")
    expect(page.locator("#start")).to_be_visible()
    expect(page.locator("#start-game")).to_have_value("el")
    page.locator("#start-play").click()
    wait_idle(page)
    expect(page.locator("#start")).to_be_hidden()
    expect(page.locator("#resign")).to_be_visible()  # a game now
    # another game never played: its tab offers the start panel too, not a board for two
    page.locator('.pick[data-game="escabel"]').click()
    expect(page.locator("#title")).to_have_text("Escabel")
    expect(page.locator("#start")).to_be_visible()
    expect(page.locator("#start-game")).to_have_value("escabel")
    assert checked(page, "#start", "mode") == "computer"


def test_the_board_is_one_tab_stop_and_takes_the_focus_after_start(new_context, site_url):
    page = new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(site_url)
    wait_engine_ready(page)
    page.locator("#start-play").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#start")).to_be_hidden()
    wait_idle(page)
    focused = page.locator("#board .hit:focus")
    expect(focused).to_have_count(1)  # the board, not <body>
    # from the board's cell, Shift+Tab leaves the board (the svg is no stop of its own) ...
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("!document.getElementById('board').contains(document.activeElement)")
    # ... and Tab comes back to that cell, the one stop; the arrows move within
    page.keyboard.press("Tab")
    expect(focused).to_have_count(1)
    first = focused.get_attribute("data-cell")
    page.keyboard.press("ArrowRight")
    expect(focused).not_to_have_attribute("data-cell", first)
    page.keyboard.press("Tab")
    assert page.evaluate("!document.getElementById('board').contains(document.activeElement)")


def test_every_games_options_have_their_words(new_context, site_url):
    context = new_context()
    warnings: list[str] = []
    context.on("console", lambda m: m.type == "warning" and warnings.append(m.text))
    page = context.new_page()
    page.goto(site_url + link("loa", ["b1-d3"]))
    wait_engine_ready(page)
    page.locator("#new-game").click()
    for game in ("loa", "el", "escabel", "evl"):
        page.locator(f'#new-games input[value="{game}"]').check()
        variants = page.locator("#new-variant option")
        for value in [variants.nth(i).get_attribute("value") for i in range(variants.count())]:
            page.locator("#new-variant").select_option(value)
            expect(page.locator("#new-options")).not_to_be_empty()
    assert not [w for w in warnings if w.startswith("i18n:")], warnings


def test_a_games_tab_chosen_while_the_engine_loads_opens_with_the_start_panel(new_context, site_url):
    """#41 defect 12: a first visit's tab clicked before the engine is ready
    puts that game in the start panel at once, and opens it once ready."""
    page = first_visit_engine_held(new_context(), site_url)
    page.locator('.pick[data-game="el"]').click()
    expect(page.locator("#start-game")).to_have_value("el")
    expect(page.locator('.pick[data-game="el"]')).to_have_attribute("aria-current", "true")
    page.evaluate("window.__gamutRelease()")
    wait_engine_ready(page)
    wait_idle(page)
    expect(page.locator("#title")).to_have_text("EL")
    expect(page.locator("#start")).to_be_visible()
    expect(page.locator("#start-game")).to_have_value("el")
    page.locator("#start-play").click()
    wait_idle(page)
    expect(page.locator("#start")).to_be_hidden()
    expect(page.locator("#title")).to_have_text("EL")
