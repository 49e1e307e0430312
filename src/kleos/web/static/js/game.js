// The game page: /play/{game_id}[#invite=code][?seat=0|1]. A seat's token comes from this
// browser's local storage (or from accepting the invite in the fragment); without one the page
// watches the public view. Every panel is drawn from the latest state message of the WebSocket.
import { api, ApiError, LiveGame, editionTables, forgetSeat, saveSeat, seatFor, loadSeats } from "./api.js";
import { $, h, spaced, put } from "./dom.js";
import { drawMap } from "./map.js";
import { menuModel, renderMenu } from "./menu.js";
import { BattlePanel } from "./battle.js";
import {
  SIDES, outcomeText, phaseText, renderBoards, renderEvent, renderLog, renderMarkets, renderPoleis,
  renderProjects, renderStatus,
} from "./render.js";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const ui = {
  T: null, msg: null, seat: null, live: null, busy: false, waitSeq: null,
  path: [], filter: null, menuSeq: -1, known: new Set(), highlight: null,
};

// ----- notices ----------------------------------------------------------------------------------
let noticeTimer = null;
function notice(text, kind = "error") {
  const el = $("#notice");
  put(el, h("span", { text }), h("button", { type: "button", class: "small", onclick: () => { el.hidden = true; } }, ["×"]));
  el.dataset.kind = kind;
  el.hidden = false;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => { el.hidden = true; }, kind === "error" ? 9000 : 5000);
}

function errorText(err) {
  if (err instanceof ApiError) {
    const rule = err.body && err.body.rule ? ` (${err.body.rule})` : "";
    return `${err.message}${rule}`;
  }
  return String(err && err.message ? err.message : err);
}

