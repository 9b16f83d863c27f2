"""Tactics for the computer player in every game, on positions built (or
found by a search over played games) for them.  Each test first proves its
position is what it claims with the exact full-width solver of
:mod:`tools.solve`, then asks the AI.

* win in one: the only winning moves are the expected ones, among many;
* block: exactly one move (or one cell, in EL) keeps the opponent from
  winning on the next move;
* win in two: no win in one, and the expected moves force a win in two.
"""

from __future__ import annotations

import pytest

import gamut
import gamut.ai
from gamut.games import SHIPPED_GAMES
from tools.solve import forced_wins, saving_moves, wins_with

LOA = "loa standard double-connection=mover "
ESCABEL = "escabel standard size=7,pie=on "
EVL = "evl standard pieces=20,markers=10 "
EL = "el standard first-two-equal=off,full-board=draw,declare-threats=off "


def texts(state, moves):
    return sorted(state.move_text(m) for m in moves)


# -- Lines of Action ---------------------------------------------------------


def test_loa_connecting_combination_in_two():
    # Black cannot connect at once, but d7xd4 (or a6-c4) leaves White no
    # defence against a connecting move next turn.
    s = gamut.load(
        LOA + "8/3b2w1/b4w2/2w1b1w1/3wbw1w/2bbw2w/2b5/1wb5 b history=f7-g7,d1-d3,h5-h3,e8-d7,b6-e3"
    )
    assert len(s.legal_moves()) == 29
    assert forced_wins(s, 1) == []
    assert texts(s, forced_wins(s, 2)) == ["a6-c4", "d7xd4"]
    for level in ("casual", "strong"):
        assert s.move_text(gamut.ai.choose(s, level, seed=5)) in ("a6-c4", "d7xd4"), level


# -- Escabel and EVL: one table ------------------------------------------------
#
# Each case: the position, its number of legal moves, what the solver must
# prove (``win1``: the only winning moves; ``block``: no win for the mover, and
# the only moves that stop the opponent's win next turn; ``win2``: no win in
# one, and the only moves that force a win in two), those moves, and the
# (level, seed) pairs that must find one of them.

# fmt: off
TABLE = [
    # White's f3>f4 turns two stacks white and joins left to right; no reply of Black's can break it.
    ("escabel-win1", ESCABEL + "1b1(wb)w1w/(bw)(bw)w3(wb)/b(wb)(ww)ww1w/(wb)w(bwb)wb(wb)w/1bwbw(bw)b/b1bb2b/bwb(bw)w1w w", 28, "win1", ["f3>f4"], [("beginner", 1), ("strong", 1)]),
    ("escabel-block", ESCABEL + "2bw1b1/1(bw)w1b1w/bb3b1/w4b1/2ww(wb)w1/3(bw)1b1/3w(wb)1b w", 33, "block", ["f3>f4"], [("casual", 1), ("strong", 1)]),
    ("escabel-win2", ESCABEL + "www(wb)w2/1www(wb)wb/1w1w(wb)1b/1(wb)wbb1w/1bb4/2bw3/2(bw)bw2 b", 30, "win2", ["c2>d2"], [("strong", 1), ("strong", 2)]),
    # White has 8 of its 10 markers out; only d4-d3-d2 surrounds two more.
    ("evl-win1", EVL + "1wbww2/b1b(wb)1wb/bw2ww(bb)/b1w(bw)2w wbb1w1/bwwwwb/bb1ww1 w", 26, "win1", ["d4-d3-d2"], [("beginner", 1), ("strong", 1)]),
    ("evl-block", EVL + "1(wb)2(bw)w1/1(bwb)(ww)b1(bw)w/bwwbwbb/2bb1(wb)b bbbbww/bwwwwb/2wwbb w", 40, "block", ["b3-b2-b1"], [("casual", 1), ("strong", 1)]),
    ("evl-win2", EVL + "(ww)w5/1(wwb)b2w1/2(bb)(wbw)w1b/bb1w1(wb)b ww4/1bbww1/bbwwbb b", 51, "win2", ["c3-c4-c5"], [("casual", 1), ("strong", 1)]),
]
# fmt: on


@pytest.mark.parametrize(
    "position, legal, kind, expected, tries", [case[1:] for case in TABLE], ids=[case[0] for case in TABLE]
)
def test_proven_tactic_found(position, legal, kind, expected, tries):
    s = gamut.load(position)
    assert len(s.legal_moves()) == legal
    if kind == "win1":
        assert texts(s, forced_wins(s, 1)) == expected
    else:
        assert forced_wins(s, 1) == []
        proven = saving_moves(s) if kind == "block" else forced_wins(s, 2)
        assert texts(s, proven) == expected
    for level, seed in tries:
        assert s.move_text(gamut.ai.choose(s, level, seed=seed)) in expected, (level, seed)


