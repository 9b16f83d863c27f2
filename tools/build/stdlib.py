"""The site's standard library: Pyodide's ``python_stdlib.zip`` cut to the
modules that Pyodide's start and the engine import (issue #32).

Pyodide ships the whole standard library (614 files, 2.5 MB even gzipped);
the page needs about a quarter of it.  Which quarter is found, not listed by
hand:

1. **Read**: every module gamut's sources name in an ``import`` anywhere (at
   the top or inside a function, e.g. the computer player's lazy imports),
   except ``gamut/__main__.py`` (the command line; the page never runs it):
   :func:`named_modules`.
2. **Run**: Pyodide itself, under Node, started as the worker starts it
   (tools/build/pyodide_run.mjs), with Pyodide's whole standard library, runs
   :mod:`tools.build.engine_exercise`: it imports every gamut module and every
   module of step 1, then sends every bridge method and job of every game
   through the bridge.  The modules then loaded from the zip (``sys.modules``)
   are the ones kept; this takes in what those modules import in turn, and
   what Pyodide's own start imports.
3. **Check**: the same run again against the cut zip must meet no problem
   (an import that fails becomes an ``InternalError``, which the exercise
   reports) and load nothing more.  The build fails otherwise.

The cut zip's sources lose their docstrings and comments
(:mod:`tools.build.stdlib_minify`) and its entries are deflated again by
zopfli (:mod:`tools.build.deflate`) before that check, so the check reads
the zip the site ships.

Sound because the page reaches Python only through the bridge's methods and
jobs, all of which the exercise calls, and every module the engine could
import lazily is imported outright in step 2; what a module of the standard
library imports only on a path the engine never takes is left out (that is
the cut).  The result is cached in ``.build/stdlib/`` under a hash of its
inputs (Pyodide's zip, our wheel, the exercise), so a change to the page
alone never runs Node.
"""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from tools.build.common import digest, log
from tools.build.deflate import recompress_in_venv
from tools.build.layout import BUILD, NODE_PYODIDE, PY

HERE = Path(__file__).resolve().parent
EXERCISE = HERE / "engine_exercise.py"
MINIFY = HERE / "stdlib_minify.py"
COMPILE = HERE / "wheel_compile.py"
RUNNER = HERE / "pyodide_run.mjs"
DEFLATE = HERE / "deflate.py"
CACHE = BUILD / "stdlib"
STDLIB = "python_stdlib.zip"


def named_modules(package: Path = PY / "gamut") -> list[str]:
    """Every absolute module name that an ``import`` in ``package``'s sources
    names (not the package's own, not ``__main__.py``'s), sorted."""
    names: set[str] = set()
    for path in sorted(package.rglob("*.py")):
        if path.name == "__main__.py" and path.parent == package:
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
    return sorted(n for n in names if n.split(".")[0] != package.name)


def run_in_pyodide(config: dict) -> str:
    """tools/build/pyodide_run.mjs with ``config`` (Pyodide's folder added):
    what it prints."""
    with tempfile.NamedTemporaryFile("w", suffix=".json") as f:
        json.dump({"pyodide": str(NODE_PYODIDE), **config}, f)
        f.flush()
        proc = subprocess.run(["node", str(RUNNER), f.name], capture_output=True, text=True)
    if proc.returncode != 0:  # (Node prints the line of minified JS that threw: not those)
        said = [line for line in proc.stderr.splitlines() if len(line) < 300]
        raise SystemExit(f"Pyodide under Node failed ({config}):\n" + "\n".join(said[-40:]))
    return proc.stdout


def run_exercise(stdlib: Path, wheel: Path, names: list[str]) -> dict:
    """:func:`engine_exercise.exercise` in Pyodide under Node, started with
    ``stdlib`` as its standard library: ``{"problems", "files"}``."""
    config = {"stdlib": str(stdlib), "wheel": str(wheel), "exercise": str(EXERCISE), "names": names}
    return json.loads(run_in_pyodide(config))


def minify(stdlib: Path, out: Path) -> None:
    """``stdlib`` with its sources minified (:mod:`tools.build.stdlib_minify`) to ``out``."""
    full = NODE_PYODIDE / STDLIB  # (Pyodide runs on its own standard library meanwhile)
    run_in_pyodide({"stdlib": str(full), "input": str(stdlib), "minify": str(MINIFY), "out": str(out)})


