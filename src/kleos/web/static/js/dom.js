// Tiny DOM helpers. Text always goes in as text (never as HTML), so nothing the server or another
// player wrote can become markup.
import { t } from "./i18n.js";

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(el, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.setAttribute("class", value);
    else if (key === "text") el.textContent = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of [].concat(children || [])) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** An HTML element: h("button", {class: "x", onclick: f}, ["label"]). */
export function h(tag, attrs, children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element. */
export function s(tag, attrs, children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

export function $(selector, root = document) {
  return root.querySelector(selector);
}

/** "IonionPelagos" -> "Ionion Pelagos", "TempleOfZeus" -> "Temple Of Zeus". */
export function spaced(id) {
  return String(id).replace(/([a-z])([A-Z])/g, "$1 $2");
}

export function timeAgo(seconds) {
  const d = Math.max(0, Date.now() / 1000 - seconds);
  if (d < 60) return t("just now");
  if (d < 3600) return t("{n} min ago", { n: Math.floor(d / 60) });
  if (d < 86400) return t("{n} h ago", { n: Math.floor(d / 3600) });
  return t("{n} d ago", { n: Math.floor(d / 86400) });
}

/** Replace the children of `root` with the given ones, skipping null/undefined/false. */
export function put(root, ...children) {
  root.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return root;
}

let noticeTimer = null;

/** Show a notice at the top of the page; errors stay longer, `stay` keeps it until closed. */
export function notice(text, kind = "error", stay = false) {
  const el = $("#notice");
  put(el, h("span", { text }), h("button", { type: "button", class: "small", onclick: () => { el.hidden = true; },
                                 "aria-label": t("Close") }, ["×"]));
  el.dataset.kind = kind;
  el.hidden = false;
  clearTimeout(noticeTimer);
  if (!stay) noticeTimer = setTimeout(() => { el.hidden = true; }, kind === "error" ? 9000 : 5000);
}

/** A read-only invite link with a Copy button. */
export function inviteBox(url, label = t("Invite link")) {
  const input = h("input", { type: "text", readonly: true, value: url, class: "invite-url", "aria-label": label,
                             onfocus: (e) => e.target.select() });
  return h("div", { class: "invite" }, [input, h("button", {
    type: "button", class: "small", onclick: async () => {
      try {
        await navigator.clipboard.writeText(url);
        notice(t("Invite link copied."), "info");
      } catch (err) {
        input.select();
      }
    },
  }, [t("Copy")])]);
}
