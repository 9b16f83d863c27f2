"""English written once (issue #43): the page's English catalog,
``web/i18n/en.json``, takes the English the engine keeps (and needs without
the page: the wheel, the command line, the tests) from its sources, never
typed a second time:

* the engine's words, :data:`gamut.messages.ENGLISH` (``gamut/english.py``,
  the shared words, and each game's own from its ``gamut/games/<id>/english.py``,
  which the table holds once :mod:`gamut` has registered the games);
* each shipped game's lessons (its ``lessons.json``): every lesson's title,
  every step's teach, task, well, miss and named wrong moves' whys, under
  ``lesson.<game>.<lesson>.title`` and ``lesson.<game>.<lesson>.<step>.<field>``;
* the lessons checker's reasons (``gamut.lessons.goals.WHY``), under
  ``lesson.why.<name>``.

``python3 -m tools.english_catalog`` writes them into en.json (a key kept
where it is, a new one added at the end) and prints what it changed;
``--check`` only says what differs (exit 1).  tests/test_messages.py and
tests/test_lessons_i18n.py fail, naming this command, when en.json and the
sources differ.  The other languages translate the same keys by hand."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EN_JSON = ROOT / "web" / "i18n" / "en.json"
COMMAND = "python3 -m tools.english_catalog"


def lesson_texts(game: str) -> dict[str, str]:
    """The English of ``game``'s lessons under their catalog keys."""
    from gamut.lessons.lesson import lessons_of

    out: dict[str, str] = {}
    for lesson in lessons_of(game):
        out[f"lesson.{game}.{lesson.id}.title"] = lesson.title
        for step in lesson.steps:
            base = f"lesson.{game}.{lesson.id}.{step.id}."
            out |= {base + "teach": step.teach, base + "task": step.task}
            out |= {base + "well": step.well, base + "miss": step.miss}
            out |= {base + f"wrong.{i}": why for i, (_, why) in enumerate(step.wrong)}
    return out


def english_entries() -> dict[str, str]:
    """Every English text the page's catalog takes from the engine's sources, by key."""
    from gamut.games import SHIPPED_GAMES
    from gamut.lessons.lesson import WHY
    from gamut.messages import ENGLISH

    out = dict(ENGLISH)
    for game in SHIPPED_GAMES:
        out |= lesson_texts(game)
    out |= {f"lesson.why.{name}": text for name, text in WHY.items()}
    return out


def differences(catalog: dict[str, str]) -> list[str]:
    """The keys whose English in ``catalog`` is not the sources' (missing or other)."""
    return [key for key, text in english_entries().items() if catalog.get(key) != text]


def write(path: Path = EN_JSON) -> list[str]:
    """Put the sources' English into the catalog at ``path``; the keys it changed."""
    catalog = json.loads(path.read_text())
    changed = differences(catalog)
    if changed:
        entries = english_entries()
        catalog |= {key: entries[key] for key in changed}
        path.write_text(json.dumps(catalog, ensure_ascii=False, indent=1) + "\n")
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--check", action="store_true", help="only say what differs (exit 1 if anything does)"
    )
    args = parser.parse_args(argv)
    if args.check:
        changed = differences(json.loads(EN_JSON.read_text()))
        for key in changed:
            print(f"en.json differs from its source: {key}")
        return 1 if changed else 0
    for key in write():
        print(f"en.json: {key} written from its source")
    return 0


if __name__ == "__main__":
    sys.exit(main())
