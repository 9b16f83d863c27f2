// What the game's rituals do (issue #29): resign, offer and answer a draw,
// abort, and after the end Rematch, Analyse this game, Send the link.
// Part of the page's actions (actions.js spreads these in and calls
// initEnding first).  Each checks with ending.js's allowed() that it may be
// done now, then changes the model (game.js: end, setOffer); the page
// redraws from it.  A draw offered to the computer is answered by a short
// search (engine/drawoffer.js): accepted only when the position is level.
// endState() is what the page draws the buttons and the end panel from.

import { agreement, allowed, canDraw, endWords, endingOfOutcome, resignation } from "../model/ending.js";
import { t } from "../i18n/i18n.js";
import { answerOffer } from "../engine/drawoffer.js";
import { formatMessage, playerWords } from "../engine/words.js";
import { analysisFor } from "../model/analysis.js";
import { sameLine } from "../model/line.js";
import { hideNotice, setExplain } from "../panels/dialogs.js";
import { $ } from "./dom.js";

let page = null; // the Page (app/page.js)
let actions = null; // every action (actions.js)
/** The computer weighing a draw offer: {model, at, seat, cancel} or null. */
let weighing = null;

/** Give these actions the page and the whole set of actions (called by actions.init). */
export function initEnding(thePage, allActions) {
  page = thePage;
  actions = allActions;
}

const names = view => view.players.map((_, i) => playerWords(view, i) || t("player.numbered", { n: i + 1 }));

/** The game on screen's rituals now (ending.js allowed()), or null before its head's view is known. */
export function rituals() {
  const m = page.model;
  const headView = m && page.positions.get(m.start, m.head);
  if (!headView) return null;
  const rules = allowed({
    players: m.players,
    head: m.head,
    ending: m.ending,
    offer: m.offer,
    mainLength: m.tree.mainline([]).length,
    headView,
    info: page.info(m.meta.game),
    meta: m.meta,
  });
  if (page.live?.on(m)) rules.undo = false; // (#46: a live game takes no move back)
  return rules;
}

/** What the game's row and the end panel draw (see gameactions.js and endpanel.js). */
export function endState() {
  const m = page.model;
  const headView = m && page.positions.get(m.start, m.head);
  const rules = rituals();
  if (!m || !headView || !rules) return { actions: null, end: null };
  const who = names(headView);
  const ending = m.ending || endingOfOutcome(headView.outcome, who.length);
  const farSeat = page.live?.on(m) ? -1 : m.players.indexOf("r"); // (#46: a live friend needs no link)
  const waiting = weighing && weighing.model === m ? t("game.considering", { name: who[weighing.seat] }) : "";
  return {
    actions: page.ready
      ? {
          rules,
          toMove: headView.to_move,
          names: who,
          drawable: headView.players.length === 2 && canDraw(page.info(m.meta.game), m.meta),
          waiting,
          farOffer: rules.standing && farSeat >= 0 && rules.standing.by !== farSeat ? farSeat : -1,
        }
      : null,
    end: ending
      ? {
          ending,
          words: endWords(ending, who, headView.outcome ? formatMessage(headView.outcome.said) : ""),
          far: farSeat >= 0 && m.ending ? who[farSeat] : "",
          rematch: who.length === 2 && !page.live?.on(m), // (#46: a live game's is in the live box)
        }
      : null,
  };
}

/** The game ends: the model keeps it, the live log says it, the end sounds. */
export function finish(m, ending) {
  const view = page.positions.get(m.start, m.head);
  m.end(ending);
  page.board.cancel(); // (a move half entered goes)
  if (view) page.announcer.say(`${endWords(ending, names(view)).sentence}.`);
  page.settings.sound.play("end");
}

