"""The engine's words as messages (gamut.messages, issue #33): the English
formatter, the one English table and the page's catalogs, and every message
the games say (moves, threats, results) known to every catalog with the
arguments its words use."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from gamut import bridge, core
from gamut.games import SHIPPED_GAMES
from gamut.messages import ENGLISH, LISTS, Message, _parse, english, seat
from gamut.view import seats_said
from gamut.words import said_move, turn_said

I18N = Path(__file__).resolve().parent.parent / "web" / "i18n"
LANGS = ("en", "de", "fr", "es", "hu")
CATALOGS = {lang: json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8")) for lang in LANGS}


def placeholders(pattern: str) -> set[str]:
    """The argument names a message uses ({x}, {x, plural, ...}, {x, select, ...})."""
    names: set[str] = set()

    def visit(parts):
        for p in parts:
            if isinstance(p, tuple) and p[0] == "arg":
                names.add(p[1])
            elif isinstance(p, tuple) and p[0] in ("plural", "select"):
                names.add(p[1])
                for branch in p[2].values():
                    visit(branch)

    visit(_parse(pattern))
    return names


# -- the formatter -------------------------------------------------------------------


def test_english_puts_in_arguments_plurals_selects_and_nested_messages():
    m = Message("move.loa.step", {"who": seat("Black"), "from": "b1", "to": "d3"})
    assert str(m) == "Black b1 to d3"
    lands = "move.evl.landPiece"
    assert (
        english(Message(lands, {"count": 1, "cell": "c4", "colour": "white"}))
        == "1 lands on c4, a White piece"
    )
    assert (
        english(Message(lands, {"count": 2, "cell": "c4", "colour": "black"}))
        == "2 land on c4, a Black piece"
    )
    threat = {"moves": "a1-b2", "mover": seat("Black"), "own": 2, "other": seat("White"), "theirs": 3}
    assert english(Message("move.loa.threat", {**threat, "more": 0})) == (
        "threatens to connect with a1-b2; groups: Black 2, White 3"
    )
    assert english(Message("move.loa.threat", {**threat, "more": 4})).startswith(
        "threatens to connect with a1-b2 and 4 more;"
    )
    assert str(seat("Player 2")) == "Player 2"
    with pytest.raises(ValueError):
        seat("Purple")


def test_lists_say_and_or_as_british_english():
    assert str(Message.all(["a"])) == "a"
    assert str(Message.all(["a", "b"])) == "a and b"
    assert str(Message.all(["a", "b", seat("Red")])) == "a, b and Red"
    assert str(Message.any([3, 4, 5])) == "3, 4 or 5"
    assert str(Message.all([])) == ""


def test_a_select_takes_a_code_never_a_message():
    with pytest.raises(TypeError):
        english(Message("move.evl.left", {"colour": seat("Black"), "cell": "b4"}))


def test_a_message_is_json_with_its_nested_messages_and_lists():
    m = Message(
        "move.saidThreat",
        {
            "move": Message("move.el.write", {"who": seat("Red"), "number": 5, "cell": "c4"}),
            "threat": Message("move.el.threatens", {"threats": Message.all(["c5"])}),
        },
    )
    data = m.to_json()
    assert json.loads(json.dumps(data)) == data
    assert data["args"]["move"] == {
        "id": "move.el.write",
        "args": {"who": {"id": "seat.red", "args": {}}, "number": 5, "cell": "c4"},
    }
    assert data["args"]["threat"]["args"]["threats"] == {"id": "list.and", "args": {"items": ["c5"]}}


# -- one English table, every catalog ---------------------------------------------------


def test_the_pages_english_catalog_holds_the_engines_english_word_for_word():
    """English is written once (#43): the engine's table and the lessons are
    the source (the wheel and the command line need English without the
    page); en.json has each of their texts unchanged, written there by
    ``python3 -m tools.english_catalog``."""
    from tools.english_catalog import COMMAND, differences

    en = CATALOGS["en"]
    assert {k: en.get(k) for k in ENGLISH} == ENGLISH, f"run {COMMAND}"
    assert differences(en) == [], f"run {COMMAND}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_catalog_has_every_engine_message_with_its_placeholders(lang):
    catalog = CATALOGS[lang]
    for key, pattern in ENGLISH.items():
        assert key in catalog, (lang, key)
        assert placeholders(catalog[key]) == placeholders(pattern), (lang, key)


# -- every message the games say --------------------------------------------------------


def walk(message, seen: list) -> None:
    """Check ``message`` and the messages in its arguments: a known id whose
    arguments are exactly the placeholders its words use."""
    if isinstance(message, list):
        for item in message:
            walk(item, seen)
        return
    if not isinstance(message, Message):
        assert isinstance(message, (str, int, float)), message
        return
    seen.append(message.id)
    if message.id in LISTS:
        assert set(message.args) == {"items"}
        walk(message.args["items"], seen)
        return
    assert message.id in ENGLISH, message.id
    assert set(message.args) == placeholders(ENGLISH[message.id]), message
    for value in message.args.values():
        walk(value, seen)


VARIANTS = [(g, v.id) for g, info in sorted(core.GAMES.items()) for v in info.variants]


@pytest.mark.slow
@pytest.mark.parametrize("game,variant", VARIANTS)
def test_every_move_and_result_of_random_games_is_a_known_message(game, variant):
    rng = random.Random(f"messages/{game}/{variant}")
    seen: list[str] = []
    for _ in range(3):
        state = core.new(game, variant)
        for _ in range(200):
            if state.outcome() is not None:
                break
            walk(turn_said(state), seen)
            move = rng.choice(state.legal_moves())
            said = said_move(state, move)
            walk(said, seen)
            # its English is a sentence, and its JSON goes through the bridge
            assert str(said).endswith(".") and str(said)[:1].isupper(), str(said)
            json.dumps(said.to_json())
            state = state.play(move)
        walk(turn_said(state), seen)
        outcome = state.outcome()
        if outcome is not None and outcome.message is not None:
            assert outcome.reason == str(outcome.message)
    assert any(i.startswith("move.said") for i in seen)


@pytest.mark.parametrize("game", SHIPPED_GAMES)
def test_every_game_says_its_moves_and_ends_its_games_in_messages(game):
    """Games of random moves to their end: every result is a message (no
    English left as a bare reason) and its words are in every catalog."""
    rng = random.Random(f"ends/{game}")
    ended = 0
    for _ in range(6):
        state = core.new(game)
        for _ in range(600):
            if state.outcome() is not None:
                break
            state = state.play(rng.choice(state.legal_moves()))
        outcome = state.outcome()
        if outcome is None:
            continue
        ended += 1
        assert outcome.message is not None, outcome.reason
        seen: list[str] = []
        walk(outcome.message, seen)
        for lang in LANGS:
            assert all(i in LISTS or i in CATALOGS[lang] for i in seen)
    assert ended


def test_the_bridge_describes_a_move_as_a_message_and_nothing_in_english():
    start = core.new("loa").to_text()
    result = bridge.call("describe", {"start": start, "line": ["b1-d3"]})
    assert set(result) == {"move", "said", "turnSaid"}
    assert str(Message.from_json(result["said"])) == "Black b1 to d3, groups: Black 3, White 2."
    assert result["said"]["id"] == "move.saidThreat"
    assert result["said"]["args"]["move"] == {
        "id": "move.loa.step",
        "args": {"who": {"id": "seat.black", "args": {}}, "from": "b1", "to": "d3"},
    }
    first = bridge.call("describe", {"start": start, "line": []})
    assert first["said"] is None and first["move"] is None


def test_whose_turn_is_a_message_with_the_seat_and_the_positions_notes():
    loa = core.new("loa")
    assert turn_said(loa) == Message("engine.toMove", {"who": seat("Black")})
    escabel = core.new("escabel").play_text("d1")
    said = turn_said(escabel)
    assert said.id == "engine.notes" and said.args["turn"].args["who"].id == "seat.playerColour"
    assert str(said) == (
        "Player 2 (White) to move. Player 2 may move, or swap sides (pie rule):"
        " Player 2 would then play Black and Player 1 White."
    )
    el = core.new("el", "standard", declare_threats="on").play_text("c4=5")
    # (the prompt is the view's message, its own sentence: said in the reader's language)
    said = turn_said(el)
    assert said.id == "engine.prompt" and isinstance(said.args["prompt"], Message)
    assert str(said) == "Red to move. Mark the cells where you threaten to complete an EL, then confirm."
    assert isinstance(turn_said(escabel).args["notes"], Message)  # (the view's note, as a message)


def test_errors_a_player_is_shown_are_messages_with_their_english():
    """Lines of Action's reasons, typed and clicked: every one a known message
    whose English is the error's text (the other games': test_errors_messages.py)."""
    from gamut.core import IllegalMoveError

    rng = random.Random("errors")
    seen: list[str] = []
    state = core.new("loa")
    cells = [f"{f}{r}" for f in "abcdefgh" for r in range(1, 9)]
    for _ in range(40):
        for text in (
            "zz",
            "z9-a1",
            "pass",
            "b1-b1",
            *(f"{rng.choice(cells)}-{rng.choice(cells)}" for _ in range(30)),
        ):
            try:
                state.parse_move(text)
            except IllegalMoveError as error:
                assert error.said is not None, text
                walk(error.said, seen)
                assert str(error) == str(error.said)
        for clicks in ([rng.choice(cells)], [rng.choice(cells), rng.choice(cells)], ["zz"]):
            why = state.why_illegal(clicks)
            walk(why, seen)
            assert isinstance(why, Message)
        if state.outcome() is not None:
            break
        state = state.play(rng.choice(state.legal_moves()))
    assert {"error.loa.empty", "error.loa.theirs", "error.loa.distance", "error.loa.unreadable"} <= set(seen)
    with pytest.raises(IllegalMoveError) as over:
        finished = core.new("loa").play_text("b1-d3")
        while finished.outcome() is None:
            finished = finished.play(rng.choice(finished.legal_moves()))
        finished.parse_move("b1-d3")
    assert over.value.said is not None and over.value.said.id == "error.over"


def test_the_bridge_sends_an_errors_message_beside_its_text():
    answer = json.loads(
        bridge.handle("enter", json.dumps({"start": core.new("loa").to_text(), "text": "e4-e5"}))
    )
    error = answer["error"]
    assert error["type"] == "IllegalMoveError"
    assert error["message"] == "e4 is empty; pick one of Black's pieces."
    assert error["said"] == {
        "id": "error.loa.empty",
        "args": {"cell": "e4", "who": {"id": "seat.black", "args": {}}},
    }
    why = bridge.call("explain", {"start": core.new("loa").to_text(), "clicks": ["a2"]})
    assert set(why) == {"said"}  # (the message only: the page says it in the player's language)
    assert str(Message.from_json(why["said"])) == "a2 holds a White piece; Black is to move."
    assert why["said"]["id"] == "error.loa.theirs"
    # every game's reasons are messages now (tests/test_errors_messages.py walks them)
    evl = bridge.call("explain", {"start": core.new("evl").to_text(), "clicks": ["zz"]})
    assert evl["said"] == {"id": "error.evl.click", "args": {}}


def test_the_computers_evaluation_is_a_message_beside_its_english():
    from gamut.jobs import think_progress

    loa = core.new("loa")
    names = seats_said(loa.view())
    cases = [
        ({"depth": 0, "score": 0}, "engine.thinking", "thinking…"),
        ({"depth": 3, "score": 10}, "engine.even", "About even"),
        ({"depth": 3, "score": -5000}, "engine.winning", "White is clearly winning"),
        (
            {"simulations": 10, "chances": [0.61, 0.39]},
            "engine.simulations",
            "Black wins 61 % of the simulated games",
        ),
        (
            {"simulations": 10, "chances": [0.0, 1.0], "proven": 1},
            "engine.forcedWin",
            "White wins: a forced win found",
        ),
    ]
    for raw, said_id, english_words in cases:
        out = think_progress(loa, raw, 5.0, names)
        assert str(Message.from_json(out["evaluation"])) == english_words
        assert out["evaluation"]["id"] == said_id and "evaluationSaid" not in out  # (a message only: #43)
        walk(Message.from_json(out["evaluation"]), [])
    from gamut.ai.search import WIN

    out = think_progress(loa, {"depth": 4, "score": WIN - 3}, 5.0, names)
    assert str(Message.from_json(out["evaluation"])).startswith("Black wins: a win found in ")
    assert out["evaluation"]["id"] == "engine.winIn"


def test_every_level_has_its_name_in_every_catalog_and_englishs_is_the_engines():
    from gamut.ai import LEVELS

    for level in LEVELS.values():
        assert CATALOGS["en"][f"level.{level.name}"] == level.label
        for lang in LANGS:
            assert CATALOGS[lang][f"level.{level.name}"].strip(), (lang, level.name)


def test_a_message_reads_back_from_its_json():
    said = Message(
        "move.saidThreat",
        {
            "move": Message("move.plays", {"who": seat("Black"), "move": "b1-d3"}),
            "threat": Message.all(["c4", 3]),
        },
    )
    assert Message.from_json(said.to_json()) == said
    assert Message.from_json(said.to_json()["args"]["threat"]) == Message.all(["c4", 3])
    assert Message.from_json(7) == 7 and Message.from_json("b1") == "b1"
