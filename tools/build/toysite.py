"""A test site with a fifth game: the tests' tic-tac-toe (``tests/toygame/``)
built into the site as a shipped game would be, without changing the
shipped site (issue #43: "a fifth game proven on both sides").

A game is two folders, one line and its catalog entries (CONTRIBUTING.md,
"Adding a game"), so the test site is the repository's own sources with
exactly those added:

* its package, ``py/gamut/games/tictactoe/``: ``tests/toygame/``'s modules
  (registering the game when imported, as a game's package does) and its
  data files, empty (no puzzles, no lessons yet);
* its line in ``GAME_PACKAGES`` (:func:`register_line`);
* its page's folder, ``web/games/tictactoe/``: ``tests/toygame/web/`` (its
  rules page and diagrams);
* its catalog entries (``tests/toygame/i18n.json``: its description, its
  variant's name and line, in every language of the page) added to
  ``web/i18n/<lang>.json``, as a game's are (:func:`add_catalog_entries`).

Nothing else is told of it: the page's menus, tabs, words and board all come
from the engine's list of games and its views.  The sources are mirrored
into ``.build/toysite/`` (the build's folders, ``py/``, ``web/``, the pins)
with the game added, and the ordinary build (:func:`tools.build.site.build`)
runs there in a child process, so that every path of :mod:`tools.build.layout`
is the mirror's and nothing of the repository's own build (``dist/``, its
stamps and caches) is touched.  The mirror keeps its own stamps and caches,
so a second build with nothing changed is quick.

    python3 -m tools.build.toysite            # writes .build/toysite/root/dist/ and prints its path
    python3 -m tools.build.toysite --serve    # ... then serves it at http://127.0.0.1:8000/
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

from tools.build.common import log
from tools.build.environment import ensure_node, ensure_venv
from tools.build.layout import BUILD, DIST, LOCK, ROOT, STAMPS, VENV
from tools.build.serve import serve_forever

#: The toy game: its id (its package's name), its sources, its page's folder.
TOY_ID = "tictactoe"
TOY_SOURCES = ROOT / "tests" / "toygame"
TOY_MODULES = ("__init__.py", "state.py", "evaluation.py")
TOY_WEB = TOY_SOURCES / "web"
TOY_CATALOG = TOY_SOURCES / "i18n.json"  # {lang: {key: message}}
#: Where the test site's sources are mirrored and its site written.
MIRROR = BUILD / "toysite"
#: What the build reads of the repository (copied), and what it only uses (linked).
COPIED = ("build.py", "tools", "py", "web", "pyproject.toml", "package.json", "package-lock.json", LOCK.name)
LINKED = ("node_modules", VENV.name)
#: Set-up stamps the mirror shares with the repository (so it never runs npm or pip itself).
SHARED_STAMPS = ("npm", "venv")
#: The build's caches the mirror shares (linked): keyed by their contents' hash, so the
#: files the toy game does not change (Pyodide's standard library, zopfli's output of the
#: page's files) are not compressed again (a first toy site: 115 CPU s without, 77 with).
SHARED_CACHES = ("deflate",)
_GAME_PACKAGES = re.compile(r"^(GAME_PACKAGES = \()(.*)(\))$", re.M)


def register_line(listing: str, game: str) -> str:
    """``py/gamut/games/__init__.py``'s text with ``game`` added at the end
    of ``GAME_PACKAGES``: the one line a new game adds."""
    found = _GAME_PACKAGES.search(listing)
    if found is None:
        raise SystemExit("py/gamut/games/__init__.py has no one-line GAME_PACKAGES = (...)")
    games = found.group(2).rstrip(", ")
    return (
        listing[: found.start()]
        + f'{found.group(1)}{games}, "{game}"{found.group(3)}'
        + listing[found.end() :]
    )


def add_toy_game(py: Path, web: Path | None = None) -> Path:
    """Add the toy game to the sources ``py`` (a copy of the repository's
    ``py/``) and, if given, ``web`` (a copy of ``web/``) as a fifth game:
    its package, its registry line and its page's folder.  Returns the
    package's folder."""
    game = py / "gamut" / "games" / TOY_ID
    game.mkdir()
    for name in TOY_MODULES:
        shutil.copy(TOY_SOURCES / name, game / name)
    with open(game / "__init__.py", "a") as f:  # (the tests register it themselves; a game does on import)
        f.write("\ncore.register(INFO)\n")
    (game / "puzzles.txt").write_text("")  # (no puzzles yet, no lessons yet: both are files still)
    (game / "lessons.json").write_text('{"lessons": []}\n')
    listing = py / "gamut" / "games" / "__init__.py"
    listing.write_text(register_line(listing.read_text(), TOY_ID))
    if web is not None:
        shutil.copytree(TOY_WEB, web / "games" / TOY_ID)
        add_catalog_entries(web / "i18n", json.loads(TOY_CATALOG.read_text()))
    return game


def add_catalog_entries(catalogs: Path, entries: dict[str, dict[str, str]]) -> None:
    """Add ``entries`` (``{lang: {key: message}}``, every language of the
    catalogs in ``catalogs``) to each catalog, written as the catalogs are."""
    for path in sorted(catalogs.glob("*.json")):
        catalog = json.loads(path.read_text())
        added = entries[path.stem]
        clash = sorted(set(added) & set(catalog))
        if clash:
            raise SystemExit(f"{path.name} already has {clash}")
        catalog.update(added)
        path.write_text(json.dumps(catalog, ensure_ascii=False, indent=1) + "\n")


def mirror_sources(mirror: Path = MIRROR) -> Path:
    """The repository's sources copied to ``mirror/root`` (the last copy
    replaced) with the toy game added; returns that root."""
    root = mirror / "root"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in COPIED:
        source, dest = ROOT / name, root / name
        if dest.is_dir():
            shutil.rmtree(dest)
        dest.parent.mkdir(parents=True, exist_ok=True)
        if source.is_dir():
            shutil.copytree(source, dest, ignore=ignore)
        else:
            shutil.copy2(source, dest)
    for name in LINKED:
        if not (root / name).is_symlink():
            (root / name).symlink_to((ROOT / name).resolve())
    add_toy_game(root / "py", root / "web")
    ensure_node()  # (the repository's set-up, once; the mirror only links to it)
    ensure_venv()
    for name in SHARED_CACHES:
        cache, linked = BUILD / name, root / BUILD.relative_to(ROOT) / name
        cache.mkdir(parents=True, exist_ok=True)
        linked.parent.mkdir(parents=True, exist_ok=True)
        if not linked.is_symlink():
            shutil.rmtree(linked, ignore_errors=True)
            linked.symlink_to(cache.resolve())
    stamps = root / STAMPS.relative_to(ROOT)
    stamps.mkdir(parents=True, exist_ok=True)
    for name in SHARED_STAMPS:
        shutil.copy2(STAMPS / name, stamps / name)
    return root


def build_toy_site(mirror: Path = MIRROR) -> Path:
    """Build the test site with the toy game (``mirror/root/dist/``) and return its folder."""
    root = mirror_sources(mirror)
    log(f"building the test site with the toy game {TOY_ID!r} in {root}")
    subprocess.run([sys.executable, "build.py", "build"], cwd=root, check=True)
    return root / DIST.relative_to(ROOT)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Build (and serve) the test site with the toy game.")
    parser.add_argument("--serve", action="store_true", help="then serve it on 127.0.0.1, as `serve` does")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    site = build_toy_site()
    print(site, flush=True)
    if args.serve:
        serve_forever(site, "/", args.port)


if __name__ == "__main__":
    main()
