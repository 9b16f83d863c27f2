// The view's words (docs/i18n.md "The view's words"): the page says a view's
// players, counters, buttons, prompt, notes and result from the engine's
// messages, in the page's language.  A view has no English beside them
// (#43): an English field, had a view one, is never shown.

import test from "node:test";
import assert from "node:assert/strict";
import {
  counterWords,
  formatMessage,
  moveWords,
  selectWords,
  gameAboutWords,
  optionAboutWords,
  variantAboutWords,
  noteWords,
  optionValueWords,
  optionWords,
  playerWords,
  saidOr,
  variantWords,
} from "../../web/engine/words.js";
import { rowOf } from "../../web/library/listmodel.js";
import { taskWords } from "../../web/puzzles/session.js";

import { speaking } from "./catalogs.mjs";

const seat = id => ({ id, args: {} });
// (the parts of an Escabel view after the pie swap, as the engine writes them)
const ESCABEL = {
  players: [
    {
      color: "white",
      said: {
        id: "seat.playerColour",
        args: { player: { id: "seat.player", args: { n: 1 } }, colour: seat("seat.white") },
      },
    },
    {
      color: "black",
      said: {
        id: "seat.playerColour",
        args: { player: { id: "seat.player", args: { n: 2 } }, colour: seat("seat.black") },
      },
    },
  ],
  counters: [
    { owner: 0, value: 1, said: { id: "view.count.stacks", args: { n: 1 } } },
    { owner: 1, value: 0, said: { id: "view.count.stacks", args: { n: 0 } } },
  ],
  messages: [
    {
      id: "view.escabel.swapped",
      args: {
        first: { id: "seat.player", args: { n: 1 } },
        colour: seat("seat.white"),
        second: { id: "seat.player", args: { n: 2 } },
        otherColour: seat("seat.black"),
      },
    },
  ],
};

test("in English the view's messages say the engine's English", () => {
  assert.deepEqual(
    [playerWords(ESCABEL, 0), playerWords(ESCABEL, 1)],
    ["Player 1 (White)", "Player 2 (Black)"],
  );
  assert.deepEqual(counterWords(ESCABEL, 0), ["1 stack"]);
  assert.deepEqual(counterWords(ESCABEL, 1), ["0 stacks"]);
  assert.deepEqual(noteWords(ESCABEL), [
    "The players swapped sides: Player 1 now plays White, Player 2 Black.",
  ]);
});

test("in German and Hungarian the players, counters and notes are said in that language", () => {
  speaking("de", () => {
    assert.equal(playerWords(ESCABEL, 0), "Spieler 1 (Weiß)");
    assert.deepEqual(counterWords(ESCABEL, 0), ["1 Stapel"]);
    assert.deepEqual(noteWords(ESCABEL), [
      "Die Seiten wurden getauscht: Spieler 1 spielt jetzt Weiß, Spieler 2 Schwarz.",
    ]);
    assert.equal(formatMessage({ id: "view.swap", args: {} }), "Seiten tauschen");
  });
  speaking("hu", () => {
    assert.equal(playerWords(ESCABEL, 1), "2. játékos (Fekete)");
    assert.deepEqual(counterWords(ESCABEL, 1), ["0 torony"]);
    assert.equal(formatMessage({ id: "view.pass", args: {} }), "Passz (nincs szabályos lépés)");
  });
});

test("the English a view carried beside its messages before #43 is never said", () => {
  // (a view as the engine wrote it then: English names, labels and notes, the messages beside)
  const old = {
    players: [{ name: "Player 1 (White)", color: "white" }],
    said_players: [ESCABEL.players[0].said],
    counters: [{ owner: 0, label: "stack", value: 1 }],
    said_counters: [ESCABEL.counters[0].said],
    messages: ["The players swapped sides."],
  };
  speaking("de", () => {
    assert.equal(playerWords(old, 0), null); // (the page's "Player 1" stands in: page.js seatName)
    assert.equal(playerWords(ESCABEL, 2), null);
    assert.deepEqual(counterWords(old, 0), [""]);
    assert.equal(playerWords(ESCABEL, 0), "Spieler 1 (Weiß)");
    assert.deepEqual(counterWords(ESCABEL, 0), ["1 Stapel"]);
  });
  const english = JSON.stringify([playerWords(old, 0), counterWords(old, 0)]);
  assert.doesNotMatch(english, /Player|stack/);
  // (a move's button and the select step's prompt: the message, never an English label beside)
  const swap = { text: "swap", clicks: [], said: { id: "view.swap", args: {} } };
  speaking("de", () => {
    assert.equal(moveWords(swap), "Seiten tauschen");
    assert.equal(moveWords({ text: "swap", clicks: [], label: "Swap sides" }), null); // (its notation shows)
    const select = { cells: ["a1"], move: "declare", said: { id: "view.el.declarePrompt", args: {} } };
    assert.match(selectWords({ select }), /Feld|markier/i);
    assert.equal(selectWords({ select: { cells: [], move: "declare", prompt: "Mark the cells" } }), null);
    assert.equal(selectWords({}), null);
  });
  // (an error the engine raised without a message keeps its English: saidOr, for errors only)
  assert.equal(saidOr(undefined, "bad request"), "bad request");
});

