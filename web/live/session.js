// One live game between two pages (#46), as a pure state machine: no DOM, no
// WebRTC, no timers.  The page injects `send(text)` (the data channel),
// `check(moves)` (the engine's verdict on a whole line: a move it refuses is
// refused and reported, never applied), the clock `now()`, and optionally
// `mover(moves)` (the seat to move after a line: alternate by default) and
// `timeUp(seat)` (its clock's verdict on a peer's claim that `seat` lost on
// time).  The page tells it what the connection does (inviting(),
// answering(), connecting(), opened(), dropped()), hands it each message
// (receive()), makes the player's moves and asks through it, and draws from
// its events: onevent(type, detail).  Every message is handled in order, one
// at a time; nothing a peer sends is thrown out of receive().
//
// Events: phase {phase} · move {ply, move, seat, clocks, local} · line {moves,
// from} (the line changed otherwise: a takeback, a resume) · refused {ply,
// move, reason} · divergence {at, ours, theirs, kept} · mismatch {reason} ·
// draw-offer {ply} · draw-declined · takeback-ask {ply} · takeback-declined ·
// takeback {ply} · rematch-ask {game} · rematch-declined · rematch {game,
// seat} · chat {text} · pong {rtt} · ended {how, winner} · dropped {reason}.

import { newGameId } from "./invite.js";
import { encodeMessage, Inbox, PROTOCOL } from "./protocol.js";

export const PHASES = ["inviting", "answering", "connecting", "connected", "reconnecting", "ended"];
const MAX_PENDING = 32; // moves received ahead of a gap

/**
 * @typedef {object} SessionOptions
 * @property {string} game  the game's id
 * @property {number} seat  this page's seat (0 or 1)
 * @property {(text: string) => void} send
 * @property {(moves: string[]) => Promise<boolean>} check
 * @property {() => number} [now]
 * @property {(moves: string[]) => number} [mover]
 * @property {(seat: number) => boolean} [timeUp]
 * @property {string[]} [moves]  the line already played (a game resumed from the library)
 * @property {number[] | null} [clocks]  each seat's time left at the start (ms), or null: no clock
 * @property {string} [phase]
 * @property {{how: string, winner: number | null} | null} [end]  how the game ended (one resumed from the library)
 * @property {(type: string, detail: any) => void} [onevent]
 * @property {() => string} [newId]  a rematch's game id
 */

export class LiveSession {
  /** @param {SessionOptions} options */
  constructor(options) {
    const { game, seat, send, check, now = () => Date.now(), moves = [], clocks = null } = options;
    this.id = game;
    this.seat = seat;
    this.sendText = send;
    this.check = check;
    this.now = now;
    this.mover = options.mover || (line => line.length % 2);
    this.timeUp = options.timeUp || (s => s === this.peer);
    this.newId = options.newId || newGameId;
    this.onevent = options.onevent || (() => {});
    this.inbox = new Inbox({ now });
    this.phase = options.phase || "inviting";
    this.moves = [...moves];
    this.startClocks = clocks;
    this.clocks = clocks;
    /** @type {{how: string, winner: number | null} | null} */
    this.end = options.end || null;
    if (this.end) this.phase = "ended";
    /** @type {{by: number, ply: number} | null} */
    this.drawOffer = null;
    /** @type {number | null} the takeback this side asked for (to that many moves), not answered yet */
    this.takebackAsking = null;
    /** @type {number | null} the takeback the peer asked for, not answered yet */
    this.takebackAsked = null;
    /** @type {{by: number, game: string} | null} */
    this.rematchAsk = null;
    this.muted = false;
    this.linked = false; // (the channel is open)
    this.opens = this.phase === "reconnecting" ? 1 : 0; // (a session reopened after a reload was open before)
    /** @type {Map<number, any>} */
    this.pending = new Map();
    this.pings = new Map();
    /** @type {Record<string, number>} refusals of this session's own (the inbox counts the rest) */
    this.counts = {};
    /** @type {Promise<any>} */
    this.queue = Promise.resolve();
  }

  get peer() {
    return 1 - this.seat;
  }

  /** Every message of the peer dropped or refused, by reason. */
  get rejected() {
    const all = { ...this.inbox.rejected };
    for (const [k, n] of Object.entries(this.counts)) all[k] = (all[k] || 0) + n;
    return all;
  }

  // -- the connection, as the page sees it -----------------------------------------

  inviting() {
    this._phase("inviting");
  }

  answering() {
    this._phase("answering");
  }

  connecting() {
    this._phase(this.opens ? "reconnecting" : "connecting");
  }

