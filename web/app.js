// The page's wiring.  One direction of flow:
//   events (clicks, keys, worker answers) -> actions here -> the game model
//   (game.js) changes -> listeners: the computer controller (computer.js)
//   decides whether to think, the views of the positions needed are fetched
//   (positions.js), and the page is drawn from the model (board.js,
//   movelist.js, panels.js).  Drawing never starts or cancels work.
// <html> exposes the page's state to tools and tests: data-engine
// (loading|ready|failed), data-busy (an engine call of the page is
// running), data-revision (counts the games opened), data-boot (where the
// start stands: words | engine | seeds | opening | done).

import { t, wordsReady } from "./i18n/i18n.js"; // (i18n hook, #33: first, so the catalog is fetched early)
import "./i18n/manifest-link.js"; // (i18n hook, #33: the manifest in the page's language)
import { Engine } from "./engine/engine.js";
import { Board } from "./board/board.js";
import { sayBoardAspect } from "./board/pageboard.js";
import { Computer } from "./engine/computer.js";
import { gameAboutWords, playerWords } from "./engine/words.js";
import { Analyser, engineLinePositions, engineMoveOnBoard, marksByPly } from "./model/analysis.js";
import { drawAnalysis } from "./panels/analysispanel.js";
import { Positions } from "./model/positions.js";
import { drawMoveList } from "./panels/movelist.js";
import { NotesEditor } from "./panels/notes.js"; // (notes hook, #29: comments and glyphs)
import { isPrefix, isStandardStart } from "./model/game.js";
import { drawPanel, drawThinking, drawControls } from "./panels/panels.js";
import { NewGameDialog, setExplain, showNotice } from "./panels/dialogs.js";
import { actions } from "./app/actions.js";
import * as keep from "./library/keep.js";
import * as link from "./model/url.js";
import { registerOffline } from "./offline.js";
import { watchUpdates } from "./app/update.js";
import { GamesList } from "./library/gameslist.js";
import * as records from "./library/records.js";
import { wire } from "./app/wire.js";
import { seedFirstMoves } from "./engine/early.js";
import { Announcer, logTo } from "./panels/announce.js";
import { MoveBox } from "./panels/movebox.js";
import { Editor } from "./editor/editor.js";
import { rulesMenuItems } from "./rules/rules.js";
import { $, h } from "./app/dom.js";
import { Page } from "./app/page.js";
import { PageSettings } from "./settings/page-settings.js"; // (settings hook, #28)
import { StartPanel } from "./panels/startpanel.js";
import { ClockPanel } from "./panels/clockpanel.js"; // (clock hook, #29)
import { GameActions } from "./panels/gameactions.js"; // (#29: the game's rituals and its end)
import { EndPanel } from "./panels/endpanel.js";
import { endState, rituals } from "./app/end-actions.js";
import { endWords } from "./model/ending.js";
import { PuzzlePage } from "./puzzles/puzzlepage.js"; // (puzzles hook, #30)
import { puzzlesMenuItems } from "./puzzles/links.js";
import { LessonPage } from "./lessons/lessonpage.js"; // (lessons hook, #31)
import { lessonsMenuItems } from "./lessons/lessonflow.js";
import { ProgressPage, progressMenuItems } from "./progress/progresspage.js"; // (progress hook, #31)
import { MistakesPage } from "./mistakes/mistakespage.js"; // (mistakes hook, #31)
import { mistakesMenuItems } from "./mistakes/links.js";
import { knownLadder, levelsOf, seedLevels } from "./engine/levels.js"; // (levels hook, #31)

const root = document.documentElement;
const initial = (() => {
  try {
    return JSON.parse($("initial").textContent);
  } catch {
    return { games: [], views: {}, starts: {} };
  }
})();

const page = new Page({
  games: initial.games || [],
  changed: () => changed(),
  schedule: () => schedule(),
  buildPicker,
});

/** The box that offers the link when a friend far away is to move. */
function drawSend(far) {
  const box = $("send");
  box.hidden = far < 0;
  if (far < 0) return;
  $("send-text").textContent = t("send.far", { name: page.seatName(far) });
  $("send-share").hidden = !navigator.share;
}

