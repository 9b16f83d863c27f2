"""Offline in the player's language, and a first visit that downloads only
that language (issues #32 and #33).

The service worker caches the files every visitor needs and the files of
the language the page shows (English's only for a page in English) (sw.js,
``LANGUAGE_FILES``: its catalog, its rules pages, its manifest), not those of
every language.  A German visitor then plays and reads the rules in German
with no network, and has not downloaded the French, Spanish or Hungarian
files; a player who chooses another language in the settings gets that
language's files kept as well."""

from __future__ import annotations

import pytest
from conftest import wait_engine_ready
from pagekit import wait_controlled
from playwright.sync_api import expect

# new contexts, not lent by the pool: the service worker's install (a first visit's offline copy)
pytestmark = pytest.mark.fresh

CACHED = """async () => {
    const keys = await caches.keys();
    const name = keys.find((k) => /^gamut-[0-9a-f]+$/.test(k));
    if (!name) return [];
    const cache = await caches.open(name);
    return (await cache.keys()).map((r) => new URL(r.url).pathname);
}"""


def language_files(page) -> dict[str, set[str]]:
    """The language files cached, by language: {code: {kind, ...}}."""
    out: dict[str, set[str]] = {}
    for path in page.evaluate(CACHED):
        for code in ("en", "de", "fr", "es", "hu"):
            if path.endswith(f"/i18n/{code}.json"):
                out.setdefault(code, set()).add("catalog")
            elif path.endswith(f"/rules.{code}.json"):
                out.setdefault(code, set()).add("rules")
            elif path.endswith(f"/manifest.{code}.webmanifest"):
                out.setdefault(code, set()).add("manifest")
    return out


def controlled(page) -> None:
    """Wait until the service worker has installed and controls the page (a
    first visit is not controlled: reload once it is active)."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    if not page.evaluate("navigator.serviceWorker.controller !== null"):
        page.reload()
        wait_engine_ready(page)
    wait_controlled(page, 60_000)


def test_a_german_visitor_plays_and_reads_the_rules_offline_without_the_other_languages(
    new_context, site_url
):
    context = new_context(locale="de-DE")
    page = context.new_page()
    page.goto(site_url)
    wait_engine_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    controlled(page)
    page.wait_for_function(
        f"async () => {{ const c = await ({CACHED})(); return c.some(p => p.endsWith('/rules.de.json'))"
        " && c.some(p => p.endsWith('/i18n/de.json')) && c.some(p => p.endsWith('/manifest.de.webmanifest')); }",
        timeout=60_000,
    )
    cached = language_files(page)
    assert cached["de"] == {"catalog", "rules", "manifest"}
    # the others are not downloaded, English's neither: a page in German never needs it
    assert not {"en", "fr", "es", "hu"} & set(cached), cached
    context.set_offline(True)
    try:
        response = page.reload()
        assert response is not None and response.from_service_worker
        wait_engine_ready(page)
        expect(page.locator("html")).to_have_attribute("lang", "de")
        expect(page.locator(".top .rules-menu summary")).to_have_text("Regeln")
        page.goto(site_url + "#rules/loa")
        page.wait_for_function(
            "() => { const p = document.getElementById('rules-page');"
            " return p && !p.hidden && p.dataset.diagrams === 'ready'; }"
        )
        expect(page.locator("#rules-page h4").first).to_have_text("Ziehen")
    finally:
        context.set_offline(False)


def test_a_language_chosen_in_the_settings_is_kept_for_offline_use(new_context, site_url):
    context = new_context(locale="en-US")
    page = context.new_page()
    page.goto(site_url)
    wait_engine_ready(page)
    controlled(page)
    assert set(language_files(page)) == {"en"}  # an English visitor downloads no other language
    # the player chooses Hungarian (stored, then the page reloads in it)
    page.evaluate("localStorage.setItem('gamut.lang', 'hu')")
    page.reload()
    wait_engine_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "hu")
    page.wait_for_function(
        f"async () => {{ const c = await ({CACHED})(); return c.some(p => p.endsWith('/rules.hu.json')); }}",
        timeout=60_000,
    )
    assert language_files(page)["hu"] == {"catalog", "rules", "manifest"}
    assert not {"de", "fr", "es"} & set(language_files(page))
    context.set_offline(True)
    try:
        page.reload()
        wait_engine_ready(page)
        expect(page.locator("html")).to_have_attribute("lang", "hu")
        expect(page.locator(".top .rules-menu summary")).to_have_text("Szabályok")
    finally:
        context.set_offline(False)
