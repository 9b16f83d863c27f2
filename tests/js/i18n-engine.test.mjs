// The engine's words in the page's language (web/engine/words.js, issue #33):
// the engine says a move or a result as a message {id, args}; the page
// formats it from its catalog, nested messages first, lists by
// Intl.ListFormat.  In English the page says word for word what the engine's
// own English says (py/gamut/messages.py; tests/test_messages.py checks the
// same sentences there).
import test from "node:test";
import assert from "node:assert/strict";
import { useCatalog } from "../../web/i18n/i18n.js";
import { describedWords, formatMessage, isMessage } from "../../web/engine/words.js";
import { EngineError } from "../../web/engine/engine.js";

import { catalog, english } from "./catalogs.mjs";
const m = (id, args = {}) => ({ id, args });
const black = m("seat.black");
const white = m("seat.white");

// White h2-f4 in Lines of Action, as the bridge's describe gives it
const LOA_MOVE = m("move.saidThreat", {
  move: m("move.loa.step", { who: white, from: "h2", to: "f4" }),
  threat: m("move.loa.groups", { mover: white, own: 3, other: black, theirs: 3 }),
});
// an EVL unstack that takes two pentagons, one of them from Black
const EVL_TAKE = m("move.evl.unstackTakes", {
  who: white,
  count: 3,
  cell: "b3",
  path: m("move.evl.steps", {
    first: m("move.evl.left", { colour: "black", cell: "b4" }),
    rest: m("move.evl.landPiece", { count: 2, cell: "c4", colour: "white" }),
  }),
  taken: m("list.and", { items: ["ab3", m("move.evl.takenFrom", { pentagon: "bc4", owner: black })] }),
  placed: 7,
  markers: 10,
});
const LOA_WIN = m("move.saidEnd", {
  move: m("move.loa.capture", { who: black, from: "b1", to: "d3" }),
  result: m("result.loa.connected", { winner: black }),
});

test("English: the engine's own sentences, word for word", () => {
  useCatalog("en", english);
  assert.equal(formatMessage(LOA_MOVE), "White h2 to f4, groups: White 3, Black 3.");
  assert.equal(
    formatMessage(EVL_TAKE),
    "White unstacks 3 from b3: a Black piece left on b4, 2 land on c4, a White piece; " +
      "takes ab3 and bc4 (from Black); 7 of 10 markers placed",
  );
  assert.equal(formatMessage(LOA_WIN), "Black b1 takes d3. Black wins: all pieces connected.");
  // lists as the engine says them: British, no comma before the last word
  assert.equal(formatMessage(m("list.and", { items: ["a", "b", m("seat.red")] })), "a, b and Red");
  assert.equal(formatMessage(m("list.or", { items: [3, 4, 5] })), "3, 4 or 5");
  assert.equal(
    formatMessage(
      m("move.loa.threat", { moves: "a1-b2", more: 4, mover: black, own: 2, other: white, theirs: 3 }),
    ),
    "threatens to connect with a1-b2 and 4 more; groups: Black 2, White 3",
  );
});

test("German, French, Spanish, Hungarian: the same messages in each language's words", () => {
  const expected = {
    de: [
      "Weiß h2 nach f4, Gruppen: Weiß 3, Schwarz 3.",
      "Schwarz b1 schlägt d3. Schwarz gewinnt: alle Steine sind verbunden.",
    ],
    fr: [
      "Blanc h2 vers f4, groupes : Blanc 3, Noir 3.",
      "Noir b1 prend d3. Noir gagne : tous ses pions sont reliés.",
    ],
    es: [
      "Blanco de h2 a f4, grupos: Blanco 3, Negro 3.",
      "Negro de b1 captura en d3. Gana Negro: todas sus fichas están conectadas.",
    ],
    hu: [
      "Fehér lép: h2 mezőről f4 mezőre, csoportok: Fehér 3, Fekete 3.",
      "Fekete üt: b1 mezőről d3 mezőre. Fekete nyert: minden korongja össze van kapcsolva.",
    ],
  };
  for (const [lang, [move, win]] of Object.entries(expected)) {
    useCatalog(lang, catalog(lang), english);
    assert.equal(formatMessage(LOA_MOVE), move, lang);
    assert.equal(formatMessage(LOA_WIN), win, lang);
  }
  // agreement by a select on the colour code, lists in the language's own words
  useCatalog("de", catalog("de"), english);
  assert.match(
    formatMessage(EVL_TAKE),
    /^Weiß stapelt 3 von b3 ab: ein schwarzer Stein bleibt auf b4, 2 landen auf c4, ein weißer Stein; erobert ab3 und bc4 \(von Schwarz\)/,
  );
  useCatalog("hu", catalog("hu"), english);
  assert.equal(formatMessage(m("list.and", { items: ["a", "b", "c"] })), "a, b és c");
  useCatalog("en", english);
});

