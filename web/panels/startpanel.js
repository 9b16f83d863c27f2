// The start panel: what a first visit shows beside the board (in the side
// panel, where the empty move list would be).  Play the computer (its
// level, your colour), two players on this screen, or a friend by link; the
// game and its variant.  It can be used while the engine loads: Start then
// says it starts when the engine is ready (the app waits; Start is never
// greyed out).  It owns its controls' state and reports the choice through
// onStart({game, variant, options, players, clock}) or onClose(); whether it is
// shown is the app's.

import { $, h } from "../app/dom.js";
import { t } from "../i18n/i18n.js";
import { OpponentChoice, seatsFor } from "./opponent.js";
import { variantWords } from "../engine/words.js";

export class StartPanel {
  /**
   * `games`: GameInfo list (the build's, known before the engine);
   * `settingsOf(game)`: that game's last settings or null; `namesOf(game,
   * variant)`: the seat names when known at once (else null); `seatNames(game,
   * variant)`: a promise of them (from the engine); `onStart(choice)`; `onClose()`.
   */
  constructor({ games, settingsOf, namesOf, seatNames, onStart, onClose, levelsOf = null }) {
    this.levelsOf = levelsOf; // (levels hook, #31: game -> promise of the engine's levels)
    this.games = games;
    this.settingsOf = settingsOf;
    this.namesOf = namesOf;
    this.seatNames = seatNames;
    this.box = $("start");
    this.gameSelect = $("start-game");
    this.variantSelect = $("start-variant");
    this.choice = { mode: "computer", level: "casual", you: 0 };
    this.opponent = new OpponentChoice($("start-opponent"), "start", c => {
      this.choice = c;
    });
    this.gameSelect.addEventListener("change", () => this._game(this.gameSelect.value));
    this.variantSelect.addEventListener("change", () => this._names());
    $("start-play").addEventListener("click", () => onStart(this.read()));
    $("start-close").addEventListener("click", () => onClose());
    this.game = null;
  }

  /** Fill the panel for game `gameId` (the one on the board), once. */
  prepare(gameId) {
    if (this.game) return;
    this.gameSelect.replaceChildren(
      ...this.games.map(g => h("option", { value: g.id, selected: g.id === gameId }, g.name)),
    );
    this._game(gameId);
  }

  /** Follow the game on the board (a tab of the header chosen meanwhile). */
  follow(gameId) {
    if (gameId && gameId !== this.game && this.games.some(g => g.id === gameId)) {
      this.gameSelect.value = gameId;
      this._game(gameId);
    }
  }

  setHidden(hidden) {
    this.box.hidden = hidden;
  }

  /** Say that the game starts once the engine is ready ("" when it has). */
  setWaiting(text) {
    $("start-status").textContent = text;
  }

  _info(gameId) {
    return this.games.find(g => g.id === gameId);
  }

  _game(gameId) {
    this.game = gameId;
    $("start-puzzles").setAttribute("href", `#puzzles/${gameId}`); // (puzzles hook, #30)
    this.levelsOf?.(gameId).then(
      r => this.game === gameId && this.opponent.setLevels(r.levels),
      () => {},
    );
    const info = this._info(gameId);
    const last = this.settingsOf(gameId) || {};
    const current = info.variants.some(v => v.id === last.variant) ? last.variant : info.variants[0].id;
    this.variantSelect.replaceChildren(
      ...info.variants.map(v =>
        h("option", { value: v.id, selected: v.id === current }, variantWords(info.id, v.id)),
      ),
    );
    this.variantSelect.closest(".field").hidden = info.variants.length < 2;
    this._names();
  }

  _variant() {
    const info = this._info(this.game);
    return info.variants.find(v => v.id === this.variantSelect.value) || info.variants[0];
  }

  /** The colours to choose from: the seat names the board will use. */
  _names() {
    const variant = this._variant();
    const count = variant.players || 2;
    const fallback = Array.from({ length: count }, (_, i) => t("player.numbered", { n: i + 1 }));
    const known = this.namesOf(this.game, variant.id);
    if (this.choice.you >= count) this.choice.you = 0;
    this.opponent.show(this.choice, known || fallback);
    if (known) return;
    const asked = `${this.game}/${variant.id}`;
    this.asked = asked;
    this.seatNames(this.game, variant.id).then(
      names => {
        if (this.asked === asked) this.opponent.show(this.choice, names);
      },
      () => {},
    );
  }

  /** The game chosen: its last options, the seats the choice makes. */
  read() {
    const variant = this._variant();
    const last = this.settingsOf(this.game) || {};
    return {
      game: this.game,
      variant: variant.id,
      options: last.variant === variant.id ? last.options || {} : {},
      players: seatsFor(this.choice, variant.players || 2),
      clock: this.opponent.control(), // (a clock.js control, or null)
      live: this.choice.mode === "live", // (#46: a friend now, peer to peer)
    };
  }
}
