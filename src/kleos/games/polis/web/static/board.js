// The Polis board module for the Kleos pages (interface: /static/js/board-api.js): the map of
// Greece, the battle screen, both player boards, the event, markets, projects and poleis, and the
// rules help of each verb in the menu. Everything is drawn from the message of this seat and the
// edition's tables (src/kleos/games/polis/web/tables.py).
import { h, put, spaced } from "/static/js/dom.js";
import { translator } from "/static/js/i18n.js";
import { BattlePanel } from "./battle.js";
import { verbHelp, verbLabel } from "./help.js";
import { drawMap } from "./map.js";
import {
  outcomeText, phaseText, renderBoards, renderEvent, renderMarkets, renderPoleis, renderProjects, renderStatus,
} from "./panels.js";

const { t } = translator("polis");

function legend() {
  return [t("◆ proxenos · ● siege disc · T tribute · ■ project started · ★ completed · ⚓ merchants in port")];
}

/** What a compound step in progress is about, for the turn panel's heading. */
function pendingText(T, st) {
  const p = st.pending;
  if (!p) return null;
  const kind = p[0];
  if (kind === "hoplites") return t("Creating hoplites in {polis} ({n} so far)", { polis: T.poleis[p[1]].id, n: p[2] });
  if (kind === "galleys") return t("Creating galleys in {polis} ({n} so far)", { polis: T.poleis[p[1]].id, n: p[2] });
  if (kind === "merchants") return t("Creating merchants in {polis} ({n} so far)", { polis: T.poleis[p[1]].id, n: p[2] });
  const region = kind === "proxenos" || kind === "toll" ? "" : spaced(T.region_ids[p[1]]);
  if (kind === "march") return t("Moving hoplites to {region} ({n} moved so far)", { region, n: p[2] });
  if (kind === "sail") return t("Moving galleys to {region} ({n} moved so far)", { region, n: p[2] });
  if (kind === "tribute") return t("Tribute in {region}", { region });
  if (kind === "proxenos") {
    const path = (p[1] || []).map((r) => spaced(T.region_ids[r])).join(" → ") || t("not started");
    return t("Proxenos path: {path}", { path });
  }
  if (kind === "toll") return t("Extra good for the opponent's pass, then '{action}'", { action: p[1] });
  return t("In progress: {what}", { what: kind });
}

function mapPanel(play) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.id = "map";
  const wrap = h("div", { class: "map-wrap", id: "map-wrap" }, [svg]);
  const zoom = h("button", { type: "button", id: "zoom", class: "small", "aria-pressed": "false",
                             onclick: () => zoom.setAttribute("aria-pressed", String(wrap.classList.toggle("zoomed"))) },
                 [t("Zoom map")]);
  const key = play ? h("span", { class: "legend" }, [h("span", { class: "side-tag athens", text: t("Athens") }), " ",
    h("span", { class: "side-tag sparta", text: t("Sparta") }), " ", ...legend()]) : null;
  return { svg, panel: h("section", { class: "map-panel" }, [h("div", { class: "map-tools" }, [zoom, key]), wrap]) };
}

export async function create(ctx) {
  await ctx.stylesheet(new URL("./board.css", import.meta.url));
  const T = ctx.tables;
  const play = ctx.mode === "play";
  const map = mapPanel(play);
  const panels = {
    battle: h("section", { id: "battle", class: "battle-panel", hidden: true }),
    event: h("section", { id: "event", class: "event" }),
    boards: h("section", { id: "boards", class: "boards" }),
    markets: h("section", { id: "markets", class: "markets" }),
    projects: h("section", { id: "projects", class: "projects-panel" }),
    poleis: h("section", { id: "poleis", class: "poleis-panel" }),
  };
  put(ctx.slots.main, map.panel);
  put(ctx.slots.top, play ? panels.battle : null);
  put(ctx.slots.side, panels.event, panels.boards);
  put(ctx.slots.lower, panels.markets, panels.projects, panels.poleis);
  const battle = play ? new BattlePanel(panels.battle, { onChoose: ctx.choose }) : null;

  return {
    names: new Set([...T.region_ids, ...T.poleis.map((p) => p.id), ...T.markets]),

    render(msg, ui) {
      const st = msg.view.state;
      const replay = msg.type === "replay";
      const battleRegion = st.battle ? st.battle.region : null;
      renderStatus(ctx.slots.status, T, st, replay ? { outcome: msg.step === msg.steps ? msg.outcome : null } : msg);
      drawMap(map.svg, T, st, replay ? { battle: battleRegion }
        : { choosable: ui.choosable, battle: battleRegion, onPick: ctx.pick });
      if (battle) battle.render(T, msg, ui.busy);
      renderEvent(panels.event, T, st);
      renderBoards(panels.boards, T, st, msg.view, replay ? null : msg.seat, msg.players, replay ? [] : msg.to_act);
      renderMarkets(panels.markets, T, st);
      renderProjects(panels.projects, T, st);
      renderPoleis(panels.poleis, T, st);
    },

    highlight(names) {
      for (const el of map.svg.querySelectorAll(".hl")) el.classList.remove("hl");
      for (const name of names || []) {
        for (const el of map.svg.querySelectorAll(`[data-name="${CSS.escape(name)}"]`)) el.classList.add("hl");
      }
    },

    verbLabel,
    verbHelp,

    /** Passing cannot be taken back once the opponent has answered: the first tap only arms it. */
    confirm(entry) {
      return entry.action === "pass" ? t("{choice}. Tap again to confirm.", { choice: entry.text }) : null;
    },

    turnTitle(msg) {
      if (msg.outcome || !msg.your_turn) return null;
      const st = msg.view.state;
      if (st.battle || st.battle_queue.length) return t("Battle: your choice");
      if (st.phase === "end_of_round") return t("{phase}: your choice", { phase: phaseText(st) });
      return pendingText(T, st);
    },

    outcomeText,

    title() {
      return T.title;
    },
  };
}