  /** The data channel is open: say what this page has. */
  opened() {
    this.linked = true;
    this._send({ t: this.opens ? "resume" : "hello", ...this._line() });
    this.opens += 1;
    this._phase("connected");
  }

  /** The data channel closed or failed. */
  dropped() {
    this.linked = false;
    this.pending.clear();
    this._phase("reconnecting");
  }

  /** A message from the peer (whatever the channel delivered); resolves once handled. */
  receive(data) {
    const msg = this.inbox.read(data);
    if (!msg) {
      this._emit("dropped", { reason: this.inbox.last });
      return this.queue;
    }
    return this._queued(() => this._handle(msg)).catch(() => this._count("error"));
  }

  // -- the player's moves and asks ------------------------------------------------------

  /** Play `move` (the engine's text) with the clocks after it; resolves to whether it was played. */
  play(move, clocks = null) {
    return this._queued(async () => {
      if (this.end || !["connected", "reconnecting"].includes(this.phase)) return false;
      if (this.mover(this.moves) !== this.seat) return false;
      const line = [...this.moves, move];
      if (!(await this._legal(line))) return false;
      this._apply(move, this.seat, clocks, true);
      this._send({ t: "move", ply: this.moves.length, move, clocks: this.clocks });
      return true;
    });
  }

  resign() {
    if (this.end) return false;
    this._send({ t: "resign" });
    this._end("resignation", this.peer);
    return true;
  }

  /** End the game before both have moved. */
  abort() {
    if (this.end || this.moves.length >= 2) return false;
    this._send({ t: "abort" });
    this._end("aborted", null);
    return true;
  }

  /** The rules ended the game after `line` (`winner`: a seat, or null: a draw); both
   * pages see it from their own engine, so nothing is sent.  A line that is no
   * longer the session's (taken back since) ends nothing. */
  over(line, winner) {
    if (this.end || line.length !== this.moves.length || line.some((m, k) => m !== this.moves[k]))
      return false;
    this._end("rules", winner);
    return true;
  }

  /** The page's clock says `seat` ran out of time. */
  claimTimeout(seat) {
    if (this.end) return false;
    this._send({ t: "timeout", seat });
    this._end("timeout", 1 - seat);
    return true;
  }

  offerDraw() {
    if (this.end || !this.linked) return false;
    if (this.drawOffer?.by === this.peer) return this.answerDraw(true);
    this.drawOffer = { by: this.seat, ply: this.moves.length };
    this._send({ t: "draw", ply: this.moves.length });
    return true;
  }

  answerDraw(accept) {
    const offer = this.drawOffer;
    if (this.end || offer?.by !== this.peer) return false;
    this.drawOffer = null;
    this._send({ t: "draw-answer", ply: offer.ply, accept: !!accept });
    if (accept) this._end("agreement", null);
    return true;
  }

  /** Ask to take back to the line's first `ply` moves (by default: before this side's last move). */
  askTakeback(ply = this._before(this.seat)) {
    if (this.end || !this.linked || !(ply >= 0 && ply < this.moves.length)) return false;
    this.takebackAsking = ply;
    this._send({ t: "takeback", ply });
    return true;
  }

  answerTakeback(accept) {
    const ply = this.takebackAsked;
    if (this.end || ply === null) return false;
    this.takebackAsked = null;
    this._send({ t: "takeback-answer", ply, accept: !!accept });
    if (accept) this._takeBack(ply);
    return true;
  }

  askRematch() {
    if (!this.end || !this.linked) return false;
    if (this.rematchAsk?.by === this.peer) return this.answerRematch(true);
    this.rematchAsk = { by: this.seat, game: this.newId() };
    this._send({ t: "rematch", game: this.rematchAsk.game });
    return true;
  }

  answerRematch(accept) {
    const ask = this.rematchAsk;
    if (!this.end || ask?.by !== this.peer || (accept && !this.linked)) return false;
    this.rematchAsk = null;
    this._send({ t: "rematch-answer", game: ask.game, accept: !!accept });
    if (accept) this._rematch(ask.game);
    return true;
  }

  /** Send a chat line (trimmed; false when it cannot be sent). */
  say(text) {
    const line = String(text ?? "").trim();
    return !!line && this._send({ t: "chat", text: line });
  }

  /** The player's own mute: the peer's chat lines are not shown while on. */
  mute(on = true) {
    this.muted = !!on;
  }

  ping() {
    const n = this.pings.size ? Math.max(...this.pings.keys()) + 1 : 1;
    if (this.pings.size > 8) this.pings.clear();
    this.pings.set(n, this.now());
    return this._send({ t: "ping", n });
  }

