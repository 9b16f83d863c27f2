"""Phones: every game played by taps at 360x640 and 390x844, light and dark.

One touch context (``has_touch``, ``is_mobile``) is shared by the module
(Pyodide starts once); its viewport and colour scheme change between tests.
At every step of a game the strip under the board must be on screen without
scrolling: the turn indicator (the player to move and the status line), the
prompt of a move being entered and the buttons that finish it; and the board
must be drawn at least 75 % of the screen's width (it is as large as leaves
that strip on screen).  Also: the New game dialog's Start button is on
screen without scrolling the dialog, the move list scrolls itself (a swipe
on it never scrolls the page), and the dark theme is the one that is drawn
when the system asks for it.  Held sideways (640x360), the board and the
panel share the screen.  Screenshots of each game at both sizes, light and
dark, are saved under e2e/screenshots/ (gitignored) to be looked at.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import guarded_page, wait_engine_ready
from pagekit import assert_on_screen, box, cell, expect_played, few_moves, move_count, open_hash, wait_idle
from playwright.sync_api import expect

import gamut

SHOTS = Path(__file__).resolve().parent / "screenshots"
STYLE = Path(__file__).resolve().parent.parent / "web" / "theme.css"  # the themes' custom properties
SIZES = {"360x640": {"width": 360, "height": 640}, "390x844": {"width": 390, "height": 844}}
LANDSCAPE = {"width": 640, "height": 360}  # the small phone held sideways
# each game's start, with the options that show its prompts (EL: declaring threats)
STARTS = {
    "loa": "#v1/loa/standard/double-connection=mover/",
    "el": "#v1/el/standard/first-two-equal=off,full-board=draw,declare-threats=on/",
    "escabel": "#v1/escabel/standard/size=7,pie=on/",
    "evl": "#v1/evl/standard/pieces=20,markers=10/",
}


@pytest.fixture(scope="module")
def phone(browser, site_url, context_pool):
    """A phone: a touch context at 360x640, the engine ready."""
    yield from guarded_page(
        browser,
        site_url,
        pool=context_pool,
        viewport=SIZES["360x640"],
        has_touch=True,
        is_mobile=True,
        device_scale_factor=2,
    )


def set_phone(page, size: str, scheme: str = "light") -> dict:
    viewport = SIZES.get(size, LANDSCAPE)
    page.set_viewport_size(viewport)
    page.emulate_media(color_scheme=scheme)
    page.evaluate("window.scrollTo(0, 0)")
    return viewport


def shoot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / f"phone-{name}.png"))


# -- what must be on screen ------------------------------------------------------------


def check_strip(page, viewport: dict) -> None:
    """The page is not scrolled; the turn indicator, the status or prompt and
    the buttons acting on it are on screen; the board is large; nothing is wider than the screen."""
    assert page.evaluate("window.scrollY") == 0, "the page scrolled"
    assert_nothing_wider(page, viewport)
    ongoing = page.evaluate("""() => !document.querySelector('#result:not([hidden])')""")
    if ongoing:
        assert_on_screen(page, "#players .player.to-move", viewport)
        # whose turn it is: written once (the status line), and said in the live log
        assert_on_screen(page, "#status", viewport)
        assert_on_screen(page, "#said", viewport)
    else:
        assert_on_screen(page, "#result", viewport)
    if page.locator("#status").inner_text().strip():
        assert_on_screen(page, "#status", viewport)
    if page.locator("#explain").inner_text().strip():
        assert_on_screen(page, "#explain", viewport)
    if page.locator("#actions").is_visible():
        assert_on_screen(page, "#actions", viewport)
        for button in page.locator("#actions button").all():
            b = button.bounding_box()
            assert b and b["y"] + b["height"] <= viewport["height"] + 0.5, (
                f"a button of the prompt is off screen: {b}"
            )
            assert b["height"] >= 36, f"a button of the prompt is too small to tap: {b}"
    board = assert_on_screen(page, "#board", viewport)
    drawn = box(page, "#board .layer-base")
    assert drawn["width"] >= 0.75 * viewport["width"], (
        f"the board is small: {drawn['width']:.0f} of {viewport['width']}"
    )
    assert board["y"] < 90, f"the board starts low: {board}"


def assert_nothing_wider(page, viewport: dict) -> None:
    """No element reaches past the screen's right edge, and each player's
    parts stay inside the player's card (a panel that scrolls would hide them)."""
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    wide = page.evaluate(
        """w => [...document.querySelectorAll('body *')]
        .filter(e => e.getClientRects().length && e.getBoundingClientRect().right > w + 0.5)
        .map(e => e.tagName + '#' + e.id + '.' + e.className)""",
        viewport["width"],
    )
    assert not wide, f"elements wider than the screen: {wide[:5]}"
    spill = page.evaluate("""() => [...document.querySelectorAll('#players .player > *')].filter(e => {
        const r = e.getBoundingClientRect(), p = e.parentElement.getBoundingClientRect();
        return r.left < p.left - 0.5 || r.right > p.right + 0.5; }).map(e => e.className)""")
    assert not spill, f"a player's parts reach out of the card: {spill}"


