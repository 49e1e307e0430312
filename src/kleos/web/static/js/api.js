// Talking to the Kleos server: JSON over HTTP, the live WebSocket, and the seat tokens kept in
// this browser's local storage (a token is the player's only credential; it never leaves this
// browser except in the Authorization header or the WebSocket hello to the same server).
import { t } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.message) || `HTTP ${status}`);
    this.status = status;
    this.code = (body && body.error) || "http";
    this.body = body || {};
  }
}

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    throw new ApiError(0, { error: "network", message: t("the server cannot be reached") });
  }
  let data = null;
  try {
    data = await response.json();
  } catch (err) {
    data = null;
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

/** An error in words, with the rule it cites when the server names one. */
export function errorText(err) {
  if (err instanceof ApiError) {
    const rule = err.body && err.body.rule ? ` (${err.body.rule})` : "";
    return `${err.message}${rule}`;
  }
  return String(err && err.message ? err.message : err);
}

// ----- seat tokens ------------------------------------------------------------------------------
const KEY = "kleos.seats.v1";

export function loadSeats() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list.filter((x) => x && typeof x.token === "string" && x.game_id) : [];
  } catch (err) {
    return [];
  }
}

function storeSeats(list) {
  localStorage.setItem(KEY, JSON.stringify(list.slice(-200)));
}

/** Remember the seat answer of create / join / rematch / import (with the invites it sent out). */
export function saveSeat(seated) {
  const list = loadSeats().filter((x) => !(x.game_id === seated.game_id && x.seat === seated.seat));
  list.push({ game_id: seated.game_id, game: seated.game || null, seat: seated.seat, side: seated.side,
              token: seated.token, invite_url: seated.invite_url || null, invites: seated.invites || [],
              saved_at: Date.now() / 1000 });
  storeSeats(list);
}

export function seatFor(gameId) {
  const mine = loadSeats().filter((x) => x.game_id === gameId);
  return mine.length ? mine[mine.length - 1] : null;
}

/** Every seat this browser holds in a game, by seat number. */
export function seatsFor(gameId) {
  const bySeat = new Map();
  for (const x of loadSeats()) if (x.game_id === gameId) bySeat.set(x.seat, x);
  return [...bySeat.values()].sort((a, b) => a.seat - b.seat);
}

export function forgetSeat(gameId, seat) {
  storeSeats(loadSeats().filter((x) => !(x.game_id === gameId && x.seat === seat)));
}

export function exportSeats() {
  return JSON.stringify(loadSeats(), null, 1);
}

export function importSeats(text) {
  const incoming = JSON.parse(text);
  if (!Array.isArray(incoming)) throw new Error(t("not a list of seats"));
  let n = 0;
  for (const x of incoming) {
    if (x && typeof x.token === "string" && typeof x.game_id === "string" && Number.isInteger(x.seat) && x.seat >= 0) {
      saveSeat(x);
      n += 1;
    }
  }
  return n;
}

// ----- the installed games ---------------------------------------------------------------------
let catalogPromise = null;

/** The installed games (GET /api/catalog), fetched once per page. */
export function catalog() {
  if (!catalogPromise) {
    catalogPromise = api("/api/catalog").then((answer) => answer.games).catch((err) => {
      catalogPromise = null;
      throw err;
    });
  }
  return catalogPromise;
}

/** Forget the games' words fetched so far (the catalog and tables speak the reader's language). */
export function forgetCatalog() {
  catalogPromise = null;
  tableCache.clear();
}

export async function catalogEntry(name) {
  return (await catalog()).find((entry) => entry.name === name) || null;
}

const tableCache = new Map();

/** A game's tables for the options it was created with (what its board module draws from). */
export function gameTables(name, options) {
  const query = encodeURIComponent(JSON.stringify(options || {}));
  const key = `${name}?${query}`;
  if (!tableCache.has(key)) {
    tableCache.set(key, api(`/api/catalog/${encodeURIComponent(name)}/tables?options=${query}`));
  }
  return tableCache.get(key);
}

// ----- live connection --------------------------------------------------------------------------
/**
 * A game's WebSocket: says hello with the seat token (null: spectator), hands every state message
 * to onState, reconnects with a growing delay and resyncs (the server answers each hello with the
 * current state). Actions go over the socket when it is open, else over HTTP. The log comes
 * incrementally (`since` in the hello, in the HTTP reads while the socket is down and in the HTTP
 * actions): each message carries only the steps the page lacks, and onState is given the whole log
 * put together again.
 */
