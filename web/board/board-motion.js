// Plays a motion plan (motion.js) on the board's drawing, with the Web
// Animations API (element.animate: no inline style, so the page's CSP holds).
// The drawing is always the final one: the plan's real tracks animate the
// pieces and markers already drawn for the next view (a transform and an
// opacity laid over them while the animation runs, gone when it ends) and
// its ghosts are drawn in the motion layer and removed at the end.  So the
// board is clickable at once and reads as the new position throughout, and
// finishing early (a new position, a drag) only drops the effects.
//
// svg.dataset.animating is "yes" while a motion runs, else "no" (for tests).

import { drawPiece } from "./board-pieces.js";
import { fmt } from "./glyphs.js";

/** Whether the player asked for less motion (prefers-reduced-motion). */
export function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export class BoardMotion {
  constructor(drawing) {
    this.drawing = drawing;
    /** The animations running. @type {Animation[]} */
    this.running = [];
    this.runs = 0; // counts motions, so that a finished one does not end its successor
    drawing.svg.dataset.animating = "no";
  }

  /** Play `plan` (none under reduced motion); a motion still running ends first. */
  play(plan) {
    this.finish();
    const d = this.drawing;
    if (!plan || !d.layers || reducedMotion() || typeof d.svg.animate !== "function") return;
    const run = ++this.runs;
    for (const track of plan.tracks) {
      const node = track.real ? this._drawn(track) : this._ghost(track);
      if (!node) continue;
      const home = track.real ? track.cell : track.piece.cell;
      const keyframes = track.frames.map(f => ({
        offset: f.t,
        opacity: f.opacity,
        transform: this._transform(home, f.at ?? home, f.scale),
        easing: "ease-in-out",
      }));
      if (track.real && track.frames.some(f => (f.at ?? home) !== home)) {
        // a piece of the position that travels passes over the others: a copy of it is
        // seen, in the motion layer, while the piece itself goes the same way unseen (the
        // pieces' layer keeps its order, and the piece its place in it)
        const copy = this._copy(node);
        this.running.push(copy.animate(keyframes, { duration: plan.duration }));
        const unseen = keyframes.map(k => ({ ...k, opacity: 0 }));
        this.running.push(node.animate(unseen, { duration: plan.duration }));
        continue;
      }
      this.running.push(node.animate(keyframes, { duration: plan.duration }));
    }
    if (!this.running.length) return;
    d.svg.dataset.animating = "yes";
    Promise.all(this.running.map(a => a.finished)).then(
      () => {
        if (run === this.runs) this.finish();
      },
      () => {}, // cancelled: finish() has cleaned up
    );
  }

  /** End the motion now: every piece where the position has it. */
  finish() {
    const running = this.running;
    this.running = [];
    for (const a of running) a.cancel();
    const layer = this.drawing.layers && this.drawing.layers.motion;
    if (layer) while (layer.firstChild) layer.removeChild(layer.firstChild);
    this.drawing.svg.dataset.animating = "no";
  }

  /** The piece or marker drawn on the track's cell. */
  _drawn(track) {
    const layer = this.drawing.layers[track.layer];
    return layer && layer.querySelector(`[data-cell="${CSS.escape(track.cell)}"]`);
  }

  /** A copy of a piece of the position in the motion layer (a ghost: no cell, not a .piece). */
  _copy(node) {
    const copy = /** @type {Element} */ (node.cloneNode(true));
    copy.removeAttribute("data-cell");
    copy.classList.replace("piece", "piece-ghost");
    this.drawing.layers.motion.appendChild(copy);
    return copy;
  }

  /** A ghost of the track's piece or marker in the motion layer (no cell of its own: tests and
   * the input look at the real ones only). */
  _ghost(track) {
    const d = this.drawing;
    const layer = d.layers.motion;
    let node;
    if (track.layer === "markers") {
      const c = d.geometry.cells.get(track.piece.cell);
      if (!c) return null;
      node = d._markerTile(c, `marker c-${d._seatColor(track.piece.owner)}`, layer, track.piece.owner);
    } else {
      const sizes = d.pieceSize; // (drawing a stack notes its size: the board's own, not a ghost's)
      d.pieceSize = new Map(sizes);
      node = drawPiece(d, track.piece, layer, "piece-ghost");
      d.pieceSize = sizes;
    }
    if (node) node.removeAttribute("data-cell");
    return node;
  }

  /** The CSS transform drawing a thing made at cell `home` over cell `at`, scaled by `scale`
   * about its centre (in the board's units: px are user units in SVG). */
  _transform(home, at, scale) {
    const cells = this.drawing.geometry.cells;
    const h = cells.get(home);
    const a = cells.get(at) || h;
    if (!h) return "none";
    return `translate(${fmt(a.x)}px, ${fmt(a.y)}px) scale(${fmt(scale)}) translate(${fmt(-h.x)}px, ${fmt(-h.y)}px)`;
  }
}
