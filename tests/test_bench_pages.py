"""The benchmark's own pages (bench/bench_site.py) load modules of the built
page by their paths in web/: a module moved there must be followed, or
``python3 build.py bench`` stops at its first page (it once did, when the
engine client moved into web/engine/)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import bench_site  # noqa: E402


def test_every_module_the_bench_pages_import_is_a_module_of_the_page():
    imports = re.findall(r'from "\./([^"]+)"', bench_site.SEARCH_HTML)
    assert imports == ["engine/engine.js"]
    for path in imports:
        assert (ROOT / "web" / path).is_file(), path
        assert "export class Engine" in (ROOT / "web" / path).read_text()
