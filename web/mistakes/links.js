// The ways to "practise your mistakes": its address (#mistakes for every
// game's exercises, #mistakes/<game> for one game's), the header menu's
// item, and the two links that show the count: in the library's header
// and in the analysis box after an analysis.  Small, so the page's wiring
// (app.js, app/open-actions.js) need not load the page to know its address.

import { t } from "../i18n/i18n.js";

/** What a mistakes link asks for: a game id ("#mistakes/loa"), "" for
 * every game ("#mistakes"), or null (not a mistakes link). */
export function mistakesLinkGame(hash) {
  const m = /^#mistakes(?:\/([a-z0-9-]+))?\/?$/.exec(hash || "");
  if (!m) return null;
  return m[1] || "";
}

/** The header menu's item: one link to every game's exercises. */
export function mistakesMenuItems(_games) {
  const item = document.createElement("li");
  const link = document.createElement("a");
  link.href = "#mistakes";
  link.id = "menu-mistakes";
  link.textContent = t("page.mistakes");
  item.append(link);
  return [item];
}

/** The count in words: "3 mistakes to practise". */
export function countText(n) {
  return t("mistakes.count", { count: n });
}
