// The page: boots from the inlined #initial data, talks to the engine worker
// through engine.js, and keeps the game (start, moves, viewed ply, redo list)
// in the URL fragment and in localStorage.  Everything game-specific comes
// from the engine's views, so this file serves all four games.

import { Engine } from "./engine.js";
import { Board, seatSwatch } from "./board.js";
import { MoveInput } from "./moveinput.js";
import * as link from "./url.js";
import * as storage from "./storage.js";
import { rulesHtml } from "./rules.js";
import { registerOffline } from "./offline.js";

const $ = id => document.getElementById(id);
const root = document.documentElement;

const S = {
  games: [],          // GameInfo.to_json() of every game
  views: {},          // game id -> view of its default start (from #initial)
  engine: null,
  ready: false,       // engine ready and the first game loaded
  failed: false,
  busy: false,        // an engine call that changes the game is running
  game: null,         // {start, moves, ply, redo, outcome, meta: {game, variant, options}}
  view: null,         // the view on the board
  cache: new Map(),   // ply -> view, for the current game
  picked: new Set(),  // cells marked in a multi-select ("select") step
  players: [],        // per seat: "h" (a human) or "c:<level>" (the computer)
  think: null,        // the running "think" job: {purpose: "move"|"hint", key, ply, job, progress, ...}
  hint: null,         // {key, progress}: the last hint, shown while its position is on the board
  paused: false,      // the computer waits (Pause), e.g. to look at a computer-vs-computer game
};

const input = new MoveInput();
let board;

// ---------------------------------------------------------------------------
// Small helpers

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c != null) node.append(c);
  return node;
}

const gameInfo = id => S.games.find(g => g.id === id) || null;

function defaultGameId() {
  const loa = gameInfo("loa");
  if (loa && loa.implemented) return "loa";
  const first = S.games.find(g => g.implemented);
  return first ? first.id : "loa";
}

function errorText(err) {
  if (!err) return "unknown error";
  return err.message || String(err);
}

/** Run engine work one task at a time; unexpected failures are shown, never thrown away.
 * <html data-busy="yes|no"> says whether any is running (for tools and tests). */
let queue = Promise.resolve();
let running = 0;
function task(fn) {
  running += 1;
  root.dataset.busy = "yes";
  const run = queue.then(fn).catch(err => {
    if (err && err.type && err.type !== "InternalError") {
      setExplain(errorText(err));  // the engine refused something: say why
      return;
    }
    console.error("Gamut:", err);
    showNotice(`Something went wrong: ${errorText(err)}`, { kind: "error" });
  }).finally(() => {
    running -= 1;
    if (!running) root.dataset.busy = "no";
  });
  queue = run;
  return run;
}

// ---------------------------------------------------------------------------
// Boot

function readInitial() {
  const node = $("initial");
  if (!node) return null;
  try {
    const data = JSON.parse(node.textContent);
    if (!data || !Array.isArray(data.games)) return null;
    return data;
  } catch {
    return null;
  }
}

function planBoot() {
  let parsed = null;
  let problem = null;
  try {
    parsed = link.parse(location.hash);
  } catch (err) {
    problem = err.message;
  }
  if (parsed && S.games.length) {
    const info = gameInfo(parsed.game);
    if (!info) {
      problem = `unknown game "${parsed.game}"; choose one of ${S.games.map(g => g.id).join(", ")}`;
    } else if (!info.implemented) {
      problem = `${info.name} is coming soon; it cannot be played yet`;
    }
    if (problem) parsed = null;
  }
  if (problem) return { kind: "fresh", game: defaultGameId(), notice: linkProblem(problem) };
  if (parsed) return { kind: "link", link: parsed, game: parsed.game };
  const saved = storage.load();
  if (saved && saved.error) {
    return { kind: "fresh", game: defaultGameId(), notice: saveProblem(saved.error) };
  }
  if (saved) return { kind: "save", save: saved, game: saved.start.trim().split(/\s+/)[0] };
  return { kind: "fresh", game: defaultGameId() };
}

const linkProblem = msg => `This link could not be opened: ${msg}. A fresh game is shown instead.`;
const saveProblem = msg => `Your saved game could not be restored (${msg}), so it was discarded. A fresh game is shown instead.`;

function boot() {
  root.dataset.busy = "no";
  const initial = readInitial();
  if (initial) {
    S.games = initial.games;
    S.views = initial.views || {};
  }
  board = new Board($("board"), {
    onCell: id => onCell(id),
    canDrag: id => canDrag(id),
    onDragStart: id => onDragStart(id),
    onDragOver: (from, id) => onDragOver(id),
    onDrop: (from, to) => onDrop(from, to),
  });
  wireControls();
  const plan = planBoot();
  startEngine(plan);  // first, so that Pyodide loads while the board is drawn
  const placeholder = S.views[plan.game] || S.views[defaultGameId()];
  if (placeholder) {
    showView({ ...placeholder, ply: 0 });
    root.dataset.board = "drawn";
  } else {
    $("status").textContent = "Loading…";
  }
  buildPicker();
  if (plan.notice) showNotice(plan.notice, { kind: "error", fresh: true });
  renderControls();
}

