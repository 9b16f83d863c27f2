"""The computer opponent in the page: games against it in all four games,
"Move now", the hint with its evaluation, undo and navigation while it
thinks, and a computer-vs-computer game with Pause / Resume.

The human side is played by clicking: the test replays the game in CPython
(``gamut``) to learn the legal moves and the clicks that enter them, so every
move the page shows is also checked to be legal.  One page is shared by the
tests (Pyodide takes 10-30 s to start here); each test opens its game through
the URL fragment, which also cancels whatever the computer was doing.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from conftest import wait_engine_ready
from pagekit import cell, library_entries, move_count, open_hash, saved, wait_idle
from playwright.sync_api import expect

import gamut
import gamut.ai

SHOTS = Path(__file__).resolve().parent / "screenshots"

# Every game with its options spelled out, so the CPython replay matches the page.
GAMES = {
    "loa": ("standard", {}),
    "el": ("standard", {"declare-threats": "off"}),
    "escabel": ("standard", {}),
    "evl": ("standard", {}),
}
LOA_WIN_IN_TWO = (
    "loa standard double-connection=mover 8/3b2w1/b4w2/2w1b1w1/3wbw1w/2bbw2w/2b5/1wb5 b "
    "history=f7-g7,d1-d3,h5-h3,e8-d7,b6-e3"
)


def start_state(game: str):
    variant, options = GAMES[game]
    return gamut.new(game, variant, **options)


BAR_MOVING = (
    "() => { const b = document.getElementById('ai-progress');"
    " return !!b && !b.hidden && b.value > 0 && b.value < 1; }"
)
BEGINNER_CAP_MS = 1000 * max(gamut.ai.LEVELS["beginner"].time_limit(start_state(g)) for g in GAMES)


def link(game: str, moves=(), players=None, start: str | None = None) -> str:
    state = start_state(game) if start is None else gamut.load(start)
    opts = ",".join(f"{k}={v}" for k, v in state.options_json().items()) or "-"
    text = f"#v1/{game}/{state.variant}/{opts}/" + ",".join(m.replace(">", "%3E") for m in moves)
    if players:
        text += "/players=" + ",".join(players)
    if start is not None:
        text += "/start=" + start.replace(" ", "%20")
    return text


def played(page) -> list[str]:
    """The main line's moves up to the position on the board (<html data-ply>)."""
    return page.evaluate("""() => [...document.querySelectorAll('#moves .row .mv')].map(e => e.textContent)
        .slice(0, Number(document.documentElement.dataset.ply || 0))""")


def replay(game: str, moves, start: str | None = None):
    state = start_state(game) if start is None else gamut.load(start)
    for text in moves:
        move = state.parse_move(text)  # raises if the page played an illegal move
        assert move in state.legal_moves(), text
        state = state.play(move)
    return state


def thinking(page) -> str:
    return page.evaluate("document.documentElement.dataset.thinking || ''")


def human_move(page, game: str, pick: int = 0, text: str | None = None, start: str | None = None) -> str:
    """Play a legal move of the position on the page by clicking it: the move's
    clicks (cells and palette numbers) as the engine lists them; the move
    written ``text``, or else one picked by ``pick``."""
    wait_idle(page)
    before = played(page)
    state = replay(game, before, start)
    options = [m for m in state.view()["moves"] if m["clicks"]]
    if text is not None:
        move = next(m for m in options if m["text"] == text)
    else:
        move = options[(pick * 7 + 3) % len(options)]
    for pid in page.eval_on_selector_all(
        '#palette .pal[aria-pressed="true"]', "els => els.map(e => e.dataset.id)"
    ):
        page.locator(f'#palette .pal[data-id="{pid}"]').click()  # a number still picked last time
    for click in move["clicks"]:
        target = page.locator(f'#palette .pal[data-id="{click}"]')
        if not target.count():
            target = cell(page, click)
        target.click()
    if page.locator("#confirm-move").is_visible() and len(played(page)) == len(before):
        page.locator("#confirm-move").click()
    # The computer may answer at once (Beginner thinks 0.1 s), so the list
    # can hold its reply too by the time it is read: the move after those
    # already played must be this one.
    page.wait_for_function(
        "n => document.querySelectorAll('#moves .mv').length > n", arg=len(before), timeout=5_000
    )
    assert played(page)[len(before)] == move["text"]
    return move["text"]