def test_evl_win_in_one_needs_the_last_two_markers():
    s = gamut.load(TABLE[3][1])
    assert s.marks[1].bit_count() == 8


# -- EL ----------------------------------------------------------------------------

# Red holds a1=1 b1=2 c1=3 e2=1 e3=2 e5=4; Blue d1=4 e4=3 and four harmless
# numbers.  Red to move.
EL_DOUBLE = EL + "b6...../.b6..r4./..b6.b3./....r2b5/....r1./r1r2r3b4.. r last=f3"


def test_el_takes_the_win_in_one():
    # Column a: Red 1-2-3-4 and Blue 5; a6=6 (or the L through b5 with 6) wins.
    s = gamut.load(EL + "....../b5...../r4....b1/r3...b1./r2...../r1....b1 r last=f1")
    wins = texts(s, forced_wins(s, 1))
    assert wins and len(wins) <= 3 and len(s.legal_moves()) > 150
    for level in ("beginner", "casual", "strong"):
        assert s.move_text(gamut.ai.choose(s, level, seed=1)) in wins, level


@pytest.mark.slow  # (1.4 s; the other tactics above are the fast loop's)
def test_el_blocks_the_only_threat_cell():
    # Red threatens e1=5 (row 1: Red 1-2-3-4, Blue 6).  Blue must write a
    # number on e1 other than 5 -- and only 2, 3 and 4 create no new threat.
    s = gamut.load(EL + "b2....b2/....../....../....../....../r1r2r3r4.b6 b last=d1")
    assert s.threats()[0] == frozenset({("e1", 5)})
    assert len(s.legal_moves()) == 174
    safe = texts(s, saving_moves(s))
    assert safe == ["e1=2", "e1=3", "e1=4"]
    for level in ("beginner", "casual"):
        assert s.move_text(gamut.ai.choose(s, level, seed=1)) in safe, level


def test_el_double_threat():
    s = gamut.load(EL_DOUBLE)
    assert s.threats() == (frozenset(), frozenset())
    assert forced_wins(s, 1) == []
    # e1=5 threatens f1=6 (row 1) and e6=6 (column e) at once: no defence.
    after = s.play(s.parse_move("e1=5"))
    assert {c for c, _ in after.threats()[0]} >= {"f1", "e6"}
    assert wins_with(s, s.parse_move("e1=5"), 2)
    for level in ("casual", "strong"):
        m = gamut.ai.choose(s, level, seed=1)
        assert wins_with(s, m, 2), (level, s.move_text(m))


def test_el_three_player_monte_carlo_takes_the_win():
    s = gamut.new("el", "three-player")
    assert gamut.ai.search_kind(s) == "mcts"
    # Red's row 1: 1-2-3-4-5 with Blue and Green numbers elsewhere.
    for text in (
        "a1=1",
        "h8=1",
        "a8=1",
        "b1=2",
        "h7=2",
        "a7=2",
        "c1=3",
        "h6=3",
        "b8=3",
        "d1=4",
        "g8=4",
        "b7=4",
        "e1=5",
        "g7=5",
        "c8=5",
    ):
        s = s.play(s.parse_move(text))
    wins = texts(s, forced_wins(s, 1))
    assert wins == ["a2=6", "e2=6", "f1=6"]  # the row, and two L's
    assert len(s.legal_moves()) == 49 * 6
    assert s.move_text(gamut.ai.choose(s, "casual", seed=1)) in wins


@pytest.mark.parametrize("game", SHIPPED_GAMES)
def test_every_game_declares_its_search(game):
    s = gamut.new(game)
    assert gamut.ai.search_kind(s) == "alphabeta"
    assert isinstance(s.evaluate(), int)


# -- EL with declared threats: a turn is two moves ---------------------------------

EL_DECLARE = EL.replace("declare-threats=off", "declare-threats=on") + EL_DOUBLE.split(" ", 3)[3].replace(
    " last=f3", " last=e5,f3 declared=-;-"
)


# Strong in every run; Master (the same search with four times the nodes: 31 s
# of CPU for its two moves, the longest unit test) in the soak run.
@pytest.mark.slow
@pytest.mark.parametrize("level", ["strong", pytest.param("master", marks=pytest.mark.soak)])
def test_el_declared_double_threat_is_played_and_declared(level):
    s = gamut.load(EL_DECLARE)
    assert s.turn_plies == 2
    assert forced_wins(s, 1) == []
    proven = s.parse_move("e1=5")
    assert wins_with(s, proven, 2)  # placement, declaration, ..., completion
    m = gamut.ai.choose(s, level, seed=1)
    after = s.play(m)
    assert after.to_move == 0 and after.phase  # Red declares next
    assert m == proven or wins_with(s, m, 2), (level, s.move_text(m))
    # ... and declares every cell it threatens: nothing is left for luck
    declaration = gamut.ai.choose(after, level, seed=1)
    cells = {c for c, _ in after.threats()[0]}
    assert set(str(declaration)[len("declare:") :].split(",")) == cells


