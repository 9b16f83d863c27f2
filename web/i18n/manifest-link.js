// The web app manifest in the page's language (#33): the build writes
// manifest.<lang>.webmanifest for each language but English
// (tools/build/manifests.py), and once the language is known the page's
// <link rel="manifest"> names that one, so an installed app carries its
// name and description in the player's language.  English keeps
// manifest.webmanifest (which also lists every language's words, the
// manifest specification's own way, for browsers that read them).

import { language, wordsReady } from "./i18n.js";
import { SOURCE } from "./languages.js";

/** The manifest file of language `lang`, relative to the page. */
export function manifestFile(lang) {
  return lang === SOURCE ? "manifest.webmanifest" : `manifest.${lang}.webmanifest`;
}

/** Point the page's manifest link at the manifest of the page's language. */
export function linkManifest(doc = globalThis.document) {
  const link = doc?.querySelector('link[rel="manifest"]');
  if (link) link.setAttribute("href", manifestFile(language()));
}

wordsReady.then(() => linkManifest());