def tap(page, cid: str) -> None:
    cell(page, cid).tap()


# -- each game, by taps, at both sizes ---------------------------------------------------


def fresh(page, game: str) -> None:
    """The game's start, with no moves: its link, or (when that opens a game
    played before) a new game with the link's options from the New game dialog."""
    open_hash(page, STARTS[game])
    if move_count(page):
        page.locator("#new-game").tap()
        expect(page.locator("#new-dialog")).to_be_visible()
        page.locator(f'#new-games input[value="{game}"]').tap()
        for option in STARTS[game].split("/")[3].split(","):
            name, value = option.split("=")
            page.locator(f"#opt-{name}").select_option(value)
        page.locator("#new-start").tap()
        expect(page.locator("#moves .mv")).to_have_count(0)
    wait_idle(page)
    # (a first visit on a phone shows the start panel first, #41: these games are played by two at one screen)
    if page.locator("#start").is_visible():
        page.locator("#start-close").tap()
        expect(page.locator("#start")).to_be_hidden()
    assert page.evaluate("location.hash").startswith(STARTS[game])
    page.evaluate("window.scrollTo(0, 0)")


@pytest.mark.parametrize("size", list(SIZES))
def test_lines_of_action_by_taps(phone, size):
    page, viewport = phone, set_phone(phone, size)
    fresh(phone, "loa")
    check_strip(page, viewport)
    tap(page, "b1")
    expect(page.locator("#board .target")).not_to_have_count(0)
    check_strip(page, viewport)
    tap(page, "d3")
    expect_played(page, 0, "b1-d3")
    check_strip(page, viewport)
    tap(page, "h2")
    tap(page, "f4")
    expect_played(page, 1, "h2-f4")
    check_strip(page, viewport)
    shoot(page, f"{size}-loa")


@pytest.mark.parametrize("size", list(SIZES))
def test_el_by_taps_with_its_prompts(phone, size):
    page, viewport = phone, set_phone(phone, size)
    fresh(phone, "el")
    check_strip(page, viewport)
    # a cell, then a number: the prompt says what is chosen and what completes it
    tap(page, "c3")
    expect(page.locator("#pick-prompt")).to_contain_text("Tap a marked cell or number")
    check_strip(page, viewport)
    page.locator('#palette .pal[data-id="n4"]').tap()
    expect_played(page, 0, "c3=4")
    # then the declaration: the prompt and its Confirm button on screen
    expect(page.locator("#select-confirm")).to_be_visible()
    check_strip(page, viewport)
    shoot(page, f"{size}-el-declare")
    page.locator("#select-confirm").tap()
    expect_played(page, 1, "declare:-")
    tap(page, "d4")
    page.locator('#palette .pal[data-id="n5"]').tap()
    expect_played(page, 2, "d4=5")
    check_strip(page, viewport)
    page.locator("#select-confirm").tap()
    expect_played(page, 3, "declare:-")
    check_strip(page, viewport)


@pytest.mark.parametrize("size", list(SIZES))
def test_escabel_by_taps_with_the_swap(phone, size):
    page, viewport = phone, set_phone(phone, size)
    fresh(phone, "escabel")
    check_strip(page, viewport)
    tap(page, "d4")
    expect_played(page, 0, "d4")
    # the second player may swap sides: a button with no cell, on screen
    swap = page.locator('#actions .move-button[data-move="swap"]')
    expect(swap).to_be_visible()
    check_strip(page, viewport)
    shoot(page, f"{size}-escabel-swap")
    swap.tap()
    expect_played(page, 1, "swap")
    check_strip(page, viewport)
    tap(page, "c3")
    expect_played(page, 2, "c3")
    check_strip(page, viewport)


