// The ways to the lessons page: its address (#learn/<game>, lessonflow.js
// reads it) and the header's menu of things to learn with.

export { learnLinkGame } from "./lessonflow.js";

/** The menu's links: "Learn <game>" for each game of `games` (GameInfo list).
 * @param {{id: string, name: string}[]} games */
export function lessonsMenuItems(games) {
  return games.map(info => {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = `#learn/${info.id}`;
    link.textContent = `Learn ${info.name}`;
    item.append(link);
    return item;
  });
}
