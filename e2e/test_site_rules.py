"""The rules pages (#rules/<game>, issue 17) in Chromium: each opens by its
link (loaded, or in an open page) and shows every diagram of its game (drawn from the
views the build computed, each an image with its text alternative and a
caption); every diagram's "Try it" opens its position as a game on the board
that takes a legal move; the Rules dialog and the header lead to the pages,
and "Back to the game" returns to the game as it was.  Screenshots of every
page at desktop size and at 360x640 go to e2e/screenshots/rules-*.png.

Uses infra's fixtures (e2e/conftest.py): every context is guarded against
requests leaving 127.0.0.1 and against console errors.
"""

from __future__ import annotations

import json
from pathlib import Path

from conftest import wait_engine_ready
from pagekit import cell, noted, wait_idle
from playwright.sync_api import expect

import gamut
from tools.build.data import describe_diagram

SHOTS = Path(__file__).resolve().parent / "screenshots"
GAMES_DIR = Path(__file__).resolve().parents[1] / "web" / "games"  # <game>/diagrams.json
GAMES = ("loa", "el", "escabel", "evl")
TITLES = {"loa": "Lines of Action", "el": "EL", "escabel": "Escabel", "evl": "EVL"}


def diagrams(game: str) -> list:
    return json.loads((GAMES_DIR / game / "diagrams.json").read_text())["diagrams"]


def built(site_url: str, page) -> dict:
    """The diagrams as the build computed them (rules-diagrams.json in the build's folder)."""
    return page.evaluate(
        """u => fetch(u).then(r => r.json()).then(({build}) =>
        fetch(u.replace(/version[.]json$/, build + "rules-diagrams.json"))).then(r => r.json())""",
        site_url + "version.json",
    )


def open_rules(page, game: str) -> None:
    page.wait_for_function(
        "g => { const p = document.getElementById('rules-page');"
        " return p && !p.hidden && p.dataset.game === g && p.dataset.diagrams === 'ready'; }",
        arg=game,
    )


def a_move_to_click(state):
    """A legal move whose clicks no other legal move starts with (so that
    clicking them plays it without a confirmation), and its clicks."""
    view = state.view()
    entries = [m for m in view["moves"] if m["clicks"]]
    for m in entries:
        clicks = m["clicks"]
        if not any(o is not m and o["clicks"][: len(clicks)] == clicks for o in entries):
            return m["text"], clicks
    raise AssertionError("no move can be entered by clicks alone")


def test_each_rules_page_opens_by_its_link_with_its_diagrams(new_context, site_url):
    """Each game's page at desktop size and at 360x640, on one page a size:
    the first loaded by its link, the others opened by theirs in the page."""
    for size, name, order in (
        ({"width": 1280, "height": 900}, "desktop", GAMES),
        ({"width": 360, "height": 640}, "phone", GAMES[::-1]),
    ):
        page = new_context(viewport=size).new_page()
        for i, game in enumerate(order):
            with noted(f"{game} at {name} size"):
                if i == 0:
                    page.goto(site_url + f"#rules/{game}")
                else:
                    page.evaluate("g => { location.hash = '#rules/' + g; }", game)
                rules_page_with_its_diagrams(page, site_url, game, name)


def rules_page_with_its_diagrams(page, site_url, game, name):
    want = diagrams(game)
    open_rules(page, game)  # (drawn from the build's views: no need to wait for the engine)
    expect(page.locator("main.layout")).to_be_hidden()
    expect(page.locator("#rules-page h3")).to_have_text(TITLES[game])
    figures = page.locator("#rules-page figure.diagram")
    expect(figures).to_have_count(len(want))
    data = {d["id"]: d for d in built(site_url, page)[game]}
    for d in want:
        fig = page.locator(f"#diagram-{d['id']}")
        svg = fig.locator("svg.diagram-board")
        expect(svg).to_have_attribute("role", "img")
        # (the build's diagrams carry no words: the page says English's from its bundle, as any language's)
        assert "alt" not in data[d["id"]] and "caption" not in data[d["id"]]
        said = describe_diagram(d, data[d["id"]]["view"]).replace("'s markers", "\u2019s markers")
        expect(svg).to_have_attribute("aria-label", said)
        expect(fig.locator("figcaption")).to_contain_text(d["title"])
        # the board drew the position: one piece drawn per piece of the view
        expect(svg.locator(".layer-pieces .piece")).to_have_count(len(data[d["id"]]["view"]["pieces"]))
        expect(fig.locator("a.try-it")).to_have_count(1)
    # the page is printable: the print stylesheet hides all but the text and diagrams
    page.emulate_media(media="print")
    expect(page.locator("header.top")).to_be_hidden()
    expect(page.locator(".rules-nav")).to_be_hidden()
    expect(figures.first).to_be_visible()
    page.emulate_media(media="screen")
    page.screenshot(path=str(SHOTS / f"rules-{game}-{name}.png"), full_page=True)