export const endActions = {
  /** `seat` resigns (asked once first, by the game's row). */
  resign(seat) {
    const m = page.model;
    const rules = rituals();
    if (!rules || !rules.resign.includes(seat)) return;
    stopWeighing();
    setExplain("");
    if (page.live?.on(m)) {
      page.live.resign(); // (#46: both pages end: its "ended" finishes this one)
      return;
    }
    finish(m, resignation(seat));
  },

  /** `seat` offers a draw: the computer answers at once, a player on this
   * screen with Accept or Decline, a friend far away through the link. */
  offerDraw(seat) {
    const m = page.model;
    const rules = rituals();
    if (!rules || !rules.offer.includes(seat)) return;
    const at = [...m.head];
    if (page.live?.on(m)) {
      // (#46: the friend's page shows it; both offered is a draw agreed)
      m.setOffer({ by: seat, at });
      page.live.offerDraw();
      return;
    }
    m.setOffer({ by: seat, at });
    const other = 1 - seat;
    const view = page.positions.get(m.start, at);
    const who = names(view);
    if (page.computer.isComputer(other)) {
      const job = answerOffer(page.engine, { start: m.start, line: at, seat: other });
      weighing = { model: m, at, seat: other, cancel: job.cancel };
      page.busy(async () => {
        let answer;
        try {
          answer = await job.promise;
        } catch {
          return; // (cancelled: the offer was withdrawn)
        }
        if (!weighing || weighing.model !== m) return;
        weighing = null;
        if (m.ending || !m.offer || !sameLine(m.head, at)) return;
        if (answer.accept) {
          finish(m, agreement(seat));
        } else {
          m.setOffer({ by: seat, at, declined: true });
          const words = t("game.declines", { name: who[other] });
          page.announcer.say(words);
          setExplain(words, "info");
        }
      });
      m._changed("game"); // (the row says it is considering)
    } else if (m.players[other] === "r") {
      page.announcer.say(t("game.offerSend", { name: who[other] }));
    } else {
      page.announcer.say(t("game.offers", { name: who[seat] }));
    }
  },

  /** The draw offer standing is accepted or declined by `seat`. */
  answerDraw(accept, seat) {
    const m = page.model;
    const rules = rituals();
    if (!rules || !rules.standing || !rules.answer.includes(seat)) return;
    const offer = rules.standing;
    if (page.live?.on(m)) {
      page.live.answerDraw(accept); // (#46: accepted, its "ended" finishes the game)
      if (!accept) m.setOffer({ ...offer, declined: true });
      return;
    }
    if (accept) {
      finish(m, agreement(offer.by));
      return;
    }
    m.setOffer({ ...offer, declined: true });
    const view = page.positions.get(m.start, m.head);
    page.announcer.say(t("game.declines", { name: names(view)[seat] }));
  },

  /** Abort a game of fewer than two moves: it is deleted, and a fresh game
   * of the same settings takes its place. */
  abort() {
    const m = page.model;
    const rules = rituals();
    if (!rules || !rules.abort) return;
    stopWeighing();
    page.computer.cancel();
    if (page.live?.on(m)) {
      page.live.abort(); // (#46: on both pages)
      return;
    }
    return page.busy(async () => {
      await page.keeper.discard(m);
      hideNotice();
      await actions.startNew({
        game: m.meta.game,
        variant: m.meta.variant,
        options: m.meta.options,
        players: m.players,
      });
      // (#41: said where a player sees it too, not only to a screen reader; it fades)
      setExplain(t("game.aborted"), "info", { fades: true });
      page.announcer.say(t("game.aborted"));
    });
  },

  /** The same game, variant, options and players, the colours swapped. */
  rematch() {
    const m = page.model;
    if (!m || m.players.length !== 2) return;
    if (page.live?.on(m)) return page.live.asks.askRematch(); // (#46: asked of the friend)
    const players = [m.players[1] || "h", m.players[0] || "h"];
    // (the time control too: helper "clock"'s startNew reads choice.clock, a Clock's control)
    const clock = m.clock && m.clock.control ? m.clock.control : null;
    return actions.startNew({
      game: m.meta.game,
      variant: m.meta.variant,
      options: m.meta.options,
      players,
      ...(clock ? { clock } : {}),
    });
  },

  /** The engine goes over the game (the analysis the page has), shown beside it. */
  analyseGame() {
    const m = page.model;
    if (!m) return;
    if (!analysisFor(m.analysis, m.tree.mainline([])) && !page.analyser.running)
      page.analyser.start(/** @type {HTMLSelectElement} */ ($("analyse-level")).value);
    $("analysis").scrollIntoView({ block: "nearest" });
    /** @type {HTMLElement} */ ($("analysis")).focus?.();
  },
};

/** The computer's weighing of an offer is dropped (the game ended or changed). */
function stopWeighing() {
  if (!weighing) return;
  const w = weighing;
  weighing = null;
  w.cancel();
}
