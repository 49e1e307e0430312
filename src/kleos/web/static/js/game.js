// The game page: /play/{game_id}[#invite=code][?seat=k]. A seat's token comes from this browser's
// local storage (or from accepting the invite in the fragment); without one the page watches the
// public view. The game's board module draws the position (the text board when it has none); the
// page draws what every game shares from the latest state message of the WebSocket: the menu of
// legal actions, whose turn it is (several seats may act at once), the log, undo and the tools.
import { api, ApiError, LiveGame, errorText, forgetCatalog, forgetSeat, loadSeats, saveSeat, seatFor, seatsFor } from "./api.js";
import { $, h, inviteBox, notice, put } from "./dom.js";
import { arrange, menuModel, menuWords, renderMenu } from "./menu.js";
import { seatLabel, seatNames } from "./board-api.js";
import { boardTitle, gameEntry, hostBoard } from "./host.js";
import { logText, outcomeText, renderLog } from "./log.js";
import { renderClock } from "./clock.js";
import { renderChat } from "./chat.js";
import { renderResign } from "./resign.js";
import { initHelp, markHint } from "./help.js";
import { renderLastTurn } from "./lastturn.js";
import { initNotify, watchTurn } from "./notify.js";
import { renderScores } from "./scores.js";
import { renderJump } from "./jump.js";
import { announce } from "./announce.js";
import { initKeys, keepMenuFocus } from "./keys.js";
import { putLines } from "./lines.js";
import { t, tn } from "./i18n.js";
import { onLanguage, pageReady, withGameWords } from "./shell.js";
import { joinAnd } from "./words.js";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const ui = {
  msg: null, live: null, busy: false, conn: "connecting", waitSeq: null, retry: null, entry: null, board: null, boardReady: null,
  words: menuWords(null), path: [], filter: null, menuSeq: -1, highlight: null,
};

function names(msg) {
  return seatNames(msg, ui.entry);
}

function isSeat(seat) {
  return Number.isInteger(seat) && seat >= 0;
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
    notice(t("You joined as {side}.", { side: seated.side }), "info");
  } catch (err) {
    if (seatFor(gameId)) return; // already ours (e.g. the link opened twice)
    notice(err.code === "bad_invite" ? t("This invite is unknown or was already used: you are watching.") : errorText(err));
  }
}

function chooseSeat() {
  const wanted = new URLSearchParams(location.search).get("seat");
  if (wanted !== null && /^\d+$/.test(wanted)) {
    const rec = loadSeats().find((x) => x.game_id === gameId && x.seat === Number(wanted));
    if (rec) return rec;
  }
  return seatFor(gameId);
}

// ----- actions ----------------------------------------------------------------------------------
/**
 * Send one step. A step refused as stale (another seat moved first: several seats may choose at
 * once) is sent again once the page has the new state, if it is still legal there.
 */
function send(promise, action = null, again = false) {
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
    const stale = err instanceof ApiError && err.code === "stale";
    if (stale && action && !again) ui.retry = { action, seq: err.body.seq || 0 };
    else notice(errorText(err));
    if (stale || (err instanceof ApiError && err.status === 0)) ui.live.sync();
    render();
  });
}

function choose(action, again = false) {
  if (ui.busy || !ui.msg || !ui.msg.your_turn) return;
  send(ui.live.act(ui.msg.seq, action), action, again);
}

/** After a stale refusal: the same step again if the new state still offers it. */
function retryStale(msg) {
  const retry = ui.retry;
  if (!retry || msg.seq < retry.seq) return;
  ui.retry = null;
  if (msg.your_turn && (msg.legal || []).some((e) => e.action === retry.action)) choose(retry.action, true);
  else if (!msg.outcome) notice(t("The game moved on before your choice arrived: please choose again."), "info");
}

function undo() {
  if (ui.busy || !ui.msg) return;
  send(ui.live.undo(ui.msg.seq));
}

/** The board asks to narrow the menu to the choices naming `name` (null: the whole menu). */
function pick(name) {
  ui.filter = name;
  render();
  const panel = $("#turn");
  const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
  if (name && panel.getBoundingClientRect().top > window.innerHeight) {
    panel.scrollIntoView({ behavior: still ? "auto" : "smooth", block: "start" });
  }
}

// ----- words ------------------------------------------------------------------------------------
function gameOverText(msg) {
  const own = ui.board && ui.board.outcomeText && ui.board.outcomeText(msg.outcome);
  return own || outcomeText(msg.outcome, names(msg), msg.reason_text);
}

