// The lobby: the installed games (GET /api/catalog) to start one of — its options, and who takes
// each seat (me, a person with an invite link, or an AI) — invite links, join by invite, this
// browser's games across all games with whose turn it is, rematch, import a record, move seat tokens.
import { api, ApiError, catalog, errorText, exportSeats, importSeats, loadSeats, saveSeat } from "./api.js";
import { $, h, inviteBox, notice, put, timeAgo } from "./dom.js";
import { seatLabel, seatNames } from "./board-api.js";
import { clockBody, mountClockChoice } from "./clock.js";
import { t, tn } from "./i18n.js";
import { pageReady } from "./shell.js";
import { joinAnd, reasonText } from "./words.js";
import { showRulesButton } from "./lobby-rules.js";

const lobby = { games: [], entry: null, record: null };

/** A seat of one of the reader's games in the reader's words (the server's `side` is the English name). */
function sideWord(gameName, seat, side) {
  const entry = lobby.games.find((g) => g.name === gameName);
  return (entry && Number.isInteger(seat) && seatNames(null, entry)[seat]) || side;
}

function say(text, kind = "error") {
  notice(text, kind, true);
}

function opponentLabel(spec) {
  if (spec === "me") return t("me");
  if (spec === "person") return t("a person (invite link)");
  if (spec.startsWith("ismcts:")) return t("AI: search, {budget}", { budget: spec.slice(7) });
  return t("AI: {agent}", { agent: spec });
}

function fillSelect(select, values, label, keep = true) {
  const before = select.value;
  select.replaceChildren(...values.map((v) => h("option", { value: v, text: label(v) })));
  if (keep && values.includes(before)) select.value = before;
}

function seatRange(entry) {
  return entry.min_seats === entry.max_seats ? tn("{n} seat", "{n} seats", entry.min_seats)
    : t("{least}–{most} seats", { least: entry.min_seats, most: entry.max_seats });
}

function opponentsOf(entry) {
  return ["person", ...(entry.opponents || []).filter((x) => x !== "person" && x !== "me")];
}

// ----- the games and their options ---------------------------------------------------------------
function renderGameList() {
  const root = $("#game-list");
  if (!lobby.games.length) {
    put(root, h("p", { class: "muted", text: t("No game is installed on this server.") }));
    return;
  }
  put(root, ...lobby.games.map((entry, i) => h("label", { class: "game-choice", "data-game": entry.name }, [
    h("input", { type: "radio", name: "game", value: entry.name, id: `game-${entry.name}`, checked: i === 0,
                 onchange: () => chooseGame(entry) }),
    h("span", { class: "game-text" }, [
      h("strong", { class: "game-title", text: entry.title }),
      h("span", { class: "game-seats muted", text: ` · ${seatRange(entry)}` }),
      h("span", { class: "game-summary", text: entry.summary }),
    ]),
  ])));
  chooseGame(lobby.games[0]);
}

/**
 * The option that sets how many seats a game has, if any: the one the catalog names
 * (seat_count_option, from the kit), else a whole-number option whose default is the default
 * number of seats of a game that takes a range of seats.
 */
function seatCountOption(entry) {
  if (entry.min_seats === entry.max_seats) return null;
  const options = entry.options || [];
  if (entry.seat_count_option !== undefined) return options.find((o) => o.name === entry.seat_count_option) || null;
  const count = (entry.seat_names || []).length;
  return options.find((o) => Number.isInteger(o.default) && o.default === count && !(o.choices || []).length) || null;
}

