""" "Your games" and the page's own errors in the player's language (issue #33).

The browser here speaks American English and the player chose another
language (the stored choice, or the settings' select), so a word, a date or
a number that follows the browser instead of the choice shows as English
and fails.  In German and Hungarian the library with a few imported games
shows its counts, filters, rows (moves, "today"'s hour, an older game's
date) and storage line in that language, and keeps it after a reload; in
German, French, Spanish and Hungarian a broken link and a record that
cannot be imported are said in the language too.  Screenshots of the
library and of an error at 1280x800 and 360x640 go to ``$GAMUT_SHOTS`` or
/tmp/gamut-i18n-shots, for a person to look at; nothing may overflow.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
import test_site_i18n as base
from conftest import ROOT, wait_engine_ready
from pagekit import library_entries, wait_idle
from playwright.sync_api import expect

CATALOGS = {
    lang: json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text())
    for lang in ("en", "de", "fr", "es", "hu")
}
SHOTS = Path(os.environ.get("GAMUT_SHOTS", "/tmp/gamut-i18n-shots"))
SIZES = {"1280x800": (1280, 800), "360x640": (360, 640)}
MARCH_14_2025 = 1741953600000  # 2025-03-14 12:00 UTC, in ms


def words(lang: str, key: str) -> str:
    return CATALOGS[lang][key]


def before_placeholder(lang: str, key: str) -> str:
    """A message's text up to its first placeholder (the part that is words only)."""
    return words(lang, key).split("{")[0].strip()


def records(n: int, bad: bool = False) -> str:
    """``n`` one-move Lines of Action games; with ``bad``, one more with an illegal move."""
    games = [f'[Game "loa"]\n[Name "Partie {i + 1}"]\n[Result "*"]\n\n1. d1-b3 h5-g4 *\n' for i in range(n)]
    if bad:
        games.append('[Game "loa"]\n[Name "Broken"]\n[Result "*"]\n\n1. d1-b3 h5-h5 *\n')
    return "\n".join(games)


def open_chosen(new_context, site_url: str, lang: str, size=(1280, 800), fragment: str = ""):
    """A page whose browser speaks en-US and whose player chose ``lang`` (stored)."""
    width, height = size
    context = new_context(locale="en-US", viewport={"width": width, "height": height})
    context.add_init_script(f"try {{ localStorage.setItem('gamut.lang', '{lang}') }} catch {{}}")
    page = context.new_page()
    page.goto(site_url + fragment)
    wait_engine_ready(page)
    wait_idle(page)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    return page


def open_games(page) -> None:
    page.click("#open-games")
    expect(page.locator("#games-dialog")).to_be_visible()
    page.wait_for_function("document.querySelectorAll('#games-list li').length > 0")


def import_records(page, tmp_path, text: str) -> None:
    path = tmp_path / "games.gamut.txt"
    path.write_text(text, encoding="utf-8")
    page.set_input_files("#import-file", str(path))


def age_first_entry(page) -> None:
    """Make the library's first entry last played on 14 March 2025."""
    page.evaluate(
        """ms => new Promise((ok, fail) => {
          const req = indexedDB.open('gamut');
          req.onerror = () => fail(req.error);
          req.onsuccess = () => {
            const tx = req.result.transaction('games', 'readwrite');
            const store = tx.objectStore('games');
            const q = store.getAll();
            q.onsuccess = () => {
              const entry = q.result.sort((a, b) => a.updated - b.updated)[0];
              entry.updated = ms;
              store.put(entry);
            };
            tx.oncomplete = () => ok();
            tx.onerror = () => fail(tx.error);
          };
        })""",
        MARCH_14_2025,
    )


def formatted(page, lang: str, ms: int, options: dict) -> str:
    """A time as Intl writes it in ``lang`` (what the page must show)."""
    return page.evaluate(
        "([lang, ms, options]) => new Intl.DateTimeFormat(lang, options).format(ms)", [lang, ms, options]
    )


def cut_off(page) -> list[str]:
    """The buttons of the list's rows that stick out of their row (a row too
    narrow for its buttons' words pushes the first ones off its left edge)."""
    return page.evaluate(
        """() => [...document.querySelectorAll('#games-list .game-row button')].filter(b => {
          const row = b.closest('.game-row').getBoundingClientRect();
          const r = b.getBoundingClientRect();
          return r.width > 0 && (r.left < row.left - 1 || r.right > row.right + 1);
        }).map(b => b.textContent)"""
    )


