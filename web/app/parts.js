// The page's parts, made once at start: the engine client, the views
// cache, the computer, the analysis, the board, the panels, the dialogs and
// the pages over the game, each given the actions (actions.js) its events
// call.  app.js calls makeParts() at boot; what each part is, is declared in
// page.js.

import { Engine } from "../engine/engine.js";
import { Board } from "../board/board.js";
import { Computer } from "../engine/computer.js";
import { playerWords } from "../engine/words.js";
import { Analyser } from "../model/analysis.js";
import { Positions } from "../model/viewcache.js";
import { NotesEditor } from "../panels/notes.js";
import { NewGameDialog, copyLink, setExplain, showNotice } from "../panels/dialogs.js";
import * as open from "../library/open.js";
import { actions } from "./actions.js";
import * as keep from "../library/keep.js";
import { GamesList } from "../library/gameslist.js";
import * as records from "../library/records.js";
import { Announcer, logTo } from "../panels/announce.js";
import { MoveBox } from "../panels/movebox.js";
import { Editor } from "../editor/editor.js";
import { $ } from "./dom.js";
import { PageSettings } from "../settings/page-settings.js";
import { StartPanel } from "../panels/startpanel.js";
import { ClockPanel } from "../panels/clockpanel.js";
import { GameActions } from "../panels/gameactions.js";
import { EndPanel } from "../panels/endpanel.js";
import { PuzzlePage } from "../puzzles/puzzlepage.js";
import { LessonPage } from "../lessons/lessonpage.js";
import { ProgressPage } from "../progress/progresspage.js";
import { MistakesPage } from "../mistakes/mistakespage.js";
import { levelsOf, seedLevels } from "../engine/levels.js";
import { LivePlay } from "../live/liveplay.js";
import { finish } from "./end-actions.js";

/** Fill in every part of `page` (app/page.js).  `initial`: what the build
 * inlined (games, start views, levels); `schedule()`: one redraw soon. */
export function makeParts(page, initial, schedule) {
  const notice = message => showNotice(message, { kind: "error" });
  page.engine = new Engine();
  seedLevels(page.engine, initial.levels); // (#41: each game's ladder, known before the engine is)
  page.positions = new Positions(page.engine, initial);
  page.live = new LivePlay(page, actions, { finish, fresh: open.fresh, setExplain, showNotice, copyLink }); // (#46: the live game on screen)
  page.computer = new Computer({
    engine: page.engine,
    positions: page.positions,
    onMove: (line, move) => actions.computerMove(line, move),
    onChange: schedule,
    onError: notice,
  });
  page.analyser = new Analyser({
    engine: page.engine,
    onChange: schedule,
    onDone: (model, result) => {
      model.setAnalysis(result);
      page.mistakes.collect(model); // (a game's mistakes become exercises)
    },
    onError: notice,
  });
  page.board = new Board(
    { svg: $("board"), palette: $("palette"), actions: $("actions") },
    {
      onMove: text => actions.play(text),
      onMark: cells => actions.mark(cells),
      onIllegal: (clicks, message) => actions.explain(clicks, message),
      onRefused: () => actions.refused(),
      onChange: () => setExplain(""),
      onShapes: shapes => page.model?.setNotes(page.model.viewed, { shapes }),
    },
  );
  page.settings = new PageSettings({
    svg: $("board"),
    header: document.querySelector("header.top"),
    before: $("open-games"),
    gameName: id => (page.info(id) || {}).name || id,
    schedule,
  });
  page.announcer = new Announcer({
    put: logTo($("said")),
    describe: (start, line) => page.engine.describe(start, line),
  });
  page.clocks = new ClockPanel({ page, onChange: schedule, say: text => page.announcer.say(text) });
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
    onProblem: notice,
    onMerged: model => model._changed("tree"),
  });
  page.gamesList = new GamesList({
    games: page.games,
    currentId: () => page.model && page.model.id,
    settled: () => page.keeper.settled(),
    onOpen: entry => actions.openEntry(entry),
    onExport: entries => actions.exportEntries(entries),
    onExportRaw: entry => records.exportRaw(entry),
  });
  const seatNames = (game, variant) =>
    page.engine.newGame(game, variant).then(r => r.view.players.map((_, i) => playerWords(r.view, i)));
  const levels = game => levelsOf(page.engine, game); // (each game's own levels)
  page.dialog = new NewGameDialog({
    games: page.games,
    settingsOf: keep.settingsOf,
    seatNames,
    // (the dialog's opponent box holds the clock chosen)
    onStart: choice => actions.startNew({ clock: page.dialog.opponent.control(), ...choice }),
    levelsOf: levels,
  });
  page.startPanel = new StartPanel({
    games: page.games,
    settingsOf: keep.settingsOf,
    namesOf: (game, variant) => {
      const v = initial.views && initial.views[game];
      return v && v.variant === variant ? v.players.map((_, i) => playerWords(v, i)) : null;
    },
    seatNames,
    onStart: choice => actions.startChosen(choice),
    onClose: () => actions.closeStart(),
    levelsOf: levels,
  });
  page.editor = new Editor({
    engine: page.engine,
    games: () => page.games,
    settingsOf: keep.settingsOf,
    onPlay: start => actions.playFrom(start),
    onClose: () => actions.closeEditor(),
    onAnalyse: start => actions.playFrom(start, { analyse: true }),
  });
  const shared = { engine: page.engine, games: () => page.games, settings: page.settings }; // (the pages over the game)
  page.puzzles = new PuzzlePage(shared);
  page.lessons = new LessonPage(shared);
  page.progress = new ProgressPage({
    engine: page.engine,
    games: () => page.games,
    settingsOf: keep.settingsOf,
    onPlay: choice => actions.startNew(choice),
    onChange: schedule,
    onProblem: notice,
  });
  page.mistakes = new MistakesPage({ ...shared, onCount: schedule });
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
}
