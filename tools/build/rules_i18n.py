"""The rules pages in the other languages, one file per language in the
site (issue #33).

Translators write one file per game and language beside English's
(``web/games/<game>/rules.<lang>.html``, the page, and
``diagrams.<lang>.json``, its diagrams' words: docs/i18n.md).  The build
puts each language's into one file, ``games/rules.<lang>.json`` in the
build's folder: ``{game: {"html": page, "words": diagrams' words}}``, and
leaves the separate files out, with English's ``diagrams.json`` (the build's
``rules-diagrams.json`` is made from them: the page never reads them).  A page then makes one request for its
language's rules, and the eight files compress a quarter better together
(about 10 KB gzipped a language instead of 14).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

TRANSLATED = re.compile(r"^(?:rules\.([a-z]{2,3})\.html|diagrams\.([a-z]{2,3})\.json)$")


def bundle_rules(games_dir: Path) -> list[Path]:
    """Replace the translated rules files under ``games_dir`` (the site's
    ``games/`` folder) by one ``rules.<lang>.json`` per language; return
    the files written."""
    bundles: dict[str, dict[str, dict]] = {}
    for path in sorted(games_dir.glob("*/*")):
        if path.name == "diagrams.json":
            path.unlink()  # (a source of rules-diagrams.json)
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
