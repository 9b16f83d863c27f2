// The game's clock: a pure value with no DOM and no timers.  Every method
// that depends on the time takes `now` (epoch ms, clockNow()), so the clock
// is the same after a reload: the running seat's turn began at the epoch
// `since`, and the time the page was closed is charged to it (time runs on,
// as on lichess, unless the clock was paused).
//
// A control is {base, increment} (ms per player, ms added per move) or
// {days} (correspondence: each move is due within that many days; the time
// left is the time left to move).  The stored form (model.clock, the #29
// contract) is
//   {control, running: seat | null, since: epoch ms | null, left: [ms per seat], paused: bool}
// where `left` is what each seat had when its clock last stopped.  Three
// states: not started (running and since null: the first move is free, as
// on lichess), between a move and the engine saying who is next (running
// null, since = when the move was played), and running (the seat to move,
// since = when its turn began).  When paused, `since` is the moment it was
// paused and `left` already charged up to then.
//
// Who moves next is the engine's to say: press() stops the mover's clock,
// begin(seat) starts the next one from the moment of the move.

import { language, t } from "../i18n/i18n.js";

const DAY_MS = 24 * 60 * 60 * 1000;

// The wall clock when this page loaded, and the monotonic clock then.
const WALL_AT_LOAD = Date.now();
const MONOTONIC_AT_LOAD = globalThis.performance ? performance.now() : 0;

/**
 * The clock's time: epoch ms (as Date.now()) that never jump while the page
 * lives, whatever the system clock does (#47: moving it back an hour froze a
 * clock, forward two minutes lost a game on time).  It is the wall clock at
 * load plus the monotonic time since; only between two visits does the wall
 * clock count (the time the page was closed), and a clock whose turn began
 * "in the future" then runs from now (syncClock).
 */
export function clockNow() {
  return globalThis.performance ? WALL_AT_LOAD + (performance.now() - MONOTONIC_AT_LOAD) : Date.now();
}

/** The time controls offered (minutes + increment seconds), as "base+inc" in seconds. */
export const PRESETS = ["60+0", "180+2", "300+3", "600+5", "900+10", "1800+20"];
/** Days per move offered for games by link. */
export const DAYS = [1, 2, 3, 7];

/** A control from its text: "300+3" (seconds + increment seconds), "2d" (days per move); "-" or "": null. */
export function parseControl(text) {
  const t = String(text || "").trim();
  if (t === "" || t === "-") return null;
  let m = /^(\d{1,2})d$/.exec(t);
  if (m && Number(m[1]) >= 1) return { days: Number(m[1]) };
  m = /^(\d{1,5})\+(\d{1,4})$/.exec(t);
  if (m && Number(m[1]) > 0) return { base: Number(m[1]) * 1000, increment: Number(m[2]) * 1000 };
  throw new Error(
    `${JSON.stringify(t)} is not a time control ("300+3": seconds + increment; "1d": days per move)`,
  );
}

/** The text of a control (as the record's TimeControl tag writes it): "300+3", "1d", "-". */
export function formatControl(control) {
  if (!control) return "-";
  if (control.days) return `${control.days}d`;
  return `${Math.round(control.base / 1000)}+${Math.round(control.increment / 1000)}`;
}

/** A control in words: "5+3" (minutes + seconds), "2 days per move". */
export function describeControl(control) {
  if (!control) return t("clock.none");
  if (control.days) return t("clock.daysPerMove", { count: control.days });
  const minutes = new Intl.NumberFormat(language(), { maximumFractionDigits: 1 }).format(
    control.base / 60000,
  );
  return t("clock.control", { minutes, seconds: String(Math.round(control.increment / 1000)) });
}

/** A time for a clock face: "4:55", "1:02:03", "9.7" under 10 s (tenths), "2d 3h" for days. */
export function formatLeft(ms) {
  const t = Math.max(0, ms);
  if (t < 10000) return (Math.floor(t / 100) / 10).toFixed(1);
  const s = Math.floor(t / 1000);
  if (s >= DAY_MS / 1000) return `${Math.floor(s / 86400)}d ${Math.floor((s % 86400) / 3600)}h`;
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return hh ? `${hh}:${String(mm).padStart(2, "0")}:${ss}` : `${mm}:${ss}`;
}

/** A time spent on a move, short: "3.1s", "1:05". */
export function formatSpent(ms) {
  const t = Math.max(0, ms);
  if (t < 60000) return `${(Math.round(t / 100) / 10).toFixed(1)}s`;
  return formatLeft(t);
}

const validControl = c =>
  !!c &&
  typeof c === "object" &&
  ((Number.isInteger(c.days) && c.days >= 1) ||
    (Number.isFinite(c.base) && c.base > 0 && Number.isFinite(c.increment) && c.increment >= 0));

