"""The site's standard library (issue #32): Pyodide's zip cut to what the
engine and Pyodide's start import, found by running every bridge method and
job (tools/build/stdlib.py), and minified (tools/build/stdlib_minify.py).

The guard: the engine exercise run in Pyodide under Node against the zip of
the built site meets no problem, and a zip lacking a module the engine
imports fails it.  Pyodide itself, not CPython with a finder that refuses
modules: the page runs Python 3.14, whose standard library imports other
modules than 3.11's here (e.g. ``annotationlib``), and Pyodide's own start
imports modules that only Pyodide has.
"""

from __future__ import annotations

import json
import sys
import zipfile
from pathlib import Path

import pytest

import build
from tools.build import engine_exercise, stdlib, stdlib_minify

# (builds the site: on one worker of pytest-xdist, never beside another build into .build/ and dist/)
pytestmark = pytest.mark.xdist_group("site-build")


@pytest.mark.slow
def test_the_exercise_asks_every_method_and_job_and_meets_no_problem_here():
    # In CPython against py/: a change to the bridge's protocol shows up
    # here as a problem, not as a module missing from the page.
    from gamut import bridge

    asked: set[str] = set()
    kinds: set[str] = set()
    handle = bridge.handle

    def spy(method, text):
        asked.add(method)
        if method == "job_start":
            kinds.add(json.loads(text)["kind"])
        return handle(method, text)

    bridge.handle = spy
    try:
        answer = engine_exercise.exercise(stdlib.named_modules())
    finally:
        bridge.handle = handle
    assert answer["problems"] == []
    assert set(bridge.METHODS) <= asked and kinds == set(bridge.JOB_KINDS)
    assert "exercise-boom" not in bridge.METHODS


def test_the_exercise_reports_a_module_that_cannot_be_imported():
    answer = engine_exercise.exercise(["json", "no_such_module_of_the_standard_library"])
    assert [p.split(":")[0] for p in answer["problems"]] == ["import no_such_module_of_the_standard_library"]


def test_named_modules_are_every_import_of_the_sources_lazy_ones_too(tmp_path):
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text(
        "import json\nfrom collections.abc import Mapping\nfrom . import sub\n"
    )
    (package / "sub" / "__init__.py").write_text(
        "def later():\n    import fractions\n    from pkg.sub import x\n    from .. import y\n"
    )
    (package / "__main__.py").write_text("import argparse\n")  # the command line: not the page's
    (package / "sub" / "__main__.py").write_text("import decimal\n")
    assert stdlib.named_modules(package) == ["collections.abc", "decimal", "fractions", "json"]


MINIFY_SAMPLE = '''\
# -*- coding: utf-8 -*-
"""The module's docstring,
on two lines."""
from __future__ import annotations

# a comment on its own line
X = "# not a comment"  # a comment after code


class Thing:
    """A class's docstring."""

    def method(self):
        """A method's
        docstring."""
        return X  # why


def only_a_docstring():
    """Nothing else."""


def code_after():
    """Kept: code follows on its line."""; return 2


async def coroutine():
    """An async docstring."""
    return 3
'''


def test_minify_takes_out_docstrings_and_comments_and_keeps_lines_and_behaviour():
    out = stdlib_minify.minify_source(MINIFY_SAMPLE)
    assert out.count("\n") == MINIFY_SAMPLE.count("\n")
    assert out.splitlines()[0] == "# -*- coding: utf-8 -*-"
    for gone in (
        "The module's",
        "A class's",
        "A method's",
        "Nothing else",
        "An async",
        "on its own line",
        "after code",
        "why",
    ):
        assert gone not in out, gone
    assert "# not a comment" in out and '"""Kept: code follows on its line."""' in out
    before, after = {}, {}
    exec(compile(MINIFY_SAMPLE, "before", "exec"), before)
    exec(compile(out, "after", "exec"), after)
    assert after["Thing"]().method() == before["Thing"]().method() == "# not a comment"
    assert after["__doc__"] == "" and after["Thing"].__doc__ == "" and after["only_a_docstring"]() is None
    assert after["code_after"]() == 2
    # a line keeps its number: the method's return is on the same line
    line = next(i for i, t in enumerate(MINIFY_SAMPLE.splitlines()) if "return X" in t)
    assert out.splitlines()[line].strip() == "return X"