function startEngine(plan) {
  setEngineState("loading");
  let engine;
  try {
    engine = new Engine();
  } catch (err) {
    engineFailed(err);
    return;
  }
  S.engine = engine;
  engine.onloading = ({ stage, fraction, message }) => {
    $("loading-message").textContent = message || stage || "Loading…";
    const bar = $("loading-bar");
    if (typeof fraction === "number" && isFinite(fraction)) bar.value = Math.max(0, Math.min(1, fraction));
    else bar.removeAttribute("value");
  };
  registerOffline({ after: engine.ready.catch(() => {}) });
  // If loading stalls, say so (the board stays usable for looking at).
  const slow = setTimeout(() => {
    if (!S.ready && !S.failed) {
      $("loading-message").textContent = "Still loading: this is taking longer than usual. Reloading the page may help.";
    }
  }, 60000);
  engine.ready.finally(() => clearTimeout(slow)).catch(() => {});
  engine.ready.then(async () => {
    try {
      if (!S.games.length || !Object.keys(S.views).length) {
        const data = await engine.call("initial", {});
        S.games = data.games;
        S.views = data.views || {};
      }
      await openPlan(plan);
    } catch (err) {
      engineFailed(err);
      return;
    }
    S.ready = true;
    $("loading").hidden = true;
    setEngineState("ready");
    renderAll();
  }, engineFailed);
}

function engineFailed(err) {
  if (S.failed) return;
  S.failed = true;
  S.ready = false;
  setEngineState("failed");
  const box = $("loading");
  box.hidden = false;
  box.classList.add("failed");
  box.setAttribute("role", "alert");
  box.replaceChildren(
    h("p", { class: "failed-title" }, "The game engine could not start."),
    h("p", { id: "failed-message" }, errorText(err)),
    h("p", {}, "The board is shown, but moves cannot be played. Reloading the page may help."),
    h("button", { type: "button", onclick: () => location.reload() }, "Reload"),
  );
  renderAll();
}

function setEngineState(state) {
  root.dataset.engine = state;
}

/** Open what the boot plan asks for; fall back to a fresh game, never to nothing. */
async function openPlan(plan) {
  if (plan.kind === "link") {
    try {
      await openLink(plan.link);
      return;
    } catch (err) {
      if (!err || !err.type) throw err;
      showNotice(linkProblem(errorText(err)), { kind: "error", fresh: true });
      const info = gameInfo(plan.link.game);
      await freshGame(info && info.implemented ? info.id : defaultGameId());
      return;
    }
  }
  if (plan.kind === "save") {
    try {
      const s = plan.save;
      const resp = await S.engine.call("load", { start: s.start, moves: s.moves, ply: s.ply });
      setPlayers(s.players, resp.view.players.length);
      await applyGame(resp, s.redo);
      return;
    } catch (err) {
      if (!err || !err.type) throw err;
      storage.clear();
      showNotice(saveProblem(errorText(err)), { kind: "error", fresh: true });
    }
  }
  await freshGame(plan.game);
}

async function openLink(parsed) {
  let start = parsed.start;
  if (!start) {
    // complete the options with the variant's defaults; unknown names are left for the engine to reject
    const info = gameInfo(parsed.game);
    const options = {};
    for (const spec of (info && info.options) || []) {
      if (spec.variants && !spec.variants.includes(parsed.variant)) continue;
      options[spec.name] = spec.default;
    }
    Object.assign(options, parsed.options);
    start = link.standardStart(parsed.game, parsed.variant, options);
  }
  const ply = parsed.ply == null ? parsed.moves.length : parsed.ply;
  const resp = await S.engine.call("load", { start, moves: parsed.moves, ply });
  const v = resp.view;
  if (parsed.start && (v.game !== parsed.game || v.variant !== parsed.variant)) {
    const err = new Error(`its start position is a ${v.game} ${v.variant} position, but it names ${parsed.game} ${parsed.variant}`);
    err.type = "LinkError";
    throw err;
  }
  setPlayers(parsed.players, v.players.length);
  await applyGame(resp, []);
}

async function freshGame(gameId, variant, options) {
  const info = gameInfo(gameId);
  const params = { game: gameId };
  if (variant || info) params.variant = variant || info.variants[0].id;
  params.options = options || {};
  const resp = await S.engine.call("new", params);
  await applyGame(resp, []);
}

// ---------------------------------------------------------------------------
// The game

function isStandardStart(start) {
  return start.trim().split(/\s+/).slice(3).join(" ") === "start";
}

async function applyGame(resp, redo) {
  const v = resp.view;
  S.game = {
    start: resp.start,
    moves: [...resp.moves],
    ply: resp.ply,
    redo: [...(redo || [])],
    outcome: resp.ply === resp.moves.length ? v.outcome : null,
    meta: { game: v.game, variant: v.variant, options: v.options || {} },
  };
  S.cache = new Map([[resp.ply, v]]);
  setPlayers(S.players, v.players.length);
  showView(v);
  persist();
  buildPicker();
  // <html data-revision> counts the games loaded (tools and tests wait on it)
  root.dataset.revision = String(Number(root.dataset.revision || 0) + 1);
  if (resp.ply !== resp.moves.length) {
    // learn how the game ended, for the result banner
    const last = await S.engine.call("view", { ply: resp.moves.length });
    S.cache.set(resp.moves.length, last.view);
    S.game.outcome = last.view.outcome;
    renderPanel();
  }
}

function showView(view) {
  S.view = view;
  S.picked = new Set();
  input.setView(view);
  board.render(view);
  renderAll();
}

function persist() {
  const g = S.game;
  if (!g) return;
  const fragment = link.format({
    ...g.meta, moves: g.moves, ply: g.ply, start: isStandardStart(g.start) ? null : g.start,
    players: S.players,
  });
  try {
    history.replaceState(history.state, "", fragment);
  } catch { /* some sandboxes refuse: the game is still in storage */ }
  storage.save({ ...g, players: S.players.some(p => p !== "h") ? S.players : null });
}

function interactive() {
  return S.ready && !S.failed && !S.busy && !!S.game;
}

async function busy(fn) {
  S.busy = true;
  renderControls();
  try {
    return await fn();
  } finally {
    S.busy = false;
    renderAll();
  }
}

/** The board takes a human's move: the engine is free and no computer seat is to move. */
function canInput() {
  return interactive() && !computerToMove();
}

