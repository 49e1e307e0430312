// The Polis panels drawn from one state message (or replay message): status line, event, the two
// player boards, markets, projects and poleis. Only what the message holds is shown.
import { h, spaced, put } from "/static/js/dom.js";

export const SIDES = ["Athens", "Sparta"];
export const SIDE_CLASS = ["athens", "sparta"];
const EOR_STEPS = { 0: "starting", 1: "projects", 2: "feeding", 3: "growth", 4: "Megalopolis", 5: "spoilage",
                    6: "Phoros", 7: "project removal", 8: "preparation of the next round" };
const PHASES = { turn: "Turns", battles: "Battles", end_of_round: "End of round", event: "Event",
                 round_start: "Round start", over: "Game over" };
const REASONS = {
  score: "final scoring", goods_tiebreak: "final scoring, tie broken by goods", shared: "a shared victory",
  ostracism: "ostracism (0 prestige)", starvation: "starvation (a capital that cannot be fed)",
  prestige_debt: "a prestige loss that could not be paid", salpinx: "a Salpinx that could not be paid",
  event_prestige: "an event's prestige loss that could not be paid",
};

export function sideTag(side, extra) {
  return h("span", { class: `side-tag ${SIDE_CLASS[side] || "chance"}`, text: side >= 0 ? SIDES[side] : (extra || "Chance") });
}

export function roundValue(T, st) {
  return T.round_values[Math.min(st.round, T.round_values.length - 1)];
}

// The ends that come from the final scoring; the others stop the game at once, unscored (R-END-4).
const SCORED = ["score", "goods_tiebreak", "shared"];

export function outcomeText(outcome) {
  if (!outcome) return "";
  const why = REASONS[outcome.reason] || outcome.reason;
  let scores = outcome.scores && outcome.scores.some((x) => x) ? ` (scores: Athens ${outcome.scores[0]}, Sparta ${outcome.scores[1]})` : "";
  if (!SCORED.includes(outcome.reason)) scores = "; no final scoring (R-END-4)";
  if (outcome.winner === null || outcome.winner === undefined) return `Draw by ${why}${scores}`;
  return `${SIDES[outcome.winner]} wins by ${why}${scores}`;
}

export function phaseText(st) {
  let text = PHASES[st.phase] || st.phase;
  if (st.phase === "end_of_round") text += `: ${EOR_STEPS[st.eor_step] || st.eor_step}`;
  return text;
}

export function renderStatus(root, T, st, msg) {
  const N = roundValue(T, st);
  const roundName = T.round_names[Math.min(st.round, T.round_names.length - 1)];
  const parts = [
    h("span", { class: "round", text: `Round ${roundName} (${st.round + 1} of ${T.round_names.length}, N = ${N})` }),
    h("span", { class: "phase", text: phaseText(st) }),
  ];
  if (st.phase === "turn") {
    parts.push(h("span", { class: "turn" }, [sideTag(st.active), `'s turn`,
      st.turn_actions && st.turn_actions.length ? `; done: ${st.turn_actions.join(", ")}` : ""]));
  }
  const passed = [0, 1].filter((x) => st.passed[x]);
  if (passed.length && st.phase !== "over") {
    parts.push(h("span", { class: "passed", text: `Passed: ${passed.map((x) => SIDES[x]).join(", ")}` }));
  }
  if (msg.outcome) parts.push(h("strong", { class: "outcome", text: outcomeText(msg.outcome) }));
  put(root, ...parts, goodsLine(T, st, msg.seat));
}

/** Each side's goods in one line at the top of the page (the seat's own first), so that they are in
 * sight while choosing, on a phone too, without scrolling down to the player boards. */
function goodsLine(T, st, seat) {
  const order = seat === 0 || seat === 1 ? [seat, 1 - seat] : [0, 1];
  return h("div", { class: "goods-line", "data-goods-line": "" }, order.map((side) => h("span", {
    class: `goods-of ${SIDE_CLASS[side]}`, "data-side": SIDE_CLASS[side],
  }, [sideTag(side), " ", T.goods.map((g) => `${st.goods[side * T.goods_names.length + g]} ${T.goods_names[g]}`).join(", ")])));
}

export function renderEvent(root, T, st) {
  const ev = st.event ? T.events[st.event] : null;
  put(root,
    h("h3", { text: "Event of the round" }),
    ev ? h("p", {}, [h("strong", { text: ev.title }), `: ${ev.text}`]) : h("p", { class: "muted", text: st.event || "none" }),
  );
}

