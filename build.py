#!/usr/bin/env python3
"""Build, serve, test and benchmark the Gamut web site.

    python3 build.py build            # write dist/
    python3 build.py serve [--port N] # build, then serve dist/ on 127.0.0.1
    python3 build.py test             # unit tests (tests/) and browser tests (e2e/)
    python3 build.py bench            # every bench/bench_*.py
    python3 build.py setup            # only the set-up steps below

Each command does its own set-up on a fresh Debian machine that has only
Python 3 and Node/npm, and skips every step whose pinned inputs did not
change (stamp files in ``.build/stamps`` hold the hash of those inputs):

* ``.venv``: a virtual environment with ``requirements-dev.lock`` (every
  test package and its whole dependency tree pinned with their hashes,
  installed with ``--require-hashes``; generated from the top-level pins of
  ``requirements-dev.txt``, see there);
* ``node_modules``: ``npm ci`` of the pinned ``pyodide`` (package-lock.json);
* ``.build/micropip-0.11.1-py3-none-any.whl``: from PyPI, sha256-checked;
* ``.build/wheels/gamut-<version>-py3-none-any.whl``: our engine, written
  directly with zipfile (deterministic: fixed timestamps, sorted entries),
  its metadata read from ``pyproject.toml`` (the version from the attribute
  it names, ``gamut.__version__``);
* ``/usr/bin/chromium`` from Debian (apt-get) for ``test`` and ``bench`` only.

``dist/`` holds the page (``web/index.html`` with the initial views inlined
at ``<!--INITIAL-->``), ``sw.js`` (the offline service worker, with the
build's version and file list filled in), ``version.json``, the web app
manifest and its icons: the only files whose names stay the same from build
to build.  Everything else that changes between builds is in ``b/<version>/``
(our JS/CSS, the worker, ``pyodide-lock.json``: Pyodide's ``info`` plus
micropip and gamut with their real sha256, Pyodide's own lock file has a
different hash for micropip; both wheels in ``wheels/``, the rules
diagrams, ``first-moves/<game>.json``: the view after every first move of
each game's default start, so the page plays the first move before the
engine is ready, web/early.js), ``<version>`` being a hash of the build's files, so that a page
of one build can never load a file of another (index.html names its
scripts and style sheets there).  Pyodide's core files are in
``pyodide/<its version>/``, shared by every build that pins that version.
Every URL is relative, so ``dist/`` works from any sub-path of any static
host.
"""

from __future__ import annotations

import argparse
import ast
import base64
import functools
import hashlib
import http.server
import io
import json
import os
import re
import shutil
import socketserver
import subprocess
import sys
import threading
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
PY = ROOT / "py"
WEB = ROOT / "web"
DIST = ROOT / "dist"
BUILD = ROOT / ".build"
STAMPS = BUILD / "stamps"
VENV = ROOT / ".venv"
NODE_PYODIDE = ROOT / "node_modules" / "pyodide"
LOCK = ROOT / "requirements-dev.lock"

MICROPIP_VERSION = "0.11.1"
MICROPIP_WHEEL = f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"
# sha256 of the PyPI wheel (not the one in Pyodide's lock file, which differs).
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"
PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
CHROMIUM = Path("/usr/bin/chromium")
INITIAL_MARKER = "<!--INITIAL-->"
# dist/'s layout: the files that keep their names from build to build (the
# page, the service worker, what the browser reads on its own); every other
# file of a build goes to BUILD_DIR/<version>/, Pyodide's to PYODIDE_DIR/<its version>/.
# web/sw.js knows the two folders too (its IMMUTABLE).
ROOT_FILES = ("index.html", "sw.js", "version.json", "manifest.webmanifest", "icons")
BUILD_DIR = "b"
PYODIDE_DIR = "pyodide"
# Files of web/ that are never copied to dist/ (editor and test droppings).
WEB_SKIP = re.compile(r"(^\.|~$|\.swp$|\.orig$|\.rej$|^package\.json$)")  # web/package.json: for Node's tests only


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def run(cmd, **kw) -> None:
    log("$ " + " ".join(str(c) for c in cmd))
    subprocess.run([str(c) for c in cmd], check=True, **kw)


