"""The site, played like a person would: EVL in Chromium.

Uses infra's fixtures (e2e/conftest.py): every context is guarded against
requests leaving 127.0.0.1 and against console errors.  One page is shared by
the game tests (Pyodide takes 10-30 s to start); the shared link opens in a
fresh context at phone size.

The game: Black builds a stack of 2 on c4 and a single piece on b3 while
White places far away; then Black unstacks c4-c3, landing (bb) on c3: with
b3 that surrounds both bc2 and bc3 (b3 and c3 are a non-touching pair of
each), so Black's markers go on both.  Then a two-step path (a drop and a
landing) and the shared link in a fresh phone-sized context.
"""

from __future__ import annotations

from pathlib import Path

from conftest import wait_engine_ready
from pagekit import cell, expect_played, move_count, open_hash, wait_idle
from playwright.sync_api import expect

START_LINK = "#v1/evl/standard/pieces=20,markers=10/"
SHOTS = Path(__file__).resolve().parent / "screenshots"


# -- helpers ---------------------------------------------------------------------


def pieces(page, layer="pieces", cls="piece") -> dict:
    """cell -> (owner, written height or None, number of discs drawn)."""
    return {
        c: tuple(v)
        for c, v in page.eval_on_selector_all(
            f"#board .layer-{layer} .{cls}",
            """els => els.map(e => [e.dataset.cell, [Number(e.dataset.owner),
              e.querySelector('text') ? e.querySelector('text').textContent : null,
              e.querySelectorAll('circle.disc').length]])""",
        )
    }


def markers(page, layer="markers") -> dict:
    return dict(
        page.eval_on_selector_all(
            f"#board .layer-{layer} .marker", "els => els.map(e => [e.dataset.cell, Number(e.dataset.owner)])"
        )
    )


def targets(page) -> set:
    return set(page.eval_on_selector_all("#board .target", "els => els.map(e => e.dataset.cell)"))


def counters(page, seat: int) -> str:
    return page.locator(f'#players .player[data-seat="{seat}"] .counter').inner_text()


# -- one shared page: a game by clicking -------------------------------------------


def test_board_and_placements(shared_page):
    page = shared_page
    page.set_viewport_size({"width": 1280, "height": 800})
    open_hash(page, START_LINK)
    assert page.evaluate("location.hash") == START_LINK
    expect(page.locator("#status")).to_have_text("Black to move")
    # the board: 28 heptagons and 18 pentagons, drawn from the engine's polygons
    expect(page.locator("#board .poly.shape-heptagon")).to_have_count(28)
    expect(page.locator("#board .poly.shape-pentagon")).to_have_count(18)
    assert page.locator('#board .poly[data-cell="a1"]').get_attribute("points").count(" ") == 6
    assert page.locator('#board .poly[data-cell="ab1"]').get_attribute("points").count(" ") == 4
    assert pieces(page) == {}
    assert counters(page, 0) == "20 in hand · 0 of 10 markers"
    assert counters(page, 1) == "20 in hand · 0 of 10 markers"
    # a pentagon is not a place for pieces: explained
    cell(page, "bc3").click()
    expect(page.locator("#explain")).to_contain_text("bc3 is a pentagon")
    assert move_count(page) == 0

    # a placement on an empty heptagon is one click
    cell(page, "c4").click()
    expect_played(page, 0, "c4")
    assert pieces(page) == {"c4": (0, None, 1)}  # a single piece: no height written
    assert counters(page, 0).startswith("19 in hand")
    expect(page.locator("#status")).to_have_text("White to move")
    # White may not place on Black's piece
    cell(page, "c4").click()
    expect(page.locator("#explain")).to_contain_text("controlled by Black")
    assert move_count(page) == 1
    cell(page, "d7").click()
    expect_played(page, 1, "d7")
    # on one's own single piece: a stack of 2, its height written on it
    cell(page, "c4").click()
    expect_played(page, 2, "c4")
    assert pieces(page)["c4"] == (0, "2", 2)
    for n, text in enumerate(["a7", "b3", "d1"], start=4):
        cell(page, text).click()
        expect_played(page, n - 1, text)
    assert pieces(page) == {
        "c4": (0, "2", 2),
        "b3": (0, None, 1),
        "d7": (1, None, 1),
        "a7": (1, None, 1),
        "d1": (1, None, 1),
    }
    assert counters(page, 0) == "17 in hand · 0 of 10 markers"
    assert counters(page, 1) == "17 in hand · 0 of 10 markers"
    assert markers(page) == {}


