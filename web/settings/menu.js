// The settings' controls, put into the header from here (the markup does
// not know of them): a sound on/off button and a button that opens the
// settings dialog (a native <dialog>: Escape closes it, focus stays inside)
// with the sound, the board's theme for the game on screen, flip, the side
// to move at the bottom, coordinates and the appearance.  Every control
// changes the Settings at once; the controls are drawn from the Settings
// (sync), never the other way round.

import { h } from "../app/dom.js";
import { themesOf } from "./themes.js";
import { language, storeLanguage, t } from "../i18n/i18n.js";
import { LANGUAGES } from "../i18n/languages.js";

const SVG = "http://www.w3.org/2000/svg";

/** A small line icon (24-unit box) from path data. */
function icon(...paths) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", "icon");
  for (const d of paths) {
    const p = document.createElementNS(SVG, "path");
    p.setAttribute("d", d);
    svg.append(p);
  }
  return svg;
}

const SPEAKER = "M4 9h4l5-4v14l-5-4H4z";
const WAVES = "M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12";
const CROSS = "M16.5 9.5l5 5M21.5 9.5l-5 5";
// sliders: two rails, each with its knob
const SLIDERS = [
  "M4 7h9M17 7h3M4 17h3M11 17h9",
  "M15 5a2 2 0 1 0 0 4a2 2 0 1 0 0-4z",
  "M9 15a2 2 0 1 0 0 4a2 2 0 1 0 0-4z",
];

const SCHEMES = ["system", "light", "dark"];

export class SettingsMenu {
  /**
   * `settings`: the Settings; `header`: where the buttons go (before
   * `before`); `game()`: the id and name of the game on screen ({id, name}).
   */
  constructor({ settings, header, before, game }) {
    this.settings = settings;
    this.game = game;
    this.muteButton = h("button", {
      type: "button",
      id: "sound-toggle",
      class: "quiet icon-button",
      "aria-label": t("settings.sound"),
      title: t("settings.sound.toggle"),
      onclick: () => settings.set({ sound: !settings.prefs.sound }),
    });
    this.openButton = h(
      "button",
      {
        type: "button",
        id: "open-settings",
        class: "quiet icon-button",
        "aria-label": t("settings.title"),
        "aria-haspopup": "dialog",
        title: t("settings.open.title"),
        onclick: () => this.open(),
      },
      icon(...SLIDERS),
    );
    const group = h("div", { class: "header-settings" }, this.muteButton, this.openButton);
    header.insertBefore(group, before);
    this.dialog = this._buildDialog();
    document.body.append(this.dialog);
    settings.listen(() => this.sync());
    this.sync();
  }

  open() {
    this._drawThemes();
    this.sync();
    this.dialog.showModal();
  }

  /** Draw every control from the settings. */
  sync() {
    const prefs = this.settings.prefs;
    this.muteButton.setAttribute("aria-pressed", String(prefs.sound));
    this.muteButton.title = t(prefs.sound ? "settings.sound.on" : "settings.sound.off");
    this.muteButton.replaceChildren(prefs.sound ? icon(SPEAKER, WAVES) : icon(SPEAKER, CROSS));
    const form = this.form;
    for (const name of ["sound", "flip", "toMoveAtBottom", "coordinates", "showSearch", "liveServers"])
      form.elements[name].checked = prefs[name];
    for (const name of ["stun", "turn", "turnUser", "turnPass"]) form.elements[name].value = prefs[name];
    for (const radio of form.querySelectorAll("input[name=scheme]"))
      radio.checked = radio.value === prefs.scheme;
    const game = this.game();
    const chosen = (game && this.settings.themeOf(game.id)) || null;
    const radios = [...form.querySelectorAll("input[name=theme]")];
    for (const radio of radios) radio.checked = chosen ? radio.value === chosen : radio === radios[0];
  }

