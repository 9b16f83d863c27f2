// The seats of the library's summaries (#43, one language path): a summary
// stores each seat's message (the view's players' `said`) and who plays it,
// never the engine's English; the row says the name in the page's language
// and the search finds it in that language and in English.  Summaries stored
// by earlier versions ({name, seat}, the English name) read through
// oldseats.js, the migration of old records, and show and search as new ones.
import test from "node:test";
import assert from "node:assert/strict";
import { GameModel } from "../../web/model/game.js";
import { summaryOf, thumbOf } from "../../web/library/keep.js";
import { matches, NO_FILTER, rowOf } from "../../web/library/listmodel.js";
import { migrateOldSeatName, migrateOldThumb } from "../../web/library/oldseats.js";
import { seatEnglish, seatMessage, seatName, summarySeats } from "../../web/library/seats.js";
import { englishReady, hasEnglish, useCatalog } from "../../web/i18n/i18n.js";
import { libraryWords, resignation } from "../../web/model/ending.js";
import { catalog, english, speaking } from "./catalogs.mjs";

const said = (id, args = {}) => ({ id, args });
const playerColour = (n, colour) =>
  said("seat.playerColour", { player: said("seat.player", { n }), colour: said(`seat.${colour}`) });

const START = "escabel standard start";
const META = { game: "escabel", variant: "standard", options: {} };
const GAMES = [{ id: "escabel", name: "Escabel", variants: [{ id: "standard", name: "Standard" }] }];
// (the head's view as the engine gives it: each seat's name a message, no English)
const VIEW = {
  players: [
    { color: "black", said: playerColour(1, "black") },
    { color: "white", said: playerColour(2, "white") },
  ],
  outcome: null,
};

const model = (players = ["h", "c:strong"]) => new GameModel({ start: START, meta: META, players });

/** A library entry with `summary`, as the list reads it. */
const entry = (id, summary) => ({
  id,
  v: 1,
  name: "",
  updated: Date.UTC(2026, 11, 5),
  game: { meta: { game: "escabel" } },
  summary: { game: "escabel", title: "Escabel", moves: 3, result: null, end: null, ...summary },
});

const found = (row, text) => matches(row, { ...NO_FILTER, text });

test("a summary stores each seat's message and who plays it, no English", () => {
  const m = model();
  const s = summaryOf(m, VIEW, GAMES);
  assert.deepEqual(s.players, [
    { said: playerColour(1, "black"), seat: "h" },
    { said: playerColour(2, "white"), seat: "c:strong" },
  ]);
  assert.doesNotMatch(JSON.stringify(s.players), /Player|Black|White/);
  // (a game with no view yet: each seat by its place, named when shown)
  assert.deepEqual(summaryOf(m, null, GAMES).players, [{ seat: "h" }, { seat: "c:strong" }]);
  // (a view's English name, had it one, is never stored: a seat without a message is its place)
  assert.deepEqual(summarySeats({ players: [{ name: "Ann" }] }, []), [{ seat: "h" }]);
  // (the stored result is in the page's language that saved it, names too)
  m.play("b1-d3");
  m.end(resignation(1));
  speaking("de", () => assert.equal(summaryOf(m, VIEW, GAMES).result, "Spieler 1 (Schwarz) gewinnt"));
});

test("a row says each seat in the page's language, from its message", () => {
  const players = summaryOf(model(["h", "h"]), VIEW, GAMES).players;
  assert.deepEqual(players.map(seatName), ["Player 1 (Black)", "Player 2 (White)"]);
  speaking("de", () => {
    assert.deepEqual(players.map(seatName), ["Spieler 1 (Schwarz)", "Spieler 2 (Weiß)"]);
    assert.equal(
      libraryWords(players, resignation(0), players.map(seatName)),
      "Spieler 2 (Weiß) gewinnt: Spieler 1 (Schwarz) hat aufgegeben",
    );
    assert.deepEqual([{ seat: "h" }].map(seatName), ["Spieler 1"]);
  });
  speaking("hu", () => assert.equal(seatName(players[1], 1), "2. játékos (Fehér)"));
});

test("the search finds a seat by its name in the page's language and in English", () => {
  const summary = summaryOf(model(), VIEW, GAMES);
  speaking("de", () => {
    const row = rowOf(entry("new", summary), null);
    for (const text of ["schwarz", "spieler 2 (weiß)", "black", "player 2 (white)"])
      assert.ok(found(row, text), `${text} in ${row.words}`);
    assert.ok(!found(row, "rot"));
  });
  const row = rowOf(entry("new", summary), null);
  assert.ok(found(row, "player 1 (black)") && !found(row, "schwarz"));
  assert.equal(seatEnglish({}, 0), "Player 1");
});

