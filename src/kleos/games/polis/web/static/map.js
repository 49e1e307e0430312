// The schematic SVG map: 12 territories, 5 seas, 18 poleis and 5 markets at fixed places, with
// units, control, poleis (owner, population, projects), proxenoi, siege and tribute discs and the
// merchants on the market slots. Everything drawn comes from the state message of this seat.
import { s, spaced } from "/static/js/dom.js";
import { translator } from "/static/js/i18n.js";
import { goodName, sideName } from "./panels.js";

const { t, tn } = translator("polis");

export const SIDE_CLASS = ["athens", "sparta"];
// a side's letter on its pieces, so that they never differ by colour alone
const SIDE_LETTER = ["A", "S"];
/** A market slot's tooltip: its number, cargo and whether it is taken, not yet available or free. */
function slotTitle(number, cargo, who, later) {
  if (who >= 0) return t("Slot {number}: cargo {cargo}, merchant of {side}", { number, cargo, side: sideName(who) });
  if (later) return t("Slot {number}: cargo {cargo}, not yet available", { number, cargo });
  return t("Slot {number}: cargo {cargo}, free", { number, cargo });
}

export const VIEWBOX = [0, 0, 1000, 780];

// Centres of the regions (territories: ellipses; seas: wider ellipses), markets and the two
// poleis that lie in no territory. Unknown ids fall back to a ring (see place()).
const REGION_XY = {
  Makedonia: [440, 82], Akarnania: [200, 240], Thessalia: [405, 205], Boiotia: [575, 290],
  Attika: [690, 390], Megaris: [470, 395], Achaia: [285, 420], Arkadia: [440, 525],
  Messinia: [250, 600], Lakedaemon: [440, 690], Ionia: [870, 350], Sikelia: [95, 622],
  IonionPelagos: [100, 420], Kyklades: [720, 530], MyrtoonPelagos: [640, 690],
  NotiesSporades: [880, 610], ThrakikoPelagos: [700, 200],
};
const MARKET_XY = {
  Illyria: [80, 48], Thraki: [730, 48], EuxinosPontos: [912, 60], Persia: [940, 470], Aegyptos: [870, 740],
};
const LONE_POLIS_XY = { Epidamnos: [215, 112], Abdera: [590, 70] };
// Where each side's commercial port (merchants waiting to trade) is drawn.
const PORT_XY = [[780, 470], [560, 620]];

const RX = 88, RY = 56, SEA_RX = 86, SEA_RY = 50;

function place(table, id, i, n) {
  if (table[id]) return table[id];
  const a = (2 * Math.PI * i) / Math.max(1, n);
  return [500 + 330 * Math.cos(a), 390 + 300 * Math.sin(a)];
}

export function controllerOf(st, region) {
  const a = st.units[region * 2], b = st.units[region * 2 + 1];
  return a > b ? 0 : b > a ? 1 : -1;
}

function unitBadge(x, y, side, n, sea, title) {
  const cls = `unit ${SIDE_CLASS[side]}`;
  const shape = sea
    ? s("path", { d: `M${x - 20},${y - 10} h40 l-7,20 h-26 z`, class: "hull" })
    : s("rect", { x: x - 16, y: y - 11, width: 32, height: 22, rx: 10, class: "shield" });
  return s("g", { class: cls, "data-units": `${SIDE_CLASS[side]}:${n}` }, [
    s("title", { text: title }), shape,
    s("text", { x, y: y + 5, class: "unit-n", "text-anchor": "middle", text: `${SIDE_LETTER[side]}${n}` }),
  ]);
}

/** A region's name above its centre; a sea's two-word name on two lines, so that it stays inside
 * the narrower top of its ellipse. */
function regionLabel(x, y, name, sea) {
  const words = name.split(" ");
  if (!sea || words.length < 2) {
    return s("text", { x, y: y - (sea ? 24 : 34), class: "region-label", "text-anchor": "middle", text: name });
  }
  const half = Math.ceil(words.length / 2);
  return s("text", { x, y: y - 20, class: "region-label", "text-anchor": "middle" }, [
    s("tspan", { x, dy: 0, text: words.slice(0, half).join(" ") }),
    s("tspan", { x, dy: "1em", text: words.slice(half).join(" ") }),
  ]);
}