function playMove(text) {
  if (!canInput()) return;
  task(() => busy(async () => {
    const g = S.game;
    const ply = g.ply;
    if (ply < g.moves.length && g.moves[ply] === text) {
      await goTo(ply + 1);  // the move already played here: just step forward
      return;
    }
    const dropped = g.moves.length - ply;
    let redo = [];
    if (dropped === 0 && g.redo.length && g.redo[g.redo.length - 1] === text) redo = g.redo.slice(0, -1);
    const resp = await S.engine.call("play", { ply, move: text });
    clearExplain();
    await applyGame(resp, redo);
    if (dropped > 0) {
      setExplain(`Played from move ${ply}; the ${dropped} later move${dropped === 1 ? " was" : "s were"} replaced.`, "info");
    }
  }));
}

function undo() {
  if (!interactive() || !S.game.moves.length) return;
  cancelThink();  // at once: the computer's move in progress is dropped
  task(() => busy(async () => {
    const g = S.game;
    // Take back to the last position where a human is to move: the human's
    // move while the computer thinks, else the computer's reply and the
    // human's move before it.  With no human seat, one move, and pause.
    let k = 1;
    if (S.players.some(p => p === "h")) {
      while (k < g.moves.length) {
        const ply = g.moves.length - k;
        const view = S.cache.get(ply) || (await S.engine.call("view", { ply })).view;
        if (!isComputer(view.to_move)) break;
        k += 1;
      }
    } else {
      S.paused = true;
    }
    const taken = g.moves.slice(g.moves.length - k).reverse();
    const moves = g.moves.slice(0, g.moves.length - k);
    const resp = await S.engine.call("load", { start: g.start, moves, ply: moves.length });
    clearExplain();
    await applyGame(resp, [...g.redo, ...taken]);
  }));
}

function redo() {
  if (!interactive() || !S.game.redo.length) return;
  cancelThink();
  task(() => busy(async () => {
    const g = S.game;
    const text = g.redo[g.redo.length - 1];
    try {
      const resp = await S.engine.call("play", { ply: g.moves.length, move: text });
      clearExplain();
      await applyGame(resp, g.redo.slice(0, -1));
    } catch (err) {
      if (!err || !err.type) throw err;
      g.redo = [];
      persist();
      setExplain(`The move to redo (${text}) cannot be played: ${errorText(err)}`);
    }
  }));
}

async function goTo(ply) {
  const g = S.game;
  if (!g) return;
  ply = Math.max(0, Math.min(g.moves.length, ply));
  if (ply === g.ply && S.view && S.view.ply === ply) return;
  let view = S.cache.get(ply);
  if (!view) {
    const resp = await S.engine.call("view", { ply });
    view = resp.view;
    S.cache.set(ply, view);
  }
  g.ply = ply;
  clearExplain();
  showView(view);
  persist();
}

function navigate(ply) {
  if (!S.ready || S.failed || !S.game) return;
  if (S.think && ply !== S.game.ply) cancelThink();  // looking elsewhere: stop thinking at once
  task(() => goTo(ply));
}

// ---------------------------------------------------------------------------
// Board input

function onCell(id) {
  if (!interactive()) {
    if (!S.failed && !S.ready) setExplain("The engine is still loading; moves can be played in a moment.", "info");
    return;
  }
  if (computerToMove()) {
    setExplain(`${seatName(S.view, S.view.to_move)} is played by the computer${S.paused ? " (paused: press Resume)" : ""}.`, "info");
    return;
  }
  const view = S.view;
  if (view.select) {
    if (!view.select.cells.includes(id)) {
      setExplain(`${id} cannot be marked here. ${view.select.prompt || ""}`.trim());
      return;
    }
    if (S.picked.has(id)) S.picked.delete(id);
    else S.picked.add(id);
    clearExplain();
    renderInput();
    return;
  }
  handleInput(input.click(id));
}

function handleInput(result) {
  if (result.type === "move") {
    renderInput();
    playMove(result.text);
  } else if (result.type === "illegal") {
    renderInput();
    explain(result.clicks);
  } else {
    clearExplain();
    renderInput();
  }
}

function explain(clicks) {
  const ply = S.game.ply;
  task(async () => {
    try {
      const { message } = await S.engine.call("explain", { ply, clicks });
      setExplain(message || "That is not a legal move here.");
    } catch (err) {
      if (!err || !err.type) throw err;
      setExplain(errorText(err));
    }
  });
}

function canDrag(id) {
  if (!canInput() || S.view.select || input.anyOrder) return false;
  return input.continues([id]);
}

// A drag may draw a path (an EVL unstack): each cell it enters that longer
// moves go on from becomes a click at once (the board shows the path and its
// preview as it grows); going back to the cell before undoes the last step.
// The drop ends the move.
let dragPath = null;

function onDragStart(id) {
  input.clicks = [];
  handleInput(input.click(id));
  dragPath = [id];
}

function onDragOver(id) {
  if (!dragPath || !canInput()) return;
  const n = dragPath.length;
  if (n >= 2 && id === dragPath[n - 2]) {  // back the way it came
    dragPath.pop();
    input.clicks = [...dragPath];
    renderInput();
    return;
  }
  if (dragPath.includes(id)) return;
  const next = [...dragPath, id];
  if (input.continues(next)) {  // (a last step is taken at the drop)
    dragPath = next;
    input.clicks = [...next];
    renderInput();
  }
}

function onDrop(from, to) {
  const path = dragPath || [from];
  dragPath = null;
  if (!canInput()) return;
  if (to == null) {
    input.clicks = [];
    renderInput();
    return;
  }
  if (to === path[path.length - 1]) {
    if (path.length === 1) {
      renderInput();  // dropped where it started: keep it selected
      return;
    }
    // dropped on the path's last cell: the move ends there (if it may)
    const ex = input.exact();
    if (ex) {
      input.clicks = [];
      renderInput();
      playMove(ex.text);
    } else {
      renderInput();
    }
    return;
  }
  handleInput(input.click(to, { reselect: false }));
}

