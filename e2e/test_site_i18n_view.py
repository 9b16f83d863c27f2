"""The view's words in the player's language (issue #33, docs/i18n.md "The
view's words"): in German and in Hungarian, an Escabel game (the pie rule's
swap button, the notes it brings) and a finished EL game show the seat names,
the counters, the buttons, the panel's subtitle (variant and option names and
values) and the result's detail in that language, not the engine's English.
Screenshots at 1280x800 and 360x640 (in ``$GAMUT_SHOTS`` or
/tmp/gamut-i18n-shots, for a person to look at); the longest words must not
widen the page.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from conftest import wait_engine_ready
from pagekit import cell, expect_played, next_frames, noted, open_hash, wait_idle
from playwright.sync_api import expect

LOCALES = {"de": "de-DE", "hu": "hu-HU"}
SHOTS = Path(os.environ.get("GAMUT_SHOTS", "/tmp/gamut-i18n-shots"))

ESCABEL_5 = "#v1/escabel/standard/size=5,pie=on/"
EL = "#v1/el/standard/first-two-equal=off,full-board=draw,declare-threats=off/"
# Red writes a1..f1 (1 to 6) and completes the first rank; Blue never blocks
EL_WON = EL + "a1=1,f6=1,b1=2,f5=6,c1=3,a6=2,d1=4,c6=4,e1=5,e6=3,f1=6"

WORDS = {
    "de": {
        "players": ["Spieler 1 (Schwarz)", "Spieler 2 (Weiß)"],
        "swapped": ["Spieler 1 (Weiß)", "Spieler 2 (Schwarz)"],
        "stacks": ["0 Stapel", "0 Stapel"],
        "oneStack": "1 Stapel",
        "subtitle": "Standard · Brettgröße: 5 · Kuchenregel: an",
        "swap": "Seiten tauschen",
        "maySwap": "Spieler 2 darf ziehen oder die Seiten tauschen (Kuchenregel)",
        "swapNote": "Die Seiten wurden getauscht: Spieler 1 spielt jetzt Weiß, Spieler 2 Schwarz.",
        "el": ["Rot", "Blau"],
        "numbers": ["6 Zahlen", "5 Zahlen"],
        "elSubtitle": "Standard · Erste zwei Zahlen gleich: aus · Volles Brett: Remis · Drohungen selbst ansagen: aus",
        "head": "Rot gewinnt",
        "detail": "f1=6 hat ein EL vollendet",
    },
    "hu": {
        "players": ["1. játékos (Fekete)", "2. játékos (Fehér)"],
        "swapped": ["1. játékos (Fehér)", "2. játékos (Fekete)"],
        "stacks": ["0 torony", "0 torony"],
        "oneStack": "1 torony",
        "subtitle": "Alap · Táblaméret: 5 · Tortaszabály: be",
        "swap": "Oldalcsere",
        "maySwap": "2. játékos léphet, vagy oldalt cserélhet (tortaszabály)",
        "swapNote": "A játékosok oldalt cseréltek: 1. játékos mostantól Fehér színnel játszik, 2. játékos Fekete színnel.",
        "el": ["Piros", "Kék"],
        "numbers": ["6 szám", "5 szám"],
        "elSubtitle": "Alap · Első két szám egyenlő: ki · Tele tábla: döntetlen · Fenyegetések saját bejelentése: ki",
        "head": "Piros nyert",
        "detail": "f1=6 teljesített egy EL-t",
    },
}

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 360, "height": 640}}


def open_in(new_context, site_url: str, lang: str, fragment: str):
    context = new_context(locale=LOCALES[lang], viewport=SIZES["desktop"])
    page = context.new_page()
    page.goto(site_url)
    wait_engine_ready(page)
    wait_idle(page)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    open_hash(page, fragment)
    return page


def names(page) -> list[str]:
    return page.locator("#players .player-name").all_text_contents()


def counters(page) -> list[str]:
    return page.locator("#players .counter").all_text_contents()


def shoot_both_sizes(page, name: str) -> None:
    """Screenshots at both sizes; at each, nothing wider than the window."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        next_frames(page)  # (laid out at the new size)
        page.screenshot(path=str(SHOTS / f"view-{name}-{size}.png"))
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"], (name, size, width)
    page.set_viewport_size(SIZES["desktop"])


@pytest.mark.parametrize("lang", ["de", "hu"])
def test_the_seats_counters_results_and_menus_in_the_language(new_context, site_url, lang):
    """What the view says, in German and in Hungarian, one page a language
    (each part opens its game by its link in the page)."""
    page = open_in(new_context, site_url, lang, ESCABEL_5)
    with noted(f"{lang}: Escabel's seats, counters, subtitle and swap button"):
        escabel_seats_counters_subtitle_and_the_swap_button(page, lang)
    with noted(f"{lang}: a finished EL game"):
        open_hash(page, EL_WON)
        a_finished_el_game_says_its_seats_counters_and_result_detail(page, lang)
    if lang == "hu":
        with noted("hu: the New game dialog"):
            open_hash(page, EL)
            the_new_game_dialog_describes_games_variants_and_options(page)
    with noted(f"{lang}: the player cards"):
        open_hash(page, EL)
        the_player_cards_show_every_level_name_and_the_counters_whole_in_their_title(page, lang)


