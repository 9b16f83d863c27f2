"""``<link rel="modulepreload">`` for every module a page's scripts import.

The page is plain ES modules with no bundler (CONTRIBUTING.md): ``app.js`` imports
about 120 modules, 15 imports deep, and a browser learns of a module only
once it has fetched and parsed the one that imports it, so a first load pays
one round trip per level (15 on a slow network) before the page can run.
Listing every module of the static import graph in the page's head lets the
browser fetch them all at once.  Dynamic ``import()`` (what a page loads only
when asked) is left out: it stays lazy.

The graph is read from the built (minified) scripts, whose comments are
gone, so a module named in a comment is never taken for an import.
"""

from __future__ import annotations

import re
from pathlib import Path

IMPORT = re.compile(r"""(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}/[^"']+)["']""")
MODULE_SCRIPT = re.compile(r'<script type="module" src="([^"]+)"></script>\n?')


def static_imports(path: Path) -> list[Path]:
    """The modules ``path`` imports statically (relative specifiers only)."""
    return [(path.parent / spec).resolve() for spec in IMPORT.findall(path.read_text())]


def module_graph(folder: Path, entries: list[str]) -> list[str]:
    """Every module the ``entries`` (paths under ``folder``) import, directly
    or not, dependencies first; the entries themselves are left out."""
    root = folder.resolve()
    done: list[Path] = []
    seen: set[Path] = set()

    def visit(path: Path) -> None:
        if path in seen:
            return
        seen.add(path)
        if not path.is_file():
            raise SystemExit(f"{path.relative_to(root)} is imported but not in the site")
        for dep in static_imports(path):
            visit(dep)
        done.append(path)

    starts = [(root / e).resolve() for e in entries]
    for start in starts:
        visit(start)
    return [p.relative_to(root).as_posix() for p in done if p not in starts]


def add_preloads(page: Path, folder: Path) -> int:
    """Put a modulepreload link for every module of ``page``'s module scripts
    (found under ``folder``) before the first of them; returns how many."""
    text = page.read_text()
    scripts = MODULE_SCRIPT.findall(text)
    if not scripts:
        return 0
    modules = module_graph(folder, scripts)
    links = "".join(f'<link rel="modulepreload" href="{m}">\n' for m in modules)
    first = MODULE_SCRIPT.search(text)
    assert first is not None
    page.write_text(text[: first.start()] + links + text[first.start() :])
    return len(modules)
