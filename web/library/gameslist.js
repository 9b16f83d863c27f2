// The "Games" view: the library as a list, newest first, filtered by game,
// result and date and searched (gamesbar.js), each game with a small
// drawing of its last position, its players, moves, result and when it was
// last played; open, rename, duplicate, delete (with an Undo), select for
// export.  A damaged entry is listed with the reason and can be exported
// raw or deleted.  It draws from the library and calls back; what an
// action does to the open game is the app's.
//
// At scale (a whole archive: 20,000 games) the list stays smooth: the
// library is read a page at a time, newest first (library.rows: the first
// rows are listed while the rest is read), the list keeps light
// rows only (listmodel.js), and it draws only the rows on screen (plus the
// one with the focus), with empty space standing for the others, so the
// scroll bar and the screen reader's "n of N" (aria-setsize/posinset) are
// those of the whole list.  Arrow Up and Down move between rows.

import { orientation, readSettings } from "../settings/settings.js";
import { webStorage } from "../store/local.js";
import { copyStudyLink, showStudyLink } from "../study/studyshare.js";
import { $, h } from "../app/dom.js";
import * as library from "./library.js";
import { clause } from "../panels/sentence.js";
import { englishReady, hasEnglish, t } from "../i18n/i18n.js";
import { damagedRow, gameRow, thumbnail } from "./gamesrow.js";
import { GamesBar } from "./gamesbar.js";
import { byNewest, drawnIndices, isEmpty, matcher, NO_FILTER, rowOf, windowOf } from "./listmodel.js";
import { Cancelled, inSlices } from "./slices.js";

const GAP_PX = 6; // the list's gap between rows (style.css .games-list)
const THUMBS_KEPT = 400; // drawings kept in memory, the most recently drawn

export class GamesList {
  /** `games`: GameInfo list; `onOpen(entry)`; `onExport(entries)`; `onExportRaw(entry)`;
   * `currentId()`: the id of the game on screen; `settled()`: resolves once the
   * changes made so far are written (keep.js Keeper.settled). */
  constructor({ games, onOpen, onExport, onExportRaw, currentId, settled = async () => {} }) {
    this.games = games;
    this.settled = settled;
    this.onOpen = onOpen;
    this.onExport = onExport;
    this.onExportRaw = onExportRaw;
    this.currentId = currentId;
    this.dialog = $("games-dialog");
    this.box = $("games-list");
    this.filter = NO_FILTER;
    this.selected = new Set();
    this.deleted = null;
    /** Every row (listmodel.rowOf), newest first, and those the filter shows. */
    this.all = [];
    this.shown = [];
    /** The height of a row and the gap after it, as last measured (a guess before). */
    this.step = 90;
    /** id -> its drawn <li>; id -> its drawing (or null), the latest THUMBS_KEPT. */
    this.drawn = new Map();
    this.thumbs = new Map();
    this.reading = null; // the AbortController of the read in progress
    /** @type {Map<string, any> | null} */
    this.added = null;
    this.frameAdd = 0;
    this.frame = 0;
    this.bar = new GamesBar({
      games,
      onFilter: filter => {
        this.filter = filter;
        this._apply();
      },
      onDeleteShown: () => this._deleteShown(),
    });
    $("games-export").addEventListener("click", () => this._exportSelected());
    $("games-study").addEventListener("click", () => this._studySelected());
    $("study-copy").addEventListener("click", () => copyStudyLink());
    this.dialog.addEventListener("scroll", () => this._later(), { passive: true });
    addEventListener("resize", () => this._later());
    this.box.addEventListener("keydown", e => this._key(e));
    library.onChange(msg => {
      if (this.dialog.open) this.changed(msg);
    });
  }

  async open() {
    this.selected = new Set();
    this.all = [];
    this.shown = [];
    this._clear(); // (no rows of an earlier look while the library is read)
    this.dialog.showModal();
    // (the game on screen, changed a moment ago, is written first: the library is
    // written shortly after a change, and this page's own writes are not announced to it)
    await this.settled().catch(() => {});
    await this.refresh();
  }

