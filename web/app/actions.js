// What the player's actions do to the game: each checks with the engine
// where a rule is involved, then changes the model (model/game.js); the page
// redraws from the model.  Nothing here draws.  The actions that open games,
// export records and send links are in open-actions.js, spread in here.

import { sameLine } from "../model/line.js";
import { t } from "../i18n/i18n.js";
import { enteredWords } from "../engine/words.js";
import { markedAt } from "../model/analysis.js";
import * as open from "../library/open.js";
import { sentence, setExplain } from "../panels/dialogs.js";
import { $, h } from "./dom.js";
import { initOpening, openingActions } from "./open-actions.js";
import { englishCommand } from "../panels/commands.js";
import { endActions, initEnding, rituals } from "./end-actions.js"; // (#29: resign, draws, abort, rematch)

let page = null; // the Page (app/page.js)

export const actions = {
  init(p) {
    page = p;
    initOpening(p, actions);
    initEnding(p, actions);
  },

  // -- moves --------------------------------------------------------------------
  /** A human move at the viewed position (a variation when it has a continuation). */
  play(text) {
    const m = page.model;
    const at = [...m.viewed];
    return page.busy(async () => {
      const r = await page.positions.play(m.start, at, text);
      if (page.model !== m || !sameLine(m.viewed, at)) return;
      setExplain("");
      // (the clock first: a flag that fell before this move ends the game, and says so; #47)
      page.clocks.sync();
      if (m.ending && m.ending.termination === "time" && m.extendsMain(at)) return;
      const atHead = sameLine(at, m.head);
      m.play(r.move);
      if (atHead) page.live?.played(m, r.move); // (#46: the friend's board gets it)
    });
  },

  /** A line typed in the move box: the engine answers a reading command
   * (said in the live log) or checks a move, which is then played as a
   * board move would be.  Resolves to {said} | {move} | {error: why}. */
  enter(text) {
    const m = page.model;
    if (!m || !page.ready) return Promise.resolve({ error: t("engine.stillLoading") });
    const at = [...m.viewed];
    return page.busy(async () => {
      let r;
      try {
        r = await page.engine.enter(m.start, at, engineWords(text, page.positions.get(m.start, at)));
      } catch (err) {
        if (err && err.type && err.type !== "InternalError")
          return { error: sentence(err.words || err.message) };
        throw err;
      }
      if (r.answer) {
        page.announcer.say(enteredWords(r));
        return r;
      }
      if (page.model !== m || !sameLine(m.viewed, at)) return {};
      if (!page.canMove()) {
        actions.refused();
        return { error: $("explain").textContent || t("move.notNow") };
      }
      await actions.play(r.move);
      return r;
    });
  },

  /** A select step confirmed with its marked cells (EL's declaration): the engine writes the move. */
  mark(cells) {
    const m = page.model;
    return page.busy(async () => {
      const move = await page.positions.mark(m.start, m.viewed, cells);
      return actions.play(move);
    });
  },

  computerMove(line, move) {
    const m = page.model;
    return page.busy(async () => {
      const r = await page.positions.play(m.start, line, move);
      if (page.model === m && sameLine(m.head, line)) m.playAt(line, r.move);
    });
  },

  explain(clicks, message) {
    if (message) {
      setExplain(message);
      return;
    }
    const m = page.model;
    page.busy(async () =>
      setExplain((await page.positions.explain(m.start, m.viewed, clicks)) || t("move.illegal")),
    );
  },

  refused() {
    if (!page.ready) {
      setExplain(t("engine.stillLoadingMoves"), "info");
      return;
    }
    if (page.model && page.model.ending) {
      // (#29: an ended game's board is analysis: moves go in as variations of earlier positions)
      setExplain(t("move.gameOver"), "info");
      return;
    }
    const seat = page.computer.computerSeatToMove();
    const far = page.farSeat();
    if (far >= 0) {
      setExplain(t("move.far", { name: page.seatName(far) }), "info");
      return;
    }
    if (seat >= 0 && page.model.atHead) {
      const name = page.seatName(seat); // (the seat's message, in the page's language)
      setExplain(t(page.computer.paused ? "move.computerSeatPaused" : "move.computerSeat", { name }), "info");
    }
  },

  // -- browsing -----------------------------------------------------------------
  goTo(line) {
    if (page.model && page.model.goTo(line)) setExplain("");
  },

  nav(where) {
    const m = page.model;
    if (!m) return;
    const moved = {
      first: () => m.first(),
      back: () => m.back(),
      forward: () => m.forward(),
      last: () => m.last(),
      // down: into the fork's first variation (or the next one), else to the end; up: back, else to the start
      down: () => m.variation(1) || m.last(),
      up: () => m.variation(-1) || m.first(),
    }[where]();
    if (moved) setExplain("");
  },

  // -- undo / redo: the head moves, the moves stay in the tree ----------------------
  undo() {
    const m = page.model;
    if (!m || !rituals()?.undo) return; // (#41: none before a move, none once the game is over)
    page.computer.cancel(); // the computer's move in progress is dropped
    return page.busy(async () => {
      // back to the last position where a human is to move: the human's move
      // while the computer thinks, else the computer's reply and the human's
      // move before it.  With no human seat: one move, and pause.
      const head = [...m.head];
      let k = 1;
      if (m.players.some(p => !p || p === "h")) {
        while (k < head.length) {
          const view = await page.positions.view(m.start, head.slice(0, head.length - k));
          if (!page.computer.isComputer(view.to_move)) break;
          k += 1;
        }
      } else {
        page.computer.setPaused(true);
      }
      if (page.model === m && sameLine(m.head, head)) m.takeBack(head.slice(0, head.length - k));
      setExplain("");
    });
  },

  redo() {
    const m = page.model;
    if (!m || !m.redoMove()) return;
    page.computer.cancel();
    m.redo();
    setExplain("");
  },

  // -- the tree -----------------------------------------------------------------------
  promote() {
    const m = page.model;
    if (m && m.promote(m.viewed)) setExplain(t("tree.promoted"), "info");
  },

  remove() {
    const m = page.model;
    if (!m || !m.viewed.length) return;
    const gone = m.viewed[m.viewed.length - 1];
    const saved = m.remove(m.viewed);
    if (!saved) return;
    const box = $("explain");
    box.dataset.kind = "info";
    box.replaceChildren(
      `${t("tree.deleted", { move: gone })} `,
      h(
        "button",
        {
          type: "button",
          id: "undo-delete",
          class: "link",
          onclick: () => {
            if (page.model === m) m.restore(saved);
            setExplain("");
          },
        },
        t("controls.undo"),
      ),
    );
  },

  // -- the computer ---------------------------------------------------------------
  hint() {
    const m = page.model;
    page.computer.toggleHint(page.positions.get(m.start, m.viewed));
  },

  playHint() {
    const hint = page.computer.hint;
    if (!hint) return;
    page.computer.hint = null;
    actions.play(hint.progress.move || hint.progress.best);
  },

  /** The engine's line at the marked move in view, added to the tree as a
   * variation (each move checked with the engine first). */
  addEngineLine() {
    const m = page.model;
    const marked = m && markedAt(page.analyser.result(), m.viewed);
    if (!marked) return undefined;
    const j = marked.judgement;
    const at = m.tree.mainline([]).slice(0, j.ply);
    const moves = j.pv.length ? j.pv : [j.best];
    return page.busy(async () => {
      await page.positions.view(m.start, [...at, ...moves]);
      if (page.model === m && m.tree.has(at)) m.addLine(at, moves);
    });
  },

  seat(seat, value) {
    const m = page.model;
    const players = [...m.players];
    players[seat] = open.normSeat(value);
    m.setPlayers(players);
  },

  ...openingActions,
  ...endActions,

  // -- keys -----------------------------------------------------------------------------
  key(e) {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || page.editor.isOpen) return;
    if (page.puzzles && page.puzzles.isOpen) return; // (puzzles hook, #30: the puzzle page has its own keys)
    if (page.lessons && page.lessons.isOpen) return; // (lessons hook, #31: so has the lessons page)
    if (page.mistakes && page.mistakes.isOpen) return; // (mistakes hook, #31: so has the mistakes page)
    const target = e.target;
    if (target && (target.closest("input, select, textarea, dialog") || target.isContentEditable)) return; // i18n: not words (a selector)
    const go = {
      ArrowLeft: "back",
      ArrowRight: "forward",
      Home: "first",
      End: "last",
      ArrowUp: "up",
      ArrowDown: "down",
    }[e.key];
    if (go) actions.nav(go);
    else if (e.key === "Escape") page.board.cancel();
    else if (e.key === "/") {
      if (page.welcome) actions.closeStart(); // (typing a move: the start panel gives way to the move box)
      $("move-input").focus();
    } else if (!page.board.pickLabel(e.key)) return;
    e.preventDefault();
  },
};

/** A line of the move box as the engine reads it: a command in the player's
 * language in English words (#41); a move of the view as typed. */
function engineWords(text, view) {
  if (view && (view.moves || []).some(mv => mv.text === text.trim())) return text;
  const names = view ? view.players.map((_, seat) => page.seatName(seat)) : [];
  return englishCommand(text, undefined, names);
}
