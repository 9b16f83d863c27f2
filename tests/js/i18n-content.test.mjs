// The rules pages, their diagrams' words and the manifest in every language
// (#33, docs/i18n.md "The rules pages"): each game's rules page in each
// language has the same sections and the same diagrams, in the same order,
// as English's (web/games/<game>/rules.en.html), and writes the same notation;
// its diagrams' words (diagrams.<lang>.json) cover every diagram of
// diagrams.json; the rules page draws a diagram with them.
import test from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { LANGUAGES, SOURCE } from "../../web/i18n/languages.js";
import { t, useCatalog } from "../../web/i18n/i18n.js";
import { inLanguage } from "../../web/rules/rulespage.js";
import { manifestFile } from "../../web/i18n/manifest-link.js";

const GAMES = new URL("../../web/games/", import.meta.url);
const read = (game, name) => readFileSync(new URL(`${game}/${name}`, GAMES), "utf8");
const games = readdirSync(GAMES).sort();
const others = LANGUAGES.map(l => l.code).filter(code => code !== SOURCE);
const catalog = code =>
  JSON.parse(readFileSync(new URL(`../../web/i18n/${code}.json`, import.meta.url), "utf8"));

/** A page's outline: its headings' levels and its diagrams' ids, in order. */
const outline = html =>
  [...html.matchAll(/<(h[1-6])\b|data-diagram="([^"]+)"/g)].map(m => m[1] || `diagram ${m[2]}`);
/** The notation a text writes: its <code> elements, sorted. */
const notation = html => [...html.matchAll(/<code>(.*?)<\/code>/gs)].map(m => m[1]).sort();
/** The tags a text uses, counted (a translation keeps the markup). */
const tags = html => {
  const counts = {};
  for (const m of html.matchAll(/<(\/?[a-z0-9]+)/g)) counts[m[1]] = (counts[m[1]] || 0) + 1;
  return counts;
};

test("there are the four games, each with its English rules page and diagrams", () => {
  assert.deepEqual(games, ["el", "escabel", "evl", "loa"]);
});

for (const game of games) {
  const english = read(game, "rules.en.html");
  const diagrams = JSON.parse(read(game, "diagrams.json")).diagrams;
  for (const code of others) {
    test(`${game} in ${code}: the rules page has English's sections, diagrams, markup and notation`, () => {
      assert.ok(
        existsSync(new URL(`${game}/rules.${code}.html`, GAMES)),
        `web/games/${game}/rules.${code}.html`,
      );
      const page = read(game, `rules.${code}.html`);
      assert.ok(english && outline(english).length > 3);
      assert.deepEqual(outline(page), outline(english));
      assert.deepEqual(notation(page), notation(english));
      assert.deepEqual(tags(page), tags(english));
      assert.ok(!page.includes("`") && !page.includes("${"), "a page is HTML, not a template");
      const title = /<h3>(.*?)<\/h3>/.exec(page);
      assert.equal(title && title[1], /<h3>(.*?)<\/h3>/.exec(english)[1], "the game's name stays");
    });

    test(`${game} in ${code}: every diagram has its title, caption and text alternative`, () => {
      const words = JSON.parse(read(game, `diagrams.${code}.json`));
      assert.deepEqual(Object.keys(words.diagrams).sort(), diagrams.map(d => d.id).sort());
      for (const d of diagrams) {
        const own = words.diagrams[d.id];
        for (const field of ["title", "caption", "alt"]) {
          assert.equal(typeof own[field], "string", `${d.id} ${field}`);
          assert.ok(own[field].trim(), `${d.id} ${field}`);
          assert.notEqual(own[field], d[field], `${d.id} ${field} is English's`);
        }
        assert.deepEqual(notation(own.caption), notation(d.caption), `${d.id}: the notation stays`);
        assert.deepEqual(tags(own.caption), tags(d.caption), `${d.id}: the caption's markup`);
      }
      // (no seat names of its own: a diagram's players are named by the catalog's seat messages, #43)
      assert.deepEqual(Object.keys(words), ["diagrams"]);
    });
  }
}

