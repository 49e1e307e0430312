// Game clocks in the browser: the time control chosen in the lobby's create form, and on the game
// page each seat's time left, counting down between the server's messages. The server is the judge:
// when a running clock reaches zero the page asks for the game again, and the server ends it on time
// (its own sweep would soon do the same).
import { api } from "./api.js";
import { $, h, put } from "./dom.js";
import { seatLabel } from "./board-api.js";
import { t, tn } from "./i18n.js";

/** The time controls a new game may have, in the reader's words (read when the form is drawn). */
function choices() {
  return [
    ["", t("No clock")],
    ["live:5:3", t("Live: {minutes} minutes + {seconds} s per move", { minutes: 5, seconds: 3 })],
    ["live:10:5", t("Live: {minutes} minutes + {seconds} s per move", { minutes: 10, seconds: 5 })],
    ["live:30:10", t("Live: {minutes} minutes + {seconds} s per move", { minutes: 30, seconds: 10 })],
    ["async:1", tn("Correspondence: {n} day per move", "Correspondence: {n} days per move", 1)],
    ["async:3", tn("Correspondence: {n} day per move", "Correspondence: {n} days per move", 3)],
    ["async:7", tn("Correspondence: {n} day per move", "Correspondence: {n} days per move", 7)],
  ];
}

/** The clock choice of the create form, put before its submit button (once). */
export function mountClockChoice() {
  if ($("#clock-choice")) return;
  const button = $("#create-btn");
  if (!button) return;
  const select = h("select", { id: "clock-choice" }, choices().map(([value, text]) => h("option", { value, text })));
  button.before(h("label", { class: "clock-choice" }, [t("Clock"), " ", select]));
}

/** The `clock` of a new game's request from the form's choice (null: no clock). */
export function clockBody() {
  const select = $("#clock-choice");
  const [kind, a, b] = (select ? select.value : "").split(":");
  if (kind === "live") return { kind, minutes: Number(a), increment: Number(b || 0) };
  if (kind === "async") return { kind, days: Number(a) };
  return null;
}

/** Seconds as people read a clock: 4:05, 1:02:03, or 2d 5h / 3h 20m for correspondence. */
export function clockText(seconds, kind) {
  const s = Math.max(0, Math.ceil(seconds));
  if (kind === "async" && s >= 3600) {
    const d = Math.floor(s / 86400), hours = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60);
    return d ? t("{days}d {hours}h", { days: d, hours }) : t("{hours}h {minutes}m", { hours, minutes: m });
  }
  const hours = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  const pad = (n) => String(n).padStart(2, "0");
  return hours ? `${hours}:${pad(m)}:${pad(sec)}` : `${m}:${pad(sec)}`;
}

const state = { msg: null, at: 0, timer: null, asked: -1, gameId: null, token: null };

function panel() {
  let el = $("#clocks");
  if (!el) {
    el = h("section", { id: "clocks", class: "clocks", "aria-label": t("Clocks") });
    const turn = $("#turn");
    if (turn) turn.before(el);
  }
  return el;
}

function tick() {
  const msg = state.msg;
  if (!msg || !msg.clock) return;
  const spent = (performance.now() - state.at) / 1000;
  const over = !!msg.outcome;
  let expired = false;
  for (const entry of msg.clock.seats) {
    const el = document.querySelector(`#clocks [data-clock-seat="${entry.seat}"] .clock-time`);
    if (!el) continue;
    const left = entry.running && !over ? entry.left - spent : entry.left;
    el.textContent = clockText(left, msg.clock.kind);
    el.parentElement.classList.toggle("low", entry.running && !over && left < 30 && msg.clock.kind === "live");
    if (entry.running && !over && left <= 0) expired = true;
  }
  if (expired && state.asked !== msg.seq) {
    state.asked = msg.seq; // once per state: the server ends the game on time and pushes the end
    api(`/api/games/${encodeURIComponent(state.gameId)}`, { token: state.token }).catch(() => {});
  }
}

/** Draw the clocks of `msg` (nothing for a game without a clock) and keep them counting down. */
export function renderClock(msg, names, gameId, token) {
  const el = panel();
  if (!msg.clock) {
    el.hidden = true;
    return;
  }
  if (state.msg !== msg) {
    state.msg = msg;
    state.at = performance.now();
  }
  state.gameId = gameId;
  state.token = token;
  el.hidden = false;
  const title = msg.clock.kind === "live" ? t("Clock {control}", { control: msg.clock.control })
    : t("{control} per move", { control: msg.clock.control });
  const note = msg.clock.started ? null : h("p", { class: "muted", text: t("The clocks start when every seat is taken.") });
  put(el, h("h3", { text: title }), h("ul", { class: "clock-list" }, msg.clock.seats.map((entry) => h("li", {
    class: `clock-seat${entry.running && !msg.outcome ? " running" : ""}${entry.seat === msg.seat ? " mine" : ""}`,
    "data-clock-seat": String(entry.seat),
  }, [h("span", { class: "clock-name", text: seatLabel(names, entry.seat) }), " ",
      h("span", { class: "clock-time", role: "timer", text: clockText(entry.left, msg.clock.kind) })]))), note);
  if (!state.timer) state.timer = setInterval(tick, 250);
  tick();
}
