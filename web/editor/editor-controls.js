// The position editor's controls, built and redrawn for the Editor
// (editor.js): the page's frame (the board, the tool bar, the buttons), the
// game's settings (game, variant, rule options) and the tools (one per
// palette item, and the eraser), with their small icons.

import { BoardDrawing } from "../board/board-draw.js";
import { t } from "../i18n/i18n.js";
import { optionAboutWords, optionValueWords, optionWords, variantWords } from "../engine/words.js";
import { el } from "../board/glyphs.js";
import { $, h } from "../app/dom.js";
import * as edit from "./setupedit.js";

export function buildEditor(editor) {
  if (editor.built) return;
  editor.built = true;
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("id", "editor-board");
  svg.setAttribute("class", "board");
  editor.drawing = new BoardDrawing(svg);
  editor.drawing.interactive = true;
  svg.addEventListener("click", e => {
    const hit = e.target.closest && e.target.closest(".hit[data-cell]");
    if (hit) editor._use(hit.getAttribute("data-cell"), editor.tool);
  });
  svg.addEventListener("contextmenu", e => {
    // a right click takes the top item off
    const hit = e.target.closest && e.target.closest(".hit[data-cell]");
    if (!hit) return;
    e.preventDefault();
    editor._use(hit.getAttribute("data-cell"), edit.ERASE);
  });
  svg.addEventListener("keydown", e => editor._key(e));
  svg.addEventListener("focusin", e => {
    const hit = e.target.closest && e.target.closest(".hit[data-cell]");
    if (hit) editor.drawing.focusCell = hit.getAttribute("data-cell");
  });
  editor.box.replaceChildren(
    h("div", { class: "board-area" }, h("div", { class: "board-wrap" }, svg)),
    h(
      "aside",
      { class: "panel editor-panel", "aria-labelledby": "editor-title" },
      h(
        "div",
        { class: "game-head" },
        h("h1", { id: "editor-title" }, t("page.editor")),
        h("p", { class: "subtitle" }, t("editor.about")),
      ),
      h("div", { id: "editor-settings", class: "editor-settings" }),
      h("div", {
        id: "editor-tools",
        class: "editor-tools",
        role: "radiogroup",
        "aria-label": t("editor.tools"),
      }),
      h("p", { id: "editor-cell", class: "about editor-cell", "aria-live": "polite" }),
      h("fieldset", { id: "editor-side", class: "editor-side" }),
      h("div", { id: "editor-counts", class: "editor-counts" }),
      h("p", { id: "editor-status", class: "explain editor-status", role: "status", "aria-live": "polite" }),
      h(
        "div",
        { class: "editor-actions" },
        h(
          "button",
          { type: "button", id: "editor-play", class: "primary", onclick: () => editor._play() },
          t("editor.play"),
        ),
        h(
          "button",
          {
            type: "button",
            id: "editor-analyse",
            hidden: !editor.onAnalyse,
            onclick: () => editor._analyse(),
            title: t("editor.analyse.title"),
          },
          t("analysis.analyse"),
        ),
        h(
          "button",
          { type: "button", id: "editor-copy", onclick: () => editor._copy() },
          t("controls.copyLink"),
        ),
        h(
          "button",
          {
            type: "button",
            id: "editor-share",
            title: t("controls.share.title"),
            onclick: () => editor._share(),
          },
          t("controls.share"),
        ),
      ),
      h(
        "div",
        { class: "editor-actions" },
        h(
          "button",
          { type: "button", id: "editor-clear", onclick: () => editor._edit(edit.clear(editor.setup)) },
          t("board.clear"),
        ),
        h(
          "button",
          {
            type: "button",
            id: "editor-reset",
            title: t("editor.reset.title"),
            onclick: () => editor._reset(),
          },
          t("editor.reset"),
        ),
        h(
          "button",
          { type: "button", id: "editor-close", class: "quiet", onclick: () => editor.onClose() },
          t("editor.back"),
        ),
      ),
      h(
        "div",
        { id: "editor-copied", class: "copy-fallback", hidden: true },
        h("label", { for: "editor-link" }, t("editor.link")),
        h("input", { id: "editor-link", type: "text", readonly: true }),
      ),
    ),
  );
}

