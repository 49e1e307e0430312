// The lobby: create a game (edition, side, opponent), show its invite link, join by invite, list
// this browser's games with whose turn it is, rematch, import a record, move seat tokens.
import { api, ApiError, exportSeats, importSeats, loadSeats, saveSeat } from "./api.js";
import { $, h, timeAgo, put } from "./dom.js";

const SIDE_LABEL = { athens: "Athens", sparta: "Sparta", random: "Random" };
const REASONS = { score: "on points", goods_tiebreak: "on goods", shared: "shared", ostracism: "by ostracism",
                  starvation: "by starvation", prestige_debt: "by prestige debt", salpinx: "by Salpinx",
                  event_prestige: "by an event" };

function opponentLabel(spec) {
  if (spec === "person") return "a person (invite link)";
  if (spec.startsWith("ismcts:")) return `AI: search, ${spec.slice(7)}`;
  return `AI: ${spec}`;
}

function notice(text, kind = "error") {
  const el = $("#notice");
  put(el, h("span", { text }), h("button", { type: "button", class: "small", onclick: () => { el.hidden = true; } }, ["×"]));
  el.dataset.kind = kind;
  el.hidden = false;
}

function errorText(err) {
  return err instanceof ApiError ? err.message : String(err && err.message ? err.message : err);
}

function fillSelect(select, values, label) {
  select.replaceChildren(...values.map((v) => h("option", { value: v, text: label(v) })));
}