  /** Read the library again (a page at a time) and draw the list. */
  async refresh() {
    this.reading?.abort();
    const reading = new AbortController();
    this.reading = reading;
    if (!this.all.length) this.bar.say(t("library.reading"));
    this.added = new Map(); // (rows an import adds while the library is read)
    let rows;
    let shownAt = 0; // (when the rows read so far were last listed)
    try {
      rows = await library.rows(
        this.games.map(g => g.id),
        {
          signal: reading.signal,
          // the newest rows listed as soon as they are read, then again at most once a second
          onRows: (read, total) => {
            if (read.length < total) this.bar.say(t("library.readingCount", { count: read.length }));
            if (shownAt && performance.now() - shownAt < 1000) return;
            if (!shownAt) this._clear(); // (rows drawn before this read may be out of date)
            shownAt = performance.now();
            this.all = read.slice();
            this._apply();
          },
        },
      );
    } catch (err) {
      if (err instanceof Cancelled) return;
      this.all = [];
      this.shown = [];
      this._clear();
      this.box.append(h("li", { class: "empty" }, t("library.cannotRead", { why: clause(err.message) })));
      this.bar.say("");
      return;
    } finally {
      if (this.reading === reading) this.reading = null;
    }
    const read = new Set(rows.map(r => r.id));
    this.all = [...this.added.values()].filter(r => !read.has(r.id)).concat(rows);
    this.all.sort(byNewest);
    this.added = null;
    this.bar.say("");
    this._apply();
    this._showStorage();
  }

  /** Entries just stored by an import (newer than any listed): listed
   * without reading the library again, the list drawn again at most once a
   * second (each time, every row on screen is a new one, with its drawing). */
  add(entries) {
    const rows = entries.map(entry =>
      Object.assign(rowOf(entry, null), { bytes: JSON.stringify(entry).length }),
    );
    rows.sort(byNewest);
    if (this.added) {
      for (const row of rows) this.added.set(row.id, row);
      return;
    }
    const fresh = new Set(rows.map(r => r.id));
    this.all = rows.concat(this.all.filter(r => !fresh.has(r.id)));
    if (!this.frameAdd)
      this.frameAdd = setTimeout(() => {
        this.frameAdd = 0;
        this._apply();
      }, 1000);
  }

  /** An import ended: its last rows listed now, and the storage line. */
  imported() {
    if (this.added) return; // (the read in progress lists them)
    clearTimeout(this.frameAdd);
    this.frameAdd = 0;
    this._apply();
    this._showStorage();
  }

  /** Another tab changed the library: one row again, or all of them. */
  async changed({ type, id }) {
    if (id == null) return this.refresh();
    this.thumbs.delete(id);
    let entry = null;
    try {
      entry = type === "deleted" ? null : await library.get(id);
    } catch {
      return;
    }
    this.all = this.all.filter(r => r.id !== id);
    if (entry) {
      const row = rowOf(
        entry,
        library.problemOf(
          entry,
          this.games.map(g => g.id),
        ),
      );
      this.all.splice(this.all.findIndex(r => r.updated <= row.updated) >>> 0, 0, row);
    }
    const refocus = this._redrawRow(id);
    this._apply();
    if (refocus) this.drawn.get(id)?.querySelector(`[data-act="${refocus}"]`)?.focus();
  }

  /** The filter changed, or the rows: what is shown, then draw. */
  _apply() {
    // (a search finds seats by their English names too: a page in another language loads English's words now)
    if (this.filter.text && !hasEnglish())
      englishReady().then(got => got && this.dialog.open && this.filter.text && this._apply());
    this.shown = isEmpty(this.filter) ? this.all : this.all.filter(matcher(this.filter));
    this.bar.showCounts(this.shown.length, this.all.length, !isEmpty(this.filter));
    this._undoBar();
    this._draw();
  }

