// The end of a game beyond its rules (issue #29): web/model/ending.js (the
// rituals: who may resign, abort, offer or answer a draw; the ending's
// words), its place in the game model (web/model/game.js: kept, merged, no
// move on the main line after it), in links (web/model/url.js) and the
// computer's answer to a draw offer (web/engine/drawoffer.js).
import test from "node:test";
import assert from "node:assert/strict";
import {
  agreement,
  allowed,
  canDraw,
  defaultSeat,
  endWords,
  endingOfOutcome,
  libraryWords,
  linkEnding,
  onTime,
  readEnding,
  readOffer,
  resignation,
  resultText,
  standingOffer,
  winnerOf,
} from "../../web/model/ending.js";
import { GameModel } from "../../web/model/game.js";
import * as link from "../../web/model/url.js";
import { LEVEL_BAND, answerOffer, judgeOffer } from "../../web/engine/drawoffer.js";

const START = "loa standard double-connection=mover start";
const META = { game: "loa", variant: "standard", options: { "double-connection": "mover" } };
const LOA = { id: "loa", draws: true, draws_unless: {} };
const EL = { id: "el", draws: true, draws_unless: { "full-board": "second-wins" } };
const ESCABEL = { id: "escabel", draws: false, draws_unless: {} };

const played = (moves, players = ["h", "h"]) => {
  const m = new GameModel({ start: START, meta: META, players });
  for (const move of moves) m.play(move);
  return m;
};
const headView = (toMove = 0, outcome = null, seats = 2) => ({
  players: Array.from({ length: seats }, (_, i) => ({ name: ["White", "Black", "Red", "Blue"][i] })),
  to_move: toMove,
  outcome,
});
const rituals = (m, over = {}) =>
  allowed({
    players: m.players,
    head: m.head,
    ending: m.ending,
    offer: m.offer,
    mainLength: m.tree.mainline([]).length,
    headView: headView(m.head.length % 2),
    info: LOA,
    meta: META,
    ...over,
  });

test("results: one score per seat, the winner's 1, a draw shared", () => {
  assert.equal(resultText(0), "1-0");
  assert.equal(resultText(1), "0-1");
  assert.equal(resultText(null), "1/2-1/2");
  assert.equal(resultText(2, 3), "0-0-1");
  assert.equal(resultText(null, 4), "1/4-1/4-1/4-1/4");
  assert.equal(winnerOf("0-1"), 1);
  assert.equal(winnerOf("1/2-1/2"), null);
  assert.equal(winnerOf("1-1"), undefined);
  assert.deepEqual(resignation(0), { result: "0-1", winner: 1, termination: "resignation", by: 0 });
  assert.deepEqual(agreement(1), { result: "1/2-1/2", winner: null, termination: "agreement", by: 1 });
  assert.deepEqual(onTime(1), { result: "1-0", winner: 0, termination: "time", by: 1 });
  assert.equal(onTime(1, true).result, "1/2-1/2");
  assert.deepEqual(
    endingOfOutcome({ winner: 1, cells: [], said: { id: "result.loa.bothMover", args: {} } }),
    {
      result: "0-1",
      winner: 1,
      termination: "rules",
      by: null,
    },
  );
  assert.equal(endingOfOutcome(null), null);
});

test("an ending or offer that cannot be read is dropped, never half-kept", () => {
  assert.deepEqual(readEnding(resignation(1)), resignation(1));
  for (const bad of [
    null,
    "1-0",
    { result: "1-0", winner: 1, termination: "resignation", by: 0 }, // the result names another winner
    { result: "1-0", winner: 0, termination: "forfeit", by: 1 },
    { result: "2-0", winner: 0, termination: "time", by: 1 },
    { result: "1-0", winner: "0", termination: "time", by: 1 },
  ])
    assert.equal(readEnding(bad), null, JSON.stringify(bad));
  assert.deepEqual(readOffer({ by: 1, at: ["a"] }), { by: 1, at: ["a"], declined: false });
  assert.equal(readOffer({ by: -1, at: [] }), null);
  assert.equal(readOffer({ by: 0, at: [1] }), null);
});

