// A move's notes (issue #29): what a player or a clock wrote about the
// position after a move, beyond its comment.  An object, every key
// optional, a key absent when there is nothing to say (never an empty value):
//   glyph   one of GLYPHS: the move judged, as in a printed game ("!?")
//   shapes  what was drawn on the board after that move, in order:
//           [colour, cell] a circle, [colour, from, to] an arrow; colour one
//           of COLOURS (green, red, blue, yellow), cells as the engine's view
//           names them ("d4")
//   spent   milliseconds the mover spent on the move (a whole number)
//   left    milliseconds left on the mover's clock after it (increment in)
// The same object is a tree node's `notes`, the 4th element of a node in the
// stored tree and in the engine's Record JSON; the records' text writes it as
// a glyph after the move and [%draw ...], [%emt ...], [%clk ...] in the
// comment.  Keys this version does not know are kept as they are (a newer
// page's notes survive an older one).

import { t } from "../i18n/i18n.js";

export const GLYPHS = Object.freeze(["!", "?", "!!", "??", "!?", "?!"]);
/** Each glyph's catalog key. */
const GLYPH_KEYS = {
  "!": "good",
  "?": "mistake",
  "!!": "brilliant",
  "??": "blunder",
  "!?": "interesting",
  "?!": "dubious",
};
/** The glyphs' words, for screen readers and titles, in the page's language
 * (getters: read when drawn, once the catalog is loaded). */
export const GLYPH_WORDS = Object.freeze(
  Object.defineProperties(
    {},
    Object.fromEntries(
      Object.entries(GLYPH_KEYS).map(([glyph, key]) => [
        glyph,
        { enumerable: true, get: () => t(`model.glyph.${key}`) },
      ]),
    ),
  ),
);
export const COLOURS = Object.freeze(["G", "R", "B", "Y"]);
export const MAX_SHAPES = 1000; // on one position (as the engine's records)

const CELL = /^[^\s,[\]{}]{1,32}$/; // (a cell's name never holds what a record's [%draw] separates with)

/** The empty notes of a node (shared and frozen: a node's notes are
 * replaced by a new object on every change, never changed in place). */
export const NO_NOTES = Object.freeze({});

/** Is `x` nothing to write (a key holding it is deleted)? */
const isNothing = x => x === null || x === undefined || x === "" || (Array.isArray(x) && x.length === 0);

/** Why `value` cannot be the notes' `key`, or null when it can. */
function problem(key, value, describe) {
  switch (key) {
    case "glyph":
      return GLYPHS.includes(value)
        ? null
        : t("model.note.glyph", { glyphs: GLYPHS.join(" "), value: describe(value) });
    case "shapes":
      if (!Array.isArray(value)) return t("model.note.shapesList", { value: describe(value) });
      if (value.length > MAX_SHAPES) return t("model.note.tooManyShapes", { most: MAX_SHAPES });
      for (const shape of value) {
        const why = shapeProblem(shape, describe);
        if (why) return why;
      }
      return null;
    case "spent":
    case "left":
      return Number.isSafeInteger(value) && value >= 0
        ? null
        : t("model.note.time", { key, value: describe(value) });
    default:
      return null;
  }
}

/** Why `shape` is not a shape, or null. */
export function shapeProblem(shape, describe = String) {
  if (!Array.isArray(shape) || (shape.length !== 2 && shape.length !== 3)) {
    return t("model.note.shape", { value: describe(shape) });
  }
  const [colour, ...cells] = shape;
  if (!COLOURS.includes(colour))
    return t("model.note.colour", { colours: COLOURS.join(" "), value: describe(colour) });
  for (const cell of cells) {
    if (typeof cell !== "string" || !CELL.test(cell)) return t("model.note.cell", { value: describe(cell) });
  }
  if (cells.length === 2 && cells[0] === cells[1]) return t("model.note.arrow");
  return null;
}

/**
 * `notes` with `patch` merged in: a key of the patch holding nothing (null,
 * undefined, "" or []) deletes it.  Returns the new notes (NO_NOTES when
 * empty, frozen) or throws `makeError(message)` when a value is wrong.
 */
export function mergeNotes(notes, patch, makeError, describe) {
  if (patch === null || typeof patch !== "object" || Array.isArray(patch)) {
    throw makeError(`notes are an object, not ${describe(patch)}`);
  }
  const out = { ...notes };
  for (const [key, value] of Object.entries(patch)) {
    if (isNothing(value)) {
      delete out[key];
      continue;
    }
    const why = problem(key, value, describe);
    if (why) throw makeError(why);
    out[key] = key === "shapes" ? value.map(s => Object.freeze([...s])) : value;
  }
  return Object.keys(out).length ? Object.freeze(out) : NO_NOTES;
}
