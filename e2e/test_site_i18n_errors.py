"""The engine's reasons and the engine's failures in the player's language
(issue #33, phase 3).

The browser speaks American English and the player chose German or
Hungarian.  A click the rules refuse on an EVL or Escabel board is explained
in that language (the engine says a message, the page formats it), and when
the engine cannot be loaded the failure box says why in that language too
(the worker sends message ids, engine.js says them).
"""

from __future__ import annotations

import json

import pytest
from conftest import ROOT
from pagekit import cell, move_count, open_hash, wait_idle
from playwright.sync_api import expect
from test_site_i18n_library import open_chosen

CATALOGS = {lang: json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text()) for lang in ("de", "hu")}
EVL = "#v1/evl/standard/pieces=20,markers=10/"
ESCABEL = "#v1/escabel/standard/size=5,pie=on/"


def test_a_refused_click_is_explained_in_german_and_hungarian(new_context, site_url):
    for lang, pentagon, theirs in (
        ("de", "bc3 ist ein Fünfeck", "c4 wird von Schwarz beherrscht"),
        ("hu", "bc3 ötszög", "A(z) c4 hétszöget Fekete uralja"),
    ):
        page = open_chosen(new_context, site_url, lang)
        open_hash(page, EVL)
        cell(page, "bc3").click()
        expect(page.locator("#explain")).to_contain_text(pentagon)
        cell(page, "c4").click()
        wait_idle(page)
        cell(page, "c4").click()  # White on Black's piece
        expect(page.locator("#explain")).to_contain_text(theirs)
        assert move_count(page) == 1
        page.close()  # (its context goes back to the pool at the end of the test)


def test_an_escabel_reason_in_german(new_context, site_url):
    page = open_chosen(new_context, site_url, "de")
    open_hash(page, ESCABEL)
    cell(page, "c3").click()
    wait_idle(page)
    cell(page, "c3").click()  # White clicks Black's stone: it may only move onto it
    expect(page.locator("#explain")).to_contain_text("Auf c3 steht ein schwarzer Stapel der Höhe 1")


@pytest.mark.cold  # (a start from the snapshot fetches no wheel: it is the first visit that fails)
def test_the_engine_failure_says_why_in_german(new_context, guard_of, site_url):
    context = new_context(locale="en-US")
    guard = guard_of(context)
    guard.allow_console(r"Failed to load resource|Failed to fetch|gamut|wheel|engine|package")
    context.add_init_script("try { localStorage.setItem('gamut.lang', 'de') } catch {}")
    context.route("**/wheels/gamut-*.whl", lambda route: route.abort())
    page = context.new_page()
    page.goto(site_url)
    page.wait_for_selector("html[data-engine=failed]", state="attached", timeout=90_000)
    expect(page.locator("#loading")).to_contain_text(CATALOGS["de"]["engine.failed"])
    expect(page.locator("#failed-message")).to_contain_text(
        "die Spiel-Engine (das gamut-Wheel) ließ sich nicht herunterladen oder installieren"
    )
    context.close()


def test_a_link_whose_position_cannot_be_read_says_why_in_german_and_hungarian(new_context, site_url):
    """The engine's reason for refusing a link's position, in the player's
    language inside the page's own sentence (#33)."""
    broken = "#v1/loa/standard/-//start=loa%20standard%20double-connection=mover%20b1%2Czz"
    for lang in ("de", "hu"):
        page = open_chosen(new_context, site_url, lang)
        page.evaluate("f => { location.hash = f; }", broken)
        notice = page.locator("#notice")
        expect(notice).to_contain_text(CATALOGS[lang]["open.linkProblem"].split("{")[0].strip())
        expect(notice).to_contain_text(CATALOGS[lang]["error.position.loa.format"].split("'")[0].strip())
        expect(notice).not_to_contain_text("position is")
        page.close()  # (its context goes back to the pool at the end of the test)
