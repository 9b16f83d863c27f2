"""The settings (issue #28): chosen in the header's dialog, drawn on the
board and the page, remembered across a reload: flip, coordinates, the
board's colour theme per game, light/dark/system; the human's seat at the
bottom against the computer; the dialog usable with the keyboard and on a
phone; the evaluation graph dark in the dark scheme (it was a bright box).
Screenshots of the dialog and of every theme go to e2e/screenshots/."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import wait_engine_ready
from pagekit import noted, open_hash, resize, wait_idle
from playwright.sync_api import expect

SHOTS = Path(__file__).resolve().parent / "screenshots"
LOA = "#v1/loa/standard/double-connection=mover/"
STARTS = {
    "loa": LOA + "b1-d3,h2-f4,c1xf4",
    "el": "#v1/el/standard/first-two-equal=off,full-board=draw,declare-threats=on/",
    "escabel": "#v1/escabel/standard/size=7,pie=on/",
    "evl": "#v1/evl/standard/pieces=20,markers=10/",
}
THEMES = {"loa": ["wood", "ocean", "green", "contrast"], "el": ["paper", "slate", "mint", "contrast"]}
THEMES |= {"escabel": ["wood", "ocean", "green", "contrast"], "evl": ["stone", "ocean", "green", "contrast"]}
LIGHT_BG, DARK_BG = "rgb(239, 237, 234)", "rgb(22, 21, 18)"  # theme.css's --bg, light and dark


def opened(new_context, site_url, fragment=LOA, **context_args):
    context = new_context(
        viewport=context_args.pop("viewport", {"width": 1280, "height": 800}), **context_args
    )
    page = context.new_page()
    page.goto(site_url + fragment)
    wait_engine_ready(page)
    wait_idle(page)
    return page


def style(page, selector: str, prop: str) -> str:
    return page.evaluate(f"() => getComputedStyle(document.querySelector({selector!r})).{prop}")


def expect_style(page, selector: str, prop: str, value: str) -> None:
    """Wait until ``selector``'s computed ``prop`` is ``value`` (a change of setting is drawn in a microtask)."""
    page.wait_for_function(
        "([s, p, v]) => { const e = document.querySelector(s); return !!e && getComputedStyle(e)[p] === v; }",
        arg=[selector, prop, value],
    )
    assert style(page, selector, prop) == value


def luminance(rgb: str) -> float:
    """WCAG relative luminance of a computed "rgb(r, g, b)"."""
    parts = [int(float(x)) / 255 for x in rgb[rgb.index("(") + 1 : rgb.index(")")].split(",")[:3]]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in parts]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def open_settings(page):
    page.locator("#open-settings").click()
    expect(page.locator("#settings-dialog")).to_be_visible()


def check_chosen(page):
    """What the settings chosen in test_settings_persist show on the board and the page."""
    board = page.locator("#board")
    expect(board).to_have_attribute("data-flipped", "true")
    expect(board).to_have_attribute("data-coordinates", "off")
    expect(board).to_have_attribute("data-theme", "ocean")
    # what the player sees turned: White's a1 at the top right, Black's h8 at the bottom left
    a1 = page.locator('#board .hit[data-cell="a1"]').bounding_box()
    h8 = page.locator('#board .hit[data-cell="h8"]').bounding_box()
    assert a1 and h8 and a1["y"] < h8["y"] and a1["x"] > h8["x"], (a1, h8)
    expect(page.locator("#board .layer-coords .coord").first).to_be_hidden()
    # the ocean's light square (#dee3e6), dimmed in the dark (themes.js)
    expect_style(page, "#board .sq.shade-0", "fill", "rgb(195, 200, 202)")
    expect(page.locator("html")).to_have_attribute("data-scheme", "dark")
    expect_style(page, "html", "backgroundColor", DARK_BG)


