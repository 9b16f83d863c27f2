"""The site, played like a person would: Escabel in Chromium.

Uses infra's fixtures (e2e/conftest.py): the built site served from a
sub-path, every context guarded against requests leaving 127.0.0.1 and
against console errors (checked at teardown).  Pyodide takes 10-30 s per
page load here, so the tests share one page and switch games through the URL
fragment (a ``hashchange`` loads the linked game without reloading); only
the shared-link test opens a second, fresh context.
"""

from __future__ import annotations

import re
from pathlib import Path

from conftest import wait_engine_ready
from pagekit import cell, expect_played, move_count, next_frames, open_hash, wait_idle
from playwright.sync_api import expect

SHOTS = Path(__file__).resolve().parent / "screenshots"

START_5 = "#v1/escabel/standard/size=5,pie=on/"
# A 5x5 game: Player 1 opens c3, Player 2 swaps (and so holds Black), Player
# 1 (now White) places d3 beside it, Player 2 moves c3 onto d3 (d3 becomes a
# Black 2-stack, c3 a White 1-stack), then builds the d file while Player 1
# fills the a file, which touches only one of White's edges.  Player 2
# completes d1-d5 with d5; the chain survives Player 1's reply a5, so Player
# 2 (Black) wins at the start of their turn.
GAME_5 = ["c3", "swap", "d3", "c3>d3", "a1", "d1", "a2", "d2", "a3", "d4", "a4", "d5", "a5"]
CHAIN = {"d1", "d2", "d3", "d4", "d5"}

# A 7x7 game with stacks of heights 1, 2 and 3 (found by a seeded random
# playout): c6 is a White 3-stack (bottom to top: White, Black, White),
# b6/c4/g1 Black 2-stacks, d7 a White 2-stack.
MID_7 = [
    "c5",
    "d3",
    "c7",
    "a6",
    "e7",
    "c4",
    "c5>c4",
    "e4",
    "g5",
    "e3",
    "b6",
    "a6>b6",
    "c2",
    "c6",
    "c7>c6",
    "b6>c6",
    "g2",
    "e1",
    "d7",
    "c7>d7",
    "f5",
    "g1",
    "g2>g1",
    "g3",
]
MID_7_LINK = "#v1/escabel/standard/size=7,pie=on/" + ",".join(MID_7).replace(">", "%3E")


# -- helpers ---------------------------------------------------------------------


def stacks(page) -> dict:
    """cell -> (owner seat, height, label or None, discs drawn, outer radius)."""
    rows = page.eval_on_selector_all(
        "#board .layer-pieces .piece",
        """els => els.map(e => {
        const discs = [...e.querySelectorAll('circle.disc')];
        const label = e.querySelector('text.label');
        return [e.dataset.cell, Number(e.dataset.owner), Number(e.dataset.height),
                label ? label.textContent : null, discs.length,
                Math.max(...discs.map(d => Number(d.getAttribute('r'))))];
    })""",
    )
    return {r[0]: tuple(r[1:]) for r in rows}


def owners(page) -> dict:
    return {c: s[0] for c, s in stacks(page).items()}


def cells_of(page, selector: str) -> set:
    return set(page.eval_on_selector_all(selector, "els => els.map(e => e.dataset.cell)"))


def place(page, cid: str) -> None:
    n = move_count(page)
    assert cid not in stacks(page), f"{cid} is occupied"
    cell(page, cid).click()
    expect_played(page, n, cid)
    assert stacks(page)[cid][1] == 1


def act(page, frm: str, to: str) -> None:
    """A move action by two clicks, checking the selection and its targets."""
    n = move_count(page)
    cell(page, frm).click()
    expect(page.locator(f'#board .sel[data-cell="{frm}"]')).to_have_count(1)
    expect(page.locator(f'#board .target[data-cell="{to}"]')).to_have_count(1)
    cell(page, to).click()
    expect_played(page, n, f"{frm}>{to}")


def player_names(page) -> list:
    return page.locator("#players .player-name").all_text_contents()


def swatch_colours(page) -> list:
    return page.eval_on_selector_all(
        "#players .player .swatch circle.disc",
        "els => els.map(e => [...e.classList].find(c => c.startsWith('c-')))",
    )


