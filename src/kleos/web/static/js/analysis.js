// The post-game analysis on the replay page: an "Analyse" button that asks the server for it (the
// workers run it as bot work, and it is stored with the game), then a chart of each seat's value
// at its own decisions (inline SVG; a whisker shows the spread of the repeated searches) with the
// turning points, each a button that jumps the replay to the move. /replay/{id}?analyse=1 asks at once.
import { api, errorText } from "./api.js";
import { $, h, put, s } from "./dom.js";
import { t, tn } from "./i18n.js";

const WIDTH = 640;
const HEIGHT = 180;
const PAD = 24;
const POLL_MS = 1500;

function stylesheet() {
  if ($("link[data-analysis]")) return;
  document.head.append(h("link", { rel: "stylesheet", href: "/static/css/analysis.css", "data-analysis": "" }));
}

function pct(v) {
  return `${Math.round(100 * v)}%`;
}

function xOf(index, steps) {
  return PAD + ((WIDTH - 2 * PAD) * index) / Math.max(1, steps);
}

function yOf(value) {
  return PAD + (HEIGHT - 2 * PAD) * (1 - value);
}

/** What the chart draws for a decision: the calibrated chance (analyses stored before it: the value). */
function chanceOf(st) {
  return st.chance ?? st.before;
}

function spreadOf(st) {
  return st.chance_spread ?? st.spread;
}

function chanceWords(analysis) {
  return analysis.chance_words ?? analysis.value_words;
}

function seriesOf(analysis, seat) {
  return analysis.steps.filter((st) => st.kind === "decision" && st.seat === seat && st.before !== null);
}

/** The chart: a line per seat, the 50% line, and a clickable mark per turning point. */
function chart(analysis, names, jump) {
  const steps = analysis.steps.length;
  const parts = [
    s("line", { x1: PAD, x2: WIDTH - PAD, y1: yOf(0.5), y2: yOf(0.5), class: "analysis-mid" }),
    s("text", { x: 2, y: yOf(1) + 4, class: "analysis-axis", text: "100%" }),
    s("text", { x: 2, y: yOf(0) + 4, class: "analysis-axis", text: "0%" }),
  ];
  names.forEach((name, seat) => {
    const points = seriesOf(analysis, seat).map((st) => `${xOf(st.index, steps).toFixed(1)},${yOf(chanceOf(st)).toFixed(1)}`);
    for (const st of seriesOf(analysis, seat)) {
      if (spreadOf(st) > 0) {  // the spread between the repeated searches, as a whisker
        const x = xOf(st.index, steps);
        parts.push(s("line", { x1: x, x2: x, y1: yOf(Math.min(1, chanceOf(st) + spreadOf(st) / 2)),
          y2: yOf(Math.max(0, chanceOf(st) - spreadOf(st) / 2)), class: `analysis-spread seat-line-${seat % 5}` }));
      }
    }
    if (points.length) {
      parts.push(s("polyline", { points: points.join(" "), class: `analysis-line seat-line-${seat % 5}` },
        [s("title", { text: name })]));
    }
  });
  for (const tp of analysis.turning_points) {
    const step = analysis.steps.find((st) => st.index === tp.index);
    const value = step && step.before !== null && step.before !== undefined ? chanceOf(step) : 0.5;
    parts.push(s("circle", {
      cx: xOf(tp.index, steps), cy: yOf(value), r: 6, class: `analysis-turn turn-${tp.kind}`, tabindex: 0,
      role: "button", "aria-label": t("step {step}: {text}", { step: tp.index + 1, text: tp.text }), "data-step": tp.index + 1,
      onclick: () => jump(tp.index + 1),
      onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); jump(tp.index + 1); } },
    }, [s("title", { text: t("step {step}: {text}", { step: tp.index + 1, text: tp.text }) })]));
  }
  return s("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "analysis-chart", role: "img",
    "aria-label": t("Each seat's {value} over the game", { value: chanceWords(analysis) }) }, parts);
}

