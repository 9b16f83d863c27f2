"""Lines of Action: perft against docs/RULES.md (Lines of Action), every rule on a position built
for it, the 16 recorded games, codecs and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import gamut
from gamut import IllegalMoveError, PositionError, grid, records
from gamut.core.perft import generic_perft
from gamut.games.loa import board
from gamut.games.loa import perft as loa_perft
from gamut.games.loa import state as loa_state

# 16 real games from Winands' thesis, as shipped with OpenSpiel (copied from
# shared/data so that the tests never depend on a folder beside the checkout).
RECORDS = json.loads((Path(__file__).parent / "data" / "loa_game_records.json").read_text())

HEADER = "loa standard double-connection=mover "


def pos(body: str, **options) -> loa_state.LoaState:
    header = HEADER
    if options.get("double") == "draw":
        header = "loa standard double-connection=draw "
    return gamut.load(header + body)


# --- perft -----------------------------------------------------------------

STANDARD_PERFT = [36, 1_244, 44_952, 1_563_208]
SCRAMBLED_PERFT = [32, 992, 32_000, 1_002_260]


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_perft_standard(depth):
    assert gamut.perft(gamut.new("loa"), depth) == STANDARD_PERFT[depth - 1]


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_perft_scrambled_eggs(depth):
    start = gamut.new("loa", "scrambled-eggs")
    assert gamut.perft(start, depth) == SCRAMBLED_PERFT[depth - 1]


def _random_positions(count, seed=7, max_plies=60):
    """Positions from random games (captures, late middle games, the odd
    finished game) for cross-checking the fast paths against the plain ones."""
    import random

    rng = random.Random(seed)
    found = []
    while len(found) < count:
        s = gamut.new("loa", rng.choice(["standard", "scrambled-eggs"]))
        for _ in range(rng.randrange(max_plies)):
            if s.outcome() is not None:
                break
            s = s.play_unchecked(rng.choice(s.legal_moves()))
        found.append(s)
    return found


def test_line_table_generator_matches_piece_by_piece_generator():
    for s in _random_positions(300):
        for own, enemy in ((s.black, s.white), (s.white, s.black)):
            expected = board.generate_by_rays(own, enemy)
            assert board.generate(own, enemy) == expected  # same moves, same order
            assert board.count_moves(own, enemy) == len(expected)


@pytest.mark.parametrize("variant", ["standard", "scrambled-eggs"])
@pytest.mark.slow  # (--fast leaves it out: over a second of CPU; every full run has it)
def test_bitboard_perft_matches_generic_perft_from_the_start(variant):
    start = gamut.new("loa", variant)
    for depth in range(0, 5):
        assert loa_perft.perft(start, depth) == generic_perft(start, depth)


@pytest.mark.slow  # (1.4 s; the starts above are the fast loop's)
def test_bitboard_perft_matches_generic_perft_in_random_positions():
    for s in _random_positions(40, seed=11):
        assert loa_perft.perft(s, 3) == generic_perft(s, 3)


def test_bitboard_perft_counts_repetitions_and_passes():
    s = gamut.new("loa")
    cycle = _four_move_cycle(s)
    again = gamut.replay(s, cycle + cycle[:2])[-1]  # two plies from the start's third time
    fresh = pos(again.board_text() + " b")
    assert loa_perft.perft(again, 3) == generic_perft(again, 3) != generic_perft(fresh, 3)
    stuck = pos("8/8/8/8/8/8/ww4ww/bw4wb b")  # Black must pass
    for depth in range(4):
        assert loa_perft.perft(stuck, depth) == generic_perft(stuck, depth)


def test_setups_match_rulings():
    s = gamut.new("loa")
    assert s.board_text() == "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1"
    assert s.to_move == 0
    e = gamut.new("loa", "scrambled-eggs")
    assert e.board_text() == "1wbwbwb1/b6w/w6b/b6w/w6b/b6w/w6b/1bwbwbw1"


# --- movement ----------------------------------------------------------------


def test_move_length_counts_both_colours_on_the_whole_line():
    s = gamut.new("loa")
    # b1 north: column b holds b1 and b8 -> exactly 2 squares.
    assert "b1-b3" in {str(m) for m in s.legal_moves()}
    with pytest.raises(IllegalMoveError, match="exactly 2"):
        s.parse_move("b1-b4")
    # c1 north-west: the diagonal c1-b2-a3 holds c1 and White's a3 -> 2, a capture.
    assert s.parse_move("c1xa3").is_capture


def test_jumping_a_friend_is_allowed():
    s = gamut.new("loa")
    # b1 east: rank 1 holds six black pieces -> 6 squares, over c1..g1, to h1.
    m = s.parse_move("b1-h1")
    assert not m.is_capture
    after = s.play(m)
    assert after.board_text().endswith("/2bbbbbb")


def test_no_jumping_an_enemy():
    s = pos("8/8/8/8/8/1w6/b7/4b1w1 b")
    # a2 north-east: the diagonal holds a2 and White's b3 -> 2 squares, over b3.
    with pytest.raises(IllegalMoveError, match="jump"):
        s.parse_move("a2-c4")
    assert "a2-c4" not in {str(m) for m in s.legal_moves()}


def test_cannot_land_on_own_piece():
    s = pos("7w/8/8/8/8/8/1w6/b1b5 b")
    # a1 east: rank 1 holds a1 and c1 -> 2 squares -> c1, Black's own piece.
    with pytest.raises(IllegalMoveError, match="own piece"):
        s.parse_move("a1-c1")
    assert "a1-c1" not in {str(m) for m in s.legal_moves()}


def test_capture_after_jumping_own_piece():
    s = pos("7w/8/8/8/8/8/8/b1bw4 b")
    # a1 east: rank 1 holds a1, c1, d1 -> 3 squares: over own c1 onto White's d1.
    m = s.parse_move("a1xd1")
    assert m.is_capture and str(m) == "a1xd1"


def test_capture_removes_the_piece_and_is_written_with_x():
    s = gamut.new("loa")
    m = s.parse_move("c1-a3")  # accepted with either separator
    assert str(m) == "c1xa3"
    after = s.play(m)
    assert after.white.bit_count() == 11 and after.black.bit_count() == 12
    assert not (after.white >> 16) & 1 and (after.black >> 16) & 1


def test_play_leaves_the_original_unchanged():
    s = gamut.new("loa")
    text = s.to_text()
    s.play(s.legal_moves()[0])
    assert s.to_text() == text and len(s.legal_moves()) == 36


# --- the end of the game -------------------------------------------------------


def test_connecting_all_pieces_wins():
    s = pos("w7/8/8/8/3b1b2/2b5/8/7w b")
    after = s.play_text("f4-e5")
    assert after.outcome().winner == 0
    assert set(after.outcome().cells) == {"c3", "d4", "e5"}
    assert after.legal_moves() == []
    assert "connected" in after.outcome().reason


def test_lone_piece_is_connected_and_wins():
    s = pos("w7/4b1b1/8/4w3/8/8/1b6/8 b")
    after = s.play_text("e7xe5")
    assert after.white.bit_count() == 1
    assert after.outcome().winner == 1
    assert "lone piece" in after.outcome().reason


def test_double_connection_mover_wins():
    s = pos("ww6/4b3/8/4w3/3b4/2b5/8/8 b")
    after = s.play_text("e7xe5")
    assert after.outcome().winner == 0
    assert "both sides" in after.outcome().reason


def test_double_connection_draw_option():
    s = pos("ww6/4b3/8/4w3/3b4/2b5/8/8 b", double="draw")
    after = s.play_text("e7xe5")
    assert after.outcome().winner is None
    assert "both sides" in after.outcome().reason


def test_forced_pass():
    s = pos("8/8/8/8/8/8/ww4ww/bw4wb b")
    assert s.outcome() is None
    assert s.legal_moves() == [board.PASS]
    after = s.play_text("pass")
    assert after.to_move == 1 and after.board_text() == s.board_text()
    with pytest.raises(IllegalMoveError, match="pass only"):
        gamut.new("loa").parse_move("pass")
    with pytest.raises(IllegalMoveError, match="must pass"):
        s.parse_move("a1-c1")


def _four_move_cycle(state):
    for mb in state.legal_moves():
        if mb.is_capture:
            continue
        s1 = state.play(mb)
        for mw in s1.legal_moves():
            if mw.is_capture:
                continue
            s2 = s1.play(mw)
            back_b = f"{grid.cell_name(mb.to_square, 8)}-{grid.cell_name(mb.from_square, 8)}"
            back_w = f"{grid.cell_name(mw.to_square, 8)}-{grid.cell_name(mw.from_square, 8)}"
            try:
                s3 = s2.play_text(back_b)
                s3.play_text(back_w)
            except IllegalMoveError:
                continue
            return [str(mb), str(mw), back_b, back_w]
    raise AssertionError("no cycle found")


def test_third_repetition_is_a_draw():
    s = gamut.new("loa")
    cycle = _four_move_cycle(s)
    states = gamut.replay(s, cycle * 2)
    assert states[4].board_text() == s.board_text() and states[4].repetitions() == 2
    assert all(st.outcome() is None for st in states[:8])
    assert states[8].repetitions() == 3
    assert states[8].outcome().winner is None
    assert "repetition" in states[8].outcome().reason
    # The repetition history survives the position text: one more cycle from
    # a reloaded second occurrence still draws.
    reloaded = gamut.load(states[4].to_text())
    assert reloaded == states[4]
    assert gamut.replay(reloaded, cycle)[-1].outcome().winner is None


def test_capture_resets_repetition_history():
    s = gamut.new("loa").play_text("c1xa3")
    assert "history" not in s.to_text()


# --- the recorded games --------------------------------------------------------


@pytest.mark.parametrize("index", range(16))
def test_recorded_games_replay_to_their_result(index):
    rec = RECORDS[index]
    states = gamut.replay(gamut.new("loa"), rec["moves"])
    final = states[-1]
    board, side = rec["final_fen"].split()
    assert final.board_text() == board and "bw"[final.to_move] == side
    winner = final.outcome().winner if final.outcome() else None
    expected = {"black": 0, "white": 1, None: None}[rec["winner_mover_first_rule"]]
    assert winner == expected
    assert all(s.outcome() is None for s in states[:-1])
    # the record codec replays to the same states
    nodes = [(i, move, "") for i, move in enumerate(rec["moves"])]
    record = records.parse_one(records.format(records.Record.of(states[0], nodes)))
    assert gamut.replay(record.start_state(), record.main_line()) == states


def test_records_exist():
    assert len(RECORDS) == 16


# --- bad input ---------------------------------------------------------------------

BAD_TEXTS = [
    "",
    "loa",
    "loa standard",
    "chess standard - start",
    "loa nope double-connection=mover start",
    "loa standard double-connection=maybe start",
    "loa standard - start",
    "loa standard double-connection=mover",
    "loa standard double-connection=mover 8/8 b",
    "loa standard double-connection=mover 1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 x",
    "loa standard double-connection=mover 1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb b",
    "loa standard double-connection=mover 1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb11 b",
    "loa standard double-connection=mover 1bbqbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b",
    "loa standard double-connection=mover 8/8/8/8/8/8/8/8 b",
    "loa standard double-connection=mover bbbbbbbb/bbbbbbbb/8/8/8/8/8/w7 b",
    "loa standard double-connection=mover 1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b history=b1-b3",
    "loa standard double-connection=mover 1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b history=a1xb2",
    "loa standard double-connection=mover 1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b junk",
    "loa standard double-connection=mover,double-connection=draw start",
    # a rank describes exactly 8 squares (pieces past the 8th file were dropped)
    "loa standard double-connection=mover bbbbbbbbbbbb/8/8/8/8/8/8/7w b",
    "loa standard double-connection=mover 1bbbbbb1/w6w/8w1/w6w/w6w/w6w/w6w/1bbbbbb1 b",
    "loa standard double-connection=mover 1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1w b",
    "loa standard double-connection=mover 1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb18 b",
    "loa standard colour=red start",
]


@pytest.mark.parametrize("text", BAD_TEXTS)
def test_malformed_position_texts_raise_position_error(text):
    with pytest.raises(PositionError):
        gamut.load(text)


def test_history_that_is_not_legal_is_rejected():
    s = gamut.new("loa").play_text("b1-b3").play_text("a2-c2")
    text = s.to_text()
    assert gamut.load(text) == s
    with pytest.raises(PositionError):
        gamut.load(text.replace("history=b1-b3,a2-c2", "history=b1-b3,a2-c2,a2-c2"))


def test_parse_move_rejects_non_text_and_finished_games():
    with pytest.raises(IllegalMoveError):
        gamut.new("loa").parse_move(None)
    done = pos("w7/8/8/8/3b1b2/2b5/8/7w b").play_text("f4-e5")
    with pytest.raises(IllegalMoveError, match="over"):
        done.parse_move("c3-c4")


def test_why_illegal_explains_clicks():
    s = gamut.new("loa")
    assert "exactly 2" in str(s.why_illegal(["b1", "b4"]))
    assert "rows, columns and diagonals" in str(s.why_illegal(["b1", "c3"]))
    assert "empty" in str(s.why_illegal(["d4"]))
    assert "White" in str(s.why_illegal(["a2", "c2"]))


def test_view_is_json_and_lists_every_move_with_clicks():
    s = gamut.new("loa").play_text("b1-b3")
    v = json.loads(json.dumps(s.view()))
    assert v["board"]["kind"] == "squares" and len(v["board"]["cells"]) == 64
    assert len(v["pieces"]) == 24 and v["to_move"] == 1
    assert v["last_move"] == ["b1", "b3"]
    assert {m["text"] for m in v["moves"]} == {str(m) for m in s.legal_moves()}
    for m in v["moves"]:
        assert m["clicks"] == [m["text"][:2], m["text"][3:]]
    done = pos("w7/8/8/8/3b1b2/2b5/8/7w b").play_text("f4-e5").view()
    assert done["outcome"]["winner"] == 0 and done["moves"] == []
    assert done["highlights"][0]["kind"] == "win"


def test_remembered_connections_are_the_flood_fills(monkeypatch):
    # The search's memo of is_connected (by bitboard) answers as the flood
    # fill does, and starts again when full rather than growing.
    import random

    monkeypatch.setattr(board, "CONNECTED", {})
    monkeypatch.setattr(loa_state, "CONNECTED", board.CONNECTED)
    monkeypatch.setattr(board, "CONNECTED_LIMIT", 50)
    rng = random.Random(3)
    for _ in range(400):
        bb = sum(1 << sq for sq in rng.sample(range(64), rng.randrange(1, 6)))
        assert board.remember_connected(bb) == board.is_connected(bb) == (board.count_groups(bb) == 1)
        assert len(board.CONNECTED) <= 50
    for s in _random_positions(20, seed=5):
        for m in s.legal_moves():
            child = s.play_unchecked(m)
            assert (child.outcome() is not None) == (gamut.load(child.to_text()).outcome() is not None)


def test_count_groups_counts_8_connected_groups_square_by_square():
    # count_groups takes the lone pieces at once and floods the others:
    # against a plain search over squares.
    import random

    def groups_by_squares(bb):
        left, groups = {sq for sq in range(64) if bb >> sq & 1}, 0
        while left:
            todo, groups = [left.pop()], groups + 1
            while todo:
                r, f = divmod(todo.pop(), 8)
                for dr in (-1, 0, 1):
                    for df in (-1, 0, 1):
                        sq = (r + dr) * 8 + f + df
                        if 0 <= r + dr < 8 and 0 <= f + df < 8 and sq in left:
                            left.remove(sq)
                            todo.append(sq)
        return groups

    rng = random.Random(8)
    for _ in range(2000):
        bb = sum(1 << sq for sq in rng.sample(range(64), rng.randrange(0, 16)))
        assert board.count_groups(bb) == groups_by_squares(bb)