export class Clock {
  /** @param {{control: any, left: number[], running?: any, since?: any,
   *   paused?: boolean, pressed?: {seat: number, increment: number} | null}} init */
  constructor({ control, left, running = null, since = null, paused = false, pressed = null }) {
    this.control = control.days
      ? { days: control.days }
      : { base: control.base, increment: control.increment };
    this.left = [...left];
    this.running = running;
    this.since = since;
    this.paused = paused;
    /** The seat the last press() stopped and the increment it was given
     * ({seat, increment}), until the engine says who moves next: a turn of
     * several moves (EL's placement and declaration) earns one increment. */
    this.pressed = pressed;
  }

  /** A clock for `seats` players, not started. */
  static create(control, seats = 2) {
    const full = control.days ? control.days * DAY_MS : control.base;
    return new Clock({ control, left: Array.from({ length: seats }, () => full) });
  }

  get correspondence() {
    return !!this.control.days;
  }

  get started() {
    return this.since != null;
  }

  /** What `seat` has left at `now` (the running seat's turn so far charged). */
  leftAt(seat, now) {
    const left = this.left[seat] ?? 0;
    return this.running === seat && !this.paused ? left - Math.max(0, now - this.since) : left;
  }

  /** What `seat` has left at `now` if it is to move next: its turn runs
   * from the last move even before begin() (the computer's budget). */
  leftFor(seat, now) {
    if (this.running == null && this.started && !this.paused)
      return this.left[seat] - Math.max(0, now - this.since);
    return this.leftAt(seat, now);
  }

  /** The running seat if its time is up at `now` (at exactly zero too), else null. */
  flagged(now) {
    if (this.running == null || this.paused) return null;
    return this.leftAt(this.running, now) <= 0 ? this.running : null;
  }

  /** A move played at `now` by the running seat: its clock stops, charged
   * the time spent, plus the increment (correspondence: back to the full
   * days).  Returns {spent, left} for the move's notes, or null when the
   * clock had not started (the first move is free: the clock starts now). */
  press(now) {
    const seat = this.running;
    /** @type {{spent: number, left: number} | null} */
    let out = null;
    if (seat != null) {
      const spent = this.paused ? 0 : Math.max(0, now - this.since);
      const after = this.left[seat] - spent;
      this.left[seat] = this.correspondence ? this.control.days * DAY_MS : after + this.control.increment;
      this.pressed = { seat, increment: this.left[seat] - after };
      out = { spent: Math.round(spent), left: Math.round(this.left[seat]) };
    }
    this.running = null;
    this.since = now;
    this.paused = false;
    return out;
  }

  /** `seat` is to move: its clock runs from the moment of the last move
   * (a clock not started waits for the first move).  When `seat` is the one
   * the last press() stopped, its turn goes on (a turn of several moves):
   * the increment that press gave is taken back, and true is returned. */
  begin(seat) {
    const pressed = this.pressed;
    this.pressed = null;
    if (!this.started || this.running === seat) return false;
    this.running = seat;
    if (!pressed || pressed.seat !== seat || this.correspondence) return false;
    this.left[seat] -= pressed.increment;
    return true;
  }

  /** The seat to move changed without a move (a move taken back): the time
   * so far is charged to the running seat, and `seat`'s clock runs from now. */
  switchTo(seat, now) {
    if (!this.started || this.running === seat) return;
    if (this.running != null && !this.paused) this.left[this.running] = this.leftAt(this.running, now);
    this.running = seat;
    this.since = now;
  }

  pause(now) {
    if (this.paused || this.running == null) return;
    this.left[this.running] = this.leftAt(this.running, now);
    this.since = now;
    this.paused = true;
  }

  resume(now) {
    if (!this.paused) return;
    this.paused = false;
    this.since = now;
  }

  /** The game is over: the running clock stops where it is. */
  stop(now) {
    if (this.running != null && !this.paused)
      this.left[this.running] = Math.max(0, this.leftAt(this.running, now));
    this.running = null;
    this.pressed = null;
  }

  toJSON() {
    return {
      control: { ...this.control },
      running: this.running,
      since: this.since,
      left: [...this.left],
      paused: this.paused,
      ...(this.pressed ? { pressed: { ...this.pressed } } : {}),
    };
  }

  /** The inverse of toJSON(); null for anything that is not a clock. */
  static fromJSON(data) {
    if (!data || typeof data !== "object" || !validControl(data.control)) return null;
    const left = data.left;
    if (!Array.isArray(left) || !left.length || !left.every(Number.isFinite)) return null;
    const seat = data.running;
    const running = Number.isInteger(seat) && seat >= 0 && seat < left.length ? seat : null;
    const since = Number.isFinite(data.since) ? data.since : null;
    const p = data.pressed;
    const pressed =
      p && Number.isInteger(p.seat) && p.seat >= 0 && p.seat < left.length && Number.isFinite(p.increment)
        ? { seat: p.seat, increment: p.increment }
        : null;
    return new Clock({ control: data.control, left, running, since, paused: data.paused === true, pressed });
  }
}

