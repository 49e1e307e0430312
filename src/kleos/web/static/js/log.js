// The log of a game and the words around it that every game shares: whose step, the end of the
// game. Only what the message holds is shown (a secret step reads as the server's neutral line).
import { h } from "./dom.js";
import { seatLabel, seatTag } from "./board-api.js";
import { t } from "./i18n.js";
import { reasonText } from "./words.js";

/** A log entry's text without the leading "<seat name>: " when the seat tag already says it. */
export function withoutSeat(entry, names) {
  if (!(entry.seat >= 0)) return entry.text;
  const raw = names && names.raw ? names.raw[entry.seat] : null;  // a line written with the seat's identifier
  const prefix = [seatLabel(names, entry.seat), raw].filter(Boolean).map((p) => `${p}: `)
    .find((p) => entry.text.startsWith(p));
  return prefix ? entry.text.slice(prefix.length) : entry.text;
}

/**
 * Consecutive entries alike (the same seat, words and secrecy) as one, the first of them with its
 * `count`: a deal of hidden cards is one line, not nine. Consecutive chance entries in the same words
 * but their last word are one entry listing those words, "AF is dealt A08, A06, A27": a
 * seat's own deal is one line too. The log panel keeps a line per step.
 */
export function foldRuns(entries) {
  const out = [];
  for (const e of entries) {
    const last = out[out.length - 1];
    const same = last && last.seat === e.seat && Boolean(last.hidden) === Boolean(e.hidden);
    if (same && !last.tails && last.text === e.text) {
      last.count += 1;
    } else if (same && listed(last, e)) {
      last.tails = (last.tails || [tailOf(last.text)]).concat(tailOf(e.text));
      last.head = headOf(e.text);
      last.text = `${last.head} ${last.tails.join(", ")}`;
    } else {
      out.push({ ...e, count: 1 });
    }
  }
  return out;
}

const headOf = (text) => text.slice(0, Math.max(0, text.lastIndexOf(" ")));
const tailOf = (text) => text.slice(text.lastIndexOf(" ") + 1);

/** Whether chance entry `e` joins the run `last` as one more item of its list (see foldRuns). */
function listed(last, e) {
  return last.count === 1 && !(e.seat >= 0) && e.text.includes(" ") && e.text !== last.text
    && headOf(e.text) === (last.head ?? headOf(last.text));
}

/** A folded entry's words: "… (×9)" for a run of nine. */
export function runText(text, count) {
  return count > 1 ? t("{line} (×{count})", { line: text, count }) : text;
}

/** The end of a game in words when the board brings none: winner, reason, scores. */
export function outcomeText(outcome, names, reasonWords) {
  if (!outcome) return "";
  const why = reasonText(outcome.reason, reasonWords);
  const who = outcome.winner === null || outcome.winner === undefined ? t("Draw")
    : t("{side} wins", { side: seatLabel(names, outcome.winner) });
  const head = why ? t("{result} ({reason})", { result: who, reason: why }) : who;
  if (!(outcome.scores || []).some((x) => x)) return head;
  const scores = outcome.scores.map((x, seat) => `${seatLabel(names, seat)} ${x}`).join(", ");
  return t("{result}; scores: {scores}", { result: head, scores });
}

/** One log line: step number, seat tag, text. */
export function logLine(entry, names) {
  return [h("span", { class: "step", text: String(entry.step) }), seatTag(names, entry.seat), " ",
          h("span", { class: "log-text", text: withoutSeat(entry, names) })];
}

/** A heading of the log (the round or phase the step beside it opens): a line of its own, not a step. */
function logHeading(text) {
  return h("li", { class: "log-heading" }, h("strong", { text }));
}

/** An entry's text in its two parts when a round or phase begins inside the step (`heading_within`,
 * whose words `text_within` end the text): the words before the heading and those after it; else the
 * whole text. */
export function splitAtHeading(e) {
  const rest = e.text_within;
  if (!e.heading_within || !rest || rest.length >= e.text.length || !e.text.endsWith(rest)) return [e.text, null];
  return [e.text.slice(0, e.text.length - rest.length).trimEnd(), rest];
}

/** An entry's line with the headings the server sent around it, as the log's items; a heading that
 * begins inside the step stands between its two parts, the second a line of its own. */
function logItems(e, names, current, onStep) {
  const [first, rest] = splitAtHeading(e);
  const item = (entry, more) => h("li", {
    class: `log-entry seat-${entry.seat < 0 ? "chance" : entry.seat % 5}${entry.hidden ? " hidden" : ""}` +
      (more ? " continued" : "") + (current === entry.step ? " current" : ""),
    "data-step": String(entry.step),
    "data-seat": String(entry.seat),
    onclick: onStep ? () => onStep(entry.step) : null,
  }, logLine(entry, names));
  return [e.heading_before ? logHeading(e.heading_before) : null, item({ ...e, text: first }, false),
          rest === null ? null : logHeading(e.heading_within),
          rest === null ? null : item({ ...e, seat: -1, text: rest }, true),
          e.heading_after ? logHeading(e.heading_after) : null].filter(Boolean);
}

/** The headings of `entries` in their order (the rounds or phases their steps opened). */
export function headingsOf(entries) {
  return (entries || []).flatMap((e) => [e.heading_before, e.heading_within, e.heading_after].filter(Boolean));
}

/** The lines of the log as text, one a step, tab-separated, its headings on lines of their own
 * ("## Turn 2: Assembly phase"), for a download. */
export function logText(log, names) {
  const heading = (text) => (text ? [`## ${text}`] : []);
  return log.flatMap((e) => {
    const [first, rest] = splitAtHeading(e);
    const within = rest === null ? [] : [...heading(e.heading_within), `${e.step}\t\t\t${rest}`];
    return [...heading(e.heading_before), `${e.step}\t${seatLabel(names, e.seat)}\t${e.action}\t${first}`,
      ...within, ...heading(e.heading_after)];
  });
}

/** The log, newest last, with its headings. current: the step to mark (replays); onStep(step) makes
 * entries clickable. */
export function renderLog(root, log, names, { current, onStep, follow = true } = {}) {
  // focusable, so that a keyboard can scroll it
  const list = root.querySelector("ol.log") || h("ol", { class: "log", tabindex: "0", "aria-label": t("Log of the game") });
  const wasAtEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  list.replaceChildren(...log.flatMap((e) => logItems(e, names, current, onStep)));
  if (!list.parentNode) root.append(list);
  if (current !== undefined && current !== null) {
    const el = list.querySelector(".current");
    if (el) list.scrollTop = Math.max(0, el.offsetTop - list.clientHeight / 2);
  } else if (follow && (wasAtEnd || !list.dataset.seen)) {
    list.scrollTop = list.scrollHeight;
  }
  list.dataset.seen = "1";
}
