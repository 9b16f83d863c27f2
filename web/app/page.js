// The page: every part of the running app, declared once here with what it
// is.  app.js makes the one Page at boot and parts.js fills in its parts; the actions
// (actions.js) and the wiring of the controls (wire.js) read and change it.
// Its methods answer the questions several modules ask (may a move be
// entered now? whose turn far away?) and run engine work counted in
// <html data-busy>.

import { sentence, setExplain, showNotice } from "../panels/dialogs.js";
import { t } from "../i18n/i18n.js";
import { playerWords } from "../engine/words.js";
import { $ } from "./dom.js";

/** @typedef {{id: string, name: string}} GameInfo (a game of the engine's list: its id and proper name; its words are the catalogs') */

/** The game a page goes to when nothing names one: the first of `games`
 * (the engine's list, in its registry's order), or "" while it is not known. */
export function firstGameOf(games) {
  return (games && games.length && games[0].id) || "";
}

export class Page {
  /**
   * @param {object} how
   * @param {GameInfo[]} how.games  the engine's games, as the build inlined them (may be empty: then the engine's, once ready)
   * @param {() => void} how.changed  called after every change of the model on screen (save, fetch, draw)
   * @param {() => void} how.schedule  asks for one redraw soon
   * @param {(current: string) => void} how.buildPicker  draws the game picker and the rules menu from `games`
   */
  constructor({ games, changed, schedule, buildPicker }) {
    /** The engine's list of games (GameInfo: id, name, description, variants ...), in the engine's order. */
    this.games = games;
    /** The engine client (engine/engine.js). */
    this.engine = null;
    /** The views of positions, fetched from the engine and cached (model/viewcache.js). */
    this.positions = null;
    /** The computer players and the live search (engine/computer.js). */
    this.computer = null;
    /** The analysis of the main line (model/analysis.js). */
    this.analyser = null;
    /** The board widget (board/board.js). */
    this.board = null;
    /** The GameModel on screen (model/game.js), or null before the first game opens. */
    this.model = null;
    /** Engine ready and a game open (before: a game the build describes can open and take its first move). */
    this.ready = false;
    /** Engine calls of the page in flight (<html data-busy>). */
    this.pending = 0;
    /** Stops listening to the previous model (set by show). */
    this.unsubscribe = null;
    /** The game opened at boot when no link names one (the last game played, else the registry's first). */
    this.planned = firstGameOf(games);
    /** The start panel is offered beside the game on screen (a first visit's fresh game, panels/startpanel.js). */
    this.welcome = false;
    /** A new game chosen before the engine was ready: started once it is. */
    this.queuedStart = null;
    /** A game's tab chosen before the engine was ready (the start panel shows that game): opened once it is. */
    this.queuedSwitch = null;
    /** The start panel (panels/startpanel.js). */
    this.startPanel = null;
    /** Saves the game on screen shortly after every change (library/keep.js). */
    this.keeper = null;
    /** The live log: says each move once (panels/announce.js). */
    this.announcer = null;
    /** The move box: moves typed as text (panels/movebox.js). */
    this.movebox = null;
    /** The "Your games" dialog (library/gameslist.js). */
    this.gamesList = null;
    /** The New game dialog (panels/dialogs.js). */
    this.dialog = null;
    /** The clocks: their faces and ticker (panels/clockpanel.js; clock hook, #29). */
    this.clocks = null;
    /** The game's rituals and its end (#29: panels/gameactions.js, panels/endpanel.js). */
    this.gameActions = null;
    this.endPanel = null;
    /** The position editor (editor/editor.js). */
    this.editor = null;
    /** The remembered settings, their header controls and the sound (settings/page-settings.js). */
    this.settings = null;
    /** The viewed move's comment and glyph (panels/notes.js). */
    this.notes = null;
    /** The pages over the game (app/routes.js opens them): puzzles (puzzles/puzzlepage.js), lessons
     * (lessons/lessonpage.js), the player's progress (progress/progresspage.js) and the exercises
     * made of their mistakes (mistakes/mistakespage.js). */
    this.puzzles = null;
    this.lessons = null;
    this.progress = null;
    this.mistakes = null;
    /** The live game, peer to peer (live/liveplay.js, #46). */
    this.live = null;
    /** Draws the game picker and the rules menu from `games`, marking `current`. */
    this.buildPicker = buildPicker;
    this._changed = changed;
    this._schedule = schedule;
  }

  /** The GameInfo of game `id`, or null. */
  info(id) {
    return this.games.find(g => g.id === id) || null;
  }

  /** The game named when none is known (firstGameOf the page's games). */
  firstGame() {
    return firstGameOf(this.games);
  }

  /** Run `fn` (engine work) counted in data-busy; typed refusals are explained, bugs reported. */
  async busy(fn) {
    const root = document.documentElement;
    this.pending += 1;
    root.dataset.busy = "yes";
    try {
      return await fn();
    } catch (/** @type {any} */ err) {
      if (err && err.type && err.type !== "InternalError") setExplain(sentence(err.words || err.message));
      else {
        console.error("Gamut:", err);
        // (the engine's InternalError says itself in the player's words; anything else is a bug of the page)
        const words = err?.said ? err.words : t("error.unexpected", { message: String(err && err.message) });
        showNotice(words, { kind: "error" });
      }
      return undefined;
    } finally {
      this.pending -= 1;
      if (!this.pending) root.dataset.busy = "no";
      this._schedule();
    }
  }

  /** Put `model` on screen (a game opened); the computer follows it. */
  show(model) {
    this.unsubscribe?.();
    this.model = model;
    this.unsubscribe = model.subscribe(() => this._changed());
    this.computer.attach(model);
    this.analyser.attach(model);
    this.mistakes?.collect(model); // (mistakes hook, #31: a game with a stored analysis gives its exercises)
    this.opened();
    this._changed();
  }

  /** Whether a move may be entered now (the engine ready, no computer or far-away seat to move at the head). */
  canMove() {
    const m = this.model;
    return (
      this.ready &&
      !!m &&
      !(m.atHead && this.computer.computerSeatToMove() >= 0) &&
      this.farSeat() < 0 &&
      !this.live?.blocks() && // (#46: a live game takes moves once connected)
      !(m.ending && m.extendsMain(m.viewed)) // (#29: an ended game's main line goes no further)
    );
  }

  /** The seat to move at the game's head when a friend far away plays it (and the board shows the head); else -1. */
  farSeat() {
    const m = this.model;
    const v = m && m.atHead && this.positions.get(m.start, m.head);
    return v && !v.outcome && !m.ending && m.players[v.to_move] === "r" ? v.to_move : -1; // (#29: an ended game waits for no one)
  }

  /** The name of `seat` in the game's head position ("Player n" when it has none). */
  seatName(seat) {
    const v = this.model && this.positions.get(this.model.start, this.model.head);
    return playerWords(v, seat) || t("player.numbered", { n: seat + 1 });
  }

  /** A game just started: the board comes into view (a phone was scrolled
   * down to Start) and takes the keyboard focus, unless the player has put
   * the focus somewhere else meanwhile (a start that waited for the engine). */
  toBoard() {
    const active = document.activeElement;
    if (active && active !== document.body && !active.closest("#start, #new-dialog, #new-game")) return;
    $("board").scrollIntoView({ block: "nearest" });
    this.board.focus();
  }

  /** <html data-revision> counts the games (and links) opened: tools and tests wait on it. */
  opened() {
    const root = document.documentElement;
    root.dataset.revision = String(Number(root.dataset.revision || 0) + 1);
  }
}
