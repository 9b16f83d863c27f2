"""Game analysis (gamut.analysis), the ``analyse`` command and job, on
games built for them.  Every position's claim (a win in one, the only
defences) is first proved by the exact solver of :mod:`tools.solve`.

* a missed win in one (every game): the position has a win in one, the
  move played lets the opponent win in one; the analysis marks it a
  blunder (missed win) with a winning move as the engine's choice;
* into a forced loss (every game): the opponent threatens a win, a few
  moves stop it, the move played does not;
* a game of the engine's own moves gets no marks, and every loss is 0.
"""

from __future__ import annotations

import io
import json
import math
from contextlib import redirect_stderr, redirect_stdout

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gamut
from gamut import analysis, bridge, records
from gamut.__main__ import main
from gamut.ai.montecarlo import MonteCarlo
from gamut.analysis import AnalysisError, Evaluation
from gamut.games import SHIPPED_GAMES
from gamut.messages import Message
from tools.solve import forced_wins, saving_moves

LOA = "loa standard double-connection=mover "
ESCABEL = "escabel standard size=7,pie=on "
EVL = "evl standard pieces=20,markers=10 "
EL = "el standard first-two-equal=off,full-board=draw,declare-threats=off "

# (position, its winning moves, a move after which the opponent wins in one)
MISSED_WINS = {
    "loa": (
        LOA + "8/8/1bwb2w1/1bbbbw2/1bwwww2/2w1w3/1b3ww1/8 b history=e2-b2,g5-e3",
        ["b2-a3", "d6-a3"],
        "d5-d8",
    ),
    "escabel": (
        ESCABEL + "3(bw)w1b/1bbb1bb/w(bw)w(bw)1wb/(wb)w(bw)b(wbw)(bb)1/"
        "w(wb)w(bw)1w(wb)/bbbbb(bw)(wb)/b(bw)b2bw b",
        ["f1>g1"],
        "g2>f2",
    ),
    "evl": (
        EVL + "1w1b1(wb)1/(bw)w2(wbb)wb/1w(bb)(bb)(bw)1w/w1b1(wwb)1b wwbbbb/wwwbw1/ww1bb1 b "
        "history=1w1b1(wb)1/(bw)w2(wbb)wb/1wbbb1w/w(bbbw)2w(wb)b:wwbbbb/wwwbb1/ww1wb1:b:"
        "d6-d5,d2-d3-c3-c4-c5",
        ["c4-c5-c6", "d5-c5-c6"],
        "a6-a5-a4",
    ),
    "el": (
        EL + "....../....../b4r2b5b6r5./.b2r6r4b1./.r1b1.../b5r3r1r1b3. r last=e3",
        ["a3=3", "d2=3", "e5=3"],
        "f1=1",
    ),
}

# (position, the only moves that keep the opponent from winning in one, a move that does not)
FORCED_LOSSES = {
    "loa": (
        LOA + "8/8/2bwwb1w/2w2w1w/5www/2b5/w7/2bbbbbb b history=d4-g4",
        ["c1xc5", "c3-b3", "d1xg4"],
        "c1-b2",
    ),
    "escabel": (ESCABEL + "2b3w/1b1b1w1/3b3/3b1b1/1w2b1w/ww2bw1/3w1b1 w", ["e1"], "a1"),
    "evl": (
        EVL + "1b1b3/1w2b2/1(bw)b(wwb)b2/(wb)b3b1 3b2/wwwbb1/1bwwbb w "
        "history=1b1b3/1w2b2/b2w(wb)(bb)1/w1(bbw)2b1:3b2/1wwbb1/1wwwbb:w:"
        "d3-d2-d1-c1,c5-c4-c3,c1-c2,c6-c5-c4",
        ["c2-c3", "c2-c3-c4"],
        "a1",
    ),
    "el": (
        EL + "b2....b2/....../....../....../....../r1r2r3r4.b6 b last=d1",
        ["e1=2", "e1=3", "e1=4"],
        "a2=1",
    ),
}


def texts(state, moves):
    return sorted(state.move_text(m) for m in moves)


