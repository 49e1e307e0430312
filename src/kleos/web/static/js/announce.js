// What a screen reader hears without going to look: each step of another seat and each chance
// result as it arrives, the round or phase begun since (the log's heading), "your turn", and the end of the game, spoken through one polite live
// region (#announce in the page, visually hidden; the game page's only one besides the chat, so
// that nothing is read twice). The words are the log's, so a secret step stays secret.
import { $, h, put } from "./dom.js";
import { seatLabel } from "./board-api.js";
import { foldRuns, headingsOf, runText, withoutSeat } from "./log.js";
import { t } from "./i18n.js";

const MOST = 6; // lines read at once; a longer burst (a reconnect) is summed up by its last lines
const heard = { step: null, yourTurn: false, over: false };

/** The lines to announce for `msg`, given the last log step already announced (null: none yet). */
export function newsLines(msg, names, lastStep, endText) {
  const lines = [];
  if (lastStep !== null) {
    const log = (msg.log || []).filter((e) => e.step > lastStep);
    const opened = headingsOf(log).pop(); // the round or phase the game is in now, when it began since
    if (opened) lines.push(opened);
    const fresh = log.filter((e) => e.seat !== msg.seat);
    for (const e of foldRuns(fresh).slice(-MOST)) {
      lines.push(`${seatLabel(names, e.seat)}: ${runText(withoutSeat(e, names), e.count)}`);
    }
  }
  if (msg.outcome) {
    if (!heard.over) lines.push(t("Game over: {result}", { result: endText }));
  } else if (msg.your_turn && !heard.yourTurn) {
    lines.push(t("Your turn."));
  }
  return lines;
}

/** After each state message: announce what is new since the last one (nothing of the past on load). */
export function announce(msg, names, endText) {
  const log = msg.log || [];
  const last = log.length ? log[log.length - 1].step : 0;
  const lines = newsLines(msg, names, heard.step, endText);
  heard.step = last;
  heard.yourTurn = !!msg.your_turn && !msg.outcome;
  heard.over = !!msg.outcome;
  if (lines.length) put($("#announce"), ...lines.map((text) => h("p", { text })));
}
