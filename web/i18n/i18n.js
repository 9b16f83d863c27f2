// The page's words in the player's language (docs/i18n.md).  One piece of
// state: the language in force and its catalog, loaded once at boot
// (app.js waits for `wordsReady`, by which the markup's words are in, before
// it draws a word of its own) and never changed
// while the page runs: choosing another language in the settings stores it
// and reloads the page (the games are saved on the way out).
//
//   t(key, args)         a message of the catalog as text
//   has(key)             whether the catalogs know the key (optional words)
//   tParts(key, args)    the same as parts, where args may be elements
//                        (a sentence with a link in it)
//   translate(root)      the markup's words: every element under root with
//                        data-i18n="key" gets the message as its text (its
//                        children marked data-i18n-part="name" are kept and
//                        put where the message says {name}; data-i18n-args
//                        holds other arguments, as JSON); data-i18n-title,
//                        data-i18n-aria-label, data-i18n-label and
//                        data-i18n-placeholder set those attributes
//
// A key missing from the catalog falls back to English (a warning on a
// development server, never an error); a key English lacks shows as itself.

import { formatParts, numberFormat, parse, pluralRulesOf } from "./format.js";
import { chooseLanguage, SOURCE, STORAGE_KEY } from "./languages.js";
import { webStorage } from "../store/local.js";

const state = {
  lang: SOURCE,
  /** @type {Record<string, string>} */
  messages: {},
  /** @type {Record<string, string>} */
  english: {},
  /** whether `english` holds English's catalog (a page in another language loads it only when asked: englishReady) */
  hasEnglish: false,
  /** @type {Map<string, Array<any>>} parsed messages, by language and key */
  parsed: new Map(),
  warned: new Set(),
};