function optionControl(entry, option) {
  const id = `option-${option.name}`;
  const choices = option.choices || [];
  const counter = seatCountOption(entry);
  let control;
  if (choices.length) {
    control = h("select", { id, name: option.name }, choices.map((c) => h("option", { value: String(c), text: choiceText(option, c) })));
    if (option.default !== null && option.default !== undefined) control.value = String(option.default);
  } else if (typeof option.default === "boolean") {
    control = h("input", { type: "checkbox", id, name: option.name, checked: option.default });
  } else if (typeof option.default === "number") {
    const bounds = counter && counter.name === option.name ? { min: entry.min_seats, max: entry.max_seats } : {};
    control = h("input", { type: "number", id, name: option.name, value: String(option.default), step: "1", ...bounds });
    if (bounds.min !== undefined) control.addEventListener("input", () => renderSeats(entry));
  } else {
    const sample = option.default === null || option.default === undefined ? "" : JSON.stringify(option.default);
    control = h("input", { type: "text", id, name: option.name, value: typeof option.default === "string" ? option.default : sample,
                           placeholder: t("(default)"), autocomplete: "off" });
  }
  control.dataset.option = option.name;
  const label = option.label || option.name.charAt(0).toUpperCase() + option.name.slice(1).replace(/_/g, " ");
  const chosen = choices.length && option.meanings ? h("span", { class: "choice-meaning" }) : null;
  if (chosen) {
    const show = () => { chosen.textContent = (option.meanings || {})[control.value] || ""; };
    control.addEventListener("change", show);
    show();
  }
  return h("label", { class: typeof option.default === "boolean" ? "check" : null, title: option.source || null,
                      "data-option-row": option.name }, [
    label, " ", control, chosen,
    option.help ? h("span", { class: "help-text muted", text: option.help }) : null,
  ]);
}

/** A choice as the lobby offers it: what it means for play (the game's plain sentence), the default marked. */
function choiceText(option, choice) {
  const meaning = (option.meanings || {})[String(choice)];
  const text = meaning ? `${meaning}` : String(choice);
  return String(choice) === String(option.default) ? t("{choice} (default)", { choice: text }) : text;
}

