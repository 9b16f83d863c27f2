// The tools above the "Your games" list: the search and the filters (game,
// result, date), the storage line (what the browser gives the site, and the
// library's own share) and the deletion of the games the filter shows
// (asked once, then done a slice at a time).  It draws the controls and
// calls back with the filter; the list (gameslist.js) owns the rows.

import { $, h } from "../app/dom.js";
import { DATES, RESULTS } from "./listmodel.js";
import { language, t } from "../i18n/i18n.js";

const SEARCH_WAIT_MS = 150; // a search runs when typing pauses

/** A size as the page's language writes it ("1.5 MB", "1,5 MB"): kilobytes under a megabyte. */
export const megabytes = bytes =>
  bytes < 1e6
    ? new Intl.NumberFormat(language(), { style: "unit", unit: "kilobyte" }).format(Math.ceil(bytes / 1e3))
    : new Intl.NumberFormat(language(), {
        style: "unit",
        unit: "megabyte",
        maximumFractionDigits: bytes < 1e7 ? 1 : 0,
      }).format(bytes / 1e6);

export class GamesBar {
  /** `games`: GameInfo list; `onFilter(filter)`; `onDeleteShown()`: delete what the filter shows. */
  constructor({ games, onFilter, onDeleteShown }) {
    this.onFilter = onFilter;
    this.onDeleteShown = onDeleteShown;
    this.filter = { game: "", result: "", date: "", text: "" };
    this.timer = null;
    const select = $("games-filter");
    select.replaceChildren(
      h("option", { value: "" }, t("library.allGames")),
      ...games.map(g => h("option", { value: g.id }, g.name)),
    );
    select.addEventListener("change", () => this._set({ game: select.value }));
    // (a stable place in the header for more buttons: "Practise your mistakes")
    if (!$("library-extra")) $("games-count").after(h("span", { id: "library-extra" }));
    this.search = h("input", {
      type: "search",
      id: "games-search",
      placeholder: t("library.search.placeholder"),
      "aria-label": t("library.search.label"),
      autocomplete: "off",
      oninput: () => {
        clearTimeout(this.timer);
        this.timer = setTimeout(() => this._set({ text: this.search.value.trim() }), SEARCH_WAIT_MS);
      },
      onkeydown: e => {
        if (e.key !== "Enter") return;
        clearTimeout(this.timer);
        this._set({ text: this.search.value.trim() });
      },
    });
    const choice = (id, label, options, key) =>
      h(
        "select",
        { id, "aria-label": label, onchange: e => this._set({ [key]: e.target.value }) },
        ...options.map(([value, text]) => h("option", { value }, t(text))),
      );
    this.deleteButton = h(
      "button",
      { type: "button", id: "games-delete-shown", hidden: true, onclick: () => this._ask() },
      t("library.deleteShown", { count: 2 }),
    );
    this.asking = h("div", { id: "games-delete-ask", class: "explain", "data-kind": "error", hidden: true });
    this.storage = h("p", { id: "games-storage", class: "about" });
    $("games-undo").before(
      h(
        "div",
        { class: "records-actions games-tools" },
        this.search,
        choice("games-result", t("library.filter.result"), RESULTS, "result"),
        choice("games-date", t("library.filter.when"), DATES, "date"),
        this.deleteButton,
      ),
      this.asking,
    );
    $("games-list").after(this.storage);
  }

  _set(change) {
    this.filter = { ...this.filter, ...change };
    this.asking.hidden = true;
    this.onFilter(this.filter);
  }

  /** What the filter shows: `shown` of `total` (the delete button offers the shown when filtered). */
  showCounts(shown, total, filtered) {
    $("games-count").textContent = filtered
      ? t("library.countShown", { shown, total })
      : t("library.count", { count: total });
    this.shownCount = shown;
    this.deleteButton.hidden = !filtered || !shown;
    this.deleteButton.textContent = t("library.deleteShown", { count: shown });
  }

  /** The deletion asked once: say what goes, then Delete or Keep. */
  _ask() {
    const n = this.shownCount || 0;
    this.asking.hidden = false;
    this.asking.replaceChildren(
      `${t("library.deleteAsk", { count: n })} `,
      h(
        "button",
        {
          type: "button",
          id: "games-delete-yes",
          onclick: () => {
            this.asking.hidden = true;
            this.onDeleteShown();
          },
        },
        t("library.deleteYes"),
      ),
      " ",
      h(
        "button",
        { type: "button", id: "games-delete-no", onclick: () => (this.asking.hidden = true) },
        t("library.deleteNo"),
      ),
    );
    $("games-delete-yes").focus();
  }

  /** A line of progress or of news in the storage line's place. */
  say(text) {
    this.storage.textContent = text;
  }

  /** The storage line: the library's share (`bytes`, about) and the browser's figures (`use`). */
  showStorage(bytes, use) {
    this.storage.textContent = use
      ? t("library.storageOfQuota", {
          own: megabytes(bytes),
          used: megabytes(use.usage),
          quota: megabytes(use.quota),
        })
      : t("library.storage", { own: megabytes(bytes) });
  }
}
