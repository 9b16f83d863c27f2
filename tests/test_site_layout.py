"""The built site's layout (issue 16, "Updates"): index.html and sw.js are
the only entry points whose names stay from build to build; every file of a
build that can change is in ``b/<version>/`` and names its neighbours
relatively, so a page of one build can never load a file of another; two
builds never serve different bytes under one name (but for the fixed ones)."""

from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path

import pytest

import build
from tools.build import site

# (builds the site: on one worker of pytest-xdist, never beside another build into .build/ and dist/)
pytestmark = pytest.mark.xdist_group("site-build")

LOCAL_URL = re.compile(r'\b(?:src|href)="([^"#?:]+)"')
# (not "from" ending a string or a name: "share.gif.from", "share-gif-from" are no imports)
IMPORT = re.compile(r'(?:(?<![.\-])\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)"([^"]+)"')


@pytest.fixture(scope="module")
def sites(tmp_path_factory) -> dict[str, Path]:
    """Two builds of the same sources, B with one more file (another version)."""
    base = tmp_path_factory.mktemp("sites")
    note = base / "note.txt"
    note.write_text("build B\n")
    return {
        "A": build.build(out=base / "A", force=True),
        "B": build.build(out=base / "B", extra={"note.txt": note}, force=True),
    }


def files(site: Path) -> set[str]:
    return {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}


def sw_constants(site: Path) -> tuple[str, list[str]]:
    text = (site / "sw.js").read_text()
    # (the build's scripts are minified: "const VERSION=...,FILES=[...]")
    version = re.search(r'\bVERSION\s*=\s*"([^"]*)"', text)[1]
    listed = json.loads("[" + re.search(r"\bFILES\s*=\s*\[(.*?)\]", text, re.S)[1] + "]")
    return version, listed


def info_build(site: Path) -> str:
    return build.build_info(site)["build"]


def sw_language_files(site: Path) -> dict[str, list[str]]:
    """sw.js's LANGUAGE_FILES, {code: [file, ...]} (minified: keys may lose their quotes)."""
    text = re.search(r"\bLANGUAGE_FILES\s*=\s*\{(.*?)\}", (site / "sw.js").read_text(), re.S)[1]
    return {
        code: json.loads("[" + items + "]")
        for code, items in re.findall(r'"?([a-z]{2,3})"?\s*:\s*\[(.*?)\]', text, re.S)
    }


@pytest.mark.slow
def test_only_fixed_names_stay_outside_the_build_and_pyodide_folders(sites):
    site = sites["A"]
    info = build.build_info(site)
    assert info["build"] == f"b/{info['version']}/" and re.fullmatch(r"[0-9a-f]{16}", info["version"])
    assert re.fullmatch(rf"pyodide/{re.escape(build.pyodide_version())}-[0-9a-f]{{8}}/", info["pyodide"])
    assert {p.name for p in site.iterdir()} == set(build.ROOT_FILES) | {"b", "pyodide"}
    assert [p.name for p in (site / "b").iterdir()] == [info["version"]]
    own = files(site / info["build"])
    assert {"app.js", "start.js", "worker.js"} <= own and not {"sw.js", "index.html"} & own
    assert {"pyodide-lock.json", "rules-diagrams.json", f"wheels/{info['wheel']}", "style.css"} <= own
    assert sorted(files(site / info["pyodide"])) == sorted(build.PYODIDE_CORE)


@pytest.mark.slow
def test_the_page_loads_only_its_own_builds_files(sites):
    site = sites["A"]
    own = build.build_info(site)["build"]
    page = (site / "index.html").read_text()
    urls = LOCAL_URL.findall(page)
    for url in urls:
        assert (site / url).exists(), url
        if url.endswith((".js", ".css")):
            assert url.startswith(own), url
    assert {own + "app.js", own + "start.js", own + "style.css"} <= set(urls)
    assert "__GAMUT" not in page


