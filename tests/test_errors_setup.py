"""The position editor's words are messages (issue #33): every SetupError of
gamut.setup and of the games' editor hooks, made to happen from a real bad
description (the shapes the page or a crafted request can send, positions
the rules do not allow), carries a message whose id and every nested id are
in ENGLISH and in every page catalog with the placeholders their words use,
and whose English is the error's text; the palette's labels, the side
sentence and the sketch's counters are messages beside their English; no
raise of a GamutError in these modules is left without a message."""

from __future__ import annotations

import json

import pytest
from test_errors_messages import check
from test_messages import CATALOGS
from test_setup import setup_of

import gamut
from gamut import bridge, core, setup
from gamut.core import GamutError, SetupError
from gamut.messages import ENGLISH, Message
from gamut.view import check_view

#: An EL position of three numbers, Blue to move (its extra is what varies).
EL3 = {"c3": ["r5"], "a1": ["b2"], "f6": ["r1"]}
EVL_PENTAGONS = gamut.games.evl.board.PENTAGONS


def el_with(extra, declare="off"):
    return dict(setup_of("el", EL3, to_move=1, options={"declare-threats": declare}), extra=extra)


def escabel_checkered_without(cell):
    start = setup.describe(gamut.new("escabel", "checkered", size=5))
    return dict(start, cells={c: v for c, v in start["cells"].items() if c != cell})


def el_row():
    """a1-f1 holding 1-6, four of them Red's: an EL already on the board."""
    cells = {f"{f}1": [f"r{i + 1}"] for i, f in enumerate("abcd")}
    cells.update({"e1": ["b5"], "f1": ["b6"], "a3": ["b1"], "b3": ["b2"], "c6": ["r4"], "d6": ["b3"]})
    return setup_of("el", cells)


#: (a bad description, the id its SetupError says): every SetupError raised
#: by gamut.setup and the games' editor hooks, from real input.
BAD = [
    # the shapes (gamut.setup)
    ("a text", "error.setup.notObject"),
    (dict(setup_of("loa", {}), options="fast"), "error.setup.options"),
    (setup_of("loa", {}, to_move=2), "error.setup.side"),
    (setup_of("loa", {}, to_move=True), "error.setup.side"),
    (dict(setup_of("loa", {}), cells=["a1"]), "error.setup.cells"),
    (setup_of("loa", {"z9": ["b"]}), "error.setup.notCell"),
    (dict(setup_of("loa", {}), cells={"a1": "b"}), "error.setup.stack"),
    (dict(setup_of("loa", {}), cells={"a1": ["b"] * 201}), "error.setup.stack"),
    (setup_of("loa", {"a1": ["x"]}), "error.setup.unknownItem"),
    (setup_of("loa", {"a1": [7]}), "error.setup.unknownItem"),
    (setup_of("evl", {"b3": ["mb"]}), "error.setup.notOn"),
    (setup_of("evl", {"ab1": ["w"]}), "error.setup.notOn"),
    (setup_of("loa", {"a1": ["b", "w"]}), "error.setup.share"),
    (dict(setup_of("evl", {}), counts=[1]), "error.setup.counts"),
    (setup_of("evl", {}, counts={"hand-0": -1}), "error.setup.count"),
    (setup_of("evl", {}, counts={"hand-1": "5"}), "error.setup.count"),
    (setup_of("evl", {}, counts={"hand-2": 3}), "error.setup.unknownCount"),
    (dict(setup_of("loa", {}), extra="x"), "error.setup.extra"),
    (setup_of("loa", {"a1": ["b"], "h8": ["w"], "h6": ["w"]}, to_move=1), "error.setup.over"),
    # Lines of Action
    (setup_of("loa", {f"{f}{r}": ["b"] for f in "abcd" for r in (1, 2, 3, 4)} | {"h8": ["w"]}),
     "error.setup.loa.pieces"),
    (setup_of("loa", {"a1": ["b"]}), "error.setup.loa.none"),
    # EL
    (setup_of("el", {"a1": ["r1"], "b1": ["r2"]}), "error.setup.el.turns"),
    (setup_of("el", {"a1": ["r1"], "b1": ["b1"], "c1": ["b2"]}, variant="three-player"), "error.setup.el.turns"),
    (el_row(), "error.setup.el.over"),
    (el_with({"last": ["c3", "a1", "f6"]}, "on"), "error.setup.el.lasts"),
    (el_with({"last": ["c3", "a1"]}), "error.setup.el.lasts"),
    (el_with({"declared": "x"}, "on"), "error.setup.el.declared"),
    (el_with({"declared": [["c3"]]}, "on"), "error.setup.el.declared"),
    (el_with({"last": "c3"}), "error.setup.el.cellNames"),
    (el_with({"last": [3]}, "on"), "error.setup.el.cellNames"),
    (el_with({"declared": [["c3"], [7]]}, "on"), "error.setup.el.cellNames"),
    # Escabel
    (setup_of("escabel", {"d4": ["b"] * 50}), "error.setup.escabel.tall"),
    (escabel_checkered_without("c3"), "error.setup.escabel.full"),
    # EVL
    (setup_of("evl", {"b3": ["b", "w", "b", "w", "b"], "b4": ["w"]}), "error.setup.evl.tall"),
    (setup_of("evl", {c: ["b", "b"] for c in ("a1", "a2", "a3", "a4", "a5", "a6", "a7", "b1", "b2", "b3", "b4")}
              | {"d7": ["w"]}), "error.setup.evl.pieces"),
    (setup_of("evl", {"b3": ["b", "b"], "b4": ["w"]}, counts={"hand-0": 19}), "error.setup.evl.hand"),
    (setup_of("evl", {p: ["mb"] for p in EVL_PENTAGONS[:11]} | {"b3": ["b", "b"], "b4": ["w"]}, to_move=1),
     "error.setup.evl.markers"),
]  # fmt: skip

