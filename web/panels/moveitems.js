// The move list's items (movelist.js, movevariations.js): a move's button,
// which shows its position when clicked (its glyph, the analysis's mark and
// the time spent on it beside the move), and a move's number.

import { lineOf } from "../model/tree.js";
import { h } from "../app/dom.js";
import { MARK_GLYPH } from "../model/analysis.js";
import { formatSpent } from "../model/clock.js"; // (clock hook, #29)
import { showGlyph } from "./movenotes.js";

/** A move's number: "12." at a turn's first move (`k`, from 0, in turns of
 * `round` moves), "12…" where a line resumes inside a turn, else empty. */
export const number = (round, k, resumed) => {
  const turn = Math.floor(k / round) + 1;
  return h(
    "span",
    { class: "num", "aria-hidden": "true" },
    k % round === 0 ? `${turn}.` : resumed ? `${turn}…` : null,
  );
};

/** A move's button (`mark`: the analysis's mark of a main-line move). */
export function button(s, node, cls, mark = null) {
  const b = h(
    "button",
    {
      type: "button",
      class: `mv${cls}${mark ? ` marked mark-${mark}` : ""}`,
      "data-ply": node.depth,
      "data-mark": mark,
      onclick: () => s.onSelect(lineOf(node)),
    },
    node.move,
    mark ? h("span", { class: "glyph", "aria-hidden": "true" }, MARK_GLYPH[mark]) : null,
    // (clock hook, #29: the time spent on the move, shown when the list has class show-times)
    node.notes && node.notes.spent != null
      ? h("span", { class: "mv-time" }, formatSpent(node.notes.spent))
      : null,
  );
  showGlyph(b, node);
  s.buttons.set(node, b);
  return b;
}
