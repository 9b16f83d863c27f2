"""The worker bridge (gamut.bridge), exercised the way the worker uses it:
method names and JSON texts in, JSON texts out, never an exception."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

import gamut
from gamut import bridge


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
    assert set(answer["error"]) == {"type", "message"}
    assert answer["error"]["message"]
    return answer["error"]


START = "loa standard double-connection=mover start"


# -- games, initial, version -------------------------------------------------

def test_games_lists_every_game_with_implemented_flag():
    games = ok("games")
    assert [g["id"] for g in games] == list(gamut.GAMES)
    by_id = {g["id"]: g for g in games}
    assert set(by_id) >= {"loa", "el", "escabel", "evl"}
    assert by_id["loa"]["implemented"] is True
    for g in games:
        assert g["implemented"] == gamut.GAMES[g["id"]].implemented


def test_initial_has_a_view_and_start_for_each_implemented_game():
    init = ok("initial")
    implemented = [g["id"] for g in init["games"] if g["implemented"]]
    assert sorted(init["views"]) == sorted(implemented) == sorted(init["starts"])
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


# -- new / play / view / load --------------------------------------------------

def test_new_returns_start_moves_ply_view():
    r = ok("new", {"game": "loa"})
    assert r["start"] == START and r["moves"] == [] and r["ply"] == 0
    assert r["view"]["game"] == "loa" and r["view"]["ply"] == 0
    assert r["view"] == dict(gamut.new("loa").view(), ply=0)


def test_new_with_variant_and_options():
    r = ok("new", {"game": "loa", "variant": "scrambled-eggs",
                   "options": {"double-connection": "draw"}})
    assert r["start"] == "loa scrambled-eggs double-connection=draw start"
    assert r["view"]["options"] == {"double-connection": "draw"}
    assert len(r["view"]["moves"]) == 32


def test_play_appends_and_normalises_notation():
    ok("new", {"game": "loa"})
    r = ok("play", {"ply": 0, "move": " B1-D3 "})
    assert r["moves"] == ["b1-d3"] and r["ply"] == 1
    assert r["view"]["to_move"] == 1 and r["view"]["last_move"] == ["b1", "d3"]
    r = ok("play", {"move": "a2-c4"})  # default ply: the end
    assert r["moves"] == ["b1-d3", "a2-c4"] and r["ply"] == 2


def test_play_at_earlier_ply_discards_later_moves():
    ok("new", {"game": "loa"})
    ok("play", {"ply": 0, "move": "b1-d3"})
    ok("play", {"ply": 1, "move": "a2-c4"})
    r = ok("play", {"ply": 1, "move": "h2-f4"})
    assert r["moves"] == ["b1-d3", "h2-f4"] and r["ply"] == 2
    r = ok("play", {"ply": 0, "move": "c1-c3"})
    assert r["moves"] == ["c1-c3"] and r["ply"] == 1
    # the session really is the new line: view at ply 1 is after c1-c3
    assert ok("view", {"ply": 1})["view"]["last_move"] == ["c1", "c3"]


def test_view_at_each_ply_matches_replay():
    moves = ["b1-d3", "a2-c4", "c1xc4"]
    r = ok("load", {"start": START, "moves": moves, "ply": 1})
    assert r["ply"] == 1 and r["view"]["ply"] == 1
    states = gamut.replay(gamut.new("loa"), moves)
    for ply, state in enumerate(states):
        v = ok("view", {"ply": ply})
        assert v["ply"] == ply and v["view"] == dict(state.view(), ply=ply)
    assert ok("view")["ply"] == 3  # default: the last ply


def test_load_default_ply_is_end_and_start_is_canonical():
    r = ok("load", {"start": START, "moves": ["b1-d3"]})
    assert r["ply"] == 1 and r["start"] == START
    # a full position text equal to the standard start is reported as "start"
    r = ok("load", {"start": gamut.new("loa").to_text()})
    assert r["start"] == START
    # a non-standard start keeps its full text and round-trips
    odd = gamut.new("loa").play_text("b1-d3").to_text()
    r = ok("load", {"start": odd, "moves": ["a2-c4"]})
    assert r["start"] == odd and gamut.load(r["start"]) == gamut.load(odd)
    assert r["view"]["to_move"] == 0


def test_load_bad_move_is_record_error_naming_it_and_keeps_session():
    ok("load", {"start": START, "moves": ["b1-d3"]})
    e = err("load", {"start": START, "moves": ["b1-d3", "a2-c4", "zz9"]})
    assert e["type"] == "RecordError"
    assert "move 3" in e["message"] and "zz9" in e["message"]
    # the failed load did not replace the session
    assert ok("view")["view"]["last_move"] == ["b1", "d3"]


def test_load_bad_start_is_position_error():
    for start in ["", "chess standard - start", "loa standard nonsense=1 start",
                  "loa standard double-connection=mover 8/8/8/8/8/8/8/8 b"]:
        assert err("load", {"start": start})["type"] == "PositionError", start


def test_finished_game_round_trips():
    # a short win for Black found by search-free play: replay a known record
    moves = _short_win()
    r = ok("load", {"start": START, "moves": moves})
    assert r["view"]["outcome"] is not None
    assert r["view"]["moves"] == []
    e = err("play", {"move": "a2-a3"})
    assert e["type"] == "IllegalMoveError" and "over" in e["message"]
    assert "over" in ok("explain", {"clicks": ["a2"]})["message"]


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
    ok("new", {"game": "loa"})
    msg = ok("explain", {"ply": 0, "clicks": ["a2"]})["message"]
    assert msg == gamut.new("loa").why_illegal(["a2"])
    assert "White" in msg
    msg = ok("explain", {"clicks": ["b1", "b4"]})["message"]
    assert "exactly" in msg


# -- typed errors ---------------------------------------------------------------

@pytest.mark.parametrize("method, params, kind", [
    ("frobnicate", {}, "RequestError"),
    ("new", {}, "RequestError"),
    ("new", {"game": 3}, "RequestError"),
    ("new", {"game": "chess"}, "UnknownGameError"),
    ("new", {"game": "loa", "variant": "huge"}, "UnknownVariantError"),
    ("new", {"game": "loa", "options": {"speed": "fast"}}, "OptionError"),
    ("new", {"game": "loa", "options": {"double-connection": "maybe"}}, "OptionError"),
    ("new", {"game": "loa", "options": {"variant": "x", "game": "y"}}, "OptionError"),
    ("new", {"game": "loa", "options": []}, "RequestError"),
    ("play", {"ply": 0, "move": "b1-b2"}, "IllegalMoveError"),
    ("play", {"ply": 0, "move": "hello"}, "IllegalMoveError"),
    ("play", {"ply": 0, "move": 42}, "RequestError"),
    ("play", {"ply": 7, "move": "b1-d3"}, "RequestError"),
    ("play", {"ply": -1, "move": "b1-d3"}, "RequestError"),
    ("play", {"ply": True, "move": "b1-d3"}, "RequestError"),
    ("view", {"ply": "0"}, "RequestError"),
    ("explain", {"clicks": "a2"}, "RequestError"),
    ("explain", {"clicks": [1]}, "RequestError"),
    ("load", {"start": START, "moves": "b1-d3"}, "RequestError"),
    ("load", {"start": START, "moves": ["b1-d3"], "ply": 5}, "RequestError"),
    ("job_start", {"kind": "chess"}, "RequestError"),
    ("job_start", {"kind": "perft", "depth": 99}, "RequestError"),
    ("job_start", {"kind": "perft", "depth": 2, "start": "bad"}, "PositionError"),
    ("job_step", {"job": 10 ** 9}, "RequestError"),
])
def test_bad_requests_give_typed_errors(method, params, kind):
    ok("new", {"game": "loa"})
    assert err(method, params)["type"] == kind


def test_unimplemented_game_is_unknown_game_error(monkeypatch):
    # (every game is implemented now: a registered game without a factory,
    # as a fifth game would start, is listed but cannot be played)
    from gamut.core import GameInfo, VariantInfo
    info = GameInfo("soon", "Soon", "A game still being written.",
                    (VariantInfo("standard", "Standard"),))
    monkeypatch.setitem(gamut.GAMES, "soon", info)
    e = err("new", {"game": "soon"})
    assert e["type"] == "UnknownGameError" and "not implemented" in e["message"]
    listed = {g["id"]: g for g in ok("games", {})}
    assert listed["soon"]["implemented"] is False and listed["loa"]["implemented"] is True


def test_params_must_be_a_json_object_text():
    assert json.loads(bridge.handle("games", "[1, 2]"))["error"]["type"] == "RequestError"
    assert json.loads(bridge.handle("games", "{not json"))["error"]["type"] == "RequestError"
    assert json.loads(bridge.handle("games", b"{}"))["error"]["type"] == "RequestError"
    assert json.loads(bridge.handle(None, "{}"))["error"]["type"] == "RequestError"
    assert json.loads(bridge.handle("games", ""))["ok"] is True
    assert json.loads(bridge.handle("games"))["ok"] is True


def test_no_session_yet_is_a_request_error():
    fresh = bridge.Session()
    with pytest.raises(bridge.RequestError, match="no game yet"):
        bridge.call("view", {}, session=fresh)


def test_internal_errors_are_caught_and_typed(monkeypatch, capsys):
    def boom(session, params):
        raise ZeroDivisionError("oops")
    monkeypatch.setitem(bridge.METHODS, "boom", boom)
    e = err("boom")
    assert e["type"] == "InternalError" and "ZeroDivisionError" in e["message"]
    assert "Traceback" in capsys.readouterr().err  # logged, not swallowed


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10 ** 6, 10 ** 6) | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12)
param_names = st.sampled_from(["game", "variant", "options", "start", "moves", "ply", "move",
                               "clicks", "kind", "depth", "job", "budget_ms"]) | st.text(max_size=6)


@settings(max_examples=300, deadline=None)
@given(method=st.sampled_from(sorted(bridge.METHODS)) | st.text(max_size=10),
       params=st.dictionaries(param_names, json_values, max_size=5))
def test_garbage_params_never_crash(method, params):
    if method == "job_start" and isinstance(params.get("depth"), int):
        params["depth"] = min(abs(params["depth"]), 3)  # keep perft jobs small
    answer = req(method, params)
    if not answer["ok"]:
        assert answer["error"]["type"] != "InternalError", answer
        cls = getattr(gamut, answer["error"]["type"], None) or getattr(
            bridge, answer["error"]["type"])
        assert issubclass(cls, gamut.GamutError)


@settings(max_examples=150, deadline=None)
@given(text=st.text(max_size=40))
def test_garbage_json_text_never_crashes(text):
    for method in ("play", "load", "new"):
        answer = json.loads(bridge.handle(method, text))
        assert answer["ok"] or answer["error"]["type"] != "InternalError"


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_random_play_sequences_match_the_engine(data):
    """Play random legal moves (sometimes at earlier plies) through the bridge
    and compare with the engine replaying the same record."""
    ok("new", {"game": "loa"})
    moves = []
    for _ in range(data.draw(st.integers(1, 12))):
        ply = data.draw(st.integers(0, len(moves)))
        state = gamut.replay(gamut.new("loa"), moves[:ply])[-1]
        legal = state.legal_moves()
        if not legal:
            break
        move = state.move_text(data.draw(st.sampled_from(legal)))
        r = ok("play", {"ply": ply, "move": move})
        moves = moves[:ply] + [move]
        assert r["moves"] == moves and r["ply"] == ply + 1
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
    ok("new", {"game": "loa"})
    job = ok("job_start", {"kind": "perft", "depth": depth})
    steps = run_job(job)
    assert steps[-1]["result"]["count"] == expected
    # a finished job is gone
    assert err("job_step", {"job": job})["type"] == "RequestError"


def test_perft_job_is_sliced_with_progress_and_divide():
    ok("new", {"game": "loa"})
    job = ok("job_start", {"kind": "perft", "depth": 4})
    steps = run_job(job, budget_ms=1)
    assert len(steps) > 5  # really sliced
    fractions = [s["progress"]["fraction"] for s in steps if s["progress"]]
    assert fractions == sorted(fractions) and 0 <= fractions[0] and fractions[-1] < 1
    result = steps[-1]["result"]
    assert result["count"] == 1_563_208
    assert sum(n for _, n in result["divide"]) == result["count"]
    assert dict(result["divide"]) == dict(gamut.divide(gamut.new("loa"), 4))


def test_perft_job_from_ply_and_from_start_text():
    ok("load", {"start": START, "moves": ["b1-d3"]})
    after = gamut.new("loa").play_text("b1-d3")
    job = ok("job_start", {"kind": "perft", "depth": 3, "ply": 1})
    assert run_job(job)[-1]["result"]["count"] == gamut.perft(after, 3)
    eggs = "loa scrambled-eggs double-connection=mover start"
    job = ok("job_start", {"kind": "perft", "depth": 3, "start": eggs})
    assert run_job(job)[-1]["result"]["count"] == 32_000


def test_job_cancel_stops_it():
    ok("new", {"game": "loa"})
    job = ok("job_start", {"kind": "perft", "depth": 5})
    r = ok("job_step", {"job": job, "budget_ms": 1})
    assert r["done"] is False
    assert ok("job_cancel", {"job": job}) == {"cancelled": True}
    assert err("job_step", {"job": job})["type"] == "RequestError"
    assert ok("job_cancel", {"job": job}) == {"cancelled": False}


def test_job_step_respects_budget():
    import time
    ok("new", {"game": "loa"})
    job = ok("job_start", {"kind": "perft", "depth": 5})
    t = time.perf_counter()
    r = ok("job_step", {"job": job, "budget_ms": 20})
    assert r["done"] is False
    assert time.perf_counter() - t < 0.5  # a slice is small (depth-2 chunks)
    ok("job_cancel", {"job": job})


def test_registered_job_kind_plugs_in():
    def count_to(session, params):
        n = params.get("n", 3)
        for i in range(n):
            yield {"i": i}
        return {"counted": n}
    bridge.register_job("count", count_to)
    try:
        job = ok("job_start", {"kind": "count", "n": 4})
        steps = run_job(job, budget_ms=0)
        assert steps[-1]["result"] == {"counted": 4}
        assert [s["progress"]["i"] for s in steps[:-1]] == [0, 1, 2, 3][:len(steps) - 1]
    finally:
        del bridge.JOB_KINDS["count"]


# -- the wheel build.py ships to the browser ------------------------------------

def _build_module():
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parent.parent / "build.py"
    spec = importlib.util.spec_from_file_location("gamut_build_script", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_wheel_is_deterministic_and_pip_installs(tmp_path):
    import subprocess
    import sys
    import zipfile
    build = _build_module()
    a = build.build_wheel(tmp_path / "a")
    b = build.build_wheel(tmp_path / "b")
    assert a.name == f"gamut-{gamut.__version__}-py3-none-any.whl"
    assert a.read_bytes() == b.read_bytes()  # same sources, same bytes
    with zipfile.ZipFile(a) as zf:
        names = zf.namelist()
        assert "gamut/__init__.py" in names and "gamut/bridge.py" in names
        assert not any("__pycache__" in n or n.endswith(".pyc") for n in names)
        record = zf.read(f"gamut-{gamut.__version__}.dist-info/RECORD").decode()
        assert all(n in record for n in names)
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index",
                    "--disable-pip-version-check", "--target", str(target), str(a)],
                   check=True, capture_output=True)
    out = subprocess.run(
        [sys.executable, "-c", "import gamut, gamut.bridge as b; print(gamut.__file__); "
         "print(b.handle('new', '{\"game\": \"loa\"}')[:11])"],
        cwd=tmp_path, env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"},
        check=True, capture_output=True, text=True).stdout.split()
    assert out[0].startswith(str(target)) and out[1] == '{"ok":true,'


# -- the "think" job (the computer's move) ----------------------------------------

LOA_WIN_IN_TWO = ("loa standard double-connection=mover 8/3b2w1/b4w2/2w1b1w1/3wbw1w/2bbw2w/2b5/1wb5 b "
                  "history=f7-g7,d1-d3,h5-h3,e8-d7,b6-e3")


def test_think_job_plays_what_gamut_ai_chooses_and_is_sliced():
    import gamut.ai
    ok("load", {"start": START, "moves": ["b1-d3", "a2-c2"]})
    job = ok("job_start", {"kind": "think", "level": "casual", "seed": 7})
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
    assert all(f == 1.0 or f == pytest.approx(min(1, n / budget), abs=1e-9)
               for f, n in zip(fractions, nodes))
    result = steps[-1]["result"]
    assert result["fraction"] == 1.0
    state = gamut.replay(gamut.new("loa"), ["b1-d3", "a2-c2"])[-1]
    assert result["move"] == state.move_text(gamut.ai.choose(state, "casual", seed=7))
    assert result["done"] is True and result["depth"] == 3
    assert state.parse_move(result["best"]) in state.legal_moves()
    assert result["evaluation"]  # words, for the page
    # deterministic for a seed
    job = ok("job_start", {"kind": "think", "level": "casual", "seed": 7})
    assert run_job(job, budget_ms=50)[-1]["result"]["move"] == result["move"]


def test_think_job_finds_the_forced_win_and_says_so():
    ok("load", {"start": LOA_WIN_IN_TWO})
    job = ok("job_start", {"kind": "think", "level": "strong", "seed": 1})
    result = run_job(job, budget_ms=50)[-1]["result"]
    assert result["move"] in ("a6-c4", "d7xd4")
    assert result["winner"] == 0 and result["mate_in"] == 2
    assert result["evaluation"] == "Black wins: a win found in 2 moves"


def test_think_job_reads_the_position_once_and_from_ply():
    ok("load", {"start": START, "moves": ["b1-d3", "a2-c2"], "ply": 1})
    job = ok("job_start", {"kind": "think", "level": "beginner", "seed": 2, "ply": 1})
    ok("new", {"game": "evl"})  # the session changes while the job runs
    result = run_job(job)[-1]["result"]
    after = gamut.new("loa").play_text("b1-d3")
    assert after.parse_move(result["move"]) in after.legal_moves()  # a White move in LOA
    assert result["seat"] == 1


def test_think_job_caps_its_time():
    import time
    ok("new", {"game": "loa"})
    t = time.perf_counter()
    job = ok("job_start", {"kind": "think", "level": "master", "max_ms": 150})
    result = run_job(job, budget_ms=40)[-1]["result"]
    assert time.perf_counter() - t < 1.0
    assert 100 <= result["elapsed_ms"] < 400 and result["nodes"] < 150_000


def test_think_job_uses_monte_carlo_for_three_players():
    import gamut.ai
    ok("new", {"game": "el", "variant": "three-player"})
    job = ok("job_start", {"kind": "think", "level": "beginner", "seed": 4, "max_ms": 300})
    steps = run_job(job, budget_ms=20)
    result = steps[-1]["result"]
    assert result["search"] == "mcts" and result["simulations"] > 0
    budget = gamut.ai.LEVELS["beginner"].budget(gamut.new("el", "three-player"))
    for p in (s["progress"] for s in steps[:-1] if s["progress"]):
        assert p["fraction"] == min(1, p["simulations"] / budget)
    state = gamut.new("el", "three-player")
    assert state.parse_move(result["move"]) in state.legal_moves()


@pytest.mark.parametrize("params, kind", [
    ({"level": "grandmaster"}, "OptionError"),
    ({"level": 3}, "RequestError"),
    ({"seed": "x"}, "RequestError"),
    ({"max_ms": 0}, "RequestError"),
    ({"ply": 9}, "RequestError"),
])
def test_think_job_rejects_bad_params(params, kind):
    ok("new", {"game": "loa"})
    assert err("job_start", {"kind": "think", **params})["type"] == kind


def test_think_job_refuses_a_finished_game():
    import gamut.ai
    s = gamut.load(LOA_WIN_IN_TWO)
    # play the forced win out
    moves = []
    while s.outcome() is None:
        m = gamut.ai.choose(s, "strong", seed=1)
        moves.append(s.move_text(m))
        s = s.play(m)
    ok("load", {"start": LOA_WIN_IN_TWO, "moves": moves})
    assert err("job_start", {"kind": "think"})["type"] == "RequestError"


def test_evaluation_words_follow_the_games_scale():
    # The same odds give the same words in every game: a score is read in
    # units of the game's eval_scale.
    from gamut.bridge import think_progress
    names = ["Black", "White"]
    for game in ("loa", "el", "escabel", "evl"):
        state = gamut.new(game)
        unit = state.eval_scale
        said = [think_progress(state, {"depth": 3, "score": round(k * unit)}, 10, names)["evaluation"]
                for k in (0.1, -0.6, 1.5, -3.0)]
        assert said == ["About even", "White stands slightly better", "Black stands better",
                        "White is clearly winning"], (game, said)
    # a proven result is no longer a matter of odds
    mate = think_progress(gamut.new("loa"), {"depth": 5, "score": 1_000_000 - 3}, 10, names)
    assert mate["evaluation"] == "Black wins: a win found in 2 moves" and mate["mate_in"] == 2
