"""Nothing jumps, everything in view (issue #41, defects 3, 6 and 17), by bounding boxes.

- A computer's move (its card says "thinking" and stops saying it), a cell
  selected in EL or EVL (its prompt and buttons) and an analysis (its
  progress, graph and summary) change neither the board's size nor any box
  of the panel: the space is kept for them (the card keeps room for its
  words, the prompt is laid over the move list, the room under the board is
  the analysis's from the start).  Each test waits for the page's own state
  (the card's words, the prompt, <html data-analysis>), never a fixed time.
- After an analysis its summary (each side's marks and loss), its graph and
  the link to practise the mistakes are on screen at 1280x800 and 1366x768,
  with no box scrolled to find them.
- The clocks: the face of the seat shown at the bottom of the board is below
  the face of the seat at the top, at 1280x800 and 360x640, and flipping the
  board swaps them.
"""

from __future__ import annotations

import pytest
from conftest import wait_engine_ready
from pagekit import assert_on_screen, box, cell, noted, open_hash, open_site, wait_idle
from playwright.sync_api import expect

import gamut

LAPTOPS = {"1280x800": {"width": 1280, "height": 800}, "1366x768": {"width": 1366, "height": 768}}
PHONE = {"width": 360, "height": 640}
LOCALES = {"en": "en-US", "de": "de-DE"}
PARTS = [
    "#board",
    ".panel",
    "#players",
    "#status",
    ".moves-box",
    ".nav",
    ".controls",
    "#move-input",
    ".analysis-bar",
]


def link(game: str, moves=(), players=None, tail: str = "") -> str:
    state = gamut.new(game)
    opts = ",".join(f"{k}={v}" for k, v in state.options_json().items()) or "-"
    text = f"#v1/{game}/{state.variant}/{opts}/" + ",".join(moves)
    if players:
        text += "/players=" + ",".join(players)
    return text + tail


def boxes(page) -> dict:
    return {part: box(page, part) for part in PARTS}


def assert_same(before: dict, after: dict, what: str) -> None:
    moved = {k: (before[k], after[k]) for k in before if before[k] != after[k]}
    assert not moved, f"{what} moved: {moved}"


@pytest.mark.parametrize("lang", list(LOCALES))
def test_a_computer_move_moves_nothing(lang, new_context, site_url):
    context = new_context(viewport=LAPTOPS["1280x800"], locale=LOCALES[lang])
    page = open_site(context, site_url, link("escabel", players=["h", "c:master"]))
    before = boxes(page)
    first = gamut.new("escabel").view()["moves"][3]
    cell(page, first["clicks"][0]).click()
    if page.locator("#confirm-move").is_visible():
        page.locator("#confirm-move").click()
    # the computer thinks: its card says so
    expect(page.locator('#players .player[data-seat="1"] .turn-tag[data-on="yes"]')).to_be_visible()
    thinking = boxes(page)
    page.locator("#move-now").click()
    expect(page.locator("#moves .mv")).to_have_count(2)
    expect(page.locator('#players .turn-tag[data-on="yes"]')).to_have_count(0)
    wait_idle(page)
    assert_same(before, thinking, "the computer's thinking")
    assert_same(before, boxes(page), "the computer's move")


def line_with_a_two_click_move(game: str) -> tuple[list[str], dict]:
    """Moves from the start (the same every run) up to a position where a
    first click asks for more: in EL a cell, then its number (the page says
    what is chosen); in EVL a cell that is a move and begins longer ones
    (the page asks to confirm).  (moves, a move that starts there)."""
    state, line = gamut.new(game), []
    for i in range(60):
        moves = state.view()["moves"]
        singles = {tuple(m["clicks"]) for m in moves if m.get("clicks")}
        longer = [m for m in moves if len(m.get("clicks") or []) >= 2]
        two = [m for m in longer if ((m["clicks"][0],) in singles) == (game == "evl")]
        if two:
            return line, two[0]
        text = moves[(7 * i + 3) % len(moves)]["text"]
        line.append(text)
        state = state.play(state.parse_move(text))
    raise AssertionError(f"no two-click move in {game}")


def test_selecting_a_cell_moves_nothing(new_context, site_url):
    page = None
    for game in ("el", "evl"):  # (in turn, on one page)
        with noted(game):
            moves, move = line_with_a_two_click_move(game)
            if page is None:
                page = open_site(new_context(viewport=LAPTOPS["1280x800"]), site_url, link(game, moves))
            else:
                open_hash(page, link(game, moves))
                wait_idle(page)
            expect(page.locator("#moves .mv")).to_have_count(len(moves))
            before = boxes(page)
            cell(page, move["clicks"][0]).click()
            expect(page.locator("#actions .prompt")).to_be_visible()
            assert_on_screen(page, "#actions", LAPTOPS["1280x800"])
            assert_same(before, boxes(page), "a cell selected")


