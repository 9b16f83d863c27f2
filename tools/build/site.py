"""The static site, written to ``dist/``.

``dist/`` holds the page (``web/index.html`` with the initial views inlined
at ``<!--INITIAL-->``), ``sw.js`` (the offline service worker, with the
build's version and file list filled in), ``version.json``, the web app
manifest (the page and the manifest name the engine's games) and its icons: the only
files whose names stay the same from build to build.  Everything else that
changes between builds is in ``b/<version>/`` (our JS/CSS, the worker,
``pyodide-lock.json``: Pyodide's ``info`` plus gamut with its real sha256;
the wheel in ``wheels/``, the rules diagrams, ``first-moves/<game>.json``: the
view after every first move of each game's default start, so the page plays
the first move before the engine is ready, web/engine/early.js), ``<version>`` being
a hash of the build's files, so that a page of one build can never load a
file of another (index.html names its scripts and style sheets there).
Pyodide's files are in ``pyodide/<its version>-<hash>/``: its runtime and the
standard library cut to what the engine needs (:mod:`tools.build.stdlib`),
``<hash>`` a hash of the folder's files, so the folder is shared by every
build that pins that version and needs the same modules, and a name never
changes content.  Every URL is relative, so ``dist/`` works from any
sub-path of any static host.  (No micropip: the worker unpacks our wheel
itself.)
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from tools.build import data
from tools.build.common import digest, log, sha256, short_hash, stamp, stamped
from tools.build.environment import NODE_PYODIDE, PYODIDE_CORE, PYODIDE_RUNTIME, ensure_node, pyodide_version
from tools.build.layout import (
    APP_SCRIPT,
    BUILD,
    BUILD_DIR,
    DIST,
    EMBED_HTML,
    GAMES_FILES,
    GAMES_MARKER,
    INDEX_HTML,
    INITIAL_MARKER,
    PYODIDE_DIR,
    ROOT,
    ROOT_FILES,
    SCRIPT_MARKERS,
    SERVICE_WORKER,
    SW_FILES_MARKER,
    SW_LANGUAGE_FILES_MARKER,
    SW_VERSION_MARKER,
    THEMES_FILE,
    THEMES_MARKER,
    THEMES_PAGES,
    VENDOR,
    WEB,
    WEB_SKIP,
    language_of,
)
from tools.build.manifests import write_manifests
from tools.build.minify_page import minify_in_place
from tools.build.preload import add_preloads
from tools.build.rules_i18n import bundle_rules, diagrams_without_words
from tools.build.stdlib import STDLIB, compiled_wheel, engine_stdlib
from tools.build.themes import game_themes, themes_script
from tools.build.wheel import build_wheel, package_files, project_version

# The build's own sources: a change to any of them rebuilds the site.
BUILD_SOURCES = (ROOT / "build.py", *sorted(Path(__file__).parent.glob("*.py")))
_PAGE_URL = re.compile(r'(\b(?:src|href)=")(?:\./)?([^"#?:]+)(")')


def web_files() -> list[Path]:
    return sorted(p for p in WEB.rglob("*") if p.is_file() and not WEB_SKIP.search(p.name))


def lock_file(pyodide_dir: Path, wheels: list[Path]) -> dict:
    """Our pyodide-lock.json: Pyodide's ``info`` and one entry per wheel.
    ``file_name`` is relative to ``packageBaseUrl`` (the worker passes
    ``wheels/``)."""
    upstream = json.loads((pyodide_dir / "pyodide-lock.json").read_text())
    packages = {}
    for wheel in wheels:
        name, version = wheel.name.split("-")[:2]
        entry = dict(upstream["packages"].get(name, {}))
        entry.update(
            {
                "name": name,
                "version": version,
                "file_name": wheel.name,
                "install_dir": "site",
                "sha256": sha256(wheel),
                "package_type": "package",
                "imports": [name],
                "depends": [],
                "unvendored_tests": False,
            }
        )
        entry.setdefault("tool", {})
        packages[name] = dict(sorted(entry.items()))
    return {"info": upstream["info"], "packages": packages}


def games_phrase(names: list[str]) -> str:
    """``["A", "B", "C"]`` -> ``"A, B and C"``."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def fill_games(path: Path, games: list[str]) -> None:
    """Write the games' names where ``path`` (a file of :data:`GAMES_FILES`,
    as copied into the site) has :data:`GAMES_MARKER`."""
    text = path.read_text()
    if GAMES_MARKER not in text:
        raise SystemExit(f"web/{path.name} does not name the games with {GAMES_MARKER}")
    text = text.replace(GAMES_MARKER, games_phrase(games))
    if path.suffix == ".webmanifest":
        json.loads(text)  # (a manifest that is not JSON fails here, not in the browser)
    path.write_text(text)


