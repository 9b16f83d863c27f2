"""Each game's board themes, from its own web folder (issue #43, "a game
owns its data").

A game that has board themes keeps them in ``web/games/<game>/themes.json``
(:data:`~tools.build.layout.THEMES_FILE`): ``{"game": id, "themes": [{"id",
"name", "colors", "dark"?}]}``, each theme a set of theme.css's custom
properties (web/settings/themes.js says how the page sets them).  The build
reads the file of every game of the engine's registry (no list of games is
written here), checks it (:func:`problems`), and writes them all into the
page as one inline JSON script (:func:`themes_script`), in the registry's
order, so that the page has them before it draws its first board (no request
of their own, no default theme drawn first); the files themselves are left
out of the site.  A game without a file has theme.css's palette and no theme
to choose.  tests/test_themes.py checks every game's file with
:func:`problems`; tests/js/themes.test.mjs checks their contrast.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from tools.build.layout import GAMES_WEB, THEMES_FILE, WEB

#: A theme's id, as the page's settings accept one (web/settings/settings.js's NAME).
THEME_ID = re.compile(r"[a-z0-9-]{1,32}")
_BYTE = r"\s*(?:25[0-5]|2[0-4]\d|1?\d?\d)\s*"
#: The colours a theme may give: #rgb, #rrggbb, rgb(r, g, b) or rgba(r, g, b, a) with 0 <= a <= 1.
COLOUR = re.compile(
    rf"#[0-9a-f]{{3}}|#[0-9a-f]{{6}}|rgb\({_BYTE},{_BYTE},{_BYTE}\)"
    rf"|rgba\({_BYTE},{_BYTE},{_BYTE},\s*(?:0|1|0?\.\d+|1\.0+)\s*\)",
    re.IGNORECASE,
)
_PROPERTY = re.compile(r"(--[a-z][a-z0-9-]*)\s*:")


def palette(web: Path = WEB) -> set[str]:
    """The custom properties theme.css defines: the ones a theme may set."""
    return set(_PROPERTY.findall((web / "theme.css").read_text()))


def catalogs(web: Path = WEB) -> dict[str, dict[str, str]]:
    """The page's catalogs, ``{lang: {key: message}}``."""
    return {p.stem: json.loads(p.read_text()) for p in sorted((web / "i18n").glob("*.json"))}


def problems(game: str, data: object, properties: set[str], words: dict[str, dict[str, str]]) -> list[str]:
    """What is wrong with ``data``, the content of ``game``'s themes file:
    its shape, its themes' ids (unique, as settings.js accepts them), their
    colours (theme.css's properties, valid colours; the first theme sets
    none: it is theme.css's own palette), their names (the catalog's
    ``theme.<id>`` in every language of ``words``, English's the name)."""
    where = f"web/games/{game}/{THEMES_FILE}"
    if not isinstance(data, dict) or set(data) != {"game", "themes"}:
        return [f'{where}: not {{"game": ..., "themes": [...]}}']
    if data["game"] != game:
        return [f"{where}: names the game {data['game']!r}"]
    themes = data["themes"]
    if not isinstance(themes, list) or not themes:
        return [f"{where}: no list of themes"]
    found = []
    seen: set[str] = set()
    for i, theme in enumerate(themes):
        if not isinstance(theme, dict) or not {"id", "name", "colors"} <= set(theme) <= {
            "id",
            "name",
            "colors",
            "dark",
        }:
            found.append(f"{where}: theme {i}: not {{id, name, colors, dark?}}")
            continue
        tid = theme["id"]
        if not isinstance(tid, str) or not THEME_ID.fullmatch(tid):
            found.append(f"{where}: theme {i}: the id {tid!r} is not [a-z0-9-]{{1,32}}")
            continue
        if tid in seen:
            found.append(f"{where}: the id {tid!r} twice")
        seen.add(tid)
        for part in ("colors", "dark"):
            colours = theme.get(part, {})
            if not isinstance(colours, dict):
                found.append(f"{where}: {tid}: {part} is not an object")
                continue
            for name, value in colours.items():
                if name not in properties:
                    found.append(f"{where}: {tid}: {name} is not a custom property of theme.css")
                if not isinstance(value, str) or not COLOUR.fullmatch(value.strip()):
                    found.append(f"{where}: {tid}: {name}: {value!r} is not a colour")
        if i == 0 and (theme["colors"] or theme.get("dark")):
            found.append(f"{where}: the first theme ({tid}) sets colours: it is theme.css's own palette")
        key = f"theme.{tid}"
        for lang, catalog in words.items():
            if key not in catalog:
                found.append(f"{where}: {tid}: the catalog {lang} has no {key}")
        english = words.get("en", {}).get(key)
        if english is not None and theme["name"] != english:
            found.append(f"{where}: {tid}: named {theme['name']!r}, English's catalog {english!r}")
    return found


def game_themes(games: list[str], web: Path = WEB) -> dict[str, list]:
    """The themes of each game of ``games`` (the registry's ids, in its
    order) that has a themes file, checked: ``{game: [theme]}``.  Stops the
    build on any problem, and on a themes file in a folder that is no
    registered game's."""
    folder = web / GAMES_WEB.relative_to(WEB)
    strays = sorted(p.parent.name for p in folder.glob(f"*/{THEMES_FILE}") if p.parent.name not in games)
    found = [f"web/games/{name}/{THEMES_FILE}: {name!r} is not a registered game" for name in strays]
    properties, words = palette(web), catalogs(web)
    out = {}
    for game in games:
        path = folder / game / THEMES_FILE
        if not path.is_file():
            continue
        try:
            data = json.loads(path.read_text())
        except ValueError as err:
            found.append(f"web/games/{game}/{THEMES_FILE}: not JSON ({err})")
            continue
        found += problems(game, data, properties, words)
        out[game] = data["themes"] if isinstance(data, dict) else []
    if found:
        raise SystemExit("the games' themes:\n  " + "\n  ".join(found))
    return out


def themes_script(themes: dict[str, list], first_only: bool = False) -> str:
    """The page's ``<script id="board-themes">`` holding ``themes`` (each
    game's first only, if ``first_only``), without their names: the page
    shows the catalog's.  Safe inside ``<script>``: no "</script>" or "<!--"
    can end it early."""
    shown = {
        game: [
            {k: v for k, v in theme.items() if k != "name"}
            for theme in (listed[:1] if first_only else listed)
        ]
        for game, listed in themes.items()
    }
    text = json.dumps(shown, separators=(",", ":"), ensure_ascii=False)
    text = text.replace("<", "\\u003c").replace(">", "\\u003e")
    return f'<script id="board-themes" type="application/json">{text}</script>'
