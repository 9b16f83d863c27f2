// The board and piece colour themes of each game.  A game's themes are its
// own data, in its web folder: web/games/<game>/themes.json, {game, themes:
// [theme]} (a game with none has theme.css's palette and nothing to
// choose).  The build checks every game's file (tools/build/themes.py) and
// writes them all into the page, <script id="board-themes"
// type="application/json">{game: [theme]}</script> (their names left out:
// the settings show the catalog's), which this module reads when it is first
// evaluated: the themes are there before the first board is drawn (the board
// is drawn at boot in the theme chosen, never first in the default one), with
// no request of their own.  (embed.html has each game's first theme only: it
// draws in no other.)  Under node, the tests load the games' files with
// loadThemes (tests/js/game-themes.mjs).
//
// A theme is a set of the custom properties theme.css defines for the board
// (the cells, the grid, the pieces' edges, the last-move mark), set on the
// board's <svg> with style.setProperty, so that the rules of board.css
// colour the board as before, in the theme's colours.  A theme's `colors`
// apply in both schemes, its `dark` on top of them in the dark one; the
// first theme of each game sets nothing: it is theme.css's own palette,
// light and dark.  Its `name` (in its file) is English's; the settings show
// the catalog's `theme.<id>`.
//
// Each game draws its board differently (board-geometry.js): Lines of
// Action on checkered squares (--sq-light, --sq-dark), EL on a ruled paper
// grid (--paper, --paper-line), Escabel on the points of a wooden frame
// (--wood, --grid-line), EVL on polygons (--poly, --pentagon, --poly-line).
// tests/js/themes.test.mjs checks every theme for contrast, light and dark.

/** @typedef {{id: string, name?: string, colors: Record<string, string>, dark?: Record<string, string>}} Theme */

/** Each game's themes, as loaded (loadThemes): game id -> [Theme]. @type {Record<string, Theme[]>} */
export const THEMES = {};

/** Every custom property any theme sets (cleared before another theme is set). @type {string[]} */
export const THEMED = [];

/** The surfaces a theme colours, dimmed in the dark scheme (as theme.css dims its own). */
const SURFACES = ["--sq-light", "--sq-dark", "--paper", "--wood", "--poly", "--pentagon", "--ink-halo"];
const DARK_DIMMING = 0.88;

/** `hex` (#rrggbb) with each channel times `factor`. */
export function dim(hex, factor) {
  const channel = i => Math.round(parseInt(hex.slice(i, i + 2), 16) * factor);
  return `#${[1, 3, 5].map(i => channel(i).toString(16).padStart(2, "0")).join("")}`;
}

/** `theme` with the dark scheme's surfaces, where it does not give its own. @returns {Theme} */
function withDark(theme) {
  const dimmed = Object.entries(theme.colors || {}).filter(([name]) => SURFACES.includes(name));
  return {
    ...theme,
    colors: { ...(theme.colors || {}) },
    dark: {
      ...Object.fromEntries(dimmed.map(([name, value]) => [name, dim(value, DARK_DIMMING)])),
      ...theme.dark,
    },
  };
}

/** Take the themes of `byGame` ({game: [theme]}, as the build writes them):
 * each game's replace what it had; THEMED follows. */
export function loadThemes(byGame) {
  for (const [game, list] of Object.entries(byGame || {})) {
    if (Array.isArray(list)) THEMES[game] = list.map(withDark);
  }
  const names = Object.values(THEMES).flatMap(list =>
    list.flatMap(t => [...Object.keys(t.colors), ...Object.keys(t.dark || {})]),
  );
  THEMED.splice(0, THEMED.length, ...new Set(names));
}

/** The themes the build wrote into the page (<script id="board-themes">), or none. */
function given() {
  try {
    return JSON.parse(globalThis.document?.getElementById("board-themes")?.textContent || "{}");
  } catch {
    return {}; // (theme.css's palette for every game)
  }
}

loadThemes(given());

/** The themes of `game` (a game without its own has none to choose). */
export function themesOf(game) {
  return THEMES[game] || [];
}

/** The theme `id` of `game`, or its default (the first) when there is none such. */
export function themeOf(game, id) {
  const list = themesOf(game);
  return list.find(t => t.id === id) || list[0] || null;
}

/** The custom properties a theme sets in `scheme` ("light" or "dark"). */
export function themeColors(theme, scheme) {
  if (!theme) return {};
  return scheme === "dark" ? { ...theme.colors, ...(theme.dark || {}) } : { ...theme.colors };
}

/** Colour the board `svg` with `theme` in `scheme`: set its properties, clear any other theme's. */
export function applyTheme(svg, theme, scheme) {
  const colors = themeColors(theme, scheme);
  for (const name of THEMED) {
    if (name in colors) svg.style.setProperty(name, colors[name]);
    else svg.style.removeProperty(name);
  }
  svg.dataset.theme = theme ? theme.id : "";
}