def computer_still(page, state: str = "idle") -> None:
    """Wait until the computer has nothing under way: its box says ``state``
    (``#ai[data-state]``), no search runs or waits to play its move
    (``<html data-thinking>`` is empty: the move a finished search plays
    after the page's pace is a timer kept on that search, computer.js, and
    Pause, Undo and a new game clear it with the search), and no engine call
    runs (``data-busy``).  From then on only a change of the game or of its
    seats starts a search (``Computer.sync``): a move count read now stays
    as it is unless the computer is to move, not paused, in a game not over."""
    expect(page.locator("#ai")).to_have_attribute("data-state", state)
    expect(page.locator("html")).to_have_attribute("data-thinking", "")
    wait_idle(page)


def wait_moves(page, n: int, timeout: float = 30_000) -> None:
    page.wait_for_function("n => document.querySelectorAll('#moves .mv').length >= n", arg=n, timeout=timeout)
    wait_idle(page)


def suggested_cells(page, kind: str) -> list[str]:
    return page.eval_on_selector_all(
        f"#board .suggest-{kind} .suggest-ring", "els => els.map(e => e.dataset.cell)"
    )


def show_search(page, on: bool) -> None:
    """The setting "Show the computer's search" (#41: off by default), set in the settings dialog."""
    page.locator("#open-settings").click()
    box = page.locator('#settings-dialog input[name="showSearch"]')
    box.set_checked(on)
    expect(box).to_be_checked(checked=on)
    page.locator("#settings-close").click()
    expect(page.locator("#settings-dialog")).to_be_hidden()


@pytest.fixture(scope="module")
def ai_page(shared_page):
    return shared_page


# -- a game against the computer, in every game --------------------------------------


@pytest.mark.parametrize("game", list(GAMES))
def test_game_against_the_computer(ai_page, game):
    page = ai_page
    open_hash(page, link(game, players=["h", "c:beginner"]))
    seats = page.locator("#players select.seat-kind")
    expect(seats).to_have_count(2)
    expect(seats.nth(0)).to_have_value("h")
    expect(seats.nth(1)).to_have_value("c:beginner")
    expect(page.locator('#players .player[data-seat="1"]')).to_have_class(re.compile(r"\bcomputer\b"))
    answers = []
    for turn in range(3):
        n = move_count(page)
        human_move(page, game, pick=turn)
        t0 = time.perf_counter()
        # the computer answers on its own, within its time budget (plus the page's pace
        # and Pyodide's slower start on a busy machine)
        wait_moves(page, n + 2, timeout=BEGINNER_CAP_MS + 9000)
        answers.append(time.perf_counter() - t0)
        moves = played(page)
        state = replay(game, moves)  # every move legal
        if state.outcome() is not None:
            break
        if turn == 1:
            SHOTS.mkdir(exist_ok=True)
            page.screenshot(path=str(SHOTS / f"ai-desktop-{game}.png"))
        # back to the human, whose board takes clicks again
        expect(page.locator("#board")).to_have_attribute("aria-disabled", "false")
        expect(page.locator("html")).to_have_attribute("data-thinking", "")
    assert max(answers) < (BEGINNER_CAP_MS + 9000) / 1000
    # the seats are saved with the game: in the link and in local storage
    assert page.evaluate("location.hash").endswith("/players=h,c:beginner")
    saved(page)
    stored = library_entries(page)[0]["game"]
    assert stored["players"] == ["h", "c:beginner"] and stored["head"] == played(page)