test("variant and option names come from the catalog alone, else their ids (#43: the engine sends no English)", () => {
  speaking("de", () => {
    assert.equal(variantWords("loa", "scrambled-eggs"), "Rührei");
    assert.equal(optionWords("loa", "double-connection"), "Zug verbindet beide Seiten");
    assert.equal(optionValueWords("mover"), "der Ziehende");
    assert.equal(optionValueWords("9"), "9");
    assert.equal(variantWords("toy", "odd"), "odd");
    assert.equal(optionWords("toy", "corners"), "corners");
  });
  assert.equal(variantWords("loa", "scrambled-eggs"), "Scrambled Eggs");
});

test("a library row's players, stored in the engine's English by an earlier version, are found by the words the row shows and in English", () => {
  const entry = {
    id: "a",
    updated: 1,
    summary: {
      title: "Escabel",
      players: [
        { name: "Player 1 (Black)", seat: "h" },
        { name: "Player 2 (White)", seat: "c:strong" },
      ],
    },
  };
  speaking("hu", () => {
    const row = rowOf(entry, null);
    assert.match(row.words, /1\. játékos \(fekete\)/);
    assert.match(row.english, /player 2 \(white\)/); // (listmodel.js englishOf: the search finds both)
  });
});

test("a puzzle's goal is its message said in the page's language, never an English goal beside it", () => {
  const connect = { id: "view.goal", args: { who: seat("seat.black"), task: "connect", turns: 2 } };
  const gain = { id: "view.goal.gain", args: { who: seat("seat.white"), n: 2 } };
  // (#43: the engine's puzzles carry the goal as a message only; an English goal, had one, is not read)
  const puzzles = [
    { id: "p1", said: connect, goal: "Black to play and connect in 2" },
    { id: "p2", said: gain },
    { id: "p3", goal: "White to play and win" },
  ];
  speaking("de", () => {
    assert.deepEqual(puzzles.map(taskWords), [
      "Schwarz zieht und verbindet in 2",
      "Weiß zieht und baut den Vorsprung um 2 Marker aus",
      "Finde den besten Zug.",
    ]);
  });
  speaking("hu", () => assert.equal(taskWords(puzzles[1]), "Fehér lép, és 2 jelölővel növeli az előnyét"));
  assert.deepEqual(puzzles.map(taskWords), [
    "Black to play and connect in 2",
    "White to play and raise the lead by 2 markers",
    "Find the best move.",
  ]);
});

test("a game's, a variant's and an option's description are said in the language, else nothing", () => {
  speaking("hu", () => {
    assert.match(gameAboutWords("loa"), /korong/);
    assert.equal(variantAboutWords("escabel", "standard"), "Üres tábla.");
    assert.match(optionAboutWords("escabel", "pie"), /oldalt cserélhet/);
    // a description the catalogs do not know (a game they lack) is not shown
    assert.equal(variantAboutWords("newgame", "standard"), "");
  });
  speaking("de", () => assert.equal(variantAboutWords("escabel", "standard"), "Ein leeres Brett."));
  assert.match(gameAboutWords("evl"), /pentagon/);
});

test("words the catalogs need not have (a number as an option's value) warn of no missing key (#41)", () => {
  const warned = [];
  const warn = console.warn;
  const place = Object.getOwnPropertyDescriptor(globalThis, "location");
  // (the warning is given on a development server: 127.0.0.1)
  Object.defineProperty(globalThis, "location", { value: { hostname: "127.0.0.1" }, configurable: true });
  console.warn = (...args) => warned.push(args.join(" "));
  try {
    for (const value of [5, "6", "24", 9]) assert.equal(optionValueWords(value), String(value));
    assert.equal(optionValueWords("on"), "on");
    assert.equal(variantAboutWords("newgame", "standard"), "");
    speaking("de", () => assert.equal(optionValueWords("13"), "13"));
    assert.deepEqual(warned, []);
  } finally {
    console.warn = warn;
    if (place) Object.defineProperty(globalThis, "location", place);
    else delete globalThis.location;
  }
});
