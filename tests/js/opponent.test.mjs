// The choice of opponent is another way of writing the seats
// (web/panels/opponent.js): written by seatsFor, read back by choiceOf.
import test from "node:test";
import assert from "node:assert/strict";
import { choiceOf, clockChoices, seatsFor } from "../../web/panels/opponent.js";

test("the computer plays every seat but yours, at the level chosen", () => {
  assert.deepEqual(seatsFor({ mode: "computer", level: "strong", you: 1 }, 2), ["c:strong", "h"]);
  assert.deepEqual(seatsFor({ mode: "computer", level: "beginner", you: 0 }, 3), [
    "h",
    "c:beginner",
    "c:beginner",
  ]);
});

test("two players: every seat a human here; by link: the others far away", () => {
  assert.deepEqual(seatsFor({ mode: "two", level: "casual", you: 1 }, 2), ["h", "h"]);
  assert.deepEqual(seatsFor({ mode: "link", level: "casual", you: 0 }, 2), ["h", "r"]);
});

test("seats read back as the choice that writes them", () => {
  for (const choice of [
    { mode: "computer", level: "master", you: 1 },
    { mode: "computer", level: "casual", you: 0 },
    { mode: "link", level: null, you: 1 },
  ]) {
    assert.deepEqual(choiceOf(seatsFor(choice, 2)), choice);
  }
  assert.equal(choiceOf(["h", "h", "h"]).mode, "two");
});

test("a mix the choice cannot write is no choice", () => {
  assert.equal(choiceOf(["c:casual", "c:strong"]), null); // no human
  assert.equal(choiceOf(["h", "c:casual", "c:strong"]), null); // two levels
  assert.equal(choiceOf(["h", "r", "c:casual"]), null); // far away and the computer
});

// The levels with their ratings (#31): asked of the engine once per game
// (web/engine/levels.js), shown beside each level's name.
import { OpponentChoice, LEVEL_ABOUT } from "../../web/panels/opponent.js";
import {
  knownLadder,
  levelWords,
  levelsOf,
  ratingText,
  intervalText,
  seedLevels,
} from "../../web/engine/levels.js";
import { speaking } from "./catalogs.mjs";
import { LEVELS } from "../../web/model/url.js";

// (the engine's answer: ids and ratings, no words since #43)
const table = game => ({
  levels: LEVELS.map((id, i) => ({ id, rating: 800 + 150 * i + game.length, low: 700, high: 900 })),
});

test("the engine is asked for a game's levels once, and again after a failure", async () => {
  const calls = [];
  let fail = true;
  const engine = {
    call(method, params) {
      calls.push([method, params.game]);
      if (params.game === "el" && fail) {
        fail = false;
        return Promise.reject(new Error("engine restarted"));
      }
      return Promise.resolve(table(params.game));
    },
  };
  const a = await levelsOf(engine, "loa");
  assert.equal(await levelsOf(engine, "loa"), a); // kept
  await assert.rejects(levelsOf(engine, "el"));
  await new Promise(resolve => setTimeout(resolve, 0));
  assert.equal((await levelsOf(engine, "el")).levels[0].rating, 802); // asked again
  assert.deepEqual(calls, [
    ["levels", "loa"],
    ["levels", "el"],
    ["levels", "el"],
  ]);
  // another engine (after a restart of the page's engine) is asked itself
  const other = { call: () => Promise.resolve(table("x")) };
  assert.equal((await levelsOf(other, "loa")).levels[0].rating, 801);
});

test("the levels the build inlined are known at once and asked of no engine (#41)", async () => {
  const calls = [];
  const engine = {
    call: (_method, params) => calls.push(params.game) && Promise.resolve(table(params.game)),
  };
  const evl = { levels: [{ id: "apprentice", rating: 1194, low: 1, high: 2 }] };
  seedLevels(engine, { evl });
  assert.deepEqual(knownLadder(engine, "evl"), ["apprentice"]); // (before any answer: a drawing may use it)
  assert.equal(await levelsOf(engine, "evl"), evl);
  assert.deepEqual(calls, []);
  await levelsOf(engine, "loa"); // (a game the build did not describe is asked)
  assert.deepEqual(calls, ["loa"]);
});

test("a level is named by its id in the page's language (the engine sends no English name, #43)", () => {
  assert.equal(levelWords("beginner"), "Beginner");
  speaking("de", () => assert.notEqual(levelWords("beginner"), "Beginner"));
  speaking("hu", () => assert.ok(levelWords("master") && !levelWords("master").startsWith("level.")));
  assert.equal(levelWords("no-such-level"), "no-such-level"); // (one the catalog lacks: its id)
});