def test_every_try_it_opens_a_playable_position(shared_page, site_url):
    # each game's rules page is drawn once: its first Try it is clicked, the
    # others are opened by their links (the same address a click goes to)
    page = shared_page
    for game in GAMES:
        page.evaluate("g => { location.hash = '#rules/' + g; }", game)
        open_rules(page, game)
        shown = diagrams(game)
        links = {d["id"]: page.locator(f"#diagram-{d['id']} a.try-it").get_attribute("href") for d in shown}
        for i, d in enumerate(shown):
            before = page.evaluate("document.documentElement.dataset.revision")
            if i == 0:
                page.locator(f"#diagram-{d['id']} a.try-it").click()
            else:
                page.evaluate("h => { location.hash = h; }", links[d["id"]])
            page.wait_for_function(
                "r => document.documentElement.dataset.revision !== r"
                " && document.documentElement.dataset.busy === 'no'",
                arg=before,
            )
            expect(page.locator("#rules-page")).to_be_hidden()
            expect(page.locator("main.layout")).to_be_visible()
            # the board shows the diagram's position (before its moves, if it plays any)
            state = gamut.load(d["position"])
            assert not state.is_over(), f"{d['id']}: Try it opens a finished position"
            want = sorted(p["cell"] for p in state.view()["pieces"])
            got = sorted(
                page.eval_on_selector_all(
                    "#board .layer-pieces .piece", "els => els.map(e => e.dataset.cell)"
                )
            )
            assert got == want, d["id"]
            # and takes a legal move
            text, clicks = a_move_to_click(state)
            for click in clicks:
                if page.locator(f'#board .hit[data-cell="{click}"]').count():
                    cell(page, click).click()
                else:
                    page.locator(f'#palette .pal[data-id="{click}"]').click()
            page.wait_for_function(
                "t => [...document.querySelectorAll('#moves .mv')].some(e => e.textContent.trim() === t)",
                arg=text,
            )
            wait_idle(page)


def test_the_game_and_the_header_lead_to_the_rules_and_back(shared_page, site_url):
    page = shared_page
    page.evaluate("() => { location.hash = '#v1/loa/standard/double-connection=mover/'; }")
    page.wait_for_function("document.documentElement.dataset.busy === 'no'")
    wait_idle(page)
    cell(page, "b1").click()
    cell(page, "b3").click()
    page.wait_for_function(
        "[...document.querySelectorAll('#moves .mv')].some(e => e.textContent.trim() === 'b1-b3')"
    )
    wait_idle(page)
    fragment = page.evaluate("location.hash")
    moves = page.locator("#moves .mv").all_text_contents()
    # the Rules dialog links to the page
    page.click("#show-rules")
    page.locator("#rules-dialog a.rules-page-link").click()
    open_rules(page, "loa")
    expect(page.locator("#rules-dialog")).to_be_hidden()
    assert page.evaluate("location.hash") == "#rules/loa"
    # the header's menu leads to the other pages
    page.locator(".rules-menu summary").click()
    page.locator(".rules-menu a[href='#rules/evl']").click()
    open_rules(page, "evl")
    expect(page.locator(".rules-menu")).not_to_have_attribute("open", "")
    page.locator(".rules-nav a[href='#rules/escabel']").click()
    open_rules(page, "escabel")
    # back to the game, as it was
    page.locator("#rules-back").click()
    expect(page.locator("#rules-page")).to_be_hidden()
    expect(page.locator("main.layout")).to_be_visible()
    page.wait_for_function("f => location.hash === f", arg=fragment)
    wait_idle(page)
    assert page.locator("#moves .mv").all_text_contents() == moves
    expect(page.locator('#board .layer-pieces .piece[data-cell="b3"]')).to_have_count(1)
    expect(page.locator('#board .layer-pieces .piece[data-cell="b1"]')).to_have_count(0)


def test_a_rules_link_to_no_game_says_so_and_the_game_stays(new_context, site_url):
    """#rules/<not a game> once did nothing and said nothing (issue #27)."""
    page = new_context().new_page()
    page.goto(site_url + "#rules/nope")
    wait_idle(page)
    notice = page.locator("#notice")
    expect(notice).to_contain_text("There is no rules page for “nope”")
    expect(notice).to_contain_text("Lines of Action")
    expect(page.locator("#rules-page")).to_be_hidden()
    page.wait_for_function("() => location.hash.startsWith('#v1/loa/')")
    wait_engine_ready(page)
    cell(page, "b1").click()
    cell(page, "d3").click()
    expect(page.locator("#moves .mv")).to_have_count(1)
    # and the same from a page already open
    page.evaluate("() => { location.hash = '#rules/chess'; }")
    expect(notice).to_contain_text("There is no rules page for “chess”")
    page.wait_for_function("() => location.hash.startsWith('#v1/loa/')")
    expect(page.locator("#moves .mv")).to_have_count(1)
