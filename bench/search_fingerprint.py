"""The computer player's searches reduced to numbers, for checking that a
refactoring left them unchanged: for each game (and the three-player EL
variant) the start position and two positions a few random plies in (those of
``bench_ai.py``), searched at every level (Master ten plies in) with seed 1, and the
other variants six plies in; prints one
line per search (move, score, nodes, depth, or simulations for Monte-Carlo).

Run: ``PYTHONPATH=py python3 bench/search_fingerprint.py > before.txt`` and
again after a change, then ``diff``.  ``--commit REV`` prints the fingerprint
of an earlier commit's engine instead (its ``py/gamut``, exported as the arena
does, run with these positions), so that two versions compare in one line:
``diff <(PYTHONPATH=py python3 bench/search_fingerprint.py --commit 80335f3)
<(PYTHONPATH=py python3 bench/search_fingerprint.py)``."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from bench_ai import GAMES, midgame

import gamut
import gamut.ai

# Beside bench_ai's games: every other variant, one position each.
OTHERS = [
    ("loa", "scrambled-eggs"),
    ("el", "eight"),
    ("el", "consecutive"),
    ("el", "four-player"),
    ("escabel", "checkered"),
]


def fingerprint():
    cases = [(g, v, plies, seed) for g, v in GAMES for plies, seed in ((0, 1), (8, 1), (10, 3))]
    cases += [(g, v, 6, 2) for g, v in OTHERS]
    for game, variant, plies, seed in cases:
        state = midgame(game, variant, plies=plies, seed=seed)
        if state.outcome() is not None:
            continue
        levels = ["beginner", "casual", "strong"] + (["master"] if plies == 10 else [])
        for name in levels:
            search = gamut.ai.start(state, name, seed=1)
            move = search.run()
            p = search.progress()
            label = f"{game} {variant or '-'} +{plies}/{seed} {name}"
            if "nodes" in p:
                yield (
                    f"{label}: {state.move_text(move)} score {p['score']} "
                    f"nodes {p['nodes']} depth {p['depth']} pv {' '.join(p['pv'])}"
                )
            else:
                yield (
                    f"{label}: {state.move_text(move)} sims {p['simulations']} win_rate {p['win_rate']:.6f}"
                )


def main(argv) -> int:
    if argv[:1] == ["--commit"] and len(argv) == 2:
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repository: tools/
        from tools.arena import export_commit, exported_env

        with tempfile.TemporaryDirectory() as tmp:
            export_commit(argv[1], Path(tmp))
            env = exported_env(Path(tmp), str(Path(__file__).parent))
            return subprocess.call([sys.executable, __file__], env=env)
    if argv:
        print("usage: search_fingerprint.py [--commit REV]", file=sys.stderr)
        return 2
    for line in fingerprint():
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