def cut(source: Path, files: list[str], out: Path) -> None:
    """Write ``out``: the entries of the zip ``source`` named in ``files``,
    and the folders that hold them, in ``source``'s order and with its
    timestamps (the same inputs give the same bytes)."""
    keep = set(files)
    folders = {"/".join(f.split("/")[:i]) + "/" for f in keep for i in range(1, f.count("/") + 1)}
    with zipfile.ZipFile(source) as src, zipfile.ZipFile(out, "w") as dst:
        missing = keep - set(src.namelist())
        if missing:
            raise SystemExit(f"{source.name} has no {sorted(missing)}")
        for info in src.infolist():
            if info.filename in keep or info.filename in folders:
                data = src.read(info)
                info.compress_type = zipfile.ZIP_DEFLATED if data else zipfile.ZIP_STORED
                dst.writestr(info, data, compresslevel=9)


def compiled_wheel(wheel: Path) -> Path:
    """``wheel`` as the site ships it, under the same name, cached in
    ``.build/compiled/<hash>/``: its sources' docstrings and comments taken
    out (:mod:`tools.build.stdlib_minify`, as for the standard library: a
    quarter less to download; the engine reads no docstring in the page),
    then byte-compiled for the page's Python where it pays
    (:mod:`tools.build.wheel_compile`), and its entries deflated again by
    zopfli (:mod:`tools.build.deflate`)."""
    key = digest(NODE_PYODIDE / STDLIB, wheel, COMPILE, MINIFY, RUNNER, DEFLATE)[:16]
    out = BUILD / "compiled" / key / wheel.name
    if not out.exists():
        shutil.rmtree(BUILD / "compiled", ignore_errors=True)
        out.parent.mkdir(parents=True)
        minified = out.with_suffix(f".{key}.min")
        tmp = out.with_suffix(f".{key}.tmp")
        stdlib = str(NODE_PYODIDE / STDLIB)
        run_in_pyodide({"stdlib": stdlib, "input": str(wheel), "minify": str(MINIFY), "out": str(minified)})
        run_in_pyodide({"stdlib": stdlib, "wheel": str(minified), "compile": str(COMPILE), "out": str(tmp)})
        minified.unlink()
        recompress_in_venv(tmp, out, BUILD / "deflate")
        tmp.unlink()
    return out


def engine_stdlib(wheel: Path) -> Path:
    """The cut standard library zip for ``wheel`` (found, minified, checked
    and cached on first use)."""
    full = NODE_PYODIDE / STDLIB
    names = named_modules()
    sources = (full, EXERCISE, MINIFY, RUNNER, DEFLATE, Path(__file__))
    key = digest(*sources, wheel, json.dumps(names))[:16]
    out = CACHE / f"{key}-{STDLIB}"
    if out.exists():
        return out
    CACHE.mkdir(parents=True, exist_ok=True)
    log("finding the standard library modules the engine needs (Pyodide under Node)")
    found = run_exercise(full, wheel, names)
    if found["problems"]:
        raise SystemExit("the engine exercise met problems:\n  " + "\n  ".join(found["problems"]))
    # the same modules give the same minified zip: kept apart from the wheel's key
    minified = CACHE / f"min-{digest(*sources, json.dumps(found['files']))[:16]}.zip"
    if not minified.exists():
        tmp = CACHE / f"cut-{key}.tmp"
        cut(full, found["files"], tmp)
        minify(tmp, minified.with_suffix(f".{key}.tmp"))
        recompress_in_venv(minified.with_suffix(f".{key}.tmp"), minified, BUILD / "deflate")  # (zopfli)
        minified.with_suffix(f".{key}.tmp").unlink()
        tmp.unlink()
    checked = run_exercise(minified, wheel, names)
    extra = sorted(set(checked["files"]) - set(found["files"]))
    if checked["problems"] or extra:
        raise SystemExit(
            "the cut standard library does not run the engine:\n  "
            + "\n  ".join(checked["problems"] + [f"also imported: {f}" for f in extra])
        )
    for old in [*CACHE.glob(f"*-{STDLIB}"), *CACHE.glob("min-*.zip")]:
        if old != minified:
            old.unlink()
    shutil.copy2(minified, out)
    with zipfile.ZipFile(full) as z:
        total = len(z.namelist())
    log(f"standard library: {len(found['files'])} of {total} files, {out.stat().st_size / 1e6:.2f} MB")
    return out


if __name__ == "__main__":  # python3 -m tools.build.stdlib: the modules kept
    from tools.build.wheel import build_wheel

    with zipfile.ZipFile(engine_stdlib(compiled_wheel(build_wheel()))) as z:
        print("\n".join(n for n in z.namelist() if not n.endswith("/")))
    sys.exit(0)
