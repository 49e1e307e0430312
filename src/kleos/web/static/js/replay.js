// The replay page: /replay/{game_id}[?step=k]. A finished game's public view after each step.
import { api, ApiError, editionTables } from "./api.js";
import { $, h, put } from "./dom.js";
import { drawMap } from "./map.js";
import {
  outcomeText, renderBoards, renderEvent, renderLog, renderMarkets, renderPoleis, renderProjects, renderStatus, sideTag, withoutSide,
} from "./render.js";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const ui = { T: null, msg: null, step: 0, steps: 0, timer: null, loading: null, cache: new Map() };

function notice(text) {
  const el = $("#notice");
  put(el, h("span", { text }));
  el.hidden = false;
}

async function fetchStep(step) {
  const key = step === null ? "end" : String(step);
  if (!ui.cache.has(key)) {
    const q = step === null ? "" : `?step=${step}`;
    ui.cache.set(key, api(`/api/games/${encodeURIComponent(gameId)}/replay${q}`).catch((err) => {
      ui.cache.delete(key);
      throw err;
    }));
  }
  return ui.cache.get(key);
}

async function go(step) {
  step = Math.max(0, Math.min(ui.steps, step));
  const token = {};
  ui.loading = token;
  let msg;
  try {
    msg = await fetchStep(step);
  } catch (err) {
    notice(err instanceof ApiError && err.code === "not_finished"
      ? "This game is still running: its replay opens once it is over." : `Cannot load the replay: ${err.message}`);
    stop();
    return;
  }
  if (ui.loading !== token) return;
  show(msg);
  if (step < ui.steps) fetchStep(step + 1).catch(() => {});
}

function show(msg) {
  ui.msg = msg;
  ui.step = msg.step;
  ui.steps = msg.steps;
  const T = ui.T, st = msg.view.state;
  document.body.dataset.step = String(msg.step);
  history.replaceState(null, "", `${location.pathname}?step=${msg.step}`);
  $("#slider").max = String(msg.steps);
  $("#slider").value = String(msg.step);
  $("#step-label").textContent = `step ${msg.step} of ${msg.steps}`;
  renderStatus($("#status"), T, st, { outcome: msg.step === msg.steps ? msg.outcome : null });
  put($("#current-action"), msg.action
    ? h("p", {}, [h("span", { class: "step", text: `${msg.action.step}. ` }), sideTag(msg.action.seat), " ", withoutSide(msg.action)])
    : h("p", { class: "muted", text: "The position before the first step." }));
  drawMap($("#map"), T, st, { battle: st.battle ? st.battle.region : null });
  renderEvent($("#event"), T, st);
  renderBoards($("#boards"), T, st, msg.view, null, msg.players, []);
  renderMarkets($("#markets"), T, st);
  renderProjects($("#projects"), T, st);
  renderPoleis($("#poleis"), T, st);
  renderLog($("#log-panel"), msg.log, { current: msg.step, onStep: (k) => { stop(); go(k); } });
  $("#description").textContent = msg.description;
  $("#prev").disabled = $("#first").disabled = msg.step === 0;
  $("#next").disabled = $("#last").disabled = msg.step === msg.steps;
}

function stop() {
  clearInterval(ui.timer);
  ui.timer = null;
  $("#play").textContent = "▶︎ Play";
  $("#play").setAttribute("aria-label", "Play");
}

function play() {
  if (ui.timer) {
    stop();
    return;
  }
  if (ui.step >= ui.steps) go(0);
  $("#play").textContent = "⏸ Pause";
  $("#play").setAttribute("aria-label", "Pause");
  ui.timer = setInterval(() => {
    if (ui.step >= ui.steps) stop();
    else go(ui.step + 1);
  }, 700);
}

async function main() {
  let last;
  try {
    last = await fetchStep(null);
  } catch (err) {
    notice(err instanceof ApiError && err.code === "not_finished"
      ? "This game is still running: its replay opens once it is over." : `Cannot load the replay: ${err.message}`);
    return;
  }
  ui.cache.set(String(last.step), Promise.resolve(last));
  ui.T = await editionTables((last.options && last.options.edition) || "2020");
  $("#game-title").textContent = `${ui.T.title} · replay of ${gameId}`;
  ui.steps = last.steps;
  put($("#tools"), h("h3", { text: "Game" }), h("p", { text: outcomeText(last.outcome) }), h("div", { class: "tool-row" }, [
    h("a", { class: "button", href: `/api/games/${encodeURIComponent(gameId)}/record`, download: `polis-${gameId}.json` },
      ["Export the record (JSON)"]),
    h("a", { class: "button", href: `/play/${encodeURIComponent(gameId)}` }, ["Final position"]),
    h("a", { class: "button", href: "/" }, ["Lobby"]),
  ]));
  $("#first").addEventListener("click", () => { stop(); go(0); });
  $("#prev").addEventListener("click", () => { stop(); go(ui.step - 1); });
  $("#next").addEventListener("click", () => { stop(); go(ui.step + 1); });
  $("#last").addEventListener("click", () => { stop(); go(ui.steps); });
  $("#play").addEventListener("click", play);
  $("#slider").addEventListener("input", (e) => { stop(); go(Number(e.target.value)); });
  $("#zoom").addEventListener("click", (e) => {
    const on = $("#map-wrap").classList.toggle("zoomed");
    e.target.setAttribute("aria-pressed", on ? "true" : "false");
  });
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement && e.target.type !== "range") return;
    if (e.key === "ArrowLeft") { stop(); go(ui.step - 1); e.preventDefault(); }
    if (e.key === "ArrowRight") { stop(); go(ui.step + 1); e.preventDefault(); }
    if (e.key === "Home") { stop(); go(0); }
    if (e.key === "End") { stop(); go(ui.steps); }
  });
  const wanted = Number(new URLSearchParams(location.search).get("step"));
  if (Number.isInteger(wanted) && new URLSearchParams(location.search).has("step") && wanted !== last.step) go(wanted);
  else show(last);
}

main();
