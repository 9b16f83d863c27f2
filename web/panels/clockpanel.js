// The clocks on the page: one face per seat, the running one highlighted,
// each with its player's name.  With two seats each face is where the eye
// goes for its side of the board (as on lichess): the face of the seat shown
// at the top is marked data-at="top" (the panel's first line; above the
// board on a phone), the other "bottom" (the panel's last line; under the
// board on a phone), and flipping the board swaps them; with more seats
// they make a row under the players' cards.  Tenths under
// ten seconds, a warning colour when little is left; and a pause button in
// games with no seat far away (by link the other player's time cannot wait
// for us).  With days per move the running face says the time left to move.
//
// The row is in the page whenever the game has a clock and hidden otherwise,
// so nothing moves while a game is played.  A ticker (every 100 ms while a
// clock runs) is the only thing that makes time pass on the page: at each
// tick it keeps the clock in step with the game (model/clock.js syncClock)
// and, when the seat to move has run out of time, ends the game on time;
// then it redraws the faces only.  Drawing never starts or cancels work.

import { $, h } from "../app/dom.js";
import { t } from "../i18n/i18n.js";
import { clockNow, endOnTime, formatLeft, syncClock } from "../model/clock.js";
import { readJSON, writeJSON } from "../store/local.js";

const TICK_MS = 100;
const TIMES_KEY = "gamut.show-times"; // the move list shows the times spent (true) or not
// a face turns to the warning colour below a tenth of the base time, between these two
const LOW_MS = 20000;
const LOW_FLOOR_MS = 10000;

export class ClockPanel {
  /**
   * `page`: the Page (app/page.js): its model, positions, farSeat() and
   * seatName(seat) are read; `onChange()`: after the game ended on time (the
   * page redraws); `say(text)`: the end on time in words (the live log).
   */
  constructor({ page, onChange = () => {}, say = () => {} }) {
    this.page = page;
    this.onChange = onChange;
    this.say = say;
    this.box = $("clocks");
    this.faces = [];
    this.pauseButton = h("button", {
      type: "button",
      id: "clock-pause",
      class: "quiet clock-pause",
      "aria-pressed": "false",
      onclick: () => this.togglePause(),
    });
    this.timesButton = h("button", {
      type: "button",
      id: "clock-times",
      class: "quiet clock-times",
      "aria-pressed": "false",
      title: t("clock.times.title"),
      onclick: () => this.toggleTimes(),
    });
    this.showTimes = readJSON(TIMES_KEY) === true;
    this.timer = undefined;
    this.shape = "";
  }

  /** The move list shows the time spent on each move, or not (remembered). */
  toggleTimes() {
    this.showTimes = !this.showTimes;
    writeJSON(TIMES_KEY, this.showTimes);
    this.draw();
  }

  _headView() {
    const m = this.page.model;
    return m ? this.page.positions.get(m.start, m.head) : null;
  }

  /** Keep the clock in step with the game now (after every change of the
   * model and at every tick); ends the game when the seat to move flags. */
  sync() {
    const m = this.page.model;
    if (!m || !m.clock) return;
    const view = this._headView();
    const flagged = syncClock(m, view, clockNow());
    // (a live game's flag is told to the friend; theirs waits a network's delay: live/liveclock.js)
    if (flagged != null && this.page.live?.clock.flag(m, flagged) !== false) {
      const ending = endOnTime(m, flagged, view ? view.players.length : m.players.length);
      this.say(timeWords(ending, seat => this.page.seatName(seat)));
      this.onChange();
    }
  }

  /** Pause or resume the clock (a game with no far-away seat). */
  togglePause() {
    const m = this.page.model;
    if (!m || !m.clock || !this._canPause(m)) return;
    if (m.clock.paused) m.clock.resume(clockNow());
    else m.clock.pause(clockNow());
    m._changed("game"); // (saved; the computer waits while it is paused)
  }

  _canPause(m) {
    return !m.clock.correspondence && !m.players.includes("r") && m.clock.running != null;
  }

