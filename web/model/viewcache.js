// The views of positions, as the engine describes them, cached by the
// position's start and line.  The worker keeps states, not games: every
// request names its position, so nothing here has to be kept in step with
// the game model.  A view fetched once is drawn again at once.
// Before the engine is ready, the views the build describes (early.js: each
// game's start and the positions one move later) are seeded here: a game
// opens at once and its first move is played from them; when the engine is
// ready each seeded view is asked again and replaces the seed.

const LIMIT = 600; // views kept (a view of a large board is a few kB)
// ... and their size: a position text may be long (a set-up start of 100 kB
// named by every view of its game), so the cache is bounded in bytes too.
export const BYTE_LIMIT = 16 * 1024 * 1024;

/** About how many bytes a cached view takes: its key and its JSON, two bytes a character. */
function sizeOf(key, view) {
  return 2 * (key.length + JSON.stringify(view).length);
}

export class Positions {
  /** `initial`: what the build inlined in the page (each game's start text
   * and view: early.js builtStart). */
  constructor(engine, initial = null) {
    this.engine = engine;
    this.initial = initial;
    this.views = new Map(); // key -> view, oldest first
    this.sizes = new Map(); // key -> its size (sizeOf)
    this.bytes = 0; // the sum of sizes
    this.asked = new Map(); // key -> the request in flight (asked once, however often wanted)
    this.seeds = new Map(); // start -> Map(key -> line) of the seeded views (until confirmed by the engine)
    this.read = new Set(); // keys of seeded views the page has read
    // each line's key, made once (a 5,000-move line's key is 30 kB to build and hash)
    /** @type {WeakMap<string[], {start: string, length: number, key: string}>} */
    this.keys = new WeakMap();
  }

  /** Views the build describes: `start`'s view and, for each `[move, view]`,
   * the view one move later.  They are not asked of the engine until it is
   * ready (confirmSeeds). */
  seed(start, startView, after) {
    const keys = new Map();
    const put = (line, view) => {
      const key = this.key(start, line);
      if (this.views.has(key) && !this._seeded(start, key)) return; // the engine's own stays
      this.put(start, line, view);
      keys.set(key, line);
    };
    put([], startView);
    for (const [move, view] of after) put([move], view);
    this.seeds.set(start, keys);
  }

  seededFor(start) {
    return this.seeds.has(start);
  }

  isSeeded(start, line) {
    return this._seeded(start, this.key(start, line));
  }

  _seeded(start, key) {
    const keys = this.seeds.get(start);
    return !!keys && keys.has(key);
  }

  /** Whether a move at this position can be played before the engine is
   * ready: every position one move later is described by the build. */
  playableEarly(start, line) {
    const view = this.get(start, line);
    return (
      !!view &&
      !view.outcome &&
      !view.select &&
      view.moves.length > 0 &&
      view.moves.every(m => this.isSeeded(start, [...line, m.text]))
    );
  }

  /** The engine is ready: the seeds go, and every seeded view the page has
   * read is asked of the engine again; its answer replaces the seed (one
   * that differs is reported: the build and the engine disagree, a bug; a
   * position the engine refuses is reported and dropped). */
  async confirmSeeds() {
    const seeds = [...this.seeds];
    this.seeds.clear();
    const read = this.read;
    this.read = new Set();
    await Promise.all(
      seeds.flatMap(([start, keys]) =>
        [...keys].map(async ([key, line]) => {
          const seeded = this.views.get(key);
          this._drop(key);
          if (!read.has(key)) return;
          try {
            const view = await this.view(start, line);
            if (seeded && !sameJSON(seeded, view)) {
              console.error(
                `Gamut: the build's view of ${line.join(" ") || "the start"} differs from the engine's`,
              );
            }
          } catch (err) {
            console.error(
              `Gamut: the engine refuses the build's position ${line.join(" ")}: ${err && /** @type {Error} */ (err).message}`,
            );
          }
        }),
      ),
    );
  }

  /** The cache's key of a position; kept for the line (an array the page
   * does not change: the model's lines are values). */
  key(start, line) {
    const kept = this.keys.get(line);
    if (kept && kept.start === start && kept.length === line.length) return kept.key;
    const key = `${start}\n${line.join("\n")}`;
    this.keys.set(line, { start, length: line.length, key });
    return key;
  }

  /** The cached view of a position, or undefined. */
  get(start, line) {
    const key = this.key(start, line);
    const view = this.views.get(key);
    if (view && this.seeds.size && this._seeded(start, key)) this.read.add(key);
    return view;
  }

  put(start, line, view) {
    const key = this.key(start, line);
    this._drop(key);
    const size = sizeOf(key, view);
    this.views.set(key, view);
    this.sizes.set(key, size);
    this.bytes += size;
    // the oldest go first; the view just put stays, however large
    while (this.views.size > 1 && (this.views.size > LIMIT || this.bytes > BYTE_LIMIT)) {
      this._drop(this.views.keys().next().value);
    }
    return view;
  }

  _drop(key) {
    if (!this.views.delete(key)) return;
    this.bytes -= this.sizes.get(key) || 0;
    this.sizes.delete(key);
  }

  /** The view of a position; rejects with the engine's typed error (a
   * RecordError names a move that cannot be played). */
  view(start, line) {
    const cached = this.get(start, line);
    if (cached) return Promise.resolve(cached);
    const key = this.key(start, line);
    let asked = this.asked.get(key);
    if (!asked) {
      asked = this.engine.view(start, line).then(r => this.put(start, line, r.view));
      asked.finally(() => this.asked.delete(key)).catch(() => {});
      this.asked.set(key, asked);
    }
    return asked;
  }

  /** Check a move at a position: its canonical text and the view after it. */
  async play(start, line, move) {
    if (this.engine.state !== "ready" && this.playableEarly(start, line)) {
      const view = this.get(start, line);
      if (view.moves.some(m => m.text === move)) {
        const after = [...line, move];
        return { move, line: after, view: this.get(start, after) };
      }
    }
    const r = await this.engine.play(start, line, move);
    this.put(start, r.line, r.view);
    return { move: r.move, line: r.line, view: r.view };
  }

  async mark(start, line, cells) {
    return (await this.engine.mark(start, line, cells)).move;
  }

  async explain(start, line, clicks) {
    return (await this.engine.explain(start, line, clicks)).message;
  }
}

/** Whether two JSON values are equal (objects whatever their keys' order). */
export function sameJSON(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === b.length && a.every((x, i) => sameJSON(x, b[i]));
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length && keys.every(k => Object.hasOwn(b, k) && sameJSON(a[k], b[k]))
  );
}
