// Table chat in the browser, for seated players: the lines (GET once, then pushed over the game's
// WebSocket), a box to say a line (up to 300 characters) and a mute toggle per other seat. Lines of a
// muted seat are not sent to this player at all (the server filters them).
import { api, errorText } from "./api.js";
import { $, h, notice, put } from "./dom.js";
import { seatLabel } from "./board-api.js";
import { t } from "./i18n.js";

const MAX = 300;
const chat = { gameId: null, live: null, ws: null, seat: null, names: [], seats: 0, lines: [], muted: new Set(), mounted: false,
  arrived: null };  // lines pushed while a load is in flight: the fetched page may predate them

function path(what) {
  return `/api/games/${encodeURIComponent(chat.gameId)}/${what}`;
}

// A line pushed over the socket was worded for whoever said it: its seat is named in this reader's words.
function who(line) {
  const side = seatLabel(chat.names, line.seat);
  return line.name ? `${line.name} (${side})` : side;
}

function renderLines() {
  const list = $("#chat-lines");
  if (!list) return;
  const atEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  list.replaceChildren(...chat.lines.map((line) => h("li", { class: `chat-line seat-${line.seat % 5}`, "data-seat": String(line.seat) }, [
    h("span", { class: "chat-who", text: who(line) }), ": ",
    h("span", { class: "chat-text", text: line.text }),
  ])));
  if (atEnd) list.scrollTop = list.scrollHeight;
}

function renderMutes() {
  const el = $("#chat-mutes");
  if (!el) return;
  const others = [];
  for (let seat = 0; seat < chat.seats; seat++) {
    if (seat === chat.seat) continue;
    const on = chat.muted.has(seat);
    others.push(h("button", { type: "button", class: "small chat-mute", "data-mute-seat": String(seat), "aria-pressed": on ? "true" : "false",
      onclick: () => toggleMute(seat) }, [on ? t("Unmute {side}", { side: seatLabel(chat.names, seat) }) : t("Mute {side}", { side: seatLabel(chat.names, seat) })]));
  }
  put(el, ...others);
}

async function load() {
  const arrived = [];
  chat.arrived = arrived;
  try {
    const page = await api(path("chat"), { token: chat.live.token });
    if (chat.arrived !== arrived) return;  // a later load replaced this one
    chat.muted = new Set(page.muted);
    const known = new Set(page.lines.map((line) => line.id));
    chat.lines = page.lines.concat(arrived.filter((line) => !known.has(line.id) && !chat.muted.has(line.seat)));
    renderLines();
    renderMutes();
  } catch (err) {
    notice(t("The table chat cannot be read: {error}", { error: errorText(err) }));
  } finally {
    if (chat.arrived === arrived) chat.arrived = null;
  }
}

async function toggleMute(seat) {
  try {
    const answer = await api(path("mute"), { method: "POST", token: chat.live.token, body: { seat, mute: !chat.muted.has(seat) } });
    chat.muted = new Set(answer.muted);
    await load();
  } catch (err) {
    notice(errorText(err));
  }
}

async function send(event) {
  event.preventDefault();
  const input = $("#chat-input");
  const text = input.value.trim();
  if (!text) return;
  try {
    await api(path("chat"), { method: "POST", token: chat.live.token, body: { text } });
    input.value = "";
    updateCount();
  } catch (err) {
    notice(errorText(err));
  }
}

function updateCount() {
  const input = $("#chat-input");
  $("#chat-count").textContent = `${input.value.trim().length}/${MAX}`;
}

function onLine(line) {
  if (chat.arrived) chat.arrived.push(line);
  if (chat.muted.has(line.seat) || chat.lines.some((x) => x.id === line.id)) return;
  chat.lines.push(line);
  renderLines();
}

/** The chat box of a seated player (nothing for a spectator); call on every state message. */
export function renderChat(msg, names, gameId, live) {
  if (!live || !live.token || !Number.isInteger(msg.seat) || msg.seat < 0) return;
  chat.names = names;
  chat.seats = (msg.players || []).length;
  if (chat.mounted && chat.seat === msg.seat && chat.gameId === gameId) {
    renderMutes();
    if (live.ws && live.ws !== chat.ws) {  // a new socket: lines said while offline were not pushed
      chat.ws = live.ws;
      load();
    }
    return;
  }
  chat.ws = live.ws;
  chat.gameId = gameId;
  chat.live = live;
  chat.seat = msg.seat;
  chat.mounted = true;
  const handle = live.handle.bind(live);
  live.handle = (m, viaHttp) => {
    if (m && m.type === "chat" && m.line) onLine(m.line);
    else handle(m, viaHttp);
  };
  const input = h("input", { id: "chat-input", type: "text", maxlength: String(MAX), autocomplete: "off",
    placeholder: t("Say something to the table"), "aria-label": t("Chat line"), oninput: updateCount });
  const box = h("section", { id: "chat-panel", class: "chat-panel" }, [
    h("h3", { text: t("Table chat") }),
    h("ol", { id: "chat-lines", class: "chat-lines", "aria-live": "polite" }),
    h("form", { id: "chat-form", class: "chat-form", onsubmit: send }, [input,
      h("span", { id: "chat-count", class: "muted chat-count", text: `0/${MAX}` }),
      h("button", { type: "submit", id: "chat-send", class: "small" }, [t("Send")])]),
    h("div", { id: "chat-mutes", class: "chat-mutes" }),
  ]);
  const log = $("#log-panel");
  if (log) log.after(box);
  load();
}
