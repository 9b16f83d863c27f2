// The board and piece colour themes of each game, as data: a theme is a set
// of the custom properties theme.css defines for the board (the cells, the
// grid, the pieces' edges, the last-move mark), set on the board's <svg>
// with style.setProperty, so that the rules of style.css colour the board
// as before, in the theme's colours.  A theme's `colors` apply in both
// schemes, its `dark` on top of them in the dark one; the first theme of
// each game sets nothing: it is theme.css's own palette, light and dark.
//
// Each game draws its board differently (board-geometry.js): Lines of
// Action on checkered squares (--sq-light, --sq-dark), EL on a ruled paper
// grid (--paper, --paper-line), Escabel on the points of a wooden frame
// (--wood, --grid-line), EVL on polygons (--poly, --pentagon, --poly-line).
// tests/js/themes.test.mjs checks every theme for contrast, light and dark.

/** @typedef {{id: string, name: string, colors: Record<string, string>, dark?: Record<string, string>}} Theme */

/** @type {Record<string, Theme[]>} */
export const THEMES = {
  loa: [
    { id: "wood", name: "Wood", colors: {} },
    {
      id: "ocean",
      name: "Ocean",
      colors: { "--sq-light": "#dee3e6", "--sq-dark": "#8ca2ad", "--hl-last-line": "#3c6e00" },
    },
    {
      id: "green",
      name: "Green",
      colors: { "--sq-light": "#eeeed2", "--sq-dark": "#769656", "--hl-last-line": "#2f4f00" },
    },
    {
      id: "contrast",
      name: "High contrast",
      colors: {
        "--sq-light": "#f2f2f2",
        "--sq-dark": "#a3a3a3",
        "--c-white-edge": "#000000",
        "--hl-last": "rgba(0, 120, 255, .35)",
        "--hl-last-line": "#0047a3",
      },
    },
  ],
  el: [
    { id: "paper", name: "Paper", colors: {} },
    {
      id: "slate",
      name: "Slate",
      colors: { "--paper": "#e4eaef", "--paper-line": "#7f93a5", "--ink-halo": "#f4f7fa" },
    },
    {
      id: "mint",
      name: "Mint",
      colors: { "--paper": "#e6f0e0", "--paper-line": "#86a47c", "--ink-halo": "#f5faf2" },
    },
    {
      id: "contrast",
      name: "High contrast",
      colors: {
        "--paper": "#ffffff",
        "--paper-line": "#4d4d4d",
        "--ink-halo": "#ffffff",
        "--ink-red": "#8a1510",
        "--ink-blue": "#123f8a",
        "--hl-last-line": "#2f4f00",
      },
    },
  ],
  escabel: [
    { id: "wood", name: "Wood", colors: {} },
    {
      id: "ocean",
      name: "Ocean",
      colors: { "--wood": "#a9c4d6", "--grid-line": "#2b4558", "--hl-last-line": "#2f4f00" },
    },
    {
      id: "green",
      name: "Green",
      colors: { "--wood": "#b7cc98", "--grid-line": "#33471f", "--hl-last-line": "#2f4f00" },
    },
    {
      id: "contrast",
      name: "High contrast",
      colors: {
        "--wood": "#d0d0d0",
        "--grid-line": "#1a1a1a",
        "--c-white-edge": "#000000",
        "--ring-edge": "#5a5a5a",
        "--hl-last-line": "#0047a3",
      },
    },
  ],
  evl: [
    { id: "stone", name: "Stone", colors: {} },
    {
      id: "ocean",
      name: "Ocean",
      colors: {
        "--poly": "#d7e3ec",
        "--pentagon": "#a9c0d3",
        "--poly-line": "#5a7185",
        "--cell-name": "#22313d",
        "--hl-last-line": "#2f4f00",
      },
    },
    {
      id: "green",
      name: "Green",
      colors: {
        "--poly": "#dfe9d2",
        "--pentagon": "#b3c899",
        "--poly-line": "#5b7146",
        "--cell-name": "#27361a",
        "--hl-last-line": "#2f4f00",
      },
    },
    {
      id: "contrast",
      name: "High contrast",
      colors: {
        "--poly": "#f2f2f2",
        "--pentagon": "#bdbdbd",
        "--poly-line": "#262626",
        "--cell-name": "#1a1a1a",
        "--c-white-edge": "#000000",
        "--hl-last-line": "#0047a3",
      },
    },
  ],
};

/** The surfaces a theme colours, dimmed in the dark scheme (as theme.css dims its own). */
const SURFACES = ["--sq-light", "--sq-dark", "--paper", "--wood", "--poly", "--pentagon", "--ink-halo"];
const DARK_DIMMING = 0.88;

/** `hex` (#rrggbb) with each channel times `factor`. */
export function dim(hex, factor) {
  const channel = i => Math.round(parseInt(hex.slice(i, i + 2), 16) * factor);
  return `#${[1, 3, 5].map(i => channel(i).toString(16).padStart(2, "0")).join("")}`;
}

// the dark scheme's surfaces, where a theme does not give its own
for (const theme of Object.values(THEMES).flat()) {
  const dimmed = Object.entries(theme.colors).filter(([name]) => SURFACES.includes(name));
  theme.dark = {
    ...Object.fromEntries(dimmed.map(([name, value]) => [name, dim(value, DARK_DIMMING)])),
    ...theme.dark,
  };
}

/** Every custom property any theme sets (cleared before another theme is set). */
export const THEMED = [
  ...new Set(
    Object.values(THEMES).flatMap(list =>
      list.flatMap(t => [...Object.keys(t.colors), ...Object.keys(t.dark || {})]),
    ),
  ),
];

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