# ---------------------------------------------------------------------------
# Stamps: skip a step when the hash of its inputs is unchanged


def digest(*parts) -> str:
    h = hashlib.sha256()
    for part in parts:
        if isinstance(part, Path):
            h.update(str(part.relative_to(ROOT) if part.is_relative_to(ROOT) else part).encode())
            h.update(part.read_bytes() if part.exists() else b"<missing>")
        elif isinstance(part, bytes):
            h.update(part)
        else:
            h.update(str(part).encode())
        h.update(b"\0")
    return h.hexdigest()


def stamped(name: str, key: str, outputs=()) -> bool:
    """True when step ``name`` already ran with inputs ``key`` and its outputs exist."""
    stamp = STAMPS / name
    return (stamp.exists() and stamp.read_text() == key
            and all(Path(p).exists() for p in outputs))


def stamp(name: str, key: str) -> None:
    STAMPS.mkdir(parents=True, exist_ok=True)
    (STAMPS / name).write_text(key)


# ---------------------------------------------------------------------------
# Set-up steps


def venv_python(venv: Path = VENV) -> Path:
    return venv / "bin" / "python"


def ensure_venv(venv: Path = VENV) -> Path:
    """``venv`` (default ``.venv``) with the packages of requirements-dev.lock,
    each checked against its pinned hash."""
    key = digest(LOCK, sys.version)
    py = venv_python(venv)
    name = "venv" if venv == VENV else "venv-" + hashlib.sha256(str(venv).encode()).hexdigest()[:8]
    if stamped(name, key, [py]):
        return py
    if not py.exists():
        try:
            run([sys.executable, "-m", "venv", venv])
        except subprocess.CalledProcessError:
            # Debian's python3 lacks ensurepip until python3-venv is installed.
            shutil.rmtree(venv, ignore_errors=True)
            ver = f"{sys.version_info.major}.{sys.version_info.minor}"
            apt_install(["python3-venv", f"python{ver}-venv"])
            run([sys.executable, "-m", "venv", venv])
    run([py, "-m", "pip", "install", "--disable-pip-version-check", "-q", "--require-hashes",
         "--no-deps", "-r", LOCK])
    stamp(name, key)
    return py


def apt_install(packages: list[str]) -> None:
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    run(sudo + ["apt-get", "update", "-q"], env=env)
    run(sudo + ["apt-get", "install", "-y", "-q", *packages], env=env)


def ensure_node() -> Path:
    """``npm ci`` of the pinned pyodide package."""
    key = digest(ROOT / "package.json", ROOT / "package-lock.json")
    if not stamped("npm", key, [NODE_PYODIDE / f for f in PYODIDE_CORE]):
        run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT)
        stamp("npm", key)
    return NODE_PYODIDE


def ensure_micropip() -> Path:
    """The pinned micropip wheel from PyPI, cached in .build/ and hash-checked."""
    wheel = BUILD / MICROPIP_WHEEL
    if not (wheel.exists() and sha256(wheel) == MICROPIP_SHA256):
        py = ensure_venv()
        run([py, "-m", "pip", "download", "--disable-pip-version-check", "-q",
             f"micropip=={MICROPIP_VERSION}", "--no-deps", "--python-version", "3.14",
             "--only-binary=:all:", "-d", BUILD])
        got = sha256(wheel)
        if got != MICROPIP_SHA256:
            raise SystemExit(f"{wheel.name}: sha256 {got} is not the pinned {MICROPIP_SHA256}")
    return wheel


def ensure_chromium() -> Path:
    if not CHROMIUM.exists():
        log("Chromium is missing: installing Debian's chromium")
        apt_install(["chromium"])
    return CHROMIUM


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# ---------------------------------------------------------------------------
# Our wheel, written directly (a pure-Python wheel is a zip with three
# metadata files); deterministic, so the same sources give the same bytes.


