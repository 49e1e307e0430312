// The replay page: /replay/{game_id}[?step=k]. A finished game's public view after each step,
// drawn by the game's board module (or as text), with the whole public log to jump to a step.
import { mountAnalysis } from "./analysis.js";
import { api, ApiError } from "./api.js";
import { $, h, put } from "./dom.js";
import { seatNames, seatTag } from "./board-api.js";
import { boardTitle, gameEntry, hostBoard } from "./host.js";
import { outcomeText, renderLog, withoutSeat } from "./log.js";
import { putLines } from "./lines.js";
import { t } from "./i18n.js";
import { pageReady, withGameWords } from "./shell.js";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const ui = { entry: null, board: null, msg: null, step: 0, steps: 0, timer: null, loading: null, cache: new Map() };

function names(msg) {
  return seatNames(msg, ui.entry);
}

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
    notice(replayProblem(err));
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
  document.body.dataset.step = String(msg.step);
  history.replaceState(null, "", `${location.pathname}?step=${msg.step}`);
  $("#slider").max = String(msg.steps);
  $("#slider").value = String(msg.step);
  $("#step-label").textContent = t("step {step} of {steps}", { step: msg.step, steps: msg.steps });
  put($("#current-action"), msg.action
    ? h("p", {}, [h("span", { class: "step", text: `${msg.action.step}. ` }), seatTag(names(msg), msg.action.seat), " ",
                  withoutSeat(msg.action, names(msg))])
    : h("p", { class: "muted", text: t("The position before the first step.") }));
  ui.board.render(msg, { busy: false, seat: null, choosable: new Map() });
  renderLog($("#log-panel"), msg.log, names(msg), { current: msg.step, onStep: (k) => { stop(); go(k); } });
  putLines($("#description"), msg.description);
  $("#prev").disabled = $("#first").disabled = msg.step === 0;
  $("#next").disabled = $("#last").disabled = msg.step === msg.steps;
}

function stop() {
  clearInterval(ui.timer);
  ui.timer = null;
  $("#play").textContent = t("▶︎ Play");
  $("#play").setAttribute("aria-label", t("Play the replay"));
}

function play() {
  if (ui.timer) {
    stop();
    return;
  }
  if (ui.step >= ui.steps) go(0);
  $("#play").textContent = t("⏸ Pause");
  $("#play").setAttribute("aria-label", t("Pause the replay"));
  ui.timer = setInterval(() => {
    if (ui.step >= ui.steps) stop();
    else go(ui.step + 1);
  }, 700);
}

function replayProblem(err) {
  return err instanceof ApiError && err.code === "not_finished"
    ? t("This game is still running: its replay opens once it is over.")
    : t("Cannot load the replay: {error}", { error: err.message });
}

async function main() {
  await pageReady();
  let last;
  try {
    last = await fetchStep(null);
  } catch (err) {
    notice(replayProblem(err));
    return;
  }
  ui.cache.set(String(last.step), Promise.resolve(last));
  await withGameWords(last.game);
  ui.entry = await gameEntry(last);
  ui.board = await hostBoard("replay", ui.entry, last, {});
  $("#game-title").textContent = t("{title} · replay of {game}", { title: boardTitle(ui.board, ui.entry, last), game: gameId });
  document.title = t("Kleos — {title} replay {game}", { title: ui.entry.title, game: gameId });
  ui.steps = last.steps;
  const ending = (ui.board.outcomeText && ui.board.outcomeText(last.outcome)) || outcomeText(last.outcome, names(last), last.reason_text);
  put($("#tools"), h("h3", { text: t("Game") }), h("p", { text: ending }), h("div", { class: "tool-row" }, [
    h("a", { class: "button", href: `/api/games/${encodeURIComponent(gameId)}/record`, download: `${last.game || "game"}-${gameId}.json` },
      [t("Export the record (JSON)")]),
    h("a", { class: "button", href: `/play/${encodeURIComponent(gameId)}` }, [t("Final position")]),
    h("a", { class: "button", href: "/" }, [t("Lobby")]),
  ]));
  mountAnalysis($("#tools"), gameId, names(last), (k) => { stop(); go(k); });
  $("#first").addEventListener("click", () => { stop(); go(0); });
  $("#prev").addEventListener("click", () => { stop(); go(ui.step - 1); });
  $("#next").addEventListener("click", () => { stop(); go(ui.step + 1); });
  $("#last").addEventListener("click", () => { stop(); go(ui.steps); });
  $("#play").addEventListener("click", play);
  $("#slider").addEventListener("input", (e) => { stop(); go(Number(e.target.value)); });
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
