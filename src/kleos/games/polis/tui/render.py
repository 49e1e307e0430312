"""Rich renderables of a Polis position for the terminal UI: status, map, poleis, players, projects,
markets and battle.

Every function reads a :class:`PolisView` (what one seat may know), never the full state, except
where the caller asks to reveal everything (a finished game's replay). Colours come from a
:class:`Palette` chosen for the app's dark or light theme.
"""

from __future__ import annotations

from rich.text import Text

from kleos.core.kit.terminal import Palette
from kleos.core.protocol import CHANCE
from kleos.games.polis.board import controller, stack_limit, units
from kleos.games.polis.game import PolisGame
from kleos.games.polis.rules import end_of_round, scoring, trade
from kleos.games.polis.rules.battle import pair_result
from kleos.games.polis.state import BATTLES, END_OF_ROUND, EVENT, OVER, TURN, PolisState
from kleos.games.polis.tables import GOODS, NO_ONE, WHEAT, Tables, other
from kleos.games.polis.text import EOR_STEPS, SCORED, _pending_text, card_label, outcome_text, side_name
from kleos.games.polis.view import PolisView
from kleos.tui.text import NBSP, Cell, grid, lines, paragraph

DARK = Palette(("bold #58a6ff", "bold #ff7b72"), "#9da5ae", "bold #f0b429", "#56d364", "bold #e6edf3", "reverse")
LIGHT = Palette(("bold #0a3d91", "bold #b3261e"), "#57606a", "bold #8a5a00", "#1a7f37", "bold #1f2328", "reverse")

SHORT = ("Ath", "Spa")


def possessive(name: str) -> str:
    return name + ("'" if name.endswith("s") else "'s")


def side_text(side: int, p: Palette, short: bool = False) -> Text:
    if side not in (0, 1):
        return Text("-", style=p.dim)
    return Text(SHORT[side] if short else side_name(side), style=p.seats[side])


def _count(n: int, side: int, p: Palette) -> Text:
    return Text(str(n), style=p.seats[side]) if n else Text("·", style=p.dim)


# ----- status and titles ----------------------------------------------------------------------
def round_short(t: Tables, s: PolisState) -> str:
    r = min(s.round, t.last_round)
    return f"Round {t.round_names[r]} ({s.round + 1}/{len(t.round_names)}) N={t.round_values[r]}"


def status(game: PolisGame, view: PolisView, p: Palette, note: str = "") -> Text:
    """Three lines: round, whose turn and actions left; then prestige, passes, marker and the event;
    then the goods."""
    t, s = game.tables, view.state
    line = Text()
    line.append(f"Polis {t.edition}", style=p.head)
    line.append(" · " + round_short(t, s) + " · ")
    if s.phase == OVER:
        line.append("Game over", style=p.warn)
    else:
        actors = game.actors(s)
        if actors == (CHANCE,):
            line.append("Chance")
        elif actors:
            line.append_text(side_text(actors[0], p))
            line.append(" to act")
        if s.phase == TURN:
            if s.passed[other(s.active)]:
                line.append(" alone (+1 good per action)")
            else:
                left = max(0, 2 - len(s.turn_actions))
                line.append(f": {left} action{'s' if left != 1 else ''} left")
        elif s.phase == BATTLES:
            line.append(": battles")
        elif s.phase == END_OF_ROUND:
            line.append(": end of round")
        elif s.phase == EVENT:
            line.append(": event")
    if note:
        line.append(" · ")
        line.append(note, style=p.warn)
    line.append("\n")
    line.append("Prestige ")
    line.append_text(side_text(0, p))
    line.append(f" {s.prestige[0]}, ")
    line.append_text(side_text(1, p))
    line.append(f" {s.prestige[1]}")
    if s.phase in (TURN, BATTLES):
        passed = [i for i in (0, 1) if s.passed[i]]
        line.append(" · Passed: ")
        if not passed:
            line.append("none", style=p.dim)
        for n, side in enumerate(passed):
            if n:
                line.append(", ")
            line.append_text(side_text(side, p))
        if s.eor_marker != NO_ONE:
            line.append(" (marker: ")
            line.append_text(side_text(s.eor_marker, p))
            line.append(")")
    line.append(" · ")
    if s.event is not None:
        ev = t.event_index.get(s.event)
        line.append(f"Event: {ev.title if ev else s.event}")
    else:
        line.append("Event: none yet", style=p.dim)
    line.append("\n")
    line.append_text(goods_line(t, s, view.seat, p))
    return line