def test_a_whole_game_against_the_computer_to_its_result(ai_page):
    # Black (the human, playing what the Casual level would) against White
    # (Beginner) until the game ends: every move legal, the result shown
    # and the same as the rules give for the page's record, nothing more played.
    page = ai_page
    open_hash(page, link("loa", players=["h", "c:beginner"]))
    for turn in range(80):
        state = replay("loa", played(page))
        if state.outcome() is not None:
            break
        assert state.to_move == 0
        n = move_count(page)
        human_move(page, "loa", text=state.move_text(gamut.ai.choose(state, "casual", seed=turn)))
        if replay("loa", played(page)).outcome() is None:
            wait_moves(page, n + 2, timeout=BEGINNER_CAP_MS + 9000)
    final_moves = played(page)
    outcome = replay("loa", final_moves).outcome()
    assert outcome is not None, "the game should have ended within 80 moves"
    result = page.locator("#result")
    expect(result).to_be_visible()
    for part in outcome.reason.split(": "):  # "Black wins" in bold, then the reason
        expect(result).to_contain_text(part)
    expect(result).to_have_attribute("data-winner", str(outcome.winner))
    computer_still(page)
    expect(page.locator("#ai")).to_be_hidden()
    expect(page.locator("#hint")).to_be_disabled()
    if not page.locator("#status").text_content():  # no empty line under the banner
        expect(page.locator("#status")).to_be_hidden()
    # the move list, longer than its box, shows the last move whole
    fits = page.evaluate("""() => {
        const c = document.querySelector('#moves .current'), box = document.getElementById('moves').parentElement;
        const r = c.getBoundingClientRect(), b = box.getBoundingClientRect();
        return [box.scrollHeight > box.clientHeight, r.top >= b.top - 1 && r.bottom <= b.top + box.clientHeight + 1];
    }""")
    assert fits == [True, True], fits
    # the computer does not move after the end: nothing is under way (computer_still,
    # above), and a game over has no seat to move, so no search starts again
    expect(page.locator("#moves .mv")).to_have_count(len(final_moves))
    assert page.evaluate("location.hash").endswith("/players=h,c:beginner")


def test_el_with_declared_threats_against_the_computer(ai_page):
    # EL with declarations: Red (the computer, Strong) writes a number that
    # threatens on two cells, declares them all, and wins on the next turn
    # through whichever cell Blue (the human) leaves open.
    page = ai_page
    start = (
        "el standard first-two-equal=off,full-board=draw,declare-threats=on "
        "b6...../.b6..r4./..b6.b3./....r2b5/....r1./r1r2r3b4.. r last=e5,f3 declared=-;-"
    )
    open_hash(page, link("el", players=["c:strong", "h"], start=start))
    wait_moves(page, 2, timeout=30_000)  # its placement, then its declaration
    moves = played(page)
    state = replay("el", moves, start)
    placed = replay("el", moves[:1], start)
    threat_cells = sorted({c for c, _ in placed.threats()[0]})
    assert len(threat_cells) >= 2, moves
    assert moves[1].startswith("declare:")
    assert sorted(moves[1][len("declare:") :].split(",")) == threat_cells
    expect(page.locator("#status")).to_contain_text("Threat!")
    # the human blocks one declared cell with a number that completes nothing,
    # and declares nothing
    block = next(
        m
        for m in state.legal_moves()
        if str(m).split("=")[0] in threat_cells and state.play(m).outcome() is None
    )
    human_move(page, "el", text=str(block), start=start)
    expect(page.locator("#select-confirm")).to_be_visible()
    page.locator("#select-confirm").click()
    result = page.locator("#result")
    expect(result).to_be_visible(timeout=30_000)
    expect(result).to_contain_text("Red wins")
    expect(result).to_contain_text("declared threat cell")
    final = replay("el", played(page), start)
    assert final.outcome().winner == 0 and len(played(page)) == 5
    assert thinking(page) == ""


