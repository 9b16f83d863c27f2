"""Screen readers and keyboards (issue 16): a full game of every game played
with the keyboard alone (the move box, and the arrow keys with Enter on the
board), the board read through its accessible names (Playwright's aria
snapshot), every move said once in the live log, in the engine's words, and
the reading commands answered there.

Keyboard only: nothing is clicked, no element is focused by script; the
page is reached with "/" (the move box) and Shift+Tab (back to the board's
one tab stop)."""

from __future__ import annotations

import random
import re

import pytest
from pagekit import open_hash, wait_idle
from playwright.sync_api import expect

import gamut
from gamut import words


def say_move(state, move) -> str:
    """A move said, in the engine's English (``str()`` of its message)."""
    return str(words.said_move(state, move))


def read(state, command: str) -> str:
    """A reading command's answer, in the engine's English."""
    return str(words.read_said(state, command))


def turn_words(state) -> str:
    """Whose turn it is, in the engine's English."""
    return str(words.turn_said(state))


LOA_WIN_IN_TWO = (
    "loa standard double-connection=mover 8/3b2w1/b4w2/2w1b1w1/3wbw1w/2bbw2w/2b5/1wb5 b "
    "history=f7-g7,d1-d3,h5-h3,e8-d7,b6-e3"
)


def link(state, moves=(), players=None, start: str | None = None) -> str:
    opts = ",".join(f"{k}={v}" for k, v in state.options_json().items()) or "-"
    text = f"#v1/{state.game_id}/{state.variant}/{opts}/" + ",".join(
        m.replace(">", "%3E").replace("=", "%3D") for m in moves
    )
    if players:
        text += "/players=" + ",".join(players)
    if start is not None:
        text += "/start=" + start.replace(" ", "%20")
    return text


def said_count(page) -> int:
    return int(page.evaluate("document.documentElement.dataset.said || '0'"))


def last_said(page) -> str:
    return page.locator("#said p").last.inner_text()


def wait_said(page, before: int, count: int = 1) -> str:
    """Wait until ``count`` more entries were said; the last one."""
    page.wait_for_function("n => Number(document.documentElement.dataset.said || 0) >= n", arg=before + count)
    wait_idle(page)
    return last_said(page)


def said_in_words(page, state, move: str, before: int):
    """Wait until ``move`` (just entered in ``state``) is said; check it is
    said in the engine's words.  The state after it, and what was said."""
    said = wait_said(page, before)
    assert said == say_move(state, state.parse_move(move)), move
    return state.play_text(move), said


def to_box(page) -> None:
    """The move box, by its key ("/"), from wherever the focus is (not a text field)."""
    if page.evaluate("document.activeElement && document.activeElement.id") != "move-input":
        page.keyboard.press("/")
    expect(page.locator("#move-input")).to_be_focused()


def enter(page, text: str) -> str:
    """Type ``text`` in the move box and press Enter; what was said (or the box's error)."""
    to_box(page)
    before = said_count(page)
    page.keyboard.press("Control+a")
    page.keyboard.press("Backspace")
    page.keyboard.type(text)
    page.keyboard.press("Enter")
    page.wait_for_function(
        "n => Number(document.documentElement.dataset.said || 0) > n"
        " || document.getElementById('move-error').textContent !== ''",
        arg=before,
    )
    wait_idle(page)
    error = page.locator("#move-error").inner_text()
    if error:
        return "error: " + error
    return wait_said(page, before)


def focused_cell(page):
    return page.evaluate(
        "document.activeElement && document.activeElement.dataset"
        " && document.activeElement.dataset.cell || null"
    )


def to_board(page) -> None:
    """Shift+Tab back from the move box to the board's tab stop."""
    for _ in range(25):
        if focused_cell(page):
            return
        page.keyboard.press("Shift+Tab")
    pytest.fail("Shift+Tab never reached the board")


