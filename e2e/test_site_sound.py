"""The board's sounds (issue #28): a move, a capture and the computer's reply
sound, through Web Audio (the browser's AudioContext, wrapped by an init
script that counts the contexts made and the oscillators started); nothing
sounds before the first gesture, nor when muted, and the mute is
remembered across a reload.

The page counts each sound it starts on <html>: data-sounds, data-sound-last.
"""

from __future__ import annotations

import pytest
from conftest import wait_engine_ready
from pagekit import cell, open_hash, wait_idle
from playwright.sync_api import expect

LOA = "#v1/loa/standard/double-connection=mover/"

# Counts every AudioContext made and every oscillator started, then lets the real ones run.
COUNT_AUDIO = """
(() => {
  window.__audio = { contexts: 0, oscillators: 0 };
  const Real = window.AudioContext;
  if (!Real) return;
  window.AudioContext = class extends Real {
    constructor(...args) { super(...args); window.__audio.contexts += 1; }
  };
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (...args) {
    window.__audio.oscillators += 1;
    return start.apply(this, args);
  };
})();
"""


@pytest.fixture
def page(new_context, site_url):
    context = new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(COUNT_AUDIO)
    page = context.new_page()
    page.goto(site_url + LOA)
    wait_engine_ready(page)
    wait_idle(page)
    return page


def sounds(page) -> int:
    return int(page.evaluate("document.documentElement.dataset.sounds || '0'"))


def audio(page) -> dict:
    return page.evaluate("window.__audio")


def test_silent_before_the_first_gesture_then_a_move_and_a_capture_sound(page):
    open_hash(page, LOA + "b1-d3,h2-f4,c1xf4@1")
    # browsing one move forward without any gesture (a script's click is none): no sound, no AudioContext
    page.evaluate("document.getElementById('next').click()")
    expect(page.locator("html")).to_have_attribute("data-ply", "2")
    wait_idle(page)
    assert sounds(page) == 0
    assert audio(page) == {"contexts": 0, "oscillators": 0}
    # a key is a gesture: the next move forward is a capture, and it sounds
    page.locator(
        "#next"
    ).focus()  # (the browsing row: the arrows browse; on the board they move its cursor, #41)
    page.keyboard.press("ArrowRight")
    expect(page.locator("html")).to_have_attribute("data-sound-last", "capture")
    assert sounds(page) == 1
    got = audio(page)
    assert got["contexts"] == 1 and got["oscillators"] >= 2, got
    # back and the first position: no sound; forward one: a move
    page.keyboard.press("Home")
    expect(page.locator("html")).to_have_attribute("data-ply", "0")
    page.keyboard.press("ArrowRight")
    expect(page.locator("html")).to_have_attribute("data-sound-last", "move")
    assert sounds(page) == 2
    # jumping to the end skips moves: silent
    page.keyboard.press("End")
    expect(page.locator("html")).to_have_attribute("data-ply", "3")
    wait_idle(page)
    assert sounds(page) == 2


def test_the_players_move_and_the_computers_reply_sound(page):
    open_hash(page, LOA + "/players=h,c:beginner")
    cell(page, "b1").click()
    cell(page, "d3").click()
    expect(page.locator("#moves .mv").first).to_have_text("b1-d3")  # (the reply may follow at once)
    page.wait_for_function("() => Number(document.documentElement.dataset.sounds) >= 1")
    # the computer answers: a second sound
    expect(page.locator("#moves .mv")).to_have_count(2, timeout=30000)
    page.wait_for_function("() => Number(document.documentElement.dataset.sounds) >= 2")
    assert audio(page)["oscillators"] >= 4


def test_muted_nothing_plays_and_the_mute_is_remembered(page):
    toggle = page.locator("#sound-toggle")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    open_hash(page, LOA + "b1-d3,h2-f4,c1xf4@0")
    page.locator(
        "#next"
    ).focus()  # (the browsing row: the arrows browse; on the board they move its cursor, #41)
    for ply in ("1", "2", "3"):
        page.keyboard.press("ArrowRight")
        expect(page.locator("html")).to_have_attribute("data-ply", ply)
    wait_idle(page)
    assert sounds(page) == 0
    assert audio(page)["oscillators"] == 0
    page.reload()
    wait_engine_ready(page)
    expect(page.locator("#sound-toggle")).to_have_attribute("aria-pressed", "false")
    # on again: the next move sounds
    page.locator("#sound-toggle").click()
    expect(page.locator("#sound-toggle")).to_have_attribute("aria-pressed", "true")
    open_hash(page, LOA + "b1-d3,h2-f4@0")
    page.locator(
        "#next"
    ).focus()  # (the browsing row: the arrows browse; on the board they move its cursor, #41)
    page.keyboard.press("ArrowRight")
    expect(page.locator("html")).to_have_attribute("data-sound-last", "move")
    assert audio(page)["oscillators"] >= 1


# Times each AudioContext made (and whether inside an event's handler), the
# long tasks, and the page's first input (the Event Timing API's first-input).
TIME_FIRST_GESTURE = """
(() => {
  window.__made = [];
  window.__long = [];
  window.__first = null;
  const Real = window.AudioContext;
  if (Real) {
    window.AudioContext = class extends Real {
      constructor(...args) {
        const at = performance.now();
        super(...args);
        window.__made.push({ at, ms: performance.now() - at, inEvent: window.event !== undefined });
      }
    };
  }
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) window.__long.push({ start: e.startTime, ms: e.duration });
  }).observe({ type: "longtask", buffered: true });
  new PerformanceObserver(list => {
    for (const e of list.getEntries())
      window.__first = { name: e.name, start: e.startTime, from: e.processingStart, to: e.processingEnd };
  }).observe({ type: "first-input", buffered: true });
})();
"""


def test_the_first_click_is_not_held_by_the_making_of_the_sound(new_context, site_url):
    """Making the page's first AudioContext starts the browser's audio
    service (60-280 ms in one task): it is made in a task of its own after
    the first click's handlers, never inside them, and the click's task stays
    short; the move then sounds."""
    context = new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(TIME_FIRST_GESTURE)
    page = context.new_page()
    page.goto(site_url + LOA)
    wait_engine_ready(page)
    wait_idle(page)
    assert page.evaluate("window.__made") == []
    cell(page, "b1").click()  # the page's first gesture: a piece picked up
    page.wait_for_function("() => window.__made.length === 1 && window.__first !== null")
    made = page.evaluate("window.__made[0]")
    first = page.evaluate("window.__first")
    print(f"first input {first}; AudioContext made {made}")
    assert not made["inEvent"], f"the AudioContext was made inside an event's handler: {made}"
    assert made["at"] >= first["to"], (
        f"the AudioContext was made before the first click's handlers ended: {made} {first}"
    )
    held = page.evaluate("f => window.__long.filter(t => t.start <= f.from && t.start + t.ms >= f.to)", first)
    assert all(t["ms"] <= 100 for t in held), f"the first click's task took over 100 ms: {held}"
    cell(page, "d3").click()
    expect(page.locator("html")).to_have_attribute("data-sound-last", "move")
    assert page.evaluate("window.__made.length") == 1
