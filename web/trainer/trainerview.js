// The markup that the pages of a position with a task (trainer.js: the
// puzzles, the lessons, the mistakes trainer) share: the board's SVG, the
// palette of a game that places labelled pieces (EL's numbers), the row of
// the board's buttons, and the area that holds the board and its palette.
// Each page names its own (`puzzle`: #puzzle-board, #puzzle-palette,
// #puzzle-board-actions) and builds the rest of its panel itself.

import { h } from "../app/dom.js";

const SVG = "http://www.w3.org/2000/svg";

/** The board parts of the page `name` (`boardLabel`, `paletteLabel`: their
 * accessible names, in the page's language): {svg, palette, actions, area}. */
export function trainerBoard(name, boardLabel, paletteLabel) {
  const svg = document.createElementNS(SVG, "svg");
  const attributes = { id: `${name}-board`, class: "board", viewBox: "0 0 8 8", role: "group" };
  for (const [key, value] of Object.entries({ ...attributes, "aria-label": boardLabel })) {
    svg.setAttribute(key, value);
  }
  const palette = h("div", {
    id: `${name}-palette`,
    class: "palette",
    role: "toolbar",
    "aria-label": paletteLabel,
    hidden: true,
  });
  const actions = h("div", { id: `${name}-board-actions`, class: "actions" });
  const area = h("div", { class: "board-area" }, h("div", { class: "board-wrap" }, svg), palette);
  return { svg, palette, actions, area };
}
