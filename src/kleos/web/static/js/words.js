// Words several parts of the shell share: lists joined as the reader's language joins them, and
// the generic reasons a game ends (a game's own reasons come in its outcome text).
import { language, t } from "./i18n.js";

/** ["one", "two", "three"] -> "one, two and three", joined as the reader's language joins lists. */
export function joinAnd(items) {
  const tag = language() === "pseudo" ? "en" : language();
  try {
    return new Intl.ListFormat(tag, { style: "long", type: "conjunction" }).format(items.map(String));
  } catch (err) {
    return items.join(" & ");
  }
}

/** The reason a game ended, in words: the server's generic ones translated, a game's own as the server
 * words it for the reader (``words``, its reason_text), else its code made readable ("last_round" -> "last round"). */
export function reasonText(code, words) {
  const known = {
    resigned: t("resigned"), time: t("out of time"), score: t("score"), scores: t("scores"),
    shared: t("shared victory"),
  };
  return known[code] || words || String(code || "").replace(/_/g, " ");
}
