"""The engine's words in the player's language (issue #33, phase 2).

The engine says a move and a result as a message (an id and its arguments,
``gamut.messages``); the page formats it from the catalog of its language.
In German a whole game of Lines of Action is played by clicks against the
computer: every move, the player's and the computer's, is said in the live
region in German (the catalog's own words, no English), and so is the result
that ends the game; in French, Spanish and Hungarian its first moves are, and
the page's own words for an Undo after them ("Taken back: ..."); the game's
buttons speak each language (tests/js/i18n-engine.test.mjs formats every
message in every language).
"""

from __future__ import annotations

import json
import re

import pytest
from conftest import ROOT, wait_engine_ready
from pagekit import cell, wait_idle
from playwright.sync_api import expect

import gamut
from gamut.games.loa.board import count_groups

CATALOGS = {
    lang: json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    for lang in ("en", "de", "fr", "es", "hu")
}
LOCALES = {"de": "de-DE", "fr": "fr-FR", "es": "es-ES", "hu": "hu-HU"}
SEATS = ("seat.black", "seat.white")
MAX_PLIES = 160


def fill(lang: str, key: str, **args) -> str:
    """A catalog's message with plain arguments put in (messages without plural or select)."""
    return re.sub(r"\{(\w+)\}", lambda m: str(args[m.group(1)]), CATALOGS[lang][key])


def said_entries(page) -> list[str]:
    return page.locator("#said p").all_inner_texts()


def said_count(page) -> int:
    return int(page.evaluate("document.documentElement.dataset.said || '0'"))


def choose(state):
    """Black's move: a win if there is one, else the move leaving Black the
    fewest groups, nearest the centre (a plain policy that ends the game)."""
    best, key = None, None
    for move in state.legal_moves():
        after = state.play(move)
        outcome = after.outcome()
        if outcome is not None and outcome.winner == 0:
            return move
        spread = sum(abs(sq % 8 - 3.5) + abs(sq // 8 - 3.5) for sq in range(64) if after.black >> sq & 1)
        k = (count_groups(after.black), spread, state.move_text(move))
        if key is None or k < key:
            best, key = move, k
    return best


def move_words(lang: str, state, text: str) -> str:
    """The start of what the page says for ``text`` played in ``state``, from the catalog."""
    who = CATALOGS[lang][SEATS[state.to_move]]
    frm, to = re.split(r"[-x]", text)
    key = "move.loa.capture" if "x" in text else "move.loa.step"
    return fill(lang, key, who=who, **{"from": frm, "to": to})


# German plays a whole game to its result; the other languages the first
# moves only (#42: every message in every language is formatted by
# tests/js/i18n-engine.test.mjs; here the page's live region says them)
WHOLE_GAME = "de"
OPENING_PLIES = 6


@pytest.mark.parametrize("lang", ["de", "fr", "es", "hu"])
def test_a_game_against_the_computer_is_said_in_the_language(new_context, site_url, lang):
    page = new_context(locale=LOCALES[lang]).new_page()
    page.goto(site_url)
    wait_engine_ready(page)
    wait_idle(page)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    page.locator("#start-play").click()  # Lines of Action, Black against the computer
    wait_idle(page)
    # the seats in the language: the players panel and the status line
    expect(page.locator("#players .player-name").first).to_have_text(CATALOGS[lang]["seat.black"])
    expect(page.locator("#status")).to_contain_text(CATALOGS[lang]["seat.black"])
    groups_word = CATALOGS[lang]["move.loa.groups"].split("{")[0].strip()
    english = ("groups:", " wins", " takes ", " to ")
    state = gamut.new("loa")
    said: list[str] = []
    limit = MAX_PLIES if lang == WHOLE_GAME else OPENING_PLIES
    while state.outcome() is None and len(said) < limit:
        before = said_count(page)
        plies = page.locator("#moves .mv").count()
        move = choose(state)
        text = state.move_text(move)
        frm, to = re.split(r"[-x]", text)
        cell(page, frm).click()
        cell(page, to).click()
        expected = [move_words(lang, state, text)]
        state = state.play(move)
        if state.outcome() is None:  # the computer replies
            expect(page.locator("#moves .mv")).to_have_count(plies + 2, timeout=60_000)
            reply = page.locator("#moves .mv").last.inner_text().strip()
            expected.append(move_words(lang, state, reply))
            state = state.play_text(reply)
        page.wait_for_function(
            "n => Number(document.documentElement.dataset.said || 0) >= n", arg=before + len(expected)
        )
        wait_idle(page)
        now = said_entries(page)[-len(expected) :]
        for entry, words in zip(now, expected, strict=True):
            assert entry.startswith(words), (lang, entry, words)
            assert not any(w in entry for w in english), (lang, entry)
        said += now
        if len(said) == 2:  # the game's own buttons, once a move is played
            expect(page.locator("#resign")).to_contain_text(CATALOGS[lang]["game.resign"])
            expect(page.locator("#abort")).to_contain_text(CATALOGS[lang]["game.abort"])
    # every move said in the language, with its groups or its result
    assert any(groups_word in s for s in said), said
    if lang != WHOLE_GAME:
        # Undo: the page's own words for it (not the engine's) in the language too
        page.wait_for_function("document.documentElement.dataset.thinking === ''")
        before = said_count(page)
        page.locator("#undo").click()
        page.wait_for_function("n => Number(document.documentElement.dataset.said || 0) > n", arg=before)
        expect(page.locator("#said p").last).to_contain_text(
            CATALOGS[lang]["said.takenBack"].split("{moves}")[0].strip()
        )
        return
    outcome = state.outcome()
    assert outcome is not None, f"no end in {MAX_PLIES} plies"
    # the result, in the catalog's words for the engine's message
    message = outcome.message
    winner = CATALOGS[lang][SEATS[outcome.winner]] if outcome.winner is not None else ""
    result = fill(lang, message.id, winner=winner)
    assert said[-1].endswith(result + "."), (said[-1], result)
    expect(page.locator("#said p").last).to_contain_text(result)
    if outcome.winner is not None:  # the result box names the winner in the language
        expect(page.locator("#result strong")).to_have_text(fill(lang, "result.wins", name=winner))


@pytest.mark.parametrize("lang", ["de", "fr", "es", "hu"])
def test_an_illegal_move_is_explained_in_the_language(new_context, site_url, lang):
    """The engine's reason, typed in the move box or clicked on the board, in the page's language."""
    page = new_context(locale=LOCALES[lang]).new_page()
    page.goto(site_url)
    wait_engine_ready(page)
    wait_idle(page)
    page.locator("#start-play").click()  # Lines of Action, Black to move
    wait_idle(page)
    black = CATALOGS[lang]["seat.black"]
    # typed: an empty square
    page.keyboard.press("/")
    expect(page.locator("#move-input")).to_be_focused()
    page.keyboard.type("e4-e5")
    page.keyboard.press("Enter")
    expect(page.locator("#move-error")).to_have_text(fill(lang, "error.loa.empty", cell="e4", who=black))
    # clicked: a piece of the side not to move
    page.keyboard.press("Escape")
    cell(page, "a2").click()
    theirs = CATALOGS[lang]["error.loa.theirs"].split("{cell}")[1].split("{colour")[0]
    expect(page.locator("#explain")).to_contain_text("a2" + theirs)
    expect(page.locator("#explain")).to_contain_text(black)