function whoActs(msg, seats) {
  return joinAnd(seats.map((s) => {
    const p = (msg.players || []).find((x) => x.seat === s);
    const label = seatLabel(names(msg), s);
    return p && p.kind === "bot" ? t("{seat} (AI {agent})", { seat: label, agent: p.agent }) : label;
  }));
}

function turnTitle(msg) {
  if (msg.outcome) return t("Game over: {result}", { result: gameOverText(msg) });
  const own = ui.board && ui.board.turnTitle && ui.board.turnTitle(msg);
  if (own) return own;
  const toAct = msg.to_act || [];
  if (msg.your_turn) {
    const others = toAct.filter((s) => s !== msg.seat);
    return others.length ? tn("Your choice, made in secret: {others} chooses too",
      "Your choice, made in secret: {others} choose too", others.length, { others: whoActs(msg, others) })
      : t("Your turn: choose an action");
  }
  const who = whoActs(msg, toAct);
  if (!isSeat(msg.seat)) return who ? t("Watching: {who} to act", { who }) : t("Watching");
  return who ? t("Waiting for {who}…", { who }) : t("Waiting…");
}

// ----- panels -----------------------------------------------------------------------------------
function invitesOf() {
  const out = new Map();
  for (const rec of seatsFor(gameId)) {
    for (const inv of rec.invites || []) if (inv && inv.invite_url) out.set(inv.seat, inv.invite_url);
  }
  return out;
}

function renderBanner(msg) {
  const el = $("#banner");
  const parts = [];
  if (!isSeat(msg.seat)) {
    parts.push(h("p", { text: t("You are watching this game: you see what every player may see, no hidden cards.") }));
  }
  const waiting = (msg.players || []).filter((p) => p.seat !== msg.seat && p.kind === "person" && !p.joined);
  if (isSeat(msg.seat) && waiting.length) {
    const invites = invitesOf();
    const rec = chooseSeat();
    parts.push(h("p", { text: waiting.length === 1 ? t("Waiting for your opponent to join. Send them this invite link:")
      : t("Waiting for {n} players to join. Send each of them their invite link:", { n: waiting.length }) }));
    let shown = 0;
    for (const p of waiting) {
      const url = invites.get(p.seat) || (waiting.length === 1 && rec && rec.invite_url) || null;
      if (!url) continue;
      if (waiting.length > 1) parts.push(h("p", { class: "invite-for", text: `${seatLabel(names(msg), p.seat)}:` }));
      parts.push(inviteBox(url, t("Invite link for {side}", { side: seatLabel(names(msg), p.seat) })));
      shown += 1;
    }
    if (!shown) parts.push(h("p", { class: "muted", text: t("(The invite links were shown to the browser that created the game.)") }));
  }
  el.hidden = parts.length === 0;
  put(el, ...parts);
}

/** The seats this browser holds in this game, when more than one: switch between them. */
function renderMySeats(msg) {
  const el = $("#my-seats");
  const mine = seatsFor(gameId);
  el.hidden = mine.length < 2;
  if (mine.length < 2) return;
  const acting = new Set(msg.to_act || []);
  put(el, h("span", { class: "muted", text: t("Your seats:") + " " }), ...mine.map((rec) => h("a", {
    class: `button small seat-link${rec.seat === msg.seat ? " current" : ""}${acting.has(rec.seat) ? " acting" : ""}`,
    href: `/play/${encodeURIComponent(gameId)}?seat=${rec.seat}`, "data-seat": String(rec.seat),
    "aria-current": rec.seat === msg.seat ? "page" : null,
  }, [seatLabel(names(msg), rec.seat), acting.has(rec.seat) ? ` · ${t("to act")}` : ""])));
}

function download(name, text, type = "application/json") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = h("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function exportRecord(msg) {
  try {
    const record = await api(`/api/games/${encodeURIComponent(gameId)}/record`);
    download(`${msg.game || "game"}-${gameId}.json`, JSON.stringify(record, null, 1));
  } catch (err) {
    notice(errorText(err));
  }
}

