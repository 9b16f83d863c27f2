// A line: the moves from a game's start position to one of its positions,
// as an array of move texts (["b1-d3", "a2-c4"]; the start is []).  A move is
// only its text here: which moves are legal the engine says.  Lines are
// values, compared move by move as strings: in a game tree (tree.js) a line
// names at most one node, as siblings have distinct move texts.

/** Length of the shared start of two lines. */
export function commonPrefix(a, b) {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  return i;
}

/** Do two lines name the same node? */
export function sameLine(a, b) {
  return a.length === b.length && commonPrefix(a, b) === a.length;
}

/** Does line `b` start with line `a` (the same line included)? */
export const isPrefix = (a, b) => a.length <= b.length && a.every((m, i) => m === b[i]);