  // -- the peer's messages ---------------------------------------------------------------

  async _handle(msg) {
    switch (msg.t) {
      case "hello":
      case "resume":
        return this._greeted(msg);
      case "move":
        return this._remoteMove(msg);
      case "resign":
        return this.end ? this._count("ended") : this._end("resignation", this.seat);
      case "abort":
        if (this.end || this.moves.length >= 2) return this._count("abort");
        return this._end("aborted", null);
      case "timeout":
        if (this.end || !this.timeUp(msg.seat)) return this._count("timeout");
        return this._end("timeout", 1 - msg.seat);
      case "draw":
        return this._drawOffered(msg.ply);
      case "draw-answer":
        if (this.end || this.drawOffer?.by !== this.seat || this.drawOffer.ply !== msg.ply)
          return this._count("stale");
        this.drawOffer = null;
        return msg.accept ? this._end("agreement", null) : this._emit("draw-declined", {});
      case "takeback":
        if (this.end || msg.ply >= this.moves.length) return this._count("stale");
        this.takebackAsked = msg.ply;
        return this._emit("takeback-ask", { ply: msg.ply });
      case "takeback-answer":
        if (this.end || this.takebackAsking !== msg.ply || msg.ply > this.moves.length)
          return this._count("stale");
        this.takebackAsking = null;
        return msg.accept ? this._takeBack(msg.ply) : this._emit("takeback-declined", {});
      case "rematch":
        if (!this.end) return this._count("stale");
        if (this.rematchAsk?.by === this.seat)
          return this._rematch([msg.game, this.rematchAsk.game].sort()[0]); // (both asked: one id, on both sides)
        this.rematchAsk = { by: this.peer, game: msg.game };
        return this._emit("rematch-ask", { game: msg.game });
      case "rematch-answer":
        if (!this.end || this.rematchAsk?.by !== this.seat || this.rematchAsk.game !== msg.game)
          return this._count("stale");
        this.rematchAsk = null;
        return msg.accept ? this._rematch(msg.game) : this._emit("rematch-declined", {});
      case "chat":
        return this.muted ? this._count("muted") : this._emit("chat", { text: msg.text });
      case "ping":
        return this._send({ t: "pong", n: msg.n });
      case "pong": {
        const at = this.pings.get(msg.n);
        if (at === undefined) return this._count("stale");
        this.pings.delete(msg.n);
        return this._emit("pong", { rtt: this.now() - at });
      }
    }
  }

  async _remoteMove(msg) {
    const { ply, move } = msg;
    if (this.end) return this._refuse(msg, "ended");
    if (ply <= this.moves.length) {
      if (this.moves[ply - 1] === move) return this._count("duplicate");
      return this._refuse(msg, "conflict");
    }
    if (ply > this.moves.length + 1) {
      if (this.pending.size < MAX_PENDING) this.pending.set(ply, msg);
      else this._count("pending");
      return;
    }
    if (this.mover(this.moves) !== this.peer) return this._refuse(msg, "turn");
    if (!(await this._legal([...this.moves, move]))) return this._refuse(msg, "illegal");
    this._apply(move, this.peer, this._peerClocks(msg.clocks), false);
    await this._drain();
  }

  /** Moves received ahead of a gap, once the gap is filled. */
  async _drain() {
    const next = this.pending.get(this.moves.length + 1);
    for (const ply of this.pending.keys()) if (ply <= this.moves.length + 1) this.pending.delete(ply);
    if (next) await this._remoteMove(next);
  }

  _drawOffered(ply) {
    if (this.end || ply !== this.moves.length) return this._count("stale");
    if (this.drawOffer?.by === this.seat) return this._end("agreement", null); // (both offered)
    this.drawOffer = { by: this.peer, ply };
    this._emit("draw-offer", { ply });
  }

