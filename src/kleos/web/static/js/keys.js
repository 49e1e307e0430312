// The game page without a pointer: shortcut keys (listed in the help dialog) and a menu that keeps
// the keyboard's place. The menu is redrawn after every step; while the player works in it with the
// keyboard, focus returns to its first choice after each redraw instead of falling back to the top.
import { $ } from "./dom.js";
import { t } from "./i18n.js";

/** The shortcut keys and what they do, in the reader's words (the keys themselves never change). */
export function shortcuts() {
  return [
    ["m", t("go to the menu of choices")],
    ["↓ ↑ Home End", t("move between the choices of the menu")],
    [t("Enter or Space"), t("take the focused choice (a step that cannot be undone asks for a second press)")],
    ["Escape", t("back to the previous level of the menu")],
    ["t", t("open the board in words and go to it")],
    ["l", t("go to the log")],
    ["h", t("open the help")],
    ["Tab, Shift+Tab", t("every button and link, in reading order")],
  ];
}

// inMenu: the keyboard works in the menu; keys: the last input came from keys (a pointer user's
// focus is left alone: a focused choice opens its explanation, which would move the rows under the pointer)
const place = { inMenu: false, keys: false };

function choices() {
  return [...document.querySelectorAll("#menu button.choice:not([disabled])")];
}

function focusChoice(index, options = {}) {
  const list = choices();
  if (!list.length) return false;
  list[Math.max(0, Math.min(list.length - 1, index))].focus(options);
  return true;
}

function focusMenu() {
  if (!focusChoice(0)) $("#turn-title").focus();
}

function openText() {
  const details = $("#text-view");
  details.open = true;
  $("#description").focus();
}

function typing(target) {
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement
    || target instanceof HTMLSelectElement || (target instanceof HTMLElement && target.isContentEditable);
}

function inMenuKey(event) {
  const list = choices();
  const at = list.indexOf(document.activeElement);
  if (event.key === "ArrowDown") return focusChoice(at < 0 ? 0 : at + 1);
  if (event.key === "ArrowUp") return focusChoice(at < 0 ? 0 : at - 1);
  if (event.key === "Home") return focusChoice(0);
  if (event.key === "End") return focusChoice(list.length - 1);
  if (event.key === "Escape") {
    const back = $("#menu [data-menu='back']:not([disabled])");
    if (back) back.click();
    return !!back;
  }
  return false;
}

function pageKey(event) {
  const act = {
    m: focusMenu,
    t: openText,
    l: () => ($("#log-panel ol.log") || $("#log-panel")).focus(),
    h: () => $("#help-open") && $("#help-open").click(),
  };
  const run = act[event.key];
  if (run) run();
  return !!run;
}

function onKey(event) {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || typing(event.target)) return;
  if ($("dialog[open]")) return; // the help dialog keeps its own keys (Escape closes it)
  const menu = $("#menu");
  const handled = menu.contains(document.activeElement) ? inMenuKey(event) || pageKey(event) : pageKey(event);
  if (handled) event.preventDefault();
}

/** Install the shortcuts and the menu's focus keeping on the game page. */
export function initKeys() {
  const menu = $("#menu");
  menu.addEventListener("focusin", () => { place.inMenu = true; });
  menu.addEventListener("focusout", (event) => {
    // focus lost to nothing (the focused choice was redrawn or disabled) keeps the place
    if (event.relatedTarget && !menu.contains(event.relatedTarget)) place.inMenu = false;
  });
  for (const id of ["#turn-title", "#log-panel", "#description"]) $(id).setAttribute("tabindex", "-1");
  document.addEventListener("keydown", (event) => { place.keys = true; onKey(event); });
  document.addEventListener("pointerdown", () => { place.keys = false; }, true);
}

/** After a redraw of the menu: back to its first choice if the keyboard was working there. */
export function keepMenuFocus() {
  const lost = !document.activeElement || document.activeElement === document.body;
  if (place.inMenu && place.keys && lost) focusChoice(0, { preventScroll: true }); // the page stays put
}
