// The game-over score breakdown: per seat its final score and, when the game tells them (the kit's
// score_breakdown, through GET /api/games/{id}/scores), the parts it adds up from; otherwise the
// outcome's scores and the reason the game ended, as the state message holds them.
import { api } from "./api.js";
import { $, h, put } from "./dom.js";
import { seatTag } from "./board-api.js";
import { t } from "./i18n.js";
import { reasonText } from "./words.js";

const state = { gameId: null, asked: false, scores: null };

/** A part of the score as a heading: the game's word for it in the reader's language (the server's
 * part_words), else the key itself. */
function words(key, partWords) {
  const text = (partWords && partWords[key]) || String(key).replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The scores of the message's outcome when the server's breakdown is not (yet) there. */
function fromOutcome(msg, names) {
  const outcome = msg.outcome;
  return {
    reason: outcome.reason, reason_text: msg.reason_text || "", winner: outcome.winner,
    outcome_text: msg.outcome_text || "",
    seats: names.map((side, seat) => ({ seat, side, score: (outcome.scores || [])[seat] ?? null,
                                        winner: outcome.winner === seat, parts: null })),
  };
}

function table(result, names) {
  const keys = [];
  for (const seat of result.seats) for (const key of Object.keys(seat.parts || {})) if (!keys.includes(key)) keys.push(key);
  // The score comes right after the seat: behind a sheet of parts it was the column a narrow panel cut off.
  const head = h("tr", {}, [h("th", { text: t("Seat") }), h("th", { text: t("Score") }),
    ...keys.map((k) => h("th", { text: words(k, result.part_words) }))]);
  const rows = result.seats.map((seat) => h("tr", { class: seat.winner ? "winner" : null, "data-seat": String(seat.seat) }, [
    h("td", {}, [seatTag(names, seat.seat), seat.winner ? h("span", { class: "winner-mark", text: " ★ " + t("winner") }) : null]),
    h("td", { class: "num total", text: seat.score === null || seat.score === undefined ? "–" : String(seat.score) }),
    ...keys.map((k) => h("td", { class: "num", text: seat.parts && k in seat.parts ? String(seat.parts[k]) : "–" })),
  ]));
  return h("div", { class: "table-wrap" }, [h("table", { class: "score-table" }, [h("thead", {}, [head]), h("tbody", {}, rows)])]);
}

function panel() {
  let el = $("#scores");
  if (!el) {
    el = h("section", { id: "scores", class: "scores-panel", hidden: true });
    $("#turn").before(el);
  }
  return el;
}

/** One click each, under the scores, for the game tools' replay, record export and rematch. */
function shortcuts() {
  const tools = ["replay", "export", "rematch"].map((name) => $(`#tools [data-tool="${name}"]`)).filter(Boolean);
  if (!tools.length) return null;
  return h("div", { class: "tool-row end-tools" }, tools.map((tool) => h("button", {
    type: "button", class: tool.classList.contains("primary") ? "primary" : null, "data-end-tool": tool.dataset.tool,
    onclick: () => tool.click(),
  }, [tool.textContent])));
}

function draw(result, names) {
  const el = panel();
  el.hidden = false;
  const reason = reasonText(result.reason, result.reason_text);
  put(el, h("h2", { text: t("Final scores") }),
    result.outcome_text ? h("p", { class: "outcome-text", text: result.outcome_text }) : null,
    table(result, names),
    h("p", { class: "muted end-reason", text: t("The game ended by: {reason}.", { reason }) }),
    shortcuts());
}

/** After each render: the breakdown once the game is over (asked from the server once per game). */
export function renderScores(msg, names) {
  if (!msg.outcome) {
    const el = $("#scores");
    if (el) el.hidden = true;
    return;
  }
  if (state.gameId !== msg.game_id) Object.assign(state, { gameId: msg.game_id, asked: false, scores: null });
  draw(state.scores || fromOutcome(msg, names), names);
  if (state.asked) return;
  state.asked = true;
  api(`/api/games/${encodeURIComponent(msg.game_id)}/scores`).then((result) => {
    state.scores = result;
    draw(result, names);
  }).catch(() => {}); // the outcome's own scores stay shown
}
