// A live game kept across reloads and tabs (#46).  The live game's model
// carries its mark (GameModel.liveMark: the session's id, this page's seat,
// whether this page made the invitation), saved with it in the library, and
// dropped once the game ends or goes on by link.  A model put on screen with
// its mark (a reload, a crash, the game opened again from the library) makes
// a session that starts reconnecting, as after a drop: the host's page makes
// the new link (#live-resume/...), the friend's waits for it, and both go on
// from the longer common line.  A tab playing a live game holds a Web Lock
// named for it; another tab that opens the same game leaves it to that one
// (the board takes no move there) instead of making a second connection.

import { t } from "../i18n/i18n.js";

/** The Web Lock a tab holds while it plays live game `id`. */
const lockName = id => `gamut.live.${id}`; // i18n: not words (a lock's name)

/** Whether another tab of this browser plays live game `id` now. */
async function heldElsewhere(id) {
  try {
    const { held = [] } = (await globalThis.navigator?.locks?.query()) || {};
    return held.some(lock => lock.name === lockName(id));
  } catch {
    return false;
  }
}

export class LiveKeep {
  /** @param {any} live  the LivePlay (liveplay.js) */
  constructor(live) {
    this.live = live;
    /** A reopened live game connecting again (resume), or null. */
    this.resuming = null;
    /** The live game whose Web Lock this tab holds ("": none), and its release. */
    this.held = "";
    /** @type {(() => void) | null} */
    this.releaseLock = null;
  }

  /** Keep on the live game's model which live game it is, saved with it (null once it
   * ended): reopened by a reload or from the library, it connects again (resume). */
  mark() {
    const { session, model, hosting } = this.live;
    if (!session || !model) return;
    model.liveMark = session.end ? null : { id: session.id, seat: session.seat, host: hosting };
    if (!session.end && this.held !== session.id) this.hold(session.id); // (a rematch's new id)
  }

  /** A live game reopened that was not over (`model` on screen with its liveMark):
   * connected again as after a drop, unless the rules ended it or another tab plays it. */
  resume(model) {
    const live = this.live;
    const mark = model.liveMark;
    if (!mark || model.ending || live.on(model)) return this.resuming;
    const elsewhere = () => live.page.model !== model || live.on(model); // (another game opened meanwhile)
    this.resuming = (async () => {
      const view = await live.page.positions.view(model.start, model.head).catch(() => null);
      if (elsewhere()) return;
      if (view && view.outcome) {
        model.liveMark = null; // (over by the rules: nothing to resume)
        model._changed("game");
        return;
      }
      if (await heldElsewhere(mark.id)) {
        live.how.setExplain(t("live.elsewhere"), "info");
        return;
      }
      if (elsewhere()) return;
      const session = live.start(model, mark.id, mark.seat, null, [...model.head]);
      live.hosting = mark.host;
      live.lost(session);
    })();
    return this.resuming;
  }

  /** Hold the Web Lock of live game `id` while this tab plays it. */
  hold(id) {
    this.release();
    this.held = id;
    globalThis.navigator?.locks
      ?.request(lockName(id), { ifAvailable: true }, lock =>
        lock ? new Promise(done => (this.releaseLock = () => done(null))) : null,
      )
      .catch(() => {});
  }

  release() {
    this.releaseLock?.();
    this.releaseLock = null;
    this.held = "";
  }
}