/** The start panel: shown over the game a first visit opens, until a game
 * is chosen (or the panel closed, or a move played on the board). */
function drawStart(m) {
  const shown = page.welcome && m.tree.size() === 1 && isStandardStart(m.start);
  if (shown) page.startPanel.follow(page.queuedSwitch ?? m.meta.game);
  page.startPanel.setHidden(!shown);
  page.startPanel.setWaiting(page.queuedStart ? t("start.waiting") : "");
  return shown;
}

// -- after every change of the model: save, fetch what is needed, draw -------------
function changed() {
  const m = page.model;
  if (!m) return;
  page.clocks.sync(); // (clock hook, #29: the clock follows the game; a flag ends it)
  page.keeper.changed(m);
  page.computer.sync();
  page.announcer.changed(m);
  page.analyser.sync();
  // (and where the engine's line at a marked move goes: it is numbered on the board)
  const need = [m.viewed, m.head, ...engineLinePositions(page.analyser.result(), m.viewed)];
  for (const line of need) {
    if (!page.positions.get(m.start, line)) {
      page.busy(() => page.positions.view(m.start, line).then(() => schedule()));
    }
  }
  schedule();
}

/** The board's proportions for the layout (style.css: a board wider than
 * tall is as wide as the room beside the panel allows). */
/** An ending beyond the rules as the panel's result banner shows an outcome (#29). */
function endingOutcome(m, headView) {
  const names = headView ? headView.players.map((_, i) => playerWords(headView, i)) : [];
  return { winner: m.ending.winner, reason: endWords(m.ending, names).detail, cells: [] };
}

function drawBoardShape() {
  sayBoardAspect(/** @type {any} */ ($("board")));
}

let scheduled = false;
function schedule() {
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(() => {
    scheduled = false;
    draw();
  });
}

const drawn = { panel: null, list: null };
const sameKey = (a, b) => !!a && a.length === b.length && a.every((x, i) => x === b[i]);

