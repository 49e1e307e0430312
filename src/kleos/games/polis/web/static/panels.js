// The Polis panels drawn from one state message (or replay message): status line, event, the two
// player boards, markets, projects and poleis. Only what the message holds is shown.
import { h, spaced, put } from "/static/js/dom.js";
import { translator } from "/static/js/i18n.js";
import { verbLabel } from "./help.js";

const { t, tn } = translator("polis");

export const SIDES = ["Athens", "Sparta"];
export const SIDE_CLASS = ["athens", "sparta"];
const EOR_STEPS = () => ({ 0: t("starting"), 1: t("projects"), 2: t("feeding"), 3: t("growth"), 4: t("Megalopolis"),
  5: t("spoilage"), 6: t("Phoros"), 7: t("project removal"), 8: t("preparation of the next round") });
const PHASES = () => ({ turn: t("Turns"), battles: t("Battles"), end_of_round: t("End of round"), event: t("Event"),
  round_start: t("Round start"), over: t("Game over") });
const REASONS = () => ({
  score: t("final scoring"), goods_tiebreak: t("final scoring, tie broken by goods"), shared: t("a shared victory"),
  ostracism: t("ostracism (0 prestige)"), starvation: t("starvation (a capital that cannot be fed)"),
  prestige_debt: t("a prestige loss that could not be paid"), salpinx: t("a Salpinx that could not be paid"),
  event_prestige: t("an event's prestige loss that could not be paid"),
});

/** A side's name in the reader's language (SIDES keeps the English names the server's log uses). */
export function sideName(side) {
  return [t("Athens"), t("Sparta")][side];
}

/** A good's name in the reader's language (the tables and the notation keep the English one). */
export function goodName(name) {
  const names = { iron: t("iron"), wood: t("wood"), wine: t("wine"), oil: t("oil"), silver: t("silver"),
    wheat: t("wheat") };
  return names[name] || name;
}

export function sideTag(side, extra) {
  return h("span", { class: `side-tag ${SIDE_CLASS[side] || "chance"}`, text: side >= 0 ? sideName(side) : (extra || t("Chance")) });
}

/** A translated sentence with its {side} replaced by a coloured side tag, wherever the language puts it. */
export function aroundSide(sentence, tag) {
  const at = sentence.indexOf("{side}");
  return at < 0 ? [sentence] : [sentence.slice(0, at), tag, sentence.slice(at + "{side}".length)];
}

export function roundValue(T, st) {
  return T.round_values[Math.min(st.round, T.round_values.length - 1)];
}

// The ends that come from the final scoring; the others stop the game at once, unscored (R-END-4).
const SCORED = ["score", "goods_tiebreak", "shared"];

export function outcomeText(outcome) {
  if (!outcome) return "";
  const params = { why: REASONS()[outcome.reason] || outcome.reason, athens: (outcome.scores || [])[0],
    sparta: (outcome.scores || [])[1] };
  const scored = SCORED.includes(outcome.reason);
  const scores = outcome.scores && outcome.scores.some((x) => x);
  if (outcome.winner === null || outcome.winner === undefined) {
    if (!scored) return t("Draw by {why}; no final scoring (R-END-4)", params);
    return scores ? t("Draw by {why} (scores: Athens {athens}, Sparta {sparta})", params) : t("Draw by {why}", params);
  }
  params.winner = sideName(outcome.winner);
  if (!scored) return t("{winner} wins by {why}; no final scoring (R-END-4)", params);
  return scores ? t("{winner} wins by {why} (scores: Athens {athens}, Sparta {sparta})", params)
    : t("{winner} wins by {why}", params);
}

export function phaseText(st) {
  const text = PHASES()[st.phase] || st.phase;
  if (st.phase !== "end_of_round") return text;
  return t("{phase}: {step}", { phase: text, step: EOR_STEPS()[st.eor_step] || st.eor_step });
}

export function renderStatus(root, T, st, msg) {
  const N = roundValue(T, st);
  const roundName = T.round_names[Math.min(st.round, T.round_names.length - 1)];
  const parts = [
    h("span", { class: "round", text: t("Round {name} ({number} of {rounds}, N = {n})", { name: roundName, number: st.round + 1, rounds: T.round_names.length, n: N }) }),
    h("span", { class: "phase", text: phaseText(st) }),
  ];
  if (st.phase === "turn") {
    const done = st.turn_actions && st.turn_actions.length ? st.turn_actions.map(verbLabel).join(", ") : "";
    const line = done ? t("{side}'s turn; done: {actions}", { actions: done }) : t("{side}'s turn");
    parts.push(h("span", { class: "turn" }, aroundSide(line, sideTag(st.active))));
  }
  const passed = [0, 1].filter((x) => st.passed[x]);
  if (passed.length && st.phase !== "over") {
    parts.push(h("span", { class: "passed", text: t("Passed: {sides}", { sides: passed.map((x) => sideName(x)).join(", ") }) }));
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
  }, [sideTag(side), " ", T.goods.map((g) => `${st.goods[side * T.goods_names.length + g]} ${goodName(T.goods_names[g])}`).join(", ")])));
}

