// The puzzle page (#puzzles/<game>; "#puzzles" alone: the game on screen),
// issue #30: a position where the player has one good move at every step.
// The opponent's last move is played on the board, animated; the player
// finds the move (a click, the board's keys or the move box), the engine's
// reply follows after a short pause; a wrong move is said and shown until
// Retry takes it back; Hint marks the right move's cell, then the move
// (a line under the buttons says first that a hint, as the solution, fails
// the puzzle); View solution lists the solution's moves and plays them one
// at a time, Previous and Next move (or a move of the list) stepping through.  When done: solved or failed, the rating's
// change, the streak; Analyse opens the puzzle as a new game (a link, by
// the page's own way of opening one: the game on screen is untouched) and
// Next brings a puzzle near the player's rating not seen lately.
// Puzzle Streak (#streak/<game>, streak.js) is the same page in another
// mode: puzzles of rising difficulty, unrated, no hints; the first wrong
// move ends the run (View solution, New streak), one Skip per run, the
// best run kept per game.
//
// The engine serves the puzzles (`puzzles`) and answers every position
// (view, play, enter, mark, explain); the session (session.js) walks the
// solution; the store (puzzlestore.js) keeps the rating, streak and
// history per game.  One direction: events -> the session -> draw.
// <html data-puzzle> says where the page is: loading | play (the player's
// move) | check (a move being judged) | reply | wrong | solution | done |
// failed (no puzzle could be shown), for tools and tests.
//
//   const puzzles = new PuzzlePage({engine, games: () => page.games});
//   puzzles.open("loa");   puzzles.hide();   puzzles.isOpen

import { t } from "../i18n/i18n.js";
import { playerWords } from "../engine/words.js";
import { askedOncePerGame } from "../trainer/answers.js";
import { Trainer, sentenceOf as sentence } from "../trainer/trainer.js";
import { format } from "../model/url.js";
import { PuzzleSession, hintMarks, withoutThreats } from "./session.js";
import { PuzzleStore, choose } from "./puzzlestore.js";
import { StreakRun, streakLadder } from "./streak.js";
import { buildPuzzlePage, drawGames, drawPanel } from "./puzzleview.js";
import { signedChange } from "./glicko2.js";
import { openShare } from "../share/sharedialog.js";

const REPLY_PAUSE_MS = 450; // before the opponent's reply: the player's move is seen first
const OPEN_PAUSE_MS = 350; // before the opponent's last move, when a puzzle opens
const STREAK_PAUSE_MS = 900; // a puzzle of a streak solved: seen solved, then the next one

const viewKey = (start, line) => `${start}\n${line.join(" ")}`;
/** The name of `seat` in `view` in the page's language ("Schwarz"), or "Player 2". */
const nameOf = (view, seat) => playerWords(view, seat) || t("player.numbered", { n: seat + 1 });
const wait = ms => new Promise(resolve => setTimeout(resolve, ms));

export class PuzzlePage extends Trainer {
  /** `settings`: the page's settings (settings/page-settings.js: the board's
   * theme, coordinates and sound), or null.
   * @param {{engine: any, games: () => any[], store?: PuzzleStore, settings?: any}} how */
  constructor({ engine, games, store = new PuzzleStore(), settings = null }) {
    super({
      engine,
      games,
      settings,
      box: "puzzle-page",
      bodyClass: "puzzling",
      phaseName: "puzzle",
      words: { wait: "puzzle.wait", illegal: "move.illegal" },
    });
    this.store = store;
    // game -> promise of {puzzles, themes} (themes: ids)
    this._list = askedOncePerGame(game => this.engine.ready.then(() => this.engine.puzzles(game)));
    this.views = new Map(); // line key -> view, for the puzzle shown
    this.game = null;
    this.puzzle = null;
    this.session = null;
    this.record = null;
    this.change = null; // the rating's change of this puzzle's result
    /** @type {Set<string> | null} the ids of the game's puzzles (a history entry of an older set is not among them) */
    this.known = null;
    this.asked = 0; // puzzles opened: the work for an earlier one stops
    this.mode = "rated"; // or "streak" (Puzzle Streak)
    this.run = null; // the run of Puzzle Streak (StreakRun), in that mode
  }

  /** The puzzle's position now (its moves played so far). */
  task() {
    return { start: this.puzzle.start, line: this.session.line() };
  }

  shown() {
    return { context: this.session, line: this.session.line() };
  }

  refusedWords() {
    if (this.run && this.run.over) return t("streak.pressNew");
    return this.phase === "wrong" ? t("puzzle.pressRetry") : this.phase === "done" ? t("puzzle.over") : "";
  }