#: Descriptions the game's loader refuses (the last word on a position): the
#: SetupError says the loader's message, or, where the loader still says
#: English only, that English in error.setup.cause.
LOADER_REFUSES = [
    setup_of("el", {"a1": ["r1"], "b1": ["b3"], "c1": ["r2"]}, to_move=1, options={"first-two-equal": "on"}),
    setup_of("evl", {"b3": ["w"]}),
    el_with({"last": ["zz"]}),
    el_with({"last": ["a1"]}),
    el_with({"declared": [["zz"], []]}, "on"),
]


def said_of(error: GamutError) -> Message:
    """The error's message, checked: known to English and every catalog with
    its placeholders (nested ones too), and its English the error's text."""
    assert isinstance(error.said, Message), (type(error).__name__, str(error))
    check(error.said, [])
    assert str(error) == str(error.said)
    return error.said


def refusal(description) -> SetupError:
    """The SetupError of ``description``, and check() saying the same as its
    problem (or refusing its shape with it)."""
    with pytest.raises(SetupError) as caught:
        setup.compose(description)
    error = caught.value
    try:
        answer = setup.check(description)
    except SetupError as again:
        assert again.said == error.said
    else:
        assert answer["problem"] == {
            "type": "SetupError",
            "message": str(error),
            "said": error.said.to_json(),
        }
        check_view(answer["view"])
    return error


@pytest.mark.parametrize("description, said_id", BAD, ids=[f"{i}-{s}" for i, (_, s) in enumerate(BAD)])
def test_every_bad_description_is_refused_with_its_message(description, said_id):
    said = said_of(refusal(description))
    assert said.id == said_id, str(said)


def test_the_table_says_every_setup_error_of_the_editor():
    """Every error.setup.* id is said by a row of BAD or by a test below."""
    below = {"error.setup.noEditor", "error.setup.cause", "error.setup.inexact"}
    ids = {k for k in ENGLISH if k.startswith("error.setup.")}
    assert ids == {s for _, s in BAD} | below


@pytest.mark.parametrize("description", LOADER_REFUSES)
def test_the_loaders_refusal_is_said_as_the_loaders_message(description):
    said = said_of(refusal(description))
    if said.id == "error.setup.cause":  # (a loader error still in English: its text, as it is)
        assert isinstance(said.args["reason"], str)
    else:
        assert not said.id.startswith("error.setup."), said


def test_a_game_without_an_editor_says_so():
    import toygame

    core.register(toygame.INFO)
    try:
        with pytest.raises(SetupError) as caught:
            setup.palette("tictactoe")
        assert said_of(caught.value) == Message("error.setup.noEditor", {"game": "Tic-tac-toe"})
    finally:
        core.unregister("tictactoe")


def test_a_position_that_does_not_read_back_is_refused(monkeypatch):
    """No game's compose and codec disagree (hence no real input); were one
    to, the editor would refuse the position with a message."""
    other = gamut.new("loa")
    monkeypatch.setattr(setup, "load", lambda text: other)
    with pytest.raises(SetupError) as caught:
        setup.compose(setup_of("loa", {"a1": ["b"], "c1": ["b"], "h8": ["w"], "h6": ["w"]}))
    assert said_of(caught.value).id == "error.setup.inexact"


def test_a_wrapped_cause_keeps_its_message_or_its_english():
    said = Message("error.setup.notCell", {"cell": "'z9'"})
    assert setup._cause(core.PositionError(said)) is said
    plain = setup._cause(core.PositionError("a reason in English"))
    assert plain == Message("error.setup.cause", {"reason": "a reason in English"})
    assert str(plain) == "a reason in English"


def test_the_english_is_as_the_tests_and_the_page_read_it():
    cases = [
        (setup_of("el", {"a1": ["r1"], "b1": ["r2"]}),
         "the numbers do not fit turns in seat order (Red first, one number a turn): with 2 on the board "
         "they are Red 1 and Blue 1, not Red 2 and Blue 0"),
        (setup_of("evl", {"b3": ["mb"]}), "a Black marker cannot go on b3"),
        (setup_of("evl", {}, counts={"hand-0": -1}), "in hand must be a whole number from 0, not -1"),
        (el_with({"last": [3]}), "the last placements (extra 'last') must be a list of cell names, not [3]"),
        (el_with({"declared": [["c3"], [7]]}, "on"),
         "a seat's declared threats (extra 'declared') must be a list of cell names, not [7]"),
        (setup_of("loa", {"a1": ["b"]}), "White has no piece: each side needs at least one"),
        (el_row(), "the game would already be over: Red has an EL on a1 b1 c1 d1 e1 f1; "
                   "set up a position that can still be played"),
    ]  # fmt: skip
    for description, english in cases:
        assert str(refusal(description)) == english