def project_metadata() -> dict:
    """The ``[project]`` table of pyproject.toml, the one source of the
    wheel's metadata, with ``version`` filled in from the attribute that
    ``[tool.setuptools.dynamic]`` names (``gamut.__version__``: the
    engine reports its version without being installed)."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    project = dict(data["project"])
    if "version" not in project:
        attr = data["tool"]["setuptools"]["dynamic"]["version"]["attr"]
        module, name = attr.rsplit(".", 1)
        path = PY / module.replace(".", "/") / "__init__.py"
        for node in ast.parse(path.read_text()).body:
            if (isinstance(node, ast.Assign) and len(node.targets) == 1
                    and getattr(node.targets[0], "id", None) == name):
                project["version"] = ast.literal_eval(node.value)
                break
        else:
            raise SystemExit(f"pyproject.toml: the version attribute {attr} is not in {path}")
    return project


def project_version() -> str:
    return project_metadata()["version"]


def package_files() -> list[Path]:
    return sorted(p for p in (PY / "gamut").rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts
                  and p.suffix in (".py", ".json", ".txt", ".typed"))


def build_wheel(out_dir: Path = BUILD / "wheels") -> Path:
    project = project_metadata()
    version = project["version"]
    name = f"gamut-{version}-py3-none-any.whl"
    dist_info = f"gamut-{version}.dist-info"
    entries: list[tuple[str, bytes]] = []
    for path in package_files():
        entries.append((path.relative_to(PY).as_posix(), path.read_bytes()))
    metadata = (
        "Metadata-Version: 2.1\n"
        f"Name: {project['name']}\n"
        f"Version: {version}\n"
        f"Summary: {project['description']}\n"
        f"Requires-Python: {project['requires-python']}\n\n")
    wheel_meta = ("Wheel-Version: 1.0\nGenerator: gamut-build.py\n"
                  "Root-Is-Purelib: true\nTag: py3-none-any\n")
    entries.append((f"{dist_info}/METADATA", metadata.encode()))
    entries.append((f"{dist_info}/WHEEL", wheel_meta.encode()))
    entries.append((f"{dist_info}/top_level.txt", b"gamut\n"))
    record_lines = []
    for arc, data in entries:
        h = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record_lines.append(f"{arc},sha256={h},{len(data)}")
    record_lines.append(f"{dist_info}/RECORD,,")
    entries.append((f"{dist_info}/RECORD", ("\n".join(record_lines) + "\n").encode()))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for arc, data in entries:  # package files sorted, dist-info last (RECORD at the end)
            info = zipfile.ZipInfo(arc, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data)
    out_dir.mkdir(parents=True, exist_ok=True)
    out = out_dir / name
    data = buf.getvalue()
    if not out.exists() or out.read_bytes() != data:
        for old in out_dir.glob("gamut-*.whl"):
            old.unlink()
        out.write_bytes(data)
    return out


# ---------------------------------------------------------------------------
# dist/


def icon_png(size: int, maskable: bool = False) -> bytes:
    """The app icon as a PNG (no imaging library): a board-brown square, rounded
    unless maskable (a maskable icon fills its square; the launcher crops it,
    so its picture keeps to the central safe zone), with a black and a white
    disc.  Deterministic: the same bytes every build."""
    import struct
    import zlib
    brown, black, white = (0xB5, 0x88, 0x63), (0x23, 0x23, 0x23), (0xF7, 0xF5, 0xF0)
    scale = 0.62 if maskable else 0.86  # the picture's share of the square
    radius = 0 if maskable else size * 0.18
    rows = []
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            px, py = x + 0.5, y + 0.5
            dx = max(radius - px, 0, px - (size - radius))
            dy = max(radius - py, 0, py - (size - radius))
            if radius and dx * dx + dy * dy > radius * radius:
                row += b"\0\0\0\0"  # outside the rounded corners
                continue
            u, v = (px / size - 0.5) / scale, (py / size - 0.5) / scale  # -0.5..0.5 inside the picture
            colour = brown
            for cx, cy, c in ((-0.17, -0.1, black), (0.17, 0.12, white)):
                if (u - cx) ** 2 + (v - cy) ** 2 < 0.2 ** 2:
                    colour = c
            row += bytes(colour) + b"\xff"
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


def write_icons(folder: Path) -> None:
    """The web app manifest's icons (192 and 512 px, and a maskable one)."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, size, maskable in (("icon-192.png", 192, False), ("icon-512.png", 512, False),
                                 ("maskable-512.png", 512, True)):
        (folder / name).write_bytes(icon_png(size, maskable))


