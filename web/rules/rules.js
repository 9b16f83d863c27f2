// Short rules pages, in our own words, following docs/RULES.md.
// Each page is a small HTML fragment (web/rules/<game>.js), shown in the
// rules dialog and, with its diagrams, on the rules page (rulespage.js).
// A diagram's place is an empty <figure data-diagram="<id>">; its position
// and caption are in web/rules/diagrams/<game>.json.

import { html as el } from "../games/el/rules.js";
import { html as escabel } from "../games/escabel/rules.js";
import { html as evl } from "../games/evl/rules.js";
import { html as loa } from "../games/loa/rules.js";

const PAGES = { loa, el, escabel, evl };

/** The games that have a rules page, in the order of their links. */
export const RULES_GAMES = ["loa", "el", "escabel", "evl"];

/** The rules page of a game as an HTML fragment ("" for an unknown game);
 * with `{diagrams: true}` the places of its diagrams are kept (the rules
 * page fills them), else left out (the dialog has no diagrams). */
export function rulesHtml(gameId, info, { diagrams = false } = {}) {
  if (!Object.hasOwn(PAGES, gameId)) return "";
  const page = PAGES[gameId];
  return diagrams ? page : page.replace(/<div class="diagrams">.*?<\/div>\n?/gs, "");
}