// ---------------------------------------------------------------------------
// Rendering

function seatName(view, seat) {
  return (view.players[seat] && view.players[seat].name) || `Player ${seat + 1}`;
}

function renderAll() {
  renderPanel();
  renderInput();
  renderControls();
  syncThinking();
}

function renderInput() {
  const view = S.view;
  if (!view) return;
  const on = canInput();
  board.setInteractive(on);
  if (view.select) {
    board.overlay({
      selected: [], targets: new Set(), picked: S.picked,
      actionable: new Set(view.select.cells), pending: null,
    });
  } else {
    board.overlay({
      selected: [...input.clicks], targets: on ? input.targets() : new Set(),
      actionable: on ? input.actionable() : new Set(), pending: input.pending(), picked: new Set(),
      preview: on ? input.preview() : null,  // what the move being entered would leave
      soft: input.anyOrder,  // e.g. every empty cell takes the chosen number: keep the dots quiet
      suggest: suggestion(),  // the computer's best move so far, or the hint
    });
  }
  renderPalette(view, on);
  renderActions(view, on);
}

function renderPalette(view, on) {
  const box = $("palette");
  const palette = view.palette || [];
  box.hidden = !palette.length;
  document.body.classList.toggle("has-palette", palette.length > 0);
  if (!palette.length) {
    box.replaceChildren();
    return;
  }
  const color = (view.players[view.to_move] || {}).color || "black";
  const targets = on ? input.targets() : new Set();
  box.replaceChildren(...palette.map(p => h("button", {
    type: "button", class: `pal c-${color}` + (targets.has(p.id) ? " target" : ""),
    "data-id": p.id, "aria-pressed": input.clicks.includes(p.id) ? "true" : "false",
    "aria-label": `${p.label}`, disabled: !on || !!view.select || !!view.outcome,  // not while marking cells, nor after the end
    onclick: () => onCell(p.id),
  }, p.label)));
}

function renderActions(view, on) {
  const box = $("actions");
  const items = [];
  if (view.select) {
    const cells = view.select.cells.filter(c => S.picked.has(c));
    items.push(h("p", { class: "prompt" }, view.select.prompt || "Mark the cells, then confirm."));
    items.push(h("button", {
      type: "button", class: "primary", id: "select-confirm", disabled: !on,
      onclick: () => playMove(`${view.select.move} ${cells.length ? cells.join(",") : "-"}`),
    }, cells.length ? `Confirm (${cells.join(", ")})` : "Confirm (none)"));
    if (cells.length) {
      items.push(h("button", {
        type: "button", class: "quiet", disabled: !on,
        onclick: () => { S.picked = new Set(); renderInput(); },
      }, "Clear"));
    }
  }
  const pend = on && !view.select ? input.pending() : null;
  if (pend) {
    const last = input.clicks[input.clicks.length - 1];
    items.push(h("p", { class: "prompt", id: "confirm-prompt" },
      `Click ${last} again or press the button to play ${pend.text}, or click a marked cell to go on.`));
    items.push(h("button", {
      type: "button", class: "primary", id: "confirm-move", "data-move": pend.text,
      onclick: () => { input.clicks = []; playMove(pend.text); },
    }, pend.label || `Play ${pend.text}`));
  }
  for (const m of view.moves || []) {
    if (m.clicks && m.clicks.length) continue;
    items.push(h("button", {
      type: "button", class: "move-button", "data-move": m.text, disabled: !on,
      onclick: () => playMove(m.text),
    }, m.label || m.text));
  }
  box.replaceChildren(...items);
  box.hidden = !items.length;
}

function describeOptions(view) {
  const info = gameInfo(view.game);
  const parts = [];
  const variant = info && info.variants.find(v => v.id === view.variant);
  parts.push(variant ? variant.name : view.variant);
  for (const [name, value] of Object.entries(view.options || {})) {
    const spec = info && info.options.find(o => o.name === name);
    parts.push(`${spec ? spec.label : name}: ${value}`);
  }
  return parts.join(" · ");
}

function renderPanel() {
  const view = S.view;
  if (!view) return;
  const g = S.game;
  $("title").textContent = view.title || (gameInfo(view.game) || {}).name || view.game;
  $("subtitle").textContent = describeOptions(view);
  document.title = `${view.title || "Gamut"} · Gamut`;

  // players, with counters and the turn marker
  const over = view.outcome || (g && g.ply === g.moves.length && g.outcome);
  $("players").replaceChildren(...view.players.map((p, seat) => {
    const counters = (view.counters || []).filter(c => c.owner === seat)
      .map(c => `${c.value} ${c.label}`).join(" · ");
    const turn = !over && view.to_move === seat;
    const computer = isComputer(seat);
    const thinking = turn && S.think && S.think.purpose === "move";
    return h("li", { class: "player" + (turn ? " to-move" : "") + (computer ? " computer" : ""), "data-seat": seat, "aria-current": turn ? "true" : null },
      seatSwatch(p.color), h("span", { class: "player-name" }, p.name),
      seatSelect(seat, S.players[seat] || "h", `${p.name}: who plays`, value => changeSeat(seat, value)),
      counters ? h("span", { class: "counter" }, counters) : null,
      turn ? h("span", { class: "turn-tag" }, thinking ? "thinking" : "to move") : null);
  }));

  // result banner: how the game ended (also while browsing earlier moves)
  const outcome = view.outcome || (g && g.outcome) || null;
  const result = $("result");
  if (outcome) {
    result.hidden = false;
    result.dataset.winner = outcome.winner == null ? "draw" : String(outcome.winner);
    const head = outcome.winner == null ? "Draw" : `${seatName(view, outcome.winner)} wins`;
    let reason = outcome.reason || "";
    if (reason.toLowerCase().startsWith(head.toLowerCase())) {
      reason = reason.slice(head.length).replace(/^[:.,;]?\s*/, "");
    }
    result.replaceChildren(h("strong", {}, head), reason ? h("span", {}, reason) : null);
  } else {
    result.hidden = true;
    result.replaceChildren();
    delete result.dataset.winner;
  }

  // status: whose turn, and where we are
  let status = "";
  if (!view.outcome) status = `${seatName(view, view.to_move)} to move`;
  if (g && g.ply < g.moves.length) status += `${status ? " · " : ""}viewing move ${g.ply} of ${g.moves.length}`;
  if (view.messages && view.messages.length) status += `${status ? " · " : ""}${view.messages.join(" ")}`;
  $("status").textContent = status;

  renderMoves();
}

