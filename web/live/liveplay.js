// The live game on screen (#46): the page's side of a LiveSession (session.js)
// and its LivePeer (peer.js).  The host starts a game with the friend's seat
// "r" (far away) and makes the invitation; the guest opens the invitation
// (routes.js: the "live" row), gets the same game with the seats flipped and
// makes the answer; the host pastes the answer, or opens its link in another
// tab, which hands it over here by a BroadcastChannel.  Once the channel is
// open, the player's moves at the head go through the session
// (actions.play: played()), the friend's are checked by the engine and
// played on the model as the computer's are (actions.computerMove), and
// resigning and draw offers go through it too (end-actions.js).  Takebacks
// and rematches are asked and answered, and the chat's lines sent, by
// liveasks.js.  What it shows is drawn by liveview.js.  The clocks, each
// move carrying each seat's time, and a flag's claim: liveclock.js.
//
// A connection lost (the channel closed, or found closed by the watchdog)
// makes the session "reconnecting": the host makes a new offer and its link
// (#live-resume/...), the friend opens or pastes it and sends an answer back,
// as at the start; once the channel opens again both sides send their line
// and the session keeps the longer consistent one.  A connection that cannot
// be made says why and offers to go on by link: the friend's seat is already
// "far away", so the game simply becomes a game by link, nothing lost.  A
// page reloaded (or the game opened again) connects again the same way:
// livekeep.js.

import { t } from "../i18n/i18n.js";
import { agreement, makeEnding, onTime, resignation } from "../model/ending.js";
import { sameLine } from "../model/line.js";
import {
  errorKey as linkError,
  formatAnswer,
  formatInvite,
  formatResume,
  liveLinkKind,
  newGameId,
  parseAnswer,
  parseInvite,
  parseResume,
  waitsFor,
} from "./invite.js";
import { LiveAsks } from "./liveasks.js";
import { LiveClock } from "./liveclock.js";
import { LiveKeep } from "./livekeep.js";
import { drawLive } from "./liveview.js";
import { LivePeer } from "./peer.js";
import { TabHandover } from "./handover.js";
import { iceServers } from "./servers.js";
import { LiveSession } from "./session.js";

/** How long the host waits, once the answer is applied, for the channel to open. */
export const CONNECT_TIMEOUT = 20000;
/** How often the watchdog looks at the channel (a closed lid fires no event). */
const WATCH_EVERY = 1500;

/** The page's address before its "#": where a live link points. */
const base = () => location.href.split("#")[0];

export class LivePlay {
  /**
   * @param {any} page  the Page (app/page.js)
   * @param {any} actions  every action (app/actions.js)
   * @param {object} how  what the page does, given here (panels/dialogs.js, library/open.js, end-actions.js)
   * @param {(m: any, ending: any) => void} how.finish  end the game `m` (end-actions.js)
   * @param {(engine: any, positions: any, game: string, settings: object) => Promise<any>} how.fresh  a new game's model
   * @param {(text: string, kind?: string) => void} how.setExplain
   * @param {(text: string, options?: object) => void} how.showNotice
   * @param {(href: string) => any} how.copyLink
   */
  constructor(page, actions, how) {
    this.page = page;
    this.actions = actions;
    this.how = how;
    /** The model of the live game (the game on screen while it is live), or null. */
    this.model = null;
    /** @type {LiveSession | null} */
    this.session = null;
    /** @type {LivePeer | null} */
    this.peer = null;
    /** The link to send: the invitation (host) or the answer (guest). */
    this.link = "";
    this.refused = 0;
    /** The friend's last move being played on this board (a promise), or null. */
    this.applying = null;
    /** Whether this page made the invitation (it makes the new offer after a drop). */
    this.hosting = false;
    /** Why the connection could not be made ("" while nothing failed). */
    this.failed = "";
    /** The invitation's offer answered (kept to answer it again with other servers). */
    this.offered = "";
    this.timer = 0;
    this.watch = 0;
    this.tabs = new TabHandover({
      takes: (kind, text) => waitsFor(this.session, this.hosting, kind, text),
      take: (kind, text) => (kind === "answer" ? this.accept(text) : this._resumeLink(text)),
      say: key => this.how.setExplain(t(key), "info"),
    });
    /** The takebacks, the rematch and the chat (liveasks.js). */
    this.asks = new LiveAsks(this);
    /** The clocks across (liveclock.js). */
    this.clock = new LiveClock(this);
    /** The live game kept across reloads and tabs (livekeep.js). */
    this.keep = new LiveKeep(this);
    /** The rematch's model being made (the session's events wait for it), or null. */
    this.switching = null;
  }

