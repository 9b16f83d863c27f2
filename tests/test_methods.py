"""The bridge's method table is complete by construction: exactly the
methods of the modules :data:`gamut.methods.registry.MODULES` lists, each
documented, and no method registered anywhere else."""

from __future__ import annotations

import ast
import pkgutil
from pathlib import Path

import gamut.methods
from gamut import bridge
from gamut.methods import METHODS, registry

PY = Path(__file__).resolve().parents[1] / "py"


def registered_in(path: Path) -> list[str]:
    """The names of the methods a source file registers with ``@method("name")``."""
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for deco in node.decorator_list:
                if isinstance(deco, ast.Call) and getattr(deco.func, "id", None) == "method":
                    names.append(deco.args[0].value)
    return names


def test_the_table_is_the_listed_modules_methods():
    package = PY / "gamut" / "methods"
    listed = {f"gamut.methods.{name}" for name in registry.MODULES}
    # every module of the package that registers a method is listed, and
    # every listed module registers at least one
    modules = {m.name for m in pkgutil.iter_modules(gamut.methods.__path__, "gamut.methods.")}
    with_methods = {m for m in modules if registered_in(package / f"{m.rsplit('.', 1)[1]}.py")}
    assert with_methods == listed
    # the table: exactly the methods those modules register, each by its own module
    declared = {
        name: f"gamut.methods.{module}"
        for module in registry.MODULES
        for name in registered_in(package / f"{module}.py")
    }
    assert {name: function.__module__ for name, function in METHODS.items()} == declared
    assert bridge.METHODS is METHODS is registry.METHODS


def test_no_method_is_registered_outside_the_package():
    for path in sorted((PY / "gamut").rglob("*.py")):
        if path.parent.name != "methods":
            assert not registered_in(path), path


def test_every_method_is_documented_and_in_the_reference():
    reference = "\n" + registry.reference()
    for name, function in METHODS.items():
        assert function.__doc__ and f"``{name}(" in function.__doc__, name
        assert f"\n{name}\n    ``{name}(" in reference, name
    # one entry a method, in the table's order
    assert [entry.split("\n", 1)[0] for entry in registry.reference().split("\n\n")] == list(METHODS)
