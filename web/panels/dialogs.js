// The dialogs and messages: New game, Rules, the notice box, the explain
// line and Copy link.  The New game dialog opens with the chosen game's
// own last settings (never another game's), names the seats as the board
// will (it asks the engine for the variant's start view), and hides the
// options that do not apply (an option may apply only to some variants, or
// only when another option has some values: `when`).  It reports the
// choice through onStart; it starts nothing itself.

import { $, h } from "../app/dom.js";
import { t, tParts } from "../i18n/i18n.js";
import { seatSelect } from "./panels.js";
import { OpponentChoice, choiceOf, seatsFor } from "./opponent.js";
import { carryChoice } from "./carry.js";
import { rulesHtml } from "../rules/rules.js";
import { ExplainLine } from "./explain.js";
import {
  gameAboutWords,
  optionAboutWords,
  optionValueWords,
  optionWords,
  variantAboutWords,
  variantWords,
} from "../engine/words.js";

export { clause, sentence } from "./sentence.js";

/** @type {ExplainLine | null} */
let explainLine = null;
const explain = () => (explainLine ??= new ExplainLine($("explain")));

/** The explain line says `text` ("" clears it); `fades`: a report of an
 * action done, gone after a few seconds and with the game (explain.js). */
export function setExplain(text, kind = "illegal", { fades = false } = {}) {
  explain().say(text, kind, { fades });
}

/** Another game comes on screen: a fading message about the one before goes. */
export function explainNewGame() {
  explain().newGame();
}

export function showNotice(text, { kind = "info", fresh = false } = {}) {
  $("notice-text").textContent = text;
  const box = $("notice");
  box.dataset.kind = kind;
  $("notice-fresh").hidden = !fresh;
  box.hidden = false;
}

export function hideNotice() {
  $("notice").hidden = true;
}

/** Open the rules dialog on the rules of `gameId` (its page is fetched first). */
export async function showRules(gameId) {
  const text = await rulesHtml(gameId);
  const body = $("rules-body");
  body.innerHTML = text;
  const link = h("a", { href: `#rules/${gameId}`, class: "rules-page-link" }, t("rules.openPage"));
  body.prepend(h("p", {}, ...tParts("rules.openPageLine", { link })));
  $("rules-dialog").showModal();
  $("rules-dialog").scrollTop = 0; // a long page opens at its top, not at the focused Close button
}

/**
 * The New game dialog.  `games`: GameInfo list; `settingsOf(gameId)`: that
 * game's last {variant, options, players} or null; `seatNames(game, variant)`:
 * a promise of the seat names; `onStart({game, variant, options, players})`.
 */
export class NewGameDialog {
  constructor({ games, settingsOf, seatNames, onStart, levelsOf = null }) {
    this.levelsOf = levelsOf; // (levels hook, #31: game -> promise of the engine's levels)
    this.games = games;
    this.settingsOf = settingsOf;
    this.seatNames = seatNames;
    this.onStart = onStart;
    this.dialog = $("new-dialog");
    // who to play against: another way of writing the seats' selects below
    this.opponent = new OpponentChoice($("new-opponent"), "new", choice => this._fromOpponent(choice));
    this.selects = [];
    this.names = [];
    /** @type {Map<string, string[]>} each game's ladder (level ids), once the engine has named it */
    this.ladders = new Map();
    this.dialog.addEventListener("close", () => {
      if (this.dialog.returnValue === "start") this.onStart(this.read());
    });
  }

  open(gameId) {
    const box = $("new-games");
    box.replaceChildren(
      ...this.games.map(info =>
        h(
          "label",
          { class: "game-option" },
          h("input", {
            type: "radio",
            name: "game",
            value: info.id,
            checked: info.id === gameId,
            onchange: () => this._game(info.id),
          }),
          h("span", { class: "game-name" }, info.name),
          h("span", { class: "about" }, gameAboutWords(info.id)),
        ),
      ),
    );
    this.selects = []; // (the seats open with the game's last players)
    this._game(gameId);
    this.dialog.returnValue = "";
    this.dialog.showModal();
  }

  _info(gameId) {
    return this.games.find(g => g.id === gameId);
  }

  _game(gameId) {
    const info = this._info(gameId);
    this.last = this.settingsOf(gameId) || {};
    this.gameId = gameId; // (levels hook, #31)
    this.levelsOf?.(gameId).then(
      r => this.gameId === gameId && this._ladder(gameId, r.levels),
      () => {},
    );
    const select = $("new-variant");
    const current = info.variants.some(v => v.id === this.last.variant)
      ? this.last.variant
      : info.variants[0].id;
    select.replaceChildren(
      ...info.variants.map(v =>
        h("option", { value: v.id, selected: v.id === current }, variantWords(info.id, v.id)),
      ),
    );
    select.onchange = () => this._variant(gameId, select.value);
    this._variant(gameId, select.value);
  }

