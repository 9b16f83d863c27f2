"""Search speed in CPython beside an earlier commit's: nodes per second of the
alpha-beta games, and Master's move time, this checkout against ``BASELINE``
(the commit before issue #32's faster search) or ``--commit REV``.

The searches are those of ``search_fingerprint.py`` (the same moves, scores
and node counts in both versions, so the time is the only difference): per
game, Strong from the start and from two positions a few random plies in,
and Master ten plies in.  On a shared machine one run says little, so the
two versions run alternately, each in its own process, ``--rounds`` times;
the table gives the median of each and the median of the per-round ratios
(a ratio compares only runs made side by side).  Times are the CPU time of
the searching process (``time.process_time``), so that the other processes
of a busy machine do not count.

Run: ``PYTHONPATH=py python3 bench/bench_search_speed.py [--commit REV]
[--rounds N] [--games el,evl]``."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: The engine before issue #32's search speed-ups (what "old" means by default).
BASELINE = "6903508"
GAMES = ["el", "escabel", "evl", "loa"]
HERE = Path(__file__).resolve().parent


def measure(games: list[str]) -> dict:
    """{game: {nodes, seconds, master_seconds}} for this process's engine."""
    from bench_ai import midgame

    import gamut.ai

    out = {}
    for game in games:
        nodes = 0
        seconds = master = 0.0
        for plies, seed, level in ((0, 1, "strong"), (8, 1, "strong"), (10, 3, "strong"), (10, 3, "master")):
            search = gamut.ai.start(midgame(game, None, plies=plies, seed=seed), level, seed=1)
            t0 = time.process_time()
            search.run()
            dt = time.process_time() - t0
            nodes += search.nodes
            seconds += dt
            if level == "master":
                master = dt
        out[game] = {"nodes": nodes, "seconds": seconds, "master_seconds": master}
    return out


def run_once(env: dict | None, games: list[str]) -> dict:
    """One measurement in a fresh process (``env``: an exported commit's)."""
    proc = subprocess.run(
        [sys.executable, __file__, "--measure", ",".join(games)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(proc.stdout)


def compare(rev: str, rounds: int, games: list[str]) -> None:
    sys.path.insert(0, str(HERE.parent))  # the repository: tools/
    from tools.arena import export_commit, exported_env

    with tempfile.TemporaryDirectory() as tmp:
        commit = export_commit(rev, Path(tmp))
        old_env = exported_env(Path(tmp), str(HERE))
        runs: dict[str, list[dict]] = {"old": [], "new": []}
        for r in range(rounds):
            # alternate which goes first, so that neither always runs on a warmer machine
            order = [("old", old_env), ("new", None)] if r % 2 else [("new", None), ("old", old_env)]
            for name, env in order:
                runs[name].append(run_once(env, games))
    report("CPython", commit, runs, games)


def report(where: str, commit: str, runs: dict[str, list[dict]], games: list[str]) -> None:
    """Print the table of ``runs`` ({"old": [measure(), ...], "new": [...]},
    made alternately): per game the median nodes per second of each, the
    median of the per-round ratios, and Master's median move time."""
    report_header(where, commit, len(runs["new"]))
    for game in games:
        report_row(game, runs)


def report_header(where: str, commit: str, rounds: int) -> None:
    print(
        f"Search speed in {where}, this checkout (new) against {commit[:10]} (old), median of {rounds} rounds:"
    )
    print(
        f"  {'game':8} {'old nodes/s':>12} {'new nodes/s':>12} {'ratio':>6}   Master +10/3 old -> new",
        flush=True,
    )


def report_row(game: str, runs: dict[str, list[dict]]) -> None:
    """One game's line of :func:`report`."""
    old = [run[game]["nodes"] / run[game]["seconds"] for run in runs["old"]]
    new = [run[game]["nodes"] / run[game]["seconds"] for run in runs["new"]]
    ratio = statistics.median(n / o for n, o in zip(new, old))
    same = {run[game]["nodes"] for run in runs["old"] + runs["new"]}
    note = "" if len(same) == 1 else "  (node counts differ: not the same searches!)"
    master_old = statistics.median(run[game]["master_seconds"] for run in runs["old"])
    master_new = statistics.median(run[game]["master_seconds"] for run in runs["new"])
    print(
        f"  {game:8} {statistics.median(old):12.0f} {statistics.median(new):12.0f} {ratio:6.2f}x"
        f"   {master_old:5.2f} s -> {master_new:5.2f} s{note}",
        flush=True,
    )


def parse_args(argv: list[str], prog: str) -> tuple[str, int, list[str]] | None:
    """The options both search-speed benchmarks take (``--commit REV``,
    ``--rounds N``, ``--games el,evl``, each optional) as ``(rev, rounds,
    games)``; None, the usage printed, when they do not parse."""
    args = dict(zip(argv[::2], argv[1::2]))
    games = args.get("--games", ",".join(GAMES)).split(",")
    rounds = args.get("--rounds", "3")
    if (
        set(args) - {"--commit", "--rounds", "--games"}
        or len(argv) % 2
        or not (rounds.isdigit() and int(rounds) > 0)
        or set(games) - set(GAMES)
    ):
        print(f"usage: {prog} [--commit REV] [--rounds N] [--games {','.join(GAMES)}]", file=sys.stderr)
        return None
    return args.get("--commit", BASELINE), int(rounds), games


def main(argv: list[str]) -> int:
    if argv[:1] == ["--measure"] and len(argv) == 2:
        print(json.dumps(measure(argv[1].split(","))))
        return 0
    parsed = parse_args(argv, "bench_search_speed.py")
    if parsed is None:
        return 2
    compare(*parsed)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
