// Who to play against, as a newcomer chooses it: the computer (at a level,
// you playing one colour), two players on this screen, or a friend far away
// by link.  The choice is only another way of writing the seats (each seat
// "h" a human here, "r" far away, "c:<level>" the computer): seatsFor()
// writes them, choiceOf() reads a choice back from seats (or null when the
// seats are some other mix).  OpponentChoice draws these controls into a
// box of the start panel or of the New game dialog and reports each change;
// the seats are the truth, kept by whoever uses it.
//
// The clock is chosen here too (#29): none (the default), a preset such as
// 5+3 (minutes + seconds added per move), custom minutes and increment, or,
// for a game by link, days per move.  control() reads it as a clock.js
// control ({base, increment} | {days}) or null.

import { h } from "../app/dom.js";
import { t } from "../i18n/i18n.js";
import { LEVELS } from "../model/url.js";
import { DAYS, PRESETS, describeControl, parseControl } from "../model/clock.js";
import { intervalText, ratingText } from "../engine/levels.js";
import { nearestLevel } from "./carry.js";

/** A mode's words, in the page's language (read when drawn: the catalog is loaded by then). */
const modeWords = id => ({
  id,
  get name() {
    return t(`mode.${id}.name`);
  },
  get short() {
    return t(`mode.${id}.short`);
  },
  get about() {
    return id === "computer" ? "" : t(`mode.${id}.about`);
  },
});

export const MODES = [modeWords("computer"), modeWords("two"), modeWords("link"), modeWords("live")];

/** Each level in a few words (docs/computer.md: levels are counted, not timed), by level id. */
export const LEVEL_ABOUT = Object.defineProperties(
  {},
  Object.fromEntries(LEVELS.map(l => [l, { enumerable: true, get: () => t(`level.about.${l}`) }])),
);

export const levelName = id => t(`level.${id}`); // (the level's name in the page's language, #33)

/** The clock's choices for a mode: [value, label] ("-" none, "custom", "300+3", "2d" ...). */
export function clockChoices(mode) {
  const choices = [["-", t("clock.none")]];
  for (const p of PRESETS) choices.push([p, describeControl(parseControl(p))]);
  choices.push(["custom", t("clock.custom")]);
  if (mode === "link") for (const d of DAYS) choices.push([`${d}d`, describeControl({ days: d })]); // i18n: not words (a value)
  return choices;
}

/** The control of a clock choice (`custom`: {minutes, increment} for "custom"), or null. */
export function controlOf(value, custom) {
  if (value === "custom") {
    const minutes = Math.min(600, Math.max(0.25, Number(custom.minutes) || 0));
    const increment = Math.min(600, Math.max(0, Math.round(Number(custom.increment) || 0)));
    return { base: Math.round(minutes * 60) * 1000, increment: increment * 1000 };
  }
  try {
    return parseControl(value);
  } catch {
    return null;
  }
}

/** The seats of a choice: `count` seats, `mode`, `level`, `you` (your seat). */
export function seatsFor({ mode, level, you }, count) {
  const seats = [];
  for (let seat = 0; seat < count; seat++) {
    if (mode === "two" || seat === you) seats.push("h");
    else seats.push(mode === "link" || mode === "live" ? "r" : `c:${level}`); // (#46: live too: far away)
  }
  return seats;
}

/** The choice the seats make, or null (a mix these controls do not write). */
export function choiceOf(seats) {
  const humans = seats.map((s, i) => (s === "h" || !s ? i : -1)).filter(i => i >= 0);
  if (humans.length === seats.length) return { mode: "two", level: null, you: 0 };
  if (humans.length !== 1) return null;
  const you = humans[0];
  const others = seats.filter((_, i) => i !== you);
  if (others.every(s => s === "r")) return { mode: "link", level: null, you };
  if (others.every(s => s === others[0] && LEVELS.includes(s.slice(2)) && s.startsWith("c:")))
    return { mode: "computer", level: others[0].slice(2), you };
  return null;
}

/**
 * The controls, drawn into `box`: the mode (three choices), the computer's
 * level (each with its line) and your colour.  `prefix` names their ids and
 * radio groups (the start panel and the dialog each have one); `onChange(choice)`.
 */
export class OpponentChoice {
  constructor(box, prefix, onChange) {
    this.box = box;
    this.prefix = prefix;
    this.onChange = onChange;
    this.choice = { mode: "computer", level: "casual", you: 0 };
    this.names = [t("player.numbered", { n: 1 }), t("player.numbered", { n: 2 })];
    this.clock = "-"; // the clock chosen: a value of clockChoices()
    this.custom = { minutes: 10, increment: 5 };
    /** @type {Map<string, object>} the game's levels by id, with ratings (engine/levels.js) */
    this.rated = new Map();
    this.shown = null; // the choice last drawn (null: none of the modes)
  }

  /**
   * The levels of the game chosen, as the engine rates them (`levels`:
   * [{id, label, rating, low, high}], or null while unknown): each level is
   * then named with its rating.  Redraws when the controls are drawn.
   */
  setLevels(levels) {
    const before = [...this.rated.values()]; // (the levels of the game the choice was made in)
    this.rated = new Map((levels || []).map(l => [l.id, l]));
    // a level this game does not offer (chosen in another game) becomes the
    // one it offers nearest by rating (carry.js): a change of the choice,
    // reported like a click's (the event is the ladder's arrival; drawing
    // never changes the choice)
    const level = nearestLevel(this.choice.level, before, levels || []);
    const changed = level !== this.choice.level;
    this.choice.level = level;
    if (changed && this.shown) this.shown = { ...this.shown, level };
    if (this.box.childElementCount) this.show(this.shown, this.names); // (drawn as it was)
    if (changed && this.shown) this.onChange({ ...this.shown }); // (none for a mix of seats no choice writes)
  }