@pytest.mark.parametrize("game", sorted(MISSED_WINS))
def test_a_missed_win_in_one_is_a_blunder_with_the_winning_move_as_the_engines(game):
    text, wins, played = MISSED_WINS[game]
    s = gamut.load(text)
    assert texts(s, forced_wins(s, 1)) == wins
    after = s.play_text(played)
    assert forced_wins(after, 1), "the opponent wins in one after the move played"
    result = analysis.run(s, [played], level="strong")
    j = result.moves[0]
    assert (j.mark, j.reason) == ("blunder", "missed-win")
    assert j.best in wins and j.pv[0] == j.best
    assert result.positions[0].winner == s.to_move and result.positions[0].moves == 1
    assert result.positions[1].winner == 1 - s.to_move  # and the opponent's win is seen
    assert j.before == 1.0 and j.after == 0.0 and j.loss == 1.0
    assert result.summary[s.to_move].marks == {"inaccuracy": 0, "mistake": 0, "blunder": 1}
    assert result.summary[s.to_move].average_loss == 1.0
    assert result.summary[1 - s.to_move].moves == 0


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(FORCED_LOSSES))
def test_a_move_into_a_forced_loss_is_marked(game):
    text, saving, played = FORCED_LOSSES[game]
    s = gamut.load(text)
    assert forced_wins(s, 1) == [] and texts(s, saving_moves(s)) == saving
    after = s.play_text(played)
    assert played not in saving and (forced_wins(after, 1) or after.outcome().winner != s.to_move)
    result = analysis.run(s, [played], level="strong")
    j = result.moves[0]
    assert j.reason == "forced-loss" and j.mark in analysis.MARKS
    assert result.positions[0].winner is None  # the position was not lost
    assert result.positions[1].winner == 1 - s.to_move
    assert j.after == 0.0 and j.loss == pytest.approx(j.best_after, abs=1e-9)
    # the engine's move is one of the defences
    assert j.best in saving


def engine_game(game, plies, level, variant=None, **options):
    """A game of ``plies`` moves, each the analysis's own choice at ``level``."""
    s = start = gamut.new(game, variant, **options)
    line = []
    while len(line) < plies and s.outcome() is None:
        ev = analysis.run(s, [], level).positions[0]
        line.append(ev.best)
        s = s.play_text(ev.best)
    return start, line


@pytest.mark.slow
@pytest.mark.parametrize(
    "game, level, variant, options",
    [
        ("loa", "casual", None, {}),
        ("escabel", "beginner", None, {}),
        ("evl", "beginner", None, {}),
        ("el", "beginner", None, {"declare_threats": "on"}),
        ("el", "beginner", "three-player", {}),
    ],
)
def test_a_game_of_the_engines_moves_gets_no_marks(game, level, variant, options):
    start, line = engine_game(game, 16, level, variant, **options)
    result = analysis.run(start, line, level)
    assert [j.move for j in result.moves] == [p.best for p in result.positions[:-1]]
    assert all(j.mark is None and j.loss == 0.0 for j in result.moves)
    assert all(sum(s.marks.values()) == 0 and s.average_loss == 0.0 for s in result.summary)


def test_chances_and_forced_results():
    s = gamut.load(MISSED_WINS["loa"][0])
    won = s.play_text("b2-a3")
    assert won.outcome() is not None
    result = analysis.run(s, ["b2-a3"], "beginner")
    end = result.positions[1]
    assert end.over and end.winner == 0 and end.chances == [1.0, 0.0] and end.best is None
    assert analysis.chance_text(end, 0) == "won" and analysis.chance_text(end, 1) == "lost"
    assert analysis.chance_text(result.positions[0], 0) == "wins in 1"
    # an alpha-beta score through the game's calibration: eval_scale is 73 %
    a, b = analysis.chances_of_score(s.eval_scale, 1, s.eval_scale)
    assert b == pytest.approx(1 / (1 + math.exp(-1))) and a + b == pytest.approx(1)
    assert analysis.chances_of_score(10**9, 0, 950.0)[0] == pytest.approx(1.0)