function optionValue(control) {
  if (control.type === "checkbox") return control.checked;
  const text = control.value.trim();
  if (text === "") return undefined;
  if (control.type === "number") return Number(text);
  if (control.tagName === "SELECT") return text;
  if (/^[[{]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch (err) {
      throw new Error(t("{option}: not valid JSON", { option: control.dataset.option }));
    }
  }
  return text;
}

function chosenOptions() {
  const options = {};
  for (const control of document.querySelectorAll("#create-form [data-option]")) {
    const value = optionValue(control);
    if (value !== undefined) options[control.dataset.option] = value;
  }
  return options;
}

function seatCount(entry) {
  const counter = seatCountOption(entry);
  const control = counter && $(`#option-${counter.name}`);
  const wanted = control ? Number(control.value) : NaN;
  if (Number.isInteger(wanted)) return Math.min(entry.max_seats, Math.max(entry.min_seats, wanted));
  return (entry.seat_names || []).length || entry.min_seats;
}

function seatChanged(select) {
  if (select.value === "me") {
    for (const other of document.querySelectorAll("#seats select")) {
      if (other !== select && other.value === "me") other.value = lobby.entry.default_opponent || "person";
    }
  }
  showHandicap();
}

function botSeats() {
  return [...document.querySelectorAll("#seats select")].some((s) => s.value !== "me" && s.value !== "person");
}

/** The bot handicap field: only for a game that has one (catalog bot_handicap), and while a bot plays a seat. */
function showHandicap(reset = false) {
  const spec = lobby.entry && lobby.entry.bot_handicap;
  const input = $("#handicap");
  if (!input) return;
  if (spec && reset) {
    // left empty: the server gives the game's default, which may depend on the options (a scenario's)
    Object.assign(input, { min: String(spec.minimum), max: String(spec.maximum), value: "", placeholder: t("default") });
    $("#handicap-help").textContent = t("{help} ({least}–{most}; 0: none)",
      { help: spec.help, least: spec.minimum, most: spec.maximum });
  }
  $("#handicap-row").hidden = !spec || !botSeats();
}

function chosenHandicap() {
  if ($("#handicap-row").hidden) return undefined;
  const text = $("#handicap").value.trim();
  if (text === "") return undefined;
  const value = Number(text);
  if (!Number.isInteger(value)) throw new Error(t("bot handicap: give a whole number"));
  return value;
}

function renderSeats(entry) {
  const fieldset = $("#seats");
  const before = [...fieldset.querySelectorAll("select")].map((s) => s.value);
  const n = seatCount(entry);
  const choices = ["me", ...opponentsOf(entry)];
  const rows = [];
  for (let seat = 0; seat < n; seat++) {
    const fallback = seat === 0 ? "me" : (entry.default_opponent || "person");
    const select = h("select", { id: `seat-${seat}`, "data-seat": String(seat), onchange: (e) => seatChanged(e.target) },
      choices.map((v) => h("option", { value: v, text: opponentLabel(v) })));
    select.value = choices.includes(before[seat]) ? before[seat] : fallback;
    rows.push(h("label", { class: "seat-row" }, [seatLabel(seatNames(null, entry), seat), " ", select]));
  }
  const about = entry.agents_about ? [h("p", { id: "seats-about", class: "muted seats-about", text: entry.agents_about })] : [];
  put(fieldset, h("legend", { text: t("Seats") }), ...rows, ...about);
  if (!rows.some((row) => row.querySelector("select").value === "me")) rows[0].querySelector("select").value = "me";
  showHandicap();
}

function chooseGame(entry) {
  lobby.entry = entry;
  const options = (entry.options || []).filter((o) => !o.local_only);
  const basic = options.filter((o) => !o.advanced);
  const advanced = options.filter((o) => o.advanced);
  const fieldset = $("#options");
  put(fieldset, h("legend", { text: entry.title }), ...basic.map((o) => optionControl(entry, o)));
  fieldset.hidden = basic.length === 0;
  const more = $("#advanced-rules");
  more.open = false;
  put($("#advanced-options"), ...advanced.map((o) => optionControl(entry, o)));
  more.hidden = advanced.length === 0;
  renderSeats(entry);
  showHandicap(true);
  showRulesButton(entry);
  $("#create-btn").disabled = false;
}

// ----- create ------------------------------------------------------------------------------------
function showCreated(seated) {
  const box = $("#created");
  const play = `/play/${encodeURIComponent(seated.game_id)}`;
  const invites = seated.invites && seated.invites.length ? seated.invites
    : seated.invite_url ? [{ seat: null, side: null, invite_url: seated.invite_url }] : [];
  put(box,
    h("p", {}, [t("Game {game} created: you play {side}.", { game: seated.game_id, side: sideWord(seated.game, seated.seat, seated.side) }), " ",
      h("a", { href: play, class: "button primary", id: "go-play" }, [t("Play")])]),
    ...invites.flatMap((inv) => [
      h("p", { text: inv.side ? t("Send this link to whoever plays {side} (it works once):", { side: inv.side })
        : t("Send this link to your opponent (it works once):") }),
      inviteBox(inv.invite_url, inv.side ? t("Invite link for {side}", { side: inv.side }) : t("Invite link")),
    ]),
  );
  box.hidden = false;
}

async function create(event) {
  event.preventDefault();
  const entry = lobby.entry;
  if (!entry) return;
  const seats = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  const mine = seats.indexOf("me");
  if (mine < 0) {
    say(t("Choose the seat you play (“me”)."));
    return;
  }
  let options;
  let handicap;
  try {
    options = chosenOptions();
    handicap = chosenHandicap();
  } catch (err) {
    say(errorText(err));
    return;
  }
  const body = { game: entry.name, options, seat: $("#random-seat").checked ? "random" : mine, seats };
  if (handicap !== undefined) body.handicap = handicap;
  if ($("#open-game") && $("#open-game").checked) body.open = true;
  if (clockBody()) body.clock = clockBody();
  $("#create-btn").disabled = true;
  try {
    const seated = await api("/api/games", { method: "POST", body });
    saveSeat({ game: entry.name, ...seated });
    showCreated(seated);
    const waiting = (seated.invites && seated.invites.length) || seated.invite_url;
    if (!waiting) location.assign(`/play/${encodeURIComponent(seated.game_id)}`);
    await refresh();
  } catch (err) {
    const field = err instanceof ApiError && err.body.field ? ` (${err.body.field})` : "";
    say(`${errorText(err)}${field}`);
  } finally {
    $("#create-btn").disabled = false;
  }
}

// ----- join --------------------------------------------------------------------------------------
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
    say(t("Paste an invite link (…/play/<game>#invite=…) or a game id."));
    return;
  }
  location.assign(target);
}

// ----- my games ----------------------------------------------------------------------------------
async function rematch(game, token) {
  try {
    const seated = await api(`/api/games/${encodeURIComponent(game.game_id)}/rematch`, { method: "POST", token });
    saveSeat(seated);
    location.assign(`/play/${encodeURIComponent(seated.game_id)}`);
  } catch (err) {
    say(errorText(err));
  }
}