def initial_json() -> str:
    """``bridge.initial()`` computed by this CPython from py/ (in a child
    process, so a stale imported gamut can never leak in)."""
    code = ("import json, sys; sys.path.insert(0, sys.argv[1]); from gamut import bridge; "
            "sys.stdout.write(json.dumps(bridge.initial(), separators=(',', ':')))")
    out = subprocess.run([sys.executable, "-c", code, str(PY)], check=True,
                         capture_output=True, text=True).stdout
    # Safe inside <script>: no "</script>" or "<!--" can end it early.
    return out.replace("<", "\\u003c").replace(">", "\\u003e")


RULES_DIAGRAMS = WEB / "games"  # one <game>/diagrams.json per game: the rules pages' diagrams


def rules_diagrams(games=None) -> dict:
    """The rules pages' diagrams (web/games/<game>/diagrams.json), each with
    the view of its position computed by the engine in this process (import
    gamut from py/ first): ``{game: [diagram + {view, alt, arrow}]}``.  A
    diagram shows ``position`` after its moves ``play`` (if any); ``marks``
    say what is drawn on it (``selected``, ``targets``, ``cells``: cell ids;
    ``arrow``: a move of the position shown, resolved here to its cells;
    ``names``: write every cell's name).  The claims are checked by
    tests/test_diagrams.py, not here."""
    import gamut  # noqa: PLC0415  (from py/: see rules_diagrams_json)
    out = {}
    for path in sorted(RULES_DIAGRAMS.glob("*/diagrams.json")):
        if games and path.parent.name not in games:
            continue
        data = json.loads(path.read_text())
        items = []
        for d in data["diagrams"]:
            state = gamut.load(d["position"])
            for text in d.get("play", []):
                state = state.play_text(text)
            view = dict(state.view())
            marks = dict(d.get("marks", {}))
            if "arrow" in marks:
                entry = next((m for m in view["moves"] if m["text"] == marks["arrow"]), None)
                if entry is None:
                    raise ValueError(f"{path.name}: {d['id']}: the arrow {marks['arrow']!r} "
                                     "is not a legal move of the position shown")
                cells = {c["id"] for c in view["board"]["cells"]}
                marks["arrow"] = {"text": entry["text"],
                                  "cells": [c for c in entry["clicks"] if c in cells]}
            view["moves"] = []  # (a diagram is not played on; keeps the file small)
            items.append({"id": d["id"], "title": d.get("title", ""), "caption": d["caption"],
                          "alt": describe_diagram(d, view), "position": d["position"],
                          "play": d.get("play", []), "marks": marks, "view": view})
        out[data["game"]] = items
    return out


def describe_diagram(d: dict, view: dict) -> str:
    """A diagram's text alternative: its ``alt`` sentence, then every
    player's pieces by cell (with numbers or stacks), the markers, and what
    is marked."""
    from gamut.words import piece_cells  # noqa: PLC0415  (from py/: see rules_diagrams_json)
    parts = [d.get("alt", "").strip() or d.get("title", "")]
    for seat, player in enumerate(view["players"]):
        cells = piece_cells(view, seat)
        if cells:
            parts.append(f"{player['name']}: {', '.join(cells)}")
    marks = view.get("markers", [])
    for seat, player in enumerate(view["players"]):
        own = [m["cell"] for m in marks if m["owner"] == seat]
        if own:
            parts.append(f"{player['name']}'s markers: {', '.join(own)}")
    if not view["pieces"]:
        parts.append("the board is empty")
    return ". ".join(p for p in parts if p) + "."


