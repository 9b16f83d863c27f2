// The settings on the page: one object that app.js makes at boot and tells,
// on every draw, the model and view shown.  It owns the Settings (what is
// remembered), the colour scheme, the header's controls and the sound, and
// draws what the settings change on the board: its colour theme, its
// orientation and its coordinates (with the board's own setOrientation and
// setCoordinates; <svg data-flipped data-coordinates
// data-theme> say what is in force).  A change of a setting asks the page
// to draw again (`schedule`); drawing never changes a setting.

import { Settings, orientation } from "./settings.js";
import { ColourScheme } from "./scheme.js";
import { SettingsMenu } from "./menu.js";
import { applyTheme, themeOf } from "./themes.js";
import { Sound } from "../sound/sound.js";

export class PageSettings {
  /**
   * `svg`: the board's drawing; `header`, `before`: where the controls go;
   * `gameName(id)`: a game's name; `schedule()`: draw the page again.
   */
  constructor({ svg, header, before, gameName, schedule }) {
    this.svg = svg;
    this.schedule = schedule;
    this.shownGame = null;
    this.themeKey = "";
    this.settings = new Settings();
    this.scheme = new ColourScheme({ onChange: () => schedule() });
    this.scheme.apply(this.settings.prefs.scheme);
    this.sound = new Sound({ enabled: () => this.settings.prefs.sound });
    this.menu = new SettingsMenu({
      settings: this.settings,
      header,
      before,
      game: () => this.shownGame && { id: this.shownGame, name: gameName(this.shownGame) },
    });
    this.settings.listen(prefs => {
      this.scheme.apply(prefs.scheme);
      schedule();
    });
  }

  /** Whether the board shows `view` of `model` turned half round (seat 0 at the top). */
  flipped(model, view) {
    return orientation(this.settings.prefs, model ? model.players : [], view.to_move);
  }

  /** The board shows `view` of `model` (null before a game is open): theme, orientation, coordinates, sound. */
  draw(board, model, view) {
    const prefs = this.settings.prefs;
    this.shownGame = view.game;
    const theme = themeOf(view.game, this.settings.themeOf(view.game));
    const key = `${view.game}/${theme ? theme.id : ""}/${this.scheme.scheme}`;
    if (key !== this.themeKey) {
      this.themeKey = key;
      applyTheme(this.svg, theme, this.scheme.scheme);
    }
    const flipped = this.flipped(model, view);
    this.svg.dataset.flipped = String(flipped);
    this.svg.dataset.coordinates = prefs.coordinates ? "on" : "off";
    board.setOrientation(flipped);
    board.setCoordinates(prefs.coordinates);
    if (model) this.sound.shown(model, model.viewed, view);
  }
}
