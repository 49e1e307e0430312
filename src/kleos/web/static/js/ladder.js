// The ladder page (/ladder?game=<name>): the ratings of one game kind (GET /api/ladder/{kind}),
// best first by the cautious rating μ − 3σ; the signed-in player's row is marked.
import { api, ApiError, catalog, errorText } from "./api.js";
import { $, h, notice, put } from "./dom.js";
import { t, tn } from "./i18n.js";
import { pageReady } from "./shell.js";

const page = { me: null, games: [] };

function fixed(x, digits = 1) {
  return Number(x).toFixed(digits);
}

function playerCell(p) {
  return p.bot ? [p.agent || p.name, " ", h("span", { class: "bot-tag", text: t("(AI)") })] : [p.name];
}

function ladderTable(board) {
  const titles = ["#", t("Player"), t("Rating"), "μ", "σ", t("Games"), t("Wins")];
  const head = h("tr", {}, titles.map((title) => h("th", { scope: "col", text: title })));
  const rows = board.players.map((p) => h("tr", {
    class: page.me && !p.bot && p.name === page.me.name ? "me" : null, "data-name": p.name,
  }, [
    h("td", { text: String(p.rank) }), h("td", {}, playerCell(p)), h("td", { class: "ordinal", text: fixed(p.ordinal) }),
    h("td", { text: fixed(p.mu) }), h("td", { text: fixed(p.sigma) }), h("td", { text: String(p.games) }),
    h("td", { text: String(p.wins) }),
  ]));
  return h("table", { class: "ladder-table", id: "ladder-table" }, [h("thead", {}, [head]), h("tbody", {}, rows)]);
}

async function show(kind) {
  const root = $("#ladder-body");
  const entry = page.games.find((g) => g.name === kind);
  $("#ladder-title").textContent = entry ? t("Ladder · {game}", { game: entry.title }) : t("Ladder");
  document.title = entry ? t("Kleos — ladder of {game}", { game: entry.title }) : t("Kleos — ladder");
  try {
    const board = await api(`/api/ladder/${encodeURIComponent(kind)}`);
    const players = tn("{n} rated player", "{n} rated players", board.player_count);
    const rated = tn("{n} rated game", "{n} rated games", board.rated_games);
    $("#ladder-summary").textContent = t("{players} · {rated} of {finished} finished",
      { players, rated, finished: board.finished_games });
    put(root, board.players.length ? ladderTable(board)
      : h("p", { class: "muted", id: "ladder-empty", text: t("No rated game yet: finish a game between accounts or against the AI.") }));
  } catch (err) {
    $("#ladder-summary").textContent = "";
    put(root, h("p", { class: "muted", text: t("The ladder cannot be read: {error}", { error: errorText(err) }) }));
  }
}

function choose(kind) {
  const url = new URL(location.href);
  url.searchParams.set("game", kind);
  history.replaceState(null, "", url);
  show(kind);
}

async function main() {
  await pageReady();
  try {
    page.me = (await api("/api/me")).account;
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 401)) notice(errorText(err));
  }
  try {
    page.games = await catalog();
  } catch (err) {
    notice(t("The server cannot be reached: {error}", { error: errorText(err) }));
    return;
  }
  if (!page.games.length) {
    put($("#ladder-body"), h("p", { class: "muted", text: t("No game is installed on this server.") }));
    return;
  }
  const wanted = new URLSearchParams(location.search).get("game");
  const kind = page.games.some((g) => g.name === wanted) ? wanted : page.games[0].name;
  const select = $("#ladder-game");
  put(select, ...page.games.map((g) => h("option", { value: g.name, text: g.title })));
  select.value = kind;
  select.addEventListener("change", () => choose(select.value));
  if (wanted && wanted !== kind) notice(t("No game '{wanted}' is installed here: showing {game}.", { wanted, game: page.games[0].title }), "info");
  await show(kind);
}

main();
