"""Setting up positions by hand (gamut.setup, each game's Editor hooks and
the bridge's setup_* methods): on every game, variant and option value a
position's description composes back to the same position and start text
(random positions, hypothesis), every kind of wrong position is refused
with a message that says what is wrong, a finished game is refused, and
every answer carries a view that follows the schema."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_protocol import CONFIGS, IDS
from viewtext import counters, english

import gamut
from gamut import bridge, setup
from gamut.core import SetupError
from gamut.view import check_view


def plain(state):
    """``state`` without its repetition history (a description has none)."""
    text = " ".join(t for t in state.to_text().split(" ") if not t.startswith("history="))
    return gamut.load(text)


def random_state(game, variant, options, seed, plies):
    rng = random.Random(seed)
    state = gamut.new(game, variant, **options)
    for _ in range(plies):
        legal = state.legal_moves()
        if not legal:
            break
        state = state.play(rng.choice(legal))
    return plain(state)


def setup_of(game, cells, to_move=0, variant=None, options=None, counts=None):
    return {
        "game": game,
        "variant": variant,
        "options": options or {},
        "to_move": to_move,
        "cells": {c: list(v) for c, v in cells.items()},
        "counts": counts or {},
    }


def refused(description, *words):
    """The message of the SetupError that ``description`` gets, checked to
    hold ``words``; check() says the same and still draws the position."""
    with pytest.raises(SetupError) as caught:
        setup.compose(description)
    message = str(caught.value)
    for word in words:
        assert word in message, message
    answer = setup.check(description)
    assert answer["start"] is None
    assert answer["problem"] == {
        "type": "SetupError",
        "message": message,
        "said": caught.value.said.to_json(),
    }
    check_view(answer["view"])
    return message


# ---------------------------------------------------------------------------
# Every game: round trips


@pytest.mark.parametrize("game, variant, options", CONFIGS, ids=IDS)
def test_the_start_round_trips_and_every_item_is_described(game, variant, options):
    start = gamut.new(game, variant, **options)
    pal = setup.palette(game, variant, options)
    assert set(pal) <= {"items", "counts", "side"}  # (the side rule a message only: #43)
    assert pal["items"], "something can be put on the board"
    ids = [item["id"] for item in pal["items"]]
    assert len(set(ids)) == len(ids)
    cells = {c["id"] for c in start.view()["board"]["cells"]}
    for item in pal["items"]:
        assert {"id", "said"} <= set(item) <= {"id", "said", "owner", "kind", "stacks", "cells", "text"}
        assert item["kind"] in ("piece", "marker") and item["owner"] < start.num_players
        assert item["cells"] is None or set(item["cells"]) <= cells
    description = setup.describe(start)
    assert json.loads(json.dumps(description)) == description  # JSON-ready
    assert setup.compose(description) == start
    answer = setup.check(description)
    assert answer["problem"] is None
    assert answer["start"] == f"{start.header()} start"
    check_view(answer["view"])
    # the Reset of the editor: the start described from its game and variant
    assert setup.start_setup(game, variant, options) == description


@pytest.mark.slow
@pytest.mark.parametrize("game, variant, options", CONFIGS, ids=IDS)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 70))
def test_start_text_to_description_to_start_text(game, variant, options, seed, plies):
    state = random_state(game, variant, options, seed, plies)
    description = setup.describe(state)
    answer = setup.check(description)
    check_view(answer["view"])
    if state.outcome() is not None:
        assert answer["problem"]["type"] == "SetupError"
        assert "the game would already be over" in answer["problem"]["message"]
        assert state.outcome().reason in answer["problem"]["message"]
        return
    composed = setup.compose(description)
    assert composed == state
    assert composed.to_text() == state.to_text()
    assert answer["start"] == bridge.start_text_of(state)
    assert gamut.load(answer["start"]) == state
    assert setup.describe(composed) == description
    # an edited description (its extra dropped) composes to a position the
    # same board describes again
    edited = dict(description, extra={})
    problem = setup.check(edited)["problem"]
    if problem is None:
        again = setup.compose(edited)
        assert setup.describe(again)["cells"] == description["cells"]
        assert setup.compose(setup.describe(again)) == again


# ---------------------------------------------------------------------------
# Wrong positions, game by game


def test_loa_wrong_positions():
    start = setup.describe(gamut.new("loa"))
    too_many = dict(start, cells=dict(start["cells"], d4=["b"]))
    refused(too_many, "too many pieces", "Black has 13")
    no_white = dict(start, cells={c: v for c, v in start["cells"].items() if v != ["w"]})
    refused(no_white, "White has no piece")
    lone = setup_of("loa", {"a1": ["b"], "h8": ["w"], "h6": ["w"]}, to_move=1)
    message = refused(lone, "the game would already be over", "lone piece")
    assert message.startswith("the game would already be over (Black wins")
    # two pieces apart each: a game that goes on
    ok = setup_of("loa", {"a1": ["b"], "c1": ["b"], "h8": ["w"], "h6": ["w"]})
    assert setup.compose(ok).to_text() == "loa standard double-connection=mover 7w/8/7w/8/8/8/8/b1b5 b"


def test_el_wrong_positions():
    refused(
        setup_of("el", {"a1": ["r1"], "b1": ["r2"]}, to_move=0),
        "do not fit turns in seat order (Red first, one number a turn): with 2 on the "
        "board they are Red 1 and Blue 1, not Red 2 and Blue 0",
    )
    # the side to move follows from the numbers: the side given is not used
    assert setup.compose(setup_of("el", {"a1": ["r1"], "b1": ["b2"]}, to_move=1)).to_move == 0
    answer = setup.check(setup_of("el", {"a1": ["r1"]}, to_move=0))
    assert answer["setup"]["to_move"] == 1 and answer["problem"] is None
    assert "follows from the numbers" in english(setup.palette("el")["side"])
    el_row = {f"{f}1": [f"r{i + 1}"] for i, f in enumerate("abcd")}
    el_row.update({"e1": ["b5"], "f1": ["b6"], "a3": ["b1"], "b3": ["b2"], "c6": ["r4"], "d6": ["b3"]})
    # a1-f1 holds 1-6, four of them Red's: an EL, so the game is over
    message = refused(
        setup_of("el", el_row, to_move=0),
        "the game would already be over",
        "Red has an EL on a1 b1 c1 d1 e1 f1",
    )
    assert message.endswith("set up a position that can still be played")
    refused(
        setup_of(
            "el", {"a1": ["r1"], "b1": ["b3"], "c1": ["r2"]}, to_move=1, options={"first-two-equal": "on"}
        ),
        "first two numbers equal",
    )


def test_el_without_history_takes_a_last_placement_of_the_seat_that_wrote_last():
    state = setup.compose(setup_of("el", {"c3": ["r5"], "a1": ["b2"], "f6": ["r1"]}, to_move=1))
    assert state.to_text().endswith(" b last=c3")
    declared = setup.compose(
        setup_of(
            "el", {"c3": ["r5"], "a1": ["b2"], "f6": ["r1"]}, to_move=1, options={"declare-threats": "on"}
        )
    )
    assert declared.to_text().endswith(" b last=a1,c3 declared=-;-")
    four = setup.compose(
        setup_of("el", {"a1": ["r1"], "b1": ["b1"], "c1": ["g1"]}, to_move=3, variant="four-player")
    )
    assert four.to_move == 3 and four.to_text().endswith(" y last=c1")


def test_escabel_wrong_positions():
    # the side to move follows from the pieces: the side given is not used
    assert setup.compose(setup_of("escabel", {"d4": ["b"]}, to_move=0)).colour_to_move == 1
    answer = setup.check(setup_of("escabel", {"d4": ["b", "w"]}, to_move=1))
    assert answer["setup"]["to_move"] == 0
    assert "every move adds one" in english(setup.palette("escabel")["side"])
    assert "side" not in setup.palette("loa") and "side" not in setup.palette("evl")
    start = setup.describe(gamut.new("escabel", "checkered", size=5))
    cells = dict(start["cells"])
    del cells["c3"]
    refused(dict(start, cells=cells), "the checkered board is always full, but c3 is empty")
    line = {f"d{r}": ["b"] for r in range(1, 8)}
    line.update({f"a{r}": ["w"] for r in range(1, 8)})
    refused(
        setup_of("escabel", line), "the game would already be over", "Player 1 (Black) wins: a chain joins"
    )
    refused(setup_of("escabel", {"d4": ["b"] * 50}, to_move=0), "no stack grows higher than 49")
    ok = setup.compose(setup_of("escabel", {"d4": ["b", "w", "b"], "d5": ["w"]}, to_move=0))
    assert ok.to_text() == "escabel standard size=7,pie=on 7/7/3w3/3(bwb)3/7/7/7 b"


def test_evl_wrong_positions():
    refused(
        setup_of("evl", {"b3": ["b", "w", "b", "w", "b"], "b4": ["w"]}, to_move=0),
        "the stack on b3 has 5 pieces; no stack may be taller than 4",
    )
    many = {name: ["b", "b"] for name in ("a1", "a2", "a3", "a4", "a5", "a6", "a7", "b1", "b2", "b3", "b4")}
    many["d7"] = ["w"]
    refused(
        setup_of("evl", many, to_move=0), "too many pieces", "Black has 22 on the board", "20 pieces in all"
    )
    refused(
        setup_of("evl", {"b3": ["b", "b"], "b4": ["w"]}, to_move=0, counts={"hand-0": 19}),
        "too many pieces",
        "Black has 2 on the board and 19 in hand",
    )
    pentagons = gamut.games.evl.board.PENTAGONS
    marks = {p: ["mb"] for p in pentagons[:11]}
    marks.update({"b3": ["b", "b"], "b4": ["w"]})
    refused(setup_of("evl", marks, to_move=1), "too many markers", "Black has 11")
    marks = {p: ["mb"] for p in pentagons[:10]}
    marks.update({"b3": ["b", "b"], "b4": ["w"]})
    refused(
        setup_of("evl", marks, to_move=1),
        "the game would already be over",
        "Black wins: all 10 markers are on the board",
    )
    refused(setup_of("evl", {"b3": ["w"]}, to_move=0), "Black must have a piece on the board")
    with pytest.raises(SetupError, match="a Black marker cannot go on b3"):
        setup.compose(setup_of("evl", {"b3": ["mb"]}))
    with pytest.raises(SetupError, match="a Black piece cannot go on ab1"):
        setup.compose(setup_of("evl", {"ab1": ["b"]}))


def test_evl_pieces_in_hand():
    state = setup.compose(setup_of("evl", {"b3": ["b", "w"], "b4": ["w"]}, to_move=0, counts={"hand-0": 2}))
    assert state.hands == (2, 18)
    text = state.to_text()
    assert text.endswith(" b hands=2,18")
    assert gamut.load(text) == state and gamut.load(text).hands == (2, 18)
    assert setup.describe(state)["counts"] == {"hand-0": 2, "hand-1": None}
    answer = setup.check(setup.describe(state))
    assert answer["counts"] == {"hand-0": 2, "hand-1": 18}
    # two placements later the hands are one piece shorter each, still written
    after = state.play_text("a1").play_text("a2")
    assert after.hands == (1, 17) and gamut.load(after.to_text()) == after
    # a hand never holds more than the pieces off the board, and hands= is not
    # written when they are all in hand
    with pytest.raises(gamut.PositionError, match="more than the 20 each player has"):
        gamut.load("evl standard pieces=20,markers=10 7/7/2(bw)w3/7 6/6/6 b hands=20,3")
    with pytest.raises(gamut.PositionError, match="written only when"):
        gamut.load("evl standard pieces=20,markers=10 7/7/2(bw)w3/7 6/6/6 b hands=19,18")
    with pytest.raises(gamut.PositionError, match="hands= gives"):
        gamut.load("evl standard pieces=20,markers=10 7/7/2(bw)w3/7 6/6/6 b hands=1")
    # no piece in hand: the player must unstack
    stuck = setup.compose(setup_of("evl", {"b3": ["b", "b"], "b4": ["w"]}, to_move=0, counts={"hand-0": 0}))
    assert all(len(m) > 1 for m in stuck.legal_moves())


def test_evl_hands_with_a_history_of_unstacks():
    state = setup.compose(
        setup_of(
            "evl",
            {"b3": ["b", "b"], "b4": ["w"], "c5": ["w", "w"]},
            to_move=0,
            counts={"hand-0": 3, "hand-1": 4},
        )
    )
    unstack = next(m for m in state.legal_moves() if len(m) > 1)
    after = state.play(unstack)
    text = after.to_text()
    assert "hands=3,4 history=" in text
    loaded = gamut.load(text)
    assert loaded == after and loaded.hands == (3, 4)


# ---------------------------------------------------------------------------
# Shapes


@pytest.mark.parametrize(
    "description, words",
    [
        ({"game": "chess"}, "unknown game"),
        (setup_of("loa", {"z9": ["b"]}), "'z9' is not a cell of this board"),
        (setup_of("loa", {"a1": ["x"]}), "'x' on a1 is not something that can be put"),
        (setup_of("loa", {"a1": ["b", "w"]}), "only pieces that stack can share a cell"),
        (dict(setup_of("loa", {}), cells={"a1": "b"}), "a1 must hold a list"),
        (setup_of("loa", {}, to_move=2), "a seat from 0 to 1"),
        (setup_of("loa", {}, to_move=True), "a seat from 0 to 1"),
        (setup_of("evl", {}, counts={"hand-0": -1}), "in hand must be a whole number"),
        (setup_of("evl", {}, counts={"hand-2": 3}), "'hand-2' is not a number of this game"),
        (setup_of("loa", {}, options={"double-connection": "maybe"}), "cannot be 'maybe'"),
        ("loa", "a position to set up is an object"),
    ],
)
def test_malformed_descriptions_are_refused_with_a_message(description, words):
    with pytest.raises(gamut.GamutError, match=words.replace("(", r"\(")):
        setup.check(description)


def test_an_empty_cell_is_left_out_and_cells_come_in_board_order():
    answer = setup.check(setup_of("loa", {"h8": ["w"], "a1": ["b"], "c3": [], "c1": ["b"], "h6": ["w"]}))
    assert list(answer["setup"]["cells"]) == ["a1", "c1", "h6", "h8"]
    assert answer["problem"] is None


def test_sketches_follow_the_schema_for_every_game():
    for game, cells in (
        ("loa", {"a1": ["b"]}),
        ("el", {"a1": ["r3"], "b2": ["r4"]}),
        ("escabel", {"a1": ["b", "w", "w"]}),
        ("evl", {"a1": ["b", "w", "b", "w", "b"], "ab1": ["mw"]}),
    ):
        view = setup.sketch(setup_of(game, cells, to_move=1))
        check_view(view)
        assert view["moves"] == [] and view["to_move"] == 1 and view["outcome"] is None
        assert {p["cell"] for p in view["pieces"]} == {c for c in cells if c != "ab1"}
    evl = setup.sketch(setup_of("evl", {"a1": ["b", "w", "b", "w", "b"], "ab1": ["mw"]}))
    assert evl["pieces"] == [{"cell": "a1", "owner": 0, "stack": [0, 1, 0, 1, 0], "label": "5"}]
    assert evl["markers"] == [{"cell": "ab1", "owner": 1}]
    assert (0, "17 in hand") in counters(evl)
    in_hand = {"id": "setup.counter", "args": {"n": 17, "label": {"id": "setup.evl.inHand", "args": {}}}}
    assert {"owner": 0, "value": 17, "said": in_hand} in evl["counters"]
    el = setup.sketch(setup_of("el", {"a1": ["b3"]}))
    assert el["pieces"] == [{"cell": "a1", "owner": 1, "label": "3"}]


# ---------------------------------------------------------------------------
# The bridge


def call(method, params):
    answer = json.loads(bridge.handle(method, json.dumps(params)))
    return answer


def test_bridge_methods():
    pal = call("setup_palette", {"game": "escabel", "options": {"size": "5"}})["result"]
    assert [english(s) for s in pal["sides"]] == ["Player 1 (Black)", "Player 2 (White)"]
    assert [i["id"] for i in pal["items"]] == ["b", "w"]
    four = call("setup_palette", {"game": "el", "variant": "four-player"})["result"]
    assert len(four["items"]) == 32 and [english(s) for s in four["sides"]] == [
        "Red",
        "Blue",
        "Green",
        "Yellow",
    ]
    # (each side's name a message, the view's: the page says it, #43)
    assert four["sides"][3] == {"id": "seat.yellow", "args": {}}
    assert pal["sides"][0] == {
        "id": "seat.playerColour",
        "args": {
            "player": {"id": "seat.player", "args": {"n": 1}},
            "colour": {"id": "seat.black", "args": {}},
        },
    }
    line = ["b1-d3", "h5-f3"]
    described = call("setup_describe", {"start": "loa standard double-connection=mover start", "line": line})[
        "result"
    ]["setup"]
    state = plain(gamut.new("loa").play_text("b1-d3").play_text("h5-f3"))
    assert setup.compose(described) == state
    fresh = call("setup_describe", {"game": "evl", "options": {"pieces": "16"}})["result"]
    assert fresh["setup"]["options"] == {"pieces": "16", "markers": "10"}
    checked = call("setup_check", {"setup": described})["result"]
    assert checked["problem"] is None and checked["start"] == state.to_text()
    assert checked["view"]["moves"]
    bad = call("setup_check", {"setup": dict(described, to_move=3)})
    assert bad == {
        "ok": False,
        "error": {
            "type": "SetupError",
            "message": "the side to move must be a seat from 0 to 1, not 3",
            "said": {"id": "error.setup.side", "args": {"last": 1, "value": "3"}},
        },
    }
    assert call("setup_check", {})["error"]["type"] == "RequestError"


# EL's extra (its last placements, its declared threats) in every malformed
# shape answers a typed refusal, never an InternalError (issue #27).
BAD_EL_EXTRAS = [
    {"last": "c3"},
    {"last": [3]},
    {"last": [None]},
    {"last": [["c3"]]},
    {"last": {"c3": 1}},
    {"last": ["c3", "a1", "f6"]},
    {"last": ["zz"]},
    {"last": 5},
    {"declared": "x"},
    {"declared": [1, 2]},
    {"declared": [["c3"], [7]]},
    {"declared": [["c3"]]},
    {"declared": None},
    {"declared": [["zz"], []]},
    {"phase": "declare", "declared": [[None], []]},
]


@pytest.mark.parametrize("extra", BAD_EL_EXTRAS, ids=[json.dumps(e) for e in BAD_EL_EXTRAS])
@pytest.mark.parametrize("declare", ["off", "on"])
def test_a_malformed_el_extra_is_a_typed_refusal(extra, declare):
    description = dict(
        setup_of(
            "el", {"c3": ["r5"], "a1": ["b2"], "f6": ["r1"]}, to_move=1, options={"declare-threats": declare}
        ),
        extra=extra,
    )
    answer = json.loads(bridge.handle("setup_check", json.dumps({"setup": description})))
    if answer["ok"]:
        problem = answer["result"]["problem"]
        assert problem is None or problem["type"] != "InternalError", problem
    else:
        assert answer["error"]["type"] != "InternalError", answer["error"]
