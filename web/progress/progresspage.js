// The progress page (#progress, issue #31), shown over the game (which
// stays as it is), and the counting of finished games behind it.  Per game
// a card: the rating estimate ± its 95 % interval and the last game's
// change, the games played, the level suggested next with "Play it" (a new
// game against it), the chart of the estimate over the games
// (chart.js), won / drawn / lost per level; under the cards Export (a JSON
// file) and Reset (per game or all, asked once).  The levels' ratings come
// only from the engine's `levels` method; the model is progress.js, the
// results are kept by progressstore.js.  One direction: a finished game or
// another tab changes the store -> the page is drawn from it.
//
//   const progress = new ProgressPage({engine, games: () => page.games, onPlay: choice => ...});
//   progress.noteEnd(model, ending);   // at each draw: a game going on (null) or ended (counted once, by its id)
//   progress.open();   progress.hide();   progress.endLine(model)
//
// <section data-state> says loading | ready (the levels known and the
// cards drawn), for tools and tests.

import { $, h, saveFile } from "../app/dom.js";
import { t } from "../i18n/i18n.js";
import { levelWords, levelsOf } from "../engine/levels.js";
import { playChoice, resultOf, summary } from "./progress.js";
import { ProgressStore } from "./progressstore.js";
import { ratingChart } from "./chart.js";

/** "+15", "−9" (a true minus), "±0". */
export const signed = d =>
  Math.round(d) > 0 ? `+${Math.round(d)}` : Math.round(d) < 0 ? `\u2212${-Math.round(d)}` : "\u00b10";
/** "3 games", in the page's language. */
const gamesText = n => t("progress.games", { count: n });

/** "1234 ± 120": an estimate in words. */
export const ratingText = est => `${Math.round(est.rating)} \u00b1 ${Math.round((est.high - est.low) / 2)}`;

export class ProgressPage {
  /** `onPlay(choice)`: start a new game (the page's startNew); `settingsOf(game)`:
   * the player's last settings of a game (keep.js), or null.
   * @param {{engine: any, games: () => any[], onPlay: (choice: any) => void,
   *   settingsOf?: (game: string) => any, onChange?: () => void, onProblem?: (message: string) => void,
   *   store?: ProgressStore}} how */
  constructor({
    engine,
    games,
    onPlay,
    settingsOf = () => null,
    onChange = () => {},
    onProblem = () => {},
    store = new ProgressStore(),
  }) {
    this.engine = engine;
    this.games = games;
    this.onPlay = onPlay;
    this.settingsOf = settingsOf;
    this.onProblem = onProblem; // (a result that could not be saved is said once, as it is counted)
    this.onChange = onChange; // (the end's badge follows the store)
    this.store = store;
    this.box = $("progress-page");
    this.levels = new Map(); // game -> the engine's levels, or a promise of them
    this.live = new Set(); // model ids seen going on in this tab
    this.seen = new Set(); // model ids whose end was handled in this tab
    this.lastLine = null; // endLine's last answer and what it was worked out from
    this.confirming = null; // the game whose Reset is being asked ("*": all), or null
    this.store.onChange(() => {
      if (this.isOpen) this.draw();
      this.onChange();
    });
  }

  get isOpen() {
    return !!this.box && !this.box.hidden;
  }

  // -- counting ------------------------------------------------------------------------
  /** What the page shows of a game at each draw: `ending` undefined while
   * its head's view is not known, null while it goes on, else how it
   * ended (ending.js).  A game seen going on in this tab and then ended,
   * against the computer on this screen, is counted: once, by its id,
   * however often its end is seen again (a reload, another tab).  A game
   * opened already over (an old game, a link to a finished game) is not
   * counted: it was not played here now. */
  noteEnd(model, ending) {
    if (!model || !model.id || ending === undefined) return;
    if (!ending) {
      this.live.add(model.id);
      return;
    }
    if (!this.live.has(model.id) || this.seen.has(model.id)) return;
    this.seen.add(model.id);
    const result = resultOf(
      { id: model.id, meta: model.meta, players: model.players, mainLength: model.tree.mainline([]).length },
      ending,
    );
    if (!result || !this.store.add(result)) return;
    this.store.saved.then(() => {
      const problem = this.store.tell();
      if (problem) this.onProblem(`${problem[0].toUpperCase()}${problem.slice(1)}.`);
    });
  }

  /** The levels of `game` when known (else asked for: onChange when they come), or null. */
  levelsOf(game) {
    const known = this.levels.get(game);
    if (Array.isArray(known)) return known;
    if (!known && this.engine) {
      const asked = Promise.resolve(this.engine.ready)
        .then(() => levelsOf(this.engine, game)) // (the one answer the start panel and New game share)
        .then(
          answer => {
            const levels = Array.isArray(answer && answer.levels) ? answer.levels : [];
            // (each named in the page's language: the engine sends ids, no English, #43)
            this.levels.set(
              game,
              levels.map(l => ({ ...l, label: levelWords(l.id) })),
            );
            if (this.isOpen) this.draw();
            this.onChange();
          },
          () => this.levels.set(game, []), // (no ratings: the counts alone)
        );
      this.levels.set(game, asked);
    }
    return null;
  }