@pytest.mark.slow
def test_the_builds_modules_import_each_other_relatively(sites):
    """A module of the build names only modules of the same build (and the
    worker names Pyodide's pinned folder), so that no module of one build
    can pull in another build's."""
    site = sites["A"]
    info = build.build_info(site)
    folder = site / info["build"]
    for path in folder.rglob("*.js"):
        text = path.read_text()
        assert "__GAMUT_" not in text, path
        for spec in IMPORT.findall(text):
            assert spec.startswith("./") or (spec.startswith("../") and path.parent != folder), (path, spec)
            assert (path.parent / spec).resolve().is_relative_to(folder), (path, spec)
            assert (path.parent / spec).is_file(), (path, spec)
    worker = (folder / "worker.js").read_text()
    pyodide = re.search(r'\bPYODIDE\s*=\s*"([^"]+)"', worker)[1]
    assert posixpath.normpath(posixpath.join(info["build"], pyodide)) + "/" == info["pyodide"]
    assert re.search(rf'\bBUILD\s*=\s*"{info["version"]}"', worker)
    offline = (folder / "offline.js").read_text()
    assert re.search(rf'\bBUILD\s*=\s*"{info["version"]}"', offline) and re.search(
        r"export\s*\{[^}]*\bBUILD\b|export const BUILD", offline
    )
    site_root = re.search(r'new URL\("([^"]+)",\s*import.meta.url\)', offline)[1]
    assert posixpath.normpath(posixpath.join(info["build"], site_root)) == "."


@pytest.mark.slow
def test_the_service_worker_caches_every_file_of_its_build(sites):
    site = sites["A"]
    version, listed = sw_constants(site)
    assert version == build.build_info(site)["version"]
    # every file: those every visitor needs, and each language's but English's
    languages = sw_language_files(site)
    assert sorted(languages) == ["de", "en", "es", "fr", "hu"]
    for code, own in languages.items():
        assert {f"{info_build(site)}i18n/{code}.json", f"{info_build(site)}games/rules.{code}.json"} <= set(
            own
        )
        assert code == "en" or f"manifest.{code}.webmanifest" in own
        assert not {f for f in own if f".{code}." not in f and f"/{code}." not in f}
    language_files = [f for own in languages.values() for f in own]
    assert listed[0] == "./" and sorted(listed[1:] + language_files) == sorted(files(site) - {"sw.js"})
    assert f"{info_build(site)}i18n/en.json" not in listed  # (English's, cached for a page in English)
    assert "manifest.webmanifest" in listed
    # sw.js tells the folders whose files never change under one name by this pattern
    immutable = re.search(r"\bIMMUTABLE\s*=\s*/(.*?)/[;,]", (site / "sw.js").read_text())[1]
    assert immutable.replace("\\/", "/") == f"^(?:{build.BUILD_DIR}|{build.PYODIDE_DIR})/"


@pytest.mark.slow
def test_two_builds_never_serve_different_bytes_under_one_name(sites):
    a, b = sites["A"], sites["B"]
    ia, ib = build.build_info(a), build.build_info(b)
    assert ia["version"] != ib["version"] and ia["pyodide"] == ib["pyodide"]
    fixed = set(build.ROOT_FILES) | {"note.txt"}
    common = {f for f in files(a) & files(b) if f.split("/")[0] not in fixed}
    assert common == {ia["pyodide"] + name for name in build.PYODIDE_CORE}
    for name in common:
        assert (a / name).read_bytes() == (b / name).read_bytes(), name
    # the builds' own files are the same sources, each in its own folder
    assert files(a / ia["build"]) == files(b / ib["build"])
    assert (a / ia["build"] / "pyodide-lock.json").read_bytes() == (
        b / ib["build"] / "pyodide-lock.json"
    ).read_bytes()
    # and the same sources give the same build
    again = build.build(out=a.parent / "A-again", force=True)
    assert build.build_info(again)["version"] == ia["version"]


def staged(tmp_path: Path, page: str) -> Path:
    """A site as build() has it before fill_markers: the page, the build's folder."""
    folder = tmp_path / "b" / "v1"
    folder.mkdir(parents=True)
    (folder / "worker.js").write_text('const BUILD = "__GAMUT_VERSION__"; const P = "__GAMUT_PYODIDE__";')
    (folder / "offline.js").write_text('const BUILD = "__GAMUT_VERSION__"; const S = "__GAMUT_SITE__";')
    for name in ("app.js", "style.css"):
        (folder / name).write_text("")
    (tmp_path / "manifest.webmanifest").write_text("{}")
    (tmp_path / "index.html").write_text(page)
    return folder