  _build() {
    if (this.els) return;
    this.els = buildPuzzlePage(this.box, {
      retry: () => this.retry(),
      hint: () => this.hint(),
      solution: () => this.showSolution(),
      analyse: () => this.analyse(),
      next: () => this.next(),
      skip: () => this.skip(),
      share: () => this.share(),
      history: id => this.openPuzzle(id),
      solutionAt: (n, relative) => this.solutionAt(relative ? this.session.solution().at + n : n),
    });
    this._attach();
  }

  // -- showing and leaving -----------------------------------------------------------
  /** Show the puzzles of `game`: a puzzle near the player's rating
   * (`mode` "rated"), or a new run of Puzzle Streak ("streak"). */
  async open(game, mode = "rated") {
    this._build();
    if (this._showPage()) scrollTo(0, 0); // (the game's page may have been scrolled: the board's top in view, on a phone too)
    const info = this.games().find(g => g.id === game);
    document.title = `${(info && info.name) || game}: ${mode === "streak" ? "puzzle streak" : "puzzles"} · Gamut`;
    drawGames(this.els, this.games(), game, mode);
    if (game === this.game && mode === this.mode && this.puzzle && this.phase !== "failed") {
      this._sayPhase(); // (back to the puzzle as it was left)
      return;
    }
    this.game = game;
    this.mode = mode;
    this.run = null;
    this.gameName = (info && info.name) || game;
    const asked = ++this.asked;
    this._phase("loading");
    this._say(info ? t("puzzle.loading") : t("puzzle.unknownGame", { game }));
    if (!info) return this._phase("failed");
    try {
      const list = await this._list(game);
      this.record = await this.store.get(game, list.puzzles);
      if (asked !== this.asked) return;
      this.known = new Set(list.puzzles.map(p => p.id));
      if (mode === "streak") this.run = new StreakRun(streakLadder(list.puzzles));
      const puzzle = this.run ? this.run.current() : choose(list.puzzles, this.record);
      if (!puzzle) {
        this._say(t("puzzle.none", { game: this.gameName }));
        return this._phase("failed");
      }
      await this._start(puzzle, asked);
    } catch (err) {
      this._failed(err, asked);
    }
  }

  /** Something the engine refused: said, and no puzzle is shown. */
  _failed(err, asked) {
    if (asked !== this.asked) return;
    this._say(t("puzzle.failed", { reason: sentence((err && (err.words || err.message)) || err) }));
    this._phase("failed");
  }

  // -- one puzzle ----------------------------------------------------------------------
  /** Open the puzzle `id` of the game shown (from the history). */
  async openPuzzle(id) {
    const list = await this._list(this.game);
    const puzzle = list.puzzles.find(p => p.id === id);
    if (puzzle) await this._begin(puzzle);
    else this._say(t("puzzle.tried.gone")); // (an id of an older set: docs/puzzles.md)
  }

  /** The next puzzle: near the rating, not seen lately, not this one (in
   * a streak: the run's next puzzle, or a new run once it is over). */
  async next() {
    const list = await this._list(this.game);
    this.record = await this.store.get(this.game, list.puzzles);
    if (this.run && this.run.over) this.run = new StreakRun(streakLadder(list.puzzles));
    const puzzle = this.run
      ? this.run.current()
      : choose(list.puzzles, this.record, Math.random(), this.puzzle && this.puzzle.id);
    if (puzzle) await this._begin(puzzle);
  }

  /** Pass the puzzle of a streak (once per run): the run's next puzzle. */
  async skip() {
    if (!this.run || this.phase !== "play" || !this.run.skip()) return;
    await this._begin(this.run.current());
    this._say(`${t("streak.skipped")} ${this.els.status.textContent}`);
  }

  async _begin(puzzle) {
    const asked = ++this.asked;
    try {
      await this._start(puzzle, asked);
    } catch (err) {
      this._failed(err, asked);
    }
  }

  async _start(puzzle, asked) {
    this._phase("loading");
    this.views.clear();
    const placed = await this.engine.view(puzzle.start, puzzle.moves); // (the moves as the engine writes them)
    if (asked !== this.asked) return;
    this.puzzle = puzzle;
    this.session = new PuzzleSession(puzzle, placed.line);
    this.views.set(viewKey(puzzle.start, placed.line), placed.view);
    this.change = null;
    this.recorded = false;
    const first = await this._view([]);
    if (asked !== this.asked) return;
    this.board.setOrientation(puzzle.player === 1 && first.players.length === 2);
    this.board.setSuggest(null);
    this.board.setInteractive(false);
    this._show(withoutThreats(first)); // (the player's own threats there: often the answer)
    this._shape();
    this._draw();
    this._say(""); // (the goal is the panel's, said once: its opponent's move is said next)
    await wait(OPEN_PAUSE_MS);
    if (asked !== this.asked) return;
    this.session.open();
    const opened = await this._view(this.session.line());
    if (asked !== this.asked) return;
    this._show(opened);
    if (opened.to_move === puzzle.player)
      this._say(t("puzzle.lastMove", { name: nameOf(first, first.to_move), move: this.session.moves[0] }));
    await this._turn(asked);
  }

