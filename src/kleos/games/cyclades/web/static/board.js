// The Cyclades board module for the Kleos pages (interface: /static/js/board-api.js): the board of
// the player count as SVG hexes (islands with their owner, troops, buildings, Metropolis and
// prosperity; seas with trade values and fleets), the players (gold of the others hidden), the god
// track with this cycle's offerings and Apollo, and the creature track. Everything is drawn from the
// seat's message and the tables of src/kleos/games/cyclades/web/tables.py.
import { h, put } from "/static/js/dom.js";
import { seatTag } from "/static/js/board-api.js";
import { translator } from "/static/js/i18n.js";

const { t } = translator("cyclades");

const SVG = "http://www.w3.org/2000/svg";
const R = 30; // hex radius (centre to corner), pointy-top
const W = Math.sqrt(3) * R; // hex width: neighbours in a row are W apart, rows 1.5 R apart
const BUILDING_LETTER = { port: "P", fortress: "F", temple: "T", university: "U" };
const HIDDEN = -1;
// The phases and end reasons as the game's catalogue words them (src/kleos/games/cyclades/i18n.py):
// the message carries codes, each shown through t().
const PHASES = { setup: "set-up", creatures: "creatures", gods: "gods", offer: "offerings", action: "actions",
  over: "game over" };
const REASONS = { metropolises: "Metropolises won", "last standing": "last player standing" };

function svgEl(tag, attrs = {}, text = null) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== null) el.textContent = text;
  return el;
}

/** Centre of a cell given as [row, doubled x]. */
function centre(T, cell) {
  const [row, dx] = cell;
  return [(dx + T.widest) * (W / 2), R + row * 1.5 * R];
}