function goodCell(T, st, side, g) {
  const n = st.goods[side * T.goods_names.length + g];
  return h("div", { class: `good good-${T.goods_names[g]}`, title: T.goods_names[g], "data-good": T.goods_names[g] }, [
    h("span", { class: "good-name", text: T.goods_names[g] }), h("span", { class: "good-n", text: String(n) }),
  ]);
}

export function foodNeed(st, side) {
  let n = 0;
  st.owner.forEach((o, p) => { if (o === side) n += st.pop[p]; });
  return n;
}

/** Both player boards. me: this seat (null for spectators); players: the message's players list. */
export function renderBoards(root, T, st, view, me, players, toAct) {
  const boards = [0, 1].map((side) => {
    const player = (players || []).find((p) => p.seat === side);
    const who = player ? (player.kind === "bot" ? `AI: ${player.agent}` : player.joined ? "person" : "invited, not joined yet") : "";
    const prox = st.proxenos[side];
    const proxText = prox >= 0 ? T.poleis[prox].id : `captive (held by ${SIDES[1 - side]})`;
    const owned = st.owner.map((o, p) => (o === side ? p : -1)).filter((p) => p >= 0);
    const hidden = view && view.hidden_hand_sizes ? view.hidden_hand_sizes[side] : 0;
    const acting = (toAct || []).includes(side);
    return h("section", { class: `board ${SIDE_CLASS[side]}${acting ? " acting" : ""}`, "data-board": SIDE_CLASS[side] }, [
      h("header", {}, [
        h("h3", {}, [SIDES[side], me === side ? h("span", { class: "you", text: " (you)" }) : null]),
        h("span", { class: "who", text: who }),
        acting ? h("span", { class: "badge acting-badge", text: "to act" }) : null,
        st.passed[side] ? h("span", { class: "badge", text: "passed" }) : null,
      ]),
      h("div", { class: "prestige", "data-prestige": String(st.prestige[side]) }, [
        h("span", { class: "big", text: String(st.prestige[side]) }), " prestige",
      ]),
      h("div", { class: "goods" }, T.goods.map((g) => goodCell(T, st, side, g))),
      h("ul", { class: "facts" }, [
        h("li", { text: `Food need ${foodNeed(st, side)} (wheat ${st.goods[side * T.goods_names.length + 5]})` }),
        h("li", { text: `Supply: ${st.supply_cubes[side]} cubes` + (T.discs_limited ? `, ${st.supply_discs[side]} discs` : "") }),
        h("li", { text: `Merchants: ${st.merchants_port[side]} in port, ${st.merchants_supply[side]} in supply` }),
        h("li", { text: `Proxenos: ${proxText}` }),
        h("li", { text: `Poleis (${owned.length}): ${owned.map((p) => `${T.poleis[p].id} ${st.pop[p]}`).join(", ")}` }),
        hidden ? h("li", { text: `Battle cards in hand: ${hidden} (hidden)` }) : null,
      ]),
    ]);
  });
  put(root, ...boards);
}

export function slotState(T, st, slot) {
  const info = T.slots[slot];
  const closed = (st.event_flags || []).some(([k, v]) => k === `market_closed:${T.markets[info.market]}` && v);
  if (st.slot_merchant[slot] >= 0) return { cls: SIDE_CLASS[st.slot_merchant[slot]], text: `${SIDES[st.slot_merchant[slot]]}'s merchant` };
  if (info.value > roundValue(T, st)) return { cls: "later", text: "not yet available" };
  if (closed) return { cls: "closed", text: "closed by the event" };
  return { cls: "open", text: "available" };
}

export function price(T, st, slot, g) {
  const info = T.slots[slot];
  return T.value_table[String(info.value)][st.market_pos[g]];
}

