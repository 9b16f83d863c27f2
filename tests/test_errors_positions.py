"""Every error of reading a position text, a game, a variant or an option
is a message (gamut.messages, issue #33): malformed position texts of every
game and variant, unknown games, variants and options, impossible positions
and lines the position cache cannot walk, each with the message id it must
say; every message (and every message nested in it) is in ENGLISH and in
every page catalog with the placeholders its words use, and its English is
the error's text.  A check of the source makes sure no error of these
modules is raised with English text alone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_errors_messages import check
from test_messages import CATALOGS

from gamut import bridge, core
from gamut.core import (
    GamutError,
    IllegalMoveError,
    OptionError,
    PositionError,
    RecordError,
    UnknownGameError,
    UnknownVariantError,
)
from gamut.core.info import GameInfo, VariantInfo
from gamut.messages import ENGLISH, Message
from gamut.position_cache import Positions, UnknownPositionError

PY = Path(__file__).resolve().parent.parent / "py" / "gamut"

LOA = "loa standard double-connection=mover "
LOA_BOARD = "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1"
ESC = "escabel standard size=5,pie=on "
EMPTY5 = "5/5/5/5/5"
EVL = "evl standard pieces=16,markers=10 "
EVL20 = "evl standard pieces=20,markers=10 "
EMPTY_EVL = "7/7/7/7 6/6/6"
EL = "el standard first-two-equal=off,full-board=draw,declare-threats=off "
ELD = "el standard first-two-equal=off,full-board=draw,declare-threats=on "
EL_EQUAL = "el standard first-two-equal=on,full-board=draw,declare-threats=off "
EMPTY6 = "/".join(["......"] * 6)
#: a position of EVL with its history (Black's unstack d3-c3-c4 since the last placement)
EVL_PLAYED = "w1w1w2/bww1bb1/1w(bb)(bb)bwb/b(ww)1wbw1 6/3b2/3b2 w history=w1w1w2/bww1bb1/1wbbbwb/b(ww)(bb)wbw1:6/6/6:b:"

#: (position text, the message id its error says); read by core.load, which raises PositionError.
TEXTS = [
    # the text and its header
    ("x" * 100_001, "error.position.tooLong"),
    ("loa standard", "error.position.header"),
    ("loa standard double-connection start", "error.option.notNameValue"),
    ("chess standard - start", "error.game.unknown"),
    ("loa bogus double-connection=mover start", "error.game.unknownVariant"),
    ("loa standard double-connection=maybe start", "error.option.value"),
    ("loa standard colour=red start", "error.option.unknown"),
    ("el three-player colour=red start", "error.option.unknownNone"),
    ("loa standard double-connection=mover,double-connection=draw start", "error.option.twice"),
    ("loa standard - start", "error.option.missing"),
    ("el standard - start", "error.option.missing"),
    # Lines of Action
    (LOA + "x", "error.position.loa.format"),
    (LOA + "8/8 b", "error.position.boardRanks"),
    (LOA + "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbxbb1 b", "error.position.unexpected"),
    (LOA + "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb b", "error.position.loa.rankSquares"),
    (LOA + "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1b b", "error.position.loa.rankSquares"),
    (LOA + "8/8/8/8/8/8/8/8 b", "error.position.loa.pieces"),
    (LOA + LOA_BOARD + " x", "error.position.sideToMove"),
    (LOA + LOA_BOARD + " b moves=b1-d3", "error.position.loa.history"),
    (LOA + LOA_BOARD + " b history=a1xb2", "error.position.loa.historyCapture"),
    (LOA + LOA_BOARD + " b history=b1d3", "error.position.historyUnreadable"),
    (LOA + LOA_BOARD + " b history=z9-b1", "error.position.historyUnreadable"),
    (LOA + LOA_BOARD + " b history=d1-b3", "error.position.loa.historyMisfit"),
    (LOA + "2bbbbb1/w6w/w6w/w6w/w6w/wb5w/w6w/2bbbbb1 w history=b1-b3", "error.position.historyIllegal"),
    # Escabel
    (ESC + "5/5 b", "error.position.ranks"),
    (ESC + "5/5/5/5/05 b", "error.position.escabel.run"),
    (ESC + "5/5/5/5/123 b", "error.position.escabel.run"),
    (ESC + "5/5/5/5/(wb b", "error.position.escabel.unclosed"),
    (ESC + "5/5/5/5/(w)4 b", "error.position.escabel.notStack"),
    (ESC + "5/5/5/5/(wx)4 b", "error.position.escabel.notStack"),
    (ESC + "5/5/5/5/(" + "bw" * 13 + ")4 b", "error.position.escabel.tooHigh"),
    (ESC + "5/5/5/5/x4 b", "error.position.unexpected"),
    (ESC + "5/5/5/5/5b b", "error.position.escabel.rankLong"),
    (ESC + "5/5/5/5/4 b", "error.position.escabel.rankPoints"),
    (ESC + EMPTY5, "error.position.escabel.format"),
    (ESC + EMPTY5 + " x", "error.position.escabel.colourToMove"),
    (ESC + EMPTY5 + " b sw", "error.position.escabel.swappedField"),
    (
        "escabel checkered size=5,pie=on,corners=black " + EMPTY5 + " b",
        "error.position.escabel.checkeredEmpty",
    ),
    (ESC + "5/5/5/5/4b b", "error.position.escabel.turn"),
    (ESC + "5/5/5/5/3bw w", "error.position.escabel.turn"),
    ("escabel standard size=5,pie=off 5/5/5/5/4b w swapped", "error.position.escabel.swappedNoPie"),
    (ESC + EMPTY5 + " b swapped", "error.position.escabel.swappedEarly"),
    # EVL
    (EVL + "x", "error.position.evl.format"),
    (EVL + EMPTY_EVL + " b hands=x", "error.position.evl.hands"),
    (EVL + "7/7/7 6/6/6 b", "error.position.evl.rows"),
    (EVL + "7/7/7/7 6/6 b", "error.position.evl.bands"),
    (EVL + "34/7/7/7 6/6/6 b", "error.position.evl.runDigits"),
    (EVL + "(bx)6/7/7/7 6/6/6 b", "error.position.evl.stackForm"),
    (EVL + "(b6/7/7/7 6/6/6 b", "error.position.evl.stackForm"),
    (EVL + "(b)6/7/7/7 6/6/6 b", "error.position.evl.single"),
    (EVL + "(bbbbb)6/7/7/7 6/6/6 b", "error.position.evl.tall"),
    (EVL + "x6/7/7/7 6/6/6 b", "error.position.evl.unexpected"),
    (EVL + "7/7/7/7 (bw)5/6/6 b", "error.position.evl.unexpected"),
    (EVL + "6/7/7/7 6/6/6 b", "error.position.evl.cells"),
    (EVL + "7/7/7/7 5/6/6 b", "error.position.evl.cells"),
    (EVL + EMPTY_EVL + " x", "error.position.sideToMove"),
    (EVL + "(bbbb)(bbbb)(bbbb)(bbbb)b2/w6/7/7 6/6/6 b", "error.position.evl.pieces"),
    (EVL + "b6/w6/7/7 bbbbbb/bbbbb1/6 b", "error.position.evl.markers"),
    (EVL + EMPTY_EVL + " w", "error.position.evl.blackFirst"),
    (EVL + "b6/7/7/7 6/6/6 b", "error.position.evl.whiteFirst"),
    (EVL + "7/7/7/7 b5/6/6 b", "error.position.evl.markersWon"),
    (EVL + "(bw)6/w6/b6/7 bbbbbb/bbbb2/6 b", "error.position.evl.ended"),
    (EVL + "b6/w6/7/7 6/6/6 b hands=20,15", "error.position.evl.handTooMany"),
    (EVL + "bb5/w6/7/7 6/6/6 b hands=20,15", "error.position.evl.handTooMany"),
    (EVL + "b6/w6/7/7 6/6/6 b hands=15,15", "error.position.evl.handsFull"),
    (EVL + "b6/w6/7/7 6/6/6 b history=x", "error.position.evl.historyForm"),
    (EVL + "b6/w6/7/7 6/6/6 b history=7/7/7/7:6/6/6:b:zz", "error.position.historyIllegal"),
    (EVL + "b6/7/7/7 6/6/6 w history=7/7/7/7:6/6/6:b:a1", "error.position.evl.historyPlacement"),
    (EVL20 + EVL_PLAYED + "d3-c4-c3", "error.position.historyIllegal"),
    (
        EVL20 + EVL_PLAYED.replace(" 6/3b2/3b2 ", " 6/3b2/4b1 ") + "d3-c3-c4",
        "error.position.evl.historyLeads",
    ),
    # EL
    (EL + "....../.... r", "error.position.ranks"),
    (EL + "......./....../....../....../....../...... r", "error.position.el.rankLong"),
    (EL + "r7...../....../....../....../....../...... r", "error.position.el.number"),
    (EL + "r...../....../....../....../....../...... r", "error.position.el.number"),
    (EL + "x...../....../....../....../....../...... r", "error.position.el.unexpected"),
    (EL + "...../....../....../....../....../...... r", "error.position.el.rankCells"),
    (EL + "./....../....../....../....../...... r", "error.position.el.rankCells"),
    (EL + "r1...../....../....../....../....../...... b last=z9", "error.position.el.notCell"),
    (EL + "r1...../....../....../....../....../...... b last=a6,a6", "error.position.el.twice"),
    (EL + EMPTY6, "error.position.el.format"),
    (EL + EMPTY6 + " r foo=1", "error.position.el.field"),
    (EL + EMPTY6 + " r last", "error.position.el.field"),
    (EL + EMPTY6 + " r last=a1 phase=declare", "error.position.el.fieldOrder"),
    (EL + EMPTY6 + " r last=a1 last=a2", "error.position.el.fieldOrder"),
    (EL + "r1r2..../....../....../....../....../...... b", "error.position.el.counts"),
    (EL + "b1...../....../....../....../....../...... r", "error.position.el.counts"),
    (EL + EMPTY6 + " r phase=declare", "error.position.el.phase"),
    (ELD + EMPTY6 + " r phase=declare", "error.position.el.phaseEmpty"),
    (EL + EMPTY6 + " b", "error.position.el.seatToMove"),
    (EL + "r1...../....../....../....../....../...... b", "error.position.el.last"),
    (ELD + "r1...../....../....../....../....../b1..... r last=a6 declared=-;-", "error.position.el.last"),
    (EL + EMPTY6 + " r last=a1", "error.position.el.lastEmpty"),
    (EL + "r1...../....../....../....../....../b1..... r last=a6", "error.position.el.lastSeat"),
    (ELD + EMPTY6 + " r", "error.position.el.declaredMissing"),
    (ELD + EMPTY6 + " r declared=-", "error.position.el.declaredForm"),
    (EL + EMPTY6 + " r declared=-;-", "error.position.el.declaredOff"),
    (EL_EQUAL + "r1r2..../....../....../....../....../b1b2.... r last=b1", "error.position.el.firstTwoEqual"),
    (ELD + EMPTY6 + " r declared=a1;-", "error.position.el.declaredEmpty"),
    (EL + "b1b2..../....../....../....../....../r1r2r3b4b5r6 r last=b6", "error.position.el.stale"),
    (
        ELD + "r1r2..../....../....../....../....../b1b2b3r4r5b6 b phase=declare last=a6,f1 declared=-;f1",
        "error.position.el.overDeclare",
    ),
    (
        ELD + "....../....../....../....../....../..r3... b last=c1 declared=a6;-",
        "error.position.el.declared",
    ),
    (
        ELD + "....../....../....../....../....../..r3... r phase=declare last=c1 declared=a6;-",
        "error.position.el.declaredPlaced",
    ),
]


#: (a call, the error it raises, the message id that error says): games, variants and
#: options named by a request (``new(game, variant, **options)``) and not by a text.
CALLS = [
    (lambda: core.load(42), PositionError, "error.position.notText"),
    (lambda: core.new("chess"), UnknownGameError, "error.game.unknown"),
    (lambda: core.new(["loa"]), UnknownGameError, "error.game.unknown"),
    (lambda: core.new("loa", "bogus"), UnknownVariantError, "error.game.unknownVariant"),
    (lambda: core.new("loa", double_connection="maybe"), OptionError, "error.option.value"),
    (lambda: core.new("loa", double_connection=5), OptionError, "error.option.value"),
    (lambda: core.new("escabel", size=4), OptionError, "error.option.value"),
    (lambda: core.new("evl", pieces="20 "), OptionError, "error.option.value"),
    (lambda: core.new("loa", colour="red"), OptionError, "error.option.unknown"),
    (lambda: core.new("el", "three-player", declare_threats="on"), OptionError, "error.option.unknownNone"),
    (
        lambda: core.GAMES["loa"].resolve_options("standard", [("double-connection", "draw")] * 2),
        OptionError,
        "error.option.twice",
    ),
    (
        lambda: core.GAMES["el"].resolve_options("standard", {"full-board": "draw"}, complete=True),
        OptionError,
        "error.option.missing",
    ),
    (
        lambda: Positions().find(core.new("evl").to_text(), ["a1"], at="0.1"),
        UnknownPositionError,
        "error.position.notHeld",
    ),
    (
        lambda: Positions().find(core.new("loa").to_text(), ["b1-d3", "zz"]),
        RecordError,
        "error.position.lineMove",
    ),
]


def said_by(error: GamutError, expected: str, seen: list[str]) -> Message:
    """``error``'s message: the id ``expected``, known to English and every
    catalog with its placeholders (nested messages too), and its English
    the error's text."""
    said = error.said
    assert isinstance(said, Message), (expected, str(error))
    assert said.id == expected, (said.id, str(error))
    check(said, seen)
    assert str(error) == str(said)
    json.dumps(said.to_json())
    return said