def test_settings_persist_across_a_reload(new_context, site_url):
    page = opened(new_context, site_url, LOA + "b1-d3")
    board = page.locator("#board")
    expect(board).to_have_attribute("data-flipped", "false")
    expect(board).to_have_attribute("data-coordinates", "on")
    expect(page.locator("#board .layer-coords .coord").first).to_be_visible()
    expect_style(page, "html", "backgroundColor", LIGHT_BG)
    open_settings(page)
    dialog = page.locator("#settings-dialog")
    dialog.get_by_label("Flip the board").check()
    dialog.get_by_label("Coordinates").uncheck()
    dialog.get_by_label("Ocean").check()
    dialog.get_by_label("Dark").check()
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()
    check_chosen(page)
    page.reload()
    wait_engine_ready(page)
    wait_idle(page)
    check_chosen(page)
    # the theme is per game: EL keeps its own default
    open_hash(page, STARTS["el"])
    expect(board).to_have_attribute("data-theme", "paper")
    open_settings(page)
    expect(dialog.get_by_label("Paper")).to_be_checked()
    expect(dialog.get_by_label("Flip the board")).to_be_checked()
    expect(dialog.get_by_label("Dark")).to_be_checked()
    # a game's own New game settings, saved as games open and are played (keep.js), leave these alone
    dialog.get_by_role("button", name="Close").click()
    open_hash(page, LOA + "b1-d3,h2-f4")
    page.reload()
    wait_engine_ready(page)
    wait_idle(page)
    check_chosen(page)


def test_the_page_scheme_overrides_the_system(new_context, site_url):
    page = opened(new_context, site_url, color_scheme="dark")
    expect(page.locator("html")).to_have_attribute("data-scheme", "dark")
    expect_style(page, "html", "backgroundColor", DARK_BG)
    open_settings(page)
    page.locator("#settings-dialog").get_by_label("Light").check()
    expect(page.locator("html")).to_have_attribute("data-scheme", "light")
    expect_style(page, "html", "backgroundColor", LIGHT_BG)
    expect_style(page, ".panel", "backgroundColor", "rgb(255, 255, 255)")
    page.locator("#settings-dialog").get_by_label("As the system").check()
    expect(page.locator("html")).to_have_attribute("data-scheme", "dark")
    expect_style(page, "html", "backgroundColor", DARK_BG)


def test_against_the_computer_the_humans_seat_is_at_the_bottom(new_context, site_url):
    page = opened(new_context, site_url, LOA + "b1-d3/players=c:beginner,h")
    expect(page.locator("#board")).to_have_attribute("data-flipped", "true")
    open_hash(page, LOA + "b1-d3/players=h,c:beginner")
    expect(page.locator("#board")).to_have_attribute("data-flipped", "false")
    # two players on one screen who asked for it: the side to move at the bottom
    open_hash(page, LOA + "b1-d3")
    expect(page.locator("#board")).to_have_attribute("data-flipped", "false")
    open_settings(page)
    page.locator("#settings-dialog").get_by_label("The side to move at the bottom").check()
    expect(page.locator("#board")).to_have_attribute("data-flipped", "true")  # White to move


def test_the_dialog_with_the_keyboard(new_context, site_url):
    page = opened(new_context, site_url)
    page.locator("#open-settings").focus()
    page.keyboard.press("Enter")
    dialog = page.locator("#settings-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_have_attribute("aria-labelledby", "settings-title")
    # Tab to the sound box, Space unticks it: the header's button follows
    sound = dialog.get_by_label("Sound", exact=True)
    sound.focus()
    page.keyboard.press("Space")
    expect(sound).not_to_be_checked()
    expect(page.locator("#sound-toggle")).to_have_attribute("aria-pressed", "false")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.locator("#open-settings")).to_be_focused()


