// A move's notes in the move list (issue #29): its glyph (!, ?, !!, ??, !?,
// ?!) after the move in its button, and its comment, a button that shows
// the move and opens the comment editor, folded past FOLD_AT characters
// (#47).  A change of notes only redraws the glyphs and comments changed,
// in place (updateNotes).  movelist.js draws the moves and calls these.

import { MAX_COMMENT, lineOf } from "../model/tree.js";
import { t } from "../i18n/i18n.js";
import { h } from "../app/dom.js";
import { GLYPH_WORDS } from "../model/nodenotes.js";

/** A comment is shown folded past this many characters (#47). */
const FOLD_AT = 280;
/** The comments a player unfolded (showComment). @type {WeakSet<object>} */
const unfolded = new WeakSet();

/** The player's glyph of `node` on its button `b`, right after the move
 * (before the analysis's mark), and in its label. */
export function showGlyph(b, node) {
  const glyph = node.notes.glyph || "";
  let nag = b.querySelector(".nag");
  if (glyph && !nag) {
    nag = h("span", { class: "nag", "aria-hidden": "true" });
    b.insertBefore(nag, /** @type {ChildNode} */ (b.firstChild).nextSibling);
  }
  if (nag && glyph) nag.textContent = glyph;
  else if (nag) nag.remove();
  if (glyph) b.dataset.glyph = glyph;
  else delete b.dataset.glyph;
  const said = [glyph && GLYPH_WORDS[glyph], b.dataset.mark].filter(Boolean).join(", ");
  const variation = b.classList.contains("var") ? "yes" : "no";
  const label = t("moves.move", { ply: node.depth, variation, move: node.move });
  b.setAttribute("aria-label", said ? `${label} (${said})` : label);
}

/** The comment of `node` (the root's: the start's), as a `tag` ("li" under a
 * row, "span" in a variation) holding a button that edits it. */
export function comment(s, node, tag) {
  const edit = () => {
    const line = lineOf(node);
    s.onSelect(line);
    s.onComment(line);
  };
  const box = h(
    tag,
    { class: `comment-row${node.depth ? "" : " start-comment"}`, "data-ply": node.depth },
    h("button", { type: "button", class: "comment", title: t("moves.editComment"), onclick: edit }),
  );
  s.said.set(node, box);
  showComment(box, node);
  return box;
}

/** `node`'s comment text into its comment's element `box`: folded past
 * FOLD_AT characters, with a button that unfolds it (#47: a comment of
 * 50,000 characters with no space froze the page for seconds at every move
 * shown; unfolded, it shows at most MAX_COMMENT characters). */
function showComment(box, node) {
  const b = /** @type {HTMLElement} */ (box.firstChild);
  const long = node.comment.length > FOLD_AT;
  const open = long && unfolded.has(node);
  const most = open ? MAX_COMMENT : FOLD_AT;
  const text = node.comment.length > most ? `${node.comment.slice(0, most)}…` : node.comment;
  b.textContent = text;
  b.setAttribute(
    "aria-label",
    node.depth
      ? t("moves.commentOn", { ply: node.depth, move: node.move, comment: text })
      : t("moves.commentOnStart", { comment: text }),
  );
  let more = /** @type {HTMLElement | null} */ (b.nextElementSibling);
  if (!long) {
    more?.remove();
    return;
  }
  if (!more) {
    more = h("button", {
      type: "button",
      class: "comment-more quiet",
      onclick: () => {
        if (unfolded.has(node)) unfolded.delete(node);
        else unfolded.add(node);
        showComment(box, node);
      },
    });
    b.after(more);
  }
  more.textContent = t(open ? "moves.commentLess" : "moves.commentMore");
  more.setAttribute("aria-expanded", String(open));
}

/** The notes changed since the list was drawn, shown in place: glyphs and
 * comments changed, a comment added or taken off, the move buttons kept (a
 * comment saved as its box is left for a move of the list: that move's
 * click must land on the button it was pressed on).  False when the list
 * must be drawn again.  `drawnLater(node)`: whether `node` is in a part of
 * the list not drawn yet. */
export function updateNotes(s, list, drawnLater) {
  const edits = s.tree.noteEdits.filter(e => e.version > s.notesVersion);
  if (!edits.length || edits[0].version !== s.notesVersion + 1) return false; // (older than the edits kept)
  const drawn = new Set();
  for (const { node } of edits) {
    if (drawn.has(node)) continue;
    drawn.add(node);
    if (drawnLater(node)) continue; // (its part of the list is drawn later, notes and all)
    const b = s.buttons.get(node);
    if (b) showGlyph(b, node);
    if (!placeComment(s, list, node, b)) return false;
  }
  s.notesVersion = s.tree.notesVersion;
  return true;
}

/** `node`'s comment shown as it is now (its move's button `b`); false when
 * it cannot be placed without drawing the list again. */
function placeComment(s, list, node, b) {
  const box = s.said.get(node);
  if (box && node.comment) showComment(box, node);
  else if (box) {
    box.remove();
    s.said.delete(node);
  } else if (!node.comment) return true;
  else if (node === s.tree.root) list.prepend(comment(s, node, "li"));
  else if (!b)
    return false; // (a node not in the list)
  else if (b.classList.contains("var")) b.after(comment(s, node, "span"));
  else {
    // under the move's row, after the comments of its earlier moves
    let at = /** @type {Element} */ (b.closest("li"));
    for (
      let next = at.nextElementSibling;
      next &&
      next.classList.contains("comment-row") &&
      Number(/** @type {HTMLElement} */ (next).dataset.ply) < node.depth;
      next = at.nextElementSibling
    )
      at = next;
    at.after(comment(s, node, "li"));
  }
  return true;
}
