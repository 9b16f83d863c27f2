#!/usr/bin/env python3
"""Build, serve, test and benchmark the Gamut web site.

    python3 build.py build            # write dist/
    python3 build.py serve [--port N] # build, then serve dist/ on 127.0.0.1
    python3 build.py test             # every check: JS tests, linters, types, tests/, e2e/
    python3 build.py test --fast      # the quick loop: no browser, no slow unit tests
    python3 build.py bench            # every bench/bench_*.py
    python3 build.py size             # build, then what dist/ weighs (raw, gzip, brotli)
    python3 build.py setup            # only the set-up steps

Each command does its own set-up on a fresh Debian machine that has only
Python 3 and Node/npm (this file and its package, tools/build/, use the
standard library alone), and skips every step whose pinned inputs did not
change.  The work is done by the modules of :mod:`tools.build` (see there);
this file is the command line, and names the functions and constants that
the tests and benchmarks use as ``build.<name>``.
"""

from __future__ import annotations

import argparse
import subprocess
import sys

from tools.build.bench import run_benchmarks
from tools.build.checks import run_checks
from tools.build.data import first_moves, rules_diagrams, view_delta
from tools.build.environment import (
    PYODIDE_CORE,
    ensure_chromium,
    ensure_node,
    ensure_venv,
    pyodide_version,
)
from tools.build.layout import (
    BUILD,
    BUILD_DIR,
    CHROMIUM,
    CHROMIUM_ARGS,
    DIST,
    PYODIDE_DIR,
    ROOT,
    ROOT_FILES,
    WEB,
)
from tools.build.serve import make_server, serve_forever, serve_in_thread
from tools.build.site import build, build_info, fill_markers
from tools.build.sizes import print_sizes
from tools.build.wheel import build_wheel, project_metadata

__all__ = [
    "BUILD",
    "BUILD_DIR",
    "CHROMIUM",
    "CHROMIUM_ARGS",
    "DIST",
    "PYODIDE_CORE",
    "PYODIDE_DIR",
    "ROOT",
    "ROOT_FILES",
    "WEB",
    "build",
    "build_info",
    "build_wheel",
    "fill_markers",
    "first_moves",
    "make_server",
    "project_metadata",
    "pyodide_version",
    "rules_diagrams",
    "serve_in_thread",
    "view_delta",
]


def cmd_setup(args: argparse.Namespace) -> int:
    ensure_venv()
    ensure_node()
    if args.browser:
        ensure_chromium()
    return 0


def cmd_build(args: argparse.Namespace) -> int:
    build(force=args.force)
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    serve_forever(build(), args.prefix, args.port)
    return 0


def cmd_test(args: argparse.Namespace) -> int:
    return run_checks(fast=args.fast, pytest_args=args.pytest_args, soak=args.soak)


def cmd_bench(args: argparse.Namespace) -> int:
    return run_benchmarks()


def cmd_size(args: argparse.Namespace) -> int:
    return print_sizes(build())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("setup", help="virtual env, npm packages (and Chromium)")
    p.add_argument("--browser", action="store_true", help="also install Chromium")
    p.set_defaults(func=cmd_setup)
    p = sub.add_parser("build", help="write dist/")
    p.add_argument("--force", action="store_true", help="rebuild even when up to date")
    p.set_defaults(func=cmd_build)
    p = sub.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--prefix", default="/", help="URL sub-path to serve under (default /)")
    p.set_defaults(func=cmd_serve)
    p = sub.add_parser(
        "test",
        help="every check: JS tests, linters, types, unit and browser "
        "tests; arguments it does not know go to pytest",
    )
    p.add_argument(
        "--fast",
        action="store_true",
        help="JS tests, linters, types and the unit tests not marked slow only",
    )
    p.add_argument("--soak", action="store_true", help="the scale and fuzz tests at full size too")
    p.set_defaults(func=cmd_test, takes_pytest_args=True)
    p = sub.add_parser("bench", help="run every bench/bench_*.py")
    p.set_defaults(func=cmd_bench)
    sub.add_parser("size", help="build, then print what dist/ weighs").set_defaults(func=cmd_size)
    # test passes the arguments it does not know on to pytest (e.g. -x, -k NAME)
    args, extra = parser.parse_known_args(argv)
    if extra and not getattr(args, "takes_pytest_args", False):
        parser.error("unrecognized arguments: " + " ".join(extra))
    args.pytest_args = extra
    try:
        return args.func(args)
    except subprocess.CalledProcessError as exc:
        print(f"[build] failed: {exc}", file=sys.stderr)
        return exc.returncode or 1


if __name__ == "__main__":
    sys.exit(main())
