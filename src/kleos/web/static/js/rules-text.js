// A game's rules texts as page elements, for its help dialog during a game and the lobby's rules
// dialog before one: the Markdown of its rules reference and first-game guide, and each kind of
// move's help with the IDs of its rules.
import { $, h } from "./dom.js";
import { t } from "./i18n.js";

/**
 * Markdown as plain elements: headings, list items, tables and paragraphs, emphasis marks dropped
 * (text only). Headings are h4, but a top-level `# ` heading is `top` (h3 where the dialog has no h3
 * of its own, so that heading levels go down one at a time).
 */
export function markdown(text, { top = "h4" } = {}) {
  const plain = (line) => line.replace(/\*\*|`/g, "");
  const out = [];
  let list = null;
  for (const block of String(text || "").split(/\n\s*\n/)) {
    let table = null;
    for (const line of block.split("\n")) {
      if (/^\s*\|/.test(line)) { // a table row; the |---| row under the head is left out
        const cells = line.trim().replace(/^\||\|$/g, "").split("|").map((c) => plain(c.trim()));
        if (cells.every((c) => /^:?-+:?$/.test(c))) continue;
        if (!table) out.push(table = h("table", { class: "help-table" }));
        table.append(h("tr", {}, cells.map((c) => h(table.rows.length ? "td" : "th", { text: c }))));
        continue;
      }
      table = null;
      const item = /^\s*[-*] (.*)$/.exec(line);
      if (item) {
        if (!list) out.push(list = h("ul", {}));
        list.append(h("li", { text: plain(item[1]) }));
        continue;
      }
      list = null;
      const head = /^(#+)\s+(.*)$/.exec(line);
      if (head) out.push(h(head[1] === "#" ? top : "h4", { text: plain(head[2]) }));
      else if (line.trim()) out.push(h("p", { text: plain(line) }));
    }
    list = null;
  }
  return out;
}

/**
 * A kind of move's help: its title and word, what it does, the IDs of its rules (`now`: the seat has
 * it now; `heading`: the title's element, h3 where no h3 stands above it in the dialog).
 */
export function verbBlock(verb, now, heading = "h4") {
  return h("div", { class: `help-verb${now ? " now" : ""}`, "data-verb": verb.verb }, [
    h(heading, {}, [verb.title, " ", h("code", { text: verb.verb })]),
    h("p", { text: verb.text }),
    verb.rules.length ? h("p", { class: "rules", "data-rules": verb.rules.join(" "), text: t("Rules: {rules}", { rules: verb.rules.join(", ") }) }) : null,
  ]);
}

/** The page's modal dialog `id` for rules texts (made on first use), titled by its element `titleId`. */
export function rulesDialog(id, titleId) {
  let el = $(`#${id}`);
  if (!el) {
    el = h("dialog", { id, class: "help-dialog", "aria-labelledby": titleId });
    document.body.append(el);
  }
  return el;
}
