// What every page of the shell does first: fetch the reader's language (the server chooses it:
// the picker's cookie, the account, then Accept-Language), put the page's own words into it, and
// offer the language picker in the header. Pages render nothing before `pageReady()` settles, so
// that no English flashes before the reader's words.
import { language, languages, loadLanguage, t } from "./i18n.js";
import { h } from "./dom.js";

let ready = null;
let domains = ["kleos"];

/** Fetch the platform's strings once per page and translate the static HTML (see pageWords). */
export function pageReady() {
  if (!ready) ready = loadLanguage(domains).then(() => { translateStatic(document); mountPicker(); });
  return ready;
}

/** Add a game's text domain once the page knows which game it shows (its board module's words). */
export async function withGameWords(domain) {
  await pageReady();
  if (!domain || domains.includes(domain)) return;
  domains = [...domains, domain];
  await loadLanguage(domains);
}

const ATTRIBUTES = ["placeholder", "title", "aria-label"];

/** The HTML's words: an element marked `data-t` has its text translated (the English text is the
 * key), and `data-t-attr="title aria-label"` translates those attributes as well. */
export function translateStatic(root) {
  for (const el of root.querySelectorAll("[data-t]")) {
    if (el.dataset.tSource === undefined) el.dataset.tSource = el.textContent.trim().replace(/\s+/g, " ");
    if (el.dataset.tSource) el.textContent = t(el.dataset.tSource);
  }
  for (const el of root.querySelectorAll("[data-t-attr]")) {
    for (const name of el.dataset.tAttr.split(/\s+/).filter((x) => ATTRIBUTES.includes(x))) {
      const key = `tSource${name.replace(/(^|-)(\w)/g, (_m, _d, c) => c.toUpperCase())}`;
      if (el.dataset[key] === undefined) el.dataset[key] = el.getAttribute(name) || "";
      if (el.dataset[key]) el.setAttribute(name, t(el.dataset[key]));
    }
  }
}

const followers = [];

/** Follow a change of language in place: after the picker's choice is saved and the catalogues
 * are loaded again, `redraw(code)` puts the page's own words into it (a game page asks its socket
 * for the game in that language). A page that follows none is reloaded instead. */
export function onLanguage(redraw) {
  followers.push(redraw);
}

async function choose(code) {
  let saved = false;
  try {
    const answer = await fetch("/api/language", {
      method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ language: code }),
    });
    saved = answer.ok;
  } catch (err) {
    saved = false;
  }
  if (!saved || !followers.length) {
    location.reload();
    return;
  }
  await loadLanguage(domains);
  translateStatic(document);
  relabelPicker();
  for (const redraw of followers) await redraw(language());
}

function relabelPicker() {
  const select = document.getElementById("lang-pick");
  if (!select) return;
  select.value = language();
  select.setAttribute("aria-label", t("Language"));
  if (select.parentElement) select.parentElement.title = t("Language");
}

/** The language picker in the page's header (the choice is kept in a cookie, and by the account). */
function mountPicker() {
  const header = document.querySelector("header.top");
  const offered = languages();
  if (!header || !offered.length || document.getElementById("lang-pick")) return;
  const current = language();
  const select = h("select", { id: "lang-pick", class: "lang-pick", "aria-label": t("Language"),
                               onchange: (e) => choose(e.target.value) },
    offered.map((x) => h("option", { value: x.code, text: x.name, lang: x.code })));
  if (current === "pseudo") select.append(h("option", { value: "pseudo", text: "⟦pseudo⟧" }));
  select.value = current;
  header.append(h("label", { class: "lang-label", title: t("Language") }, [select]));
}
