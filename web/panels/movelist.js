// The move list: the game tree drawn as lichess's analysis board draws it.
// The main line in numbered rows (a column per seat; a turn of several
// moves, such as EL's placement and declaration, in one cell), each fork's
// variations in an indented block under the row of the move they replace,
// written inline with their own sub-variations in parentheses.  Every move
// is a button that shows its position.  It draws from the model and calls
// back; it changes nothing itself.

import { sameLine } from "../model/game.js";
import { h } from "../app/dom.js";
import { MARK_GLYPH } from "../model/analysis.js";

/**
 * Draw `model`'s tree into `list` (an <ol>).  `seats` and `per` (moves in a
 * turn) come from the view; `onSelect(line)` shows a position.
 */
export function drawMoveList(list, model, { seats = 2, per = 1, onSelect, marks = {} }) {
  const tree = model.tree;
  const round = Math.max(1, seats) * Math.max(1, per);
  const viewed = model.viewed;
  const main = tree.mainline([]);
  // a move's button; `line()` gives its line when clicked (the main line's
  // moves do not each copy the line: a long game draws in linear time)
  // (`mark`: the analysis's mark of a main-line move, shown as ?!, ? or ??)
  const button = (ply, move, cls, current, line, mark = null) =>
    h(
      "button",
      {
        type: "button",
        class: `mv${cls}${current ? " current" : ""}${mark ? ` marked mark-${mark}` : ""}`,
        "data-ply": ply,
        "aria-current": current ? "step" : null,
        "data-mark": mark,
        "aria-label": `Move ${ply}${cls ? " (variation)" : ""}: ${move}${mark ? ` (${mark})` : ""}`,
        onclick: () => onSelect(line()),
      },
      move,
      mark ? h("span", { class: "glyph", "aria-hidden": "true" }, MARK_GLYPH[mark]) : null,
    );
  // the viewed move is on the main line at this ply, if at all
  const mainViewed =
    viewed.length <= main.length && sameLine(viewed, main.slice(0, viewed.length)) ? viewed.length : -1;
  const number = (k, resumed) => {
    const turn = Math.floor(k / round) + 1;
    return h(
      "span",
      { class: "num", "aria-hidden": "true" },
      k % round === 0 ? `${turn}.` : resumed ? `${turn}…` : null,
    );
  };

  // a variation written inline from `line`'s last move on; sub-variations in parentheses
  const inline = (line, box) => {
    let resumed = true;
    for (;;) {
      const k = line.length - 1;
      if (k % round === 0 || resumed) box.append(number(k, true));
      const at = line;
      box.append(button(at.length, at[at.length - 1], " var", sameLine(at, viewed), () => at));
      resumed = false;
      const kids = tree.children(line);
      if (!kids.length) return;
      for (const alt of kids.slice(1)) {
        const sub = h("span", { class: "sub" }, "(");
        inline([...line, alt], sub);
        sub.append(")");
        box.append(sub);
        resumed = true;
      }
      line = [...line, kids[0]];
    }
  };

  const rows = [];
  const alternatives = tree.alternativesAlong(main);
  for (let i = 0; i < main.length; i += round) {
    const cells = [number(i, false)];
    const forks = [];
    for (let k = i; k < Math.min(i + round, main.length); k += per) {
      const turn = [];
      for (let j = k; j < Math.min(k + per, main.length); j++) {
        turn.push(button(j + 1, main[j], "", mainViewed === j + 1, () => main.slice(0, j + 1), marks[j + 1]));
        for (const alt of alternatives[j]) forks.push([...main.slice(0, j), alt]);
      }
      cells.push(per === 1 ? turn[0] : h("span", { class: "turn" }, ...turn));
    }
    const row = h("li", { class: "row" }, ...cells);
    row.style.setProperty("--seats", String(seats)); // (through the CSSOM: the CSP allows no style attributes)
    rows.push(row);
    if (forks.length) {
      rows.push(
        h(
          "li",
          { class: "variations" },
          ...forks.map(line => {
            const box = h("div", { class: "variation" });
            inline(line, box);
            return box;
          }),
        ),
      );
    }
  }
  if (!rows.length) rows.push(h("li", { class: "empty" }, "No moves yet."));
  list.replaceChildren(...rows);
  list.dataset.nodes = String(tree.size() - 1);
  scrollToCurrent(list, viewed.length === 0);
}

function scrollToCurrent(list, atStart) {
  const current = list.querySelector(".current");
  const box = list.parentElement;
  if (current) {
    // measured on screen, not by offsetTop (whose reference box differs between layouts)
    const r = current.getBoundingClientRect(),
      b = box.getBoundingClientRect();
    if (r.top < b.top || r.bottom > b.top + box.clientHeight) {
      box.scrollTop = Math.max(0, box.scrollTop + (r.top - b.top) - (box.clientHeight - r.height) / 2);
    }
  } else if (atStart) {
    box.scrollTop = 0;
  }
}

/** Whether the viewed move is in a variation (it can be promoted). */
export function inVariation(model) {
  return model.viewed.length > 0 && !model.tree.isMain(model.viewed);
}
