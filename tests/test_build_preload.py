"""The page's modulepreload links (tools/build/preload.py): every module of
the static import graph, dependencies first, the entries and dynamic
imports left out, and a module missing from the site fails the build."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.build.preload import add_preloads, module_graph


def site(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    return tmp_path


FILES = {
    "app.js": 'import{a}from"./model/a.js";import"./side.js";export*from"./app/b.js";',
    "start.js": "const x=1;",
    "model/a.js": 'import{c}from"../lib/c.js";export const a=1;',
    "app/b.js": 'import{a}from"../model/a.js";const m=()=>import("../lazy.js");export const b=m;',
    "lib/c.js": "export const c=1;",
    "side.js": "",
    "lazy.js": "export const lazy=1;",
}


def test_the_graph_lists_every_static_import_dependencies_first(tmp_path):
    order = module_graph(site(tmp_path, FILES), ["start.js", "app.js"])
    assert sorted(order) == ["app/b.js", "lib/c.js", "model/a.js", "side.js"]  # (no entry, no lazy.js)
    assert order.index("lib/c.js") < order.index("model/a.js") < order.index("app/b.js")


def test_the_links_go_before_the_first_module_script(tmp_path):
    root = site(tmp_path, FILES)
    page = root / "index.html"
    page.write_text(
        '<head>\n<script type="module" src="start.js"></script>\n<script type="module" src="app.js"></script>\n</head>'
    )
    assert add_preloads(page, root) == 4
    text = page.read_text()
    assert text.index('<link rel="modulepreload" href="lib/c.js">') < text.index('src="start.js"')
    assert text.count("modulepreload") == 4


def test_a_module_missing_from_the_site_fails_the_build(tmp_path):
    root = site(tmp_path, {"app.js": 'import"./gone.js";'})
    with pytest.raises(SystemExit, match=r"gone\.js"):
        module_graph(root, ["app.js"])
