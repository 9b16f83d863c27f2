"""One vocabulary per language (issue #44).

The glossary, ``docs/glossary.json``, names for each language the one word
for each term (piece, stack, unstack, marker, threat, crosscut, the pie
rule, group, connection, the variants' and options' names, ...) and the
wrong words that must not appear.  These tests read every player-facing
text of each language (the catalogs, which hold the lessons, the puzzle
themes and the engine's messages; the rules pages; their diagrams' words)
and fail on a wrong word, naming the file, the key (or line) and the word.

The rules pages name the variants and options with the New game dialog's
words: each name is marked ``data-term="<catalog key>"`` (the dialog's
``variant.<game>.<id>`` / ``option.<game>.<name>`` / ``option.value.<v>``)
and must read exactly as the catalog has it; every variant but the
standard one and every option of a game is named on its rules page in
every language."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from gamut import core
from gamut.games import SHIPPED_GAMES
from gamut.messages import ENGLISH
from tools.english_catalog import lesson_texts

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = json.loads((ROOT / "docs" / "glossary.json").read_text())
LANGS = ("en", "de", "fr", "es", "hu")
GAMES = SHIPPED_GAMES
CATALOGS = {lang: json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text()) for lang in LANGS}
TAG = re.compile(r"<[^>]+>")
TERM = re.compile(r'<(\w+)[^>]*\bdata-term="([^"]+)"[^>]*>(.*?)</\1>', re.S)


def plain(text: str) -> str:
    return html.unescape(TAG.sub("", text))


def rules_page(game: str, lang: str) -> Path:
    return ROOT / "web" / "games" / game / f"rules.{lang}.html"


def step_texts(game: str):
    """Every text of ``game``'s lessons by its catalog key (the keys en.json is written with)."""
    return lesson_texts(game).items()


def texts(lang: str):
    """Every player-facing text of `lang`: (file, key or line, text, game or None, catalog key or None)."""
    catalog = f"web/i18n/{lang}.json"
    for key, value in CATALOGS[lang].items():
        game = next((part for part in key.split(".") if part in GAMES), None)
        yield catalog, key, value, game, key
    if lang == "en":  # the engine's own English, and the lessons' (the catalog has the same words)
        for key, value in ENGLISH.items():
            game = next((part for part in key.split(".") if part in GAMES), None)
            owner = next((g for g in GAMES if key in core.GAMES[g].english), None)  # (a game's own words)
            source = f"py/gamut/games/{owner}/english.py" if owner else "py/gamut/english.py"
            yield source, key, value, game, key
        for game in GAMES:
            for key, value in step_texts(game):
                yield f"py/gamut/games/{game}/lessons.json", key, value, game, key
    for game in GAMES:
        page = rules_page(game, lang)
        for n, line in enumerate(page.read_text().splitlines(), 1):
            yield str(page.relative_to(ROOT)), f"line {n}", plain(line), game, None
        name = "diagrams.json" if lang == "en" else f"diagrams.{lang}.json"
        path = ROOT / "web" / "games" / game / name
        data = json.loads(path.read_text())
        diagrams = data["diagrams"]
        items = diagrams.items() if isinstance(diagrams, dict) else ((d["id"], d) for d in diagrams)
        for id_, d in items:
            for field in ("title", "caption", "alt"):
                if field in d:
                    yield str(path.relative_to(ROOT)), f"{id_}.{field}", plain(d[field]), game, None


def pattern(word: str) -> re.Pattern:
    flags = re.I
    if word.startswith("="):
        word, flags = word[1:], 0
    body = re.escape(word.rstrip("*")) + (r"\w*" if word.endswith("*") else "")
    return re.compile(rf"(?<!\w){body}(?!\w)", flags)


def terms(lang: str):
    for scope, entries in GLOSSARY[lang].items():
        for name, term in entries.items():
            yield scope, name, term


def test_the_glossary_has_every_language_and_the_core_terms():
    assert set(GLOSSARY) - {"about"} == set(LANGS)
    core = {"piece", "stack", "unstack", "marker", "threat", "crosscut", "swap", "group", "connection"}
    for lang in LANGS:
        assert set(GLOSSARY[lang]) <= {"all", *GAMES}, lang
        named = {name for _, name, _ in terms(lang)}
        assert core <= named, (lang, core - named)
        for scope, name, term in terms(lang):
            assert term["use"].strip() and isinstance(term["wrong"], list), (lang, scope, name)
            for word in term["wrong"]:
                assert not pattern(word).search(term["use"]), (lang, name, "the word to use is listed wrong")


@pytest.mark.parametrize("lang", LANGS)
def test_a_variant_or_option_term_is_the_dialogs_name(lang):
    for _scope, name, term in terms(lang):
        if name.startswith(("variant.", "option.", "level.", "ai.", "newGame.")):
            assert CATALOGS[lang].get(name) == term["use"], (
                f"{lang} {name}: the catalog says {CATALOGS[lang].get(name)!r}"
            )


@pytest.mark.parametrize("lang", LANGS)
def test_no_text_uses_a_wrong_word(lang):
    found = []
    for scope, name, term in terms(lang):
        keys = re.compile(term["keys"]) if "keys" in term else None
        unless = re.compile(term["except"]) if "except" in term else None
        checks = [(word, pattern(word)) for word in term["wrong"]]
        for file, where, text, game, key in texts(lang):
            if scope != "all" and game != scope:
                continue
            if keys and not (key and keys.search(key)):
                continue
            if unless and key and unless.search(key):
                continue
            for word, check in checks:
                if check.search(text):
                    found.append(f"{file} {where}: {word!r} (write {term['use']!r}: {name})")
    assert not found, "\n".join(found)


def marked(game: str, lang: str) -> dict[str, list[str]]:
    names: dict[str, list[str]] = {}
    for _, key, inner in TERM.findall(rules_page(game, lang).read_text()):
        names.setdefault(key, []).append(plain(inner))
    return names


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_page_names_variants_and_options_as_the_dialog_does(game, lang):
    catalog = CATALOGS[lang]
    wanted = {
        key
        for key in CATALOGS["en"]
        if re.fullmatch(rf"(variant|option)\.{game}\.[\w-]+", key) and key != f"variant.{game}.standard"
    }
    names = marked(game, lang)
    assert wanted <= set(names), f"{rules_page(game, lang)} does not name {sorted(wanted - set(names))}"
    assert set(names) == set(marked(game, "en")), "every language names the terms English's page names"
    for key, shown in names.items():
        assert key in catalog, f"{key} is not a catalog key"
        for text in shown:
            assert text == catalog[key], (
                f"{rules_page(game, lang).name}: {text!r} is not the dialog's {catalog[key]!r} ({key})"
            )


def test_a_wrong_word_is_matched_whole_with_its_endings_and_case_as_asked():
    assert pattern("pieza").search("una Pieza negra")
    assert not pattern("pieza").search("despiezado")
    assert pattern("bábu*").search("három bábuval")
    assert not pattern("bábu*").search("a babusgatás")
    assert pattern("=Nyolc").search("a Nyolc változat")
    assert not pattern("=Nyolc").search("nyolc mező")
    assert not pattern("=Nyolc").search("Nyolcas")
    assert pattern("double connection: draw").search("the option double connection: draw")