test("resigning: any human seat of a two-seat game not over, whoever is to move", () => {
  const m = played(["a", "b", "c"], ["h", "c:strong"]);
  const r = rituals(m);
  assert.deepEqual(r.resign, [0]); // (the computer does not resign)
  assert.equal(r.over, false);
  assert.deepEqual(rituals(played(["a"])).resign, [0, 1]); // one screen: either
  assert.deepEqual(rituals(played(["a"], ["r", "h"])).resign, [1]); // by link: the seat played here
  assert.deepEqual(rituals(played(["a"], ["c:beginner", "c:master"])).resign, []);
  // a game over, by its rules or ended already, allows nothing
  const over = rituals(m, {
    headView: headView(0, { winner: 0, cells: [], said: { id: "result.draw", args: {} } }),
  });
  assert.deepEqual([over.over, over.resign, over.abort, over.offer], [true, [], false, []]);
  m.end(resignation(0));
  assert.deepEqual(rituals(m).resign, []);
  // three or four seats end by their rules (or are aborted)
  const three = rituals(played([]), { headView: headView(0, null, 3), players: ["h", "h", "h"] });
  assert.deepEqual([three.resign, three.offer, three.abort], [[], [], true]);
});

test("abort only while fewer than two moves are on the main line", () => {
  assert.equal(rituals(played([])).abort, true);
  assert.equal(rituals(played(["a"])).abort, true);
  assert.equal(rituals(played(["a", "b"])).abort, false);
  const back = played(["a", "b"]);
  back.takeBack(["a"]); // (the moves taken back are still the game's main line)
  assert.equal(rituals(back).abort, false);
});

test("draw offers: only where the rules know draws, one at a time, withdrawn by a move", () => {
  assert.equal(canDraw(LOA, META), true);
  assert.equal(canDraw(ESCABEL, { options: {} }), false);
  assert.equal(canDraw(EL, { options: { "full-board": "draw" } }), true);
  assert.equal(canDraw(EL, { options: { "full-board": "second-wins" } }), false);
  assert.equal(canDraw(null, META), false);
  const m = played(["a", "b"]);
  assert.deepEqual(rituals(m).offer, [0, 1]);
  assert.deepEqual(rituals(m, { info: ESCABEL }).offer, []);
  m.setOffer({ by: 0, at: m.head });
  let r = rituals(m);
  assert.deepEqual(r.standing, { by: 0, at: ["a", "b"], declined: false });
  assert.deepEqual(r.offer, []); // one pending offer at a time
  assert.deepEqual(r.answer, [1]);
  // declined: the offerer may not offer again before a move; the other may
  m.setOffer({ ...m.offer, declined: true });
  r = rituals(m);
  assert.equal(r.standing, null);
  assert.deepEqual(r.offer, [1]);
  // a move withdraws any offer
  m.setOffer({ by: 1, at: m.head });
  m.play("c");
  assert.equal(m.offer, null);
  assert.deepEqual(rituals(m).offer, [0, 1]);
  assert.equal(standingOffer({ by: 0, at: ["a"] }, ["a", "b"]), null);
  // against the computer the human offers; the computer answers (no seat here to answer)
  const c = played(["a", "b"], ["h", "c:casual"]);
  c.setOffer({ by: 0, at: c.head });
  assert.deepEqual(rituals(c).answer, []);
  assert.equal(defaultSeat([0, 1], 1), 1);
  assert.equal(defaultSeat([1], 0), 1);
});

test("accepting ends the game in a draw and takes the offer away", () => {
  const m = played(["a", "b"]);
  m.setOffer({ by: 1, at: m.head });
  m.end(agreement(1));
  assert.deepEqual(m.ending, agreement(1));
  assert.equal(m.offer, null);
});