  /** Whether `m` (by default the game on screen) is the live game. */
  on(m = this.page.model) {
    return !!this.session && !!m && m === this.model;
  }

  /** The session's phase ("" when no game is live). */
  get phase() {
    return this.session ? this.session.phase : "";
  }

  /** Whether the board takes no move in `m`: a live game not connected. */
  blocks(m = this.page.model) {
    if (!this.on(m)) return !!m?.liveMark; // (a live game not connected again yet, or played in another tab)
    return this.phase !== "connected";
  }

  // -- starting -----------------------------------------------------------------------

  /** The host: `model` just started with the friend's seat "r"; `you`: the host's seat. */
  async host(model, you) {
    const id = newGameId();
    const session = this.start(model, id, you);
    this.hosting = true;
    session.inviting();
    this._draw();
    await this._invite(session);
  }

  /** The invitation's link, made (again: with the servers the player allowed since). */
  async _invite(session) {
    const model = /** @type {any} */ (this.model);
    this.link = "";
    const offer = await /** @type {LivePeer} */ (this.peer).offer();
    if (this.session !== session) return;
    const clock = this.clock.control(model);
    this.link = base() + formatInvite({ ...model.meta, host: session.seat, clock, id: session.id, offer });
    this._draw();
  }

  /** A live link opened (the "live" route): an invitation, an answer, or a new offer. */
  async openLink(hash) {
    const kind = liveLinkKind(hash);
    await this.keep.resuming; // (a reload's live game first: the link may be for it)
    if (kind === "answer") return this._answerLink(hash);
    if (kind === "resume") return this._resumeLink(hash);
    let invite;
    try {
      invite = parseInvite(hash);
    } catch (error) {
      this.how.showNotice(t(linkError(error)), { kind: "error" });
      return;
    }
    if (this.session && this.session.id === invite.id) return; // (opened again: the game is here)
    const page = this.page;
    await page.engine.ready;
    if (!page.info(invite.game)) {
      this.how.showNotice(t("live.error.game"), { kind: "error" });
      return;
    }
    const players = [0, 1].map(s => (s === invite.guest ? "h" : "r"));
    const model = await page.busy(() =>
      this.how.fresh(page.engine, page.positions, invite.game, {
        variant: invite.variant,
        options: invite.options,
        players,
      }),
    );
    if (!model) return;
    this.actions.replace(model);
    const session = this.start(model, invite.id, invite.guest, invite.clock);
    session.answering();
    this._draw();
    await this._answer(session, invite.offer);
  }

  /** Answer the offer `offer` (an invitation's, or a new one after a drop): the link to send back. */
  async _answer(session, offer) {
    this.offered = offer;
    this.link = "";
    this.failed = "";
    let answer;
    try {
      answer = await /** @type {LivePeer} */ (this.peer).answer(offer);
    } catch (error) {
      if (this.session === session) this.how.showNotice(t(linkError(error)), { kind: "error" });
      return;
    }
    if (this.session !== session) return;
    this.link = base() + formatAnswer({ id: session.id, answer });
    this._draw();
  }