// -- the computer's time ---------------------------------------------------------------

/** Kept back from every search: the page's own work around a move (the
 * worker's answer, replaying the move, drawing) must fit in it. */
export const SAFETY_MS = 800;
/** The least a search is given (a move must still be found). */
export const MIN_SEARCH_MS = 20;

/**
 * How long the computer may think with `left` ms on its clock and
 * `increment` ms per move, at ply `ply` of the game: {target, deadline}.
 * `target` is its share of the time (what is left spread over the moves it
 * may still have to play, plus most of the increment); `deadline` the hard
 * stop the search is cut at: never more than the time left less a margin
 * (SAFETY_MS and a tenth of what is left), so it never loses on time
 * because it thought too long.
 */
export function budget(left, increment, ply = 0) {
  const movesToGo = Math.max(12, 40 - Math.floor(ply / 2));
  const margin = SAFETY_MS + left / 10;
  const safe = left - margin;
  const target = Math.max(0, left / movesToGo + increment * 0.8);
  if (safe <= MIN_SEARCH_MS) {
    // almost out: the least search, and never more than a quarter of what is left
    const least = Math.max(1, Math.min(MIN_SEARCH_MS, Math.floor(left / 4)));
    return { target: least, deadline: least };
  }
  const deadline = Math.max(MIN_SEARCH_MS, Math.min(safe, target * 2));
  return { target: Math.min(target, deadline), deadline: Math.floor(deadline) };
}

// -- the clock in the game ------------------------------------------------------------

/** Merge `patch` into a tree node's notes (the #29 contract's
 * tree.setNotesAt, helper "notes"'s; until it is merged, the same here: a
 * key given null/undefined/"" is deleted). */
export function setNotes(tree, node, patch) {
  if (typeof tree.setNotesAt === "function") {
    tree.setNotesAt(node, patch);
    return;
  }
  const notes = { ...(node.notes || {}) };
  for (const [key, value] of Object.entries(patch)) {
    if (value == null || value === "") delete notes[key];
    else notes[key] = value;
  }
  node.notes = notes;
}

/** The game model's clock hook: a move reached `line` at `now`; the
 * mover's clock stops and the time it spent and has left go into the
 * move's notes ({spent, left}, ms). */
export function clockMove(model, line, now = clockNow()) {
  if (!model.clock) return;
  const times = model.clock.press(now);
  const node = model.tree.nodeAt(line);
  if (times && node) setNotes(model.tree, node, times);
}

/**
 * Keep the clock in step with the game at `now`: `headView` is the engine's
 * view of the game's head (null while unknown).  After a move the seat the
 * engine says is to move starts (from the moment of the move); after a move
 * taken back the other seat's clock runs; a game over stops it.  Returns the
 * seat whose time is up, or null.  (Called on every change of the model
 * and every tick of the clock panel: it only changes the clock value.)
 */
export function syncClock(model, headView, now) {
  const clock = model.clock;
  if (!clock) return null;
  if (model.ending || (headView && headView.outcome)) {
    clock.stop(now);
    return null;
  }
  if (!headView) return null;
  const seat = headView.to_move;
  if (model.players[seat] === "r" && !model.live) {
    // a seat far away is to move: no clock runs here (their time is theirs;
    // the link they send back says it), and ours starts when their move is seen
    // (a live game's friend, #46, is far away too, but their clock runs here as
    // ours does on their page: each move carries the times, live/liveclock.js)
    clock.stop(now);
    clock.since = null;
    return null;
  }
  if (clock.since == null && model.head.length > 0) clock.since = now;
  // (a turn that began "later than now": the system clock went back between two visits)
  if (clock.since != null && clock.since > now) clock.since = now;
  if (clock.running == null) {
    // (the mover moves again: one turn of several moves, one increment; the move's note says so)
    if (clock.begin(seat)) {
      const node = model.tree.nodeAt(model.head);
      if (node && node.notes && Number.isFinite(node.notes.left))
        setNotes(model.tree, node, { left: Math.round(clock.left[seat]) });
    }
  } else if (clock.running !== seat) clock.switchTo(seat, now);
  return clock.flagged(now);
}

/**
 * Whether the game's time ran out before a move made at `now` (#47: with the
 * page's timers held back, as in a background tab, a move could come after
 * the flag fell and before the clock's next tick): the game then ends on time
 * and the move is not played.  (The clock panel's sync, which says so, runs
 * first where it can; this is the model's own guard.)
 */