  /** The peer's line (hello or resume): both sides send theirs; the longer consistent line wins. */
  async _greeted(msg) {
    const reason =
      msg.v !== PROTOCOL ? "version" : msg.game !== this.id ? "game" : msg.seat !== this.peer ? "seat" : null;
    if (reason) {
      this._count("mismatch");
      return this._emit("mismatch", { reason });
    }
    const ours = this.moves;
    const theirs = msg.moves;
    let at = 0;
    while (at < ours.length && at < theirs.length && ours[at] === theirs[at]) at++;
    if (at < theirs.length) {
      const diverged = at < ours.length;
      // the same choice on both sides: the longer line, else the greater
      const wins =
        theirs.length > ours.length || (theirs.length === ours.length && theirs.join("\n") > ours.join("\n"));
      const taken = wins && (await this._legal(theirs));
      if (diverged)
        this._emit("divergence", {
          at,
          ours: [...ours],
          theirs: [...theirs],
          kept: taken ? "theirs" : "ours",
        });
      else if (!taken) this._count("line");
      if (taken) {
        this.moves = [...theirs];
        if (msg.clocks) this.clocks = this._peerClocks(msg.clocks);
        this.drawOffer = this.takebackAsking = this.takebackAsked = null;
        this._emit("line", { moves: [...theirs], from: at });
      }
    }
    if (msg.end && !this.end) this._adoptEnd(msg.end);
    await this._drain();
  }

  /** A peer's word that the game ended while the channel was down, when it may say so. */
  _adoptEnd({ how, winner }) {
    const fair =
      (how === "resignation" && winner === this.seat) ||
      (how === "aborted" && this.moves.length < 2) ||
      (how === "agreement" && this.drawOffer?.by === this.seat) ||
      (how === "timeout" && winner !== null && this.timeUp(1 - winner));
    if (fair) this._end(how, how === "aborted" || how === "agreement" ? null : winner);
    else this._count("end");
  }

  // -- the state -------------------------------------------------------------------------

  _line() {
    return {
      v: PROTOCOL,
      game: this.id,
      seat: this.seat,
      moves: [...this.moves],
      clocks: this.clocks,
      end: this.end,
    };
  }

  _apply(move, seat, clocks, local) {
    this.moves.push(move);
    if (clocks) this.clocks = clocks;
    if (this.drawOffer && this.drawOffer.by !== seat) this.drawOffer = null; // (declined by moving)
    if (local && this.takebackAsked !== null) {
      // (declined by moving; the peer's own move since does not cancel this side's ask: its answer
      // comes after it, and both sides take back the same)
      this._send({ t: "takeback-answer", ply: this.takebackAsked, accept: false });
      this.takebackAsked = null;
    }
    this._emit("move", { ply: this.moves.length, move, seat, clocks: this.clocks, local });
  }

  /** The clocks a peer sent, but for this side's own time: the peer says only its own. */
  _peerClocks(clocks) {
    if (!clocks || !this.clocks) return clocks;
    const mine = [...clocks];
    mine[this.seat] = this.clocks[this.seat];
    return mine;
  }

  _takeBack(ply) {
    this.moves = this.moves.slice(0, ply);
    this.drawOffer = null;
    this.pending.clear();
    this._emit("takeback", { ply });
    this._emit("line", { moves: [...this.moves], from: ply });
  }

  _rematch(game) {
    Object.assign(this, { id: game, seat: this.peer, moves: [], clocks: this.startClocks, end: null });
    this.drawOffer = this.takebackAsking = this.takebackAsked = this.rematchAsk = null;
    this.pending.clear();
    this._phase(this.linked ? "connected" : "reconnecting");
    this._emit("rematch", { game, seat: this.seat });
  }

  _end(how, winner) {
    this.end = { how, winner };
    this.drawOffer = this.takebackAsking = this.takebackAsked = null;
    this._phase("ended");
    this._emit("ended", { ...this.end });
  }

  /** The length of the line before `seat`'s last move (-1: it has not moved). */
  _before(seat) {
    for (let k = this.moves.length - 1; k >= 0; k--)
      if (this.mover(this.moves.slice(0, k)) === seat) return k;
    return -1;
  }

  async _legal(line) {
    try {
      return (await this.check(line)) === true;
    } catch {
      return false;
    }
  }

  _refuse(msg, reason) {
    this._count(reason);
    this._emit("refused", { ply: msg.ply, move: msg.move, reason });
  }

  _count(reason) {
    this.counts[reason] = (this.counts[reason] || 0) + 1;
  }

  _phase(phase) {
    if (this.end && phase !== "ended") return; // (an ended game stays ended until a rematch)
    if (this.phase === phase) return;
    this.phase = phase;
    this._emit("phase", { phase });
  }

  _send(msg) {
    if (!this.linked) return false;
    try {
      this.sendText(encodeMessage(msg));
      return true;
    } catch {
      return false;
    }
  }

  _emit(type, detail) {
    try {
      this.onevent(type, detail);
    } catch {
      // (the page's listener: its errors are its own)
    }
  }

  _queued(task) {
    const run = this.queue.then(task);
    this.queue = run.catch(() => {});
    return run;
  }
}