def test_the_page_is_pointed_at_its_builds_folder(tmp_path):
    staged(
        tmp_path,
        '<link href="./style.css"><link href="manifest.webmanifest"><a href="./">'
        '<a href="#rules/loa"><img src="data:x"><script src="app.js"></script>',
    )
    build.fill_markers(tmp_path, "b/v1/", "pyodide/9/", "v1")
    assert (tmp_path / "index.html").read_text() == (
        '<link href="b/v1/style.css"><link href="manifest.webmanifest"><a href="./">'
        '<a href="#rules/loa"><img src="data:x"><script src="b/v1/app.js"></script>'
    )
    assert (tmp_path / "b/v1/worker.js").read_text() == 'const BUILD = "v1"; const P = "../../pyodide/9/";'
    assert (tmp_path / "b/v1/offline.js").read_text() == 'const BUILD = "v1"; const S = "../../";'


@pytest.mark.parametrize(
    "page, error",
    [
        ('<script src="app.js"></script><script src="missing.js"></script>', "missing.js"),
        ('<script src="elsewhere/app.js"></script>', "elsewhere/app.js"),
        ('<link href="style.css">', "does not load app.js"),
    ],
)
def test_a_page_naming_what_the_site_lacks_stops_the_build(tmp_path, page, error):
    staged(tmp_path, page)
    with pytest.raises(SystemExit, match=re.escape(error)):
        build.fill_markers(tmp_path, "b/v1/", "pyodide/9/", "v1")


def test_a_script_without_its_marker_stops_the_build(tmp_path):
    folder = staged(tmp_path, '<script src="app.js"></script>')
    (folder / "offline.js").write_text('const BUILD = "__GAMUT_VERSION__";')
    with pytest.raises(SystemExit, match="__GAMUT_SITE__"):
        build.fill_markers(tmp_path, "b/v1/", "pyodide/9/", "v1")


@pytest.mark.slow
def test_the_built_page_loads_one_style_sheet_holding_every_sheet_in_order(sites):
    """The build joins the page's style sheets (web/index.html's, in its
    order) into one style.css; the others are not in the build."""
    built_site = sites["A"]
    own = build.build_info(built_site)["build"]
    sources = re.findall(
        r'<link rel="stylesheet" href="([^"]+)">', (build.ROOT / "web" / "index.html").read_text()
    )
    assert len(sources) > 1 and "style.css" in sources
    built = re.findall(r'<link rel="stylesheet" href="([^"]+)">', (built_site / "index.html").read_text())
    assert built == [own + "style.css"]
    joined = (built_site / own / "style.css").read_text()
    places = [joined.index(f"/* {name} */\n") for name in sources]
    assert places == sorted(places), "in index.html's order"
    # (left: only the embed page's own sheets, which it loads beside style.css: #45)
    embed = re.findall(
        r'<link rel="stylesheet" href="([^"]+)">', (build.ROOT / "web" / "embed.html").read_text()
    )
    assert "style.css" in embed
    left = sorted(p for p in files(built_site / own) if p.endswith(".css") and p != "style.css")
    assert left == sorted(name for name in embed if name != "style.css") == ["embed/embed.css"]
    # a rule of each sheet is in it (the board's cells, the notes' comment colour)
    assert ".board" in joined and "--comment-text" in joined


def test_a_style_sheet_with_a_url_or_an_import_stops_the_build(tmp_path):
    page = '<link rel="stylesheet" href="style.css">\n<link rel="stylesheet" href="x/a.css">\n'
    (tmp_path / "x").mkdir()
    (tmp_path / "style.css").write_text("body{color:red}")
    (tmp_path / "x" / "a.css").write_text("div{background:url(i.png)}")
    with pytest.raises(SystemExit, match="url"):
        site.one_style_sheet(page, tmp_path)
    (tmp_path / "x" / "a.css").write_text("div{color:blue}")
    assert site.one_style_sheet(page, tmp_path) == '<link rel="stylesheet" href="style.css">\n'
    assert (
        tmp_path / "style.css"
    ).read_text() == "/* style.css */\nbody{color:red}\n/* x/a.css */\ndiv{color:blue}"
    assert not (tmp_path / "x" / "a.css").exists()
