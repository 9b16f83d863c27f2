// Short rules pages, in our own words, following docs/RULES.md.
// Each game's page is a small HTML fragment in its own folder,
// web/games/<game>/rules.js (`export const html`, English), found by the
// game's id: the list of games is the engine's (page.games), not written
// here.  It is shown in the rules dialog and, with its diagrams, on the
// rules page (rulespage.js).  A diagram's place is an empty
// <figure data-diagram="<id>">; its position and caption are in
// web/games/<game>/diagrams.json.
//
// In another language (docs/i18n.md, "The rules pages") the page is
// web/games/<game>/rules.<lang>.html, the same fragment translated, and its
// diagrams' words web/games/<game>/diagrams.<lang>.json; only the page's
// language is fetched, and English stands in for a file that is missing.

import { language } from "../i18n/i18n.js";
import { SOURCE } from "../i18n/languages.js";

const GAME_ID = /^[a-z0-9-]+$/;
const loaded = new Map(); // game id -> promise of its HTML fragment ("" when it has none)
const words = new Map(); // game id -> promise of its diagrams' words in the page's language

const english = gameId =>
  import(`../games/${gameId}/rules.js`).then(
    module => module.html || "",
    () => "",
  );

/** A file of web/games/<gameId>/ in the page's language (`rules.<lang>.html`), or null. */
function translated(gameId, name, read) {
  const lang = language();
  if (lang === SOURCE) return Promise.resolve(null);
  return fetch(new URL(`../games/${gameId}/${name.replace("*", lang)}`, import.meta.url)).then(
    r => (r.ok ? read(r) : null),
    () => null,
  );
}

/** The rules fragment of `gameId` as written in the page's language, fetched once. */
function fragment(gameId) {
  if (!GAME_ID.test(gameId)) return Promise.resolve("");
  if (!loaded.has(gameId)) {
    const html = translated(gameId, "rules.*.html", r => r.text()).then(text => text || english(gameId));
    loaded.set(gameId, html);
  }
  return loaded.get(gameId);
}

/** A promise of the words of `gameId`'s diagrams in the page's language:
 * `{players: {English name: name}, diagrams: {id: {title, caption, alt}}}`, or null
 * in English (the built rules-diagrams.json has English's) or when missing. */
export function diagramWords(gameId) {
  if (!GAME_ID.test(gameId)) return Promise.resolve(null);
  if (!words.has(gameId))
    words.set(
      gameId,
      translated(gameId, "diagrams.*.json", r => r.json()),
    );
  return words.get(gameId);
}

/** A promise of the rules page of a game as an HTML fragment ("" for a game
 * without one); with `{diagrams: true}` the places of its diagrams are kept
 * (the rules page fills them), else left out (the dialog has no diagrams). */
export async function rulesHtml(gameId, { diagrams = false } = {}) {
  const page = await fragment(gameId);
  return diagrams ? page : page.replace(/<div class="diagrams">.*?<\/div>\n?/gs, "");
}

/** The links of the rules menu: one per game of `games` (GameInfo list, the engine's order). */
export function rulesMenuItems(games) {
  return games.map(info => {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = `#rules/${info.id}`;
    link.textContent = info.name;
    item.append(link);
    return item;
  });
}
