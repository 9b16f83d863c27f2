"""What a first visit costs (issue #32): the built site but the languages a
visitor does not read (the service worker caches every file every visitor
needs and those of the visitor's language: tools/build/sizes.py), within
4.8 MB gzipped in every language (each file gzip -9; it was 6.7 MB with
Pyodide's whole standard library and micropip), and each language's own
files within 56 KB.  On dist/, built first when out of date."""

from __future__ import annotations

import json
import zipfile

import pytest

import build
from tools.build import sizes, stdlib

# (builds the site: on one worker of pytest-xdist, never beside another build into .build/ and dist/)
pytestmark = [
    pytest.mark.slow,
    pytest.mark.xdist_group("site-build"),
]  # (a build of the site; `build.py test` runs it after its own)


@pytest.fixture(scope="module")
def rows() -> list[sizes.FileSize]:
    return sizes.site_sizes(build.build(), brotli=False)


def test_a_first_visit_in_any_language_is_at_most_4_8_mb_gzipped(rows):
    for code in ["en", "de", "fr", "es", "hu"]:
        visit = sizes.first_visit(rows, code)
        raw, gzipped, _ = sizes.totals(visit)
        biggest = ", ".join(
            f"{r.name} {r.gzip / 1e6:.2f} MB" for r in sorted(visit, key=lambda r: -r.gzip)[:5]
        )
        assert gzipped <= sizes.LIMIT_GZIP == 4_800_000, (
            f"{code}: {gzipped / 1e6:.3f} MB gzipped; biggest: {biggest}"
        )
        assert raw > gzipped  # (measured, not a listing)
    assert sizes.heaviest_first_visit(rows)[1] <= sizes.LIMIT_GZIP


def test_a_first_visit_leaves_out_the_other_languages_only(rows):
    own = sizes.languages(rows)
    assert sorted(own) == ["de", "en", "es", "fr", "hu"]
    for code, files in own.items():
        # a catalog, the rules pages, the manifest (English's is the site's own): and small
        assert len(files) == (2 if code == "en" else 3), (code, files)
        assert sizes.totals(files)[1] <= sizes.LANGUAGE_LIMIT_GZIP, (code, files)
        visit = {r.name for r in sizes.first_visit(rows, code)}
        others = {r.name for c, fs in own.items() if c != code for r in fs}
        assert visit == {r.name for r in rows} - others
    # English's catalog is English's own: a visitor in German has no need of it
    assert any(name.endswith("i18n/en.json") for name in {r.name for r in sizes.first_visit(rows, "en")})
    assert not any(name.endswith("i18n/en.json") for name in {r.name for r in sizes.first_visit(rows, "de")})


def test_the_site_ships_our_wheel_and_no_micropip(rows):
    site = build.DIST
    info = build.build_info(site)
    wheels = [r.name for r in rows if r.name.endswith(".whl")]
    assert wheels == [info["build"] + "wheels/" + info["wheel"]]
    lock = json.loads((site / info["build"] / "pyodide-lock.json").read_text())
    assert list(lock["packages"]) == ["gamut"]
    assert not [r.name for r in rows if "micropip" in r.name]
    # as small as it is imported: a RECORD naming every file without hashes, the puzzles compact
    with zipfile.ZipFile(site / wheels[0]) as wheel:
        names = [n for n in wheel.namelist() if not n.endswith("/RECORD")]
        [record] = [n for n in wheel.namelist() if n.endswith("/RECORD")]
        listed = wheel.read(record).decode().split()
        assert sorted(listed) == sorted(f"{n},," for n in [*names, record])
        puzzles = [n for n in names if n.endswith("/puzzles.txt")]
        assert puzzles and all("[PuzzleId " not in wheel.read(n).decode() for n in puzzles)


def test_the_vendored_qr_encoder_is_the_pinned_one_with_its_licence(rows):
    info = build.build_info(build.DIST)
    names = {r.name for r in rows}
    assert info["build"] + "vendor/uqr.js" in names
    assert info["build"] + "vendor/uqr.LICENSE.txt" in names
    pinned = json.loads((build.ROOT / "package.json").read_text())["dependencies"]["uqr"]
    assert (
        pinned == json.loads((build.ROOT / "node_modules/uqr/package.json").read_text())["version"] == "0.1.3"
    )
    licence = (build.DIST / info["build"] / "vendor/uqr.LICENSE.txt").read_text()
    assert "MIT" in licence and "Permission is hereby granted" in licence


def test_the_standard_library_is_the_cut_one(rows):
    info = build.build_info(build.DIST)
    [zip_row] = [r for r in rows if r.name.endswith(stdlib.STDLIB)]
    assert zip_row.name == info["pyodide"] + stdlib.STDLIB
    full = stdlib.NODE_PYODIDE / stdlib.STDLIB
    assert zip_row.raw < full.stat().st_size / 4
    with zipfile.ZipFile(build.DIST / zip_row.name) as cut:
        names = set(cut.namelist())
    # what the engine and Pyodide's start import, not what they never do
    assert {"json/__init__.py", "random.py", "traceback.py", "pkgutil.py"} <= names
    assert (
        not {"tarfile.py", "unittest/__init__.py", "pydoc.py", "email/__init__.py", "http/__init__.py"}
        & names
    )


def test_the_size_table_names_each_kind_and_the_budget(rows):
    text = sizes.table(rows)
    for kind in (
        "Pyodide runtime",
        "standard library",
        "engine wheel",
        "page (HTML, JS, CSS)",
        "the whole site",
    ):
        assert kind in text
    assert "budget 4.8 MB gzipped: ok" in text
