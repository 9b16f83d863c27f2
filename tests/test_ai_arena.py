"""The arena's equal-time mode and its matches against an earlier commit."""

from __future__ import annotations

import io
import shutil
import time
from pathlib import Path

import pytest

import gamut
from tools import arena
from tools.arena import ArenaError, Player, main, match


def _in_checkout() -> bool:
    if shutil.which("git") is None:
        return False
    try:
        arena.repository()
        arena.resolve_commit("HEAD")
    except ArenaError:
        return False
    return True


needs_git = pytest.mark.skipif(not _in_checkout(), reason="needs a git checkout of gamut")


def test_a_timed_player_thinks_its_seconds_whatever_its_budget():
    s = gamut.new("loa")
    t = time.perf_counter()
    move = Player("master", 0.2).choose(s, seed=1)
    dt = time.perf_counter() - t
    assert move in s.legal_moves()
    assert 0.18 <= dt < 0.6  # master's budget alone would take seconds
    search = gamut.ai.start(s, "strong", seed=1)
    arena.timed_choice(search, 0.1)
    assert search.max_nodes > 10**12 and not search.done


def test_a_timed_search_that_ends_sooner_returns_at_once():
    s = gamut.new("loa")
    t = time.perf_counter()
    Player("beginner", 5.0).choose(s, seed=1)  # two plies: done long before 5 s
    assert time.perf_counter() - t < 2


def test_an_equal_time_match_names_the_time_and_counts_every_game():
    out = io.StringIO()
    w, d, lost = match("loa", Player("casual", 0.02), Player("beginner", 0.02), 2, out=out, max_plies=8)
    assert w + d + lost == 2
    assert "A=casual 0.02 s/move vs B=beginner 0.02 s/move" in out.getvalue()


def test_equal_time_needs_a_positive_time(capsys):
    assert main(["loa", "--games", "1", "--seconds", "0"]) == 2
    assert "--seconds" in capsys.readouterr().err


@pytest.mark.slow
@needs_git
def test_an_earlier_commit_plays_from_its_own_exported_code():
    worker = arena.CommitWorker("HEAD")
    try:
        assert worker.commit == arena.resolve_commit("HEAD")
        assert Path(worker.module).is_relative_to(worker.dir)  # not this checkout's gamut
        s = gamut.new("loa").play_text("b1-b3")
        text = worker.choose(s.to_text(), "beginner", 5, None)
        assert s.parse_move(text) in s.legal_moves()
        text = worker.choose(s.to_text(), "strong", 5, 0.05)  # equal-time mode too
        assert s.parse_move(text) in s.legal_moves()
        with pytest.raises(ArenaError, match="engine of commit"):
            worker.choose("loa standard nonsense", "beginner", 5, None)
    finally:
        worker.close()
    assert not worker.dir.exists()


@needs_git
def test_a_match_against_an_earlier_commit():
    out = io.StringIO()
    head = arena.resolve_commit("HEAD")
    w, d, lost = match("loa", Player("beginner"), Player("beginner", commit=head), 2, out=out, max_plies=6)
    assert w + d + lost == 2
    assert f"B=beginner@{head[:10]}" in out.getvalue()
    arena.close_workers()


@needs_git
def test_an_unknown_commit_is_refused_before_any_game(capsys):
    assert main(["loa", "--games", "1", "--b-commit", "no-such-commit"]) == 2
    assert "no commit 'no-such-commit'" in capsys.readouterr().err
    with pytest.raises(ArenaError):
        arena.export_commit("no-such-commit", Path("/nonexistent"))


def _worker_dir(rev):
    return str(arena._worker(rev).dir)


@pytest.mark.slow
@needs_git
def test_each_process_of_a_pool_starts_its_own_commit_worker():
    # The CLI starts the worker before the pool forks; a child that reused
    # it would share its pipes with its siblings and read their answers.
    import multiprocessing

    head = arena.resolve_commit("HEAD")
    try:
        mine = _worker_dir(head)
        with multiprocessing.get_context("fork").Pool(2) as pool:
            theirs = pool.map(_worker_dir, [head, head])
        assert mine not in theirs
    finally:
        arena.close_workers()


@pytest.mark.slow
@needs_git
def test_parallel_games_against_an_earlier_commit_all_finish(capsys):
    assert (
        main(
            ["loa", "--a", "beginner", "--b", "beginner", "--games", "6", "--b-commit", "HEAD", "--jobs", "2"]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert out.count("game ") == 6 and "loa: A=beginner vs B=beginner@" in out
    arena.close_workers()