def test_judging_by_the_loss_against_the_engines_move():
    s = gamut.new("loa")
    line = ["b1-d3"]
    states = [s, s.play_text("b1-d3")]

    def ev(chance, best="c1-c3", winner=None, mover=0):
        e = Evaluation(mover, [chance, 1 - chance], best, [best] if best else [])
        e.winner = winner
        return e

    thresholds = s.mark_thresholds
    for loss, mark in [
        (thresholds[0] - 0.01, None),
        (thresholds[0], "inaccuracy"),
        (thresholds[1], "mistake"),
        (thresholds[2] + 0.2, "blunder"),
    ]:
        [j] = analysis.judge(states, line, [ev(0.7), ev(0.7 - loss - 1e-9, mover=1)])
        assert (j.mark, j.loss) == (mark, pytest.approx(loss, abs=1e-6)), loss
    # the engine's own move: never marked, no loss
    [j] = analysis.judge(states, line, [ev(0.7, best="b1-d3"), ev(0.1, mover=1)])
    assert j.mark is None and j.loss == 0.0
    # the loss is against the position after the engine's move, when it was searched
    [j] = analysis.judge(states, line, [ev(0.7), ev(0.4, mover=1)], {0: 0.45})
    assert j.loss == pytest.approx(0.05) and j.mark is None and j.best_after == 0.45
    # a missed win, still clearly winning after: marked, as an inaccuracy
    [j] = analysis.judge(states, line, [ev(1.0, winner=0), ev(0.95, mover=1)])
    assert (j.mark, j.reason) == ("inaccuracy", "missed-win")
    # a longer forced win is not a missed one
    [j] = analysis.judge(states, line, [ev(1.0, winner=0), ev(1.0, winner=0, mover=1)])
    assert j.mark is None
    # into a forced loss from a bad position: still marked; from a lost one: not
    [j] = analysis.judge(states, line, [ev(0.05), ev(0.0, winner=1, mover=1)])
    assert (j.mark, j.reason) == ("inaccuracy", "forced-loss")
    [j] = analysis.judge(states, line, [ev(0.0, winner=1), ev(0.0, winner=1, mover=1)])
    assert j.mark is None


def test_monte_carlo_chances_and_line():
    s = gamut.new("el", "three-player")
    search = MonteCarlo(s, max_iterations=300, seed=1)
    search.run()
    chances = search.chances()
    assert len(chances) == 3 and sum(chances) == pytest.approx(1.0)
    state = s
    for text in search.principal_variation():
        state = state.play_text(text)  # a legal line
    assert search.progress()["chances"] == chances


def test_a_depth_is_for_alpha_beta_games_and_levels_are_checked():
    s = gamut.new("loa")
    result = analysis.run(s, ["b1-d3"], depth=2)
    assert result.depth == 2 and result.level is None
    assert all(p.depth == 2 for p in result.positions)
    with pytest.raises(AnalysisError, match="Monte-Carlo"):
        analysis.run(gamut.new("el", "three-player"), [], depth=2)
    for depth in (0, 21, True, 2.0):
        with pytest.raises(AnalysisError, match="depth"):
            analysis.run(s, [], depth=depth)
    with pytest.raises(gamut.OptionError, match="level"):
        analysis.run(s, [], level="grandmaster")
    with pytest.raises(gamut.RecordError, match="move 2"):
        analysis.run(s, ["b1-d3", "b1-d3"], level="beginner")


def test_one_legal_move_is_scored_not_taken_for_even():
    # Escabel's pie rule: a position with a single legal move still gets the
    # search's score (the search for play answers at once with 0)
    s = gamut.load(MISSED_WINS["loa"][0])
    ev = analysis.run(s, [], "casual").positions[0]
    assert ev.winner == 0 and ev.chances == [1.0, 0.0]
    for state in _states_with_one_move():
        e = analysis.run(state, [], "casual").positions[0]
        assert e.depth >= 1 and e.work > 1 and e.best == state.move_text(state.legal_moves()[0])


def _states_with_one_move():
    import random

    rng = random.Random(5)
    out = []
    for game in ("loa", "escabel"):
        for _ in range(40):
            s = gamut.new(game)
            while s.outcome() is None and len(out) < 2:
                if len(s.legal_moves()) == 1:
                    out.append(s)
                    break
                s = s.play(rng.choice(s.legal_moves()))
    return out


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(SHIPPED_GAMES),
    seed=st.integers(0, 10**6),
    plies=st.integers(0, 12),
)
@pytest.mark.slow
def test_an_analysis_of_any_line_is_consistent(game, seed, plies):
    import random

    rng = random.Random(seed)
    s = start = gamut.new(game)
    line = []
    while len(line) < plies and s.outcome() is None:
        m = rng.choice(s.legal_moves())
        line.append(s.move_text(m))
        s = s.play(m)
    result = analysis.run(start, line, "beginner")
    assert result.line == line and len(result.positions) == len(line) + 1
    for p in result.positions:
        assert sum(p.chances) == pytest.approx(1.0) and all(0 <= c <= 1 for c in p.chances)
        assert (p.best is None) == p.over
    for j in result.moves:
        assert 0.0 <= j.loss <= 1.0
        assert j.mark is None or j.move != j.best
        assert (j.mark is None) == (j.reason is None)
    assert sum(x.moves for x in result.summary) == len(line)
    data = json.loads(json.dumps(result.to_json()))
    assert data["v"] == 1 and data["line"] == line
    assert [m["mark"] for m in data["moves"]] == [j.mark for j in result.moves]


