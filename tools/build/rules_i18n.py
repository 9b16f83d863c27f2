"""The rules pages in the other languages, one file per language in the
site (issue #33).

Translators write one file per game and language beside English's
(``web/games/<game>/rules.<lang>.html``, the page, and
``diagrams.<lang>.json``, its diagrams' words: docs/i18n.md).  The build
puts each language's into one file, ``games/rules.<lang>.json`` in the
build's folder: ``{game: {"html": page, "words": diagrams' words}}``, and
leaves the separate files out.  English's diagrams' words (each diagram's
title, caption and alt sentence in ``diagrams.json``) go into English's
bundle as the other languages' do, and out of the build's
``rules-diagrams.json`` (:func:`diagrams_without_words`: positions and
views only, every visitor's), so that no visitor downloads another
language's words: 6 KB of a first visit in any other language.  A page then
makes one request for its language's rules, and the eight files compress a
quarter better together (about 10 KB gzipped a language instead of 14).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

SOURCE = "en"  # (the language of diagrams.json and rules.en.html)
#: A diagram's words: what a language's bundle holds and rules-diagrams.json does not.
WORDS = ("title", "caption", "alt")

TRANSLATED = re.compile(r"^(?:rules\.([a-z]{2,3})\.html|diagrams\.([a-z]{2,3})\.json)$")


def bundle_rules(games_dir: Path) -> list[Path]:
    """Replace the translated rules files under ``games_dir`` (the site's
    ``games/`` folder) by one ``rules.<lang>.json`` per language; return
    the files written."""
    bundles: dict[str, dict[str, dict]] = {}
    for path in sorted(games_dir.glob("*/*")):
        if path.name == "diagrams.json":
            # (a source of rules-diagrams.json: its words go into English's bundle)
            source = json.loads(path.read_text())
            bundles.setdefault(SOURCE, {}).setdefault(path.parent.name, {})["words"] = {
                "diagrams": {d["id"]: {k: d[k] for k in WORDS if k in d} for d in source["diagrams"]},
            }
            path.unlink()
            continue
        m = TRANSLATED.match(path.name)
        if not m:
            continue
        lang, game = m.group(1) or m.group(2), path.parent.name
        entry = bundles.setdefault(lang, {}).setdefault(game, {})
        if m.group(1):
            entry["html"] = path.read_text()
        else:
            entry["words"] = json.loads(path.read_text())
        path.unlink()
    written = []
    for lang, games in sorted(bundles.items()):
        out = games_dir / f"rules.{lang}.json"
        out.write_text(json.dumps(games, ensure_ascii=False, separators=(",", ":"), sort_keys=True))
        written.append(out)
    return written


def diagrams_without_words(text: str) -> str:
    """The build's ``rules-diagrams.json`` (``{game: [diagram]}``) without
    the diagrams' words (:data:`WORDS`): each language's bundle has them."""
    games = json.loads(text)
    for diagrams in games.values():
        for diagram in diagrams:
            for key in WORDS:
                diagram.pop(key, None)
    return json.dumps(games, ensure_ascii=False, separators=(",", ":"))