  _later() {
    if (this.frame || !this.dialog.open) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this._draw();
    });
  }

  _clear() {
    this.box.replaceChildren();
    this.drawn.clear();
  }

  /** Draw the rows on screen (and the focused one), spaces standing for the others. */
  _draw(focusIndex = null) {
    const rows = this.shown;
    const empty = this.box.querySelector(":scope > .empty");
    if (!rows.length) {
      this._clear();
      this.box.append(h("li", { class: "empty" }, t(this.all.length ? "library.noneMatch" : "library.none")));
      return;
    }
    empty?.remove();
    const top = this.box.getBoundingClientRect().top;
    const seen = this.dialog.getBoundingClientRect();
    const viewTop = Math.max(0, seen.top - top);
    const range = windowOf({
      count: rows.length,
      step: this.step,
      viewTop,
      viewBottom: viewTop + seen.height,
    });
    const focused = focusIndex ?? this._focusedIndex();
    const wanted = drawnIndices(range, focused);
    // the children wanted, in order: rows (kept when drawn already, so the
    // focus stays put) and the spaces between them
    const children = [];
    let next = 0;
    for (const i of wanted) {
      if (i > next) children.push(this._space(i - next));
      children.push(this._rowElement(rows[i], i));
      next = i + 1;
    }
    if (next < rows.length) children.push(this._space(rows.length - next));
    const keep = new Set(children);
    for (const node of [...this.box.children]) if (!keep.has(node)) node.remove();
    for (const [id, node] of this.drawn) if (!keep.has(node)) this.drawn.delete(id);
    let cursor = this.box.firstChild;
    for (const node of children) {
      if (node === cursor) cursor = cursor.nextSibling;
      else this.box.insertBefore(node, cursor);
    }
    this._measure(range);
    this._askThumbs(wanted.map(i => rows[i]));
  }

  /** A space of `count` rows' height (the rows not drawn). */
  _space(count) {
    const space = h("li", {
      class: "games-space",
      role: "none",
      "aria-hidden": "true",
      "data-rows": String(count),
    });
    space.style.setProperty("height", `${Math.max(0, count * this.step - GAP_PX)}px`);
    space.style.setProperty("list-style", "none");
    return space;
  }

  /** Measure a drawn row's height; when it changed, draw again (once). */
  _measure([first, end]) {
    const a = this.drawn.get(this.shown[first]?.id);
    const b = this.drawn.get(this.shown[end - 1]?.id);
    if (!a || !b || end - first < 1) return;
    const step = (b.getBoundingClientRect().bottom - a.getBoundingClientRect().top + GAP_PX) / (end - first);
    if (step > 0 && Math.abs(step - this.step) > 0.5) {
      this.step = step;
      this._later();
    }
  }

  _focusedIndex() {
    const row = document.activeElement && document.activeElement.closest?.("#games-list > li[data-id]");
    const i = row ? this.shown.findIndex(r => r.id === row.dataset.id) : -1;
    return i >= 0 ? i : null;
  }

  _rowElement(row, i) {
    let node = this.drawn.get(row.id);
    if (!node) {
      node = row.problem ? this._damaged(row) : this._row(row);
      this.drawn.set(row.id, node);
    }
    node.setAttribute("aria-posinset", String(i + 1));
    node.setAttribute("aria-setsize", String(this.shown.length));
    return node;
  }

  /** Drop a row's drawing (its data changed): drawn again next time.
   * Returns the action of the control that had the focus in it (a rename
   * field counts as its Rename button), to give the focus back to. */
  _redrawRow(id) {
    const node = this.drawn.get(id);
    if (!node) return null;
    const focused = node.contains(document.activeElement)
      ? /** @type {HTMLElement} */ (document.activeElement)
      : null;
    const act = focused && (focused.closest("form.rename") ? "rename" : focused.dataset.act || null);
    node.remove();
    this.drawn.delete(id);
    return act;
  }

  /** Put in the drawings of the rows drawn without one, a few at a time
   * (a screenful at once would hold the page): those kept in memory, then
   * those fetched from the library. */
  _askThumbs(rows) {
    const blank = rows.filter(
      r => !r.problem && this.drawn.get(r.id)?.querySelector("svg.thumb:not(.drawn)"),
    );
    const paint = ids =>
      inSlices(ids, id => {
        const thumb = this.thumbs.get(id);
        const old = this.drawn.get(id)?.querySelector("svg.thumb:not(.drawn)");
        if (old && thumb) old.replaceWith(thumbnail(thumb));
      });
    paint(blank.filter(r => this.thumbs.get(r.id)).map(r => r.id));
    const missing = blank.filter(r => !this.thumbs.has(r.id)).map(r => r.id);
    if (!missing.length) return;
    for (const id of missing) this.thumbs.set(id, undefined); // (asked)
    library.thumbs(missing).then(
      async found => {
        for (const [id, thumb] of found) this.thumbs.set(id, thumb);
        await paint(missing);
        for (const id of this.thumbs.keys()) {
          if (this.thumbs.size <= THUMBS_KEPT) break;
          if (!this.drawn.has(id)) this.thumbs.delete(id);
        }
      },
      () => {
        for (const id of missing) this.thumbs.delete(id);
      },
    );
  }

  /** Arrow Up/Down: the same control in the row above or below (drawn first). */
  _key(e) {
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    const from = this._focusedIndex();
    if (from == null || e.target.closest("form")) return;
    const to = from + (e.key === "ArrowDown" ? 1 : -1);
    if (to < 0 || to >= this.shown.length) return;
    e.preventDefault();
    const act = e.target.dataset.act;
    this._draw(to);
    const row = this.drawn.get(this.shown[to].id);
    const target =
      (act && row.querySelector(`[data-act="${act}"]:not([disabled])`)) ||
      row.querySelector("input, button:not([disabled])"); // i18n: not words (a selector)
    target?.focus();
    target?.scrollIntoView({ block: "nearest" });
  }

  /** The full entry of a row (the list keeps light rows). */
  async _entry(id) {
    return library.get(id);
  }

  async _showStorage() {
    const bytes = this.all.reduce((n, r) => n + (r.bytes || 0), 0);
    this.bar.showStorage(bytes, await library.storageUse());
  }

  /** Delete the games the filter shows, all but the game on screen (asked once by the bar). */
  async _deleteShown() {
    const here = this.currentId();
    const ids = this.shown.filter(r => r.id !== here).map(r => r.id);
    try {
      const done = await library.removeMany(ids, {
        onProgress: n => this.bar.say(t("library.deleting", { done: n, total: ids.length })),
      });
      for (const id of ids) this.selected.delete(id);
      this.deleted = null;
      await this.refresh();
      $("games-undo").hidden = false;
      $("games-undo").textContent = t("library.deletedCount", { count: done });
    } catch (err) {
      await this.refresh();
      this.bar.say(t("library.cannotDelete", { why: clause(err.message) }));
    }
  }

  _row(row) {
    return gameRow(this, row);
  }

  _damaged(row) {
    return damagedRow(this, row);
  }

  async _delete(id, title) {
    this.deleted = { entry: await library.remove(id), title };
    this.selected.delete(id);
    await this.changed({ type: "deleted", id });
  }

  _undoBar() {
    const bar = $("games-undo");
    bar.hidden = !this.deleted;
    if (!this.deleted) return;
    const { entry, title } = this.deleted;
    bar.replaceChildren(
      `${t("library.deleted", { title })} `,
      h(
        "button",
        {
          type: "button",
          id: "games-undo-delete",
          class: "link",
          onclick: async () => {
            this.deleted = null;
            await library.put(entry);
            await this.changed({ type: "saved", id: entry.id });
          },
        },
        t("library.undo"),
      ),
    );
  }

  /** The selected games' entries (in the list's order), those that can be read. */
  async _selectedEntries() {
    const ids = this.all.filter(r => !r.problem && this.selected.has(r.id)).map(r => r.id);
    return (await Promise.all(ids.map(id => this._entry(id)))).filter(Boolean);
  }

  async _exportSelected() {
    const entries = await this._selectedEntries();
    if (entries.length) this.onExport(entries);
  }

  /** The selected games as one study's link (#45): each a chapter, with its whole tree. */
  async _studySelected() {
    const entries = await this._selectedEntries();
    if (!entries.length) return;
    const title = row => row?.name || row?.summary?.title || "";
    const rows = new Map(this.all.map(r => [r.id, r]));
    const prefs = readSettings(webStorage()); // (each chapter seen as the player sees the game)
    const chapter = e => {
      const game = library.modelOf(e);
      return { title: title(rows.get(e.id)), flip: orientation(prefs, game.players, 0), game };
    };
    const study = { title: t("study.title", { count: entries.length }), chapters: entries.map(chapter) };
    await showStudyLink(study);
  }
}
