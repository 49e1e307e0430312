"""Rich renderables of a Polis position for the terminal UI: status, map, poleis, players, projects,
markets and battle.

Every function reads a :class:`PolisView` (what one seat may know), never the full state, except
where the caller asks to reveal everything (a finished game's replay). Colours come from a
:class:`Palette` chosen for the app's dark or light theme.
"""

from __future__ import annotations

from rich.text import Text

from kleos.core.kit.terminal import Palette, fill_template
from kleos.core.protocol import CHANCE
from kleos.games.polis.board import controller, stack_limit, units
from kleos.games.polis.game import PolisGame
from kleos.games.polis.i18n import N_, _, ngettext
from kleos.games.polis.rules import end_of_round, scoring, trade
from kleos.games.polis.rules.battle import pair_result
from kleos.games.polis.state import BATTLES, END_OF_ROUND, EVENT, OVER, TURN, PolisState
from kleos.games.polis.tables import GOODS, NO_ONE, WHEAT, Tables, other
from kleos.games.polis.text import (
    EOR_STEPS,
    SCORED,
    _pending_text,
    battle_step_name,
    card_label,
    eor_step_name,
    event_text,
    event_title,
    good_name,
    outcome_text,
    project_name,
    side_name,
    side_notes,
)
from kleos.games.polis.view import PolisView
from kleos.tui.text import NBSP, Cell, grid, lines, paragraph

DARK = Palette(("bold #58a6ff", "bold #ff7b72"), "#9da5ae", "bold #f0b429", "#56d364", "bold #e6edf3", "reverse")
LIGHT = Palette(("bold #0a3d91", "bold #b3261e"), "#57606a", "bold #8a5a00", "#1a7f37", "bold #1f2328", "reverse")

SHORT = (N_("Ath"), N_("Spa"))
"""The sides' short names, marked only (:func:`short_name` translates them)."""

PHASE_NOTES = {BATTLES: N_(": battles"), END_OF_ROUND: N_(": end of round"), EVENT: N_(": event")}


def side_text(side: int, p: Palette, short: bool = False) -> Text:
    if side not in (0, 1):
        return Text("-", style=p.dim)
    return Text(short_name(side) if short else side_name(side), style=p.seats[side])


def _count(n: int, side: int, p: Palette) -> Text:
    return Text(str(n), style=p.seats[side]) if n else Text("·", style=p.dim)


# ----- status and titles ----------------------------------------------------------------------
def short_name(side: int) -> str:
    """A side's three-letter name in the reader's language (``Ath``, ``Spa``)."""
    return _(SHORT[side])


def round_short(t: Tables, s: PolisState) -> str:
    r = min(s.round, t.last_round)
    return _("Round {name} ({number}/{rounds}) N={n}", name=t.round_names[r], number=s.round + 1,
             rounds=len(t.round_names), n=t.round_values[r])


def _to_act(game: PolisGame, s: PolisState, p: Palette) -> Text:
    """Who acts and what is left of the turn, for the status bar's first line."""
    line = Text()
    actors = game.actors(s)
    if actors == (CHANCE,):
        line.append(_("Chance"))
    elif actors:
        line.append_text(Text.assemble(*fill_template(_("{side} to act"), side=side_text(actors[0], p))))
    if s.phase == TURN:
        if s.passed[other(s.active)]:
            line.append(_(" alone (+1 good per action)"))
        else:
            left = max(0, 2 - len(s.turn_actions))
            line.append(ngettext(": {n} action left", ": {n} actions left", left))
    elif s.phase in PHASE_NOTES:
        line.append(_(PHASE_NOTES[s.phase]))
    return line


