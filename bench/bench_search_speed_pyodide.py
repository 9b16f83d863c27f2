"""Search speed in Pyodide (the page's worker runs the engine there) beside
an earlier commit's: the searches of ``bench_search_speed.py`` (nodes per
second per game, and Master's move time), this checkout against
``BASELINE`` (the commit before issue #32's faster search) or ``--commit REV``.

Each version runs in Pyodide under Node, started the way the worker starts
it on a first visit (``tools/build/pyodide_run.mjs``, the runner the build
uses to cut the standard library: Pyodide's whole standard library, the
engine as a zip on ``sys.path``, ``gamut.bridge`` imported, the heap
saved).  The engine zip holds the version's ``py/gamut`` sources (the
baseline's exported with ``git archive``, as the arena does) and this
checkout's ``bench_ai.py`` and ``bench_search_speed.py``, whose ``measure``
runs the searches inside Pyodide: the same code and the same searches as in
CPython.  Old and new alternate, each in its own Node process, ``--rounds``
times, a game at a time (a line printed per game as soon as it is
measured); the table gives the medians and the median of the per-round ratios.
Times are the CPU time of the Node process (``process.cpuUsage()``, read
from Python: Pyodide's own ``time.process_time`` is the wall clock), so
that the other processes of a busy machine do not count; V8's own threads
(compiling, collecting garbage) do.

Run: ``PYTHONPATH=py python3 bench/bench_search_speed_pyodide.py [--commit REV]
[--rounds N] [--games el,evl]``."""

from __future__ import annotations

import json
import sys
import tempfile
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))  # the repository: tools/

from bench_search_speed import parse_args, report_header, report_row  # noqa: E402

from tools.arena import export_commit  # noqa: E402
from tools.build.layout import NODE_PYODIDE  # noqa: E402
from tools.build.stdlib import STDLIB, run_in_pyodide  # noqa: E402

#: Run inside Pyodide by pyodide_run.mjs: ``exercise(games)`` -> measure(games),
#: timed by Node's CPU clock (Pyodide's ``time.process_time`` is the wall clock).
EXERCISE = """
import json
import time


def node_cpu_seconds():
    import js

    used = js.process.cpuUsage()
    return (used.user + used.system) / 1e6


def exercise(games):
    import bench_search_speed

    time.process_time = node_cpu_seconds
    return bench_search_speed.measure(games)
"""
#: What the engine zip takes of the benchmarks (the searches and their positions).
BENCH_MODULES = ("bench_ai.py", "bench_search_speed.py")


def engine_zip(package: Path, out: Path) -> Path:
    """``out``: a zip holding ``package`` (a ``gamut`` folder) and the bench
    modules, for ``sys.path`` (what the worker does with our wheel)."""
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted(package.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                z.write(path, Path("gamut", path.relative_to(package)).as_posix())
        for name in BENCH_MODULES:
            z.write(HERE / name, name)
    return out


def run_once(engine: Path, exercise: Path, games: list[str]) -> dict:
    """One measurement in Pyodide under Node: {game: {nodes, seconds, master_seconds}}."""
    config = {
        "stdlib": str(NODE_PYODIDE / STDLIB),
        "wheel": str(engine),
        "exercise": str(exercise),
        "names": games,
    }
    return json.loads(run_in_pyodide(config))


def compare(rev: str, rounds: int, games: list[str]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        commit = export_commit(rev, work / "old")
        old = engine_zip(work / "old" / "py" / "gamut", work / "old.zip")
        new = engine_zip(ROOT / "py" / "gamut", work / "new.zip")
        exercise = work / "exercise.py"
        exercise.write_text(EXERCISE)
        report_header("Pyodide under Node (the worker's Python)", commit, rounds)
        for game in games:  # (a game at a time: each line is printed as soon as it is measured)
            runs: dict[str, list[dict]] = {"old": [], "new": []}
            for r in range(rounds):
                order = [("old", old), ("new", new)] if r % 2 else [("new", new), ("old", old)]
                for name, engine in order:
                    runs[name].append(run_once(engine, exercise, [game]))
            report_row(game, runs)


def main(argv: list[str]) -> int:
    parsed = parse_args(argv, "bench_search_speed_pyodide.py")
    if parsed is None:
        return 2
    compare(*parsed)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
