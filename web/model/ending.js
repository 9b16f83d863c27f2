// The end of a game beyond its rules (issue #29): resigning, a draw agreed,
// a game lost on time, an abort; and which of these rituals a game allows
// now.  Pure functions of plain data (the game model's fields, the engine's
// view of the head, the game's info): the page asks, the model keeps.
//
// An ending is `{result, winner, termination, by}`:
//   result       the record's result: "1-0", "0-1", "1/2-1/2" (three and
//                four seats: one score per seat, "0-1-0", "1/3-1/3-1/3");
//   winner       the winning seat, or null for a draw;
//   termination  how it ended: "rules", "resignation", "agreement", "time",
//                "abandoned" (the records' Termination tag);
//   by           the seat who resigned, offered the draw accepted or ran
//                out of time, or null.
// A draw offer is `{by, at, declined}`: the seat who offered, the head line
// when it was made (any move withdraws it), and whether it was declined
// (then that seat may not offer again before a move is played).
//
// The rituals, as on lichess: a human seat (one played on this screen) may
// resign at any time of a game not over, whoever is to move; a game of fewer
// than two moves may be aborted instead (it leaves no trace); a draw may be
// offered, one offer at a time, only in a two-seat game whose rules can end
// in a draw (Escabel's cannot), and the other seat accepts or declines it.
// Resigning and draws are for two seats: a three- or four-seat EL game ends
// by its rules (or is aborted).

import { t } from "../i18n/i18n.js";
import { sameLine } from "./line.js";

export const TERMINATIONS = ["rules", "resignation", "agreement", "time", "abandoned"];

/** The record's result text: `winner` a seat, or null for a draw. */
export function resultText(winner, seats = 2) {
  if (winner == null) return Array(seats).fill(`1/${seats}`).join("-");
  return Array.from({ length: seats }, (_, s) => (s === winner ? "1" : "0")).join("-");
}

/** The winner a result text names: a seat, null (a draw), or undefined (not a result of `seats`). */
export function winnerOf(result, seats = 2) {
  if (result === resultText(null, seats)) return null;
  for (let s = 0; s < seats; s++) if (result === resultText(s, seats)) return s;
  return undefined;
}

/** An ending, made consistent: the result follows the winner.
 * @param {string} termination
 * @param {{winner?: number | null, by?: number | null, seats?: number}} [how] */
export function makeEnding(termination, { winner = null, by = null, seats = 2 } = {}) {
  return { result: resultText(winner, seats), winner, termination, by };
}

/** `seat` resigned: the other seat wins (two seats). */
export const resignation = seat => makeEnding("resignation", { winner: 1 - seat, by: seat });

/** The draw `by` offered was accepted. */
export const agreement = by => makeEnding("agreement", { winner: null, by });

/** `seat` ran out of time: the other wins, or a draw where it could not (`drawn`). */
export const onTime = (seat, drawn = false) =>
  makeEnding("time", { winner: drawn ? null : 1 - seat, by: seat });

/** The ending of a game the rules finished (the view's `outcome`), or null. */
export function endingOfOutcome(outcome, seats = 2) {
  if (!outcome) return null;
  return makeEnding("rules", { winner: outcome.winner ?? null, by: null, seats });
}

const seatOrNull = x => x === null || (Number.isInteger(x) && x >= 0 && x < 4);

/** `data` as an ending when it is a well-formed one, else null (a stored
 * game or a link may hold anything: an unreadable ending is dropped). */
export function readEnding(data) {
  if (!data || typeof data !== "object") return null;
  const { result, winner, termination, by } = data;
  if (!TERMINATIONS.includes(termination) || !seatOrNull(winner) || !seatOrNull(by ?? null)) return null;
  if (typeof result !== "string") return null;
  const seats = result.split("-").length;
  if (seats < 2 || winnerOf(result, seats) !== winner) return null;
  return { result, winner, termination, by: by ?? null };
}

/** The ending a link names (`/end=resignation:0-1`: url.js reads it as
 * {termination, result}), or null when it is not one; who resigned or ran
 * out of time is the loser of a two-seat game. */
export function linkEnding(end) {
  if (!end || typeof end.result !== "string") return null;
  const seats = end.result.split("-").length;
  const winner = winnerOf(end.result, seats);
  if (winner === undefined || seats < 2) return null;
  const loser = seats === 2 && winner != null ? 1 - winner : null;
  const by = ["resignation", "time", "abandoned"].includes(end.termination) ? loser : null;
  return readEnding({ result: end.result, winner, termination: end.termination, by });
}

/**
 * What is wrong with a link's ending (`end`: {termination, result}, url.js)
 * for its game (#47: a link could say a game the rules had not finished was
 * won by them, or that a draw agreed had a winner, and the page took it in):
 * `seats`, the game's players; `outcome`, the engine's outcome of the link's
 * last position (null: not over).  Returns null when it may stand, else the
 * catalog's {key, args} that says why (a link error).
 */
export function linkEndingProblem(end, seats, outcome) {
  const { termination, result } = end;
  const winner = winnerOf(result, seats);
  if (result.split("-").length !== seats || winner === undefined)
    return { key: "link.error.endSeats", args: { result, count: seats } };
  if (termination === "rules") {
    if (!outcome) return { key: "link.error.endNotOver", args: {} };
    const actual = resultText(outcome.winner ?? null, seats);
    return actual === result ? null : { key: "link.error.endOtherResult", args: { result, actual } };
  }
  if (termination === "time")
    return seats > 2 && winner != null ? { key: "link.error.endTimeDraw", args: { result } } : null;
  if (seats !== 2) return { key: "link.error.endTwoPlayers", args: { termination } };
  if (termination === "agreement")
    return winner == null ? null : { key: "link.error.endAgreement", args: { result } };
  return winner == null ? { key: "link.error.endWinner", args: { termination, result } } : null;
}

