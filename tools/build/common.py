"""What every step of the build shares: logging, running a command, and
stamps, which let a step skip itself when the hash of its inputs is unchanged."""

from __future__ import annotations

import hashlib
import subprocess
from collections.abc import Iterable
from pathlib import Path

from tools.build.layout import ROOT, STAMPS


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def run(cmd: Iterable[object], **kw) -> None:
    """Run ``cmd`` (logged first), raising CalledProcessError if it fails."""
    args = [str(c) for c in cmd]
    log("$ " + " ".join(args))
    subprocess.run(args, check=True, **kw)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def digest(*parts: object) -> str:
    """One hash of ``parts``: a path counts by its name (relative to the
    repository when inside it) and its bytes, anything else by its text."""
    h = hashlib.sha256()
    for part in parts:
        if isinstance(part, Path):
            h.update(str(part.relative_to(ROOT) if part.is_relative_to(ROOT) else part).encode())
            h.update(part.read_bytes() if part.exists() else b"<missing>")
        elif isinstance(part, bytes):
            h.update(part)
        else:
            h.update(str(part).encode())
        h.update(b"\0")
    return h.hexdigest()


def stamped(name: str, key: str, outputs: Iterable[Path] = ()) -> bool:
    """True when step ``name`` already ran with inputs ``key`` and its outputs exist."""
    stamp_file = STAMPS / name
    return stamp_file.exists() and stamp_file.read_text() == key and all(Path(p).exists() for p in outputs)


def stamp(name: str, key: str) -> None:
    """Record that step ``name`` ran with inputs ``key``."""
    STAMPS.mkdir(parents=True, exist_ok=True)
    (STAMPS / name).write_text(key)


def short_hash(text: str) -> str:
    """Eight hex digits naming a stamp after a path (a venv, an output folder)."""
    return hashlib.sha256(text.encode()).hexdigest()[:8]
