// The opponent chosen is carried from game to game (web/panels/carry.js,
// #41 defect 1): the start panel and the New game dialog keep the computer,
// its level and your colour when another game is chosen; a level the game
// does not offer becomes the one nearest by rating.
import test from "node:test";
import assert from "node:assert/strict";
import { carryChoice, nearestLevel } from "../../web/panels/carry.js";

// (the ratings the engine measured, gamut.ai.ratings: a few levels of each ladder)
const LOA = [
  { id: "novice", rating: 875 },
  { id: "beginner", rating: 1000 },
  { id: "improver", rating: 1226 },
  { id: "casual", rating: 1396 },
  { id: "club", rating: 1564 },
  { id: "advanced", rating: 1714 },
  { id: "strong", rating: 1924 },
];
const EVL = [
  { id: "novice", rating: 847 },
  { id: "beginner", rating: 1000 },
  { id: "apprentice", rating: 1194 },
  { id: "improver", rating: 1325 },
  { id: "casual", rating: 1543 },
  { id: "club", rating: 1778 },
  { id: "strong", rating: 1966 },
];
const EL = [
  { id: "novice", rating: 784 },
  { id: "beginner", rating: 1000 },
  { id: "improver", rating: 1119 },
  { id: "casual", rating: 1225 },
  { id: "club", rating: 1394 },
  { id: "strong", rating: 1524 },
];

test("the computer, its level and your colour stay when the game changes", () => {
  const choice = { mode: "computer", level: "strong", you: 1 };
  assert.deepEqual(carryChoice(choice, 2, LOA, EVL), choice);
  assert.deepEqual(carryChoice(choice, 2, LOA, []), choice); // (the ladder not known yet)
  assert.deepEqual(carryChoice({ mode: "link", level: null, you: 1 }, 2, LOA, EVL), {
    mode: "link",
    level: null,
    you: 1,
  });
  assert.deepEqual(carryChoice({ mode: "two", level: "casual", you: 0 }, 4, LOA, EL).mode, "two");
});

test("a colour the game has no seat for becomes the first", () => {
  assert.equal(carryChoice({ mode: "computer", level: "club", you: 3 }, 2, EL, LOA).you, 0);
  assert.equal(carryChoice({ mode: "computer", level: "club", you: 2 }, 3, LOA, EL).you, 2);
});

test("a level the game does not offer becomes the one nearest by rating", () => {
  // Advanced is 1714 in Lines of Action: EVL's Club (1778) is nearer than its Casual (1543)
  assert.equal(nearestLevel("advanced", LOA, EVL), "club");
  // EVL's Apprentice is 1194: Lines of Action's Improver (1226), not Beginner (1000)
  assert.equal(nearestLevel("apprentice", EVL, LOA), "improver");
  // and in EL, whose Casual (1225) is nearer to 1194 than its Improver (1119)
  assert.equal(carryChoice({ mode: "computer", level: "apprentice", you: 0 }, 2, EVL, EL).level, "casual");
  // a level offered is kept, whatever its rating there
  assert.equal(nearestLevel("casual", LOA, EVL), "casual");
});

test("without ratings the level falls to the strongest offered below it", () => {
  const ids = LOA.map(l => ({ id: l.id }));
  assert.equal(nearestLevel("apprentice", [], LOA), "beginner");
  assert.equal(nearestLevel("apprentice", EVL, ids), "beginner");
  assert.equal(nearestLevel("advanced", LOA, []), "advanced");
});