def rules_diagrams_json() -> str:
    """:func:`rules_diagrams` computed by this CPython from py/ (in a child
    process, as for :func:`initial_json`)."""
    code = ("import json, sys; sys.path[:0] = [sys.argv[1], sys.argv[2]]; import build; "
            "sys.stdout.write(json.dumps(build.rules_diagrams(), separators=(',', ':')))")
    return subprocess.run([sys.executable, "-c", code, str(PY), str(ROOT)], check=True,
                          capture_output=True, text=True).stdout


def view_delta(parent: dict, view: dict) -> dict:
    """``view`` written as what it changes of ``parent`` (web/early.js
    ``expand`` reads it back): only the keys whose values differ, and a list
    of objects whose items the parent's same list has is written with the
    index of the parent's item in their place (its key listed under
    ``"$refs"``); keys the view lacks are listed under ``"$gone"``."""
    delta: dict = {}
    refs = []
    for key, value in view.items():
        before = parent.get(key)
        if before == value:
            continue
        if (isinstance(value, list) and isinstance(before, list) and value
                and all(isinstance(x, dict) for x in value)):
            index = {json.dumps(x, sort_keys=True): i for i, x in enumerate(before)}
            written = [index.get(json.dumps(x, sort_keys=True), x) for x in value]
            if any(isinstance(x, int) for x in written):
                delta[key], refs = written, refs + [key]
                continue
        delta[key] = value
    gone = [key for key in parent if key not in view]
    if refs:
        delta["$refs"] = refs
    if gone:
        delta["$gone"] = gone
    return delta


def first_moves(games=None) -> dict:
    """Each game's default start and the view after every legal first move,
    as :func:`view_delta` from the start's view: the page plays a first move
    from these before the engine is ready (web/early.js).  Import gamut from
    py/ first (see first_moves_json)."""
    from gamut import bridge  # noqa: PLC0415

    initial = bridge.initial()
    out = {}
    for gid, start in initial["starts"].items():
        if games is not None and gid not in games:
            continue
        view = initial["views"][gid]
        after = {}
        for move in view["moves"]:
            played = bridge.m_play({"start": start, "line": [], "move": move["text"]})
            if played["line"] != [move["text"]]:
                raise SystemExit(f"{gid}: the start view lists {move['text']!r}, played as {played['line']}")
            after[move["text"]] = view_delta(view, played["view"])
        out[gid] = {"start": start, "views": after}
    return out


def first_moves_json() -> dict[str, str]:
    """:func:`first_moves` computed by this CPython from py/ (in a child
    process, as for :func:`initial_json`): game id -> the JSON text of its file."""
    code = ("import json, sys; sys.path[:0] = [sys.argv[1], sys.argv[2]]; import build; "
            "sys.stdout.write(json.dumps(build.first_moves(), separators=(',', ':')))")
    data = json.loads(subprocess.run([sys.executable, "-c", code, str(PY), str(ROOT)], check=True,
                                     capture_output=True, text=True).stdout)
    return {gid: json.dumps(entry, separators=(",", ":")) for gid, entry in data.items()}


def lock_file(pyodide_dir: Path, wheels: list[Path]) -> dict:
    """Our pyodide-lock.json: Pyodide's ``info`` and one entry per wheel.
    ``file_name`` is relative to ``packageBaseUrl`` (the worker passes
    ``wheels/``)."""
    upstream = json.loads((pyodide_dir / "pyodide-lock.json").read_text())
    packages = {}
    for wheel in wheels:
        name, version = wheel.name.split("-")[:2]
        entry = dict(upstream["packages"].get(name, {}))
        entry.update({
            "name": name, "version": version, "file_name": wheel.name,
            "install_dir": "site", "sha256": sha256(wheel),
            "package_type": "package", "imports": [name], "depends": [],
            "unvendored_tests": False})
        entry.setdefault("tool", {})
        packages[name] = dict(sorted(entry.items()))
    return {"info": upstream["info"], "packages": packages}


