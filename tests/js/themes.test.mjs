// Tests of web/settings/themes.js: its loader (each game's own themes, from
// web/games/<game>/themes.json here, from the build's script on a page),
// and every board theme of every game, light and dark, passes the contrast checks (WCAG 2.2 ratios, computed here from
// the themes' data laid over theme.css's own palette):
//  - pieces (their fill or their edge, whichever stands out) >= 3:1 against
//    every cell colour they may stand on (non-text graphics);
//  - text drawn on the board (EL's numbers and threat notes, EVL's cell
//    names, stack counts on the pieces, the coordinates beside the board)
//    >= 4.5:1 against what it is written on;
//  - the last-move mark and the highlights >= 1.5:1 against the bare cell,
//    or drawn with an outline that is.
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  THEMES,
  THEMED,
  dim,
  themeColors,
  themeOf,
  themesOf,
  applyTheme,
  loadThemes,
} from "../../web/settings/themes.js";
import "./game-themes.mjs"; // (each game's own file, loaded)

const css = readFileSync(new URL("../../web/theme.css", import.meta.url), "utf8").replace(
  /\/\*[\s\S]*?\*\//g,
  "",
);
const props = text =>
  Object.fromEntries([...text.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map(m => [m[1], m[2].trim()]));
const lightAt = css.indexOf(":root {");
const darkAt = css.indexOf("@media (prefers-color-scheme: dark)");
const PALETTE = {
  light: props(css.slice(lightAt, css.indexOf("}", lightAt))),
  dark: props(css.slice(darkAt, css.indexOf("}", darkAt))),
};

/** The custom properties in force on a board of `theme` in `scheme`. */
function tokens(theme, scheme) {
  const base = scheme === "dark" ? { ...PALETTE.light, ...PALETTE.dark } : { ...PALETTE.light };
  return { ...base, ...themeColors(theme, scheme) };
}

function rgba(text) {
  const t = text.trim();
  let m = /^#([0-9a-f]{6})$/i.exec(t);
  if (m) return [0, 2, 4].map(i => parseInt(m[1].slice(i, i + 2), 16)).concat(1);
  m = /^#([0-9a-f]{3})$/i.exec(t);
  if (m) return [...m[1]].map(c => parseInt(c + c, 16)).concat(1);
  m = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)$/.exec(t);
  assert.ok(m, `not a colour: ${text}`);
  return [+m[1], +m[2], +m[3], m[4] === undefined ? 1 : +m[4]];
}

/** The colour seen where `top` is laid over the opaque `under`. */
function over(under, top) {
  const [r, g, b] = rgba(under);
  const [tr, tg, tb, a] = rgba(top);
  return `rgb(${r + (tr - r) * a}, ${g + (tg - g) * a}, ${b + (tb - b) * a})`;
}

