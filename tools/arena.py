"""Matches between computer levels, run from the repository root:
``PYTHONPATH=py python3 -m tools.arena loa --a strong --b casual --games 20``.

Sides alternate every game, and each pair of games opens with the same few
random moves (once with each colour assignment) so that games vary but the
pair is fair.  By default every move is chosen by the level's node budget,
never by the clock, so a match is reproducible from its ``--seed`` on any
machine, and ``--jobs`` plays games in parallel processes with the same
results.  Prints each game, then wins/draws/losses for A and the Elo
difference with its 95 % interval.

Two options compare versions of the engine rather than levels:

* ``--seconds 0.5``: each side thinks the same wall time per move, with no
  node budget (a level keeps its depth limit and its noise).  Versions whose
  nodes cost differently are compared fairly only so.  Results then depend
  on the machine and its load: use ``--jobs 1`` on a busy machine.
* ``--b-commit REV`` (or ``--a-commit``): that side plays with the engine of
  an earlier commit: its ``py/gamut`` is exported with ``git archive`` into a
  temporary directory and run in a subprocess (``python -c`` with only that
  directory on its path), which answers each position text with a move text;
  so nothing of the current code can leak into it, and the old code needs
  nothing but ``gamut.load``, ``gamut.ai.start`` and a search's ``step``.
"""

from __future__ import annotations

import argparse
import atexit
import io
import json
import math
import os
import random
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from gamut import core
from gamut.ai import LEVELS, choose
from gamut.ai import start as start_search
from gamut.core import GamutError


class ArenaError(GamutError):
    """An arena that cannot be set up (an unknown commit, a broken export)."""


#: Not a level: a player that picks uniformly among the legal moves, the
#: floor the lowest level must beat (``bench/arena_ratings.py``).
RANDOM = "random"


@dataclass(frozen=True)
class Player:
    """One side of a match: a level, thinking ``seconds`` of wall time per
    move (or, when None, the level's node budget), with the engine of this
    checkout or of ``commit``."""

    level: str
    seconds: float | None = None
    commit: str | None = None

    def __str__(self):
        text = self.level + (f"@{self.commit[:10]}" if self.commit else "")
        return text + (f" {self.seconds:g} s/move" if self.seconds else "")

    def choose(self, state, seed: int):
        """The move this player makes in ``state``."""
        if self.level == RANDOM:
            return random.Random(seed).choice(state.legal_moves())
        if self.commit:
            text = _worker(self.commit).choose(state.to_text(), self.level, seed, self.seconds)
            return state.parse_move(text)
        if self.seconds is None:
            return choose(state, self.level, seed=seed)
        return timed_choice(start_search(state, self.level, seed), self.seconds)


def timed_choice(search, seconds: float):
    """Drive ``search`` for ``seconds`` of wall time, whatever its budget
    (the budget is lifted), and return its choice."""
    for budget in ("max_nodes", "max_iterations"):
        if hasattr(search, budget):
            setattr(search, budget, 10**15)
    end = time.perf_counter() + seconds
    while not search.done:
        left = end - time.perf_counter()
        if left <= 0:
            break
        search.step(min(50.0, 1000 * left))
    return search.choice()


# The program an earlier commit's engine runs in its subprocess: one JSON
# request a line ({position, level, seed, seconds}), one JSON answer a line.
# It uses only what every version of gamut has had; keep it so.
WORKER = r"""
import json, sys, time
import gamut, gamut.ai
out = sys.stdout
out.write(json.dumps({"ready": gamut.__file__}) + "\n")
out.flush()
for line in sys.stdin:
    req = json.loads(line)
    try:
        state = gamut.load(req["position"])
        search = gamut.ai.start(state, req["level"], req["seed"])
        seconds = req["seconds"]
        if seconds is None:
            move = search.run()
        else:
            for budget in ("max_nodes", "max_iterations"):
                if hasattr(search, budget):
                    setattr(search, budget, 10**15)
            end = time.perf_counter() + seconds
            while not search.done:
                left = end - time.perf_counter()
                if left <= 0:
                    break
                search.step(min(50.0, 1000 * left))
            move = search.choice()
        answer = {"move": state.move_text(move)}
    except Exception as exc:
        answer = {"error": f"{type(exc).__name__}: {exc}"}
    out.write(json.dumps(answer) + "\n")
    out.flush()
"""


