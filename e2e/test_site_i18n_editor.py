"""The position editor, a game's title and the page's description in the
player's language (issue #33), in Chromium: in German the editor's tools,
the cell's contents, the pieces in hand, the side rule and what is wrong
with a position are the catalog's words (the engine's messages); a
variant's name in the title (the heading, the document's title, the
board's label) is the catalog's; ``<meta name="description">`` is German.
"""

from __future__ import annotations

import json
from urllib.parse import quote

from conftest import ROOT, wait_engine_ready
from pagekit import wait_idle
from playwright.sync_api import expect
from test_site_editor import DESKTOP, put, settled

import gamut

DE = json.loads((ROOT / "web" / "i18n" / "de.json").read_text())


def german_editor(new_context, site_url, start: str):
    page = new_context(locale="de-DE", viewport=DESKTOP).new_page()
    page.goto(site_url + "#edit/" + quote(start))
    wait_engine_ready(page)
    settled(page)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    return page


def test_the_editor_speaks_german(new_context, site_url):
    page = german_editor(new_context, site_url, f"{gamut.new('evl').header()} start")
    tool = page.locator('#editor-tools .tool[data-tool="mb"]')
    expect(tool).to_have_attribute("aria-label", "Schwarzer Marker")
    expect(page.locator("#editor-counts label").first).to_contain_text("Schwarz in der Hand")
    put(page, "b", "b3")
    expect(page.locator("#editor-cell")).to_have_text("b3: Schwarzer Stein.")
    put(page, "w", "b3")
    expect(page.locator("#editor-cell")).to_have_text(
        "b3: Schwarzer Stein, Weißer Stein (ein Stapel aus 2, von unten)."
    )
    put(page, "b", "b3", "b3", "b3")
    assert settled(page) == "invalid"
    expect(page.locator("#editor-status")).to_have_text(
        "Der Stapel auf b3 hat 5 Steine; kein Stapel darf höher als 4 sein."
    )
    # EL: the side follows from the numbers, said in German
    el = german_editor(new_context, site_url, f"{gamut.new('el').header()} start")
    expect(el.locator("#editor-side .side-rule")).to_have_text(
        "Das ergibt sich aus den Zahlen: Rot schreibt zuerst, dann jeder Platz der Reihe nach, eine Zahl pro Zug."
    )
    expect(el.locator('#editor-tools .tool[data-tool="b3"]')).to_have_attribute("aria-label", "Blau 3")
    put(el, "r1", "a1")
    put(el, "r2", "b1")
    assert settled(el) == "invalid"
    expect(el.locator("#editor-status")).to_contain_text("Rot 1 und Blau 1, nicht Rot 2 und Blau 0.")


def test_a_variants_name_in_the_title_and_the_description_in_german(new_context, site_url):
    page = german_editor(new_context, site_url, f"{gamut.new('el', 'eight').header()} start")
    before = page.evaluate("document.documentElement.dataset.revision")
    page.click("#editor-play")  # (a new game of EL's Eight variant from its start)
    page.wait_for_function("r => document.documentElement.dataset.revision !== r", arg=before)
    wait_idle(page)
    expect(page.locator("#title")).to_have_text("EL (Acht)")
    expect(page).to_have_title("EL (Acht) · Gamut")
    expect(page.locator("#board")).to_have_attribute("aria-label", "Brett von EL (Acht)")
    names = [info.name for info in gamut.core.GAMES.values()]  # (in the engine's order, as the build's)
    games = ", ".join(names[:-1]) + " und " + names[-1]
    description = page.locator('meta[name="description"]')
    expect(description).to_have_attribute("content", DE["page.description"].replace("{games}", games))


def test_the_side_to_move_names_the_seats_in_german(new_context, site_url):
    # (#43: the seats' names are the palette's messages, sides, not English read back into keys)
    page = german_editor(new_context, site_url, f"{gamut.new('escabel').header()} start")
    expect(page.locator("#editor-side label.side-choice")).to_have_text(
        ["Spieler 1 (Schwarz)", "Spieler 2 (Weiß)"], use_inner_text=True
    )
    evl = german_editor(new_context, site_url, f"{gamut.new('evl').header()} start")
    expect(evl.locator("#editor-side label.side-choice")).to_have_text(
        ["Schwarz", "Weiß"], use_inner_text=True
    )