# -- the bridge's job ----------------------------------------------------------------


def test_the_analyse_job_runs_in_slices_and_gives_the_analysis():
    s = gamut.load(MISSED_WINS["escabel"][0])
    start = s.to_text()
    reply = s.play_text("g2>f2")
    reply = reply.move_text(reply.legal_moves()[0])
    job = bridge.call(
        "job_start", {"kind": "analyse", "start": start, "line": ["G2>F2", reply], "level": "beginner"}
    )
    fractions, steps = [], 0
    while True:
        r = bridge.call("job_step", {"job": job, "budget_ms": 1})
        steps += 1
        if r["done"]:
            break
        fractions.append(r["progress"]["fraction"])
        assert len(r["progress"]["evaluations"]) <= 3
    assert steps > 1 and fractions == sorted(fractions) and 0 <= fractions[0] <= 1
    result = r["result"]
    assert result["line"] == ["g2>f2", reply]  # canonical
    expected = analysis.run(s, ["g2>f2", reply], "beginner").to_json()
    assert result == json.loads(json.dumps(expected))
    assert result["moves"][0]["mark"] == "blunder"


def test_the_analyse_job_refuses_bad_requests_and_can_be_cancelled():
    start = "el three-player - start"
    answer = json.loads(
        bridge.handle("job_start", json.dumps({"kind": "analyse", "start": start, "line": [], "depth": 3}))
    )
    assert answer["error"]["type"] == "AnalysisError"
    answer = json.loads(
        bridge.handle(
            "job_start",
            json.dumps(
                {"kind": "analyse", "start": "loa standard double-connection=mover start", "line": ["a1-a2"]}
            ),
        )
    )
    assert answer["error"]["type"] == "RecordError"
    job = bridge.call("job_start", {"kind": "analyse", "start": start, "line": ["a1=1"]})
    bridge.call("job_step", {"job": job, "budget_ms": 5})
    assert bridge.call("job_cancel", {"job": job}) == {"cancelled": True}


# -- the command line --------------------------------------------------------------


def run_cli(*args):
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(list(args))
    return status, out.getvalue(), err.getvalue()


def test_the_analyse_command_prints_every_move_and_a_summary(tmp_path):
    s = gamut.load(MISSED_WINS["loa"][0])
    after = s.play_text("d5-d8")
    win = after.move_text(forced_wins(after, 1)[0])
    good = records.Record.of(s, [(0, "d5-d8", ""), (1, win, "")], players=["h", "c:strong"])
    path = tmp_path / "games.txt"
    path.write_text(records.format(good) + '\n[Game "loa"]\n\n1. a1-a2 *\n')
    status, out, err = run_cli("analyse", str(path), "--level", "casual")
    assert status == 1 and "game 2" in err  # the bad game is said; the good one analysed
    lines = out.splitlines()
    assert lines[0].startswith(
        "game 1: Lines of Action (standard), 2 moves, "
        "Black human, White computer strong; analysed at level casual"
    )
    first = next(x for x in lines if x.startswith("1. d5-d8"))
    assert first.split()[2:6] == ["Black", "wins", "in", "1"]
    assert "loses in 1" in first and first.endswith("blunder (missed win)")
    assert any(x in first for x in ("b2-a3", "d6-a3"))  # the engine's move
    assert next(x for x in lines if x.startswith(f"1... {win}")).split()[3:5] == ["wins", "in"]
    assert lines[-2] == ("Black: 1 move, 0 inaccuracies, 0 mistakes, 1 blunder; average loss 100.0 %")
    assert lines[-1].startswith("White: 1 move, ")


def test_the_analyse_command_refuses_bad_settings(tmp_path):
    path = tmp_path / "g.txt"
    path.write_text('[Game "loa"]\n\n1. b1-d3 *\n')
    assert run_cli("analyse", str(path), "--level", "grandmaster")[0] == 2
    status, out, err = run_cli("analyse", str(path), "--depth", "0")
    assert status == 2 and "depth" in err and out == ""
    status, out, _ = run_cli("analyse", str(path), "--depth", "2")
    assert status == 0 and "analysed at depth 2" in out


