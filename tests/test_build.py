"""build.py and its package tools/build/: the wheel, byte-identical from build
to build, its metadata read from pyproject.toml alone; the test packages
installed from a lock file that pins and hashes every one of them; the
manifest's description written from the engine's games; the build's own files
small and set up with the standard library alone."""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
import tomllib
import zipfile
import zlib
from pathlib import Path

import pytest

import build  # (tests/conftest.py puts the repository root on the path)
import gamut

ROOT = Path(__file__).resolve().parents[1]
BUILD_SOURCES = [ROOT / "build.py", *sorted((ROOT / "tools" / "build").glob("*.py"))]


def test_the_wheel_is_byte_identical_from_build_to_build(tmp_path):
    a = build.build_wheel(tmp_path / "a")
    b = build.build_wheel(tmp_path / "b")
    assert a.name == b.name == f"gamut-{gamut.__version__}-py3-none-any.whl"
    assert a.read_bytes() == b.read_bytes()


def test_the_wheel_metadata_comes_from_pyproject(tmp_path):
    project = build.project_metadata()
    assert project["version"] == gamut.__version__
    wheel = build.build_wheel(tmp_path)
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        meta = zf.read(f"gamut-{gamut.__version__}.dist-info/METADATA").decode()
    assert f"Summary: {project['description']}\n" in meta
    assert f"Requires-Python: {project['requires-python']}\n" in meta
    assert "gamut/view.py" in names and "gamut/games/loa/evaluation.py" in names
    assert not any("__pycache__" in n for n in names)
    # the version and the summary are written once, in the sources
    for path in BUILD_SOURCES:
        text = path.read_text()
        assert project["description"] not in text and gamut.__version__ not in text, path


def test_the_lock_pins_and_hashes_every_top_level_package():
    lock = (ROOT / "requirements-dev.lock").read_text()
    pins = dict(re.findall(r"^([A-Za-z0-9_.-]+)==(\S+) \\$", lock, re.M))
    top = dict(re.findall(r"^([A-Za-z0-9_.-]+)==(\S+)$", (ROOT / "requirements-dev.txt").read_text(), re.M))
    assert top and "mypy" in top
    for name, version in top.items():
        assert pins.get(name.lower()) == version, name
    # every requirement of the lock carries its hashes (pip's --require-hashes)
    lines = lock.splitlines()
    for i, line in enumerate(lines):
        if re.match(r"[A-Za-z0-9]", line):
            assert re.match(r"[A-Za-z0-9_.-]+==\S+ \\$", line), line
            assert lines[i + 1].strip().startswith("--hash=sha256:"), line


@pytest.mark.slow
def test_the_wheel_is_complete_and_pip_installs_a_working_engine(tmp_path):
    """The wheel the worker loads: every file recorded, and an engine that answers once pip-installed."""
    a = build.build_wheel(tmp_path)  # (its name and byte-identity: the first test)
    with zipfile.ZipFile(a) as zf:
        names = zf.namelist()
        assert "gamut/__init__.py" in names and "gamut/bridge.py" in names
        assert not any("__pycache__" in n or n.endswith(".pyc") for n in names)
        record = zf.read(f"gamut-{gamut.__version__}.dist-info/RECORD").decode()
        assert all(n in record for n in names)
    target = tmp_path / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--no-index",
            "--disable-pip-version-check",
            "--target",
            str(target),
            str(a),
        ],
        check=True,
        capture_output=True,
    )
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            "import gamut, gamut.bridge as b; print(gamut.__file__); "
            "print(b.handle('new', '{\"game\": \"loa\"}')[:11])",
        ],
        cwd=tmp_path,
        env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"},
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    assert out[0].startswith(str(target)) and out[1] == '{"ok":true,'


