// The engine's words in the player's language (issue #33, docs/i18n.md "The
// engine's words").  The engine says a move, a result or an error as a
// message, `{id, args}` (py/gamut/messages.py), never as a sentence of one
// language; this module formats it from the page's catalog, where the id is
// a key (`move.loa.step`, `result.evl.markers`, `seat.black`).
//
// An argument is a number, a text (a cell, a move's notation), another
// message (a seat's name, a clause: formatted first, then put in), or a
// list, `{id: "list.and" | "list.or", args: {items}}`, said by
// Intl.ListFormat of the language.  English lists are British ("a, b and
// c", no comma before "and"), as the engine's own English says them.

import { has, language, t, tEnglish } from "../i18n/i18n.js";

const LISTS = { "list.and": "conjunction", "list.or": "disjunction" };

/** Whether `x` is a message of the engine ({id, args}). */
export const isMessage = x => !!x && typeof x === "object" && typeof x.id === "string";

/** A list formatter (English: British usage, as the engine's). */
const listFormat = (lang, type) =>
  new Intl.ListFormat(lang === "en" ? "en-GB" : lang, { style: "long", type });

/** The page's language, or English, as formatMessage says a message in it. */
const PAGE = { lang: language, t };
const ENGLISH = { lang: () => "en", t: tEnglish };

/** An argument as what the catalog's formatter takes: a message or a list as text. */
function argument(value, say) {
  if (isMessage(value)) return sayMessage(value, say);
  if (Array.isArray(value))
    return listFormat(say.lang(), "conjunction").format(value.map(v => String(argument(v, say))));
  return value;
}

function sayMessage(message, say) {
  if (!isMessage(message)) return message == null ? "" : String(message);
  const args = message.args || {};
  if (message.id in LISTS) {
    const items = (args.items || []).map(v => String(argument(v, say)));
    return listFormat(say.lang(), LISTS[message.id]).format(items);
  }
  /** @type {Record<string, any>} */
  const put = {};
  for (const [name, value] of Object.entries(args)) put[name] = argument(value, say);
  return say.t(message.id, put);
}

/** The engine's message `message` as text in the page's language; a text
 * (an engine of an earlier version, or words not yet made messages) is
 * itself. */
export const formatMessage = message => sayMessage(message, PAGE);

/** The engine's message `message` in English, whatever the page's language
 * (the library's search finds a seat by its English name too). */
export const englishMessage = message => sayMessage(message, ENGLISH);

/** The engine's `describe` answer ({move, said, turnSaid}: the last move and
 * whose turn, as messages) with its words in the page's language: `text`, the
 * move said ("" at the start), and `turn`. */
export function describedWords(described) {
  if (!described) return described;
  return { ...described, text: formatMessage(described.said), turn: formatMessage(described.turnSaid) };
}

/** The move box's answer to a command (the engine's `enter` answer, {answer}: a message) in the page's language. */
export const enteredWords = r => formatMessage(r && r.answer);

/** The engine's `explain` answer ({said}: a message, or a toy game's text) with `message`, its words in the page's language. */
export const explained = r => (r ? { ...r, message: formatMessage(r.said) } : r);

/** An engine error's words: its message (`said`) in the page's language,
 * else `text`, its English (an error the engine raised without a message:
 * a toy game's, or one of the worker's start). */
export const saidOr = (said, text) => (isMessage(said) ? formatMessage(said) : text);

// ---------------------------------------------------------------------------
// The view's words (docs/i18n.md "The view's words"): every readable text of
// the engine's view is a message and only a message (issue #43): a player's
// `said` (its name), a counter's `said` ("12 pieces"), a move's `said` (its
// button), the select step's `said` (its prompt), the outcome's `said`, and
// the notes, `messages`.  The page says them in its language; there is no
// English beside them to fall back on.

/** Seat `seat`'s name in the view, in the page's language (null when the view has no such seat). */
export function playerWords(view, seat) {
  const player = view && view.players && view.players[seat];
  return player && isMessage(player.said) ? formatMessage(player.said) : null;
}

/** The view's counters of seat `seat` in words ("12 Steine", "3 von 10 Markern gesetzt"). */
export const counterWords = (view, seat) =>
  (view.counters || []).filter(c => c.owner === seat).map(c => formatMessage(c.said));

/** The view's notes (threats, a swap offered, …) in the page's language. */
export const noteWords = view => (view.messages || []).map(formatMessage);

/** A move's button words in the page's language ("Seiten tauschen"), or
 * null for a move without (its button shows its notation, or the page's
 * own words). */
export const moveWords = move => (move && isMessage(move.said) ? formatMessage(move.said) : null);

/** What the view's select step asks to mark, in the page's language, or null. */
export const selectWords = view =>
  view && view.select && isMessage(view.select.said) ? formatMessage(view.select.said) : null;

/** A key of the catalog, or `fallback` when English's catalog has no such
 * key (asked first: a key the catalogs need not have is no missing word). */
function known(key, fallback) {
  if (!has(key)) return fallback;
  const words = t(key);
  return words === key ? fallback : words;
}

// A game's variants and options are named by the catalogs alone (#43): the
// engine's list of games says their ids, no English (every registered game's
// keys are in every catalog: tests/test_view_words.py).  A key a catalog
// lacks falls back to the id (a name) or to nothing (a line of description).

/** A variant's name in the page's language (`variant.<game>.<id>`; else its id). */
export const variantWords = (game, variant) => known(`variant.${game}.${variant}`, variant);

/** An option's label and a value of it, in the page's language
 * (`option.<game>.<name>`, `option.value.<value>`; numbers stay). */
export const optionWords = (game, name) => known(`option.${game}.${name}`, name);
export const optionValueWords = value => known(`option.value.${value}`, String(value));

/** A game's, a variant's or an option's line of description in the page's
 * language (`game.<id>.about`, `variant.<game>.<id>.about`,
 * `option.<game>.<name>.about`; else ""). */
export const gameAboutWords = game => known(`game.${game}.about`, "");
export const variantAboutWords = (game, variant) => known(`variant.${game}.${variant}.about`, "");
export const optionAboutWords = (game, name) => known(`option.${game}.${name}.about`, "");
