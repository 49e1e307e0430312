// The "last turn" panel beside the action panel: what the other seats (and chance: dice, cards,
// results) did since this seat's own last step, in the words of the log the server already sends
// (the kit's accounts of each step; a secret step reads as its neutral line), under the round or
// phase begun since (the log's heading). A spectator sees the latest steps, under the round or phase
// the game is in.
import { $, h, put } from "./dom.js";
import { seatTag } from "./board-api.js";
import { foldRuns, headingsOf, runText, withoutSeat } from "./log.js";
import { t } from "./i18n.js";

const MOST = 14; // lines shown; older ones are in the log

/** Where `seat`'s last step stands in `entries` (-1: none, or a spectator). */
function lastStepAt(entries, seat) {
  if (Number.isInteger(seat) && seat >= 0) {
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      if (entries[i].seat === seat) return i;
    }
  }
  return -1;
}

/** The log entries since `seat`'s last step (every entry after it, none of its own), runs folded. */
export function sinceLastStep(log, seat) {
  const entries = log || [];
  const since = entries.slice(lastStepAt(entries, seat) + 1).filter((e) => e.seat !== seat);
  return foldRuns(since).slice(-MOST);
}

/** The round or phase begun since `seat`'s last step (its own step may have opened it), or null. */
export function openedSince(log, seat) {
  const entries = log || [];
  const last = lastStepAt(entries, seat);
  const own = last < 0 ? null : entries[last].heading_after || entries[last].heading_within;
  return headingsOf(entries.slice(last + 1)).pop() || own || null;
}

function panel() {
  let el = $("#last-turn");
  if (!el) {
    el = h("section", { id: "last-turn", class: "last-turn", hidden: true }); // told aloud by announce.js
    $("#turn").after(el);
  }
  return el;
}

/** Draw the panel for a state message (hidden when there is nothing to tell). */
export function renderLastTurn(msg, names) {
  const el = panel();
  const seat = Number.isInteger(msg.seat) && msg.seat >= 0 ? msg.seat : null;
  const lines = seat === null ? foldRuns(msg.log || []).slice(-6) : sinceLastStep(msg.log, seat);
  el.hidden = lines.length === 0;
  if (!lines.length) return;
  const title = seat === null ? t("Latest moves") : t("Since your last move");
  const opened = seat === null ? headingsOf(msg.log).pop() || null : openedSince(msg.log, seat);
  const heading = opened ? h("p", { class: "last-turn-heading" }, h("strong", { text: opened })) : null;
  put(el, h("h3", { text: title }), heading, h("ol", { class: "last-turn-list" }, lines.map((e) => h("li", {
    class: `last-turn-line${e.seat < 0 ? " chance" : ""}${e.hidden ? " hidden" : ""}`, "data-step": String(e.step),
    "data-seat": String(e.seat),
  }, [seatTag(names, e.seat), " ",
       h("span", { class: "last-turn-text", text: runText(withoutSeat(e, names), e.count) })]))));
}
