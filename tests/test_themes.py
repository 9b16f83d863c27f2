"""Each game's board themes are its own data (issue #43): the file
``web/games/<game>/themes.json`` of every registered game, and the toy
game's (``tests/toygame/web/themes.json``, which the test site adds), have
the shape the build accepts (tools/build/themes.py): unique ids, theme.css's
properties set to valid colours, the first theme theme.css's own palette,
and names that are catalog keys (``theme.<id>``) in every language, English's
the name.  Their contrast is tests/js/themes.test.mjs's."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import gamut
from tools.build.layout import GAMES_WEB, THEMES_FILE, WEB
from tools.build.themes import catalogs, game_themes, palette, problems, themes_script
from tools.build.toysite import TOY_CATALOG, TOY_ID, TOY_WEB

PROPERTIES = palette()
WORDS = catalogs()


@pytest.mark.parametrize("game", list(gamut.GAMES))
def test_every_registered_games_themes_file_is_well_formed(game):
    path = GAMES_WEB / game / THEMES_FILE
    assert path.is_file(), f"web/games/{game}/{THEMES_FILE} is missing"
    data = json.loads(path.read_text())
    assert problems(game, data, PROPERTIES, WORDS) == []
    ids = [t["id"] for t in data["themes"]]
    assert len(ids) == len(set(ids)) >= 3, ids


def test_the_toy_games_themes_file_is_well_formed_with_its_catalog_entries():
    toy = json.loads(TOY_CATALOG.read_text())
    words = {lang: {**catalog, **toy[lang]} for lang, catalog in WORDS.items()}
    data = json.loads((TOY_WEB / THEMES_FILE).read_text())
    assert problems(TOY_ID, data, PROPERTIES, words) == []
    # (without its own entries, its own theme's name is missing from every catalog)
    missing = problems(TOY_ID, data, PROPERTIES, WORDS)
    assert missing and all("has no theme.chalk" in p for p in missing), missing


def good() -> dict:
    return {
        "game": "loa",
        "themes": [
            {"id": "wood", "name": "Wood", "colors": {}},
            {
                "id": "ocean",
                "name": "Ocean",
                "colors": {"--sq-light": "#dee3e6", "--hl-last": "rgba(0, 1, 2, .5)"},
            },
        ],
    }


def problem_of(data: dict) -> list[str]:
    return problems("loa", data, PROPERTIES, WORDS)


def test_problems_says_what_is_wrong():
    assert problem_of(good()) == []
    twice = good()
    twice["themes"].append(dict(twice["themes"][1]))
    assert ["twice" in p for p in problem_of(twice)] == [True]
    cases = [
        ("colors", {"--sq-light": "blue"}, "is not a colour"),
        ("colors", {"--sq-light": "rgba(0, 0, 0, 2)"}, "is not a colour"),
        ("colors", {"--no-such": "#ffffff"}, "is not a custom property of theme.css"),
        ("dark", {"--sq-light": "#ffff"}, "is not a colour"),
    ]
    for part, colours, said in cases:
        data = good()
        data["themes"][1][part] = colours
        assert any(said in p for p in problem_of(data)), (colours, problem_of(data))
    data = good()
    data["themes"][0]["colors"] = {"--sq-light": "#ffffff"}
    assert any("theme.css's own palette" in p for p in problem_of(data))
    data = good()
    data["themes"][1]["id"] = "no-such-name"
    assert sum("has no theme.no-such-name" in p for p in problem_of(data)) == len(WORDS)
    data = good()
    data["themes"][1]["name"] = "Sea"
    assert any("English's catalog 'Ocean'" in p for p in problem_of(data))
    data = good()
    data["themes"][1]["id"] = "Ocean!"
    assert any("is not [a-z0-9-]" in p for p in problem_of(data))
    assert problems("el", good(), PROPERTIES, WORDS) == ["web/games/el/themes.json: names the game 'loa'"]
    assert problem_of({"game": "loa"}) and problem_of({"game": "loa", "themes": []})


def a_web(tmp_path: Path, games: dict[str, dict]) -> Path:
    """A web/ folder with theme.css, the catalogs and ``games``' themes files."""
    web = tmp_path / "web"
    (web / "i18n").mkdir(parents=True)
    shutil.copy(WEB / "theme.css", web / "theme.css")
    for path in (WEB / "i18n").glob("*.json"):
        shutil.copy(path, web / "i18n" / path.name)
    for game, data in games.items():
        (web / "games" / game).mkdir(parents=True)
        (web / "games" / game / THEMES_FILE).write_text(json.dumps(data))
    return web


