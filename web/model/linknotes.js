// A game's notes in its link (issue #29): the comments, glyphs and drawings
// of the line a link names travel with it, as far as a link can hold them.
//
//   /notes=<ply>:<kind>:<value>,<ply>:<kind>:<value>,...
//
// <ply> is the position after that many moves of the link's line (0: the
// start); <kind> is "c" (its comment), "g" (the move's glyph) or "s" (its
// drawings: shapes joined by "+", each a colour letter and one or two cells
// joined by "."; "G.d4.f6+R.a1"); every value %-escaped as a move is
// (url.js), so "," and "/" never appear raw.  A link stays short enough to
// send: when the notes would pass MAX_LENGTH characters the comments are
// left out, and if the rest still does not fit, the notes are.  This module
// knows no rules (the start carries no glyph: no move led to it): a note the tree refuses (a glyph on the start, a shape
// with a wrong colour) is dropped when the link is opened, never the game.

import { LinkError, escapePart, unescapePart } from "./url.js";
import { t } from "../i18n/i18n.js";

export const MAX_LENGTH = 1500;
const ENTRY = /^(\d{1,5}):([cgs]):(.*)$/;

const decode = text => unescapePart(text, t("link.part.note"));

/** The notes of `line` in `tree`, as readLinkNotes gives them: [{ply, comment?, glyph?, shapes?}]. */
export function lineNotes(tree, line) {
  const out = [];
  let node = tree.root;
  for (let ply = 0; node; ply++) {
    const notes = node.notes || {};
    const note = {
      ply,
      ...(node.comment ? { comment: node.comment } : {}),
      ...(notes.glyph && ply > 0 ? { glyph: notes.glyph } : {}),
      ...(notes.shapes && notes.shapes.length ? { shapes: notes.shapes } : {}),
    };
    if (Object.keys(note).length > 1) out.push(note);
    node = ply < line.length ? node.children.find(c => c.move === line[ply]) : null;
  }
  return out;
}

/** The notes of `line` in `tree` as a segment value, or null (none, or too long). */
export function linkNotes(tree, line) {
  /** @type {{comments: string[], rest: string[]}} */
  const entries = { comments: [], rest: [] };
  for (const { ply, comment, glyph, shapes } of lineNotes(tree, line)) {
    if (comment) entries.comments.push(`${ply}:c:${escapePart(comment)}`);
    if (glyph) entries.rest.push(`${ply}:g:${escapePart(glyph)}`);
    if (shapes) entries.rest.push(`${ply}:s:${shapes.map(s => s.map(escapePart).join(".")).join("+")}`);
  }
  for (const kept of [[...entries.comments, ...entries.rest], entries.rest]) {
    const text = kept.join(",");
    if (text && text.length <= MAX_LENGTH) return text;
  }
  return null;
}

/** A "/notes=" value read: [{ply, comment?, glyph?, shapes?}]; LinkError if malformed. */
export function readLinkNotes(value) {
  const out = new Map();
  for (const entry of value.split(",")) {
    const m = ENTRY.exec(entry);
    if (!m) throw new LinkError(t("link.error.note", { value: JSON.stringify(entry.slice(0, 30)) }));
    const ply = Number(m[1]);
    const note = out.get(ply) || { ply };
    if (m[2] === "c") note.comment = decode(m[3]);
    else if (m[2] === "g") note.glyph = decode(m[3]);
    else note.shapes = m[3].split("+").map(s => s.split(".").map(decode));
    out.set(ply, note);
  }
  return [...out.values()];
}

/** Put a link's notes on the nodes along `line` where the tree has none of
 * that kind yet (a game that already holds notes keeps its own). */
export function applyLinkNotes(tree, line, notes) {
  for (const { ply, comment, glyph, shapes } of notes || []) {
    if (ply > line.length) continue;
    const node = tree.nodeAt(line.slice(0, ply));
    if (!node) continue;
    const patch = {};
    if (glyph && ply > 0 && !(node.notes && node.notes.glyph)) patch.glyph = glyph; // (the start has no move to judge)
    if (shapes && !(node.notes && node.notes.shapes && node.notes.shapes.length)) patch.shapes = shapes;
    try {
      if (Object.keys(patch).length) tree.setNotesAt(node, patch);
      if (comment && !node.comment) tree.setCommentAt(node, comment);
    } catch {
      /* a note the tree refuses is dropped, not the game */
    }
  }
}