def edges(page) -> list:
    """(owner, colour class, horizontal?) of the coloured board edges."""
    return page.eval_on_selector_all(
        "#board .edge",
        """els => els.map(e => [
        Number(e.dataset.owner), [...e.classList].find(c => c.startsWith('c-')),
        e.getAttribute('y1') === e.getAttribute('y2')])""",
    )


def screenshots(page, name: str) -> None:
    """Save the page at a desktop and a phone size (for a person to look at)."""
    SHOTS.mkdir(exist_ok=True)
    size = page.viewport_size
    try:
        for kind, vp in (
            ("desktop", {"width": 1280, "height": 800}),
            ("phone", {"width": 390, "height": 844}),
        ):
            page.set_viewport_size(vp)
            next_frames(page)  # (laid out at the new size)
            page.screenshot(path=str(SHOTS / f"escabel-{name}-{kind}.png"), full_page=kind == "phone")
            # the whole board is on screen, without horizontal scrolling
            assert page.evaluate("document.documentElement.scrollWidth") <= vp["width"]
            board = page.locator("#board").bounding_box()
            assert board["x"] >= 0 and board["x"] + board["width"] <= vp["width"] + 0.5
    finally:
        page.set_viewport_size(size)


# -- a whole 5x5 game by clicking: pie swap, move action, win ----------------------


def test_5x5_game_with_swap_and_move_action_by_clicking(shared_page):
    page = shared_page
    open_hash(page, START_5)
    expect(page.locator("#title")).to_have_text("Escabel")
    expect(page.locator("#subtitle")).to_contain_text("Board size: 5")
    expect(page.locator("#board .hit")).to_have_count(25)
    expect(page.locator("#board .layer-pieces .piece")).to_have_count(0)
    assert player_names(page) == ["Player 1 (Black)", "Player 2 (White)"]
    assert swatch_colours(page) == ["c-black", "c-white"]
    # top and bottom edges Black's (seat 0), left and right White's (seat 1)
    assert sorted(edges(page)) == [[0, "c-black", True]] * 2 + [[1, "c-white", False]] * 2
    expect(page.locator("#status")).to_have_text("Player 1 (Black) to move")
    expect(page.locator('#actions [data-move="swap"]')).to_have_count(0)

    place(page, "c3")
    # White's first turn: the pie rule offers a swap, as a button
    swap = page.locator('#actions button[data-move="swap"]')
    expect(swap).to_be_visible()
    expect(swap).to_have_text("Swap sides")
    expect(swap).to_be_enabled()
    expect(page.locator("#status")).to_contain_text("Player 2 (White) to move")
    expect(page.locator("#status")).to_contain_text(
        "swap sides (pie rule): Player 2 would then play Black and Player 1 White"
    )
    swap.click()
    expect_played(page, 1, "swap")
    expect(swap).to_have_count(0)  # only once
    # the panel says who now holds which colour; the board stays; edges follow
    assert player_names(page) == ["Player 1 (White)", "Player 2 (Black)"]
    assert swatch_colours(page) == ["c-white", "c-black"]
    expect(page.locator("#status")).to_have_text(
        "Player 1 (White) to move · The players swapped sides: Player 1 now plays White, Player 2 Black."
    )
    assert stacks(page)["c3"][:2] == (1, 1)  # the Black stone now belongs to Player 2
    assert sorted(edges(page)) == [[0, "c-white", False]] * 2 + [[1, "c-black", True]] * 2
    expect(page.locator('#players .player.to-move[data-seat="0"]')).to_have_count(1)

    place(page, "d3")  # Player 1, now White
    assert owners(page) == {"c3": 1, "d3": 0}
    # Player 2 (Black): clicking the enemy stack alone explains the move action
    cell(page, "d3").click()
    expect(page.locator("#explain")).to_contain_text("d3 is occupied by a White stack of height 1")
    assert move_count(page) == 3
    # the move action: c3 (height 1) onto the adjacent White d3 (height 1)
    cell(page, "c3").click()
    expect(page.locator("#board .sel")).to_have_count(1)
    assert cells_of(page, "#board .target") == {"d3"}  # the only equal-height enemy neighbour
    expect(page.locator('#board .target.capture[data-cell="d3"]')).to_have_count(1)
    cell(page, "d3").click()
    expect_played(page, 3, "c3>d3")
    after = stacks(page)
    # d3: Player 2's (Black) and one higher, drawn as a disc inside one ring, labelled 2;
    # c3: handed to Player 1 (White) at the same height
    assert after["d3"][:4] == (1, 2, "2", 2)
    assert after["c3"][:4] == (0, 1, None, 1)
    assert after["d3"][4] > after["c3"][4]  # a taller stack is larger
    assert page.eval_on_selector_all("#board .hl-last", "els => els.map(e => e.dataset.cell)") == ["c3", "d3"]
    expect(page.locator("#board .hit[data-cell=d3]")).to_have_attribute(
        "aria-label", re.compile(r"^d3: stack of 2, top Player 2 \(Black\) \(from the bottom: .+\)$")
    )

    for text in GAME_5[4:12]:
        place(page, text)
    # Black's chain joins its edges, but it must survive White's reply first
    assert cells_of(page, "#board .hl-threat") == CHAIN
    expect(page.locator("#status")).to_contain_text("White must break it now")
    expect(page.locator("#result")).to_be_hidden()
    place(page, "a5")

    result = page.locator("#result")
    expect(result).to_be_visible()
    expect(result.locator("strong")).to_have_text("Player 2 (Black) wins")
    expect(result).to_contain_text("a chain joins the top and bottom edges")
    assert result.get_attribute("data-winner") == "1"
    assert cells_of(page, "#board .hl-win") == CHAIN  # exactly the chain
    expect(page.locator("#board .hl-threat")).to_have_count(0)
    expect(page.locator("#players .player.to-move")).to_have_count(0)
    assert page.locator("#moves .mv").all_text_contents() == GAME_5
    assert page.evaluate("location.hash") == START_5 + ",".join(GAME_5).replace(">", "%3E")
    cell(page, "b2").click()
    expect(page.locator("#explain")).to_contain_text("The game is over")
    assert move_count(page) == len(GAME_5)
    screenshots(page, "won")

    # the win is not taken back (#41); browsing back shows the chain threatened
    expect(page.locator("#undo")).to_be_disabled()
    page.click("#prev")
    expect(page.locator("#moves .mv.current")).to_have_attribute("data-ply", str(len(GAME_5) - 1))
    assert cells_of(page, "#board .hl-threat") == CHAIN
    expect(result.locator("strong")).to_have_text("Player 2 (Black) wins")  # (the game's result stays)