def status(game: PolisGame, view: PolisView, p: Palette, note: str = "") -> Text:
    """Three lines: round, whose turn and actions left; then prestige, passes, marker and the event;
    then the goods."""
    t, s = game.tables, view.state
    line = Text()
    line.append(f"Polis {t.edition}", style=p.head)
    line.append(" · " + round_short(t, s) + " · ")
    if s.phase == OVER:
        line.append(_("Game over"), style=p.warn)
    else:
        line.append_text(_to_act(game, s, p))
    if note:
        line.append(" · ")
        line.append(note, style=p.warn)
    line.append("\n")
    line.append_text(Text.assemble(*fill_template(_("Prestige {athens} {a}, {sparta} {b}"), athens=side_text(0, p),
                                           a=Text(str(s.prestige[0])), sparta=side_text(1, p),
                                           b=Text(str(s.prestige[1])))))
    if s.phase in (TURN, BATTLES):
        line.append_text(_passed_text(s, p))
    line.append(" · ")
    if s.event is not None:
        ev = t.event_index.get(s.event)
        line.append(_("Event: {title}", title=event_title(ev) if ev else s.event))
    else:
        line.append(_("Event: none yet"), style=p.dim)
    line.append("\n")
    line.append_text(goods_line(t, s, view.seat, p))
    return line


def _passed_text(s: PolisState, p: Palette) -> Text:
    line = Text()
    passed = [i for i in (0, 1) if s.passed[i]]
    line.append(_(" · Passed: "))
    if not passed:
        line.append(_("none"), style=p.dim)
    for n, side in enumerate(passed):
        if n:
            line.append(", ")
        line.append_text(side_text(side, p))
    if s.eor_marker != NO_ONE:
        line.append_text(Text.assemble(*fill_template(_(" (marker: {side})"), side=side_text(s.eor_marker, p))))
    return line


def goods_line(t: Tables, s: PolisState, seat: int | None, p: Palette) -> Text:
    """Each side's goods, the viewer's first, so that they are in sight while choosing."""
    line = Text(_("Goods") + " ")
    order = (seat, other(seat)) if seat in (0, 1) else (0, 1)
    for n, side in enumerate(order):
        if n:
            line.append(" · ")
        line.append_text(side_text(side, p))
        line.append(" " + ", ".join(f"{s.goods[side * len(GOODS) + g]}{NBSP}{good_name(g)}" for g in t.goods))
    return line


def decision_title(game: PolisGame, s: PolisState, seat: int) -> str:
    """What the player is deciding, for the menu's title."""
    t = game.tables
    if s.phase == OVER:
        return _("Game over")
    if s.phase == TURN:
        if s.pending is not None:
            return _pending_text(t, s)[:1].upper() + _pending_text(t, s)[1:]
        if s.passed[other(seat)]:
            return _("Next action (+1 good) or pass")
        return _("Action {number} of 2, or pass", number=len(s.turn_actions) + 1)
    if s.phase == BATTLES:
        b = s.battle
        if b is None:
            return _("Choose the next battle")
        where = t.region_ids[b.region]
        return {"retreat": _("Battle in {region}: fight or retreat?", region=where),
                "attack": _("Battle: attack with 2 cards"),
                "defend": _("Battle: defend with 2 cards")}.get(b.phase, _("Battle in {region}", region=where))
    if s.phase == END_OF_ROUND:
        step = eor_step_name(s.eor_step) if s.eor_step in EOR_STEPS else _("choices")
        return _("End of round: {step}", step=step)
    if s.phase == EVENT and s.event is not None:
        ev = t.event_index.get(s.event)
        return _("Event: {title}", title=event_title(ev) if ev else s.event)
    return _("Choose")


