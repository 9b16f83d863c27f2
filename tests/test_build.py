"""build.py's wheel: byte-identical from build to build, its metadata read
from pyproject.toml alone; the test packages installed from a lock file that
pins and hashes every one of them."""

from __future__ import annotations

import re
import subprocess
import sys
import zipfile
from pathlib import Path

import build  # (tests/conftest.py puts the repository root on the path)
import gamut

ROOT = Path(__file__).resolve().parents[1]




def test_the_wheel_is_byte_identical_from_build_to_build(tmp_path):
    a = build.build_wheel(tmp_path / "a")
    b = build.build_wheel(tmp_path / "b")
    assert a.name == b.name == f"gamut-{gamut.__version__}-py3-none-any.whl"
    assert a.read_bytes() == b.read_bytes()


def test_the_wheel_metadata_comes_from_pyproject(tmp_path):
    project = build.project_metadata()
    assert project["version"] == gamut.__version__
    wheel = build.build_wheel(tmp_path)
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        meta = zf.read(f"gamut-{gamut.__version__}.dist-info/METADATA").decode()
    assert f"Summary: {project['description']}\n" in meta
    assert f"Requires-Python: {project['requires-python']}\n" in meta
    assert "gamut/view.py" in names and "gamut/loa_eval.py" in names
    assert not any("__pycache__" in n for n in names)
    # the version and the summary are written once, in the sources
    text = (ROOT / "build.py").read_text()
    assert project["description"] not in text and gamut.__version__ not in text


def test_the_lock_pins_and_hashes_every_top_level_package():
    lock = (ROOT / "requirements-dev.lock").read_text()
    pins = dict(re.findall(r"^([A-Za-z0-9_.-]+)==(\S+) \\$", lock, re.M))
    top = dict(re.findall(r"^([A-Za-z0-9_.-]+)==(\S+)$",
                          (ROOT / "requirements-dev.txt").read_text(), re.M))
    assert top and "mypy" in top
    for name, version in top.items():
        assert pins.get(name.lower()) == version, name
    # every requirement of the lock carries its hashes (pip's --require-hashes)
    lines = lock.splitlines()
    for i, line in enumerate(lines):
        if re.match(r"[A-Za-z0-9]", line):
            assert re.match(r"[A-Za-z0-9_.-]+==\S+ \\$", line), line
            assert lines[i + 1].strip().startswith("--hash=sha256:"), line


def test_the_wheel_is_complete_and_pip_installs_a_working_engine(tmp_path):
    """The wheel the worker loads: every file recorded, and an engine that answers once pip-installed."""
    a = build.build_wheel(tmp_path)  # (its name and byte-identity: the first test)
    with zipfile.ZipFile(a) as zf:
        names = zf.namelist()
        assert "gamut/__init__.py" in names and "gamut/bridge.py" in names
        assert not any("__pycache__" in n or n.endswith(".pyc") for n in names)
        record = zf.read(f"gamut-{gamut.__version__}.dist-info/RECORD").decode()
        assert all(n in record for n in names)
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index",
                    "--disable-pip-version-check", "--target", str(target), str(a)],
                   check=True, capture_output=True)
    out = subprocess.run(
        [sys.executable, "-c", "import gamut, gamut.bridge as b; print(gamut.__file__); "
         "print(b.handle('new', '{\"game\": \"loa\"}')[:11])"],
        cwd=tmp_path, env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"},
        check=True, capture_output=True, text=True).stdout.split()
    assert out[0].startswith(str(target)) and out[1] == '{"ok":true,'