def web_files() -> list[Path]:
    return sorted(p for p in WEB.rglob("*") if p.is_file() and not WEB_SKIP.search(p.name))


def pyodide_version() -> str:
    return json.loads((NODE_PYODIDE / "package.json").read_text())["version"]


def build(out: Path = DIST, extra: dict | None = None, force: bool = False) -> Path:
    """Write the site to ``out`` (default dist/) and return it.

    ``extra`` maps file names to paths copied in as well, next to index.html
    (the e2e tests add their engine test page this way); they join the
    service worker's list."""
    extra = {k: Path(v) for k, v in (extra or {}).items()}
    ensure_node()
    micropip = ensure_micropip()
    wheel = build_wheel()
    inputs = ([Path(__file__).resolve(), ROOT / "pyproject.toml", micropip, wheel]
              + web_files() + package_files()
              + [NODE_PYODIDE / f for f in PYODIDE_CORE + ("pyodide-lock.json", "package.json")]
              + sorted(extra.items()))
    key = digest(str(out.resolve()), *[p if isinstance(p, Path) else f"{p[0]}={p[1]}"
                                        for p in inputs], *extra.values())
    if not force and stamped("dist-" + hashlib.sha256(str(out.resolve()).encode()).hexdigest()[:8],
                             key, [out / "index.html", out / "sw.js"]):
        log(f"{out.relative_to(ROOT) if out.is_relative_to(ROOT) else out} is up to date")
        return out
    # Written beside, then swapped in (.build/ is gitignored; same file system as dist/).
    # The build's own files are staged in `stage` first: their hash names their folder.
    tmp = (BUILD if out.parent == ROOT else out.parent) / (out.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    stage = tmp / BUILD_DIR / "_"
    pyodide_dir = f"{PYODIDE_DIR}/{pyodide_version()}/"
    (tmp / pyodide_dir).mkdir(parents=True)
    (stage / "wheels").mkdir(parents=True)
    for name in PYODIDE_CORE:
        shutil.copy2(NODE_PYODIDE / name, tmp / pyodide_dir / name)
    shutil.copy2(micropip, stage / "wheels" / micropip.name)
    shutil.copy2(wheel, stage / "wheels" / wheel.name)
    lock = lock_file(NODE_PYODIDE, [stage / "wheels" / micropip.name, stage / "wheels" / wheel.name])
    (stage / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n")
    for path in web_files():
        rel = path.relative_to(WEB)
        dest = (tmp if rel.parts[0] in ROOT_FILES else stage) / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, dest)
    for name, path in extra.items():
        shutil.copy2(path, tmp / name)
    page = (WEB / "index.html").read_text()
    if INITIAL_MARKER not in page:
        raise SystemExit(f"web/index.html lacks the marker {INITIAL_MARKER}")
    page = page.replace(INITIAL_MARKER, '<script id="initial" type="application/json">'
                        + initial_json() + "</script>", 1)
    (tmp / "index.html").write_text(page)
    (stage / "rules-diagrams.json").write_text(rules_diagrams_json())
    (stage / "first-moves").mkdir()
    for gid, text in first_moves_json().items():
        (stage / "first-moves" / f"{gid}.json").write_text(text)
    write_icons(tmp / "icons")
    # The build's version = hash of everything it serves (files with their markers).
    files = sorted(p.relative_to(tmp).as_posix() for p in tmp.rglob("*")
                   if p.is_file() and p.name != "sw.js")
    version = digest(*[f + ":" + sha256(tmp / f) for f in files])[:16]
    build_dir = f"{BUILD_DIR}/{version}/"
    stage.rename(tmp / build_dir)
    fill_markers(tmp, build_dir, pyodide_dir, version)
    (tmp / "version.json").write_text(json.dumps(
        {"version": version, "gamut": project_version(), "wheel": wheel.name,
         "build": build_dir, "pyodide": pyodide_dir}) + "\n")
    sw = (WEB / "sw.js").read_text()
    if "__GAMUT_VERSION__" not in sw or "/*__GAMUT_FILES__*/" not in sw:
        raise SystemExit("web/sw.js lacks its __GAMUT_VERSION__ / /*__GAMUT_FILES__*/ markers")
    files = sorted(p.relative_to(tmp).as_posix() for p in tmp.rglob("*")
                   if p.is_file() and p.name != "sw.js")
    sw = sw.replace("__GAMUT_VERSION__", version).replace(
        "/*__GAMUT_FILES__*/", ", ".join(json.dumps(f) for f in ["./"] + files))
    (tmp / "sw.js").write_text(sw)
    shutil.rmtree(out, ignore_errors=True)
    tmp.rename(out)
    stamp("dist-" + hashlib.sha256(str(out.resolve()).encode()).hexdigest()[:8], key)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    log(f"wrote {out} ({size / 1e6:.1f} MB, version {version})")
    return out


# Markers in the build's scripts: this build's version (the worker keys its
# memory snapshots by it; offline.js tells the service worker which build a
# page runs), the way from the build's folder to Pyodide's and to the site's root.
SCRIPT_MARKERS = {"worker.js": ("__GAMUT_VERSION__", "__GAMUT_PYODIDE__"),
                  "offline.js": ("__GAMUT_VERSION__", "__GAMUT_SITE__")}
_PAGE_URL = re.compile(r'(\b(?:src|href)=")(?:\./)?([^"#?:]+)(")')


def fill_markers(tmp: Path, build_dir: str, pyodide_dir: str, version: str) -> None:
    """Point the build's files at each other: index.html (and any extra page
    beside it) names the build's files in ``build_dir``; the scripts get
    their markers (:data:`SCRIPT_MARKERS`) filled in."""
    folder = tmp / build_dir
    up = "../" * build_dir.count("/")
    for name, markers in SCRIPT_MARKERS.items():
        text = (folder / name).read_text()
        for marker in markers:
            if marker not in text:
                raise SystemExit(f"web/{name} lacks its {marker} marker")
        (folder / name).write_text(text.replace("__GAMUT_VERSION__", version)
                                   .replace("__GAMUT_PYODIDE__", up + pyodide_dir)
                                   .replace("__GAMUT_SITE__", up))
    for page in [tmp / "index.html", *sorted(tmp.glob("*.html"))]:
        text = page.read_text()

        def point(m: re.Match) -> str:
            if (folder / m[2]).is_file():
                return m[1] + build_dir + m[2] + m[3]
            if not (tmp / m[2]).exists() and page.name == "index.html":
                raise SystemExit(f"web/index.html names {m[2]!r}, which is not in the site")
            return m[0]
        page.write_text(_PAGE_URL.sub(point, text))
    if f'src="{build_dir}app.js"' not in (tmp / "index.html").read_text():
        raise SystemExit("web/index.html does not load app.js from the build's folder")


def build_info(dist: Path = DIST) -> dict:
    """The built site's ``version.json``: ``version``, ``build`` (the folder of
    its own files, e.g. ``b/0123456789abcdef/``), ``pyodide`` (Pyodide's
    folder), ``gamut`` (the engine's version) and ``wheel``."""
    return json.loads((dist / "version.json").read_text())


# ---------------------------------------------------------------------------
# A static server (serve, e2e tests, bench): dist/ under a URL prefix, plus
# optional extra files, no caching, threaded.


class _Handler(http.server.SimpleHTTPRequestHandler):
    prefix = "/"
    overlay: dict = {}
    quiet = True
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".js": "text/javascript", ".whl": "application/zip",
                      ".json": "application/json", ".webmanifest": "application/manifest+json"}

    def translate_path(self, path):
        clean = path.split("?", 1)[0].split("#", 1)[0]
        if not clean.startswith(self.prefix):
            return str(Path(self.directory) / "..." / "outside-the-prefix")
        rel = clean[len(self.prefix):]
        if rel in self.overlay:
            return str(self.overlay[rel])
        return super().translate_path("/" + rel)

    def send_head(self):
        clean = self.path.split("?", 1)[0]
        if clean + "/" == self.prefix:  # /sub/path -> /sub/path/
            self.send_response(301)
            self.send_header("Location", self.prefix)
            self.end_headers()
            return None
        return super().send_head()

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, fmt, *args):
        if not self.quiet:
            super().log_message(fmt, *args)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def make_server(root: Path = DIST, prefix: str = "/", port: int = 0, overlay=None,
                quiet: bool = True) -> Server:
    """A threaded HTTP server for ``root`` at ``http://127.0.0.1:port<prefix>``
    (port 0: a free one).  ``overlay`` maps names under the prefix to files."""
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    handler = type("Handler", (_Handler,), {"prefix": prefix, "overlay": dict(overlay or {}),
                                           "quiet": quiet})
    server = Server(("127.0.0.1", port), functools.partial(handler, directory=str(root)))
    server.url = f"http://127.0.0.1:{server.server_address[1]}{prefix}"
    return server