@pytest.mark.slow
def test_first_moves_read_back_by_the_page_are_the_engines_views(tmp_path):
    """build.first_moves (first-moves/<game>.json) read by web/engine/early.js
    ``expand`` gives, for every game and every first move, exactly the view
    the engine gives after that move (the page plays from these before the
    engine is ready)."""
    from gamut import bridge
    from gamut.methods.moves import m_play

    data = build.first_moves()
    initial = bridge.initial()
    assert sorted(data) == sorted(initial["starts"])
    (tmp_path / "first.json").write_text(json.dumps(data))
    (tmp_path / "initial.json").write_text(json.dumps(initial))
    early = (build.WEB / "engine" / "early.js").as_uri()
    script = f"""
      import {{ expand }} from {json.dumps(early)};
      import {{ readFileSync }} from "node:fs";
      const data = JSON.parse(readFileSync({json.dumps(str(tmp_path / "first.json"))}, "utf8"));
      const initial = JSON.parse(readFileSync({json.dumps(str(tmp_path / "initial.json"))}, "utf8"));
      const out = {{}};
      for (const [game, entry] of Object.entries(data)) {{
        out[game] = {{}};
        for (const [move, delta] of Object.entries(entry.views)) out[game][move] = expand(initial.views[game], delta);
      }}
      process.stdout.write(JSON.stringify(out));
    """
    read = json.loads(
        subprocess.run(
            ["node", "--input-type=module", "-e", script],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    )
    for gid, start in initial["starts"].items():
        assert data[gid]["start"] == start
        moves = [m["text"] for m in initial["views"][gid]["moves"]]
        assert list(read[gid]) == moves, gid
        for move in moves:
            expected = m_play({"start": start, "line": [], "move": move})["view"]
            assert read[gid][move] == expected, (gid, move)


def test_view_delta_writes_what_changes_and_refers_to_the_parents_items():
    parent = {"a": 1, "list": [{"x": 1}, {"x": 2}], "gone": True, "same": [1]}
    view = {"a": 2, "list": [{"x": 2}, {"x": 3}], "same": [1], "new": []}
    assert build.view_delta(parent, view) == {
        "a": 2,
        "list": [1, {"x": 3}],
        "new": [],
        "$refs": ["list"],
        "$gone": ["gone"],
    }
    assert build.view_delta(parent, parent) == {}


def test_the_page_and_manifest_name_the_engines_games_in_registry_order(tmp_path):
    """No list of games is written by hand: the page's description and the
    manifest's name and description are the engine's games, in order."""
    from tools.build import site

    names = [info.name for info in gamut.core.GAMES.values()]
    phrase = f"{', '.join(names[:-1])} and {names[-1]}"
    manifest = tmp_path / "manifest.webmanifest"
    manifest.write_text((build.WEB / "manifest.webmanifest").read_text())
    site.fill_games(manifest, names)
    data = json.loads(manifest.read_text())
    assert data["name"] == f"Gamut: {phrase}"
    assert data["description"] == f"Play {phrase} in your browser, offline, against a friend or the computer."
    page = tmp_path / "index.html"
    page.write_text((build.WEB / "index.html").read_text())
    site.fill_games(page, names)
    assert f'content="Play {phrase} in your browser' in page.read_text()
    assert "__GAMUT" not in page.read_text().split("<!--INITIAL-->")[0]
    for name in names:  # (and nowhere else in web/ by hand)
        assert name not in (build.WEB / "manifest.webmanifest").read_text()
    assert site.games_phrase(["A"]) == "A" and site.games_phrase(["A", "B"]) == "A and B"
    (tmp_path / "plain.html").write_text("<p>no marker</p>")
    with pytest.raises(SystemExit, match="__GAMUT_GAMES__"):
        site.fill_games(tmp_path / "plain.html", names)


def test_the_build_is_small_modules_of_the_standard_library():
    """build.py runs with the system python3 before any set-up: its package
    imports nothing outside the standard library and itself, and no file of
    it is over 500 lines.  One named exception: tools/build/deflate.py's
    zopfli, imported only inside the function that ``.venv``'s Python runs
    (the build calls it as a subprocess there, recompress_in_venv)."""
    venv_only = {("deflate.py", "zopfli.zopfli")}
    for path in BUILD_SOURCES:
        assert len(path.read_text().splitlines()) <= 500, path
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if (path.name, name) in venv_only:
                    continue
                assert top in sys.stdlib_module_names or top in ("tools", "gamut"), (path, name)
    assert len((ROOT / "build.py").read_text().splitlines()) <= 150


def test_the_fast_loop_runs_every_check_but_the_browser_and_the_slow_tests():
    from tools.build import checks

    py = Path("/venv/bin/python")
    fast = {c.name: c.command for c in checks.checks(py, fast=True)}
    full = {c.name: c.command for c in checks.checks(py, fast=False)}
    lint_and_types = ["js", "ruff check", "ruff format", "biome", "mypy", "tsc"]
    assert list(fast) == [*lint_and_types, "tests (not slow)"]
    assert list(full) == [*lint_and_types, "tests", "e2e"]
    assert fast["tests (not slow)"][-2:] == ["-m", "not slow"]
    assert "not slow" not in full["tests"] and "e2e" not in " ".join(map(str, fast.values()))
    # the browser tests on every core, a module to a worker (a module's shared page is
    # one page: another distribution would open it on both workers)
    e2e = full["e2e"]
    assert e2e[e2e.index("-n") + 1] == "auto" and e2e[e2e.index("--dist") + 1] == "loadscope", e2e
    assert checks.E2E_WORKERS[checks.E2E_WORKERS.index("--dist") + 1] == "loadscope"
    # the marker is registered (pytest warns of an unknown one, such as a misspelt "slow")
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    markers = pyproject["tool"]["pytest"]["ini_options"]["markers"]
    assert any(m.startswith(checks.SLOW_MARKER + ":") for m in markers)


def test_the_compression_cache_writes_through_a_name_of_its_own(tmp_path, monkeypatch):
    # two builds at once (the site's and the toy game's test site, whose mirror
    # links this cache) may write one entry at once: each writes it through a
    # temporary name of its own process, then renames it in place
    from tools.build import deflate

    written: list[str] = []
    real = Path.write_bytes

    def noting(self, data):
        written.append(self.name)
        return real(self, data)

    monkeypatch.setattr(Path, "write_bytes", noting)
    data = b"gamut " * 200
    stream = deflate.raw_deflate(data, tmp_path)
    assert zlib.decompress(stream, -15) == data
    [name] = written
    assert name.endswith(f".{os.getpid()}.tmp"), name
    assert [p.name for p in tmp_path.rglob("*") if p.is_file()] == [name.rsplit(".", 2)[0]]
    assert deflate.raw_deflate(data, tmp_path) == stream and len(written) == 1  # (read back, not written)


def test_no_classic_script_of_the_page_waits_for_its_style_sheets():
    # A classic <script src> after a style sheet runs only once every style
    # sheet before it has loaded, and the parser stops there: the page's
    # modules below it are not even asked for until then (on a first visit
    # that held the board back by a few hundred milliseconds).
    head = (ROOT / "web" / "index.html").read_text().split("</head>")[0]
    tags = re.findall(r'<(link rel="stylesheet"|script src=)', head)
    classic = [i for i, t in enumerate(tags) if t == "script src="]
    sheets = [i for i, t in enumerate(tags) if t.startswith("link")]
    assert classic and sheets
    assert max(classic) < min(sheets), tags


def _playwrights_disabled_features() -> list[str]:
    """The features the installed Playwright turns off in Chromium (its
    chromiumSwitches' ``disabledFeatures``, read from its driver's bundle)."""
    import playwright

    bundle = Path(playwright.__file__).parent / "driver" / "package" / "lib" / "coreBundle.js"
    text = bundle.read_text(encoding="utf-8")
    listed = re.search(r"disabledFeatures = \[(.*?)\]\.filter\(Boolean\)", text, re.S)
    assert listed, "Playwright's list of disabled features was not found in its bundle"
    body = re.sub(r"//[^\n]*", "", listed.group(1))
    return re.findall(r'"([^"]+)"', body)


def test_chromium_is_given_playwrights_disabled_features_and_ours_in_one_switch():
    """Chromium keeps only the last --disable-features: ours, given after
    Playwright's, must carry Playwright's too (all but those left on on purpose)."""
    from tools.build import layout

    assert set(layout.PLAYWRIGHT_DISABLED_FEATURES) == set(_playwrights_disabled_features())
    switches = [a for a in build.CHROMIUM_ARGS if a.startswith("--disable-features=")]
    assert len(switches) == 1, switches
    names = switches[0].split("=", 1)[1].split(",")
    assert set(names) == set(layout.PLAYWRIGHT_DISABLED_FEATURES) - set(layout.LEFT_ON) | {
        "WebUIOmniboxPopup",
        "WebUIOmniboxFullPopup",
        "WebUIOmniboxAimPopup",
        "PreloadTopChromeWebUI",
        "WebUIReloadButton",
    }
    assert "ThirdPartyStoragePartitioning" not in names  # (players' browsers partition a frame's storage)
