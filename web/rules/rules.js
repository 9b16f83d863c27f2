// Short rules pages, in our own words, following docs/RULES.md.
// Each game's page is a small HTML fragment in its own folder,
// web/games/<game>/rules.js (`export const html`), found by the game's id:
// the list of games is the engine's (page.games), not written here.  It is
// shown in the rules dialog and, with its diagrams, on the rules page
// (rulespage.js).  A diagram's place is an empty
// <figure data-diagram="<id>">; its position and caption are in
// web/games/<game>/diagrams.json.

const GAME_ID = /^[a-z0-9-]+$/;
const loaded = new Map(); // game id -> promise of its HTML fragment ("" when it has none)

/** The rules fragment of `gameId` as written, fetched once. */
function fragment(gameId) {
  if (!GAME_ID.test(gameId)) return Promise.resolve("");
  if (!loaded.has(gameId)) {
    const html = import(`../games/${gameId}/rules.js`).then(
      module => module.html || "",
      () => "",
    );
    loaded.set(gameId, html);
  }
  return loaded.get(gameId);
}

/** A promise of the rules page of a game as an HTML fragment ("" for a game
 * without one); with `{diagrams: true}` the places of its diagrams are kept
 * (the rules page fills them), else left out (the dialog has no diagrams). */
export async function rulesHtml(gameId, { diagrams = false } = {}) {
  const page = await fragment(gameId);
  return diagrams ? page : page.replace(/<div class="diagrams">.*?<\/div>\n?/gs, "");
}

/** The links of the rules menu: one per game of `games` (GameInfo list, the engine's order). */
export function rulesMenuItems(games) {
  return games.map(info => {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = `#rules/${info.id}`;
    link.textContent = info.name;
    item.append(link);
    return item;
  });
}