# ----- map ------------------------------------------------------------------------------------
def polis_chip(t: Tables, s: PolisState, polis: int, p: Palette) -> Text:
    """``Athinae A5`` (owner and population), ``Thibae (3)`` for a neutral polis (base population)."""
    chip = Text(t.polis_ids[polis])
    owner = s.owner[polis]
    if owner != NO_ONE:
        chip.append(f"{NBSP}{short_name(owner)[0]}{s.pop[polis]}", style=p.seats[owner])
    else:
        chip.append(f"{NBSP}({t.polis_base[polis]})", style=p.dim)
    for side in (0, 1):
        if s.proxenos[side] == polis:
            chip.append(NBSP + _("px{side}", side=short_name(side)[0]), style=p.seats[side])
        discs = s.siege_discs[polis * 2 + side] if polis * 2 + side < len(s.siege_discs) else 0
        if discs:
            chip.append(NBSP + _("siege{side}{n}", side=short_name(side)[0], n=discs), style=p.seats[side])
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
            notes.append(" " + _("T:"), style=p.dim)
            notes.append_text(side_text(s.tribute_disc[r], p, short=True))
        if a and b and a + b >= 8:
            notes.append(" " + _("BATTLE"), style=p.warn)
        rows.append([Text(t.region_ids[r], style="italic" if t.is_sea(r) else ""), _count(a, 0, p), _count(b, 1, p),
                     side_text(controller(s, r), p, short=True), notes])
    table = grid([_("Region"), short_name(0), short_name(1), _("Ctl"), _("Poleis")], rows, width, p, right=(1, 2))
    legend = paragraph(_("Units per side (at most N = {n} each) and control. Poleis: {a}5 = Athens, population 5; "
                         "(3) = neutral, base 3; px{a} = Athens' proxenos; T:{athens} = tribute taken; BATTLE = 8+ "
                         "units.", n=n, a=short_name(0)[0], athens=short_name(0)), width, p.dim)
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
        owner_text = side_text(owner, p, short=True) if owner != NO_ONE else Text("-", style=p.dim)
        rows.append([name, terr, owner_text, pop, str(t.polis_max[q]), f"+{t.polis_growth[q]}",
                     "; ".join(_polis_notes(t, s, q))])
    table = grid([_("Polis"), _("Territory"), _("Own"), _("Pop"), _("Max"), _("Gr"), _("Notes")], rows, width, p,
                 right=(3, 4, 5))
    legend = paragraph(_("Pop: population (cubes); (n): neutral, base population n = fortification. Max: maximum "
                         "population; Gr: growth per round."), width, p.dim)
    return lines(table, Text(""), legend)


# ----- players --------------------------------------------------------------------------------
def _polis_notes(t: Tables, s: PolisState, q: int) -> list[str]:
    notes: list[str] = []
    if q in t.capital:
        notes.append(_("capital"))
    if t.polis_commercial[q] != NO_ONE:
        notes.append(_("commercial{nbsp}({side})", nbsp=NBSP, side=short_name(t.polis_commercial[q])))
    if s.project_started[q] != -1:
        notes.append(_("building {project}", project=project_name(t, t.projects[s.project_started[q]].id)))
    if s.projects_done[q]:
        done = ", ".join(project_name(t, t.projects[x].id) for x in s.projects_done[q])
        notes.append(_("done {projects}", projects=done))
    return notes + side_notes(s, q)


def players_view(game: PolisGame, view: PolisView, p: Palette, width: int = 80) -> Text:
    t, s = game.tables, view.state
    rows: list[list[Cell] | None] = []

    def row(label: str, a: Cell, b: Cell) -> None:
        rows.append([Text(label, style=p.head), a, b, ""])

    row(_("prestige"), str(s.prestige[0]), str(s.prestige[1]))
    for g in t.goods:
        row(good_name(g), *(str(s.goods[side * len(GOODS) + g]) for side in (0, 1)))
    need = [end_of_round.requirement(s, side) for side in (0, 1)]
    wheat = [s.goods[side * len(GOODS) + WHEAT] for side in (0, 1)]
    row(_("food need"), *(Text(str(need[i]), style=p.warn if need[i] > wheat[i] else "") for i in (0, 1)))
    row(_("score now"), *(str(scoring.score(t, s, side)) for side in (0, 1)))
    row(_("poleis"), *(str(sum(1 for o in s.owner if o == side)) for side in (0, 1)))
    row(_("supply cubes"), str(s.supply_cubes[0]), str(s.supply_cubes[1]))
    if t.bundle.setup.limits.discs is not None:
        row(_("supply discs"), str(s.supply_discs[0]), str(s.supply_discs[1]))
    row(_("merchants in port"), str(s.merchants_port[0]), str(s.merchants_port[1]))
    row(_("merchants in supply"), str(s.merchants_supply[0]), str(s.merchants_supply[1]))
    prox = [t.polis_ids[s.proxenos[side]] if s.proxenos[side] != NO_ONE else _("captive") for side in (0, 1)]
    row(_("proxenos"), *prox)
    head = ["", side_name(0), side_name(1), ""]
    table = grid(head, rows, width, p, right=(1, 2))
    parts = [table, Text("")]
    if s.event is not None:
        ev = t.event_index.get(s.event)
        text = Text(_("Event: "), style=p.head)
        text.append(f"{event_title(ev)}: {event_text(ev)}" if ev else s.event)
        parts.append(paragraph(text, width))
    parts.append(paragraph(_("Score = population + prestige + posterity of completed projects (R-END-7). Food need: "
                             "1 wheat per population cube at the end of the round."), width, p.dim))
    return lines(*parts)


