"""The package's data files (the puzzles, the lessons), read once and kept
in memory, so that they are there on both of the page's ways to start the
engine.

In the page the engine starts one of two ways (``web/worker.js``):

* **cold**: the wheel is written into Pyodide's file system as a zip on
  ``sys.path``, and modules are imported from it;
* **from a memory snapshot** (a return visit): Python's heap, saved on the
  first visit, is restored.  The heap holds every imported module and every
  object they made, but *no file*: the zip is not there.

So every data file the engine reads at run time is declared here by the
module that reads it (:func:`declare`), read through this module
(:func:`data`), and :func:`prepare_snapshot`, which the worker runs just
before it saves the heap, imports every module and reads every declared
file into :data:`_KEPT`.  A start from the snapshot then finds each file
in memory.  ``tests/test_resources.py`` checks that every file the package
ships is declared, and that the lessons and puzzles of every game are read
with the wheel gone after :func:`prepare_snapshot`.
"""

from __future__ import annotations

import importlib
import pkgutil

from .core import GamutError
from .messages import Message

__all__ = ["MissingDataError", "data", "declare", "declared", "modules", "prepare_snapshot"]


class MissingDataError(GamutError):
    """A data file of the package could not be read (the package is
    incomplete: a bug of the build, never of the player's input)."""


_DECLARED: list[tuple[str, str]] = []
_KEPT: dict[tuple[str, str], bytes] = {}


def declare(package: str, *names: str) -> None:
    """Declare the data files ``names`` (paths relative to ``package``'s
    folder, with ``/``) that ``package`` reads at run time."""
    for name in names:
        if (package, name) not in _DECLARED:
            _DECLARED.append((package, name))


def declared() -> tuple[tuple[str, str], ...]:
    """Every data file declared so far, as ``(package, name)`` pairs."""
    return tuple(_DECLARED)


def data(package: str, name: str) -> bytes:
    """The bytes of the data file ``name`` of ``package``: kept in memory
    after the first read.  Raises :class:`MissingDataError` when the file
    is not there (a start from a snapshot that was saved without it)."""
    key = (package, name)
    if key not in _KEPT:
        try:
            raw = pkgutil.get_data(package, name)
        except (OSError, ImportError) as exc:
            raise MissingDataError(Message("error.internal.data", {"file": f"{package}/{name}"})) from exc
        if raw is None:
            raise MissingDataError(Message("error.internal.data", {"file": f"{package}/{name}"}))
        _KEPT[key] = raw
    return _KEPT[key]


def modules() -> list[str]:
    """The name of every module of gamut the page runs (all but the command
    line, ``gamut.__main__``)."""
    import gamut

    names = [m.name for m in pkgutil.walk_packages(gamut.__path__, "gamut.")]
    return [name for name in names if not name.endswith("__main__")]


def prepare_snapshot() -> None:
    """Import every module of gamut and read every declared data file:
    what a start from the memory snapshot finds, it finds in the heap."""
    for name in modules():
        importlib.import_module(name)
    for package, name in _DECLARED:
        data(package, name)
