// A puzzle being solved (web/puzzles/session.js): which step, right or
// wrong, the replies, the hint, the solution, and the outcome decided once.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PuzzleSession, hintMarks, taskWords, withoutThreats } from "../../web/puzzles/session.js";

// the opponent's last move, then: player, reply, player (connect in 2)
const puzzle = {
  id: "loa-0001",
  game: "loa",
  moves: ["h3-f3", "b1-d3", "g4xd4", "d3-e4"],
  player: 0,
  rating: 1500,
  said: { id: "view.goal", args: { who: { id: "seat.black", args: {} }, task: "connect", turns: 2 } },
};

test("the line is walked: the opponent's move, the player's, the reply, the last: solved", () => {
  const s = new PuzzleSession(puzzle);
  assert.deepEqual(s.line(), []);
  s.open();
  assert.deepEqual(s.line(), ["h3-f3"]);
  assert.equal(s.expected(), "b1-d3");
  assert.equal(s.judge("b1-d3"), "right");
  assert.equal(s.reply(), "g4xd4");
  assert.deepEqual(s.line(), ["h3-f3", "b1-d3", "g4xd4"]);
  assert.equal(s.outcome, null, "not decided before the end");
  assert.equal(s.judge("d3-e4"), "solved");
  assert.equal(s.outcome, "solved");
  assert.ok(s.finished);
  assert.equal(s.expected(), null);
  assert.throws(() => s.judge("a1-a2"));
});

test("a wrong move is shown on the board until retried, fails the puzzle, and it can still be finished", () => {
  const s = new PuzzleSession(puzzle);
  s.open();
  assert.equal(s.judge("b1-b3"), "wrong");
  assert.deepEqual(s.line(), ["h3-f3", "b1-b3"], "the wrong move is drawn");
  assert.equal(s.outcome, "failed");
  assert.throws(() => s.judge("b1-d3"), "no move before the retry");
  assert.throws(() => s.reply(), "no reply to a wrong move");
  s.retry();
  assert.deepEqual(s.line(), ["h3-f3"], "taken back");
  assert.equal(s.judge("b1-d3"), "right");
  s.reply();
  assert.equal(s.judge("d3-e4"), "solved");
  assert.equal(s.outcome, "failed", "decided at the first wrong move");
});

test("a hint shows the cell, then the move, and fails the puzzle; the next step starts without a hint", () => {
  const s = new PuzzleSession(puzzle);
  s.open();
  assert.deepEqual(s.hint(), { step: 1, move: "b1-d3" });
  assert.deepEqual(s.hint(), { step: 2, move: "b1-d3" });
  assert.deepEqual(s.hint(), { step: 2, move: "b1-d3" });
  assert.equal(s.outcome, "failed");
  s.judge("b1-d3");
  s.reply();
  assert.deepEqual(s.hint(), { step: 1, move: "d3-e4" });
});

test("view solution lists the whole solution and steps through it a move at a time, both ways", () => {
  const s = new PuzzleSession(puzzle);
  s.open();
  s.judge("b1-b3");
  s.showSolution();
  assert.deepEqual(s.line(), ["h3-f3"], "the wrong move taken back");
  assert.deepEqual(s.solution(), { moves: ["b1-d3", "g4xd4", "d3-e4"], at: 0 });
  assert.equal(s.outcome, "failed");
  assert.ok(s.viewed);
  assert.ok(s.stepSolution(1));
  assert.deepEqual(s.line(), ["h3-f3", "b1-d3"], "one move, not the whole line");
  assert.equal(s.solution().at, 1);
  assert.ok(s.stepSolution(1));
  assert.ok(s.stepSolution(-1), "back a move");
  assert.deepEqual(s.line(), ["h3-f3", "b1-d3"]);
  assert.ok(s.stepSolution(-1));
  assert.equal(s.stepSolution(-1), false, "not before the puzzle's position");
  assert.deepEqual(s.line(), ["h3-f3"]);
  assert.ok(s.solutionAt(3));
  assert.deepEqual(s.line(), puzzle.moves);
  assert.ok(s.finished);
  assert.equal(s.stepSolution(1), false, "not past the end");
  assert.ok(s.solutionAt(1));
  assert.ok(s.finished, "the end once reached stays reached");
  assert.equal(s.outcome, "failed");
});