test("a move may be taken back while the game goes on, never once it is over (#41)", () => {
  const m = played(["a", "b", "c"], ["h", "c:beginner"]);
  assert.equal(rituals(m).undo, true);
  assert.equal(rituals(played([])).undo, false); // (nothing to take back)
  assert.equal(rituals(m, { headView: null }).undo, false); // (the head not known yet)
  // won by its rules: the winning move stays, against the computer or on one screen
  const won = { winner: 0, cells: ["a1"], said: { id: "result.draw", args: {} } };
  assert.equal(rituals(m, { headView: headView(1, won) }).undo, false);
  assert.equal(rituals(played(["a", "b"]), { headView: headView(0, won) }).undo, false);
  assert.equal(
    rituals(played(["a"], ["c:beginner", "c:master"]), { headView: headView(1, won) }).undo,
    false,
  );
  // ended beyond its rules
  m.end(resignation(0));
  assert.equal(rituals(m).undo, false);
});

test("after an ending the game is over: no takeback, no move on its main line, the head stays", () => {
  const m = played(["a", "b", "c"], ["h", "c:strong"]);
  m.end(resignation(0));
  assert.equal(m.takeBack(["a"]), false);
  assert.equal(m.redo(), false);
  assert.throws(() => m.play("d"), /over/); // the main line's end
  assert.equal(m.playAt(m.head, "d"), null); // (a computer's move found too late)
  assert.deepEqual(m.tree.mainline([]), ["a", "b", "c"]);
  // from an earlier position a move is a variation (the board is analysis now)
  m.goTo(["a"]);
  const line = m.play("x");
  assert.deepEqual(line, ["a", "x"]);
  assert.deepEqual(m.viewed, ["a", "x"]);
  assert.deepEqual(m.head, ["a", "b", "c"]);
  assert.deepEqual(m.tree.mainline([]), ["a", "b", "c"]);
  m.play("y"); // (a variation goes on: it is not the main line)
  assert.deepEqual(m.tree.mainline([]), ["a", "b", "c"]);
});

test("the ending and the offer are kept with the game and merged from another copy", () => {
  const m = played(["a", "b"]);
  m.setOffer({ by: 0, at: m.head });
  const again = GameModel.fromJSON(JSON.parse(JSON.stringify(m.toJSON())));
  assert.deepEqual(again.offer, m.offer);
  m.end(resignation(1));
  const saved = JSON.parse(JSON.stringify(m.toJSON()));
  assert.deepEqual(saved.ending, resignation(1));
  assert.deepEqual(GameModel.fromJSON(saved).ending, resignation(1));
  // an older save (no ending) still loads, and a damaged ending is dropped
  const { ending: _e, ...older } = saved;
  assert.equal(GameModel.fromJSON(older).ending, null);
  assert.equal(GameModel.fromJSON({ ...saved, ending: { result: "9-9" } }).ending, null);
  // another tab resigned: the ending comes in with a merge, and is never undone by an older copy
  const other = played(["a", "b"]);
  assert.ok(other.merge(saved) >= 1);
  assert.deepEqual(other.ending, resignation(1));
  assert.equal(m.merge(older), 0);
  assert.deepEqual(m.ending, resignation(1));
  // an offer this tab declined is not brought back by a copy saved before
  const d = played(["a", "b"]);
  d.setOffer({ by: 0, at: d.head });
  const before = JSON.parse(JSON.stringify(d.toJSON()));
  d.setOffer({ ...d.offer, declined: true });
  d.merge(before);
  assert.equal(d.offer.declined, true);
});

