// The position in words as a list a screen reader can walk line by line (the kit's own text of
// the view); it reads the same as plain text for everyone else.
import { h } from "./dom.js";

/** Fill `pre` with one list item per line of `text` (blank lines stay plain space between them). */
export function putLines(pre, text) {
  pre.setAttribute("role", "list");
  const lines = String(text || "").split("\n");
  pre.replaceChildren(...lines.map((line) => (line.trim()
    ? h("span", { class: "line", role: "listitem", text: `${line}\n` }) : document.createTextNode("\n"))));
}