function luminance(colour) {
  const [r, g, b] = rgba(colour).map(v => v / 255);
  const lin = c => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

function contrast(a, b) {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

test("contrast(): WCAG's figures", () => {
  assert.equal(contrast("#000000", "#ffffff").toFixed(0), "21");
  assert.equal(contrast("#777777", "#ffffff").toFixed(2), "4.48");
  assert.equal(over("#ffffff", "rgba(0, 0, 0, .5)"), "rgb(127.5, 127.5, 127.5)");
});

/** What each game draws: its cell colours, its pieces, the text on it, its marks. */
const GAMES = {
  loa: { cells: ["--sq-light", "--sq-dark"], pieces: ["black", "white"], marks: ["--hl-last"] },
  el: {
    cells: ["--paper"],
    pieces: [],
    text: ["--ink-red", "--ink-blue", "--ink-none"],
    marks: ["--hl-last", "--hl-threat", "--hl-win"],
  },
  escabel: {
    cells: ["--wood"],
    pieces: ["black", "white"],
    stacks: true,
    marks: ["--hl-last-points", "--hl-threat", "--hl-win"],
  },
  evl: {
    cells: ["--poly", "--pentagon"],
    pieces: ["black", "white"],
    text: ["--cell-name"],
    marks: ["--hl-last", "--hl-capture"],
  },
};
/** A mark's outline, where style.css or settings.css draws one. */
const OUTLINE = {
  "--hl-last": "--hl-last-line",
  "--hl-capture": "--hl-capture-line",
  "--hl-threat": "--hl-threat-line",
  "--hl-win": "--hl-win-line",
};
OUTLINE["--hl-last-points"] = "--hl-last-line";

test("every game has three or more themes, the first its default, ids unique", () => {
  for (const [game, list] of Object.entries(THEMES)) {
    assert.ok(list.length >= 3, game);
    assert.deepEqual(list[0].colors, {}, `${game}: the default is theme.css's palette`);
    assert.equal(new Set(list.map(t => t.id)).size, list.length, game);
    for (const t of list) {
      assert.ok(t.name, `${game}/${t.id} has a name`);
      for (const name of Object.keys({ ...t.colors, ...(t.dark || {}) })) {
        assert.ok(name in PALETTE.light, `${game}/${t.id}: ${name} is not a property of theme.css`);
      }
    }
  }
  assert.deepEqual(Object.keys(THEMES).sort(), Object.keys(GAMES).sort());
});

for (const [game, what] of Object.entries(GAMES)) {
  for (const theme of themesOf(game)) {
    for (const scheme of ["light", "dark"]) {
      test(`${game} / ${theme.id} / ${scheme}: pieces, text and marks stand out`, () => {
        const t = tokens(theme, scheme);
        const where = `${game}/${theme.id}/${scheme}`;
        for (const cellName of what.cells) {
          const cell = t[cellName];
          for (const colour of what.pieces) {
            const seen = Math.max(
              contrast(t[`--c-${colour}`], cell),
              contrast(t[`--c-${colour}-edge`], cell),
            );
            assert.ok(seen >= 3, `${where}: the ${colour} piece on ${cellName} is ${seen.toFixed(2)}:1`);
          }
          for (const ink of what.text || []) {
            const seen = contrast(t[ink], cell);
            assert.ok(seen >= 4.5, `${where}: ${ink} text on ${cellName} is ${seen.toFixed(2)}:1`);
          }
          for (const mark of what.marks) {
            const fill = contrast(over(cell, t[mark]), cell);
            const outline = OUTLINE[mark] ? contrast(over(cell, t[OUTLINE[mark]]), cell) : 0;
            assert.ok(
              fill >= 1.5 || outline >= 1.5,
              `${where}: ${mark} on ${cellName}: fill ${fill.toFixed(2)}:1, outline ${outline.toFixed(2)}:1`,
            );
          }
        }
        if (what.stacks) {
          // a stack's count is written on its top piece
          assert.ok(contrast(t["--on-dark-piece"], t["--c-black"]) >= 4.5, `${where}: count on black`);
          assert.ok(contrast(t["--on-light-piece"], t["--c-white"]) >= 4.5, `${where}: count on white`);
        }
        // the coordinates are written beside the board, on the page
        const coords = contrast(t["--coord"], t["--bg"]);
        assert.ok(coords >= 4.5, `${where}: coordinates are ${coords.toFixed(2)}:1`);
      });
    }
  }
}

test("themeOf(): an unknown theme or game falls back to the default", () => {
  assert.equal(themeOf("loa", "ocean").id, "ocean");
  assert.equal(themeOf("loa", "no-such").id, "wood");
  assert.equal(themeOf("loa", null).id, "wood");
  assert.equal(themeOf("chess", "ocean"), null);
});

test("themeColors(): the dark overrides apply in the dark scheme only", () => {
  const theme = { id: "x", name: "X", colors: { "--paper": "#ffffff" }, dark: { "--paper": "#000000" } };
  assert.equal(themeColors(theme, "light")["--paper"], "#ffffff");
  assert.equal(themeColors(theme, "dark")["--paper"], "#000000");
});

test("dim(): the dark scheme's surfaces are the light ones a little darker", () => {
  assert.equal(dim("#ffffff", 0.5), "#808080");
  assert.equal(dim("#0a0b0c", 1), "#0a0b0c");
  const ocean = themeOf("loa", "ocean");
  assert.equal(themeColors(ocean, "dark")["--sq-light"], dim("#dee3e6", 0.88));
  assert.equal(
    themeColors(ocean, "dark")["--hl-last-line"],
    ocean.colors["--hl-last-line"],
    "marks keep theirs",
  );
});

test("applyTheme(): sets the theme's properties and clears another theme's", () => {
  const set = new Map();
  const svg = {
    dataset: {},
    style: { setProperty: (k, v) => set.set(k, v), removeProperty: k => set.delete(k) },
  };
  applyTheme(svg, themeOf("loa", "contrast"), "light");
  assert.equal(set.get("--c-white-edge"), "#000000");
  assert.equal(svg.dataset.theme, "contrast");
  applyTheme(svg, themeOf("loa", "ocean"), "light");
  assert.equal(set.get("--sq-light"), "#dee3e6");
  assert.ok(!set.has("--c-white-edge"), "the previous theme's piece edge is cleared");
  applyTheme(svg, themeOf("loa", "wood"), "dark");
  assert.equal(set.size, 0);
  assert.ok(THEMED.includes("--sq-dark"));
});

test("loadThemes(): a game brings its own themes, dark surfaces dimmed, its properties cleared by others", () => {
  const chalk = { id: "chalk", name: "Chalk", colors: { "--sq-light": "#f0ead6", "--coord": "#333333" } };
  assert.ok(!THEMED.includes("--coord"), "no shipped theme sets it");
  loadThemes({ toy: [{ id: "wood", name: "Wood", colors: {} }, chalk] });
  try {
    assert.deepEqual(
      themesOf("toy").map(t => t.id),
      ["wood", "chalk"],
    );
    assert.equal(themeOf("toy", null).id, "wood");
    assert.equal(themeColors(themeOf("toy", "chalk"), "dark")["--sq-light"], dim("#f0ead6", 0.88));
    assert.equal(themeColors(themeOf("toy", "chalk"), "dark")["--coord"], "#333333", "not a surface");
    assert.ok(THEMED.includes("--coord") && THEMED.includes("--sq-dark"));
    assert.equal(themesOf("loa").length, 4, "the other games keep theirs");
  } finally {
    delete THEMES.toy;
    loadThemes({});
  }
  assert.ok(!THEMED.includes("--coord"));
  assert.deepEqual(themesOf("toy"), []);
});

test("on a page, the themes are the build's <script id=board-themes>; none or broken: theme.css's palette", async () => {
  const had = Object.getOwnPropertyDescriptor(globalThis, "document");
  const page = text => ({
    getElementById: id => (id === "board-themes" && text !== null ? { textContent: text } : null),
  });
  const loaded = async (text, tag) => {
    Object.defineProperty(globalThis, "document", { value: page(text), configurable: true, writable: true });
    try {
      return await import(`../../web/settings/themes.js?${tag}`);
    } finally {
      if (had) Object.defineProperty(globalThis, "document", had);
      else delete globalThis.document;
    }
  };
  const built = await loaded(JSON.stringify({ toy: [{ id: "wood", name: "Wood", colors: {} }] }), "built");
  assert.deepEqual(Object.keys(built.THEMES), ["toy"], "the page's, not web/games/'s");
  assert.equal(built.themeOf("toy", "no-such").id, "wood");
  for (const [text, tag] of [
    [null, "none"],
    ["{not json", "broken"],
  ]) {
    const m = await loaded(text, tag);
    assert.deepEqual(m.THEMES, {}, tag);
    assert.equal(m.themeOf("loa", "ocean"), null, tag);
  }
});