test("links carry the end and the offer; older links still read", () => {
  const base = { game: "loa", variant: "standard", options: {}, moves: ["b1-d3", "a2-c4"], ply: null };
  const end = { termination: "agreement", result: "1/2-1/2" };
  const text = link.format({ ...base, players: ["h", "r"], end });
  assert.equal(text, "#v1/loa/standard/-/b1-d3,a2-c4/players=h,r/end=agreement:1/2-1/2");
  assert.deepEqual(link.parse(text).end, end);
  const offered = link.format({ ...base, offer: 1, start: "loa standard x=y a/b" });
  assert.match(offered, /\/offer=1\/start=/);
  const parsed = link.parse(offered);
  assert.equal(parsed.offer, 1);
  assert.equal(parsed.start, "loa standard x=y a/b");
  assert.deepEqual(link.parse("#v1/loa/standard/-/b1-d3/end=resignation:0-1").end, {
    termination: "resignation",
    result: "0-1",
  });
  assert.equal("end" in link.parse("#v1/loa/standard/-/b1-d3"), false); // (as before)
  for (const bad of [
    "#v1/loa/standard/-/b1-d3/end=quit:0-1",
    "#v1/loa/standard/-/b1-d3/end=resignation:2-0",
    "#v1/loa/standard/-/b1-d3/end=resignation",
    "#v1/loa/standard/-/b1-d3/offer=x",
    "#v1/loa/standard/-/b1-d3/offer=1/end=resignation:0-1", // (out of order)
    "#v1/loa/standard/-/b1-d3/draw=1",
  ])
    assert.throws(() => link.parse(bad), link.LinkError, bad);
});

test("a game's link holds its ending and a standing offer; a link's model takes them in", () => {
  const m = played(["a", "b"], ["h", "r"]);
  m.setOffer({ by: 0, at: m.head });
  assert.match(m.fragment(), /\/players=h,r\/offer=0$/);
  const far = GameModel.fromLink(link.parse(m.fragment()), START);
  assert.deepEqual(far.offer, { by: 0, at: ["a", "b"], declined: false });
  m.setOffer({ ...m.offer, declined: true });
  assert.doesNotMatch(m.fragment(), /offer/); // (a declined offer is not sent)
  m.end(resignation(1));
  assert.match(m.fragment(), /\/end=resignation:1-0$/);
  const ended = GameModel.fromLink(link.parse(m.fragment()), START);
  assert.deepEqual(ended.ending, resignation(1)); // (who resigned: the loser)
  assert.deepEqual(linkEnding({ termination: "agreement", result: "1/2-1/2" }), agreement(null));
  assert.equal(linkEnding({ termination: "time", result: "1-1" }), null);
  // the same game here takes a friend's link's ending in
  const here = played(["a", "b"], ["h", "r"]);
  assert.equal(here.adoptEnd(ended), true);
  assert.deepEqual(here.ending, resignation(1));
  assert.equal(here.adoptEnd(far), false); // (an ended game takes no offer)
});

test("the ending in words, and in the library from the player's side", () => {
  const names = ["White", "Black"];
  assert.equal(endWords(resignation(0), names).sentence, "White resigned — Black wins");
  assert.equal(endWords(agreement(1), names).sentence, "Draw agreed");
  assert.equal(endWords(onTime(0), names).sentence, "Black wins on time");
  assert.equal(endWords(onTime(0, true), names).sentence, "Draw: White's time ran out");
  const rules = endingOfOutcome({ winner: 1 });
  assert.equal(endWords(rules, names, "Black connected all pieces").sentence, "Black connected all pieces");
  assert.equal(endWords(rules, names).head, "Black wins");
  const vsComputer = [
    { said: { id: "seat.black", args: {} }, seat: "h" },
    { said: { id: "seat.white", args: {} }, seat: "c:strong" },
  ];
  assert.equal(libraryWords(vsComputer, resignation(0)), "Lost by resignation");
  assert.equal(libraryWords(vsComputer, resignation(1)), "Won by resignation");
  assert.equal(libraryWords(vsComputer, agreement(0)), "Drawn by agreement");
  assert.equal(libraryWords(vsComputer, endingOfOutcome({ winner: 0 })), "Won");
  const far = [{ seat: "r" }, { seat: "h" }];
  assert.equal(libraryWords(far, onTime(1)), "Lost on time");
  const oneScreen = [{ seat: "h" }, { seat: "h" }];
  // (the seats' names as the row says them, from their messages: library/seats.js)
  const rowNames = ["Black", "White"];
  assert.equal(libraryWords(oneScreen, resignation(0), rowNames), "White wins: Black resigned");
  assert.equal(libraryWords(oneScreen, endingOfOutcome({ winner: 0 }), rowNames), "Black wins");
  assert.equal(libraryWords(oneScreen, resignation(0)), "Player 2 wins: Player 1 resigned");
});

