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
// liveasks.js.  What it shows is drawn by liveview.js.

import { t } from "../i18n/i18n.js";
import { agreement, makeEnding, onTime, resignation } from "../model/ending.js";
import { sameLine } from "../model/tree.js";
import { formatAnswer, formatInvite, liveLinkKind, newGameId, parseAnswer, parseInvite } from "./invite.js";
import { LiveAsks } from "./liveasks.js";
import { drawLive } from "./liveview.js";
import { LivePeer } from "./peer.js";
import { LiveSession } from "./session.js";

const CHANNEL = "gamut-live"; // i18n: not words (a channel's name)

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
    /** The takebacks, the rematch and the chat (liveasks.js). */
    this.asks = new LiveAsks(this);
    /** The rematch's model being made (the session's events wait for it), or null. */
    this.switching = null;
    /** @type {BroadcastChannel | null} */
    this.channel = null;
    if (typeof BroadcastChannel === "function") {
      this.channel = new BroadcastChannel(CHANNEL);
      this.channel.onmessage = event => this._handed(event.data);
    }
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
    return this.on(m) && this.phase !== "connected";
  }

  // -- starting -----------------------------------------------------------------------

  /** The host: `model` just started with the friend's seat "r"; `you`: the host's seat. */
  async host(model, you) {
    const id = newGameId();
    const session = this._start(model, id, you);
    session.inviting();
    this._draw();
    const offer = await /** @type {LivePeer} */ (this.peer).offer();
    if (this.session !== session) return;
    const { game, variant, options } = model.meta;
    this.link = base() + formatInvite({ game, variant, options, host: you, clock: null, id, offer });
    this._draw();
  }

  /** A live link opened (the "live" route): an invitation, an answer, or a new offer. */
  async openLink(hash) {
    const kind = liveLinkKind(hash);
    if (kind === "answer") return this._answerLink(hash);
    if (kind !== "invite") {
      this.how.showNotice(t("live.badLink"), { kind: "error" });
      return;
    }
    let invite;
    try {
      invite = parseInvite(hash);
    } catch {
      this.how.showNotice(t("live.badLink"), { kind: "error" });
      return;
    }
    if (this.session && this.session.id === invite.id) return; // (opened again: the game is here)
    const page = this.page;
    await page.engine.ready;
    if (!page.info(invite.game)) {
      this.how.showNotice(t("live.badLink"), { kind: "error" });
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
    const session = this._start(model, invite.id, invite.guest);
    session.answering();
    this._draw();
    let answer;
    try {
      answer = await /** @type {LivePeer} */ (this.peer).answer(invite.offer);
    } catch {
      if (this.session === session) this.how.showNotice(t("live.badLink"), { kind: "error" });
      return;
    }
    if (this.session !== session) return;
    this.link = base() + formatAnswer({ id: invite.id, answer });
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
    if (!session || !answer || answer.id !== session.id || session.phase !== "inviting") {
      this.how.setExplain(t("live.badAnswer"), "info");
      return false;
    }
    session.connecting();
    this._draw();
    try {
      await /** @type {LivePeer} */ (this.peer).accept(answer.answer);
    } catch {
      if (this.session === session) {
        session.inviting();
        this.how.setExplain(t("live.badAnswer"), "info");
      }
      return false;
    }
    return true;
  }

  /** An answer's link opened in this tab: the tab waiting for it takes it. */
  _answerLink(hash) {
    if (this.session && this.session.phase === "inviting") return this.accept(hash);
    this.channel?.postMessage({ answer: hash });
    this.how.setExplain(t("live.handed"), "info");
    return undefined;
  }

  /** What another tab handed over. */
  _handed(data) {
    const text = data && typeof data.answer === "string" ? data.answer : "";
    if (!text || !this.session || this.session.phase !== "inviting") return;
    let id = "";
    try {
      id = parseAnswer(text).id;
    } catch {
      return;
    }
    if (id === this.session.id) this.accept(text);
  }

  _start(model, id, seat) {
    this.close();
    this.model = model;
    this.refused = 0;
    this.link = "";
    this.asks = new LiveAsks(this);
    this.switching = null;
    /** @type {LiveSession} */
    let session;
    const peer = new LivePeer({
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
    });
    this.peer = peer;
    this.session = session;
    return session;
  }

  /** The live game ends here (another game opened live, or the page leaves it). */
  close() {
    this.peer?.close();
    this.peer = null;
    this.session = null;
    this.model = null;
    this.link = "";
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
    /** @type {LiveSession} */ (this.session).play(move);
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
    } else if (type === "ended") {
      // (after the friend's last move is on this board)
      Promise.resolve(this.applying).then(() => this._ended(model, detail));
    }
    this._draw();
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
    if (model.ending) return;
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
    this.page.model?._changed("game");
  }

  /** Draw the live box for the game on screen (draw.js). */
  draw() {
    drawLive(this);
  }
}
