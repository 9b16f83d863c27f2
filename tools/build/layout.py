"""Where things are: the repository's folders, the set-up's pinned paths, and
the few facts about web/'s layout that the site build relies on.

Every other module of :mod:`tools.build` reads its paths from here, so that a
file moving in web/ means changing one constant below, not a search through
the build.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PY = ROOT / "py"
WEB = ROOT / "web"
DIST = ROOT / "dist"
BUILD = ROOT / ".build"
STAMPS = BUILD / "stamps"
VENV = ROOT / ".venv"
NODE_MODULES = ROOT / "node_modules"
NODE_PYODIDE = NODE_MODULES / "pyodide"
# Small npm packages the page loads, pinned in package.json and copied into the
# build's own folder under vendor/ (minified with the page's scripts), each with
# its licence: name in the build -> the installed file.
VENDOR = {
    "vendor/uqr.js": NODE_MODULES / "uqr" / "dist" / "index.mjs",  # (QR codes of live links, #46)
    "vendor/uqr.LICENSE.txt": NODE_MODULES / "uqr" / "LICENSE",
}
LOCK = ROOT / "requirements-dev.lock"
CHROMIUM = Path("/usr/bin/chromium")
# How the tests and benchmarks start it: headless here, and quiet (no network of its own).
# Chromium 156 opens its address bar's popup (a WebUI page, in a renderer of its own)
# for every window, headless too: about a third of a test page load's CPU.  The
# features below turn it off (e2e/test_infra.py fails if such a page comes back).
#
# Chromium keeps only the last --disable-features it is given, and Playwright gives
# its own list first: ours is that list (PLAYWRIGHT_DISABLED_FEATURES, Playwright's
# chromiumSwitches; tests/test_build.py checks it against the Playwright
# installed) and our features, in one switch.  One of Playwright's is left on on
# purpose: ThirdPartyStoragePartitioning, which players' browsers ship, so that a
# board embedded in another site's page keeps its storage apart as theirs do.
PLAYWRIGHT_DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
    "msForceBrowserSignIn",
    "msEdgeUpdateLaunchServicesPreferredVersion",
)
LEFT_ON = ("ThirdPartyStoragePartitioning",)
CHROMIUM_DISABLED_FEATURES = (
    *(name for name in PLAYWRIGHT_DISABLED_FEATURES if name not in LEFT_ON),
    "WebUIOmniboxPopup",
    "WebUIOmniboxFullPopup",
    "WebUIOmniboxAimPopup",
    "PreloadTopChromeWebUI",
    "WebUIReloadButton",
)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-features=" + ",".join(CHROMIUM_DISABLED_FEATURES),
]

# ---------------------------------------------------------------------------
# web/'s layout, as the site build reads it

# The page; the initial views are inlined at INITIAL_MARKER.
INDEX_HTML = "index.html"
INITIAL_MARKER = "<!--INITIAL-->"
# A board for other pages (issue #45): a page of its own beside index.html,
# loading the one style sheet (it asks the engine for the games' list).
EMBED_HTML = "embed.html"
# The script index.html must load from the build's folder (checked after the
# page's URLs are pointed there).
APP_SCRIPT = "app.js"
# The offline service worker and its two markers: the build's version and its file list.
SERVICE_WORKER = "sw.js"
SW_VERSION_MARKER = "__GAMUT_VERSION__"
SW_FILES_MARKER = "/*__GAMUT_FILES__*/"
# ... and the files of each language, {code: [file, ...]}.
SW_LANGUAGE_FILES_MARKER = "/*__GAMUT_LANGUAGE_FILES__*/ {}"
# A file that belongs to one language of the page (its catalog, its rules
# pages, its manifest: i18n/de.json, games/rules.de.json,
# manifest.de.webmanifest).  English's are a language's like the others'
# (every catalog holds exactly English's keys: a page in German never needs
# English's catalog, tests/js/i18n-catalogs.test.mjs); its manifest is the
# site's own, manifest.webmanifest, everyone's.
LANGUAGE_FILE = re.compile(r"(?:.*/)?(?:i18n/|rules\.|manifest\.)([a-z]{2,3})\.(?:json|webmanifest)")


def language_of(name: str) -> str | None:
    """The language whose file ``name`` (a path in the site) is, or None for
    a file every visitor needs."""
    m = LANGUAGE_FILE.fullmatch(name)
    return m.group(1) if m else None


# The web app manifest.
MANIFEST = "manifest.webmanifest"
# Where the page and the manifest name the games ("Play __GAMUT_GAMES__ in your
# browser"), the build writes the engine's games' names, in registry order
# (see tools.build.site.fill_games): no list of games is written by hand.
GAMES_MARKER = "__GAMUT_GAMES__"
GAMES_FILES = (INDEX_HTML, MANIFEST)
# Markers in the build's scripts (paths relative to web/): this build's version
# (the worker keys its memory snapshots by it; offline.js tells the service
# worker which build a page runs), the way from the build's folder to Pyodide's
# and to the site's root.
SCRIPT_MARKERS = {
    "worker.js": ("__GAMUT_VERSION__", "__GAMUT_PYODIDE__"),
    "offline.js": ("__GAMUT_VERSION__", "__GAMUT_SITE__"),
}
# Each game's page files: web/games/<game>/ (its rules pages, their diagrams, its board themes).
GAMES_WEB = WEB / "games"
# The rules pages' diagrams: one JSON file per game (its "game" field names it),
# the files RULES_DIAGRAMS_PATTERN matches below the folder RULES_DIAGRAMS.
RULES_DIAGRAMS = GAMES_WEB
RULES_DIAGRAMS_PATTERN = "*/diagrams.json"
# A game's board themes, in its folder (tools/build/themes.py), written into
# the pages that draw boards where they have THEMES_MARKER; the files stay out
# of the site.  Page -> whether it draws in each game's first theme only (an
# embedded board is drawn in the default theme: it has no settings).
THEMES_FILE = "themes.json"
THEMES_MARKER = "<!--THEMES-->"
THEMES_PAGES = {INDEX_HTML: False, EMBED_HTML: True}

# dist/'s layout: the files that keep their names from build to build (the
# page, the service worker, what the browser reads on its own); every other
# file of a build goes to BUILD_DIR/<version>/, Pyodide's to PYODIDE_DIR/<its version>/.
# web/sw.js knows the two folders too (its IMMUTABLE).
# The page's languages, as web/i18n/languages.js lists them (English first).
LANGUAGES_JS = WEB / "i18n" / "languages.js"


def page_languages() -> list[str]:
    """The page's language codes, as ``web/i18n/languages.js`` lists them (English first)."""
    return re.findall(r'\{ code: "([a-z]{2,3})"', LANGUAGES_JS.read_text())


# The manifest of each language but English (tools/build/manifests.py), kept
# beside the English one, under a name of its own from build to build.
LANGUAGE_MANIFESTS = tuple(
    MANIFEST.replace(".webmanifest", f".{code}.webmanifest") for code in page_languages() if code != "en"
)
ROOT_FILES = (INDEX_HTML, EMBED_HTML, SERVICE_WORKER, "version.json", MANIFEST, *LANGUAGE_MANIFESTS, "icons")
BUILD_DIR = "b"
PYODIDE_DIR = "pyodide"
# Files of web/ that are never copied to dist/ (editor and test droppings;
# web/package.json is for Node's tests only).
WEB_SKIP = re.compile(r"(^\.|~$|\.swp$|\.orig$|\.rej$|^package\.json$)")