def serve_in_thread(server: Server) -> threading.Thread:
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return thread


# ---------------------------------------------------------------------------
# Commands


def cmd_setup(args) -> int:
    ensure_venv()
    ensure_node()
    ensure_micropip()
    if getattr(args, "browser", False):
        ensure_chromium()
    return 0


def cmd_build(args) -> int:
    build(force=args.force)
    return 0


def cmd_serve(args) -> int:
    build()
    server = make_server(DIST, args.prefix, args.port, quiet=False)
    print(f"Serving Gamut at {server.url}  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


def cmd_test(args) -> int:
    py = ensure_venv()
    ensure_chromium()
    build()
    env = dict(os.environ, PYTHONPATH=str(PY))
    results = {}
    # the page's logic that needs no browser (game tree, links, click matcher):
    # Node's own test runner, no dependency
    js_tests = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "js").glob("*.test.mjs"))
    if js_tests:
        log("node --test tests/js")
        results["js"] = subprocess.run(["node", "--test", *js_tests], cwd=ROOT).returncode
    log("mypy py/gamut")
    results["mypy"] = subprocess.run([str(py), "-m", "mypy", "py/gamut"], cwd=ROOT,
                                     env=env).returncode
    for suite in ("tests", "e2e"):
        log(f"pytest {suite}")
        proc = subprocess.run([str(py), "-m", "pytest", suite, "-q", "-p", "no:cacheprovider",
                               *args.pytest_args], cwd=ROOT, env=env)
        results[suite] = proc.returncode
    for suite, code in results.items():
        log(f"{suite}: {'passed' if code == 0 else f'FAILED (exit {code})'}")
    return 0 if all(code == 0 for code in results.values()) else 1


