// Hosting a game's board on a page: the slots it owns, its stylesheets, its tables, and the text
// board when the game brings no module (or its module fails). See board-api.js for the interface.
import { catalogEntry, errorText, gameTables } from "./api.js";
import { $, h, notice } from "./dom.js";
import { seatNames, textBoard } from "./board-api.js";
import { t } from "./i18n.js";

function slots() {
  return { status: $("#board-status"), main: $("#board-main"), top: $("#board-top"), side: $("#board-side"),
           lower: $("#board-lower") };
}

function stylesheet(url) {
  return new Promise((resolve, reject) => {
    const link = h("link", { rel: "stylesheet", href: String(url) });
    link.addEventListener("load", () => resolve());
    link.addEventListener("error", () => reject(new Error(t("cannot load {url}", { url }))));
    document.head.append(link);
  });
}

/** The catalog entry of the message's game, or a bare one naming it (a game this server no longer lists). */
export async function gameEntry(message) {
  let entry = null;
  try {
    entry = await catalogEntry(message.game);
  } catch (err) {
    notice(t("The list of games cannot be read: {error}", { error: errorText(err) }));
  }
  return entry || { name: message.game, title: message.game || t("Game"), seat_names: message.seat_names || [],
                    options: [], board_module: null };
}

/**
 * The board for `message` on this page: the game's module when the catalog names one, else the
 * text board. hooks: {choose(action), pick(name)} (the page's); mode: "play" | "replay".
 */
export async function hostBoard(mode, entry, message, hooks) {
  const ctx = {
    mode, game: entry, options: message.options || {}, tables: null,
    seatNames: seatNames(message, entry), slots: slots(),
    choose: hooks.choose || (() => {}), pick: hooks.pick || (() => {}), notice, stylesheet,
  };
  let board = null;
  if (entry.board_module) {
    try {
      ctx.tables = await gameTables(entry.name, ctx.options);
      board = await (await import(entry.board_module)).create(ctx);
    } catch (err) {
      notice(t("The board of this game cannot be drawn ({error}): it is shown as text.", { error: errorText(err) }));
      for (const el of Object.values(ctx.slots)) el.replaceChildren();
    }
  }
  if (!board) board = textBoard(ctx);
  document.body.dataset.board = board.text ? "text" : entry.name;
  $("#text-view").hidden = !!board.text;
  return board;
}

/** The board's title for a message, or the game's. */
export function boardTitle(board, entry, message) {
  return (board && board.title && board.title(message)) || entry.title;
}
