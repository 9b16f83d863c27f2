// A small ICU MessageFormat formatter: the page's words come from catalogs
// of such messages (web/i18n/<lang>.json, docs/i18n.md), and this module
// turns one message and its arguments into text.  No dependency; what it
// understands is the part of ICU MessageFormat the catalogs use:
//
//   {name}                          the argument, as text (a number through
//                                   Intl.NumberFormat of the language)
//   {n, number}                     a number, through Intl.NumberFormat
//   {n, plural, =0 {…} one {…} other {…}}
//                                   the branch for n: an exact =value first,
//                                   then n's category by Intl.PluralRules of
//                                   the language (zero one two few many
//                                   other); `#` inside is n, formatted
//   {x, select, a {…} other {…}}    the branch named x's value, else other
//
// Branches nest.  Apostrophes quote as ICU defines: '' is one apostrophe;
// an apostrophe right before { } (or # inside a plural) starts literal text
// up to the next lone apostrophe; any other apostrophe is itself.  (The
// catalogs write the typographic ’ in words, which needs no quoting.)
// A message that does not parse throws a MessageError naming where; a
// plural or select without `other` is refused, as ICU refuses it.

export class MessageError extends Error {}

const TYPES = new Set(["number", "plural", "select"]);

/**
 * The parts of `message`: strings and arguments, e.g. "Hi {who}!" ->
 * ["Hi ", {arg: "who"}, "!"].  Options ({n, plural, …}) are
 * {arg, type, options: {key: parts}}; `#` in a plural is {pound: true}.
 * @param {string} message
 * @returns {Array<any>}
 */
export function parse(message) {
  let at = 0;
  /** @type {(what: string) => never} */
  const fail = what => {
    throw new MessageError(`${what} at ${at} in ${JSON.stringify(message)}`);
  };
  const space = () => {
    while (at < message.length && /\s/.test(message[at])) at++;
  };
  const word = () => {
    space();
    const m = /^[^\s{},#']+/.exec(message.slice(at));
    if (!m) fail("a name expected");
    at += m[0].length;
    space();
    return m[0];
  };
  // text and arguments up to the end, or up to the "}" closing a branch
  const parts = (inPlural, inBranch) => {
    const out = [];
    let text = "";
    const flush = () => {
      if (text) out.push(text);
      text = "";
    };
    while (at < message.length) {
      const c = message[at];
      if (c === "'") {
        const next = message[at + 1];
        if (next === "'") {
          text += "'";
          at += 2;
        } else if (next === "{" || next === "}" || (inPlural && next === "#")) {
          const end = message.indexOf("'", at + 1);
          // (a quote left open runs to the end, as ICU reads it)
          const stop = end < 0 ? message.length : end;
          text += message.slice(at + 1, stop).replaceAll("''", "'");
          at = stop + 1;
        } else {
          text += "'";
          at++;
        }
      } else if (c === "{") {
        flush();
        at++;
        out.push(argument());
      } else if (c === "}") {
        if (!inBranch) fail("a } without its {");
        break;
      } else if (c === "#" && inPlural) {
        flush();
        out.push({ pound: true });
        at++;
      } else {
        text += c;
        at++;
      }
    }
    flush();
    return out;
  };
  const argument = () => {
    const arg = word();
    if (message[at] === "}") {
      at++;
      return { arg };
    }
    if (message[at] !== ",") fail("a , or } expected");
    at++;
    const type = word();
    if (!TYPES.has(type)) fail(`an unknown type ${JSON.stringify(type)}`);
    if (type === "number") {
      if (message[at] !== "}") fail("a } expected");
      at++;
      return { arg, type };
    }
    if (message[at] !== ",") fail("a , expected");
    at++;
    const options = {};
    space();
    while (message[at] !== "}") {
      if (at >= message.length) fail("an option or } expected");
      const key = word();
      if (type === "select" && key.startsWith("=")) fail("an exact value in a select");
      if (message[at] !== "{") fail("a { expected");
      at++;
      if (key in options) fail(`the option ${key} twice`);
      options[key] = parts(type === "plural", true);
      if (message[at] !== "}") fail("a } expected");
      at++;
      space();
    }
    at++;
    if (!("other" in options)) fail(`${arg}'s ${type} without an other`);
    return { arg, type, options };
  };
  const out = parts(false, false);
  if (at < message.length) fail("a } without its {");
  return out;
}

const numberFormats = new Map();
const pluralRules = new Map();

/** Intl.NumberFormat of `lang`, made once (the first one made in a page
 * loads the browser's number data: 45-65 ms of CPU on a slow machine). */
export function numberFormat(lang) {
  if (!numberFormats.has(lang)) numberFormats.set(lang, new Intl.NumberFormat(lang));
  return numberFormats.get(lang);
}

/** Intl.PluralRules of `lang`, made once. */
export function pluralRulesOf(lang) {
  if (!pluralRules.has(lang)) pluralRules.set(lang, new Intl.PluralRules(lang));
  return pluralRules.get(lang);
}

/**
 * `parts` (from parse) with `args` put in, for the language `lang`: an
 * array of strings and of the arguments that are not strings or numbers
 * (elements, say), in order, adjacent strings joined.
 * @param {string} lang
 * @param {Array<any>} parts
 * @param {Record<string, any>} args
 * @returns {Array<any>}
 */
export function formatParts(lang, parts, args = {}) {
  const out = [];
  const put = value => {
    if (typeof value === "string" && typeof out[out.length - 1] === "string") out[out.length - 1] += value;
    else out.push(value);
  };
  const walk = (list, count) => {
    for (const part of list) {
      if (typeof part === "string") put(part);
      else if (part.pound) put(numberFormat(lang).format(count));
      else {
        const value = args[part.arg];
        if (value === undefined) throw new MessageError(`no argument ${part.arg}`);
        if (part.type === "plural") {
          const n = Number(value);
          const exact = part.options[`=${n}`];
          const branch = exact || part.options[pluralRulesOf(lang).select(n)] || part.options.other;
          walk(branch, n);
        } else if (part.type === "select") {
          walk(part.options[String(value)] || part.options.other, count);
        } else if (typeof value === "number" || part.type === "number") {
          put(numberFormat(lang).format(Number(value)));
        } else put(typeof value === "object" ? value : String(value)); // (an element stays one)
      }
    }
  };
  walk(parts, 0);
  return out;
}

/**
 * `message` with `args` put in, as text in the language `lang`.
 * @param {string} lang
 * @param {string} message
 * @param {Record<string, any>} [args]
 */
export function format(lang, message, args = {}) {
  return formatParts(lang, parse(message), args).join("");
}

/**
 * What a message uses: its argument names, and for each plural its option
 * keys (for the catalogs' tests: a translation uses English's arguments and
 * gives every plural category of its language).
 * @param {Array<any>} parts
 * @returns {{args: Set<string>, plurals: Array<{arg: string, keys: string[]}>}}
 */
export function usage(parts) {
  const args = new Set();
  const plurals = [];
  const walk = list => {
    for (const part of list) {
      if (typeof part === "string" || part.pound) continue;
      args.add(part.arg);
      if (part.type === "plural") plurals.push({ arg: part.arg, keys: Object.keys(part.options) });
      for (const branch of Object.values(part.options || {})) walk(branch);
    }
  };
  walk(parts);
  return { args, plurals };
}
