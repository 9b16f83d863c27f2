"""Every error the engine raises on a player's input says a message (issue #33).

An error of the engine (:class:`gamut.core.GamutError` and its subclasses)
reaches the page through the bridge, and the page shows its message in the
player's language (``said``); one raised with an English text would be shown
in English in every language.  This test reads the engine's source and fails
on any ``raise`` of such an error with no argument or with a text written in
the code (a string, an f-string, ``str(exc)``, texts joined) instead of a
message; and on any message id the engine's source names that English and
the page's catalogs do not hold."""

from __future__ import annotations

import ast
import builtins
import importlib
import pkgutil
from pathlib import Path

from test_messages import CATALOGS

import gamut
from gamut.core import GamutError
from gamut.messages import ENGLISH, LISTS

ROOT = Path(gamut.__file__).resolve().parent


def error_names() -> set[str]:
    """The names of GamutError and every subclass the engine defines."""
    for module in pkgutil.walk_packages(gamut.__path__, "gamut."):
        if module.name.endswith("__main__") or ".cli" in module.name:
            continue
        importlib.import_module(module.name)
    names = set()
    todo = [GamutError]
    while todo:
        cls = todo.pop()
        names.add(cls.__name__)
        todo.extend(cls.__subclasses__())
    return names


#: Errors of the engine's own that are not GamutErrors but become one (a
#: record's game that cannot be read: records/tree.py).
CARRIERS = {"_Stop"}


def says_a_message(arg: ast.expr | None) -> bool:
    """Whether an error's one argument is a message: ``Message(...)`` (or
    ``Message.all``), a variable holding one, or a call of a function or
    method that returns one (``self._explain(cells)``, ``why(exc)``); never
    a text: a string, an f-string, texts joined, nor ``str(...)`` or another
    builtin of anything.  (What a name or call gives is checked where the
    errors are made to happen: tests/test_errors_*.py.)"""
    if isinstance(arg, ast.Name):
        return True
    if not isinstance(arg, ast.Call):
        return False
    f = arg.func
    if isinstance(f, ast.Attribute):
        return f.attr not in ("format", "join") or (isinstance(f.value, ast.Name) and f.value.id == "Message")
    if not isinstance(f, ast.Name):
        return False
    return f.id == "Message" or (f.id[0].islower() and not hasattr(builtins, f.id))


def offenders() -> list[str]:
    names = error_names()
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Raise) or node.exc is None:
                continue
            exc = node.exc
            if isinstance(exc, ast.Name) and exc.id in names:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {exc.id} raised with no message")
                continue
            if not isinstance(exc, ast.Call):
                continue
            f = exc.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            if name not in names and name not in CARRIERS:
                continue
            one = exc.args[0] if exc.args else None
            if (len(exc.args) != 1 and name not in CARRIERS) or not says_a_message(one):
                found.append(
                    f"{path.relative_to(ROOT)}:{node.lineno}: {name}({ast.unparse(exc.args[0]) if exc.args else ''}"[
                        :160
                    ]
                )
    return found


def test_the_engine_knows_its_errors():
    names = error_names()
    assert {"GamutError", "PositionError", "RecordError", "IllegalMoveError", "SetupError"} <= names


def test_every_error_of_the_engine_is_raised_with_a_message():
    found = offenders()
    assert not found, f"{len(found)} errors raised with English text, not a message:\n" + "\n".join(found)


def test_the_lint_catches_an_english_error():
    """The rule itself: an English text is caught, a message is not."""
    for bad in ("f'bad {x}'", "'bad'", "str(exc)", "'a' + b", "', '.join(xs)", "'{}'.format(x)", "repr(x)"):
        assert not says_a_message(ast.parse(f"raise PositionError({bad})").body[0].exc.args[0]), bad
    for good in (
        "Message('error.x', {'x': 1})",
        "Message.all(xs)",
        "self._explain(cells)",
        "wrong",
        "why(exc)",
    ):
        assert says_a_message(ast.parse(f"raise PositionError({good})").body[0].exc.args[0]), good


def test_every_message_id_the_engine_names_is_english_and_in_every_catalog():
    """Every literal ``Message("id", ...)`` of the engine's source is a key of
    ENGLISH and of each page catalog (an id mistyped would reach the page as
    an id it cannot say)."""
    ids = set()
    for path in ROOT.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "Message"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                ids.add(node.args[0].value)
    assert len(ids) > 400
    ids -= set(LISTS)  # (said with the language's Intl.ListFormat, not a catalog)
    missing = sorted(i for i in ids if i not in ENGLISH)
    assert not missing, missing
    for lang, catalog in CATALOGS.items():
        assert not [i for i in ids if i not in catalog], lang
