"""The rules pages, the lessons and the manifest in the player's language (issue #33).

In each language a rules page opens by its link with its text in that
language (web/games/<game>/rules.<lang>.html) and every diagram's title,
caption and text alternative in it (diagrams.<lang>.json); the page links the
manifest of its language, whose name and description are that language's.
A lesson step in German says its task in German, and a wrong move's why in
German too (the engine's verdict is message ids the page formats).
German and Hungarian, the longest, hold the rules page's layout at 1280x800 and
360x640 (screenshots in ``$GAMUT_SHOTS`` or /tmp/gamut-i18n-shots).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from conftest import ROOT, wait_engine_ready
from pagekit import resize
from playwright.sync_api import expect

GAMES_DIR = ROOT / "web" / "games"
LOCALES = {"en": "en-US", "de": "de-DE", "fr": "fr-FR", "es": "es-ES", "hu": "hu-HU"}
SHOTS = Path(os.environ.get("GAMUT_SHOTS", "/tmp/gamut-i18n-shots"))


def catalog(lang: str) -> dict:
    return json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text())


def first_heading(lang: str, game: str) -> str:
    """The page's first section heading (<h4>) in ``lang``, as written."""
    text = (GAMES_DIR / game / f"rules.{lang}.html").read_text()
    return re.search(r"<h4>(.*?)</h4>", text).group(1)


def open_rules(new_context, site_url: str, lang: str, game: str, **kwargs):
    context = new_context(locale=LOCALES[lang], **kwargs)
    page = context.new_page()
    page.goto(site_url + f"#rules/{game}")
    page.wait_for_function(
        "g => { const p = document.getElementById('rules-page');"
        " return p && !p.hidden && p.dataset.game === g && p.dataset.diagrams === 'ready'; }",
        arg=game,
    )
    return page


@pytest.mark.parametrize("lang", ["de", "fr", "es", "hu"])
def test_a_rules_page_opens_in_the_language_with_its_diagrams_words(new_context, site_url, lang):
    game = {"de": "loa", "fr": "el", "es": "escabel", "hu": "evl"}[lang]
    page = open_rules(new_context, site_url, lang, game)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("#rules-page h4").first).to_have_text(first_heading(lang, game))
    expect(page.locator("#rules-back")).to_have_text(catalog(lang)["rules.back"])
    words = json.loads((GAMES_DIR / game / f"diagrams.{lang}.json").read_text())
    english = {d["id"]: d for d in json.loads((GAMES_DIR / game / "diagrams.json").read_text())["diagrams"]}
    for diagram_id, own in words["diagrams"].items():
        fig = page.locator(f"#diagram-{diagram_id}")
        expect(fig.locator("figcaption strong")).to_have_text(own["title"] + ".")
        label = fig.locator("svg.diagram-board").get_attribute("aria-label")
        assert label.startswith(own["alt"]), (diagram_id, label)
        assert english[diagram_id]["alt"] not in label
    assert page.title() == catalog(lang)["rules.pageTitle"].replace(
        "{game}", page.locator("#rules-page h3").inner_text()
    )
    manifest_of_the_language(page, site_url, lang)


@pytest.mark.parametrize("lang", ["de", "hu"])
def test_a_rules_page_holds_its_layout_in_german_and_hungarian(new_context, site_url, lang):
    page = open_rules(new_context, site_url, lang, "escabel", viewport={"width": 1280, "height": 800})
    for width, height in ((1280, 800), (360, 640)):  # (one page, resized)
        resize(page, width, height)
        overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"{lang} at {width}x{height}: {overflow} px wider than the window"
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"rules-escabel-{lang}-{width}x{height}.png"), full_page=True)


def test_the_page_links_the_manifest_of_its_language(new_context, site_url):
    """English's (the other languages' are checked on their rules pages, above)."""
    manifest_of_the_language(open_rules(new_context, site_url, "en", "loa"), site_url, "en")


def manifest_of_the_language(page, site_url: str, lang: str) -> None:
    """The page links the manifest of its language ``lang``, which says the games in it."""
    name = "manifest.webmanifest" if lang == "en" else f"manifest.{lang}.webmanifest"
    link = page.locator('link[rel="manifest"]')
    expect(link).to_have_attribute("href", name)
    manifest = page.evaluate("u => fetch(u).then(r => r.json())", site_url + name)
    games = "Lines of Action, EL, Escabel"
    assert manifest["lang"] == lang
    assert games in manifest["name"] and games in manifest["description"]
    wanted = catalog(lang)["manifest.description"].split("{games}")[0]
    assert manifest["description"].startswith(wanted)
    if lang == "en":
        assert set(manifest["name_localized"]) == {"de", "fr", "es", "hu"}
        assert manifest["description_localized"]["de"].startswith("Spiele Lines of Action, EL, Escabel")


@pytest.mark.parametrize("lang", ["de", "hu"])
def test_a_lesson_step_in_german_and_hungarian_says_its_task_and_a_wrong_moves_why(
    new_context, site_url, lang
):
    words = catalog(lang)
    context = new_context(locale=LOCALES[lang])
    for width, height in ((1280, 800), (360, 640)):
        page = context.new_page()
        page.set_viewport_size({"width": width, "height": height})
        page.goto(site_url + "#learn/loa")
        wait_engine_ready(page)
        page.wait_for_function("() => document.documentElement.dataset.lesson === 'play'")
        expect(page.locator("#lesson-title")).to_have_text(
            words["lesson.learn"].replace("{game}", "Lines of Action")
        )
        expect(page.locator("#lesson-task")).to_have_text(words["lesson.loa.moving.column.task"])
        page.locator('#lesson-board .hit[data-cell="d4"]').click()
        page.locator('#lesson-board .hit[data-cell="d2"]').click()
        page.wait_for_function("() => document.documentElement.dataset.lesson === 'wrong'")
        said = words["lesson.notQuite"].replace("{why}", words["lesson.loa.moving.column.wrong.0"])
        expect(page.locator("#lesson-status")).to_have_text(said)
        expect(page.locator("#lesson-retry")).to_have_text(words["lesson.tryAgain"])
        overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"{lang} at {width}x{height}: {overflow} px wider than the window"
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"lesson-loa-{lang}-{width}x{height}.png"))
        page.close()