@pytest.mark.parametrize("text,expected", TEXTS)
def test_a_malformed_or_impossible_position_text_says_its_message(text, expected):
    with pytest.raises(PositionError) as refused:
        core.load(text)
    said_by(refused.value, expected, [])


@pytest.mark.parametrize("call,error,expected", CALLS)
def test_an_unknown_game_variant_option_or_position_says_its_message(call, error, expected):
    with pytest.raises(error) as refused:
        call()
    said_by(refused.value, expected, [])


def test_the_wrapped_errors_keep_the_message_of_their_cause():
    """A header's error is the PositionError of the game's, variant's or
    option's own message; a history move or a line's move that cannot be
    played says its position and the move's own reason."""
    with pytest.raises(PositionError) as refused:
        core.load("loa standard double-connection=maybe start")
    assert refused.value.said == Message(
        "error.option.value", {"name": "'double-connection'", "value": "'maybe'", "choices": "mover, draw"}
    )
    assert str(refused.value) == "option 'double-connection' cannot be 'maybe'; choose one of mover, draw"
    with pytest.raises(PositionError) as history:
        core.load(LOA + "2bbbbb1/w6w/w6w/w6w/w6w/wb5w/w6w/2bbbbb1 w history=b1-b3")
    cause = history.value.said.args["cause"]
    assert isinstance(cause, Message) and cause.id == "error.loa.distance"
    positions = Positions()
    start = core.new("loa").to_text()
    with pytest.raises(RecordError) as line:
        positions.find(start, ["b1-d3", "zz"])
    said = said_by(line.value, "error.position.lineMove", [])
    assert said.args["ply"] == 2 and said.args["cause"].id == "error.loa.unreadable"
    assert str(line.value) == "move 2 ('zz'): cannot read move 'zz': write it like b1-d3, b1xd3 or pass"