test("describe's answer: the move and the turn said from the messages, in the page's language", () => {
  useCatalog("fr", catalog("fr"), english);
  const turnSaid = m("engine.toMove", { who: black });
  const said = describedWords({ move: "h2-f4", said: LOA_MOVE, turnSaid });
  assert.equal(said.text, "Blanc h2 vers f4, groupes : Blanc 3, Noir 3.");
  assert.equal(said.turn, "Noir au trait.");
  assert.equal(said.move, "h2-f4");
  const start = { move: null, said: null, turnSaid };
  assert.deepEqual(describedWords(start), { ...start, text: "", turn: "Noir au trait." });
  const over = m("engine.over", { result: m("result.loa.connected", { winner: white }) });
  assert.equal(formatMessage(over), "La partie est terminée. Blanc gagne : tous ses pions sont reliés.");
  assert.equal(formatMessage("plain words"), "plain words");
  assert.ok(isMessage(LOA_MOVE) && !isMessage("x") && !isMessage(null));
  useCatalog("en", english);
});

test("every engine message of the English catalog formats in every language with sample arguments", () => {
  // (a message that does not parse, or a placeholder a language lacks, would show its key)
  const args = {
    ...{ who: black, winner: black, other: white, mover: white, owner: black, stuck: white, loser: white },
    ...{ top: white, player: m("seat.player", { n: 2 }), others: m("list.and", { items: [black, white] }) },
    ...{
      colour: "black",
      edges: "topBottom",
      from: "b1",
      to: "d3",
      cell: "c4",
      pentagon: "ab3",
      moves: "a1-b2",
    },
    ...{
      number: 5,
      more: 2,
      own: 2,
      theirs: 3,
      count: 2,
      height: 3,
      placed: 4,
      markers: 10,
      black: 2,
      white: 1,
    },
    ...{ numbers: m("list.or", { items: [3, 4] }), threats: m("list.and", { items: ["c5"] }), taken: "ab3" },
    ...{
      path: "x",
      first: "x",
      rest: "y",
      result: "z",
      toStack: "s",
      fromStack: "t",
      move: "m",
      threat: "u",
    },
  };
  for (const lang of ["en", "de", "fr", "es", "hu"]) {
    useCatalog(lang, catalog(lang), english);
    for (const key of Object.keys(english).filter(k => /^(move|result)\.(loa|el|escabel|evl)\./.test(k))) {
      const text = formatMessage(m(key, args));
      assert.ok(text && text !== key, `${lang} ${key}`);
    }
  }
  useCatalog("en", english);
});

test("an engine error says itself in the page's language when the engine gave its message", () => {
  useCatalog("de", catalog("de"), english);
  const said = m("error.loa.empty", { cell: "e4", who: black });
  const error = new EngineError("IllegalMoveError", "e4 is empty; pick one of Black's pieces.", said);
  assert.equal(error.words, "e4 ist leer; wähle einen Stein von Schwarz.");
  assert.equal(error.message, "e4 is empty; pick one of Black's pieces.");
  assert.equal(new EngineError("RecordError", "bad record").words, "bad record");
  useCatalog("hu", catalog("hu"), english);
  const far = m("error.loa.distance", { from: "b1", n: 2, dist: 1 });
  assert.equal(
    formatMessage(far),
    "A(z) b1 mezőn álló korongnak pontosan 2 mezőt kell lépnie ezen a vonalon (a vonalon 2 korong áll), nem 1 mezőt.",
  );
  useCatalog("en", english);
  assert.equal(
    formatMessage(far),
    "The piece on b1 must move exactly 2 squares along that line (2 pieces on it), not 1.",
  );
});

test("a message in English whatever the page's language (the library's search finds both)", async () => {
  const { englishMessage, formatMessage } = await import("../../web/engine/words.js");
  const seat = {
    id: "seat.playerColour",
    args: { player: { id: "seat.player", args: { n: 1 } }, colour: { id: "seat.white", args: {} } },
  };
  const both = {
    id: "list.and",
    args: {
      items: [
        { id: "seat.red", args: {} },
        { id: "seat.blue", args: {} },
      ],
    },
  };
  useCatalog("de", catalog("de"), english);
  assert.equal(formatMessage(seat), "Spieler 1 (Weiß)");
  assert.equal(englishMessage(seat), "Player 1 (White)");
  assert.equal(formatMessage(both), "Rot und Blau");
  assert.equal(englishMessage(both), "Red and Blue");
  assert.equal(englishMessage("Ann"), "Ann");
  assert.equal(englishMessage({ id: "no.such.key", args: {} }), ""); // (English lacks it: no key to search)
  useCatalog("en", english);
  assert.equal(englishMessage(seat), "Player 1 (White)");
});
