"""Every error of reading and writing game records is a message (issue #33):
bad records of every kind the readers take (Gamut's PGN-like text, the
page's JSON form, boardspace's SGF, the notes and commands of comments)
each raise or report an error
whose message has a known id, in English and in every page catalog with
the arguments its words use, and whose English is the error's text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_errors_messages import check

from gamut import core, records
from gamut.core import GamutError, RecordError
from gamut.messages import ENGLISH, Message
from gamut.records import Record, RecordMoveError, RecordTextError, tree

PY = Path(__file__).resolve().parent.parent / "py" / "gamut"
FILES = [
    *sorted((PY / "records").glob("*.py")),
    PY / "record.py",
    PY / "games" / "loa" / "sgf.py",
]

LOA = '[Game "loa"]\n'
START = core.new("loa").to_text()
#: The shortest game of Winands' thesis: Black wins (1-0) with 5. e1-e5.
WON = "1. d1-b3 h5-g4 2. b1-b4 g4xg1 3. b4-e7 a3xc1 4. b3-e6 h3xf1 5. e1-e5"


def ids(message) -> list[str]:
    """The ids of ``message`` and of every message in its arguments."""
    if isinstance(message, list):
        return [i for item in message for i in ids(item)]
    if not isinstance(message, Message):
        return []
    return [message.id] + [i for value in message.args.values() for i in ids(value)]


def checked(error: GamutError) -> list[str]:
    """Check an error's message as the brief says; its ids."""
    assert isinstance(error.said, Message), (type(error).__name__, str(error))
    check(error.said, [])
    assert str(error) == str(error.said)
    return ids(error.said)


# -- Gamut's records as text ----------------------------------------------------------

TEXTS = [
    (LOA + "1. b1-d3 {open", "error.record.commentOpen"),
    (LOA + "1. b1-d3 {" + "x" * 5001 + "} *", "error.record.commentLimit"),
    (LOA + "[Bad tag\n*", "error.record.tagLine"),
    (LOA + "1. b1-d3 } *", "error.record.commentClose"),
    (LOA + "1. b1-d3 ] *", "error.record.tagClose"),
    (LOA + '[Date "a"]\n[Date "b"]\n*', "error.record.tagTwice"),
    (LOA + '[Termination "bored"]\n*', "error.record.termination"),
    (LOA + '[TimeControl "soon"]\n*', "error.record.timeControl"),
    (LOA + '[Result "2-0"]\n*', "error.record.result"),
    (LOA + "1. b1-d3 1-1", "error.record.result"),
    (LOA + '[Result "1-0"]\n1. b1-d3 0-1', "error.record.resultDiffers"),
    (LOA + WON + " 0-1", "error.record.resultNotRules"),
    (LOA + '[Termination "resignation"]\n' + WON + " 1-0", "error.record.endedByRules"),
    (LOA + '[Termination "rules"]\n1. b1-d3 *', "error.record.notOver"),
    (LOA + '[Termination "agreement"]\n1. b1-d3 1-0', "error.record.agreement"),
    (LOA + '[Termination "resignation"]\n1. b1-d3 *', "error.record.resignation"),
    (LOA + '[Termination "time"]\n1. b1-d3 *', "error.record.timeResult"),
    ('[Start "nonsense"]\n*', "error.record.startTag"),
    (f'[Game "el"]\n[Start "{START}"]\n*', "error.record.tagDiffers"),
    (f'[Start "{START}"]\n[Options "double-connection=draw"]\n*', "error.record.optionsDiffer"),
    ("1. b1-d3 *", "error.record.noGame"),
    (LOA + '[Options "double-connection"]\n*', "error.record.optionForm"),
    (LOA + "2. b1-d3 *", "error.record.moveNumber"),
    (LOA + "1. b1-b2 *", "error.record.move"),
    (LOA + "1. b1-d3 (1. b1-d3) *", "error.record.repeated"),
    (LOA + "1. {a comment} b1-d3 *", "error.record.numberAlone"),
    (LOA + "1. b1-d3 2.", "error.record.numberAlone"),
    (LOA + "1. b1-d3 {[%clk soon]} *", "error.record.commandTime"),
    (LOA + "1. b1-d3 {[%clk 0:01:00} *", "error.record.commandOpen"),
    (LOA + "1. b1-d3 {[%clk 0:01:00] [%clk 0:02:00]} *", "error.record.inCommand"),
    (LOA + "1. b1-d3 {[%emt 0:01:00] [%emt 0:02:00]} *", "error.record.twoNotes"),
    (LOA + "1. b1-d3 {[%csl d4]} *", "error.record.lichessShapes"),
    (LOA + "1. b1-d3 {[%cal Gd4]} *", "error.record.lichessShapes"),
    (LOA + "1. b1-d3 {[%draw Q d4]} *", "error.record.drawHint"),
    (LOA + "1. b1-d3 {[%draw G d4 d4]} *", "error.record.arrowItself"),
    (LOA + "1. b1-d3 {[%draw G d4 e5 f6]} *", "error.record.shape"),
    (LOA + "1. b1-d3 {[%draw G d4+]} *", "error.record.cellName"),
    (LOA + "1. b1-d3 {[%draw G z9]} *", "error.record.noCell"),
    (LOA + "1. b1-d3 ! ? *", "error.record.twoNotes"),
    (LOA + "! 1. b1-d3 *", "error.record.glyphFirst"),
    (LOA + "{[%clk 0:01:00]} 1. b1-d3 *", "error.record.onlyShapes"),
    (LOA + "(1. b1-d3) *", "error.record.variationFirst"),
    (LOA + "1. b1-d3 ) *", "error.record.closeNone"),
    (LOA + "1. b1-d3 () *", "error.record.variationEmpty"),
    (LOA + "1. b1-d3 (1. c1-c3 1-0) *", "error.record.resultInVariation"),
    (LOA + "1. b1-d3 (1. c1-c3", "error.record.variationOpen"),
]


