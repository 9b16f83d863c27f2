// What the "Your games" list holds and shows, without the page: a light
// row for each library entry (the list keeps no game trees and no
// drawings: 20,000 of them would take hundreds of megabytes), the filter
// (game, result, date and a search for any words of a row: its title,
// name, players, result and date), and the window of rows drawn (the list
// draws only what is on screen, and the row that has the focus).

import { hasEnglish, language, t } from "../i18n/i18n.js";
import { seatEnglish, seatName } from "./seats.js";

/** The filter that shows everything. */
export const NO_FILTER = Object.freeze({ game: "", result: "", date: "", text: "" });

/** The result filters: value -> the catalog key of its label. */
export const RESULTS = [
  ["", "library.result.any"],
  ["finished", "library.result.finished"],
  ["playing", "library.result.playing"],
  ["damaged", "library.result.damaged"],
];

/** The date filters (on when a game was last played or imported): value -> [label's catalog key, most days ago]. */
export const DATES = [
  ["", "library.date.any", null],
  ["day", "library.date.day", 1],
  ["week", "library.date.week", 7],
  ["month", "library.date.month", 31],
  ["year", "library.date.year", 366],
  ["older", "library.date.older", null],
];

const DAY_MS = 86_400_000;

/** The ISO date (YYYY-MM-DD) of a time in ms, or "". */
export function isoDay(ms) {
  return ms ? new Date(ms).toISOString().slice(0, 10) : "";
}

/** The light row of a library entry: what the list shows and filters on.
 * `problem`: why it cannot be opened (library.problemOf), or null. */
export function rowOf(entry, problem) {
  const ok = entry && typeof entry === "object";
  const s = (ok && !problem && entry.summary) || {};
  const meta = ok && entry.game && typeof entry.game === "object" ? entry.game.meta : null;
  const row = {
    id: ok ? entry.id : undefined,
    updated: (ok && Number(entry.updated)) || 0,
    name: (ok && typeof entry.name === "string" && entry.name) || "",
    game: s.game || (meta && typeof meta.game === "string" ? meta.game : ""),
    summary: problem ? null : s,
    problem: problem || null,
    words: "",
    /** @type {string | null} its seats' names in English (englishOf) */
    english: null,
  };
  // (a seat's name as the row shows it, in the page's language: seats.js; in English: englishOf)
  const players = Array.isArray(s.players) ? s.players.map(seatName) : [];
  // (an imported record's other tags: the players' real names, the event...)
  if (ok && entry.tags && typeof entry.tags === "object")
    for (const value of Object.values(entry.tags)) if (typeof value === "string") players.push(value);
  row.words = [
    row.name,
    s.title,
    row.game,
    ...players,
    // (the words the row shows, in the page's language: a search finds what is read)
    s.result || t(problem ? "library.word.damaged" : "library.word.playing"),
    isoDay(row.updated),
  ]
    .filter(Boolean)
    .join(" ")
    .toLowerCase();
  englishOf(row);
  return row;
}

/** A row's seats' names in English, which the search finds too: made once
 * English's catalog is there (an English page's at start; another
 * language's page loads it when first searching: gameslist.js), "" before. */
export function englishOf(row) {
  if (row.english != null) return row.english;
  if (language() !== "en" && !hasEnglish()) return "";
  const players = row.summary && Array.isArray(row.summary.players) ? row.summary.players : [];
  // (an English page's own words are English's)
  row.english = language() === "en" ? "" : players.map(seatEnglish).join(" ").toLowerCase();
  return row.english;
}

/** Newest first (the order of the list). */
export function byNewest(a, b) {
  return b.updated - a.updated;
}

/** A test of rows against `filter` ({game, result, date, text}) at time
 * `now`: made once, then run on every row (a search of 20,000 rows is a
 * few milliseconds). */
export function matcher(filter, now = Date.now()) {
  const words = filter.text ? filter.text.toLowerCase().split(/\s+/).filter(Boolean) : [];
  const found = DATES.find(d => d[0] === filter.date);
  const most = filter.date && filter.date !== "older" && found ? found[2] : null;
  return row => {
    if (filter.game && !row.problem && row.game !== filter.game) return false;
    if (filter.result) {
      const finished = !!(row.summary && (row.summary.result || row.summary.end));
      const kind = row.problem ? "damaged" : finished ? "finished" : "playing";
      if (kind !== filter.result) return false;
    }
    if (filter.date) {
      const days = (now - row.updated) / DAY_MS;
      if (filter.date === "older" ? days <= 365 : most != null && days > most) return false;
    }
    for (const w of words) if (!row.words.includes(w) && !englishOf(row).includes(w)) return false;
    return true;
  };
}

/** Whether `row` passes `filter` at time `now`. */
export function matches(row, filter, now = Date.now()) {
  return matcher(filter, now)(row);
}

/** Whether a filter shows everything. */
export function isEmpty(filter) {
  return !filter.game && !filter.result && !filter.date && !filter.text.trim();
}

/** The rows drawn: [first, end) of `count` rows of `step` pixels (a row and
 * the gap after it) seen through `viewTop`..`viewBottom` (pixels from the
 * list's top), with `extra` rows either side so that a quick scroll shows no gap. */
export function windowOf({ count, step, viewTop, viewBottom, extra = 3 }) {
  if (!count) return [0, 0];
  if (!(step > 0)) return [0, Math.min(count, 40)];
  const first = Math.max(0, Math.floor(viewTop / step) - extra);
  const end = Math.min(count, Math.max(first + 1, Math.ceil(viewBottom / step) + extra));
  return [Math.min(first, count - 1), end];
}

/** The indices drawn, in order: the window and the row that has the focus
 * (a focused row is never taken away from under the keyboard). */
export function drawnIndices([first, end], focused) {
  const out = [];
  if (focused != null && focused >= 0 && focused < first) out.push(focused);
  for (let i = first; i < end; i++) out.push(i);
  if (focused != null && focused >= end) out.push(focused);
  return out;
}
