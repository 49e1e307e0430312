// "Your turn" while the tab is hidden: an opt-in browser notification (the Notification API asks
// the player's permission when the toggle is switched on) and a short beep made with WebAudio (no
// sound file). The choice is kept in this browser's local storage.
import { $, h } from "./dom.js";
import { t } from "./i18n.js";

const KEY = "kleos.notify.v1";
const state = { on: false, audio: null, lastTurn: null, sent: [] };

function stored() {
  try {
    return localStorage.getItem(KEY) === "1";
  } catch (err) {
    return false;
  }
}

function store(on) {
  try {
    localStorage.setItem(KEY, on ? "1" : "0");
  } catch (err) {
    // private mode: the choice lasts for this page only
  }
}

/** A short two-note beep (the audio context is made on the player's click, as browsers ask). */
export function beep() {
  const Audio = window.AudioContext || window.webkitAudioContext;
  if (!Audio) return false;
  if (!state.audio) state.audio = new Audio();
  const audio = state.audio;
  if (audio.state === "suspended") audio.resume().catch(() => {});
  const start = audio.currentTime;
  for (const [i, freq] of [660, 880].entries()) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = "sine";
    osc.frequency.value = freq;
    const at = start + i * 0.16;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.14);
    osc.connect(gain).connect(audio.destination);
    osc.start(at);
    osc.stop(at + 0.15);
  }
  return true;
}

function show(button) {
  const granted = "Notification" in window && Notification.permission === "granted";
  button.setAttribute("aria-pressed", state.on ? "true" : "false");
  button.textContent = state.on ? (granted ? t("Notify me: on") : t("Notify me: sound only")) : t("Notify me: off");
  button.title = t("A notification and a beep when it becomes your turn while this tab is hidden");
}

async function toggle(button) {
  state.on = !state.on;
  store(state.on);
  show(button);
  if (!state.on) return;
  beep(); // unlocks audio on this click, and lets the player hear it
  if ("Notification" in window && Notification.permission === "default") {
    try {
      await Notification.requestPermission();
    } catch (err) {
      // an old browser without the promise form: the sound still plays
    }
    show(button);
  }
}

/** Add the "Notify me" toggle to the turn panel. */
export function initNotify() {
  const tools = $("#turn .turn-tools");
  if (!tools || $("#notify-toggle")) return;
  state.on = stored();
  const button = h("button", { type: "button", id: "notify-toggle", class: "small", "data-tool": "notify" });
  button.addEventListener("click", () => toggle(button));
  tools.append(button);
  show(button);
}

/** After each state: notify when it has just become this seat's turn and the tab is hidden. */
export function watchTurn(msg, title) {
  const mine = !!msg.your_turn && !msg.outcome;
  const key = mine ? msg.seq : null;
  const fresh = mine && state.lastTurn === null;
  state.lastTurn = key;
  if (!fresh || !state.on || !document.hidden) return;
  const body = t("{title}: it is your turn.", { title: title || "Kleos" });
  state.sent.push({ seq: msg.seq, body });
  window.kleosNotified = state.sent; // for the browser tests and the console
  beep();
  if ("Notification" in window && Notification.permission === "granted") {
    try {
      const note = new Notification(t("Your turn"), { body, tag: `kleos-${msg.game_id}` });
      note.onclick = () => { window.focus(); note.close(); };
    } catch (err) {
      // some platforms allow notifications only from a service worker: the beep and the title remain
    }
  }
}
