"""The engine protocol (gamut.core), checked on every registered game, every
variant and every option value: random games in which every position
round-trips through its text and every move through its notation, a game
has no legal move exactly when it is over, every view follows the schema
(gamut.view), records replay, bad input raises only the game's own errors,
and play refuses every move that is not legal in the position.  A new game
gets all of these by registering itself: the tests' tic-tac-toe
(tests/toygame), which nothing outside the tests knows, is registered while
this module runs and goes through every check as the four games do."""

from __future__ import annotations

import json
import random

import pytest
import toygame
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gamut
from gamut import core, records
from gamut.games.loa import board as loa_board
from gamut.messages import Message
from gamut.view import ViewError, check_view


def with_toy_game(make):
    """``make()`` with the tests' fifth game registered (for what this
    module computes as it is imported)."""
    core.register(toygame.INFO)
    try:
        return make()
    finally:
        core.unregister(toygame.INFO.id)


@pytest.fixture(autouse=True, scope="module")
def toy_game_registered():
    """The fifth game registered while this module's tests run."""
    core.register(toygame.INFO)
    yield
    core.unregister(toygame.INFO.id)


def configs() -> list[tuple[str, str, dict]]:
    """Every (game, variant, options): the defaults, and each other value of
    each option that applies, one at a time."""
    out = []
    for info in gamut.GAMES.values():
        for variant in info.variants:
            out.append((info.id, variant.id, {}))
            for spec in info.option_specs(variant.id):
                for choice in spec.choices:
                    if choice != spec.default:
                        out.append((info.id, variant.id, {spec.name: spec.format(choice)}))
    return out


def config_ids(configs: list[tuple[str, str, dict]]) -> list[str]:
    return [f"{g}-{v}-" + ",".join(f"{k}={x}" for k, x in o.items()) for g, v, o in configs]


CONFIGS = configs()  # the four games' (other test modules import these)
IDS = config_ids(CONFIGS)
# here, the fifth game's too
ALL_CONFIGS = CONFIGS + [c for c in with_toy_game(configs) if c[0] == toygame.INFO.id]
ALL_IDS = config_ids(ALL_CONFIGS)
MAX_PLIES = 60


def playout(game: str, variant: str, options: dict, seed: int, plies: int = MAX_PLIES):
    """The states and moves of a random game (at most ``plies`` moves)."""
    rng = random.Random(seed)
    state = gamut.new(game, variant, **options)
    states, moves = [state], []
    for _ in range(plies):
        legal = state.legal_moves()
        if not legal:
            break
        move = rng.choice(legal)
        state = state.play(move)
        states.append(state)
        moves.append(move)
    return states, moves


def test_every_game_has_configurations():
    assert {g for g, _, _ in ALL_CONFIGS} == set(gamut.GAMES)
    assert toygame.INFO.id in gamut.GAMES  # (the fifth game is among them)
    assert len(CONFIGS) >= 40


# ---------------------------------------------------------------------------
# Random games


def _slow_but_each_games_first(configs: list, ids: list[str]) -> list:
    """``configs`` as pytest params: each game's first configuration (its
    standard variant, default options) runs in ``build.py test --fast``; the
    others, each variant and option, only in the full run (marked slow)."""
    seen: set[str] = set()
    out = []
    for config, id_ in zip(configs, ids, strict=True):
        first = config[0] not in seen
        seen.add(config[0])
        out.append(pytest.param(*config, id=id_, marks=() if first else pytest.mark.slow))
    return out


@pytest.mark.parametrize("game, variant, options", _slow_but_each_games_first(ALL_CONFIGS, ALL_IDS))
def test_positions_moves_views_and_records(game, variant, options):
    for seed in (1, 2):
        states, moves = playout(game, variant, options, seed)
        for s in states:
            legal = s.legal_moves()
            # no legal move exactly when the game is over
            assert (not legal) == (s.outcome() is not None)
            # the position text round-trips
            text = s.to_text()
            loaded = gamut.load(text)
            assert loaded == s and hash(loaded) == hash(s)
            assert loaded.to_text() == text
            assert loaded.zobrist() == s.zobrist()
            assert loaded.outcome() == s.outcome()
            assert loaded.legal_moves() == legal
            assert loaded.to_move == s.to_move
            # every legal move round-trips through its notation
            for m in legal:
                assert s.parse_move(s.move_text(m)) == m
                assert type(s.parse_move(str(m))) is type(m)
            # the view follows the schema and lists the legal moves
            view = check_view(s.view())
            assert json.loads(json.dumps(view)) == view
            assert view["game"] == game and view["variant"] == variant
            assert view["to_move"] == s.to_move
            assert view["options"] == s.options_json()
            texts = {s.move_text(m) for m in legal}
            shown = {m["text"] for m in view["moves"]}
            if "select" in view:  # the moves are entered by marking cells
                assert not shown and legal
            else:
                assert shown == texts
            assert (view["outcome"] is None) == (s.outcome() is None)
        # the record replays to the same states and the same result
        texts = [s.move_text(m) for s, m in zip(states, moves)]
        record = records.Record.of(states[0], [(i, text, "") for i, text in enumerate(texts)])
        again = records.parse_one(records.format(record))
        replayed = gamut.replay(again.start_state(), again.main_line())
        assert replayed == states
        assert replayed[-1].outcome() == states[-1].outcome()