export function renderEvent(root, T, st) {
  const ev = st.event ? T.events[st.event] : null;
  put(root,
    h("h3", { text: t("Event of the round") }),
    ev ? h("p", {}, [h("strong", { text: ev.title }), `: ${ev.text}`]) : h("p", { class: "muted", text: st.event || t("none") }),
  );
}

function goodCell(T, st, side, g) {
  const n = st.goods[side * T.goods_names.length + g];
  return h("div", { class: `good good-${T.goods_names[g]}`, title: goodName(T.goods_names[g]), "data-good": T.goods_names[g] }, [
    h("span", { class: "good-name", text: goodName(T.goods_names[g]) }), h("span", { class: "good-n", text: String(n) }),
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
    const who = player ? (player.kind === "bot" ? t("AI: {agent}", { agent: player.agent })
      : player.joined ? t("person") : t("invited, not joined yet")) : "";
    const prox = st.proxenos[side];
    const proxText = prox >= 0 ? T.poleis[prox].id : t("captive (held by {side})", { side: sideName(1 - side) });
    const owned = st.owner.map((o, p) => (o === side ? p : -1)).filter((p) => p >= 0);
    const hidden = view && view.hidden_hand_sizes ? view.hidden_hand_sizes[side] : 0;
    const acting = (toAct || []).includes(side);
    return h("section", { class: `board ${SIDE_CLASS[side]}${acting ? " acting" : ""}`, "data-board": SIDE_CLASS[side] }, [
      h("header", {}, [
        h("h3", {}, [sideName(side), me === side ? h("span", { class: "you", text: t(" (you)") }) : null]),
        h("span", { class: "who", text: who }),
        acting ? h("span", { class: "badge acting-badge", text: t("to act") }) : null,
        st.passed[side] ? h("span", { class: "badge", text: t("passed") }) : null,
      ]),
      h("div", { class: "prestige", "data-prestige": String(st.prestige[side]) }, [
        h("span", { class: "big", text: String(st.prestige[side]) }), " " + t("prestige"),
      ]),
      h("div", { class: "goods" }, T.goods.map((g) => goodCell(T, st, side, g))),
      h("ul", { class: "facts" }, [
        h("li", { text: t("Food need {need} (wheat {wheat})", { need: foodNeed(st, side), wheat: st.goods[side * T.goods_names.length + 5] }) }),
        h("li", { text: T.discs_limited ? t("Supply: {cubes} cubes, {discs} discs", { cubes: st.supply_cubes[side], discs: st.supply_discs[side] })
          : t("Supply: {cubes} cubes", { cubes: st.supply_cubes[side] }) }),
        h("li", { text: t("Merchants: {port} in port, {supply} in supply", { port: st.merchants_port[side], supply: st.merchants_supply[side] }) }),
        h("li", { text: t("Proxenos: {where}", { where: proxText }) }),
        h("li", { text: t("Poleis ({n}): {poleis}", { n: owned.length, poleis: owned.map((p) => `${T.poleis[p].id} ${st.pop[p]}`).join(", ") }) }),
        hidden ? h("li", { text: t("Battle cards in hand: {n} (hidden)", { n: hidden }) }) : null,
      ]),
    ]);
  });
  put(root, ...boards);
}

export function slotState(T, st, slot) {
  const info = T.slots[slot];
  const closed = (st.event_flags || []).some(([k, v]) => k === `market_closed:${T.markets[info.market]}` && v);
  if (st.slot_merchant[slot] >= 0) return { cls: SIDE_CLASS[st.slot_merchant[slot]], text: t("{side}'s merchant", { side: sideName(st.slot_merchant[slot]) }) };
  if (info.value > roundValue(T, st)) return { cls: "later", text: t("not yet available") };
  if (closed) return { cls: "closed", text: t("closed by the event") };
  return { cls: "open", text: t("available") };
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
      const prices = sizes.map((v) => t("cargo {size} costs {price}", { size: v, price: T.value_table[v][i] })).join(", ");
      cells.push(h("span", { class: `cell${i === pos ? " here" : ""}`, title: t("space {n}: {prices}", { n: i + 1, prices }),
        text: i === pos ? "●" : "" }));
    }
    return h("div", { class: "track", "data-track": T.goods_names[g] }, [
      h("span", { class: `track-good good-${T.goods_names[g]}`, text: goodName(T.goods_names[g]) }),
      h("span", { class: "cells" }, cells),
      h("span", { class: "track-prices", text: t("cargo {sizes}: {prices}", { sizes: sizes.join("/"), prices: sizes.map((v) => T.value_table[v][pos]).join("/") }) }),
    ]);
  }));
  const markets = T.markets.map((id, m) => h("div", { class: "market-card", "data-market": id }, [
    h("h4", { text: spaced(id) }),
    h("ol", { class: "slots" }, T.market_slots[m].map((slot) => {
      const info = T.slots[slot];
      const state = slotState(T, st, slot);
      const accepts = info.accepts.map((g) => `${goodName(T.goods_names[g])} ${price(T, st, slot, g)}`);
      if (info.reward === 5) accepts.push(t("buy for {n} silver", { n: info.value }));
      return h("li", { class: `slot-row ${state.cls}` }, [
        h("span", { class: "cargo", text: `${info.value} ${goodName(T.goods_names[info.reward])}` }),
        h("span", { class: "accepts", text: " " + t("for {goods}", { goods: accepts.join(" / ") }) }),
        h("span", { class: "slot-state", text: state.text }),
      ]);
    })),
  ]));
  put(root, h("h3", { text: t("Markets") }), tracks, h("div", { class: "market-grid" }, markets));
}