# ----- projects -------------------------------------------------------------------------------
def _cost(t: Tables, tile: int) -> str:
    return ", ".join(f"{n}{NBSP}{good_name(g)}" for g, n in t.projects[tile].cost)


def projects_view(game: PolisGame, view: PolisView, p: Palette, width: int = 80) -> Text:
    t, s = game.tables, view.state
    parts: list[Text] = [paragraph(_("Face-up projects (a good may be paid all in silver instead):"), width, p.head)]
    if s.projects_face_up:
        rows: list[list[Cell] | None] = []
        for tile in s.projects_face_up:
            info = t.projects[tile]
            pres = _("½cap") if info.prestige < 0 else str(info.prestige)
            where = ", ".join(t.polis_ids[q] for q in sorted(info.poleis))
            cost = _("{cost}; in {poleis}", cost=_cost(t, tile), poleis=where)
            rows.append([project_name(t, info.id), pres, str(info.posterity), cost])
        parts.append(grid([_("Project"), _("Pr"), _("Po"), _("Cost; poleis")], rows, width, p, right=(1, 2)))
        parts.append(paragraph(_("Pr: prestige at the end of the round; Po: posterity (scored at the end)."), width,
                               p.dim))
    else:
        parts.append(Text("  " + _("none"), style=p.dim))
    started = [(q, s.project_started[q]) for q in range(len(t.polis_ids)) if s.project_started[q] != -1]
    done = [(q, tile) for q in range(len(t.polis_ids)) for tile in s.projects_done[q]]
    parts.append(Text(""))
    parts.append(Text(_("Being built (completed at the end of the round):"), style=p.head))
    for q, tile in started:
        name = project_name(t, t.projects[tile].id)
        line = Text("  " + _("{project} in {polis}", project=name, polis=t.polis_ids[q]) + " ")
        line.append_text(side_text(s.owner[q], p) if s.owner[q] != NO_ONE else Text(_("neutral"), style=p.dim))
        parts.append(line)
    if not started:
        parts.append(Text("  " + _("none"), style=p.dim))
    parts.append(Text(_("Completed (posterity for the owner at the end):"), style=p.head))
    for q, tile in done:
        name = project_name(t, t.projects[tile].id)
        line = Text("  " + _("{project} in {polis}, posterity {posterity}", project=name,
                             polis=t.polis_ids[q], posterity=t.projects[tile].posterity) + ", ")
        line.append_text(side_text(s.owner[q], p) if s.owner[q] != NO_ONE else Text(_("neutral"), style=p.dim))
        parts.append(line)
    if not done:
        parts.append(Text("  " + _("none"), style=p.dim))
    parts.append(Text(ngettext("{n} tile face down.", "{n} tiles face down.", len(s.project_pile)), style=p.dim))
    return lines(*parts)


