// The page's catalogs for the node tests: read from web/i18n/, and a
// helper that runs a piece of a test in one language, then English again.
import { readFileSync } from "node:fs";
import { useCatalog } from "../../web/i18n/i18n.js";

/** The catalog of language `code` (web/i18n/<code>.json). */
export const catalog = code =>
  JSON.parse(readFileSync(new URL(`../../web/i18n/${code}.json`, import.meta.url), "utf8"));

/** English, every catalog's fallback. */
export const english = catalog("en");

/** Run `fn` with `code`'s catalog in force (English its fallback), then English again. */
export function speaking(code, fn) {
  useCatalog(code, catalog(code), english);
  try {
    return fn();
  } finally {
    useCatalog("en", english);
  }
}