def goods_line(t: Tables, s: PolisState, seat: int | None, p: Palette) -> Text:
    """Each side's goods, the viewer's first, so that they are in sight while choosing."""
    line = Text("Goods ")
    order = (seat, other(seat)) if seat in (0, 1) else (0, 1)
    for n, side in enumerate(order):
        if n:
            line.append(" · ")
        line.append_text(side_text(side, p))
        line.append(" " + ", ".join(f"{s.goods[side * len(GOODS) + g]}{NBSP}{GOODS[g]}" for g in t.goods))
    return line


def decision_title(game: PolisGame, s: PolisState, seat: int) -> str:
    """What the player is deciding, for the menu's title."""
    t = game.tables
    if s.phase == OVER:
        return "Game over"
    if s.phase == TURN:
        if s.pending is not None:
            return _pending_text(t, s)[:1].upper() + _pending_text(t, s)[1:]
        if s.passed[other(seat)]:
            return "Next action (+1 good) or pass"
        return f"Action {len(s.turn_actions) + 1} of 2, or pass"
    if s.phase == BATTLES:
        b = s.battle
        if b is None:
            return "Choose the next battle"
        where = t.region_ids[b.region]
        return {"retreat": f"Battle in {where}: fight or retreat?",
                "attack": "Battle: attack with 2 cards",
                "defend": "Battle: defend with 2 cards"}.get(b.phase, f"Battle in {where}")
    if s.phase == END_OF_ROUND:
        return f"End of round: {EOR_STEPS.get(s.eor_step, 'choices')}"
    if s.phase == EVENT and s.event is not None:
        ev = t.event_index.get(s.event)
        return f"Event: {ev.title if ev else s.event}"
    return "Choose"


# ----- map ------------------------------------------------------------------------------------
def polis_chip(t: Tables, s: PolisState, polis: int, p: Palette) -> Text:
    """``Athinae A5`` (owner and population), ``Thibae (3)`` for a neutral polis (base population)."""
    chip = Text(t.polis_ids[polis])
    owner = s.owner[polis]
    if owner != NO_ONE:
        chip.append(f"{NBSP}{SHORT[owner][0]}{s.pop[polis]}", style=p.seats[owner])
    else:
        chip.append(f"{NBSP}({t.polis_base[polis]})", style=p.dim)
    for side in (0, 1):
        if s.proxenos[side] == polis:
            chip.append(f"{NBSP}px{SHORT[side][0]}", style=p.seats[side])
        discs = s.siege_discs[polis * 2 + side] if polis * 2 + side < len(s.siege_discs) else 0
        if discs:
            chip.append(f"{NBSP}siege{SHORT[side][0]}{discs}", style=p.seats[side])
    return chip


def map_view(game: PolisGame, view: PolisView, p: Palette, width: int = 80) -> Text:
    t, s = game.tables, view.state
    n = stack_limit(t, s)
    rows: list[list[Cell] | None] = []
    for r in range(t.n_regions):
        if r == t.n_territories:
            rows.append(None)
        a, b = units(s, r, 0), units(s, r, 1)
        notes = Text()
        chips: list[Text] = []
        if not t.is_sea(r):
            chips = [polis_chip(t, s, q, p) for q in t.territory_poleis[r]]
        else:
            chips = [polis_chip(t, s, q, p) for q in range(len(t.polis_ids))
                     if r in t.polis_ports[q] and t.polis_territory[q] == NO_ONE]
        notes = Text(" ").join(chips)
        if not t.is_sea(r) and r < len(s.tribute_disc) and s.tribute_disc[r] != NO_ONE:
            notes.append(" T:", style=p.dim)
            notes.append_text(side_text(s.tribute_disc[r], p, short=True))
        if a and b and a + b >= 8:
            notes.append(" BATTLE", style=p.warn)
        rows.append([Text(t.region_ids[r], style="italic" if t.is_sea(r) else ""), _count(a, 0, p), _count(b, 1, p),
                     side_text(controller(s, r), p, short=True), notes])
    table = grid(["Region", "Ath", "Spa", "Ctl", "Poleis"], rows, width, p, right=(1, 2))
    legend = paragraph(f"Units per side (at most N = {n} each) and control. Poleis: A5 = Athens, population 5; "
                       "(3) = neutral, base 3; pxA = Athens' proxenos; T:Ath = tribute taken; BATTLE = 8+ units.",
                       width, p.dim)
    return lines(table, Text(""), legend)


