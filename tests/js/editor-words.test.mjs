// The position editor's words, a game's title and the page's description
// in the page's language (#33): the palette's labels, the side sentence
// and the editor's errors are the engine's messages (gamut/setup.py, the
// games' editor.py); the title is the game's name and, where the engine
// names it, the variant's from the catalog (web/board/title.js); the
// description is the catalog's, with the games' names (web/i18n/i18n.js).
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { gameTitle, viewTitle } from "../../web/board/title.js";
import { itemWords, stackWords } from "../../web/editor/setupedit.js";
import { formatMessage } from "../../web/engine/words.js";
import { describePage, pageDescription } from "../../web/i18n/i18n.js";
import { GameModel } from "../../web/model/game.js";
import { summaryOf } from "../../web/library/keep.js";
import { english, speaking } from "./catalogs.mjs";

const said = (id, args = {}) => ({ id, args });
// a palette as the engine writes it: each item's name a message, no English beside (#43)
const EVL = {
  items: [
    { id: "b", said: said("setup.piece", { colour: "black" }), owner: 0 },
    { id: "w", said: said("setup.piece", { colour: "white" }), owner: 1 },
    { id: "mb", said: said("setup.marker", { colour: "black" }), owner: 0 },
  ],
  counts: [{ id: "hand-0", owner: 0, said: said("setup.evl.inHand"), total: 20 }],
};

test("a palette's items in the page's language, and in English the engine's English", () => {
  assert.deepEqual([...EVL.items, ...EVL.counts].map(itemWords), [
    "Black piece",
    "White piece",
    "Black marker",
    "in hand",
  ]);
  assert.equal(stackWords(EVL, ["b", "w", "b"]), "Black piece, White piece, Black piece");
  speaking("de", () => {
    assert.equal(stackWords(EVL, ["b", "w"]), "Schwarzer Stein, Weißer Stein");
    assert.equal(itemWords(EVL.items[2]), "Schwarzer Marker");
    assert.equal(itemWords(EVL.counts[0]), "in der Hand");
  });
  speaking("hu", () => assert.equal(itemWords(EVL.items[1]), "Fehér korong"));
  // (an English label, had an item one, is never said: an item without a message is its id)
  assert.equal(stackWords({ items: [{ id: "b", label: "Black piece" }] }, ["b", "x"]), "b, x");
});

test("the side sentence and an editor's error in the page's language", () => {
  const side = said("setup.el.side", { first: said("seat.red") });
  assert.equal(
    formatMessage(side),
    "It follows from the numbers: Red writes first, then each seat in turn, one number a turn.",
  );
  speaking("fr", () => assert.match(formatMessage(side), /^Cela découle des nombres : Rouge écrit/));
  const turns = said("error.setup.el.turns", {
    first: said("seat.red"),
    k: 2,
    expected: said("list.and", {
      items: [
        said("setup.el.seatCount", { who: said("seat.red"), n: 1 }),
        said("setup.el.seatCount", { who: said("seat.blue"), n: 1 }),
      ],
    }),
    counts: said("list.and", {
      items: [
        said("setup.el.seatCount", { who: said("seat.red"), n: 2 }),
        said("setup.el.seatCount", { who: said("seat.blue"), n: 0 }),
      ],
    }),
  });
  assert.equal(
    formatMessage(turns),
    "the numbers do not fit turns in seat order (Red first, one number a turn): with 2 on the board they are Red 1 and Blue 1, not Red 2 and Blue 0",
  );
  speaking("de", () => assert.match(formatMessage(turns), /Rot 1 und Blau 1, nicht Rot 2 und Blau 0$/));
  speaking("es", () =>
    assert.equal(
      formatMessage(
        said("error.setup.notOn", { item: said("setup.marker", { colour: "white" }), cell: "b3" }),
      ),
      "Marcador blanco: no puede ir en b3",
    ),
  );
});

