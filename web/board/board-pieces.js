// The pieces of the drawing (board-draw.js): a disc, a stack of discs or of
// rings, a written label, with the size and ring count that tell a stack's
// height at a glance.

import { CUES, cueGlyph, el, fmt } from "./glyphs.js";

/** Draw piece `p` (view schema) into `layer` as a group of class `cls`. */
export function drawPiece(drawing, p, layer, cls) {
  {
    const c = drawing.geometry.cells.get(p.cell);
    if (!c) return null;
    const g = el("g", { class: cls, "data-cell": p.cell, "data-owner": p.owner }, layer);
    const r = drawing._pieceRadius(c);
    const color = drawing._seatColor(p.owner);
    if (p.label != null && !p.stack) {
      // a written number: the label in the owner's colour, with the cue beside it
      g.classList.add("written");
      el(
        "text",
        {
          x: fmt(c.x),
          y: fmt(c.y + r * 0.05),
          class: `label written-label c-${color}`,
          "font-size": fmt(r * 1.6),
        },
        g,
      ).textContent = p.label;
      cueGlyph(CUES[color], c.x + r * 0.95, c.y + r * 0.9, r * 0.2, `cue written-cue c-${color}`, g);
      return g;
    }
    const stack = p.stack && p.stack.length ? p.stack : [p.owner];
    if (drawing.view.board.stack_style === "rings") {
      drawRings(drawing, g, c, r, stack, p, color);
      return g;
    }
    const step = Math.min(r * 0.16, 0.07);
    const shown = stack.slice(-5);
    shown.forEach((seat, i) => {
      const dy = (shown.length - 1 - i) * step;
      el(
        "circle",
        {
          cx: fmt(c.x),
          cy: fmt(c.y + dy - ((shown.length - 1) * step) / 2),
          r: fmt(r),
          class: `disc c-${drawing._seatColor(seat)}${i < shown.length - 1 ? " under" : ""}`,
        },
        g,
      );
    });
    const topY = c.y - ((shown.length - 1) * step) / 2;
    const label = p.label != null ? String(p.label) : stack.length > 1 ? String(stack.length) : null;
    if (label != null) {
      el(
        "text",
        {
          x: fmt(c.x),
          y: fmt(topY + r * 0.05),
          class: `label on-${color}`,
          "font-size": fmt(r * 0.95),
        },
        g,
      ).textContent = label;
      if (color !== "black" && color !== "white") {
        cueGlyph(CUES[color], c.x + r * 0.62, topY - r * 0.62, r * 0.22, `cue cue-on-${color}`, g);
      }
    } else if (color !== "black" && color !== "white") {
      cueGlyph(CUES[color], c.x, topY, r * 0.4, `cue cue-on-${color}`, g);
    }
    return g;
  }
}

/** board.stack_style "rings": a stack seen from above.  The top piece is a
 * disc and each piece below it a ring around it, in its own colour (at most
 * 4 levels; the label counts them all), so a taller stack is larger and
 * shows its height and make-up at a glance. */
export function drawRings(drawing, g, c, r, stack, p, color) {
  const shown = stack.slice(-4);
  const top = r * 0.66;
  const ring = r * 0.16;
  g.classList.add("ringed");
  shown.forEach((seat, i) => {
    const below = shown.length - 1 - i;
    el(
      "circle",
      {
        cx: fmt(c.x),
        cy: fmt(c.y),
        r: fmt(top + below * ring),
        class: `disc c-${drawing._seatColor(seat)}${below ? " under ring" : ""}`,
      },
      g,
    );
  });
  drawing.pieceSize.set(p.cell, top + (shown.length - 1) * ring);
  g.dataset.height = String(stack.length);
  const label = p.label != null ? String(p.label) : stack.length > 1 ? String(stack.length) : null;
  if (label != null) {
    el(
      "text",
      {
        x: fmt(c.x),
        y: fmt(c.y + top * 0.05),
        class: `label on-${color}`,
        "font-size": fmt(top * 1.15),
      },
      g,
    ).textContent = label;
  } else if (color !== "black" && color !== "white") {
    cueGlyph(CUES[color], c.x, c.y, top * 0.4, `cue cue-on-${color}`, g);
  }
}