def build(out: Path = DIST, extra: dict | None = None, force: bool = False) -> Path:
    """Write the site to ``out`` (default dist/) and return it.

    ``extra`` maps file names to paths copied in as well, next to index.html
    (the e2e tests add their engine test page this way); they join the
    service worker's list."""
    extra = {k: Path(v) for k, v in (extra or {}).items()}
    ensure_node()
    wheel = compiled_wheel(build_wheel())  # (the page's bytecode: imported 2-4x faster)
    stdlib = engine_stdlib(wheel)
    inputs = (
        [*BUILD_SOURCES, ROOT / "pyproject.toml", ROOT / "package-lock.json", wheel, stdlib]
        + web_files()
        + package_files()
        + [NODE_PYODIDE / f for f in (*PYODIDE_CORE, "pyodide-lock.json", "package.json")]
        + list(VENDOR.values())
        + sorted(extra.items())
    )
    key = digest(
        str(out.resolve()),
        *[p if isinstance(p, Path) else f"{p[0]}={p[1]}" for p in inputs],
        *extra.values(),
    )
    stamp_name = "dist-" + short_hash(str(out.resolve()))
    if not force and stamped(
        stamp_name, key, [out / INDEX_HTML, out / SERVICE_WORKER, *(out / name for name in extra)]
    ):
        log(f"{out.relative_to(ROOT) if out.is_relative_to(ROOT) else out} is up to date")
        return out
    # Written beside, then swapped in (.build/ is gitignored; same file system as dist/).
    # The build's own files are staged in `stage` first: their hash names their folder.
    tmp = (BUILD if out.parent == ROOT else out.parent) / (out.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    stage = tmp / BUILD_DIR / "_"
    runtime = {name: NODE_PYODIDE / name for name in PYODIDE_RUNTIME} | {STDLIB: stdlib}
    pyodide_dir = f"{PYODIDE_DIR}/{pyodide_version()}-{digest(*(sha256(p) for p in runtime.values()))[:8]}/"
    (tmp / pyodide_dir).mkdir(parents=True)
    (stage / "wheels").mkdir(parents=True)
    for name, path in runtime.items():
        shutil.copy2(path, tmp / pyodide_dir / name)
    shutil.copy2(wheel, stage / "wheels" / wheel.name)
    lock = lock_file(NODE_PYODIDE, [stage / "wheels" / wheel.name])
    (stage / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n")
    copied = []
    for path in web_files():
        rel = path.relative_to(WEB)
        dest = (tmp if rel.parts[0] in ROOT_FILES else stage) / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, dest)
        if rel.name != SERVICE_WORKER:  # (written, then minified, at the end)
            copied.append(dest)
    for name, path in VENDOR.items():
        if not path.is_file():
            raise SystemExit(f"{path} is missing: run `python3 build.py setup` (npm ci)")
        dest = stage / name
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, dest)
        if dest.suffix == ".js":
            copied.append(dest)
    minify_in_place(tmp, copied)
    bundle_rules(stage / "games")  # (one file of rules pages per language, #33)
    for name, path in extra.items():
        shutil.copy2(path, tmp / name)
    engine = data.engine_data()
    page = (WEB / INDEX_HTML).read_text()
    if INITIAL_MARKER not in page:
        raise SystemExit(f"web/{INDEX_HTML} lacks the marker {INITIAL_MARKER}")
    page = page.replace(
        INITIAL_MARKER,
        '<script id="initial" type="application/json">' + engine["initial"] + "</script>",
        1,
    )
    (tmp / INDEX_HTML).write_text(one_style_sheet(page, stage))
    if f'href="{STYLE_SHEET}"' not in (tmp / EMBED_HTML).read_text():  # (#45: it loads the one sheet too)
        raise SystemExit(f"web/{EMBED_HTML} does not load {STYLE_SHEET}")
    write_themes(tmp, stage, engine["ids"])
    for name in (INDEX_HTML, EMBED_HTML):  # (every module fetched at once, not 15 imports deep)
        add_preloads(tmp / name, stage)
    for name in GAMES_FILES:
        fill_games(tmp / name, engine["games"])
    write_manifests(tmp, engine["games"])  # (one per language, #33)
    (stage / "rules-diagrams.json").write_text(diagrams_without_words(engine["rules_diagrams"]))
    (stage / "first-moves").mkdir()
    for gid, text in engine["first_moves"].items():
        (stage / "first-moves" / f"{gid}.json").write_text(text)
    data.write_icons(tmp / "icons")
    # The build's version = hash of everything it serves (files with their markers).
    files = sorted(
        p.relative_to(tmp).as_posix() for p in tmp.rglob("*") if p.is_file() and p.name != SERVICE_WORKER
    )
    version = digest(*[f + ":" + sha256(tmp / f) for f in files])[:16]
    build_dir = f"{BUILD_DIR}/{version}/"
    stage.rename(tmp / build_dir)
    fill_markers(tmp, build_dir, pyodide_dir, version)
    (tmp / "version.json").write_text(
        json.dumps(
            {
                "version": version,
                "gamut": project_version(),
                "wheel": wheel.name,
                "build": build_dir,
                "pyodide": pyodide_dir,
            }
        )
        + "\n"
    )
    write_service_worker(tmp, version)
    minify_in_place(tmp, [tmp / SERVICE_WORKER])
    shutil.rmtree(out, ignore_errors=True)
    tmp.rename(out)
    stamp(stamp_name, key)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    log(f"wrote {out} ({size / 1e6:.1f} MB, version {version})")
    return out


