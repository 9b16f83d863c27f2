"""The site, played like a person would: EL in Chromium.

Uses infra's fixtures (e2e/conftest.py): the built site served from a
sub-path, every context guarded against requests leaving 127.0.0.1 and
against console errors (checked at teardown).  Pyodide takes 10-30 s per
page load here, so the tests share one page (``shared_page``) and switch
games through the New game dialog or the URL fragment; only the shared-link
test opens a second, fresh context.

Moves are entered the three ways the page offers: a cell then a number, a
number then a cell, and a cell then a digit key.  A pick belongs to one turn.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from conftest import wait_engine_ready
from pagekit import cell, expect_played, move_count, next_frames, open_hash, wait_idle
from playwright.sync_api import expect

DEFAULTS = {"first-two-equal": "off", "full-board": "draw", "declare-threats": "off"}
STANDARD = "#v1/el/standard/first-two-equal=off,full-board=draw,declare-threats=off/"
SHOTS = Path(os.environ.get("GAMUT_SHOTS", "/tmp/el-shots"))

# Red builds 1-2-3-4-5 along rank 1; Blue writes far away (no EL of its own).
# After e1=5 Red threatens f1=6 (the line) and a2=6 / e2=6 (two L's).
WIN_GAME = [("a1", 1), ("f6", 1), ("b1", 2), ("f5", 6), ("c1", 3), ("a6", 2), ("d1", 4), ("c6", 4), ("e1", 5)]
RED_THREATS = {"f1", "a2", "e2"}
RANK_1 = {"a1", "b1", "c1", "d1", "e1", "f1"}


# -- helpers ---------------------------------------------------------------------


def pal(page, n):
    return page.locator(f'#palette .pal[data-id="n{n}"]')


def pieces(page) -> dict:
    """cell -> (owner, label, colour class, cue shape) of every written number."""
    rows = page.eval_on_selector_all(
        "#board .layer-pieces .piece",
        """els => els.map(e => {
        const t = e.querySelector('text');
        const cue = e.querySelector('.cue');
        const color = [...t.classList].find(c => c.startsWith('c-'));
        return [e.dataset.cell, [Number(e.dataset.owner), t.textContent, color,
                cue ? cue.tagName + (cue.classList.contains('cue-line') ? '-line' : '') : null]];
    })""",
    )
    return {c: tuple(v) for c, v in rows}


def cells_of(page, selector) -> list:
    return sorted(page.eval_on_selector_all(selector, "els => els.map(e => e.dataset.cell)"))


def annotations(page) -> dict:
    return dict(
        page.eval_on_selector_all(
            "#board .annotation.ann-threat", "els => els.map(e => [e.dataset.cell, e.textContent])"
        )
    )


def pressed(page) -> list:
    return page.eval_on_selector_all(
        '#palette .pal[aria-pressed="true"]', "els => els.map(e => e.dataset.id)"
    )


def unpick(page) -> None:
    """Toggle off a number still picked from the last move."""
    for pid in pressed(page):
        page.locator(f'#palette .pal[data-id="{pid}"]').click()
    expect(page.locator('#palette .pal[aria-pressed="true"]')).to_have_count(0)


def place(page, cid: str, number: int, how: str = "cell") -> None:
    """Write ``number`` on ``cid``: ``cell`` (cell, then number), ``number``
    (number, then cell) or ``key`` (cell, then the digit key)."""
    wait_idle(page)
    n = move_count(page)
    if how == "number":
        if pressed(page) != [f"n{number}"]:
            pal(page, number).click()
        expect(pal(page, number)).to_have_attribute("aria-pressed", "true")
        # every empty cell is now a target
        expect(page.locator(f'#board .target[data-cell="{cid}"]')).to_have_count(1)
        cell(page, cid).click()
    else:
        unpick(page)
        cell(page, cid).click()
        expect(page.locator(f'#board .sel[data-cell="{cid}"]')).to_have_count(1)
        expect(pal(page, number)).to_have_class(re.compile(r"\btarget\b"))
        if how == "key":
            page.keyboard.press(str(number))
        else:
            pal(page, number).click()
    expect_played(page, n, f"{cid}={number}")
    assert pieces(page)[cid][1] == str(number)


def declare(page, cells: list[str], shot: str | None = None) -> None:
    """Mark ``cells`` in the declaration step and confirm."""
    wait_idle(page)
    n = move_count(page)
    expect(page.locator("#select-confirm")).to_be_visible()
    # nothing to write while declaring: the palette stays in place (the board keeps
    # its size) but is disabled
    expect(page.locator("#palette .pal:disabled")).to_have_count(6)
    expect(page.locator("#palette .pal").first).to_be_visible()
    for c in cells:
        cell(page, c).click()
        expect(page.locator(f'#board .picked[data-cell="{c}"]')).to_have_count(1)
    if shot:
        shoot(page, shot)
    confirm = page.locator("#select-confirm")
    expect(confirm).to_have_text(f"Confirm ({', '.join(cells)})" if cells else "Confirm (none)")
    confirm.click()
    expect_played(
        page, n, "declare:" + (",".join(sorted(cells, key=lambda c: (c[1:], c[0]))) if cells else "-")
    )


def new_game(page, variant: str, **options) -> None:
    """Start an EL game through the New game dialog."""
    wait_idle(page)
    page.click("#new-game")
    dialog = page.locator("#new-dialog")
    expect(dialog).to_be_visible()
    page.locator('#new-games input[value="el"]').check()
    page.locator("#new-variant").select_option(variant)
    # the dialog offers the current game's options: set every one explicitly
    present = page.eval_on_selector_all(
        "#new-options select[data-option]", "els => els.map(e => e.dataset.option)"
    )
    for name in present:
        page.locator(f"#opt-{name}").select_option({**DEFAULTS, **options}[name])
    assert set(options) <= set(present), (options, present)
    before = page.evaluate("document.documentElement.dataset.revision")
    page.click("#new-start")
    expect(dialog).to_be_hidden()
    page.wait_for_function(
        "r => document.documentElement.dataset.revision !== r"
        " && document.documentElement.dataset.busy === 'no'",
        arg=before,
    )
    expect(page.locator("#moves .mv")).to_have_count(0)


def shoot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


# -- one shared page ----------------------------------------------------------------


def test_standard_game_to_a_win_with_threat(shared_page):
    page = shared_page
    page.set_viewport_size({"width": 1280, "height": 800})
    new_game(page, "standard")
    assert page.evaluate("location.hash") == STANDARD
    expect(page.locator("#title")).to_have_text("EL")
    expect(page.locator("#status")).to_have_text("Red to move")
    # the palette: 1-6 in the mover's colour, beside the board
    expect(page.locator("#palette .pal")).to_have_text(["1", "2", "3", "4", "5", "6"])
    expect(page.locator("#palette .pal.c-red")).to_have_count(6)
    board_box = page.locator("#board").bounding_box()
    pal_box = page.locator("#palette").bounding_box()
    assert (
        pal_box["y"] >= board_box["y"] + board_box["height"] - 1
        or pal_box["x"] >= board_box["x"] + board_box["width"] - 1
    ), "the palette must not cover the board"
    assert pal_box["y"] + pal_box["height"] <= 800, "the palette must fit on the screen"

    # the three ways of entering a move, and the explanations of wrong clicks
    hows = ["cell", "number", "key", "number", "cell", "key", "number", "cell", "key"]
    for (cid, n), how in zip(WIN_GAME[:2], hows):
        place(page, cid, n, how)
    # a pick belongs to one turn: Blue's 1 (picked first) is not kept for anyone's next turn
    assert pressed(page) == []
    expect(page.locator("#board .target")).to_have_count(0)
    place(page, *WIN_GAME[2], hows[2])
    assert pressed(page) == []
    expect(page.locator("#board .target")).to_have_count(0)
    for (cid, n), how in zip(WIN_GAME[3:5], hows[3:5]):
        place(page, cid, n, how)
    # Blue's turn: the palette turns blue; a filled cell is explained, not ignored
    expect(page.locator("#palette .pal.c-blue")).to_have_count(6)
    unpick(page)
    cell(page, "a1").click()
    expect(page.locator("#explain")).to_contain_text("a1 already holds Red's 1")
    assert move_count(page) == 5
    for (cid, n), how in zip(WIN_GAME[5:8], hows[5:8]):
        place(page, cid, n, how)
    # numbers are drawn in their owner's colour with the owner's cue shape
    drawn = pieces(page)
    assert drawn["a1"] == (0, "1", "c-red", "polygon")  # Red: triangle
    assert drawn["f6"] == (1, "1", "c-blue", "rect")  # Blue: square
    assert drawn["c6"] == (1, "4", "c-blue", "rect")
    expect(page.locator("#board .annotation")).to_have_count(0)

    place(page, "e1", 5, "key")
    # Threat! announced, with every threatening cell marked and its number written
    status = page.locator("#status")
    expect(status).to_contain_text("Threat! Red can complete an EL with")
    for way in ("f1=6", "a2=6", "e2=6"):
        expect(status).to_contain_text(way)
    assert cells_of(page, "#board .hl-threat") == sorted(RED_THREATS)
    for c in RED_THREATS:
        expect(page.locator(f'#board .hl-threat[data-cell="{c}"]')).to_be_visible()
    assert annotations(page) == {c: "6" for c in RED_THREATS}
    assert set(
        page.eval_on_selector_all(
            "#board .annotation.ann-threat", "els => els.map(e => e.getAttribute('class'))"
        )
    ) == {"annotation ann-threat ghost c-red"}
    shoot(page, "desktop-threat")
    page.set_viewport_size({"width": 390, "height": 844})
    next_frames(page)  # (laid out at the new size)
    shoot(page, "phone-threat")
    board_box = page.locator("#board").bounding_box()
    assert board_box["width"] <= 390 and board_box["x"] >= 0
    pal_box = page.locator("#palette").bounding_box()
    assert pal_box["x"] >= 0 and pal_box["x"] + pal_box["width"] <= 390
    page.set_viewport_size({"width": 1280, "height": 800})

    # Blue does not block; the threat (announced after Red's move) is gone after Blue's
    place(page, "e6", 3, "cell")
    expect(page.locator("#board .hl-threat")).to_have_count(0)
    place(page, "f1", 6, "number")
    result = page.locator("#result")
    expect(result).to_be_visible()
    expect(result).to_contain_text("Red wins")
    expect(result).to_contain_text("f1=6 completed an EL")
    assert result.get_attribute("data-winner") == "0"
    assert cells_of(page, "#board .hl-win") == sorted(RANK_1)
    for c in RANK_1:
        expect(page.locator(f'#board .hl-win[data-cell="{c}"]')).to_be_visible()
    assert page.evaluate("location.hash") == STANDARD + ",".join(
        f"{c}={n}" for c, n in WIN_GAME + [("e6", 3), ("f1", 6)]
    )
    expect(page.locator("#status")).to_have_text("")  # the result says it all
    expect(page.locator("#palette .pal:disabled")).to_have_count(6)
    shoot(page, "desktop-won")
    # after the end a click is explained
    cell(page, "b3").click()
    expect(page.locator("#explain")).to_contain_text("The game is over")
    # the rules page is EL's own
    page.click("#show-rules")
    rules = page.locator("#rules-body")
    expect(rules).to_contain_text("Larry Levy")
    expect(rules).to_contain_text("Threat")
    expect(rules).not_to_contain_text("coming soon")
    shoot(page, "desktop-rules")
    # a long page opens at its top
    assert page.evaluate("document.getElementById('rules-dialog').scrollTop") == 0
    expect(page.locator("#rules-body h3")).to_be_in_viewport()
    page.locator("#rules-dialog button[type=submit]").click()
    expect(page.locator("#rules-dialog")).to_be_hidden()


def test_three_player_turn_order_and_colours(shared_page):
    page = shared_page
    new_game(page, "three-player")
    expect(page.locator("#title")).to_have_text("EL (Three players)")
    players = page.locator("#players .player")
    expect(players).to_have_count(3)
    expect(page.locator("#players .player-name")).to_have_text(["Red", "Blue", "Green"])
    expect(page.locator("#palette .pal")).to_have_text(["1", "2", "3", "4", "5", "6"])
    seats = ["Red", "Blue", "Green"]
    colours = ["c-red", "c-blue", "c-green"]
    cues = ["polygon", "rect", "polygon"]  # triangle, square, diamond
    plan = [("c3", 1), ("d4", 2), ("e5", 3), ("c4", 4), ("d5", 5), ("e6", 6), ("c5", 2)]
    for i, (cid, n) in enumerate(plan):
        seat = i % 3
        expect(page.locator("#status")).to_have_text(f"{seats[seat]} to move")
        expect(page.locator(f'#players .player[data-seat="{seat}"]')).to_have_class(
            re.compile(r"\bto-move\b")
        )
        expect(page.locator(f"#palette .pal.{colours[seat]}")).to_have_count(6)
        place(page, cid, n, ["cell", "number", "key"][i % 3])
        owner, label, colour, cue = pieces(page)[cid]
        assert (owner, label, colour, cue) == (seat, str(n), colours[seat], cues[seat])
    expect(page.locator("#status")).to_have_text("Blue to move")
    # the diamond and the triangle differ even where the colours are hard to tell apart
    corners = {
        c: n
        for c, n in page.eval_on_selector_all(
            "#board .piece",
            "els => els.map(e => [e.dataset.cell,"
            " (e.querySelector('.cue').getAttribute('points') || '').trim().split(/\\s+/).length])",
        )
    }
    assert (corners["c3"], corners["d4"], corners["e5"]) == (3, 1, 4)  # triangle, square, diamond
    # the move list has one column per player
    rows = page.locator("#moves .row")
    expect(rows).to_have_count(3)
    expect(rows.nth(0).locator(".mv")).to_have_text(["c3=1", "d4=2", "e5=3"])
    expect(rows.nth(2).locator(".mv")).to_have_text(["c5=2"])
    # no threat rule with three players: nothing announced
    expect(page.locator("#board .annotation")).to_have_count(0)
    shoot(page, "desktop-three")


def test_four_player_colours_and_eight_numbers(shared_page):
    page = shared_page
    new_game(page, "four-player")
    expect(page.locator("#palette .pal")).to_have_text([str(n) for n in range(1, 9)])
    plan = [("a1", 1), ("b2", 2), ("c3", 3), ("d4", 4), ("e5", 8)]
    for i, (cid, n) in enumerate(plan):
        place(page, cid, n, "number" if i % 2 else "cell")
    drawn = pieces(page)
    assert [drawn[c][2] for c, _ in plan] == ["c-red", "c-blue", "c-green", "c-yellow", "c-red"]
    assert drawn["d4"][3] == "path-line"  # Yellow: a cross
    assert drawn["e5"][1] == "8"
    expect(page.locator("#players .player-name")).to_have_text(["Red", "Blue", "Green", "Yellow"])
    expect(page.locator("#status")).to_have_text("Blue to move")
    shoot(page, "desktop-four")
    # the eight variant: 1-8 with two players
    new_game(page, "eight")
    expect(page.locator("#palette .pal")).to_have_text([str(n) for n in range(1, 9)])
    expect(page.locator("#players .player")).to_have_count(2)


def test_first_two_equal_option(shared_page):
    page = shared_page
    new_game(page, "standard", **{"first-two-equal": "on", "full-board": "second-wins"})
    assert page.evaluate("location.hash").startswith(
        "#v1/el/standard/first-two-equal=on,full-board=second-wins,declare-threats=off/"
    )
    place(page, "c3", 4, "cell")
    place(page, "d4", 1, "cell")
    expect(page.locator("#status")).to_contain_text("Red must write 4 again")
    cell(page, "a1").click()
    # only the 4 continues the move
    expect(page.locator("#palette .pal.target")).to_have_count(1)
    expect(page.locator("#palette .pal.target")).to_have_text("4")
    pal(page, 5).click()
    expect(page.locator("#explain")).to_contain_text("must be the same as the first (4)")
    assert move_count(page) == 2
    place(page, "a1", 4, "key")
    # from then on every number is free again
    cell(page, "b1").click()
    expect(page.locator("#palette .pal.target")).to_have_count(6)


def test_declare_threats(shared_page):
    page = shared_page
    new_game(page, "standard", **{"declare-threats": "on"})
    assert "declare-threats=on" in page.evaluate("location.hash")
    expect(page.locator("#subtitle")).to_contain_text("Declare threats yourself: on")
    blue = iter([("f6", 1), ("f5", 6), ("a6", 2), ("c6", 4), ("e6", 3), ("b6", 5)])
    for cid, n in WIN_GAME[::2][:4]:  # a1=1 .. d1=4, none of them a threat yet
        place(page, cid, n, "cell")
        expect(page.locator("#status")).to_have_text("Red to move · Now declare your threats.")
        declare(page, [])
        place(page, *next(blue), "number")
        declare(page, [])
    placing = page.locator("#board").bounding_box()
    place(page, "e1", 5, "cell")
    assert page.locator("#board").bounding_box() == placing, "the board jumps while declaring"
    # while declaring, the true threats are not revealed
    expect(page.locator("#board .hl-threat")).to_have_count(0)
    expect(page.locator("#board .annotation")).to_have_count(0)
    # a mark can be taken back before confirming
    cell(page, "c3").click()
    expect(page.locator('#board .picked[data-cell="c3"]')).to_have_count(1)
    cell(page, "c3").click()
    expect(page.locator("#board .picked")).to_have_count(0)
    # the move list: one row per round, each player's turn (placement and
    # declaration) in that player's column
    rows = page.locator("#moves .row")
    expect(rows).to_have_count(5)
    expect(rows.nth(0).locator(".turn")).to_have_count(2)
    expect(rows.nth(0).locator(".turn").nth(0).locator(".mv")).to_have_text(["a1=1", "declare:-"])
    # a turn reads as one entry: its declaration on the placement's line, set smaller beside it
    place_box, decl_box = [b.bounding_box() for b in rows.nth(0).locator(".turn").nth(0).locator(".mv").all()]
    assert (
        abs(place_box["y"] - decl_box["y"]) < 4 and decl_box["x"] >= place_box["x"] + place_box["width"] - 1
    )
    sizes = (
        rows.nth(0)
        .locator(".turn")
        .nth(0)
        .locator(".mv")
        .evaluate_all("els => els.map(e => parseFloat(getComputedStyle(e).fontSize))")
    )
    assert sizes[1] < sizes[0]
    expect(rows.nth(0).locator(".turn").nth(1).locator(".mv")).to_have_text(["f6=1", "declare:-"])
    expect(rows.nth(4).locator(".mv")).to_have_text(["e1=5"])
    declare(page, ["f1"], shot="desktop-declaring")
    expect(page.locator("#status")).to_contain_text("Threat! Red declares f1.")
    assert cells_of(page, "#board .hl-threat") == ["f1"]
    assert annotations(page) == {"f1": "6"}
    shoot(page, "desktop-declared")
    place(page, *next(blue), "cell")
    declare(page, [])
    # Red's declaration still stands while Blue moves and after
    assert annotations(page) == {"f1": "6"}
    # an undeclared completion (a2, an L) does not win: the game goes on
    place(page, "a2", 6, "cell")
    expect(page.locator("#result")).to_be_hidden()
    expect(page.locator("#status")).to_contain_text("without having declared it: no win")
    declare(page, ["f1"])
    place(page, *next(blue), "cell")
    declare(page, [])
    place(page, "f1", 6, "key")
    result = page.locator("#result")
    expect(result).to_contain_text("Red wins")
    expect(result).to_contain_text("declared threat cell")
    assert cells_of(page, "#board .hl-win") == sorted(RANK_1)


# -- a fresh context: the shared link -------------------------------------------------


def test_shared_link_opens_same_position(shared_page, new_context):
    page = shared_page
    moves = ",".join(f"{c}={n}" for c, n in WIN_GAME)
    open_hash(page, STANDARD + moves)
    expect(page.locator("#status")).to_contain_text("Threat! Red can complete")
    page.locator('#moves .mv[data-ply="9"]').click()
    page.click("#copy-link")
    href = page.evaluate("location.href")
    assert href.endswith(STANDARD + moves)
    expected = pieces(page)
    threats = annotations(page)
    assert len(expected) == 9 and threats == {c: "6" for c in RED_THREATS}

    other = new_context(viewport={"width": 390, "height": 844}).new_page()
    other.goto(href)
    wait_engine_ready(other)
    expect(other.locator("#moves .mv")).to_have_count(9)
    assert pieces(other) == expected
    assert annotations(other) == threats
    expect(other.locator("#status")).to_contain_text("Blue to move")
    expect(other.locator("#palette .pal.c-blue")).to_have_count(6)
    expect(other.locator("#notice")).to_be_hidden()
    assert other.evaluate("location.href") == href
    # and it plays on from there: Blue blocks f1
    place(other, "f1", 2, "cell")
    expect(other.locator("#result")).to_be_hidden()
    shoot(other, "phone-link")