def cmd_bench(args) -> int:
    py = ensure_venv()
    ensure_chromium()
    build()
    env = dict(os.environ, PYTHONPATH=str(PY))
    failed = 0
    for script in sorted((ROOT / "bench").glob("bench_*.py")):
        print(f"== {script.relative_to(ROOT)}", flush=True)
        proc = subprocess.run([str(py), str(script)], cwd=ROOT, env=env)
        failed |= proc.returncode != 0
    return 1 if failed else 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("setup", help="virtual env, npm packages, micropip (and Chromium)")
    p.add_argument("--browser", action="store_true", help="also install Chromium")
    p.set_defaults(func=cmd_setup)
    p = sub.add_parser("build", help="write dist/")
    p.add_argument("--force", action="store_true", help="rebuild even when up to date")
    p.set_defaults(func=cmd_build)
    p = sub.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--prefix", default="/", help="URL sub-path to serve under (default /)")
    p.set_defaults(func=cmd_serve)
    p = sub.add_parser("test", help="unit tests and browser tests")
    p.add_argument("pytest_args", nargs=argparse.REMAINDER, help="extra pytest arguments")
    p.set_defaults(func=cmd_test)
    p = sub.add_parser("bench", help="run every bench/bench_*.py")
    p.set_defaults(func=cmd_bench)
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except subprocess.CalledProcessError as exc:
        print(f"[build] failed: {exc}", file=sys.stderr)
        return exc.returncode or 1


if __name__ == "__main__":
    sys.exit(main())
