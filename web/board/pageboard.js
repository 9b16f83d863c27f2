// The board of a page of its own (the puzzles, the lessons, your mistakes),
// one shape for the three: the Board widget given the page's handlers, EL's
// numbers typed anywhere on the page and Escape dropping a selection, and
// each view drawn in the page's look (the game's board theme, coordinates
// on or off, the move's sound).  Each page keeps its own rules of play.

import { Board } from "./board.js";
import { applyTheme, themeOf } from "../settings/themes.js";

/** A Board in `els` (svg, palette, actions) for a page whose root is `box`:
 * `handlers` are the Board's (onMove, onMark, onIllegal, onRefused). */
export function pageBoard(box, els, handlers) {
  const board = new Board(
    { svg: els.svg, palette: els.palette, actions: els.actions },
    { onChange: () => {}, ...handlers },
  );
  box.addEventListener("keydown", e => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.target instanceof HTMLInputElement) return;
    if (board.pickLabel(e.key)) e.preventDefault();
    else if (e.key === "Escape") board.cancel();
  });
  return board;
}

/** Show `view` on `page.board` in the page's look (`page.look`: {settings,
 * scheme, sound}, or none): its theme applied to `page.els.svg` when it
 * changed (`page.themeKey` remembers it), the coordinates, and the sound of
 * the move, the sound module comparing `line` with what `context` showed before. */
export function showInLook(page, view, context, line) {
  const look = page.look;
  if (look) {
    const theme = themeOf(view.game, look.settings.themeOf(view.game));
    const key = `${view.game}/${theme ? theme.id : ""}/${look.scheme.scheme}`;
    if (key !== page.themeKey) {
      page.themeKey = key;
      applyTheme(page.els.svg, theme, look.scheme.scheme);
    }
    page.board.setCoordinates(look.settings.prefs.coordinates);
    look.sound.shown(context, line, view);
  }
  page.board.show(view);
}

/** Say the drawing's width over its height (its viewBox) as `--board-aspect`
 * on `root`: the page's CSS sizes the board by it (a wide board takes the width). */
export function sayBoardAspect(svg, root = document.documentElement) {
  const box = svg.viewBox.baseVal;
  const aspect = box && box.width > 0 && box.height > 0 ? (box.width / box.height).toFixed(3) : "1";
  if (root.style.getPropertyValue("--board-aspect") !== aspect)
    root.style.setProperty("--board-aspect", aspect);
}