function renderMoves() {
  const list = $("moves");
  const g = S.game;
  const seats = (S.view && S.view.players.length) || 2;
  if (!g) {
    list.replaceChildren();
    return;
  }
  // a turn may take several moves (view.turn_plies, e.g. a placement and a
  // declaration): one column per seat, holding that seat's moves of the turn
  const per = Math.max(1, (S.view && S.view.turn_plies) || 1);
  const round = seats * per;
  const button = k => {
    const ply = k + 1;
    const current = ply === g.ply;
    return h("button", {
      type: "button", class: "mv" + (current ? " current" : ""), "data-ply": ply,
      "aria-current": current ? "step" : null,
      "aria-label": `Move ${ply}: ${g.moves[k]}`,
      onclick: () => navigate(ply),
    }, g.moves[k]);
  };
  const rows = [];
  for (let i = 0; i < g.moves.length; i += round) {
    const cells = [h("span", { class: "num", "aria-hidden": "true" }, `${i / round + 1}.`)];
    for (let k = i; k < Math.min(i + round, g.moves.length); k += per) {
      const turn = [];
      for (let j = k; j < Math.min(k + per, g.moves.length); j++) turn.push(button(j));
      cells.push(per === 1 ? turn[0] : h("span", { class: "turn" }, ...turn));
    }
    rows.push(h("li", { class: "row", style: `--seats:${seats}` }, ...cells));
  }
  if (!rows.length) rows.push(h("li", { class: "empty" }, "No moves yet."));
  if (g.redo.length) {
    rows.push(h("li", { class: "redo-note" }, `Undone: ${[...g.redo].reverse().join(" ")}`));
  }
  list.replaceChildren(...rows);
  const current = list.querySelector(".current");
  const box = list.parentElement;
  if (current) {
    // measured on screen, not by offsetTop (whose reference box differs between layouts)
    const r = current.getBoundingClientRect(), b = box.getBoundingClientRect();
    if (r.top < b.top || r.bottom > b.top + box.clientHeight) {
      box.scrollTop = Math.max(0, box.scrollTop + (r.top - b.top) - (box.clientHeight - r.height) / 2);
    }
  } else if (g.ply === 0) {
    box.scrollTop = 0;
  }
}

function renderControls() {
  const g = S.game;
  const ready = S.ready && !S.failed && !!g && !S.busy;
  $("first").disabled = !ready || g.ply === 0;
  $("prev").disabled = !ready || g.ply === 0;
  $("next").disabled = !ready || g.ply >= g.moves.length;
  $("last").disabled = !ready || g.ply >= g.moves.length;
  $("undo").disabled = !ready || !g.moves.length;
  $("redo").disabled = !ready || !g.redo.length;
  $("hint").disabled = !ready || !!S.view.outcome || computerToMove() || !(S.view.moves || []).length;
  $("hint").setAttribute("aria-pressed", S.hint || (S.think && S.think.purpose === "hint") ? "true" : "false");
  $("new-game").disabled = !S.ready || S.failed;
  $("copy-link").disabled = !g;
  $("notice-fresh").disabled = !S.ready || S.failed;
}

// ---------------------------------------------------------------------------
// The computer: who plays each seat, "think" jobs, Move now, Pause, Hint

const HINT_LEVEL = "strong";
const HINT_MS = 2500;        // a hint's search-time cap
const MIN_MOVE_MS = 300;     // a computer reply is shown no sooner (the human sees the moves one by one)
const WATCH_MOVE_MS = 700;   // the same when only computers play: a game one can follow

const levelLabel = id => id ? id[0].toUpperCase() + id.slice(1) : "";

function normSeat(value) {
  return typeof value === "string" && /^c:[a-z]+$/.test(value) && link.LEVELS.includes(value.slice(2)) ? value : "h";
}

/** S.players for `count` seats, from a list read from a link, a save or the dialog. */
function setPlayers(list, count) {
  S.players = Array.from({ length: count }, (_, i) => normSeat(list && list[i]));
}

const isComputer = seat => (S.players[seat] || "h") !== "h";
const seatLevel = seat => (S.players[seat] || "c:casual").slice(2) || "casual";

/** A computer seat is to move at the last position of the game on the board. */
function computerToMove() {
  const g = S.game, v = S.view;
  // (a declaration step lists no moves, only cells to mark: it is a move too)
  return !!(g && v && v.ply === g.ply && g.ply === g.moves.length && !v.outcome &&
    ((v.moves || []).length || v.select) && isComputer(v.to_move));
}

function positionKey() {
  const g = S.game;
  return g ? `${g.start}\n${g.moves.join(",")}\n${g.ply}` : "";
}

function seatSelect(seat, value, label, onchange) {
  const select = h("select", { class: "seat-kind", "data-seat": seat, "aria-label": label, title: label || "Human, or the computer at a level" },
    h("option", { value: "h", selected: value === "h" }, "Human"),
    h("optgroup", { label: "Computer" },
      ...link.LEVELS.map(l => h("option", { value: `c:${l}`, selected: value === `c:${l}` }, `${levelLabel(l)}`))));
  if (onchange) select.addEventListener("change", () => onchange(select.value));
  return select;
}

