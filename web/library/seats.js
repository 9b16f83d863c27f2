// The seats of a game in the library's summary (keep.js writes it, the
// list's rows and search read it): each seat is {said, seat}, `said` the
// engine's message for its name (the view's players' `said`: "seat.black",
// "seat.playerColour" with its player and colour) and `seat` who plays it
// ("h", "r", "c:<level>").  A seat's name is said from its message in the
// page's language when the row is drawn, never stored as words of one
// language; the search finds it in the page's language and in English
// (English's catalog, which a page in another language loads when first
// searching: listmodel.js).
// A summary stored by an earlier version has {name, seat}, the engine's
// English name: it is read through oldseats.js (the migration of old
// records) into the message it stood for.  A seat with neither (a game
// saved before its first view) is "Player n" in the page's language; so is
// a seat whose view gave no message (none does since #43: a view has no
// English names).

import { englishMessage, formatMessage, isMessage } from "../engine/words.js";
import { hasEnglish, t, tEnglish } from "../i18n/i18n.js";
import { migrateOldSeatName } from "./oldseats.js";

/** The summary's seats of a game: `view`, the view of its head (or null,
 * before the engine answered), `seats`, the model's players ("h", "r",
 * "c:<level>"). */
export function summarySeats(view, seats) {
  const count = view ? view.players.length : seats.length;
  return Array.from({ length: count }, (_, i) => {
    const said = view && view.players[i] && view.players[i].said;
    const seat = { seat: seats[i] || "h" };
    return isMessage(said) ? { said, ...seat } : seat;
  });
}

/** The message of a stored seat's name: its own, or the one an earlier
 * version's English name stood for (oldseats.js); null when it has none. */
export function seatMessage(p) {
  if (!p || typeof p !== "object") return null;
  if (isMessage(p.said)) return p.said;
  return migrateOldSeatName(p.name);
}

/** Stored seat `p` (of index `i`)'s name in the page's language. */
export function seatName(p, i) {
  const message = seatMessage(p);
  if (message) return formatMessage(message);
  if (p && typeof p.name === "string" && p.name) return p.name;
  return t("library.player", { n: i + 1 });
}

/** Stored seat `p` (of index `i`)'s name in English, for the search ("" while
 * English's catalog is not there: i18n.js englishReady).  A name stored as
 * words (a toy game's, a page's "Spieler 1") is its own. */
export function seatEnglish(p, i) {
  if (!hasEnglish()) return "";
  const message = seatMessage(p);
  if (message) return englishMessage(message);
  if (p && typeof p.name === "string" && p.name) return p.name;
  return tEnglish("library.player", { n: i + 1 });
}