test("the solution viewed mid-way starts where the player is", () => {
  const s = new PuzzleSession(puzzle);
  s.open();
  s.judge("b1-d3");
  s.reply();
  s.showSolution();
  assert.deepEqual(s.solution(), { moves: ["b1-d3", "g4xd4", "d3-e4"], at: 2 });
  assert.throws(() => new PuzzleSession(puzzle).solutionAt(1), "only once viewed");
});

test("the engine's canonical texts are the line judged against", () => {
  const s = new PuzzleSession(puzzle, ["h3-f3", "b1-d3", "g4xd4", "d3-e4"]);
  s.open();
  assert.equal(s.judge("b1-d3"), "right");
});

test("a turn of two moves (EL: place, then declare): the player plays both", () => {
  const el = { ...puzzle, moves: ["c3=2", "d4=5", "declare d4", "e5=1", "f6=3"] };
  const s = new PuzzleSession(el);
  s.open();
  assert.equal(s.judge("d4=5"), "right");
  assert.equal(
    s.judge("declare d4"),
    "right",
    "the controller asks the player again: it is still their turn",
  );
  assert.equal(s.reply(), "e5=1");
  assert.equal(s.judge("f6=3"), "solved");
});

const view = {
  board: { cells: [{ id: "b1" }, { id: "d3" }, { id: "e4" }] },
  moves: [
    { text: "b1-d3", clicks: ["b1", "d3"] },
    { text: "d4=5", clicks: ["p5", "e4"] },
    { text: "pass", clicks: [] },
  ],
};

test("the hint marks the move's first cell, then the whole move", () => {
  assert.deepEqual(hintMarks(view, "b1-d3", 1), { cells: ["b1"], kind: "hint", text: "" });
  assert.deepEqual(hintMarks(view, "b1-d3", 2), { cells: ["b1", "d3"], kind: "hint", text: "b1-d3" });
  assert.deepEqual(hintMarks(view, "d4=5", 1).cells, ["e4"], "a palette click is no cell");
  assert.deepEqual(hintMarks(view, "pass", 1), { cells: [], kind: "hint", text: "pass" });
  assert.equal(hintMarks(view, "z9-z8", 1), null);
});

test("the task is the puzzle's goal in words, said from its message", () => {
  assert.equal(taskWords(puzzle), "Black to play and connect in 2");
  assert.equal(taskWords({}), "Find the best move.");
});

test("the puzzle's opening view is shown without its threat marks and the note naming them", () => {
  const view = {
    highlights: [
      { kind: "threat", cells: ["e1", "h6"] },
      { kind: "last", cells: ["c3"] },
    ],
    annotations: [
      { cell: "e1", text: "4", owner: 0, kind: "threat" },
      { cell: "b2", text: "x", owner: 1, kind: "note" },
    ],
    messages: [
      { id: "view.el.threat", args: {} },
      { id: "view.escabel.maySwap", args: {} },
    ],
  };
  const shown = withoutThreats(view);
  assert.deepEqual(shown.highlights, [{ kind: "last", cells: ["c3"] }]);
  assert.deepEqual(
    shown.annotations.map(a => a.cell),
    ["b2"],
  );
  assert.deepEqual(
    shown.messages.map(m => m.id),
    ["view.escabel.maySwap"],
  );
  assert.ok(!("said_messages" in shown));
  assert.equal(view.highlights.length, 2, "the view given is not changed");
  assert.deepEqual(withoutThreats({ board: 1 }).highlights, []);
});
