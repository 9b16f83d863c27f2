// Short rules pages, in our own words, following /work/shared/RULINGS.md.
// Each page is a small HTML fragment (web/rules/<game>.js) shown in the
// rules dialog.

import { html as el } from "./rules/el.js";
import { html as escabel } from "./rules/escabel.js";
import { html as evl } from "./rules/evl.js";
import { html as loa } from "./rules/loa.js";

const PAGES = { loa, el, escabel, evl };

/** The rules page of a game as an HTML fragment ("" for an unknown game). */
export function rulesHtml(gameId) {
  return Object.hasOwn(PAGES, gameId) ? PAGES[gameId] : "";
}