@pytest.mark.slow
@pytest.mark.parametrize("game, variant, options", ALL_CONFIGS, ids=ALL_IDS)
def test_play_refuses_every_move_that_is_not_legal(game, variant, options):
    states, _ = playout(game, variant, options, seed=3)
    made_up = [0, -1, 1, 2**80, True, None, 1.5, "b1-b3", (), (999,), (0, 0), object()]
    elsewhere = {m for s in states for m in s.legal_moves()}
    for s in states[::3] + [states[-1]]:
        legal = s.legal_moves()
        for move in made_up + sorted(elsewhere - set(legal), key=str)[:40]:
            if move in legal and type(move) is type(legal[legal.index(move)]):
                continue
            before = s.to_text()
            with pytest.raises(core.IllegalMoveError) as info:
                s.play(move)
            assert len(str(info.value)) < 300
            assert s.to_text() == before  # nothing changed
        for move in legal[:5]:
            assert s.play(move) == s.play_unchecked(move)


def test_lines_of_action_play_of_a_made_up_move():
    # play(0) (a1-a1: no piece there) used to build a corrupt position
    s = gamut.new("loa")
    with pytest.raises(core.IllegalMoveError):
        s.play(0)
    with pytest.raises(core.IllegalMoveError):
        s.play(loa_board.MOVES[(1 * 64 + 17) | loa_board.CAPTURE])  # b1xb3: b3 is empty
    assert s.play(loa_board.MOVES[1 * 64 + 17]) == s.play_text("b1-b3")


@pytest.mark.parametrize("game", ["escabel", "evl"])
def test_a_move_of_another_position_is_refused(game):
    s = gamut.new(game)
    first = s.legal_moves()[0]
    t = s.play(first)
    with pytest.raises(core.IllegalMoveError):
        t.play(first)  # the point is taken


# ---------------------------------------------------------------------------
# Bad input


def _valid_texts(game: str) -> list[str]:
    texts = []
    for g, variant, options in ALL_CONFIGS:
        if g == game:
            states, _ = playout(g, variant, options, seed=4, plies=30)
            texts += [states[0].to_text(), states[len(states) // 2].to_text(), states[-1].to_text()]
    return texts


VALID = with_toy_game(lambda: {game: _valid_texts(game) for game in gamut.GAMES})
EDIT_CHARS = "bwrgy.()/-=,:;x>0123456789abcdh _\n"


@st.composite
def mutated(draw):
    game = draw(st.sampled_from(sorted(VALID)))
    text = draw(st.sampled_from(VALID[game]))
    alphabet = sorted(set(text) | set(EDIT_CHARS))
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["replace", "insert", "delete", "repeat"]))
        ch = draw(st.sampled_from(alphabet))
        if kind == "replace":
            text = text[:i] + ch + text[i + 1 :]
        elif kind == "insert":
            text = text[:i] + ch + text[i:]
        elif kind == "delete":
            text = text[:i] + text[i + 1 :]
        else:
            j = draw(st.integers(i, min(len(text), i + 12)))
            text = text[:j] + text[i:j] * draw(st.integers(1, 3)) + text[j:]
    return text


@pytest.mark.slow
@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_position_texts_load_or_raise_position_error(text):
    try:
        s = gamut.load(text)
    except core.PositionError as exc:
        assert len(str(exc)) < 400
        return
    again = gamut.load(s.to_text())
    assert again == s and again.to_text() == s.to_text()
    assert (not s.legal_moves()) == (s.outcome() is not None)
    check_view(s.view())


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80))
def test_garbage_position_texts_raise_position_error(text):
    try:
        gamut.load(text)
    except core.PositionError:
        pass
    for game in gamut.GAMES:
        try:
            gamut.load(f"{VALID[game][0].split()[0]} {text}")
        except core.PositionError:
            pass


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(sorted(VALID)),
    st.integers(0, 8),
    st.one_of(
        st.text(max_size=16), st.from_regex(r"[a-n][0-9]{1,2}([-x>=][a-n]?[0-9]{1,2}){0,3}", fullmatch=True)
    ),
)
@pytest.mark.slow
def test_garbage_moves_raise_illegal_move_error(game, k, text):
    s = gamut.load(VALID[game][k % len(VALID[game])])
    try:
        move = s.parse_move(text)
    except core.IllegalMoveError as exc:
        assert str(exc)
    else:
        assert move in s.legal_moves()
        s.play(move)
    for clicks in ([text], [text, text], ["a1", text]):
        why = s.why_illegal(clicks)
        assert str(why) and isinstance(why, (Message, str))