  /** Draw the faces for the model on screen, and tick while a clock runs. */
  draw() {
    const m = this.page.model;
    const clock = m && m.clock;
    this.box.hidden = !clock;
    $("moves").classList.toggle("show-times", !!clock && this.showTimes);
    // (ticking from the first move to the end: between a move and the engine
    // saying who is next no clock runs, but the next tick starts the right one)
    const view = this._headView();
    const running = !!clock && clock.started && !clock.paused && !m.ending && !(view && view.outcome);
    if (running && this.timer === undefined) {
      this.timer = setInterval(() => {
        this.sync();
        this.draw();
      }, TICK_MS);
    } else if (!running && this.timer !== undefined) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
    if (!clock) return;
    const seats = m.players.length || 2;
    // (two seats: the face of the seat at the bottom of the board last)
    const bottom = seats === 2 && view ? (this.page.settings.flipped(m, view) ? 1 : 0) : -1;
    const shape = `${seats}/${bottom}`;
    if (shape !== this.shape) {
      this.shape = shape;
      this.faces = Array.from({ length: seats }, (_, seat) =>
        h(
          "div",
          {
            class: "clock",
            role: "timer",
            "data-seat": String(seat),
            "data-at": bottom < 0 ? null : seat === bottom ? "bottom" : "top",
          },
          h("span", { class: "clock-name" }),
          h("span", { class: "clock-note" }),
          h("span", { class: "clock-time" }),
        ),
      );
      const tools = h("div", { class: "clock-tools" }, this.timesButton, this.pauseButton);
      // (two seats: a row for each side, the buttons beside the bottom face)
      this.box.replaceChildren(
        ...(bottom < 0
          ? [...this.faces, tools]
          : [
              h("div", { class: "clock-row", "data-at": "top" }, this.faces[1 - bottom]),
              h("div", { class: "clock-row", "data-at": "bottom" }, this.faces[bottom], tools),
            ]),
      );
      this.box.dataset.sides = bottom < 0 ? "no" : "yes";
    }
    const now = clockNow();
    const low = clock.correspondence
      ? 3600000
      : Math.min(LOW_MS, Math.max(LOW_FLOOR_MS, clock.control.base / 10));
    for (const [seat, face] of this.faces.entries()) {
      const left = clock.leftAt(seat, now);
      const on = clock.running === seat;
      face.dataset.running = on ? (clock.paused ? "paused" : "yes") : "no";
      face.dataset.low = left <= low ? "yes" : "no";
      face.dataset.out = left <= 0 ? "yes" : "no";
      face.setAttribute("aria-label", t("clock.of", { name: this.page.seatName(seat) }));
      setText(face.querySelector(".clock-name"), this.page.seatName(seat));
      setText(face.querySelector(".clock-time"), formatLeft(left));
      const out = m.ending && m.ending.termination === "time" && m.ending.by === seat;
      const note = out
        ? t("clock.timeOut")
        : clock.correspondence && on
          ? t("clock.toMove")
          : on && clock.paused
            ? t("clock.paused")
            : "";
      setText(face.querySelector(".clock-note"), note);
    }
    const pausable = this._canPause(m) || clock.paused;
    this.pauseButton.hidden = !pausable;
    setText(this.pauseButton, t(clock.paused ? "clock.resume" : "clock.pause"));
    this.pauseButton.setAttribute("aria-pressed", String(clock.paused));
    this.box.dataset.paused = String(clock.paused);
    setText(this.timesButton, t(this.showTimes ? "clock.times.hide" : "clock.times.show"));
    this.timesButton.setAttribute("aria-pressed", String(this.showTimes));
  }
}

/** An end on time in words: "White's time is up: Black wins." */
export function timeWords(ending, seatName) {
  const lost = seatName(ending.by);
  return ending.winner == null
    ? t("clock.timeUp", { name: lost })
    : t("clock.timeUpWins", { name: lost, winner: seatName(ending.winner) });
}

function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}
