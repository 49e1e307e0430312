// The lobby's account card and open-games list (docs/web-api.md, "Accounts and lobby").
// The session lives in an HttpOnly cookie that the server sets: this script never sees it. Once
// signed in, the seats of the account (GET /api/me/games) are copied into this browser's seat
// storage, so "My games" and the game page work on any device where the player signs in.

import { api, ApiError, errorText, saveSeat } from "./api.js";
import { $, h, notice, put, timeAgo } from "./dom.js";
import { t } from "./i18n.js";
import { pageReady } from "./shell.js";

const state = { account: null };

function seatsChanged() {
  window.dispatchEvent(new CustomEvent("kleos:seats"));
}

/** Copy every seat of the account into this browser's seat storage. */
async function syncSeats() {
  const { games } = await api("/api/me/games");
  for (const g of games) saveSeat({ game_id: g.game_id, game: g.game, seat: g.seat, side: g.side, token: g.token });
  seatsChanged();
  return games;
}

async function submit(path, event) {
  if (event) event.preventDefault();
  const name = $("#account-name").value.trim();
  const password = $("#account-password").value;
  try {
    const answer = await api(path, { method: "POST", body: { name, password } });
    state.account = answer.account;
    await syncSeats();
    renderAccount();
    renderOpen();
  } catch (err) {
    notice(err instanceof ApiError && err.body.details
      ? t("{error} (name: 2–32 letters or digits; password: at least 8 characters)", { error: errorText(err) })
      : errorText(err));
  }
}

async function signOut() {
  try {
    await api("/api/sessions/current", { method: "DELETE" });
  } catch (err) {
    notice(errorText(err));
  }
  state.account = null;
  renderAccount();
  renderOpen();
}

function renderAccount() {
  const root = $("#account-body");
  if (state.account) {
    put(root, h("p", { id: "signed-in", text: t("Signed in as {name}.", { name: state.account.name }) }),
      h("p", { class: "muted", text: t("Your games follow you to every browser where you sign in.") }),
      h("button", { type: "button", id: "sign-out", onclick: signOut }, [t("Sign out")]));
    return;
  }
  const form = h("form", { id: "account-form", onsubmit: (e) => submit("/api/sessions", e) }, [
    h("label", {}, [t("Name"), " ", h("input", { type: "text", id: "account-name", autocomplete: "username",
                                           minlength: "2", maxlength: "32", required: true })]),
    h("label", {}, [t("Password"), " ", h("input", { type: "password", id: "account-password", autocomplete: "current-password",
                                               minlength: "8", maxlength: "256", required: true })]),
    h("div", { class: "tool-row" }, [
      h("button", { type: "submit", class: "primary", id: "sign-in" }, [t("Sign in")]),
      h("button", { type: "button", id: "sign-up", onclick: () => {
        if ($("#account-form").reportValidity()) submit("/api/accounts");
      } }, [t("Create an account")]),
    ]),
  ]);
  put(root, h("p", { class: "muted", text: t("Optional: guests play by invite link. With an account your name is shown "
                                             + "and your games follow you to other devices.") }), form);
}

async function join(game) {
  try {
    const seated = await api(game.join, { method: "POST" });
    saveSeat({ game: game.game, ...seated });
    location.assign(`/play/${encodeURIComponent(seated.game_id)}`);
  } catch (err) {
    notice(errorText(err));
    renderOpen();
  }
}

function seatsText(game) {
  const who = (p) => (p.kind === "bot" ? t("AI {agent}", { agent: p.agent }) : p.joined ? p.name || t("a guest") : t("free"));
  return game.seats.map((p) => `${p.side}: ${who(p)}`).join(" · ");
}

async function renderOpen() {
  const root = $("#open-list");
  let games;
  try {
    ({ games } = await api("/api/lobby/open"));
  } catch (err) {
    put(root, h("p", { class: "muted", text: t("The open games cannot be read: {error}", { error: errorText(err) }) }));
    return;
  }
  if (!games.length) {
    put(root, h("p", { class: "muted", text: t("No open game at the moment: create one and tick “open to everyone”.") }));
    return;
  }
  put(root, h("ul", { class: "games" }, games.map((g) => h("li", { class: "game-row", "data-game": g.game_id }, [
    h("div", { class: "game-main" }, [
      h("span", {}, [h("strong", { text: g.title }), " · ", t("hosted by {host}", { host: g.host }), ` · ${timeAgo(g.created_at)}`]),
      state.account && g.host !== state.account.name
        ? h("button", { type: "button", class: "small primary", onclick: () => join(g) }, [t("Join")])
        : null,
    ]),
    h("div", { class: "game-meta muted", text: seatsText(g) }),
  ]))));
}

async function main() {
  await pageReady();
  $("#open-refresh").addEventListener("click", renderOpen);
  try {
    state.account = (await api("/api/session")).account;  // null for a guest: no failing request
    if (state.account) await syncSeats();
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 401)) notice(errorText(err));
    state.account = null;
  }
  renderAccount();
  await renderOpen();
  setInterval(() => { if (document.visibilityState === "visible") renderOpen(); }, 15000);
}

main();
