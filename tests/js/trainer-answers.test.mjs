// The engine's answers a trainer page asks once per game (web/trainer/answers.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { askedOncePerGame } from "../../web/trainer/answers.js";

test("a game's answer is asked once and the same promise is given again", async () => {
  const asked = [];
  const list = askedOncePerGame(game => {
    asked.push(game);
    return Promise.resolve({ game });
  });
  const first = list("loa");
  assert.equal(list("loa"), first);
  assert.deepEqual(await list("el"), { game: "el" });
  assert.deepEqual(await first, { game: "loa" });
  assert.deepEqual(asked, ["loa", "el"]);
});

test("a refusal is forgotten: the next call asks again", async () => {
  let calls = 0;
  const list = askedOncePerGame(async () => {
    calls += 1;
    if (calls === 1) throw new Error("engine restarted");
    return "steps";
  });
  await assert.rejects(list("evl"), /engine restarted/);
  assert.equal(await list("evl"), "steps");
  assert.equal(await list("evl"), "steps");
  assert.equal(calls, 2);
});
