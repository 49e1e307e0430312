// Resigning in the browser: a Resign button beside Undo that asks for confirmation first, and the
// words of a game that ended by resignation or on time (the server's outcome_text).
import { api, errorText } from "./api.js";
import { $, h, notice, put } from "./dom.js";
import { t } from "./i18n.js";

const ENDINGS = new Set(["resigned", "time"]);
let asking = false;

function tools() {
  let el = $("#resign-tools");
  if (!el) {
    el = h("div", { id: "resign-tools", class: "resign-tools" });
    const row = $("#turn .turn-tools");
    if (row) row.append(el);
  }
  return el;
}

async function resign(gameId, live) {
  asking = false;
  try {
    const msg = await api(`/api/games/${encodeURIComponent(gameId)}/resign`, { method: "POST", token: live.token });
    live.handle(msg, true);
  } catch (err) {
    notice(errorText(err));
  }
}

/** The Resign button of a seated player in a running game; the ending's words once it is over. */
export function renderResign(msg, gameId, live) {
  const el = tools();
  const seated = Number.isInteger(msg.seat) && msg.seat >= 0 && live && live.token;
  const note = msg.outcome && ENDINGS.has(msg.outcome.reason) && msg.outcome_text
    ? h("p", { id: "ending-note", class: "ending-note", role: "status", text: msg.outcome_text }) : null;
  if (!seated || msg.outcome || msg.status !== "active") {
    asking = false;
    put(el, note);
    return;
  }
  const redraw = () => renderResign(msg, gameId, live);
  if (!asking) {
    put(el, h("button", { type: "button", id: "resign", class: "small danger",
      onclick: () => { asking = true; redraw(); } }, [t("Resign")]));
    return;
  }
  put(el, h("span", { class: "resign-ask", role: "alertdialog", "aria-label": t("Resign?") }, [
    t("Resign this game? You lose it."), " ",
    h("button", { type: "button", id: "resign-yes", class: "small danger", onclick: () => resign(gameId, live) }, [t("Yes, resign")]),
    " ",
    h("button", { type: "button", id: "resign-no", class: "small", onclick: () => { asking = false; redraw(); } }, [t("Cancel")]),
  ]));
}