/** Draw everything from the model and the cached views. */
function draw() {
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
    !(m.ending && m.extendsMain(m.viewed)) && // (#29: an ended game's main line takes no move; variations may)
    !(m.clock && m.clock.paused); // (clock hook, #29: a paused clock takes no move)
  drawSend(far);
  const choosing = drawStart(m); // (no game yet: Resign, Offer draw and Abort wait for one, #41)
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
  const panelKey = [m, m.rev, view, endView, thinkingHere, ladder];
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

// -- boot ---------------------------------------------------------------------------
function boot() {
  root.dataset.busy = "no";
  actions.init(page);
  page.engine = new Engine();
  seedLevels(page.engine, initial.levels); // (#41: each game's ladder, known before the engine is)
  page.positions = new Positions(page.engine, initial);
  page.computer = new Computer({
    engine: page.engine,
    positions: page.positions,
    onMove: (line, move) => actions.computerMove(line, move),
    onChange: () => schedule(),
    onError: message => showNotice(message, { kind: "error" }),
  });
  page.analyser = new Analyser({
    engine: page.engine,
    onChange: () => schedule(),
    onDone: (model, result) => {
      model.setAnalysis(result);
      page.mistakes.collect(model); // (mistakes hook, #31: its mistakes become exercises)
    },
    onError: message => showNotice(message, { kind: "error" }),
  });
  page.board = new Board(
    { svg: $("board"), palette: $("palette"), actions: $("actions") },
    {
      onMove: text => actions.play(text),
      onMark: cells => actions.mark(cells),
      onIllegal: (clicks, message) => actions.explain(clicks, message),
      onRefused: () => actions.refused(),
      onChange: () => setExplain(""),
      onShapes: shapes => page.model?.setNotes(page.model.viewed, { shapes }), // (notes hook, #29)
    },
  );
  // (settings hook, #28: the remembered settings, their header controls, the sound)
  page.settings = new PageSettings({
    svg: $("board"),
    header: document.querySelector("header.top"),
    before: $("open-games"),
    gameName: id => (page.info(id) || {}).name || id,
    schedule: () => schedule(),
  });
  page.announcer = new Announcer({
    put: logTo($("said")),
    describe: (start, line) => page.engine.describe(start, line),
  });
  // (clock hook, #29)
  page.clocks = new ClockPanel({ page, onChange: () => schedule(), say: text => page.announcer.say(text) });
  // (notes hook, #29: the viewed move's comment and glyph, saved with the game)
  page.notes = new NotesEditor($("notes"), {
    toggle: $("notes-toggle"),
    onSave: (line, patch) => page.model?.setNotes(line, patch),
  });
  page.movebox = new MoveBox({
    form: $("movebox"),
    input: $("move-input"),
    options: $("move-options"),
    message: $("move-error"),
    onEnter: text => actions.enter(text),
  });
  page.keeper = new keep.Keeper({
    positions: page.positions,
    games: page.games,
    onProblem: message => showNotice(message, { kind: "error" }),
    onMerged: model => model._changed("tree"),
  });
  page.gamesList = new GamesList({
    games: page.games,
    currentId: () => page.model && page.model.id,
    onOpen: entry => actions.openEntry(entry),
    onExport: entries => actions.exportEntries(entries),
    onExportRaw: entry => records.exportRaw(entry),
  });
  page.dialog = new NewGameDialog({
    games: page.games,
    settingsOf: keep.settingsOf,
    seatNames: (game, variant) =>
      page.engine.newGame(game, variant).then(r => r.view.players.map((_, i) => playerWords(r.view, i))),
    // (clock hook, #29: the dialog's opponent box holds the clock chosen)
    onStart: choice => actions.startNew({ clock: page.dialog.opponent.control(), ...choice }),
    levelsOf: game => levelsOf(page.engine, game), // (levels hook, #31)
  });
  page.startPanel = new StartPanel({
    games: page.games,
    settingsOf: keep.settingsOf,
    namesOf: (game, variant) => {
      const v = initial.views && initial.views[game];
      return v && v.variant === variant ? v.players.map((_, i) => playerWords(v, i)) : null;
    },
    seatNames: (game, variant) =>
      page.engine.newGame(game, variant).then(r => r.view.players.map((_, i) => playerWords(r.view, i))),
    onStart: choice => actions.startChosen(choice),
    onClose: () => actions.closeStart(),
    levelsOf: game => levelsOf(page.engine, game), // (levels hook, #31)
  });
  page.editor = new Editor({
    engine: page.engine,
    games: () => page.games,
    settingsOf: keep.settingsOf,
    onPlay: start => actions.playFrom(start),
    onClose: () => actions.closeEditor(),
    onAnalyse: start => actions.playFrom(start, { analyse: true }),
  });
  const sharedParts = { engine: page.engine, games: () => page.games, settings: page.settings }; // (the pages over the game)
  page.puzzles = new PuzzlePage(sharedParts); // (puzzles hook, #30)
  page.lessons = new LessonPage(sharedParts); // (lessons hook, #31)
  // (progress hook, #31: your results against the computer, the #progress page)
  page.progress = new ProgressPage({
    engine: page.engine,
    games: () => page.games,
    settingsOf: keep.settingsOf,
    onPlay: choice => actions.startNew(choice),
    onChange: () => schedule(),
    onProblem: message => showNotice(message, { kind: "error" }),
  });
  page.mistakes = new MistakesPage({ ...sharedParts, onCount: () => schedule() }); // (mistakes hook, #31)
  // the board at once, from the start views the build inlined
  const planned = plannedGame();
  page.startPanel.prepare(planned);
  // (#29: the game's rituals and its end)
  page.gameActions = new GameActions({
    box: $("game-actions"),
    onResign: seat => actions.resign(seat),
    onAbort: () => actions.abort(),
    onOffer: seat => actions.offerDraw(seat),
    onAnswer: (accept, seat) => actions.answerDraw(accept, seat),
  });
  page.endPanel = new EndPanel({
    box: $("end-panel"),
    badge: $("result-badge"),
    onRematch: () => actions.rematch(),
    onAnalyse: () => actions.analyseGame(),
    onNew: () => actions.newDialog(),
    onSend: () => actions.send(false),
  });
  const placeholder = initial.views && (initial.views[planned] || initial.views.loa);
  if (placeholder) {
    page.settings.draw(page.board, null, placeholder); // (settings hook, #28)
    page.board.show({ ...placeholder, ply: 0 });
    drawBoardShape();
    root.dataset.board = "drawn";
  }
  buildPicker(planned);
  wire(page, actions);
  startEngine(planned);
}

function plannedGame() {
  try {
    const parsed = link.parse(location.hash);
    if (parsed && page.info(parsed.game)) return parsed.game;
  } catch {
    /* explained when the engine is ready */
  }
  const id = keep.readJSON("gamut.last-game");
  return page.info(id) ? id : "loa";
}

/** Open the game at once (a game the build describes opens and takes its
 * first move before the engine is ready; any other opens when the engine
 * answers), and start the engine. */
function startEngine(planned) {
  root.dataset.engine = "loading";
  const engine = page.engine;
  page.planned = planned;
  const seeded = seedFirstMoves(
    page.positions,
    initial,
    planned,
    new URL(`./first-moves/${planned}.json`, import.meta.url),
  );
  const gamesKnown = page.games.length
    ? seeded
    : engine.ready.then(async () => {
        page.games = (await engine.initial()).games;
      });
  const opened = gamesKnown.then(() => actions.openFromURL({ boot: true }));
  engine.onsnapshot = () => root.setAttribute("data-snapshot", "kept"); // (the next visit starts from it)
  engine.onrestart = () => showNotice(t("engine.restarted"), { kind: "error" });
  engine.onloading = ({ stage, fraction, message }) => {
    $("loading-message").textContent = message || stage || t("loading.loading");
    const bar = $("loading-bar");
    if (typeof fraction === "number" && Number.isFinite(fraction))
      bar.value = Math.max(0, Math.min(1, fraction));
    else bar.removeAttribute("value");
  };
  registerOffline({ after: engine.ready.catch(() => {}) }).then(registration =>
    watchUpdates(registration, { beforeReload: () => page.keeper.flush() }),
  );
  const slow = setTimeout(() => {
    if (!page.ready) $("loading-message").textContent = t("loading.slow");
  }, 60000);
  root.dataset.boot = "engine"; // (where the start stands, for tools and tests: engine | seeds | opening | done)
  engine.ready
    .then(async () => {
      clearTimeout(slow);
      root.dataset.boot = "seeds";
      await page.positions.confirmSeeds();
      root.dataset.boot = "opening";
      await opened;
      root.dataset.boot = "done";
      page.ready = true;
      page.computer.enable();
      actions.chosenWhileLoading(); // (a new game or a game's tab chosen while the engine loaded)
      $("loading").hidden = true;
      root.dataset.engine = "ready";
      root.dataset.engineStart = engine.startedFrom ?? ""; // (tests and benches read the start path)
      schedule();
      // each game's own levels, for the players' menus (#31), drawn once known
      for (const g of page.games) levelsOf(page.engine, g.id).then(schedule, () => {});
    })
    .catch(err => {
      clearTimeout(slow);
      engineFailed(err);
    });
}

function engineFailed(err) {
  page.ready = false;
  root.dataset.engine = "failed";
  const box = $("loading");
  box.hidden = false;
  box.classList.add("failed");
  box.setAttribute("role", "alert");
  box.replaceChildren(
    h("p", { class: "failed-title" }, t("engine.failed")),
    h("p", { id: "failed-message" }, (err && err.message) || String(err)),
    h("p", {}, t("engine.failed.more")),
    h("button", { type: "button", onclick: () => location.reload() }, t("common.reload")),
  );
  draw();
}

/** The game picker and the rules menu, from the engine's list of games. */
function buildPicker(current) {
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
          title: gameAboutWords(info.id, info.description),
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
    heading(t("menu.yourPlay")),
    ...mistakesMenuItems(page.games),
    ...progressMenuItems(),
  );
}

root.dataset.boot = "words"; // (the page's modules run: start.js's watch ends)
// (i18n hook, #33: the words of the player's language before the first one is drawn; a study's link: start.js hands it to its viewer)
if (!location.hash.startsWith("#study/")) wordsReady.then(boot);
