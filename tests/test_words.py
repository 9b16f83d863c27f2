"""Moves and positions in words (gamut.words and the games' move_words,
threat_words, score_words), and the bridge methods that carry them to the
page: describe, enter, read."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamut import bridge, core
from gamut.core import IllegalMoveError
from gamut.messages import Message
from gamut.view import seat_names
from gamut.words import COMMANDS, CommandError, entry, read_said, said_move

LOA = "loa standard double-connection=mover"


def play(state, *texts):
    for t in texts:
        state = state.play_text(t)
    return state


def say_move(state, move) -> str:
    """A move said, in English (the message's own English: ``str()``)."""
    return str(said_move(state, move))


def read(state, command, last=None) -> str:
    """A reading command's answer, in English."""
    return str(read_said(state, command, last))


def said(state, text):
    return say_move(state, state.parse_move(text))


# -- every move of random games, every game and variant -------------------------------

VARIANTS = [(g, v.id) for g, info in sorted(core.GAMES.items()) for v in info.variants]


@pytest.mark.slow
@pytest.mark.parametrize("game,variant", VARIANTS)
def test_every_move_of_random_games_is_said_with_its_player_cells_and_result(game, variant):
    rng = random.Random(f"{game}/{variant}")
    for _ in range(2):
        state = core.new(game, variant)
        for _ in range(120):
            if state.outcome() is not None:
                break
            names = seat_names(state.view())
            move = rng.choice(state.legal_moves())
            text = say_move(state, move)
            after = state.play(move)
            assert text.endswith(".") and "  " not in text
            # it starts with the mover (a colour in Escabel's "Player 1 (Black)")
            first = text.split()[0]
            assert first in names[state.to_move], (text, names)
            # every cell of the move is named
            for cell in re.findall(r"[a-z]+\d+", state.move_text(move).replace("x", "-")):
                assert re.search(rf"\b{cell}\b", text), (state.move_text(move), text)
            if after.outcome() is not None:
                assert after.outcome().reason in text
            state = after


# -- Lines of Action ----------------------------------------------------------------


def test_loa_quiet_move_capture_and_groups():
    s = core.new("loa")
    assert said(s, "b1-d3") == "Black b1 to d3, groups: Black 3, White 2."
    s = s.play_text("b1-d3")
    assert said(s, "a3xd3") == "White a3 takes d3, groups: White 4, Black 2."


def test_loa_pass_is_said():
    s = core.new("loa")
    assert str(s.move_message(loa_pass(), s)) == "Black passes, having no legal move"


def loa_pass():
    from gamut.games.loa.board import PASS

    return PASS


def test_loa_threat_to_connect_lists_the_connecting_moves():
    s = core.load(f"{LOA} 7w/2b5/b2b2ww/3w2w1/2bb4/3b3w/w7/4wbbb b")
    text = said(s, "a6-e2")
    assert text == ("Black a6 to e2, threatens to connect with c7-c5, c7-e5; groups: Black 2, White 6.")
    after = s.play_text("a6-e2")
    # each named move would connect Black if it were Black's turn again
    from gamut.games.loa.state import LoaState

    again = LoaState(after.variant, after.options, after.black, after.white, 0)
    for m in ("c7-c5", "c7-e5"):
        assert again.play_text(m).outcome().winner == 0


def test_loa_winning_move_says_the_result():
    s = core.load(f"{LOA} 8/8/8/8/8/8/w7/bb1b3w b")
    text = said(s, "d1-c2")
    assert text == "Black d1 to c2. Black wins: all pieces connected."


# -- EL -------------------------------------------------------------------------------


def test_el_placement_threats_and_win():
    s = core.new("el")
    s = play(s, "a1=1", "a6=1", "b1=2", "b6=2", "c1=3", "c6=3", "d1=4", "f6=6")
    assert said(s, "e1=5") == ("Red writes 5 on e1, threatens f1 with 6, a2 with 6 and e2 with 6.")
    s = s.play_text("e1=5")
    assert said(s, "e6=5") == "Blue writes 5 on e6, threatens d6 with 4."
    s = s.play_text("e6=5")
    assert said(s, "f1=6") == "Red writes 6 on f1. Red wins: f1=6 completed an EL."
    assert read(s, "score") == (
        "Red 5 numbers; Blue 5 numbers; 26 empty cells; "
        "Red threatens f1 with 6, a2 with 6 and e2 with 6; "
        "Blue threatens d6 with 4."
    )


def test_el_declarations_are_said_and_threats_stay_secret_until_declared():
    s = core.load("el standard first-two-equal=off,full-board=draw,declare-threats=on start")
    moves = ["a1=1", "a6=1", "b1=2", "b6=2", "c1=3", "c6=3", "d1=4", "f6=6"]
    for m in moves:
        s = s.play_text(m)
        assert said(s, "declare:-") == f"{'Red' if m[1] == '1' else 'Blue'} declares no threat."
        s = s.play_text("declare:-")
    # no threat said before the declaration, only that it comes
    assert said(s, "e1=5") == "Red writes 5 on e1, Red now declares threats."
    s = s.play_text("e1=5")
    assert read(s, "turn") == (
        "Red to move. Mark the cells where you threaten to complete an EL, then confirm."
    )
    assert said(s, "declare:f1") == "Red declares threats on f1 with 6."
    assert said(s, "declare:-") == "Red declares no threat."
    s = play(s, "declare:-", "a5=4", "declare:-")
    # undeclared: completing the EL does not win, and is said so
    assert said(s, "f1=6") == (
        "Red writes 6 on f1, completing an EL without having declared "
        "it: no win, the game goes on; Red now declares threats."
    )


def test_el_first_two_equal_says_the_number_red_must_repeat():
    s = core.load("el standard first-two-equal=on,full-board=draw,declare-threats=off start")
    s = s.play_text("a1=3")
    assert said(s, "a6=1") == "Blue writes 1 on a6, Red must write 3 again."


def test_el_multiplayer_says_no_threats():
    s = core.new("el", "three-player")
    s = play(s, "a1=1", "a8=1", "h8=1")
    assert said(s, "b1=2") == "Red writes 2 on b1."


# -- Escabel ------------------------------------------------------------------------


def test_escabel_placement_swap_chain_and_win():
    s = core.new("escabel")
    assert said(s, "d1") == "Black places on d1, Player 2 may now swap sides (pie rule) instead of moving."
    s = s.play_text("d1")
    assert said(s, "swap") == "Player 2 swaps sides and now plays Black."
    s = play(s, "swap", "a2", "d2", "a3", "d3", "a4", "d4", "a5", "d5", "a6", "d6", "b6")
    assert said(s, "d7") == "Black places on d7, joining Black's edges: White must break the chain now."
    s = s.play_text("d7")
    assert said(s, "b7") == (
        "White places on b7. Player 2 (Black) wins: a chain joins the top and bottom edges."
    )


def test_escabel_stack_move_says_both_stacks():
    s = core.new("escabel", "checkered")
    assert said(s, "a1>b1") == (
        "Black moves a1 onto b1: b1 is now a Black stack of height 2, "
        "a1 a White stack of height 1, Player 2 may now swap sides "
        "(pie rule) instead of moving."
    )


# -- EVL --------------------------------------------------------------------------

EVL = "evl standard pieces=20,markers=10"


def test_evl_placements():
    s = core.new("evl")
    assert said(s, "b3") == "Black places on b3."
    s = play(s, "b3", "c3")
    assert said(s, "b3") == "Black places on b3, a stack of 2."


def test_evl_unstack_leaves_lands_and_takes():
    s = core.new("evl")
    rng = random.Random(3)
    seen = set()
    for _ in range(300):
        if s.outcome() is not None:
            s = core.new("evl")
        moves = s.legal_moves()
        unstacks = [m for m in moves if len(m) > 1]
        m = rng.choice(unstacks) if unstacks and rng.random() < 0.7 else rng.choice(moves)
        text = say_move(s, m)
        after = s.play(m)
        if len(m) > 1:
            seen.add("unstack")
            origin = str(m).split("-")[0]
            assert text.startswith(
                f"{['Black', 'White'][s.to_move]} unstacks {len(s.stack(origin))} from {origin}: "
            )
            # every heptagon passed gets its piece, said with its colour
            for cell in str(m).split("-")[1:-1]:
                colour = ["Black", "White"][after.stack(cell)[-1]]
                assert f"a {colour} piece left on {cell}" in text
            if after.captured():
                seen.add("capture")
                assert "takes " + after.captured()[0] in text
                placed = bin(after.marks[s.to_move]).count("1")
                assert f"{placed} of 10 markers placed" in text
        s = after
    assert seen == {"unstack", "capture"}


def test_evl_score_and_no_pieces_in_hand():
    s = core.load(f"{EVL} 7/7/7/7 6/6/6 b")
    assert read(s, "score") == (
        "Black: 0 of 10 markers placed, 20 pieces in hand, controls 0 "
        "stacks; White: 0 of 10 markers placed, 20 pieces in hand, "
        "controls 0 stacks."
    )


# -- reading commands ----------------------------------------------------------------


def test_reading_commands_on_lines_of_action():
    start = core.new("loa")
    s = start.play_text("b1-d3")
    last = (start, start.parse_move("b1-d3"))
    assert read(s, "turn") == "White to move."
    assert read(s, "  LAST ", last) == "Last move: Black b1 to d3, groups: Black 3, White 2."
    assert read(s, "last") == "No move has been played yet."
    assert read(s, "score") == ("Black: 12 pieces in 3 groups; White: 12 pieces in 2 groups.")
    assert read(s, "pieces black") == (
        "Black: 12 pieces, on c1, d1, e1, f1, g1, d3, b8, c8, d8, e8, f8 and g8."
    )
    assert read(s, "pieces 2") == read(s, "pieces white")
    assert read(s, "rank 1") == "Rank 1: a1 to b1 empty; c1 to g1 Black piece; h1 empty."
    assert read(s, "file d") == (
        "File d: d1 Black piece; d2 empty; d3 Black piece; d4 to d7 empty; d8 Black piece."
    )
    assert read(s, "cell d3") == "d3: Black piece."
    assert "pieces" in read(s, "help")


def test_reading_commands_on_stacks_markers_and_numbers():
    s = core.load(f"{EVL} (bw)6/7/7/7 b5/6/6 w")
    assert read(s, "row a") == (
        "Row a: a1 heptagon, stack of 2, top White (from the bottom: Black, White); a2 to a7 heptagon, empty."
    )
    assert read(s, "row ab") == "Row ab: ab1 pentagon, Black's marker; ab2 to ab6 pentagon, empty."
    assert read(s, "pieces white") == ("White: 1 stack, on a1 (stack of 2: Black, White from the bottom).")
    assert read(s, "pieces black") == "Black: no stacks on the board; markers on ab1."
    e = play(core.new("el"), "c4=5")
    assert read(e, "pieces red") == "Red: 1 number, on c4 5."
    assert read(e, "cell c4") == "c4: Red 5."


@pytest.mark.parametrize(
    "command,message",
    [
        ("dance", "unknown command"),
        ("pieces", "say which"),
        ("pieces green", "no player"),
        ("rank 9", "no rank '9'"),
        ("row z", "no row 'z'"),
        ("cell z9", "no cell"),
        ("turn now", "takes nothing"),
    ],
)
def test_commands_that_cannot_be_answered_say_why(command, message):
    with pytest.raises(CommandError, match=message):
        read(core.new("loa"), command)


def test_an_unknown_command_names_the_commands_each_a_word_of_the_readers_language():
    """#41: the list of commands is the catalog's words (German's "zug", not
    "turn"), so the engine sends each as a message; its English is unchanged."""
    with pytest.raises(CommandError) as raised:
        read(core.new("loa"), "dance")
    said = raised.value.said.to_json()
    assert said["id"] == "error.command.unknown"
    words = []
    chain = said["args"]["commands"]
    while chain["id"] == "box.comma":
        words.append(chain["args"]["first"])
        chain = chain["args"]["rest"]
    words.append(chain)
    assert [w["id"] for w in words] == [f"movebox.command.{c}" for c in COMMANDS]
    assert str(raised.value) == "unknown command 'dance'; commands: " + ", ".join(COMMANDS)


# -- the move box's entries ----------------------------------------------------------


def test_entry_reads_commands_and_moves():
    s = core.new("loa")
    turn = {"id": "engine.toMove", "args": {"who": {"id": "seat.black", "args": {}}}}
    assert entry(s, "Turn") == {"answer": turn}
    assert str(Message.from_json(turn)) == "Black to move."
    assert entry(s, " B1-D3 ") == {"move": "b1-d3"}
    with pytest.raises(IllegalMoveError, match="must move exactly"):
        entry(s, "b1-b2")
    with pytest.raises(CommandError, match="type a move"):
        entry(s, "  ")
    assert entry(core.new("escabel"), "d4") == {"move": "d4"}
    assert entry(play(core.new("el"), "c4=5"), "C5=1") == {"move": "c5=1"}
    assert entry(core.new("evl"), "b3") == {"move": "b3"}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(core.GAMES)), st.text(max_size=30))
