"""``build.py test``: every check of the repository, its name printed before
it runs and its result after, and a summary at the end.  The quick checks
(the JS tests, the linters, the type checkers: each mostly on one core) and
the unit tests run side by side, each one's output printed whole when it
ends, in order; then the browser tests, as they go.

The full run (CI's and the README's command) sets everything up, builds the
site and runs every check below; ``--fast`` (the loop while working: about a
minute) runs the JS tests, the linters, the type checkers and the unit tests
not marked ``slow``, with no browser and no build of the site.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from tools.build.common import log
from tools.build.environment import ensure_chromium, ensure_node, ensure_venv
from tools.build.layout import NODE_MODULES, PY, ROOT
from tools.build.site import build

# Where the JS linters' and tsc's commands are (pinned in package.json).
BIOME = NODE_MODULES / ".bin" / "biome"
TSC = NODE_MODULES / ".bin" / "tsc"
# The pytest marker of the unit tests that --fast leaves out (registered in pyproject.toml).
SLOW_MARKER = "slow"
# The unit tests run on every core (pytest-xdist: they are CPU-bound and share no
# state).  The tests that build the site share .build/ and dist/: one worker takes
# them all (their modules' xdist_group "site-build", --dist loadgroup).
UNIT_WORKERS = ["-n", "auto", "--dist", "loadgroup"]
# The browser tests run on both cores, a module to a worker (pytest-xdist's
# loadscope: a module's shared page stays one page; the site is built once under a
# lock, each worker keeps its own snapshot file: e2e/conftest.py).  One process left
# a quarter of the two cores idle, two keep them 98 % busy: the whole e2e suite took
# 22-24 minutes in one process, 15.4-16.4 on two workers (2026-12-06).  They became
# the default once three whole runs in a row passed on them (CONTRIBUTING.md keeps
# the record of every whole run and what each one that failed found).  One process:
# python3 build.py test -n 0 (the last -n wins; it reaches the unit tests' run too).
E2E_WORKERS = ["-n", "auto", "--dist", "loadscope"]
E2E_DEFAULT: list[str] = E2E_WORKERS


@dataclass(frozen=True)
class Check:
    """One check: its name in the output, its command, and whether it is a
    pytest run (which takes ``build.py test``'s extra pytest arguments)."""

    name: str
    command: list[str]
    pytest: bool = False


def checks(py: Path, fast: bool) -> list[Check]:
    """The checks of a run, in the order they run: the quick ones first."""
    js_tests = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "js").glob("*.test.mjs"))
    # (--durations: each pytest run ends with its ten slowest tests)
    pytest = [str(py), "-m", "pytest", "-q", "-p", "no:cacheprovider", "--durations=10"]
    found = [
        # the page's logic that needs no browser: Node's own test runner, every file in
        # one process (tests/js/run.mjs: a process a file cost four times the CPU)
        Check("js", ["node", "--test-reporter=dot", str(ROOT / "tests" / "js" / "run.mjs")]),
        Check("ruff check", [str(py), "-m", "ruff", "check", "."]),
        Check("ruff format", [str(py), "-m", "ruff", "format", "--check", "."]),
        Check("biome", [str(BIOME), "ci", "web", "tests/js"]),
        Check("mypy", [str(py), "-m", "mypy", "py/gamut"]),
        Check("tsc", [str(TSC), "-p", "tsconfig.json"]),
    ]
    if fast:
        found.append(
            Check(
                "tests (not slow)", [*pytest, *UNIT_WORKERS, "tests", "-m", f"not {SLOW_MARKER}"], pytest=True
            )
        )
    else:
        found.append(Check("tests", [*pytest, *UNIT_WORKERS, "tests"], pytest=True))
        found.append(Check("e2e", [*pytest, *E2E_DEFAULT, "e2e"], pytest=True))
    return [c for c in found if c.name != "js" or js_tests]


