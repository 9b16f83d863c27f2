"""English written once (#43): tools/english_catalog.py writes the engine's
and the lessons' English into a page catalog from their sources, keeping
every other key and its place, and changes nothing when all is in step."""

from __future__ import annotations

import json

from tools.english_catalog import EN_JSON, english_entries, write


def test_the_catalog_is_written_from_the_sources_and_nothing_else_moves(tmp_path):
    catalog = json.loads(EN_JSON.read_text())
    entries = english_entries()
    lesson_key = next(k for k in entries if k.startswith("lesson.loa."))
    page_key = next(k for k in catalog if k not in entries)
    catalog["seat.black"] = "Noir"  # (changed by hand: the source wins)
    del catalog[lesson_key]  # (missing: added)
    path = tmp_path / "en.json"
    path.write_text(json.dumps(catalog, ensure_ascii=False, indent=1) + "\n")
    assert sorted(write(path)) == sorted(["seat.black", lesson_key])
    written = json.loads(path.read_text())
    assert written["seat.black"] == "Black" and written[lesson_key] == entries[lesson_key]
    assert written[page_key] == catalog[page_key]  # (the page's own words untouched)
    assert list(written)[: len(catalog) - 1] == [k for k in catalog if k != lesson_key][: len(catalog) - 1]
    assert write(path) == []  # (in step: nothing to write)
    assert path.read_text() == json.dumps(written, ensure_ascii=False, indent=1) + "\n"


def test_every_english_text_of_the_sources_is_a_key_of_the_shipped_catalog():
    catalog = json.loads(EN_JSON.read_text())
    entries = english_entries()
    assert len(entries) > 500
    assert all(catalog.get(k) == v for k, v in entries.items())
