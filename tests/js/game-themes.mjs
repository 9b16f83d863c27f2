// Each game's board themes read from its own file, web/games/<game>/themes.json,
// and loaded into web/settings/themes.js as the page loads the build's
// script of them (under node there is no page to read them from).
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { loadThemes } from "../../web/settings/themes.js";

const GAMES = new URL("../../web/games/", import.meta.url);

/** {game: [theme]} from every web/games/<game>/themes.json. */
export function gameThemes() {
  const found = {};
  for (const folder of readdirSync(GAMES).sort()) {
    const file = new URL(`${folder}/themes.json`, GAMES);
    if (!existsSync(file)) continue;
    const data = JSON.parse(readFileSync(file, "utf8"));
    found[data.game] = data.themes;
  }
  return found;
}

loadThemes(gameThemes());
