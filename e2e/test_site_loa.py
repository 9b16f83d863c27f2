"""The site, played like a person would: Lines of Action in Chromium.

Uses infra's fixtures (e2e/conftest.py): the built site served from a
sub-path, every context guarded against requests leaving 127.0.0.1 and
against console errors (checked at teardown, so every test here also checks
that no console error was logged).  Pyodide takes 5-12 s per page load, so
the first tests share one page and reset it through the URL fragment (a
``hashchange`` loads the linked game without reloading).
"""

from __future__ import annotations

import re

import pytest
from conftest import wait_engine_ready
from pagekit import cell, module_url, move_count, open_hash, wait_idle
from playwright.sync_api import expect

# A real game: open_spiel/games/lines_of_action/test_games/appendix_E_game1.txt
# from /work/shared/data/loa_game_records.json; White wins by connecting on
# the last move (36 plies).
RECORD = [
    "c8-c6",
    "h4-f2",
    "g8-g6",
    "h2-e2",
    "b1-e4",
    "a6-d3",
    "c1-c3",
    "a3-c5",
    "e1-b4",
    "a7-e3",
    "f8xc5",
    "a4-a1",
    "d8-e7",
    "a1xc3",
    "e8xe3",
    "a2-d2",
    "b8-b6",
    "h5-e5",
    "f1-c1",
    "a5-a4",
    "g1-g3",
    "a4xc6",
    "c5xe5",
    "c6xe4",
    "c1xc3",
    "h6xe3",
    "b6xe3",
    "e4-g4",
    "e7-f6",
    "d2-g2",
    "f6-h6",
    "d3xg6",
    "d1-c2",
    "g2-f3",
    "h6-f4",
    "h7-h5",
]
WHITE_FINAL = {"e2", "f2", "f3", "g4", "g6", "h3", "h5"}
START_LINK = "#v1/loa/standard/double-connection=mover/"


# -- helpers ---------------------------------------------------------------------


def pieces(page) -> dict:
    return dict(
        page.eval_on_selector_all(
            "#board .layer-pieces .piece", "els => els.map(e => [e.dataset.cell, Number(e.dataset.owner)])"
        )
    )


def current_ply(page) -> int:
    cur = page.locator("#moves .mv.current")
    return int(cur.get_attribute("data-ply")) if cur.count() else 0


def click_move(page, text: str) -> None:
    """Play ``text`` by clicking its two squares, checking the target is shown."""
    frm, to = re.split(r"[-x]", text)
    n = move_count(page)
    cell(page, frm).click()
    expect(page.locator(f'#board .sel[data-cell="{frm}"]')).to_have_count(1)
    expect(page.locator(f'#board .target[data-cell="{to}"]')).to_have_count(1)
    cell(page, to).click()
    expect(page.locator("#moves .mv")).to_have_count(n + 1)
    expect(page.locator("#moves .mv").nth(n)).to_have_text(text)
    wait_idle(page)


def fresh_load(page, url: str) -> None:
    """A real page load of ``url`` (not a same-document fragment change)."""
    page.goto("about:blank")
    page.goto(url)
    wait_engine_ready(page)


def drag(page, frm: str, to: str | None) -> None:
    wait_idle(page)
    a = cell(page, frm).bounding_box()
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    if to is None:  # off the board
        page.mouse.move(a["x"] + a["width"] / 2, 2, steps=8)
    else:
        b = cell(page, to).bounding_box()
        page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=8)
    page.mouse.up()
    # the drop is taken: no piece is held (a move it played is counted in data-busy at once)
    expect(page.locator("#board .piece.dragging")).to_have_count(0)
    wait_idle(page)


# -- one shared page: a whole game, undo/redo, keys, drag --------------------------