@pytest.mark.parametrize("size", list(SIZES))
def test_evl_by_taps_with_a_confirmation(phone, size):
    page, viewport = phone, set_phone(phone, size)
    fresh(phone, "evl")
    for n, cid in enumerate(["c4", "d7", "c4", "a7", "b3", "d1"]):
        tap(page, cid)
        expect_played(page, n, cid)
        check_strip(page, viewport)
    # c4 (a stack of 2) may take a piece or go on: the prompt asks to confirm
    tap(page, "c4")
    confirm = page.locator("#confirm-move")
    expect(confirm).to_have_text("Place on c4 (stack of 3)")
    expect(page.locator("#confirm-prompt")).to_contain_text("Tap c4 again")
    check_strip(page, viewport)
    shoot(page, f"{size}-evl-confirm")
    confirm.tap()
    expect_played(page, 6, "c4")
    check_strip(page, viewport)


def test_sideways_the_board_and_the_strip_share_the_screen(phone):
    page, viewport = phone, set_phone(phone, "landscape")
    fresh(phone, "el")
    tap(page, "b2")
    page.locator('#palette .pal[data-id="n3"]').tap()
    expect_played(page, 0, "b2=3")
    expect(page.locator("#select-confirm")).to_be_visible()
    assert page.evaluate("window.scrollY") == 0
    for part in ("#players .player.to-move", "#status", "#actions", "#select-confirm", "#palette"):
        assert_on_screen(page, part, viewport)
    board, panel = box(page, "#board .layer-base"), box(page, ".panel")
    top = box(page, ".top")
    assert board["height"] >= 0.75 * (viewport["height"] - top["height"]), f"the board is small: {board}"
    assert panel["x"] >= board["x"] + board["width"], "the panel is beside the board"
    assert_nothing_wider(page, viewport)
    shoot(page, "640x360-el-declare")
    page.locator("#select-confirm").tap()
    expect_played(page, 1, "declare:-")


# -- the New game dialog -------------------------------------------------------------------


@pytest.mark.parametrize("size", list(SIZES))
def test_new_game_dialog_start_is_on_screen(phone, size):
    page, viewport = phone, set_phone(phone, size)
    wait_idle(page)
    page.locator("#new-game").tap()  # (below the strip: the tap scrolls the page to it)
    dialog = page.locator("#new-dialog")
    expect(dialog).to_be_visible()
    for game in ("evl", "el", "escabel", "loa"):  # the tallest forms too
        page.locator(f'#new-games input[value="{game}"]').tap()
        assert dialog.evaluate("d => d.scrollTop") == 0
        start = assert_on_screen(page, "#new-start", viewport)
        d = box(page, "#new-dialog")
        assert d["y"] + d["height"] <= viewport["height"] + 0.5, f"the dialog is taller than the screen: {d}"
        assert start["y"] + start["height"] <= d["y"] + d["height"] + 0.5, "Start is outside the dialog"
        assert start["height"] >= 36
    if size == "360x640":
        shoot(page, "360x640-new-game")
    page.locator("#new-start").tap()
    expect(dialog).to_be_hidden()
    expect(page.locator("#moves .mv")).to_have_count(0)
    wait_idle(page)
    assert page.evaluate("location.hash").startswith("#v1/loa/")


# -- the move list scrolls itself ------------------------------------------------------------


def long_line(game: str, n: int) -> list[str]:
    state, moves = gamut.new(game), []
    for i in range(n):
        legal = state.legal_moves()
        if not legal or state.view().get("outcome"):
            break
        move = legal[(5 * i + 1) % len(legal)]
        moves.append(state.move_text(move))
        state = state.play(move)
    return moves


def swipe(page, x: float, y: float, down: bool, distance: float = 150) -> None:
    """A finger drawn over the screen from (x, y): ``down`` moves it down (what
    is under it scrolls back up), else up.  Real touch events, scrolled by the browser."""
    cdp = page.context.new_cdp_session(page)
    step = (distance if down else -distance) / 10
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for k in range(1, 11):
        cdp.send(
            "Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y + step * k}]}
        )
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


