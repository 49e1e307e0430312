// The action menu, built only from the legal actions the server sent to this seat: verbs first,
// then (for long lists) the first argument, then the actions themselves with the server's
// plain-words account of what each costs and does. One click sends one step. The words around
// it (a verb's heading, its rules help, a second tap before a step that cannot be undone) come
// from the game's board module when it brings them (see board-api.js).
import { h, spaced } from "./dom.js";
import { t } from "./i18n.js";

/** The menu's words for a board: its own where it has them, plain ones otherwise. */
export function menuWords(board) {
  const b = board || {};
  return {
    verbLabel: (verb) => (b.verbLabel && b.verbLabel(verb)) || verb.charAt(0).toUpperCase() + verb.slice(1),
    groupLabel: (verb, key) => (b.groupLabel && b.groupLabel(verb, key)) || spaced(key),
    verbHelp: (verb) => (b.verbHelp && b.verbHelp(verb)) || null,
    confirm: (entry) => (b.confirm && b.confirm(entry)) || null,
  };
}

const LAST = ["done", "pass"];
/** Whether an entry ends a step: the server marks it (`ends`, the game's own ending verbs), else
 * the usual verbs do. */
const ends = (e) => Boolean(e.ends) || LAST.includes(tokens(e.action)[0]);

function tokens(action) {
  return action.split(" ");
}

/**
 * The legal actions in the menu's order: safe choices first, then those that end a step (`ends`,
 * or "done", "pass"), then those that lose the game at once. `warnings` (the view's "warnings": action ->
 * why it loses, see kleos.core.kit.web) marks the last ones: each entry gains its `warning`.
 * `explanations` (the view's "explanations": action -> what choosing it does) gives each entry
 * the game explains its `explain`.
 */
export function arrange(legal, warnings, explanations) {
  const told = (e) => (explanations && explanations[e.action] ? { ...e, explain: explanations[e.action] } : e);
  const marked = legal.map((e) => told(warnings && warnings[e.action] ? { ...e, warning: warnings[e.action] } : e));
  const rank = (e) => (e.warning ? 2 : ends(e) ? 1 : 0);
  return marked.map((e, i) => [rank(e), i, e]).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map((x) => x[2]);
}

export function groupByVerb(legal) {
  const groups = new Map();
  for (const entry of legal) {
    const verb = tokens(entry.action)[0];
    if (!groups.has(verb)) groups.set(verb, []);
    groups.get(verb).push(entry);
  }
  const last = (verb) => (groups.get(verb).every((e) => e.warning) ? 2 : groups.get(verb).every(ends) ? 1 : 0);
  const keys = [...groups.keys()].sort((a, b) => last(a) - last(b));
  return keys.map((verb) => ({ verb, entries: groups.get(verb) }));
}

/** The names (of board.names) that the given actions mention, with counts. */
export function namesIn(entries, known) {
  const out = new Map();
  for (const e of entries) {
    for (const tok of tokens(e.action).slice(1)) {
      if (known.has(tok)) out.set(tok, (out.get(tok) || 0) + 1);
    }
  }
  return out;
}

/** The first argument position that sorts a verb's actions into several groups (an argument every
 * action shares, e.g. the actor named first in every action of a verb, is skipped); 1 when none does. */
function splitIndex(entries) {
  const width = Math.max(...entries.map((e) => tokens(e.action).length));
  for (let i = 1; i < width; i += 1) {
    const values = new Set(entries.map((e) => tokens(e.action)[i] || ""));
    if (values.size > 1) return values.size < entries.length ? i : 1;
  }
  return 1;
}

function subgroups(entries) {
  const at = splitIndex(entries);
  const byArg = new Map();
  for (const e of entries) {
    const arg = tokens(e.action)[at] || "";
    if (!byArg.has(arg)) byArg.set(arg, []);
    byArg.get(arg).push(e);
  }
  return byArg;
}

/**
 * The menu's model for the current path: {title, back, items, entries} where items are
 * {kind: "group"|"action", ...}. path: [] | [verb] | [verb, firstArg]; filter: a place name or null.
 */
export function menuModel(legal, path, filter, words) {
  const { verbLabel } = words;
  const groupLabel = words.groupLabel || ((verb, key) => spaced(key));
  if (filter) {
    const entries = legal.filter((e) => tokens(e.action).slice(1).includes(filter));
    return { title: t("Choices involving {name}", { name: spaced(filter) }), back: true,
             items: entries.map((e) => ({ kind: "action", entry: e })), entries };
  }
  const groups = groupByVerb(legal);
  // with a single verb its groups are shown at once, so an opened group's key comes without the verb
  if (groups.length === 1 && path.length && path[0] !== groups[0].verb) path = [groups[0].verb, ...path];
  if (path.length === 0 && groups.length > 1) {
    const items = groups.map(({ verb, entries }) => (entries.length === 1
      ? { kind: "action", entry: entries[0], verb }
      : { kind: "group", key: verb, label: verbLabel(verb), count: entries.length, verb, entries }));
    return { title: null, back: false, items, entries: legal };
  }
  const verb = path[0] || (groups[0] && groups[0].verb);
  const group = groups.find((g) => g.verb === verb);
  if (!group) return { title: null, back: path.length > 0, items: [], entries: [] };
  const entries = group.entries;
  const byArg = subgroups(entries);
  const worthGrouping = entries.length > 10 && byArg.size > 1 && byArg.size < entries.length;
  if (path.length <= 1 && worthGrouping) {
    const items = [...byArg.entries()].map(([arg, list]) => (list.length === 1
      ? { kind: "action", entry: list[0], verb }
      : { kind: "group", key: arg, label: groupLabel(verb, arg), count: list.length, verb, entries: list }));
    return { title: verbLabel(verb), verb, back: groups.length > 1, items, entries };
  }
  const list = path.length > 1 ? (byArg.get(path[1]) || []) : entries;
  return { title: path.length > 1 ? `${verbLabel(verb)}: ${groupLabel(verb, path[1])}` : verbLabel(verb), verb,
           back: groups.length > 1 || path.length > 1,
           items: list.map((e) => ({ kind: "action", entry: e, verb })), entries: list };
}

