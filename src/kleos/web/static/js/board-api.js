// The board-module interface: where the app shell (lobby, game page, replay page) meets a game's
// own drawing code. The shell knows no game; a game that brings a web part
// (kleos.core.kit.web.WebParts) has its folder served under /games/<name>/, and the catalog
// (GET /api/catalog) names the module in it ("board_module": "/games/<name>/board.js", or null:
// the shell then shows the text board below). The shell loads the module with import() and calls
//
//   export async function create(ctx) -> board
//
// ctx, given by the shell:
//   ctx.mode        "play" (the game page, live, for a seat or a spectator) or "replay" (a finished
//                   game step by step: messages of type "replay", no choices)
//   ctx.game        the game's catalog entry: name, title, summary, min_seats, max_seats, seat_names,
//                   options, opponents, default_opponent, board_module
//   ctx.options     the options this game was created with (message.options)
//   ctx.tables      the game's tables for these options (GET /api/catalog/<name>/tables?options=…),
//                   fetched once by the shell: names and adjacency that the messages index into
//   ctx.seatNames   the names of this game's seats, by seat number (message.seat_names)
//   ctx.slots       elements the board owns and fills (the shell never writes into them):
//                     status  a line above everything (round, phase, whose turn in the game's words)
//                     main    the board itself (a map, hexes, cards): the largest area
//                     top     the side column above the shell's menu of legal actions (a battle, …)
//                     side    the side column below the menu (one board per seat, 2–5 seats, …)
//                     lower   below, beside the shell's log; its children are cells of a two-column grid
//   ctx.choose(action)   send one legal action (its notation, exactly as in message.legal) for the
//                        seat shown; ignored in replays, for spectators and while a step is on its way
//   ctx.pick(name)       narrow the shell's menu to the legal actions naming `name` (something
//                        clicked on the board); pick(null) shows the whole menu again
//   ctx.notice(text, kind)   a passing notice ("error" or "info")
//   ctx.stylesheet(url)      add a stylesheet (e.g. new URL("./board.css", import.meta.url)); resolves
//                            once it is loaded, so the first render is laid out with it
//
// board, returned by create (only render is required; everything else has a generic default):
//   board.render(message, ui)   draw a message: a "state" message (docs/web-api.md: view, players,
//                               to_act, legal, log, outcome, …) or a "replay" one (view after a step).
//                               ui = {busy: a step is on its way (disable choices), seat: the seat
//                               shown or null, choosable: Map name → count of the menu's current
//                               choices that name it (names from board.names)}. Called after every
//                               change, after the shell has drawn its menu.
//   board.names                 a Set of action-argument tokens the board can point at (places,
//                               pieces): the shell passes the ones its menu mentions as
//                               ui.choosable, and hovering a menu entry calls highlight
//   board.highlight(names)      mark these names (an array) on the board; null unmarks them
//   board.verbLabel(verb)       a heading for the menu's group of an action verb
//   board.groupLabel(verb, key) a heading for a group of a verb's actions sharing the argument `key`
//                               (the menu groups a long list by the first argument that differs)
//   board.verbHelp(verb)        {text, rules} (rules help, e.g. rule IDs) or null; the menu then
//                               offers a "?" button
//   board.confirm(entry)        text asking for a second tap before sending `entry` (an item of
//                               message.legal that cannot be taken back), or null: sent at once.
//                               An action named in message.view.warnings (action -> why it loses
//                               the game at once, see kleos.core.kit.web) is listed last, flagged,
//                               and always waits for a second tap showing that warning.
//   board.turnTitle(message)    the heading of the turn panel for this message, or null
//   board.outcomeText(outcome)  the end of the game in words, or null
//   board.title(message)        the page's heading (the catalog title otherwise)
//
// The seats are numbers 0…n-1 (message.seat_names names them), several may be in message.to_act
// at once (simultaneous secret choices), and chance is seat -1 in logs. A board sees only what the
// message holds: the seat's own view, never another seat's secrets.
import { h, put } from "./dom.js";
import { t, translator } from "./i18n.js";

/** A seat's name for people: its name in the game, "chance" (-1) or "spectator" (null). */
export function seatLabel(names, seat) {
  if (seat === null || seat === undefined) return t("spectator");
  if (seat < 0) return t("chance");
  return (names && names[seat]) || t("seat {number}", { number: seat + 1 });
}

/** The seats' names in the reader's language. The names stay English identifiers in messages and
 * records; the server sends their words (`seat_labels`) where it can, and a page that loaded the
 * game's words translates the others itself. */
export function seatNames(message, entry) {
  const raw = (message && message.seat_names) || (entry && entry.seat_names) || [];
  const labels = (entry && entry.seat_labels) || [];
  const known = new Map(((entry && entry.seat_names) || []).map((name, i) => [name, labels[i]]));
  const { t: word } = translator((message && message.game) || (entry && entry.name) || "");
  const out = message && message.seat_labels ? [...message.seat_labels] : raw.map((name) => known.get(name) || word(name));
  out.raw = raw;  // the identifiers, which lines written before translation begin with
  return out;
}

/** A small colored tag naming a seat (CSS classes seat-0 … seat-4, chance). */
export function seatTag(names, seat) {
  const cls = seat >= 0 ? `seat-${seat % 5}` : "chance";
  return h("span", { class: `side-tag ${cls}`, text: seat >= 0 ? seatLabel(names, seat) : t("Chance") });
}

/** The generic board of a game without a web part: who plays, and the position as text. */
export function textBoard(ctx) {
  const pre = h("pre", { id: "board-text", class: "board-text", "aria-label": t("The position as text") });
  const players = h("ul", { id: "players", class: "players" });
  put(ctx.slots.main, h("section", { class: "text-board" }, [pre]));
  put(ctx.slots.side, h("section", { class: "players-panel" }, [h("h3", { text: t("Players") }), players]));
  return {
    text: true,
    render(message) {
      pre.textContent = message.description || "";
      const acting = new Set(message.to_act || []);
      put(players, ...(message.players || []).map((p) => h("li", {
        class: `player${acting.has(p.seat) ? " acting" : ""}`, "data-seat": String(p.seat),
      }, [
        seatTag(ctx.seatNames, p.seat),
        message.seat === p.seat ? h("span", { class: "you", text: " (you)" }) : null,
        h("span", { class: "who muted", text: ` ${playerKind(p)}` }),
        acting.has(p.seat) ? h("span", { class: "badge acting-badge", text: t("to act") }) : null,
      ])));
    },
  };
}

/** Who holds a seat, in words: "AI: random", "person", "invited, not joined yet". */
export function playerKind(player) {
  if (!player) return "";
  if (player.kind === "bot") return t("AI: {agent}", { agent: player.agent });
  return player.joined ? player.name || t("person") : t("invited, not joined yet");
}