/** `data` as a draw offer, or null. */
export function readOffer(data) {
  if (!data || typeof data !== "object") return null;
  const { by, at, declined } = data;
  if (!Number.isInteger(by) || by < 0 || !Array.isArray(at) || !at.every(m => typeof m === "string"))
    return null;
  return { by, at: [...at], declined: !!declined };
}

/** The draw offer standing at `head`: made there, not declined. */
export function standingOffer(offer, head) {
  return offer && !offer.declined && sameLine(offer.at, head) ? offer : null;
}

/** Whether the rules of a game (`info`: its GameInfo JSON, with `draws` and
 * `draws_unless`) with these options can end in a draw. */
export function canDraw(info, meta) {
  if (!info || info.draws === false) return false;
  const options = (meta && meta.options) || {};
  return !Object.entries(info.draws_unless || {}).some(([name, text]) => options[name] === text);
}

/** A seat played on this screen by a person ("h"; an empty seat is one). */
export const isHumanSeat = value => !value || value === "h";

/**
 * What the game allows now.  `s`: {players, head, ending, offer, mainLength,
 * headView, info, meta}: the model's players and head, its ending and
 * offer, the length of its main line, the engine's view of the head and the
 * game's info.  Returns {over, undo, resign: [seats], abort, offer: [seats],
 * standing: the offer standing or null, answer: [seats that may accept or
 * decline it]}.  `undo`: a move may be taken back (issue #41): never once
 * the game is over, by its rules or beyond them (a finished game stays
 * finished: it is browsed and analysed; a rematch or a new game starts
 * another); the head's view not known yet, neither.
 */
export function allowed({ players, head, ending, offer, mainLength, headView, info, meta }) {
  const over = !!(ending || (headView && headView.outcome));
  const seats = headView ? headView.players.length : players.length;
  const humans = [];
  for (let s = 0; s < seats; s++) if (isHumanSeat(players[s])) humans.push(s);
  const undo = !over && !!headView && head.length > 0;
  const none = { over, undo, resign: [], abort: false, offer: [], standing: null, answer: [] };
  if (over || !headView || !humans.length) return none;
  const two = seats === 2;
  const standing = standingOffer(offer, head);
  const blocked = s => offer && sameLine(offer.at, head) && offer.by === s; // (its own offer, standing or declined)
  const drawable = two && canDraw(info, meta);
  return {
    over,
    undo,
    resign: two ? humans : [],
    abort: mainLength < 2,
    offer: drawable && !standing ? humans.filter(s => !blocked(s)) : [],
    standing,
    answer: standing ? humans.filter(s => s !== standing.by) : [],
  };
}

/** The seat a one-screen action is for by default: the side to move when it
 * is one of `seats`, else the first of them. */
export function defaultSeat(seats, toMove) {
  return seats.includes(toMove) ? toMove : seats[0];
}

/** The ending in words, in the page's language: {head: "Black wins",
 * detail: "White resigned", sentence: "White resigned — Black wins"}.
 * `names[seat]`; `reason`: the rules' own words for a rules ending (the
 * view's outcome message formatted). */
export function endWords(ending, names, reason = "") {
  const name = s => (s != null && names[s]) || t("player.numbered", { n: (s ?? 0) + 1 });
  const head = ending.winner == null ? t("result.draw") : t("result.wins", { name: name(ending.winner) });
  const by = name(ending.by);
  let detail = "";
  let sentence = "";
  switch (ending.termination) {
    case "resignation":
      detail = t("result.resigned", { name: by });
      sentence = t("result.detailHead", { detail, head });
      break;
    case "agreement":
      detail = t("result.agreed");
      sentence = t("result.drawAgreed");
      break;
    case "time":
      detail = t("result.timeRanOut", { name: by });
      sentence =
        ending.winner == null
          ? t("result.drawOnTime", { name: by })
          : t("result.winsOnTime", { name: name(ending.winner) });
      break;
    case "abandoned":
      detail = t("result.abandoned", { name: by });
      sentence = t("result.detailHead", { detail, head });
      break;
    default:
      detail = reason;
      sentence = reason || head;
  }
  return { head, detail, sentence };
}

/** How a game ended, as the library says it: from the player's side when
 * exactly one seat is played here ("Won by resignation", "Lost on time",
 * "Drawn by agreement"), else with the names ("Black wins: White resigned").
 * `players`: [{seat: "h" | "r" | "c:<level>"}] (the summary's seats,
 * library/seats.js); `end`: {winner, termination, by}; `names[seat]`: the
 * seats' names in the page's language (library/seats.js seatName). */
export function libraryWords(players, end, names = []) {
  const here = players.map((p, s) => (isHumanSeat(p.seat) ? s : -1)).filter(s => s >= 0);
  if (here.length === 1) {
    const mine = end.winner == null ? "drawn" : end.winner === here[0] ? "won" : "lost";
    return t("result.mine", { mine, how: end.termination });
  }
  const words = endWords(end, names);
  return end.termination === "rules"
    ? words.head
    : t("result.headDetail", { head: words.head, detail: words.detail });
}