  _buildDialog() {
    // a check box named by its label; what it is about said apart (its description)
    const check = (name, label, about) =>
      h(
        "div",
        { class: "setting-check" },
        h(
          "label",
          {},
          h("input", {
            type: "checkbox",
            name,
            "aria-describedby": about ? `setting-${name}-about` : null,
            onchange: event => this.settings.set({ [name]: event.target.checked }),
          }),
          label,
        ),
        about ? h("span", { class: "about", id: `setting-${name}-about` }, about) : null,
      );
    const schemes = h(
      "fieldset",
      { class: "setting-choices" },
      h("legend", {}, t("settings.appearance")),
      ...SCHEMES.map(value =>
        h(
          "label",
          {},
          h("input", {
            type: "radio",
            name: "scheme",
            value,
            onchange: () => this.settings.set({ scheme: value }),
          }),
          t(`settings.scheme.${value}`),
        ),
      ),
    );
    this.themes = h("fieldset", { class: "setting-choices setting-themes" });
    this.form = h(
      "form",
      { method: "dialog", class: "settings-form" },
      h("h2", { id: "settings-title" }, t("settings.title")),
      this._languageChoice(),
      check("sound", t("settings.sound"), t("settings.sound.about")),
      this.themes,
      h(
        "fieldset",
        { class: "setting-board" },
        h("legend", {}, t("settings.board")),
        check("flip", t("settings.flip")),
        check("toMoveAtBottom", t("settings.toMoveAtBottom"), t("settings.toMoveAtBottom.about")),
        check("coordinates", t("settings.coordinates")),
      ),
      check("showSearch", t("settings.showSearch"), t("settings.showSearch.about")),
      schemes,
      this._liveServers(check),
      h(
        "div",
        { class: "dialog-actions" },
        h("button", { type: "submit", class: "primary", id: "settings-close" }, t("common.close")),
      ),
    );
    const dialog = h(
      "dialog",
      { id: "settings-dialog", class: "settings", "aria-labelledby": "settings-title" },
      this.form,
    );
    // a click on the backdrop (the dialog itself, outside its form) closes it, as a popover would
    dialog.addEventListener("click", event => {
      if (event.target === dialog) dialog.close();
    });
    return dialog;
  }

  /** Live games' servers (#46): the player's consent, the STUN server, and a
   * TURN server for those who have one.  A value that is not an address of
   * its kind is refused: the field shows the stored one again. */
  _liveServers(check) {
    const field = (name, type = "text") =>
      h(
        "label",
        { class: "field" },
        t(`settings.live.${name}`),
        h("input", {
          type,
          name,
          autocomplete: "off",
          spellcheck: "false",
          onchange: event => {
            this.settings.set({ [name]: event.target.value.trim() });
            this.sync();
          },
        }),
      );
    return h(
      "fieldset",
      { class: "setting-live" },
      h("legend", {}, t("settings.live")),
      check("liveServers", t("settings.live.allow"), t("settings.live.about")),
      field("stun"),
      field("turn"),
      field("turnUser"),
      field("turnPass", "password"),
    );
  }

  /** The page's language: each in its own name; a choice is remembered and
   * the page reloads in it (the games are saved as the page goes). */
  _languageChoice() {
    const select = h(
      "select",
      {
        id: "setting-language",
        name: "language",
        "aria-describedby": "setting-language-about",
        onchange: () => {
          storeLanguage(select.value);
          location.reload();
        },
      },
      ...LANGUAGES.map(({ code, name }) =>
        h("option", { value: code, lang: code, selected: code === language() }, name),
      ),
    );
    return h(
      "div",
      { class: "setting-language" },
      h("label", { class: "field", for: "setting-language" }, t("settings.language"), select),
      h("span", { class: "about", id: "setting-language-about" }, t("settings.language.about")),
    );
  }

  /** The theme choices of the game on screen, each with a swatch of its cells. */
  _drawThemes() {
    const game = this.game();
    const list = game ? themesOf(game.id) : [];
    this.themes.hidden = !list.length;
    if (!list.length) return;
    this.themes.replaceChildren(
      h("legend", {}, t("settings.themes", { game: game.name })),
      ...list.map(theme => {
        const swatch = h("span", { class: `swatch-board board-${game.id}`, "aria-hidden": "true" });
        for (const [name, value] of Object.entries(theme.colors)) swatch.style.setProperty(name, value);
        return h(
          "label",
          { class: "theme-choice" },
          h("input", {
            type: "radio",
            name: "theme",
            value: theme.id,
            onchange: () => this.settings.setTheme(game.id, theme.id),
          }),
          swatch,
          t(`theme.${theme.id}`),
        );
      }),
    );
  }
}
