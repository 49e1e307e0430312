// The Pericles board module for the Kleos pages (interface: /static/js/board-api.js): a schematic SVG
// map of the theaters (their layout is a reconstruction: the data give no coordinates), each with its
// Athenian and Spartan pieces, treason markers and marker queue; a list of the theaters that reflows on
// a phone; both assemblies' tracks; and the factions' Honor and Strategos with the seat's own hand.
// Everything is drawn from the seat's message (its view: the others' secrets are not in it) and the
// tables of src/kleos/games/pericles/web/tables.py. A legend under the map says what each unit code
// and marker label means, each theater's tooltip tells its pieces and markers in words, and the menu's
// groups get plain headings (a verb's purpose, a marker kind's name). Every word goes through the
// game's catalogue in the reader's language (t below); the tables' words (unit and marker names, the
// faction names) are English source strings of that same catalogue, translated here as they are shown.
import { h, put } from "/static/js/dom.js";
import { seatTag } from "/static/js/board-api.js";
import { translator } from "/static/js/i18n.js";

const { t, tn } = translator("pericles");

const SVG = "http://www.w3.org/2000/svg";
const CW = 118; // grid cell width and height in SVG units
const CH = 84;
const BOX_W = 108;
const BOX_H = 74;
const TEXT_ROOM = BOX_W - 8; // a line of a theater's box fits it with this width at most
const NAME_PX = 13; // the sizes in board.css of a theater's name, of its pieces and of its marker queue
const PIECES_PX = 12;
const QUEUE_PX = 11;
const MIN_PX = 9;
const HIDDEN = -1;
const OFF = 99;
const GONE = 98;
const SECRET_KIND = 9;
const sideName = (side) => [t("Athens"), t("Sparta")][side];
const SIDE_PIECES = [["Ab", "Db", "An", "Dn", "Al", "Dl", "Ar"], ["Sb", "Pb", "Xb", "Sn", "Pn", "Sl", "S300", "Pl"]];
const HAND = 2;
const ENTOURAGE = 6;
const PLAYED = 10;

/** The menu groups' headings by verb, in the reader's language (asked for when shown). */
function verbLabels() {
  return {
    place: t("Place a marker face down"), reveal: t("Reveal a marker"), decline: t("Decline the issue"),
    expedition: t("Expedition"), raid: t("Raid"), build: t("Build at home"), league: t("League issue"),
    commit: t("Diplomacy: commit Strategos"), secret: t("Commit Strategos in secret"), oracle: t("Oracle"),
    move: t("Move a unit"), step: t("Carry the unit on"), done: t("End the movement"), ship: t("The State Ship"),
    row: t("Casualty row"), split: t("Casualty split"), casualty: t("Eliminate a unit"), raze: t("Eliminate a base"),
    second: t("Second battle"), play: t("Play a card"), debate: t("Debate an issue"), issue: t("Choose an issue"),
    keep: t("Keep entourage cards"), entourage: t("Form the entourage"), lend: t("Lend a marker"),
    council: t("Advisory Council"), gold: t("Persian gold"), redeploy: t("Redeploy"), disband: t("Upkeep"),
  };
}

/** A unit code's description in the reader's language (the tables give the English source). */
function unitText(T, code) {
  return T.unit_names && T.unit_names[code] ? t(T.unit_names[code]) : code;
}

/** A piece code in words ("Db" → "Delian League base"): the unit's description, its first clause. */
function unitWords(T, code) {
  return unitText(T, code).split(":")[0].split(" (")[0];
}

/** A marker kind's name in the reader's language ("Military" for MIL). */
function kindName(T, code) {
  return T.marker_names && T.marker_names[code] ? t(T.marker_names[code]) : code;
}

/** A marker kind in one sentence with its rules, as the terminal's legend says it. */
function kindLine(T, code) {
  const words = T.marker_texts && T.marker_texts[code];
  return words ? `${code} = ${t(words[0])}: ${t(words[1])} [${words[2]}]` : T.marker_effects[code];
}

