// No word a player reads is written directly in the page's code (#33): the
// modules converted to the catalogs (CONVERTED) hold no string literal that
// reads as words (tests/js/i18n-words.mjs says which do), and index.html
// gives every text and every title, aria-label, label, placeholder and alt a
// data-i18n key whose English message is the markup's own text.  Every
// script of web/ is in one of two lists: CONVERTED or EXEMPT (no words, and
// why); the words check reads every script but EXEMPT's.
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { looksLikeWords, wordsIn } from "./i18n-words.mjs";

const ROOT = new URL("../../", import.meta.url);
const read = path => readFileSync(new URL(path, ROOT), "utf8");
const english = JSON.parse(read("web/i18n/en.json"));

/** Files, or folders ending in "/", whose words all come from the catalogs. */
const CONVERTED = [
  "web/app.js",
  "web/embed/embed.js",
  "web/embed/embedlinks.js",
  "web/study/studylink.js",
  "web/study/studyshare.js",
  "web/app/actions.js",
  "web/app/dom.js",
  "web/app/draw.js",
  "web/app/end-actions.js",
  "web/app/menus.js",
  "web/app/open-actions.js",
  "web/app/page.js",
  "web/app/parts.js",
  "web/app/routes.js",
  "web/app/update.js",
  "web/app/wire.js",
  "web/board/",
  "web/editor/",
  "web/engine/computer.js",
  "web/engine/drawoffer.js",
  "web/engine/early.js",
  "web/engine/engine.js",
  "web/engine/held-lines.js",
  "web/engine/heartbeat.js",
  "web/engine/levels.js",
  "web/engine/transport.js",
  "web/engine/words.js",
  "web/model/ending.js",
  "web/model/game.js",
  "web/lessons/lessonflow.js",
  "web/lessons/lessonpage.js",
  "web/lessons/lessonview.js",
  "web/lessons/lessonwords.js",
  "web/lessons/lessonstore.js",
  "web/library/",
  "web/live/",
  "web/mistakes/links.js",
  "web/mistakes/mistakes.js",
  "web/mistakes/mistakespage.js",
  "web/mistakes/mistakestore.js",
  "web/mistakes/mistakesview.js",
  "web/model/analysis.js",
  "web/model/bytes.js",
  "web/model/clock.js",
  "web/model/gamemerge.js",
  "web/model/line.js",
  "web/model/linknotes.js",
  "web/model/nodenotes.js",
  "web/model/viewcache.js",
  "web/model/tree.js",
  "web/model/treeform.js",
  "web/model/url.js",
  "web/panels/",
  "web/progress/chart.js",
  "web/progress/progress.js",
  "web/progress/progresspage.js",
  "web/progress/progressstore.js",
  "web/puzzles/",
  "web/rules/",
  "web/settings/",
  "web/sound/",
  "web/worker.js",
  "web/share/boardimage.js",
  "web/share/sharedialog.js",
  "web/share/gifmaker.js",
  "web/share/playshare.js",
  "web/store/db.js",
  "web/store/local.js",
  "web/trainer/answers.js",
  "web/trainer/trainer.js",
  "web/trainer/trainerview.js",
];

/** Scripts that are not page words, and why. */
const EXEMPT = {
  "web/share/gif.js": "an encoder: bytes, no words",
  "web/share/gifworker.js": "the GIF's worker shows nothing",
  "web/sw.js": "the service worker shows nothing",
  "web/start.js": "starts the worker; shows nothing",
  "web/offline.js": "registers the service worker; shows nothing",
  "web/i18n/": "the catalogs' own machinery (language names are each in its own language)",
};

function scripts(dir = "web/") {
  const out = [];
  for (const name of readdirSync(new URL(dir, ROOT))) {
    const path = dir + name;
    if (statSync(new URL(path, ROOT)).isDirectory()) out.push(...scripts(`${path}/`));
    else if (name.endsWith(".js")) out.push(path);
  }
  return out.sort();
}

const within = (path, list) =>
  list.some(entry => (entry.endsWith("/") ? path.startsWith(entry) : path === entry));

test("every script of web/ is converted or exempt", () => {
  const unlisted = scripts().filter(path => !within(path, CONVERTED) && !within(path, Object.keys(EXEMPT)));
  assert.deepEqual(unlisted, [], "list each new script in i18n-lint.test.mjs");
});

test("a converted script writes no words of its own", () => {
  const offending = [];
  for (const path of scripts()) {
    if (within(path, Object.keys(EXEMPT))) continue; // (every other script, listed or not)
    for (const { line, text } of wordsIn(read(path)))
      offending.push(`${path}:${line} ${JSON.stringify(text)}`);
  }
  assert.deepEqual(offending, [], "put these words in web/i18n/*.json and write t(key)");
});

