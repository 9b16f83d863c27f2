"""The board's motion in the page (issue #28): a move animates as the game
moves it, for the player's moves, the computer's and browsing back; not
under prefers-reduced-motion; a click during a motion is taken at once; and
the drawing a motion ends on is the one drawn without motion.

A sampler in the page records, on every animation frame, the board's
``data-animating`` and where each animated piece is drawn (the centre of its
bounding box); the tests read the samples once the motion is over.
"""

from __future__ import annotations

import random
import re
from contextlib import contextmanager
from pathlib import Path

import pytest
from conftest import wait_engine_ready
from pagekit import cell, move_count, open_hash, wait_idle
from playwright.sync_api import expect

import gamut

LOA = "#v1/loa/standard/double-connection=mover/"
SHOTS = Path(__file__).resolve().parent / "screenshots"

# Every frame: [animating, [[cell, x, y], ...] of the animated pieces and
# markers of the position (ghosts have no cell)].  Runs until __motion.stop.
SAMPLER = """() => {
  const svg = document.getElementById('board');
  const box = window.__motion = { frames: [], stop: false };
  const tick = () => {
    const moving = [];
    for (const a of document.getAnimations()) {
      const node = a.effect && a.effect.target;
      if (!node || !svg.contains(node) || !node.dataset.cell) continue;
      const r = node.getBoundingClientRect();
      moving.push([node.dataset.cell, r.x + r.width / 2, r.y + r.height / 2]);
    }
    box.frames.push([svg.dataset.animating, moving, svg.querySelectorAll('.layer-motion > *').length]);
    if (!box.stop && box.frames.length < 3000) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""


def start_sampling(page) -> None:
    page.evaluate(SAMPLER)


def stop_sampling(page) -> list:
    """The frames sampled, once the board is still."""
    page.wait_for_function("() => document.getElementById('board').dataset.animating === 'no'")
    wait_idle(page)
    # (and the sampler has taken a frame since: the board as it stays)
    seen = page.evaluate("() => window.__motion.frames.length")
    page.wait_for_function("n => window.__motion.frames.length > Math.min(n, 2999)", arg=seen)
    return page.evaluate("() => { window.__motion.stop = true; return window.__motion.frames; }")


def centre(page, cid: str) -> tuple[float, float]:
    b = cell(page, cid).bounding_box()
    return b["x"] + b["width"] / 2, b["y"] + b["height"] / 2


def path_of(frames: list, cid: str) -> list[tuple[float, float]]:
    """Where the piece of the position on ``cid`` was drawn while it moved."""
    return [(x, y) for _, moving, _ in frames for c, x, y in moving if c == cid]


def between(points, a, b, slack: float = 3.0) -> list:
    """The points strictly between ``a`` and ``b`` on the segment joining them."""
    (ax, ay), (bx, by) = a, b
    length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
    out = []
    for x, y in points:
        u = ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / length**2
        off = abs((x - ax) * (by - ay) - (y - ay) * (bx - ax)) / length
        if off < slack and slack / length < u < 1 - slack / length:
            out.append((round(x), round(y)))
    return sorted(set(out))


def play_loa(page, frm: str, to: str) -> None:
    n = move_count(page)
    cell(page, frm).click()
    cell(page, to).click()
    expect(page.locator("#moves .mv")).to_have_count(n + 1)


@contextmanager
def slow_motion(page, rate: float):
    """Every animation of the page runs at ``rate`` (DevTools' playback rate)
    inside the block: room to act during one, or to take its picture."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Animation.enable")
    was = cdp.send("Animation.getPlaybackRate")["playbackRate"]
    cdp.send("Animation.setPlaybackRate", {"playbackRate": rate})
    try:
        yield
    finally:
        cdp.send("Animation.setPlaybackRate", {"playbackRate": was})
        cdp.detach()


@pytest.fixture(autouse=True)
def sampled_slowly(request):
    """The shared page's motions run 4 times slower (800 ms, not 200): on a
    busy machine a 200 ms motion may get one animation frame or none, too few
    to sample.  (The places are the same at any rate; the duration itself is
    checked by tests/js/motion.test.mjs.)"""
    if "shared_page" not in request.fixturenames:
        yield
        return
    with slow_motion(request.getfixturevalue("shared_page"), 0.25):
        yield


# -- Lines of Action: a piece slides ------------------------------------------------


