// The board's motion, planned: given the view drawn and the next one, what
// moves on the screen between them (a pure function of two views, no DOM;
// board-motion.js plays the plan with the Web Animations API).
//
// Only a change of one move is animated: the next view is one ply after the
// shown one (its `last_move` is the move played) or one ply before it
// (browsing back: the shown view's `last_move` is undone, its path walked
// backwards, as lichess does).  Anything else (a new game, a jump through
// the moves, a position set up) is drawn at once.
//
// The move's path (`last_move`, the cells it touched in order) is walked by
// a traveller: what left the first cell.  At each later cell it drops what
// that cell gained (an EVL unstack leaves one piece per cell, a Lines of
// Action piece or an Escabel piece arrives whole) and, on the cells between
// (browsing an unstack back), picks up what the cell lost.  What the last
// cell loses is taken (a capture) and fades out as the traveller arrives.
// Every other cell that changed fades out its old piece and writes in its
// new one (an EL number; Escabel's new piece on the cell left).
//
// A plan is {duration (ms), tracks}; a track animates one drawing:
//   {layer: "pieces" | "markers",
//    real: true, cell}      the piece or marker the next view draws on `cell`
//    real: false, piece}    a ghost: a piece or marker drawn for the motion only
//    frames: [{t, at, opacity, scale}]}
// `t` runs from 0 to 1 over the duration; `at` is the cell the drawing is
// over at that moment (its own cell when left out), `opacity` and `scale`
// default to 1.  Between frames, values move linearly; two frames with the
// same `t` switch at once.

/** Milliseconds of a move along `segments` steps (150-300 ms, as lichess). */
export function durationOf(segments) {
  return Math.min(300, 200 + 50 * Math.max(0, segments - 1));
}

/** At most this many cells may change besides a move's path (else it is no single move). */
const MAX_OFF_PATH = 6;

/** The moment a stack that splits is seen as two: at once (at 0 exactly, the stack shown). */
const LEAVE = 0.01;

/** The seats on `cell`, bottom to top ([] when empty). */
function stackOf(pieceAt, cell) {
  const p = pieceAt.get(cell);
  return p ? (p.stack && p.stack.length ? [...p.stack] : [p.owner]) : [];
}

const samePiece = (a, b) =>
  (!a && !b) ||
  (!!a &&
    !!b &&
    a.owner === b.owner &&
    (a.label ?? null) === (b.label ?? null) &&
    JSON.stringify(a.stack || null) === JSON.stringify(b.stack || null));

const sameSeats = (a, b) => a.length === b.length && a.every((s, i) => s === b[i]);

