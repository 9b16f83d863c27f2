// A game's title in the page's language (#33): where the page shows it (the
// heading, the document's title, the board's label, the library's list).
// The engine's view says its title as a message and only as a message (#43):
// `view.title` "Lines of Action" (a game's name stays as it is), or
// `view.titleVariant` "EL (Eight)" with the variant's name a message of the
// catalog (variant.<game>.<id>) where the game names its variant.  Nothing
// is read back out of English.

import { t } from "../i18n/i18n.js";
import { formatMessage, isMessage, variantWords } from "../engine/words.js";

/** A game's name and its variant's ("EL (Acht)"), the variant's from the catalog. */
export const gameTitle = (game, name, variant) =>
  t("page.gameTitle", { game: name, variant: variantWords(game, variant) });

/** The view's title in the page's language: its message ("" for a view without one). */
export function viewTitle(view) {
  const title = view && view.title;
  return isMessage(title) ? formatMessage(title) : "";
}
