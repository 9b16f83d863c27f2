"""The page's scripts and style sheets shipped minified.

Every ``.js`` and ``.css`` file the build copies from ``web/`` goes through
esbuild (the npm package, pinned in package.json) one file at a time, with
no bundling: each stays the ES module it is, importing the same files by the
same names.  Only comments and white space go, and syntax is shortened
(``--minify-whitespace --minify-syntax``); names are kept, so an error in
the browser still names the function it is in.  That takes the page from
about 290 KB to about 170 KB gzipped, which keeps the whole site inside its
budget (docs/deploying.md).  The sources in ``web/`` are what a developer
reads and what the tests check; ``dist/`` holds the minified copies.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from tools.build.common import log
from tools.build.layout import NODE_MODULES

ESBUILD = NODE_MODULES / ".bin" / "esbuild"
MINIFIED = (".js", ".css")


def minify_in_place(root: Path, files: list[Path]) -> None:
    """Minify ``files`` (under ``root``), each rewritten where it is."""
    files = [f for f in files if f.suffix in MINIFIED]
    if not files:
        return
    log(f"minifying {len(files)} scripts and style sheets of the page (esbuild)")
    subprocess.run(
        [
            str(ESBUILD),
            *[str(f.relative_to(root)) for f in files],
            f"--outdir={root}",
            f"--outbase={root}",
            "--allow-overwrite",
            "--minify-whitespace",
            "--minify-syntax",
            "--legal-comments=none",
            "--charset=utf8",
            "--log-level=warning",
        ],
        cwd=root,
        check=True,
    )