test("the computer accepts a draw only when its chances are level", async () => {
  const at = chance => ({ chances: [chance, 1 - chance], winner: null });
  assert.deepEqual(LEVEL_BAND, [0.45, 0.55]);
  assert.equal(judgeOffer(at(0.5), 0).accept, true);
  assert.equal(judgeOffer(at(0.45), 1).accept, true);
  assert.equal(judgeOffer(at(0.56), 0).accept, false); // it stands better: it plays on
  assert.equal(judgeOffer(at(0.3), 0).accept, false); // clearly worse is not level either
  assert.equal(judgeOffer(at(0.3), 1).accept, false);
  assert.equal(judgeOffer({ chances: [1, 0], winner: 0, mate_in: 3 }, 1).accept, false);
  assert.equal(judgeOffer({ chances: null }, 0).accept, false);
  // asked of the engine: a search of the position, judged for the computer's seat
  const asked = [];
  const engine = chances => ({
    think(params) {
      asked.push(params);
      return { promise: Promise.resolve({ chances, winner: null }), cancel() {} };
    },
  });
  const yes = await answerOffer(engine([0.52, 0.48]), { start: START, line: ["a"], seat: 1 }).promise;
  assert.equal(yes.accept, true);
  assert.equal(asked[0].start, START);
  assert.deepEqual(asked[0].line, ["a"]);
  const no = await answerOffer(engine([0.2, 0.8]), { start: START, line: ["a"], seat: 1 }).promise;
  assert.deepEqual(no, { accept: false, chance: 0.8 });
  const failing = {
    think: () => ({
      promise: Promise.reject(Object.assign(new Error("over"), { type: "RequestError" })),
      cancel() {},
    }),
  };
  assert.equal((await answerOffer(failing, { start: START, line: [], seat: 0 }).promise).accept, false);
});

test("a link's ending is checked against its game: the attack's contradictions are refused, saying why", async () => {
  const { linkEndingProblem } = await import("../../web/model/ending.js");
  const problem = (end, seats = 2, outcome = null) => {
    const [termination, result] = end.split(":");
    return linkEndingProblem({ termination, result }, seats, outcome)?.key ?? null;
  };
  // (#47's links: each was taken in, shown as "Black wins" then "null", or dropped silently)
  assert.equal(problem("rules:1-0"), "link.error.endNotOver");
  assert.equal(problem("resignation:1-0-0-0"), "link.error.endSeats");
  assert.equal(problem("agreement:1-0"), "link.error.endAgreement");
  assert.equal(problem("time:1/3-1/3"), "link.error.endSeats");
  assert.equal(problem("resignation:1/4-1/4"), "link.error.endSeats");
  assert.equal(problem("abandoned:0-0"), "link.error.endSeats");
  assert.equal(problem("resignation:1/2-1/2"), "link.error.endWinner");
  assert.equal(problem("rules:0-1", 2, { winner: 0 }), "link.error.endOtherResult");
  assert.equal(problem("resignation:1-0-0", 3), "link.error.endTwoPlayers");
  assert.equal(problem("time:1-0-0", 3), "link.error.endTimeDraw");
  // what a game can end with stands
  for (const good of ["resignation:0-1", "agreement:1/2-1/2", "time:1-0", "time:1/2-1/2", "abandoned:1-0"])
    assert.equal(problem(good), null, good);
  assert.equal(problem("rules:1-0", 2, { winner: 0 }), null);
  assert.equal(problem("rules:1/2-1/2", 2, { winner: null }), null);
  assert.equal(problem("time:1/3-1/3-1/3", 3), null);
  assert.equal(problem("rules:0-0-1", 3, { winner: 2 }), null);
});

test("a link longer than a game may be is refused as a link's problem, typed (not 'Something went wrong')", () => {
  const moves = Array.from({ length: 5001 }, (_, i) => `m${i}`);
  assert.throws(
    () => GameModel.fromLink({ game: "loa", variant: "standard", options: {}, moves }, START),
    err => err.type === "TreeError" && /5,000/.test(err.message),
  );
});