def test_full_game_by_clicking(shared_page):
    page = shared_page
    open_hash(page, START_LINK)
    expect(page.locator("#status")).to_have_text("Black to move")
    assert len(pieces(page)) == 24
    # illegal clicks are explained, not ignored
    cell(page, "e4").click()
    expect(page.locator("#explain")).to_have_text("e4 is empty; pick one of Black's pieces.")
    cell(page, "b1").click()
    expect(page.locator("#board .target")).to_have_count(3)  # b1-h1, b1-b3, b1-d3
    cell(page, "b2").click()
    expect(page.locator("#explain")).to_contain_text("must move exactly 2 squares")
    expect(page.locator("#board .sel")).to_have_count(0)
    assert move_count(page) == 0

    for text in RECORD:
        click_move(page, text)

    result = page.locator("#result")
    expect(result).to_be_visible()
    expect(result).to_contain_text("White wins")
    expect(result).to_contain_text("all pieces connected")
    assert result.get_attribute("data-winner") == "1"
    # the winning group is highlighted: exactly White's pieces
    final = pieces(page)
    assert {c for c, o in final.items() if o == 1} == WHITE_FINAL
    won = set(page.eval_on_selector_all("#board .hl-win", "els => els.map(e => e.dataset.cell)"))
    assert won == WHITE_FINAL
    # the last move is highlighted
    last = page.eval_on_selector_all("#board .hl-last", "els => els.map(e => e.dataset.cell)")
    assert last == ["h7", "h5"]
    # the URL holds the whole game, written with replaceState (no history entries)
    assert page.evaluate("location.hash") == START_LINK + ",".join(RECORD)
    # a click after the end says so
    cell(page, "e2").click()
    expect(page.locator("#explain")).to_contain_text("The game is over")


def test_undo_redo(shared_page):
    page = shared_page
    assert move_count(page) == len(RECORD)
    history_length = page.evaluate("history.length")
    # the game is won: its last move is not taken back (#41), it is browsed
    expect(page.locator("#undo")).to_be_disabled()
    expect(page.locator("#redo")).to_be_disabled()
    page.click("#prev")
    page.click("#prev")
    expect(page.locator("#moves .mv.current")).to_have_attribute("data-ply", "34")
    expect(page.locator("#undo")).to_be_disabled()
    expect(page.locator("#result")).to_contain_text("White wins")  # (the game's result stays shown)
    # a move from there is a variation: the moves after it stay, the win too
    click_move(page, "c2-c4")
    expect(page.locator("#moves .mv.var")).to_have_text(["c2-c4"])
    assert move_count(page) == 37
    expect(page.locator("#result")).to_be_hidden()
    # undo takes the variation's move back (it stays in the tree), redo plays it again
    expect(page.locator("#undo")).to_be_enabled()
    page.click("#undo")
    expect(page.locator("#moves .mv.current")).to_have_attribute("data-ply", "34")
    expect(page.locator("#moves .mv")).to_have_count(37)
    expect(page.locator("#status")).to_contain_text("Black to move")
    assert pieces(page)["c2"] == 0 and "c4" not in pieces(page)
    expect(page.locator("#redo")).to_be_enabled()
    page.click("#redo")
    expect(page.locator("#moves .mv.current")).to_have_text("c2-c4")
    expect(page.locator("#redo")).to_be_disabled()
    assert pieces(page)["c4"] == 0 and "c2" not in pieces(page)
    # undo, redo and moves never added history entries
    assert page.evaluate("history.length") == history_length


def test_keyboard_navigation(shared_page):
    page = shared_page
    open_hash(page, START_LINK + ",".join(RECORD))
    expect(page.locator("#moves .row .mv")).to_have_count(36)  # (the main line; the game on screen goes on)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#moves .mv.current")).to_have_attribute("data-ply", "35")
    expect(page.locator("#result")).to_contain_text("White wins")  # the game's result stays shown
    assert page.evaluate("location.hash").endswith("@35")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#moves .mv.current")).to_have_attribute("data-ply", "34")
    page.keyboard.press("Home")
    expect(page.locator("#moves .mv.current")).to_have_count(0)
    expect(page.locator("#status")).to_contain_text("viewing move 0 of 36")
    assert len(pieces(page)) == 24
    page.keyboard.press("ArrowRight")
    expect(page.locator("#moves .mv.current")).to_have_attribute("data-ply", "1")
    page.keyboard.press("End")
    expect(page.locator("#moves .mv.current")).to_have_attribute("data-ply", "36")
    page.keyboard.press("ArrowUp")
    expect(page.locator("#moves .mv.current")).to_have_count(0)
    page.keyboard.press("ArrowDown")
    expect(page.locator("#moves .mv.current")).to_have_attribute("data-ply", "36")
    # clicking a move in the list views that position; nothing is lost
    page.locator('#moves .mv[data-ply="5"]').click()
    expect(page.locator("#moves .mv.current")).to_have_attribute("data-ply", "5")
    assert page.locator("#moves .row .mv").count() == 36 and pieces(page).get("e4") == 0
    for button, ply in (("#first", None), ("#next", "1"), ("#last", "36"), ("#prev", "35")):
        page.click(button)
        if ply is None:
            expect(page.locator("#moves .mv.current")).to_have_count(0)
        else:
            expect(page.locator("#moves .mv.current")).to_have_attribute("data-ply", ply)
    # moves by keyboard alone: Tab to a square, Enter to select, Enter on a target
    open_hash(page, START_LINK)
    cell(page, "b1").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#board .target")).to_have_count(3)
    cell(page, "d3").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#moves .mv")).to_have_count(1)
    expect(page.locator("#moves .mv").first).to_have_text("b1-d3")
    # board cells are labelled for screen readers
    assert cell(page, "d3").get_attribute("aria-label").startswith("d3: Black piece")


