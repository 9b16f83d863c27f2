"""Lines of Action's MIA-style evaluation: its features on positions built
for them, and the self-play and tuning scripts of bench/ on a little data."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

import gamut
from gamut import grid
from gamut.games.loa import board, evaluation
from gamut.games.loa import state as loa_state

sys.path.insert(0, str(Path(__file__).parent.parent / "bench"))
import loa_selfplay
import tune_loa_eval


def bits(names: str) -> int:
    return sum(1 << grid.parse_cell(n, 8, 8) for n in names.split())


def test_euler_number_counts_groups_less_holes():
    rng = random.Random(3)
    for _ in range(2000):
        bb = sum(1 << sq for sq in rng.sample(range(64), rng.randint(1, 12)))
        _, euler, _ = evaluation._shape_terms(bb)
        assert euler == int(euler) and euler <= board.count_groups(bb)
    ring = bits("c3 d3 e3 c4 e4 c5 d5 e5")  # one group around a hole
    assert evaluation._shape_terms(ring)[1] == 0
    assert evaluation._shape_terms(bits("a1 h8 d4"))[1] == 3  # corners count too


def test_solid_quads_and_links():
    square = bits("d4 e4 d5 e5")
    quads, euler, links = evaluation._shape_terms(square)
    assert (quads, euler, links) == (1, 1, 6)
    quads, _, links = evaluation._shape_terms(bits("a1 b1 a2"))
    assert (quads, links) == (1, 3)
    assert evaluation._shape_terms(bits("a1 h1 a8 h8"))[2] == 0  # no wrapping


def test_features_are_antisymmetric_and_concentration_counts():
    s = gamut.new("loa")
    for _ in range(10):
        s = s.play_unchecked(s.legal_moves()[len(s.legal_moves()) // 3])
    mine = evaluation.features(s.black, s.white)
    theirs = evaluation.features(s.white, s.black)
    assert all(abs(a + b) < 1e-9 for a, b in zip(mine, theirs))
    clump = bits("d4 e4 d5 e5 c4 c5")
    spread = bits("a1 h1 a8 h8 a4 h5")
    f = evaluation.features(clump, spread)
    assert f[evaluation.FEATURES.index("concentration")] < 0  # the clump is the tighter
    assert f[evaluation.FEATURES.index("centralisation")] > 0


def test_evaluation_prefers_the_concentrated_side():
    clump = bits("d4 e4 d5 e5 c4 c5 f4 f5")
    spread = bits("a1 h1 a8 h8 a4 h5 b7 g2")
    header = {"double-connection": "mover"}
    s = loa_state.LoaState("standard", header, clump, spread, 0)
    assert s.evaluate() > 0
    assert loa_state.LoaState("standard", header, spread, clump, 0).evaluate() < 0


def test_mobility_is_the_weighted_difference_of_moves():
    s = gamut.new("loa")
    own, enemy = s.black, s.white

    def weighted(a, b):
        return sum(evaluation._mobility_weight(m) for m in board.generate(a, b))

    assert evaluation.mobility(own, enemy) == weighted(own, enemy) - weighted(enemy, own)


@pytest.mark.slow
def test_selfplay_data_and_the_fit(tmp_path):
    rows = []
    for g in range(6):
        rows += loa_selfplay.game_positions(f"t:{g}", 20.0, 200)
    assert rows and all(set(r) == {"black", "white", "to_move", "ply", "winner"} for r in rows)
    data = tmp_path / "positions.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    loaded = tune_loa_eval.load(data)
    assert len({r[2] for r in loaded}) >= 2  # games told apart by their plies
    xs, ys = [r[0] for r in loaded], [r[1] for r in loaded]
    w = tune_loa_eval.fit(xs, ys, l2=0.1, rounds=4)
    assert len(w) == len(evaluation.FEATURES) + 1
    trained, _ = tune_loa_eval.loss([sum(a * b for a, b in zip(w, x)) + w[-1] for x in xs], ys)
    assert trained < 0.6932  # better than a coin