def run_checks(fast: bool = False, pytest_args: list[str] | None = None, soak: bool = False) -> int:
    """Set up, run every check (see the module's docstring), print each
    result and a summary; 0 when all passed, else 1."""
    started = time.monotonic()
    py = ensure_venv()
    ensure_node()
    if not fast:
        ensure_chromium()
        build()
    log(f"set-up{'' if fast else ' and build'}: {time.monotonic() - started:.1f} s")
    env = dict(os.environ, PYTHONPATH=str(PY))
    # (compiled modules are kept, pytest's assertion-rewritten tests too: without
    # them every test process compiles py/ and rewrites tests/ again, 5-10 s of
    # CPU each; some machines set PYTHONDONTWRITEBYTECODE for the whole shell)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if soak:
        env["GAMUT_SOAK"] = "1"  # (e2e/conftest.py SOAK: the scale and fuzz tests at full size)
    results: dict[str, int] = {}
    times: dict[str, float] = {}
    started = time.monotonic()
    found = [
        Check(c.name, c.command + list(pytest_args or []), True) if c.pytest else c for c in checks(py, fast)
    ]
    # the quick checks and the unit tests side by side (each quick one is mostly on one
    # core and ends in seconds: the unit tests' workers take the cores they leave; --fast
    # 71 s one after the other, 57-67 s side by side); the browser tests after them
    unit = next((c for c in found if c.pytest), None)
    beside = [c for c in found if not c.pytest] + ([unit] if unit else [])
    with ThreadPoolExecutor(max_workers=max(1, len(beside))) as pool:
        running = [(c, pool.submit(_captured, c.command, env)) for c in beside]
        for check, future in running:
            log(f"{check.name}: {' '.join(_shown(c) for c in check.command)}")
            results[check.name], output, times[check.name] = future.result()
            sys.stdout.write(output)
            sys.stdout.flush()
            log(f"{check.name}: {_result(results[check.name])} in {times[check.name]:.1f} s")
    for check in (c for c in found if c.pytest and c is not unit):
        command = check.command
        log(f"{check.name}: {' '.join(_shown(c) for c in command)}")
        begun = time.monotonic()
        results[check.name] = _run(command, env)
        times[check.name] = time.monotonic() - begun
        log(f"{check.name}: {_result(results[check.name])} in {times[check.name]:.1f} s")
    for name, code in results.items():
        log(f"{name}: {_result(code)} in {times[name]:.1f} s")
    log(f"checks: {time.monotonic() - started:.1f} s in all (the quick ones side by side)")
    failed = [name for name, code in results.items() if code]
    log(
        ("all passed: " if not failed else f"FAILED: {', '.join(failed)}; passed: ")
        + ", ".join(name for name in results if name not in failed)
    )
    return 1 if failed else 0


def _missing(command: list[str]) -> bool:
    return Path(command[0]).is_absolute() and not Path(command[0]).exists()


def _run(command: list[str], env: dict) -> int:
    """Run ``command`` in the repository, its output as it comes; its exit code."""
    if _missing(command):
        log(f"{_shown(command[0])} is missing (npm ci installs it)")
        return 127
    return subprocess.run(command, cwd=ROOT, env=env).returncode


def _captured(command: list[str], env: dict) -> tuple[int, str, float]:
    """Run ``command`` in the repository, its output kept: (exit code, output, seconds)."""
    begun = time.monotonic()
    if _missing(command):
        return 127, f"{_shown(command[0])} is missing (npm ci installs it)\n", 0.0
    done = subprocess.run(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    return done.returncode, done.stdout, time.monotonic() - begun


def _result(code: int) -> str:
    return "passed" if code == 0 else f"FAILED (exit {code})"


def _shown(part: str) -> str:
    """A command's part as the log shows it: paths relative to the repository."""
    path = Path(part)
    if path.is_absolute() and path.is_relative_to(ROOT):
        return str(path.relative_to(ROOT))
    return shlex.quote(part)