/** The remembered choice of language, or null (storage may be off). */
export function storedLanguage() {
  try {
    return webStorage()?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Remember `code` as the player's language. */
export function storeLanguage(code) {
  try {
    webStorage()?.setItem(STORAGE_KEY, code);
  } catch {
    /* storage off: the browser's language goes on being used */
  }
}

/** The language in force ("en", "de", …). */
export function language() {
  return state.lang;
}

/** Use `messages` (a catalog) in `lang`, with `english` for what it lacks (also used by the tests). */
export function useCatalog(lang, messages, english = messages) {
  state.lang = lang;
  state.messages = messages || {};
  state.english = english || {};
  state.hasEnglish = Object.keys(state.english).length > 0;
  state.parsed.clear();
}

const devServer = () => /^(localhost|127\.0\.0\.1|\[::1\])$/.test(globalThis.location?.hostname || "");

function messageParts(key) {
  const cacheKey = `${state.lang}\n${key}`;
  let parts = state.parsed.get(cacheKey);
  if (parts) return parts;
  let text = state.messages[key];
  let lang = state.lang;
  if (typeof text !== "string") {
    if (!state.warned.has(key) && devServer()) console.warn(`i18n: ${state.lang} lacks ${key}`);
    state.warned.add(key);
    text = state.english[key];
    lang = SOURCE;
  }
  if (typeof text !== "string") return [key];
  try {
    parts = parse(text);
  } catch {
    parts = lang === SOURCE || typeof state.english[key] !== "string" ? [key] : parse(state.english[key]);
  }
  state.parsed.set(cacheKey, parts);
  return parts;
}

/** The message `key` with `args` put in, as parts (strings and the elements given as args). */
export function tParts(key, args = {}) {
  try {
    return formatParts(state.lang, messageParts(key), args);
  } catch {
    return [key]; // (an argument missing: the key shows, the page goes on)
  }
}

/** The message `key` with `args` put in, as text. */
export function t(key, args = {}) {
  return tParts(key, args).join("");
}

/** The message `key` with `args` put in, in English whatever the page's
 * language (the library's search finds a seat by its English name too);
 * "" when English's catalog lacks it or is not there (englishReady). */
export function tEnglish(key, args = {}) {
  const cacheKey = `${SOURCE}\n${key}`;
  let parts = state.parsed.get(cacheKey);
  try {
    if (!parts) {
      const text = state.english[key];
      if (typeof text !== "string") return "";
      parts = parse(text);
      state.parsed.set(cacheKey, parts);
    }
    return formatParts(SOURCE, parts, args).join("");
  } catch {
    return "";
  }
}

/** Whether English's catalog is there (in an English page always; in
 * another once englishReady has loaded it, or when its own could not be had). */
export const hasEnglish = () => state.hasEnglish;

/** @type {Promise<boolean> | null} */
let englishAsked = null;

/** English's catalog beside another language's, for the little said in
 * English too (the library's search finds a seat by its English name): a
 * page in another language does not load it at start (loadLanguage), only
 * when this is first called; without it (offline before it was ever
 * fetched) the page goes on in its language.  Resolves whether it is there. */
export function englishReady() {
  if (state.hasEnglish) return Promise.resolve(true);
  englishAsked ??= fetchCatalog(SOURCE).then(messages => {
    englishAsked = null; // (not had: asked again the next time)
    if (!state.hasEnglish && Object.keys(messages).length) {
      state.english = messages;
      state.hasEnglish = true;
      state.parsed.clear(); // (a key the language lacked parsed as itself: English's now)
    }
    return state.hasEnglish;
  });
  return englishAsked;
}

/** Whether the catalogs have `key` (the language's holds English's keys): a
 * key some things have and others not (an option value's words: "on" has
 * them, a number is itself) is asked first, so that only a key English has
 * and a language lacks warns. */
export function has(key) {
  return typeof state.english[key] === "string" || typeof state.messages[key] === "string";
}

/** An element's data-i18n-args (JSON: {"count": 4}), or {}. */
function readArgs(el) {
  try {
    return JSON.parse(el.getAttribute("data-i18n-args") || "{}");
  } catch {
    return {};
  }
}

const ATTRIBUTES = ["title", "aria-label", "label", "placeholder"];

/** Put the catalog's words into the markup under `root` (see the top of this file). */
export function translate(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) {
    const args = readArgs(el);
    for (const part of el.querySelectorAll(":scope > [data-i18n-part]")) {
      args[part.getAttribute("data-i18n-part") || ""] = part;
      if (part.hasAttribute("data-i18n")) part.textContent = t(part.getAttribute("data-i18n"));
    }
    el.replaceChildren(...tParts(el.getAttribute("data-i18n"), args));
  }
  for (const name of ATTRIBUTES) {
    for (const el of root.querySelectorAll(`[data-i18n-${name}]`))
      el.setAttribute(name, t(el.getAttribute(`data-i18n-${name}`)));
  }
}

// A catalog asked for and not there after RETRY_MS is asked again, the first
// request still awaited beside the second (#47: under load a request was seen
// to get lost on its way through the service worker, and the page never
// started); after GIVE_UP_MS in all, the page starts without it.
export const CATALOG_WAIT = { RETRY_MS: 6000, GIVE_UP_MS: 30000 };
const LATE = Symbol("late");

/** The catalog of `lang` (web/i18n/<lang>.json), or {} if it cannot be had. */
export async function fetchCatalog(lang) {
  const url = new URL(`./${lang}.json`, import.meta.url);
  const ask = () =>
    fetch(url)
      .then(response => (response.ok ? response.json() : null))
      .catch(() => null); // (offline before the first visit finished: English words stay)
  const timers = [];
  const after = ms => new Promise(resolve => timers.push(setTimeout(() => resolve(LATE), ms)));
  let got = null;
  try {
    const first = ask();
    got = await Promise.race([first, after(CATALOG_WAIT.RETRY_MS)]);
    if (got === LATE)
      got = await Promise.race([first, ask(), after(CATALOG_WAIT.GIVE_UP_MS - CATALOG_WAIT.RETRY_MS)]);
  } finally {
    for (const timer of timers) clearTimeout(timer);
  }
  if (got && got !== LATE && typeof got === "object") return got;
  if (devServer()) console.warn(`i18n: the catalog ${lang} could not be loaded`);
  return {};
}

/** The page's description in the page's language: `names`, the games' names ("EL", "Lines of Action"), joined as the manifest joins them. */
export function pageDescription(names) {
  const games =
    names.length > 1
      ? t("manifest.gameList", { first: names.slice(0, -1).join(", "), last: names[names.length - 1] })
      : names.join("");
  return t("page.description", { games });
}

/** Say the page's `<meta name="description">` in the page's language (the
 * games' names are the engine's, inlined by the build in #initial); the
 * markup's English stays where they cannot be read. */
export function describePage(doc = globalThis.document) {
  const meta = doc?.querySelector('meta[name="description"]');
  const data = doc?.getElementById("initial");
  if (!meta || !data) return;
  try {
    const names = (JSON.parse(data.textContent || "{}").games || []).map(g => g.name);
    if (names.length) meta.setAttribute("content", pageDescription(names));
  } catch {
    /* the markup's English description stays */
  }
}

/**
 * Choose the page's language (the stored choice, else the browser's) and
 * load its catalog; then put the words into the markup.  Every catalog
 * holds exactly English's keys (tests/js/i18n-catalogs.test.mjs), so
 * English's catalog is loaded beside another language's only when that one
 * cannot be had (offline before its first visit finished): a page in
 * German fetches English's only to search its library in English too
 * (englishReady), and the service worker keeps a
 * language's files for its visitors only (tools/build/layout.py).
 * Resolves when the words are there (never rejects).  `<html lang>` says
 * the language, and the page's description is in it.
 */
export function loadLanguage() {
  const lang = chooseLanguage(storedLanguage(), globalThis.navigator?.languages);
  const own = fetchCatalog(lang);
  // the language's number and plural rules made in a task of their own while the catalog
  // is fetched (made first inside translate() below, they lengthened its task by 45-65 ms)
  setTimeout(() => {
    numberFormat(lang);
    pluralRulesOf(lang);
  }, 0);
  const english = own.then(messages =>
    lang === SOURCE ? messages : Object.keys(messages).length ? {} : fetchCatalog(SOURCE),
  );
  return Promise.all([own, english]).then(([messages, englishMessages]) => {
    useCatalog(lang, messages, englishMessages);
    if (!globalThis.document) return;
    document.documentElement.lang = lang;
    // (the build wrote the description in English: another language says its own)
    if (lang !== SOURCE) describePage(document);
    try {
      translate();
    } catch (err) {
      console.warn("i18n: the markup's words could not all be put in", err); // (the page starts anyway)
    } finally {
      document.documentElement.removeAttribute("data-i18n-pending"); // (first-paint.js)
    }
  });
}

/** English's catalog read from its file, where there is no page (node --test of the modules). */
function englishForTools() {
  const fs = /** @type {any} */ (globalThis).process?.getBuiltinModule?.("node:fs");
  if (fs)
    useCatalog(SOURCE, JSON.parse(fs.readFileSync(new URL(`./${SOURCE}.json`, import.meta.url), "utf8")));
}

/** Started when this module is first evaluated (before the page's other modules run). */
export const wordsReady = globalThis.document ? loadLanguage() : Promise.resolve(englishForTools());