  /** The end's badge's rating for a game counted here: {text (the sentence), short ("1234 −15"), href}, or null. */
  endLine(model) {
    if (!model || !model.id) return null;
    const state = this.store.state;
    const counted = state.results.find(r => r.id === model.id);
    const levels = counted && this.levelsOf(counted.game);
    if (!counted || !levels) return null;
    const memo = this.lastLine; // (asked at every draw of the ended game: worked out once per change)
    if (memo && memo.state === state && memo.id === model.id && memo.levels === levels) return memo.line;
    const s = summary(state.results, counted.game, levels, { withHistory: false });
    const last = s.results[s.results.length - 1];
    const change = last && last.id === model.id && s.change != null ? ` (${signed(s.change)})` : "";
    const line =
      s.estimate && s.estimate.rated
        ? {
            text:
              t("progress.ratingIn", { game: this._name(counted.game), rating: ratingText(s.estimate) }) +
              change,
            short: `${Math.round(s.estimate.rating)}${change ? ` ${signed(s.change)}` : ""}`,
            href: "#progress",
          }
        : null;
    this.lastLine = { state, id: model.id, levels, line };
    return line;
  }

  _name(game) {
    const info = this.games().find(g => g.id === game);
    return (info && info.name) || game;
  }

  // -- the page ------------------------------------------------------------------------
  open() {
    for (const menu of document.querySelectorAll("details[open]")) menu.removeAttribute("open");
    this.box.hidden = false;
    document.body.classList.add("progressing");
    document.title = `${t("progress.title")} · Gamut`; // i18n: not words (the site's name)
    this.draw();
  }

  hide() {
    if (!this.isOpen) return;
    this.box.hidden = true;
    document.body.classList.remove("progressing");
    document.title = "Gamut"; // i18n: not words (the site's name)
    this.confirming = null;
  }

  /** Draw the page from the store and the levels (asked for when not known yet). */
  draw() {
    const games = this.games();
    const levels = games.map(g => this.levelsOf(g.id));
    const ready = levels.every(Boolean);
    this.box.dataset.state = ready ? "ready" : "loading";
    const focused = this.box.contains(document.activeElement) ? document.activeElement.id : "";
    const results = this.store.state.results;
    const problem = this.store.problem;
    this.box.replaceChildren(
      h(
        "div",
        { class: "progress-head" },
        h("h1", { id: "progress-title" }, t("progress.title")),
        h("a", { href: "#", id: "progress-back" }, t("rules.back")),
      ),
      h("p", { class: "about progress-about" }, t("progress.about")),
      problem
        ? h(
            "p",
            { id: "progress-storage", class: "progress-storage", role: "alert" },
            t("progress.note", { problem }),
          )
        : "",
      h("div", { class: "progress-cards" }, ...games.map((info, i) => this._card(info, results, levels[i]))),
      h(
        "div",
        { class: "progress-actions" },
        h(
          "button",
          {
            type: "button",
            id: "progress-export",
            disabled: !results.length,
            onclick: () => this.exportFile(),
          },
          t("progress.export"),
        ),
        ...this._resetButtons("*", t("progress.all", { games: gamesText(results.length) }), !results.length),
      ),
    );
    if (focused) /** @type {HTMLElement | null} */ (this.box.querySelector(`#${focused}`))?.focus();
  }