function projectLine(T, tile) {
  const p = T.projects[tile];
  const cost = p.cost.map(([g, n]) => `${n} ${goodName(T.goods_names[g])}`).join(", ");
  const prestige = p.prestige < 0 ? t("half the capital's population") : `+${p.prestige}`;
  return h("li", { class: "project", "data-project": p.id }, [
    h("strong", { text: p.name }), h("span", { class: "muted", text: ` (${p.type_name || p.type})` }),
    h("div", { text: t("Cost {cost}; {prestige} prestige at round end, {posterity} posterity", { cost, prestige, posterity: p.posterity }) }),
    h("div", { class: "muted", text: t("In {poleis}", { poleis: p.poleis.map((x) => T.poleis[x].id).join(", ") }) }),
  ]);
}

export function renderProjects(root, T, st) {
  const started = [], done = [];
  st.owner.forEach((o, p) => {
    if (st.project_started[p] >= 0) started.push(t("{project} in {polis}", { project: T.projects[st.project_started[p]].name, polis: T.poleis[p].id }));
    for (const x of st.projects_done[p] || []) done.push(t("{project} in {polis} ({owner})", { project: T.projects[x].name, polis: T.poleis[p].id,
      owner: o >= 0 ? sideName(o) : t("neutral") }));
  });
  put(root,
    h("h3", { text: t("Projects") }),
    st.projects_face_up.length ? h("ul", { class: "projects" }, st.projects_face_up.map((t) => projectLine(T, t)))
      : h("p", { class: "muted", text: t("No face-up project.") }),
    h("p", { class: "muted", text: tn("{n} tile face down.", "{n} tiles face down.", st.project_pile.length) }),
    started.length ? h("p", { text: t("Started this round: {projects}", { projects: started.join("; ") }) }) : null,
    done.length ? h("p", { text: t("Completed: {projects}", { projects: done.join("; ") }) }) : null,
  );
}

export function renderPoleis(root, T, st) {
  const rows = T.poleis.map((p, i) => {
    const o = st.owner[i];
    const notes = [];
    if (p.capital >= 0) notes.push(t("capital"));
    if (p.commercial >= 0) notes.push(t("commercial ({side})", { side: sideName(p.commercial) }));
    for (const side of [0, 1]) {
      if (st.proxenos[side] === i) notes.push(t("{side}'s proxenos", { side: sideName(side) }));
      const d = st.siege_discs ? st.siege_discs[i * 2 + side] : 0;
      if (d) notes.push(t("{side} siege discs {n}", { side: sideName(side), n: d }));
    }
    return h("tr", { class: `owner-${o >= 0 ? SIDE_CLASS[o] : "neutral"}` }, [
      h("td", { text: p.id }),
      h("td", { text: p.territory >= 0 ? spaced(T.region_ids[p.territory]) : t("(neutral)") }),
      h("td", { text: o >= 0 ? sideName(o) : t("neutral") }),
      h("td", { text: o >= 0 ? `${st.pop[i]}/${p.max}` : `(${p.base})/${p.max}` }),
      h("td", { text: notes.join("; ") }),
    ]);
  });
  put(root, h("h3", { text: t("Poleis") }), h("div", { class: "table-wrap" }, h("table", { class: "poleis-table" }, [
    h("thead", {}, h("tr", {}, [t("Polis"), t("Territory"), t("Owner"), t("Pop/max"), t("Notes")].map((x) => h("th", { text: x })))),
    h("tbody", {}, rows),
  ])));
}

/** A log entry's text without the leading "Athens: " when the side tag already says it. */
export function withoutSide(entry) {
  const prefix = entry.seat >= 0 ? `${sideName(entry.seat)}: ` : "";
  return prefix && entry.text.startsWith(prefix) ? entry.text.slice(prefix.length) : entry.text;
}
