// Short rules pages, in our own words, following docs/RULES.md.
// Each game's page is a small HTML fragment in its own folder, one file per
// language: web/games/<game>/rules.<lang>.html (English's, rules.en.html, is
// the source), found by the game's id: the list of games is the engine's
// (page.games), not written here.  It is shown in the rules dialog and, with
// its diagrams, on the rules page (rulespage.js).  A diagram's place is an
// empty <figure data-diagram="<id>">; its position and caption are in
// web/games/<game>/diagrams.json, its words in another language in
// diagrams.<lang>.json (docs/i18n.md, "The rules pages").
//
// The build puts a language's files into one, games/rules.<lang>.json
// ({game: {html, words}}, tools/build/rules_i18n.py), fetched once when a
// rules page is first shown; English's stands in for what is missing.  A
// diagram's words are in its language's bundle only, English's too (the
// build's rules-diagrams.json holds positions and views, no words).

import { language } from "../i18n/i18n.js";
import { SOURCE } from "../i18n/languages.js";

const GAME_ID = /^[a-z0-9-]+$/;
const loaded = new Map(); // game id -> promise of its HTML fragment ("" when it has none)
/** @type {Map<string, Promise<Record<string, {html?: string, words?: any}> | null>>} */
const bundles = new Map(); // language -> a promise of its rules ({game: {html, words}}), or of null

/** The rules of every game in language `lang` (null when they cannot be had), fetched once. */
function rulesIn(lang) {
  if (!bundles.has(lang)) {
    const url = new URL(`../games/rules.${lang}.json`, import.meta.url);
    bundles.set(
      lang,
      fetch(url).then(
        r => (r.ok ? r.json() : null),
        () => null,
      ),
    );
  }
  return /** @type {Promise<Record<string, {html?: string, words?: any}> | null>} */ (bundles.get(lang));
}

/** The rules of every game in the page's language (null when missing).
 * @returns {Promise<Record<string, {html?: string, words?: any}> | null>} */
function translated() {
  return rulesIn(language());
}

/** The rules fragment of `gameId` as written in the page's language (else English's), fetched once. */
function fragment(gameId) {
  if (!GAME_ID.test(gameId)) return Promise.resolve("");
  if (!loaded.has(gameId)) {
    const html = translated().then(
      async all => all?.[gameId]?.html || (await rulesIn(SOURCE))?.[gameId]?.html || "",
    );
    loaded.set(gameId, html);
  }
  return loaded.get(gameId);
}

/** A promise of the words of `gameId`'s diagrams in language `lang` (the
 * page's by default): `{diagrams: {id: {title, caption, alt}}}`, or null
 * when missing (the players' names are the catalog's: rulespage.js). */
export function diagramWords(gameId, lang = language()) {
  if (!GAME_ID.test(gameId)) return Promise.resolve(null);
  return rulesIn(lang).then(all => all?.[gameId]?.words || null);
}

/** The language that stands in for a missing diagram's words. */
export const FALLBACK = SOURCE;

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
