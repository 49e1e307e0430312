// On a phone the game page is one long column: a bar under the header jumps to each of its panels
// (the menu, the board's panels by their headings, the log), so that a seat's own resources are
// one tap away however far down the board puts them. Wide screens do not show it (kleos.css).
import { $, h, put } from "./dom.js";
import { t } from "./i18n.js";

const PANELS = "#turn, #last-turn, #board-top > *, #board-side > *, #board-lower > *, #log-panel";

function heading(panel) {
  if (panel.id === "turn") return t("Menu");
  const head = panel.querySelector("h2, h3, summary");
  return head ? head.textContent.trim().split("\n")[0].slice(0, 24) : "";
}

/** Rebuild the bar when the page's panels or their headings change. */
export function renderJump() {
  let bar = $("#jump");
  if (!bar) {
    bar = h("nav", { id: "jump", class: "jump", "aria-label": t("Jump to a panel") });
    $("#game").prepend(bar);
  }
  const panels = [...document.querySelectorAll(PANELS)].filter((p) => !p.hidden && heading(p));
  const key = panels.map(heading).join("|");
  if (bar.dataset.key === key) return;
  bar.dataset.key = key;
  put(bar, ...panels.map((panel) => {
    const name = heading(panel);
    return h("button", { type: "button", class: "small", "data-jump": name, onclick: () => {
      const now = [...document.querySelectorAll(PANELS)].find((p) => !p.hidden && heading(p) === name);
      if (now) now.scrollIntoView({ block: "start" });
    } }, [name]);
  }));
}