def test_three_player_el_against_two_computers(ai_page):
    # Monte-Carlo tree search plays the two computer seats in turn; the
    # indicator counts simulations, and the human gets the board back.
    page = ai_page
    open_hash(page, "#v1/el/three-player/-//players=h,c:beginner,c:casual")
    expect(page.locator("#players select.seat-kind")).to_have_count(3)
    start = "el three-player - start"
    for turn in range(2):
        n = move_count(page)
        state = replay_three(played(page))
        move = state.view()["moves"][(turn * 11 + 5) % len(state.view()["moves"])]["text"]
        human_move(page, "el", text=move, start=start)
        wait_moves(page, n + 3, timeout=30_000)
        replay_three(played(page))  # every move legal
        expect(page.locator("#board")).to_have_attribute("aria-disabled", "false")
    assert page.evaluate("location.hash").endswith("/players=h,c:beginner,c:casual")
    # the thinking readout of a Monte-Carlo search, when asked for: simulations and a win rate
    show_search(page, True)
    page.locator('#players select.seat-kind[data-seat="0"]').select_option("c:master")
    expect(page.locator("#ai")).to_have_attribute("data-state", "thinking", timeout=5000)
    page.wait_for_function(
        "/simulations/.test(document.getElementById('ai-status').textContent)", timeout=15_000
    )
    page.wait_for_function(BAR_MOVING, timeout=10_000)  # simulations spent, as a bar
    page.locator('#players select.seat-kind[data-seat="0"]').select_option("h")
    page.wait_for_function("!document.documentElement.dataset.thinking")
    show_search(page, False)


def replay_three(moves):
    state = gamut.new("el", "three-player")
    for text in moves:
        move = state.parse_move(text)
        assert move in state.legal_moves(), text
        state = state.play(move)
    return state


def test_seats_change_mid_game_and_the_board_refuses_clicks_for_the_computer(ai_page):
    page = ai_page
    open_hash(page, link("loa", ["b1-d3"], players=["h", "h"]))
    expect(page.locator("#ai")).to_be_hidden()
    # White, to move, becomes the computer: it moves at once
    page.locator('#players select.seat-kind[data-seat="1"]').select_option("c:beginner")
    wait_moves(page, 2, timeout=10_000)
    replay("loa", played(page))
    assert page.evaluate("location.hash").endswith("/players=h,c:beginner")
    # Black, to move, becomes the Master computer: the board refuses a human click
    page.locator('#players select.seat-kind[data-seat="0"]').select_option("c:master")
    expect(page.locator("#ai")).to_have_attribute("data-state", "thinking", timeout=5000)
    expect(page.locator("#ai-status")).to_contain_text("Black (Master) is thinking")
    # a bar shows how much of Master's budget the search has used so far
    page.wait_for_function(BAR_MOVING, timeout=10_000)
    expect(page.locator("#board")).to_have_attribute("aria-disabled", "true")
    cell(page, "c1").click(force=True)
    # (the click is taken and refused: the page says why, and selects nothing)
    expect(page.locator("#explain")).to_contain_text("Black is played by the computer")
    expect(page.locator("#board .sel")).to_have_count(0)
    expect(page.locator("#board .target")).to_have_count(0)
    # back to a human: the search stops, the board takes clicks
    page.locator('#players select.seat-kind[data-seat="0"]').select_option("h")
    page.wait_for_function("!document.documentElement.dataset.thinking")
    expect(page.locator("#ai")).to_be_hidden()
    expect(page.locator("#moves .mv")).to_have_count(2)
    assert page.evaluate("location.hash").endswith("/players=h,c:beginner")
    page.locator('#players select.seat-kind[data-seat="1"]').select_option("h")
    assert "/players=" not in page.evaluate("location.hash")  # all human: no segment


# -- Move now, the indicator and the arrow ------------------------------------------


