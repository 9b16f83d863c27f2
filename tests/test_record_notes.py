"""A move's notes in records (issue #29): glyphs, shapes drawn on the board
and clock times, in the page's Record JSON (a node's 4th element, the
root's "notes") and in a record's text (a glyph token after the move, the
[%clk], [%emt] and [%draw] commands inside comments)."""

from __future__ import annotations

import json

import pytest

from gamut.records import Record, RecordError, parse_one

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