@pytest.mark.parametrize("text,expected", TEXTS)
def test_every_bad_record_text_says_why_as_a_message(text, expected):
    parsed = records.read(text)
    assert len(parsed.errors) == 1, (text, parsed)
    error = parsed.errors[0]
    said = checked(error)
    assert said[0] == "error.record.text" and expected in said, (text, said)
    assert error.reason_said is not None and str(error.reason_said) == error.reason
    assert error.to_json()["said"] == error.reason_said.to_json()
    assert Message.from_json(error.to_json()["said"]) == error.reason_said
    if expected == "error.record.move":
        assert isinstance(error, RecordMoveError) and said[1] == "error.record.move"
        assert said[2].startswith("error.loa.")  # the rules' own reason, nested
    with pytest.raises(RecordTextError) as first:
        records.parse_one(text)
    assert first.value.said == error.said


def test_the_records_keep_their_english_word_for_word():
    """A few of the texts the tests and the page read, unchanged by the messages."""
    error = records.read(LOA + "1. b1-d3 (1. c1-c3").errors[0]
    assert str(error) == "line 2, column 10: game 1: this variation is not closed with ')'"
    error = records.read(LOA + "1. b1-d3 {open").errors[0]
    assert error.reason == "this comment is not closed with '}' (write '\\}' for a '}' inside a comment)"
    error = records.read(LOA + "1. b1-d3 {[%draw Q d4]} *").errors[0]
    assert error.reason == (
        "'[%draw Q d4]': the colour 'Q' is not one of G, R, B, Y (write [%draw G d4, R d4 f6])"
    )
    error = records.read(LOA + '[Result "2-0"]\n*').errors[0]
    assert error.reason == "'2-0' is not a result of a 2-player game: write one of 1-0, 0-1, 1/2-1/2 or *"
    error = records.read(LOA + '[Termination "resignation"]\n' + WON + " 1-0").errors[0]
    assert (
        error.reason == "the game ended by its rules (Black wins: all pieces connected), not by resignation"
    )
    error = records.read(LOA + "1. b1-d3 ! ? *").errors[0]
    assert error.reason == "the move has two glyphs"


def test_a_cause_without_a_message_is_nested_as_its_english():
    """The core's unknown game, variant and option: the record's message holds their words."""
    for text in ('[Game "chess"]\n*', LOA + '[Variant "x"]\n*', LOA + '[Options "foo=bar"]\n*'):
        error = records.read(text).errors[0]
        checked(error)
        assert error.said is not None and error.said.id == "error.record.text"