function hexPoints(x, y) {
  const pts = [];
  for (let i = 0; i < 6; i += 1) {
    const a = (Math.PI / 180) * (60 * i - 30);
    pts.push(`${(x + R * Math.cos(a)).toFixed(1)},${(y + R * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

/** Builds the static SVG (hexes and labels) once; returns the groups that render() fills. */
function buildMap(svg, T, onPick) {
  const width = (2 * T.widest + 1) * (W / 2);
  const height = 2 * R + (T.rows - 1) * 1.5 * R;
  svg.setAttribute("viewBox", `0 0 ${width.toFixed(0)} ${height.toFixed(0)}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("The Cyclades board for {players} players", { players: T.players }));
  const shapes = new Map();
  const marks = new Map();
  const addHex = (name, cell, cls) => {
    const [x, y] = centre(T, cell);
    const poly = svgEl("polygon", { points: hexPoints(x, y), class: cls, "data-name": name });
    poly.append(svgEl("title", {}, `${name}: ${T.help[cls]}`));
    poly.addEventListener("click", () => onPick(name));
    svg.append(poly);
    if (!shapes.has(name)) shapes.set(name, []);
    shapes.get(name).push(poly);
    return [x, y];
  };
  for (const sea of T.seas) {
    const [x, y] = addHex(sea.id, sea.cell, "sea");
    svg.append(svgEl("text", { x, y: y - R * 0.35, class: "label sea-label" }, sea.id));
    if (sea.trade) svg.append(svgEl("text", { x, y: y + R * 0.75, class: "trade" }, "$".repeat(sea.trade)));
    const fleets = svgEl("text", { x, y: y + R * 0.3, class: "fleets" }, "");
    svg.append(fleets);
    marks.set(sea.id, { fleets });
  }
  for (const island of T.islands) {
    const centres = island.cells.map((cell) => addHex(island.id, cell, "island"));
    const [x, y] = centres[0];
    svg.append(svgEl("text", { x, y: y - R * 0.4, class: "label island-label" }, island.id));
    const troops = svgEl("text", { x, y: y + R * 0.15, class: "troops" }, "");
    const prosperity = svgEl("text", { x, y: y + R * 0.62, class: "prosperity" }, "");
    svg.append(troops, prosperity);
    const [bx, by] = centres[1] || [x, y + R * 0.95];
    const buildings = svgEl("text", { x: bx, y: centres[1] ? by : by - R * 0.05, class: "buildings" }, "");
    svg.append(buildings);
    marks.set(island.id, { troops, prosperity, buildings });
  }
  return { shapes, marks };
}

function seatClass(seat) {
  return seat >= 0 ? `seat-${seat % 5}` : "nobody";
}

/** A seat's one-letter mark on the map, so that pieces never differ by colour alone: the first
 * letter of its name, or the last when an earlier seat took the first ("Black" beside "Blue": K). */
function seatLetter(names, seat) {
  const taken = new Set(names.slice(0, seat).map((n, i) => seatLetter(names, i)));
  const name = names[seat].toUpperCase();
  return taken.has(name[0]) ? name[name.length - 1] : name[0];
}

function drawState(T, st, map) {
  T.islands.forEach((island, i) => {
    const m = map.marks.get(island.id);
    const owner = st.owner[i];
    for (const poly of map.shapes.get(island.id)) poly.setAttribute("class", `island ${owner >= 0 ? `owned ${seatClass(owner)}` : ""}`);
    m.troops.textContent = owner >= 0 ? `${seatLetter(T.seat_labels || T.seat_names, owner)}${st.troops[i]}` : "";
    m.troops.setAttribute("class", `troops ${seatClass(owner)}`);
    m.prosperity.textContent = "★".repeat(island.prosperity + st.markers[i]);
    const first = T.slot_offset[i];
    const letters = st.buildings.slice(first, first + island.slots).filter((b) => b > 0)
      .map((b) => BUILDING_LETTER[T.buildings[b - 1]]);
    m.buildings.textContent = `${st.metropolis[i] ? "M " : ""}${letters.join("")}`;
  });
  T.seas.forEach((sea, i) => {
    const m = map.marks.get(sea.id);
    const n = st.fleets[i];
    const owner = st.fleet_owner[i];
    m.fleets.textContent = n ? `${owner >= 0 ? seatLetter(T.seat_labels || T.seat_names, owner) : ""}≈${n}` : "";
    m.fleets.setAttribute("class", `fleets ${seatClass(owner)}`);
  });
}

function metropolises(st, seat) {
  return st.metropolis.reduce((n, m, i) => n + (m && st.owner[i] === seat ? 1 : 0), 0);
}

function playersTable(T, st, seatNames) {
  const head = h("tr", {}, [t("player"), t("gold"), t("islands"), t("metropolises"), t("priests"), t("philosophers")]
    .map((word) => h("th", { text: word })));
  const rows = seatNames.map((_name, seat) => h("tr", {}, [
    h("td", {}, [seatTag(seatNames, seat)]),
    h("td", { text: st.gold[seat] === HIDDEN ? "?" : String(st.gold[seat]) }),
    h("td", { text: String(st.owner.filter((o) => o === seat).length) }),
    h("td", { text: String(metropolises(st, seat)) }),
    h("td", { text: String(st.priests[seat]) }),
    h("td", { text: String(st.philosophers[seat]) }),
  ]));
  return h("table", { class: "cyc-players" }, [h("thead", {}, [head]), h("tbody", {}, rows)]);
}

function godsTable(T, st, seatNames) {
  const rows = st.gods.map((god, pos) => {
    const marker = st.bidder[god];
    const who = marker >= 0 ? seatTag(seatNames, T.marker_owner[marker]) : h("span", { class: "muted", text: "—" });
    const name = t(T.god_names[god]);
    const shown = st.gods_up[pos] ? name : t("{god} (face down)", { god: name });
    return h("tr", { class: st.gods_up[pos] ? "" : "face-down" }, [
      h("td", { text: String(pos + 1) }),
      h("td", {}, [told("span", { "data-god": T.gods[god] }, [shown], T.help.gods[god])]),
      h("td", {}, [who]),
      h("td", { text: marker >= 0 ? t("{n} GP", { n: st.bid[god] }) : "" }),
    ]);
  });
  const apollo = st.apollo.length
    ? st.apollo.map((m, i) => h("span", {}, [`${i + 1}. `, seatTag(seatNames, T.marker_owner[m]), " "]))
    : [h("span", { class: "muted", text: t("nobody") })];
  return [h("table", { class: "cyc-gods" }, [h("tbody", {}, rows)]),
          h("p", {}, [told("strong", { "data-god": "apollo" }, [t("Apollo: ")], T.help.gods[T.help.gods.length - 1]),
            ...apollo])];
}

/** A thing of the board that tells what it is: a tooltip on hover, and a line that a tap (or
 * Enter) opens and closes, so that a phone reads it too. */
function told(tag, attrs, children, words) {
  const tip = h("span", { class: "cyc-tip", role: "note", text: words });
  const el = h(tag, { ...attrs, title: words, tabindex: "0", "data-told": "1" }, [...children, tip]);
  const toggle = () => el.classList.toggle("open");
  el.addEventListener("click", toggle);
  el.addEventListener("keydown", (event) => { if (event.key === "Enter") toggle(); });
  return el;
}

function creaturesList(T, st) {
  const items = st.track.map((card, slot) => (card >= 0
    ? told("li", { "data-creature": T.creatures[card] }, [
      h("span", { class: "price", text: t("{n} GP", { n: T.slot_costs[slot] }) }), " ",
      T.help.creatures[card].split(":")[0],
    ], T.help.creatures[card])
    : h("li", {}, [h("span", { class: "price", text: t("{n} GP", { n: T.slot_costs[slot] }) }), " ",
      h("span", { class: "muted", text: "—" })])));
  const deck = st.deck.reduce((a, b) => a + b, 0);
  return [h("ul", { class: "cyc-creatures" }, items),
          h("p", { class: "muted", text: t("{track}. Deck: {deck} cards, order unknown. Tap a creature for its effect.",
                                           { track: T.help.track, deck }) })];
}

function outcomeText(T, outcome) {
  if (!outcome) return null;
  const who = outcome.winner === null || outcome.winner === undefined ? t("shared") : (T.seat_labels || T.seat_names)[outcome.winner];
  const reason = outcome.reason in REASONS ? t(REASONS[outcome.reason]) : outcome.reason;
  return t("{reason} — winner: {player}", { reason, player: who });
}

export async function create(ctx) {
  await ctx.stylesheet(new URL("./board.css", import.meta.url));
  const T = ctx.tables;
  const svg = document.createElementNS(SVG, "svg");
  svg.id = "cyc-map";
  const map = buildMap(svg, T, (name) => ctx.pick(name));
  const panels = {
    players: h("section", { id: "cyc-players", class: "cyc-panel" }),
    gods: h("section", { id: "cyc-gods", class: "cyc-panel" }),
    creatures: h("section", { id: "cyc-creatures", class: "cyc-panel" }),
  };
  put(ctx.slots.main, h("section", { class: "cyc-map-panel" }, [h("div", { class: "cyc-map-wrap" }, [svg])]));
  put(ctx.slots.side, panels.players, panels.gods);
  put(ctx.slots.lower, panels.creatures);
  const names = new Set([...T.islands.map((i) => i.id), ...T.seas.map((s) => s.id)]);
  return {
    names,
    render(message, ui) {
      const st = message.view.state;
      const seatNames = message.seat_labels || T.seat_labels || message.seat_names || T.seat_names;
      drawState(T, st, map);
      const phase = st.phase in PHASES ? t(PHASES[st.phase]) : st.phase;
      put(ctx.slots.status, h("span", { class: "round", text: t("Cycle {cycle}", { cycle: st.cycle }) }),
          t(" · phase: {phase}", { phase }),
          message.outcome ? h("span", { class: "outcome", text: ` · ${outcomeText(T, message.outcome)}` }) : "");
      put(panels.players, h("h3", { text: t("Players") }), playersTable(T, st, seatNames),
          h("p", { class: "muted",
                   text: t("Win: {n} Metropolises at the end of a cycle.", { n: T.win_metropolises }) }));
      put(panels.gods, h("h3", { text: t("Gods") }), ...godsTable(T, st, seatNames));
      put(panels.creatures, h("h3", { text: t("Creatures") }), ...creaturesList(T, st));
      for (const [name, polys] of map.shapes) {
        const n = ui && ui.choosable ? ui.choosable.get(name) : 0;
        for (const poly of polys) poly.classList.toggle("choosable", Boolean(n));
      }
    },
    highlight(list) {
      const wanted = new Set(list || []);
      for (const [name, polys] of map.shapes) for (const poly of polys) poly.classList.toggle("lit", wanted.has(name));
    },
    outcomeText: (outcome) => outcomeText(T, outcome),
    verbLabel: (verb) => (T.verb_titles && T.verb_titles[verb]) || null,
    groupLabel(verb, key) {  // a god or a creature by its name in the reader's language; places stay notation
      const god = T.gods.indexOf(key);
      if (god >= 0) return t(T.god_names[god]);
      const card = T.creatures.indexOf(key);
      return card >= 0 ? T.help.creatures[card].split(":")[0] : null;
    },
  };
}