function changeSeat(seat, value) {
  S.players[seat] = normSeat(value);
  persist();
  renderAll();
}

/** Start, keep or stop the computer's thinking to match the game on the board. */
function syncThinking() {
  if (S.ready && !S.failed && S.game && S.view) {
    const key = positionKey();
    const t = S.think;
    if (t && (t.key !== key || (t.purpose === "move" &&
        (!computerToMove() || S.paused || !isComputer(t.seat) || t.level !== seatLevel(t.seat))))) {
      cancelThink();
    }
    if (S.hint && S.hint.key !== key) S.hint = null;
    if (!S.think && !S.busy && !S.paused && computerToMove()) startThink("move");
  }
  renderThink();
}

function startThink(purpose) {
  const g = S.game;
  const seat = S.view.to_move;
  const level = purpose === "move" ? seatLevel(seat) : HINT_LEVEL;
  const t = {
    purpose, seat, level, key: positionKey(), ply: g.ply, progress: null,
    started: performance.now(), done: false, timer: null, job: null,
  };
  const params = { level, seed: g.ply, ply: g.ply };
  if (purpose === "hint") params.max_ms = HINT_MS;
  t.job = S.engine.job("think", params, progress => {
    if (S.think !== t || t.done) return;
    t.progress = progress;
    renderThink();
  });
  S.think = t;
  t.job.promise.then(result => {
    if (S.think !== t) return;
    t.done = true;
    t.progress = result;
    if (purpose === "hint") {
      S.think = null;
      S.hint = { key: t.key, progress: result };
      renderThink();
      renderControls();
      return;
    }
    const pace = S.players.includes("h") ? MIN_MOVE_MS : WATCH_MOVE_MS;
    t.timer = setTimeout(() => commitComputer(t, result.move), Math.max(0, pace - (performance.now() - t.started)));
    renderThink();
  }, err => {
    if (err && err.type === "CancelledError") return;
    if (S.think !== t) return;
    S.think = null;
    if (purpose === "move") S.paused = true;  // do not start it again and again
    showNotice(`The computer could not ${purpose === "move" ? "move" : "find a hint"}: ${errorText(err)}`, { kind: "error" });
    renderAll();
  });
  renderThink();
}

function cancelThink() {
  const t = S.think;
  if (!t) return;
  S.think = null;
  clearTimeout(t.timer);
  if (!t.done) t.job.cancel();
  renderThink();
}

/** Play the computer's move `move` for the think `t`, if the game is still where it was. */
function commitComputer(t, move) {
  if (S.think !== t) return;
  clearTimeout(t.timer);
  task(() => busy(async () => {
    if (S.think !== t) return;
    S.think = null;
    const g = S.game;
    if (!move || positionKey() !== t.key) return;
    const redo = g.redo.length && g.redo[g.redo.length - 1] === move ? g.redo.slice(0, -1) : [];
    const resp = await S.engine.call("play", { ply: t.ply, move });
    clearExplain();
    await applyGame(resp, redo);
  }));
}

function moveNow() {
  const t = S.think;
  if (!t || t.purpose !== "move") return;
  const move = t.progress && (t.progress.move || t.progress.best);
  if (!move) return;
  if (!t.done) {
    t.done = true;
    t.job.cancel();
  }
  commitComputer(t, move);
}

function togglePause() {
  S.paused = !S.paused;
  if (S.paused && S.think && S.think.purpose === "move") cancelThink();
  renderAll();
}

function toggleHint() {
  if (S.think && S.think.purpose === "hint") {
    stopHint();
    return;
  }
  if (S.hint) {
    S.hint = null;
    renderThink();
    renderControls();
    return;
  }
  if (!interactive() || computerToMove() || S.view.outcome || S.think) return;
  startThink("hint");
  renderControls();
}

/** Stop looking for a hint; the best move found so far becomes the hint. */
function stopHint() {
  const t = S.think;
  if (!t || t.purpose !== "hint") return;
  cancelThink();
  if (t.progress && t.progress.best) S.hint = { key: t.key, progress: t.progress };
  renderThink();
  renderControls();
}

function playHint() {
  const hint = S.hint;
  if (!hint || hint.key !== positionKey()) return;
  S.hint = null;
  playMove(hint.progress.move || hint.progress.best);
}

function suggestion() {
  const src = S.think || (S.hint && { purpose: "hint", progress: S.hint.progress });
  const p = src && src.progress;
  const text = p && (p.move || p.best);
  if (!text || !S.view) return null;
  const m = (S.view.moves || []).find(x => x.text === text);
  if (!m || !m.clicks || !m.clicks.length) return null;
  return { cells: m.clicks, kind: src.purpose === "hint" ? "hint" : "think", text };
}

const number = n => Number(n || 0).toLocaleString("en-US");

/** What a search has done so far, as DOM nodes: depth, nodes or simulations, best move. */
function searchFacts(p) {
  if (!p) return [];
  const parts = [];
  if (p.search === "mcts") parts.push(`${number(p.simulations)} simulations`);
  else if (p.search === "alphabeta") parts.push(`depth ${p.depth}`, `${number(p.nodes)} nodes`);
  const out = [];
  for (const part of parts) out.push(" · ", part);
  const best = p.move || p.best;
  if (best) out.push(" · best ", h("b", {}, best));
  return out;
}