def test_the_reading_limits_and_whole_texts_are_messages(monkeypatch):
    for bad, expected in [
        (42, "error.record.notText"),
        ("*" * (records.MAX_FILE_LENGTH + 1), "error.record.fileLimit"),
        ("", "error.record.notOne"),
        (LOA + "*\n\n" + LOA + "*", "error.record.notOne"),
    ]:
        with pytest.raises(RecordError) as wrong:
            (records.parse if expected != "error.record.notOne" else records.parse_one)(bad)
        assert expected in checked(wrong.value)
    assert str(RecordError(Message("error.record.notOne", {"count": 2}))) == "the text holds 2 games, not one"
    monkeypatch.setattr(tree, "MAX_DEPTH", 2)
    error = records.read(LOA + "1. b1-d3 h2-f4 2. c1-c3 *").errors[0]
    assert "error.record.lineLimit" in checked(error)
    monkeypatch.setattr(tree, "MAX_DEPTH", 5000)
    monkeypatch.setattr(tree, "MAX_NODES", 3)
    error = records.read(LOA + "1. b1-d3 (1. c1-c3) (1. d1-d3) *").errors[0]
    assert "error.record.nodeLimit" in checked(error)


def test_move_labels_name_the_move_that_cannot_be_played():
    with pytest.raises(RecordError) as wrong:
        records.move_labels(core.new("loa"), ["b1-d3", "zz"])
    said = checked(wrong.value)
    assert said[0] == "error.record.moveN" and str(wrong.value).startswith("move 2 ('zz'): ")


# -- the page's JSON form --------------------------------------------------------------


def good() -> dict:
    return records.parse_one(LOA + "1. b1-d3 h2-f4 *").to_json()


def changed(**fields) -> dict:
    data = good()
    for key, value in fields.items():
        if value is ...:
            del data[key]
        else:
            data[key] = value
    return data


JSON = [
    ("not a game", "error.record.gameObject"),
    (changed(v=2), "error.record.version"),
    (changed(start=...), "error.record.missing"),
    (changed(start=3), "error.record.keyText"),
    (changed(meta="loa"), "error.record.metaObject"),
    (changed(start="loa nonsense"), "error.record.start"),
    (changed(meta={"game": "el"}), "error.record.metaDiffers"),
    (changed(nodes="b1-d3"), "error.record.nodesList"),
    (changed(nodes=[[1, "b1-d3"]]), "error.record.nodeForm"),
    (changed(termination="bored"), "error.record.terminationKey"),
    (changed(termination="agreement", result="1-0"), "error.record.agreement"),
    (changed(timecontrol="soon"), "error.record.timeControl"),
    (changed(players="h"), "error.record.players"),
    (changed(tags={"Game": "loa"}), "error.record.tags"),
    (changed(result="2-0"), "error.record.result"),
    (changed(nodes=[[0, "b1-b2"]]), "error.record.at"),
    (changed(nodes=[[0, "b1-d3"], [0, "b1-d3"]]), "error.record.repeated"),
    (changed(nodes=[[0, "b1-d3", "", "notes"]]), "error.record.notesObject"),
    (changed(nodes=[[0, "b1-d3", "", {"mood": 1}]]), "error.record.notesKey"),
    (changed(nodes=[[0, "b1-d3", "", {"glyph": "!!!"}]]), "error.record.glyph"),
    (changed(nodes=[[0, "b1-d3", "", {"spent": -1}]]), "error.record.time"),
    (changed(nodes=[[0, "b1-d3", "", {"shapes": "G d4"}]]), "error.record.shapes"),
    (changed(nodes=[[0, "b1-d3", "", {"shapes": [["G"]]}]]), "error.record.shape"),
    (changed(nodes=[[0, "b1-d3", "", {"shapes": [["Q", "d4"]]}]]), "error.record.colour"),
    (changed(nodes=[[0, "b1-d3", "", {"shapes": [["G", "d 4"]]}]]), "error.record.cellName"),
    (changed(nodes=[[0, "b1-d3", "", {"shapes": [["G", "z9"]]}]]), "error.record.noCell"),
    (changed(nodes=[[0, "b1-d3", "", {"shapes": [["G", "d4", "d4"]]}]]), "error.record.arrowItself"),
    (changed(notes={"glyph": "!"}), "error.record.startNotes"),
    (changed(nodes=[[0, "b1-d3", "", {"glyph": "!"}]], notes={"shapes": [["G", "d4"]], "spent": 3}), "error.record.onlyShapes"),
]  # fmt: skip


@pytest.mark.parametrize("data,expected", JSON)
def test_every_bad_json_record_says_why_as_a_message(data, expected):
    with pytest.raises(RecordError) as wrong:
        Record.from_json(data)
    assert expected in checked(wrong.value), (data, str(wrong.value))
    with pytest.raises(RecordError) as written:
        records.format_json([good(), data])
    said = checked(written.value)
    assert said[0] == "error.record.game" and expected in said
    assert str(written.value).startswith("game 2: ")


