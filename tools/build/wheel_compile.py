"""The site's engine wheel byte-compiled where it pays: each module that
``import gamut.bridge`` loads (what the worker imports before it is ready)
replaced by its ``.pyc`` (issue #32); the others (the computer player,
analysis, records: imported once the engine is ready, before the memory
snapshot is saved) stay sources, which weigh half as much compressed.

Run inside Pyodide under Node (tools/build/pyodide_run.mjs), so the bytecode
is the page's Python's (3.14: CPython here cannot write it).  Measured in
Pyodide under Node: importing ``gamut.bridge`` from sources took 1.0-1.9 s
(compiling them), from bytecode 0.3-0.5 s; every other gamut module 0.6-1.1 s
against 0.2 s.  The worker imports the modules straight from the wheel
(``sys.path``, zipimport, no unpacking), where a sourceless ``.pyc`` is
loaded as it is.  Tracebacks then name files and lines without their text
(the tests run the sources in CPython).  Uses the standard library only.

Compiled as small as the worker allows (issue #33, room for the languages):

* ``optimize=2`` (as ``python -OO``): no asserts (sanity checks only; the
  tests run them in CPython) and no docstrings (already emptied by
  :mod:`tools.build.stdlib_minify`; only
  ``gamut.methods.registry.reference()`` reads them, in the tests);
* without column positions (``PYTHONNODEBUGRANGES``, set by
  pyodide_run.mjs for this step; checked here): a traceback names the file
  and line, not the columns.  The wheel's bytecode weighs 27 % less
  compressed (199 KB to 149 KB), and loads as fast;
* its RECORD names every file without a hash or size (``path,,``): the
  site's wheel is imported in place, never installed, and the worker checks
  the whole wheel against the sha256 that pyodide-lock.json pins.  The
  hashes were 4 KB of a first visit (#46: room for the QR encoder).
"""

from __future__ import annotations

import importlib._bootstrap_external as external
import zipfile


def compile_wheel(source: str, out: str) -> None:
    """Copy the wheel ``source`` to ``out`` with the sources of
    :func:`first_modules` compiled to sourceless ``.pyc`` files beside where
    they were (the same order, timestamps and other files; RECORD written
    anew, naming every file without its hash)."""
    if next(compile("x", "<check>", "eval").co_positions())[2] is not None:
        raise SystemExit("compile_wheel: run with PYTHONNODEBUGRANGES=1 (pyodide_run.mjs sets it)")
    entries: list[tuple[zipfile.ZipInfo, bytes]] = []
    first = first_modules(source)
    with zipfile.ZipFile(source) as src:
        for info in src.infolist():
            data = src.read(info)
            if info.filename.endswith("/RECORD"):
                record = info
                continue
            if info.filename in first:
                code = compile(data, info.filename, "exec", dont_inherit=True, optimize=2)
                data = bytes(external._code_to_timestamp_pyc(code, 0, 0))
                info = zipfile.ZipInfo(info.filename + "c", info.date_time)
                info.external_attr = 0o644 << 16
            entries.append((info, data))
    lines = [f"{info.filename},," for info, _ in entries]
    lines.append(f"{record.filename},,")
    entries.append((record, ("\n".join(lines) + "\n").encode()))
    with zipfile.ZipFile(out, "w") as dst:
        for info, data in entries:
            info.compress_type = zipfile.ZIP_DEFLATED
            dst.writestr(info, data, compresslevel=9)


def first_modules(wheel: str) -> set[str]:
    """The files of ``wheel`` (paths inside it) that ``import gamut.bridge``
    loads, imported from the wheel itself (zipimport) in a clean namespace."""
    import sys

    sys.path.insert(0, wheel)
    try:
        import gamut.bridge  # noqa: F401
    finally:
        sys.path.remove(wheel)
    mark = wheel + "/"
    return {
        m.__file__[len(mark) :]
        for m in list(sys.modules.values())
        if (getattr(m, "__file__", None) or "").startswith(mark)
    }
