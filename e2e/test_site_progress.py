"""Your progress (#progress, issue #31) in Chromium: a finished game against
the computer changes the page (the games, the results per level, the
rating) and the suggested level, and is counted once however often its
end is seen again (a reload); the end's badge says the new rating; Export
downloads every result; Reset asks once, per game or all; garbage in the
storage is said, not fatal.

The levels' ratings are the engine's (the bridge method ``levels``): the
tests read them here through the bridge and assume nothing of their number
or values but that at least two levels are measured in Lines of Action.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from conftest import wait_engine_ready
from pagekit import cell, kept, saved, wait_idle, wait_kept
from playwright.sync_api import expect

from gamut import bridge
from gamut.ai import LEVELS

KEY = "gamut.progress"
DAY_MS = 86_400_000


def ladder(game: str = "loa") -> list[dict]:
    """The measured levels of ``game``, weakest first, each with ``name``, its
    English name as the page says it (the catalog's ``level.<id>``, the
    engine's level label: the bridge sends ids, no words, #43)."""
    levels = [lv for lv in bridge.call("levels", {"game": game})["levels"] if lv["rating"] is not None]
    return sorted(({**lv, "name": LEVELS[lv["id"]].label} for lv in levels), key=lambda lv: lv["rating"])


def results(game: str, level: str, scores: list[float], start: int = 0) -> list[dict]:
    """Finished games against ``level``, a day apart, long ago."""
    return [
        {
            "id": f"seed-{game}-{start + i}",
            "game": game,
            "variant": "standard",
            "level": level,
            "score": s,
            "termination": "rules",
            "at": 1_700_000_000_000 + (start + i) * DAY_MS,
        }
        for i, s in enumerate(scores)
    ]


def seeded(new_context, stored: str, **kwargs):
    """A context whose first page finds ``stored`` in the progress key (written once, before the page's scripts)."""
    context = new_context(**kwargs)
    context.add_init_script(
        "try { if (!sessionStorage.getItem('progress-seeded')) {"
        f"  localStorage.setItem({json.dumps(KEY)}, {json.dumps(stored)});"
        "  sessionStorage.setItem('progress-seeded', '1');"
        "} } catch { /* (a frame without storage: not the page) */ }"
    )
    return context


def open_progress(page, site_url: str) -> None:
    page.goto(site_url + "#progress")
    wait_engine_ready(page)
    expect(page.locator("#progress-page")).to_be_visible()
    expect(page.locator("#progress-page")).to_have_attribute("data-state", "ready")


def card(page, game: str = "loa"):
    return page.locator(f'.progress-card[data-game="{game}"]')


def counts(page, level: str, game: str = "loa") -> tuple[int, int, int]:
    row = card(page, game).locator(f'.progress-table tr[data-level="{level}"] td')
    return tuple(int(row.nth(i).inner_text()) for i in (1, 2, 3))


def rating(page, game: str = "loa") -> int:
    return int(card(page, game).locator(".progress-number").inner_text())


def stored_results(page, test: str = "") -> list[dict]:
    """The results kept in IndexedDB (once ``test``, a JavaScript function of them, holds: the writes are async)."""
    if test:
        return wait_kept(page, "progress", f"v => !!v && ({test})(v.results)")["results"]
    return (kept(page, "progress") or {"results": []})["results"]


def test_a_finished_game_against_the_computer_changes_the_page_and_the_suggested_level(new_context, site_url):
    levels = ladder("loa")
    assert len(levels) >= 2, levels
    weakest, next_up = levels[0], levels[1]
    # an even score against the weakest level (the estimate sits on its rating)
    # ending in three wins in a row: the level above it is suggested
    seed = results("loa", weakest["id"], [0, 0, 0, 1, 1, 1])
    page = seeded(new_context, json.dumps({"version": 1, "results": seed, "dropped": []})).new_page()
    open_progress(page, site_url)
    loa = card(page)
    expect(loa.locator(".progress-rating")).to_contain_text("6 games")
    expect(loa.locator(".progress-level")).to_have_text(next_up["name"])
    assert counts(page, weakest["id"]) == (3, 0, 3)
    expect(loa.locator(".progress-chart")).to_be_visible()
    expect(loa.locator(".progress-chart .chart-dots circle")).to_have_count(6)
    before = rating(page)
    assert abs(before - weakest["rating"]) <= 1, before

    # "Play it": a new game against that level, the page gives way to it
    loa.locator(".progress-play").click()
    expect(page.locator("#progress-page")).to_be_hidden()
    expect(page.locator("main.layout")).to_be_visible()
    page.wait_for_function(
        "level => (location.hash.match(/players=([^/]*)/) || [])[1] === `h,c:${level}`", arg=next_up["id"]
    )
    wait_idle(page)
    cell(page, "b1").click()
    cell(page, "d3").click()
    expect(page.locator("#moves .mv")).to_have_count(2, timeout=60_000)  # (the computer's reply)
    wait_idle(page)
    page.click("#resign")
    page.click("#confirm-yes")
    expect(page.locator("#result")).to_contain_text("resigned")

    # the end's badge says the new rating; the header's menu leads to the page
    badge = page.locator("#result-badge")
    expect(badge).to_have_attribute(
        "aria-label", re.compile(r"Your rating in Lines of Action: \d+ ± \d+ \(\u2212\d+\)$")
    )
    expect(badge.locator(".result-rating")).to_have_text(re.compile(r"^Your rating \d+ \u2212\d+$"))
    page.click(".puzzles-menu summary")
    page.click('#puzzles-menu-list a[href="#progress"]')
    expect(page.locator("#progress-page")).to_be_visible()
    expect(loa.locator(".progress-rating")).to_contain_text("7 games")
    assert counts(page, next_up["id"]) == (0, 0, 1)
    assert rating(page) < before
    expect(loa.locator(".progress-change")).to_have_text(re.compile(r"^ \u2212\d+$"))
    # the streak is over and the estimate under the weakest level: the weakest again
    expect(loa.locator(".progress-level")).to_have_text(weakest["name"])
    expect(loa.locator(".progress-chart .chart-dots circle")).to_have_count(7)
    games = stored_results(page, "rs => rs.length === 7")
    assert len(games) == 7 and games[-1]["level"] == next_up["id"] and games[-1]["score"] == 0
    assert games[-1]["termination"] == "resignation"

    # back to the game and a reload: the end is seen again, the game is not counted again
    page.click("#progress-back")
    expect(page.locator("#progress-page")).to_be_hidden()
    expect(page.locator("#result")).to_contain_text("resigned")
    saved(page)  # (the game written to the library)
    page.reload()
    wait_engine_ready(page)
    wait_idle(page)
    expect(page.locator("#result")).to_contain_text("resigned")
    expect(page.locator("#result-badge .result-rating")).to_be_visible()
    assert len(stored_results(page)) == 7


def test_export_and_reset_asked_once_per_game_or_all(new_context, site_url, tmp_path):
    loa, evl = ladder("loa")[0], ladder("evl")[0]
    seed = results("loa", loa["id"], [1, 0.5]) + results("evl", evl["id"], [0], start=5)
    context = seeded(
        new_context, json.dumps({"version": 1, "results": seed, "dropped": []}), accept_downloads=True
    )
    page = context.new_page()
    open_progress(page, site_url)
    expect(card(page, "el").locator(".progress-rating")).to_have_text("No games against the computer yet.")

    with page.expect_download() as download:
        page.click("#progress-export")
    assert download.value.suggested_filename.startswith("gamut-progress-")
    exported = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert exported["results"] == sorted(seed, key=lambda r: r["at"])

    # a game's Reset asks once: Keep changes nothing, Reset forgets that game only
    page.click("#progress-reset-loa")
    expect(card(page, "loa")).to_contain_text("Forget 2 games of Lines of Action?")
    page.click("#progress-reset-loa-no")
    expect(card(page, "loa").locator(".progress-rating")).to_contain_text("2 games")
    page.click("#progress-reset-loa")
    page.click("#progress-reset-loa-yes")
    expect(card(page, "loa").locator(".progress-rating")).to_have_text("No games against the computer yet.")
    expect(card(page, "evl").locator(".progress-rating")).to_contain_text("1 game")
    assert [r["game"] for r in stored_results(page, "rs => rs.length === 1")] == ["evl"]

    # Reset all, and the page after a reload says the same
    page.click("#progress-reset-all")
    expect(page.locator("#progress-page")).to_contain_text("Forget all your progress (1 game)?")
    page.click("#progress-reset-all-yes")
    expect(card(page, "evl").locator(".progress-rating")).to_have_text("No games against the computer yet.")
    expect(page.locator("#progress-export")).to_be_disabled()
    stored_results(page, "rs => rs.length === 0")  # (written before the reload)
    page.reload()
    wait_engine_ready(page)
    open_progress(page, site_url)
    expect(card(page, "evl").locator(".progress-rating")).to_have_text("No games against the computer yet.")
    assert stored_results(page) == []


def test_garbage_stored_is_said_and_the_page_works_from_the_header(new_context, site_url):
    page = seeded(new_context, "{this is not json").new_page()
    page.goto(site_url)
    wait_engine_ready(page)
    page.click(".puzzles-menu summary")
    page.click('#puzzles-menu-list a[href="#progress"]')
    expect(page.locator("#progress-page")).to_have_attribute("data-state", "ready")
    expect(page.locator("#progress-storage")).to_contain_text("could not be read")
    expect(card(page).locator(".progress-rating")).to_have_text("No games against the computer yet.")
    assert wait_kept(page, "progress", "v => v !== null", key="damaged") == "{this is not json"
    page.click("#progress-back")
    expect(page.locator("#progress-page")).to_be_hidden()
    expect(page.locator("main.layout")).to_be_visible()


def test_a_full_disk_is_said_once_and_the_game_still_counts_in_this_tab(new_context, site_url):
    context = new_context()
    context.add_init_script(
        "try { const put = IDBObjectStore.prototype.put;"
        "  IDBObjectStore.prototype.put = function (...args) {"
        "    if (this.name === 'progress') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');"
        "    return put.apply(this, args); };"
        "} catch { /* (a frame without storage) */ }"
    )
    page = context.new_page()
    page.goto(site_url + "#v1/loa/standard/double-connection=mover/b1-d3,a5-c5/players=h,c:beginner")
    wait_engine_ready(page)
    wait_idle(page)
    page.click("#resign")
    page.click("#confirm-yes")
    expect(page.locator("#result")).to_contain_text("resigned")
    expect(page.locator("#notice-text")).to_contain_text("could not be saved")
    expect(page.locator("#result-badge .result-rating")).to_be_visible()  # (kept in this tab's memory)
    page.evaluate("location.hash = '#progress'")
    expect(page.locator("#progress-page")).to_have_attribute("data-state", "ready")
    expect(card(page).locator(".progress-rating")).to_contain_text("1 game")
    expect(page.locator("#progress-storage")).to_contain_text("could not be saved")
    assert kept(page, "progress") is None


def test_a_game_opened_already_over_is_not_counted(new_context, site_url):
    """A link to a game against the computer that ended elsewhere (or an old game opened) was not played here now."""
    page = new_context().new_page()
    page.goto(
        site_url
        + "#v1/loa/standard/double-connection=mover/b1-d3,a5-c5/players=h,c:beginner/end=resignation:0-1"
    )
    wait_engine_ready(page)
    wait_idle(page)
    expect(page.locator("#result")).to_contain_text("resigned")
    expect(page.locator("#result-badge")).to_be_visible()
    expect(page.locator("#result-badge .result-rating")).to_have_count(0)
    page.evaluate("location.hash = '#progress'")
    expect(page.locator("#progress-page")).to_have_attribute("data-state", "ready")
    expect(card(page).locator(".progress-rating")).to_have_text("No games against the computer yet.")
    assert kept(page, "progress") is None