function exportLog(msg) {
  const lines = logText(msg.log, names(msg));
  const title = ui.entry ? ui.entry.title : msg.game;
  const side = msg.side || t("a spectator");
  const heading = t("Kleos {title} game {game}, as seen by {side}", { title, game: gameId, side });
  download(`${msg.game || "game"}-${gameId}-log.txt`,
    `# ${heading}\n${lines.join("\n")}\n`, "text/plain");
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
  if (msg.status !== "active" || msg.outcome) {
    items.push(h("a", { class: "button", href: `/replay/${encodeURIComponent(gameId)}`, "data-tool": "replay" }, [t("Replay step by step")]));
    items.push(h("a", { class: "button", href: `/replay/${encodeURIComponent(gameId)}?analyse=1`, "data-tool": "analyse" }, [t("Analyse")]));
    items.push(h("button", { type: "button", onclick: () => exportRecord(msg), "data-tool": "export" }, [t("Export the record (JSON)")]));
    if (isSeat(msg.seat)) {
      if (msg.rematch && msg.rematch.invite) {
        items.push(h("button", { type: "button", class: "primary", onclick: rematch, "data-tool": "rematch" }, [t("Accept the rematch")]));
      } else if (msg.rematch && seatFor(msg.rematch.game_id)) {
        items.push(h("a", { class: "button primary", href: `/play/${encodeURIComponent(msg.rematch.game_id)}`, "data-tool": "rematch" },
          [t("Go to the rematch")]));
      } else if (!msg.rematch) {
        items.push(h("button", { type: "button", class: "primary", onclick: rematch, "data-tool": "rematch" }, [t("Rematch")]));
      }
    }
  } else {
    items.push(h("button", { type: "button", onclick: () => exportLog(msg), "data-tool": "export-log" }, [t("Download the log (text)")]));
  }
  items.push(h("a", { class: "button", href: "/" }, [t("Lobby")]));
  const watch = `${location.origin}/play/${encodeURIComponent(gameId)}`;
  put($("#tools"), h("h3", { text: t("Game") }), h("div", { class: "tool-row" }, items),
    h("p", { class: "muted" }, [t("Watch link (public view):"), " ", h("code", { text: watch })]));
}

function highlight(list) {
  ui.highlight = list;
  if (ui.board && ui.board.highlight) ui.board.highlight(list);
}

function renderMenuPanel(msg) {
  const menu = $("#menu");
  menu.replaceChildren();
  const legal = msg.your_turn ? arrange(msg.legal || [], msg.view && msg.view.warnings, msg.view && msg.view.explanations) : [];
  const known = (ui.board && ui.board.names) || new Set();
  if (msg.seq !== ui.menuSeq) {
    ui.menuSeq = msg.seq;
    ui.path = [];
    ui.filter = null;
  }
  const model = legal.length <= 8 && !ui.filter && ui.path.length === 0
    ? { title: null, back: false, items: legal.map((e) => ({ kind: "action", entry: e })), entries: legal }
    : menuModel(legal, ui.path, ui.filter, ui.words);
  if (legal.length && msg.decision) {
    // what is decided now, as the terminal's menu title says it (the state message's "decision")
    menu.append(h("p", { class: "decision", id: "decision", text: msg.decision }));
  }
  if (legal.length) {
    renderMenu(menu, model, {
      busy: ui.busy, known, words: ui.words,
      onChoose: choose,
      onOpen: (key) => { ui.path = [...ui.path, key]; render(); },
      onBack: () => { if (ui.filter) ui.filter = null; else ui.path = ui.path.slice(0, -1); render(); },
      onHover: highlight,
    });
  } else if (!msg.outcome) {
    menu.append(h("p", { class: "muted waiting", text: ui.busy ? t("Sending…") : t("Nothing to choose now; the page updates by itself.") }));
  }
  if (ui.busy) menu.append(h("p", { class: "sending", role: "status", text: t("Sending…") }));
  const undoBtn = $("#undo");
  undoBtn.hidden = !msg.undoable;
  undoBtn.disabled = ui.busy || ui.conn !== "live"; // an undo needs the live state: not while offline
  undoBtn.title = ui.conn === "live" ? "" : t("Undo waits for the connection to come back");
  const choosable = new Map();
  for (const e of legal.length ? model.entries : []) {
    for (const tok of e.action.split(" ").slice(1)) if (known.has(tok)) choosable.set(tok, (choosable.get(tok) || 0) + 1);
  }
  return choosable;
}