# -- stacks, drag, screenshots ------------------------------------------------------


def test_stack_heights_readable_and_drag_a_move_action(shared_page):
    page = shared_page
    open_hash(page, MID_7_LINK)
    expect(page.locator("#moves .mv")).to_have_count(len(MID_7))
    s = stacks(page)
    assert len(s) == 18
    # (owner, height, label, discs drawn)
    assert s["c6"][:4] == (1, 3, "3", 3)
    assert s["b6"][:4] == (0, 2, "2", 2)
    assert s["d7"][:4] == (1, 2, "2", 2)
    assert s["c7"][:4] == (0, 1, None, 1)
    # the ring colours are the pieces' own, bottom to top: White, Black, White
    rings = page.eval_on_selector_all(
        '#board .piece[data-cell="c6"] circle.disc',
        "els => els.map(e => [...e.classList].find(c => c.startsWith('c-')))",
    )
    assert rings == ["c-white", "c-black", "c-white"]
    # size grows with height: a 3-stack looks different without reading the number
    r1, r2, r3 = s["c7"][4], s["b6"][4], s["c6"][4]
    assert r1 < r2 < r3 and r3 < 0.5  # and stays inside its point
    screenshots(page, "midgame")

    # a move action by dragging: Player 1 (Black) to move; make one available
    wait_idle(page)
    page.keyboard.press("Escape")
    cell(page, "b5").click()  # Black b5 ...
    expect_played(page, len(MID_7), "b5")
    cell(page, "b4").click()  # ... White b4 beside it, both height 1
    expect_played(page, len(MID_7) + 1, "b4")
    a = cell(page, "b5").bounding_box()
    b = cell(page, "b4").bounding_box()
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=8)
    page.mouse.up()
    expect_played(page, len(MID_7) + 2, "b5>b4")
    s = stacks(page)
    assert s["b4"][:3] == (0, 2, "2") and s["b5"][:3] == (1, 1, None)
    # White's b5 (height 1) touches only Black 2-stacks (b4, b6) and its own c5:
    # no move action, and the page says why
    cell(page, "b5").click()
    expect(page.locator("#explain")).to_contain_text(
        "no orthogonally adjacent Black stack of the same height"
    )
    expect(page.locator("#board .sel")).to_have_count(0)
    assert move_count(page) == len(MID_7) + 3


