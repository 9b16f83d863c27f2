// A row of the "Your games" list (gameslist.js): a game with its drawing,
// title, players, moves, result and date, and its actions (open, rename
// in place, duplicate, delete); or an entry that cannot be opened, with the
// reason, to export raw or delete.  The list passes itself as `list`: its
// callbacks, its selection, its drawings and its `changed` for a row changed.

import { h } from "../app/dom.js";
import { BoardDrawing } from "../board/board-draw.js";
import * as library from "./library.js";
import { libraryWords } from "../model/ending.js";

// (made once: a formatter made for each row costs more than the row)
const TIME = new Intl.DateTimeFormat([], { hour: "2-digit", minute: "2-digit" });
const DATE = new Intl.DateTimeFormat([], { year: "numeric", month: "short", day: "numeric" });

const when = ms => {
  if (!ms) return "";
  const days = Math.floor((Date.now() - ms) / 86400000);
  return (days < 1 ? TIME : DATE).format(ms);
};

/** The small drawing of a game's last position (blank without one: the
 * list puts the drawings in a few at a time, gameslist.js). */
export function thumbnail(thumb) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("class", thumb && thumb.board ? "thumb drawn" : "thumb");
  svg.setAttribute("aria-hidden", "true");
  if (!thumb || !thumb.board) return svg;
  try {
    new BoardDrawing(svg).render({
      ...thumb,
      highlights: [],
      annotations: [],
      last_move: [],
      moves: [],
      title: thumb.title || "",
    });
    svg.removeAttribute("role");
  } catch {
    /* an odd thumbnail: left blank */
  }
  return svg;
}

/** The <li> of a game in `list` (a GamesList). */
export function gameRow(list, { id, name, game, summary, updated }) {
  const s = summary || {};
  const title = name || s.title || game;
  const who = (s.players || [])
    .map(p =>
      p.seat && p.seat !== "h" ? `${p.name} (${p.seat === "r" ? "far away" : p.seat.slice(2)})` : p.name,
    )
    .join(" – ");
  const here = id === list.currentId();
  return h(
    "li",
    {
      class: `game-row${here ? " current" : ""}`,
      "data-id": id,
      "data-end": s.end ? s.end.termination : null,
    },
    h("input", {
      type: "checkbox",
      "aria-label": `Select ${title}`,
      checked: list.selected.has(id),
      onchange: e => {
        if (e.target.checked) list.selected.add(id);
        else list.selected.delete(id);
      },
    }),
    thumbnail(null),
    h(
      "div",
      { class: "game-info" },
      h("b", { class: "game-title", id: `title-${id}` }, title),
      h(
        "span",
        { class: "game-meta" },
        [
          s.title && name ? s.title : null,
          who,
          `${s.moves ?? 0} move${s.moves === 1 ? "" : "s"}`,
          // (won, lost or drawn from the player's side, and how; both names on one screen)
          s.end && s.players ? libraryWords(s.players, s.end) : s.result || "in progress",
          when(updated),
        ]
          .filter(Boolean)
          .join(" · "),
      ),
    ),
    h(
      "div",
      { class: "game-actions" },
      h(
        "button",
        {
          type: "button",
          class: "primary",
          "data-act": "open",
          onclick: async () => {
            const entry = await list._entry(id);
            list.dialog.close();
            if (entry) list.onOpen(entry);
          },
        },
        here ? "Back to it" : "Open",
      ),
      h(
        "button",
        {
          type: "button",
          "data-act": "rename",
          onclick: e => renameInPlace(list, id, title, e.target.closest(".game-row")),
        },
        "Rename",
      ),
      h(
        "button",
        {
          type: "button",
          "data-act": "duplicate",
          onclick: () =>
            library.duplicate(id).then(copy => copy && list.changed({ type: "saved", id: copy.id })),
        },
        "Duplicate",
      ),
      h(
        "button",
        {
          type: "button",
          "data-act": "delete",
          disabled: here,
          title: here ? "The game on screen cannot be deleted" : null,
          onclick: () => list._delete(id, title),
        },
        "Delete",
      ),
    ),
  );
}

/** The <li> of an entry that cannot be opened. */
export function damagedRow(list, { id, problem }) {
  return h(
    "li",
    { class: "game-row damaged", "data-id": String(id) },
    h(
      "div",
      { class: "game-info" },
      h("b", { class: "game-title" }, "Damaged game"),
      h("span", { class: "game-meta" }, `It cannot be opened: ${problem}.`),
    ),
    h(
      "div",
      { class: "game-actions" },
      h(
        "button",
        {
          type: "button",
          "data-act": "export-raw",
          onclick: async () => list.onExportRaw(await list._entry(id)),
        },
        "Export raw",
      ),
      h(
        "button",
        { type: "button", "data-act": "delete", onclick: () => list._delete(id, "the damaged game") },
        "Delete",
      ),
    ),
  );
}

/** Rename in place: the title becomes a text field (Enter or Save keeps
 * the name, Escape or Cancel leaves it; an empty name gives the game its
 * own title back). */
function renameInPlace(list, id, title, row) {
  const info = row && row.querySelector(".game-info");
  if (!info || info.querySelector("form")) return;
  const field = h("input", {
    type: "text",
    class: "rename-field",
    value: title,
    maxlength: "120",
    "aria-label": "Name of this game",
    autocomplete: "off",
  });
  const done = async keep => {
    if (keep) await library.rename(id, field.value.trim().slice(0, 120));
    await list.changed({ type: "saved", id });
  };
  const form = h(
    "form",
    {
      class: "rename",
      onsubmit: e => {
        e.preventDefault();
        done(true);
      },
    },
    field,
    h("button", { type: "submit", class: "primary", "data-act": "rename-save" }, "Save"),
    h("button", { type: "button", "data-act": "rename-cancel", onclick: () => done(false) }, "Cancel"),
  );
  field.addEventListener("keydown", e => {
    if (e.key !== "Escape") return;
    e.preventDefault(); // (not the dialog's: only the renaming is cancelled)
    e.stopPropagation();
    done(false);
  });
  info.querySelector(".game-title").replaceWith(form);
  field.focus();
  field.select();
}
