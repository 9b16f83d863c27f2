// The header's menus, from the engine's list of games: the game picker (a
// tab per game), the rules menu and the Learn menu (each game's lessons and
// puzzles, then the player's own mistakes and progress).

import { gameAboutWords } from "../engine/words.js";
import { rulesMenuItems } from "../rules/rules.js";
import { puzzlesMenuItems, streakMenuItem } from "../puzzles/links.js";
import { lessonsMenuItems } from "../lessons/lessonflow.js";
import { progressMenuItems } from "../progress/progresspage.js";
import { mistakesMenuItems } from "../mistakes/links.js";
import { t } from "../i18n/i18n.js";
import { $, h } from "./dom.js";
import { actions } from "./actions.js";

/** The game picker and the menus from `page.games`, the tab of game `current` marked. */
export function buildPicker(page, current) {
  // while a rules page is read, its game's tab is the one marked
  const reading = document.body.classList.contains("reading-rules") && $("rules-page").dataset.game;
  if (reading) current = reading;
  $("game-picker").replaceChildren(
    ...page.games.map(info =>
      h(
        "button",
        {
          type: "button",
          class: "pick",
          "data-game": info.id,
          title: gameAboutWords(info.id),
          "aria-current": info.id === current ? "true" : null,
          onclick: () => actions.switchGame(info.id),
        },
        info.name,
      ),
    ),
  );
  $("rules-menu-list").replaceChildren(...rulesMenuItems(page.games));
  // The header's Learn menu (#30, #31): each game's lessons and puzzles, then your own play
  const heading = text => h("li", { class: "menu-heading", role: "presentation" }, text);
  $("puzzles-menu-list").replaceChildren(
    heading(t("menu.lessons")),
    ...lessonsMenuItems(page.games),
    heading(t("menu.puzzles")),
    ...puzzlesMenuItems(page.games),
    streakMenuItem(),
    heading(t("menu.yourPlay")),
    ...mistakesMenuItems(page.games),
    ...progressMenuItems(),
  );
}