def write_themes(tmp: Path, stage: Path, games: list[str]) -> None:
    """Each game of ``games`` (the registry's ids) with its board themes
    (``games/<game>/themes.json``, checked: tools/build/themes.py), written
    into the pages of :data:`THEMES_PAGES` at :data:`THEMES_MARKER` (all of
    them, or each game's first), so that a page draws its first board in the
    theme chosen; the files are left out of the site (``stage``, the build's
    own folder)."""
    themes = game_themes(games)
    for name, first_only in THEMES_PAGES.items():
        page = (tmp / name).read_text()
        if THEMES_MARKER not in page:
            raise SystemExit(f"web/{name} lacks the marker {THEMES_MARKER}")
        (tmp / name).write_text(page.replace(THEMES_MARKER, themes_script(themes, first_only), 1))
    for game in games:
        (stage / "games" / game / THEMES_FILE).unlink(missing_ok=True)


STYLE_LINK = re.compile(r'<link rel="stylesheet" href="([^"]+)">\n?')
STYLE_SHEET = "style.css"  # the one style sheet the built page loads


def one_style_sheet(page: str, stage: Path) -> str:
    """``page`` loading one style sheet, ``style.css``: the page's style
    sheets (already minified in ``stage``), in the order index.html lists
    them, joined into it, and the others left out of the build (#47: 17
    sheets weighed 6 KB more gzipped one by one than as one, and were 16
    more requests on every visit).  None of them holds a url() or @import,
    which a sheet moved to another folder would break."""
    names = STYLE_LINK.findall(page)
    if STYLE_SHEET not in names:
        raise SystemExit(f"web/{INDEX_HTML} does not load {STYLE_SHEET}")
    texts = {name: (stage / name).read_text() for name in names}
    for name, text in texts.items():
        if "url(" in text or "@import" in text:
            raise SystemExit(f"web/{name}: a url() or @import would break in one joined style sheet")
    for name in names:
        (stage / name).unlink()
    (stage / STYLE_SHEET).write_text("\n".join(f"/* {name} */\n{text}" for name, text in texts.items()))
    at = STYLE_LINK.search(page).start()  # (where the first sheet was: the one sheet goes there)
    rest = STYLE_LINK.sub("", page)
    return rest[:at] + f'<link rel="stylesheet" href="{STYLE_SHEET}">\n' + rest[at:]


