// The pages drawn over the game, each named by the links that open it: one
// table from a link's pattern to the part that shows it.  openFromURL
// (open-actions.js) asks routeOf() which page the address names, closes every
// other and opens that one; an address no page claims is a game's link (or
// nothing).  A page over the game leaves the game under it as it is.
//
// A new page over the game is one more row here: its link's reader (kept
// beside the page, as each of these is), how it opens and how it closes.

import { hideRulesPage, rulesLinkGame, showRulesPage } from "../rules/rulespage.js";
import { puzzlePageLink } from "../puzzles/links.js";
import { learnLinkGame } from "../lessons/lessonflow.js";
import { isProgressLink } from "../progress/progresspage.js";
import { mistakesLinkGame } from "../mistakes/links.js";
import { readEditLink } from "../editor/setupedit.js";
import { liveLinkKind } from "../live/invite.js";

/**
 * A page over the game.
 * @typedef {object} Route
 * @property {string} name  what the page is (for tools and tests)
 * @property {(hash: string, game: string) => any} match  the page's argument for the address
 *   `hash` (`game`: the game on screen, or the one a start plans), or null when it is not this page's link
 * @property {(arg: any) => any} open  show the page for `arg`
 * @property {() => void} close  hide the page (nothing when it is hidden)
 * @property {boolean} [afterGame]  at a start, opened only once the game under it is open (it starts from the game's position)
 */

/** The pages over the game of `page` (app/page.js), in the order a link is tried. */
export function overPages(page, actions) {
  return /** @type {Route[]} */ ([
    {
      name: "rules",
      match: hash => {
        const id = rulesLinkGame(hash);
        return id && page.info(id) ? id : null; // (an unknown game's rules: said by openFromURL)
      },
      open: id => showRulesPage(id, page.info(id), page.games),
      close: () => {
        hideRulesPage();
        if (page.model) page.buildPicker(page.model.meta.game); // (the game's tab again, not the rules page's)
      },
    },
    {
      name: "puzzles",
      match: puzzlePageLink, // (rated puzzles and Puzzle Streak: one page)
      open: ({ game, mode }) => page.puzzles.open(game, mode),
      close: () => page.puzzles.hide(),
    },
    {
      name: "lessons",
      match: learnLinkGame,
      open: game => page.lessons.open(game),
      close: () => page.lessons.hide(),
    },
    {
      name: "progress",
      match: hash => (isProgressLink(hash) ? true : null),
      open: () => page.progress.open(),
      close: () => page.progress.hide(),
    },
    {
      name: "mistakes",
      match: mistakesLinkGame, // ("" for every game's exercises)
      open: game => page.mistakes.open(game),
      close: () => page.mistakes.hide(),
    },
    {
      name: "editor",
      match: readEditLink,
      open: editing => actions.openEditor(editing),
      close: () => page.editor.hide(),
      afterGame: true,
    },
    {
      // (#46: an invitation, an answer, a new offer; the live game goes on under any other page)
      name: "live",
      match: hash => (liveLinkKind(hash) ? hash : null),
      open: hash => page.live.openLink(hash),
      close: () => {},
      afterGame: true,
    },
  ]);
}

/** The page over the game that the address `hash` names, with its argument, or null.
 * @param {Route[]} routes
 * @returns {{route: Route, arg: any} | null} */
export function routeOf(routes, hash, game) {
  for (const route of routes) {
    const arg = route.match(hash, game);
    if (arg !== null && arg !== undefined) return { route, arg };
  }
  return null;
}

/** Close every page over the game but `found`'s route. */
export function closeOthers(routes, found) {
  for (const route of routes) if (route !== found?.route) route.close();
}