@pytest.mark.parametrize("size", list(SIZES))
def test_the_move_list_scrolls_itself(phone, size):
    page, viewport = phone, set_phone(phone, size)
    moves = long_line("loa", 40 if size == "360x640" else 41)  # (another link: opened afresh)
    open_hash(page, STARTS["loa"] + ",".join(moves))
    expect(page.locator("#moves .mv")).to_have_count(len(moves))
    listbox = page.locator(".moves-box")
    height, inside, top = listbox.evaluate("b => [b.scrollHeight, b.clientHeight, b.scrollTop]")
    assert height > inside + 100, f"the list does not overflow its box: {height} in {inside}"
    assert top > 0, "the list shows its last moves"
    assert page.evaluate("window.scrollY") == 0, "loading a game scrolled the page"
    current, b = box(page, "#moves .mv.current"), box(page, ".moves-box")
    assert b["y"] - 0.5 <= current["y"] and current["y"] + current["height"] <= b["y"] + b["height"] + 0.5, (
        "the current move is outside the list's box"
    )
    # the list on screen (below the strip, so the page scrolls to it)
    listbox.evaluate("b => b.scrollIntoView({block: 'center'})")
    page_y = page.evaluate("window.scrollY")
    assert page_y > 0 or size != "360x640"
    b = box(page, ".moves-box")
    x, y = viewport["width"] / 2, b["y"] + b["height"] / 2
    # from its end, a finger moving down scrolls the list back, not the page
    listbox.evaluate("b => { b.scrollTop = b.scrollHeight; }")
    end = listbox.evaluate("b => b.scrollTop")
    swipe(page, x, y, down=True)
    page.wait_for_function("end => document.querySelector('.moves-box').scrollTop < end - 50", arg=end)
    assert page.evaluate("window.scrollY") == page_y, "a swipe on the move list scrolled the page"
    # at its start, the same swipe stops there: the page does not scroll either
    listbox.evaluate("b => { b.scrollTop = 0; }")
    page.evaluate(
        "() => { window.__pageScrolls = 0; addEventListener('scroll', () => window.__pageScrolls++); }"
    )
    swipe(page, x, y, down=True)
    assert listbox.evaluate("b => b.scrollTop") == 0
    # and a finger moving up scrolls the list on.  (The browser takes the two swipes'
    # gestures in order: once the second has scrolled the list, the first is over, and
    # whatever it did is seen; no scroll event of the page means it never moved.)
    swipe(page, x, y, down=False)
    page.wait_for_function("() => document.querySelector('.moves-box').scrollTop > 50")
    assert page.evaluate("window.__pageScrolls") == 0, "a swipe at the list's start scrolled the page"
    assert page.evaluate("window.scrollY") == page_y
    page.evaluate("window.scrollTo(0, 0)")


# -- themes ----------------------------------------------------------------------------------


def theme_colours(scheme: str) -> dict[str, str]:
    """The custom properties of a theme, as theme.css writes them."""
    css = re.sub(r"/\*.*?\*/", "", STYLE.read_text(encoding="utf-8"), flags=re.S)
    light = dict(
        re.findall(
            r"(--[\w-]+):\s*([^;]+);", css[css.index(":root {") : css.index("}", css.index(":root {"))]
        )
    )
    dark_at = css.index("@media (prefers-color-scheme: dark)")
    dark = dict(re.findall(r"(--[\w-]+):\s*([^;]+);", css[dark_at : css.index("}", dark_at)]))
    return {**light, **dark} if scheme == "dark" else light


def rgb(hex_colour: str) -> str:
    h = hex_colour.strip().lstrip("#")
    return "rgb({}, {}, {})".format(*(int(h[i : i + 2], 16) for i in (0, 2, 4)))