test("a title: the view's message, the game's name as it is, a variant the engine names in the page's language", () => {
  const variant = said("variant.el.eight");
  const el = { game: "el", variant: "eight", title: said("view.titleVariant", { game: "EL", variant }) };
  const loa = {
    game: "loa",
    variant: "scrambled-eggs",
    title: said("view.title", { game: "Lines of Action" }),
  };
  assert.equal(viewTitle(el), "EL (Eight)");
  assert.equal(viewTitle(loa), "Lines of Action");
  speaking("de", () => {
    assert.equal(viewTitle(el), "EL (Acht)");
    assert.equal(viewTitle(loa), "Lines of Action");
    assert.equal(gameTitle("loa", "Lines of Action", "scrambled-eggs"), "Lines of Action (Rührei)");
  });
  speaking("hu", () => assert.equal(viewTitle(el), "EL (Nyolcas)"));
  // (#43: a title in English, as views had before, is not parsed into a variant's name: not said)
  speaking("de", () => assert.equal(viewTitle({ game: "el", variant: "eight", title: "EL (Eight)" }), ""));
  assert.equal(viewTitle(null), "");
  assert.equal(viewTitle({ game: "el" }), "");
});

test("the library's summary names a game's variant in the language of the page that saved it", () => {
  const GAMES = [
    {
      id: "loa",
      name: "Lines of Action",
      variants: [
        { id: "standard", name: "Standard" },
        { id: "scrambled-eggs", name: "Scrambled Eggs" },
      ],
    },
  ];
  const model = variant =>
    new GameModel({
      start: `loa ${variant} double-connection=mover start`,
      meta: { game: "loa", variant, options: { "double-connection": "mover" } },
      players: ["h", "h"],
    });
  const seat = id => ({ id, args: {} });
  const view = {
    players: [
      { color: "black", said: seat("seat.black") },
      { color: "white", said: seat("seat.white") },
    ],
    outcome: null,
  };
  assert.equal(summaryOf(model("scrambled-eggs"), view, GAMES).title, "Lines of Action (Scrambled Eggs)");
  assert.equal(summaryOf(model("standard"), view, GAMES).title, "Lines of Action");
  speaking("fr", () =>
    assert.equal(summaryOf(model("scrambled-eggs"), view, GAMES).title, "Lines of Action (Œufs brouillés)"),
  );
});

test("the page's description: the markup's English, and each language's own", () => {
  const names = ["EL", "Escabel", "EVL", "Lines of Action"];
  const html = readFileSync(new URL("../../web/index.html", import.meta.url), "utf8");
  const markup = /<meta name="description" content="([^"]*)">/.exec(html)[1];
  // (the build writes the games' names where the markup has __GAMUT_GAMES__)
  assert.equal(
    pageDescription(names),
    markup.replace("__GAMUT_GAMES__", "EL, Escabel, EVL and Lines of Action"),
  );
  assert.equal(english["page.description"].replace("{games}", "__GAMUT_GAMES__"), markup);
  speaking("de", () =>
    assert.equal(
      pageDescription(names),
      "Spiele EL, Escabel, EVL und Lines of Action im Browser, offline, gegen Freunde am selben Bildschirm oder gegen den Computer.",
    ),
  );
  speaking("es", () => assert.match(pageDescription(["EL"]), /^Juega a EL en el navegador/));
  // the page's <meta>: set from the games of #initial (a document stand-in)
  const meta = {
    content: "",
    setAttribute(name, value) {
      this[name] = value;
    },
  };
  const doc = {
    querySelector: selector => (selector === 'meta[name="description"]' ? meta : null),
    getElementById: id =>
      id === "initial" ? { textContent: JSON.stringify({ games: names.map(name => ({ name })) }) } : null,
  };
  speaking("hu", () => describePage(doc));
  assert.match(meta.content, /^Játssz böngészőben, offline is: EL, Escabel, EVL és Lines of Action,/);
  meta.content = "kept";
  describePage({ ...doc, getElementById: () => ({ textContent: "{broken" }) });
  assert.equal(meta.content, "kept");
});