def test_drag_a_piece(shared_page):
    page = shared_page
    open_hash(page, START_LINK)
    drag(page, "b1", "b3")
    expect(page.locator("#moves .mv")).to_have_count(1)
    expect(page.locator("#moves .mv").first).to_have_text("b1-b3")
    assert pieces(page).get("b3") == 0 and "b1" not in pieces(page)
    # an illegal drop is explained and the piece stays
    drag(page, "a2", "a3")
    expect(page.locator("#explain")).to_contain_text("must move exactly")
    assert pieces(page).get("a2") == 1 and move_count(page) == 1
    # a drop off the board cancels quietly
    drag(page, "a3", None)
    expect(page.locator("#board .sel")).to_have_count(0)
    assert pieces(page).get("a3") == 1 and move_count(page) == 1
    # a capture by drag
    open_hash(page, START_LINK + "b1-d3,h2-f4")
    assert pieces(page)["f4"] == 1
    drag(page, "f1", "f4")
    expect(page.locator("#moves .mv")).to_have_count(3)
    expect(page.locator("#moves .mv").nth(2)).to_have_text("f1xf4")
    assert pieces(page)["f4"] == 0 and len(pieces(page)) == 23


# -- fresh contexts: links, saves, failures ------------------------------------------


def test_shared_link_opens_same_position(shared_page, new_context, site_url):
    page = shared_page
    open_hash(page, START_LINK + ",".join(RECORD[:12]))
    page.locator('#moves .mv[data-ply="7"]').click()
    expect(page.locator("#moves .mv.current")).to_have_attribute("data-ply", "7")
    page.click("#copy-link")
    expect(page.locator("#explain")).to_contain_text(re.compile(r"Link copied|Copy the link"))
    href = page.evaluate("location.href")
    if page.locator("#copy-fallback").is_visible():
        assert page.input_value("#copy-text") == href
    assert href.endswith("@7")
    expected = pieces(page)

    other = new_context().new_page()
    other.goto(href)
    # the board is drawn at once, before the engine is ready
    expect(other.locator("#board .piece")).to_have_count(24, timeout=5000)
    wait_engine_ready(other)
    expect(other.locator("#moves .mv")).to_have_count(12)
    expect(other.locator("#moves .mv.current")).to_have_attribute("data-ply", "7")
    assert pieces(other) == expected
    assert other.evaluate("location.href") == href
    expect(other.locator("#notice")).to_be_hidden()


