// Rules help, the first-game guide and hints on the game page, for every game through its kit:
// GET /api/games/{id}/help (each verb's help with the IDs of its rules, the guide's first page and
// its advice for the seat's decision now, the rules reference) and GET /api/games/{id}/hint (what a
// strong computer player would choose, from the seat's own view). A hint is told in words, with why
// when the game says (its agents' reason), and its menu entry is opened and marked; choosing stays
// the player's.
import { api, errorText } from "./api.js";
import { $, h, put } from "./dom.js";
import { arrange, menuModel, menuWords } from "./menu.js";
import { shortcuts } from "./keys.js";
import { t } from "./i18n.js";
import { markdown, rulesDialog, verbBlock } from "./rules-text.js";

const state = { gameId: "", token: null, getMsg: () => null, openPath: () => {}, hint: null, asking: false };

const dialog = () => rulesDialog("help-dialog", "help-title");

/** Open the help dialog with the server's help for this seat now. */
async function openHelp() {
  const el = dialog();
  const close = h("button", { type: "button", class: "small", "data-help-close": "1", onclick: () => el.close() }, [t("Close")]);
  put(el, h("div", { class: "help-head" }, [h("h2", { id: "help-title", text: t("Help") }), close]),
    h("p", { class: "muted", text: t("Loading…") }));
  if (!el.open) el.showModal();
  let help;
  try {
    help = await api(`/api/games/${encodeURIComponent(state.gameId)}/help`, { token: state.token });
  } catch (err) {
    put(el, h("div", { class: "help-head" }, [h("h2", { id: "help-title", text: t("Help") }), close]),
      h("p", { text: errorText(err) }));
    return;
  }
  const now = new Set(help.now || []);
  const verbs = help.verbs || [];
  const mine = verbs.filter((v) => now.has(v.verb));
  put(el,
    h("div", { class: "help-head" }, [h("h2", { id: "help-title", text: `Help: ${help.title}` }), close]),
    help.tip ? h("section", { class: "help-tip", "data-help": "tip" }, [h("h3", { text: t("Guide: now") }), h("p", { text: help.tip })]) : null,
    mine.length ? h("section", { "data-help": "now" }, [h("h3", { text: t("Your choices now") }), ...mine.map((v) => verbBlock(v, true))]) : null,
    h("details", { class: "help-guide", "data-help": "guide", open: !mine.length }, [h("summary", { text: t("First-game guide") }), ...markdown(help.guide_intro)]),
    verbs.length ? h("details", { "data-help": "verbs" }, [h("summary", { text: t("Every kind of move, with its rules") }),
      ...verbs.map((v) => verbBlock(v, now.has(v.verb)))]) : null,
    help.rules ? h("details", { "data-help": "rules" }, [h("summary", { text: t("Rules reference") }), ...markdown(help.rules)]) : null,
    h("details", { "data-help": "keys" }, [h("summary", { text: t("Keyboard shortcuts") }),
      h("dl", { class: "shortcuts" }, shortcuts().flatMap(([key, what]) => [h("dt", {}, [h("kbd", { text: key })]), h("dd", { text: what })]))]),
    h("p", { class: "muted", text: t("Hint: what the {agent} computer player would choose, from what you can see.", { agent: help.hint_agent }) }),
  );
}

/** The menu levels that show `action` (as game.js builds the menu): [], [verb] or [verb, first argument]. */
export function pathTo(msg, action) {
  const legal = arrange(msg.legal || [], msg.view && msg.view.warnings);
  const words = menuWords(null);
  const [verb, arg] = action.split(" ");
  if (legal.length <= 8) return [];
  for (const path of [[], [verb], [verb, arg || ""]]) {
    const model = menuModel(legal, path, null, words);
    if (model.items.some((item) => item.kind === "action" && item.entry.action === action)) return path;
  }
  return [verb];
}

function hintLine() {
  let el = $("#hint-line");
  if (!el) {
    el = h("p", { id: "hint-line", class: "hint-line", role: "status", hidden: true });
    $("#menu").after(el);
  }
  return el;
}

/** The hint's reason, or else what the hinted choice does (the view's explanation of it, as its
 * ⓘ says): a hint that only names its action teaches nothing. */
function hintWhy(hint, msg) {
  if (hint.why) return h("span", { class: "hint-why", text: " " + t("Why: {why}", { why: hint.why }) });
  const told = msg.view && msg.view.explanations && msg.view.explanations[hint.action];
  return told ? h("span", { class: "hint-why", text: " " + t("What it does: {text}", { text: told }) }) : null;
}

async function askHint() {
  const msg = state.getMsg();
  if (!msg || !msg.your_turn || !state.token || state.asking) return;
  state.asking = true;
  if ($("#hint-ask")) $("#hint-ask").disabled = true;
  const line = hintLine();
  line.hidden = false;
  put(line, t("Thinking about a hint…"));
  try {
    const hint = await api(`/api/games/${encodeURIComponent(state.gameId)}/hint`, { token: state.token });
    const now = state.getMsg();
    if (!now || now.seq !== hint.seq) {
      put(line, t("The game moved on: ask again."));
      return;
    }
    state.hint = hint;
    const close = hint.lookahead ? h("span", { class: "hint-lookahead", text: " " + hint.lookahead }) : null;
    put(line, h("span", { class: "hint-label", text: t("Hint ({agent}):", { agent: hint.agent }) + " " }), h("span", { class: "hint-text", text: hint.text }),
      " ", h("code", { class: "notation", text: hint.action }), hintWhy(hint, now), close);
    line.dataset.action = hint.action;
    state.openPath(pathTo(now, hint.action));
  } catch (err) {
    put(line, t("No hint: {error}", { error: errorText(err) }));
  } finally {
    state.asking = false;
    const ask = $("#hint-ask");
    if (ask) ask.disabled = false;
  }
}

/** Add the Help and Hint buttons to the turn panel. opts: {gameId, token, getMsg(), openPath(path)}. */
export function initHelp(opts) {
  Object.assign(state, opts);
  const tools = $("#turn .turn-tools");
  if (!tools || $("#help-open")) return;
  tools.append(
    h("button", { type: "button", id: "help-open", class: "small", "data-tool": "help", onclick: () => openHelp() }, [t("Help")]),
    h("button", { type: "button", id: "hint-ask", class: "small", "data-tool": "hint", hidden: true, onclick: () => askHint() }, [t("Hint")]),
  );
}

/** After each render: the Hint button for the seat to act, and the hinted entry marked while it stands. */
export function markHint(msg) {
  const ask = $("#hint-ask");
  if (ask) {
    ask.hidden = !(msg.your_turn && state.token && !msg.outcome);
    ask.disabled = state.asking;
  }
  const hint = state.hint;
  if (!hint) return;
  if (hint.seq !== msg.seq || !msg.your_turn) {
    state.hint = null;
    const line = $("#hint-line");
    if (line) line.hidden = true;
    return;
  }
  for (const button of document.querySelectorAll("#menu button.choice[data-action]")) {
    const hinted = button.dataset.action === hint.action;
    button.classList.toggle("hinted", hinted);
    if (hinted) button.dataset.hinted = "1";
  }
}