/** The opponents in a few words: "vs 2 bots", "vs a bot and a person", "vs a person (invite pending)". */
function opponentsText(game) {
  const others = (game.players || (game.opponent ? [game.opponent] : [])).filter((p) => p.seat !== game.seat);
  if (!others.length) return "";
  const bots = others.filter((p) => p.kind === "bot").length;
  const people = others.length - bots;
  const pending = others.filter((p) => p.kind !== "bot" && !p.joined).length;
  const botsText = tn("a bot", "{n} bots", bots);
  const peopleText = tn("a person", "{n} people", people);
  const vs = bots && people ? t("vs {bots} and {people}", { bots: botsText, people: peopleText })
    : t("vs {them}", { them: bots ? botsText : peopleText });
  return pending ? tn("{vs} (an invite not accepted yet)", "{vs} ({n} invites not accepted yet)", pending, { vs }) : vs;
}

function sideOf(game, seat) {
  const player = (game.players || []).find((p) => p.seat === seat);
  return player ? player.side : t("seat {number}", { number: seat + 1 });
}

/** Whose turn, or the result: "your turn", "<seat> to play", "you won", "<seat> won (resigned)". */
function stateText(game) {
  if (game.status === "active") {
    if (game.your_turn) return t("your turn");
    const acting = game.acting || (game.to_act === null || game.to_act === undefined ? [] : [game.to_act]);
    return acting.length ? t("{seats} to play", { seats: joinAnd(acting.map((s) => sideOf(game, s))) }) : t("waiting");
  }
  const o = game.outcome;
  if (!o) return game.status;
  const why = reasonText(o.reason, game.reason_text);
  let result;
  if (o.winner === null || o.winner === undefined) result = t("draw");
  else result = o.winner === game.seat ? t("you won") : t("{side} won", { side: sideOf(game, o.winner) });
  return why ? t("{result} ({reason})", { result, reason: why }) : result;
}

/** The choices a row names: a non-default scenario or edition in its own words, and "variant" when an
 * advanced rules reading differs from the rulebook's (the readings themselves in the tooltip). */
function choicesText(entry, game) {
  const chosen = game.options || {};
  const differs = (o) => chosen[o.name] !== undefined && JSON.stringify(chosen[o.name]) !== JSON.stringify(o.default);
  const options = (entry ? entry.options || [] : []).filter((o) => !o.local_only && differs(o));
  const named = options.filter((o) => !o.advanced && (o.choices || []).length)
    .map((o) => String((o.meanings || {})[String(chosen[o.name])] || chosen[o.name]).split(":")[0]);
  const variant = options.filter((o) => o.advanced);
  return { named, variant: variant.map((o) => `${o.label || o.name}: ${(o.meanings || {})[String(chosen[o.name])] || JSON.stringify(chosen[o.name])}`) };
}

function pendingInvites(game, rec) {
  if (!rec || game.status !== "active") return [];
  const waiting = (game.players || (game.opponent ? [game.opponent] : []))
    .filter((p) => p.seat !== game.seat && p.kind === "person" && !p.joined);
  return waiting.map((p) => {
    const inv = (rec.invites || []).find((x) => x.seat === p.seat);
    return inv ? inv.invite_url : waiting.length === 1 ? rec.invite_url : null;
  }).filter(Boolean);
}

/** One of my games in words: "<game>, 3 players, vs 2 bots" and "your turn", then my seat, the last move's time. */
function gameRow(game, token) {
  const entry = lobby.games.find((g) => g.name === game.game);
  const href = `/play/${encodeURIComponent(game.game_id)}?seat=${game.seat}`;
  const rec = loadSeats().find((x) => x.game_id === game.game_id && x.seat === game.seat);
  const over = game.status !== "active";
  const players = (game.players || []).length || 2;
  const { named, variant } = choicesText(entry, game);
  const head = [game.title || (entry ? entry.title : game.game), ...named, tn("{n} player", "{n} players", players),
    opponentsText(game)];
  return h("li", { class: `game-row${game.your_turn ? " your-turn" : ""}${over ? " over" : ""}`, "data-game": game.game_id }, [
    h("div", { class: "game-main" }, [
      h("a", { href, class: "game-link" }, [head.filter(Boolean).join(", ")]),
      variant.length ? h("span", { class: "badge variant", title: variant.join("\n"), text: t("variant") }) : null,
      h("span", { class: `state${game.your_turn ? " badge acting-badge" : ""}`, text: stateText(game) }),
    ]),
    h("div", { class: "game-meta muted", text: t("you play {side} · last move {ago} · step {step} · {game}",
      { side: sideWord(game.game, game.seat, game.side), ago: timeAgo(game.updated_at), step: game.steps, game: game.game_id }) }),
    over ? h("div", { class: "tool-row" }, [
      h("a", { class: "button small", href: `/replay/${encodeURIComponent(game.game_id)}` }, [t("Replay")]),
      h("button", { type: "button", class: "small", onclick: () => rematch(game, token) }, [t("Rematch")]),
    ]) : null,
    ...pendingInvites(game, rec).map((url) => inviteBox(url)),
  ]);
}

