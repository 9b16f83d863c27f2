"""The complete table of the bridge's methods: this package's method
modules, imported by an explicit list.

Each module of :data:`MODULES` registers its methods in
:data:`gamut.methods.METHODS` as it is imported; importing this module
imports them all, so the table holds every method whichever modules the
caller happened to import before (``tests/test_methods.py`` checks that
the table is exactly the methods of these modules, each documented).
:mod:`gamut.bridge` dispatches through :data:`METHODS` from here.
"""

from __future__ import annotations

import importlib
import inspect

from . import METHODS

__all__ = ["MODULES", "METHODS", "reference"]

#: The modules of :mod:`gamut.methods` that define methods, by role, in the
#: order their methods are listed.
MODULES = (
    "games",  # the games, the version, a variant's start, what the page draws first
    "moves",  # view, play, mark, explain: reading and playing positions
    "editor",  # setup_*: the position editor
    "words",  # describe, enter, read: moves and positions in words
    "records",  # records_parse, records_format: game records as text
    "jobs",  # job_start, job_step, job_cancel: the time-sliced computations
    "levels",  # the computer's levels and their ratings
    "puzzles",  # each game's shipped puzzles
    "lessons",  # each game's lessons and the judging of a lesson's move
)

for _name in MODULES:
    importlib.import_module(f"{__package__}.{_name}")


def reference() -> str:
    """Every method with its documentation, in the order registered."""
    return "\n\n".join(
        f"{name}\n    " + inspect.cleandoc(function.__doc__ or "(undocumented)").replace("\n", "\n    ")
        for name, function in METHODS.items()
    )