// ----- seat -------------------------------------------------------------------------------------
async function acceptInvite() {
  const match = /(?:^|[#&])invite=([^&]+)/.exec(location.hash);
  if (!match) return;
  const invite = decodeURIComponent(match[1]);
  history.replaceState(null, "", location.pathname + location.search);
  try {
    const seated = await api("/api/join", { method: "POST", body: { invite } });
    saveSeat(seated);
    notice(`You joined as ${seated.side}.`, "info");
  } catch (err) {
    if (seatFor(gameId)) return; // already ours (e.g. the link opened twice)
    notice(err.code === "bad_invite" ? "This invite is unknown or was already used: you are watching." : errorText(err));
  }
}

function chooseSeat() {
  const wanted = new URLSearchParams(location.search).get("seat");
  if (wanted === "0" || wanted === "1") {
    const rec = loadSeats().find((x) => x.game_id === gameId && x.seat === Number(wanted));
    if (rec) return rec;
  }
  return seatFor(gameId);
}

// ----- actions ----------------------------------------------------------------------------------
function send(promise) {
  ui.busy = true;
  render();
  promise.then((ack) => {
    ui.waitSeq = ack.seq;
    if (ui.msg && ui.msg.seq >= ack.seq) {
      ui.busy = false;
      ui.waitSeq = null;
      render();
    }
  }).catch((err) => {
    ui.busy = false;
    ui.waitSeq = null;
    notice(errorText(err));
    if (err instanceof ApiError && (err.code === "stale" || err.status === 0)) ui.live.sync();
    render();
  });
}

function choose(action) {
  if (ui.busy || !ui.msg) return;
  send(ui.live.act(ui.msg.seq, action));
}

function undo() {
  if (ui.busy || !ui.msg) return;
  send(ui.live.undo(ui.msg.seq));
}

// ----- rendering --------------------------------------------------------------------------------
function pendingText(T, st) {
  const p = st.pending;
  if (!p) return null;
  const kind = p[0];
  if (["hoplites", "galleys", "merchants"].includes(kind)) return `Creating ${kind} in ${T.poleis[p[1]].id} (${p[2]} so far)`;
  if (kind === "march" || kind === "sail") {
    return `Moving ${kind === "march" ? "hoplites" : "galleys"} to ${spaced(T.region_ids[p[1]])} (${p[2]} moved so far)`;
  }
  if (kind === "tribute") return `Tribute in ${spaced(T.region_ids[p[1]])}`;
  if (kind === "proxenos") return `Proxenos path: ${(p[1] || []).map((r) => spaced(T.region_ids[r])).join(" → ") || "not started"}`;
  if (kind === "toll") return `Extra good for the opponent's pass, then '${p[1]}'`;
  return `In progress: ${kind}`;
}

function turnTitle(msg, T) {
  const st = msg.view.state;
  if (msg.outcome) return `Game over: ${outcomeText(msg.outcome)}`;
  if (msg.your_turn) {
    const pending = pendingText(T, st);
    if (st.battle || st.battle_queue.length) return "Battle: your choice";
    if (st.phase === "end_of_round") return `${phaseText(st)}: your choice`;
    if (pending) return pending;
    return "Your turn: choose an action";
  }
  const who = (msg.to_act || []).map((s) => {
    const p = (msg.players || []).find((x) => x.seat === s);
    return `${SIDES[s]}${p && p.kind === "bot" ? ` (AI ${p.agent})` : ""}`;
  }).join(" and ");
  if (msg.seat === null || msg.seat === undefined) return who ? `Watching: ${who} to act` : "Watching";
  return who ? `Waiting for ${who}…` : "Waiting…";
}

function renderBanner(msg) {
  const el = $("#banner");
  const parts = [];
  if (msg.seat === null || msg.seat === undefined) {
    parts.push(h("p", { text: "You are watching this game: you see what both players may see, no hidden cards." }));
  }
  const other = (msg.players || []).find((p) => p.seat !== msg.seat);
  if (msg.seat !== null && msg.seat !== undefined && other && other.kind === "person" && !other.joined) {
    const rec = chooseSeat();
    parts.push(h("p", { text: "Waiting for your opponent to join. Send them this invite link:" }));
    if (rec && rec.invite_url) parts.push(inviteBox(rec.invite_url));
    else parts.push(h("p", { class: "muted", text: "(The invite link was shown to the browser that created the game.)" }));
  }
  el.hidden = parts.length === 0;
  put(el, ...parts);
}

export function inviteBox(url) {
  const input = h("input", { type: "text", readonly: true, value: url, class: "invite-url", "aria-label": "Invite link",
                             onfocus: (e) => e.target.select() });
  return h("div", { class: "invite" }, [input, h("button", {
    type: "button", class: "small", onclick: async () => {
      try {
        await navigator.clipboard.writeText(url);
        notice("Invite link copied.", "info");
      } catch (err) {
        input.select();
      }
    },
  }, ["Copy"])]);
}

function download(name, text, type = "application/json") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = h("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function exportRecord() {
  try {
    const record = await api(`/api/games/${encodeURIComponent(gameId)}/record`);
    download(`polis-${gameId}.json`, JSON.stringify(record, null, 1));
  } catch (err) {
    notice(errorText(err));
  }
}

function exportLog(msg) {
  const lines = msg.log.map((e) => `${e.step}\t${e.seat < 0 ? "chance" : SIDES[e.seat]}\t${e.action}\t${e.text}`);
  download(`polis-${gameId}-log.txt`, `# Kleos Polis game ${gameId}, as seen by ${msg.side || "a spectator"}\n${lines.join("\n")}\n`,
    "text/plain");
}

async function rematch() {
  const rec = chooseSeat();
  if (!rec) return;
  try {
    const seated = await api(`/api/games/${encodeURIComponent(gameId)}/rematch`, { method: "POST", token: rec.token });
    saveSeat(seated);
    location.assign(`/play/${encodeURIComponent(seated.game_id)}`);
  } catch (err) {
    notice(errorText(err));
  }
}

function renderTools(msg) {
  const items = [];
  const mine = msg.seat === 0 || msg.seat === 1;
  if (msg.status !== "active" || msg.outcome) {
    items.push(h("a", { class: "button", href: `/replay/${encodeURIComponent(gameId)}`, "data-tool": "replay" }, ["Replay step by step"]));
    items.push(h("button", { type: "button", onclick: exportRecord, "data-tool": "export" }, ["Export the record (JSON)"]));
    if (mine) {
      if (msg.rematch && msg.rematch.invite) {
        items.push(h("button", { type: "button", class: "primary", onclick: rematch, "data-tool": "rematch" }, ["Accept the rematch"]));
      } else if (msg.rematch && seatFor(msg.rematch.game_id)) {
        items.push(h("a", { class: "button primary", href: `/play/${encodeURIComponent(msg.rematch.game_id)}`, "data-tool": "rematch" },
          ["Go to the rematch"]));
      } else if (!msg.rematch) {
        items.push(h("button", { type: "button", class: "primary", onclick: rematch, "data-tool": "rematch" }, ["Rematch (sides swapped)"]));
      }
    }
  } else {
    items.push(h("button", { type: "button", onclick: () => exportLog(msg), "data-tool": "export-log" }, ["Download the log (text)"]));
  }
  items.push(h("a", { class: "button", href: "/" }, ["Lobby"]));
  const watch = `${location.origin}/play/${encodeURIComponent(gameId)}`;
  put($("#tools"), h("h3", { text: "Game" }), h("div", { class: "tool-row" }, items),
    h("p", { class: "muted" }, ["Watch link (public view): ", h("code", { text: watch })]));
}

function highlight(names) {
  ui.highlight = names;
  for (const el of document.querySelectorAll("#map .hl")) el.classList.remove("hl");
  for (const name of names || []) {
    for (const el of document.querySelectorAll(`#map [data-name="${CSS.escape(name)}"]`)) el.classList.add("hl");
  }
}

function renderMenuPanel(msg) {
  const menu = $("#menu");
  menu.replaceChildren();
  const legal = msg.your_turn ? msg.legal : [];
  if (msg.seq !== ui.menuSeq) {
    ui.menuSeq = msg.seq;
    ui.path = [];
    ui.filter = null;
  }
  const model = legal.length <= 8 && !ui.filter && ui.path.length === 0
    ? { title: null, back: false, items: legal.map((e) => ({ kind: "action", entry: e })), entries: legal }
    : menuModel(legal, ui.path, ui.filter);
  if (legal.length) {
    renderMenu(menu, model, {
      busy: ui.busy, known: ui.known,
      onChoose: choose,
      onOpen: (key) => { ui.path = [...ui.path, key]; render(); },
      onBack: () => { if (ui.filter) ui.filter = null; else ui.path = ui.path.slice(0, -1); render(); },
      onHover: highlight,
    });
  } else if (!msg.outcome) {
    menu.append(h("p", { class: "muted waiting", text: ui.busy ? "Sending…" : "Nothing to choose now; the page updates by itself." }));
  }
  if (ui.busy) menu.append(h("p", { class: "sending", role: "status", text: "Sending…" }));
  const undoBtn = $("#undo");
  undoBtn.hidden = !msg.undoable;
  undoBtn.disabled = ui.busy;
  const choosable = new Map();
  if (legal.length) {
    for (const e of model.entries) {
      for (const tok of e.action.split(" ").slice(1)) if (ui.known.has(tok)) choosable.set(tok, (choosable.get(tok) || 0) + 1);
    }
  }
  return choosable;
}

const battle = new BattlePanel($("#battle"), { onChoose: choose });

function render() {
  const msg = ui.msg, T = ui.T;
  if (!msg || !T) return;
  const st = msg.view.state;
  $("#game").setAttribute("aria-busy", ui.busy ? "true" : "false");
  document.body.dataset.yourTurn = msg.your_turn ? "1" : "0";
  document.body.dataset.status = msg.outcome ? "over" : msg.status;
  document.body.dataset.seq = String(msg.seq);
  document.title = `${msg.your_turn ? "● Your turn — " : ""}Kleos — Polis ${gameId}`;
  $("#game-title").textContent = `${T.title} · ${msg.side ? `you are ${msg.side}` : "spectator"}`;
  renderStatus($("#status"), T, st, msg);
  renderBanner(msg);
  $("#turn-title").textContent = turnTitle(msg, T);
  $("#turn").classList.toggle("mine", !!msg.your_turn);
  const choosable = renderMenuPanel(msg);
  drawMap($("#map"), T, st, {
    choosable, battle: st.battle ? st.battle.region : null,
    onPick: (name) => {
      ui.filter = name;
      render();
      const panel = $("#turn");
      if (panel.getBoundingClientRect().top > window.innerHeight) panel.scrollIntoView({ behavior: "smooth", block: "start" });
    },
  });
  if (ui.highlight) highlight(ui.highlight);
  battle.render(T, msg, ui.busy);
  renderEvent($("#event"), T, st);
  renderBoards($("#boards"), T, st, msg.view, msg.seat, msg.players, msg.to_act);
  renderMarkets($("#markets"), T, st);
  renderProjects($("#projects"), T, st);
  renderPoleis($("#poleis"), T, st);
  renderLog($("#log-panel"), msg.log);
  $("#description").textContent = msg.description;
  renderTools(msg);
}

async function onState(msg) {
  ui.msg = msg;
  if (ui.waitSeq !== null && msg.seq >= ui.waitSeq) {
    ui.busy = false;
    ui.waitSeq = null;
  }
  if (!ui.T) {
    ui.T = await editionTables((msg.options && msg.options.edition) || "2020");
    ui.known = new Set([...ui.T.region_ids, ...ui.T.poleis.map((p) => p.id), ...ui.T.markets]);
  }
  render();
}

function setConn(state) {
  const el = $("#conn");
  el.dataset.state = state;
  el.textContent = { live: "live", connecting: "connecting…", offline: "offline: reconnecting…", closed: "closed" }[state] || state;
}

async function main() {
  if (!gameId) {
    notice("No game id in the address.");
    return;
  }
  $("#zoom").addEventListener("click", (e) => {
    const on = $("#map-wrap").classList.toggle("zoomed");
    e.target.setAttribute("aria-pressed", on ? "true" : "false");
  });
  $("#undo").addEventListener("click", undo);
  $("#conn").addEventListener("click", () => ui.live && ui.live.drop());
  await acceptInvite();
  const rec = chooseSeat();
  ui.seat = rec;
  const start = (token) => {
    ui.live = new LiveGame(gameId, token, {
      onState: (msg) => { onState(msg).catch((err) => notice(errorText(err))); },
      onStatus: setConn,
      onFatal: (status, body) => {
        if (token && (status === 403 || status === 401)) {
          forgetSeat(gameId, rec.seat);
          notice("The seat stored in this browser does not belong to this game: watching instead.");
          start(null);
        } else {
          notice(status === 404 ? `There is no game ${gameId}.` : (body && body.message) || `Error ${status}`);
        }
      },
    });
    window.kleosLive = ui.live; // for the browser tests and the console
    ui.live.connect();
  };
  start(rec ? rec.token : null);
}

main().catch((err) => notice(errorText(err)));
