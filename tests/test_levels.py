"""The computer levels of issue #31: the ladder, its measured table, and the
first four levels unchanged."""

from __future__ import annotations

import itertools
import math
import random
import re
import sys
from pathlib import Path

import pytest

import gamut
import gamut.ai
from gamut.ai import LEVELS, Level, ladder
from gamut.ai.ratings import ANCHOR, RATINGS
from gamut.bridge import call
from gamut.games import SHIPPED_GAMES
from tools.arena import RANDOM, Player, fit_ratings

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
import arena_ratings  # noqa: E402

GAMES = SHIPPED_GAMES  # (every game is measured)
OLD = {  # the first four levels, exactly as links and recorded games know them
    "beginner": Level("beginner", "Beginner", 2, 0.1, 60.0),
    "casual": Level("casual", "Casual", 3, 0.25, 15.0),
    "strong": Level("strong", "Strong", 64, 0.75, 0.0),
    "master": Level("master", "Master", 64, 3.0, 0.0),
}
# Their moves six random plies into each game (seed 1), as the engine before
# issue #31 played them (commit ca919b8, through tools.arena.CommitWorker).
OLD_MOVES = {
    ("loa", "beginner"): "f1xa1",
    ("loa", "casual"): "c8xc4",
    ("loa", "strong"): "c8xc4",
    ("escabel", "beginner"): "a7",
    ("escabel", "casual"): "a5",
    ("escabel", "strong"): "b3",
    ("evl", "beginner"): "a1",
    ("evl", "casual"): "c4-b4",
    ("evl", "strong"): "c4",
    ("el", "beginner"): "c4=4",
    ("el", "casual"): "c4=4",
    ("el", "strong"): "c4=4",
}


def six_plies_in(game):
    state = gamut.new(game)
    rng = random.Random(game)
    for _ in range(6):
        state = state.play_unchecked(rng.choice(state.legal_moves()))
    return state


def test_at_least_eight_levels_and_the_first_four_unchanged():
    assert len(LEVELS) >= 8
    for game in GAMES:  # each game's ladder: at least eight, every one of the first four
        names = [lv.name for lv in ladder(game)]
        assert len(names) >= 8 and set(OLD) <= set(names), (game, names)
        assert names == [name for name in LEVELS if name in names]  # in the ladder's order
    assert all(re.fullmatch("[a-z]+", name) for name in LEVELS)
    assert [name for name in LEVELS if name in OLD] == list(OLD)
    for name, level in OLD.items():
        assert LEVELS[name] == level


@pytest.mark.parametrize("level", ["beginner", "casual"])
def test_the_first_levels_play_the_moves_they_played_before(level):
    for game in GAMES:
        state = six_plies_in(game)
        assert state.move_text(gamut.ai.choose(state, level, seed=1)) == OLD_MOVES[game, level], game


@pytest.mark.slow
def test_strong_plays_the_moves_it_played_before():
    for game in GAMES:
        state = six_plies_in(game)
        assert state.move_text(gamut.ai.choose(state, "strong", seed=1)) == OLD_MOVES[game, "strong"], game


def test_expert_thinks_between_strong_and_master_in_every_game():
    # halfway (the geometric mean of their times) unless a game sets its own
    set_otherwise = dict(LEVELS["expert"].by_game)
    for game in GAMES:
        state = gamut.new(game)
        strong, expert, master = (LEVELS[n].seconds_in(state) for n in ("strong", "expert", "master"))
        assert strong < expert < master
        if game in set_otherwise:
            assert expert == set_otherwise[game][1]
        else:
            assert expert == pytest.approx(math.sqrt(strong * master), abs=0.001)
    assert set(set_otherwise) < set(GAMES)