/** The faction names in the reader's language. */
function seatNamesIn(names) {
  return names.map((name) => t(name));
}

/** A side's pieces in a theater in words, for the theater's tooltip. */
function piecesInWords(T, st, theater, side) {
  const parts = SIDE_PIECES[side].map((p) => [p, count(T, st, theater, p)]).filter(([, n]) => n > 0)
    .map(([p, n]) => `${n} ${unitWords(T, p)} (${p})`);
  const treason = st.treason[theater * 2 + side];
  if (treason) parts.push(tn("{n} treason marker (T)", "{n} treason markers (T)", treason));
  return parts.join(", ") || t("nothing");
}

function markerInWords(T, entry) {
  const owner = Math.floor(entry / 10) % 10;
  const kind = entry % 10;
  if (kind === SECRET_KIND) return t("a face-down {side} marker", { side: sideName(owner - 4) });
  const code = T.marker_kinds[kind];
  return t("{owner}'s {kind} marker", { owner: T.factions[owner], kind: kindName(T, code) });
}

function theaterTip(T, st, theater) {
  const th = T.theaters[theater];
  const q = queueOf(st, theater).slice().reverse().map((e) => markerInWords(T, e));
  const kind = th.naval ? t("{name} (naval theater: a naval battle first)", { name: t(th.name) })
    : t("{name} (land theater: a land battle first)", { name: t(th.name) });
  return `${kind}\n${sideName(0)}: ${piecesInWords(T, st, theater, 0)}\n${sideName(1)}: ${piecesInWords(T, st, theater, 1)}\n`
    + t("Markers, top first: {markers}", { markers: q.join(", ") || t("none") });
}

/** The legend in view under the map: every unit code and marker label in words. */
function legend(T) {
  const units = Object.keys(T.unit_names || {}).map((code) => h("li", { "data-code": code }, [
    h("code", { text: code }), ` ${unitText(T, code)}`]));
  const kinds = Object.keys(T.marker_effects || {}).map((code) => h("li", { "data-kind": code, text: kindLine(T, code) }));
  const athens = sideName(0);
  return h("details", { id: "per-legend", class: "per-legend", open: true }, [
    h("summary", { text: t("Legend: what Db1, An2, T1, ?{athens} and AF:MIL mean", { athens }) }),
    h("p", { text: t("A code and a number: that many pieces (Db1 = one Delian League base). Athens' pieces are "
      + "blue (top line), Sparta's red (second line); T = treason markers; ▲n = markers queued, the top one "
      + "shown: ?{athens} is face down, AF:MIL is one you can see (owner:kind).", { athens }) }),
    h("ul", { class: "per-units" }, units),
    h("ul", { class: "per-kinds" }, kinds),
  ]);
}

function svgEl(tag, attrs = {}, text = null) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== null) el.textContent = text;
  return el;
}

function centre(th) {
  return [th.col * CW + CW / 2, th.row * CH + CH / 2];
}

function count(T, st, theater, piece) {
  return st.pieces[theater * T.pieces.length + T.pieces.indexOf(piece)] || 0;
}

/** "Sl6", and "S300×1" where the code ends in a digit, so that the count is not read as part of it. */
function pieceCount(code, n) {
  return /\d$/.test(code) ? `${code}×${n}` : `${code}${n}`;
}

function sidePieces(T, st, theater, side) {
  const parts = SIDE_PIECES[side].map((p) => [p, count(T, st, theater, p)]).filter(([, n]) => n > 0).map(([p, n]) => pieceCount(p, n));
  const treason = st.treason[theater * 2 + side];
  if (treason) parts.push(`T${treason}`);
  return parts.join(" ");
}

function markerLabel(T, entry) {
  const owner = Math.floor(entry / 10) % 10;
  const kind = entry % 10;
  if (kind === SECRET_KIND) return `?${sideName(owner - 4)}`;
  return `${T.factions[owner]}:${T.marker_kinds[kind]}`;
}

