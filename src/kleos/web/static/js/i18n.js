// The browser's words in the reader's language. The strings come from the same gettext
// catalogues as the terminal's and the server's (kleos.i18n): the server sends, for the reader's
// language, every translated string of the platform's text domain and of the game's
// (GET /api/i18n?domain=kleos&domain=<game>). A string missing from them shows in English.
//
// Marking (scripts/catalogues.py extracts these two names):
//   import { translator } from "/static/js/i18n.js";
//   const { t, tn } = translator("<game>");
//   t("{city} is besieged", { city });          tn("one talent", "{n} talents", n);

let loaded = { language: "en", pseudo: false, domains: {} };

/** The reader's language ("en", "es", "de", or "pseudo"). */
export function language() {
  return loaded.language;
}

/** The languages a picker offers, each as { code, name } in its own language (from the server). */
export function languages() {
  return loaded.languages || [];
}

/** Fetch the catalogues of `domains` for the reader's language (the server decides it: the
 * picker's cookie, the account, then Accept-Language). Without an answer, English stays. */
export async function loadLanguage(domains) {
  const query = domains.map((d) => "domain=" + encodeURIComponent(d)).join("&");
  try {
    const response = await fetch("/api/i18n?" + query, { credentials: "same-origin" });
    if (response.ok) {
      loaded = await response.json();
      document.documentElement.lang = loaded.pseudo ? "en" : loaded.language;
    }
  } catch (err) {
    // offline or an old server: the English source strings are shown
  }
  return loaded.language;
}

const ACCENTED = { a: "à", e: "é", i: "î", o: "õ", u: "ü", y: "ý", A: "À", E: "É", I: "Î", O: "Õ", U: "Ü",
  Y: "Ý", c: "ç", n: "ñ", s: "š", C: "Ç", N: "Ñ", S: "Š", z: "ž" };

/** The pseudo-locale's form of a string (as kleos.i18n.pseudo): accented, a third longer, bracketed,
 * with {placeholders} and <tags> kept. */
export function pseudo(text) {
  if (text.startsWith("⟦") && text.endsWith("⟧")) return text; // already in that form
  let depth = 0;
  let out = "";
  for (const ch of text) {
    if (ch === "{" || ch === "<") depth += 1;
    if ((ch === "}" || ch === ">") && depth) {
      depth -= 1;
      out += ch;
      continue;
    }
    out += depth ? ch : (ACCENTED[ch] || ch);
  }
  return "⟦" + out + padding(text.length) + "⟧";
}

/** A third of `length` in tildes, in runs of ten with a space between (lines may break there). */
function padding(length) {
  const runs = [];
  for (let left = Math.max(1, Math.floor(length / 3)); left > 0; left -= 10) runs.push("~".repeat(Math.min(10, left)));
  return runs.join(" ");
}

function fill(template, params) {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

function formatNumber(n) {
  const tag = loaded.pseudo ? "en" : loaded.language;
  return typeof n === "number" ? n.toLocaleString(tag) : String(n);
}

/** The marking functions of a text domain: `t(message, params)` and `tn(singular, plural, n, params)`
 * (the three languages' plural rule: one form for 1, another for every other count). */
export function translator(domain) {
  const entries = () => (loaded.domains && loaded.domains[domain]) || {};
  function t(message, params) {
    if (loaded.pseudo) return fill(pseudo(message), params);
    const found = entries()[message];
    return fill(typeof found === "string" ? found : message, params);
  }
  function tn(singular, plural, n, params) {
    const all = { n: formatNumber(n), ...(params || {}) };
    if (loaded.pseudo) return fill(pseudo(n === 1 ? singular : plural), all);
    const found = entries()[singular];
    const forms = Array.isArray(found) ? found : [singular, plural];
    return fill(forms[n === 1 ? 0 : 1], all);
  }
  return { t, tn };
}

/** The platform's own marking functions. */
export const { t, tn } = translator("kleos");