def test_the_dialog_fits_a_phone(new_context, site_url):
    page = opened(new_context, site_url, viewport={"width": 360, "height": 640})
    for button in ("#sound-toggle", "#open-settings", "#open-games"):
        box = page.locator(button).bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360 and box["y"] + box["height"] <= 80, (
            button
        )
    open_settings(page)
    close = page.locator("#settings-close")
    close.scroll_into_view_if_needed()
    box = page.locator("#settings-dialog").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360 and box["height"] <= 640
    close.click()
    expect(page.locator("#settings-dialog")).to_be_hidden()
    # a tap outside the dialog closes it too
    open_settings(page)
    page.mouse.click(5, 635)
    expect(page.locator("#settings-dialog")).to_be_hidden()


@pytest.mark.parametrize("choose", ["system", "page"])
def test_the_evaluation_graph_is_dark_in_the_dark_scheme(new_context, site_url, choose):
    """It was a bright box: the white seat's band stayed near white in the dark."""
    if choose == "system":
        page = opened(new_context, site_url, STARTS["loa"], color_scheme="dark")
    else:
        page = opened(new_context, site_url, STARTS["loa"], color_scheme="light")
        open_settings(page)
        page.locator("#settings-dialog").get_by_label("Dark").check()
        page.locator("#settings-close").click()
    page.select_option("#analyse-level", "depth:4")
    page.locator("#analyse").click()
    expect(page.locator("#eval-graph")).to_be_visible(timeout=60000)
    page.wait_for_selector("#eval-graph .band-white")
    ground = style(page, "#eval-graph", "backgroundColor")
    white = style(page, "#eval-graph .band-white", "fill")
    black = style(page, "#eval-graph .band-black", "fill")
    assert luminance(ground) < 0.05, ground
    assert luminance(style(page, "#eval-graph .graph-bg", "fill")) < 0.05
    assert luminance(white) < 0.3, f"the white band is {white}: a bright box in the dark"
    ratio = (luminance(white) + 0.05) / (luminance(black) + 0.05)
    assert ratio >= 3, f"the seats' bands are {ratio:.2f}:1 apart"


def test_screenshots_of_the_dialog_and_every_theme(new_context, site_url):
    """Each game in each of its themes, light and dark, at 1280x800 and
    360x640 (one page: its colour scheme and size changed in turn)."""
    page = opened(new_context, site_url, viewport={"width": 1280, "height": 800}, color_scheme="light")
    SHOTS.mkdir(exist_ok=True)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        expect(page.locator("html")).to_have_attribute("data-scheme", scheme)
        for width, height in ((1280, 800), (360, 640)):
            resize(page, width, height)
            for game, themes in THEMES.items():
                open_hash(page, STARTS[game])
                for theme in themes:
                    with noted(f"{game} in {theme}, {scheme}, {width}x{height}"):
                        open_settings(page)
                        page.locator("#settings-dialog").get_by_label(theme_name(theme)).check()
                        page.locator("#settings-close").click()
                        expect(page.locator("#board")).to_have_attribute("data-theme", theme)
                    page.screenshot(
                        path=str(SHOTS / f"settings-{width}x{height}-{scheme}-{game}-{theme}.png")
                    )
            open_settings(page)
            page.screenshot(path=str(SHOTS / f"settings-{width}x{height}-{scheme}-dialog.png"))
            page.locator("#settings-close").click()
            expect(page.locator("#settings-dialog")).to_be_hidden()


def theme_name(theme: str) -> str:
    return {"contrast": "High contrast"}.get(theme, theme.capitalize())


def test_preferences_leave_each_games_new_game_choice_alone(new_context, site_url):
    """The preferences and each game's last New game choice (keep.js) are kept
    under two keys: changing a preference once wiped the other's choices."""
    page = opened(new_context, site_url, "#v1/escabel/checkered/size=7,pie=on,corners=white/")
    page.locator("#sound-toggle").click()  # a preference changed (and written)
    page.click("#new-game")
    page.locator('#new-games input[value="escabel"]').check()
    expect(page.locator("#new-variant")).to_have_value("checkered")
    expect(page.locator("#opt-corners")).to_have_value("white")
    page.keyboard.press("Escape")
    page.reload()
    wait_engine_ready(page)
    expect(page.locator("#sound-toggle")).to_have_attribute("aria-pressed", "false")