def expect_library_in(page, lang: str, games: int) -> None:
    """The open "Your games" speaks ``lang``: counts, filters, search, rows, dates, storage."""
    expect(page.locator("#games-count")).to_have_text(
        words(lang, "library.count").split("other {")[1].replace("# ", f"{games} ").rstrip("}")
    )
    expect(page.locator("#games-result option")).to_have_text(
        [words(lang, f"library.result.{k}") for k in ("any", "finished", "playing", "damaged")]
    )
    expect(page.locator("#games-date option").first).to_have_text(words(lang, "library.date.any"))
    expect(page.locator("#games-filter option").first).to_have_text(words(lang, "library.allGames"))
    expect(page.locator("#games-search")).to_have_attribute(
        "placeholder", words(lang, "library.search.placeholder")
    )
    expect(page.locator("#games-result")).to_have_attribute(
        "aria-label", words(lang, "library.filter.result")
    )
    expect(page.locator("#games-storage")).to_contain_text(before_placeholder(lang, "library.storage"))
    rows = page.locator("#games-list .game-row")
    expect(rows).to_have_count(games)
    one_move = words(lang, "library.moves").split("one {")[1].split("}")[0].replace("#", "1")
    # (one move each: the record's first move; the second, h5-g4, makes two)
    two_moves = words(lang, "library.moves").split("other {")[1].split("}")[0].replace("#", "2")
    assert one_move != two_moves
    expect(rows.first.locator(".game-meta")).to_contain_text(two_moves)
    expect(rows.first.locator('[data-act="open"]')).to_have_text(words(lang, "library.open"))
    expect(rows.first.locator('[data-act="rename"]')).to_have_text(words(lang, "library.rename"))
    expect(rows.first.locator('[data-act="delete"]')).to_have_text(words(lang, "library.delete"))
    # the oldest game: its date, as the language writes it (not as the en-US browser would)
    old = formatted(page, lang, MARCH_14_2025, {"year": "numeric", "month": "short", "day": "numeric"})
    american = formatted(
        page, "en-US", MARCH_14_2025, {"year": "numeric", "month": "short", "day": "numeric"}
    )
    assert old != american
    expect(rows.last.locator(".game-meta")).to_contain_text(old)


@pytest.mark.parametrize("size", list(SIZES), ids=list(SIZES))
@pytest.mark.parametrize("lang", ["de", "hu"])
def test_your_games_in_german_and_hungarian(new_context, site_url, tmp_path, lang, size):
    page = open_chosen(new_context, site_url, lang, SIZES[size])
    open_games(page)
    import_records(page, tmp_path, records(3))
    done = words(lang, "library.import.done").split("other {")[1].rsplit("}", 2)[0].replace("#", "3")
    expect(page.locator("#import-summary")).to_have_text(done, timeout=60_000)
    age_first_entry(page)
    page.keyboard.press("Escape")
    expect(page.locator("#games-dialog")).to_be_hidden()
    open_games(page)
    expect_library_in(page, lang, 3)
    # today's game shows its hour, in the language's own way
    assert "AM" not in page.locator("#games-list .game-row").first.inner_text()
    assert "PM" not in page.locator("#games-list .game-row").first.inner_text()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{lang}-{size}-library.png"))
    assert base.overflowing(page) == []
    assert cut_off(page) == []
    # the search field shows its placeholder whole
    assert page.evaluate(
        """() => {
            const field = document.querySelector('#games-search');
            const s = getComputedStyle(field);
            const pen = document.createElement('canvas').getContext('2d');
            pen.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
            const room = field.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
            return pen.measureText(field.placeholder).width <= room + 1;
        }"""
    ), "the search field cuts its placeholder"
    # a filter that shows some: "1 of 3" in the language, and the delete button's words
    page.locator("#games-date").select_option("older")
    shown = words(lang, "library.countShown").replace("{shown, number}", "1").replace("{total, number}", "3")
    expect(page.locator("#games-count")).to_have_text(shown)
    expect(page.locator("#games-delete-shown")).to_have_text(
        words(lang, "library.deleteShown").split("one {")[1].split("}")[0]
    )
    page.locator("#games-date").select_option("")
    # the choice survives a reload
    page.reload()
    wait_engine_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    open_games(page)
    expect_library_in(page, lang, 3)


