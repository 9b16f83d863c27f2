// A game's title in the page's language (#33): where the page shows it (the
// heading, the document's title, the board's label, the library's list).
// The engine's view says its title in English: the game's name ("Lines of
// Action"), or the game's name and its variant's ("EL (Eight)") where the
// engine shows the variant (tests/test_errors_setup.py checks every title
// has one of these two shapes).  Game names stay as they are; a variant's
// name is the catalog's (variant.<game>.<id>), put in page.gameTitle.

import { t } from "../i18n/i18n.js";
import { variantWords } from "../engine/words.js";

/** A game's name and its variant's ("EL (Acht)"): `variantName` is the engine's English, said when the catalog lacks the variant. */
export const gameTitle = (game, name, variant, variantName) =>
  t("page.gameTitle", { game: name, variant: variantWords(game, variant, variantName) });

/** The view's title in the page's language: its game's name as it is, a variant it names in the catalog's words. */
export function viewTitle(view) {
  const title = (view && view.title) || "";
  const named = /^(.+) \((.+)\)$/.exec(title);
  return named ? gameTitle(view.game, named[1], view.variant, named[2]) : title;
}