def test_a_lines_of_action_move_slides_between_its_squares_and_ends_in_place(shared_page):
    page = shared_page
    page.set_viewport_size({"width": 1280, "height": 800})
    open_hash(page, LOA)
    expect(page.locator("#board")).to_have_attribute("data-animating", "no")
    start_sampling(page)
    play_loa(page, "b1", "b3")
    frames = stop_sampling(page)
    assert any(f[0] == "yes" for f in frames), "the board said it was animating"
    slid = between(path_of(frames, "b3"), centre(page, "b1"), centre(page, "b3"))
    assert len(slid) >= 2, f"drawn at intermediate places between b1 and b3: {slid}"
    # it ends where the position has it, with nothing left of the motion
    piece = page.locator('#board .layer-pieces .piece[data-cell="b3"]')
    box = piece.bounding_box()
    x, y = centre(page, "b3")
    assert abs(box["x"] + box["width"] / 2 - x) < 1 and abs(box["y"] + box["height"] / 2 - y) < 1
    assert max(f[2] for f in frames) == 1, "nothing drawn for the motion but the slider's copy"
    expect(page.locator("#board .layer-motion > *")).to_have_count(0)
    expect(page.locator('#board .layer-pieces .piece[data-cell="b1"]')).to_have_count(0)
    # the last move is marked
    expect(page.locator("#board .hl-last")).to_have_count(2)
    # the drawing is the one of the position drawn afresh (the slider back in its place)
    after = drawn(page)
    open_hash(page, game_link("el", []))
    open_hash(page, LOA + "b1-b3")
    assert drawn(page) == after


def test_a_capture_fades_and_browsing_back_slides_the_piece_home(shared_page):
    page = shared_page
    # Black's b1-d3, White's a4-c4, Black's d3xd5?  Any capture will do: find one
    state = gamut.new("loa")
    line = []
    rng = random.Random(2)
    while True:
        captures = [m for m in state.legal_moves() if "x" in state.move_text(m)]
        if captures and len(line) >= 4:
            capture = state.move_text(captures[0])
            break
        move = rng.choice(state.legal_moves())
        line.append(state.move_text(move))
        state = state.play(move)
    open_hash(page, LOA + ",".join(line))
    frm, to = re.split(r"x", capture)
    start_sampling(page)
    play_loa(page, frm, to)
    frames = stop_sampling(page)
    # the captured piece was drawn for the motion (a ghost), gone at the end
    # (the motion layer holds the slider's copy and the taken piece, fading)
    assert max(f[2] for f in frames) == 2, "the taken piece is drawn while it fades"
    assert between(path_of(frames, to), centre(page, frm), centre(page, to)), "the capturing piece slides"
    expect(page.locator("#board .layer-motion > *")).to_have_count(0)
    # browsing back: the piece slides home, the captured one comes back
    start_sampling(page)
    page.locator("#prev").click()
    expect(page.locator(f'#board .layer-pieces .piece[data-cell="{frm}"]')).to_have_count(1)
    frames = stop_sampling(page)
    assert len(between(path_of(frames, frm), centre(page, to), centre(page, frm))) >= 2
    assert path_of(frames, to), "the captured piece is written in again"
    expect(page.locator(f'#board .layer-pieces .piece[data-cell="{to}"]')).to_have_count(1)


def test_a_click_during_a_motion_is_taken_at_once(shared_page):
    page = shared_page
    open_hash(page, LOA)
    with slow_motion(page, 0.02):  # 200 ms become 10 s
        play_loa(page, "b1", "b3")
        expect(page.locator("#board")).to_have_attribute("data-animating", "yes")
        # White's piece, picked and played while Black's still slides
        cell(page, "a2").click()
        expect(page.locator('#board .sel[data-cell="a2"]')).to_have_count(1)
        expect(page.locator("#board")).to_have_attribute("data-animating", "yes")
        cell(page, "c2").click()
        expect(page.locator("#moves .mv")).to_have_count(2)
        expect(page.locator("#moves .mv").nth(1)).to_have_text("a2-c2")
        # the first motion was finished at once: only the new one runs, b3's piece is in place
        page.wait_for_function("() => document.getAnimations().length > 0")
        animated = page.evaluate(
            "() => document.getAnimations().map(a => a.effect.target.dataset && a.effect.target.dataset.cell)"
        )
        assert "b3" not in animated and "c2" in animated, animated
    page.wait_for_function("() => document.getElementById('board').dataset.animating === 'no'")
    drawn_cells = page.eval_on_selector_all("#board .layer-pieces .piece", "e => e.map(p => p.dataset.cell)")
    assert {"b3", "c2"} <= set(drawn_cells)


def test_a_dragged_move_does_not_slide_again(shared_page):
    page = shared_page
    open_hash(page, LOA)
    start_sampling(page)
    a, b = centre(page, "b1"), centre(page, "b3")
    page.mouse.move(*a)
    page.mouse.down()
    page.mouse.move(*b, steps=8)
    page.mouse.up()
    expect(page.locator("#moves .mv")).to_have_count(1)
    frames = stop_sampling(page)
    # the piece was put down by hand on b3: it is not sent back to b1 to slide there
    assert all(f[0] == "no" for f in frames)
    assert path_of(frames, "b3") == []
    # and the next move, clicked, slides as ever
    start_sampling(page)
    play_loa(page, "a2", "c2")
    frames = stop_sampling(page)
    assert len(between(path_of(frames, "c2"), centre(page, "a2"), centre(page, "c2"))) >= 2


