// The board's buttons beside the drawing (part of the Board widget,
// board.js): the number palette (EL's numbers) and the action buttons, i.e.
// the moves that have no clicks (pass, swap), the confirm button of a move
// waiting for a second click, and a select step's Confirm and Clear.

import { h } from "../app/dom.js";

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
  const verb = touch ? "Tap" : "Click";
  const input = board.input;
  if (view.select) {
    const cells = view.select.cells.filter(c => board.picked.has(c));
    items.push(h("p", { class: "prompt" }, view.select.prompt || "Mark the cells, then confirm."));
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
        cells.length ? `Confirm (${cells.join(", ")})` : "Confirm (none)",
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
          "Clear",
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
        `${verb} ${last} again or press the button to play ${pend.text}, or ${verb.toLowerCase()} a marked cell to go on.`,
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
        pend.label || `Play ${pend.text}`,
      ),
    );
  } else if (on && input.anyOrder && input.clicks.length) {
    // a half-entered move in a game of clicks in any order: say what is missing
    const chosen = input.clicks.map(id => (view.palette || []).find(p => p.id === id)?.label ?? id);
    items.push(
      h(
        "p",
        { class: "prompt", id: "pick-prompt" },
        `Chosen: ${chosen.join(", ")}. ${verb} a marked cell or number to complete the move${touch ? "." : " (Escape cancels)."}`,
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
        m.label || m.text,
      ),
    );
  }
  board.actionsBox.replaceChildren(...items);
  board.actionsBox.hidden = !items.length;
}
