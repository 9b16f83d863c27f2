// A row of the "Your games" list (gameslist.js): a game with its drawing,
// title, players, moves, result and date, and its actions (open, rename
// in place, duplicate, delete); or an entry that cannot be opened, with the
// reason, to export raw or delete.  The list passes itself as `list`: its
// callbacks, its selection, its drawings and its `changed` for a row changed.

import { h } from "../app/dom.js";
import { BoardDrawing } from "../board/board-draw.js";
import * as library from "./library.js";
import { libraryWords } from "../model/ending.js";
import { language, t } from "../i18n/i18n.js";
import { seatName } from "./seats.js";
import { migrateOldThumb } from "./oldseats.js";

/** The formatters of a row's date, in the page's language (made once, on
 * first use: a formatter made for each row costs more than the row). */
let formats = null;
const formatsOf = () =>
  (formats ??= {
    time: new Intl.DateTimeFormat(language(), { hour: "2-digit", minute: "2-digit" }),
    date: new Intl.DateTimeFormat(language(), { year: "numeric", month: "short", day: "numeric" }),
  });

/** When a game was last played: the hour today, else the date ("14:05", "3. Okt. 2026"). */
export const when = ms => {
  if (!ms) return "";
  const days = Math.floor((Date.now() - ms) / 86400000);
  return (days < 1 ? formatsOf().time : formatsOf().date).format(ms);
};

/** A row's buttons (they wrap onto a second line when the row is narrow:
 * end.css keeps only the game's own row on one line). */
function rowActions(...buttons) {
  return h("div", { class: "game-actions" }, ...buttons);
}

/** The small drawing of a game's last position (blank without one: the
 * list puts the drawings in a few at a time, gameslist.js). */
export function thumbnail(thumb) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("class", thumb && thumb.board ? "thumb drawn" : "thumb");
  svg.setAttribute("aria-hidden", "true");
  if (!thumb || !thumb.board) return svg;
  try {
    new BoardDrawing(svg).render({
      ...migrateOldThumb(thumb),
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
  const players = Array.isArray(s.players) ? s.players : [];
  // (each seat said from its message in the page's language: seats.js)
  const names = players.map(seatName);
  const who = players
    .map((p, i) =>
      p && p.seat && p.seat !== "h"
        ? t("library.playerSeat", {
            name: names[i],
            seat: p.seat === "r" ? t("library.farAway") : p.seat.slice(2),
          })
        : names[i],
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
      "aria-label": t("library.select", { title }),
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
          t("library.moves", { count: s.moves ?? 0 }),
          // (won, lost or drawn from the player's side, and how; both names on one screen)
          s.end && players.length
            ? libraryWords(players, s.end, names)
            : s.result || t("library.word.playing"),
          when(updated),
        ]
          .filter(Boolean)
          .join(" · "),
      ),
    ),
    rowActions(
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
        t(here ? "library.backToIt" : "library.open"),
      ),
      h(
        "button",
        {
          type: "button",
          "data-act": "rename",
          onclick: e => renameInPlace(list, id, title, e.target.closest(".game-row")),
        },
        t("library.rename"),
      ),
      h(
        "button",
        {
          type: "button",
          "data-act": "duplicate",
          onclick: () =>
            library.duplicate(id).then(copy => copy && list.changed({ type: "saved", id: copy.id })),
        },
        t("library.duplicate"),
      ),
      h(
        "button",
        {
          type: "button",
          "data-act": "delete",
          disabled: here,
          title: here ? t("library.cannotDeleteCurrent") : null,
          onclick: () => list._delete(id, title),
        },
        t("library.delete"),
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
      h("b", { class: "game-title" }, t("library.damagedGame")),
      h("span", { class: "game-meta" }, t("library.cannotOpen", { problem })),
    ),
    rowActions(
      h(
        "button",
        {
          type: "button",
          "data-act": "export-raw",
          onclick: async () => list.onExportRaw(await list._entry(id)),
        },
        t("library.exportRaw"),
      ),
      h(
        "button",
        {
          type: "button",
          "data-act": "delete",
          onclick: () => list._delete(id, t("library.theDamagedGame")),
        },
        t("library.delete"),
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
    "aria-label": t("library.renameLabel"),
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
    h("button", { type: "submit", class: "primary", "data-act": "rename-save" }, t("library.save")),
    h(
      "button",
      { type: "button", "data-act": "rename-cancel", onclick: () => done(false) },
      t("library.cancel"),
    ),
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
