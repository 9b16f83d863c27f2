// Messages put together from other messages (the engine's, the browser's),
// which may or may not end in a full stop: browser-free, tested by Node.

/** A sentence from a message that may already end in a full stop. */
export const sentence = text =>
  `${String(text || "")
    .trim()
    .replace(/[.\s]+$/, "")}.`;

/** A message as a clause inside a longer sentence: no full stop of its own
 * ("Games cannot be saved here: ${clause(err.message)}. You can ..."). */
export const clause = text => sentence(text).slice(0, -1);