  _variant(gameId, variantId) {
    const info = this._info(gameId);
    const variant = info.variants.find(v => v.id === variantId);
    $("new-variant-about").textContent = variant ? variantAboutWords(gameId, variant.id) : "";
    const specs = info.options.filter(o => !o.variants || o.variants.includes(variantId));
    const saved = (this.last.variant === variantId && this.last.options) || {};
    const box = $("new-options");
    box.replaceChildren(
      ...specs.map(spec => {
        const value = spec.choices.includes(saved[spec.name]) ? saved[spec.name] : spec.default;
        const id = `opt-${spec.name}`;
        const about = optionAboutWords(info.id, spec.name);
        return h(
          "label",
          { class: "field", for: id, "data-field": spec.name },
          optionWords(info.id, spec.name),
          h(
            "select",
            { id, "data-option": spec.name, onchange: () => this._applicable(specs) },
            ...spec.choices.map(c => h("option", { value: c, selected: c === value }, optionValueWords(c))),
          ),
          about ? h("span", { class: "about" }, about) : null,
        );
      }),
    );
    if (!specs.length) box.append(h("p", { class: "about" }, t("newGame.noOptions")));
    this._applicable(specs);
    this._seats(gameId, variant || info.variants[0]);
  }

  /** Hide the options whose `when` (other options' values) does not hold. */
  _applicable(specs) {
    const values = this._options(false);
    for (const spec of specs) {
      const field = document.querySelector(`#new-options [data-field="${CSS.escape(spec.name)}"]`);
      const when = spec.when || {};
      field.hidden = !Object.entries(when).every(([name, allowed]) => allowed.includes(values[name]));
    }
  }

  _seats(gameId, variant) {
    const count = variant.players || 2;
    const box = $("new-seats");
    // the opponent chosen for the game or variant shown before is kept (#41;
    // its level follows the ladder once known: _ladder); a mix of seats no
    // choice writes, or none yet, gives way to the game's last players
    const before = this.selects.length ? choiceOf(this.selects.map(s => s.value)) : null;
    const players = before ? seatsFor(carryChoice(before, count, [], []), count) : this.last.players || [];
    const rows = [];
    const labels = [];
    for (let seat = 0; seat < count; seat++) {
      const id = `new-seat-${seat}`;
      const player = t("player.numbered", { n: seat + 1 });
      const label = h("label", { for: id }, seat === 0 ? t("opponent.movesFirst", { name: player }) : player);
      labels.push(label);
      rows.push(label);
      rows.push(this._seatSelect(seat, players[seat] || "h"));
    }
    box.replaceChildren(...rows);
    this.selects = [...box.querySelectorAll("select[data-seat]")];
    this.names = labels.map((_, seat) => t("player.numbered", { n: seat + 1 }));
    this._toOpponent();
    // the names the board will use (colours), once the engine says them
    const asked = `${gameId}/${variant.id}`;
    this.asked = asked;
    this.seatNames(gameId, variant.id).then(
      names => {
        if (this.asked !== asked) return;
        names.forEach((name, seat) => {
          if (labels[seat]) labels[seat].textContent = seat === 0 ? t("opponent.movesFirst", { name }) : name;
        });
        this.names = names;
        this._toOpponent();
      },
      () => {},
    );
  }

  /** Seat `seat`'s select, at `value`, listing the game's ladder once known. */
  _seatSelect(seat, value) {
    const select = seatSelect(seat, value, null, null, this.ladders.get(this.gameId) || null);
    select.id = `new-seat-${seat}`;
    select.addEventListener("change", () => this._toOpponent());
    return select;
  }

  /** The game's ladder is known: the seats' menus list it, and the choice follows it. */
  _ladder(gameId, levels) {
    this.ladders.set(
      gameId,
      levels.map(l => l.id),
    );
    this.selects = this.selects.map(old => {
      const select = this._seatSelect(Number(old.dataset.seat), old.value);
      old.replaceWith(select);
      return select;
    });
    this.opponent.setLevels(levels); // (may change the level chosen: the seats are written anew)
  }

  /** The seats as a choice of opponent (none checked for another mix). */
  _toOpponent() {
    this.opponent.show(choiceOf(this.selects.map(s => s.value)), this.names);
  }

  /** A choice of opponent, written into the seats' selects. */
  _fromOpponent(choice) {
    // (made anew, not only set: a level carried from another game leaves the menus, #41)
    const seats = seatsFor(choice, this.selects.length);
    this.selects = this.selects.map((old, seat) => {
      const select = this._seatSelect(seat, seats[seat]);
      old.replaceWith(select);
      return select;
    });
  }

  _options(onlyShown = true) {
    const options = {};
    for (const sel of document.querySelectorAll("#new-options select[data-option]")) {
      if (onlyShown && sel.closest("[data-field]").hidden) continue;
      options[sel.dataset.option] = sel.value;
    }
    return options;
  }

  read() {
    return {
      game: (document.querySelector("#new-games input[name=game]:checked") || {}).value,
      variant: $("new-variant").value,
      options: this._options(),
      players: [...document.querySelectorAll("#new-seats select[data-seat]")].map(sel => sel.value),
      live: this.opponent.shown?.mode === "live", // (#46)
    };
  }
}

/** Copy `href`: says "copied" only when the clipboard took it, else shows it to copy by hand. */
export async function copyLink(href) {
  const box = $("copy-fallback");
  const field = $("copy-text");
  field.value = href;
  try {
    if (!navigator.clipboard || !navigator.clipboard.writeText) throw new Error("no clipboard");
    await navigator.clipboard.writeText(href);
    box.hidden = true;
    setExplain(t("copy.done"), "info", { fades: true });
  } catch {
    box.hidden = false;
    field.focus();
    field.select();
    setExplain(t("copy.refused"), "info");
  }
}
