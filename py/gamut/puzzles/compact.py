"""The puzzle files' compact form, as the wheel ships them.

Four tags of every puzzle record say again what the record already holds:
``Game``, ``Variant`` and ``Options`` are the first three words of
``Start``, and ``PuzzleId`` is drawn from ``Start`` and the first move of
the main line (:func:`.puzzle.puzzle_id`).  :func:`compact` drops them and
:func:`expand` writes them back, byte for byte::

    >>> full = open_text("loa")            # doctest: +SKIP
    >>> expand(compact(full)) == full      # doctest: +SKIP
    True

The sources keep the full form (people read and review it; the checker
refuses a wrong id there); the site's wheel ships the compact one, about
9 KB less of a first visit, and :mod:`.library` expands it when it reads.
A record that has its ``PuzzleId`` is left as it is by :func:`expand`, and
one whose tags are not in the canonical order by :func:`compact`.  The build
loads this module on its own (no package: tools/build/wheel.py), so
:func:`compact` imports nothing of gamut.
"""

from __future__ import annotations

import re

__all__ = ["compact", "expand"]

#: Where one record ends and the next begins (a record's tags follow a blank line).
_RECORDS = re.compile(r"\n\n(?=\[)")
_START = re.compile(r'^\[Start "([^"\n]*)"\]\n', re.M)
#: The canonical head of a record: the derived tags around Start, in order.
_HEAD = re.compile(
    r'^\[Game "([^"\n]*)"\]\n\[Variant "([^"\n]*)"\]\n\[Options "([^"\n]*)"\]\n'
    r'\[Start "([^"\n]*)"\]\n\[PuzzleId "[^"\n]*"\]\n'
)
_MOVE_NUMBER = re.compile(r"^\d+\.+$")


def compact(text: str) -> str:
    """``text`` (a puzzle file) without the tags :func:`expand` writes back."""
    return "\n\n".join(_compact_record(r) for r in _RECORDS.split(text))


def _compact_record(record: str) -> str:
    head = _HEAD.match(record)
    if not head or head.group(4).split(" ")[:3] != list(head.group(1, 2, 3)):
        return record  # (a record not in the canonical form: kept whole, so nothing is lost)
    return f'[Start "{head.group(4)}"]\n' + record[head.end() :]


def expand(text: str) -> str:
    """``text`` with every compact record's derived tags written back."""
    return "\n\n".join(expand_record(r) for r in _RECORDS.split(text))


def expand_record(record: str) -> str:
    """One record with its ``Game``, ``Variant``, ``Options`` and ``PuzzleId``
    written back where they belong (around ``Start``), when it lacks them."""
    from .puzzle import puzzle_id

    start = _START.search(record)
    if "[PuzzleId " in record or not start:
        return record
    game, variant, options = start.group(1).split(" ")[:3]
    moves = record.split("\n\n", 1)[1].split() if "\n\n" in record else []
    first = next((m for m in moves if not _MOVE_NUMBER.match(m)), "")
    before = f'[Game "{game}"]\n[Variant "{variant}"]\n[Options "{options}"]\n'
    after = f'[PuzzleId "{puzzle_id(game, start.group(1), first)}"]\n'
    return record[: start.start()] + before + start.group(0) + after + record[start.end() :]
