// The Share dialog of the play page (#45): the position on the board, and
// the line through it for a GIF (the viewed line, on along its first
// continuations to its end; the last frame of a finished game says how it
// ended, in the page's words).

import { openShare } from "./sharedialog.js";
import { viewTitle } from "../board/title.js";
import { $ } from "../app/dom.js";
import { t } from "../i18n/i18n.js";
import { sameLine } from "../model/line.js";
import { orientation } from "../settings/settings.js";

/** Open the Share dialog on `page`'s board (the Page, app/page.js). */
export function sharePlay(page) {
  const view = page.board.view;
  const m = page.model;
  if (!view || !m) return;
  const ply = m.viewed.length;
  const title = viewTitle(view);
  const line = m.tree.mainline(m.viewed); // (a GIF's line: the viewed one, on along its first continuations)
  const ended = !$("result").hidden && sameLine(line, m.head);
  const result = ($("result").textContent || "").replace(/\s+/g, " ").trim();
  openShare({
    drawing: page.board.drawing,
    shapes: page.board.shapes.shown,
    caption: `${title} · ${ply ? t("share.afterMove", { n: ply }) : t("share.start")}`,
    name: `gamut-${view.game}-${ply}`,
    embed: { fragment: m.fragment(), title: `${title} · Gamut` }, // i18n: not words (a name)
    // (the game with its variations; seen as the player sees it)
    study: {
      title,
      chapters: [{ title, flip: orientation(page.settings.settings.prefs, m.players, 0), game: m }],
    },
    gif: line.length
      ? {
          moves: line.length,
          viewed: ply,
          viewAt: k => page.positions.view(m.start, line.slice(0, k)),
          // (the last frame of a finished game says how it ended, as the page does)
          captionAt: k =>
            `${title} · ${t("share.afterMove", { n: k })}${ended && k === line.length && result ? ` · ${result}` : ""}`,
        }
      : undefined,
  });
}
