// Small SVG pieces shared by the board and the panels: the element maker,
// and each seat colour's second, non-colour cue (for colour-blind players).

const SVG = "http://www.w3.org/2000/svg";

/**
 * A new SVG element `name` with `attrs` (null and undefined ones left out), appended to `parent` if given.
 * @param {string} name @param {Record<string, any>} [attrs] @param {Element | null} [parent]
 * @returns {SVGElement}
 */
export function el(name, attrs = {}, parent = null) {
  const node = /** @type {SVGElement} */ (document.createElementNS(SVG, name));
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== undefined && v !== null) node.setAttribute(k, v);
  }
  if (parent) parent.appendChild(node);
  return node;
}

export const fmt = x => Math.round(x * 1000) / 1000;

// Seat colour tokens and their second, non-colour cue (for colour-blind
// players): a small glyph drawn on discs and beside written labels.
export const CUES = {
  black: "dot",
  white: "ring",
  red: "triangle",
  blue: "square",
  green: "diamond",
  yellow: "cross",
};
export const COLOR_NAMES = {
  black: "black",
  white: "white",
  red: "red",
  blue: "blue",
  green: "green",
  yellow: "yellow",
};

/** A small glyph of `cue` centred on (x, y) with radius r. */
export function cueGlyph(cue, x, y, r, cls, parent) {
  switch (cue) {
    case "dot":
      return el("circle", { cx: fmt(x), cy: fmt(y), r: fmt(r * 0.55), class: cls }, parent);
    case "ring":
      return el("circle", { cx: fmt(x), cy: fmt(y), r: fmt(r * 0.75), class: `${cls} cue-line` }, parent);
    case "triangle":
      return el(
        "polygon",
        {
          points: [
            [x, y - r],
            [x + r * 0.87, y + r * 0.5],
            [x - r * 0.87, y + r * 0.5],
          ]
            .map(p => p.map(fmt).join(","))
            .join(" "),
          class: cls,
        },
        parent,
      );
    case "square":
      return el(
        "rect",
        { x: fmt(x - r * 0.7), y: fmt(y - r * 0.7), width: fmt(r * 1.4), height: fmt(r * 1.4), class: cls },
        parent,
      );
    case "diamond":
      return el(
        "polygon",
        {
          points: [
            [x, y - r],
            [x + r, y],
            [x, y + r],
            [x - r, y],
          ]
            .map(p => p.map(fmt).join(","))
            .join(" "),
          class: cls,
        },
        parent,
      );
    case "cross": {
      const d = r * 0.8;
      return el(
        "path",
        {
          d: `M${fmt(x - d)},${fmt(y - d)}L${fmt(x + d)},${fmt(y + d)}M${fmt(x + d)},${fmt(y - d)}L${fmt(x - d)},${fmt(y + d)}`,
          class: `${cls} cue-line`,
        },
        parent,
      );
    }
    default:
      return null;
  }
}

/** An inline SVG swatch of a seat (for the side panel). */
export function seatSwatch(color) {
  const svg = el("svg", { viewBox: "-1 -1 2 2", class: "swatch", "aria-hidden": "true" });
  el("circle", { cx: 0, cy: 0, r: 0.85, class: `disc c-${color}` }, svg);
  if (color !== "black" && color !== "white") cueGlyph(CUES[color], 0, 0, 0.38, `cue cue-on-${color}`, svg);
  return svg;
}