def test_unstack_step_by_step_with_a_capture(shared_page):
    page = shared_page
    assert move_count(page) == 6
    expect(page.locator("#status")).to_have_text("Black to move")
    # c4 can take a piece or move: the first click offers both
    cell(page, "c4").click()
    confirm = page.locator("#confirm-move")
    expect(confirm).to_have_text("Place on c4 (stack of 3)")
    expect(page.locator("#confirm-prompt")).to_contain_text("Click c4 again")
    # the next steps: the heptagons touching c4
    assert targets(page) == {"b4", "c3", "c5"}
    assert pieces(page, "preview", "piece-preview") == {}  # nothing decided yet
    # first step: c3.  The preview shows c4 emptied, (bb) on c3 and the two
    # markers Black would take; the real c4 stack is faded under it.
    cell(page, "c3").click()
    expect(confirm).to_have_text("Unstack c4-c3, taking bc2 and bc3")
    assert pieces(page, "preview", "piece-preview") == {"c3": (0, "2", 2)}
    assert markers(page, "preview") == {"bc2": 0, "bc3": 0}
    assert "previewed" in page.locator('#board .layer-pieces .piece[data-cell="c4"]').get_attribute("class")
    cells = set(page.eval_on_selector_all("#board .preview-cell", "els => els.map(e => e.dataset.cell)"))
    assert cells == {"c4", "c3", "bc2", "bc3"}
    # a stack of 2 may go one step further, from c3 (never back to c4)
    assert targets(page) == {"c2", "d3"}
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "desktop-evl-unstack.png"))
    assert markers(page) == {}  # nothing played yet
    assert move_count(page) == 6

    # the second click on c3 plays c4-c3
    cell(page, "c3").click()
    expect_played(page, 6, "c4-c3")
    expect(page.locator("#board .layer-preview > *")).to_have_count(0)
    assert markers(page) == {"bc2": 0, "bc3": 0}
    # markers are drawn in the mover's colour
    for pid in ("bc2", "bc3"):
        cls = page.locator(f'#board .layer-markers .marker[data-cell="{pid}"]').get_attribute("class")
        assert "c-black" in cls
    caught = set(page.eval_on_selector_all("#board .hl-capture", "els => els.map(e => e.dataset.cell)"))
    assert caught == {"bc2", "bc3"}
    p = pieces(page)
    assert p["c3"] == (0, "2", 2) and "c4" not in p
    # an unstack takes nothing from the hand; the markers are counted
    assert counters(page, 0) == "17 in hand · 2 of 10 markers"
    assert counters(page, 1) == "17 in hand · 0 of 10 markers"
    expect(page.locator("#status")).to_contain_text("Black captured bc2 and bc3")
    # White plays on: the markers stay
    cell(page, "a1").click()
    expect_played(page, 7, "a1")
    assert markers(page) == {"bc2": 0, "bc3": 0}


def test_a_longer_path_and_cancelling(shared_page):
    page = shared_page
    assert move_count(page) == 8
    # Black: c3 (bb) may go c3-c2 (landing) or c3-c2-<next> (dropping on c2)
    cell(page, "c3").click()
    expect(page.locator("#confirm-move")).to_have_text("Place on c3 (stack of 3)")
    cell(page, "c2").click()
    pend = page.locator("#confirm-move")
    expect(pend).to_contain_text("Unstack c3-c2")
    assert pieces(page, "preview", "piece-preview") == {"c2": (0, "2", 2)}
    # Escape forgets the clicks and the preview
    page.keyboard.press("Escape")
    expect(page.locator("#board .sel")).to_have_count(0)
    expect(page.locator("#board .layer-preview > *")).to_have_count(0)
    expect(page.locator("#confirm-move")).to_have_count(0)
    # a two-step path: one piece dropped on c2, the last on c1
    cell(page, "c3").click()
    cell(page, "c2").click()
    cell(page, "c1").click()
    expect_played(page, 8, "c3-c2-c1")
    p = pieces(page)
    assert p["c2"] == (0, None, 1) and p["c1"] == (0, None, 1) and "c3" not in p
    assert counters(page, 0).startswith("17 in hand")
    page.screenshot(path=str(SHOTS / "desktop-evl-midgame.png"))