  /** The levels drawn: the game's ladder once known (else every level), and the level chosen. */
  offered() {
    if (!this.rated.size) return LEVELS;
    return LEVELS.filter(l => this.rated.has(l) || l === this.choice.level);
  }

  /** The level radio's words: its name, its rating (when measured) and its line. */
  _levelLabel(id) {
    const rated = this.rated.get(id);
    const rating = ratingText(rated);
    const interval = intervalText(rated);
    return {
      name: levelName(id),
      rating,
      title: rating ? t("level.rated", { rating, interval }) : "",
    };
  }

  /** The clock chosen, as a clock.js control, or null (no clock). */
  control() {
    return controlOf(this.clock, this.custom);
  }

  /** Draw for `choice` (null: none of the modes) and these seat names. */
  show(choice, names) {
    this.shown = choice;
    if (choice) this.choice = { ...choice, level: choice.level || this.choice.level };
    this.names = names;
    const p = this.prefix;
    // (a game's ladder once the engine has named it: Advanced is not in every game's)
    const offered = this.offered();
    const c = choice ? this.choice : { mode: null, level: this.choice.level, you: this.choice.you };
    const radio = (group, value, checked, label, about, rating = "") =>
      h(
        "label",
        { class: `choice choice-${group}` },
        h("input", {
          type: "radio",
          name: `${p}-${group}`,
          value,
          checked,
          onchange: () => this._set(group, value),
        }),
        h("span", { class: "choice-name" }, label),
        rating ? h("span", { class: "rating" }, rating) : null,
        // (a level's words are read out with it, and shown for the level chosen)
        about ? h("span", { class: group === "level" ? "about visually-hidden" : "about" }, about) : null,
      );
    const mode = MODES.find(m => m.id === c.mode);
    const modes = h(
      "fieldset",
      { class: "modes" },
      h("legend", { class: "visually-hidden" }, t("opponent.legend")),
      h(
        "div",
        { class: "mode-row" },
        ...MODES.map(m => {
          const label = radio("mode", m.id, c.mode === m.id, m.short, null);
          label.title = m.name;
          label.querySelector("input")?.setAttribute("aria-label", m.name);
          return label;
        }),
      ),
      h("p", { class: "about mode-about" }, mode ? mode.about : t("opponent.seatsBelow")),
    );
    const levels = h(
      "fieldset",
      { class: "levels", hidden: c.mode !== "computer" },
      h("legend", {}, t("opponent.level")),
      h(
        "div",
        { class: "level-row" },
        ...offered.map(l => {
          const { name, rating, title } = this._levelLabel(l);
          const label = radio("level", l, c.level === l, name, LEVEL_ABOUT[l], rating);
          if (title) label.title = title;
          return label;
        }),
      ),
      h("p", { class: "about level-about" }, LEVEL_ABOUT[c.level] || ""),
    );
    const colours = h(
      "fieldset",
      { class: "colours", hidden: c.mode !== "computer" && c.mode !== "link" && c.mode !== "live" },
      h("legend", {}, t("opponent.youPlay")),
      h(
        "div",
        { class: "colour-row" },
        ...names.map((name, seat) =>
          radio(
            "you",
            String(seat),
            c.you === seat,
            seat === 0 ? t("opponent.movesFirst", { name }) : name,
            null,
          ),
        ),
      ),
    );
    this.box.replaceChildren(modes, levels, colours, this._clockField(c.mode));
  }

  /** The clock: a select of the choices, and minutes + increment for a custom one. */
  _clockField(mode) {
    const p = this.prefix;
    const choices = clockChoices(mode);
    if (!choices.some(([v]) => v === this.clock)) this.clock = "-"; // (days per move: by link only)
    const number = (what, label, min, step) =>
      h(
        "label",
        { class: "field clock-custom" },
        `${label} `,
        h("input", {
          type: "number",
          id: `${p}-clock-${what}`,
          min,
          max: "600",
          step,
          value: String(this.custom[what]),
          onchange: e => {
            this.custom[what] = Number(e.target.value);
          },
        }),
      );
    return h(
      "fieldset",
      { class: "clock-choice" },
      h("legend", {}, t("clock.label")),
      h(
        "select",
        {
          id: `${p}-clock`,
          "aria-label": t("clock.label"),
          onchange: e => {
            this.clock = e.target.value;
            this.show(this.choice, this.names);
            this.box.querySelector(`#${p}-clock`)?.focus();
          },
        },
        ...choices.map(([value, label]) => h("option", { value, selected: value === this.clock }, label)),
      ),
      this.clock === "custom" ? number("minutes", t("clock.minutes"), "0.25", "0.25") : null,
      this.clock === "custom" ? number("increment", t("clock.increment"), "0", "1") : null,
    );
  }

  _set(group, value) {
    const c = this.choice;
    if (group === "mode") c.mode = value;
    else if (group === "level") c.level = value;
    else c.you = Number(value);
    this.show(c, this.names);
    // (drawn anew: the radio chosen by keyboard keeps the focus)
    this.box.querySelector(`input[name="${this.prefix}-${group}"][value="${value}"]`)?.focus();
    this.onChange({ ...c });
  }
}
