// The ways to the puzzle page: its address (#puzzles/<game>, or #puzzles
// for the game on screen) and the header's Puzzles menu.  Small, so the
// page's wiring (app.js, app/open-actions.js) need not load the page itself
// to know its address.

import { t } from "../i18n/i18n.js";

/** The game id of a puzzles link ("#puzzles/loa"; "#puzzles": `current`, else "loa"), or null. */
export function puzzlesLinkGame(hash, current) {
  const m = /^#puzzles(?:\/([a-z0-9-]+))?\/?$/.exec(hash || "");
  if (!m) return null;
  return m[1] || current || "loa";
}

/** The links of the header's Puzzles menu: one per game of `games` (GameInfo list). */
export function puzzlesMenuItems(games) {
  return games.map(info => {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = `#puzzles/${info.id}`;
    link.textContent = info.name;
    link.setAttribute("aria-label", t("puzzle.title", { game: info.name })); // (under the menu's "Puzzles" heading)
    item.append(link);
    return item;
  });
}