def test_move_now_plays_the_best_move_so_far(ai_page):
    page = ai_page
    SHOTS.mkdir(exist_ok=True)
    open_hash(page, link("loa", ["b1-d3", "h2-f4", "c1xf4", "a2-c4"], players=["h", "c:master"]))
    human_move(page, "loa", pick=1)
    # the Master level thinks for up to 15 s: the indicator shows its progress
    box = page.locator("#ai")
    expect(box).to_have_attribute("data-state", "thinking", timeout=5000)
    expect(page.locator("#ai-status")).to_contain_text("White (Master) is thinking")
    # (#41) a player sees that it thinks, not its search: no depth, nodes, score or arrow
    expect(box).to_have_attribute("data-best", re.compile("."), timeout=15_000)
    expect(page.locator("#ai-status")).to_have_text("White (Master) is thinking")
    expect(page.locator("#ai-eval")).to_be_empty()
    expect(page.locator("#board .suggest")).to_have_count(0)
    # the setting "Show the computer's search" shows them
    show_search(page, True)
    page.wait_for_function(
        "/depth [1-9]/.test(document.getElementById('ai-status').textContent)"
        " && document.getElementById('ai').dataset.best",
        timeout=15_000,
    )
    expect(page.locator("#ai-status")).to_contain_text("nodes")
    expect(page.locator("#ai-eval")).not_to_be_empty()
    # the current best move is drawn on the board: rings on its squares and an arrow
    # (read in one go: the best move may change from one slice to the next)
    best, rings, arrows = page.evaluate("""() => [
        document.getElementById('ai').dataset.best,
        [...document.querySelectorAll('#board .suggest-think .suggest-ring')].map(e => e.dataset.cell),
        document.querySelectorAll('#board .suggest-think .suggest-arrow').length]""")
    assert rings == re.split(r"[-x]", best) and arrows == 1, (best, rings, arrows)
    expect(page.locator("#players .to-move .turn-tag")).to_have_text("thinking")
    # the human cannot move for the computer
    expect(page.locator("#board")).to_have_attribute("aria-disabled", "true")
    page.screenshot(path=str(SHOTS / "ai-desktop-thinking.png"))
    n = move_count(page)
    t0 = time.perf_counter()
    page.locator("#move-now").click()
    wait_moves(page, n + 1, timeout=5000)
    assert time.perf_counter() - t0 < 3.0  # far sooner than its 15 s
    moves = played(page)
    replay("loa", moves)
    expect(box).to_be_hidden()
    expect(page.locator("#board .suggest")).to_have_count(0)
    # and it does not play a second move: nothing is under way, and the human is to move
    computer_still(page)
    expect(page.locator("#board")).to_have_attribute("aria-disabled", "false")
    expect(page.locator("#moves .mv")).to_have_count(n + 1)
    show_search(page, False)


def test_phone_layout_while_the_computer_thinks(new_context, site_url):
    SHOTS.mkdir(exist_ok=True)
    page = new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(site_url + link("loa", ["b1-d3", "h2-f4", "c1xf4"], players=["h", "c:master"]))
    wait_engine_ready(page)
    expect(page.locator("#ai")).to_have_attribute("data-state", "thinking", timeout=10_000)
    page.wait_for_function("document.getElementById('ai').dataset.best", timeout=15_000)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for sel in ("#ai", "#move-now", "#pause", "#players select.seat-kind >> nth=1"):
        b = page.locator(sel).bounding_box()
        assert b and b["x"] >= 0 and b["x"] + b["width"] <= 390.5, (sel, b)
    page.screenshot(path=str(SHOTS / "ai-phone-thinking.png"), full_page=True)
    page.locator("#pause").click()
    expect(page.locator("#ai")).to_have_attribute("data-state", "paused")


# -- undo and navigation while the computer thinks -----------------------------------


