// Which control, key and drop calls which action: the page's event wiring.

import { isStudyFragment } from "../study/studylink.js";
import { embedURL } from "../embed/embedlinks.js";
import { copyLink, hideNotice, showRules } from "../panels/dialogs.js";
import * as records from "../library/records.js";
import { $ } from "./dom.js";
import { sharePlay } from "../share/playshare.js";

export function wire(page, actions) {
  const on = (id, fn) => $(id).addEventListener("click", fn);
  on("first", () => actions.nav("first"));
  on("prev", () => actions.nav("back"));
  on("next", () => actions.nav("forward"));
  on("last", () => actions.nav("last"));
  on("undo", () => actions.undo());
  on("redo", () => actions.redo());
  on("hint", () => actions.hint());
  on("move-now", () => page.computer.moveNow());
  on("pause", () => page.computer.setPaused(!page.computer.paused));
  on("hint-stop", () => page.computer.stopHint());
  on("hint-play", () => actions.playHint());
  on("new-game", () => actions.newDialog());
  on("analyse", () => page.analyser.start($("analyse-level").value));
  on("analyse-cancel", () => page.analyser.cancel());
  on("analysis-add", () => actions.addEngineLine());
  on("live", () => page.computer.setLive(!page.computer.liveOn));
  on("copy-link", () => copyLink(location.href));
  on("share", () => sharePlay(page));
  on("set-up", () => actions.editPosition());
  on("show-rules", () => showRules(page.model ? page.model.meta.game : page.planned || page.firstGame()));
  on("notice-fresh", () => actions.newDialog());
  on("notice-close", hideNotice);
  on("promote", () => actions.promote());
  on("delete-move", () => actions.remove());
  on("open-games", () => page.gamesList.open());
  on("export-current", () => actions.exportCurrent());
  on("send-copy", () => actions.send(false));
  on("send-share", () => actions.send(true));
  on("import-paste", () => {
    const text = $("import-text").value;
    if (text.trim()) actions.importTexts([{ name: "pasted text", text }]);
  });
  $("import-file").addEventListener("change", async e => {
    const files = e.target.files;
    if (files && files.length) actions.importTexts(await records.readFiles(files));
    e.target.value = "";
  });
  // records dropped anywhere on the page
  document.addEventListener("dragover", e => {
    if (![...(e.dataTransfer?.types || [])].includes("Files")) return; // i18n: not words (a drag's type)
    e.preventDefault();
    document.body.classList.add("drop-target");
  });
  document.addEventListener("dragleave", e => {
    if (!e.relatedTarget) document.body.classList.remove("drop-target");
  });
  document.addEventListener("drop", async e => {
    document.body.classList.remove("drop-target");
    const files = e.dataTransfer && e.dataTransfer.files;
    if (!files || !files.length) return;
    e.preventDefault();
    actions.importTexts(await records.readFiles(files));
  });
  document.addEventListener("keydown", e => actions.key(e));
  window.addEventListener("hashchange", () => {
    // (a study's link: read in the study viewer, embed.html; the game open is saved on the way out)
    if (isStudyFragment(location.hash)) location.replace(embedURL(location.href, location.hash));
    else actions.openFromURL({ boot: false });
  });
}