test("each level is named with its rating in the game, or alone when unmeasured", () => {
  const choice = new OpponentChoice({ childElementCount: 0 }, "t", () => {});
  assert.deepEqual(choice._levelLabel("casual"), { name: "Casual", rating: "", title: "" });
  choice.setLevels([{ id: "casual", label: "Casual", rating: 1381.6, low: 1250.2, high: 1512 }]);
  assert.deepEqual(choice._levelLabel("casual"), {
    name: "Casual",
    rating: "1382",
    title: "Rated 1382 in this game (95 %: 1250 to 1512)",
  });
  assert.equal(choice._levelLabel("master").rating, ""); // not in the engine's answer
  assert.equal(ratingText({ rating: null }), "");
  assert.equal(intervalText({ low: null, high: 3 }), "");
});

test("every level has its line of words, in the link parser's order", () => {
  assert.deepEqual(Object.keys(LEVEL_ABOUT), LEVELS);
});

// Each game offers its own ladder (gamut.ai.ladder): Advanced is left out
// where it does not fit between its neighbours.
import { offeredLevel } from "../../web/panels/carry.js";

test("a level a game does not offer becomes the strongest offered below it", () => {
  const el = LEVELS.filter(l => l !== "advanced");
  assert.equal(offeredLevel("advanced", el), "club");
  assert.equal(offeredLevel("strong", el), "strong");
  assert.equal(offeredLevel("novice", ["beginner", "casual"]), "beginner"); // none below: the weakest
  assert.equal(offeredLevel("advanced", []), "advanced"); // not yet known: kept
});

test("a game's ladder is known to a drawing once the engine has answered, and never asked by it", async () => {
  const calls = [];
  let answer;
  const engine = {
    call(_method, params) {
      calls.push(params.game);
      return new Promise(resolve => {
        answer = () =>
          resolve({ levels: [{ id: "novice" }, { id: "advanced" }, { id: "master" }], anchor: "" });
      });
    },
  };
  assert.equal(knownLadder(engine, "loa"), null); // (nothing asked: nothing known, and nothing asked now)
  assert.deepEqual(calls, []);
  const pending = levelsOf(engine, "loa");
  assert.equal(knownLadder(engine, "loa"), null); // (asked, not answered)
  answer();
  await pending;
  assert.deepEqual(knownLadder(engine, "loa"), ["novice", "advanced", "master"]);
  assert.equal(knownLadder(engine, "evl"), null);
  assert.equal(knownLadder({ call: engine.call }, "loa"), null); // (another engine knows nothing yet)
  assert.deepEqual(calls, ["loa"]);
});

test("a game's ladder arriving moves a level it does not offer to the nearest, as a change reported", () => {
  const ladder = ["novice", "beginner", "casual", "club", "strong", "master"].map(id => ({ id }));
  const changes = [];
  const choice = new OpponentChoice({ childElementCount: 0 }, "t", c => changes.push(c));
  // (the choice drawn: the computer at Advanced, chosen in Lines of Action)
  choice.choice = { mode: "computer", level: "advanced", you: 1 };
  choice.shown = { ...choice.choice };
  assert.deepEqual(choice.offered(), LEVELS); // (no ladder yet: every level)
  choice.setLevels(ladder);
  assert.deepEqual(changes, [{ mode: "computer", level: "club", you: 1 }]);
  assert.equal(choice.choice.level, "club");
  assert.deepEqual(
    choice.offered(),
    ladder.map(l => l.id),
  );
  choice.setLevels(ladder); // (nothing to change: nothing reported)
  assert.equal(changes.length, 1);
  // seats no choice writes (a mix) are never rewritten by the ladder
  const mixed = new OpponentChoice({ childElementCount: 0 }, "t", c => changes.push(c));
  mixed.choice = { mode: "computer", level: "advanced", you: 0 };
  mixed.shown = null;
  mixed.setLevels(ladder);
  assert.equal(changes.length, 1);
  assert.deepEqual(
    mixed.offered(),
    ladder.map(l => l.id),
  );
});

test("drawing lists the ladder and the level chosen, and changes no choice", () => {
  const choice = new OpponentChoice({ childElementCount: 0 }, "t", () => {});
  choice.rated = new Map(["beginner", "casual", "strong"].map(id => [id, { id }]));
  choice.choice = { mode: "computer", level: "advanced", you: 0 };
  assert.deepEqual(choice.offered(), ["beginner", "casual", "advanced", "strong"]);
  assert.equal(choice.choice.level, "advanced");
});

test("a live game has a clock as the others do (#46), but no days per move", () => {
  const choice = new OpponentChoice({ childElementCount: 0 }, "t", () => {});
  choice.shown = { mode: "live", level: null, you: 0 };
  choice.clock = "300+3";
  assert.deepEqual(choice.control(), { base: 300_000, increment: 3_000 });
  const values = clockChoices("live").map(([value]) => value);
  assert.ok(values.includes("60+0") && values.includes("custom"));
  assert.ok(!values.some(v => v.endsWith("d")), "days per move: by link only");
});
