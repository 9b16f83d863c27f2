// Drawing the page from the model: the board, the panel, the move list, the
// clocks, the analysis and the game's end, from the game on screen
// (page.model) and the views cached (page.positions).  draw() reads; it
// never starts or cancels engine work (the computer and the analysis follow
// the model in app.js's changed()).

import { t } from "../i18n/i18n.js";
import { sayBoardAspect } from "../board/pageboard.js";
import { playerWords } from "../engine/words.js";
import { engineMoveOnBoard, marksByPly } from "../model/analysis.js";
import { drawAnalysis } from "../panels/analysispanel.js";
import { drawMoveList } from "../panels/movelist.js";
import { isStandardStart } from "../model/game.js";
import { isPrefix } from "../model/line.js";
import { drawPanel, drawThinking, drawControls } from "../panels/panels.js";
import { actions } from "./actions.js";
import { endState, rituals } from "./end-actions.js";
import { endWords } from "../model/ending.js";
import { knownLadder } from "../engine/levels.js";
import { $ } from "./dom.js";

const root = document.documentElement;

/** The box that offers the link when a friend far away is to move. */
function drawSend(page, far) {
  if (page.live?.on()) far = -1; // (#46: a live game's move comes by itself: live/liveview.js says so)
  page.live?.draw();
  const box = $("send");
  box.hidden = far < 0;
  if (far < 0) return;
  $("send-text").textContent = t("send.far", { name: page.seatName(far) });
  $("send-share").hidden = !navigator.share;
}

/** The start panel: shown over the game a first visit opens, until a game
 * is chosen (or the panel closed, or a move played on the board). */
function drawStart(page, m) {
  const shown = page.welcome && m.tree.size() === 1 && isStandardStart(m.start);
  if (shown) page.startPanel.follow(page.queuedSwitch ?? m.meta.game);
  page.startPanel.setHidden(!shown);
  page.startPanel.setWaiting(page.queuedStart ? t("start.waiting") : "");
  return shown;
}

/** An ending beyond the rules as the panel's result banner shows an outcome (#29). */
function endingOutcome(m, headView) {
  const names = headView ? headView.players.map((_, i) => playerWords(headView, i)) : [];
  return { winner: m.ending.winner, text: endWords(m.ending, names).detail, cells: [] };
}

/** The board's proportions for the layout (style.css: a board wider than
 * tall is as wide as the room beside the panel allows). */
export function drawBoardShape() {
  sayBoardAspect(/** @type {any} */ ($("board")));
}

const drawn = { panel: null, list: null };
const sameKey = (a, b) => !!a && a.length === b.length && a.every((x, i) => x === b[i]);

/** Draw everything of `page` (app/page.js) from its model and the cached views. */
export function draw(page) {
  const m = page.model;
  if (!m) {
    drawControls({ model: null, view: null, ready: false, computer: page.computer, canUndo: false });
    return;
  }
  const view = page.positions.get(m.start, m.viewed);
  if (!view) return; // drawn when it arrives
  const computer = page.computer;
  const headView = page.positions.get(m.start, m.head);
  // how the game ended, shown while its earlier moves are browsed
  const endView = isPrefix(m.viewed, m.head) ? headView : null;
  const far = page.farSeat();
  const seat = computer.computerSeatToMove();
  const computerTurn = m.atHead && seat >= 0;
  // before the engine is ready: where the build describes every position one move later
  const early =
    !page.ready && page.engine.state !== "failed" && page.positions.playableEarly(m.start, m.viewed);
  const input =
    (page.ready || early) &&
    !page.pending &&
    !computerTurn &&
    far < 0 &&
    !page.live?.blocks(m) && // (#46)
    !(m.ending && m.extendsMain(m.viewed)) && // (#29: an ended game's main line takes no move; variations may)
    !(m.clock && m.clock.paused); // (clock hook, #29: a paused clock takes no move)
  drawSend(page, far);
  const choosing = drawStart(page, m); // (no game yet: Resign, Offer draw and Abort wait for one, #41)
  page.clocks.draw(); // (clock hook, #29)
  page.movebox.show(view);
  root.dataset.ply = String(m.ply);
  page.settings.draw(page.board, m, view); // (settings hook, #28: theme, orientation, coordinates, sound)
  page.board.show(view);
  page.board.setShapes(m.tree.nodeAt(m.viewed)?.notes.shapes); // (notes hook, #29: the viewed move's drawings)
  drawBoardShape();
  page.board.setInteractive(input);
  const search = page.settings.settings.prefs.showSearch; // (#41: the computer's own search, on request)
  page.board.setSuggest(
    computer.suggestion(view, search) ||
      engineMoveOnBoard(page.analyser.result(), m.viewed, view, line => page.positions.get(m.start, line)),
  );
  // the panel and the move list are rebuilt only when what they show changed
  // (not on every progress report of a search: a select being used stays open)
  const thinkingHere = !!(computer.think && computer.think.purpose === "move" && m.atHead);
  const ladder = knownLadder(page.engine, view.game); // (#31: the players' menus offer the game's own levels)
  const liveSeat = page.live?.on(m) ? page.live.session.seat : -1; // (#46: fixed seats)
  const panelKey = [m, m.rev, view, endView, thinkingHere, ladder, liveSeat];
  if (!sameKey(drawn.panel, panelKey)) {
    drawn.panel = panelKey;
    drawPanel({
      model: m,
      view,
      info: page.info(view.game),
      computer,
      // (#29: a game ended beyond its rules says how, as its rules' end would)
      endOutcome: m.ending ? endingOutcome(m, headView) : endView && endView.outcome,
      onSeat: (s, value) => actions.seat(s, value),
      ladder,
      liveSeat,
    });
  }
  const listKey = [m, m.rev, view.players.length, view.turn_plies];
  if (!sameKey(drawn.list, listKey)) {
    drawn.list = listKey;
    drawMoveList($("moves"), m, {
      seats: view.players.length,
      per: view.turn_plies || 1,
      onSelect: line => actions.goTo(line),
      onComment: line => page.notes.focus(line), // (notes hook, #29)
      marks: marksByPly(page.analyser.result()),
    });
  }
  page.notes.show(m); // (notes hook, #29)
  const playable = input && !!(computer.hint && computer.hint.progress); // (a hint to play)
  drawThinking({ model: m, view, headView, computer, ready: page.ready, canPlayHint: playable, search });
  // (#41: a finished game, by its rules too, takes no move back)
  drawControls({ model: m, view, ready: page.ready, computer, canUndo: !!rituals()?.undo });
  const ends = endState(); // (#29)
  page.gameActions.draw(choosing ? null : ends.actions);
  page.progress.noteEnd(m, headView ? ends.end && ends.end.ending : undefined); // (progress hook, #31: counted once, by id)
  page.endPanel.draw(ends.end && { ...ends.end, rating: page.progress.endLine(m) }); // (progress hook, #31)
  drawAnalysis(
    {
      analyser: page.analyser,
      computer,
      model: m,
      view,
      ready: page.ready,
      seatName: s => playerWords(view, s) || t("player.numbered", { n: s + 1 }),
    },
    line => actions.goTo(line),
  );
  page.mistakes.drawLinks(m, page.analyser.result()); // (mistakes hook, #31: the counts)
}