def test_shared_link_opens_same_position(shared_page, new_context):
    page = shared_page
    href = page.evaluate("location.href")
    assert href.endswith(START_LINK + "c4,d7,c4,a7,b3,d1,c4-c3,a1,c3-c2-c1")
    expected_pieces, expected_markers = pieces(page), markers(page)
    expected_counters = [counters(page, 0), counters(page, 1)]

    other = new_context(viewport={"width": 390, "height": 844}).new_page()
    other.goto(href)
    wait_engine_ready(other)
    expect(other.locator("#moves .mv")).to_have_count(9)
    wait_idle(other)
    assert pieces(other) == expected_pieces
    assert markers(other) == expected_markers == {"bc2": 0, "bc3": 0}
    assert [counters(other, 0), counters(other, 1)] == expected_counters
    expect(other.locator("#status")).to_have_text("White to move")
    expect(other.locator("#notice")).to_be_hidden()
    # at phone size the whole board fits the width
    box = other.locator("#board").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    # mid-unstack on the phone, for a look (White: no stack yet, so Black's
    # turn after one White placement)
    cell(other, "d6").click()
    expect_played(other, 9, "d6")
    cell(other, "b3").click()  # Black's single piece: placement makes (bb)
    expect_played(other, 10, "b3")
    cell(other, "a2").click()
    expect_played(other, 11, "a2")
    cell(other, "b3").click()
    cell(other, "b4").click()
    expect(other.locator("#confirm-move")).to_contain_text("Unstack b3-b4")
    other.screenshot(path=str(SHOTS / "phone-evl-unstack.png"), full_page=True)
    # the rules dialog has a real EVL page
    other.keyboard.press("Escape")
    other.click("#show-rules")
    expect(other.locator("#rules-body")).to_contain_text("unstack")
    expect(other.locator("#rules-body")).to_contain_text("surround")


def drag_along(page, cells, hold=None) -> None:
    """Press on cells[0], move through the others, release on the last
    (``hold``: a function called before releasing, while the path is drawn)."""
    wait_idle(page)
    centres = []
    for cid in cells:
        b = cell(page, cid).bounding_box()
        centres.append((b["x"] + b["width"] / 2, b["y"] + b["height"] / 2))
    page.mouse.move(*centres[0])
    page.mouse.down()
    for xy in centres[1:]:
        page.mouse.move(*xy, steps=8)
    if hold:
        hold()
    page.mouse.up()


def test_an_unstack_path_drawn_by_dragging(shared_page):
    page = shared_page
    base = START_LINK + "c4,d7,c4,a7"  # Black to move, (bb) on c4
    open_hash(page, base)

    def drawn():  # mid-drag, over c2 after c3: c3 is a step, the landing is still open
        sel = set(page.eval_on_selector_all("#board .sel", "els => els.map(e => e.dataset.cell)"))
        assert sel == {"c4", "c3"}
        assert pieces(page, "preview", "piece-preview") == {"c3": (0, "2", 2)}
        assert move_count(page) == 4

    # through c3 to c2: one piece dropped on c3, the last lands on c2
    drag_along(page, ["c4", "c3", "c2"], hold=drawn)
    expect_played(page, 4, "c4-c3-c2")
    p = pieces(page)
    assert p["c3"] == (0, None, 1) and p["c2"] == (0, None, 1) and "c4" not in p

    # released on the first step: the one-step unstack, no confirming click
    open_hash(page, base)
    drag_along(page, ["c4", "c3"])
    expect_played(page, 4, "c4-c3")
    assert pieces(page)["c3"] == (0, "2", 2)

    # out to c3, back over c4, then c5: the path follows the way back
    open_hash(page, base)
    drag_along(page, ["c4", "c3", "c4", "c5"])
    expect_played(page, 4, "c4-c5")

    # a drop off the path's reach is explained, nothing is played
    open_hash(page, base)
    drag_along(page, ["c4", "c3", "c2", "c1"])
    expect(page.locator("#explain")).not_to_be_empty()
    assert move_count(page) == 4