def arrow_to(page, target: str) -> None:
    """Walk the focus over a square board to ``target`` with the arrow keys."""
    to_board(page)
    for _ in range(40):
        here = focused_cell(page)
        if here == target:
            return
        df = ord(target[0]) - ord(here[0])
        dr = int(target[1:]) - int(here[1:])
        key = ("ArrowRight" if df > 0 else "ArrowLeft") if df else ("ArrowUp" if dr > 0 else "ArrowDown")
        page.keyboard.press(key)
    pytest.fail(f"the arrow keys never reached {target}")


def board_names(page) -> str:
    return page.locator("#board").aria_snapshot()


def expect_board_says(page, *names: str) -> None:
    snap = board_names(page)
    for name in names:
        assert re.search(rf'(img|button) "{re.escape(name)}', snap), (name, snap[:2000])


def expect_moves(page, moves) -> None:
    expect(page.locator("#moves .mv")).to_have_text(list(moves))


# -- Lines of Action ------------------------------------------------------------------


def loa_winning_pair(state):
    """A Black move after which every White reply leaves Black a connecting move."""
    for m in state.legal_moves():
        after = state.play(m)
        if after.outcome() is None and all(
            any(
                (r2 := reply.play(w)).outcome() is not None and r2.outcome().winner == 0
                for w in reply.legal_moves()
            )
            for reply in (after.play(x) for x in after.legal_moves())
            if reply.outcome() is None
        ):
            return m
    raise AssertionError("no win in two")


def test_lines_of_action_against_the_computer_from_the_keyboard(shared_page):
    page = shared_page
    start = gamut.load(LOA_WIN_IN_TWO)
    open_hash(page, link(start, players=["h", "c:beginner"], start=LOA_WIN_IN_TWO))
    wait_idle(page)
    # the move box is a labelled combobox, described by its help
    box = page.locator("#movebox").aria_snapshot()
    assert 'combobox "Move or command"' in box and 'button "Enter"' in box
    expect(page.locator("#move-input")).to_have_accessible_description(re.compile("a command: turn, last"))
    expect_board_says(page, "c1: Black piece", "b1: White piece", "h1: empty")
    # reading commands: said in the log, in the engine's words
    assert enter(page, "turn") == "Black to move."
    assert enter(page, "last") == "No move has been played yet."
    assert enter(page, "pieces black") == read(start, "pieces black")
    assert enter(page, "rank 6") == read(start, "rank 6")
    assert enter(page, "score").startswith("Black: ")
    assert enter(page, "moves c1") == read(start, "moves c1")
    # a wrong entry says why, and nothing is played
    with pytest.raises(gamut.IllegalMoveError) as why:
        start.parse_move("c2-c4")
    assert enter(page, "c2-c4") == "error: " + str(why.value).rstrip(".") + "."
    expect(page.locator("#move-input")).to_have_attribute("aria-invalid", "true")
    expect_moves(page, [])
    page.keyboard.press("Control+a")
    page.keyboard.press("Backspace")
    expect(page.locator("#move-error")).to_have_text("")
    # the first move: picked from the suggestions with Down and Enter
    first = loa_winning_pair(start)
    text = str(first)
    to_box(page)
    before = said_count(page)
    page.keyboard.type(text[:3])
    options = page.locator("#move-options [role=option]")
    expect(options.first).to_be_visible()
    labels = options.all_inner_texts()
    assert labels and all(t.startswith(text[:3]) for t in labels)
    assert text in labels, labels
    for _ in range(labels.index(text) + 1):
        page.keyboard.press("ArrowDown")
    expect(page.locator("#move-input")).to_have_attribute(
        "aria-activedescendant", f"move-option-{labels.index(text)}"
    )
    page.keyboard.press("Enter")
    # said once: the human's move, then the computer's reply
    said = wait_said(page, before, 2)
    entries = page.locator("#said p").all_inner_texts()
    mine = say_move(start, first)
    assert entries[-2] == mine
    reply_text = page.locator("#moves .mv").nth(1).inner_text()
    after = start.play(first)
    reply = after.parse_move(reply_text)
    assert said == say_move(after, reply)
    assert "nodes" not in " ".join(entries) and "depth" not in " ".join(entries)
    # the win, entered on the board: arrows to the piece, Enter, arrows to the target, Enter
    now = after.play(reply)
    win = next(m for m in now.legal_moves() if now.play(m).outcome() is not None)
    frm, to = re.split(r"[-x]", str(win))
    before = said_count(page)
    arrow_to(page, frm)
    page.keyboard.press("Enter")
    arrow_to(page, to)
    page.keyboard.press("Enter")
    said = wait_said(page, before)
    assert said == say_move(now, win)
    assert "Black wins" in said
    expect(page.locator("#result")).to_contain_text("Black wins")
    expect_board_says(page, f"{to}: Black piece")
    assert enter(page, "turn").startswith("The game is over. Black wins")
    assert enter(page, "last") == "Last move: " + say_move(now, win)