def record_text(start: str, moves: str) -> str:
    """A Gamut record of the position text ``start`` and the text ``moves``."""
    quoted = start.replace("\\", "\\\\").replace('"', '\\"')
    return f'[Start "{quoted}"]\n\n{moves}'


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated(), st.text(max_size=30))
def test_bad_records_raise_record_error(start, moves):
    try:
        records.parse_one(record_text(start, moves))
    except core.RecordError:
        pass


@pytest.mark.parametrize("game", with_toy_game(lambda: sorted(gamut.GAMES)))
def test_error_messages_quote_only_an_excerpt(game):
    s = gamut.new(game)
    for bad in ["x" * 100_000, "a1-" * 30_000, "(" + "b" * 60_000 + ")"]:
        with pytest.raises(core.IllegalMoveError) as info:
            s.parse_move(bad)
        assert len(str(info.value)) < 300
        header = " ".join(s.to_text().split()[:3])
        for text in (
            f"{header} {bad} b",
            f"{header} {bad[:99_000]}",
            f"{game} {bad} - start",
            f"{header.split()[0]} {header.split()[1]} {bad[:99_000]}=1 start",
        ):
            with pytest.raises(core.PositionError) as info:
                gamut.load(text)
            assert len(str(info.value)) < 300, str(info.value)[:400]
        with pytest.raises(core.RecordError) as info:
            records.parse_one(record_text(s.to_text(), bad[:99_000]))
        assert len(str(info.value)) < 300


# ---------------------------------------------------------------------------
# Options: read in one place (GameInfo.resolve_options)


def test_an_option_given_twice_in_either_spelling_is_refused():
    base = "loa standard double-connection=mover,double_connection=draw start"
    with pytest.raises(core.PositionError, match="twice"):
        gamut.load(base)
    with pytest.raises(core.PositionError, match="twice"):
        gamut.load("loa standard double-connection=draw,double-connection=draw start")
    with pytest.raises(core.OptionError, match="twice"):
        gamut.GAMES["loa"].resolve_options(
            "standard", [("double_connection", "draw"), ("double-connection", "draw")]
        )


@pytest.mark.parametrize("name", ["__proto__", "constructor", "game", "variant", "toString"])
def test_unknown_option_names_are_refused(name):
    with pytest.raises(core.OptionError):
        gamut.new("loa", **{name: "draw"})
    with pytest.raises(core.OptionError):
        gamut.new("escabel", "standard", **{name: "on"})
    with pytest.raises(core.PositionError):
        gamut.load(f"loa standard double-connection=mover,{name}=draw start")


def test_option_names_and_values_are_tokens_without_separators():
    for info in gamut.GAMES.values():
        for spec in info.options:
            for text in [spec.name] + [spec.format(c) for c in spec.choices]:
                assert text and not set(text) & set(" ,=\t\n/"), text
    with pytest.raises(ValueError):
        core.OptionSpec("bad name", "Bad", ("a", "b"), "a")
    with pytest.raises(ValueError):
        core.OptionSpec("rule", "Rule", ("a,b", "c"), "c")
    with pytest.raises(gamut.OptionError):
        gamut.new("loa", double_connection="draw,pie=on")


def test_the_header_needs_every_option():
    with pytest.raises(core.PositionError, match="does not give"):
        gamut.load("escabel standard size=7 start")


def test_overlong_position_texts_are_refused_at_once():
    with pytest.raises(core.PositionError, match="at most"):
        gamut.load("loa standard double-connection=mover " + "8/" * 100_000)


# ---------------------------------------------------------------------------
# The view checker itself


def test_check_view_refuses_unknown_missing_and_mistyped_keys():
    view = gamut.new("evl").view()
    check_view(view)
    bad = [
        dict(view, extra=1),
        {k: v for k, v in view.items() if k != "moves"},
        dict(view, to_move="0"),
        dict(view, to_move=True),
        dict(view, board=dict(view["board"], kind="hexes")),
        dict(view, board=dict(view["board"], outline=[])),
        dict(view, pieces=[{"cell": "a1", "owner": 0, "height": 2}]),
        dict(view, pieces=[{"cell": "zz9", "owner": 0}]),
        dict(view, pieces=[{"cell": "a1", "owner": 2}]),
        dict(view, moves=[{"text": "a1", "clicks": ["a1"], "after": []}]),
        dict(view, moves=[{"text": "a1", "clicks": ["q7"]}]),
        dict(view, outcome={"winner": 0, "reason": "x"}),
        dict(view, players=[dict(view["players"][0], color="purple")] * 2),
        dict(view, players=[{"color": "black"}] * 2),
    ]
    for v in bad:
        with pytest.raises(ViewError):
            check_view(v)
    check_view(dict(view, ply=3))  # added by the bridge
