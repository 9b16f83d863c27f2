// The move box's reading commands in the player's language (#41): each
// command word of the engine (English: turn, last, score, pieces, rank,
// row, file, column, cell, moves, help) has a word in every catalog
// (`movebox.command.<word>`), and a command typed with the language's word
// reaches the engine as its English one; the English words keep working.
// A player named in a command ("steine schwarz") by the page's name of
// the seat goes to the engine as the seat's number ("pieces 1"), which
// the engine reads in any language.  Anything else (a move: notation is
// the same in every language) goes to the engine as typed.

import { t } from "../i18n/i18n.js";

/** The engine's command words (py/gamut/words.py COMMANDS). */
export const COMMANDS = [
  "turn",
  "last",
  "score",
  "pieces",
  "rank",
  "row",
  "file",
  "column",
  "cell",
  "moves",
  "help",
];

/** A word as compared: lower case, without accents ("Züge" and "zuge" are one). */
const folded = word => word.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** The language's command words: folded word -> English command (the English words too). */
export function commandWords() {
  const words = new Map(COMMANDS.map(c => [c, c]));
  for (const command of COMMANDS) {
    const own = t(`movebox.command.${command}`);
    if (own) words.set(folded(own), command);
  }
  return words;
}

/** `text` as the engine reads it: a command of the language's words in its
 * English words, a player named by the page's name as the seat's number;
 * any other text as it is.  `seatNames`: the page's name of each seat. */
export function englishCommand(text, words = commandWords(), seatNames = []) {
  const parts = text.trim().split(/\s+/);
  const command = words.get(folded(parts[0] || ""));
  if (!command) return text;
  let rest = parts.slice(1).join(" ");
  if (command === "pieces" && rest) {
    const wanted = folded(rest);
    const seat = seatNames.findIndex(name => {
      const full = folded(name);
      return full === wanted || full.split(/[^\p{L}\p{N}]+/u).includes(wanted);
    });
    if (seat >= 0) rest = String(seat + 1);
  }
  return rest ? `${command} ${rest}` : command;
}