# -- EL: a whole game, Red typing, Blue on the board and its number keys -----------------


def test_el_whole_game_from_the_keyboard(shared_page):
    page = shared_page
    state = gamut.new("el", "standard", declare_threats="off")
    open_hash(page, link(state))
    wait_idle(page)
    line = ["a1=1", "a6=1", "b1=2", "b6=2", "c1=3", "c6=3", "d1=4", "f6=6", "e1=5", "e6=5", "f1=6"]
    for i, move in enumerate(line):
        before = said_count(page)
        if i % 2 == 0:  # Red: the move box
            enter(page, move)
        else:  # Blue: arrows to the cell, Enter, then the number's key
            cell, number = move.split("=")
            arrow_to(page, cell)
            page.keyboard.press("Enter")
            page.keyboard.press(number)
        state, said = said_in_words(page, state, move, before)
        expect_moves(page, line[: i + 1])
    assert said == "Red writes 6 on f1. Red wins: f1=6 completed an EL."
    expect(page.locator("#result")).to_contain_text("Red wins")
    expect_board_says(page, "f1: Red 6", "e6: Blue 5", "a2: empty")
    assert enter(page, "rank 1") == "Rank 1: a1 Red 1; b1 Red 2; c1 Red 3; d1 Red 4; e1 Red 5; f1 Red 6."


def test_el_declarations_typed(shared_page):
    page = shared_page
    state = gamut.new("el", "standard", declare_threats="on")
    open_hash(page, link(state))
    wait_idle(page)
    for move in ["c4=5", "declare -", "d4=2", "declare c5"]:  # (c5 is no threat: declared away)
        before = said_count(page)
        said = enter(page, move)
        assert said == say_move(state, state.parse_move(move)), move
        assert said_count(page) == before + 1
        state = state.play_text(move)
    assert said == "Blue declares no threat."
    with pytest.raises(gamut.IllegalMoveError) as why:
        state.parse_move("declare z9")
    assert enter(page, "declare z9") == "error: " + str(why.value).rstrip(".") + "."
    assert enter(page, "turn") == turn_words(state)


# -- Escabel: a whole game, with the swap ----------------------------------------------


def test_escabel_whole_game_from_the_keyboard(shared_page):
    page = shared_page
    state = gamut.new("escabel")
    open_hash(page, link(state))
    wait_idle(page)
    line = ["d1", "swap", "a2", "d2", "a3", "d3", "a4", "d4", "a5", "d5", "a6", "d6", "b6", "d7", "b7"]
    for i, move in enumerate(line):
        before = said_count(page)
        if move == "swap" or i % 3 == 0:
            enter(page, move)
        else:  # a placement: arrows to the point, Enter
            arrow_to(page, move)
            page.keyboard.press("Enter")
        state, said = said_in_words(page, state, move, before)
    assert "Player 2 (Black) wins" in said
    entries = page.locator("#said p").all_inner_texts()
    assert any("joining Black's edges: White must break the chain now" in e for e in entries)
    expect_board_says(page, "d7: Player 2 (Black) piece", "b7: Player 1 (White) piece")
    assert enter(page, "pieces black") == read(state, "pieces black")


