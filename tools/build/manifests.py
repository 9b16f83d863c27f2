"""The web app manifest in each of the page's languages (issue #33).

The page's manifest, ``manifest.webmanifest``, is English (``"lang": "en"``).
For every other language of ``web/i18n/languages.js`` the build writes
``manifest.<lang>.webmanifest``: the same manifest with ``lang`` and its
``name`` and ``description`` from that language's catalog
(``manifest.name``, ``manifest.description``, the games joined by
``manifest.gameList``); the page points its ``<link rel="manifest">`` at the
one of its language (browsers read the link's address when the app is
installed).  The English manifest also carries every language's name and
description as ``name_localized`` and ``description_localized``, the
manifest specification's own way, for browsers that implement it (none yet
in 2026; they then choose by the device's language).

Game names are not translated (they are the games' own names).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from tools.build.layout import LANGUAGE_MANIFESTS, MANIFEST, WEB
from tools.build.layout import page_languages as languages


def fill(message: str, **args: str) -> str:
    """A catalog message with only plain ``{name}`` placeholders, filled."""
    text = re.sub(r"\{(\w+)\}", lambda m: args[m.group(1)], message)
    if "{" in text or "}" in text:
        raise SystemExit(f"a manifest message is more than placeholders: {message!r}")
    return text


def words(lang: str, games: list[str]) -> dict[str, str]:
    """The manifest's ``name`` and ``description`` in ``lang``."""
    catalog = json.loads((WEB / "i18n" / f"{lang}.json").read_text())
    listed = (
        games[0]
        if len(games) == 1
        else fill(catalog["manifest.gameList"], first=", ".join(games[:-1]), last=games[-1])
    )
    return {
        "name": fill(catalog["manifest.name"], games=listed),
        "description": fill(catalog["manifest.description"], games=listed),
    }


def write_manifests(site: Path, games: list[str]) -> list[Path]:
    """Write ``manifest.<lang>.webmanifest`` for each language but English
    beside ``site``'s (English) manifest, and add the localized members to
    that one; return the files written."""
    path = site / MANIFEST
    manifest = json.loads(path.read_text())
    written = []
    every = {lang: words(lang, games) for lang in languages()}
    for lang, own in every.items():
        if lang == "en":
            continue
        translated = {**manifest, "lang": lang, **own}
        out = site / MANIFEST.replace(".webmanifest", f".{lang}.webmanifest")
        assert out.name in LANGUAGE_MANIFESTS
        out.write_text(json.dumps(translated, ensure_ascii=False, indent=1) + "\n")
        written.append(out)
    manifest["lang"] = "en"
    manifest["name_localized"] = {lang: w["name"] for lang, w in every.items() if lang != "en"}
    manifest["description_localized"] = {lang: w["description"] for lang, w in every.items() if lang != "en"}
    path.write_text(json.dumps(manifest, ensure_ascii=False, indent=1) + "\n")
    return written