def test_undo_while_the_computer_thinks_takes_back_the_human_move(ai_page):
    page = ai_page
    open_hash(page, link("loa", players=["h", "c:master"]))
    human_move(page, "loa", pick=0)
    first = played(page)[0]
    expect(page.locator("#ai")).to_have_attribute("data-state", "thinking", timeout=5000)
    t0 = time.perf_counter()
    page.locator("#undo").click()
    expect(page.locator("#moves .mv.current")).to_have_count(0)
    assert time.perf_counter() - t0 < 2.0  # at once, not after the 15 s search
    expect(page.locator("html")).to_have_attribute("data-thinking", "")
    expect(page.locator("#ai")).to_be_hidden()
    expect(page.locator("#status")).to_contain_text("Black to move")
    expect(page.locator("#moves .mv")).to_have_text([first])  # taken back, still in the tree
    expect(page.locator("#redo")).to_be_enabled()
    # the cancelled search plays nothing: nothing is under way, and the human is to move
    computer_still(page)
    expect(page.locator("#board")).to_have_attribute("aria-disabled", "false")
    expect(page.locator("#moves .mv")).to_have_count(1)
    assert played(page) == []

    # after the computer answered, Undo takes back its reply and the human move
    open_hash(page, link("loa", players=["h", "c:beginner"]))
    human_move(page, "loa", pick=2)
    wait_moves(page, 2)
    two = played(page)
    page.locator("#undo").click()
    expect(page.locator("#moves .mv.current")).to_have_count(0)
    expect(page.locator("#moves .mv")).to_have_text(two)
    expect(page.locator("#status")).to_have_text("Black to move")


def test_browsing_keeps_the_search_and_a_new_game_stops_it(ai_page):
    page = ai_page
    open_hash(page, link("loa", ["b1-d3"], players=["c:master", "c:master"]))
    expect(page.locator("#ai")).to_have_attribute("data-state", "thinking", timeout=5000)
    page.locator("#first").click()
    expect(page.locator("#status")).to_contain_text("viewing move 0 of 1")
    # browsing does not disturb the search of the game's last position
    expect(page.locator("#ai")).to_have_attribute("data-state", "thinking")
    assert page.evaluate("document.documentElement.dataset.thinking") == "move"
    page.locator("#pause").click()
    page.wait_for_function("!document.documentElement.dataset.thinking")
    page.locator("#pause").click()
    expect(page.locator("#ai")).to_have_attribute("data-state", "thinking", timeout=5000)
    # a new game from the dialog stops it too
    page.locator("#new-game").click()
    dialog = page.locator("#new-dialog")
    expect(dialog.locator("#new-seats select")).to_have_count(2)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "ai-dialog.png"))
    dialog.locator("#new-seat-0").select_option("h")
    dialog.locator("#new-seat-1").select_option("h")
    dialog.locator("#new-start").click()
    page.wait_for_function("!document.documentElement.dataset.thinking")
    # nothing is under way, and no seat is the computer's: no search starts again
    computer_still(page)
    for seat in (0, 1):
        expect(page.locator(f'#players select.seat-kind[data-seat="{seat}"]')).to_have_value("h")
    expect(page.locator("#moves .mv")).to_have_count(0)


# -- hint ---------------------------------------------------------------------------


def test_hint_shows_the_best_move_and_who_stands_better(ai_page):
    page = ai_page
    open_hash(page, link("loa", start=LOA_WIN_IN_TWO))
    page.locator("#hint").click()
    box = page.locator("#ai")
    expect(box).to_have_attribute("data-state", "hint", timeout=15_000)
    best = box.get_attribute("data-best")
    assert best in ("a6-c4", "d7xd4")  # the two moves that force a win in two
    expect(page.locator("#ai-eval")).to_have_text("Black wins: a win found in 2 moves")
    expect(page.locator("#ai-status")).to_have_text(f"Hint for Black: {best}")
    frm, to = re.split(r"[-x]", best)
    assert suggested_cells(page, "hint") == [frm, to]
    expect(page.locator("#board .suggest-hint .suggest-arrow")).to_have_count(1)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "ai-desktop-hint.png"))
    # "Play it" plays it (for the human: no computer seat here)
    page.locator("#hint-play").click()
    expect(page.locator("#moves .mv")).to_have_count(1)
    assert played(page) == [best]
    expect(box).to_be_hidden()
    expect(page.locator("#board .suggest")).to_have_count(0)

    # from the start: a quiet position, and the hint goes away with the position
    open_hash(page, link("loa"))
    page.locator("#hint").click()
    expect(box).to_have_attribute("data-state", "hint", timeout=15_000)
    state = start_state("loa")
    assert state.parse_move(box.get_attribute("data-best")) in state.legal_moves()
    assert re.fullmatch(
        r"About even|(Black|White) (stands slightly better|stands better|is clearly winning)",
        page.locator("#ai-eval").text_content(),
    )
    page.locator("#hint").click()  # pressed again: hidden
    expect(box).to_be_hidden()