export function renderMarkets(root, T, st) {
  const sizes = Object.keys(T.value_table).sort();
  const tracks = h("div", { class: "tracks" }, T.tradable.map((g) => {
    const pos = st.market_pos[g];
    const cells = [];
    for (let i = 0; i < T.track_len; i++) {
      cells.push(h("span", { class: `cell${i === pos ? " here" : ""}`,
        title: `space ${i + 1}: ${sizes.map((v) => `cargo ${v} costs ${T.value_table[v][i]}`).join(", ")}`,
        text: i === pos ? "●" : "" }));
    }
    return h("div", { class: "track", "data-track": T.goods_names[g] }, [
      h("span", { class: `track-good good-${T.goods_names[g]}`, text: T.goods_names[g] }),
      h("span", { class: "cells" }, cells),
      h("span", { class: "track-prices", text: `cargo ${sizes.join("/")}: ${sizes.map((v) => T.value_table[v][pos]).join("/")}` }),
    ]);
  }));
  const markets = T.markets.map((id, m) => h("div", { class: "market-card", "data-market": id }, [
    h("h4", { text: spaced(id) }),
    h("ol", { class: "slots" }, T.market_slots[m].map((slot) => {
      const info = T.slots[slot];
      const state = slotState(T, st, slot);
      const accepts = info.accepts.map((g) => `${T.goods_names[g]} ${price(T, st, slot, g)}`);
      if (info.reward === 5) accepts.push(`buy for ${info.value} silver`);
      return h("li", { class: `slot-row ${state.cls}` }, [
        h("span", { class: "cargo", text: `${info.value} ${T.goods_names[info.reward]}` }),
        h("span", { class: "accepts", text: ` for ${accepts.join(" / ")}` }),
        h("span", { class: "slot-state", text: state.text }),
      ]);
    })),
  ]));
  put(root, h("h3", { text: "Markets" }), tracks, h("div", { class: "market-grid" }, markets));
}

function projectLine(T, tile) {
  const p = T.projects[tile];
  const cost = p.cost.map(([g, n]) => `${n} ${T.goods_names[g]}`).join(", ");
  const prestige = p.prestige < 0 ? "half the capital's population" : `+${p.prestige}`;
  return h("li", { class: "project", "data-project": p.id }, [
    h("strong", { text: spaced(p.id) }), h("span", { class: "muted", text: ` (${p.type})` }),
    h("div", { text: `Cost ${cost}; ${prestige} prestige at round end, ${p.posterity} posterity` }),
    h("div", { class: "muted", text: `In ${p.poleis.map((x) => T.poleis[x].id).join(", ")}` }),
  ]);
}

export function renderProjects(root, T, st) {
  const started = [], done = [];
  st.owner.forEach((o, p) => {
    if (st.project_started[p] >= 0) started.push(`${T.projects[st.project_started[p]].id} in ${T.poleis[p].id}`);
    for (const x of st.projects_done[p] || []) done.push(`${T.projects[x].id} in ${T.poleis[p].id}` +
      ` (${o >= 0 ? SIDES[o] : "neutral"})`);
  });
  put(root,
    h("h3", { text: "Projects" }),
    st.projects_face_up.length ? h("ul", { class: "projects" }, st.projects_face_up.map((t) => projectLine(T, t)))
      : h("p", { class: "muted", text: "No face-up project." }),
    h("p", { class: "muted", text: `${st.project_pile.length} tiles face down.` }),
    started.length ? h("p", { text: `Started this round: ${started.join("; ")}` }) : null,
    done.length ? h("p", { text: `Completed: ${done.join("; ")}` }) : null,
  );
}

export function renderPoleis(root, T, st) {
  const rows = T.poleis.map((p, i) => {
    const o = st.owner[i];
    const notes = [];
    if (p.capital >= 0) notes.push("capital");
    if (p.commercial >= 0) notes.push(`commercial (${SIDES[p.commercial]})`);
    for (const side of [0, 1]) {
      if (st.proxenos[side] === i) notes.push(`${SIDES[side]}'s proxenos`);
      const d = st.siege_discs ? st.siege_discs[i * 2 + side] : 0;
      if (d) notes.push(`${SIDES[side]} siege discs ${d}`);
    }
    return h("tr", { class: `owner-${o >= 0 ? SIDE_CLASS[o] : "neutral"}` }, [
      h("td", { text: p.id }),
      h("td", { text: p.territory >= 0 ? spaced(T.region_ids[p.territory]) : "(neutral)" }),
      h("td", { text: o >= 0 ? SIDES[o] : "neutral" }),
      h("td", { text: o >= 0 ? `${st.pop[i]}/${p.max}` : `(${p.base})/${p.max}` }),
      h("td", { text: notes.join("; ") }),
    ]);
  });
  put(root, h("h3", { text: "Poleis" }), h("div", { class: "table-wrap" }, h("table", { class: "poleis-table" }, [
    h("thead", {}, h("tr", {}, ["Polis", "Territory", "Owner", "Pop/max", "Notes"].map((x) => h("th", { text: x })))),
    h("tbody", {}, rows),
  ])));
}

/** A log entry's text without the leading "Athens: " when the side tag already says it. */
export function withoutSide(entry) {
  const prefix = entry.seat >= 0 ? `${SIDES[entry.seat]}: ` : "";
  return prefix && entry.text.startsWith(prefix) ? entry.text.slice(prefix.length) : entry.text;
}