test("a diagram in another language takes its words, and its text alternative is made from its view", () => {
  const d = {
    id: "x-stack",
    title: "English title",
    caption: "English caption",
    alt: "English alt.",
    view: {
      players: [
        { color: "black", said: { id: "seat.black", args: {} } },
        { color: "white", said: { id: "seat.white", args: {} } },
      ],
      pieces: [
        { cell: "b2", owner: 0 },
        { cell: "c3", owner: 1, stack: [0, 1] },
        { cell: "d4", owner: 1, label: "5" },
      ],
      markers: [{ cell: "bc2", owner: 0 }],
    },
  };
  assert.deepEqual(inLanguage(d, null), d);
  assert.deepEqual(inLanguage(d, { diagrams: {} }), d);
  // (the build's diagrams have no words: with none to be had, a diagram is named by its id)
  const bare = { id: d.id, view: d.view };
  assert.deepEqual(inLanguage(bare, null), { ...bare, title: "", caption: "", alt: d.id });
  useCatalog("de", catalog("de"), catalog("en"));
  try {
    const words = {
      diagrams: { "x-stack": { title: "Titel", caption: "Text <code>b2</code>", alt: "Ein Stapel" } },
    };
    const own = inLanguage(d, words);
    assert.equal(own.title, "Titel");
    assert.equal(own.caption, "Text <code>b2</code>");
    assert.equal(
      own.alt,
      "Ein Stapel. Schwarz: b2. Weiß: c3 (Stapel aus 2: Schwarz, Weiß, von unten), d4 5. Marker von Schwarz: bc2.",
    );
    assert.equal(own.view, d.view);
    const empty = inLanguage({ ...d, view: { ...d.view, pieces: [], markers: [] } }, words);
    assert.equal(empty.alt, `Ein Stapel. ${t("diagram.empty")}.`);
    assert.equal(t("diagram.empty"), "Das Brett ist leer");
  } finally {
    useCatalog(SOURCE, catalog("en"));
  }
});

test("each language but English has its own manifest file", () => {
  assert.equal(manifestFile("en"), "manifest.webmanifest");
  assert.equal(manifestFile("de"), "manifest.de.webmanifest");
  for (const code of others) {
    const messages = catalog(code);
    for (const key of ["manifest.name", "manifest.description", "manifest.gameList"])
      assert.ok(messages[key] && messages[key] !== "", `${code} ${key}`);
    assert.notEqual(messages["manifest.description"], catalog("en")["manifest.description"], code);
  }
});

test("the lessons' titles, teaching sentences, tasks and whys come from the catalog of the page's language", async () => {
  const { lessonsInLanguage, whyOf, lessonKey } = await import("../../web/lessons/lessonwords.js");
  // (the engine's answer: ids, no words since #43)
  const lessons = [{ id: "moving", steps: [{ id: "column", start: "loa standard - start", player: 0 }] }];
  assert.equal(lessonKey("loa", "moving", "column", "task"), "lesson.loa.moving.column.task");
  const [english] = lessonsInLanguage("loa", lessons);
  assert.equal(english.title, catalog("en")["lesson.loa.moving.title"]);
  assert.equal(english.steps[0].task, "Move the piece on d4 up its column.");
  assert.equal(english.steps[0].teach, catalog("en")["lesson.loa.moving.column.teach"]);
  assert.equal(english.steps[0].start, "loa standard - start"); // (the rest as the engine sent it)
  // an English text sent beside the ids (before #43) is not what the page says
  const [old] = lessonsInLanguage("loa", [{ ...lessons[0], title: "Old English" }]);
  assert.equal(old.title, catalog("en")["lesson.loa.moving.title"]);
  useCatalog("de", catalog("de"), catalog("en"));
  try {
    const [german] = lessonsInLanguage("loa", lessons);
    assert.equal(german.title, catalog("de")["lesson.loa.moving.title"]);
    assert.equal(german.steps[0].task, "Ziehe den Stein auf d4 die d-Linie hinauf.");
    assert.equal(german.steps[0].teach, catalog("de")["lesson.loa.moving.column.teach"]);
    const why = whyOf({
      why_messages: [
        { id: "lesson.why.notFrom", args: { move: "c3-c5", from: "d4" } },
        { id: "lesson.loa.moving.column.miss", args: {} },
      ],
    });
    assert.equal(why, "c3-c5 beginnt nicht auf d4. Zieh von d4 die d-Linie hinauf.");
    // the game ended: the rules' result is a message inside the why's, said in the language too
    const white = { id: "seat.white", args: {} };
    const ended = { id: "result.loa.connected", args: { winner: white } };
    const over = whyOf({ why_messages: [{ id: "lesson.why.outcome", args: { reason: ended } }] });
    assert.equal(over, "Weiß gewinnt: alle Steine sind verbunden.");
    // (#43: the engine sends no English why beside its messages; one, had it come, is not said)
    assert.equal(whyOf({ why: "As said" }), "");
    assert.equal(whyOf({ why: "As said", why_messages: [] }), "");
  } finally {
    useCatalog(SOURCE, catalog("en"));
  }
});

test("a puzzle's theme is named in the page's language, an unknown one by its id (the engine sends no English name, #43)", async () => {
  const { themeName } = await import("../../web/puzzles/puzzleview.js");
  assert.equal(themeName("double-threat"), "Double threat");
  useCatalog("hu", catalog("hu"), catalog("en"));
  try {
    assert.equal(themeName("double-threat"), "Kettős fenyegetés");
    assert.equal(themeName("new-one"), "new one");
  } finally {
    useCatalog(SOURCE, catalog("en"));
  }
});
