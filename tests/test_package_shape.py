"""The shape of the shipped package (everything under ``py/gamut``, the wheel
the browser loads): what its modules import, read from their source with
:mod:`ast` (imports inside functions included, since they run too).

* Only the standard library and gamut itself: no third-party package (the
  wheel has no dependencies) and none of the repository's developer
  packages (``tools``, ``bench``, ``tests``).
* Only standard modules a browser can run: :data:`NOT_IN_A_BROWSER` lists
  those that Pyodide cannot run (processes, threads, sockets, native
  libraries) or that only developer tools need (archives, temporary
  files), each pulling weight into every page's import and its memory
  snapshot.  Developer tools live in ``tools/``.
* No import cycle anywhere in ``py/``: each module can be read knowing only
  those below it.  Imports under ``if TYPE_CHECKING:`` never run and do not
  count.
* No file in ``py/`` over :data:`MAX_LINES` lines, and none of the page's
  sources in ``web/`` (its scripts, styles and pages) either (issue #26):
  a file that grows past it is split by role.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PY = ROOT / "py"
PACKAGE = "gamut"

#: Standard modules the wheel must not import, and why.
NOT_IN_A_BROWSER = {
    "subprocess": "no processes in a browser",
    "multiprocessing": "no processes in a browser",
    "concurrent": "no processes or threads in a browser",
    "threading": "no threads in Pyodide",
    "_thread": "no threads in Pyodide",
    "socket": "no sockets in a browser",
    "ssl": "no sockets in a browser",
    "select": "no sockets in a browser",
    "selectors": "no sockets in a browser",
    "asyncio": "the worker's loop is JavaScript's; the engine slices its own work",
    "signal": "no signals in a browser",
    "http": "the page fetches, not the engine",
    "urllib": "the page fetches, not the engine",
    "webbrowser": "a developer tool",
    "ctypes": "no native libraries in the wheel",
    "sqlite3": "no database in the engine",
    "tkinter": "no desktop windows",
    "tarfile": "archives are a developer tool's business (tools/)",
    "zipfile": "archives are a developer tool's business (tools/)",
    "lzma": "archives are a developer tool's business (tools/)",
    "bz2": "archives are a developer tool's business (tools/)",
    "gzip": "archives are a developer tool's business (tools/)",
    "tempfile": "no files in the engine: the page owns storage",
    "shutil": "no files in the engine: the page owns storage",
    "atexit": "a developer tool's cleanup",
    "pty": "no terminals in a browser",
    "tty": "no terminals in a browser",
    "termios": "no terminals in a browser",
    "fcntl": "no file descriptors in a browser",
    "resource": "no process limits in a browser",
    "mmap": "no memory maps in a browser",
}

#: Developer packages of the repository, never imported by the wheel.
DEVELOPER_PACKAGES = {"tools", "bench", "tests", "e2e", "build"}

WEB = ROOT / "web"

MAX_LINES = 500

#: The kinds of file of ``web/`` held to :data:`MAX_LINES`: the page's own
#: sources (not its data, such as the rules diagrams' JSON).
WEB_SOURCES = ("*.js", "*.css", "*.html")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PY).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    """Every module under ``py/``, by its dotted name."""
    return {module_name(p): p for p in sorted(PY.rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _import_nodes(tree: ast.AST):
    """Every import statement of ``tree`` that runs (those under ``if
    TYPE_CHECKING:`` never do)."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                yield from _import_nodes(ast.Module(body=[child], type_ignores=[]))
            continue
        yield from _import_nodes(node)


def imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The dotted names ``name`` imports: for ``from X import y``, ``X.y``
    when that is a module of ``known``, else ``X``."""
    is_package = path.name == "__init__.py"
    found = set()
    for node in _import_nodes(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
            continue
        if node.module == "__future__":
            continue
        if node.level:
            base = name.split(".")
            base = base[: len(base) - node.level + (1 if is_package else 0)]
            target = ".".join(base + ([node.module] if node.module else []))
        else:
            target = node.module or ""
        for alias in node.names:
            sub = f"{target}.{alias.name}"
            found.add(sub if sub in known else target)
    return found


def import_graph() -> dict[str, set[str]]:
    """Each module of ``py/`` with every name it imports."""
    mods = modules()
    return {name: imports(name, path, set(mods)) for name, path in mods.items()}


def _top(name: str) -> str:
    return name.split(".")[0]


@pytest.mark.slow
def test_the_wheel_imports_only_standard_modules_a_browser_runs():
    graph = import_graph()
    assert any(name.startswith(f"{PACKAGE}.") for name in graph)
    problems = []
    for module, names in sorted(graph.items()):
        for name in sorted(names):
            top = _top(name)
            if top == PACKAGE:
                continue
            if top in DEVELOPER_PACKAGES:
                problems.append(f"{module} imports {name}: a developer package")
            elif top not in sys.stdlib_module_names:
                problems.append(f"{module} imports {name}: not the standard library")
            elif top in NOT_IN_A_BROWSER:
                problems.append(f"{module} imports {name}: {NOT_IN_A_BROWSER[top]}")
    assert not problems, "\n".join(problems)


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of ``graph`` with more than one module
    (Tarjan's algorithm), each sorted; a module importing itself is no cycle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in graph:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_cycle_anywhere():
    found = cycles(import_graph())
    assert not found, "import cycles: " + "; ".join(" <-> ".join(c) for c in found)


def test_the_cycle_finder_finds_cycles_through_function_level_imports(tmp_path):
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"a", "b"}, "b": set()}) == []
    source = "import os\n\ndef later():\n    from . import b\n"
    (tmp_path / "a.py").write_text(source)
    assert imports("p.a", tmp_path / "a.py", {"p.a", "p.b"}) == {"os", "p.b"}
    (tmp_path / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import x\n"
    )
    assert imports("p.c", tmp_path / "c.py", {"p.a", "p.c"}) == {"typing"}


def too_long(root: Path, patterns: tuple[str, ...]) -> dict[str, int]:
    """Each file under ``root`` matching one of ``patterns`` that has more
    than :data:`MAX_LINES` lines, with its count."""
    return {
        p.relative_to(root).as_posix(): n
        for pattern in patterns
        for p in sorted(root.rglob(pattern))
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }


def test_no_file_in_py_is_over_500_lines():
    assert too_long(PY, ("*.py",)) == {}


def test_no_file_in_web_is_over_500_lines():
    assert any(WEB.rglob("*.js")) and any(WEB.rglob("*.css")) and any(WEB.rglob("*.html"))
    assert too_long(WEB, WEB_SOURCES) == {}


def test_the_line_counter_finds_long_files(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "long.js").write_text("x\n" * (MAX_LINES + 1))
    (tmp_path / "short.css").write_text("x\n" * MAX_LINES)
    (tmp_path / "long.json").write_text("x\n" * (MAX_LINES + 1))
    assert too_long(tmp_path, WEB_SOURCES) == {"sub/long.js": MAX_LINES + 1}
