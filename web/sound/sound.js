// The board's sounds: a move, a capture, a threat (EL's announced threats,
// Escabel's chain across the board) and the end of the game, synthesised
// with Web Audio at play time (no file is fetched).
//
// Which sound is decided by soundFor(), a pure function of the position
// shown before and the one shown now: a sound only when the new position is
// one move further along the same line of the same game (a move played, the
// computer's reply, browsing one move forward, as on lichess); nothing when
// a game opens, a jump skips moves, or a move is taken back.
//
// The browser lets a page make sound only after the user has interacted with
// it: the AudioContext is made after the first pointerdown or keydown, never
// before, so no autoplay warning is ever printed.  Making the first one is
// slow (the browser starts its audio service: 60-280 ms, one task), so it is
// not made inside the gesture's handler, which would hold the player's first
// click: the gesture only asks for it, and it is made in a task of its own
// when the page is idle (the activation is "sticky": a context made after
// the page's first gesture starts running), or at once when a sound is due
// first.  A context the browser suspended is resumed in a gesture.  Every
// sound actually started is counted on <html>: data-sounds (how many) and
// data-sound-last (which), for tools and tests.

/** The kinds of sound, most important first: one position makes one sound. */
export const KINDS = ["end", "capture", "threat", "move"];

/**
 * The sound for showing `after` where `before` was shown, or null.  Each is
 * {model, line, view}: the game model (a different one: a game was opened),
 * the line of moves from the start, and the engine's view of its position
 * (py/gamut/view.py).
 */
export function soundFor(before, after) {
  if (!before || !after || !before.view || !after.view) return null;
  if (before.model !== after.model || before.view.game !== after.view.game) return null;
  const [a, b] = [before.line || [], after.line || []];
  if (b.length !== a.length + 1 || !a.every((move, i) => move === b[i])) return null;
  const [was, now] = [before.view, after.view];
  if (now.outcome && !was.outcome) return "end";
  const mover = was.to_move;
  if ((now.highlights || []).some(h => h.kind === "capture")) return "capture";
  if (piecesOfOthers(now, mover) < piecesOfOthers(was, mover)) return "capture";
  const threatsBefore = threatCells(was);
  for (const cell of threatCells(now)) if (!threatsBefore.has(cell)) return "threat";
  return "move";
}

/** The pieces on the board that are not `seat`'s (a stack counts each of its pieces). */
function piecesOfOthers(view, seat) {
  let n = 0;
  for (const p of view.pieces || []) {
    if (p.stack) n += p.stack.filter(owner => owner !== seat).length;
    else if (p.owner !== seat) n += 1;
  }
  return n;
}

/** The cells a threat is shown on (highlights and EL's written threats). */
function threatCells(view) {
  const cells = new Set();
  for (const h of view.highlights || []) if (h.kind === "threat") for (const c of h.cells) cells.add(c);
  for (const a of view.annotations || []) if (a.kind === "threat") cells.add(a.cell);
  return cells;
}

/**
 * Each sound as notes: [start (s), frequency (Hz), length (s), waveform,
 * loudness].  Short and soft: a wooden tick, a lower double knock, a rising
 * two-note chime, a three-note phrase.
 */
export const NOTES = {
  move: [
    [0, 420, 0.09, "triangle", 0.32],
    [0, 1260, 0.025, "sine", 0.08],
  ],
  capture: [
    [0, 260, 0.1, "triangle", 0.36],
    [0.085, 196, 0.13, "triangle", 0.34],
  ],
  threat: [
    [0, 659.25, 0.22, "sine", 0.2],
    [0.13, 987.77, 0.34, "sine", 0.2],
  ],
  end: [
    [0, 523.25, 0.2, "sine", 0.2],
    [0.16, 659.25, 0.2, "sine", 0.2],
    [0.32, 783.99, 0.5, "sine", 0.22],
  ],
};

/** The page's sound: told each position shown, plays what soundFor() says when enabled. */
export class Sound {
  /**
   * `enabled()`: whether sound is on (the settings); `root`: where the
   * counts are written; `target`: where the first gesture is awaited;
   * `later(fn)`: runs `fn` in a task of its own, when the page is idle.
   */
  constructor({ enabled, root = document.documentElement, target = window, later = whenIdle }) {
    this.enabled = enabled;
    this.root = root;
    this.later = later;
    this.context = null;
    this.touched = false; // (a gesture has come: the browser allows sound)
    this.asked = false; // (the context is to be made when the page is idle)
    this.unavailable = false; // (no Web Audio here)
    this.shownBefore = null;
    const wake = () => this._wake();
    for (const type of ["pointerdown", "keydown"]) target.addEventListener(type, wake, { capture: true });
  }

  /** The position now shown (see soundFor); plays its sound, if any. */
  shown(model, line, view) {
    const now = { model, line: [...line], view };
    const before = this.shownBefore;
    if (before && before.model === model && sameLine(before.line, now.line)) {
      before.view = view; // the same position (drawn again)
      return;
    }
    this.shownBefore = now;
    const kind = soundFor(before, now);
    if (kind) this.play(kind);
  }

  /** Play `kind` now, when sound is on and the page has been touched. */
  play(kind) {
    if (!this.touched || !this.enabled() || !NOTES[kind]) return;
    const ctx = this._context(); // (made now when the idle task has not come yet)
    if (!ctx) return;
    if (ctx.state === "suspended") ctx.resume().catch(() => {});
    const t0 = ctx.currentTime + 0.01;
    for (const [at, frequency, length, type, loudness] of NOTES[kind]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = type;
      osc.frequency.value = frequency;
      // a quick attack and an exponential fall: a struck sound, no click
      gain.gain.setValueAtTime(0.0001, t0 + at);
      gain.gain.exponentialRampToValueAtTime(loudness, t0 + at + 0.006);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + at + length);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0 + at);
      osc.stop(t0 + at + length + 0.02);
    }
    const d = this.root.dataset;
    d.sounds = String(Number(d.sounds || 0) + 1);
    d.soundLast = kind;
  }

  /** A gesture: now the browser allows sound.  The context is asked for
   * (when sound is on), not made here (see the top of this file); one the
   * browser suspended is resumed (cheap, and allowed only in a gesture). */
  _wake() {
    this.touched = true;
    if (this.context) {
      if (this.context.state === "suspended") this.context.resume().catch(() => {});
      return;
    }
    if (this.asked || !this.enabled()) return;
    this.asked = true;
    this.later(() => {
      this.asked = false;
      if (this.enabled()) this._context();
    });
  }

  /** The AudioContext, made on first use; null before a gesture and on a browser without Web Audio. */
  _context() {
    if (this.context || !this.touched || this.unavailable) return this.context;
    const Context = globalThis.AudioContext || globalThis.webkitAudioContext;
    try {
      if (Context) this.context = new Context();
    } catch {
      /* no sound on this browser */
    }
    this.unavailable = !this.context;
    return this.context;
  }
}

/** Run `fn` in a task of its own once the page is idle (within a second). */
function whenIdle(fn) {
  if (typeof requestIdleCallback === "function") requestIdleCallback(() => fn(), { timeout: 1000 });
  else setTimeout(fn, 0);
}

function sameLine(a, b) {
  return a.length === b.length && a.every((move, i) => move === b[i]);
}