# -- the New game dialog, the rules ---------------------------------------------------


def test_new_game_dialog_sizes_and_checkered_setups(shared_page):
    page = shared_page
    page.click("#new-game")
    dialog = page.locator("#new-dialog")
    expect(dialog).to_be_visible()
    page.check('#new-games input[value="escabel"]')
    assert page.locator("#new-variant option").all_text_contents() == ["Standard", "Checkered"]
    page.select_option("#new-variant", "standard")
    sizes = page.locator("#opt-size option").all_text_contents()
    assert sizes == [str(n) for n in range(5, 14)]
    expect(page.locator("#opt-corners")).to_have_count(0)  # only for the checkered board
    page.select_option("#new-variant", "checkered")
    assert page.locator("#opt-corners option").all_text_contents() == ["black", "white"]
    page.select_option("#opt-size", "5")
    page.select_option("#opt-corners", "white")
    page.click("#new-start")
    expect(page.locator("#subtitle")).to_contain_text("Checkered")
    expect(page.locator("#board .layer-pieces .piece")).to_have_count(25)
    assert page.evaluate("location.hash") == "#v1/escabel/checkered/size=5,pie=on,corners=white/"
    o = owners(page)
    # corners White: a1 and every point with file + rank even is White's (Player 2)
    assert o["a1"] == o["e5"] == o["c3"] == 1 and o["b1"] == o["a2"] == 0
    assert sum(o.values()) == 13
    # Black has move actions at once: b1 onto a1 (both height 1)
    cell(page, "b1").click()
    assert cells_of(page, "#board .target") == {"a1", "c1", "b2"}
    page.keyboard.press("Escape")
    expect(page.locator("#board .sel")).to_have_count(0)

    page.click("#new-game")
    page.check('#new-games input[value="escabel"]')
    page.select_option("#new-variant", "checkered")
    page.select_option("#opt-size", "13")
    page.select_option("#opt-corners", "black")
    page.click("#new-start")
    expect(page.locator("#board .hit")).to_have_count(169)
    expect(page.locator("#board .layer-pieces .piece")).to_have_count(169)
    o = owners(page)
    assert o["a1"] == o["m13"] == o["g7"] == 0 and o["b1"] == 1
    assert page.evaluate("location.hash") == "#v1/escabel/checkered/size=13,pie=on,corners=black/"

    page.click("#show-rules")
    rules = page.locator("#rules-dialog")
    expect(rules).to_be_visible()
    expect(rules.locator("h3")).to_have_text("Escabel")
    expect(rules).to_contain_text("crosscut")
    expect(rules).to_contain_text("Swap sides")
    rules.locator("button").click()
    expect(rules).to_be_hidden()


# -- a shared link in a fresh context ---------------------------------------------------


def test_shared_link_opens_same_position(shared_page, new_context):
    page = shared_page
    open_hash(page, MID_7_LINK)
    page.locator('#moves .mv[data-ply="20"]').click()  # c7>d7 made d7 a White 2-stack
    expect(page.locator("#moves .mv.current")).to_have_attribute("data-ply", "20")
    wait_idle(page)
    href = page.evaluate("location.href")
    assert href.endswith("@20")
    expected = stacks(page)
    assert expected["d7"][:3] == (1, 2, "2") and expected["c6"][:3] == (1, 3, "3")
    status = page.locator("#status").text_content()

    other = new_context().new_page()
    other.goto(href)
    wait_engine_ready(other)
    expect(other.locator("#moves .mv")).to_have_count(len(MID_7))
    expect(other.locator("#moves .mv.current")).to_have_attribute("data-ply", "20")
    expect(other.locator("#title")).to_have_text("Escabel")
    assert stacks(other) == expected  # owners, heights, labels, rings and sizes
    expect(other.locator("#status")).to_have_text(status)
    assert other.evaluate("location.href") == href
    expect(other.locator("#notice")).to_be_hidden()
