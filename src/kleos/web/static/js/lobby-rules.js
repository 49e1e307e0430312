// The lobby's "Read the rules" button: a game's rules reference and the help of every kind of move
// (GET /api/catalog/{game}/rules, in the reader's language), readable before starting a game, in a
// dialog like the game page's help (Esc or Close shuts it, focus goes back to the button).
import { api, errorText } from "./api.js";
import { $, h, put } from "./dom.js";
import { t } from "./i18n.js";
import { markdown, rulesDialog, verbBlock } from "./rules-text.js";

const dialog = () => rulesDialog("rules-dialog", "rules-title");

function head(el, title) {
  const close = h("button", { type: "button", class: "small", "data-rules-close": "1", onclick: () => el.close() }, [t("Close")]);
  return h("div", { class: "help-head" }, [h("h2", { id: "rules-title", text: title }), close]);
}

/** Open the dialog with `entry`'s rules (a catalog entry: its name and title). */
async function openRules(entry) {
  const el = dialog();
  const title = t("Rules of {game}", { game: entry.title });
  put(el, head(el, title), h("p", { class: "muted", text: t("Loading…") }));
  if (!el.open) el.showModal();
  let rules;
  try {
    rules = await api(`/api/catalog/${encodeURIComponent(entry.name)}/rules`);
  } catch (err) {
    put(el, head(el, title), h("p", { text: errorText(err) }));
    return;
  }
  const verbs = rules.verbs || [];
  put(el, head(el, title),
    rules.rules ? h("section", { "data-rules-part": "reference" }, markdown(rules.rules, { top: "h3" })) : null,
    verbs.length ? h("details", { "data-rules-part": "verbs", open: !rules.rules }, [
      h("summary", { text: t("Every kind of move, with its rules") }), ...verbs.map((v) => verbBlock(v, false, rules.rules ? "h4" : "h3"))]) : null,
    !rules.rules && !verbs.length ? h("p", { class: "muted", text: t("This game has no rules text yet.") }) : null);
}

/** Show the button for the game chosen in the New game form. */
export function showRulesButton(entry) {
  const button = $("#rules-open");
  button.textContent = t("Read the rules of {game}", { game: entry.title });
  button.onclick = () => { openRules(entry); };
  button.hidden = false;
}