function render() {
  const msg = ui.msg, board = ui.board;
  if (!msg || !board) return;
  $("#game").setAttribute("aria-busy", ui.busy ? "true" : "false");
  document.body.dataset.yourTurn = msg.your_turn ? "1" : "0";
  document.body.dataset.status = msg.outcome ? "over" : msg.status;
  document.body.dataset.seq = String(msg.seq);
  document.body.dataset.game = msg.game;  // which game's names a page may show untranslated
  const title = boardTitle(board, ui.entry, msg);
  const page = `Kleos — ${ui.entry.title} ${gameId}`;
  document.title = msg.your_turn ? t("● Your turn — {page}", { page }) : page;
  const seen = msg.side ? t("you are {side}", { side: isSeat(msg.seat) ? seatLabel(names(msg), msg.seat) : msg.side })
    : t("spectator");
  $("#game-title").textContent = `${title} · ${seen}`;
  renderBanner(msg);
  renderMySeats(msg);
  $("#turn-title").textContent = turnTitle(msg);
  $("#turn").classList.toggle("mine", !!msg.your_turn);
  const choosable = renderMenuPanel(msg);
  keepMenuFocus();
  try {
    board.render(msg, { busy: ui.busy, seat: isSeat(msg.seat) ? msg.seat : null, choosable });
    if (ui.highlight) highlight(ui.highlight);
  } catch (err) {
    notice(t("The board could not draw this position: {error}", { error: errorText(err) }));
  }
  renderLog($("#log-panel"), msg.log, names(msg));
  if (msg.description !== undefined) putLines($("#description"), msg.description);
  renderTools(msg);
  renderClock(msg, names(msg), gameId, ui.live && ui.live.token); renderResign(msg, gameId, ui.live); renderChat(msg, names(msg), gameId, ui.live);
  markHint(msg); renderLastTurn(msg, names(msg)); renderScores(msg, names(msg)); watchTurn(msg, title); renderJump();
  announce(msg, names(msg), gameOverText(msg));
}

async function onState(msg) {
  ui.msg = msg;
  if (ui.waitSeq !== null && msg.seq >= ui.waitSeq) {
    ui.busy = false;
    ui.waitSeq = null;
  }
  if (!ui.boardReady) {
    ui.boardReady = (async () => {
      await withGameWords(msg.game);
      ui.entry = await gameEntry(msg);
      ui.board = await hostBoard("play", ui.entry, msg, { choose, pick });
      ui.words = menuWords(ui.board);
      wantDescription();
    })();
  }
  await ui.boardReady;
  render();
  retryStale(msg);
}

/** The position in words is asked of the server only while the page shows it: on a board of text,
 * or with "Everything as text" open. */
function wantDescription() {
  if (ui.live) ui.live.setDescribe(!!(ui.board && ui.board.text) || $("#text-view").open);
}

function setConn(state) {
  const el = $("#conn");
  el.dataset.state = state;
  el.textContent = { live: t("live"), connecting: t("connecting…"), offline: t("offline: reconnecting…"),
                     closed: t("closed") }[state] || state;
  const changed = ui.conn !== state;
  ui.conn = state;
  if (changed) render();
}

/** The page cannot show this game (unknown, or refused): say so where "Loading…" was. */
function showFatal(text, title = t("Game not found")) {
  notice(text, "error", true);
  $("#game-title").textContent = title;
  $("#turn-title").textContent = text;
  $("#game").setAttribute("aria-busy", "false");
  document.body.dataset.status = "error";
  put($("#menu"), h("p", {}, [h("a", { class: "button", href: "/" }, [t("Back to the lobby")])]));
}

/** The picker chose another language: the page's words are redrawn in it and the socket asks for
 * the game (log lines, descriptions, menus) in it, without reloading the page. */
async function followLanguage(code) {
  forgetCatalog();
  if (ui.msg && ui.entry) ui.entry = await gameEntry(ui.msg);
  if (ui.board) ui.words = menuWords(ui.board);
  setConn(ui.conn);
  render();
  if (ui.live) {
    try {
      await ui.live.language(code);
    } catch (err) {
      notice(errorText(err));
    }
  }
}

async function main() {
  await pageReady();
  onLanguage(followLanguage);
  if (!gameId) {
    showFatal(t("No game id in the address."));
    return;
  }
  $("#undo").addEventListener("click", undo);
  initKeys();
  $("#text-view").addEventListener("toggle", wantDescription);
  $("#conn").addEventListener("click", () => ui.live && ui.live.drop());
  await acceptInvite();
  const rec = chooseSeat();
  initHelp({ gameId, token: rec ? rec.token : null, getMsg: () => ui.msg, openPath: (path) => { ui.path = path; ui.filter = null; render(); } });
  initNotify();
  const start = (token) => {
    ui.live = new LiveGame(gameId, token, {
      onState: (msg) => { onState(msg).catch((err) => notice(errorText(err))); },
      onStatus: setConn,
      onFatal: (status, body) => {
        if (token && (status === 403 || status === 401)) {
          forgetSeat(gameId, rec.seat);
          notice(t("The seat stored in this browser does not belong to this game: watching instead."));
          start(null);
        } else {
          if (status === 404) showFatal(t("There is no game {game}.", { game: gameId }));
          else showFatal((body && body.message) || t("Error {status}", { status }), t("Cannot show this game"));
        }
      },
    });
    window.kleosLive = ui.live; // for the browser tests and the console
    ui.live.connect();
  };
  start(rec ? rec.token : null);
}

main().catch((err) => notice(errorText(err)));