# ----- poleis ---------------------------------------------------------------------------------
def poleis_view(game: PolisGame, view: PolisView, p: Palette, width: int = 80) -> Text:
    t, s = game.tables, view.state
    rows: list[list[Cell] | None] = []
    for q, name in enumerate(t.polis_ids):
        owner = s.owner[q]
        pop = (Text(str(s.pop[q]), style=p.seats[owner]) if owner != NO_ONE
               else Text(f"({t.polis_base[q]})", style=p.dim))
        terr = t.region_ids[t.polis_territory[q]] if t.polis_territory[q] != NO_ONE else "-"
        notes: list[str] = []
        if q in t.capital:
            notes.append("capital")
        if t.polis_commercial[q] != NO_ONE:
            notes.append(f"commercial{NBSP}({SHORT[t.polis_commercial[q]]})")
        if s.project_started[q] != -1:
            notes.append(f"building {t.projects[s.project_started[q]].id}")
        if s.projects_done[q]:
            notes.append("done " + ", ".join(t.projects[x].id for x in s.projects_done[q]))
        for side in (0, 1):
            if s.proxenos[side] == q:
                notes.append(f"{possessive(side_name(side))} proxenos")
            discs = s.siege_discs[q * 2 + side] if q * 2 + side < len(s.siege_discs) else 0
            if discs:
                notes.append(f"{side_name(side)} siege discs {discs}")
        owner_text = side_text(owner, p, short=True) if owner != NO_ONE else Text("-", style=p.dim)
        rows.append([name, terr, owner_text, pop, str(t.polis_max[q]), f"+{t.polis_growth[q]}", "; ".join(notes)])
    table = grid(["Polis", "Territory", "Own", "Pop", "Max", "Gr", "Notes"], rows, width, p, right=(3, 4, 5))
    legend = paragraph("Pop: population (cubes); (n): neutral, base population n = fortification. Max: maximum "
                       "population; Gr: growth per round.", width, p.dim)
    return lines(table, Text(""), legend)


# ----- players --------------------------------------------------------------------------------
def players_view(game: PolisGame, view: PolisView, p: Palette, width: int = 80) -> Text:
    t, s = game.tables, view.state
    rows: list[list[Cell] | None] = []

    def row(label: str, a: Cell, b: Cell) -> None:
        rows.append([Text(label, style=p.head), a, b, ""])

    row("prestige", str(s.prestige[0]), str(s.prestige[1]))
    for g in t.goods:
        row(GOODS[g], *(str(s.goods[side * len(GOODS) + g]) for side in (0, 1)))
    need = [end_of_round.requirement(s, side) for side in (0, 1)]
    wheat = [s.goods[side * len(GOODS) + WHEAT] for side in (0, 1)]
    row("food need", *(Text(str(need[i]), style=p.warn if need[i] > wheat[i] else "") for i in (0, 1)))
    row("score now", *(str(scoring.score(t, s, side)) for side in (0, 1)))
    row("poleis", *(str(sum(1 for o in s.owner if o == side)) for side in (0, 1)))
    row("supply cubes", str(s.supply_cubes[0]), str(s.supply_cubes[1]))
    if t.bundle.setup.limits.discs is not None:
        row("supply discs", str(s.supply_discs[0]), str(s.supply_discs[1]))
    row("merchants in port", str(s.merchants_port[0]), str(s.merchants_port[1]))
    row("merchants in supply", str(s.merchants_supply[0]), str(s.merchants_supply[1]))
    prox = [t.polis_ids[s.proxenos[side]] if s.proxenos[side] != NO_ONE else "captive" for side in (0, 1)]
    row("proxenos", *prox)
    head = ["", "Athens", "Sparta", ""]
    table = grid(head, rows, width, p, right=(1, 2))
    parts = [table, Text("")]
    if s.event is not None:
        ev = t.event_index.get(s.event)
        text = Text("Event: ", style=p.head)
        text.append(f"{ev.title}: {ev.text}" if ev else s.event)
        parts.append(paragraph(text, width))
    parts.append(paragraph("Score = population + prestige + posterity of completed projects (R-END-7). Food need: "
                           "1 wheat per population cube at the end of the round.", width, p.dim))
    return lines(*parts)


# ----- projects -------------------------------------------------------------------------------
def _cost(t: Tables, tile: int) -> str:
    return ", ".join(f"{n}{NBSP}{GOODS[g]}" for g, n in t.projects[tile].cost)