/** The game, variant and options (the board and what goes on it follow them). */
export function drawSettings(editor, setup) {
  const info = editor.games().find(g => g.id === setup.game);
  const box = $("editor-settings");
  if (!info) {
    box.replaceChildren();
    return;
  }
  const game = h(
    "select",
    { id: "editor-game", "aria-label": t("start.game") },
    ...editor.games().map(g => h("option", { value: g.id, selected: g.id === setup.game }, g.name)),
  );
  game.addEventListener("change", () => {
    const s = editor.settingsOf(game.value) || {};
    editor._settings(game.value, s.variant || null, s.options || {}).catch(err => editor._failed(err));
  });
  const variant = h(
    "select",
    { id: "editor-variant", "aria-label": t("start.variant") },
    ...info.variants.map(v =>
      h("option", { value: v.id, selected: v.id === setup.variant }, variantWords(setup.game, v.id)),
    ),
  );
  variant.addEventListener("change", () =>
    editor._settings(setup.game, variant.value, {}).catch(err => editor._failed(err)),
  );
  const options = info.options
    .filter(o => !o.variants || o.variants.includes(setup.variant))
    .map(o => {
      const select = h(
        "select",
        { "data-option": o.name },
        ...o.choices.map(c =>
          h("option", { value: c, selected: c === setup.options[o.name] }, optionValueWords(c)),
        ),
      );
      select.addEventListener("change", () => {
        editor
          ._settings(setup.game, setup.variant, { ...editor.setup.options, [o.name]: select.value })
          .catch(err => editor._failed(err));
      });
      return h(
        "label",
        { class: "editor-option", title: optionAboutWords(setup.game, o.name) },
        optionWords(setup.game, o.name),
        select,
      );
    });
  box.replaceChildren(h("div", { class: "editor-game" }, game, variant), ...options);
}

export function drawTools(editor) {
  const view = editor.answer && editor.answer.view;
  const color = seat =>
    (view && view.players[seat] && view.players[seat].color) || ["black", "white", "red", "blue"][seat];
  const bySeat = new Map();
  for (const item of editor.palette.items) {
    if (!bySeat.has(item.owner)) bySeat.set(item.owner, []);
    bySeat.get(item.owner).push(item);
  }
  const button = (id, label, icon) =>
    h(
      "button",
      {
        type: "button",
        role: "radio",
        class: `tool${id === editor.tool ? " chosen" : ""}`,
        "data-tool": id,
        "aria-checked": id === editor.tool ? "true" : "false",
        "aria-label": label,
        title: label,
        tabindex: id === editor.tool ? "0" : "-1",
        onclick: () => editor._choose(id),
      },
      icon,
    );
  const rows = [...bySeat.entries()].map(([seat, items]) =>
    h(
      "div",
      { class: "tool-row" },
      ...items.map(item => button(item.id, edit.itemWords(item), icon(item, color(seat)))),
    ),
  );
  rows.push(h("div", { class: "tool-row" }, button(edit.ERASE, t("editor.erase"), eraserIcon())));
  const box = $("editor-tools");
  box.replaceChildren(...rows);
  box.onkeydown = e => {
    // arrow keys move along the tools (one radio group)
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    if (!step) return;
    e.preventDefault();
    const all = [...box.querySelectorAll(".tool")];
    const i = all.findIndex(b => b.dataset.tool === editor.tool);
    editor._choose(all[(i + step + all.length) % all.length].dataset.tool);
    box.querySelector(`.tool[data-tool="${CSS.escape(editor.tool)}"]`)?.focus();
  };
}

/** A palette item drawn small on a patch of board: a disc, a written number or a marker tile, in its owner's colour. */
function icon(item, color) {
  const svg = el("svg", { viewBox: "-0.5 -0.5 1 1", class: "board tool-icon", "aria-hidden": "true" });
  el("rect", { x: -0.5, y: -0.5, width: 1, height: 1, rx: 0.14, class: "tool-ground" }, svg);
  if (item.kind === "marker") {
    const corners = [0, 1, 2, 3, 4].map(i => {
      const a = -Math.PI / 2 + (i * 2 * Math.PI) / 5;
      return `${(0.34 * Math.cos(a)).toFixed(3)},${(0.34 * Math.sin(a) + 0.03).toFixed(3)}`;
    });
    el("polygon", { points: corners.join(" "), class: `marker c-${color}` }, svg);
  } else if (item.text != null) {
    el(
      "text",
      { x: 0, y: 0.04, class: `label written-label c-${color}`, "font-size": 0.7 },
      svg,
    ).textContent = item.text;
  } else {
    el("circle", { cx: 0, cy: 0, r: 0.38, class: `disc c-${color}` }, svg);
  }
  return svg;
}

function eraserIcon() {
  const svg = el("svg", { viewBox: "-0.5 -0.5 1 1", class: "board tool-icon", "aria-hidden": "true" });
  el("rect", { x: -0.5, y: -0.5, width: 1, height: 1, rx: 0.14, class: "tool-ground" }, svg);
  el("path", { d: "M-0.3 -0.3 L0.3 0.3 M0.3 -0.3 L-0.3 0.3", class: "eraser" }, svg);
  return svg;
}
