"""A Gamut board on another page (issue #45): ``embed.html`` in an iframe
of a page served from another port, showing the game of a link's fragment
with no app around it, stepped through with its buttons and keys; its
comments and arrows; light or dark; "Open in Gamut"; both engine start
paths; and links it cannot show (said in words, the frame still usable)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from conftest import guard_context, wait_engine_ready
from pagekit import saved, wait_idle
from playwright.sync_api import expect
from test_site_result import SEEDS, finished_game

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tools.build.serve import make_server, serve_in_thread

SHOTS = Path(__file__).resolve().parent / "screenshots"

# A comment and two drawings (an arrow, a circle) on the position after move 3 (model/linknotes.js)
NOTES = "/notes=3:c:A%20quiet%20move%2C%20then%20the%20centre,3:s:G.d4.f6+R.a1"


def game_link(game: str) -> tuple[str, list[str]]:
    fragment, moves, _ = finished_game(game, SEEDS[game])
    return fragment, moves


@pytest.fixture
def host(tmp_path):
    """A server on another port (another origin) for the host pages; ``host(name, src, width, height)``
    writes a page with one iframe of ``src`` and gives its address."""
    server = make_server(tmp_path, "/")
    serve_in_thread(server)

    def page_with_frame(name: str, src: str, width: int = 640, height: int = 400) -> str:
        (tmp_path / f"{name}.html").write_text(
            '<!doctype html><html lang="en"><head><link rel="icon" href="data:,"><title>A post</title></head>'
            f'<body><p>A blog post.</p><iframe src="{src}" title="A game" width="{width}" height="{height}"'
            ' style="border: 0"></iframe></body></html>'
        )
        return server.url + f"{name}.html"

    yield page_with_frame
    server.shutdown()


def shown(frame, ply: int) -> None:
    expect(frame.locator("html")).to_have_attribute("data-embed", "shown", timeout=90_000)
    expect(frame.locator("html")).to_have_attribute("data-ply", str(ply))


def test_a_game_in_a_frame_of_another_site_is_stepped_through(new_context, site_url, host):
    fragment, moves = game_link("loa")
    url = host("post", f"{site_url}embed.html{fragment}{NOTES}")
    page = new_context().new_page()
    page.goto(url)
    frame = page.frame_locator("iframe")
    shown(frame, len(moves))  # (at the link's position: the game's end)
    expect(frame.locator("#embed-title")).to_have_text("Lines of Action")
    # no app around it: no header, no menus, no move box
    expect(frame.locator("header, #move-input, #game-picker")).to_have_count(0)
    expect(frame.locator("#moves .mv")).to_have_count(len(moves))
    expect(frame.locator("#moves .mv.current")).to_have_text(moves[-1])
    expect(frame.locator("#next")).to_be_disabled()
    expect(frame.locator("#last")).to_be_disabled()
    # previous, first, next, a move of the list
    frame.locator("#prev").click()
    shown(frame, len(moves) - 1)
    expect(frame.locator("#moves .mv.current")).to_have_text(moves[-2])
    frame.locator("#first").click()
    shown(frame, 0)
    expect(frame.locator("#prev")).to_be_disabled()
    expect(frame.locator("#moves .mv.current")).to_have_count(0)
    frame.locator("#next").click()
    shown(frame, 1)
    expect(frame.locator("#moves .mv.current")).to_have_text(moves[0])
    frame.locator("#moves .mv").nth(2).click()
    shown(frame, 3)
    # the comment and the drawings of the position after move 3
    expect(frame.locator("#embed-comment")).to_have_text("A quiet move, then the centre")
    expect(frame.locator("#board .shape")).to_have_count(2)
    # the keys, with the frame focused: → ← End Home
    frame.locator("#embed-title").click()  # (the frame focused)
    page.keyboard.press("ArrowRight")
    shown(frame, 4)
    expect(frame.locator("#embed-comment")).to_be_hidden()
    expect(frame.locator("#board .shape")).to_have_count(0)
    page.keyboard.press("ArrowLeft")
    shown(frame, 3)
    page.keyboard.press("End")
    shown(frame, len(moves))
    page.keyboard.press("Home")
    shown(frame, 0)
    # read-only: a click on a piece plays nothing
    expect(frame.locator("#board")).to_have_attribute("aria-disabled", "true")
    # "Open in Gamut": the main page, in a new tab, at the same link
    opener = frame.locator("#embed-open")
    expect(opener).to_have_attribute("target", "_blank")
    href = opener.get_attribute("href")
    assert href == "./" + fragment + NOTES
    with page.context.expect_page() as opened:
        opener.click()
    main = opened.value
    wait_engine_ready(main)
    assert main.url == f"{site_url}{fragment}{NOTES}"
    expect(main.locator("#moves .mv")).to_have_count(len(moves))


@pytest.mark.parametrize("game", ["el", "escabel", "evl"])
def test_each_game_in_a_narrow_frame(new_context, site_url, host, game):
    """280 px wide: the board first, as wide as the frame, the buttons in view under it."""
    fragment, moves = game_link(game)
    page = new_context().new_page()
    page.goto(host(game, f"{site_url}embed.html{fragment}", width=280, height=440))
    frame = page.frame_locator("iframe")
    shown(frame, len(moves))
    board = frame.locator("#board").bounding_box()
    frame_box = page.locator("iframe").bounding_box()
    SHOTS.mkdir(exist_ok=True)
    page.locator("iframe").screenshot(path=str(SHOTS / f"embed-narrow-{game}.png"))
    assert max(board["width"], board["height"]) >= 240, board  # (as large as the frame allows)
    for button in ("#first", "#prev", "#next", "#last"):
        box = frame.locator(button).bounding_box()
        assert box["y"] >= board["y"] + board["height"] - 1, (button, box, board)
        assert box["y"] + box["height"] <= frame_box["y"] + frame_box["height"] + 1, (button, box)
    frame.locator("#prev").click()
    shown(frame, len(moves) - 1)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_light_or_dark_by_the_address_else_by_the_visitor(new_context, site_url, host, scheme):
    fragment, moves = game_link("loa")
    other = "dark" if scheme == "light" else "light"
    page = new_context(color_scheme=scheme).new_page()
    page.goto(host("plain", f"{site_url}embed.html{fragment}"))
    frame = page.frame_locator("iframe")
    shown(frame, len(moves))
    expect(frame.locator("html")).to_have_attribute("data-scheme", scheme)
    page.goto(host("asked", f"{site_url}embed.html?theme={other}{fragment}"))
    shown(frame, len(moves))
    expect(frame.locator("html")).to_have_attribute("data-scheme", other)


@pytest.mark.parametrize("path", ["cold", "snapshot"])
def test_both_start_paths(browser, site_url, path):
    """A first visit (cold: a context of its own, nothing kept) and a return visit (the snapshot it kept)."""
    fragment, moves = game_link("el")
    context = browser.new_context()
    guard = guard_context(context)
    page = context.new_page()
    page.goto(f"{site_url}embed.html{fragment}")
    shown(page, len(moves))
    if path == "snapshot":
        expect(page.locator("html")).to_have_attribute("data-snapshot", "kept", timeout=90_000)
        page.reload()
        shown(page, len(moves))
    expect(page.locator("html")).to_have_attribute("data-engine-start", path)
    page.locator("#first").click()
    shown(page, 0)
    page.locator("#next").click()
    shown(page, 1)
    problems = guard.problems()
    context.close()
    assert not problems, "guard: " + "; ".join(problems)


def test_links_it_cannot_show_say_why_and_the_frame_stays_usable(new_context, site_url):
    fragment, moves = game_link("loa")
    page = new_context().new_page()
    status = page.locator("#embed-status")
    root = page.locator("html")
    page.goto(f"{site_url}embed.html")
    expect(root).to_have_attribute("data-embed", "failed", timeout=90_000)
    expect(status).to_have_text(re.compile("No game to show"))
    bad = {
        "#v1/chess/standard/-/e2-e4": 'no game called "chess"',
        "#v2/loa/standard/-/": "This board cannot be shown",
        fragment.rsplit(",", 1)[0] + ",z9-z9": "This board cannot be shown",  # (a move that is not one)
        fragment[: len(fragment) // 2] + "%E": "This board cannot be shown",  # (cut in the middle)
        "#v1/loa/standard/-/" + ",".join(["b1-b3"] * 6000): "This board cannot be shown",  # (too long)
    }
    for link, words in bad.items():
        page.evaluate("f => { location.hash = f; }", link)
        expect(root).to_have_attribute("data-embed", "failed")
        expect(status).to_contain_text(words)
        expect(page.locator("#embed-board-box")).to_be_hidden()
        expect(page.locator("#first")).to_be_disabled()
    # a good link after them: shown
    page.evaluate("f => { location.hash = f; }", fragment)
    shown(page, len(moves))
    expect(status).to_be_hidden()
    expect(page.locator("#embed-board-box")).to_be_visible()
    # nothing stored: the embed keeps no game
    stored = page.evaluate(
        "() => new Promise(ok => { const r = indexedDB.open('gamut'); r.onupgradeneeded = () => { r.transaction.abort(); };"
        " r.onsuccess = () => { ok(r.result.objectStoreNames.length); r.result.close(); }; r.onerror = () => ok(0); })"
    )
    assert stored == 0


# Makes a study's link in the page, from game links (study/studylink.js): a comment and two
# drawings on the first chapter's third move; the second chapter seen from the other side.
MAKE_STUDY = """async ([title, games]) => {
    const base = [...document.scripts].find(s => s.src.endsWith('embed/embed.js')).src.replace('embed/embed.js', '');
    const { studyFragment } = await import(base + 'study/studylink.js');
    const { GameModel } = await import(base + 'model/game.js');
    const url = await import(base + 'model/url.js');
    const chapters = games.map(([name, fragment], i) => {
        const p = url.parse(fragment);
        const game = GameModel.fromLink(p, url.standardStart(p.game, p.variant, p.options));
        if (i === 0) game.setNotes(p.moves.slice(0, 3), {comment: 'The third move', shapes: [['G', 'd4', 'f6'], ['R', 'a1']]});
        return {title: name, flip: i === 1, game};
    });
    return studyFragment({title, chapters});
}"""


def test_a_study_by_link_shows_its_chapters(new_context, site_url, tmp_path):
    loa, loa_moves = game_link("loa")
    evl, evl_moves = game_link("evl")
    page = new_context(accept_downloads=True).new_page()
    page.goto(f"{site_url}embed.html{evl}")
    shown(page, len(evl_moves))
    a1 = page.locator('#board [data-cell="a1"]').first.bounding_box()  # (where a1 is, seen as dealt)
    study = page.evaluate(
        MAKE_STUDY, ["Two endings", [["Lines of Action: the end", loa], ["EVL: the end", evl]]]
    )
    assert study.startswith("#study/1.") and len(study) < 2000, len(study)
    page.evaluate("f => { location.hash = f; }", study)
    shown(page, 0)  # (a chapter opens at its start)
    expect(page.locator("#embed-title")).to_have_text("Two endings")
    chapters = page.locator("#embed-chapter")
    expect(chapters.locator("option")).to_have_text(["Lines of Action: the end", "EVL: the end"])
    expect(page.locator("#moves .mv")).to_have_count(len(loa_moves))
    page.locator("#moves .mv").nth(2).click()
    shown(page, 3)
    expect(page.locator("#embed-comment")).to_have_text("The third move")
    expect(page.locator("#board .shape")).to_have_count(2)
    # "Open in Gamut": the chapter, as a game of its own on the main page, with its notes
    assert page.locator("#embed-open").get_attribute("href").startswith("./#v1/loa/")
    # the second chapter: another game, seen from the other side
    chapters.select_option(label="EVL: the end")
    expect(page.locator("html")).to_have_attribute("data-chapter", "1")
    shown(page, 0)
    expect(page.locator("#moves .mv")).to_have_count(len(evl_moves))
    turned = page.locator('#board [data-cell="a1"]').first.bounding_box()
    assert abs(turned["y"] - a1["y"]) > 50 or abs(turned["x"] - a1["x"]) > 50, (a1, turned)
    page.locator("#last").click()
    shown(page, len(evl_moves))
    # the study as one records file, which Your games imports: a game a chapter, notes kept
    with page.expect_download() as download:
        page.locator("#embed-download").click()
    assert download.value.suggested_filename == "Two-endings.gamut.txt"
    text = Path(download.value.path()).read_text(encoding="utf-8")
    assert text.count("[Game ") == 2 and "The third move" in text, text[:400]
    (tmp_path / "study.txt").write_text(text)
    main = page.context.new_page()
    main.goto(site_url)
    wait_engine_ready(main)
    main.click("#open-games")
    main.click("#games-dialog .records summary")
    main.set_input_files("#import-file", str(tmp_path / "study.txt"))
    expect(main.locator("#import-summary")).to_have_text("Imported 2 games.")
    expect(main.locator("#games-list .game-row", has_text="Lines of Action: the end")).to_have_count(1)
    main.close()
    # the same link, damaged or cut: said, and the frame goes on with a good one
    for bad, words in [
        (study[: len(study) // 2], "damaged or cut short"),
        ("#study/9." + study[9:], "later version"),
    ]:
        page.evaluate("f => { location.hash = f; }", bad)
        expect(page.locator("html")).to_have_attribute("data-embed", "failed")
        expect(page.locator("#embed-status")).to_contain_text(words)
        expect(chapters).to_be_hidden()
    page.evaluate("f => { location.hash = f; }", study)
    shown(page, 0)


def test_games_of_the_library_shared_as_a_study_open_in_its_viewer_and_fork(new_context, site_url):
    """ "Share selected as a study" (Your games) makes one link of the games selected, each a chapter
    with its variations, comments, glyphs and drawings; opened on the main page it goes to the study
    viewer (embed.html); a chapter opened in Gamut becomes a game of the reader's own."""
    from pagekit import cell, open_site
    from test_site_library import LOA, open_games
    from test_site_notes import annotate, expect_shapes, play_line, show_move

    context = new_context()
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = open_site(context, site_url, LOA)
    play_line(page)
    annotate(page)  # (move 2: the glyph !?, a comment, an arrow and a circle)
    show_move(page, 0)
    cell(page, "h2").click()  # (a variation at move 2: h2-f2)
    cell(page, "f2").click()
    wait_idle(page)
    expect(page.locator("#moves .variation .mv")).to_have_text(["h2-f2"])
    page.locator('#game-picker .pick[data-game="escabel"]').click()
    wait_idle(page)
    cell(page, "d4").click()
    wait_idle(page)
    saved(page)
    open_games(page)
    for box in page.locator("#games-list .game-row input[type=checkbox]").all():
        box.check()
    page.click("#games-dialog .records summary")
    page.click("#games-study")
    expect(page.locator("#study-out")).to_be_visible()
    expect(page.locator("#import-summary")).to_contain_text("A study of 2 chapters")
    expect(page.locator("#study-title")).to_have_value("A study of 2 games")
    first = page.locator("#study-link").input_value()
    page.fill("#study-title", "Endings I like")
    page.press("#study-title", "Enter")
    expect(page.locator("#study-link")).not_to_have_value(first)  # (made again, with its title)
    link = page.locator("#study-link").input_value()
    assert link.startswith(site_url + "#study/1."), link
    code = page.locator("#study-embed").input_value()
    assert f'src="{site_url}embed.html#study/1.' in code and 'title="Endings I like · Gamut"' in code, code
    page.click("#study-copy")
    expect(page.locator("#import-summary")).to_have_text("The study's link is copied.")
    assert page.evaluate("() => navigator.clipboard.readText()") == link
    # another reader: the main page hands the study to its viewer
    reader = new_context().new_page()
    reader.goto(link)
    expect(reader).to_have_url(site_url + "embed.html" + link[len(site_url) :], timeout=30_000)
    shown(reader, 0)
    expect(reader.locator("#embed-title")).to_have_text("Endings I like")
    options = reader.locator("#embed-chapter option")
    expect(options).to_have_count(2)
    loa = None
    for k in range(2):
        reader.locator("#embed-chapter").select_option(index=k)
        expect(reader.locator("html")).to_have_attribute("data-chapter", str(k))
        shown(reader, 0)
        if reader.locator("#moves .mv").count() == 4:  # (Lines of Action: three moves and the variation)
            loa = k
    assert loa is not None
    reader.locator("#embed-chapter").select_option(index=loa)
    expect(reader.locator("html")).to_have_attribute("data-chapter", str(loa))
    shown(reader, 0)
    expect(reader.locator("#moves .variation .mv")).to_have_text(["h2-f2"])
    expect(reader.locator("#moves .comment")).to_have_text(["Quiet, and the centre is kept."])
    expect(reader.locator("#moves .mv[data-glyph]")).to_have_attribute("data-glyph", "!?")
    reader.locator("#moves .row .mv").nth(1).click()
    shown(reader, 2)
    expect(reader.locator("#embed-comment")).to_have_text("Quiet, and the centre is kept.")
    expect_shapes(reader, ["G e3 e6", "R c3"])
    # the chapter shown, opened in Gamut: a game of the reader's own
    with reader.context.expect_page() as opened:
        reader.locator("#embed-open").click()
    main = opened.value
    wait_engine_ready(main)
    expect(main.locator("#moves .comment")).to_have_text(["Quiet, and the centre is kept."])
    open_games(main)
    expect(main.locator("#games-list .game-row")).to_have_count(1)
    # a study's link put into the address bar of an open page goes to the viewer too
    page.keyboard.press("Escape")
    page.evaluate("f => { location.hash = f; }", link[len(site_url) :])
    expect(page).to_have_url(site_url + "embed.html" + link[len(site_url) :], timeout=30_000)
    shown(page, 0)
