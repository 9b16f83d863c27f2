"""The set-up every command does for itself on a fresh Debian machine that
has only Python 3 and Node/npm, each step skipped while its pinned inputs are
unchanged (see :mod:`tools.build.common`'s stamps):

* ``.venv``: a virtual environment with ``requirements-dev.lock`` (every
  test and lint package and its whole dependency tree pinned with their
  hashes, installed with ``--require-hashes``; generated from the top-level
  pins of ``requirements-dev.txt``, see there);
* ``node_modules``: ``npm ci`` of package-lock.json (the pinned ``pyodide``
  and the JS linters);
* ``/usr/bin/chromium`` from Debian (apt-get) for ``test`` and ``bench`` only.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from tools.build.common import digest, log, run, short_hash, stamp, stamped
from tools.build.layout import CHROMIUM, LOCK, NODE_PYODIDE, ROOT, VENV

# The files of the pyodide npm package that the site uses: the runtime, served
# as it is, and the standard library, served cut (tools/build/stdlib.py).
PYODIDE_RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
PYODIDE_CORE = (*PYODIDE_RUNTIME, "python_stdlib.zip")


def venv_python(venv: Path = VENV) -> Path:
    return venv / "bin" / "python"


def ensure_venv(venv: Path = VENV) -> Path:
    """``venv`` (default ``.venv``) with the packages of requirements-dev.lock,
    each checked against its pinned hash; returns its python."""
    key = digest(LOCK, sys.version)
    py = venv_python(venv)
    name = "venv" if venv == VENV else "venv-" + short_hash(str(venv))
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
    run(
        [
            py,
            "-m",
            "pip",
            "install",
            "--disable-pip-version-check",
            "-q",
            "--require-hashes",
            "--no-deps",
            "-r",
            LOCK,
        ]
    )
    stamp(name, key)
    return py


def apt_install(packages: list[str]) -> None:
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    run([*sudo, "apt-get", "update", "-q"], env=env)
    run([*sudo, "apt-get", "install", "-y", "-q", *packages], env=env)


def ensure_node() -> Path:
    """``npm ci`` of the pinned packages; returns the pyodide package's folder."""
    key = digest(ROOT / "package.json", ROOT / "package-lock.json")
    if not stamped("npm", key, [NODE_PYODIDE / f for f in PYODIDE_CORE]):
        run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT)
        stamp("npm", key)
    return NODE_PYODIDE


def pyodide_version() -> str:
    return json.loads((NODE_PYODIDE / "package.json").read_text())["version"]


def ensure_chromium() -> Path:
    if not CHROMIUM.exists():
        log("Chromium is missing: installing Debian's chromium")
        apt_install(["chromium"])
    return CHROMIUM
