// What the two players of a live game ask each other and say (#46), the
// page's side of the session's takebacks, rematches and chat (session.js):
// the live box's buttons call these (liveview.js, livetalk.js), and the
// session's events for them come here from LivePlay (liveplay.js).  A
// takeback accepted moves both boards' head back to the same line, the moves
// staying in the tree as Undo's do; a rematch accepted starts a new game of
// the same game, variant and options with the seats swapped, over the same
// channel (the library keeps both games).

import { t } from "../i18n/i18n.js";
import { isPrefix } from "../model/line.js";
import { LiveTalk, cleanLine } from "./livetalk.js";
import { askable } from "./liveview.js";

export class LiveAsks {
  /** @param {any} live  the LivePlay (liveplay.js) */
  constructor(live) {
    this.live = live;
    /** The chat's lines and mute (livetalk.js). */
    this.talk = new LiveTalk();
    /** What the friend last answered (a takeback or a rematch declined), or "". */
    this.said = "";
  }

  /** A move was played (`local`: by this player, who has moved on from what was said). */
  moved(local) {
    if (local) this.said = ""; // (the friend's move may come with a takeback declined)
  }

  /** The session's event of `type` about a takeback, a rematch or the chat (`name`: the friend's). */
  event(session, model, type, detail, name) {
    const live = this.live;
    const say = text => live.page.announcer.say(text);
    if (type === "chat") this.talk.add(detail.text, false);
    else if (type === "takeback-ask") say(t("live.takebackAsked", { name }));
    else if (type === "rematch-ask") say(t("live.rematchAsked", { name }));
    else if (type === "takeback-declined" || type === "rematch-declined") {
      this.said = t(type === "takeback-declined" ? "live.takebackDeclined" : "live.rematchDeclined", {
        name,
      });
      say(this.said);
    } else if (type === "takeback") {
      // (both boards go back to the same line: the head moves back, the moves stay in the tree, as Undo does)
      const line = session.moves.slice(0, detail.ply);
      const back = () => {
        if (model.offer) model.setOffer(null);
        if (isPrefix(line, model.head) && model.takeBack(line)) say(t("live.takenBack"));
      };
      // (once the friend's last move is on this board)
      if (live.applying) live.applying.then(back);
      else back();
    } else if (type === "rematch") this._rematch(session, model, detail.seat);
  }

  /** The rematch: a new game of the same game, variant and options, this page at `seat`, the same
   * channel; the session's events wait for it (LivePlay's `switching`). */
  _rematch(session, old, seat) {
    const live = this.live;
    const page = live.page;
    const { game, variant, options } = old.meta;
    const players = [0, 1].map(s => (s === seat ? "h" : "r"));
    const made = page
      .busy(() => live.how.fresh(page.engine, page.positions, game, { variant, options, players }))
      .then(model => {
        if (live.session !== session || !model) return;
        live.model = model; // (first: the page's replace() keeps a live game that is its model)
        live.keep.mark(); // (the rematch's id and seats, kept with it)
        live.clock.rematch(old, model); // (the same clock, played live)
        live.refused = 0;
        this.said = "";
        live.actions.replace(model);
        page.announcer.say(t("live.rematchStarted"));
      });
    live.switching = made;
    made.then(() => {
      if (live.switching === made) live.switching = null;
    });
  }

  /** The session's line changed otherwise than by a move (a takeback, a resume): the board follows. */
  adoptLine(model, moves) {
    Promise.resolve(this.live.applying).then(() => {
      let at = 0;
      while (at < moves.length && at < model.head.length && moves[at] === model.head[at]) at++;
      if (at < model.head.length) model.takeBack(moves.slice(0, at));
      for (let k = at; k < moves.length; k++) model.playAt(moves.slice(0, k), moves[k]);
    });
  }

  // -- the player's asks and lines --------------------------------------------------------

  /** Ask the friend to take back this side's last move. */
  askTakeback() {
    const session = this.live.session;
    if (!session || !askable(session).takeback) return false;
    this.said = "";
    return this._drawn(session.askTakeback());
  }

  answerTakeback(accept) {
    return this._drawn(!!this.live.session?.answerTakeback(accept));
  }

  askRematch() {
    const session = this.live.session;
    if (!session || !askable(session).rematch) return false;
    this.said = "";
    return this._drawn(session.askRematch());
  }

  answerRematch(accept) {
    return this._drawn(!!this.live.session?.answerRematch(accept));
  }

  /** Send a chat line (shown here once sent); whether it went. */
  say(text) {
    const line = cleanLine(text);
    if (!line || !this.live.session?.say(line)) return false;
    this.talk.add(line, true);
    return this._drawn(true);
  }

  /** The player's own mute: the friend's lines are not shown while on. */
  mute(on) {
    this.live.session?.mute(on);
    this.talk.mute(on);
    this._drawn(true);
  }

  _drawn(result) {
    this.live.page.model?._changed("game");
    return result;
  }
}