function renderThink() {
  const box = $("ai");
  if (!box) return;
  const t = S.think;
  const view = S.view;
  const g = S.game;
  let state = "idle";
  let status = [];
  let p = null;
  if (t && view) {
    p = t.progress;
    const who = seatName(view, t.seat);
    if (t.purpose === "move") {
      state = "thinking";
      status = [`${who} (${levelLabel(t.level)}) ${t.done ? "plays" : "is thinking"}`, ...searchFacts(p)];
    } else {
      state = "hint-thinking";
      status = [`Looking for a move for ${who}`, ...searchFacts(p)];
    }
  } else if (S.hint && view) {
    p = S.hint.progress;
    state = "hint";
    status = [`Hint for ${seatName(view, p.seat)}: `, h("b", {}, p.move || p.best || "none")];
  } else if (S.paused && computerToMove()) {
    state = "paused";
    status = [`Paused: ${seatName(view, view.to_move)} (computer, ${levelLabel(seatLevel(view.to_move))}) is to move.`];
  }
  const ongoing = !!(g && view && !view.outcome && !g.outcome && S.ready && !S.failed);
  const showPause = ongoing && S.players.some(x => x !== "h") && (state === "thinking" || state === "paused" || S.paused);
  box.hidden = state === "idle" && !showPause;
  box.dataset.state = state;
  root.dataset.thinking = t ? t.purpose : "";
  const best = p && (p.move || p.best);
  if (best) box.dataset.best = best;
  else delete box.dataset.best;
  const searching = (state === "thinking" || state === "hint-thinking") && !(t && t.done);
  $("ai-spinner").hidden = !searching;
  // how much of its budget the search has used (a deep search says how long is left)
  const bar = $("ai-progress");
  const fraction = p && typeof p.fraction === "number" ? p.fraction : null;
  bar.hidden = !searching || fraction == null;
  if (fraction != null) bar.value = Math.max(0, Math.min(1, fraction));
  $("ai-status").replaceChildren(...(status.length ? status : [S.paused ? "Paused." : ""]));
  const evaluation = p && (p.depth || p.simulations || p.done) ? p.evaluation || "" : "";
  $("ai-eval").textContent = evaluation;
  const moveNowBtn = $("move-now");
  moveNowBtn.hidden = state !== "thinking";
  moveNowBtn.disabled = !(t && t.purpose === "move" && best);
  $("hint-stop").hidden = state !== "hint-thinking";
  const playIt = $("hint-play");
  playIt.hidden = state !== "hint";
  playIt.disabled = !canInput();
  if (state === "hint" && best) playIt.textContent = `Play ${best}`;
  const pause = $("pause");
  pause.hidden = !showPause;
  pause.textContent = S.paused ? "Resume" : "Pause";
  pause.setAttribute("aria-pressed", S.paused ? "true" : "false");
  const tag = document.querySelector("#players .to-move .turn-tag");
  if (tag) tag.textContent = t && t.purpose === "move" ? "thinking" : "to move";
  if (board && board.view && !(view && view.select)) board.overlay({ ...board.overlayState, suggest: suggestion() });
}

// ---------------------------------------------------------------------------
// Messages

function setExplain(text, kind = "illegal") {
  const box = $("explain");
  box.textContent = text;
  box.dataset.kind = kind;
}

function clearExplain() {
  setExplain("", "none");
}

function showNotice(text, { kind = "info", fresh = false } = {}) {
  $("notice-text").textContent = text;
  const box = $("notice");
  box.dataset.kind = kind;
  $("notice-fresh").hidden = !fresh;
  box.hidden = false;
}

function hideNotice() {
  $("notice").hidden = true;
}

// ---------------------------------------------------------------------------
// Game picker, new game dialog, rules

function buildPicker() {
  const nav = $("game-picker");
  const current = S.game ? S.game.meta.game : S.view ? S.view.game : null;
  nav.replaceChildren(...S.games.map(info => {
    const soon = !info.implemented;
    return h("button", {
      type: "button", class: "pick" + (soon ? " soon" : ""), "data-game": info.id,
      "aria-current": info.id === current ? "true" : null,
      "aria-disabled": soon ? "true" : null,
      title: soon ? `${info.name}: coming soon` : info.description,
      onclick: () => {
        if (soon) {
          setExplain(`${info.name} is coming soon.`, "info");
          return;
        }
        openNewDialog(info.id);
      },
    }, info.name, soon ? h("span", { class: "soon-tag" }, "coming soon") : null);
  }));
}

function openNewDialog(gameId) {
  if (!S.ready || S.failed) {
    setExplain("The engine is still loading; a new game can be started in a moment.", "info");
    return;
  }
  const dialog = $("new-dialog");
  const chosen = gameId || (S.game && S.game.meta.game) || defaultGameId();
  const box = $("new-games");
  box.replaceChildren(...S.games.map(info => h("label", { class: "game-option" + (info.implemented ? "" : " soon") },
    h("input", {
      type: "radio", name: "game", value: info.id, checked: info.id === chosen,
      disabled: !info.implemented, onchange: () => fillVariants(info.id),
    }),
    h("span", { class: "game-name" }, info.name),
    info.implemented ? h("span", { class: "about" }, info.description) : h("span", { class: "soon-tag" }, "coming soon"))));
  fillVariants(chosen);
  dialog.returnValue = "";
  dialog.showModal();
}

function fillVariants(gameId) {
  const info = gameInfo(gameId);
  const select = $("new-variant");
  const current = S.game && S.game.meta.game === gameId ? S.game.meta.variant : info.variants[0].id;
  select.replaceChildren(...info.variants.map(v => h("option", { value: v.id, selected: v.id === current }, v.name)));
  select.onchange = () => fillOptions(gameId, select.value);
  fillOptions(gameId, select.value);
}

