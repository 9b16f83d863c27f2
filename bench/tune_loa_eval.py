"""Fit the Lines of Action evaluation's weights (``gamut.games.loa.evaluation.WEIGHTS``
and ``TEMPO``) to positions labelled by their game's result: a logistic
regression of "the side to move won" on ``loa_eval.features`` (draws and
unfinished games left out), by Newton's method with a little L2 penalty,
on every game but each fifth, which is held out to report the fit's log-loss
and accuracy beside those of the hand-weighted evaluation it replaced
(``loa_eval.evaluate_classic``, over its scale of 950).  The data comes from ``bench/loa_selfplay.py``.

Run: ``PYTHONPATH=py python3 bench/tune_loa_eval.py loa_positions.jsonl``;
paste the printed ``WEIGHTS``/``TEMPO`` into ``py/gamut/games/loa/evaluation.py``."""

from __future__ import annotations

import argparse
import json
import math
import sys

from gamut.games.loa import evaluation as loa_eval
from gamut.games.loa import state as loa


def load(path):
    """(features, label, game) of every decided position of the file."""
    rows, game, last_ply = [], -1, 10**9
    with open(path) as f:
        for line in f:
            r = json.loads(line)
            if r["ply"] <= last_ply:
                game += 1
            last_ply = r["ply"]
            if r["winner"] is None:
                continue
            own, enemy = (r["white"], r["black"]) if r["to_move"] else (r["black"], r["white"])
            rows.append(
                (
                    loa_eval.features(own, enemy),
                    float(r["winner"] == r["to_move"]),
                    game,
                    (own, enemy, r["to_move"]),
                )
            )
    return rows


def solve(a, b):
    """Solve a x = b (Gaussian elimination with partial pivoting)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[c][c]:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(xs, ys, l2=1e-3, rounds=12):
    """Weights (the last one the intercept) maximising the penalised likelihood."""
    k = len(xs[0]) + 1
    w = [0.0] * k
    for _ in range(rounds):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for x, y in zip(xs, ys):
            v = x + [1.0]
            z = sum(wi * vi for wi, vi in zip(w, v))
            p = 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
            g, h = p - y, p * (1 - p)
            for i in range(k):
                grad[i] += g * v[i]
                hi = h * v[i]
                row = hess[i]
                for j in range(k):
                    row[j] += hi * v[j]
        for i in range(k - 1):  # (the intercept is not penalised)
            grad[i] += l2 * len(xs) * w[i]
            hess[i][i] += l2 * len(xs)
        step = solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step)]
    return w


def loss(zs, ys):
    total = correct = 0
    for z, y in zip(zs, ys):
        p = min(max(1 / (1 + math.exp(-max(-30.0, min(30.0, z)))), 1e-9), 1 - 1e-9)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
        correct += (p > 0.5) == (y > 0.5)
    return total / len(ys), correct / len(ys)


def main(argv) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("data")
    p.add_argument("--l2", type=float, default=1e-3)
    p.add_argument(
        "--drop", nargs="*", default=[], choices=loa_eval.FEATURES, help="features left out (their weight 0)"
    )
    args = p.parse_args(argv)
    rows = load(args.data)
    dropped = [loa_eval.FEATURES.index(name) for name in args.drop]
    for r in rows:
        for i in dropped:
            r[0][i] = 0.0
    train = [r for r in rows if r[2] % 5]
    test = [r for r in rows if not r[2] % 5]
    w = fit([r[0] for r in train], [r[1] for r in train], args.l2)
    ys = [r[1] for r in test]
    new = loss([sum(wi * xi for wi, xi in zip(w, r[0])) + w[-1] for r in test], ys)
    used = []
    for _, _, _, (own, enemy, to_move) in test:
        black, white = (enemy, own) if to_move else (own, enemy)
        state = loa.LoaState("standard", {"double-connection": "mover"}, black, white, to_move)
        used.append(loa_eval.evaluate_classic(state) / 950.0)  # (its eval_scale)
    old = loss(used, ys)
    print(f"{len(train)} training positions, {len(test)} held out ({len({r[2] for r in rows})} games)")
    print(
        f"held out: fitted log-loss {new[0]:.4f} accuracy {new[1]:.1%}; "
        f"the hand-weighted one {old[0]:.4f} / {old[1]:.1%}"
    )
    for name, wi in zip(loa_eval.FEATURES, w):
        print(f"  {name:16} {wi:+.4f}")
    print("WEIGHTS = (" + ", ".join(f"{wi:.4f}" for wi in w[:-1]) + ")")
    print(f"TEMPO = {w[-1]:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