def write_service_worker(tmp: Path, version: str) -> None:
    """sw.js with the build's version and the list of every file it serves."""
    sw = (WEB / SERVICE_WORKER).read_text()
    if SW_VERSION_MARKER not in sw or SW_FILES_MARKER not in sw:
        raise SystemExit(f"web/{SERVICE_WORKER} lacks its {SW_VERSION_MARKER} / {SW_FILES_MARKER} markers")
    if SW_LANGUAGE_FILES_MARKER not in sw:
        raise SystemExit(f"web/{SERVICE_WORKER} lacks its {SW_LANGUAGE_FILES_MARKER} marker")
    files = sorted(
        p.relative_to(tmp).as_posix() for p in tmp.rglob("*") if p.is_file() and p.name != SERVICE_WORKER
    )
    shared: list[str] = []
    languages: dict[str, list[str]] = {}
    for f in files:
        code = language_of(f)
        (shared if code is None else languages.setdefault(code, [])).append(f)
    sw = (
        sw.replace(SW_VERSION_MARKER, version)
        .replace(SW_FILES_MARKER, ", ".join(json.dumps(f) for f in ["./", *shared]))
        .replace(SW_LANGUAGE_FILES_MARKER, json.dumps(languages))
    )
    (tmp / SERVICE_WORKER).write_text(sw)


def fill_markers(tmp: Path, build_dir: str, pyodide_dir: str, version: str) -> None:
    """Point the build's files at each other: index.html (and any extra page
    beside it) names the build's files in ``build_dir``; the scripts get
    their markers (:data:`~tools.build.layout.SCRIPT_MARKERS`) filled in."""
    folder = tmp / build_dir
    up = "../" * build_dir.count("/")
    for name, markers in SCRIPT_MARKERS.items():
        text = (folder / name).read_text()
        for marker in markers:
            if marker not in text:
                raise SystemExit(f"web/{name} lacks its {marker} marker")
        (folder / name).write_text(
            text.replace("__GAMUT_VERSION__", version)
            .replace("__GAMUT_PYODIDE__", up + pyodide_dir)
            .replace("__GAMUT_SITE__", up)
        )
    for page in [tmp / INDEX_HTML, *sorted(tmp.glob("*.html"))]:
        text = page.read_text()

        def point(m: re.Match, page: Path = page) -> str:
            if (folder / m[2]).is_file():
                return m[1] + build_dir + m[2] + m[3]
            if not (tmp / m[2]).exists() and page.name == INDEX_HTML:
                raise SystemExit(f"web/{INDEX_HTML} names {m[2]!r}, which is not in the site")
            return m[0]

        page.write_text(_PAGE_URL.sub(point, text))
    if f'src="{build_dir}{APP_SCRIPT}"' not in (tmp / INDEX_HTML).read_text():
        raise SystemExit(f"web/{INDEX_HTML} does not load {APP_SCRIPT} from the build's folder")


def build_info(dist: Path = DIST) -> dict:
    """The built site's ``version.json``: ``version``, ``build`` (the folder of
    its own files, e.g. ``b/0123456789abcdef/``), ``pyodide`` (Pyodide's
    folder), ``gamut`` (the engine's version) and ``wheel``."""
    return json.loads((dist / "version.json").read_text())