# -- computer vs computer -------------------------------------------------------------


def test_computer_against_computer_with_pause(ai_page):
    page = ai_page
    open_hash(page, link("escabel", players=["c:beginner", "c:beginner"]))
    wait_moves(page, 3, timeout=20_000)
    page.locator("#pause").click()
    expect(page.locator("#pause")).to_have_text("Resume")
    expect(page.locator("#pause")).to_have_attribute("aria-pressed", "true")
    # paused: nothing is played.  Pause drops the search and the move it was about to
    # play (computer_still), a move already on its way is in by then (data-busy), and
    # no search starts while paused: none is started until Resume (data-searches)
    computer_still(page, "paused")
    n = move_count(page)
    searches = page.evaluate("document.documentElement.dataset.searches")
    replay("escabel", played(page))
    expect(page.locator("#ai")).to_have_attribute("data-state", "paused")
    expect(page.locator("#moves .mv")).to_have_count(n)
    expect(page.locator("html")).to_have_attribute("data-searches", searches)
    page.locator("#pause").click()
    expect(page.locator("#pause")).to_have_text("Pause")
    wait_moves(page, n + 2, timeout=20_000)
    replay("escabel", played(page))
    # undo with no human seat takes back one move and pauses
    wait_idle(page)
    page.locator("#undo").click()
    expect(page.locator("#pause")).to_have_text("Resume")
    computer_still(page, "paused")  # (nothing under way, and paused: nothing more is played)
    m = move_count(page)
    searches = page.evaluate("document.documentElement.dataset.searches")
    replay("escabel", played(page))
    expect(page.locator("#moves .mv")).to_have_count(m)
    expect(page.locator("html")).to_have_attribute("data-searches", searches)


# -- saved with the game ---------------------------------------------------------------


def test_a_bad_players_segment_is_refused_with_a_reason(ai_page):
    page = ai_page
    open_hash(page, link("loa", ["b1-d3", "h2-f4"]))
    page.evaluate("f => { location.hash = f; }", link("loa", ["b1-d3"]) + "/players=h,robot")
    expect(page.locator("#notice-text")).to_contain_text(
        'player "robot" is not "h" (a human), "r" (far away) or "c:<level>"'
    )
    wait_idle(page)
    expect(page.locator("#moves .mv")).to_have_text(["b1-d3", "h2-f4"])  # the game on screen stays
    page.locator("#notice-close").click()


def test_seats_survive_a_reload_from_the_local_save(new_context, site_url):
    page = new_context().new_page()
    page.goto(site_url + link("evl", players=["c:casual", "h"]))
    wait_engine_ready(page)
    wait_moves(page, 1, timeout=15_000)  # the computer, first to move, has played
    replay("evl", played(page))
    moves = played(page)
    # the same page again without a link: the local save restores the game and its seats
    page.goto("about:blank")
    page.goto(site_url)
    wait_engine_ready(page)
    expect(page.locator("#moves .mv")).to_have_count(len(moves))
    expect(page.locator('#players select.seat-kind[data-seat="0"]')).to_have_value("c:casual")
    expect(page.locator('#players select.seat-kind[data-seat="1"]')).to_have_value("h")
    assert page.evaluate("location.hash").endswith("/players=c:casual,h")
    assert played(page) == moves  # the human (seat 1) is to move: nothing more is played
    expect(page.locator("#board")).to_have_attribute("aria-disabled", "false")