def test_minify_keeps_the_standard_librarys_sources_valid():
    # This Python's own standard library (3.11 here; the build minifies 3.14's in Pyodide)
    folder = Path(sys.modules["json"].__file__).parent.parent
    for name in ("typing.py", "dataclasses.py", "json/decoder.py", "random.py", "enum.py"):
        text = (folder / name).read_text()
        out = stdlib_minify.minify_source(text, name)
        assert out.count("\n") == text.count("\n") and len(out) < 0.8 * len(text), name


@pytest.fixture(scope="module")
def site() -> Path:
    return build.build()


def site_stdlib(site: Path) -> Path:
    return site / build.build_info(site)["pyodide"] / stdlib.STDLIB


def site_wheel(site: Path) -> Path:
    info = build.build_info(site)
    return site / info["build"] / "wheels" / info["wheel"]


@pytest.mark.slow
def test_the_sites_standard_library_runs_every_method_and_job_in_pyodide(site):
    # the guard: the built site's own zip and wheel, in Pyodide under Node
    answer = stdlib.run_exercise(site_stdlib(site), site_wheel(site), stdlib.named_modules())
    assert answer["problems"] == []
    with (
        zipfile.ZipFile(site_stdlib(site)) as cut,
        zipfile.ZipFile(stdlib.NODE_PYODIDE / stdlib.STDLIB) as full,
    ):
        kept = {n for n in cut.namelist() if not n.endswith("/")}
        assert set(answer["files"]) == kept  # nothing shipped that the run did not import
        assert len(kept) < len(full.namelist()) / 3


@pytest.mark.slow
@pytest.mark.parametrize("module", ["bisect.py", "pkgutil.py"])
def test_a_standard_library_without_a_module_the_engine_imports_fails_the_guard(site, tmp_path, module):
    # bisect: gamut's own import (Pyodide's start imports it too, through
    # random); pkgutil: only the worker's import of every gamut module
    broken = tmp_path / stdlib.STDLIB
    with zipfile.ZipFile(site_stdlib(site)) as src, zipfile.ZipFile(broken, "w") as dst:
        assert module in src.namelist()
        for info in src.infolist():
            if info.filename != module:
                dst.writestr(info, src.read(info))
    with pytest.raises(SystemExit, match=module.removesuffix(".py")):
        stdlib.run_exercise(broken, site_wheel(site), stdlib.named_modules())


def test_every_module_the_sources_name_is_a_module_of_the_standard_library():
    names = stdlib.named_modules()
    assert {"json", "random", "bisect", "traceback"} <= set(names)
    assert not [n for n in names if n.split(".")[0] not in sys.stdlib_module_names], names


@pytest.mark.slow
def test_the_sites_wheel_ships_its_sources_without_docstrings_or_comments(site):
    # (a quarter less to download; the engine reads no docstring in the page)
    with zipfile.ZipFile(site_wheel(site)) as wheel:
        sources = {n: wheel.read(n).decode("utf-8") for n in wheel.namelist() if n.endswith(".py")}
        compiled = [n for n in wheel.namelist() if n.endswith(".pyc")]
    assert sources and compiled
    search = sources["gamut/ai/search.py"]
    assert '"""' not in search and "\n#" not in search and "# " not in search.split("\n", 2)[-1]
    original = (Path(__file__).resolve().parent.parent / "py/gamut/ai/search.py").read_text(encoding="utf-8")
    assert search.count("\n") == original.count("\n")  # every line keeps its number
    assert sum(len(s) for s in sources.values()) < 0.7 * sum(
        len((Path(__file__).resolve().parent.parent / "py" / n).read_text(encoding="utf-8")) for n in sources
    )
