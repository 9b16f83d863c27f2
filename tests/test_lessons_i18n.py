"""The lessons in the page's languages (issue #33): the engine's lessons
keep their English (each game's lessons.json, read by the tests and the command line),
and every text has the same words in English's catalog (web/i18n/en.json)
under ``lesson.<game>.<lesson>.title`` and ``lesson.<game>.<lesson>.<step>.<field>``,
so the page can show it in any language; ``lesson_check`` says its why as
those ids, or as the checker's own ``lesson.why.*`` messages with their
arguments, every one in the catalogs with the placeholders it is given."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from gamut import bridge
from gamut.games import SHIPPED_GAMES
from gamut.lessons.lesson import WHY, check, english, lessons_of, reason
from tools.english_catalog import lesson_texts

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = {
    lang: json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text())
    for lang in ("en", "de", "fr", "es", "hu")
}
GAMES = SHIPPED_GAMES


def placeholders(message: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", message))


def step_texts(game: str):
    """Every text of ``game``'s lessons by its catalog key (the keys en.json is written with)."""
    return lesson_texts(game).items()


@pytest.mark.parametrize("game", GAMES)
def test_every_lesson_text_is_in_every_catalog_and_english_is_the_engines(game):
    texts = list(step_texts(game))
    assert len(texts) > 10
    for key, text in texts:
        assert CATALOGS["en"].get(key) == text, f"{key}: run python3 -m tools.english_catalog"
        for lang, catalog in CATALOGS.items():
            assert catalog.get(key, "").strip(), f"{lang} lacks {key}"
            assert placeholders(catalog[key]) == placeholders(text), (lang, key)
            if lang != "en" and len(text) > 12:
                assert catalog[key] != text, f"{lang} {key} is English's"


def one_sentence(text: str) -> bool:
    """Words ending in a full stop, with no sentence ending before it."""
    text = text.strip()
    return len(text) > 20 and text.endswith(".") and not re.search(r"[.!?]\s+\S", text[:-1])


@pytest.mark.parametrize("game", GAMES)
def test_every_step_opens_with_its_teaching_sentence_in_every_language(game):
    """Issue #41, defect 18: every step of every lesson has one sentence
    that says what it teaches (``teach``, shown before the task), in
    lessons.json and in every catalog, under the ids the bridge's ``lessons``
    gives (which sends no English of it: #43)."""
    answered = {
        (lesson["id"], step["id"]): step
        for lesson in bridge.call("lessons", {"game": game})["lessons"]
        for step in lesson["steps"]
    }
    steps = [(lesson, step) for lesson in lessons_of(game) for step in lesson.steps]
    assert len(steps) >= 8
    for lesson, step in steps:
        key = f"lesson.{game}.{lesson.id}.{step.id}.teach"
        assert one_sentence(step.teach), (key, step.teach)
        assert step.teach not in (step.task, step.well), f"{key} teaches, it does not repeat"
        assert "teach" not in answered[(lesson.id, step.id)], key
        assert CATALOGS["en"][key] == step.teach
        for lang, catalog in CATALOGS.items():
            assert one_sentence(catalog.get(key, "")), (lang, key, catalog.get(key))
            if lang != "en":
                assert catalog[key] != step.teach, f"{lang} {key} is English's"


def test_the_checkers_reasons_are_the_catalogs_with_their_placeholders():
    for name, text in WHY.items():
        key = f"lesson.why.{name}"
        assert CATALOGS["en"][key] == text
        for lang, catalog in CATALOGS.items():
            assert placeholders(catalog[key]) == placeholders(text), (lang, key)
    message = reason("notFrom", move="d4-d2", **{"from": "c3"})
    assert message == {"id": "lesson.why.notFrom", "args": {"move": "d4-d2", "from": "c3"}}
    assert english(message) == "d4-d2 does not start from c3."


def lesson_check(move: str) -> dict:
    params = {"game": "loa", "lesson": "moving", "step": "column", "move": move}
    answer = json.loads(bridge.handle("lesson_check", json.dumps(params)))
    assert answer["ok"], answer
    return answer["result"]


def test_lesson_check_says_its_why_as_message_ids():
    right = lesson_check("d4-d6")
    assert right["ok"] and right["why_messages"] == [{"id": "lesson.loa.moving.column.well", "args": {}}]
    named = lesson_check("d4-d2")
    assert not named["ok"] and named["why_messages"] == [
        {"id": "lesson.loa.moving.column.wrong.0", "args": {}}
    ]
    assert "why" not in named  # (#43: the why is messages only, no English beside them)
    other = lesson_check("d4-a1")
    assert [m["id"] for m in other["why_messages"]] == ["lesson.loa.moving.column.miss"]


@pytest.mark.parametrize("game", GAMES)
def test_every_verdict_of_every_step_names_messages_the_catalogs_have(game):
    """Every intended move, every named wrong move and one other legal move
    of every step: each part of the why is a catalog's message, with exactly
    the arguments its placeholders name, and the English said is those
    messages in English."""
    for lesson in lessons_of(game):
        for step in lesson.steps:
            from gamut.lessons.lesson import position_of

            state = position_of(step)
            tried = [step.moves[0], *(m for m, _ in step.wrong)]
            others = [state.move_text(m) for m in state.legal_moves() if state.move_text(m) not in step.moves]
            tried += others[:1]
            for move in tried:
                verdict = check(step, move)
                said = []
                for part in verdict.parts:
                    if isinstance(part, str):
                        key = f"lesson.{game}.{lesson.id}.{step.id}.{part}"
                        said.append(CATALOGS["en"][key])
                    else:
                        key = part["id"]
                        assert placeholders(CATALOGS["en"][key]) == set(part["args"]), key
                        said.append(english(part))
                    for catalog in CATALOGS.values():
                        assert key in catalog
                assert " ".join(said) == verdict.why, (step.id, move)


def test_every_puzzle_theme_has_its_name_in_every_catalog():
    """The page names a puzzle's theme from the catalogs (theme.puzzle.<id>):
    English's name is the engine's, and every language has its own."""
    from gamut.puzzles.themes import THEMES

    for game, themes in THEMES.items():
        for theme, name in themes.items():
            key = f"theme.puzzle.{theme}"
            assert CATALOGS["en"].get(key) == name, (game, key)
            for lang, catalog in CATALOGS.items():
                assert catalog.get(key, "").strip(), f"{lang} lacks {key}"
                if lang != "en":
                    assert catalog[key] != name, f"{lang} {key} is English's"
