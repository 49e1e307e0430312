// The lobby's finished games (GET /api/lobby/finished) with their replays, and the signed-in
// player's ratings per game (GET /api/me/ratings) with links to each game's ladder page.
import { api, ApiError, errorText } from "./api.js";
import { $, h, plural, put, timeAgo } from "./dom.js";

const SHOWN = 20;

function who(p) {
  if (p.name) return p.name;
  return p.kind === "bot" ? `AI ${p.agent}` : "a guest";
}

function resultText(game) {
  const firsts = game.players.filter((p) => p.place === 1);
  const why = String((game.outcome && game.outcome.reason) || "").replace(/_/g, " ");
  const head = firsts.length === 1 ? `${who(firsts[0])} won`
    : firsts.length === game.players.length ? "draw"
      : firsts.length ? `${firsts.map(who).join(" and ")} share the win` : "over";
  return why ? `${head} (${why})` : head;
}

function finishedRow(game) {
  const players = game.players.map((p) => `${p.side}: ${who(p)}`).join(" · ");
  return h("li", { class: "game-row over", "data-game": game.game_id }, [
    h("div", { class: "game-main" }, [
      h("span", {}, [h("strong", { text: game.title }), ` · ${resultText(game)}`]),
      h("a", { class: "button small replay-link", href: game.replay }, ["Replay"]),
    ]),
    h("div", { class: "game-meta muted", text: `${players} · ${timeAgo(game.finished_at)}${game.rated ? "" : " · not rated"}` }),
  ]);
}

async function renderFinished() {
  const root = $("#finished-list");
  try {
    const { games } = await api(`/api/lobby/finished?limit=${SHOWN}`);
    put(root, games.length ? h("ul", { class: "games" }, games.map(finishedRow))
      : h("p", { class: "muted", text: "No finished game yet." }));
  } catch (err) {
    put(root, h("p", { class: "muted", text: `The finished games cannot be read: ${errorText(err)}` }));
  }
}

function ratingRow(r) {
  const ladder = `/ladder?game=${encodeURIComponent(r.game)}`;
  return h("li", { class: "game-row", "data-game": r.game }, [
    h("div", { class: "game-main" }, [
      h("span", {}, [h("strong", { text: r.title }), ` · rating ${r.ordinal.toFixed(1)} (μ ${r.mu.toFixed(1)}, σ ${r.sigma.toFixed(1)})`]),
      h("a", { class: "button small", href: ladder }, ["Ladder"]),
    ]),
    h("div", { class: "game-meta muted", text: `place ${r.rank} of ${r.player_count} · ${plural(r.games, "game")} · ${plural(r.wins, "win")}` }),
  ]);
}

async function renderRatings() {
  const root = $("#my-ratings");
  try {
    if (!(await api("/api/session")).account) {  // a guest: asked without a request that fails (401)
      put(root, h("p", { class: "muted", text: "Sign in to be rated: games with a guest are not rated." }));
      return;
    }
    const { ratings } = await api("/api/me/ratings");
    put(root, ratings.length ? h("ul", { class: "games" }, ratings.map(ratingRow))
      : h("p", { class: "muted", text: "No rated game yet: finish a game against another account or the AI." }));
  } catch (err) {
    const text = err instanceof ApiError && err.status === 401 ? "Sign in to be rated: games with a guest are not rated."
      : `Your ratings cannot be read: ${errorText(err)}`;
    put(root, h("p", { class: "muted", text }));
  }
}

function refresh() {
  renderFinished();
  renderRatings();
}

function main() {
  $("#finished-refresh").addEventListener("click", refresh);
  window.addEventListener("kleos:seats", () => renderRatings());  // account.js signed someone in
  refresh();
  setInterval(() => { if (document.visibilityState === "visible") refresh(); }, 30000);
}

main();