async function refresh() {
  const seats = loadSeats();
  const root = $("#my-games");
  if (!seats.length) {
    put(root, h("p", { class: "muted", text: t("No games yet in this browser.") }));
    return;
  }
  try {
    const tokens = seats.map((x) => x.token).slice(-200);
    const { games } = await api("/api/my-games", { method: "POST", body: { tokens } });
    put(root, games.length ? h("ul", { class: "games" }, games.map((g) => gameRow(g, tokens[g.token_index])))
      : h("p", { class: "muted", text: t("None of the stored seats is known to this server.") }));
  } catch (err) {
    put(root, h("p", { class: "muted", text: t("Cannot list your games: {error}", { error: errorText(err) }) }));
  }
}

// ----- import ------------------------------------------------------------------------------------
function allOpponents() {
  const specs = new Set(lobby.games.flatMap(opponentsOf));
  return specs.size ? [...specs] : ["person"];
}

/** Read the chosen record file: its game names the seats to choose from. */
async function readRecord() {
  const file = $("#import-file").files[0];
  lobby.record = null;
  if (!file) return null;
  try {
    lobby.record = JSON.parse(await file.text());
  } catch (err) {
    say(t("This file is not a game record (JSON)."));
    return null;
  }
  const entry = lobby.games.find((g) => g.name === lobby.record.game);
  if (entry) {
    const names = seatNames(null, entry);
    fillSelect($("#import-seat"), names.map((_, i) => String(i)), (i) => seatLabel(names, Number(i)));
    fillSelect($("#import-opponent"), opponentsOf(entry), opponentLabel);
  }
  return lobby.record;
}

async function importRecord(event) {
  event.preventDefault();
  const record = lobby.record || await readRecord();
  if (!record) {
    say(t("Choose a record file first."));
    return;
  }
  try {
    const body = { record, seat: Number($("#import-seat").value), opponent: $("#import-opponent").value };
    const seated = await api("/api/import", { method: "POST", body });
    saveSeat({ game: record.game, ...seated });
    location.assign(`/play/${encodeURIComponent(seated.game_id)}`);
  } catch (err) {
    const step = err instanceof ApiError && err.body.step;
    say(step ? t("Import failed: {error} (step {step})", { error: errorText(err), step })
      : t("Import failed: {error}", { error: errorText(err) }));
  }
}

// ----- seat tokens -------------------------------------------------------------------------------
function setUpSeatTokens() {
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
      area.placeholder = t("Paste the seat tokens (JSON) here, then press the button again.");
      area.focus();
      return;
    }
    try {
      notice(tn("{n} seat added.", "{n} seats added.", importSeats(area.value)), "info");
      area.value = "";
      refresh();
    } catch (err) {
      say(t("Not a list of seat tokens: {error}", { error: errorText(err) }));
    }
  });
}

async function main() {
  await pageReady();
  $("#create-form").addEventListener("submit", create);
  mountClockChoice();
  $("#join-form").addEventListener("submit", join);
  $("#import-form").addEventListener("submit", importRecord);
  $("#import-file").addEventListener("change", () => { readRecord(); });
  $("#refresh").addEventListener("click", refresh);
  window.addEventListener("kleos:seats", () => refresh());  // account.js copied the account's seats here
  setUpSeatTokens();
  try {
    lobby.games = await catalog();
    renderGameList();
    fillSelect($("#import-opponent"), allOpponents(), opponentLabel);
  } catch (err) {
    put($("#game-list"), h("p", { class: "muted", text: t("The list of games cannot be read.") }));
    say(t("The server cannot be reached: {error}", { error: errorText(err) }));
  }
  await refresh();
  setInterval(() => { if (document.visibilityState === "visible") refresh(); }, 15000);
}

main();
