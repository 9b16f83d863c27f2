// The markup that the pages of a position with a task (trainer.js: the
// puzzles, the lessons, the mistakes trainer) share: the board's SVG, the
// palette of a game that places labelled pieces (EL's numbers), the row of
// the board's buttons, the area that holds the board and its palette, the
// move box (a typed move with its list of matches and its error line) and
// the panel's frame (its nav with the way back, its head).
// Each page names its own (`puzzle`: #puzzle-board, #puzzle-palette,
// #puzzle-board-actions, #puzzle-move-input) and builds the rest of its
// panel itself.

import { h } from "../app/dom.js";
import { t } from "../i18n/i18n.js";

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

/** The move box of the page `name`: {input, options, message, form}, the
 * form holding the other three (#`name`-movebox, #`name`-move-input,
 * #`name`-move-options, #`name`-move-error, #`name`-move-enter). */
export function trainerMoveBox(name) {
  const input = h("input", {
    id: `${name}-move-input`,
    type: "text",
    role: "combobox",
    "aria-autocomplete": "list",
    "aria-expanded": "false",
    "aria-controls": `${name}-move-options`,
    "aria-describedby": `${name}-move-error`,
    autocapitalize: "off",
    spellcheck: "false",
    enterkeyhint: "go",
  });
  const options = h("ul", {
    id: `${name}-move-options`,
    class: "move-options",
    role: "listbox",
    "aria-label": t("movebox.options"),
    hidden: true,
  });
  const message = h("p", { id: `${name}-move-error`, class: "explain", "aria-live": "assertive" });
  const form = h(
    "form",
    { id: `${name}-movebox`, class: "movebox", autocomplete: "off" },
    h(
      "div",
      { class: "movebox-row" },
      h("label", { for: `${name}-move-input` }, t("puzzle.move")),
      input,
      h("button", { type: "submit", id: `${name}-move-enter` }, t("movebox.enter")),
    ),
    options,
    message,
  );
  return { input, options, message, form };
}

/** The page's panel beside the board: an <aside> labelled by #`name`-title,
 * opening with its nav (`navClass`, `navLabel`: a link back, #`name`-back,
 * saying `back`, then the `nav` elements) and its head (`title`,
 * `subtitle`), then `parts`. */
export function trainerPanel(name, { classes, navClass, navLabel, back, nav, title, subtitle }, ...parts) {
  return h(
    "aside",
    { class: `panel ${classes}`, "aria-labelledby": `${name}-title` },
    h(
      "nav",
      { class: navClass, "aria-label": navLabel },
      h("a", { href: "#", id: `${name}-back` }, back),
      ...nav,
    ),
    h("div", { class: "game-head" }, title, subtitle),
    ...parts,
  );
}
