"""The generic searches, exercised on Lines of Action."""

from __future__ import annotations

from typing import ClassVar

import pytest

import gamut
import gamut.ai
from gamut.ai.montecarlo import MonteCarlo
from gamut.ai.search import AlphaBeta
from gamut.games import SHIPPED_GAMES

HEADER = "loa standard double-connection=mover "


def test_takes_a_win_in_one():
    s = gamut.load(HEADER + "w7/8/8/8/3b1b2/2b5/8/7w b")
    for level in ("beginner", "casual", "strong"):
        m = gamut.ai.choose(s, level, seed=3)
        assert s.play(m).outcome().winner == 0, level


def _wins_in_one(state):
    return [
        m
        for m in state.legal_moves()
        if state.play(m).outcome() is not None and state.play(m).outcome().winner == state.to_move
    ]


def test_blocks_the_only_win_in_one():
    # White to move among 22 moves; every move but h6-e3 loses at once or
    # lets Black connect on the next move.
    s = gamut.load(HEADER + "3w4/2w5/7w/8/4b3/3w2b1/2bb1bb1/1bw5 w")

    def safe(m):
        after = s.play(m)
        return after.outcome() is None and not _wins_in_one(after)

    assert [str(m) for m in s.legal_moves() if safe(m)] == ["h6-e3"]
    assert len(s.legal_moves()) == 22
    for level in ("casual", "strong"):
        assert str(gamut.ai.choose(s, level, seed=1)) == "h6-e3", level


def test_search_is_deterministic_for_a_seed():
    s = gamut.new("loa").play_text("b1-b3")
    a = gamut.ai.choose(s, "casual", seed=7)
    b = gamut.ai.choose(s, "casual", seed=7)
    assert a == b


def test_sliced_search_keeps_its_state_between_slices():
    s = gamut.new("loa")
    whole = AlphaBeta(s, max_depth=3, seed=0)
    whole.run()
    sliced = AlphaBeta(s, max_depth=3, seed=0)
    progress = []
    while not sliced.done:
        progress.append(sliced.step(1))
    assert len(progress) > 1
    assert sliced.nodes == whole.nodes and sliced.best_move == whole.best_move
    assert progress[-1]["depth"] == 3 and progress[-1]["best"] == s.move_text(whole.best_move)


def test_monte_carlo_finds_the_win_in_one():
    s = gamut.load(HEADER + "w7/8/8/8/3b1b2/2b5/8/7w b")
    mc = MonteCarlo(s, max_iterations=400, seed=2)
    m = mc.run()
    assert s.play(m).outcome().winner == 0


def test_unknown_level_is_an_option_error():
    import pytest

    with pytest.raises(gamut.OptionError, match="beginner"):
        gamut.ai.choose(gamut.new("loa"), "grandmaster")


def _played(game, plies=6, seed=3):
    import random

    s = gamut.new(game)
    rng = random.Random(seed)
    for _ in range(plies):
        s = s.play(rng.choice(s.legal_moves()))
    return s


@pytest.mark.parametrize("game", SHIPPED_GAMES)
def test_beginner_errs_like_a_human_not_at_random(game):
    # Beginner picks by a softmax over its root scores: its moves vary with
    # the seed, but they score well above an average legal move.
    s = _played(game)
    exact = AlphaBeta(s, max_depth=2, seed=0)
    exact.run()
    scores = exact.root_scores
    picks = [gamut.ai.choose(s, "beginner", seed=k) for k in range(16)]
    mean_all = sum(scores.values()) / len(scores)
    mean_picks = sum(scores[m] for m in picks) / len(picks)
    assert len(set(picks)) >= 3
    assert max(scores.values()) in [scores[m] for m in picks]
    best = max(scores.values())
    assert mean_picks > mean_all + 0.1 * (best - mean_all), (mean_picks, mean_all, best)
    # ... and it never picks a move that loses at once
    assert not any(
        s.play(m).outcome() for m in picks if s.play(m).outcome() and s.play(m).outcome().winner != s.to_move
    )


def test_search_uses_a_games_forward_pruning_hook():
    # A state offering search_moves() is searched over those moves only.
    class Narrow:
        def __init__(self, s):
            self.s = s

        def __getattr__(self, name):
            return getattr(self.s, name)

        def play_unchecked(self, m):
            return Narrow(self.s.play_unchecked(m))

        def search_moves(self):
            return self.s.legal_moves()[:3]

    s = gamut.new("loa")
    a = AlphaBeta(Narrow(s), max_depth=2, seed=0)
    a.run()
    assert set(a.root_scores) == set(s.legal_moves()[:3])