def test_the_build_reads_the_registry_games_files_in_its_order(tmp_path):
    el = {**good(), "game": "el"}
    web = a_web(tmp_path, {"loa": good(), "el": el})
    (web / "games" / "evl").mkdir()  # (a game without themes: none to choose)
    got = game_themes(["el", "evl", "loa"], web)
    assert list(got) == ["el", "loa"]
    assert got["loa"] == good()["themes"]


def test_the_build_stops_at_a_bad_file_or_one_no_game_reads(tmp_path):
    bad = good()
    bad["themes"][1]["colors"] = {"--sq-light": "#12345"}
    with pytest.raises(SystemExit, match="is not a colour"):
        game_themes(["loa"], a_web(tmp_path / "a", {"loa": bad}))
    with pytest.raises(SystemExit, match="'chess' is not a registered game"):
        game_themes(["loa"], a_web(tmp_path / "b", {"loa": good(), "chess": {**good(), "game": "chess"}}))


def script_data(text: str) -> dict:
    """The data of the ``<script id="board-themes">`` in ``text``."""
    script = text[text.index('<script id="board-themes"') :]
    return json.loads(script[script.index(">") + 1 : script.index("</script>")])


def test_the_themes_script_holds_what_the_page_needs_and_cannot_end_early():
    themes = {"loa": good()["themes"], "el": [{"id": "paper", "name": "Paper", "colors": {}}]}
    assert script_data(themes_script(themes)) == {
        "loa": [{"id": "wood", "colors": {}}, {"id": "ocean", "colors": good()["themes"][1]["colors"]}],
        "el": [{"id": "paper", "colors": {}}],
    }  # (no names: the page shows the catalog's theme.<id>)
    assert script_data(themes_script(themes, first_only=True)) == {
        "loa": [{"id": "wood", "colors": {}}],
        "el": [{"id": "paper", "colors": {}}],
    }
    script = themes_script({"loa": [{"id": "x", "name": "n", "colors": {"--a": "</script><!--"}}]})
    assert script.count("</script>") == 1 and "<!--" not in script
    assert script_data(script)["loa"][0]["colors"]["--a"] == "</script><!--"


def test_the_build_writes_every_registered_games_themes_into_the_pages(tmp_path):
    from tools.build.layout import EMBED_HTML, INDEX_HTML, THEMES_MARKER
    from tools.build.site import write_themes

    games = list(gamut.GAMES)
    stage = tmp_path / "stage"
    for game in games:
        (stage / "games" / game).mkdir(parents=True)
        shutil.copy(GAMES_WEB / game / THEMES_FILE, stage / "games" / game / THEMES_FILE)
    for name in (INDEX_HTML, EMBED_HTML):
        (tmp_path / name).write_text(f"<head>\n{THEMES_MARKER}\n</head>")
    write_themes(tmp_path, stage, games)
    index = script_data((tmp_path / INDEX_HTML).read_text())
    assert list(index) == games  # (the registry's order)
    for game in games:
        data = json.loads((GAMES_WEB / game / THEMES_FILE).read_text())
        assert [t["id"] for t in index[game]] == [t["id"] for t in data["themes"]]
        assert [t["colors"] for t in index[game]] == [t["colors"] for t in data["themes"]]
    embed = script_data((tmp_path / EMBED_HTML).read_text())
    assert embed == {game: themes[:1] for game, themes in index.items()}  # (it draws in the default only)
    assert not list(stage.rglob(THEMES_FILE)), "the files stay out of the site"
    (tmp_path / EMBED_HTML).write_text("<head></head>")
    with pytest.raises(SystemExit, match="lacks the marker"):
        write_themes(tmp_path, stage, games)
