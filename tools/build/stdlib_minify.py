"""Docstrings and comments out of the standard library's sources (and the engine wheel's), which then
weigh 45 % less compressed (issue #32: the site's standard library zip).

Run inside Pyodide under Node (tools/build/pyodide_run.mjs), so that the
sources are read by the same Python version (3.14) that runs them: CPython
3.11's tokenizer cannot read every 3.14 source.  Uses the standard library
only.

What changes, and why it is safe:

* a docstring (the first statement of a module, class or function, a string)
  becomes ``""``: still the first statement (``from __future__`` may follow),
  ``__doc__`` is ``""`` instead of the text (under ``python -OO``, which the
  standard library supports, it is ``None``);
* a comment is removed (lines 1 and 2 keep theirs: an encoding declaration);
* every line keeps its number (a removed line becomes an empty one), so a
  traceback points at the right line;
* a docstring followed by code on its last line is left alone, and Pyodide's
  own packages (``pyodide``, ``_pyodide``: their start reads docstrings) are
  not touched;
* every result is compiled before it is kept: a source that this would break
  fails the build instead.
"""

from __future__ import annotations

import ast
import io
import tokenize
import zipfile

UNTOUCHED = ("pyodide/", "_pyodide/")


def minify_source(text: str, name: str = "<source>") -> str:
    """``text`` without its docstrings' and comments' contents (see above)."""
    lines = text.splitlines(keepends=True)
    spans = []  # (first line, column, last line, end column), 1-based lines
    for node in ast.walk(ast.parse(text, name)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
                and first.end_lineno is not None
                and first.end_col_offset is not None
            ):
                spans.append((first.lineno, first.col_offset, first.end_lineno, first.end_col_offset))
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT and token.start[0] > 2:
            spans.append((*token.start, *token.end))
    for first, col, last, end_col in sorted(spans, reverse=True):
        rest = lines[last - 1][end_col:]
        head = lines[first - 1][:col]
        if lines[first - 1][col:].startswith("#"):
            lines[first - 1] = head.rstrip() + "\n"
            continue
        if rest.strip() and not rest.lstrip().startswith("#"):
            continue  # code after the docstring on its last line
        lines[first - 1 : last] = [head + '""' + rest] + ["\n"] * (last - first)
    out = "".join(lines)
    compile(out, name, "exec", dont_inherit=True)
    return out


def minify_zip(source: str, out: str) -> None:
    """Copy the zip ``source`` to ``out`` with each ``.py`` minified (the
    same entries, order and timestamps; deflated at level 9)."""
    with zipfile.ZipFile(source) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            data = src.read(info)
            if info.filename.endswith(".py") and not info.filename.startswith(UNTOUCHED):
                data = minify_source(data.decode("utf-8"), info.filename).encode("utf-8")
            info.compress_type = zipfile.ZIP_DEFLATED if data else zipfile.ZIP_STORED
            dst.writestr(info, data, compresslevel=9)