def test_the_bridge_sends_a_setup_errors_message_and_a_problems():
    bad = json.loads(bridge.handle("setup_check", json.dumps({"setup": setup_of("loa", {}, to_move=5)})))
    assert bad["error"]["said"] == {"id": "error.setup.side", "args": {"last": 1, "value": "5"}}
    problem = bridge.call("setup_check", {"setup": setup_of("loa", {"a1": ["b"]})})["problem"]
    assert problem["said"] == {
        "id": "error.setup.loa.none",
        "args": {"who": {"id": "seat.white", "args": {}}},
    }
    assert problem["message"] == str(Message.from_json(problem["said"]))


# -- the editor's words -----------------------------------------------------------------


@pytest.mark.parametrize(
    "game, variant", [(g, v.id) for g, info in sorted(core.GAMES.items()) for v in info.variants]
)
def test_the_palettes_words_are_messages_and_only_messages(game, variant):
    pal = setup.palette(game, variant)
    seen: list[str] = []
    for entry in [*pal["items"], *pal["counts"]]:
        said = Message.from_json(entry["said"])
        check(said, seen)
        assert str(said).strip()
        assert "label" not in entry  # (no English beside the message: #43)
    if "side" in pal:
        said = Message.from_json(pal["side"])
        check(said, seen)
        assert str(said).strip()
    assert "said_side" not in pal
    json.dumps(pal)  # (what the bridge sends)
    assert seen


def test_each_game_names_its_items_by_their_own_ids():
    el = setup.palette("el", "four-player")
    assert el["items"][0]["said"] == {
        "id": "setup.el.number",
        "args": {"who": {"id": "seat.red", "args": {}}, "number": 1},
    }
    assert str(Message.from_json(el["items"][-1]["said"])) == "Yellow 8"
    assert el["side"]["id"] == "setup.el.side"
    assert setup.palette("escabel")["side"] == {"id": "setup.escabel.side", "args": {}}
    evl = setup.palette("evl")
    assert [i["said"]["id"] for i in evl["items"]] == [
        "setup.piece",
        "setup.piece",
        "setup.marker",
        "setup.marker",
    ]
    assert [c["said"] for c in evl["counts"]] == [{"id": "setup.evl.inHand", "args": {}}] * 2
    for lang, catalog in CATALOGS.items():
        assert catalog["setup.el.side"].count("{first}") == 1, lang


@pytest.mark.parametrize(
    "game, cells",
    [
        ("loa", {"a1": ["b"]}),
        ("el", {"a1": ["r3"], "b2": ["r4"]}),
        ("escabel", {"a1": ["b", "w", "w"]}),
        ("evl", {"a1": ["b", "w", "b", "w", "b"], "ab1": ["mw"]}),
    ],
)
def test_a_sketchs_counters_are_messages_and_only_messages(game, cells):
    view = setup.check(setup_of(game, cells, to_move=1))["view"]
    check_view(view)
    assert view["messages"] == []
    for counter in view["counters"]:
        assert set(counter) == {"owner", "value", "said"}  # (no English beside: #43)
        message = Message.from_json(counter["said"])
        check(message, [])
        assert str(message).startswith(f"{counter['value']} ")


# -- the view's title ------------------------------------------------------------------------


def test_every_views_title_is_a_message_of_its_games_name_or_that_and_its_variants():
    """A view's title is a message, and only a message (#43: it was English,
    "EL (Eight)", and the page read the variant's name back out of it): the
    game's name (``view.title``), or the game's and the variant's
    (``view.titleVariant``, the variant's name the message
    ``variant.<game>.<id>``, whose English is the engine's name: the
    catalogs hold it).  check_view refuses a title in English."""
    from gamut.view import ViewError

    for game, info in core.GAMES.items():
        for variant in info.variants:
            view = gamut.new(game, variant.id).view()
            title = view["title"]
            assert isinstance(title, dict) and title["id"] in ("view.title", "view.titleVariant"), title
            assert str(Message.from_json(title)) in (info.name, f"{info.name} ({variant.name})"), title
            assert title["args"]["game"] == info.name
            if title["id"] == "view.titleVariant":
                assert title["args"]["variant"] == {"id": f"variant.{game}.{variant.id}", "args": {}}
            assert CATALOGS["en"][f"variant.{game}.{variant.id}"] == variant.name
            with pytest.raises(ViewError, match=r"view\.title: .* is English, not a message"):
                check_view(dict(view, title=str(Message.from_json(title))))
    assert str(Message.from_json(gamut.new("el", "eight").view()["title"])) == "EL (Eight)"


# -- every raise has its message ----------------------------------------------------------------
