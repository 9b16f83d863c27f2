"""Our wheel, written directly with zipfile (a pure-Python wheel is a zip
with three metadata files): deterministic (fixed timestamps, sorted entries),
so the same sources give the same bytes; its metadata read from
``pyproject.toml`` alone (the version from the attribute it names,
``gamut.__version__``)."""

from __future__ import annotations

import ast
import base64
import hashlib
import io
import json
import tomllib
import zipfile
from pathlib import Path

from tools.build.layout import BUILD, PY, ROOT

# What the wheel ships of py/gamut/ (sources and data, never caches).
PACKAGE_SUFFIXES = (".py", ".json", ".txt", ".typed")


def project_metadata() -> dict:
    """The ``[project]`` table of pyproject.toml, the one source of the
    wheel's metadata, with ``version`` filled in from the attribute that
    ``[tool.setuptools.dynamic]`` names (``gamut.__version__``: the
    engine reports its version without being installed)."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    project = dict(data["project"])
    if "version" not in project:
        attr = data["tool"]["setuptools"]["dynamic"]["version"]["attr"]
        module, name = attr.rsplit(".", 1)
        path = PY / module.replace(".", "/") / "__init__.py"
        for node in ast.parse(path.read_text()).body:
            if (
                isinstance(node, ast.Assign)
                and len(node.targets) == 1
                and getattr(node.targets[0], "id", None) == name
            ):
                project["version"] = ast.literal_eval(node.value)
                break
        else:
            raise SystemExit(f"pyproject.toml: the version attribute {attr} is not in {path}")
    return project


def project_version() -> str:
    return project_metadata()["version"]


def package_files() -> list[Path]:
    """The files of py/gamut/ that the wheel ships, sorted."""
    return sorted(
        p
        for p in (PY / "gamut").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix in PACKAGE_SUFFIXES
    )


# A game's lessons (positions, goals, moves, texts in English): in its own package,
# gamut/games/<id>/lessons.json (gamut.lessons.lesson).
LESSONS = "lessons.json"
# A game's puzzles (gamut.games.PUZZLES_FILE), shipped in their compact form.
PUZZLES = "puzzles.txt"
# A step's texts (and its lesson's title, and each wrong move's why): the page says each
# from its catalogs (lesson.<game>.<lesson>[.<step>].<field>, complete in every
# language: tests/test_lessons_i18n.py), never the engine's English.
STEP_TEXTS = ("teach", "task", "well", "miss")


def is_lessons(arc: str) -> bool:
    """Whether the wheel's file ``arc`` is a game's lessons."""
    parts = arc.split("/")
    return len(parts) == 4 and parts[:2] == ["gamut", "games"] and parts[3] == LESSONS


def lessons_without_texts(data: bytes) -> bytes:
    """A game's lessons.json as the wheel ships it: every lesson's title and
    every step's teach, task, well, miss and wrong moves' whys emptied (the
    keys kept: the engine reads them), compact; the sources' lessons.json
    keeps the English for the command line and the tests.  Saves about 8 KB
    of a first visit (issue #44's lessons)."""
    game = json.loads(data)
    for lesson in game["lessons"]:
        lesson["title"] = ""
        for step in lesson["steps"]:
            for field in STEP_TEXTS:
                if field in step:
                    step[field] = ""
            if "wrong" in step:
                step["wrong"] = [[move, ""] for move, _ in step["wrong"]]
    return json.dumps(game, ensure_ascii=False, separators=(",", ":")).encode()


def is_puzzle_file(arc: str) -> bool:
    """Whether the wheel's path ``arc`` is a game's puzzle file."""
    parts = arc.split("/")
    return len(parts) == 4 and parts[:2] == ["gamut", "games"] and parts[3] == PUZZLES


def shipped(arc: str, data: bytes) -> bytes:
    """A package file's bytes as the wheel ships them: the lessons without
    their texts, the puzzle files in their compact form (gamut.puzzles.compact:
    about 9 KB less of a first visit), everything else as it is."""
    if is_lessons(arc):
        return lessons_without_texts(data)
    if is_puzzle_file(arc):
        return _puzzle_compact().compact(data.decode("utf-8")).encode("utf-8")
    return data


def _puzzle_compact():
    """gamut/puzzles/compact.py loaded on its own, not as part of the package
    (the build never imports gamut into its own process)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("_gamut_puzzle_compact", PY / "gamut/puzzles/compact.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def build_wheel(out_dir: Path = BUILD / "wheels") -> Path:
    """Write ``gamut-<version>-py3-none-any.whl`` to ``out_dir`` (rewritten
    only when its bytes change, replacing any other version) and return it."""
    project = project_metadata()
    version = project["version"]
    name = f"gamut-{version}-py3-none-any.whl"
    dist_info = f"gamut-{version}.dist-info"
    entries: list[tuple[str, bytes]] = []
    for path in package_files():
        arc = path.relative_to(PY).as_posix()
        data = path.read_bytes()
        entries.append((arc, shipped(arc, data)))
    metadata = (
        "Metadata-Version: 2.1\n"
        f"Name: {project['name']}\n"
        f"Version: {version}\n"
        f"Summary: {project['description']}\n"
        f"Requires-Python: {project['requires-python']}\n\n"
    )
    wheel_meta = "Wheel-Version: 1.0\nGenerator: gamut-build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    entries.append((f"{dist_info}/METADATA", metadata.encode()))
    entries.append((f"{dist_info}/WHEEL", wheel_meta.encode()))
    entries.append((f"{dist_info}/top_level.txt", b"gamut\n"))
    record_lines = []
    for arc, data in entries:
        h = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record_lines.append(f"{arc},sha256={h},{len(data)}")
    record_lines.append(f"{dist_info}/RECORD,,")
    entries.append((f"{dist_info}/RECORD", ("\n".join(record_lines) + "\n").encode()))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for arc, data in entries:  # package files sorted, dist-info last (RECORD at the end)
            info = zipfile.ZipInfo(arc, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data, compresslevel=9)
    out_dir.mkdir(parents=True, exist_ok=True)
    out = out_dir / name
    data = buf.getvalue()
    if not out.exists() or out.read_bytes() != data:
        for old in out_dir.glob("gamut-*.whl"):
            old.unlink()
        out.write_bytes(data)
    return out