def test_a_level_set_otherwise_for_a_game_searches_so_there_only():
    tuned = [(name, game) for name, lv in LEVELS.items() for game, _ in lv.by_game]
    assert tuned and all(name not in OLD for name, _ in tuned)
    for name, game in tuned:
        depth, seconds, noise = dict(LEVELS[name].by_game)[game]
        search = gamut.ai.start(gamut.new(game), name, seed=1)
        assert (search.max_depth, search.noise) == (depth, noise)
        assert search.max_nodes == max(16, int(seconds * gamut.new(game).search_speed))
        other = next(g for g in GAMES if g not in dict(LEVELS[name].by_game))
        search = gamut.ai.start(gamut.new(other), name, seed=1)
        assert (search.max_depth, search.noise) == (LEVELS[name].max_depth, LEVELS[name].noise)


def test_every_level_takes_a_win_in_one():
    # (test_ai.test_takes_a_win_in_one's position: Black to move can connect at once)
    state = gamut.load("loa standard double-connection=mover w7/8/8/8/3b1b2/2b5/8/7w b")
    for name in LEVELS:
        if name in ("expert", "master"):
            continue  # (long searches; they find it as Strong does)
        for seed in range(4):
            move = gamut.ai.choose(state, name, seed=seed)
            assert state.play(move).outcome().winner == 0, (name, seed)


def test_the_link_parser_knows_the_same_levels_in_the_same_order():
    text = (ROOT / "web" / "model" / "url.js").read_text()
    found = re.search(r"export const LEVELS = \[([^\]]*)\]", text)
    assert found is not None
    assert re.findall(r'"([a-z]+)"', found.group(1)) == list(LEVELS)


def test_the_random_mover_is_a_player_of_the_arena():
    state = gamut.new("evl")
    move = Player(RANDOM).choose(state, seed=5)
    assert move in state.legal_moves()
    assert Player(RANDOM).choose(state, seed=5) == move


# -- the fit -------------------------------------------------------------------


def test_a_fit_of_one_pair_is_the_elo_of_its_score_with_one_virtual_draw():
    fitted = fit_ratings([("a", "b", 74, 2, 24)], "b", 1000)
    # 75 of 100 points, plus half of one virtual draw: 75.5 of 101
    assert fitted["a"][0] == pytest.approx(1000 + 400 * math.log10(75.5 / 25.5), abs=1e-6)
    assert fitted["b"] == (1000, 1000, 1000)
    low, high = fitted["a"][1:]
    assert low < fitted["a"][0] < high
    more = fit_ratings([("a", "b", 740, 20, 240)], "b", 1000)["a"]
    assert more[2] - more[1] < (high - low) / 2  # ten times the games: about a third as wide


def test_a_fit_uses_every_pair_and_leaves_out_players_never_linked():
    ladder = [("b", "a", 30, 0, 10), ("c", "b", 30, 0, 10)]
    fitted = fit_ratings([*ladder, ("x", "y", 3, 0, 1)], "a")
    assert set(fitted) == {"a", "b", "c"}
    assert fitted["a"][0] < fitted["b"][0] < fitted["c"][0]
    # c's games against a too: a crushing score pulls c up, a poor one down
    up = fit_ratings([*ladder, ("c", "a", 39, 0, 1)], "a")["c"]
    down = fit_ratings([*ladder, ("c", "a", 15, 0, 25)], "a")["c"]
    assert down[0] < fitted["c"][0] < up[0]
    assert up[2] - up[1] < fitted["c"][2] - fitted["c"][1]  # more games, a narrower interval
    # an unbeaten player is finitely rated (the virtual draw)
    assert math.isfinite(fit_ratings([("a", "r", 20, 0, 0)], "a")["r"][0])


# -- the measured table ----------------------------------------------------------


MATCHES = arena_ratings.load()


def test_the_shipped_ratings_are_the_fit_of_the_recorded_games():
    assert arena_ratings.measured_table(MATCHES) == RATINGS
    sources = arena_ratings.ratings_sources(MATCHES)
    assert sorted(path.parent.name for path in sources) == sorted(RATINGS)
    for path, text in sources.items():  # each game's own file, in its package
        assert path.read_text() == text, path
    assert ANCHOR == arena_ratings.ANCHOR