def test_escabel_stack_move_typed(shared_page):
    page = shared_page
    state = gamut.new("escabel", "checkered")
    open_hash(page, link(state))
    wait_idle(page)
    said = enter(page, "a1>b1")
    assert said == (
        "Black moves a1 onto b1: b1 is now a Black stack of height 2, a1 a White stack "
        "of height 1, Player 2 may now swap sides (pie rule) instead of moving."
    )
    expect_moves(page, ["a1>b1"])
    expect_board_says(
        page,
        "b1: stack of 2, top Player 1 (Black) (from the bottom: Player 2 (White), Player 1 (Black))",
        "a1: Player 2 (White) piece",
    )


# -- EVL: a whole game typed; Lines of Action: the last twenty moves of one ------------


def random_game(game: str, seed: int, unstacks: bool = False):
    """The positions and moves of a random game played to its end (EVL's
    unstacks preferred: the game ends sooner); a winning move is always taken."""
    rng = random.Random(seed)
    state = gamut.new(game)
    states, moves = [state], []
    while state.outcome() is None:
        legal = state.legal_moves()
        wins = [m for m in legal if state.play(m).outcome() is not None]
        pool = [m for m in legal if len(str(m).split("-")) > 1] if unstacks else []
        m = wins[0] if wins else rng.choice(pool) if pool and rng.random() < 0.7 else rng.choice(legal)
        moves.append(str(m))
        state = state.play(m)
        states.append(state)
    return states, moves


def test_evl_whole_game_from_the_keyboard(shared_page):
    page = shared_page
    states, line = random_game("evl", 7, unstacks=True)
    assert 30 <= len(line) <= 80 and sum(len(m.split("-")) > 2 for m in line) >= 3
    state = states[0]
    open_hash(page, link(state))
    wait_idle(page)
    for i, move in enumerate(line):
        if i == len(line) // 2:  # the position read mid-game
            assert enter(page, "score") == read(state, "score")
            assert enter(page, "row b") == read(state, "row b")
            assert enter(page, "row bc") == read(state, "row bc")
        before = said_count(page)
        enter(page, move)
        state, said = said_in_words(page, state, move, before)
    assert state.outcome() is not None and state.outcome().reason in said
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#moves .mv")).to_have_count(len(line))
    # the board read through its names
    snap = board_names(page)
    for cell in ("a1", "ab1", "d7", "cd6"):
        assert f'"{cell}: ' in snap


ARROWS = ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight")


def arrow_graph(page) -> dict:
    """Where each arrow key takes the focus from each cell of the board on
    screen: {cell: {key: cell}} (a key that leads nowhere keeps the cell)."""
    graph: dict = {}
    for cell in page.eval_on_selector_all("#board .hit[data-cell]", "els => els.map(e => e.dataset.cell)"):
        for key in ARROWS:
            page.focus(f'#board .hit[data-cell="{cell}"]')
            page.keyboard.press(key)
            graph.setdefault(cell, {})[key] = focused_cell(page)
    return graph


def reachable(graph: dict, start: str, reverse: bool = False) -> set:
    edges = {c: set(ks.values()) for c, ks in graph.items()}
    if reverse:
        edges = {c: {a for a, out in graph.items() if c in out.values()} for c in graph}
    seen, todo = {start}, [start]
    while todo:
        for nxt in edges[todo.pop()] - seen:
            seen.add(nxt)
            todo.append(nxt)
    return seen


def walk_graph_to(page, graph: dict, target: str) -> None:
    """Walk the focus to ``target`` with the arrow keys, by the shortest way
    in ``graph``, checking each step lands where the graph says."""
    here = focused_cell(page)
    paths = {here: []}
    todo = [here]
    while todo and target not in paths:
        cell = todo.pop(0)
        for key, nxt in graph[cell].items():
            if nxt not in paths:
                paths[nxt] = paths[cell] + [(key, nxt)]
                todo.append(nxt)
    assert target in paths, f"no way from {here} to {target}"
    for key, nxt in paths[target]:
        page.keyboard.press(key)
        assert focused_cell(page) == nxt