def test_any_text_is_a_command_a_move_or_a_typed_error(game, text):
    s = core.new(game)
    try:
        got = entry(s, text)
    except (IllegalMoveError, CommandError):
        return
    assert set(got) in ({"answer"}, {"move"})
    if "move" in got:
        assert got["move"] in [s.move_text(m) for m in s.legal_moves()]


# -- the bridge -------------------------------------------------------------------


def call(method, **params):
    answer = json.loads(bridge.handle(method, json.dumps(params)))
    return answer


def test_bridge_describe_enter_and_read():
    start = f"{LOA} start"
    got = call("describe", start=start, line=["B1-D3", "h2xf4"])
    assert got == {
        "ok": True,
        "result": {
            "move": "h2-f4",
            "said": {
                "id": "move.saidThreat",
                "args": {
                    "move": {
                        "id": "move.loa.step",
                        "args": {"who": {"id": "seat.white", "args": {}}, "from": "h2", "to": "f4"},
                    },
                    "threat": {
                        "id": "move.loa.groups",
                        "args": {
                            "mover": {"id": "seat.white", "args": {}},
                            "own": 3,
                            "other": {"id": "seat.black", "args": {}},
                            "theirs": 3,
                        },
                    },
                },
            },
            "turnSaid": {"id": "engine.toMove", "args": {"who": {"id": "seat.black", "args": {}}}},
        },
    }
    assert str(Message.from_json(got["result"]["said"])) == "White h2 to f4, groups: White 3, Black 3."
    assert call("describe", start=start)["result"] == {
        "move": None,
        "said": None,
        "turnSaid": {"id": "engine.toMove", "args": {"who": {"id": "seat.black", "args": {}}}},
    }
    last = call("enter", start=start, line=["b1-d3"], text="last")["result"]
    assert set(last) == {"answer"}  # (no English beside the message)
    assert last["answer"]["id"] == "box.last"
    assert str(Message.from_json(last["answer"])) == "Last move: Black b1 to d3, groups: Black 3, White 2."
    assert call("enter", start=start, line=["b1-d3"], text="H2-F4")["result"] == {"move": "h2-f4"}
    bad = call("enter", start=start, line=["b1-d3"], text="pieces green")
    assert bad["error"]["type"] == "CommandError"
    bad = call("enter", start=start, text="b1-b2")
    assert bad["error"]["type"] == "IllegalMoveError"
    assert call("read", start=start, command="turn")["result"] == {
        "said": {"id": "engine.toMove", "args": {"who": {"id": "seat.black", "args": {}}}},
    }
    assert call("read", start=start, command="x" * 2000)["error"]["type"] == "RequestError"
    over = call("describe", start=f"{LOA} 8/8/8/8/8/8/w7/bb1b3w b", line=["d1-c2"])["result"]
    assert str(Message.from_json(over["turnSaid"])) == "The game is over. Black wins: all pieces connected."


