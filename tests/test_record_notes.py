"""A move's notes in records (issue #29): glyphs, shapes drawn on the board
and clock times, in the page's Record JSON (a node's 4th element, the
root's "notes") and in a record's text (a glyph token after the move, the
[%clk], [%emt] and [%draw] commands inside comments)."""

from __future__ import annotations

import json

import pytest

from gamut import records
from gamut.records import Record, RecordError, RecordSyntaxError, parse, parse_one
from gamut.records.notes import format_time, read_comment, read_time, write_comment

LOA = '[Game "loa"] 1. d1-b3 h5-g4 2. b1-b4 *'


def loa_json() -> dict:
    return parse_one(LOA).to_json()


# ---------------------------------------------------------------------------
# Record JSON


def test_notes_ride_on_the_nodes_and_the_root():
    data = loa_json()
    data["nodes"][0] = [0, "d1-b3", "", {"glyph": "!?", "spent": 3100, "left": 295200}]
    data["nodes"][1] = [1, "h5-g4", "why?", {"shapes": [["G", "d4"], ["R", "d4", "f6"]]}]
    data["notes"] = {"shapes": [["B", "a1", "h8"]]}
    record = Record.from_json(json.loads(json.dumps(data)))
    assert record.notes == {
        0: {"shapes": [["B", "a1", "h8"]]},
        1: {"glyph": "!?", "spent": 3100, "left": 295200},
        2: {"shapes": [["G", "d4"], ["R", "d4", "f6"]]},
    }
    assert record.nodes[0] == (0, "d1-b3", "")  # the nodes stay triples
    assert record.to_json() == data
    assert Record.from_json(record.to_json()).to_json() == data


def test_empty_notes_are_not_written_and_older_json_reads():
    data = loa_json()
    plain = json.loads(json.dumps(data))
    data["nodes"][0] = [0, "d1-b3", "", {"glyph": "", "shapes": [], "spent": None}]
    data["notes"] = {}
    assert Record.from_json(data).to_json() == plain
    assert "notes" not in plain and all(len(n) == 2 for n in plain["nodes"])


def test_record_of_takes_notes_as_a_fourth_element():
    import gamut

    record = Record.of(
        gamut.new("evl"), [(0, "d7", "", {"glyph": "!"})], notes={0: {"shapes": [["Y", "cd4"]]}}
    )
    assert record.notes == {0: {"shapes": [["Y", "cd4"]]}, 1: {"glyph": "!"}}
    assert record.main_line() == ["d7"]


@pytest.mark.parametrize(
    "notes, words",
    [
        ({"glyph": "!!!"}, "glyph '!!!' is not one of"),
        ({"glyph": 1}, "glyph 1 is not one of"),
        ({"shapes": [["P", "d4"]]}, "colour 'P' is not one of G, R, B, Y"),
        ({"shapes": [["G", "z9"]]}, "the board has no cell 'z9'"),
        ({"shapes": [["G", "d 4"]]}, "is not a cell's name"),
        ({"shapes": [["G"]]}, r"a shape is \[colour, cell\]"),
        ({"shapes": [["G", "d4", "d4"]]}, "from a cell to another"),
        ({"shapes": "G d4"}, "shapes are a list"),
        ({"spent": -1}, "spent is a whole number of milliseconds"),
        ({"left": 1.5}, "left is a whole number of milliseconds"),
        ({"left": True}, "left is a whole number"),
        ({"left": "1000"}, "left is a whole number"),
        ({"color": "G"}, "not 'color'"),
        ("!", "notes are an object"),
    ],
)
def test_wrong_notes_are_refused_saying_what_is_wrong(notes, words):
    data = loa_json()
    data["nodes"][1] = [1, "h5-g4", "", notes]
    with pytest.raises(RecordError, match=f"node 2, move 1... 'h5-g4': .*{words}"):
        Record.from_json(data)


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda d: d.update(notes={"glyph": "!"}), "start position's notes: only shapes, not"),
        (lambda d: d.update(notes={"left": 1000}), "start position's notes: only shapes, not"),
        (lambda d: d["nodes"].__setitem__(0, [0, "d1-b3", "", {}, 5]), "node 1 is not"),
        (lambda d: d["nodes"].__setitem__(0, [0, "d1-b3", None, {}]), "node 1 is not"),
        (lambda d: d.update(termination="resigned"), "'termination' must be one of"),
        (lambda d: d.update(termination=1), "'termination' must be a text"),
        (lambda d: d.update(timecontrol="5 min"), "time control '5 min' is not"),
    ],
)
def test_wrong_json_around_the_notes_is_refused(change, words):
    data = loa_json()
    change(data)
    with pytest.raises(RecordError, match=words):
        Record.from_json(data)


# ---------------------------------------------------------------------------
# The text


@pytest.mark.parametrize(
    "ms, text",
    [
        (0, "0:00:00"),
        (295_200, "0:04:55.2"),
        (3_100, "0:00:03.1"),
        (3_723_000, "1:02:03"),
        (1_250, "0:00:01.25"),  # more decimals only where the milliseconds need them
        (61_007, "0:01:01.007"),
        (100 * 3_600_000, "100:00:00"),
    ],
)
def test_times_are_written_h_mm_ss_with_the_decimals_they_need(ms, text):
    assert format_time(ms) == text
    assert read_time(text) == ms


@pytest.mark.parametrize(
    "text, ms", [("4:55", 295_000), ("4:55.2", 295_200), ("0:04:55.20", 295_200), (" 1:02:03 ", 3_723_000)]
)
def test_times_read_with_or_without_hours_and_decimals(text, ms):
    assert read_time(text) == ms