  /** The position after `line` (of the puzzle shown). */
  async _view(line) {
    const start = this.puzzle.start;
    const key = viewKey(start, line);
    if (!this.views.has(key)) this.views.set(key, (await this.engine.view(start, line)).view);
    return this.views.get(key);
  }

  /** Whose move it is now: the player's (the board is live), the opponent's
   * (played after a pause), or nobody's (the line is done). */
  async _turn(asked) {
    const s = this.session;
    while (!s.finished) {
      const view = await this._view(s.line());
      if (asked !== this.asked) return;
      if (view.to_move === this.puzzle.player) {
        this._show(view);
        this.movebox.show(view);
        this.board.setInteractive(true);
        return this._phase("play");
      }
      this._phase("reply");
      this.board.setInteractive(false);
      await wait(REPLY_PAUSE_MS);
      if (asked !== this.asked) return;
      const move = s.reply();
      this._show(await this._view(s.line()));
      const name = nameOf(view, view.to_move);
      this._say(t(s.finished ? "puzzle.replies" : "puzzle.repliesYourMove", { name, move }));
    }
    await this._finish();
  }

  // -- the player's moves ----------------------------------------------------------------
  /** A move entered on the board or in the move box (a listed move's text). */
  async played(text) {
    if (this.phase !== "play") return;
    const asked = this.asked;
    const s = this.session;
    this.board.setInteractive(false);
    this.board.setSuggest(null);
    this._phase("check");
    let r;
    try {
      r = await this.engine.play(this.puzzle.start, s.line(), text);
    } catch (err) {
      if (asked !== this.asked) return;
      this._say(sentence((err && (err.words || err.message)) || err));
      return this._turn(asked); // (the same step again)
    }
    if (asked !== this.asked) return;
    const verdict = s.judge(r.line[r.line.length - 1]);
    this.views.set(viewKey(this.puzzle.start, s.line()), r.view);
    this._show(r.view);
    await this._settle();
    if (verdict === "wrong" && this.run) {
      this._say(`${t("streak.wrong", { move: r.move })} ${this._streakSaid()}`);
      this._phase("wrong");
      this.els.solution.focus({ preventScroll: true });
      return;
    }
    if (verdict === "wrong") {
      this._say(t("puzzle.wrong", { move: r.move }));
      this._phase("wrong");
      this.els.retry.focus({ preventScroll: true });
      return;
    }
    this._say(`${r.move}: right.`);
    await this._turn(asked);
  }

  /** Take the wrong move back (animated): the same step again. */
  async retry() {
    if (this.phase !== "wrong") return;
    this.session.retry();
    this._say(t("puzzle.takenBack"));
    await this._turn(this.asked);
  }

  /** Mark the right move's cell (first press), then the move (second). */
  async hint() {
    if (this.run) return; // (no hints in a streak)
    if (this.phase === "wrong") await this.retry();
    if (this.phase !== "play") return;
    const { step, move } = this.session.hint();
    const view = await this._view(this.session.line());
    const marks = hintMarks(view, move, step);
    this.board.setSuggest(marks);
    const from = marks && marks.cells[0];
    this._say(step === 1 && from ? t("puzzle.hintFrom", { cell: from }) : t("puzzle.hintMove", { move }));
    await this._settle();
  }

  /** View the solution (the puzzle is failed): its moves listed, the next
   * one played on the board, then stepped through by the player. */
  async showSolution() {
    if (this.phase !== "play" && this.phase !== "wrong") return;
    this.session.showSolution();
    this.board.setInteractive(false);
    this.board.setSuggest(null);
    this._phase("solution");
    await this._settle();
    await this.solutionAt(this.session.solution().at + 1);
  }

  /** Show `at` moves of the solution viewed (a step, or a move of its
   * list), the move said; its last move reached ends the puzzle. */
  async solutionAt(at) {
    const s = this.session;
    if (!s || !s.viewed || !s.solutionAt(at)) return;
    const asked = this.asked;
    const played = s.played;
    const view = await this._view(s.line());
    if (asked !== this.asked || played !== s.played) return; // (another step came meanwhile)
    this._show(view);
    this._draw();
    const { moves, at: now } = s.solution();
    const said = now
      ? t("puzzle.solutionMove", { n: String(now), total: String(moves.length), move: moves[now - 1] })
      : t("puzzle.solutionStart");
    if (s.finished && this.phase === "solution") await this._finish(said);
    else {
      this._say(said);
      this._keepFocus();
    }
  }