MALFORMED = [
    ("#v9/loa/standard/-/b1-d3", "format v9"),
    ("#v1/chess/standard/-/e2-e4", 'unknown game "chess"'),
    ("#v1/loa/standard/double-connection=maybe/b1-d3", "cannot be 'maybe'"),
    ("#v1/loa/standard/-/b1-d3,a2-a9", "a2-a9"),
    ("#%E2%98%83garbage/\u00ff", "a game link starts with"),
    ("#v1/loa/no-such-variant/-/", "no-such-variant"),
    # (an option named like a JavaScript object's own keys is still an option: refused by name)
    ("#v1/loa/standard/__proto__=x/b1-d3", "__proto__"),
    ("#v1/loa/standard/-/b1-d3/players=h,h,h,h,h", "names 5 players, but this game has 2 seats"),
    # (#47: endings a game cannot have, and times its clock cannot give, are refused and said)
    ("#v1/loa/standard/-/b1-d3,a2-c2/end=rules:1-0", "the game is not over"),
    ("#v1/loa/standard/-/b1-d3/end=agreement:1-0", "a draw agreed has no winner"),
    ("#v1/loa/standard/-/b1-d3/end=resignation:1-0-0-0", "is not one a game of 2 players can have"),
    ("#v1/loa/standard/-/b1-d3/end=abandoned:0-0", "is not one a game of 2 players can have"),
    ("#v1/loa/standard/-/b1-d3,a2-c2/clock=1+0/times=5000,5000", "its clock 1+0 gives"),
    ("#v1/loa/standard/-/" + ",".join(["b1-d3"] * 5001), "at most 5,000"),
]


def test_malformed_links(new_context, site_url):
    page = new_context().new_page()
    first = True
    for fragment, words in MALFORMED:
        if first:  # the first one at page load, the rest by pasting into the address bar
            page.goto(site_url + fragment)
            wait_engine_ready(page)
            first = False
        else:
            page.evaluate("f => { location.hash = f; }", fragment)
            page.wait_for_function(
                "s => location.hash === s && document.documentElement.dataset.busy === 'no'", arg=START_LINK
            )
        notice = page.locator("#notice")
        expect(notice).to_be_visible()
        expect(notice).to_contain_text("could not be opened")
        expect(notice).to_contain_text(words)
        # a working fresh game instead
        expect(page.locator("#moves .mv")).to_have_count(0)
        expect(page.locator("#status")).to_have_text("Black to move")
        assert len(pieces(page)) == 24
        assert page.evaluate("location.hash") == START_LINK
        page.click("#notice-close")
        expect(notice).to_be_hidden()
    # the fresh game is playable, and the notice offers a new game
    click_move(page, "b1-d3")
    page.evaluate("f => { location.hash = f; }", MALFORMED[0][0])
    expect(page.locator("#notice")).to_be_visible()
    page.click("#notice-fresh")
    expect(page.locator("#new-dialog")).to_be_visible()
    page.locator("#new-variant").select_option("scrambled-eggs")
    page.locator("#opt-double-connection").select_option("draw")
    page.click("#new-start")
    expect(page.locator("#subtitle")).to_contain_text("Scrambled Eggs")
    assert page.evaluate("location.hash") == "#v1/loa/scrambled-eggs/double-connection=draw/"
    assert pieces(page)["b1"] == 0 and pieces(page)["c1"] == 1


def test_saved_game_survives_a_closed_tab_and_a_corrupt_save_is_discarded(new_context, site_url):
    context = new_context()
    page = context.new_page()
    page.goto(site_url)
    wait_engine_ready(page)
    click_move(page, "b1-d3")
    click_move(page, "a2-c4")
    page.click("#undo")
    expect(page.locator("#moves .mv.current")).to_have_text("b1-d3")
    expect(page.locator("#moves .mv")).to_have_count(2)  # the move taken back stays listed
    page.close()  # the tab is closed; a new one opens the site without a link
    page = context.new_page()
    page.goto(site_url)
    wait_engine_ready(page)
    expect(page.locator("#moves .mv.current")).to_have_text("b1-d3")
    expect(page.locator("#redo")).to_be_enabled()  # even the move to redo survived
    page.click("#redo")
    expect(page.locator("#moves .mv.current")).to_have_text("a2-c4")
    expect(page.locator("#notice")).to_be_hidden()

    # a link of another line of play wins over the save (the library keeps both: issue 15)
    fresh_load(page, site_url + START_LINK + "c1-c3")
    expect(page.locator("#moves .mv")).to_have_text(["c1-c3"])
    # a link of a line of the saved game opens that line in it
    fresh_load(page, site_url + START_LINK + "c1-c3,h2-f2")
    expect(page.locator("#moves .mv")).to_have_text(["c1-c3", "h2-f2"])

    # a corrupted save of an earlier version: reported and kept aside; the library's last game instead
    page.evaluate("localStorage.setItem('gamut.current', '{\"v\": 1, \"start\": 42')")
    fresh_load(page, site_url)
    expect(page.locator("#notice")).to_contain_text("saved game could not be restored")
    expect(page.locator("#moves .mv")).to_have_text(["c1-c3", "h2-f2"])
    assert page.evaluate("localStorage.getItem('gamut.current')") is None
    assert page.evaluate("localStorage.getItem('gamut.current.damaged')") == '{"v": 1, "start": 42'

    # a save the engine refuses (an illegal move) is discarded the same way
    page.evaluate("""localStorage.setItem('gamut.current', JSON.stringify(
        {v: 1, start: 'loa standard double-connection=mover start', moves: ['b1-b2'], ply: 1, redo: []}))""")
    fresh_load(page, site_url)
    expect(page.locator("#notice")).to_contain_text("b1-b2")
    expect(page.locator("#moves .mv")).to_have_count(0)