def test_every_recorded_match_was_played_by_the_levels_as_they_are():
    # a level whose settings change is another player: its old matches
    # would rate it by games it never played (play them again)
    stale = [
        (m["game"], m["a"], m["b"], m["seed"])
        for m in MATCHES
        if m["settings"] != {p: arena_ratings.settings_of(m["game"], p) for p in (m["a"], m["b"])}
    ]
    assert stale == []


def test_a_record_keeps_the_settings_its_players_had():
    assert arena_ratings.settings_of("loa", RANDOM) == "random"
    depth, seconds, noise = arena_ratings.settings_of("evl", "beginner")
    assert (depth, seconds, noise) == (2, 0.1, 60.0)  # (one of the first four: never changed)
    depth, seconds, noise = arena_ratings.settings_of("loa", "club")
    assert (depth, seconds) == tuple(dict(LEVELS["club"].by_game)["loa"][:2])


@pytest.mark.parametrize("game", GAMES)
def test_every_level_is_measured_and_rated_above_the_one_below(game):
    table = RATINGS[game]
    names = [lv.name for lv in ladder(game)]
    assert list(table) == names
    ratings = [table[name][0] for name in names]
    assert all(a < b for a, b in itertools.pairwise(ratings)), dict(zip(names, ratings))
    for rating, low, high in table.values():
        assert low <= rating <= high


def test_the_tables_name_the_gaps_outside_100_to_250():
    fitted = {"novice": (900, 0, 0), "beginner": (1000, 0, 0), "casual": (1260, 0, 0), "club": (1400, 0, 0)}
    assert arena_ratings.gaps_outside(fitted) == [("casual", 260)]  # (100 and 250 are inside)
    fitted["novice"] = (950, 0, 0)
    assert arena_ratings.gaps_outside(fitted) == [("beginner", 50), ("casual", 260)]


def _score(game, a, b):
    """A's won-drawn-lost against B in ``game``, over every recorded match."""
    total = [0, 0, 0]
    for m in MATCHES:
        if m["game"] != game or {m["a"], m["b"]} != {a, b}:
            continue
        won, drawn, lost = m["result"] if m["a"] == a else reversed(m["result"])
        total = [total[0] + won, total[1] + drawn, total[2] + lost]
    return total


@pytest.mark.parametrize("game", GAMES)
def test_adjacent_levels_stand_100_to_250_elo_apart(game):
    # the ladder: each level 100-250 above the one below it in the
    # game's own ladder, by the shipped ratings (the fit of every recorded game)
    assert arena_ratings.gaps_outside(RATINGS[game], names=arena_ratings.offered(game)) == []


@pytest.mark.parametrize("game", GAMES)
def test_every_gap_between_neighbours_is_measured_by_twenty_games_or_more(game):
    # a gap rests on games: the two neighbours met in at least twenty, or
    # (Master and Expert, whose games are the slowest) each played at least
    # twenty against the same third level, which places both
    names = arena_ratings.offered(game)
    players = [RANDOM, *names]
    for below, above in itertools.pairwise(names):
        if sum(_score(game, above, below)) >= 20:
            continue
        common = [
            c
            for c in players
            if c not in (below, above) and min(sum(_score(game, below, c)), sum(_score(game, above, c))) >= 20
        ]
        assert common, (game, below, above)


@pytest.mark.parametrize("game", GAMES)
def test_the_lowest_level_beats_a_random_mover_and_loses_to_the_next(game):
    lowest, next_up = list(LEVELS)[:2]
    won, drawn, lost = _score(game, lowest, RANDOM)
    assert won + drawn + lost >= 8 and won > 0.8 * (won + drawn + lost)
    won, drawn, lost = _score(game, lowest, next_up)
    assert won + drawn + lost >= 8 and lost > won + drawn


def test_the_bridge_names_every_level_with_its_measured_rating():
    for game in GAMES:
        answer = call("levels", {"game": game})
        assert [lv["id"] for lv in answer["levels"]] == [lv.name for lv in ladder(game)]
        for lv in answer["levels"]:
            assert lv["low"] <= lv["rating"] <= lv["high"], (game, lv)