function legend(analysis, names) {
  return h("ul", { class: "analysis-legend" }, names.map((name, seat) => {
    const own = seriesOf(analysis, seat);
    const last = own.length ? pct(chanceOf(own[own.length - 1])) : t("no decision");
    return h("li", {}, [h("span", { class: `analysis-swatch seat-line-${seat % 5}` }), ` ${name}: ${last}`]);
  }));
}

function turningList(analysis, jump) {
  if (!analysis.turning_points.length) return h("p", { class: "muted", text: t("No turning point.") });
  return h("ol", { class: "analysis-turns" }, analysis.turning_points.map((tp) => h("li", {}, [
    h("button", { type: "button", class: `small turn-${tp.kind}`, "data-step": tp.index + 1, onclick: () => jump(tp.index + 1) },
      [t("Step {step}", { step: tp.index + 1 })]),
    ` ${tp.text}`,
  ])));
}

function summary(analysis) {
  const seen = analysis.full_information
    ? t("with full information (the game is over: hidden cards were used)")
    : t("from each seat's own view, as the players saw the game");
  const marks = Object.entries(analysis.marks).map(([name, v]) => t("{mark} from {value}", { mark: name, value: pct(v) }))
    .join(", ");
  const searches = tn("{n} search per decision", "{n} searches per decision", analysis.repeats);
  const calibrated = analysis.calibrated
    ? " " + t("The chart shows it turned into a winning chance by the game's calibration (fitted on self-play games).")
    : "";
  return h("p", { class: "muted analysis-note", text:
    t("The searcher's {value} at each decision, {seen}; {budget} model calls per search, {searches}. "
      + "A move is marked when it loses: {marks}. Chance is never blamed.",
    { value: analysis.value_words, seen, budget: analysis.budget, searches, marks }) + calibrated });
}

function render(box, analysis, names, jump) {
  put(box, h("h3", { text: t("Analysis") }), summary(analysis), chart(analysis, names, jump), legend(analysis, names),
    h("h4", { text: t("Turning points") }), turningList(analysis, jump));
}

/** Mount the analysis section after ``after``; ``jump(step)`` shows the replay's step. */
export function mountAnalysis(after, gameId, names, jump) {
  stylesheet();
  const url = `/api/games/${encodeURIComponent(gameId)}/analysis`;
  const box = h("section", { id: "analysis", class: "analysis", "aria-live": "polite" });
  const button = h("button", { type: "button", id: "analyse", "data-tool": "analyse" }, [t("Analyse")]);
  const status = h("span", { class: "muted analysis-status" });
  put(box, h("h3", { text: t("Analysis") }), h("div", { class: "tool-row" }, [button, status]));
  after.after(box);

  async function poll() {
    let found;
    try {
      found = await api(url);
    } catch (err) {
      status.textContent = t("The analysis cannot be loaded: {error}", { error: errorText(err) });
      return;
    }
    if (found.status === "done") render(box, found.analysis, names, jump);
    else if (found.status === "queued" || found.status === "running") {
      button.disabled = true;
      status.textContent = found.status === "queued" ? t("Waiting for a worker…")
        : found.steps ? t("The searcher is at step {done} of {steps}…", { done: found.done, steps: found.steps })
          : t("The searcher is going through the game…");
      setTimeout(poll, POLL_MS);
    } else if (found.status === "failed") {
      button.disabled = false;
      status.textContent = t("The last analysis did not finish: ask again.");
    }
  }

  async function ask() {
    button.disabled = true;
    status.textContent = t("Asking…");
    try {
      await api(url, { method: "POST" });
    } catch (err) {
      button.disabled = false;
      status.textContent = errorText(err);
      return;
    }
    poll();
  }

  button.addEventListener("click", ask);
  if (new URLSearchParams(location.search).has("analyse")) ask();
  else poll();
}
