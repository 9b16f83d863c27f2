// The views of positions, as the engine describes them, cached by the
// position's start and line.  The worker keeps states, not games: every
// request names its position, so nothing here has to be kept in step with
// the game model.  A view fetched once is drawn again at once.

const LIMIT = 600;  // views kept (a view of a large board is a few kB)

export class Positions {
  constructor(engine) {
    this.engine = engine;
    this.views = new Map();   // key -> view, oldest first
    this.asked = new Map();   // key -> the request in flight (asked once, however often wanted)
  }

  key(start, line) {
    return `${start}\n${line.join("\n")}`;
  }

  /** The cached view of a position, or undefined. */
  get(start, line) {
    return this.views.get(this.key(start, line));
  }

  put(start, line, view) {
    const key = this.key(start, line);
    this.views.delete(key);
    this.views.set(key, view);
    while (this.views.size > LIMIT) this.views.delete(this.views.keys().next().value);
    return view;
  }

  /** The view of a position; rejects with the engine's typed error (a
   * RecordError names a move that cannot be played). */
  view(start, line) {
    const cached = this.get(start, line);
    if (cached) return Promise.resolve(cached);
    const key = this.key(start, line);
    let asked = this.asked.get(key);
    if (!asked) {
      asked = this.engine.call("view", { start, line }).then(r => this.put(start, line, r.view));
      asked.finally(() => this.asked.delete(key)).catch(() => {});
      this.asked.set(key, asked);
    }
    return asked;
  }

  /** Check a move at a position: its canonical text and the view after it. */
  async play(start, line, move) {
    const r = await this.engine.call("play", { start, line, move });
    this.put(start, r.line, r.view);
    return { move: r.move, line: r.line, view: r.view };
  }

  async mark(start, line, cells) {
    return (await this.engine.call("mark", { start, line, cells })).move;
  }

  async explain(start, line, clicks) {
    return (await this.engine.call("explain", { start, line, clicks })).message;
  }
}