function fillOptions(gameId, variantId) {
  const info = gameInfo(gameId);
  const variant = info.variants.find(v => v.id === variantId);
  $("new-variant-about").textContent = variant ? variant.description : "";
  const same = S.game && S.game.meta.game === gameId && S.game.meta.variant === variantId;
  const specs = info.options.filter(o => !o.variants || o.variants.includes(variantId));
  const box = $("new-options");
  box.replaceChildren(...specs.map(spec => {
    const value = same && S.game.meta.options[spec.name] != null ? S.game.meta.options[spec.name] : spec.default;
    const id = `opt-${spec.name}`;
    return h("label", { class: "field", for: id }, spec.label,
      h("select", { id, "data-option": spec.name },
        ...spec.choices.map(c => h("option", { value: c, selected: c === value }, c))),
      spec.description ? h("span", { class: "about" }, spec.description) : null);
  }));
  if (!specs.length) box.append(h("p", { class: "about" }, "This variant has no rule options."));
  fillSeats(gameId, variantId);
}

/** One "who plays" select per seat of the variant, keeping the current choices. */
function fillSeats(gameId, variantId) {
  const info = gameInfo(gameId);
  const variant = info.variants.find(v => v.id === variantId) || info.variants[0];
  const count = variant.players || 2;
  const known = [S.view, S.views[gameId]].find(v => v && v.game === gameId && v.players.length === count);
  const box = $("new-seats");
  const rows = [];
  for (let seat = 0; seat < count; seat++) {
    const name = known ? known.players[seat].name : `Player ${seat + 1}`;
    const id = `new-seat-${seat}`;
    rows.push(h("label", { for: id }, name + (seat === 0 ? " (moves first)" : "")));
    const select = seatSelect(seat, S.players[seat] || "h", null, null);
    select.id = id;
    rows.push(select);
  }
  box.replaceChildren(...rows);
}

function startFromDialog() {
  const game = (document.querySelector("#new-games input[name=game]:checked") || {}).value;
  if (!game) return;
  const variant = $("new-variant").value;
  const options = {};
  for (const sel of document.querySelectorAll("#new-options select[data-option]")) {
    options[sel.dataset.option] = sel.value;
  }
  const seats = [...document.querySelectorAll("#new-seats select[data-seat]")].map(sel => sel.value);
  cancelThink();
  S.hint = null;
  S.paused = false;
  S.players = seats;
  task(() => busy(async () => {
    await freshGame(game, variant, options);
    hideNotice();
    clearExplain();
    buildPicker();
  }));
}

function freshFromNotice() {
  openNewDialog();
}

function showRules() {
  const id = (S.view && S.view.game) || defaultGameId();
  $("rules-body").innerHTML = rulesHtml(id, gameInfo(id));
  $("rules-dialog").showModal();
  $("rules-dialog").scrollTop = 0;  // a long page opens at its top, not at the focused Close button
}

async function copyLink() {
  const href = location.href;
  const fallback = () => {
    const box = $("copy-fallback");
    box.hidden = false;
    const field = $("copy-text");
    field.value = href;
    field.focus();
    field.select();
    setExplain("Copy the link below (Ctrl+C or long press).", "info");
  };
  try {
    if (!navigator.clipboard || !navigator.clipboard.writeText) throw new Error("no clipboard");
    await navigator.clipboard.writeText(href);
    $("copy-fallback").hidden = true;
    setExplain("Link copied to the clipboard.", "info");
  } catch {
    fallback();
  }
}

// ---------------------------------------------------------------------------
// Controls and keys

function wireControls() {
  $("first").addEventListener("click", () => navigate(0));
  $("prev").addEventListener("click", () => S.game && navigate(S.game.ply - 1));
  $("next").addEventListener("click", () => S.game && navigate(S.game.ply + 1));
  $("last").addEventListener("click", () => S.game && navigate(S.game.moves.length));
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("hint").addEventListener("click", toggleHint);
  $("move-now").addEventListener("click", moveNow);
  $("pause").addEventListener("click", togglePause);
  $("hint-stop").addEventListener("click", stopHint);
  $("hint-play").addEventListener("click", playHint);
  $("new-game").addEventListener("click", () => openNewDialog());
  $("copy-link").addEventListener("click", copyLink);
  $("show-rules").addEventListener("click", showRules);
  $("notice-fresh").addEventListener("click", freshFromNotice);
  $("notice-close").addEventListener("click", hideNotice);
  $("new-dialog").addEventListener("close", () => {
    if ($("new-dialog").returnValue === "start") startFromDialog();
  });
  document.addEventListener("keydown", onKey);
  window.addEventListener("hashchange", () => {
    // a link pasted into the address bar of an open page
    if (!S.ready || S.failed) return;
    const g = S.game;
    const mine = g && link.format({ ...g.meta, moves: g.moves, ply: g.ply, start: isStandardStart(g.start) ? null : g.start, players: S.players });
    if (location.hash === mine) return;
    if (!location.hash || location.hash === "#") {
      persist();  // the fragment was cleared: write the current game back
      return;
    }
    cancelThink();
    S.hint = null;
    task(() => busy(async () => {
      const plan = planBoot();
      clearExplain();
      hideNotice();
      if (plan.notice) showNotice(plan.notice, { kind: "error", fresh: true });
      await openPlan(plan);
    }));
  });
}

function onKey(e) {
  if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
  const t = e.target;
  if (t && (t.closest("input, select, textarea, dialog") || t.isContentEditable)) return;
  const g = S.game;
  switch (e.key) {
    case "ArrowLeft": if (g) navigate(g.ply - 1); break;
    case "ArrowRight": if (g) navigate(g.ply + 1); break;
    case "ArrowUp": case "Home": navigate(0); break;
    case "ArrowDown": case "End": if (g) navigate(g.moves.length); break;
    case "Escape":
      input.clicks = [];
      S.picked = new Set();
      renderInput();
      break;
    default: {
      const view = S.view;
      const entry = view && canInput() && (view.palette || []).find(p => p.label === e.key);
      if (!entry) return;
      handleInput(input.pick(entry.id));
    }
  }
  e.preventDefault();
}

boot();