def test_evl_board_by_keyboard_alone(shared_page):
    """Every cell of EVL's polygon board is reached with the arrow keys from
    every other; placements, an unstack with a capture and a two-step unstack
    are played with the arrows and Enter, and each is said."""
    page = shared_page
    state = gamut.new("evl")
    open_hash(page, link(state))
    wait_idle(page)
    graph = arrow_graph(page)
    assert len(graph) == 46  # 28 heptagons and 18 pentagons
    assert all(len(set(ks.values()) - {c}) >= 2 for c, ks in graph.items())
    assert reachable(graph, "a1") == set(graph) == reachable(graph, "a1", reverse=True)
    to_box(page)
    to_board(page)
    for move in ["c4", "d7", "c4", "a7", "b3", "d1"]:
        before = said_count(page)
        walk_graph_to(page, graph, move)
        page.keyboard.press("Enter")
        state, _ = said_in_words(page, state, move, before)
    # c4 (a stack of 3 for Black) onto c3: Enter on c4 offers both a placement and
    # an unstack; Enter on c3 shows the unstack, Enter again plays it
    before = said_count(page)
    walk_graph_to(page, graph, "c4")
    page.keyboard.press("Enter")
    expect(page.locator("#confirm-move")).to_have_text("Place on c4 (stack of 3)")
    walk_graph_to(page, graph, "c3")
    page.keyboard.press("Enter")
    expect(page.locator("#confirm-move")).to_have_text("Unstack c4-c3, taking bc2 and bc3")
    assert said_count(page) == before  # nothing played yet
    page.keyboard.press("Enter")
    state, said = said_in_words(page, state, "c4-c3", before)
    assert "bc2" in said and "bc3" in said
    before = said_count(page)
    walk_graph_to(page, graph, "a1")
    page.keyboard.press("Enter")
    state, _ = said_in_words(page, state, "a1", before)
    # a two-step path: the last step plays it
    before = said_count(page)
    for cell in ("c3", "c2", "c1"):
        walk_graph_to(page, graph, cell)
        page.keyboard.press("Enter")
    state, _ = said_in_words(page, state, "c3-c2-c1", before)
    expect_moves(page, ["c4", "d7", "c4", "a7", "b3", "d1", "c4-c3", "a1", "c3-c2-c1"])
    expect_board_says(page, "c1: ", "c2: ")


def test_lines_of_action_last_twenty_moves_from_the_keyboard(shared_page):
    page = shared_page
    states, line = random_game("loa", 5)
    k = len(line) - 20
    state = states[k]
    open_hash(page, link(state, start=state.to_text()))
    wait_idle(page)
    for i, move in enumerate(line[k:]):
        before = said_count(page)
        if i % 2:  # on the board: arrows to the piece, Enter, arrows to the target, Enter
            frm, to = re.split(r"[-x]", move)
            arrow_to(page, frm)
            page.keyboard.press("Enter")
            arrow_to(page, to)
            page.keyboard.press("Enter")
        else:
            enter(page, move)
        state, said = said_in_words(page, state, move, before)
    assert state.outcome() is not None and state.outcome().reason in said
    expect(page.locator("#result")).to_be_visible()
    pieces = [p["cell"] for p in state.view()["pieces"]]
    expect_board_says(page, *(f"{c}: " for c in pieces[:6]))


# -- taking back and browsing are said too -------------------------------------------------


def test_undo_and_browsing_are_said(shared_page):
    page = shared_page
    state = gamut.new("loa")
    open_hash(page, link(state))
    wait_idle(page)
    enter(page, "b1-d3")
    enter(page, "a2-c2")
    before = said_count(page)
    # Undo by keyboard: Tab from the move box to the Undo button, Enter
    for _ in range(40):
        if page.evaluate("document.activeElement && document.activeElement.id") == "undo":
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    said = wait_said(page, before)
    a = state.play_text("b1-d3")
    assert said == "Taken back: " + say_move(a, a.parse_move("a2-c2")) + " White to move."
    # browsing (the history keys, away from the board and the box): said where it rests
    before = said_count(page)
    page.keyboard.press("ArrowLeft")
    said = wait_said(page, before)
    assert said == "Start position. Black to move."
    before = said_count(page)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    said = wait_said(page, before)
    assert said == "Move 2: " + say_move(a, a.parse_move("a2-c2"))
