"""How a game ended and its time control in records (issue #29): the
Termination and TimeControl tags, the JSON's "termination" and
"timecontrol", and the result they must agree with."""

from __future__ import annotations

import pytest

import gamut
from gamut import records
from gamut.records import Record, RecordError, RecordSyntaxError, parse, parse_one

UNFINISHED = "1. d1-b3 h5-g4"
# Lines of Action's shortest game: 1-0 by the rules after 5. e1-e5
FINISHED = "1. d1-b3 h5-g4 2. b1-b4 g4xg1 3. b4-e7 a3xc1 4. b3-e6 h3xf1 5. e1-e5"


def game(tags: str, moves: str = UNFINISHED, result: str = "") -> str:
    return f'[Game "loa"]\n{tags}\n\n{moves} {result or "*"}\n'


@pytest.mark.parametrize(
    "termination, result",
    [
        ("resignation", "0-1"),
        ("resignation", "1-0"),
        ("agreement", "1/2-1/2"),
        ("time", "1-0"),
        ("time", "1/2-1/2"),  # the opponent could not have won
        ("abandoned", "*"),
        ("abandoned", "0-1"),
    ],
)
def test_a_result_the_players_decided_is_kept_on_an_unfinished_line(termination, result):
    text = game(f'[Termination "{termination}"]\n[Result "{result}"]', result=result)
    record = parse_one(text)
    assert (record.result, record.termination) == (result, termination)
    written = records.format(record)
    assert f'[Termination "{termination}"]\n[Result "{result}"]' in written
    assert written.rstrip().endswith(f" {result}")
    again = parse_one(written)
    assert (again.result, again.termination) == (result, termination)
    data = record.to_json()
    assert data["termination"] == termination and data["result"] == result
    assert Record.from_json(data).to_json() == data


@pytest.mark.parametrize(
    "termination, result, words",
    [
        ("agreement", "1-0", "a draw agreed is a drawn result, not 1-0"),
        ("agreement", "*", "a draw agreed is a drawn result, not *"),
        ("resignation", "1/2-1/2", "a resignation gives the game to a player"),
        ("resignation", "*", "a resignation gives the game to a player"),
        ("time", "*", "a game lost on time has a result"),
        ("rules", "1-0", "the rules did not end the game"),
    ],
)
def test_a_termination_must_agree_with_the_result(termination, result, words):
    text = game(f'[Termination "{termination}"]', result=result)
    [error] = parse(text).errors
    assert words in error.reason and (error.line, error.col) == (2, 1)  # at the Termination tag
    data = parse_one(game("", result=result)).to_json()
    data["termination"] = termination
    with pytest.raises(RecordError, match=words):
        Record.from_json(data)


def test_a_finished_main_line_ends_by_the_rules():
    record = parse_one(game('[Termination "rules"]', FINISHED))
    assert (record.result, record.termination) == ("1-0", "rules")
    assert parse_one(game("", FINISHED)).termination is None  # "rules" may be left out
    [error] = parse(game('[Termination "resignation"]', FINISHED, "1-0")).errors
    assert "the game ended by its rules" in error.reason and "not by resignation" in error.reason
    [error] = parse(game('[Result "0-1"]', FINISHED, "0-1")).errors  # as before: the rules' result
    assert "is not the game's: it ended 1-0" in error.reason


def test_a_result_without_termination_reads_as_before():
    record = parse_one(game('[Result "0-1"]', result="0-1"))
    assert (record.result, record.termination) == ("0-1", None)
    assert "Termination" not in records.format(record) and "termination" not in record.to_json()


@pytest.mark.parametrize(
    "given, kept",
    [
        ("RESIGNATION", "resignation"),
        ("Time forfeit", "time"),  # lichess
        ("Normal", None),  # lichess: any end but time, which Gamut cannot tell apart
        ("White resigned", "resignation"),  # boardspace, as the SGF reader says it
        ("Black forfeited", "abandoned"),
    ],
)
def test_other_programs_terminations_read(given, kept):
    record = parse_one(game(f'[Termination "{given}"]\n[Result "0-1"]', result="0-1"))
    assert record.termination == kept and record.tags == {}


@pytest.mark.parametrize("given, kept", [("300+3", "300+3"), ("300", "300+0"), ("1d", "1d"), ("-", "-")])
def test_time_controls(given, kept):
    record = parse_one(game(f'[TimeControl "{given}"]'))
    assert record.timecontrol == kept
    assert f'[TimeControl "{kept}"]' in records.format(record)
    assert Record.from_json(record.to_json()).timecontrol == kept


@pytest.mark.parametrize(
    "tag, words",
    [
        ('[Termination "checkmate"]', "the termination 'checkmate' is not one of rules, resignation"),
        ('[TimeControl "40/7200:3600"]', "time control '40/7200:3600' is not seconds+increment"),
        ('[TimeControl "5 min"]', "is not seconds+increment (300+3), days per move (1d) or -"),
        ('[TimeControl "0d"]', "time control '0d'"),
    ],
)
def test_unknown_terminations_and_malformed_controls_are_refused_at_their_tag(tag, words):
    [error] = parse(game(tag)).errors
    assert isinstance(error, RecordSyntaxError) and words in error.reason
    assert (error.line, error.col) == (2, 1)


def test_three_players_resign_too():
    start = gamut.new("el", "three-player")
    moves = [start.move_text(start.legal_moves()[0])]
    record = Record.of(start, [(0, moves[0], "")], result="0-0-1", termination="resignation")
    assert parse_one(records.format(record)).to_json() == record.to_json()
    with pytest.raises(RecordError, match="a draw agreed"):
        Record.of(start, [(0, moves[0], "")], result="0-0-1", termination="agreement")


def test_record_of_checks_its_fields_too():
    start = gamut.new("loa")
    with pytest.raises(RecordError, match="the termination 'resigned' is not one of"):
        Record.of(start, [(0, "d1-b3", "")], result="0-1", termination="resigned")
    with pytest.raises(RecordError, match="time control '3 minutes'"):
        Record.of(start, [], timecontrol="3 minutes")
    assert Record.of(start, [], timecontrol="180").timecontrol == "180+0"
