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


def is_a_text(node: ast.expr) -> bool:
    """A text written in the code: a string, an f-string, texts joined or
    formatted, ``str(...)``.  (A name or a call that gives a message, such
    as ``self._explain(cells)``, passes here; the tests of every error's
    ``said``, test_errors_*.py, check what they give.)"""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return is_a_text(node.left) or is_a_text(node.right)
    if isinstance(node, ast.Call):
        f = node.func
        if isinstance(f, ast.Name) and f.id in ("str", "repr", "format"):
            return True
        if (
            isinstance(f, ast.Attribute)
            and f.attr in ("format", "join")
            and not (isinstance(f.value, ast.Name) and f.value.id == "Message")
        ):
            return True
    return False


def says_a_message(node: ast.expr) -> bool:
    return not is_a_text(node)


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
            if name not in names:
                continue
            if len(exc.args) != 1 or not says_a_message(exc.args[0]):
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
    for bad in ("f'bad {x}'", "'bad'", "str(exc)", "'a' + b", "', '.join(xs)", "'{}'.format(x)"):
        assert not says_a_message(ast.parse(f"raise PositionError({bad})").body[0].exc.args[0]), bad
    for good in ("Message('error.x', {'x': 1})", "Message.all(xs)", "self._explain(cells)", "wrong"):
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