COMPUTED = {  # (what, element, property, custom property)
    "page": ("document.documentElement", "backgroundColor", "--bg"),
    "text": ("document.documentElement", "color", "--text"),
    "panel": ("document.querySelector('.panel')", "backgroundColor", "--card"),
    "light square": ("document.querySelector('#board .sq.shade-0')", "fill", "--sq-light"),
    "dark square": ("document.querySelector('#board .sq.shade-1')", "fill", "--sq-dark"),
    "black piece": ("document.querySelector('#board .disc.c-black')", "fill", "--c-black"),
    "white piece's edge": ("document.querySelector('#board .disc.c-white')", "stroke", "--c-white-edge"),
}


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_theme_follows_the_system(phone, scheme):
    page = phone
    set_phone(page, "360x640", scheme)
    open_hash(page, STARTS["loa"] + "b1-d3")
    colours = theme_colours(scheme)
    other = theme_colours("light" if scheme == "dark" else "dark")
    for what, (element, prop, name) in COMPUTED.items():
        got = page.evaluate(f"() => getComputedStyle({element}).{prop}")
        assert got == rgb(colours[name]), f"{scheme}: {what} is {got}, not {name} {colours[name]}"
        if colours[name] != other[name]:
            assert got != rgb(other[name])
    assert page.evaluate("() => matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")


# -- screenshots of each game, to look at ------------------------------------------------------


def few_moves_here(game: str, n: int = 7) -> list[str]:
    """A few moves from the game's start in STARTS."""
    variant, options = STARTS[game].split("/")[2:4]
    return few_moves(game, n, gamut.new(game, variant, **dict(o.split("=") for o in options.split(","))))


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", list(SIZES))
def test_screenshots(phone, size, scheme):
    page = phone
    viewport = set_phone(page, size, scheme)
    for game in STARTS:
        open_hash(page, STARTS[game] + ",".join(few_moves_here(game)))
        wait_idle(page)
        check_strip(page, viewport)
        shoot(page, f"{size}-{scheme}-{game}")


def test_the_header_and_the_game_actions_fit_360_in_each_language(phone):
    """Each language in turn on one phone page (a reload each, the choice
    stored as the settings store it).  (French and Spanish, whose "Learn" is
    the longest, once clipped EVL off the games' row.)"""
    set_phone(phone, "360x640")
    try:
        for lang in ("en", "de", "fr", "es", "hu"):
            if lang != "en":
                phone.evaluate("lang => localStorage.setItem('gamut.lang', lang)", lang)
                phone.reload()
                wait_engine_ready(phone)
            expect(phone.locator("html")).to_have_attribute("lang", lang)
            header_fits_360(phone, lang)
            game_actions_fit_360(phone, lang)
    finally:
        phone.evaluate("localStorage.removeItem('gamut.lang')")
        phone.reload()
        wait_engine_ready(phone)


def header_fits_360(phone, lang: str) -> None:
    # the games' row and the Learn menu share the header's second row: all
    # four games fit without scrolling the row, in English and in the
    # longest languages (a clipped "Escabel" and a hidden EVL before)
    picker = phone.evaluate("""() => { const p = document.querySelector('#game-picker');
        const learn = document.querySelector('.top .puzzles-menu').getBoundingClientRect();
        return {scroll: p.scrollWidth, client: p.clientWidth, right: p.getBoundingClientRect().right,
                learn: learn.left, learnRight: learn.right, picks: p.children.length}; }""")
    assert picker["picks"] == 4
    assert picker["scroll"] <= picker["client"], f"{lang}: the games' row is clipped: {picker}"
    assert picker["right"] <= picker["learn"], f"{lang}: the games' row runs under the Learn menu: {picker}"
    assert picker["learnRight"] <= 360, (lang, picker)


def game_actions_fit_360(phone, lang: str) -> None:
    # Resign, Offer a draw and Abort: in the longer languages they take two
    # rows rather than reaching out of the panel on both sides
    fresh(phone, "loa")
    tap(phone, "b1")
    tap(phone, "d3")
    # (the actions are drawn for the move once it is played: read them after it)
    expect(phone.locator("#moves .mv")).to_have_count(1)
    wait_idle(phone)
    actions = phone.locator("#game-actions")
    expect(actions).to_be_visible()
    panel = box(phone, ".panel")
    for button in actions.locator("button").all():
        b = button.bounding_box()
        assert (
            b and b["x"] >= panel["x"] - 0.5 and b["x"] + b["width"] <= panel["x"] + panel["width"] + 0.5
        ), f"{lang}: {button.inner_text()!r} reaches out of the panel: {b} in {panel}"
        assert button.evaluate("b => b.scrollWidth <= b.clientWidth"), (
            f"{lang}: {button.inner_text()!r} is cut"
        )
