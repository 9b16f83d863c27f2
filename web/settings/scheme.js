// Light, dark or as the system says: the page's colour scheme, chosen in the
// settings.  theme.css holds the light palette in :root and the dark one in
// a single `@media (prefers-color-scheme: dark)` rule (notes.css and
// board.css have such a rule for their own colours too); the choice sets
// every such rule's condition (the system's query for "system", always for "dark",
// never for "light"), so the dark palette is written once and applies under
// the media query when the choice is "system".  <html data-scheme> always
// says the scheme in force ("light" or "dark"; settings.css sets the
// browser's color-scheme from it, for form controls and scroll bars) and
// data-scheme-choice the choice.

const DARK_QUERY = "(prefers-color-scheme: dark)";

/** The scheme in force for `choice` ("system", "light", "dark") when the system prefers dark or not. */
export function resolveScheme(choice, systemDark) {
  if (choice === "light" || choice === "dark") return choice;
  return systemDark ? "dark" : "light";
}

/** The condition the dark palette's rule gets for `choice`. */
export function darkCondition(choice) {
  return choice === "dark" ? "all" : choice === "light" ? "not all" : DARK_QUERY;
}

export class ColourScheme {
  /** `onChange(scheme)`: the scheme in force changed (the board's theme may have dark colours). */
  constructor({ root = document.documentElement, onChange = () => {} } = {}) {
    this.root = root;
    this.onChange = onChange;
    this.choice = "system";
    this.media = globalThis.matchMedia ? matchMedia(DARK_QUERY) : null;
    this.media?.addEventListener("change", () => this.apply(this.choice));
    /** @type {Set<CSSMediaRule>} */
    this.rules = new Set();
    // (should the style sheet still be loading at the first apply())
    globalThis.addEventListener?.("load", () => this.apply(this.choice), { once: true });
  }

  /** The scheme in force ("light" or "dark"). */
  get scheme() {
    return this.root.dataset.scheme || "light";
  }

  apply(choice) {
    this.choice = choice;
    for (const rule of this._darkRules()) {
      if (rule.media.mediaText !== darkCondition(choice)) rule.media.mediaText = darkCondition(choice);
    }
    const before = this.root.dataset.scheme;
    const scheme = resolveScheme(choice, !!this.media?.matches);
    this.root.dataset.scheme = scheme;
    this.root.dataset.schemeChoice = choice;
    if (before && before !== scheme) this.onChange(scheme);
  }

  /** Every dark palette of the page's style sheets (theme.css's, and those
   * of the sheets that keep their own colours: notes.css, board.css): their
   * top-level @media rules, found by their condition the first time (it
   * changes after) and kept; a sheet still loading is looked at again. */
  _darkRules() {
    for (const sheet of document.styleSheets) {
      let rules;
      try {
        rules = sheet.cssRules;
      } catch {
        continue; // not readable yet
      }
      for (const rule of rules) {
        if (rule instanceof CSSMediaRule && rule.media.mediaText.includes("prefers-color-scheme: dark")) {
          this.rules.add(rule);
        }
      }
    }
    return [...this.rules];
  }
}