export class LiveGame {
  constructor(gameId, token, { onState, onStatus, onFatal }) {
    this.gameId = gameId;
    this.token = token || null;
    this.onState = onState;
    this.onStatus = onStatus || (() => {});
    this.onFatal = onFatal || (() => {});
    this.ws = null;
    this.pending = new Map();
    this.nextId = 1;
    this.retry = 0;
    this.closed = false;
    this.lastSeq = -1;
    this.log = null; // the whole log as of lastSeq, once a state message has brought one
    this.timer = null;
    this.pinger = null;
    this.poller = null;
    this.describe = true; // state messages carry the position in words until the page says it hides them
    window.addEventListener("online", () => this.reconnectNow());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.reconnectNow();
    });
  }

  connect() {
    if (this.closed) return;
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${scheme}//${location.host}/api/games/${encodeURIComponent(this.gameId)}/ws`);
    this.ws = ws;
    this.onStatus("connecting");
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: "hello", token: this.token, describe: this.describe, since: this.since() }));
    };
    ws.onmessage = (event) => {
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch (err) {
        return;
      }
      this.handle(msg);
    };
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      clearInterval(this.pinger);
      this.pinger = null;
      this.failPending(new ApiError(0, { error: "network", message: t("connection lost") }));
      if (event.code >= 4400 && event.code < 4500) {
        this.closed = true;
        this.onFatal(event.code - 4000, this.fatalBody);
        this.onStatus("closed");
        return;
      }
      this.onStatus("offline");
      this.startPolling();
      this.schedule();
    };
  }

  /** The event whose log this page holds (0: none yet): what it asks with, so that only newer steps come. */
  since() {
    return this.log ? Math.max(this.lastSeq, 0) : 0;
  }

  // While the socket is down, read the state over HTTP now and then (the socket, once back, resyncs).
  startPolling() {
    if (this.poller) return;
    this.poller = setInterval(() => {
      if (this.closed || (this.ws && this.ws.readyState === WebSocket.OPEN)) return;
      this.read(this.since());
    }, 5000);
  }

  /** The state over HTTP: the log steps after event `since` only, or the whole log with `since` 0. */
  read(since) {
    return api(`/api/games/${encodeURIComponent(this.gameId)}?since=${since}`, { token: this.token })
      .then((msg) => this.handle(msg, true))
      .catch(() => {});
  }

  stopPolling() {
    clearInterval(this.poller);
    this.poller = null;
  }

  handle(msg, viaHttp = false) {
    if (msg.type === "state") {
      const live = this.ws && this.ws.readyState === WebSocket.OPEN;
      if (!viaHttp) {
        this.retry = 0;
        this.stopPolling();
        if (!this.pinger) this.startPing();
      }
      if (msg.seq >= this.lastSeq || msg.game_id !== this.gameIdSeen) {
        if (!this.wholeLog(msg)) {
          // a piece of log that does not fit what this page holds: ask for all of it
          if (viaHttp) this.read(0);
          else this.sync();
          return;
        }
        this.lastSeq = msg.seq;
        this.gameIdSeen = msg.game_id;
        if (live) this.onStatus("live");
        this.onState(msg);
      }
      return;
    }
    if (msg.type === "ack" || msg.type === "error") {
      if (msg.type === "error" && msg.id === undefined && msg.status) this.fatalBody = msg;
      const waiter = this.pending.get(msg.id);
      if (waiter) {
        this.pending.delete(msg.id);
        if (msg.type === "ack") waiter.resolve(msg);
        else waiter.reject(new ApiError(msg.status, msg));
      }
    }
  }

  /** Complete an incremental message's log (`log_start` k: steps k, k+1, … only) with the first
   * k - 1 entries this page holds; `false` when it does not hold them (nothing is changed then). */
  wholeLog(msg) {
    if (!Array.isArray(msg.log)) return true;
    const start = msg.log_start === undefined ? 1 : msg.log_start;
    if (start > 1) {
      if (!this.log || this.log.length < start - 1 || msg.game_id !== this.gameIdSeen) return false;
      msg.log = this.log.slice(0, start - 1).concat(msg.log);
    }
    delete msg.log_start;
    this.log = msg.log;
    return true;
  }

  startPing() {
    clearInterval(this.pinger);
    this.pinger = setInterval(() => {
      if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ type: "ping" }));
    }, 25000);
  }

  schedule() {
    clearTimeout(this.timer);
    const delay = Math.min(15000, 500 * 2 ** this.retry) * (0.75 + Math.random() * 0.5);
    this.retry = Math.min(this.retry + 1, 6);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  reconnectNow() {
    if (this.closed || (this.ws && this.ws.readyState <= WebSocket.OPEN)) return;
    clearTimeout(this.timer);
    this.retry = 0;
    this.connect();
  }

  /** Drop the socket (as a lost connection would); it comes back and resyncs by itself. */
  drop() {
    if (this.ws) this.ws.close();
  }

  failPending(err) {
    for (const waiter of this.pending.values()) waiter.reject(err);
    this.pending.clear();
  }

  request(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN && this.lastSeq >= 0) {
      const id = `c${this.nextId++}`;
      return new Promise((resolve, reject) => {
        this.pending.set(id, { resolve, reject });
        this.ws.send(JSON.stringify({ ...message, id }));
        setTimeout(() => {
          if (this.pending.has(id)) {
            this.pending.delete(id);
            reject(new ApiError(0, { error: "timeout", message: t("no answer from the server") }));
          }
        }, 20000);
      });
    }
    // No socket: the same request over HTTP; its answer is the new state.
    const path = message.type === "undo" ? "undo" : "actions";
    const since = this.since();
    const body = message.type === "undo" ? { seq: message.seq, since } : { seq: message.seq, action: message.action, since };
    return api(`/api/games/${encodeURIComponent(this.gameId)}/${path}`, { method: "POST", body, token: this.token })
      .then((state) => {
        this.handle(state, true);
        return { type: "ack", seq: state.ack ? state.ack.seq : state.seq };
      });
  }

  act(seq, action) {
    return this.request({ type: "action", seq, action });
  }

  undo(seq) {
    return this.request({ type: "undo", seq });
  }

  /** Read the game in `code` from now on: the server acknowledges, then sends the game again in it.
   * Without an open socket nothing is sent: the next hello is made with the new language's cookie. */
  language(code) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN && this.lastSeq >= 0) {
      return this.request({ type: "language", language: code });
    }
    return Promise.resolve(null);
  }

  /** Whether state messages carry the position in words (`description`): costly for the server to
   * build, so asked for only while the page shows it; turned on, the game is sent again with it. */
  setDescribe(on) {
    if (this.describe === on) return;
    this.describe = on;
    if (this.ws && this.ws.readyState === WebSocket.OPEN && this.lastSeq >= 0) {
      this.request({ type: "describe", on }).catch(() => {});
    }
  }

  sync() {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ type: "sync" }));
    else this.reconnectNow();
  }
}
