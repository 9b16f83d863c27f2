// The "Games" view: the library as a list, newest first, filtered by game,
// each game with a small drawing of its last position, its players, moves,
// result and when it was last played; open, rename, duplicate, delete (with
// an Undo), select for export.  A damaged entry is listed with the reason
// and can be exported raw or deleted.  It draws from the library and calls
// back; what an action does to the open game is the app's.

import { $, h } from "../app/dom.js";
import { BoardDrawing } from "../board/board-draw.js";
import * as library from "./library.js";
import { clause } from "../panels/sentence.js";
import { libraryWords } from "../model/ending.js";

const when = ms => {
  if (!ms) return "";
  const d = new Date(ms);
  const days = Math.floor((Date.now() - ms) / 86400000);
  if (days < 1) return d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return d.toLocaleDateString([], { year: "numeric", month: "short", day: "numeric" });
};

function thumbnail(thumb) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("class", "thumb");
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

export class GamesList {
  /** `games`: GameInfo list; `onOpen(entry)`; `onExport(entries)`; `onExportRaw(entry)`;
   * `currentId()`: the id of the game on screen. */
  constructor({ games, onOpen, onExport, onExportRaw, currentId }) {
    this.games = games;
    this.onOpen = onOpen;
    this.onExport = onExport;
    this.onExportRaw = onExportRaw;
    this.currentId = currentId;
    this.dialog = $("games-dialog");
    this.filter = "";
    this.selected = new Set();
    this.deleted = null;
    $("games-filter").replaceChildren(
      h("option", { value: "" }, "All games"),
      ...games.map(g => h("option", { value: g.id }, g.name)),
    );
    $("games-filter").addEventListener("change", e => {
      this.filter = e.target.value;
      this.refresh();
    });
    $("games-export").addEventListener("click", () => this._exportSelected());
    library.onChange(() => {
      if (this.dialog.open) this.refresh();
    });
  }

  async open() {
    this.selected = new Set();
    this.dialog.showModal();
    await this.refresh();
  }

  async refresh() {
    const box = $("games-list");
    let rows;
    try {
      rows = await library.list(this.games.map(g => g.id));
    } catch (err) {
      box.replaceChildren(
        h("li", { class: "empty" }, `The games cannot be read here: ${clause(err.message)}.`),
      );
      return;
    }
    this.rows = rows;
    const shown = rows.filter(
      r =>
        !this.filter ||
        r.problem ||
        (r.entry.summary && r.entry.summary.game === this.filter) ||
        (r.entry.game && r.entry.game.meta && r.entry.game.meta.game === this.filter),
    );
    box.replaceChildren(...shown.map(r => (r.problem ? this._damaged(r) : this._row(r))));
    if (!shown.length)
      box.append(h("li", { class: "empty" }, rows.length ? "No games of this kind yet." : "No games yet."));
    $("games-count").textContent = `${rows.length} game${rows.length === 1 ? "" : "s"}`;
    this._undoBar();
  }

  _row({ id, entry }) {
    const s = entry.summary || {};
    const title = entry.name || s.title || entry.game.meta.game;
    const who = (s.players || [])
      .map(p =>
        p.seat && p.seat !== "h" ? `${p.name} (${p.seat === "r" ? "far away" : p.seat.slice(2)})` : p.name,
      )
      .join(" – ");
    const here = id === this.currentId();
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
        checked: this.selected.has(id),
        onchange: e => {
          if (e.target.checked) this.selected.add(id);
          else this.selected.delete(id);
        },
      }),
      thumbnail(entry.thumb),
      h(
        "div",
        { class: "game-info" },
        h("b", { class: "game-title", id: `title-${id}` }, title),
        h(
          "span",
          { class: "game-meta" },
          [
            s.name && entry.name ? s.title : null,
            who,
            `${s.moves ?? 0} move${s.moves === 1 ? "" : "s"}`,
            // (won, lost or drawn from the player's side, and how; both names on one screen)
            s.end && s.players ? libraryWords(s.players, s.end) : s.result || "in progress",
            when(entry.updated),
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
            onclick: () => {
              this.dialog.close();
              this.onOpen(entry);
            },
          },
          here ? "Back to it" : "Open",
        ),
        h(
          "button",
          {
            type: "button",
            "data-act": "rename",
            onclick: e => this._rename(id, title, e.target.closest(".game-row")),
          },
          "Rename",
        ),
        h(
          "button",
          {
            type: "button",
            "data-act": "duplicate",
            onclick: () => library.duplicate(id).then(() => this.refresh()),
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
            onclick: () => this._delete(id, title),
          },
          "Delete",
        ),
      ),
    );
  }

  _damaged({ id, entry, problem }) {
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
          { type: "button", "data-act": "export-raw", onclick: () => this.onExportRaw(entry) },
          "Export raw",
        ),
        h(
          "button",
          { type: "button", "data-act": "delete", onclick: () => this._delete(id, "the damaged game") },
          "Delete",
        ),
      ),
    );
  }

  /** Rename in place: the title becomes a text field (Enter or Save keeps
   * the name, Escape or Cancel leaves it; an empty name gives the game its
   * own title back). */
  _rename(id, title, row) {
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
      await this.refresh();
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

  async _delete(id, title) {
    this.deleted = { entry: await library.remove(id), title };
    this.selected.delete(id);
    await this.refresh();
  }

  _undoBar() {
    const bar = $("games-undo");
    bar.hidden = !this.deleted;
    if (!this.deleted) return;
    const { entry, title } = this.deleted;
    bar.replaceChildren(
      `Deleted ${title}. `,
      h(
        "button",
        {
          type: "button",
          id: "games-undo-delete",
          class: "link",
          onclick: async () => {
            this.deleted = null;
            await library.put(entry);
            await this.refresh();
          },
        },
        "Undo",
      ),
    );
  }

  _exportSelected() {
    const rows = (this.rows || []).filter(r => !r.problem && this.selected.has(r.id));
    if (rows.length) this.onExport(rows.map(r => r.entry));
  }
}
