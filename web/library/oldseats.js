// Migration of old records: the library's summaries stored by versions
// before issue #43 name each seat in the engine's English ("Black",
// "Player 2", "Player 1 (White)"), where newer ones keep the seat's message
// (seats.js).  This reads such a name once, as the message it was the
// English of, so that an old game's row is said in the page's language as a
// new one is; a name that is not one of the games' seat names (a page's
// "Spieler 1", a toy game's) is no message and stays as it is.  So are the
// players of a stored thumbnail (migrateOldThumb).  The one place that turns
// the engine's English back into keys; nothing else may.

const COLOURS = new Set(["black", "white", "red", "blue", "green", "yellow"]);

const message = (id, args = {}) => ({ id, args });

/** A library thumbnail (keep.js thumbOf: a view's board, pieces and
 * players) as it is drawn: one stored before #43 has its players as the
 * view had them then, `{name, color}`, with their messages beside in
 * `said_players` (or none, before #33); each becomes `{color, said}`, the
 * message its own or the one its English name stood for.  Not rewritten in
 * the store: read so each time. */
export function migrateOldThumb(thumb) {
  if (!thumb || !Array.isArray(thumb.players)) return thumb;
  const said = Array.isArray(thumb.said_players) ? thumb.said_players : [];
  if (!said.length && !thumb.players.some(p => p && "name" in p)) return thumb;
  const players = thumb.players.map((p, i) => {
    const player = { ...p };
    delete player.name;
    const message = player.said || said[i] || migrateOldSeatName(p && p.name);
    return message ? { ...player, said: message } : player;
  });
  const migrated = { ...thumb, players };
  delete migrated.said_players;
  return migrated;
}

/** The seat message `name` was the English of (a summary's seat name as an
 * earlier version stored it), or null. */
export function migrateOldSeatName(name) {
  if (typeof name !== "string") return null;
  const lower = name.trim().toLowerCase();
  if (COLOURS.has(lower)) return message(`seat.${lower}`);
  const numbered = /^player (\d+)(?: \((\w+)\))?$/.exec(lower);
  if (!numbered) return null;
  const player = message("seat.player", { n: Number(numbered[1]) });
  const colour = numbered[2];
  if (!colour) return player;
  return COLOURS.has(colour)
    ? message("seat.playerColour", { player, colour: message(`seat.${colour}`) })
    : null;
}
