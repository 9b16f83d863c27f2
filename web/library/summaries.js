// The library's line summaries: for each stored game, the little that
// finding a link's game needs (its start, its main line, where its player
// was, the ends of its variations), kept in a store of their own beside the
// full entries (library.js writes both in the same transaction).  Opening a
// link reads these summaries, not every full entry (a game's tree, its
// notes, its drawing): with 20,000 games that is the difference between a
// moment and many seconds.  Only the game a summary points to is then read
// whole and checked (a summary is a guide, never the truth).
//
// A summary: {id, updated, start, game, main, head?, ends?, wide?, damaged?}
// where `main` is the main line's key (lineKey: the moves joined by SEP,
// which no move text holds), `head` the key of the line the player was at
// when it is not the main line, `ends` the keys of the other lines that end
// the tree (its variations' last moves), `wide` says the ends were too many
// to keep (a game read whole instead), and `damaged` that the entry cannot
// be opened at all.  Everything here is pure.

import { GameModel } from "../model/game.js";

/** Between the moves of a line's key (no move text holds it). */
export const SEP = "\u0001";

/** The most moves kept over all of a game's ends; more: the summary is "wide". */
export const MOST_END_MOVES = 20_000;

/** A line's key: its moves joined by SEP ("" for the start). */
export function lineKey(line) {
  return line.join(SEP);
}

/** The line of a key. */
export function keyLine(key) {
  return key === "" ? [] : key.split(SEP);
}

/** The summary of a stored entry (`problem`: why the entry cannot be
 * opened, library.problemOf's answer without the list of games, or null). */
export function summaryOf(entry, problem = null) {
  const id = entry && typeof entry === "object" ? entry.id : entry;
  const updated = entry && typeof entry.updated === "number" ? entry.updated : 0;
  let model;
  try {
    if (problem) throw new Error(problem);
    model = GameModel.fromJSON(entry.game);
  } catch {
    return { id, updated, start: "", game: "", main: "", damaged: true };
  }
  const main = model.tree.mainline([]);
  const out = { id, updated, start: model.start, game: model.meta.game, main: lineKey(main) };
  const head = lineKey(model.head);
  if (head !== out.main) out.head = head;
  const ends = endsOf(model.tree.root, main.length);
  if (ends === null) out.wide = true;
  else if (ends.length) out.ends = ends;
  return out;
}

/** The keys of the lines that end a tree other than its main line (a node
 * with no children, reached through a variation), or null when they hold
 * more than MOST_END_MOVES moves in all.  Iterative: any depth. */
function endsOf(root, mainLength) {
  const ends = [];
  let moves = 0;
  const stack = [[root, [], true]];
  while (stack.length) {
    const [node, line, onMain] = stack.pop();
    if (!node.children.length) {
      if (onMain && line.length === mainLength) continue; // (the main line's own end)
      moves += line.length;
      if (moves > MOST_END_MOVES) return null;
      ends.push(lineKey(line));
      continue;
    }
    node.children.forEach((child, i) => {
      stack.push([child, [...line, child.move], onMain && i === 0]);
    });
  }
  return ends;
}

/** Is a summary as summaryOf writes it (a store's record may be anything)? */
export function isSummary(s) {
  return (
    !!s &&
    typeof s === "object" &&
    (typeof s.id === "string" || typeof s.id === "number") &&
    typeof s.updated === "number" &&
    typeof s.start === "string" &&
    typeof s.game === "string" &&
    typeof s.main === "string" &&
    (s.head === undefined || typeof s.head === "string") &&
    (s.ends === undefined || (Array.isArray(s.ends) && s.ends.every(e => typeof e === "string")))
  );
}

/** Does the line of `key` reach the node of `lineKeyed` (is it a prefix of it, or it)? */
function reaches(key, lineKeyed) {
  return key === lineKeyed || key.startsWith(lineKeyed + SEP);
}

/** How a link's line relates to a summary's game, as open.relation()
 * answers for its tree: "same", "extends", "older", null, or "unsure" (a
 * wide summary: only the game read whole can say "older" or not). */
export function summaryRelation(s, line) {
  if (!line.length) return null;
  const key = lineKey(line);
  if (s.main === key) return "same";
  if (s.main === "" || key.startsWith(s.main + SEP)) return "extends";
  if (reaches(s.main, key) || (s.ends || []).some(end => reaches(end, key))) return "older";
  return s.wide ? "unsure" : null;
}

/** The line the player was at in a summary's game. */
export function headOf(s) {
  return keyLine(s.head === undefined ? s.main : s.head);
}

/** Newest first (by `updated`), as the list shows them. */
export function byNewestSummary(a, b) {
  return b.updated - a.updated;
}