function helpBlock(verb, words) {
  const help = words.verbHelp(verb);
  if (!help) return null;
  return h("div", { class: "help", role: "note" }, [
    h("p", { text: help.text }), h("p", { class: "rules", text: t("Rules: {rules}", { rules: help.rules }) }),
  ]);
}

function helpButton(verb, holder, words) {
  if (!words.verbHelp(verb)) return null;
  const label = words.verbLabel(verb);
  return h("button", {
    class: "help-btn", type: "button", title: t("Rules help: {label}", { label }), "aria-label": t("Rules help: {label}", { label }),
    "data-help": verb,
    onclick: (event) => {
      event.stopPropagation();
      const open = holder.querySelector(`.help[data-verb="${verb}"]`);
      if (open) {
        open.remove();
        return;
      }
      const block = helpBlock(verb, words);
      block.dataset.verb = verb;
      holder.append(block);
    },
  }, ["?"]);
}

/** The ⓘ of an explained action: a tap opens or closes the line under its button (hover and focus
 * open it too, through the stylesheet), so the explanation is readable on a phone before choosing. */
function explainButton(entry) {
  if (!entry.explain) return null;
  return h("button", {
    class: "explain-btn", type: "button", title: t("What this choice does"), "aria-label": t("What this choice does"),
    "data-explain": entry.action,
    onclick: (event) => {
      event.stopPropagation();
      event.currentTarget.closest(".menu-row").classList.toggle("open");
    },
  }, ["i"]);
}

/** A step the board marks as final (it cannot be taken back) waits for a second tap; so does a
 * step that loses the game, whatever the board says. */
function confirmThen(button, entry, onChoose, words) {
  const ask = entry.warning ? t("⚠ {warning}. Tap again to take it and lose the game.", { warning: entry.warning })
    : words.confirm(entry);
  if (!ask || button.dataset.armed === "1") {
    onChoose(entry.action);
    return;
  }
  button.dataset.armed = "1";
  button.classList.add("armed");
  const text = button.querySelector(".text");
  if (text) text.textContent = ask;
}

/**
 * Render the menu into `root`. handlers: onChoose(action), onOpen(key), onBack(), onHover(names|null).
 * `busy` disables every choice (a step is on its way); `known`: the board's names; `words`: menuWords(board).
 */
export function renderMenu(root, model, { busy, onChoose, onOpen, onBack, onHover, known, words }) {
  const list = h("div", { class: "menu-list", role: "list", "aria-label": model.title ? t("Choices: {title}", { title: model.title }) : t("Your choices") });
  if (model.title || model.back) {
    const head = h("div", { class: "menu-head" }, [
      model.back ? h("button", { class: "back", type: "button", onclick: onBack, disabled: busy,
                                 "data-menu": "back" }, ["‹ ", t("Back")]) : null,
      model.title ? h("h3", { text: model.title }) : null,
      model.verb ? helpButton(model.verb, root, words) : null,
    ]);
    root.append(head);
  }
  for (const item of model.items) {
    const names = item.entries ? namesIn(item.entries, known) : namesIn([item.entry], known);
    const hover = () => onHover && onHover([...names.keys()]);
    const unhover = () => onHover && onHover(null);
    if (item.kind === "group") {
      const row = h("div", { class: "menu-row", role: "listitem" }, [
        h("button", { class: "choice group", type: "button", disabled: busy, "data-group": item.key,
                      onclick: () => onOpen(item.key), onmouseenter: hover, onmouseleave: unhover, onfocus: hover,
                      onblur: unhover },
          [h("span", { class: "label", text: item.label }), h("span", { class: "count", text: `${item.count} ›` })]),
        item.key === item.verb ? helpButton(item.verb, root, words) : null,
      ]);
      list.append(row);
    } else {
      const e = item.entry;
      const verb = tokens(e.action)[0];
      const showVerb = !model.title;
      const row = h("div", { class: `menu-row${e.explain ? " explained" : ""}`, role: "listitem" }, [
        h("button", { class: `choice action verb-${verb}${e.warning ? " loses" : ""}`, type: "button", disabled: busy,
                      "data-action": e.action, "data-warning": e.warning || null, title: e.explain || null,
                      onclick: (event) => confirmThen(event.currentTarget, e, onChoose, words), onmouseenter: hover,
                      onmouseleave: unhover, onfocus: hover, onblur: unhover },
          [showVerb ? h("span", { class: "verb", text: words.verbLabel(verb) }) : null,
           h("span", { class: "text", text: e.text }),
           e.gloss ? h("span", { class: "gloss", text: e.gloss }) : null,
           e.warning ? h("span", { class: "loses-tag", text: t("⚠ loses the game") }) : null,
           h("code", { class: "notation", text: e.action })]),
        explainButton(e),
        showVerb ? helpButton(verb, root, words) : null,
        e.explain ? h("p", { class: "explain", role: "note", text: e.explain }) : null,
      ]);
      list.append(row);
    }
  }
  root.append(list);
}
