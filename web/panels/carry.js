// The opponent a player chose, carried to another game (#41): the start
// panel and the New game dialog keep the choice (the computer, its level,
// your colour) when the game or its variant is changed, and never fall
// back to two players on their own.  A level the new game does not offer
// becomes the one it offers nearest by rating (the ratings of the game it
// was chosen in against the new game's); a colour the new game has no seat
// for becomes the first.  Pure functions: the panels keep the state.

import { LEVELS } from "../model/url.js";

/**
 * @typedef {{id: string, rating?: number | null}} RatedLevel
 * @typedef {{mode: string | null, level: string | null, you: number}} Choice
 */

/**
 * `level` if `offered` (a game's ladder: level ids, weakest first) lists it,
 * else the strongest offered level below it (or the weakest offered): the
 * fallback where ratings are not known.
 * @param {string} level
 * @param {string[]} offered
 */
export function offeredLevel(level, offered) {
  if (!offered.length || offered.includes(level)) return level;
  const rank = LEVELS.indexOf(level);
  const below = offered.filter(l => LEVELS.indexOf(l) < rank);
  return below.length ? below[below.length - 1] : offered[0];
}

const rated = level => !!level && Number.isFinite(level.rating);

/**
 * The level of `ladder` (the new game's levels, weakest first, with their
 * ratings) nearest to `level` as rated in `from` (the levels of the game it
 * was chosen in): `level` itself when offered; else the offered level whose
 * rating is nearest (the weaker of two as near); by rank when a rating is
 * not known.  An unknown ladder (empty) keeps `level`.
 * @param {string} level
 * @param {RatedLevel[]} from
 * @param {RatedLevel[]} ladder
 * @returns {string}
 */
export function nearestLevel(level, from, ladder) {
  const ids = ladder.map(l => l.id);
  if (!ids.length || ids.includes(level)) return level;
  const mine = from.find(l => l.id === level);
  if (!mine || !rated(mine) || !ladder.every(rated)) return offeredLevel(level, ids);
  const rating = /** @type {number} */ (mine.rating);
  let best = ladder[0];
  for (const l of ladder) {
    if (
      Math.abs(/** @type {number} */ (l.rating) - rating) <
      Math.abs(/** @type {number} */ (best.rating) - rating)
    )
      best = l;
  }
  return best.id;
}

/**
 * `choice` carried to a game of `count` seats whose levels are `ladder`
 * (`from`: the levels of the game it was made in; an empty ladder: not yet
 * known): the same mode, the nearest level, your seat if the game has it.
 * @param {Choice} choice
 * @param {number} count
 * @param {RatedLevel[]} from
 * @param {RatedLevel[]} ladder
 * @returns {Choice}
 */
export function carryChoice(choice, count, from, ladder) {
  const level = choice.level ? nearestLevel(choice.level, from, ladder) : choice.level;
  return { mode: choice.mode, level, you: choice.you >= 0 && choice.you < count ? choice.you : 0 };
}