def projects_view(game: PolisGame, view: PolisView, p: Palette, width: int = 80) -> Text:
    t, s = game.tables, view.state
    parts: list[Text] = [paragraph("Face-up projects (a good may be paid all in silver instead):", width, p.head)]
    if s.projects_face_up:
        rows: list[list[Cell] | None] = []
        for tile in s.projects_face_up:
            info = t.projects[tile]
            pres = "½cap" if info.prestige < 0 else str(info.prestige)
            where = ", ".join(t.polis_ids[q] for q in sorted(info.poleis))
            rows.append([info.id, pres, str(info.posterity), f"{_cost(t, tile)}; in {where}"])
        parts.append(grid(["Project", "Pr", "Po", "Cost; poleis"], rows, width, p, right=(1, 2)))
        parts.append(paragraph("Pr: prestige at the end of the round; Po: posterity (scored at the end).", width,
                               p.dim))
    else:
        parts.append(Text("  none", style=p.dim))
    started = [(q, s.project_started[q]) for q in range(len(t.polis_ids)) if s.project_started[q] != -1]
    done = [(q, tile) for q in range(len(t.polis_ids)) for tile in s.projects_done[q]]
    parts.append(Text(""))
    parts.append(Text("Being built (completed at the end of the round):", style=p.head))
    for q, tile in started:
        line = Text(f"  {t.projects[tile].id} in {t.polis_ids[q]} ")
        line.append_text(side_text(s.owner[q], p) if s.owner[q] != NO_ONE else Text("neutral", style=p.dim))
        parts.append(line)
    if not started:
        parts.append(Text("  none", style=p.dim))
    parts.append(Text("Completed (posterity for the owner at the end):", style=p.head))
    for q, tile in done:
        line = Text(f"  {t.projects[tile].id} in {t.polis_ids[q]}, posterity {t.projects[tile].posterity}, ")
        line.append_text(side_text(s.owner[q], p) if s.owner[q] != NO_ONE else Text("neutral", style=p.dim))
        parts.append(line)
    if not done:
        parts.append(Text("  none", style=p.dim))
    parts.append(Text(f"{len(s.project_pile)} tiles face down.", style=p.dim))
    return lines(*parts)


# ----- markets --------------------------------------------------------------------------------
def markets_view(game: PolisGame, view: PolisView, p: Palette, width: int = 80) -> Text:
    t, s = game.tables, view.state
    n = stack_limit(t, s)
    sizes = sorted(t.value_table)
    track_rows: list[list[Cell] | None] = []
    for g in t.tradable:
        pos = s.market_pos[g]
        track_rows.append([GOODS[g], f"{pos + 1}/{t.track_len}", *(str(t.value_table[v][pos]) for v in sizes), ""])
    track = grid(["Good", "Space", *(f"cargo{NBSP}{v}" for v in sizes), ""], track_rows, width, p,
                 right=tuple(range(1, 2 + len(sizes))))
    rows: list[list[Cell] | None] = []
    for m, market_slots in enumerate(t.market_slots):
        closed = s.flag(f"market_closed:{t.market_ids[m]}")
        for number, slot in enumerate(market_slots, start=1):
            info = t.slots[slot]
            pay = ", ".join(f"{trade.price(t, s, slot, g)}{NBSP}{GOODS[g]}" for g in info.accepts)
            if info.reward == WHEAT:
                pay += f" or {info.value}{NBSP}silver"
            if s.slot_merchant[slot] != NO_ONE:
                state = side_text(s.slot_merchant[slot], p, short=True)
            elif info.value > n:
                later = next((i for i, v in enumerate(t.round_values) if v >= info.value), 0)
                state = Text(f"round {later + 1}+", style=p.dim)
            elif closed:
                state = Text("closed", style=p.warn)
            else:
                state = Text("free", style=p.good)
            rows.append([f"{t.market_ids[m]} {number}", f"{info.value} {GOODS[info.reward]}", state, pay])
    slots = grid(["Slot", "Cargo", "State", "Pay now"], rows, width, p)
    return lines(Text("Market value tracks (goods due for a cargo):", style=p.head), track, Text(""),
                 paragraph(f"Market slots (cargo value at most N = {n} now). Trade with the slot's name and "
                           "the good paid, e.g. trade Persia 1 wine.", width, p.head), slots)


