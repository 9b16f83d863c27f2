// The clocks of a live game (#46), as lichess keeps them: both run on both
// pages (the friend's seat is far away, but model.live lets its clock run
// here: model/clock.js syncClock), and each page is the judge of its own
// player's time.  Every move carries each seat's time left after it (the
// session's "move"); the friend's page keeps its own time and takes the
// mover's, so both pages agree after each move within a network's delay
// (and after a lost connection, the line the friend's page sends says theirs).
//
// A flag: one's own time out ends the game here at once (as in any game)
// and the friend is told (the session's claimTimeout); the friend's time out
// on this page is claimed GRACE_MS later, since their page started their
// clock a network's delay after this one and usually says it first.  A claim
// is believed when this page's clock has at most TOLERANCE_MS left for that
// seat (the session's timeUp).  A takeback gives no time back: the time
// spent stays spent, and the seat to move after it runs from then (syncClock).

import { Clock, clockNow, formatControl, parseControl, setNotes } from "../model/clock.js";
import { sameLine } from "../model/line.js";

/** How long after the friend's time runs out on this page it is claimed. */
export const GRACE_MS = 1000;
/** A claim that a seat lost on time is believed with at most this left for it here. */
export const TOLERANCE_MS = 1500;

/** Each seat's time left at `now` (ms, whole), or null without a clock. */
export function timesAt(clock, now) {
  if (!clock || clock.correspondence) return null;
  return clock.left.map((_, seat) => Math.round(clock.leftAt(seat, now)));
}

/** The page's verdict on a claim that `seat` lost on time. */
export function timeUpAt(clock, seat, now) {
  return !!clock && !clock.correspondence && clock.leftAt(seat, now) <= TOLERANCE_MS;
}

/** Whether the page ends the game now that `seat`'s time is out (`friend`: the
 * friend's seat): its own at once, the friend's once GRACE_MS more went by. */
export function flagNow(clock, seat, friend, now) {
  return seat !== friend || clock.leftAt(seat, now) <= -GRACE_MS;
}

/** The friend's move reached `line` of `model` with `clocks` (each seat's time
 * after it, as the friend's page had it): the friend's own time is taken
 * (and the move's note says it), unless the friend is still to move (a turn
 * of several moves: their next move says it).  Whether it was taken. */
export function adoptTimes(model, line, friend, clocks) {
  const clock = model.clock;
  const left = clocks?.[friend];
  if (!clock || clock.correspondence || !Number.isFinite(left) || left < 0) return false;
  if (!sameLine(model.head, line) || clock.running === friend || model.ending) return false;
  clock.left[friend] = left;
  const node = model.tree.nodeAt(line);
  if (node?.notes && Number.isFinite(node.notes.left)) setNotes(model.tree, node, { left });
  return true;
}

export class LiveClock {
  /** @param {any} live  the LivePlay (liveplay.js) */
  constructor(live) {
    this.live = live;
    /** A takeback came: the line that follows it says no time. */
    this.takenBack = false;
  }

  /** `model` is played live (`control`: the invitation's clock, "300+3" or null, for
   * the guest's new game): the session's clocks at the start, or null. */
  start(model, control = null) {
    if (control) model.clock = Clock.create(/** @type {any} */ (parseControl(control)), 2);
    model.live = true;
    return timesAt(model.clock, clockNow());
  }

  /** A rematch's `model` after `old`: the same clock, new, and played live (`old` no more). */
  rematch(old, model) {
    if (old.clock && !model.clock) model.clock = Clock.create(old.clock.control, 2);
    old.live = false;
    model.live = true;
  }

  /** The invitation's clock for `m`: "300+3", or null without one. */
  control(m) {
    return m.clock && !m.clock.correspondence ? formatControl(m.clock.control) : null;
  }

  /** Each seat's time left now in `m` (sent with this side's move). */
  times(m) {
    return timesAt(m.clock, clockNow());
  }

  /** The session's timeUp: this page's clock says `seat`'s time is out. */
  timeUp(m, seat) {
    return timeUpAt(m.clock, seat, clockNow());
  }

  /** A session's event in `model` (LivePlay._event, the friend's move already being
   * played: live.applying): the friend's time as their move says it, or as their line
   * says it after a resume (a takeback's line says none: the time spent stays spent). */
  event(session, model, type, detail) {
    if (type === "takeback") this.takenBack = true;
    const resumed = type === "line" && !this.takenBack;
    if (type === "line") this.takenBack = false;
    const line =
      type === "move" && !detail.local ? session.moves.slice(0, detail.ply) : resumed ? detail.moves : null;
    if (!line) return;
    const clocks = type === "move" ? detail.clocks : session.clocks;
    Promise.resolve(this.live.applying).then(() => {
      if (adoptTimes(model, line, session.peer, clocks)) model._changed("game");
    });
  }

  /** The clock panel found `seat`'s time out in `m`: whether the page ends the
   * game on time now (a live game: the friend is told; the friend's flag waits
   * GRACE_MS).  Any other game: at once. */
  flag(m, seat) {
    const live = this.live;
    const session = live.session;
    if (!live.on(m) || !session) return true;
    if (session.end) return false; // (ended otherwise meanwhile: the session's end is drawn)
    if (!flagNow(m.clock, seat, session.peer, clockNow())) return false;
    session.claimTimeout(seat);
    return true;
  }
}