@pytest.mark.parametrize("size", list(LAPTOPS))
def test_an_analysis_moves_nothing_and_its_summary_is_in_view(size, new_context, site_url):
    viewport = LAPTOPS[size]
    moves = ["b1-d3", "h2-f4", "c1xf4", "a2-c4"]
    # (a game against the computer with a clock, as played: the tightest panel)
    tail = "/clock=300+3/times=0,2000,5000,1000"
    page = open_site(new_context(viewport=viewport), site_url, link("loa", moves, ["h", "c:beginner"], tail))
    expect(page.locator("#moves .mv")).to_have_count(len(moves))
    before = boxes(page)
    page.locator("#analyse-level").select_option("beginner")
    page.locator("#analyse").click()
    # (a short game's analysis may be done by the time the page is read: then that is measured)
    page.wait_for_function("['running', 'done'].includes(document.documentElement.dataset.analysis)")
    running = boxes(page)
    page.wait_for_function("document.documentElement.dataset.analysis === 'done'", timeout=120_000)
    wait_idle(page)
    assert_same(before, running, "an analysis running")
    assert_same(before, boxes(page), "an analysis done")
    # its summary, graph and the way to practise the mistakes: in view, nothing scrolled
    for part in ("#analysis-summary", "#analysis-summary-body tr[data-seat='1']", "#eval-graph", "#analyse"):
        assert_on_screen(page, part, viewport)
    expect(page.locator("#analysis-mistakes")).to_be_visible()
    assert_on_screen(page, "#analysis-mistakes a", viewport)
    scrolled = page.evaluate("""() => [...document.querySelectorAll('.panel, .panel *, .board-area *')]
        .filter(e => e.scrollTop > 0 || (e.scrollHeight > e.clientHeight + 1
                     && ['auto', 'scroll'].includes(getComputedStyle(e).overflowY)
                     && !e.matches('.moves-box')))
        .map(e => e.id || e.className)""")
    assert not scrolled, f"boxes to scroll to see it all: {scrolled}"


@pytest.mark.parametrize("viewport", [LAPTOPS["1280x800"], PHONE], ids=["1280x800", "360x640"])
def test_each_clock_is_beside_its_side_of_the_board(viewport, new_context, site_url):
    phone = viewport["width"] < 700
    context = new_context(viewport=viewport, is_mobile=phone, has_touch=phone)
    page = context.new_page()
    page.goto(site_url + link("loa", ["b1-d3"], ["h", "c:beginner"], "/clock=300+3/times=2000"))
    wait_engine_ready(page)
    wait_idle(page)
    expect(page.locator("#board")).to_have_attribute("data-flipped", "false")  # seat 0 at the bottom

    def check(bottom: int) -> None:
        expect(
            page.locator(f'#clocks .clock-row[data-at="bottom"] .clock[data-seat="{bottom}"]')
        ).to_be_visible()
        low = box(page, f'#clocks .clock[data-seat="{bottom}"]')
        high = box(page, f'#clocks .clock[data-seat="{1 - bottom}"]')
        board = box(page, "#board")
        assert high["y"] + high["height"] <= low["y"], (high, low)
        # the top face by the board's top half, the bottom face by its bottom half
        middle = board["y"] + board["height"] / 2
        assert high["y"] < middle, (high, board)
        if not phone:
            assert low["y"] > middle, (low, board)
        for face in (low, high):
            assert face["y"] >= 0 and face["y"] + face["height"] <= viewport["height"], face

    check(0)
    page.locator("#open-settings").click()
    page.locator('#settings-dialog input[name="flip"]').check()
    page.locator("#settings-close").click()
    expect(page.locator("#board")).to_have_attribute("data-flipped", "true")
    check(1)
    page.locator("#open-settings").click()
    page.locator('#settings-dialog input[name="flip"]').uncheck()
    page.locator("#settings-close").click()


@pytest.mark.parametrize("viewport", [LAPTOPS["1280x800"], PHONE], ids=["1280x800", "360x640"])
def test_the_game_actions_stay_inside_the_panel_in_german(viewport, new_context, site_url):
    # (#41, defect 14) "Aufgeben", "Remis anbieten", "Abbrechen": inside the panel, not 8 px out of it
    phone = viewport["width"] < 700
    context = new_context(viewport=viewport, locale="de-DE", is_mobile=phone, has_touch=phone)
    page = open_site(context, site_url, link("loa", ["b1-d3", "h2-f4"], ["h", "c:beginner"]))
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#game-actions")).to_be_visible()
    inner = page.evaluate("""() => { const p = document.querySelector('.panel'), s = getComputedStyle(p);
        const r = p.getBoundingClientRect();
        return [r.left + p.clientLeft + parseFloat(s.paddingLeft),
                r.left + p.clientLeft + p.clientWidth - parseFloat(s.paddingRight)]; }""")
    for part in ["#game-actions", *[f"#game-actions button >> nth={i}" for i in range(3)]]:
        b = box(page, part)
        assert b["x"] >= inner[0] - 0.5 and b["x"] + b["width"] <= inner[1] + 0.5, (part, b, inner)
        assert_on_screen(page, part, viewport) if not phone else None
    over = page.evaluate("""() => [...document.querySelectorAll('#game-actions, #game-actions *')]
        .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.id || e.className)""")
    assert not over, f"text cut or sticking out: {over}"