def escabel_seats_counters_subtitle_and_the_swap_button(page, lang):
    words = WORDS[lang]
    assert names(page) == words["players"]
    assert counters(page) == words["stacks"]
    expect(page.locator("#subtitle")).to_have_text(words["subtitle"])
    cell(page, "c3").click()
    expect_played(page, 0, "c3")
    swap = page.locator('#actions button[data-move="swap"]')
    expect(swap).to_have_text(words["swap"])
    expect(page.locator("#status")).to_contain_text(words["maySwap"])
    expect(page.locator("#status")).not_to_contain_text("swap sides")
    assert counters(page)[0] == words["oneStack"]
    shoot_both_sizes(page, f"escabel-swap-{lang}")
    swap.click()
    expect_played(page, 1, "swap")
    assert names(page) == words["swapped"]
    expect(page.locator("#status")).to_contain_text(words["swapNote"])
    # the board's accessible names say the seat in the language too
    expect(cell(page, "c3")).to_have_attribute("aria-label", re.compile(re.escape(words["swapped"][1])))


def a_finished_el_game_says_its_seats_counters_and_result_detail(page, lang):
    words = WORDS[lang]
    assert names(page) == words["el"]
    assert counters(page) == words["numbers"]
    expect(page.locator("#subtitle")).to_have_text(words["elSubtitle"])
    result = page.locator("#result")
    expect(result.locator("strong")).to_have_text(words["head"])
    expect(result.locator("span")).to_have_text(words["detail"])
    expect(result).not_to_contain_text("completed")
    # the badge beside the words: the score, and the same words for a screen reader
    # (two players here: no rating line, and no stray "null" where it would be)
    badge = page.locator("#result-badge")
    expect(badge.locator(".result-score")).to_have_text("1\u20130")
    expect(badge).to_have_attribute("aria-label", re.compile(re.escape(words["detail"])))
    expect(badge.locator(".result-rating")).to_have_count(0)
    assert "null" not in badge.inner_text()
    assert "completed" not in badge.inner_text()
    label = badge.get_attribute("aria-label")
    assert label.count(words["head"]) == 1, label  # (said once, not "head: head: ...")
    shoot_both_sizes(page, f"el-won-{lang}")


def the_new_game_dialog_describes_games_variants_and_options(page):
    # (#33) the lines under each game, variant and option come from the
    # catalogs, as do the variant's and the options' names and values
    page.locator("#new-game").click()
    dialog = page.locator("#new-dialog")
    expect(dialog).to_be_visible()
    el = dialog.locator(".game-option", has=page.locator('input[value="el"]'))
    expect(el.locator(".about")).to_contain_text("Írj számokat")
    expect(page.locator("#new-variant-about")).to_contain_text("os tábla, 1-6 számok")
    expect(page.locator('#new-variant option[value="eight"]')).to_have_text("Nyolcas")
    field = page.locator('#new-options [data-field="full-board"]')
    expect(field.locator(".about")).to_contain_text("tele tábla")
    expect(field.locator('option[value="draw"]')).to_have_text("döntetlen")
    assert "Write numbers" not in dialog.inner_text()
    dialog.locator('button[value="cancel"]').click()
    expect(dialog).to_be_hidden()


# The selected option's text and the room the select gives it (its width but
# the paddings and the arrow's 18 px): a level's name must fit
SELECT_FITS = """sel => {
    const style = getComputedStyle(sel);
    const probe = document.createElement('span');
    probe.style.font = style.font;
    probe.style.position = 'absolute';
    probe.style.whiteSpace = 'pre';
    probe.textContent = sel.options[sel.selectedIndex].text;
    document.body.append(probe);
    const text = probe.getBoundingClientRect().width;
    probe.remove();
    const room = sel.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 18;
    return [probe.textContent, text, room];
}"""


def the_player_cards_show_every_level_name_and_the_counters_whole_in_their_title(page, lang):
    """Every level's name shows whole in the seat menu at 1280x800; the
    counters, cut with an ellipsis where a card is too narrow for them (EVL's
    two), say their whole text in their title."""
    select = page.locator('#players select.seat-kind[data-seat="1"]')
    levels = select.locator("option[value^='c']")
    assert levels.count() >= 8, "the ladder is offered"
    for i in range(levels.count()):
        select.select_option(levels.nth(i).get_attribute("value"))
        name, text, room = select.evaluate(SELECT_FITS)
        assert text <= room, f"{lang}: the level {name!r} is cut ({text:.0f} px in {room:.0f})"
    for game in ("#v1/evl/standard/-/", EL, "#v1/loa/standard/-/", ESCABEL_5):
        open_hash(page, game)
        for counter in page.locator("#players .counter").all():
            assert counter.get_attribute("title") == counter.inner_text(), f"{lang} {game}"
