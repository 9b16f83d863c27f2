"""The worker bridge (gamut.bridge), exercised the way the worker uses it:
method names and JSON texts in, JSON texts out, never an exception."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamut
from gamut import bridge
from gamut.games import SHIPPED_GAMES
from gamut.messages import Message


def req(method, params=None):
    """Send a request as the worker does; return the decoded answer."""
    text = bridge.handle(method, None if params is None else json.dumps(params))
    assert isinstance(text, str)
    return json.loads(text)


def ok(method, params=None):
    answer = req(method, params)
    assert answer["ok"] is True, answer
    return answer["result"]


def err(method, params=None):
    answer = req(method, params)
    assert answer["ok"] is False, answer
    assert set(answer["error"]) - {"said"} == {"type", "message"}
    assert answer["error"]["message"]
    if "said" in answer["error"]:  # (the error as a message: its English is the message, #33)
        assert str(Message.from_json(answer["error"]["said"])) == answer["error"]["message"]
    return answer["error"]


START = "loa standard double-connection=mover start"


# -- games, initial, version -------------------------------------------------


def test_games_lists_every_game():
    games = ok("games")
    assert [g["id"] for g in games] == list(gamut.GAMES)
    assert {g["id"] for g in games} >= set(SHIPPED_GAMES)


def test_initial_has_a_view_and_start_for_each_game():
    init = ok("initial")
    assert sorted(init["views"]) == sorted(gamut.GAMES) == sorted(init["starts"])
    view = init["views"]["loa"]
    assert view["ply"] == 0 and view["to_move"] == 0
    assert len(view["pieces"]) == 24 and len(view["moves"]) == 36
    assert init["starts"]["loa"] == START
    # the start text loads back to the same position
    assert gamut.load(init["starts"]["loa"]) == gamut.new("loa")
    # what build.py inlines must be plain JSON
    assert json.loads(json.dumps(bridge.initial())) == init


def test_version():
    v = ok("version")
    assert v["version"] == gamut.__version__
    assert v["python"].startswith("3.")


# -- new / play / view: positions named by start and line ----------------------


def test_new_returns_start_and_view():
    r = ok("new", {"game": "loa"})
    assert r["start"] == START
    assert r["view"]["game"] == "loa" and r["view"]["ply"] == 0
    assert r["view"] == dict(gamut.new("loa").view(), ply=0)


def test_new_with_variant_and_options():
    r = ok("new", {"game": "loa", "variant": "scrambled-eggs", "options": {"double-connection": "draw"}})
    assert r["start"] == "loa scrambled-eggs double-connection=draw start"
    assert r["view"]["options"] == {"double-connection": "draw"}
    assert len(r["view"]["moves"]) == 32


def test_play_normalises_notation_and_answers_the_line():
    r = ok("play", {"start": START, "move": " B1-D3 "})
    assert r["move"] == "b1-d3" and r["line"] == ["b1-d3"]
    assert r["view"]["ply"] == 1 and r["view"]["to_move"] == 1
    assert r["view"]["last_move"] == ["b1", "d3"]
    r = ok("play", {"start": START, "line": ["B1-D3"], "move": "a2-c4"})
    assert r["line"] == ["b1-d3", "a2-c4"] and r["view"]["ply"] == 2


def test_the_bridge_keeps_no_game_of_its_own():
    """Two lines of one start, asked in any order, each answer their own
    position: nothing played on one line changes another."""
    ok("play", {"start": START, "line": ["b1-d3"], "move": "a2-c4"})
    ok("play", {"start": START, "line": ["b1-d3"], "move": "h2-f4"})
    ok("play", {"start": START, "move": "c1-c3"})
    assert ok("view", {"start": START, "line": ["b1-d3", "a2-c4"]})["view"]["last_move"] == ["a2", "c4"]
    assert ok("view", {"start": START, "line": ["b1-d3", "h2-f4"]})["view"]["last_move"] == ["h2", "f4"]
    assert ok("view", {"start": START, "line": ["c1-c3"]})["view"]["last_move"] == ["c1", "c3"]
    assert ok("view", {"start": START})["view"] == dict(gamut.new("loa").view(), ply=0)


def test_view_at_each_ply_matches_replay():
    moves = ["b1-d3", "a2-c4", "c1xc4"]
    states = gamut.replay(gamut.new("loa"), moves)
    for ply, state in enumerate(states):
        v = ok("view", {"start": START, "line": moves[:ply]})
        assert v["line"] == moves[:ply] and v["view"] == dict(state.view(), ply=ply)


def test_a_non_standard_start_is_read_whole():
    odd = gamut.new("loa").play_text("b1-d3").to_text()
    r = ok("view", {"start": odd, "line": ["a2-c4"]})
    assert r["view"]["to_move"] == 0 and r["view"]["ply"] == 1


def test_a_bad_move_in_a_line_is_a_record_error_naming_it():
    e = err("view", {"start": START, "line": ["b1-d3", "a2-c4", "zz9"]})
    assert e["type"] == "RecordError"
    assert "move 3" in e["message"] and "zz9" in e["message"]


def test_a_bad_start_is_a_position_error():
    for start in [
        "",
        "chess standard - start",
        "loa standard nonsense=1 start",
        "loa standard double-connection=mover 8/8/8/8/8/8/8/8 b",
    ]:
        assert err("view", {"start": start})["type"] == "PositionError", start


def test_the_cache_is_bounded_and_refills(monkeypatch):
    cache = bridge.Positions()
    monkeypatch.setattr(cache, "limit", 5)
    moves = ["d1-b3", "h2-f4", "b3-e3", "h3-h8", "f8-d6", "a7-a1"]
    for k in range(len(moves) + 1):
        line, state = cache.walk(START, moves[:k])
        assert line == moves[:k] and state == gamut.replay(gamut.new("loa"), moves[:k])[-1]
    assert cache.count <= 5 + len(moves)
    line, state = cache.walk(START, moves)  # after a flush: computed again
    assert state == gamut.replay(gamut.new("loa"), moves)[-1]


def test_finished_game_refuses_moves():
    moves = _short_win()
    r = ok("view", {"start": START, "line": moves})
    assert r["view"]["outcome"] is not None
    assert r["view"]["moves"] == []
    e = err("play", {"start": START, "line": moves, "move": "a2-a3"})
    assert e["type"] == "IllegalMoveError" and "over" in e["message"]
    why = ok("explain", {"start": START, "line": moves, "clicks": ["a2"]})["said"]
    assert "over" in str(Message.from_json(why))


def _short_win():
    """Play greedy moves until someone wins (deterministic)."""
    state, moves = gamut.new("loa"), []
    while state.outcome() is None and len(moves) < 400:
        legal = state.legal_moves()
        # prefer captures so the game ends quickly
        m = max(legal, key=lambda m: (state.move_text(m).count("x"), -legal.index(m)))
        moves.append(state.move_text(m))
        state = state.play(m)
    assert state.outcome() is not None
    return moves


def test_explain_uses_why_illegal():
    said = ok("explain", {"start": START, "clicks": ["a2"]})
    assert set(said) == {"said"}  # (a message, no English beside it)
    msg = str(Message.from_json(said["said"]))
    assert msg == str(gamut.new("loa").why_illegal(["a2"]))
    assert "White" in msg
    msg = str(Message.from_json(ok("explain", {"start": START, "clicks": ["b1", "b4"]})["said"]))
    assert "exactly" in msg


EL_DECLARE = "el standard first-two-equal=off,full-board=draw,declare-threats=on start"


def test_mark_writes_the_select_steps_move():
    """EL's declaration is a step of marked cells: the engine, not the page,
    writes its move text, and refuses cells that cannot be marked."""
    line = ["a1=1"]
    view = ok("view", {"start": EL_DECLARE, "line": line})["view"]
    assert view["select"]["move"] == "declare"
    assert ok("mark", {"start": EL_DECLARE, "line": line, "cells": []})["move"] == "declare:-"
    e = err("mark", {"start": EL_DECLARE, "line": line, "cells": ["a1"]})  # not empty
    assert e["type"] == "IllegalMoveError" and "a1" in e["message"]
    assert err("mark", {"start": EL_DECLARE, "cells": []})["type"] == "RequestError"
    # a marked move plays like any other
    move = ok("mark", {"start": EL_DECLARE, "line": line, "cells": view["select"]["cells"][:3]})["move"]
    r = ok("play", {"start": EL_DECLARE, "line": line, "move": move})
    assert r["line"] == line + [move] and r["view"]["to_move"] == 1


# -- typed errors ---------------------------------------------------------------


@pytest.mark.parametrize(
    "method, params, kind",
    [
        ("frobnicate", {}, "RequestError"),
        ("new", {}, "RequestError"),
        ("new", {"game": 3}, "RequestError"),
        ("new", {"game": "chess"}, "UnknownGameError"),
        ("new", {"game": "loa", "variant": "huge"}, "UnknownVariantError"),
        ("new", {"game": "loa", "options": {"speed": "fast"}}, "OptionError"),
        ("new", {"game": "loa", "options": {"double-connection": "maybe"}}, "OptionError"),
        ("new", {"game": "loa", "options": {"variant": "x", "game": "y"}}, "OptionError"),
        ("new", {"game": "loa", "options": []}, "RequestError"),
        ("play", {"start": START, "move": "b1-b2"}, "IllegalMoveError"),
        ("play", {"start": START, "move": "hello"}, "IllegalMoveError"),
        ("play", {"start": START, "move": 42}, "RequestError"),
        ("play", {"move": "b1-d3"}, "RequestError"),
        ("play", {"start": START, "line": "b1-d3", "move": "a2-c4"}, "RequestError"),
        ("play", {"start": START, "line": ["zz"], "move": "a2-c4"}, "RecordError"),
        ("view", {"start": 0}, "RequestError"),
        ("view", {"start": "x" * 200_000}, "RequestError"),
        ("explain", {"start": START, "clicks": "a2"}, "RequestError"),
        ("explain", {"start": START, "clicks": [1]}, "RequestError"),
        ("job_start", {"kind": "chess"}, "RequestError"),
        ("job_start", {"kind": "perft", "start": START, "depth": 99}, "RequestError"),
        ("job_start", {"kind": "perft", "depth": 2, "start": "bad"}, "PositionError"),
        ("job_step", {"job": 10**9}, "RequestError"),
    ],
)
def test_bad_requests_give_typed_errors(method, params, kind):
    assert err(method, params)["type"] == kind


def test_params_must_be_a_json_object_text():
    assert json.loads(bridge.handle("games", "[1, 2]"))["error"]["type"] == "RequestError"
    assert json.loads(bridge.handle("games", "{not json"))["error"]["type"] == "RequestError"
    assert json.loads(bridge.handle("games", b"{}"))["error"]["type"] == "RequestError"
    assert json.loads(bridge.handle(None, "{}"))["error"]["type"] == "RequestError"
    assert json.loads(bridge.handle("games", ""))["ok"] is True
    assert json.loads(bridge.handle("games"))["ok"] is True


def test_internal_errors_are_caught_and_typed(monkeypatch, capsys):
    def boom(params):
        raise ZeroDivisionError("oops")

    monkeypatch.setitem(bridge.METHODS, "boom", boom)
    e = err("boom")
    assert e["type"] == "InternalError"
    # the player reads a message in their language, never Python's words; the console has the detail
    assert e["said"] == {"id": "error.internal", "args": {}}
    assert "ZeroDivisionError" not in e["message"]
    logged = capsys.readouterr().err
    assert "Traceback" in logged and "ZeroDivisionError: oops" in logged  # logged, not swallowed


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=False)
    | st.text(max_size=12)
    | st.just(START),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
param_names = st.sampled_from(
    [
        "game",
        "variant",
        "options",
        "start",
        "line",
        "move",
        "clicks",
        "cells",
        "kind",
        "depth",
        "job",
        "budget_ms",
    ]
) | st.text(max_size=6)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(
    method=st.sampled_from(sorted(bridge.METHODS)) | st.text(max_size=10),
    params=st.dictionaries(param_names, json_values, max_size=5),
)
def test_garbage_params_never_crash(method, params):
    if method == "job_start" and isinstance(params.get("depth"), int):
        params["depth"] = min(abs(params["depth"]), 3)  # keep perft jobs small
    answer = req(method, params)
    if not answer["ok"]:
        assert answer["error"]["type"] != "InternalError", answer
        cls = getattr(gamut, answer["error"]["type"], None) or getattr(bridge, answer["error"]["type"])
        assert issubclass(cls, gamut.GamutError)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(text=st.text(max_size=40))
def test_garbage_json_text_never_crashes(text):
    for method in ("play", "view", "new"):
        answer = json.loads(bridge.handle(method, text))
        assert answer["ok"] or answer["error"]["type"] != "InternalError"


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_random_play_sequences_match_the_engine(data):
    """Play random legal moves (sometimes from earlier positions, as a
    variation) through the bridge and compare with the engine replaying the
    same record."""
    moves = []
    for _ in range(data.draw(st.integers(1, 12))):
        ply = data.draw(st.integers(0, len(moves)))
        state = gamut.replay(gamut.new("loa"), moves[:ply])[-1]
        legal = state.legal_moves()
        if not legal:
            break
        move = state.move_text(data.draw(st.sampled_from(legal)))
        r = ok("play", {"start": START, "line": moves[:ply], "move": move})
        moves = moves[:ply] + [move]
        assert r["line"] == moves and r["move"] == move
        assert r["view"] == dict(gamut.replay(gamut.new("loa"), moves)[-1].view(), ply=ply + 1)


# -- jobs -----------------------------------------------------------------------


def run_job(job, budget_ms=5):
    steps = []
    while True:
        r = ok("job_step", {"job": job, "budget_ms": budget_ms})
        steps.append(r)
        if r["done"]:
            return steps


@pytest.mark.parametrize("depth, expected", [(0, 1), (1, 36), (2, 1244), (3, 44952)])
def test_perft_job_counts(depth, expected):
    job = ok("job_start", {"kind": "perft", "start": START, "depth": depth})
    steps = run_job(job)
    assert steps[-1]["result"]["count"] == expected
    # a finished job is gone
    assert err("job_step", {"job": job})["type"] == "RequestError"


@pytest.mark.slow  # (--fast leaves it out: over a second of CPU; every full run has it)
def test_perft_job_is_sliced_with_progress_and_divide():
    job = ok("job_start", {"kind": "perft", "start": START, "depth": 4})
    steps = run_job(job, budget_ms=1)
    assert len(steps) > 5  # really sliced
    fractions = [s["progress"]["fraction"] for s in steps if s["progress"]]
    assert fractions == sorted(fractions) and fractions[0] >= 0 and fractions[-1] < 1
    result = steps[-1]["result"]
    assert result["count"] == 1_563_208
    assert sum(n for _, n in result["divide"]) == result["count"]
    assert dict(result["divide"]) == dict(gamut.divide(gamut.new("loa"), 4))


def test_perft_job_from_a_line_and_from_another_start():
    after = gamut.new("loa").play_text("b1-d3")
    job = ok("job_start", {"kind": "perft", "depth": 3, "start": START, "line": ["b1-d3"]})
    assert run_job(job)[-1]["result"]["count"] == gamut.perft(after, 3)
    eggs = "loa scrambled-eggs double-connection=mover start"
    job = ok("job_start", {"kind": "perft", "depth": 3, "start": eggs})
    assert run_job(job)[-1]["result"]["count"] == 32_000


def test_job_cancel_stops_it():
    job = ok("job_start", {"kind": "perft", "start": START, "depth": 5})
    r = ok("job_step", {"job": job, "budget_ms": 1})
    assert r["done"] is False
    assert ok("job_cancel", {"job": job}) == {"cancelled": True}
    assert err("job_step", {"job": job})["type"] == "RequestError"
    assert ok("job_cancel", {"job": job}) == {"cancelled": False}


def test_job_step_respects_budget():
    import time

    job = ok("job_start", {"kind": "perft", "start": START, "depth": 5})
    t = time.perf_counter()
    r = ok("job_step", {"job": job, "budget_ms": 20})
    assert r["done"] is False
    assert time.perf_counter() - t < 0.5  # a slice is small (depth-2 chunks)
    ok("job_cancel", {"job": job})


def test_jobs_never_stepped_are_bounded():
    """A page that starts jobs and forgets them cannot fill the worker: past
    MAX_JOBS the least recently stepped one is dropped."""
    first = ok("job_start", {"kind": "perft", "start": START, "depth": 5})
    others = [
        ok("job_start", {"kind": "perft", "start": START, "depth": 5}) for _ in range(bridge.MAX_JOBS - 1)
    ]
    ok("job_step", {"job": first, "budget_ms": 0})  # first is now the most recent
    extra = ok("job_start", {"kind": "perft", "start": START, "depth": 5})
    assert len(bridge._jobs) == bridge.MAX_JOBS
    assert err("job_step", {"job": others[0], "budget_ms": 0})["type"] == "RequestError"
    for job in [first, extra] + others[1:]:
        assert ok("job_cancel", {"job": job}) == {"cancelled": True}


def test_registered_job_kind_plugs_in():
    def count_to(params):
        n = params.get("n", 3)
        for i in range(n):
            yield {"i": i}
        return {"counted": n}

    bridge.register_job("count", count_to)
    try:
        job = ok("job_start", {"kind": "count", "n": 4})
        steps = run_job(job, budget_ms=0)
        assert steps[-1]["result"] == {"counted": 4}
        assert [s["progress"]["i"] for s in steps[:-1]] == [0, 1, 2, 3][: len(steps) - 1]
    finally:
        del bridge.JOB_KINDS["count"]


# -- the "think" job (the computer's move) ----------------------------------------

LOA_WIN_IN_TWO = (
    "loa standard double-connection=mover 8/3b2w1/b4w2/2w1b1w1/3wbw1w/2bbw2w/2b5/1wb5 b "
    "history=f7-g7,d1-d3,h5-h3,e8-d7,b6-e3"
)


def test_think_job_plays_what_gamut_ai_chooses_and_is_sliced():
    import gamut.ai

    line = {"start": START, "line": ["b1-d3", "a2-c2"]}
    job = ok("job_start", {"kind": "think", "level": "casual", "seed": 7, **line})
    steps = run_job(job, budget_ms=2)
    assert len(steps) > 2  # sliced, with progress between slices
    progress = [s["progress"] for s in steps if s["progress"]]
    assert progress and all(p["search"] == "alphabeta" and p["seat"] == 0 for p in progress)
    depths = [p["depth"] for p in progress]
    assert depths == sorted(depths) and depths[-1] >= 1
    nodes = [p["nodes"] for p in progress]
    assert nodes == sorted(nodes) and nodes[-1] > 0
    # the share of the budget spent, for the page's progress bar
    budget = gamut.ai.LEVELS["casual"].budget(gamut.new("loa"))
    fractions = [p["fraction"] for p in progress]
    assert fractions == sorted(fractions) and 0 < fractions[0] < 1
    assert all(f == 1.0 or f == pytest.approx(min(1, n / budget), abs=1e-9) for f, n in zip(fractions, nodes))
    result = steps[-1]["result"]
    assert result["fraction"] == 1.0
    state = gamut.replay(gamut.new("loa"), ["b1-d3", "a2-c2"])[-1]
    assert result["move"] == state.move_text(gamut.ai.choose(state, "casual", seed=7))
    assert result["done"] is True and result["depth"] == 3
    assert state.parse_move(result["best"]) in state.legal_moves()
    assert str(Message.from_json(result["evaluation"]))  # words, for the page
    # deterministic for a seed
    job = ok("job_start", {"kind": "think", "level": "casual", "seed": 7, **line})
    assert run_job(job, budget_ms=50)[-1]["result"]["move"] == result["move"]


def test_think_job_finds_the_forced_win_and_says_so():
    job = ok("job_start", {"kind": "think", "level": "strong", "seed": 1, "start": LOA_WIN_IN_TWO})
    result = run_job(job, budget_ms=50)[-1]["result"]
    assert result["move"] in ("a6-c4", "d7xd4")
    assert result["winner"] == 0 and result["mate_in"] == 2
    assert str(Message.from_json(result["evaluation"])) == "Black wins: a win found in 2 moves"


def test_think_job_reads_its_position_once():
    job = ok(
        "job_start", {"kind": "think", "level": "beginner", "seed": 2, "start": START, "line": ["b1-d3"]}
    )
    ok("play", {"start": START, "line": ["b1-d3"], "move": "a2-c2"})  # other requests meanwhile
    ok("new", {"game": "evl"})
    result = run_job(job)[-1]["result"]
    after = gamut.new("loa").play_text("b1-d3")
    assert after.parse_move(result["move"]) in after.legal_moves()  # a White move in LOA
    assert result["seat"] == 1


def test_think_job_caps_its_time():
    import time

    t = time.perf_counter()
    job = ok("job_start", {"kind": "think", "level": "master", "max_ms": 150, "start": START})
    result = run_job(job, budget_ms=40)[-1]["result"]
    assert time.perf_counter() - t < 1.0
    assert 100 <= result["elapsed_ms"] < 400 and result["nodes"] < 150_000


def test_think_job_uses_monte_carlo_for_three_players():
    import gamut.ai

    start = ok("new", {"game": "el", "variant": "three-player"})["start"]
    job = ok("job_start", {"kind": "think", "level": "beginner", "seed": 4, "max_ms": 300, "start": start})
    steps = run_job(job, budget_ms=20)
    result = steps[-1]["result"]
    assert result["search"] == "mcts" and result["simulations"] > 0
    budget = gamut.ai.LEVELS["beginner"].budget(gamut.new("el", "three-player"))
    for p in (s["progress"] for s in steps[:-1] if s["progress"]):
        assert p["fraction"] == min(1, p["simulations"] / budget)
    state = gamut.new("el", "three-player")
    assert state.parse_move(result["move"]) in state.legal_moves()


@pytest.mark.parametrize(
    "params, kind",
    [
        ({"level": "grandmaster"}, "OptionError"),
        ({"level": 3}, "RequestError"),
        ({"seed": "x"}, "RequestError"),
        ({"max_ms": 0}, "RequestError"),
        ({"line": ["b1-d3", "zz"]}, "RecordError"),
        ({"start": None}, "RequestError"),
    ],
)
def test_think_job_rejects_bad_params(params, kind):
    assert err("job_start", {"kind": "think", "start": START, **params})["type"] == kind


def test_think_job_refuses_a_finished_game():
    import gamut.ai

    s = gamut.load(LOA_WIN_IN_TWO)
    # play the forced win out
    moves = []
    while s.outcome() is None:
        m = gamut.ai.choose(s, "strong", seed=1)
        moves.append(s.move_text(m))
        s = s.play(m)
    assert (
        err("job_start", {"kind": "think", "start": LOA_WIN_IN_TWO, "line": moves})["type"] == "RequestError"
    )


def test_evaluation_words_follow_the_games_scale():
    # The same odds give the same words in every game: a score is read in
    # units of the game's eval_scale.
    from gamut.bridge import think_progress

    names = [Message("seat.black"), Message("seat.white")]
    for game in SHIPPED_GAMES:
        state = gamut.new(game)
        unit = state.eval_scale
        said = [
            str(
                Message.from_json(
                    think_progress(state, {"depth": 3, "score": round(k * unit)}, 10, names)["evaluation"]
                )
            )
            for k in (0.1, -0.6, 1.5, -3.0)
        ]
        assert said == [
            "About even",
            "White stands slightly better",
            "Black stands better",
            "White is clearly winning",
        ], (game, said)
    # a proven result is no longer a matter of odds
    mate = think_progress(gamut.new("loa"), {"depth": 5, "score": 1_000_000 - 3}, 10, names)
    assert (
        str(Message.from_json(mate["evaluation"])) == "Black wins: a win found in 2 moves"
        and mate["mate_in"] == 2
    )


def test_every_method_is_one_documented_entry_of_the_table():
    # One table: each method a function registered with @method, its
    # docstring the method's documentation, naming the method.
    from gamut import methods
    from gamut.methods import registry

    assert set(bridge.METHODS) == {
        "games",
        "version",
        "new",
        "play",
        "mark",
        "view",
        "explain",
        "initial",
        "setup_palette",
        "setup_describe",
        "setup_check",
        "describe",
        "enter",
        "read",
        "job_start",
        "job_step",
        "job_cancel",
        "records_parse",
        "records_format",
        "puzzles",
        "levels",
        "lessons",
        "lesson_check",
    }
    for name, function in bridge.METHODS.items():
        assert function.__doc__ and f"``{name}(" in function.__doc__, name
    reference = registry.reference()
    assert all(f"\n{name}\n    ``{name}(" in "\n" + reference for name in bridge.METHODS)
    with pytest.raises(ValueError):
        methods.method("play")(lambda params: None)


def test_levels_lists_every_level_weakest_first_with_its_rating_in_each_game():
    from gamut.ai import LEVELS, ladder

    for game in SHIPPED_GAMES:
        answer = ok("levels", {"game": game})
        levels = answer["levels"]
        # the game's own ladder, in the order of every level
        assert [lv["id"] for lv in levels] == [name for name in LEVELS if LEVELS[name].offered_in(game)]
        assert [lv["id"] for lv in levels] == [lv.name for lv in ladder(game)] and len(levels) >= 8
        ratings = [lv["rating"] for lv in levels]
        assert ratings == sorted(ratings) and len(set(ratings)) == len(ratings), game
        assert all(lv["low"] <= lv["rating"] <= lv["high"] for lv in levels)
        # no words (#43): the page names a level by its id, level.<id> of its catalogs
        assert set(answer) == {"levels"} and "anchor" not in answer
        assert all(set(lv) == {"id", "rating", "low", "high"} and "label" not in lv for lv in levels)
    assert err("levels", {"game": "chess"})["type"] == "OptionError"