def test_turn_says_the_positions_notes():
    s = core.new("escabel").play_text("d4")
    assert read(s, "turn") == (
        "Player 2 (White) to move. Player 2 may move, or swap sides (pie "
        "rule): Player 2 would then play Black and Player 1 White."
    )
    e = play(core.new("el"), "a1=1", "a6=1", "b1=2", "b6=2", "c1=3", "c6=3", "d1=4", "f6=6", "e1=5")
    assert read(e, "turn") == "Blue to move. Threat! Red can complete an EL with f1=6, a2=6, e2=6."


def test_moves_lists_the_legal_moves_or_those_from_a_cell():
    s = core.new("loa")
    assert read(s, "moves b1") == "3 legal moves: b1-h1, b1-b3, b1-d3."
    assert read(s, "moves").startswith("36 legal moves: b1-h1, b1-b3, b1-d3, c1-c3, ")
    assert read(s, "moves a1") == "No legal move starts on a1."
    with pytest.raises(CommandError, match="no cell"):
        read(s, "moves z9")
    declare = play(
        core.load("el standard first-two-equal=off,full-board=draw,declare-threats=on start"), "c4=5"
    )
    assert read(declare, "moves") == (
        "No moves are listed here. Mark the cells where you threaten to complete an EL, then confirm."
    )


def test_evaluations_in_words():
    # (the bridge's think job says the computer's evaluation with these)
    from gamut.words import forced_win_said, score_said, simulation_said

    assert str(score_said(30, "Black", "White")) == "About even"
    assert str(score_said(-120, "Black", "White")) == "White stands better"
    assert str(score_said(-250, "Black", None)) == "The opponent is clearly winning"
    assert str(forced_win_said("Black", 1)) == "Black wins: a win found in 1 move"
    assert str(forced_win_said("Red")) == "Red wins: a forced win found"
    assert str(simulation_said("Blue", 0.416)) == "Blue wins 42 % of the simulated games"