@pytest.mark.cold  # (a start from the snapshot fetches no wheel: it is the first visit that fails)
def test_engine_failure_shows_a_message(new_context, guard_of, site_url):
    context = new_context()
    guard = guard_of(context)
    guard.allow_console(r"Failed to load resource|Failed to fetch|gamut|wheel|engine|package")
    # the engine wheel cannot be fetched: Pyodide starts, but without the engine
    context.route("**/wheels/gamut-*.whl", lambda route: route.abort())
    page = context.new_page()
    page.goto(site_url)
    expect(page.locator("#board .piece")).to_have_count(24)  # the board is still drawn
    page.wait_for_selector("html[data-engine=failed]", state="attached", timeout=90_000)
    expect(page.locator("#loading")).to_contain_text("The game engine could not start")
    expect(page.locator("#loading button")).to_have_text("Reload")
    expect(page.locator("#undo")).to_be_disabled()


# -- the page's generic pieces, driven with synthetic views in the browser ------------


def test_link_format_round_trips_and_rejects_garbage(shared_page):
    result = shared_page.evaluate(
        """async (module) => {
        const url = await import(module);
        const out = {trips: [], errors: []};
        const games = [
            {game: 'loa', variant: 'standard', options: {'double-connection': 'mover'},
             moves: ['b1-d3', 'a2-c4', 'c1xc4'], ply: 2, start: null},
            {game: 'el', variant: 'three-player', options: {},
             moves: ['c4=5', 'declare c4,d5', 'declare -', 'd4>d5', '100%', 'é/@#'], ply: null, start: null},
            {game: 'loa', variant: 'standard', options: {'double-connection': 'draw'}, moves: [], ply: 0,
             start: 'loa standard double-connection=draw 8/8/8/3b4/8/8/8/4w3 w'},
        ];
        for (const g of games) {
            const text = url.format(g);
            const back = url.parse(text);
            out.trips.push({text, same: JSON.stringify(back.moves) === JSON.stringify(g.moves)
                && back.start === g.start && back.game === g.game && back.variant === g.variant
                && JSON.stringify(back.options) === JSON.stringify(g.options)
                && back.ply === (g.ply === g.moves.length ? null : g.ply)});
        }
        for (const bad of ['#v2/loa/standard/-/', '#hello', '#v1/loa', '#v1/loa/standard/x/',
                           '#v1/loa/standard/-/b1-d3@7', '#v1/loa/standard/-/%E0%A4%A', '#v1/LOA!/standard/-/',
                           '#v1/loa/standard/-/b1-d3@x', '#v1/loa/standard/a=1,a=2/']) {
            try { url.parse(bad); out.errors.push([bad, null]); }
            catch (e) { out.errors.push([bad, e.name + ': ' + e.message]); }
        }
        out.empty = url.parse('') === null && url.parse('#') === null;
        return out;
    }""",
        module_url(shared_page, "model/url.js"),
    )
    for trip in result["trips"]:
        assert trip["same"], trip["text"]
    # human-readable: plain moves stay as they are
    assert result["trips"][0]["text"] == "#v1/loa/standard/double-connection=mover/b1-d3,a2-c4,c1xc4@2"
    assert "/start=loa%20standard%20double-connection=draw%208/8/8/3b4/" in result["trips"][2]["text"]
    for bad, error in result["errors"]:
        assert error and error.startswith("LinkError: "), (bad, error)
    assert result["empty"]