# ----- battle ---------------------------------------------------------------------------------
def battle_view(game: PolisGame, view: PolisView, p: Palette, results: list[str],
                reveal: bool = False, width: int = 80) -> Text:
    t, s = game.tables, view.state
    b = s.battle
    parts: list[Text] = []
    if b is None:
        if s.battle_queue:
            names = ", ".join(t.region_ids[r] for r in s.battle_queue)
            parts.append(paragraph(f"Battles to fight: {names}; {side_name(s.battle_chooser)} chooses the order.",
                                   width))
        else:
            parts.append(paragraph("No battle now. A battle is fought in every region holding 8 or more units of "
                                   "both sides at a battle check (after each turn, and when both have passed).",
                                   width, p.dim))
    else:
        cards = t.cards(b.sea)
        unit = "galleys" if b.sea else "hoplites"
        head = Text(f"Battle in {t.region_ids[b.region]} ({'sea' if b.sea else 'land'}), combat round {b.rounds + 1}: ",
                    style=p.head)
        head.append_text(side_text(b.attacker, p))
        head.append(" attacks.")
        parts.append(paragraph(head, width))
        line = Text(f"{unit.capitalize()}: ")
        line.append_text(side_text(0, p))
        line.append(f" {units(s, b.region, 0)}, ")
        line.append_text(side_text(1, p))
        line.append(f" {units(s, b.region, 1)}. Step: {b.phase}. Unseen cards: {sum(b.deck)}.")
        parts.append(paragraph(line, width))
        if b.played:
            played = Text("On the table (attacker): ", style=p.head)
            played.append(", ".join(card_label(cards[i]) for i in b.played))
            parts.append(paragraph(played, width))
        dealt = b.rounds > 0 or b.phase not in ("retreat", "deal") or any(sum(h) for h in b.hands)
        if not dealt:
            parts.append(paragraph("The hands are dealt once both sides have decided to fight: one card per unit "
                                   "(R-BATTLE-13).", width, p.dim))
        for side in (0, 1) if dealt else ():
            hand = b.hands[side]
            if side == view.seat or (reveal and sum(hand) > 0):
                who = "Your" if side == view.seat else f"{side_name(side)}'s"
                parts.append(Text(f"{who} hand ({sum(hand)} cards):", style=p.seats[side]))
                rows: list[list[Cell] | None] = [
                    [f"  {c.code}", f"{c.value:+d}" if c.value else "0", str(hand[i]), ""]
                    for i, c in enumerate(cards) if hand[i]]
                parts.append(grid(["  Card", "Val", "x", ""], rows, width, p, right=(1, 2)) if rows
                             else Text("  empty", style=p.dim))
            else:
                parts.append(Text(f"{side_name(side)} holds {view.hidden_hand_sizes[side]} cards (hidden)."))
        if b.played and view.seat == other(b.attacker):
            parts.append(Text("How your cards would fare (your first card faces the first):", style=p.head))
            for i in b.played:
                att = cards[i]
                outcomes = []
                for j, c in enumerate(cards):
                    if b.hands[view.seat][j]:
                        lost, gain = pair_result(att, c)
                        outcomes.append(f"{c.code}: {'you lose 1' if lost else 'no loss'}"
                                        + (f", they {gain:+d}" if gain else ""))
                parts.append(paragraph(f"  vs {card_label(att)}: " + "; ".join(outcomes), width))
    if results:
        parts.append(Text(""))
        parts.append(Text("Last combat round, pair by pair:", style=p.head))
        parts.extend(paragraph(r.strip(), width) for r in results)
    parts.append(Text(""))
    parts.append(paragraph("Unmatched formation: the defender loses a unit and the attacker gains his card's value; "
                           "matched: the attacker gains the difference if higher. Mercenaries match all; an "
                           "attacking Salpinx never matches and costs 1 prestige (R-BATTLE-19..22).", width, p.dim))
    return lines(*parts)


def outcome_view(game: PolisGame, s: PolisState, p: Palette) -> Text:
    t = game.tables
    text = Text(f"Game over: {outcome_text(s)}.\n", style=p.warn)
    if s.outcome is not None and s.outcome.reason not in SCORED:
        return text  # no final scoring (R-END-4): no score to show, as in the browser
    text.append("Score (population + prestige + posterity): ")
    for side in (0, 1):
        if side:
            text.append(", ")
        text.append_text(side_text(side, p))
        text.append(f" {scoring.score(t, s, side)}")
    return text