# ----- markets --------------------------------------------------------------------------------
def markets_view(game: PolisGame, view: PolisView, p: Palette, width: int = 80) -> Text:
    t, s = game.tables, view.state
    n = stack_limit(t, s)
    sizes = sorted(t.value_table)
    track_rows: list[list[Cell] | None] = []
    for g in t.tradable:
        pos = s.market_pos[g]
        track_rows.append([good_name(g), f"{pos + 1}/{t.track_len}", *(str(t.value_table[v][pos]) for v in sizes),
                           ""])
    track = grid([_("Good"), _("Space"), *(_("cargo{nbsp}{n}", nbsp=NBSP, n=v) for v in sizes), ""], track_rows,
                 width, p, right=tuple(range(1, 2 + len(sizes))))
    rows: list[list[Cell] | None] = []
    for m, market_slots in enumerate(t.market_slots):
        closed = s.flag(f"market_closed:{t.market_ids[m]}")
        for number, slot in enumerate(market_slots, start=1):
            info = t.slots[slot]
            pay = ", ".join(f"{trade.price(t, s, slot, g)}{NBSP}{good_name(g)}" for g in info.accepts)
            if info.reward == WHEAT:
                pay = _("{goods} or {n}{nbsp}silver", goods=pay, n=info.value, nbsp=NBSP)
            rows.append([f"{t.market_ids[m]} {number}", f"{info.value} {good_name(info.reward)}",
                         _slot_state(t, s, slot, n, bool(closed), p), pay])
    slots = grid([_("Slot"), _("Cargo"), _("State"), _("Pay now")], rows, width, p)
    return lines(Text(_("Market value tracks (goods due for a cargo):"), style=p.head), track, Text(""),
                 paragraph(_("Market slots (cargo value at most N = {n} now). Trade with the slot's name and the "
                             "good paid, e.g. trade Persia 1 wine.", n=n), width, p.head), slots)


# ----- battle ---------------------------------------------------------------------------------
def _slot_state(t: Tables, s: PolisState, slot: int, n: int, closed: bool, p: Palette) -> Text:
    info = t.slots[slot]
    if s.slot_merchant[slot] != NO_ONE:
        return side_text(s.slot_merchant[slot], p, short=True)
    if info.value > n:
        later = next((i for i, v in enumerate(t.round_values) if v >= info.value), 0)
        return Text(_("round {number}+", number=later + 1), style=p.dim)
    if closed:
        return Text(_("closed"), style=p.warn)
    return Text(_("free"), style=p.good)


def battle_view(game: PolisGame, view: PolisView, p: Palette, results: list[str],
                reveal: bool = False, width: int = 80) -> Text:
    t, s = game.tables, view.state
    b = s.battle
    parts: list[Text] = []
    if b is None:
        if s.battle_queue:
            names = ", ".join(t.region_ids[r] for r in s.battle_queue)
            parts.append(paragraph(_("Battles to fight: {regions}; {side} chooses the order.", regions=names,
                                     side=side_name(s.battle_chooser)), width))
        else:
            parts.append(paragraph(_("No battle now. A battle is fought in every region holding 8 or more units of "
                                     "both sides at a battle check (after each turn, and when both have passed)."),
                                   width, p.dim))
    else:
        parts.extend(_battle_parts(t, view, p, reveal, width))
    if results:
        parts.append(Text(""))
        parts.append(Text(_("Last combat round, pair by pair:"), style=p.head))
        parts.extend(paragraph(r.strip(), width) for r in results)
    parts.append(Text(""))
    parts.append(paragraph(_("Unmatched formation: the defender loses a unit and the attacker gains his card's value; "
                             "matched: the attacker gains the difference if higher. Mercenaries match all; an "
                             "attacking Salpinx never matches and costs 1 prestige (R-BATTLE-19..22)."), width, p.dim))
    return lines(*parts)


