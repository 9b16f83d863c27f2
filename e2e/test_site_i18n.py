"""The page in the player's language (issue #33).

The language follows the browser's (a context with locale "hu-HU" opens in
Hungarian, an English one stays English), can be chosen in the settings (the
page reloads in it, and the choice survives a reload), and is said in
``<html lang>``.  In English a game against the computer is started and a
move played by clicks, and the live region's own words (the page's, not the
engine's: "Taken back: ..." after Undo) come in it (the other languages:
test_site_i18n_engine).  German and
Hungarian, the longest, hold the layout at 1280x800 and 360x640: nothing
wider than the window, no button whose words overflow it (screenshots in
``$GAMUT_SHOTS`` or /tmp/gamut-i18n-shots, for a person to look at).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from conftest import ROOT, wait_engine_ready
from pagekit import cell, next_frames, resize, wait_idle
from playwright.sync_api import expect

CATALOGS = {
    lang: json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text())
    for lang in ("en", "de", "fr", "es", "hu")
}
LOCALES = {"en": "en-US", "de": "de-DE", "fr": "fr-FR", "es": "es-ES", "hu": "hu-HU"}
SHOTS = Path(os.environ.get("GAMUT_SHOTS", "/tmp/gamut-i18n-shots"))


def words(lang: str, key: str) -> str:
    """A message without arguments, as the page shows it."""
    return CATALOGS[lang][key]


def open_in(new_context, site_url: str, lang: str, **kwargs):
    """A page of a fresh context whose browser speaks ``lang``, the engine ready."""
    context = new_context(locale=LOCALES[lang], **kwargs)
    page = context.new_page()
    page.goto(site_url)
    wait_engine_ready(page)
    wait_idle(page)
    return page


def expect_language(page, lang: str) -> None:
    """The header, the start panel and the controls speak ``lang``."""
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("html")).not_to_have_attribute("data-i18n-pending", "")
    expect(page.locator("#open-games")).to_have_text(words(lang, "header.yourGames"))
    expect(page.locator(".rules-menu summary")).to_have_text(words(lang, "header.rules"))
    expect(page.locator("#start-play")).to_have_text(words(lang, "start.play"))
    expect(page.locator("#start-close")).to_have_text(words(lang, "start.close"))
    expect(page.locator("#start .choice-mode").first).to_contain_text(words(lang, "mode.computer.short"))
    expect(page.locator("#new-game")).to_have_text(words(lang, "controls.newGame"))
    expect(page.locator("#undo")).to_have_text(words(lang, "controls.undo"))
    expect(page.locator("#prev")).to_have_attribute("aria-label", words(lang, "nav.prev"))


def test_an_english_browser_stays_english(new_context, site_url):
    page = open_in(new_context, site_url, "en")
    expect_language(page, "en")
    expect(page.locator("#open-games")).to_have_text("Your games")


def test_german_chosen_in_the_settings_is_kept(new_context, site_url):
    page = open_in(new_context, site_url, "en")
    page.locator("#open-settings").click()
    select = page.locator("#setting-language")
    expect(select).to_have_value("en")
    # each language in its own name
    assert select.locator("option").all_inner_texts() == [
        "English",
        "Deutsch",
        "Español",
        "Français",
        "Magyar",
    ]
    with page.expect_navigation():
        select.select_option("de")
    wait_engine_ready(page)
    expect_language(page, "de")
    expect(page.locator("#open-games")).to_have_text("Deine Partien")
    # a game (the New game dialog: the page reloaded is a return visit, without the start panel)
    page.locator("#new-game").click()
    expect(page.locator("#new-title")).to_have_text("Neue Partie")
    page.locator("#new-start").click()
    wait_idle(page)
    expect(page.locator("#resign")).to_contain_text("Aufgeben")
    expect(page.locator("#offer-draw")).to_contain_text("Remis anbieten")
    page.reload()
    wait_engine_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#resign")).to_contain_text("Aufgeben")
    page.locator("#open-settings").click()
    expect(page.locator("#setting-language")).to_have_value("de")
    expect(page.locator("#settings-title")).to_have_text("Einstellungen")


def test_a_damaged_stored_choice_is_ignored(new_context, site_url):
    context = new_context(locale="fr-FR")
    context.add_init_script("try { localStorage.setItem('gamut.lang', '{\"broken') } catch {}")
    page = context.new_page()
    page.goto(site_url)
    wait_engine_ready(page)
    expect_language(page, "fr")


# (English here; in German, French, Spanish and Hungarian the same game, its
# Undo and its buttons are in test_site_i18n_engine's game against the computer)
def test_a_game_against_the_computer_in_english(new_context, site_url):
    lang = "en"
    page = open_in(new_context, site_url, lang)
    page.locator("#start-play").click()
    wait_idle(page)
    status = page.locator("#status")
    expect(status).to_contain_text(words(lang, "status.toMove").replace("{name}", "").strip())
    cell(page, "b1").click()
    cell(page, "d3").click()
    expect(page.locator("#moves .mv")).to_have_count(2, timeout=30_000)  # the computer replied
    wait_idle(page)
    page.wait_for_function("document.documentElement.dataset.thinking === ''")
    before = int(page.evaluate("document.documentElement.dataset.said || '0'"))
    page.locator("#undo").click()
    page.wait_for_function("n => Number(document.documentElement.dataset.said || 0) > n", arg=before)
    taken_back = words(lang, "said.takenBack").split("{moves}")[0].strip()
    expect(page.locator("#said p").last).to_contain_text(taken_back)
    # the game's own buttons
    expect(page.locator("#resign")).to_contain_text(words(lang, "game.resign"))
    expect(page.locator("#abort")).to_contain_text(words(lang, "game.abort"))


def overflowing(page) -> list[str]:
    """What does not fit: a page wider than the window, a visible button or
    label whose words are wider than it is."""
    return page.evaluate(
        """() => {
          const out = [];
          const doc = document.scrollingElement;
          if (doc.scrollWidth > window.innerWidth + 1) out.push(`page ${doc.scrollWidth} > ${window.innerWidth}`);
          for (const el of document.querySelectorAll("button, summary, .choice-name, label, legend, h1, h2")) {
            if (!el.getClientRects().length || getComputedStyle(el).visibility === "hidden") continue;
            if (el.closest(".visually-hidden")) continue; // (for screen readers only)
            if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible")
              out.push(`${el.tagName} ${el.id} "${el.textContent.trim().slice(0, 30)}" ${el.scrollWidth} > ${el.clientWidth}`);
            const r = el.getBoundingClientRect();
            if (r.right > window.innerWidth + 1) out.push(`${el.tagName} ${el.id} off the right edge`);
          }
          return out;
        }"""
    )


SIZES = ((1280, 800), (360, 640))


def at_each_size(page, lang: str, step: str) -> None:
    """``page`` at each of SIZES in turn (then back at the first): screenshots, and nothing overflows."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in (*SIZES, SIZES[0]):
        resize(page, width, height)
        next_frames(page)  # (laid out at the new size)
        page.screenshot(path=str(SHOTS / f"{lang}-{width}x{height}-{step}.png"))
        assert overflowing(page) == [], f"{lang} at {width}x{height}, {step}"


@pytest.mark.parametrize("lang", ["de", "hu"])
def test_the_longest_languages_hold_the_layout(new_context, site_url, lang):
    """German and Hungarian at 1280x800 and 360x640 (one page, resized): the
    start panel, a game against the computer, the settings.  (A Hungarian
    browser opens the page in Hungarian.)"""
    width, height = SIZES[0]
    page = open_in(new_context, site_url, lang, viewport={"width": width, "height": height})
    expect_language(page, lang)
    if lang == "hu":
        expect(page.locator("#open-games")).to_have_text("Játszmáid")
    at_each_size(page, lang, "start")
    page.locator("#start-play").click()
    wait_idle(page)
    cell(page, "b1").click()
    cell(page, "d3").click()
    expect(page.locator("#moves .mv")).to_have_count(2, timeout=30_000)
    wait_idle(page)
    at_each_size(page, lang, "game")
    page.locator("#open-settings").click()
    at_each_size(page, lang, "settings")