test("the scanner finds the words a regression would write, and passes what is no words", () => {
  const PLACEHOLDER = "$" + "{name}"; // (a template's placeholder, in the code scanned)
  const fixture = [
    'button.textContent = "Resign";',
    `el.title = \`Offer ${PLACEHOLDER} a draw\`;`,
    'h("button", { type: "button", class: "quiet icon-button" }, "Play it");',
    'h("span", { "aria-label": "two players on one screen" });',
    'box.setAttribute("aria-label", "Moves, in words");',
    `say(\`${PLACEHOLDER} resigned.\`);`,
    'h("button", { type: "button", "data-act": "delete" }, "Delete");',
    `meta.textContent = \`${PLACEHOLDER} move${PLACEHOLDER}\`;`,
  ].join("\n");
  assert.deepEqual(
    wordsIn(fixture).map(w => w.line),
    [1, 2, 3, 4, 5, 6, 7, 8],
  );
  const clean = [
    "// Resign the game, says the comment",
    '/* "Close" in a comment */',
    'button.textContent = t("game.resign");',
    'h("div", { class: "setting-check setting-themes", id: "sound-toggle" });',
    'if (event.key === "Escape" || event.key === "ArrowLeft") close();',
    'if (e.key !== "Delete") return;',
    'switch (e.key) { case "Home": first(); }',
    "const re = /[\"'](Words)/;",
    'console.warn("The catalog is gone");',
    'throw new Error("A bad argument");',
    'const url = "http://www.w3.org/2000/svg";',
    'node.textContent = "Gamut"; // i18n: not words (the name of the site)',
    'matchMedia("(pointer: coarse)");',
  ].join("\n");
  assert.deepEqual(wordsIn(clean), []);
  assert.equal(looksLikeWords("board-wrap quiet"), false);
  assert.equal(looksLikeWords("a.b.c"), false);
});

// -- index.html ---------------------------------------------------------------------

/** The elements of index.html, as a flat list of {tag, attrs, text, parts, inside} (a small reader of our own markup). */
function readMarkup(html) {
  const VOID = new Set(["meta", "link", "input", "br", "img", "path", "source"]);
  const RAW = new Set(["script", "style", "noscript", "title"]);
  const all = [];
  const stack = [];
  const tagRe =
    /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w-]*)((?:\s+[^\s=>]+(?:=(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*(\/?)>|([^<]+)/g;
  for (const m of html.matchAll(tagRe)) {
    if (m[0].startsWith("<!--")) continue;
    if (m[5] !== undefined) {
      const top = stack[stack.length - 1];
      if (top) {
        top.texts.push(m[5]);
        top.own.push(m[5]);
      }
      continue;
    }
    const tag = m[2].toLowerCase();
    if (m[1]) {
      const el = stack.pop();
      if (!el || el.tag !== tag) throw new Error(`index.html: </${tag}> closes ${el && el.tag}`);
      el.text = el.texts.join("").replace(/\s+/g, " ").trim();
      const parent = stack[stack.length - 1];
      if (parent)
        parent.texts.push("data-i18n-part" in el.attrs ? `{${el.attrs["data-i18n-part"]}}` : el.text);
      continue;
    }
    const attrs = {};
    for (const a of m[3].matchAll(/([^\s=>]+)(?:=(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g))
      attrs[a[1]] = a[2] ?? a[3] ?? a[4] ?? "";
    const el = {
      tag,
      attrs,
      texts: [],
      own: [],
      text: "",
      raw: stack.some(s => RAW.has(s.tag)) || RAW.has(tag),
      keyed: stack.some(s => "data-i18n" in s.attrs),
    };
    all.push(el);
    if (!VOID.has(tag) && !m[4]) stack.push(el);
  }
  return all;
}

const MARKUP = readMarkup(read("web/index.html"));

/** Texts of index.html that stay as they are, and why. */
const MARKUP_AS_IS = new Set([
  "Gamut", // the name of the site
  "?!", // the move glyphs, the same in every language
  "?",
  "??",
]);

test("every text of index.html has its data-i18n key, and English says what the markup says", () => {
  const bare = [];
  for (const el of MARKUP) {
    if (el.raw || el.tag === "svg" || el.tag === "path") continue;
    const own = el.own.join("").replace(/\s+/g, " ").trim();
    if ("data-i18n" in el.attrs) {
      const key = el.attrs["data-i18n"];
      assert.ok(key in english, `en.json lacks ${key}`);
      if (!("data-i18n-args" in el.attrs))
        assert.equal(el.text, english[key], `index.html and en.json say ${key} differently`);
    } else if (own && /[A-Za-z]/.test(own) && !el.keyed && !MARKUP_AS_IS.has(own))
      bare.push(`<${el.tag}> ${own}`);
  }
  assert.deepEqual(bare, [], "give these a data-i18n key (or wrap the words in a <span data-i18n>)");
});

test("every title, aria-label, label, placeholder and alt of index.html has its key", () => {
  const bare = [];
  for (const el of MARKUP) {
    if (el.raw) continue;
    for (const name of ["title", "aria-label", "label", "placeholder", "alt"]) {
      if (!(name in el.attrs) || !/[A-Za-z]/.test(el.attrs[name])) continue;
      const key = el.attrs[`data-i18n-${name}`];
      if (!key) bare.push(`<${el.tag} ${name}="${el.attrs[name]}">`);
      else assert.equal(el.attrs[name], english[key], `index.html and en.json say ${key} differently`);
    }
  }
  assert.deepEqual(bare, []);
});