/** Two poleis of one territory stand 66 units apart: a name that would run into its neighbour's
 * (large letters on a phone) is narrowed to fit. Needs the map on the page to measure. */
const NAME_ROOM = 62;
function fitNames(group) {
  for (const text of group.querySelectorAll("text.polis-name[data-shared]")) {
    let wide = 0;
    try {
      wide = text.getComputedTextLength();
    } catch (err) {
      wide = 0; // not laid out (the map is not on the page yet)
    }
    if (wide > NAME_ROOM) {
      text.setAttribute("textLength", String(NAME_ROOM));
      text.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
  }
}

/**
 * Draw the map into `svg` (an <svg> element) for state `st` (view.state) with tables `T`.
 * opts.choosable: Map name -> count of current menu options naming it (drawn as choosable);
 * opts.onPick(name): called when a choosable place is clicked; opts.battle: region index.
 */
export function drawMap(svg, T, st, opts = {}) {
  const choosable = opts.choosable || new Map();
  const nT = T.territories, nR = T.region_ids.length;
  const xy = T.region_ids.map((id, i) => place(REGION_XY, id, i, nR));
  const mxy = T.markets.map((id, i) => place(MARKET_XY, id, i + 0.5, T.markets.length));
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  svg.setAttribute("viewBox", VIEWBOX.join(" "));
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("Map of Greece"));

  const pick = (name) => (event) => {
    event.stopPropagation();
    if (opts.onPick) opts.onPick(name);
  };
  const mark = (el, name) => {
    el.dataset.name = name;
    if (choosable.has(name)) {
      el.classList.add("choosable");
      el.setAttribute("tabindex", "0");
      el.addEventListener("click", pick(name));
      el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") pick(name)(e); });
    }
    return el;
  };

  svg.append(s("rect", { x: 0, y: 0, width: VIEWBOX[2], height: VIEWBOX[3], class: "map-bg" }));

  // ----- connections (under everything) -----
  const lines = s("g", { class: "links" });
  const seen = new Set();
  const link = (a, b, cls) => {
    const key = `${Math.min(a, b)}-${Math.max(a, b)}-${cls}`;
    if (seen.has(key)) return;
    seen.add(key);
    lines.append(s("line", { x1: xy[a][0], y1: xy[a][1], x2: xy[b][0], y2: xy[b][1], class: cls }));
  };
  T.land_adjacent.forEach((near, a) => near.forEach((b) => link(a, b, "land-link")));
  T.sea_adjacent.forEach((near, a) => near.forEach((b) => link(a, b, "sea-link")));
  T.coasts.forEach((near, a) => { if (a >= nT) near.forEach((b) => link(a, b, "coast-link")); });
  if (T.diolkos) link(T.diolkos[0], T.diolkos[1], "diolkos-link");
  T.route_markets.forEach((ms, r) => ms.forEach((m) => lines.append(
    s("line", { x1: xy[r][0], y1: xy[r][1], x2: mxy[m][0], y2: mxy[m][1], class: "trade-link" }))));
  for (const [p, m] of Object.entries(T.land_trade || {})) {
    const pid = T.poleis[Number(p)].id;
    const at = LONE_POLIS_XY[pid];
    if (at) lines.append(s("line", { x1: at[0], y1: at[1], x2: mxy[m][0], y2: mxy[m][1], class: "trade-link" }));
  }
  svg.append(lines);

  // ----- regions -----
  const regions = s("g", { class: "regions" });
  const N = T.round_values[Math.min(st.round, T.round_values.length - 1)];
  for (let r = 0; r < nR; r++) {
    const sea = r >= nT;
    const [x, y] = xy[r];
    const id = T.region_ids[r];
    const ctrl = controllerOf(st, r);
    const total = st.units[r * 2] + st.units[r * 2 + 1];
    let cls = `region ${sea ? "sea" : "land"} ctrl-${ctrl < 0 ? "none" : SIDE_CLASS[ctrl]}`;
    if (opts.battle === r) cls += " battle";
    else if (total >= 8 && st.units[r * 2] && st.units[r * 2 + 1]) cls += " battle-size";
    const g = mark(s("g", { class: cls, "data-region": id }), id);
    const ctrlText = ctrl < 0 ? t("nobody controls it") : t("{side} controls it", { side: sideName(ctrl) });
    const counts = { region: spaced(id), athens: st.units[r * 2], sparta: st.units[r * 2 + 1], control: ctrlText };
    g.append(s("title", { text: sea ? t("{region} (sea): Athens {athens}, Sparta {sparta} galleys; {control}", counts)
      : t("{region} (territory): Athens {athens}, Sparta {sparta} hoplites; {control}", counts) }));
    g.append(s("ellipse", { cx: x, cy: y, rx: sea ? SEA_RX : RX, ry: sea ? SEA_RY : RY, class: "shape" }));
    g.append(regionLabel(x, y, spaced(id), sea));
    for (const side of [0, 1]) {
      const n = st.units[r * 2 + side];
      if (!n) continue;
      const ux = x + (side === 0 ? -1 : 1) * (sea ? 28 : 24);
      const uy = sea ? y + 20 : y + 36;
      g.append(unitBadge(ux, uy, side, n, sea,
        sea ? tn("{side}: {n} galley (limit {limit})", "{side}: {n} galleys (limit {limit})", n, { side: sideName(side), limit: N })
          : tn("{side}: {n} hoplite (limit {limit})", "{side}: {n} hoplites (limit {limit})", n, { side: sideName(side), limit: N })));
    }
    if (!sea && st.tribute_disc && st.tribute_disc[r] >= 0) {
      const side = st.tribute_disc[r];
      g.append(s("g", { class: `disc tribute ${SIDE_CLASS[side]}` }, [
        s("title", { text: t("Tribute collected here this round by {side}", { side: sideName(side) }) }),
        s("circle", { cx: x + RX - 14, cy: y - 26, r: 9 }),
        s("text", { x: x + RX - 14, y: y - 22, "text-anchor": "middle", text: "T" }),
      ]));
    }
    regions.append(g);
  }
  svg.append(regions);

  // ----- poleis -----
  const poleis = s("g", { class: "poleis" });
  const byTerritory = new Map();
  T.poleis.forEach((p, i) => {
    const list = byTerritory.get(p.territory) || [];
    list.push(i);
    byTerritory.set(p.territory, list);
  });
  T.poleis.forEach((p, i) => {
    let x, y;
    if (p.territory >= 0) {
      const list = byTerritory.get(p.territory);
      const k = list.indexOf(i), n = list.length;
      [x, y] = xy[p.territory];
      x += (k - (n - 1) / 2) * 66;
      y -= 10;
    } else {
      [x, y] = place(LONE_POLIS_XY, p.id, i, T.poleis.length);
    }
    const owner = st.owner[i];
    const pop = owner >= 0 ? st.pop[i] : p.base;
    const notes = [];
    if (p.capital >= 0) notes.push(t("capital"));
    if (st.project_started[i] >= 0) notes.push(t("project started: {project}", { project: T.projects[st.project_started[i]].name }));
    const done = st.projects_done[i] || [];
    if (done.length) notes.push(t("completed: {projects}", { projects: done.map((x) => T.projects[x].name).join(", ") }));
    const facts = { polis: p.id, owner: owner >= 0 ? sideName(owner) : t("neutral"), n: pop, max: p.max };
    const title = (owner >= 0 ? t("{polis}: {owner}, population {n} (max {max})", facts)
      : t("{polis}: {owner}, fortification {n} (max {max})", facts)) + (notes.length ? `; ${notes.join("; ")}` : "");
    const g = mark(s("g", { class: `polis owner-${owner >= 0 ? SIDE_CLASS[owner] : "neutral"}` +
      (p.capital >= 0 ? " capital" : "") + (p.territory < 0 ? " lone" : ""), "data-polis": p.id }), p.id);
    g.append(s("title", { text: title }));
    if (p.territory < 0) g.append(s("circle", { cx: x, cy: y, r: 26, class: "neutral-area" }));
    g.append(s("circle", { cx: x, cy: y, r: p.capital >= 0 ? 16 : 14, class: "polis-disc" }));
    g.append(s("text", { x, y: y + 5, class: "polis-pop", "text-anchor": "middle",
      text: owner >= 0 ? String(pop) : `(${pop})` }));
    const name = s("text", { x, y: y + 26, class: "polis-name", "text-anchor": "middle", text: p.id });
    if (p.territory >= 0 && byTerritory.get(p.territory).length > 1) name.dataset.shared = "1";
    g.append(name);
    if (st.project_started[i] >= 0) {
      g.append(s("rect", { x: x - 21, y: y - 21, width: 10, height: 10, class: "project-started" }));
    }
    if (done.length) {
      g.append(s("text", { x: x - 17, y: y + 16, class: "project-done", "text-anchor": "middle",
        text: `★${done.length > 1 ? done.length : ""}` }));
    }
    for (const side of [0, 1]) {
      if (st.proxenos[side] === i) {
        const px = x + (side === 0 ? 13 : 19), py = y - 16 - (side === 0 ? 0 : 4);
        g.append(s("g", { class: `proxenos ${SIDE_CLASS[side]}`, "data-proxenos": SIDE_CLASS[side] }, [
          s("title", { text: t("{side}'s proxenos", { side: sideName(side) }) }),
          s("path", { d: `M${px},${py - 9} l7,9 l-7,9 l-7,-9 z` }),
        ]));
      }
      const discs = st.siege_discs ? st.siege_discs[i * 2 + side] : 0;
      if (discs) {
        const dx = x + (side === 0 ? -12 : 12), dy = y + 15;
        g.append(s("g", { class: `disc siege ${SIDE_CLASS[side]}`, "data-siege": `${SIDE_CLASS[side]}:${discs}` }, [
          s("title", { text: tn("{side}: {n} siege disc", "{side}: {n} siege discs", discs, { side: sideName(side) }) }),
          s("circle", { cx: dx, cy: dy, r: 7 }),
          s("text", { x: dx, y: dy + 3.5, "text-anchor": "middle", text: String(discs) }),
        ]));
      }
    }
    poleis.append(g);
  });
  svg.append(poleis);
  fitNames(poleis);

  // ----- markets -----
  const markets = s("g", { class: "markets" });
  T.markets.forEach((id, m) => {
    const [x, y] = mxy[m];
    const slots = T.market_slots[m];
    const w = Math.max(96, 22 * slots.length + 16);
    const closed = (st.event_flags || []).some(([k, v]) => k === `market_closed:${id}` && v);
    const g = mark(s("g", { class: `market${closed ? " closed" : ""}`, "data-market": id }), id);
    g.append(s("title", { text: closed ? t("{market} (market): closed by the event", { market: spaced(id) })
      : t("{market} (market)", { market: spaced(id) }) }));
    g.append(s("rect", { x: x - w / 2, y: y - 24, width: w, height: 48, rx: 6, class: "market-box" }));
    const words = spaced(id).split(" ");
    g.append(words.length < 2 || x < 800
      ? s("text", { x, y: y - 8, class: "market-label", "text-anchor": "middle", text: spaced(id) })
      : s("text", { x, y: y - 8, class: "market-label", "text-anchor": "middle" }, [ // by the map's edge: two lines
        s("tspan", { x, dy: "-1em", text: words[0] }), s("tspan", { x, dy: "1em", text: words.slice(1).join(" ") })]));
    slots.forEach((slot, k) => {
      const info = T.slots[slot];
      const sx = x - (22 * slots.length) / 2 + 22 * k + 2;
      const who = st.slot_merchant[slot];
      const state = who >= 0 ? SIDE_CLASS[who] : info.value > N ? "later" : "open";
      g.append(s("g", { class: `slot ${state}` }, [
        s("title", { text: slotTitle(k + 1, `${info.value} ${goodName(T.goods_names[info.reward])}`, who, info.value > N) }),
        s("rect", { x: sx, y: y + 1, width: 18, height: 17, rx: 3 }),
        s("text", { x: sx + 9, y: y + 14, "text-anchor": "middle", text: String(info.value) }),
      ]));
    });
    markets.append(g);
  });
  for (const side of [0, 1]) {
    const n = st.merchants_port ? st.merchants_port[side] : 0;
    if (!n) continue;
    const [x, y] = PORT_XY[side];
    markets.append(s("g", { class: `port ${SIDE_CLASS[side]}` }, [
      s("title", { text: tn("{side}: {n} merchant in the commercial port", "{side}: {n} merchants in the commercial port", n,
        { side: sideName(side) }) }),
      s("rect", { x: x - 16, y: y - 11, width: 32, height: 22, rx: 4 }),
      s("text", { x, y: y + 5, "text-anchor": "middle", text: `⚓${n}` }),
    ]));
  }
  svg.append(markets);
}
