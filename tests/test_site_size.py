"""What a first visit costs (issue #32): the built site, every file of which
a first visit fetches (the service worker caches them all), stays within
4.8 MB gzipped (each file gzip -9; it was 6.7 MB with Pyodide's whole
standard library and micropip).  On dist/, built first when out of date."""

from __future__ import annotations

import json
import zipfile

import pytest

import build
from tools.build import sizes, stdlib

pytestmark = pytest.mark.slow  # (a build of the site; `build.py test` runs it after its own)


@pytest.fixture(scope="module")
def rows() -> list[sizes.FileSize]:
    return sizes.site_sizes(build.build(), brotli=False)


def test_the_whole_site_is_at_most_4_8_mb_gzipped(rows):
    raw, gzipped, _ = sizes.totals(rows)
    biggest = ", ".join(f"{r.name} {r.gzip / 1e6:.2f} MB" for r in sorted(rows, key=lambda r: -r.gzip)[:5])
    assert gzipped <= sizes.LIMIT_GZIP == 4_800_000, f"{gzipped / 1e6:.2f} MB gzipped; biggest: {biggest}"
    assert raw > gzipped  # (measured, not a listing)


def test_the_site_ships_our_wheel_and_no_micropip(rows):
    site = build.DIST
    info = build.build_info(site)
    wheels = [r.name for r in rows if r.name.endswith(".whl")]
    assert wheels == [info["build"] + "wheels/" + info["wheel"]]
    lock = json.loads((site / info["build"] / "pyodide-lock.json").read_text())
    assert list(lock["packages"]) == ["gamut"]
    assert not [r.name for r in rows if "micropip" in r.name]


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