def test_el_two_move_turns_keep_the_score_on_the_movers_side():
    # Blue, to move, cannot stop both declared threats: the search must see
    # Red winning (negamax that flipped the sign at the declaration, the
    # second move of Red's turn, saw Blue winning instead).
    from gamut.ai.search import AlphaBeta

    s = gamut.load(EL_DECLARE).play_text("e1=5").play_text("declare:f1,a2,d4,d5,f5,e6")
    assert s.to_move == 1 and not s.phase
    for depth in (1, 3, 4):
        a = AlphaBeta(s, max_depth=depth, seed=0)
        a.run()
        assert a.best_score < -1000, (depth, a.best_score, a.pv)
    # A completion on an undeclared cell does not win: the pruning hook must
    # not offer it as the only move (it once did, and the search "proved" it).
    t = gamut.load(EL_DECLARE).play_text("d4=4").play_text("declare:-").play_text("c6=1")
    t = t.play_text("declare:-")
    assert t.to_move == 0 and any(c == "e1" for c, _ in t.threats()[0])
    assert len(t.search_moves()) > 1


# Blue holds a1=1 b1=2 c1=3 of the bottom row, Red d1=4 e1=5 (and a6=1): Blue
# writing 6 on f1 makes four of six, an EL; Red writing it makes three and
# three, an EL for nobody (EL-2), so Red's 6 there blocks as any other number.
EL_SPLIT_BLOCK = EL + "r1...../....../....../....../....../b1b2b3r4r5. r last=c1"


def test_el_blocks_with_the_number_the_opponent_needs_where_it_splits_the_shape():
    s = gamut.load(EL_SPLIT_BLOCK)
    assert ("f1", 6) in s.threats()[1]
    after = s.play_text("f1=6")
    assert after.outcome() is None  # (three and three: no EL)
    moves = s.search_moves()
    assert isinstance(moves, gamut.core.ForcedMoves)
    assert "f1=6" in {str(m) for m in moves}


def _loses_at_once(state, move) -> bool:
    """Whether the opponent, after ``move``, has a reply that wins for them at once."""
    after = state.play_unchecked(move)
    if after.outcome() is not None:
        return after.outcome().winner not in (None, state.to_move)
    return any(
        (o := after.play_unchecked(r).outcome()) is not None and o.winner == after.to_move
        for r in after.legal_moves()
    )


@pytest.mark.parametrize("seed", range(12))
def test_el_forced_moves_leave_out_only_moves_that_lose_at_once(seed):
    """The search trusts a ForcedMoves list: it judges every move left out
    lost at once.  Checked by trying them, over random games of the default
    EL brought to a position where the opponent threatens."""
    import random

    from gamut.core import ForcedMoves

    rng = random.Random(seed)
    s = gamut.new("el")
    checked = 0
    while s.outcome() is None and checked < 2:
        moves = s.search_moves()
        if isinstance(moves, ForcedMoves):
            kept = set(moves)
            for m in s.legal_moves():
                if m not in kept:
                    assert _loses_at_once(s, m), f"{s.text()}: {m} is left out but does not lose at once"
            checked += 1
        s = s.play_unchecked(rng.choice(s.legal_moves()))


def test_el_evaluation_sees_a_double_threat_one_placement_away():
    # Red, to move in EL_DOUBLE, can make a double threat (e1=5 and others):
    # fork points the evaluation counts.
    from gamut.games.el import evaluation as el_eval

    s = gamut.load(EL_DOUBLE)
    a = el_eval.analysis(s)
    assert a.forks(0, s.board) >= 1
    # every fork point it counts really makes threats on two cells
    made = {}
    for found in a.potential_shapes.values():
        for p, c, n, t in found:
            if p == 0:
                made.setdefault((c, n), set()).add(t)
    forks = [(c, n, ts) for (c, n), ts in made.items() if len(ts) >= 2]
    assert len(forks) == a.forks(0, s.board) and (s.rules.name_of.index("e1"), 5) in [
        (c, n) for c, n, _ in forks
    ]
    for c, n, ts in forks:  # the threat cells it foresees are the rules' own after the move
        after = s.play(s.parse_move(f"{s.rules.name_of[c]}={n}"))
        assert {s.rules.name_of[t] for t in ts} <= {cell for cell, _ in after.threats()[0]}
    assert not el_eval.analysis(gamut.new("el")).forks(0, gamut.new("el").board)