def test_the_computers_move_animates(shared_page):
    page = shared_page
    open_hash(page, LOA + "/players=h,c:beginner")
    start_sampling(page)
    # (not play_loa, which waits for exactly one move more: the Beginner's reply
    # can come before that wait first looks, as a fresh clone saw)
    cell(page, "b1").click()
    cell(page, "b3").click()
    expect(page.locator("#moves .mv")).to_have_count(2, timeout=20000)
    frames = stop_sampling(page)
    reply = page.locator("#moves .mv").nth(1).inner_text()
    frm, to = re.split(r"[-x]", reply)
    slid = between(path_of(frames, to), centre(page, frm), centre(page, to))
    assert len(slid) >= 2, f"the computer's {reply} drawn between its squares: {slid}"


def test_mid_motion_screenshots(shared_page):
    page = shared_page
    SHOTS.mkdir(exist_ok=True)
    for w, h in ((1280, 800), (360, 640)):
        page.set_viewport_size({"width": w, "height": h})
        open_hash(page, LOA)
        with slow_motion(page, 0.02):
            play_loa(page, "b1", "b3")
            page.wait_for_function(
                "() => document.getAnimations().some(a => a.currentTime >= 90)"
            )  # half way
            page.screenshot(path=str(SHOTS / f"motion-loa-{w}x{h}.png"))
        page.wait_for_function("() => document.getElementById('board').dataset.animating === 'no'")
    page.set_viewport_size({"width": 1280, "height": 800})


# -- reduced motion: no animation -----------------------------------------------------


def test_no_motion_under_reduced_motion(new_context, site_url):
    page = new_context(reduced_motion="reduce").new_page()
    page.goto(site_url + LOA)
    wait_engine_ready(page)
    wait_idle(page)
    start_sampling(page)
    play_loa(page, "b1", "b3")
    frames = stop_sampling(page)
    assert all(f[0] == "no" for f in frames), "never animating"
    assert path_of(frames, "b3") == []
    assert max(f[2] for f in frames) == 0
    expect(page.locator('#board .layer-pieces .piece[data-cell="b3"]')).to_have_count(1)


# -- the other games: a move animates and ends on the drawing without motion ----------


def find_line(game: str, want) -> tuple[list[str], str]:
    """Moves from the start, then a move ``want(state, text, view after)`` accepts."""
    rng = random.Random(5)
    for _ in range(200):
        state, line = gamut.new(game), []
        for _ in range(80):
            legal = state.legal_moves()
            if not legal or state.outcome() is not None:
                break
            move = rng.choice(legal)
            text = state.move_text(move)
            after = state.play(move)
            if want(state, text, after.view()):
                return line, text
            line.append(text)
            state = after
    raise AssertionError(f"no such move in {game}")


def game_link(game: str, line: list[str]) -> str:
    state = gamut.new(game)
    opts = ",".join(f"{k}={v}" for k, v in state.options_json().items()) or "-"
    return f"#v1/{game}/{state.variant}/{opts}/" + ",".join(m.replace(">", "%3E") for m in line)


def drawn(page) -> str:
    return page.evaluate(
        "() => ['pieces', 'markers', 'highlights'].map("
        "n => document.querySelector('#board .layer-' + n).innerHTML).join('\\n')"
    )


CASES = {
    "el: a number written in": ("el", lambda s, t, v: True),
    "escabel: a piece onto a stack": ("escabel", lambda s, t, v: ">" in t),
    "evl: an unstack along its path": ("evl", lambda s, t, v: len(v["last_move"]) >= 3),
}


def test_every_game_animates_a_move_and_ends_on_the_plain_drawing(shared_page):
    page = shared_page
    for name, (game, want) in CASES.items():
        line, move = find_line(game, want)
        open_hash(page, game_link(game, line))
        start_sampling(page)
        n = move_count(page)
        box = page.locator("#move-input")
        box.fill(move)
        box.press("Enter")
        expect(page.locator("#moves .mv")).to_have_count(n + 1)
        frames = stop_sampling(page)
        assert any(f[0] == "yes" for f in frames), f"{name}: animated"
        assert any(f[1] for f in frames), f"{name}: a piece of the position moved or was written in"
        expect(page.locator("#board .layer-motion > *")).to_have_count(0)
        after = drawn(page)
        # the same position drawn afresh (another game first: no motion) is the same drawing
        open_hash(page, LOA)
        open_hash(page, game_link(game, [*line, move]))
        expect(page.locator("#board")).to_have_attribute("data-animating", "no")
        assert drawn(page) == after, name
