"""What the built site weighs: every file of ``dist/`` raw, compressed with
gzip -9 and with brotli (quality 11, by Node's zlib: Python's standard
library has no brotli), by kind and in all (issue #32).

A first visit fetches the site's files but those of the languages it does
not show: the service worker caches every file of the build every visitor
needs and the files of the visitor's own language (English's catalog only
for a visitor in English) (sw.js, ``LANGUAGE_FILES``; :func:`tools.build.layout.language_of`
tells a language's file), so a first visit transfers the whole site less
the other languages (from a host that compresses what :data:`COMPRESS`
names; the page itself, without the service worker, fetches a little less:
one game's first moves, no icons).  :data:`LIMIT_GZIP` is the budget of the
heaviest first visit (tests/test_site_size.py); a language's own files are
held to :data:`LANGUAGE_LIMIT_GZIP`, so that every language added costs the
visitors of the others nothing and its own a little.

    python3 build.py size    # the table, from dist/ (built first)
"""

from __future__ import annotations

import gzip
import json
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from tools.build.layout import language_of

# What a first visit fetches (the site but the other languages' files), each
# file compressed with gzip -9: at most this, in every language.
LIMIT_GZIP = 4_800_000
# One language's own files (its catalog, rules pages and manifest), gzip -9:
# 30-32 KB with the page's and the moves' words, 41-43 KB since the engine's
# errors joined them (issue #33: about 330 messages of records, positions,
# the editor and the requests), 50-52 KB since the lessons teach, then test
# (issue #44: 48 steps, most with two or three wrong moves' whys).
LANGUAGE_LIMIT_GZIP = 56_000
# The file names a host should serve compressed (gzip or brotli): text, the
# WebAssembly runtime.  The zips (python_stdlib.zip, the wheel) and the PNG
# icons are compressed already.
COMPRESS = (".wasm", ".mjs", ".js", ".json", ".css", ".html", ".webmanifest")

_BROTLI = """
const { brotliCompressSync, constants } = require("node:zlib");
const { readFileSync } = require("node:fs");
const paths = JSON.parse(readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(paths.map(p => {
  const data = readFileSync(p);
  return brotliCompressSync(data, { params: {
    [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }).length;
})));
"""


@dataclass(frozen=True)
class FileSize:
    name: str  # relative to the site, with "/"
    raw: int
    gzip: int
    brotli: int | None  # None where Node is missing

    @property
    def kind(self) -> str:
        return kind_of(self.name)


def kind_of(name: str) -> str:
    """The group a file of the site is counted in."""
    base = name.rsplit("/", 1)[-1]
    if name.startswith("pyodide/"):
        return "standard library" if base.endswith(".zip") else "Pyodide runtime"
    if base.endswith(".whl"):
        return "engine wheel"
    if base.endswith((".js", ".mjs", ".css", ".html", ".webmanifest")):
        return "page (HTML, JS, CSS)"
    if base.endswith(".json"):
        return "data (JSON)"
    return "icons"


def brotli_sizes(paths: list[Path]) -> list[int] | None:
    """Each file compressed with brotli -11 (Node's zlib), or None without Node."""
    if not shutil.which("node"):
        return None
    out = subprocess.run(
        ["node", "-e", _BROTLI],
        input=json.dumps([str(p) for p in paths]),
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return json.loads(out)


def site_sizes(site: Path, brotli: bool = True) -> list[FileSize]:
    """Every file of ``site``, sorted by name."""
    paths = sorted(p for p in site.rglob("*") if p.is_file())
    squeezed = brotli_sizes(paths) if brotli else None
    return [
        FileSize(
            p.relative_to(site).as_posix(),
            p.stat().st_size,
            len(gzip.compress(p.read_bytes(), 9, mtime=0)),
            squeezed[i] if squeezed else None,
        )
        for i, p in enumerate(paths)
    ]


def totals(rows: list[FileSize]) -> tuple[int, int, int | None]:
    brotli = None if any(r.brotli is None for r in rows) else sum(r.brotli or 0 for r in rows)
    return sum(r.raw for r in rows), sum(r.gzip for r in rows), brotli


def languages(rows: list[FileSize]) -> dict[str, list[FileSize]]:
    """Each language's own files."""
    out: dict[str, list[FileSize]] = {}
    for row in rows:
        if (code := language_of(row.name)) is not None:
            out.setdefault(code, []).append(row)
    return out


def first_visit(rows: list[FileSize], code: str = "en") -> list[FileSize]:
    """The files a first visit in language ``code`` fetches: every file but
    the other languages' own."""
    return [r for r in rows if language_of(r.name) in (None, code)]


def heaviest_first_visit(rows: list[FileSize]) -> tuple[str, int]:
    """The language whose first visit weighs most (gzip -9), and that weight."""
    return max(((code, totals(first_visit(rows, code))[1]) for code in languages(rows)), key=lambda x: x[1])


def table(rows: list[FileSize]) -> str:
    """The sizes by kind, then in all, in MB (the lines ``build.py size``
    and ``build.py bench`` print)."""

    def mb(n: int | None) -> str:
        return "      -" if n is None else f"{n / 1e6:7.3f}"

    lines = [f"  {'':26s} {'files':>5s} {'raw MB':>7s} {'gzip -9':>7s} {'brotli':>7s}"]
    kinds: dict[str, list[FileSize]] = {}
    for row in sorted(rows, key=lambda r: -r.gzip):
        kinds.setdefault(row.kind, []).append(row)
    for kind, group in kinds.items():
        raw, gz, br = totals(group)
        lines.append(f"  {kind:26s} {len(group):5d} {mb(raw)} {mb(gz)} {mb(br)}")
    raw, gz, br = totals(rows)
    lines.append(f"  {'the whole site':26s} {len(rows):5d} {mb(raw)} {mb(gz)} {mb(br)}")
    for code, own in sorted(languages(rows).items()):
        raw, gz, br = totals(own)
        lines.append(f"  {'  of which ' + code + ' alone':26s} {len(own):5d} {mb(raw)} {mb(gz)} {mb(br)}")
    code, gz = heaviest_first_visit(rows)
    raw, _, br = totals(first_visit(rows, code))
    lines.append(
        f"  {'a first visit (' + code + ')':26s} {len(first_visit(rows, code)):5d} {mb(raw)} {mb(gz)} {mb(br)}"
    )
    verdict = "ok" if gz <= LIMIT_GZIP else "OVER"
    lines.append(
        f"  (a first visit fetches the site but the other languages' files; the heaviest"
        f" is {code}'s; budget {LIMIT_GZIP / 1e6:.1f} MB gzipped: {verdict})"
    )
    return "\n".join(lines)


def print_sizes(site: Path) -> int:
    """Print :func:`table` of ``site``; 1 when it is over budget, else 0."""
    rows = site_sizes(site)
    print(f"{site}: every file raw, gzip -9 and brotli -11 (MB)")
    print(table(rows))
    return 0 if heaviest_first_visit(rows)[1] <= LIMIT_GZIP else 1