def test_the_bridge_sends_a_position_error_as_its_message():
    answer = json.loads(bridge.handle("view", json.dumps({"start": LOA + "8/8 b"})))
    assert answer["ok"] is False
    error = answer["error"]
    assert error["type"] == "PositionError"
    assert error["said"]["id"] == "error.position.boardRanks"
    assert error["message"] == "the board '8/8' needs 8 ranks separated by '/'"


def test_a_loaders_error_of_english_text_only_stays_english_inside_a_message():
    """The fallback for a game whose loader raises an engine error with
    English text alone (no shipped game does): the PositionError says it
    as the argument of error.position.cause."""

    def loader(header, body):
        raise IllegalMoveError("a tic-tac-toe move is a cell")

    info = GameInfo(
        "english-only",
        "English only",
        "",
        (VariantInfo("standard", "Standard"),),
        factory=lambda variant, options: core.new("loa"),
        loader=loader,
    )
    core.register(info)
    try:
        with pytest.raises(PositionError) as refused:
            core.load("english-only standard - x")
    finally:
        core.unregister("english-only")
    said = said_by(refused.value, "error.position.cause", [])
    assert str(said) == "a tic-tac-toe move is a cell"


def test_a_count_of_one_agrees_in_english():
    with pytest.raises(PositionError) as one:
        core.load(EL + "b1...../....../....../....../....../...... r")
    assert str(one.value) == (
        "Red has 0 numbers on the board, but with 1 number in all and turns in seat order it must have 1"
    )
    with pytest.raises(PositionError) as turn:
        core.load(ESC + "5/5/5/5/4b b")
    assert str(turn.value) == "1 move has added pieces to the board, so it is White's turn, not Black's"
    with pytest.raises(PositionError) as missing:
        core.load("el standard full-board=draw start")
    assert str(missing.value) == "the position text does not give options first-two-equal, declare-threats"


#: Ids no input can reach: Escabel's board can never hold fewer pieces than its start
#: (a checkered board is refused first when a point is empty).
UNREACHABLE = {"error.position.escabel.fewer"}
PREFIXES = ("error.position.", "error.game.", "error.option.")


def test_every_message_of_reading_positions_is_said_by_some_input():
    """Every id of the section is said by one of the inputs above (the
    one no input reaches is at least known to every catalog)."""
    seen: list[str] = []
    for text, _ in TEXTS:
        with pytest.raises(PositionError) as refused:
            core.load(text)
        check(refused.value.said, seen)
    for call, error, _ in CALLS:
        with pytest.raises(error) as refused:
            call()
        check(refused.value.said, seen)
    seen.append("error.position.cause")  # (its own test above: a loader of a test-only game)
    ours = {key for key in ENGLISH if key.startswith(PREFIXES)}
    assert ours - set(seen) == UNREACHABLE, sorted(ours - set(seen))
    for key in UNREACHABLE:
        check(Message(key), [])
        assert all(key in catalog for catalog in CATALOGS.values())


# -- no error of these modules is raised with English alone --------------------------
