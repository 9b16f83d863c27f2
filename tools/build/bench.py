"""``build.py bench``: every ``bench/bench_*.py`` against the engine in py/
(the site benchmarks build their own copy of the site and serve it)."""

from __future__ import annotations

import os
import subprocess

from tools.build.environment import ensure_chromium, ensure_venv
from tools.build.layout import PY, ROOT
from tools.build.site import build


def run_benchmarks() -> int:
    """Run each benchmark in turn; 1 if any failed, else 0."""
    py = ensure_venv()
    ensure_chromium()
    build()
    env = dict(os.environ, PYTHONPATH=str(PY))
    failed = False
    for script in sorted((ROOT / "bench").glob("bench_*.py")):
        print(f"== {script.relative_to(ROOT)}", flush=True)
        proc = subprocess.run([str(py), str(script)], cwd=ROOT, env=env)
        failed |= proc.returncode != 0
    print("== bench/long_game.py --page", flush=True)
    proc = subprocess.run([str(py), str(ROOT / "bench" / "long_game.py"), "--page"], cwd=ROOT, env=env)
    failed |= proc.returncode != 0
    return 1 if failed else 0