def test_json_records_name_the_node_and_the_notes_out_of_the_tree():
    data = changed(nodes=[[0, "b1-d3"], [1, "b1-b2"]])
    with pytest.raises(RecordError) as wrong:
        Record.from_json(data)
    assert checked(wrong.value)[:2] == ["error.record.at", "error.record.node"]
    assert str(wrong.value).startswith("node 2, move 1... 'b1-b2': ")
    record = Record.from_json(good())
    record.notes = {7: {"glyph": "!"}}
    with pytest.raises(RecordError) as wrong:
        record.replay()
    assert checked(wrong.value) == ["error.record.notesNode"]
    with pytest.raises(RecordError) as wrong:
        records.format_json("games")
    assert checked(wrong.value) == ["error.record.gamesList"]
    with pytest.raises(RecordError) as wrong:
        Record("loa", "standard", {}, START, tags={"Termination": "bored"})
    assert checked(wrong.value) == ["error.record.termination"]


# -- boardspace's SGF (Lines of Action) ------------------------------------------------

SGF = [
    ("(;GM[9];B[c1-c3]", "error.record.sgf.cut"),
    ("(;GM[9];B[c1", "error.record.sgf.cut"),
    ("(;GM[9] @@@)", "error.record.sgf.unexpected"),
    ("(;GM[9])\n()", "error.record.sgf.noNode"),
    ("(;GM[1])", "error.record.sgf.notLoa"),
    ("(;GM[9]SZ[19])", "error.record.sgf.size"),
    ("(;GM[9]AB[a1])", "error.record.sgf.setupBy"),
    ("(;GM[9]SU[weird])", "error.record.sgf.setup"),
    ("(;GM[9];B[zz])", "error.record.sgf.move"),
    ("(;GM[9];W[b1-d3])", "error.record.sgf.turn"),
    ("(;GM[9];B[b1-b2])", "error.record.move"),
    ("(;GM[9];B[b1-d3](;W[h2-f4])(;W[h2-f4]))", "error.record.repeated"),
]


@pytest.mark.parametrize("text,expected", SGF)
def test_every_bad_sgf_says_why_as_a_message(text, expected):
    parsed = records.read(text)
    assert parsed.errors, (text, parsed)
    said = checked(parsed.errors[-1])
    assert said[0] == "error.record.text" and expected in said, (text, said)


def test_the_sgf_turn_names_the_seats_as_messages():
    error = records.read("(;GM[9];W[b1-d3])").errors[0]
    assert error.reason.endswith("it is Black's turn, not White's")
    assert error.reason_said is not None
    turn = error.reason_said.args["why"]
    assert turn == Message(
        "error.record.sgf.turn", {"who": Message("seat.black"), "other": Message("seat.white")}
    )


# -- every id said, and every raise a message ------------------------------------------


def test_every_record_id_is_said_by_some_bad_input():
    """The tables above reach every id of the section but the few no input reaches."""
    said = {e for _, e in TEXTS + SGF} | {e for _, e in JSON}
    said |= {
        "error.record.notText",
        "error.record.fileLimit",
        "error.record.notOne",
        "error.record.lineLimit",
    }
    said |= {"error.record.nodeLimit", "error.record.moveN", "error.record.text", "error.record.game"}
    said |= {
        "error.record.node",
        "error.record.notesNode",
        "error.record.gamesList",
        "error.record.recordText",
    }
    said |= {"error.record.recordLimit", "error.record.resultNotRules"}
    unreachable = {  # the tokenizer and the splitting of games leave no input to these
        "error.record.unexpected",  # every character starts some token
        "error.record.afterResult",  # a result at the outermost level ends the game
        "error.record.tagAfterMoves",  # a tag after moves starts the next game
        "error.record.sgf.closeNone",  # a game's ')' always closes its own '('
    }
    section = {k for k in ENGLISH if k.startswith("error.record.")}
    assert section - said - unreachable == set()


def test_the_new_ids_are_one_block_at_the_end_of_every_catalog_in_the_same_order():
    catalogs = {
        lang: list(json.loads((PY.parent.parent / "web" / "i18n" / f"{lang}.json").read_text("utf-8")))
        for lang in ("en", "de", "fr", "es", "hu")
    }
    ours = [k for k in ENGLISH if k.startswith("error.record.")]
    for keys in catalogs.values():
        assert [k for k in keys if k.startswith("error.record.")] == ours
