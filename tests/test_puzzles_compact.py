"""The puzzle files' compact form (gamut.puzzles.compact): the wheel ships
every game's puzzles without the tags a record says twice, and reading them
back gives the sources' puzzles, ids included."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import build  # (tests/conftest.py puts the repository root on the path)
from gamut.core import GAMES
from gamut.puzzles import library
from gamut.puzzles.compact import compact, expand
from gamut.puzzles.puzzle import read

SOURCES = {game: Path(library.data_path(game)).read_text(encoding="utf-8") for game in GAMES}


@pytest.mark.parametrize("game", sorted(SOURCES))
def test_a_compact_file_expands_to_its_source_byte_for_byte(game):
    text = SOURCES[game]
    small = compact(text)
    assert "[PuzzleId " not in small and "[Game " not in small and "[Options " not in small
    assert len(small) < 0.8 * len(text)
    assert expand(small) == text
    assert expand(text) == text, "a full file is read as it is"
    assert compact(small) == small


def test_a_wrong_id_is_written_back_right_and_the_checker_sees_it():
    """The id is drawn from the record, never kept: a source with a wrong id
    would expand to another text, so the round trip above guards the ids too."""
    text = SOURCES["loa"]
    first = read(text)[0]
    broken = text.replace(f'[PuzzleId "{first.id}"]', '[PuzzleId "loa-zzzzz"]', 1)
    assert expand(compact(broken)) == text
    assert expand(compact(broken)) != broken


def test_records_not_in_the_canonical_order_are_kept_whole():
    text = SOURCES["evl"].split("\n\n[", 1)[0] + "\n"
    lines = text.split("\n")
    swapped = "\n".join([lines[1], lines[0], *lines[2:]])
    assert compact(swapped) == swapped


@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=1, max_value=6))
def test_any_run_of_records_round_trips(seed, count):
    game = sorted(SOURCES)[seed % len(SOURCES)]
    records = SOURCES[game].rstrip("\n").split("\n\n[")
    at = seed % len(records)
    chosen = records[at : at + count]
    text = "\n\n[".join(chosen) + "\n"
    if at:
        text = "[" + text
    assert expand(compact(text)) == text
    assert [p.id for p in read(expand(compact(text)))] == [p.id for p in read(text)]


@pytest.mark.slow  # (--fast leaves it out: over a second of CPU; every full run has it)
def test_the_wheel_ships_the_compact_form_and_the_library_reads_it(tmp_path):
    wheel = build.build_wheel(tmp_path)
    with zipfile.ZipFile(wheel) as zf:
        for game, text in SOURCES.items():
            shipped = zf.read(f"gamut/games/{game}/puzzles.txt").decode()
            assert shipped == compact(text)
            assert [p.id for p in read(expand(shipped))] == [p.id for p in library.load_game(game)]
