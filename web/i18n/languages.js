// The languages of the page: each has its catalog, web/i18n/<code>.json,
// and is offered in the settings under its own name.  Adding a language is
// one catalog and one line here (CONTRIBUTING.md, "Languages").

/** The language the page is written in, and the one any missing word falls back to. */
export const SOURCE = "en";

/** Every language the page speaks: its code (a BCP 47 primary subtag) and its own name. */
export const LANGUAGES = [
  { code: "en", name: "English" },
  { code: "de", name: "Deutsch" },
  { code: "es", name: "Español" },
  { code: "fr", name: "Français" },
  { code: "hu", name: "Magyar" },
];

/** Where the player's choice is remembered (a language code, as text). */
export const STORAGE_KEY = "gamut.lang";

const CODES = new Set(LANGUAGES.map(l => l.code));

/** The language we have for a tag like "de-AT" or "HU" (by its primary subtag), or null. */
export function supported(tag) {
  if (typeof tag !== "string") return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return CODES.has(primary) ? primary : null;
}

/**
 * The page's language: the one the player chose (`stored`, when it is one
 * of ours: anything else, a damaged value too, is ignored), else the first
 * of the browser's (`preferred`, navigator.languages) that we have, else
 * English.
 * @param {unknown} stored
 * @param {readonly string[] | undefined} preferred
 */
export function chooseLanguage(stored, preferred) {
  const chosen = supported(stored);
  if (chosen) return chosen;
  for (const tag of preferred || []) {
    const found = supported(tag);
    if (found) return found;
  }
  return SOURCE;
}
