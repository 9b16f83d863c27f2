// The scanner of tests/js/i18n-lint.test.mjs: the string literals of a
// script that look like words a player reads (not class names, ids, keys,
// URLs or catalog keys).  Kept apart so that its fixture test can run it
// on code written to fail.

/** Key names of keyboard events, which start with a capital but are no
 * words where a key is compared (`e.key === "Delete"`); anywhere else
 * ("Delete" on a button) they are words like any other. */
const KEY_NAMES = new Set([
  "Escape",
  "Enter",
  "Home",
  "End",
  "Tab",
  "Backspace",
  "Delete",
  "PageUp",
  "PageDown",
  "ArrowLeft",
  "ArrowRight",
  "ArrowUp",
  "ArrowDown",
  "Shift",
  "Control",
  "Alt",
  "Meta",
]);

/** Does `text` (a literal's content) read as words for a player? */
export function looksLikeWords(text) {
  // (a placeholder stands for a value, not words: only the text around it can make words)
  if (!/[A-Za-z]/.test(text.replace(/\$\{[^}]*\}/g, ""))) return false;
  const s = text.replace(/\$\{[^}]*\}/g, "¤").trim();
  if (/^\(?[a-z-]+: ?[a-z0-9-]+\)?$/.test(s)) return false; // a media feature: "(pointer: coarse)"
  if (/^[A-Z][a-z’']+(?:$|[\s,.:;!?…'’)])/.test(s)) return true; // "Close", "Sound is on"
  if (/[A-Za-z][,.:;?!…] [A-Za-z]/.test(s)) return true; // "moves, captures, …"
  if (/(?:^| )[a-z’']{2,} [a-z’']{2,} [a-z’']{2,}(?: |$)/.test(s)) return true; // "two players on one screen"
  // "${name} wins", "${n} to ${m}", "${n} move${s}" (not a list of classes, "ann-${kind} ghost")
  if (/¤ [a-z’']{2,}(?:[ .,:;!?…¤]|$)/.test(s) && !/[a-z]-¤/.test(s)) return true;
  return false;
}

/**
 * The string literals of `source` (JavaScript) that look like words, as
 * {line, text}; comments are skipped, and so is a line that says
 * "i18n: not words" (an exception that explains itself), and the
 * arguments of console.*, Error(…) and the catalog's own t("key").
 * @param {string} source
 */
export function wordsIn(source) {
  const found = [];
  const lines = source.split("\n");
  let i = 0;
  let line = 1;
  let lastSignificant = "";
  const ignoredLine = n => /i18n: not words/.test(lines[n - 1] || "");
  const before = at => source.slice(Math.max(0, at - 40), at);
  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    if (c === "\n") line++;
    if (c === "/" && next === "/") {
      while (i < source.length && source[i] !== "\n") i++;
      continue;
    }
    if (c === "/" && next === "*") {
      const end = source.indexOf("*/", i + 2);
      const stop = end < 0 ? source.length : end + 2;
      line += (source.slice(i, stop).match(/\n/g) || []).length;
      i = stop;
      continue;
    }
    if (c === "/" && /[(,=:[!&|?{};]|^$/.test(lastSignificant)) {
      // a regular expression literal
      i++;
      let inClass = false;
      while (i < source.length && source[i] !== "\n") {
        if (source[i] === "\\") i++;
        else if (source[i] === "[") inClass = true;
        else if (source[i] === "]") inClass = false;
        else if (source[i] === "/" && !inClass) break;
        i++;
      }
      i++;
      lastSignificant = "/";
      continue;
    }
    if (c === '"' || c === "'" || c === "`") {
      const startLine = line;
      const start = i;
      let text = "";
      i++;
      while (i < source.length && source[i] !== c) {
        if (source[i] === "\\") {
          text += source[i + 1];
          i += 2;
          continue;
        }
        if (c === "`" && source[i] === "$" && source[i + 1] === "{") {
          let depth = 0;
          const from = i;
          while (i < source.length) {
            if (source[i] === "{") depth++;
            if (source[i] === "}" && --depth === 0) break;
            i++;
          }
          text += source.slice(from, i + 1);
          i++;
          continue;
        }
        if (source[i] === "\n") line++;
        text += source[i];
        i++;
      }
      i++;
      lastSignificant = c;
      const context = before(start);
      const exempt =
        /(?:console\.\w+|Error|\bt|tParts)\(\s*$/.test(context) ||
        (KEY_NAMES.has(text) && /(?:[!=]==?|\bcase)\s*$/.test(context)) ||
        ignoredLine(startLine) ||
        ignoredLine(line);
      if (!exempt && looksLikeWords(text)) found.push({ line: startLine, text });
      continue;
    }
    if (!/\s/.test(c)) lastSignificant = c;
    i++;
  }
  return found;
}