def test_move_labels_number_rounds_and_turns():
    el = gamut.new("el", None, declare_threats="on")
    assert records.move_labels(el, ["c3=5", "declare:-", "b6=5", "declare:-", "a1=3"]) == [
        "1.",
        "1...",
        "1...",
        "1...",
        "2.",
    ]
    three = gamut.new("el", "three-player")
    assert records.move_labels(three, ["a1=1", "a3=2", "a5=3", "a7=4"]) == ["1.", "1...", "1...", "2."]
    with pytest.raises(gamut.RecordError, match="move 2"):
        records.move_labels(gamut.new("loa"), ["b1-d3", "zz"])


def test_the_think_job_reports_every_seats_chances():
    def think(start, level="beginner"):
        job = bridge.call("job_start", {"kind": "think", "start": start, "level": level, "seed": 1})
        while True:
            r = bridge.call("job_step", {"job": job, "budget_ms": 50})
            if r["done"]:
                return r["result"]

    quiet = think("loa standard double-connection=mover start")
    assert len(quiet["chances"]) == 2 and sum(quiet["chances"]) == pytest.approx(1.0, abs=1e-3)
    won = think(MISSED_WINS["loa"][0])
    assert won["chances"] == [1.0, 0.0] and won["mate_in"] == 1
    three = think("el three-player - start")
    assert len(three["chances"]) == 3 and sum(three["chances"]) == pytest.approx(1.0)
    # the words use every simulation's result, not the best move's few
    said = str(Message.from_json(three["evaluation"]))
    assert said == f"Red wins {round(three['chances'][0] * 100)} % of the simulated games"


# -- a move tried where a mistake was played (issue #31: practise your mistakes) ----------


@pytest.mark.parametrize("game", ["loa", "el"])
def test_an_attempt_is_judged_against_the_best_move_like_the_analysis(game):
    from gamut.analysis.attempt import run as attempt

    text, wins, blunder = MISSED_WINS[game]
    s = gamut.load(text)
    judged = analysis.run(s, [blunder], level="beginner").moves[0]
    best = judged.best
    assert best in wins
    how = {"best": best, "played": blunder, "level": "beginner"}
    # the engine's move is always good, the move played never (no search for either)
    assert attempt(s, best, **how) | {"threshold": None} == {
        "move": best,
        "best": best,
        "threshold": None,
        "pv": [],
        "good": True,
        "reason": "best",
        "loss": 0.0,
        "chance": None,
        "best_chance": None,
    }
    assert (attempt(s, blunder, **how)["good"], attempt(s, blunder, **how)["reason"]) == (False, "played")
    # another winning move is as good as the best
    other = next(w for w in wins if w != best)
    r = attempt(s, other, **how)
    assert (r["good"], r["reason"], r["loss"], r["chance"], r["best_chance"]) == (
        True,
        "chances",
        0.0,
        1.0,
        1.0,
    )
    # the blunder, judged as a try (another move named as played), loses what the analysis said
    r = attempt(s, blunder, **{**how, "played": other})
    assert (
        r["good"] is False
        and r["loss"] == pytest.approx(judged.loss, abs=1e-4)
        and r["loss"] >= r["threshold"]
    )
    assert r["threshold"] == s.mark_thresholds[1]
    # the best move's chance from the analysis spares its search, with the same verdict
    assert attempt(s, blunder, **{**how, "played": other, "best_chance": 1.0}) == r


def test_the_attempt_job_runs_in_slices_and_refuses_bad_requests():
    text, wins, blunder = MISSED_WINS["escabel"]
    s = gamut.load(text)
    best = analysis.run(s, [blunder], level="beginner").moves[0].best
    params = {"kind": "attempt", "start": s.to_text(), "line": [], "level": "beginner"}
    job = bridge.call("job_start", {**params, "move": blunder.upper(), "best": best, "played": wins[0]})
    fractions = []
    while True:
        r = bridge.call("job_step", {"job": job, "budget_ms": 1})
        if r["done"]:
            break
        fractions.append(r["progress"]["fraction"])
    assert fractions == sorted(fractions) and all(0 <= f <= 1 for f in fractions)
    assert r["result"]["move"] == blunder and r["result"]["good"] is False  # (canonical text)

    def error(**extra):
        answer = bridge.handle("job_start", json.dumps({**params, "best": best, "played": blunder, **extra}))
        return json.loads(answer)["error"]["type"]

    assert error(move="a1>a9") == "RecordError"
    assert error(move=best, best_chance=2) == "RequestError"
    assert error(move=best, level="nobody") == "OptionError"