  /** The Share dialog on the puzzle's position as the board shows it (#45). */
  share() {
    if (!this.board.view || !this.puzzle) return;
    openShare({
      drawing: this.board.drawing,
      shapes: this.board.shapes.shown,
      caption: `${t("puzzle.title", { game: this.gameName || this.game })} · ${t("puzzle.subtitle", { id: this.puzzle.id })}`,
      name: `gamut-puzzle-${this.puzzle.id}`,
    });
  }

  /** The puzzle as a new game, at its position with the solution as its line. */
  analyse() {
    const p = this.puzzle;
    if (!p) return;
    location.hash = format({
      game: p.game,
      variant: p.variant,
      options: p.options,
      moves: this.session.moves,
      ply: 1,
      start: p.start,
    });
  }

  /** The puzzle over: the result said (after `said`, the last move of the
   * solution viewed), and the focus on Next puzzle. */
  async _finish(said = "") {
    await this._settle();
    this.board.setInteractive(false);
    this._phase("done");
    const solved = this.session.outcome === "solved";
    if (this.run) return this._finishInStreak(said, solved);
    const change =
      this.change === null
        ? ""
        : ` ${t("puzzle.ratingChange", {
            rating: String(Math.round(this.record.rating.rating)),
            change: signedChange(0, this.change),
          })}`;
    const streak = String(this.record.streak);
    const result = solved
      ? `${t("puzzle.solved")}${change} ${t("puzzle.streakSaid", { streak })}`
      : `${t(this.session.viewed ? "puzzle.failed.shown" : "puzzle.failed.help")}${change} ${t("puzzle.nextOrAnalyse")}`;
    this._say(said ? `${said} ${result}` : result);
    if (!said) this.els.next.focus({ preventScroll: true });
    else this._keepFocus();
  }

  /** The solution's steps keep the focus, unless a button that went (View
   * solution, Next move at the solution's end) lost it: then Next puzzle. */
  _keepFocus() {
    const focus = document.activeElement;
    const gone = !(focus instanceof HTMLElement) || !this.box.contains(focus) || focus.hidden;
    if (gone || (focus instanceof HTMLButtonElement && focus.disabled))
      this.els.next.focus({ preventScroll: true });
  }

  /** A puzzle of a streak over: solved, the run's next puzzle after a
   * pause; else the run's end said. */
  async _finishInStreak(said, solved) {
    const asked = this.asked;
    const result =
      solved && !this.run.over ? t("streak.solved", { score: String(this.run.score) }) : this._streakSaid();
    this._say(said ? `${said} ${result}` : result);
    if (!solved || this.run.over) return this.els.next.focus({ preventScroll: true });
    await wait(STREAK_PAUSE_MS);
    if (asked === this.asked && this.isOpen) await this._begin(this.run.current());
  }

  /** The run of Puzzle Streak as it stands, said. */
  _streakSaid() {
    const score = String(this.run.score);
    const best = String((this.record && this.record.streakBest) || 0);
    if (this.run.complete) return t("streak.complete", { score, best });
    return this.run.over ? t("streak.over", { score, best }) : t("streak.score", { score });
  }

  /** Record the puzzle's result once it is decided (a wrong move, a hint,
   * the solution viewed, or the last move found): in a streak, the run's
   * score, and its best once the run is over. */
  async _settle() {
    const s = this.session;
    if (!s.outcome || this.recorded) return;
    this.recorded = true;
    if (this.run) {
      if (s.outcome === "solved") this.run.solved();
      else this.run.failed();
      if (this.run.over) this.record = await this.store.keepStreak(this.game, this.run.score);
      return this._draw();
    }
    const { record, change } = await this.store.record(this.game, this.puzzle, s.outcome === "solved");
    this.record = record;
    this.change = change;
    this._draw();
  }

  // -- drawing -----------------------------------------------------------------------------
  _draw() {
    if (!this.els) return;
    // (for tools and tests: the puzzle shown and how many of its moves are on the board)
    if (this.puzzle) this.box.dataset.puzzleId = this.puzzle.id;
    if (this.session) this.box.dataset.step = String(this.session.played);
    this.box.dataset.mode = this.mode;
    if (this.run) this.box.dataset.streak = String(this.run.score);
    else delete this.box.dataset.streak;
    drawPanel(this.els, {
      phase: this.phase,
      puzzle: this.puzzle,
      session: this.session,
      record: this.record,
      change: this.change,
      gameName: this.gameName || "",
      run: this.run,
      known: this.known,
      shareable: !!(this.board.view && this.puzzle),
    });
    const problem = this.store.tell();
    if (problem) {
      this.els.storage.hidden = false;
      this.els.storage.textContent = t("puzzle.storage", { problem });
    }
  }
}