function queueOf(st, theater) {
  return st.queue.filter((e) => Math.floor(e / 1000) === theater);
}

/** The static map (links, boxes, names) once; returns the text elements render() fills. */
function buildMap(svg, T, onPick) {
  const cols = Math.max(...T.theaters.map((th) => th.col)) + 1;
  const rows = Math.max(...T.theaters.map((th) => th.row)) + 1;
  svg.setAttribute("viewBox", `0 0 ${cols * CW} ${rows * CH}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("Map of the theaters, scenario {scenario} (schematic layout, a reconstruction)",
    { scenario: T.scenario }));
  for (const [a, b, kind] of T.links) {
    const [x1, y1] = centre(T.theaters[a]);
    const [x2, y2] = centre(T.theaters[b]);
    svg.append(svgEl("line", { x1, y1, x2, y2, class: `link ${kind}` }));
  }
  const marks = new Map();
  T.theaters.forEach((th, i) => {
    const [x, y] = centre(th);
    const g = svgEl("g", { class: `theater ${th.naval ? "naval" : "land"}${th.in_play ? "" : " out"}`, "data-name": th.key });
    const rect = svgEl("rect", { x: x - BOX_W / 2, y: y - BOX_H / 2, width: BOX_W, height: BOX_H, rx: 8, "data-name": th.key });
    const name = svgEl("text", { x, y: y - BOX_H / 2 + 14, class: "name" }, "");
    g.append(rect, name);
    const athens = svgEl("text", { x, y: y - 6, class: "pieces side-0" }, "");
    const sparta = svgEl("text", { x, y: y + 11, class: "pieces side-1" }, "");
    const queue = svgEl("text", { x, y: y + 28, class: "queue" }, "");
    const tip = svgEl("title", {}, t(th.name));
    g.append(tip, athens, sparta, queue);
    g.addEventListener("click", () => onPick(th.key));
    svg.append(g);
    marks.set(th.key, { g, rect, name, athens, sparta, queue, tip, index: i });
  });
  return marks;
}

/** A line of a theater's box (its name in the reader's language, a side's pieces, the marker
 * queue) set to `text`, smaller (then narrower) when it would spill out of the box: a longer
 * language's name, or a theater holding many kinds of piece. Measured again only when it changes. */
function fitText(el, text, px) {
  if (el.dataset.fitted === text) return;
  el.textContent = text;
  el.style.fontSize = "";
  el.removeAttribute("textLength");
  el.removeAttribute("lengthAdjust");
  const width = text ? el.getComputedTextLength() : 0;
  if (text && width === 0) return; // not laid out yet: measured at the next drawing
  el.dataset.fitted = text;
  if (width <= TEXT_ROOM) return;
  el.style.fontSize = `${Math.max(MIN_PX, px * TEXT_ROOM / width)}px`;
  if (el.getComputedTextLength() > TEXT_ROOM) {
    el.setAttribute("textLength", String(TEXT_ROOM));
    el.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
}

function drawMap(T, st, marks) {
  for (const [, m] of marks) {
    const i = m.index;
    fitText(m.name, t(T.theaters[i].name), NAME_PX);
    fitText(m.athens, sidePieces(T, st, i, 0), PIECES_PX);
    fitText(m.sparta, sidePieces(T, st, i, 1), PIECES_PX);
    const q = queueOf(st, i);
    fitText(m.queue, q.length ? `▲${q.length} ${markerLabel(T, q[q.length - 1])}` : "", QUEUE_PX);
    m.g.classList.toggle("resolving", st.revealed >= 0 && Math.floor(st.revealed / 1000) === i);
    m.tip.textContent = theaterTip(T, st, i);
    m.g.setAttribute("aria-label", theaterTip(T, st, i));
  }
}

function theaterList(T, st) {
  const rows = T.theaters.map((th, i) => [th, i]).filter(([th, i]) => th.in_play || queueOf(st, i).length
    || sidePieces(T, st, i, 0) || sidePieces(T, st, i, 1)).map(([th, i]) => h("tr", { "data-name": th.key }, [
    h("th", { text: t(th.name) }),
    h("td", { class: "side-0", text: sidePieces(T, st, i, 0) || "—" }),
    h("td", { class: "side-1", text: sidePieces(T, st, i, 1) || "—" }),
    h("td", { class: "queue", text: queueOf(st, i).map((e) => markerLabel(T, e)).join(" ") }),
  ]));
  const head = h("tr", {}, [t("theater"), sideName(0), sideName(1), t("markers ↑")].map((word) => h("th", { text: word })));
  return h("table", { class: "per-theaters" }, [h("thead", {}, [head]), h("tbody", {}, rows)]);
}

function tracks(T, st) {
  return [0, 1].map((side) => {
    const at = new Map();
    T.issue_kinds[side].forEach((kind, i) => {
      const pos = st.track[side * T.issue_kinds[side].length + i];
      const label = pos === OFF ? "off" : pos === GONE ? "gone" : String(pos); // keys, shown translated below
      if (!at.has(label)) at.set(label, []);
      at.get(label).push(kind + (st.issue === i && st.side === side ? "*" : ""));
    });
    const order = [...Array(15).keys()].map((k) => String(7 - k)).filter((k) => at.has(k) || k === "0");
    const items = [...order, "off", "gone"].filter((k) => at.has(k) || k === "0").map((k) => h("li", {}, [
      h("span", { class: "box", text: k === "off" ? t("off") : k === "gone" ? t("gone") : (Number(k) > 0 ? `+${k}` : k) }), " ",
      (at.get(k) || []).sort().join(" ") || "—",
    ]));
    const [first, second] = seatNamesIn([T.seat_names[2 * side], T.seat_names[2 * side + 1]]);
    return h("div", { class: `per-track side-${side}` }, [
      h("h3", { text: t("{side} assembly", { side: sideName(side) }) }),
      h("p", { class: "muted", text: t("+ toward {first}, − toward {second}; Council {council}, supply {supply}",
        { first, second, council: st.council[side], supply: st.supply[side] }) }),
      h("ul", {}, items),
    ]);
  });
}

function factions(T, view, seatNames) {
  const st = view.state;
  const head = h("tr", {}, [t("faction"), t("Honor"), t("Strategos"), t("hand"), t("entourage"), t("markers")]
    .map((word) => h("th", { text: word })));
  const rows = seatNames.map((_, f) => h("tr", {}, [
    h("td", {}, [seatTag(seatNames, f), st.dominant[Math.floor(f / 2)] === f ? " ★" : ""]),
    h("td", { text: String(st.honor[f]) }),
    h("td", { text: st.stock[f] === HIDDEN ? "?" : String(st.stock[f]) }),
    h("td", { text: String(view.hand_sizes[f]) }),
    h("td", { text: String(view.entourage_sizes[f]) }),
    h("td", { text: String(view.markers_held[f]) }),
  ]));
  const out = [h("table", { class: "per-factions" }, [h("thead", {}, [head]), h("tbody", {}, rows)]),
    h("p", { class: "muted", text: t("★ Dominant faction. Other factions' Strategos, hands and markers are secret.") })];
  const cards = (where) => st.card_loc.map((loc, c) => [loc, c]).filter(([loc]) => loc === where)
    .map(([, c]) => `${T.cards[c]}(${T.card_values[c]})`).sort();
  const seat = view.seat;
  const own = seat !== null && seat !== undefined && seat >= 0;
  // The view shows another faction's debate card only once it is face up (P-ASSEMBLY-5).
  const faceUp = [0, 1, 2, 3].filter((f) => !(own && f === seat))
    .flatMap((f) => cards(PLAYED + f).map((card) => `${T.factions[f]} ${card}`));
  if (faceUp.length) out.push(h("p", { id: "per-debate" }, [t("Debate cards face up: {cards}", { cards: faceUp.join(", ") })]));
  if (own) {
    out.push(h("p", { id: "per-hand" }, [h("strong", { text: t("Your hand:") }), " ", cards(HAND + seat).join(" ") || t("empty")]));
    out.push(h("p", {}, [h("strong", { text: t("Your entourage:") }), " ", cards(ENTOURAGE + seat).join(" ") || t("empty")]));
    const played = cards(PLAYED + seat).join(" ");
    if (played) out.push(h("p", {}, [t("Your card on the table: {card}", { card: played })]));
  }
  return out;
}

/** The phase as the status bar names it ("Theater phase"). */
function phaseTitle(phase) {
  const titles = { aristophanes: t("Aristophanes phase"), assembly: t("Assembly phase"), political: t("Political phase"),
    theater: t("Theater phase"), final: t("Final phase"), over: t("game over") };
  return titles[phase] || phase;
}

function outcomeText(T, outcome) {
  if (!outcome) return null;
  const who = outcome.winner === null || outcome.winner === undefined ? t("nobody") : t(T.seat_names[outcome.winner]);
  return t("{reason} — winner: {who}", { reason: t(outcome.reason), who });
}

export async function create(ctx) {
  await ctx.stylesheet(new URL("./board.css", import.meta.url));
  const T = ctx.tables;
  const svg = document.createElementNS(SVG, "svg");
  svg.id = "per-map";
  const marks = buildMap(svg, T, (name) => ctx.pick(name));
  const panels = {
    theaters: h("section", { id: "per-theaters", class: "per-panel" }),
    factions: h("section", { id: "per-factions", class: "per-panel" }),
    tracks: h("section", { id: "per-tracks", class: "per-panel" }),
  };
  put(ctx.slots.main, h("section", { class: "per-map-panel" }, [h("div", { class: "per-map-wrap" }, [svg]),
    h("p", { class: "muted per-note", text: t("Schematic map: the layout is a reconstruction, links as in the data. "
      + "Hover or tap a theater for its pieces and markers in words.") }),
    legend(T), panels.theaters]));
  put(ctx.slots.side, panels.factions);
  put(ctx.slots.lower, panels.tracks);
  const names = new Set(T.theaters.map((th) => th.key));
  return {
    names,
    render(message, ui) {
      const view = message.view;
      const st = view.state;
      const seatNames = seatNamesIn(message.seat_names || T.seat_names);
      drawMap(T, st, marks);
      put(ctx.slots.status, h("span", { class: "round", text: t("Turn {turn}", { turn: st.turn }) }),
          ` · ${phaseTitle(st.phase)} · ${st.war ? t("War") : t("Peace")}`,
          message.outcome ? h("span", { class: "outcome", text: ` · ${outcomeText(T, message.outcome)}` }) : "");
      put(panels.theaters, h("h2", { text: t("Theaters") }), theaterList(T, st));
      put(panels.factions, h("h2", { text: t("Factions") }), ...factions(T, view, seatNames));
      put(panels.tracks, h("h2", { text: t("Assemblies") }), ...tracks(T, st));
      for (const [name, m] of marks) {
        const n = ui && ui.choosable ? ui.choosable.get(name) : 0;
        m.g.classList.toggle("choosable", Boolean(n));
      }
    },
    highlight(list) {
      const wanted = new Set(list || []);
      for (const [name, m] of marks) m.g.classList.toggle("lit", wanted.has(name));
    },
    outcomeText: (outcome) => outcomeText(T, outcome),
    verbLabel: (verb) => verbLabels()[verb] || null,
    groupLabel(verb, key) {
      if (T.marker_names && T.marker_names[key]) return t("{code}: {kind} marker", { code: key, kind: kindName(T, key) });
      if (T.unit_names && T.unit_names[key]) return `${key}: ${unitWords(T, key)}`;
      const th = T.theaters.find((t) => t.key === key);
      return th ? t(th.name) : null;
    },
  };
}