def _battle_parts(t: Tables, view: PolisView, p: Palette, reveal: bool, width: int) -> list[Text]:
    """The battle in progress: where, who attacks, the units, the hands one may see, and how the
    defender's cards would fare."""
    s = view.state
    b = s.battle
    assert b is not None
    parts: list[Text] = []
    cards = t.cards(b.sea)
    where = {"region": t.region_ids[b.region], "round": b.rounds + 1}
    head = (_("Battle in {region} (sea), combat round {round}: ", **where) if b.sea
            else _("Battle in {region} (land), combat round {round}: ", **where))
    parts.append(paragraph(Text.assemble(head, *fill_template(_("{side} attacks."), side=side_text(b.attacker, p)),
                                         style=p.head), width))
    counts = {"athens": side_text(0, p), "a": Text(str(units(s, b.region, 0))), "sparta": side_text(1, p),
              "b": Text(str(units(s, b.region, 1))), "step": Text(battle_step_name(b.phase)),
              "unseen": Text(str(sum(b.deck)))}
    template = (_("Galleys: {athens} {a}, {sparta} {b}. Step: {step}. Unseen cards: {unseen}.") if b.sea
                else _("Hoplites: {athens} {a}, {sparta} {b}. Step: {step}. Unseen cards: {unseen}."))
    parts.append(paragraph(Text.assemble(*fill_template(template, **counts)), width))
    if b.played:
        played = Text(_("On the table (attacker): "), style=p.head)
        played.append(", ".join(card_label(cards[i]) for i in b.played))
        parts.append(paragraph(played, width))
    dealt = b.rounds > 0 or b.phase not in ("retreat", "deal") or any(sum(h) for h in b.hands)
    if not dealt:
        parts.append(paragraph(_("The hands are dealt once both sides have decided to fight: one card per unit "
                                 "(R-BATTLE-13)."), width, p.dim))
    for side in (0, 1) if dealt else ():
        parts.extend(_hand_parts(t, view, p, side, reveal, width))
    if b.played and view.seat == other(b.attacker):
        parts.append(Text(_("How your cards would fare (your first card faces the first):"), style=p.head))
        for i in b.played:
            att = cards[i]
            outcomes = []
            for j, c in enumerate(cards):
                if view.seat is not None and b.hands[view.seat][j]:
                    lost, gain = pair_result(att, c)
                    fate = _("you lose 1") if lost else _("no loss")
                    if gain:
                        fate = _("{fate}, they {gain}", fate=fate, gain=f"{gain:+d}")
                    outcomes.append(f"{c.code}: {fate}")
            parts.append(paragraph(_("  vs {card}: {outcomes}", card=card_label(att), outcomes="; ".join(outcomes)),
                                   width))
    return parts


def _hand_parts(t: Tables, view: PolisView, p: Palette, side: int, reveal: bool, width: int) -> list[Text]:
    s = view.state
    b = s.battle
    assert b is not None
    cards = t.cards(b.sea)
    hand = b.hands[side]
    if side == view.seat or (reveal and sum(hand) > 0):
        title = (ngettext("Your hand ({n} card):", "Your hand ({n} cards):", sum(hand)) if side == view.seat
                 else ngettext("{side}'s hand ({n} card):", "{side}'s hand ({n} cards):", sum(hand),
                               side=side_name(side)))
        rows: list[list[Cell] | None] = [
            [f"  {c.code}", f"{c.value:+d}" if c.value else "0", str(hand[i]), ""]
            for i, c in enumerate(cards) if hand[i]]
        return [Text(title, style=p.seats[side]),
                grid(["  " + _("Card"), _("Val"), "x", ""], rows, width, p, right=(1, 2)) if rows
                else Text("  " + _("empty"), style=p.dim)]
    return [Text(ngettext("{side} holds {n} card (hidden).", "{side} holds {n} cards (hidden).",
                          view.hidden_hand_sizes[side], side=side_name(side)))]


def outcome_view(game: PolisGame, s: PolisState, p: Palette) -> Text:
    t = game.tables
    text = Text(_("Game over: {outcome}.", outcome=outcome_text(s)) + "\n", style=p.warn)
    if s.outcome is not None and s.outcome.reason not in SCORED:
        return text  # no final scoring (R-END-4): no score to show, as in the browser
    pieces = {"athens": side_text(0, p), "a": Text(str(scoring.score(t, s, 0))), "sparta": side_text(1, p),
              "b": Text(str(scoring.score(t, s, 1)))}
    template = _("Score (population + prestige + posterity): {athens} {a}, {sparta} {b}")
    text.append_text(Text.assemble(*fill_template(template, **pieces)))
    return text