export function flagFell(model, now = clockNow()) {
  const seat = model.clock && !model.ending ? model.clock.flagged(now) : null;
  // (a live friend's flag is the page's to claim, a network's delay later: live/liveclock.js)
  if (seat == null || (model.live && model.players[seat] === "r")) return false;
  endOnTime(model, seat, model.players.length || 2, now);
  return true;
}

/** The game's end when `seat` ran out of time (the #29 contract's
 * model.ending): the other seat of two wins; with more seats, none is named. */
export function timeEnding(seat, seats = 2) {
  const winner = seats === 2 ? 1 - seat : null;
  const result = winner == null ? "*" : winner === 0 ? "1-0" : "0-1";
  return { result, winner, termination: "time", by: seat };
}

/** End the game on time (helper "outcome"'s model.end(ending) when there is one). */
export function endOnTime(model, seat, seats, now = clockNow()) {
  const ending = timeEnding(seat, seats);
  if (model.clock) model.clock.stop(now);
  if (typeof model.end === "function") model.end(ending);
  else {
    model.ending = ending;
    model._changed("game");
  }
  return ending;
}

// -- the clock in a link ------------------------------------------------------------------

/** The link's "/clock=" and "/times=" of a game: {clock, times} (or {}
 * without a clock); `times`: the ms spent on each move of `line` (0 where a
 * move has none, such as the first, free one). */
export function clockLink(model, line) {
  if (!model.clock) return { clock: null, times: null };
  const times = [];
  let node = model.tree.root;
  for (const move of line) {
    node = node && node.children.find(c => c.move === move);
    times.push((node && node.notes && node.notes.spent) || 0);
  }
  while (times.length && !times[times.length - 1]) times.pop();
  return { clock: formatControl(model.clock.control), times };
}

/** A link's clock for `model` (made from its line; a LinkError when its times spend more than it gives): each move's time noted,
 * each seat's time left counted from them (seats taking turns of
 * `turnPlies` moves each: the view's `turn_plies`, 2 in EL with declared
 * threats; a turn earns one increment, at its last move); the seat to
 * move's time runs from when the link is opened.  Null when the link has
 * no clock. */
export function clockFromLink(parsed, model, now = clockNow(), turnPlies = 1) {
  if (!parsed.clock) return null;
  const control = /** @type {{base: number, increment: number, days?: number}} */ (
    parseControl(parsed.clock)
  );
  const seats = Math.max(2, (parsed.players || []).length);
  const plies = Math.max(1, Math.floor(turnPlies) || 1);
  const clock = Clock.create(control, seats);
  const times = parsed.times || [];
  let node = model.tree.root;
  for (const [ply, move] of parsed.moves.entries()) {
    node = node && node.children.find(c => c.move === move);
    const spent = times[ply] || 0;
    const seat = Math.floor(ply / plies) % seats;
    // (as press() counts: the first move is free, every later one is charged, a turn's last earns the increment)
    if (!clock.correspondence && ply > 0)
      clock.left[seat] += ((ply + 1) % plies === 0 ? control.increment : 0) - spent;
    // (a time below zero: no game played to this link can have it; #47)
    if (clock.left[seat] < 0)
      throw Object.assign(new Error(t("link.error.timesOverClock", { clock: parsed.clock })), {
        type: "LinkError",
      });
    if (node && spent)
      setNotes(model.tree, node, { spent, ...(clock.correspondence ? {} : { left: clock.left[seat] }) });
  }
  if (parsed.moves.length) clock.since = now;
  return clock;
}

// -- the clock in a record ----------------------------------------------------------------

/** A record's TimeControl ("300+3", "1d"; the engine's Record JSON
 * `timecontrol`) for a stored game (`game`: GameModel.toJSON()), or null. */
export function recordTimeControl(game) {
  const clock = game && Clock.fromJSON(game.clock);
  return clock ? formatControl(clock.control) : null;
}

/** The clock of an imported record: its TimeControl, each seat's time left
 * as the main line's last `left` notes for it say (seats taking turns of
 * `turnPlies` moves: the view's `turn_plies`), paused (an imported game's
 * clock waits until the player resumes it).  Null without a TimeControl (or "-"). */
export function clockOfRecord(record, tree, seats = 2, turnPlies = 1) {
  let control;
  try {
    control = parseControl(record.timecontrol);
  } catch {
    return null;
  }
  if (!control) return null;
  const clock = Clock.create(control, seats);
  let node = tree.root;
  for (let ply = 0; node.children.length; ply++) {
    node = node.children[0];
    const left = node.notes && node.notes.left;
    const seat = Math.floor(ply / Math.max(1, turnPlies)) % seats;
    if (Number.isFinite(left) && !clock.correspondence) clock.left[seat] = left;
  }
  clock.paused = true;
  return clock;
}