  _card(info, allResults, levels) {
    const game = info.id;
    const card = h("article", {
      class: "progress-card",
      "data-game": game,
      "aria-labelledby": `progress-${game}-name`,
    });
    const title = h("h2", { id: `progress-${game}-name` }, info.name);
    if (!levels) {
      card.append(title, h("p", { class: "about" }, t("progress.loadingLevels")));
      return card;
    }
    const s = summary(allResults, game, levels);
    const est = s.estimate;
    const n = s.results.length;
    const rating = h("p", { class: "progress-rating" });
    if (est && est.rated) {
      const change = s.change == null ? null : Math.round(s.change);
      rating.append(
        h("b", { class: "progress-number" }, String(Math.round(est.rating))),
        ` \u00b1 ${Math.round((est.high - est.low) / 2)}`,
        change == null
          ? ""
          : h(
              "span",
              { class: `progress-change ${change > 0 ? "up" : change < 0 ? "down" : ""}` },
              ` ${signed(change)}`,
            ),
        h("span", { class: "progress-games" }, ` · ${gamesText(n)}`),
      );
    } else {
      rating.append(n ? t("progress.noneRated", { games: gamesText(n) }) : t("progress.none"));
    }
    const next = s.suggested;
    const suggest = next
      ? h(
          "p",
          { class: "progress-suggest" },
          h(
            "span",
            {},
            `${t("progress.suggested")} `,
            h("b", { class: "progress-level" }, next.label || next.id),
            ` (${Math.round(next.rating)})`,
          ),
          h(
            "button",
            {
              type: "button",
              class: "primary progress-play",
              "data-level": next.id,
              "aria-label": t("progress.playAgainst", { game: info.name, level: next.label || next.id }),
              onclick: () => this.play(game, next.id),
            },
            t("progress.play"),
          ),
        )
      : null;
    const chart = s.history.length
      ? ratingChart(
          s.history,
          levels,
          t("progress.chart", { game: info.name, games: gamesText(n), rating: est ? ratingText(est) : "" }),
        )
      : null;
    const played = s.tally.filter(row => row.won + row.drawn + row.lost > 0);
    const table = played.length ? this._table(played) : null;
    const resets = n
      ? this._resetButtons(game, t("progress.gamesOf", { games: gamesText(n), game: info.name }), false)
      : [];
    card.append(
      title,
      rating,
      ...(suggest ? [suggest] : []),
      ...(chart ? [chart] : []),
      ...(table ? [table] : []),
    );
    if (resets.length) card.append(h("div", { class: "progress-card-actions" }, ...resets));
    return card;
  }

  _table(rows) {
    const cell = (n, kind) => h("td", { class: `num ${n ? kind : "none"}` }, String(n));
    return h(
      "table",
      { class: "progress-table" },
      h("caption", { class: "visually-hidden" }, t("progress.table")),
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col" }, t("analysis.level")),
          h("th", { scope: "col", class: "num" }, t("progress.rating")),
          h("th", { scope: "col", class: "num" }, t("progress.won")),
          h("th", { scope: "col", class: "num" }, t("progress.drawn")),
          h("th", { scope: "col", class: "num" }, t("progress.lost")),
        ),
      ),
      h(
        "tbody",
        {},
        ...rows.map(row =>
          h(
            "tr",
            { "data-level": row.id },
            h("th", { scope: "row" }, row.label),
            h("td", { class: "num" }, row.rating == null ? "–" : String(Math.round(row.rating))),
            cell(row.won, "won"),
            cell(row.drawn, "drawn"),
            cell(row.lost, "lost"),
          ),
        ),
      ),
    );
  }

  /** Reset asked once: the button, then "Forget …? Reset / Keep". */
  _resetButtons(game, what, disabled) {
    const id = game === "*" ? "progress-reset-all" : `progress-reset-${game}`;
    if (this.confirming !== game)
      return [
        h(
          "button",
          { type: "button", id, class: "quiet", disabled, onclick: () => this._confirm(game) },
          t(game === "*" ? "progress.resetAll" : "progress.reset"),
        ),
      ];
    return [
      h("span", { class: "progress-confirm", role: "status" }, t("progress.forget", { what })),
      h(
        "button",
        { type: "button", id: `${id}-yes`, class: "primary", onclick: () => this.reset(game) },
        t("editor.reset"),
      ),
      h(
        "button",
        { type: "button", id: `${id}-no`, class: "quiet", onclick: () => this._confirm(null) },
        t("progress.keep"),
      ),
    ];
  }

  _confirm(game) {
    this.confirming = game;
    this.draw();
    const target =
      game == null ? null : $(`${game === "*" ? "progress-reset-all" : `progress-reset-${game}`}-no`);
    target?.focus();
  }

  /** Forget the results of `game` ("*": of every game). */
  reset(game) {
    this.confirming = null;
    this.store.reset(game === "*" ? null : game);
    this.draw();
  }

  /** Start a game against `level` (the page gives way to it). */
  play(game, level) {
    const choice = playChoice(game, level, this.settingsOf(game));
    this.hide();
    // (the address leaves #progress, so the new game's link takes its place: keep.js leaves a page's own address alone)
    history.replaceState(history.state, "", location.pathname + location.search);
    this.onPlay(choice);
  }

  /** Download every result as a JSON file. */
  exportFile() {
    saveFile(
      `gamut-progress-${new Date().toISOString().slice(0, 10)}.json`,
      new Blob([this.store.exportText()], { type: "application/json" }),
    );
  }
}

/** Whether `hash` is the progress page's address ("#progress"). */
export const isProgressLink = hash => /^#progress\/?$/.test(hash || "");

/** The header menu's link to the page (one <li>). */
export function progressMenuItems() {
  const item = document.createElement("li");
  const link = document.createElement("a");
  link.href = "#progress";
  link.textContent = t("progress.title");
  item.append(link);
  return [item];
}
