// An ended game in the library and in records (issue #29): keep.js's
// summary says how it ended (the list shows won/lost/drawn from it), and
// records.js writes the ending as the record's Result and Termination and
// reads it back.
import test from "node:test";
import assert from "node:assert/strict";
import { GameModel } from "../../web/model/game.js";
import { summaryOf } from "../../web/library/keep.js";
import { entryOf, recordOf } from "../../web/library/records.js";
import { agreement, libraryWords, resignation } from "../../web/model/ending.js";

const START = "loa standard double-connection=mover start";
const META = { game: "loa", variant: "standard", options: { "double-connection": "mover" } };
const GAMES = [{ id: "loa", name: "Lines of Action", variants: [{ id: "standard", name: "Standard" }] }];
const VIEW = {
  players: [
    { color: "black", said: { id: "seat.black", args: {} } },
    { color: "white", said: { id: "seat.white", args: {} } },
  ],
  outcome: null,
};

const game = players => {
  const m = new GameModel({ start: START, meta: META, players });
  m.play("b1-d3");
  m.play("a5-c5");
  return m;
};

test("the summary says how a game ended: beyond its rules, by them, or not yet", () => {
  const m = game(["h", "c:strong"]);
  assert.equal(summaryOf(m, VIEW, GAMES).end, null);
  assert.equal(summaryOf(m, VIEW, GAMES).result, null);
  m.end(resignation(0));
  const s = summaryOf(m, VIEW, GAMES);
  assert.deepEqual(s.end, { winner: 1, termination: "resignation", by: 0 });
  assert.equal(s.result, "White wins");
  assert.equal(libraryWords(s.players, s.end), "Lost by resignation");
  const rules = summaryOf(
    game(["c:beginner", "h"]),
    { ...VIEW, outcome: { winner: 1, cells: [], said: { id: "result.draw", args: {} } } },
    GAMES,
  );
  assert.deepEqual(rules.end, { winner: 1, termination: "rules", by: null });
  assert.equal(libraryWords(rules.players, rules.end), "Won");
});

test("an ended game's record carries Result and Termination, and reads back ended", () => {
  const m = game(["h", "h"]);
  const entry = { id: "x", name: "", updated: 0, game: m.toJSON() };
  assert.equal(recordOf(entry).result, "*");
  assert.equal("termination" in recordOf(entry), false);
  m.end(agreement(1));
  const record = recordOf({ ...entry, game: JSON.parse(JSON.stringify(m.toJSON())) });
  assert.equal(record.result, "1/2-1/2");
  assert.equal(record.termination, "agreement");
  assert.deepEqual(record.nodes, m.tree.toJSON().nodes);
  // read back (as the engine gives a record: the same fields)
  const back = GameModel.fromJSON(entryOf(record, GAMES).game);
  assert.deepEqual(back.ending, { result: "1/2-1/2", winner: null, termination: "agreement", by: null });
  // a rules ending, or none, is not an ending of the model's own
  assert.equal(GameModel.fromJSON(entryOf({ ...record, termination: "rules" }, GAMES).game).ending, null);
  assert.equal(
    GameModel.fromJSON(entryOf({ ...record, result: "*", termination: undefined }, GAMES).game).ending,
    null,
  );
});

test("an export writes the games the engine takes and names the one it refuses (#47)", async () => {
  const { formatRecords } = await import("../../web/library/records.js");
  const entryOfGame = (name, m) => ({ id: name, name, game: JSON.parse(JSON.stringify(m.toJSON())) });
  const good = [entryOfGame("first", game(["h", "h"])), entryOfGame("third", game(["h", "h"]))];
  const bad = entryOfGame("second", game(["h", "h"]));
  bad.game.clock = { control: { base: 1000, increment: 0 }, running: null, since: null, left: [-4000, 1000] };
  // an engine that refuses any batch holding a game whose clock is below zero
  const calls = [];
  const engine = {
    async recordsFormat(records) {
      calls.push(records.length);
      if (records.some(r => r.name === "second"))
        throw Object.assign(new Error("the time left is a whole number of milliseconds"), {
          type: "RequestError",
        });
      return { text: records.map(r => `[${r.name}]`).join("\n\n") };
    },
  };
  const out = await formatRecords(engine, [good[0], bad, good[1]]);
  assert.equal(out.text, "[first]\n\n[third]");
  assert.deepEqual(
    out.written.map(e => e.id),
    ["first", "third"],
  );
  assert.deepEqual(
    out.bad.map(({ entry, why }) => [entry.id, why]),
    [["second", "the time left is a whole number of milliseconds"]],
  );
  assert.deepEqual(calls, [3, 1, 1, 1, 2], "one batch, each alone, then the good ones together");
  // a bug of the engine is not hidden
  const broken = {
    recordsFormat: async () => Promise.reject(Object.assign(new Error("x"), { type: "InternalError" })),
  };
  await assert.rejects(formatRecords(broken, good), /x/);
});