def repository() -> Path:
    """The root of the git checkout this package is in."""
    here = Path(__file__).resolve().parent
    try:
        top = subprocess.run(
            ["git", "rev-parse", "--show-toplevel"], cwd=here, check=True, capture_output=True, text=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        raise ArenaError("--a-commit/--b-commit need a git checkout of gamut") from None
    return Path(top)


def resolve_commit(rev: str) -> str:
    """The full id of commit ``rev`` (any name git knows: HEAD~3, a tag, ...)."""
    found = subprocess.run(
        ["git", "rev-parse", "--verify", "--quiet", rev + "^{commit}"],
        cwd=repository(),
        capture_output=True,
        text=True,
    )
    if found.returncode:
        raise ArenaError(f"no commit {core.excerpt(rev)} in {repository()}")
    return found.stdout.strip()


def export_commit(rev: str, into: Path) -> str:
    """Write commit ``rev``'s ``py/gamut`` under ``into`` (as ``into/py/gamut``);
    return the full commit id."""
    repo = repository()
    commit = resolve_commit(rev)
    archive = subprocess.run(
        ["git", "archive", "--format=tar", commit, "py/gamut"], cwd=repo, capture_output=True
    )
    if archive.returncode:
        raise ArenaError(
            f"git archive {commit[:10]} py/gamut failed: {archive.stderr.decode(errors='replace').strip()}"
        )
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        if hasattr(tarfile, "data_filter"):
            tar.extractall(into, filter="data")
        else:  # pragma: no cover (Python before 3.11.4)
            tar.extractall(into)
    if not (into / "py" / "gamut" / "__init__.py").is_file():
        raise ArenaError(f"commit {commit[:10]} has no py/gamut package")
    return commit


def exported_env(root: Path, *also: str) -> dict:
    """The environment of a Python process that imports ``gamut`` from a
    commit exported under ``root`` (:func:`export_commit`) and nothing of this
    checkout: none of this process's PYTHON* settings, ``root/py`` (then
    ``also``) on its path, no bytecode written into the export."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PYTHONPATH"] = os.pathsep.join([str(root / "py"), *also])
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


class CommitWorker:
    """An earlier commit's engine in a subprocess (see ``WORKER``)."""

    def __init__(self, rev: str):
        self.dir = Path(tempfile.mkdtemp(prefix="gamut-arena-"))
        try:
            self.commit = export_commit(rev, self.dir)
            self.proc = subprocess.Popen(
                [sys.executable, "-c", WORKER],
                cwd=self.dir,
                env=exported_env(self.dir),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
            )
            ready = self._read()
        except BaseException:
            self.close()
            raise
        self.module = ready.get("ready", "")
        if not Path(self.module).resolve().is_relative_to(self.dir.resolve()):
            self.close()
            raise ArenaError(f"the engine of {rev} loaded gamut from {self.module}")

    def _read(self) -> dict:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise ArenaError(
                f"the engine of commit {self.commit[:10]} stopped (exit code {self.proc.wait()})"
            )
        return json.loads(line)

    def choose(self, position: str, level: str, seed: int, seconds: float | None) -> str:
        assert self.proc.stdin is not None
        request = {"position": position, "level": level, "seed": seed, "seconds": seconds}
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        answer = self._read()
        if "error" in answer:
            raise ArenaError(f"the engine of commit {self.commit[:10]}: {answer['error']}")
        return answer["move"]

    def close(self):
        proc = getattr(self, "proc", None)
        if proc is not None and proc.poll() is None:
            proc.stdin.close()
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        shutil.rmtree(self.dir, ignore_errors=True)


# Workers by (process id, commit).  A pool's processes are forked from the
# one that checked the commits, and inherit its workers: each must start its
# own, since two processes talking through one worker's pipes read each
# other's answers (moves for another game's position).
_WORKERS: dict = {}


def _worker(rev: str) -> CommitWorker:
    """This process's worker for ``rev`` (started on first use, closed at exit)."""
    pid = os.getpid()
    worker = _WORKERS.get((pid, rev))
    if worker is None:
        if not any(owner == pid for owner, _ in _WORKERS):
            # (processes of a pool skip atexit, but run multiprocessing's finalizers)
            import multiprocessing.util

            multiprocessing.util.Finalize(None, close_workers, exitpriority=10)
        worker = _WORKERS[pid, rev] = CommitWorker(rev)
    return worker


@atexit.register
def close_workers():
    """Close the workers this process started (not those it inherited)."""
    pid = os.getpid()
    for key in [key for key in _WORKERS if key[0] == pid]:
        _WORKERS.pop(key).close()


def game_seed(seed: int, pair: int) -> int:
    """The seed of game pair ``pair`` of a match started with ``seed``
    (distinct matches share no openings)."""
    return random.Random(f"{seed}:{pair}").getrandbits(32)


def play_game(start, seats_levels, seed, opening_plies=2, max_plies=400):
    """Play one game; return ``(winner or None, plies)``.  A seat is a level
    name or a :class:`Player`."""
    players = [p if isinstance(p, Player) else Player(p) for p in seats_levels]
    rng = random.Random(seed)
    state = start
    for _ in range(opening_plies):
        moves = state.legal_moves()
        if not moves:
            break
        state = state.play_unchecked(rng.choice(moves))
    plies = opening_plies
    while state.outcome() is None and plies < max_plies:
        player = players[state.to_move]
        state = state.play_unchecked(player.choose(state, rng.getrandbits(32)))
        plies += 1
    o = state.outcome()
    return (None if o is None else o.winner), plies


def to_elo(p: float) -> float:
    """The Elo difference that makes ``p`` the expected score (±inf at 1 and 0)."""
    if p >= 1:
        return math.inf
    if p <= 0:
        return -math.inf
    return -400 * math.log10(1 / p - 1)


def elo(score: float, games: int, z: float = 1.96) -> tuple[float, float, float]:
    """The Elo difference for a score fraction over ``games`` games, with
    the bounds of its 95 % interval (the Wilson interval of the score,
    which stays sensible at 0 % and 100 %)."""
    n = max(games, 1)
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return to_elo(score), to_elo(centre - half), to_elo(centre + half)


def elo_text(score: float, games: int) -> str:
    """``+255 (95 %: +60 to +560)``."""

    def fmt(x):
        return "+inf" if x == math.inf else "-inf" if x == -math.inf else f"{round(x):+d}"

    diff, low, high = elo(score, games)
    return f"{fmt(diff)} (95 %: {fmt(low)} to {fmt(high)})"


ELO_PER_LOGIT = 400 / math.log(10)  # Elo points per unit of the logistic's argument


def fit_ratings(
    results, anchor: str, anchor_rating: float = 1000.0, virtual_draws: float = 1.0, z: float = 1.96
):
    """Elo ratings by maximum likelihood (the Bradley-Terry model) from
    ``results``, a list of ``(a, b, wins, draws, losses)`` counted for A,
    over every game played (a draw is half a win).  ``anchor`` is fixed at
    ``anchor_rating``.  Each pair that met also gets ``virtual_draws`` drawn
    games (BayesElo's prior): without them a player who won every game would
    be rated infinitely far above.  Returns ``{player: (rating, low, high)}``
    with the ``z`` interval (95 %) from the curvature of the likelihood (the
    anchor's interval is the anchor itself); players not connected to the
    anchor by games are left out."""
    pairs: dict[tuple[str, str], list[float]] = {}  # (a, b) -> [score of a, games]
    for a, b, wins, draws, losses in results:
        key, flip = ((a, b), False) if a < b else ((b, a), True)
        cell = pairs.setdefault(key, [virtual_draws / 2, virtual_draws])
        cell[0] += (losses if flip else wins) + draws / 2
        cell[1] += wins + draws + losses
    linked, grown = {anchor}, True
    while grown:  # the players the games connect to the anchor
        grown = False
        for a, b in pairs:
            if (a in linked) != (b in linked):
                linked |= {a, b}
                grown = True
    free = sorted(linked - {anchor})
    index = {name: i for i, name in enumerate(free)}
    x = [0.0] * len(free)  # ratings in logits, the anchor at 0

    def at(name):
        return 0.0 if name == anchor else x[index[name]]

    def newton_step():
        grad = [0.0] * len(free)
        info = [[0.0] * len(free) for _ in free]  # minus the Hessian
        for (a, b), (score, games) in pairs.items():
            if a not in linked or b not in linked:
                continue
            p = 1 / (1 + math.exp(at(b) - at(a)))
            w = games * p * (1 - p)
            for name, sign in ((a, 1), (b, -1)):
                if name in index:
                    grad[index[name]] += sign * (score - games * p)
                    info[index[name]][index[name]] += w
            if a in index and b in index:
                info[index[a]][index[b]] -= w
                info[index[b]][index[a]] -= w
        return grad, info

    for _ in range(100):
        grad, info = newton_step()
        step = _solve(info, grad)
        x = [xi + si for xi, si in zip(x, step)]
        if max(map(abs, step), default=0) < 1e-10:
            break
    _, info = newton_step()
    out = {anchor: (anchor_rating, anchor_rating, anchor_rating)}
    for name, i in index.items():
        unit = [1.0 if j == i else 0.0 for j in range(len(free))]
        spread = z * math.sqrt(_solve(info, unit)[i]) * ELO_PER_LOGIT
        rating = anchor_rating + x[i] * ELO_PER_LOGIT
        out[name] = (rating, rating - spread, rating + spread)
    return out


def _solve(matrix, vector):
    """``matrix``^-1 ``vector`` by Gaussian elimination (a few players)."""
    n = len(vector)
    rows = [list(row) + [v] for row, v in zip(matrix, vector)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(n):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [v - factor * c for v, c in zip(rows[r], rows[col])]
    return [rows[i][n] / rows[i][i] for i in range(n)]


def _one(args):
    game, variant, options, seats, seed, max_plies = args
    return play_game(core.new(game, variant, **options), seats, seed, max_plies=max_plies)


def _results(tasks, jobs):
    """The games' results in order, each as soon as it and those before it are in."""
    if jobs <= 1:
        yield from map(_one, tasks)
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(jobs) as pool:
        yield from pool.map(_one, tasks)


def match(game, a, b, games, variant=None, seed=0, out=None, jobs=1, max_plies=400, **options):
    """Play ``games`` games of ``a`` against ``b`` (level names or
    :class:`Player` objects); A takes seat ``g % players`` in game ``g``.
    Returns (wins, draws, losses) for A."""
    out = sys.stdout if out is None else out
    start = core.new(game, variant, **options)
    players = start.num_players
    tasks = []
    for g in range(games):
        seats = [b] * players
        seats[g % players] = a
        tasks.append((game, start.variant, start.options, seats, game_seed(seed, g // players), max_plies))
    wins = draws = losses = 0
    for g, (winner, plies) in enumerate(_results(tasks, jobs)):
        a_seat = g % players
        if winner is None:
            draws += 1
        elif winner == a_seat:
            wins += 1
        else:
            losses += 1
        verdict = "draw" if winner is None else "win" if winner == a_seat else "loss"
        print(f"game {g + 1}: A ({a}) seat {a_seat}: {verdict} in {plies} plies", file=out, flush=True)
    if players > 2:  # one A against several B's: compare with a fair share
        print(
            f"{game}: A={a} vs {players - 1} x B={b}: A won {wins} of {games} games "
            f"({wins / games:.0%}; a fair share is {1 / players:.0%}), each B seat "
            f"{losses / (players - 1) / games:.0%}, {draws} draws",
            file=out,
        )
        return wins, draws, losses
    score = (wins + draws / 2) / games
    print(
        f"{game}: A={a} vs B={b}: {wins} wins, {draws} draws, {losses} losses "
        f"(score {score:.0%}); Elo difference {elo_text(score, games)}",
        file=out,
    )
    return wins, draws, losses


def main(argv: list[str] | None = None) -> int:
    """The command line; returns the exit status (2 for an arena or game
    that cannot be set up, said on standard error)."""
    p = argparse.ArgumentParser(
        prog="python3 -m tools.arena", description="play computer levels against each other"
    )
    p.add_argument("game")
    p.add_argument("--a", default="strong", choices=[*LEVELS, RANDOM])
    p.add_argument("--b", default="casual", choices=[*LEVELS, RANDOM])
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--variant")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jobs", type=int, default=1, help="games played in parallel processes")
    p.add_argument(
        "--seconds",
        type=float,
        metavar="S",
        help="each side thinks S seconds of wall time per move instead of its level's node budget",
    )
    p.add_argument("--a-commit", metavar="REV", help="A plays with the engine of commit REV")
    p.add_argument("--b-commit", metavar="REV", help="B plays with the engine of commit REV")
    args = p.parse_args(argv)
    try:
        if args.seconds is not None and not args.seconds > 0:
            raise ArenaError("--seconds must be positive")
        a = Player(args.a, args.seconds, args.a_commit and resolve_commit(args.a_commit))
        b = Player(args.b, args.seconds, args.b_commit and resolve_commit(args.b_commit))
        for player in (a, b):  # fail before the first game, not inside a pool
            if player.commit:
                _worker(player.commit)
        match(args.game, a, b, args.games, args.variant, args.seed, jobs=args.jobs)
    except GamutError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