@pytest.mark.parametrize("lang", ["de", "fr", "es", "hu"])
def test_the_pages_own_errors_in_each_language(new_context, site_url, tmp_path, lang):
    # a link that views a move its game has not: the page's message and the link's fault
    page = open_chosen(new_context, site_url, lang, fragment="#v1/loa/standard/-/b1-d3@7")
    notice = page.locator("#notice")
    expect(notice).to_contain_text(before_placeholder(lang, "open.linkProblem"))
    expect(notice).to_contain_text(before_placeholder(lang, "link.error.viewedBeyond"))
    expect(notice).not_to_contain_text("could not be opened")
    if lang in ("de", "hu"):
        SHOTS.mkdir(parents=True, exist_ok=True)
        for size, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            page.screenshot(path=str(SHOTS / f"{lang}-{size}-link-error.png"))
            assert base.overflowing(page) == []
    page.click("#notice-close")
    # a file with a record that cannot be imported: the import's own words
    page.set_viewport_size({"width": 1280, "height": 800})
    open_games(page)
    import_records(page, tmp_path, records(2, bad=True))
    summary = page.locator("#import-summary")
    expect(summary).to_contain_text(
        words(lang, "library.import.doneFailed").split("other {")[1].split("}")[0].replace("#", "2"),
        timeout=60_000,
    )
    failed = words(lang, "library.import.doneFailed").split("{failed, plural, one {")[1].split("}")[0]
    expect(summary).to_contain_text(failed.replace("#", "1"))
    expect(summary).not_to_contain_text("could not be imported")
    # why the broken game could not be read: the engine's reason, in the language (#33)
    expect(summary).to_contain_text(
        words(lang, "error.loa.nowhere").replace("{from}", "h5").replace("{to}", "h5")
    )
    expect(summary).not_to_contain_text("goes nowhere")
    if lang in ("de", "hu"):
        for size, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            summary.scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / f"{lang}-{size}-import-error.png"))
            assert base.overflowing(page) == []
            assert cut_off(page) == []


def stored_players(page) -> dict:
    """Each stored entry's summary's seats, by its name."""
    return {e["name"]: e["summary"]["players"] for e in library_entries(page)}


def store_old_seats(page, name: str) -> None:
    """Make entry ``name``'s summary name its seats as versions before #43
    stored them: the engine's English names."""
    page.evaluate(
        """name => new Promise((ok, fail) => {
          const req = indexedDB.open('gamut');
          req.onerror = () => fail(req.error);
          req.onsuccess = () => {
            const tx = req.result.transaction('games', 'readwrite');
            const store = tx.objectStore('games');
            const q = store.getAll();
            q.onsuccess = () => {
              const entry = q.result.find(e => e.name === name);
              entry.summary.players = [{name: 'Black', seat: 'h'}, {name: 'White', seat: 'h'}];
              store.put(entry);
            };
            tx.oncomplete = () => ok();
            tx.onerror = () => fail(tx.error);
          };
        })""",
        name,
    )


def test_seats_said_in_the_language_and_found_in_it_and_in_english(new_context, site_url, tmp_path):
    # (#43: a summary keeps each seat's message, not the engine's English; an
    # earlier version's summary, with English names, still reads in German)
    page = open_chosen(new_context, site_url, "de")
    open_games(page)
    import_records(page, tmp_path, records(2))
    expect(page.locator("#import-summary")).to_contain_text("2", timeout=60_000)
    stored = stored_players(page)
    black = {"said": {"id": "seat.black", "args": {}}, "seat": "h"}
    assert stored["Partie 1"][0] == black and stored["Partie 2"][0] == black, stored
    assert "Black" not in json.dumps(stored)
    store_old_seats(page, "Partie 1")
    page.keyboard.press("Escape")
    page.reload()
    wait_engine_ready(page)
    open_games(page)
    rows = page.locator("#games-list .game-row")
    expect(rows).to_have_count(2)
    for i in range(2):
        expect(rows.nth(i).locator(".game-meta")).to_contain_text("Schwarz \u2013 Weiß")
        expect(rows.nth(i).locator(".game-meta")).not_to_contain_text("Black")
    english = "() => performance.getEntriesByType('resource').filter(r => r.name.endsWith('/en.json')).length"
    assert page.evaluate(english) == 0  # (a German page loads English's words only to search in them)
    for text, shown in (
        ("schwarz", 2),
        ("WHITE", 2),
        ("weiß", 2),
        ("seat", 0),
        ("black weiß", 2),
        ("rot", 0),
    ):
        page.fill("#games-search", text)
        expect(rows).to_have_count(shown)
    assert page.evaluate(english) == 1
    page.fill("#games-search", "")
    expect(rows).to_have_count(2)
    # (the old entry is read, never lost nor changed by the reading)
    assert stored_players(page)["Partie 1"] == [
        {"name": "Black", "seat": "h"},
        {"name": "White", "seat": "h"},
    ]