function inviteBox(url) {
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

function showCreated(seated) {
  const box = $("#created");
  const play = `/play/${encodeURIComponent(seated.game_id)}`;
  put(box,
    h("p", {}, [`Game ${seated.game_id} created: you play ${seated.side}. `, h("a", { href: play, class: "button primary", id: "go-play" }, ["Play"])]),
    seated.invite_url ? h("p", { text: "Send this link to your opponent (it works once):" }) : null,
    seated.invite_url ? inviteBox(seated.invite_url) : null,
  );
  box.hidden = false;
}

async function create(event) {
  event.preventDefault();
  const body = { edition: $("#edition").value, side: $("#side").value, opponent: $("#opponent").value };
  $("#create-btn").disabled = true;
  try {
    const seated = await api("/api/games", { method: "POST", body });
    saveSeat(seated);
    showCreated(seated);
    if (!seated.invite_url) location.assign(`/play/${encodeURIComponent(seated.game_id)}`);
    await refresh();
  } catch (err) {
    notice(errorText(err));
  } finally {
    $("#create-btn").disabled = false;
  }
}

function join(event) {
  event.preventDefault();
  const text = $("#join-input").value.trim();
  if (!text) return;
  let target = null;
  try {
    const url = new URL(text, location.origin);
    const m = /\/play\/([^/?#]+)/.exec(url.pathname);
    if (m) target = `/play/${m[1]}${url.hash}`;
  } catch (err) {
    target = null;
  }
  if (!target && /^[A-Za-z0-9_-]{6,32}$/.test(text)) target = `/play/${text}`;
  if (!target) {
    notice("Paste an invite link (…/play/<game>#invite=…) or a game id.");
    return;
  }
  location.assign(target);
}

async function rematch(game, token) {
  try {
    const seated = await api(`/api/games/${encodeURIComponent(game.game_id)}/rematch`, { method: "POST", token });
    saveSeat(seated);
    location.assign(`/play/${encodeURIComponent(seated.game_id)}`);
  } catch (err) {
    notice(errorText(err));
  }
}

function gameRow(game, token) {
  const opp = game.opponent;
  const oppText = !opp ? "" : opp.kind === "bot" ? `against AI ${opp.agent}` : opp.joined ? "against a person" : "invite not accepted yet";
  let state;
  if (game.status !== "active") {
    const o = game.outcome;
    state = o ? (o.winner === null ? `draw ${REASONS[o.reason] || o.reason}` : o.winner === game.seat ? `won ${REASONS[o.reason] || o.reason}`
      : `lost ${REASONS[o.reason] || o.reason}`) : game.status;
  } else {
    state = game.your_turn ? "your turn" : game.to_act === null ? "—" : "their turn";
  }
  const href = `/play/${encodeURIComponent(game.game_id)}?seat=${game.seat}`;
  const rec = loadSeats().find((x) => x.game_id === game.game_id && x.seat === game.seat);
  return h("li", { class: `game-row${game.your_turn ? " your-turn" : ""}${game.status !== "active" ? " over" : ""}`,
                   "data-game": game.game_id }, [
    h("div", { class: "game-main" }, [
      h("a", { href, class: "game-link" }, [h("strong", { text: game.side }), ` · ${game.options.edition || "2020"} · ${oppText}`]),
      h("span", { class: `state${game.your_turn ? " badge acting-badge" : ""}`, text: state }),
    ]),
    h("div", { class: "game-meta muted", text: `${game.game_id} · step ${game.steps} · ${timeAgo(game.updated_at)}` }),
    game.status !== "active" ? h("div", { class: "tool-row" }, [
      h("a", { class: "button small", href: `/replay/${encodeURIComponent(game.game_id)}` }, ["Replay"]),
      h("button", { type: "button", class: "small", onclick: () => rematch(game, token) }, ["Rematch"]),
    ]) : rec && rec.invite_url && opp && opp.kind === "person" && !opp.joined ? inviteBox(rec.invite_url) : null,
  ]);
}

async function refresh() {
  const seats = loadSeats();
  const root = $("#my-games");
  if (!seats.length) {
    put(root, h("p", { class: "muted", text: "No games yet in this browser." }));
    return;
  }
  try {
    const tokens = seats.map((x) => x.token).slice(-200);
    const { games } = await api("/api/my-games", { method: "POST", body: { tokens } });
    put(root, games.length ? h("ul", { class: "games" }, games.map((g) => gameRow(g, tokens[g.token_index])))
      : h("p", { class: "muted", text: "None of the stored seats is known to this server." }));
  } catch (err) {
    put(root, h("p", { class: "muted", text: `Cannot list your games: ${errorText(err)}` }));
  }
}

async function importRecord(event) {
  event.preventDefault();
  const file = $("#import-file").files[0];
  if (!file) {
    notice("Choose a record file first.");
    return;
  }
  try {
    const record = JSON.parse(await file.text());
    const body = { record, side: $("#import-side").value, opponent: $("#import-opponent").value };
    const seated = await api("/api/import", { method: "POST", body });
    saveSeat(seated);
    location.assign(`/play/${encodeURIComponent(seated.game_id)}`);
  } catch (err) {
    const step = err instanceof ApiError && err.body.step ? ` (step ${err.body.step})` : "";
    notice(`Import failed: ${errorText(err)}${step}`);
  }
}

async function main() {
  $("#create-form").addEventListener("submit", create);
  $("#join-form").addEventListener("submit", join);
  $("#import-form").addEventListener("submit", importRecord);
  $("#refresh").addEventListener("click", refresh);
  $("#seats-export").addEventListener("click", () => {
    const area = $("#seats-text");
    area.hidden = false;
    area.value = exportSeats();
    area.select();
  });
  $("#seats-import").addEventListener("click", () => {
    const area = $("#seats-text");
    if (area.hidden || !area.value.trim()) {
      area.hidden = false;
      area.value = "";
      area.placeholder = "Paste the seat tokens (JSON) here, then press the button again.";
      area.focus();
      return;
    }
    try {
      notice(`${importSeats(area.value)} seats added.`, "info");
      area.value = "";
      refresh();
    } catch (err) {
      notice(`Not a list of seat tokens: ${errorText(err)}`);
    }
  });
  try {
    const info = await api("/api/opponents");
    fillSelect($("#edition"), [...info.editions].reverse(), (e) => (e === "2020" ? "2020 (Devir)" : "2012 (first edition)"));
    fillSelect($("#side"), info.sides, (s) => SIDE_LABEL[s] || s);
    fillSelect($("#opponent"), info.opponents, opponentLabel);
    fillSelect($("#import-opponent"), info.opponents, opponentLabel);
  } catch (err) {
    notice(`The server cannot be reached: ${errorText(err)}`);
  }
  await refresh();
  setInterval(() => { if (document.visibilityState === "visible") refresh(); }, 15000);
}

main();