  /** The answer pasted or handed over: the host connects (false: it is not this game's). */
  async accept(text) {
    const session = this.session;
    let answer;
    try {
      answer = parseAnswer(text);
    } catch {
      answer = null;
    }
    const waiting =
      session && (session.phase === "inviting" || (this.hosting && session.phase === "reconnecting"));
    if (!session || !answer || answer.id !== session.id || !waiting || !this.link) {
      this.how.setExplain(t("live.badAnswer"), "info");
      return false;
    }
    const again = session.phase === "reconnecting";
    session.connecting();
    this.failed = "";
    this._draw();
    try {
      await /** @type {LivePeer} */ (this.peer).accept(answer.answer);
    } catch {
      if (this.session === session) {
        if (!again) session.inviting();
        this.how.setExplain(t("live.badAnswer"), "info");
      }
      return false;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.session === session && !session.linked) this._fail(session, "timeout");
    }, CONNECT_TIMEOUT);
    return true;
  }

  /** An answer's link opened in this tab: the tab waiting for it takes it. */
  _answerLink(hash) {
    if (waitsFor(this.session, this.hosting, "answer", hash)) return this.accept(hash);
    return this.tabs.handOver("answer", hash);
  }

  /** A new offer's link (after a drop) opened or pasted: the friend's page answers it. */
  _resumeLink(hash) {
    if (waitsFor(this.session, this.hosting, "resume", hash)) {
      const session = /** @type {LiveSession} */ (this.session);
      if (session.linked) session.dropped(); // (the host lost the connection before this page saw it)
      return this._answer(session, parseResume(hash).offer);
    }
    try {
      parseResume(hash);
    } catch (error) {
      this.how.showNotice(t(linkError(error)), { kind: "error" });
      return undefined;
    }
    if (this.session && this.hosting && parseResume(hash).id === this.session.id) {
      this.how.setExplain(t("live.ownLink"), "info");
      return undefined;
    }
    return this.tabs.handOver("resume", hash);
  }

  /** The player's paste in the live box: an answer (host) or a new offer's link (friend). */
  paste(text) {
    if (liveLinkKind(text) === "resume") return this._resumeLink(text);
    return this.accept(text);
  }

  /** A session for `model` (`line`: the line played before a reload: it starts reconnecting). */
  start(model, id, seat, clock = null, line = null) {
    this.close();
    this.keep.hold(id);
    this.model = model;
    const clocks = this.clock.start(model, clock); // (the guest's clock: the invitation's)
    this.refused = 0;
    this.link = "";
    this.hosting = false;
    this.failed = "";
    this.offered = "";
    this.asks = new LiveAsks(this);
    this.switching = null;
    /** @type {LiveSession} */
    let session;
    const peer = new LivePeer({
      iceServers: () => iceServers(this.page.settings?.settings.prefs),
      onstate: state => {
        if (state === "failed" && this.session === session && !session.linked) this._fail(session, "failed");
      },
      // (the connection's own "connecting" comes as soon as the guest has answered, before the
      // host has the answer: the session says "connecting" once the host applies it, "connected"
      // once the channel is open)
      onopen: () => session.opened(),
      onclose: () => session.dropped(),
      onmessage: data => session.receive(data),
    });
    session = new LiveSession({
      game: id,
      seat,
      ...(line ? { moves: line, phase: "reconnecting" } : {}),
      send: text => {
        peer.send(text);
      },
      check: moves => this._check(this.model || model, moves),
      // (the seat to move after a line, as the engine says: a turn may be more than one move)
      mover: moves => {
        const view = this.page.positions.get((this.model || model).start, moves);
        return view ? view.to_move : moves.length % 2;
      },
      onevent: (type, detail) => this._later(() => this._event(session, type, detail)),
      clocks,
      timeUp: s => this.clock.timeUp(this.model || model, s),
    });
    this.peer = peer;
    this.session = session;
    this.watch = setInterval(() => this._watchdog(session), WATCH_EVERY);
    return session;
  }

  /** The live game ends here (another game opened live, or the page leaves it). */
  close() {
    this.keep.release();
    clearInterval(this.watch);
    clearTimeout(this.timer);
    this.peer?.close();
    this.peer = null;
    this.session = null;
    if (this.model) this.model.live = false; // (the friend's clock runs here no more: by link)
    this.model = null;
    this.link = "";
    this.failed = "";
  }

  // -- the connection ----------------------------------------------------------------------

  /** A channel closed without a word (a closed lid, a network gone) is found here. */
  _watchdog(session) {
    if (this.session !== session) return;
    if (session.linked && this.peer?.channel?.readyState !== "open") session.dropped();
  }

  /** The connection was lost: the host makes a new offer to send; the friend waits for it. */
  async lost(session) {
    this.link = "";
    this.failed = "";
    this._draw();
    if (!this.hosting) return;
    const offer = await /** @type {LivePeer} */ (this.peer).restart();
    if (this.session !== session || session.linked) return;
    this.link = base() + formatResume({ id: session.id, offer });
    this._draw();
  }

  /** The connection cannot be made (`why`: "failed" or "timeout"): say why, offer the way by link. */
  _fail(session, why) {
    if (this.session !== session || session.linked) return;
    this.failed = why;
    this._draw();
  }

  /** The player allowed the servers (settings: liveServers): the link to send is made again with them. */
  allowServers() {
    const settings = this.page.settings?.settings;
    if (!settings) return;
    settings.set({ liveServers: true });
    const session = this.session;
    if (!session) return;
    if (session.phase === "inviting") this._invite(session);
    else if (session.phase === "answering" && this.offered) this._answer(session, this.offered);
    else if (session.phase === "reconnecting") this.lost(session);
    this._draw();
  }

  /** Go on by link: the live game becomes a game by link (the friend's seat is far away already). */
  byLink() {
    const model = this.model;
    if (!model) return;
    model.liveMark = null; // (reopened, it stays a game by link)
    this.close();
    model._changed("game");
    this.how.setExplain(t("live.byLinkNow"), "info");
  }

  // -- the game ------------------------------------------------------------------------

  /** The engine's verdict on the line `moves` of `model`'s game. */
  async _check(model, moves) {
    try {
      await this.page.positions.view(model.start, moves);
      return true;
    } catch {
      return false;
    }
  }

  /** The player played `move` at the head of the live game `m`: the friend gets it. */
  played(m, move) {
    if (!this.on(m)) return;
    /** @type {LiveSession} */ (this.session).play(move, this.clock.times(m));
  }

  resign() {
    return !!this.session?.resign();
  }

  offerDraw() {
    return !!this.session?.offerDraw();
  }

  answerDraw(accept) {
    return !!this.session?.answerDraw(accept);
  }

  abort() {
    return !!this.session?.abort();
  }

  _event(session, type, detail) {
    if (this.session !== session) return;
    const model = this.model;
    const name = this.page.seatName(session.peer);
    if (type === "move") this.asks.moved(detail.local);
    if (type === "move") this._over(session, model);
    if (type === "move" && !detail.local) {
      const line = session.moves.slice(0, detail.ply - 1);
      if (sameLine(model.head, line)) {
        const applying = this.actions.computerMove(line, detail.move);
        this.applying = applying;
        applying.finally(() => {
          if (this.applying === applying) this.applying = null;
        });
      }
    } else if (type === "chat" || type.startsWith("takeback") || type.startsWith("rematch")) {
      this.asks.event(session, model, type, detail, name);
    } else if (type === "refused") {
      this.refused += 1;
      this.how.setExplain(t("live.refused", { name, move: detail.move }), "info");
    } else if (type === "draw-offer") {
      // (at the head once the friend's last move is on this board)
      Promise.resolve(this.applying).then(() => model.setOffer({ by: session.peer, at: [...model.head] }));
      this.page.announcer.say(t("game.offers", { name }));
    } else if (type === "draw-declined") {
      if (model.offer) model.setOffer({ ...model.offer, declined: true });
      this.page.announcer.say(t("game.declines", { name }));
    } else if (type === "phase" && detail.phase === "reconnecting") {
      this.lost(session);
    } else if (type === "phase" && detail.phase === "connected") {
      clearTimeout(this.timer);
      this.link = "";
      this.failed = "";
    } else if (type === "line") {
      this.asks.adoptLine(model, detail.moves);
    } else if (type === "ended") {
      // (after the friend's last move is on this board)
      Promise.resolve(this.applying).then(() => this._ended(model, detail));
    }
    this.clock.event(session, model, type, detail); // (the friend's time, once their move is here)
    this._draw();
  }

  /** The rules ended the game at the session's line: both pages see it, nothing is sent. */
  _over(session, model) {
    const line = [...session.moves];
    this.page.positions.view(model.start, line).then(
      view => view?.outcome && session.over(line, view.outcome.winner ?? null),
      () => {},
    );
  }

  /** `task` now, or once the rematch's model is on screen (the events in order). */
  _later(task) {
    if (!this.switching) return task();
    const run = this.switching.then(task).catch(() => {});
    this.switching = run;
    run.then(() => {
      if (this.switching === run) this.switching = null;
    });
  }

  _ended(model, { how, winner }) {
    if (model.ending || how === "rules") return; // (the rules' end is the board's own)
    const ending =
      how === "resignation"
        ? resignation(1 - winner)
        : how === "agreement"
          ? agreement(model.offer ? model.offer.by : null)
          : how === "timeout"
            ? onTime(1 - winner)
            : makeEnding("abandoned");
    this.how.finish(model, ending);
    this._draw();
  }

  _draw() {
    this.keep.mark();
    this.page.model?._changed("game");
  }

  /** Draw the live box for the game on screen (draw.js). */
  draw() {
    drawLive(this);
  }
}
