// Whether the engine's worker still lives (#47): a worker the browser killed
// (short of memory, say) says nothing at all, and the calls waiting for it
// would wait for ever.  While a request waits, the heartbeat asks the worker
// every `every` ms (a ping, answered with a pong between two slices of any
// job); `beats` beats in a row with no word from the worker (an answer, a
// job's progress, a pong) and it is taken for gone (`silent()`).  No timer
// runs while nothing waits.  engine.js owns one.

export class Heartbeat {
  /** @param {{every: number, beats: number, waiting: () => boolean, live: () => boolean,
   *   ping: () => void, silent: () => void}} how
   * `waiting`: a request waits; `live`: the worker has started (silence while it
   * loads counts for nothing) */
  constructor({ every, beats, waiting, live, ping, silent }) {
    this.every = every;
    this.beats = beats;
    this.waiting = waiting;
    this.live = live;
    this.ping = ping;
    this.silent = silent;
    this.spoke = false; // a word from the worker since the last beat
    this.quiet = 0; // beats in a row without one
    /** @type {any} */
    this.timer = undefined;
  }

  /** A word from the worker. */
  heard() {
    this.spoke = true;
  }

  /** A request waits: beat until none does. */
  watch() {
    if (this.timer !== undefined || typeof setInterval !== "function") return;
    this.spoke = false;
    this.quiet = 0;
    this.timer = setInterval(() => this.beat(), this.every);
    this.timer?.unref?.(); // (Node: a heartbeat keeps no test alive)
  }

  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  beat() {
    if (!this.waiting()) {
      this.stop();
      return;
    }
    if (this.spoke || !this.live()) {
      this.spoke = false;
      this.quiet = 0;
      return;
    }
    this.quiet += 1;
    if (this.quiet >= this.beats) {
      this.quiet = 0;
      this.silent();
      return;
    }
    try {
      this.ping();
    } catch {
      /* (a worker gone: the next beats say so) */
    }
  }
}
