// The lobby's finished games (GET /api/lobby/finished) with their replays, and the signed-in
// player's ratings per game (GET /api/me/ratings) with links to each game's ladder page.
import { api, ApiError, errorText } from "./api.js";
import { $, h, put, timeAgo } from "./dom.js";
import { t, tn } from "./i18n.js";
import { pageReady } from "./shell.js";
import { joinAnd, reasonText } from "./words.js";

const SHOWN = 20;

function who(p) {
  if (p.name) return p.name;
  return p.kind === "bot" ? t("AI {agent}", { agent: p.agent }) : t("a guest");
}

function resultText(game) {
  const firsts = game.players.filter((p) => p.place === 1);
  const why = reasonText(game.outcome && game.outcome.reason, game.reason_text);
  const head = firsts.length === 1 ? t("{side} won", { side: who(firsts[0]) })
    : firsts.length === game.players.length ? t("draw")
      : firsts.length ? t("{players} share the win", { players: joinAnd(firsts.map(who)) }) : t("over");
  return why ? t("{result} ({reason})", { result: head, reason: why }) : head;
}

function finishedRow(game) {
  const players = game.players.map((p) => `${p.side}: ${who(p)}`).join(" · ");
  return h("li", { class: "game-row over", "data-game": game.game_id }, [
    h("div", { class: "game-main" }, [
      h("span", {}, [h("strong", { text: game.title }), ` · ${resultText(game)}`]),
      h("a", { class: "button small replay-link", href: game.replay }, [t("Replay")]),
    ]),
    h("div", { class: "game-meta muted", text: game.rated
      ? t("{players} · {ago}", { players, ago: timeAgo(game.finished_at) })
      : t("{players} · {ago} · not rated", { players, ago: timeAgo(game.finished_at) }) }),
  ]);
}

async function renderFinished() {
  const root = $("#finished-list");
  try {
    const { games } = await api(`/api/lobby/finished?limit=${SHOWN}`);
    put(root, games.length ? h("ul", { class: "games" }, games.map(finishedRow))
      : h("p", { class: "muted", text: t("No finished game yet.") }));
  } catch (err) {
    put(root, h("p", { class: "muted", text: t("The finished games cannot be read: {error}", { error: errorText(err) }) }));
  }
}

function ratingRow(r) {
  const games = tn("{n} game", "{n} games", r.games);
  const wins = tn("{n} win", "{n} wins", r.wins);
  const ladder = `/ladder?game=${encodeURIComponent(r.game)}`;
  return h("li", { class: "game-row", "data-game": r.game }, [
    h("div", { class: "game-main" }, [
      h("span", {}, [h("strong", { text: r.title }), " · ",
        t("rating {rating} (μ {mu}, σ {sigma})", { rating: r.ordinal.toFixed(1), mu: r.mu.toFixed(1), sigma: r.sigma.toFixed(1) })]),
      h("a", { class: "button small", href: ladder }, [t("Ladder")]),
    ]),
    h("div", { class: "game-meta muted", text: t("place {rank} of {count} · {games} · {wins}",
      { rank: r.rank, count: r.player_count, games, wins }) }),
  ]);
}

async function renderRatings() {
  const root = $("#my-ratings");
  try {
    if (!(await api("/api/session")).account) {  // a guest: asked without a request that fails (401)
      put(root, h("p", { class: "muted", text: t("Sign in to be rated: games with a guest are not rated.") }));
      return;
    }
    const { ratings } = await api("/api/me/ratings");
    put(root, ratings.length ? h("ul", { class: "games" }, ratings.map(ratingRow))
      : h("p", { class: "muted", text: t("No rated game yet: finish a game against another account or the AI.") }));
  } catch (err) {
    const text = err instanceof ApiError && err.status === 401 ? t("Sign in to be rated: games with a guest are not rated.")
      : t("Your ratings cannot be read: {error}", { error: errorText(err) });
    put(root, h("p", { class: "muted", text }));
  }
}

function refresh() {
  renderFinished();
  renderRatings();
}

async function main() {
  await pageReady();
  $("#finished-refresh").addEventListener("click", refresh);
  window.addEventListener("kleos:seats", () => renderRatings());  // account.js signed someone in
  refresh();
  setInterval(() => { if (document.visibilityState === "visible") refresh(); }, 30000);
}

main();
