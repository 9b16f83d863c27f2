// The board's buttons beside the drawing (part of the Board widget,
// board.js): the number palette (EL's numbers) and the action buttons, i.e.
// the moves that have no clicks (pass, swap), the confirm button of a move
// waiting for a second click, and a select step's Confirm and Clear.

import { h } from "../app/dom.js";
import { t } from "../i18n/i18n.js";
import { moveWords, selectWords } from "../engine/words.js";

/** The palette's buttons: one per palette entry, a target when the move being entered may take it. */
export function drawPalette(board, view, on) {
  const box = board.paletteBox;
  const palette = view.palette || [];
  box.hidden = !palette.length;
  document.body.classList.toggle("has-palette", palette.length > 0);
  const color = (view.players[view.to_move] || {}).color || "black";
  const targets = on ? board.input.targets() : new Set();
  box.replaceChildren(
    ...palette.map(p =>
      h(
        "button",
        {
          type: "button",
          class: `pal c-${color}${targets.has(p.id) ? " target" : ""}`,
          "data-id": p.id,
          "aria-pressed": board.input.clicks.includes(p.id) ? "true" : "false",
          "aria-label": p.label,
          disabled: !on || !!view.select || !!view.outcome,
          onclick: () => board._click(p.id),
        },
        p.label,
      ),
    ),
  );
}

/** The action buttons and the prompt of a move half entered. */
export function drawActions(board, view, on) {
  const items = [];
  const touch = matchMedia("(pointer: coarse)").matches; // a phone: "tap", and no Escape key to mention
  const device = touch ? "touch" : "mouse";
  const input = board.input;
  if (view.select) {
    const cells = view.select.cells.filter(c => board.picked.has(c));
    items.push(h("p", { class: "prompt" }, selectWords(view) || t("board.markPrompt")));
    items.push(
      h(
        "button",
        {
          type: "button",
          class: "primary",
          id: "select-confirm",
          disabled: !on,
          onclick: () => board.handlers.onMark(cells),
        },
        cells.length ? t("board.confirm", { cells: cells.join(", ") }) : t("board.confirmNone"),
      ),
    );
    if (cells.length) {
      items.push(
        h(
          "button",
          {
            type: "button",
            class: "quiet",
            disabled: !on,
            onclick: () => {
              board.picked = new Set();
              board._draw();
            },
          },
          t("board.clear"),
        ),
      );
    }
  }
  const pend = on && !view.select ? input.pending() : null;
  if (pend) {
    const last = input.clicks[input.clicks.length - 1];
    items.push(
      h(
        "p",
        { class: "prompt", id: "confirm-prompt" },
        t("board.confirmPrompt", { device, cell: last, move: pend.text }),
      ),
    );
    items.push(
      h(
        "button",
        {
          type: "button",
          class: "primary",
          id: "confirm-move",
          "data-move": pend.text,
          onclick: () => board._play(pend.text),
        },
        moveWords(pend) || t("board.play", { move: pend.text }),
      ),
    );
  } else if (on && input.anyOrder && input.clicks.length) {
    // a half-entered move in a game of clicks in any order: say what is missing
    const chosen = input.clicks.map(id => (view.palette || []).find(p => p.id === id)?.label ?? id);
    items.push(
      h(
        "p",
        { class: "prompt", id: "pick-prompt" },
        t("board.pickPrompt", { device, chosen: chosen.join(", ") }),
      ),
    );
  }
  for (const m of view.moves || []) {
    if (m.clicks && m.clicks.length) continue;
    items.push(
      h(
        "button",
        {
          type: "button",
          class: "move-button",
          "data-move": m.text,
          disabled: !on,
          onclick: () => board._play(m.text),
        },
        moveWords(m) || m.text,
      ),
    );
  }
  board.actionsBox.replaceChildren(...items);
  board.actionsBox.hidden = !items.length;
}
