// The ways to the puzzle page: its addresses (#puzzles/<game> for rated
// puzzles, #streak/<game> for Puzzle Streak; without a game, the game on
// screen) and the header's Puzzles menu.  Small, so the
// page's wiring (app.js, app/open-actions.js) need not load the page itself
// to know its address.

import { t } from "../i18n/i18n.js";

/** The reader of the page's links named `name` ("#<name>/<game>"; "#<name>":
 * the game on screen `current`, else "loa"): the game, or null. */
const gameOfLink = name => {
  const pattern = new RegExp(`^#${name}(?:/([a-z0-9-]+))?/?$`);
  return (hash, current) => {
    const m = pattern.exec(hash || "");
    return m ? m[1] || current || "loa" : null;
  };
};

/** The game id of a puzzles link ("#puzzles/loa"; "#puzzles": `current`, else "loa"), or null. */
export const puzzlesLinkGame = gameOfLink("puzzles");

/** The game of a Puzzle Streak link ("#streak/loa"; "#streak": `current`, else "loa"), or null. */
export const streakLinkGame = gameOfLink("streak");

/** What a link of the puzzle page asks for: `{game, mode}` ("rated" or
 * "streak"), or null when `hash` is no link of the page. */
export function puzzlePageLink(hash, current) {
  const rated = puzzlesLinkGame(hash, current);
  if (rated) return { game: rated, mode: "rated" };
  const streak = streakLinkGame(hash, current);
  return streak ? { game: streak, mode: "streak" } : null;
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

/** The header's link to Puzzle Streak (the game on screen's: "#streak"). */
export function streakMenuItem() {
  const item = document.createElement("li");
  const link = document.createElement("a");
  link.href = "#streak";
  link.id = "menu-streak";
  link.textContent = t("menu.streak");
  item.append(link);
  return item;
}