/** How many seats at the bottom of stacks `a` and `b` are the same. */
function commonBase(a, b) {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/** The stack a traveller carries, after it dropped `dropped` (from its bottom, else its top). */
function drop(carried, dropped) {
  const n = dropped.length;
  if (!n) return carried;
  if (sameSeats(carried.slice(0, n), dropped)) return carried.slice(n);
  if (sameSeats(carried.slice(-n), dropped)) return carried.slice(0, -n);
  return carried.slice(n);
}

/** Whether views `a` and `b` show the same game on the same board. */
function sameBoard(a, b) {
  if (a.game !== b.game || a.variant !== b.variant) return false;
  const cells = v => v.board.cells.map(c => c.id).join(" ");
  return a.board.kind === b.board.kind && cells(a) === cells(b);
}

/**
 * The motion from view `shown` to view `next`, or null when none is drawn.
 * @param {any} shown @param {any} next
 * @returns {{duration: number, tracks: any[]} | null}
 */
export function planMotion(shown, next) {
  if (!shown || !next || shown === next || !sameBoard(shown, next)) return null;
  if (!Number.isInteger(shown.ply) || !Number.isInteger(next.ply)) return null;
  let path;
  if (next.ply === shown.ply + 1) path = [...(next.last_move || [])];
  else if (next.ply === shown.ply - 1) path = [...(shown.last_move || [])].reverse();
  else return null;
  const before = new Map((shown.pieces || []).map(p => [p.cell, p]));
  const after = new Map((next.pieces || []).map(p => [p.cell, p]));
  const changed = new Set();
  for (const cell of new Set([...before.keys(), ...after.keys()])) {
    if (!samePiece(before.get(cell), after.get(cell))) changed.add(cell);
  }
  const tracks = [];
  const walked = walk(path, before, after, tracks);
  const offPath = [...changed].filter(c => !walked.has(c));
  if (offPath.length > MAX_OFF_PATH) return null;
  for (const cell of offPath) fadeCell(cell, before.get(cell), after.get(cell), tracks);
  markerTracks(shown, next, tracks);
  if (!tracks.length) return null;
  return { duration: durationOf(Math.max(1, walked.size - 1)), tracks };
}

/** The traveller's tracks along `path`, added to `tracks`; returns the cells
 * it accounts for (none when the path carries nothing: a placement, a pass). */
function walk(path, before, after, tracks) {
  if (path.length < 2 || new Set(path).size !== path.length || !before.has(path[0])) return new Set();
  const first = path[0];
  const base0 = commonBase(stackOf(before, first), stackOf(after, first));
  let carried = stackOf(before, first).slice(base0);
  if (!carried.length) return new Set();
  const k = path.length - 1;
  const at = i => i / k; // the moment the traveller reaches path[i]
  const origin = before.get(first);
  // the traveller drawn as a piece: a stack where the game stacks, else the piece that left
  const whole = stackOf(before, first);
  const looks = (seats, cell) =>
    sameSeats(seats, whole) ? { ...origin, cell } : { cell, owner: seats[seats.length - 1], stack: seats };
  const out = [];
  const under = []; // what the traveller passes over or lands on (drawn first: beneath it)
  // the first cell: a piece new there (Escabel's) is written in once the traveller has left
  if (after.has(first) && base0 < stackOf(after, first).length) out.push(appear(first, 0.35));
  // a stack that splits (part of it stays): the whole stack until the traveller leaves, then the rest
  const splits = base0 > 0;
  if (splits) {
    out.push({
      layer: "pieces",
      real: false,
      piece: origin,
      frames: shownFrom(false, [{ t: LEAVE }, { t: LEAVE, opacity: 0 }]),
    });
    if (base0 === stackOf(after, first).length)
      out.push({ layer: "pieces", real: true, cell: first, frames: shownFrom(true, [{ t: LEAVE }]) });
  }
  const departs = i => (i === 1 && splits ? LEAVE : at(i - 1)); // the moment the traveller leaves path[i - 1]
  for (let i = 1; i <= k; i++) {
    const cell = path[i];
    const was = stackOf(before, cell);
    const now = stackOf(after, cell);
    const base = commonBase(was, now);
    const lost = was.slice(base);
    const last = i === k;
    if (last && !base && sameSeats(now, carried)) {
      // what the next view draws there is the traveller itself: the real piece slides in
      out.push({
        layer: "pieces",
        real: true,
        cell,
        frames: shownFrom(i > 1 || splits, [
          { t: departs(i), at: path[i - 1] },
          { t: 1, at: cell },
        ]),
      });
    } else {
      out.push({
        layer: "pieces",
        real: false,
        piece: looks(carried, path[i - 1]),
        frames: shownFrom(i > 1 || splits, [
          { t: departs(i), at: path[i - 1] },
          { t: at(i), at: cell },
          { t: at(i), at: cell, opacity: 0 },
        ]),
      });
      if (after.has(cell))
        out.push({ layer: "pieces", real: true, cell, frames: shownFrom(true, [{ t: at(i) }]) });
    }
    // what stood on the cell stays until the traveller arrives; taken from the last cell, it fades
    if (before.has(cell)) {
      const taken = last && lost.length > 0;
      const steps = taken
        ? [{ t: at(i - 1) }, { t: at(i), opacity: 0 }]
        : [{ t: at(i) }, { t: at(i), opacity: 0 }];
      under.push({ layer: "pieces", real: false, piece: before.get(cell), frames: shownFrom(false, steps) });
    }
    carried = drop(carried, now.slice(base));
    if (!last && lost.length) carried = [...lost, ...carried]; // picked up (an unstack browsed back)
    if (!carried.length && !last) return new Set(); // nothing left to carry: not one move along a path
  }
  tracks.push(...under, ...out);
  return new Set(path);
}

/**
 * Whole frames from `steps` (each {t, at?, opacity?, scale?}): held before the
 * first step and after the last; `hidden` hides the drawing until the
 * first step (it appears then at once).
 */
function shownFrom(hidden, steps) {
  const out = [];
  const first = steps[0];
  if (first.t > 0) out.push({ ...first, t: 0, ...(hidden ? { opacity: 0 } : {}) });
  if (hidden && first.t > 0) out.push({ ...first, opacity: 0 });
  out.push(...steps);
  const end = steps[steps.length - 1];
  if (end.t < 1) out.push({ ...end, t: 1 });
  return out.map(f => ({ opacity: 1, scale: 1, ...f }));
}

/** The next view's drawing on `cell` written in (it grows and fades in) from moment `t0`. */
function appear(cell, t0 = 0, layer = "pieces") {
  return {
    layer,
    real: true,
    cell,
    frames: shownFrom(false, [
      { t: t0, opacity: 0, scale: 0.6 },
      { t: 1, opacity: 1, scale: 1 },
    ]),
  };
}

/** A ghost of `piece` (or marker) fading out over the motion. */
function fadeOut(piece, layer = "pieces") {
  return {
    layer,
    real: false,
    piece,
    frames: shownFrom(false, [{ t: 0 }, { t: 1, opacity: 0 }]),
  };
}

function fadeCell(cell, was, now, tracks) {
  if (was) tracks.push(fadeOut(was));
  if (now) tracks.push(appear(cell));
}

/** Markers (EVL's pentagons) won, lost or changing hands fade in and out. */
function markerTracks(shown, next, tracks) {
  const before = new Map((shown.markers || []).map(m => [m.cell, m]));
  const after = new Map((next.markers || []).map(m => [m.cell, m]));
  for (const cell of new Set([...before.keys(), ...after.keys()])) {
    const was = before.get(cell);
    const now = after.get(cell);
    if (was && now && was.owner === now.owner) continue;
    if (was) tracks.push(fadeOut(was, "markers"));
    if (now) tracks.push(appear(cell, 0.3, "markers"));
  }
}

/**
 * A track's drawing at moment `t` (0..1): {x, y, opacity, scale}, its place
 * from `place(cell) -> [x, y]` (`home`: the cell it is drawn on).  The Web
 * Animations API computes the same in the page; this is for tests and tools.
 */
export function sample(frames, t, place, home) {
  let i = 0;
  while (i + 1 < frames.length && frames[i + 1].t <= t) i++;
  const a = frames[i];
  const b = frames[i + 1];
  const [ax, ay] = place(a.at ?? home);
  if (!b || b.t === a.t) return { x: ax, y: ay, opacity: a.opacity, scale: a.scale };
  const u = (t - a.t) / (b.t - a.t);
  const [bx, by] = place(b.at ?? home);
  const mix = (p, q) => p + (q - p) * u;
  return { x: mix(ax, bx), y: mix(ay, by), opacity: mix(a.opacity, b.opacity), scale: mix(a.scale, b.scale) };
}