@pytest.mark.parametrize("text", ["", "55", "1:2", "0:60:00", "0:00:61", "1:00:00.1234", "-0:01", "a:bc"])
def test_malformed_times_do_not_read(text):
    assert read_time(text) is None


@pytest.mark.parametrize(
    "raw, text, notes",
    [
        ("[%clk 0:04:55.2]", "", {"left": 295_200}),
        (" [%eval 0.17] [%clk 0:03:00] ", "[%eval 0.17]", {"left": 180_000}),  # lichess
        ("good [%emt 0:00:03.1]  move", "good move", {"spent": 3_100}),
        ("[%draw G d4, G d4 f6,R a1]", "", {"shapes": [["G", "d4"], ["G", "d4", "f6"], ["R", "a1"]]}),
        ("[%draw G d4] [%draw Y e5]", "", {"shapes": [["G", "d4"], ["Y", "e5"]]}),
        ("  no commands, spaces kept ", "  no commands, spaces kept ", {}),
        ("\\[%clk 1:00] a \\} b", "[%clk 1:00] a } b", {}),  # \[% writes a [% that is text
        ("\\\\[%clk 1:00]", "\\", {"left": 60_000}),  # an escaped backslash, then a command
        ("[%clock 1:00] [%CLK 1:00]", "[%clock 1:00] [%CLK 1:00]", {}),  # not Gamut's commands
    ],
)
def test_comment_commands_become_notes(raw, text, notes):
    assert read_comment(raw) == (text, notes)
    again = write_comment(text, notes)
    assert read_comment(again[1:-1]) == (text, notes)


@pytest.mark.parametrize(
    "raw, words",
    [
        ("[%clk 1:00", "not closed"),
        ("[%clk soon]", "a time is written H:MM:SS"),
        ("[%clk]", "a time is written H:MM:SS"),
        ("[%emt -0:01]", "a time is written"),
        ("[%draw P d4]", "colour 'P'"),
        ("[%draw G]", r"a shape is \[colour, cell\]"),
        ("[%draw G d4 e5 f6]", "a shape is"),
        ("[%draw]", "a shape is"),
        ("[%clk 1:00] [%clk 2:00]", "two times left"),
    ],
)
def test_a_malformed_command_is_refused_with_a_clear_message(raw, words):
    """Gamut's own commands must be well formed (a [% that is text is
    written \\[%); another program's commands ([%eval]) stay text."""
    with pytest.raises(RecordError, match=words):
        read_comment(raw)


def test_a_record_with_lichess_style_clocks_and_glyphs_reads():
    text = """[Game "loa"]
[TimeControl "180+2"]
[Termination "Normal"]
[Result "*"]

{ [%draw G d4, R a1 h8] Start here } 1. d1-b3!? { [%eval 0.17] [%clk 0:03:00] }
1... h5-g4 $2 { [%clk 1:02:03] [%emt 0:00:03.25] } 2. b1-b4 $14 $1
{\\[%clk is text} ({[%clk 2:55]} 2. g1xg4 ?? {takes [%draw Y g4]}) *"""
    game = parse_one(text)
    assert game.comment == "Start here" and game.notes[0] == {"shapes": [["G", "d4"], ["R", "a1", "h8"]]}
    assert game.nodes == [
        (0, "d1-b3", "[%eval 0.17]"),
        (1, "h5-g4", ""),
        (2, "b1-b4", "[%clk is text"),
        (2, "g1xg4", "takes"),
    ]
    assert game.notes[1] == {"glyph": "!?", "left": 180_000}
    assert game.notes[2] == {"glyph": "?", "spent": 3_250, "left": 3_723_000}
    assert game.notes[3] == {"glyph": "!"}  # $14 is about the position: left out
    assert game.notes[4] == {"glyph": "??", "shapes": [["Y", "g4"]], "left": 175_000}
    assert (game.timecontrol, game.termination, game.result) == ("180+2", None, "*")
    written = records.format(game)
    flat = " ".join(written.split())
    assert "1. d1-b3 !? {[%eval 0.17] [%clk 0:03:00]} 1... h5-g4 ?" in flat
    assert "{\\[%clk is text}" in flat and "(2. g1xg4 ?? {takes [%clk 0:02:55] [%draw Y g4]})" in flat
    assert parse_one(written).to_json() == game.to_json()
    assert records.format(parse_one(written)) == written


@pytest.mark.parametrize(
    "movetext, words, col",
    [
        ("! 1. d1-b3 *", "a glyph follows the move it is about", 14),
        ("1. d1-b3 ( ! 1. b1-b3 ) *", "a glyph follows the move", 25),
        ("1. d1-b3 ! ?? *", "the move has two glyphs", 25),
        ("1. d1-b3 $1 $3 *", "the move has two glyphs", 26),
        ("1. d1-b3 {[%draw G z9]} *", "the board has no cell 'z9'", 23),
        ("{[%clk 0:01:00]} 1. d1-b3 *", "only shapes, not left", 14),
        ("1. d1-b3 {[%clk x]} *", "a time is written", 23),
        ("1. d1-b3 {[%clk 0:01]} {[%clk 0:02]} *", "two times left", 37),
    ],
)
def test_glyphs_and_commands_in_the_text_are_checked_where_they_are(movetext, words, col):
    parsed = parse('[Game "loa"] ' + movetext)
    [error] = parsed.errors
    assert isinstance(error, RecordSyntaxError) and words in error.reason
    assert (error.line, error.col) == (1, col)