@pytest.mark.slow
def test_arena_prints_the_score_and_elo():
    import io

    from tools.arena import match

    out = io.StringIO()
    w, d, lost = match("loa", "casual", "beginner", 2, out=out)
    assert w + d + lost == 2
    assert "Elo difference" in out.getvalue()


def test_elo_interval():
    from tools.arena import elo, elo_text

    assert elo(0.5, 100)[0] == 0 and elo(0.5, 100)[1] < 0 < elo(0.5, 100)[2]
    d, lo, hi = elo(0.75, 40)
    assert round(d) == 191 and 0 < lo < d < hi  # 75 % is +191, and clearly above 0 over 40 games
    d, lo, hi = elo(1.0, 20)  # all won: no upper bound, a finite lower one
    assert d == hi == float("inf") and 250 < lo < 320
    assert elo_text(0.5, 16) == "+0 (95 %: -164 to +164)"
    # more games, a narrower interval
    assert elo(0.7, 200)[2] - elo(0.7, 200)[1] < elo(0.7, 20)[2] - elo(0.7, 20)[1]


def test_node_budget_is_kept_inside_the_tree():
    # The budget is checked every CHECK_EVERY nodes deep in the tree, not
    # only between root moves (one root move's subtree can be huge).
    from gamut.ai.search import CHECK_EVERY

    s = gamut.new("loa")
    for budget in (700, 3_000, 12_000):
        a = AlphaBeta(s, seed=0, max_nodes=budget)
        a.run()
        assert budget <= a.nodes <= budget + CHECK_EVERY + 64, (budget, a.nodes)
        assert a.best_move in s.legal_moves()


@pytest.mark.slow
@pytest.mark.parametrize("game", SHIPPED_GAMES)
def test_levels_are_counted_not_timed(game):
    # The same seed gives the same move and the same work, whatever the
    # machine's speed: levels are node budgets derived from the game's speed.
    s = _played(game)
    lv = gamut.ai.LEVELS["strong"]
    assert lv.budget(s) == int(lv.seconds * s.search_speed)
    runs = []
    for _ in range(2):
        search = gamut.ai.start(s, "strong", seed=5)
        runs.append((search.run(), search.nodes))
    assert runs[0] == runs[1]
    assert runs[0][1] <= lv.budget(s) + 256
    budgets = [gamut.ai.LEVELS[n].budget(s) for n in ("beginner", "casual", "strong", "master")]
    assert budgets == sorted(budgets) and budgets[-1] >= 4 * budgets[2]


class _Tree(gamut.State):
    """A toy two-player game given as a tree: ``{"a": {"x": 0, "y": None}}``
    means the root player may play a, then the other player x (after which
    the game is won by seat 0) or y (not over; evaluated 0)."""

    __slots__ = ("node", "path", "prune")
    game_id = "loa"  # (only for num_players)
    variant = "standard"
    options: ClassVar[dict] = {}  # (no options: shared by every instance, never changed)

    def __init__(self, node, path=(), prune=None):
        self.node, self.path, self.prune = node, path, prune

    @property
    def to_move(self):
        return len(self.path) % 2

    def legal_moves(self):
        return sorted(self.node) if isinstance(self.node, dict) else []

    def play_unchecked(self, m):
        return _Tree(self.node[m], self.path + (m,), self.prune)

    def outcome(self):
        if isinstance(self.node, int):
            return gamut.Outcome(self.node, "toy win")
        return None

    def zobrist(self):
        return hash(self.path)

    def evaluate(self):
        return 0

    def search_moves(self):
        moves = self.legal_moves()
        if self.prune is not None and len(self.path) == 1:
            return self.prune(moves[:1])  # keep only "x", the losing reply
        return moves


@pytest.mark.parametrize("kind, proven", [(list, True), (gamut.core.PrunedMoves, False)])
def test_a_loss_among_pruned_moves_is_not_a_proven_result(kind, proven):
    from gamut.ai.search import is_mate_score

    tree = {"a": {"x": 0, "y": None}, "b": {"z": None}}
    a = AlphaBeta(_Tree(tree, prune=kind), max_depth=4, seed=0)
    a.run()
    assert a.best_move == "a"
    # With an exact subset, x is the reply and seat 0 wins by force; when
    # the subset was pruned by judgement, y (left out) may save the game.
    assert is_mate_score(a.best_score) is proven
    assert a.best_score > 1000