test("a page in another language finds English names once English's words are there", async () => {
  // (a German page does not load English's catalog at start: i18n.js loadLanguage)
  useCatalog("de", catalog("de"), {});
  try {
    assert.equal(hasEnglish(), false);
    const row = rowOf(entry("new", summaryOf(model(), VIEW, GAMES)), null);
    assert.ok(found(row, "schwarz"));
    assert.ok(!found(row, "black") && !found(row, "seat"), "no English yet, nor a key");
    assert.equal(seatEnglish({ said: said("seat.white") }, 1), "");
    // (the list asks for it when a search is typed; here it is put in as fetched)
    const fetched = globalThis.fetch;
    globalThis.fetch = async () => ({ ok: true, json: async () => english });
    try {
      assert.equal(await englishReady(), true);
    } finally {
      globalThis.fetch = fetched;
    }
    assert.ok(found(row, "black") && found(row, "player 2 (white)") && found(row, "schwarz"));
    assert.equal(seatName(row.summary.players[0], 0), "Spieler 1 (Schwarz)");
  } finally {
    useCatalog("en", english);
  }
});

test("old records: a summary stored with English names reads as the messages they stood for", () => {
  assert.deepEqual(migrateOldSeatName("Black"), said("seat.black"));
  assert.deepEqual(migrateOldSeatName("yellow"), said("seat.yellow"));
  assert.deepEqual(migrateOldSeatName("Player 2"), said("seat.player", { n: 2 }));
  assert.deepEqual(migrateOldSeatName("Player 1 (White)"), playerColour(1, "white"));
  // (any other name is no seat's message: it stays as it was stored)
  for (const name of ["Ann", "Spieler 1", "Player 1 (Purple)", "", undefined, null, 3])
    assert.equal(migrateOldSeatName(name), null, String(name));
  // (a new summary's own message comes first)
  assert.deepEqual(seatMessage({ said: said("seat.red"), name: "Black" }), said("seat.red"));
  assert.equal(seatMessage(null), null);

  // a summary as versions before #43 stored it, with its English names
  const old = {
    players: [
      { name: "Player 1 (Black)", seat: "h" },
      { name: "Player 2 (White)", seat: "r" },
      { name: "Ann", seat: "h" },
    ],
  };
  speaking("de", () => {
    assert.deepEqual(old.players.map(seatName), ["Spieler 1 (Schwarz)", "Spieler 2 (Weiß)", "Ann"]);
    const row = rowOf(entry("old", old), null);
    for (const text of ["schwarz", "black", "spieler 2 (weiß)", "player 2 (white)", "ann"])
      assert.ok(found(row, text), `${text} in ${row.words}`);
  });
  speaking("fr", () => {
    // (a page of an earlier version in another language stored its own "Player n": shown as it was)
    assert.equal(seatName({ name: "Spieler 1", seat: "h" }, 0), "Spieler 1");
  });
  // (the stored record is read, never changed)
  assert.deepEqual(old.players[0], { name: "Player 1 (Black)", seat: "h" });
});

test("old records: a thumbnail stored with the view's English names is drawn from the messages they stood for", () => {
  const black = said("seat.black");
  // (stored by #33's versions: English names, the messages beside)
  const withSaid = {
    board: { kind: "squares" },
    players: [
      { name: "Player 1 (Black)", color: "black" },
      { name: "Player 2 (White)", color: "white" },
    ],
    said_players: [playerColour(1, "black"), playerColour(2, "white")],
    title: "Escabel",
  };
  assert.deepEqual(migrateOldThumb(withSaid), {
    board: { kind: "squares" },
    players: [
      { color: "black", said: playerColour(1, "black") },
      { color: "white", said: playerColour(2, "white") },
    ],
    title: "Escabel",
  });
  assert.equal(withSaid.players[0].name, "Player 1 (Black)", "the stored thumbnail is not changed");
  // (stored before #33: English names only, read as the messages they stood for)
  const older = {
    players: [
      { name: "Black", color: "black" },
      { name: "Ann", color: "white" },
    ],
  };
  assert.deepEqual(migrateOldThumb(older).players, [{ color: "black", said: black }, { color: "white" }]);
  // (a thumbnail of this version is drawn as it is)
  const now = { players: [{ color: "black", said: black }] };
  assert.equal(migrateOldThumb(now), now);
  assert.equal(migrateOldThumb(null), null);
});

test("a thumbnail keeps the view's players as the view gives them: colours and messages, no English", () => {
  const thumb = thumbOf({
    ...VIEW,
    board: { kind: "squares" },
    pieces: [],
    game: "escabel",
    title: "Escabel",
  });
  assert.deepEqual(thumb.players, VIEW.players);
  assert.ok(!("said_players" in thumb));
  assert.doesNotMatch(JSON.stringify(thumb.players), /Player|Black|White/);
});