@pytest.mark.slow
def test_monte_carlo_keeps_all_moves_as_first_statistics():
    s = gamut.new("el", "three-player")
    mc = MonteCarlo(s, max_iterations=200, seed=4)
    first = mc.run()
    amaf = mc.root.amaf
    # every simulation counts the root player's moves made anywhere in it
    assert sum(v for v, _ in amaf.values()) > 200 * 5
    assert all(0 <= w <= v for v, w in amaf.values())
    assert set(amaf) <= set(s.legal_moves())
    # deterministic for a seed; and off with rave=0
    assert MonteCarlo(s, max_iterations=200, seed=4).run() == first
    plain = MonteCarlo(s, max_iterations=200, seed=4, rave=0)
    plain.run()
    assert plain.root.amaf == {}


@pytest.mark.slow
def test_arena_is_reproducible_and_the_same_in_parallel():
    import io

    from tools.arena import game_seed, match

    logs = []
    for jobs in (1, 2, 1):
        out = io.StringIO()
        match("evl", "beginner", "beginner", 2, seed=3, jobs=jobs, out=out)
        logs.append(out.getvalue())
    assert logs[0] == logs[1] == logs[2]
    assert logs[0].count("game ") == 2 and "seat 1" in logs[0]
    # distinct match seeds share no openings
    assert len({game_seed(s, p) for s in range(5) for p in range(5)}) == 25


@pytest.mark.parametrize("kind, score", [(list, 0), (gamut.core.ForcedMoves, 1_000_000 - 3)])
def test_a_forced_reply_is_searched_one_ply_deeper(kind, score):
    # a -> x (the opponent's only sensible reply) -> w wins for seat 0: three
    # plies, beyond a depth-2 search, unless the forced reply costs no depth.
    tree = {"a": {"x": {"w": 0, "v": None}, "y": {"u": None}}, "b": {"z": None}}
    a = AlphaBeta(_Tree(tree, prune=kind), max_depth=2, seed=0)
    a.run()
    assert a.best_score == score
    if score:
        assert a.best_move == "a"


def test_progress_never_shows_a_line_that_does_not_start_with_the_best_move():
    s = gamut.new("loa")
    a = AlphaBeta(s, max_nodes=3000, seed=0)
    seen = 0
    while not a.done:
        p = a.step(5)
        if p["pv"]:
            seen += 1
            assert p["pv"][0] == p["best"]
    assert seen
    # mid-iteration a newer best move replaces the last iteration's line
    a.pv = ["a1-a2", "b1-b2"]
    assert a.progress()["pv"] == [a.progress()["best"]]


def test_progress_shows_a_loss_among_pruned_root_moves_as_unproven():
    from gamut.ai.search import UNPROVEN_LOSS, WIN

    tree = {"a": {"x": 1}, "b": {"z": 1}}  # seat 1 wins whatever seat 0 plays

    class PrunedRoot(_Tree):
        __slots__ = ()

        def search_moves(self):
            return gamut.core.PrunedMoves(self.legal_moves())

    a = AlphaBeta(PrunedRoot(tree), max_depth=3, seed=0)
    a.run()
    assert a.best_score == UNPROVEN_LOSS
    a.best_score = -WIN + 2  # as a mid-iteration update can leave it
    assert a.progress()["score"] == UNPROVEN_LOSS
    exact = AlphaBeta(_Tree(tree), max_depth=3, seed=0)
    exact.run()
    assert exact.best_score == -WIN + 2 and exact.progress()["score"] == -WIN + 2


@pytest.mark.slow
def test_arena_with_three_players_reports_a_fair_share():
    import io

    from tools.arena import match

    out = io.StringIO()
    w, d, lost = match("el", "beginner", "beginner", 3, variant="three-player", out=out)
    assert w + d + lost == 3
    assert "seat 2" in out.getvalue() and "a fair share is 33%" in out.getvalue()


def test_a_game_may_give_a_level_its_own_thinking_time():
    # Two-player EL and Lines of Action give Master 6 s instead of 3 s;
    # every other level and game keeps the level's own time, and the
    # wall-clock cap follows.
    master = gamut.ai.LEVELS["master"]
    el2 = gamut.new("el", "standard")
    el3 = gamut.new("el", "three-player")
    loa = gamut.new("loa")
    for state in (el2, loa):
        assert master.seconds_in(state) == 6.0 == 2 * master.seconds
        assert master.budget(state) == int(6.0 * state.search_speed)
        assert master.time_limit(state) == 5 * 6.0
    for state in (el3, gamut.new("escabel"), gamut.new("evl")):
        assert master.seconds_in(state) == master.seconds == 3.0
        assert master.budget(state) == int(3.0 * state.search_speed)
    for name in ("beginner", "casual", "strong"):
        lv = gamut.ai.LEVELS[name]
        assert lv.seconds_in(el2) == lv.seconds_in(loa) == lv.seconds
