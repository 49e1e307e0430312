"""Plain-text rendering of a Polis position and of single actions, for terminals and logs.

:func:`describe` draws everything one seat may know (it only ever reads that seat's view, so the
opponent's battle hand can never be shown); :func:`describe_action` says in plain words what a
legal action will cost and do. Names are the notation's names, so what a player reads is what he
can type.
"""

from __future__ import annotations

import re

from kleos.core.action import Action
from kleos.core.errors import IllegalAction
from kleos.core.protocol import CHANCE, Outcome
from kleos.games.polis.board import controller, owned_poleis, polis_population, stack_limit, units
from kleos.games.polis.datamodel import Event
from kleos.games.polis.game import PolisGame
from kleos.games.polis.i18n import N_, _, ngettext
from kleos.games.polis.rules import actions as turn_actions
from kleos.games.polis.rules import end_of_round, scoring, siege, stasis, trade
from kleos.games.polis.rules.battle import pair_result
from kleos.games.polis.rules.project import payment
from kleos.games.polis.state import BATTLES, END_OF_ROUND, EVENT, OVER, TURN, PolisState
from kleos.games.polis.tables import GOOD_INDEX, GOODS, NO_ONE, SILVER, WHEAT, CardInfo, Tables, other
from kleos.games.polis.view import PolisView

SIDE = (N_("Athens"), N_("Sparta"))
REASONS = {
    "score": N_("final scoring"),
    "goods_tiebreak": N_("final scoring, tie broken by goods"),
    "shared": N_("final scoring: a shared victory"),
    "ostracism": N_("ostracism (0 prestige)"),
    "starvation": N_("starvation (a capital that cannot be fed)"),
    "prestige_debt": N_("a prestige loss that could not be paid"),
    "salpinx": N_("a Salpinx that could not be paid"),
    "event_prestige": N_("an event's prestige loss that could not be paid"),
}
EOR_STEPS = {0: N_("starting"), 2: N_("feeding"), 3: N_("growth"), 4: N_("Megalopolis"), 6: N_("Phoros"),
             7: N_("project removal"), 8: N_("preparation of the next round")}
"""The end-of-round steps' names, marked only: translate where shown (:func:`eor_step_name`)."""

GOOD_WORDS = (N_("iron"), N_("wood"), N_("wine"), N_("oil"), N_("silver"), N_("wheat"))
"""The goods' names in prose and tables (the notation keeps :data:`GOODS`), in the order of ``GOODS``."""

PROJECT_TYPES = {"philosophers": N_("philosophers"), "artists": N_("artists"), "temples": N_("temples"),
                 "theatres": N_("theatres"), "statues": N_("statues"), "mysteries": N_("festivals"),
                 "games": N_("games")}
"""The project types' names in prose (the data keeps the type's identifier)."""

BATTLE_STEPS = {"retreat": N_("retreat or fight on"), "deal": N_("dealing the cards"), "attack": N_("attack"),
                "defend": N_("defence")}
"""The steps of a combat round, marked only (:func:`battle_step_name`)."""

PHASE_WORDS = {TURN: N_("turns"), BATTLES: N_("battles"), END_OF_ROUND: N_("end of round"), EVENT: N_("event")}


def _state(x: PolisState | PolisView) -> PolisState:
    return x.state if isinstance(x, PolisView) else x


def side_name(side: int) -> str:
    """A side's name in the reader's language ("nobody" for no side)."""
    return _(SIDE[side]) if side in (0, 1) else _("nobody")


def good_name(g: int) -> str:
    """A good's name in the reader's language (the notation keeps the English one)."""
    return _(GOOD_WORDS[g])


def amount(n: int, g: int) -> str:
    """``3 wheat``: an amount of a good in words."""
    return _("{n} {good}", n=n, good=good_name(g))


def project_type_name(kind: str) -> str:
    """A project type's name in the reader's language."""
    return _(PROJECT_TYPES[kind]) if kind in PROJECT_TYPES else kind


def battle_step_name(step: str) -> str:
    """The step a combat round is at, in the reader's language."""
    return _(BATTLE_STEPS[step]) if step in BATTLE_STEPS else step


def game_title(t: Tables) -> str:
    """The heading of a game: the edition's title (a name, as printed), then the scenario's in the
    reader's language when one is played (R-SCEN; the data keeps the English title, the catalogue's key)."""
    return f"{t.rules.title}: {_(t.scenario_title)}" if t.scenario_title else t.rules.title


def event_title(event: Event) -> str:
    """An event card's title in the reader's language (the data keeps the English one, which is the
    catalogue's key: see ``locale/data-fields.json``)."""
    return _(event.title)


def event_text(event: Event) -> str:
    """An event card's text in the reader's language."""
    return _(event.text)


def eor_step_name(step: int) -> str:
    return _(EOR_STEPS[step]) if step in EOR_STEPS else str(step)


def _goods_text(items: dict[int, int] | list[tuple[int, int]]) -> str:
    pairs = list(items.items()) if isinstance(items, dict) else items
    return ", ".join(amount(n, g) for g, n in pairs if n) or _("nothing")


def readable(name: str) -> str:
    """A notation name in words: ``TheatreWithEpiskenion`` -> ``Theatre with Episkenion``."""
    words = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name).split(" ")
    return " ".join(w.lower() if n and w in _SMALL_WORDS else w for n, w in enumerate(words))


_SMALL_WORDS = frozenset({"Of", "With", "The", "And", "At", "In"})


def project_name(t: Tables, project: str) -> str:
    """A project tile's name as its edition prints it, in the reader's language (the data's names
    are extracted into the catalogue: ``locale/data-fields.json``); the id is notation."""
    printed = next((p.names.get(t.edition) for p in t.bundle.projects.projects if p.id == project), None)
    return _(printed) if printed else readable(project)


def cubes(n: int) -> str:
    """``1 cube``, ``2 cubes``."""
    return ngettext("{n} cube", "{n} cubes", n)


def _good(s: PolisState, side: int, g: int) -> int:
    return s.goods[side * len(GOODS) + g]


def round_label(t: Tables, s: PolisState) -> str:
    name = t.round_names[min(s.round, t.last_round)]
    return _("round {name} ({number} of {rounds}, N = {n})", name=name, number=s.round + 1,
             rounds=len(t.round_names), n=t.round_values[min(s.round, t.last_round)])


def round_heading(t: Tables, before: PolisState | None, after: PolisState) -> str | None:
    """The log's heading where a round begins ("Round Alfa (1 of 3, N = 3)"), and for ``before``
    ``None`` the round the game begins in; none once the game is over."""
    if after.outcome is not None or (before is not None and after.round == before.round):
        return None
    label = round_label(t, after)
    return f"{label[:1].upper()}{label[1:]}"


SCORED = frozenset({"score", "goods_tiebreak", "shared"})
"""The ends that come from the final scoring; every other end stops the game at once, unscored (R-END-4)."""


def outcome_text(s: PolisState) -> str:
    return _("the game is not over") if s.outcome is None else outcome_words(s.outcome)


def outcome_words(o: Outcome) -> str:
    """The end in words: the winner, why, and the scores, or that there was no final scoring."""
    why = _(REASONS[o.reason]) if o.reason in REASONS else o.reason
    params = {"why": why, "athens": o.scores[0], "sparta": o.scores[1]}
    if o.winner is None:
        if o.reason not in SCORED:
            return _("Draw by {why}; no final scoring (R-END-4)", **params)
        if any(o.scores):
            return _("Draw by {why} (scores: Athens {athens}, Sparta {sparta})", **params)
        return _("Draw by {why}", **params)
    params["winner"] = side_name(o.winner)
    if o.reason not in SCORED:
        return _("{winner} wins by {why}; no final scoring (R-END-4)", **params)
    if any(o.scores):
        return _("{winner} wins by {why} (scores: Athens {athens}, Sparta {sparta})", **params)
    return _("{winner} wins by {why}", **params)


def card_label(card: CardInfo) -> str:
    return f"{card.code} ({card.value:+d})" if card.value else f"{card.code} (0)"


# ----- the position ---------------------------------------------------------------------------
def describe(game: PolisGame, state_or_view: PolisState | PolisView, seat: int | None) -> str:
    """Everything ``seat`` may know, as text (``None``: a spectator). A full state is first turned
    into that seat's view, so hidden cards never reach the text."""
    if isinstance(state_or_view, PolisView):
        view = state_or_view
        if view.seat != seat:
            raise ValueError(f"a view for seat {view.seat} cannot be described for seat {seat}")
    else:
        view = game.view(state_or_view, seat)
    t, s = game.tables, view.state
    out: list[str] = []
    out.append(f"== {game_title(t)}: {round_label(t, s)} ==")
    out.extend(_status_lines(game, view))
    out.append("")
    out.extend(_players_lines(t, s))
    out.append("")
    out.extend(_map_lines(t, s))
    out.append("")
    out.extend(_poleis_lines(t, s))
    out.append("")
    out.extend(_market_lines(t, s))
    out.append("")
    out.extend(_project_lines(t, s))
    if s.battle is not None or s.battle_queue:
        out.append("")
        out.extend(_battle_lines(t, view))
    return "\n".join(out)


def _status_lines(game: PolisGame, view: PolisView) -> list[str]:
    t, s = game.tables, view.state
    out: list[str] = []
    if s.event is not None:
        ev = t.event_index.get(s.event)
        out.append(_("Event of the round: {title}: {text}", title=event_title(ev), text=event_text(ev)) if ev
                   else _("Event of the round: {title}", title=s.event))
    else:
        out.append(_("Event of the round: none"))
    if s.phase == OVER:
        out.append(_("Game over: {outcome}.", outcome=outcome_text(s)))
        return out
    actors = game.actors(s)
    to_act = (_("chance (a draw or a die roll)") if actors == (CHANCE,)
              else _(" and ").join(side_name(a) for a in actors))
    phase = _(PHASE_WORDS[s.phase]) if s.phase in PHASE_WORDS else s.phase
    if view.seat in (0, 1):
        out.append(_("Phase: {phase}. To act: {actors}. You are {side}.", phase=phase, actors=to_act,
                     side=side_name(view.seat)))
    else:
        out.append(_("Phase: {phase}. To act: {actors}.", phase=phase, actors=to_act))
    if s.phase == TURN:
        taken = ", ".join(s.turn_actions) or _("none")
        out.append(_("{side}'s turn; actions taken this turn: {taken}.", side=side_name(s.active), taken=taken))
    passed = [side_name(i) for i in (0, 1) if s.passed[i]]
    if s.phase in (TURN, BATTLES):
        who = ", ".join(passed) if passed else _("nobody")
        if s.first_passer != NO_ONE:
            out.append(_("Passed: {sides} (first passer: {first}).", sides=who, first=side_name(s.first_passer)))
        else:
            out.append(_("Passed: {sides}.", sides=who))
        if any(s.passed) and not all(s.passed):
            rest = side_name(other(s.first_passer))
            out.append(_("{side} acts alone; each further action costs 1 extra good (no battle checks until the "
                         "end).", side=rest))
    if s.phase == END_OF_ROUND:
        out.append(_("End of round, step: {step}.", step=eor_step_name(s.eor_step)))
    if s.pending is not None and s.phase == TURN:
        out.append(_("In progress: {what}.", what=_pending_text(t, s)))
    return out


def _pending_text(t: Tables, s: PolisState) -> str:
    assert s.pending is not None
    kind = s.pending[0]
    if kind in ("hoplites", "galleys", "merchants"):
        _kind, polis, made = s.pending
        where = t.polis_ids[polis]
        return {"hoplites": _("create hoplites in {polis} ({made} created so far)", polis=where, made=made),
                "galleys": _("create galleys in {polis} ({made} created so far)", polis=where, made=made),
                "merchants": _("create merchants in {polis} ({made} created so far)", polis=where, made=made),
                }[kind]
    if kind in ("march", "sail"):
        _kind, dest, moved = s.pending
        if kind == "march":
            return _("move hoplites to {region} ({moved} moved so far)", region=t.region_ids[dest], moved=moved)
        return _("move galleys to {region} ({moved} moved so far)", region=t.region_ids[dest], moved=moved)
    if kind == "tribute":
        _kind, territory, assigned = s.pending
        cols = ", ".join(f"{good_name(g)} {n}" for (g, _amounts), n in zip(t.tribute[territory], assigned,
                                                                            strict=True))
        return _("tribute in {territory} (hoplites assigned: {columns})", territory=t.region_ids[territory],
                 columns=cols)
    if kind == "proxenos":
        path = s.pending[1]
        route = " -> ".join(t.region_ids[r] for r in path) or _("(no region yet)")
        spent = sum(units(s, r, other(s.active)) for r in path)
        return _("proxenos path {route}; bribes so far: {silver} silver", route=route, silver=spent)
    if kind == "toll":
        return _("'{action}' after paying 1 good for the opponent's pass", action=s.pending[1])
    if kind == "siege":
        return _("siege of {polis} (die to roll)", polis=t.polis_ids[s.pending[1]])
    if kind == "trade":
        return _("trade (market dice to roll)")
    return str(s.pending)


def _players_lines(t: Tables, s: PolisState) -> list[str]:
    goods = [good_name(g) for g in t.goods]
    width = max(len(g) for g in goods) + 1
    prestige, need_word = _("prestige"), _("food need")
    head = f"             {prestige:>8} " + "".join(f"{g:>{width}}" for g in goods) + f"   {need_word:>9}"
    out = [head]
    for side in (0, 1):
        need = end_of_round.requirement(s, side)
        row = f"  {side_name(side):<10} {s.prestige[side]:>8} " + "".join(
            f"{_good(s, side, g):>{width}}" for g in t.goods) + f"   {need:>9}"
        out.append(row)
    for side in (0, 1):
        prox = s.proxenos[side]
        where = (t.polis_ids[prox] if prox != NO_ONE
                 else _("captive (held by {side})", side=side_name(other(side))))
        discs = (_("unlimited discs") if t.bundle.setup.limits.discs is None
                 else ngettext("{n} disc", "{n} discs", s.supply_discs[side]))
        out.append(_("  {side}: supply {cubes}, {discs}; merchants: {port} in port, {supply} in supply; "
                     "proxenos: {where}", side=side_name(side), cubes=cubes(s.supply_cubes[side]), discs=discs,
                     port=s.merchants_port[side], supply=s.merchants_supply[side], where=where))
    return out


def _map_lines(t: Tables, s: PolisState) -> list[str]:
    n = stack_limit(t, s)
    region, athens, sparta, control, notes_word = _("Region"), side_name(0), side_name(1), _("Control"), _("Notes")
    out = [_("Map (stacking limit {n}):", n=n),
           f"  {region:<19} {athens:>6} {sparta:>6}  {control:<8}  {notes_word}"]
    for r in range(t.n_regions):
        if r == t.n_territories:
            out.append(_("  -- seas --"))
        a, b = units(s, r, 0), units(s, r, 1)
        ctrl = side_name(controller(s, r)) if controller(s, r) != NO_ONE else "-"
        notes: list[str] = []
        if not t.is_sea(r):
            poleis = [t.polis_ids[p] for p in t.territory_poleis[r]]
            if poleis:
                notes.append(_("poleis {names}", names=", ".join(poleis)))
            if r < len(s.tribute_disc) and s.tribute_disc[r] != NO_ONE:
                notes.append(_("tribute taken by {side}", side=side_name(s.tribute_disc[r])))
        if a + b >= 8 and a and b:
            notes.append(_("BATTLE size"))
        out.append(f"  {t.region_ids[r]:<19} {a:>6} {b:>6}  {ctrl:<8}  {'; '.join(notes)}".rstrip())
    return out


def _poleis_lines(t: Tables, s: PolisState) -> list[str]:
    polis, territory, owner_word = _("Polis"), _("Territory"), _("Owner")
    population, notes_word = _("Pop/max (base, growth)"), _("Notes")
    out = [_("Poleis:"), f"  {polis:<12} {territory:<12} {owner_word:<8} {population:<23} {notes_word}"]
    for p, name in enumerate(t.polis_ids):
        owner = side_name(s.owner[p]) if s.owner[p] != NO_ONE else _("neutral")
        pop = f"{s.pop[p]}/{t.polis_max[p]}" if s.owner[p] != NO_ONE else f"({t.polis_base[p]})/{t.polis_max[p]}"
        terr = t.region_ids[t.polis_territory[p]] if t.polis_territory[p] != NO_ONE else _("(neutral)")
        notes: list[str] = []
        if p in t.capital:
            notes.append(_("capital"))
        if t.polis_commercial[p] != NO_ONE:
            notes.append(_("commercial"))
        if s.project_started[p] != -1:
            notes.append(_("started {project}", project=project_name(t, t.projects[s.project_started[p]].id)))
        if s.projects_done[p]:
            notes.append(_("completed {projects}",
                           projects=", ".join(project_name(t, t.projects[x].id) for x in s.projects_done[p])))
        notes.extend(side_notes(s, p))
        base = f"{pop} ({t.polis_base[p]}, +{t.polis_growth[p]})"
        out.append(f"  {name:<12} {terr:<12} {owner:<8} {base:<23} {'; '.join(notes)}".rstrip())
    return out


def side_notes(s: PolisState, polis: int) -> list[str]:
    """Whose proxenos stands in ``polis`` and whose siege discs lie before it."""
    notes: list[str] = []
    for side in (0, 1):
        if s.proxenos[side] == polis:
            notes.append(_("{side}'s proxenos", side=side_name(side)))
        discs = s.siege_discs[polis * 2 + side] if polis * 2 + side < len(s.siege_discs) else 0
        if discs:
            notes.append(_("{side} siege discs {n}", side=side_name(side), n=discs))
    return notes


def _market_lines(t: Tables, s: PolisState) -> list[str]:
    n = t.round_values[min(s.round, t.last_round)]
    sizes = sorted(t.value_table)
    out = [_("Market value tracks (space; goods due for a cargo of {sizes}):",
             sizes="/".join(str(v) for v in sizes))]
    for g in t.tradable:
        pos = s.market_pos[g]
        prices = "/".join(str(t.value_table[v][pos]) for v in sizes)
        out.append(_("  {good} space {space} of {spaces}: {prices}", good=f"{good_name(g):<6}", space=f"{pos + 1:>2}",
                     spaces=t.track_len, prices=prices))
    out.append(_("Market slots (number: cargo, reward, accepted goods with price now):"))
    for m, slots in enumerate(t.market_slots):
        parts: list[str] = []
        closed = s.flag(f"market_closed:{t.market_ids[m]}")
        for number, slot in enumerate(slots, start=1):
            info = t.slots[slot]
            accepts = ", ".join(f"{good_name(g)} {trade.price(t, s, slot, g)}" for g in info.accepts)
            if info.reward == WHEAT:
                accepts = _("{goods}, or buy for {silver} silver", goods=accepts, silver=info.value)
            if s.slot_merchant[slot] != NO_ONE:
                state = _("taken by {side}", side=side_name(s.slot_merchant[slot]))
            elif info.value > n:
                state = _("not yet available")
            elif closed:
                state = _("closed by the event")
            else:
                state = _("available")
            parts.append(_("{number}: {cargo} for {accepts} [{state}]", number=number,
                           cargo=amount(info.value, info.reward), accepts=accepts, state=state))
        out.append(f"  {t.market_ids[m]}:")
        out.extend(f"    {p}" for p in parts)
    return out


def project_text(t: Tables, tile: int) -> str:
    info = t.projects[tile]
    prestige = _("half the capital's population") if info.prestige < 0 else str(info.prestige)
    cost = _goods_text(list(info.cost))
    where = ", ".join(t.polis_ids[p] for p in sorted(info.poleis))
    return _("{name} ({type}): cost {cost}; prestige {prestige} at round end, posterity {posterity}; in {poleis}",
             name=project_name(t, info.id), type=project_type_name(info.type), cost=cost, prestige=prestige,
             posterity=info.posterity, poleis=where)


def _project_lines(t: Tables, s: PolisState) -> list[str]:
    out = [_("Face-up projects:")]
    if not s.projects_face_up:
        out.append("  " + _("none"))
    out.extend(f"  {project_text(t, tile)}" for tile in s.projects_face_up)
    out.append("  " + ngettext("({n} tile face down)", "({n} tiles face down)", len(s.project_pile)))
    return out


def _battle_lines(t: Tables, view: PolisView) -> list[str]:
    s = view.state
    b = s.battle
    if b is None:
        names = ", ".join(t.region_ids[r] for r in s.battle_queue)
        return [_("Battles to fight: {regions}; {side} chooses the order.", regions=names,
                  side=side_name(s.battle_chooser))]
    cards = t.cards(b.sea)
    params = {"region": t.region_ids[b.region], "round": b.rounds + 1, "attacker": side_name(b.attacker),
              "athens": units(s, b.region, 0), "sparta": units(s, b.region, 1), "step": battle_step_name(b.phase)}
    if b.sea:
        head = _("Battle in {region} (sea), combat round {round}: {attacker} attacks. Galleys: Athens {athens}, "
                 "Sparta {sparta}. Step: {step}.", **params)
    else:
        head = _("Battle in {region} (land), combat round {round}: {attacker} attacks. Hoplites: Athens {athens}, "
                 "Sparta {sparta}. Step: {step}.", **params)
    out = [head]
    if b.played:
        out.append(_("  Attacker's cards on the table: {cards}",
                     cards=", ".join(card_label(cards[i]) for i in b.played)))
    for side in (0, 1):
        if side == view.seat:
            hand = [card_label(c) for c, n in zip(cards, b.hands[side], strict=True) for _i in range(n)]
            out.append(_("  Your hand ({n}): {cards}", n=len(hand), cards=", ".join(hand) if hand else _("empty")))
        else:
            out.append(ngettext("  {side} holds {n} card (hidden).", "  {side} holds {n} cards (hidden).",
                                view.hidden_hand_sizes[side], side=side_name(side)))
    out.append(_("  Cards not yet seen by you: {n}", n=sum(b.deck)))
    return out


# ----- actions --------------------------------------------------------------------------------
def describe_action(game: PolisGame, state: PolisState | PolisView, action: Action) -> str:
    """A short plain-English account of what ``action`` costs and does in this position."""
    t, s = game.tables, _state(state)
    try:
        if game.is_chance(s):
            return _chance_text(t, s, action)
        actors = game.actors(s)
        side = actors[0] if actors else s.active
        if s.phase == TURN:
            if s.pending is None:
                return _choice_text(t, s, side, action)
            return _step_text(t, s, side, action)
        if s.phase == BATTLES:
            return _battle_text(t, s, side, action)
        if s.phase == END_OF_ROUND:
            return _eor_text(t, s, side, action)
        if s.phase == EVENT:
            return _event_text(t, s, action)
    except (KeyError, IndexError, ValueError, TypeError):
        pass
    return str(action)


def _chance_text(t: Tables, s: PolisState, action: Action) -> str:
    if action.verb == "roll" and s.pending is not None and s.pending[0] == siege.VERB:
        return _("Die: {roll}: {result}", roll=action.args[0],
                 result=siege_result(t, s, s.active, s.pending[1], int(action.args[0])))
    if action.verb == "roll":
        return _("Die: {roll}", roll=action.args[0])
    if action.verb == "event":
        ev = t.event_index.get(str(action.args[0]))
        return (_("Event: {title}: {text}", title=event_title(ev), text=event_text(ev)) if ev
                else _("Event: {title}", title=action.args[0]))
    if action.verb == "project":
        return _("Project revealed: {project}", project=project_text(t, t.project_index[str(action.args[0])]))
    if action.verb == "card":
        return _("Battle card drawn: {card}", card=action.args[0])
    return str(action)


def siege_result(t: Tables, s: PolisState, side: int, polis: int, roll: int | None) -> str:
    """What a siege of ``polis`` by ``side`` brings with this die ``roll`` (``None``: no roll, a
    fortification of 1), told before it is carried out (R-ACT-SIEGE-9 … R-ACT-SIEGE-19)."""
    name, base = t.polis_ids[polis], t.polis_base[polis]
    bonus = siege.siege_bonus(t, s, side, polis)
    if roll is None:
        sums = _("no roll needed")
    elif bonus:
        sums = _("{roll} + {bonus} against {base}", roll=roll, bonus=bonus, base=base)
    else:
        sums = _("{roll} against {base}", roll=roll, base=base)
    if roll is None or roll + bonus >= base:
        return _("{polis} falls to {side} ({sums}; +{base} prestige)", polis=name, side=side_name(side), sums=sums,
                 base=base)
    if s.owner[polis] != NO_ONE:
        return _("{polis} holds ({sums}): {side} loses a hoplite; {polis} loses a population cube", polis=name,
                 sums=sums, side=side_name(side))
    return _("{polis} holds ({sums}): {side} loses a hoplite", polis=name, sums=sums, side=side_name(side))




def _with_toll(text: str, toll: bool) -> str:
    """An action's words, with the extra good it costs once the opponent has passed (R-TURN-7)."""
    return _("{action} (+1 good of any kind: the opponent has passed)", action=text) if toll else text


def _choice_text(t: Tables, s: PolisState, side: int, action: Action) -> str:
    v = action.verb
    toll = s.passed[other(side)] and v != "pass" and not turn_actions.is_free_ransom(t, v)
    if v == "pass":
        if s.passed[other(side)]:
            return _("Pass: no more actions; the round ends")
        return _("Pass: end the turn and take no more actions this round")
    return _with_toll(_action_words(t, s, side, action), toll)


def _create_words(t: Tables, s: PolisState, action: Action) -> str:
    polis = t.polis_index[str(action.args[0])]
    params = {"polis": t.polis_ids[polis], "cubes": cubes(s.pop[polis])}
    if action.verb == "hoplites":
        return _("Create hoplites from {polis} ({cubes}), in {territory}: 1 iron or 1 silver and 1 cube each",
                 territory=t.region_ids[t.polis_territory[polis]], **params)
    if action.verb == "galleys":
        return _("Create galleys from {polis} ({cubes}), in a sea of its ports: 1 wood or 1 silver and 1 cube each",
                 **params)
    return _("Create merchants from {polis} ({cubes}), in the commercial port: 1 wood or 1 silver and 1 cube "
             "each", **params)


def _siege_words(t: Tables, s: PolisState, side: int, polis: int) -> str:
    base = t.polis_base[polis]
    bonus = siege.siege_bonus(t, s, side, polis)
    if base == 1:
        odds = _("succeeds without a roll")
    else:
        need = max(1, base - bonus)
        chance = max(0, min(4, 5 - need)) * 25
        odds = (_("succeeds on a roll of {need}+ ({chance}%)", need=need, chance=chance) if need <= 4
                else _("cannot succeed"))
    return _("Besiege {polis} (1 prestige; {odds}; success: the polis with {cubes} and +{base} prestige; "
             "failure: lose 1 hoplite)", polis=t.polis_ids[polis], odds=odds,
             cubes=cubes(siege.cubes_needed(t, s, polis)), base=base)


def _action_words(t: Tables, s: PolisState, side: int, action: Action) -> str:
    """What a top-level action (not pass) costs and does, without the toll."""
    v = action.verb
    if v in ("hoplites", "galleys", "merchants"):
        return _create_words(t, s, action)
    if v == "march":
        return _("Move hoplites to {region} (1 prestige)", region=action.args[0])
    if v == "sail":
        return _("Move galleys to {region} (1 prestige)", region=action.args[0])
    if v == "siege":
        return _siege_words(t, s, side, t.polis_index[str(action.args[0])])
    if v == "tribute":
        territory = t.region_index[str(action.args[0])]
        cost = (_("free in the capital's own territory") if territory == t.polis_territory[t.capital[side]]
                else _("1 prestige"))
        cols = "; ".join(f"{good_name(g)} {'/'.join(str(x) for x in amounts)}" for g, amounts in t.tribute[territory])
        return _("Collect tribute in {territory} ({cost}; tables: {columns})", territory=t.region_ids[territory],
                 cost=cost, columns=cols)
    if v == "trade":
        return _trade_text(t, s, action)
    if v == "proxenos":
        return _("Move the proxenos from {polis} (1 silver per opponent unit in each region crossed)",
                 polis=t.polis_ids[s.proxenos[side]])
    if v == "ransom":
        params = {"side": side_name(other(side)), "capital": t.polis_ids[t.capital[side]]}
        if t.rules.ransom_is_action:
            return _("Ransom the proxenos: pay 2 silver to {side}; it returns to {capital}", **params)
        return _("Ransom the proxenos: pay 2 silver to {side}; it returns to {capital} (not an action)", **params)
    if v == "stasis":
        polis = s.proxenos[side]
        population = polis_population(t, s, polis)
        return _("Civil war in {polis}: pay {silver} silver, take it with {cubes}, +{prestige} prestige",
                 polis=t.polis_ids[polis], silver=stasis.silver_cost(t, s, polis), cubes=cubes(population),
                 prestige=population)
    if v == "project":
        tile = t.project_index[str(action.args[0])]
        polis = t.polis_index[str(action.args[1])]
        subs = frozenset(GOOD_INDEX[str(g)] for g in action.args[2:])
        info = t.projects[tile]
        prestige = _("half the capital's population") if info.prestige < 0 else f"+{info.prestige}"
        return _("Start {project} in {polis}: pay {cost} ({prestige} prestige at round end, {posterity} posterity)",
                 project=project_name(t, info.id), polis=t.polis_ids[polis], cost=_goods_text(payment(t, tile, subs)),
                 prestige=prestige, posterity=info.posterity)
    return str(action)


def _trade_text(t: Tables, s: PolisState, action: Action) -> str:
    market = str(action.args[0])
    number = int(action.args[1])
    slot = t.market_slots[t.market_index[market]][number - 1]
    info = t.slots[slot]
    pay = GOOD_INDEX[str(action.args[2])]
    if pay == SILVER and info.reward == WHEAT:
        return _("Trade at {market} slot {number}: buy {value} wheat for {value} silver (then the market dice lower "
                 "the prices)", market=market, number=number, value=info.value)
    due = trade.price(t, s, slot, pay)
    return _("Trade at {market} slot {number}: pay {price} for {cargo} (then the die raises the {good} price)",
             market=market, number=number, price=amount(due, pay), cargo=amount(info.value, info.reward),
             good=good_name(pay))


def _create_step_text(t: Tables, s: PolisState, action: Action) -> str:
    kind, polis, made = s.pending or ("", 0, 0)
    if action.verb == "done":
        return {"hoplites": _("Stop creating hoplites ({made} created)", made=made),
                "galleys": _("Stop creating galleys ({made} created)", made=made),
                "merchants": _("Stop creating merchants ({made} created)", made=made)}[kind]
    params = {"good": good_name(GOOD_INDEX[str(action.args[0])]) if str(action.args[0]) in GOOD_INDEX
              else action.args[0], "polis": t.polis_ids[polis], "pop": s.pop[polis], "left": s.pop[polis] - 1}
    if kind == "hoplites":
        return _("Pay 1 {good} for a hoplite in {region} ({polis} population {pop} -> {left})",
                 region=t.region_ids[t.polis_territory[polis]], **params)
    if kind == "galleys":
        return _("Pay 1 {good} for a galley in {region} ({polis} population {pop} -> {left})",
                 region=str(action.args[1]) if len(action.args) > 1 else "?", **params)
    return _("Pay 1 {good} for a merchant in the commercial port ({polis} population {pop} -> {left})", **params)


def _step_text(t: Tables, s: PolisState, side: int, action: Action) -> str:
    assert s.pending is not None
    kind = s.pending[0]
    v = action.verb
    if kind == "toll":
        return _("Pay 1 {good} for the opponent's pass, then carry out '{action}'",
                 good=good_name(GOOD_INDEX[str(action.args[0])]), action=s.pending[1])
    if kind in ("hoplites", "galleys", "merchants"):
        return _create_step_text(t, s, action)
    if kind in ("march", "sail"):
        _kind, dest, moved = s.pending
        if v == "done":
            return _("Stop moving ({moved} moved)", moved=moved)
        if kind == "march":
            return _("Move one hoplite from {start} to {region}", start=action.args[0], region=t.region_ids[dest])
        return _("Move one galley from {start} to {region}", start=action.args[0], region=t.region_ids[dest])
    if kind == "tribute":
        _kind, territory, assigned = s.pending
        if v == "done":
            return _("Collect the tribute now: {goods}", goods=_tribute_yield(t, territory, assigned))
        g = GOOD_INDEX[str(action.args[0])]
        columns = [col for col, _amounts in t.tribute[territory]]
        i = columns.index(g)
        amounts = t.tribute[territory][i][1]
        k = assigned[i] + 1
        return _("Assign a hoplite to {good} ({k} there would yield {amount})", good=good_name(g), k=k,
                 amount=amount(amounts[k - 1], g))
    if kind == "proxenos":
        path = s.pending[1]
        spent = sum(units(s, r, other(side)) for r in path)
        if v == "via":
            region = t.region_index[str(action.args[0])]
            bribe = units(s, region, other(side))
            return _("Proxenos path via {region} (bribe {bribe} silver; bribes so far: {total} silver)",
                     region=t.region_ids[region], bribe=bribe, total=spent + bribe)
        if v == "enter":
            return _("Proxenos enters {polis} (pays the bribes: {silver} silver)", polis=action.args[0], silver=spent)
    return str(action)


def _tribute_yield(t: Tables, territory: int, assigned: tuple[int, ...]) -> str:
    got = [(g, amounts[k - 1]) for k, (g, amounts) in zip(assigned, t.tribute[territory], strict=True) if k]
    return _goods_text(got)


def _battle_text(t: Tables, s: PolisState, side: int, action: Action) -> str:
    v = action.verb
    if v == "battle":
        return _("Fight the battle in {region} next", region=action.args[0])
    if v == "retreat":
        return _("Retreat: lose 1 prestige, {side} gains 1; the battle ends, units stay", side=side_name(other(side)))
    if v == "fight":
        return _("Fight on (no retreat)")
    b = s.battle
    assert b is not None
    cards = t.cards(b.sea)
    index = {c.code: c for c in cards}
    mine = [index[str(a)] for a in action.args]
    if v == "attack":
        return _("Attack with {cards}", cards=_(" and ").join(card_label(c) for c in mine))
    if v == "defend" and len(b.played) == 2:
        losses, gain = 0, 0
        parts = []
        for att_i, d in zip(b.played, mine, strict=True):
            att = cards[att_i]
            lost, g = pair_result(att, d)
            losses += lost
            gain += g
            parts.append(_("{card} against {attacker_card}", card=card_label(d), attacker_card=att.code))
        params = {"pairs": "; ".join(parts), "attacker": side_name(b.attacker), "prestige": abs(gain),
                  "defender": side_name(other(b.attacker))}
        if gain >= 0:
            return ngettext("Defend: {pairs} ({defender} loses {n} unit, {attacker} gains {prestige} prestige)",
                            "Defend: {pairs} ({defender} loses {n} units, {attacker} gains {prestige} prestige)",
                            losses, **params)
        return ngettext("Defend: {pairs} ({defender} loses {n} unit, {attacker} loses {prestige} prestige)",
                        "Defend: {pairs} ({defender} loses {n} units, {attacker} loses {prestige} prestige)", losses,
                        **params)
    return str(action)


EVENT_WORDS = {
    "remove": N_("remove an own unit from {name}"),
    "send": N_("send one unit away from {name}"),
    "done": N_("done"),
    "take": N_("take {name} from the opponent"),
    "give": N_("give up {name} prestige for silver"),
    "hire": N_("hire a unit in {name} for silver"),
    "suppress": N_("use {name} hoplites at home for prestige"),
    "decline": N_("decline"),
}
"""What each event choice does, marked only (translated in :func:`_event_text`)."""


def _event_text(t: Tables, s: PolisState, action: Action) -> str:
    ev = t.event_index.get(s.event) if s.event is not None else None
    title = event_title(ev) if ev is not None else _("Event")
    v, args = action.verb, action.args
    first = args[0] if args else ""
    words = _(EVENT_WORDS[v], name=first) if v in EVENT_WORDS else str(action)
    return f"{title}: {words}"


def _eor_text(t: Tables, s: PolisState, side: int, action: Action) -> str:
    v = action.verb
    if v == "feed":
        need, wheat = end_of_round.requirement(s, side), _good(s, side, WHEAT)
        short = max(0, need - wheat)
        return _("Feed {need} population: pay {wheat} wheat and {short} prestige for the shortfall", need=need,
                 wheat=min(need, wheat), short=short)
    if v == "release":
        polis = t.polis_index[str(action.args[0])]
        need = end_of_round.requirement(s, side)
        return _("Release {polis} to neutrality (food requirement {need} -> {left}; its projects stay with it)",
                 polis=t.polis_ids[polis], need=need, left=need - s.pop[polis])
    if v == "grow":
        polis = t.polis_index[str(action.args[0])]
        return _("Grow {polis}: 1 wheat, population {pop} -> {grown}", polis=t.polis_ids[polis], pop=s.pop[polis],
                 grown=s.pop[polis] + 1)
    if v == "done":
        return _("Stop growing")
    if v == "phoros":
        n = int(action.args[0])
        if n == 0:
            return _("No Phoros")
        silver = n if t.rules.phoros == "any" else (1 if n == 1 else 3)
        return _("Phoros: give up {prestige} prestige for {silver} silver", prestige=n, silver=silver)
    if v == "discard":
        return _("Remove {project} from the game (it will not be available)",
                 project=project_name(t, str(action.args[0])))
    return str(action)


def score_line(game: PolisGame, s: PolisState) -> str:
    t = game.tables
    return _("Score now (population + prestige + posterity): {scores}", scores=", ".join(
        f"{side_name(side)} {scoring.score(t, s, side)}" for side in (0, 1)))


# ----- choices that lose the game -----------------------------------------------------------
def losing_warning(game: PolisGame, state: PolisState | PolisView, side: int, action: Action) -> str:
    """Why ``action`` makes ``side`` lose the game ("" when it does not): feeding a shortfall or a
    Phoros that leaves 0 prestige after the end-of-round steps loses by ostracism (R-EOR-13, R-EOR-27,
    R-END-3); Megalopolis, which comes between feeding and the check, is counted (R-EOR-19)."""
    t, s = game.tables, _state(state)
    if s.phase != END_OF_ROUND or s.outcome is not None or side not in (0, 1):
        return ""
    rival = side_name(other(side))
    draw = s.prestige[other(side)] == 0  # both at 0 at the check is a draw (R-END-5)
    if action.verb == "feed" and not action.args and s.eor_step == end_of_round.FEED:
        need, wheat = end_of_round.requirement(s, side), _good(s, side, WHEAT)
        short = max(0, need - wheat)
        bonus = sum(1 for p in owned_poleis(t, s, side) if s.pop[p] > t.polis_base[p])  # no wheat left to grow
        if short and s.prestige[side] - short + bonus <= 0:
            if draw:
                return _("paying {short} prestige for the missing wheat leaves you 0 prestige: you lose by ostracism "
                         "at the end of the round (R-END-3), or draw if {rival} ends it with 0 too (R-END-5); "
                         "releasing a polis lowers the need", short=short, rival=rival)
            return _("paying {short} prestige for the missing wheat leaves you 0 prestige: you lose by ostracism at "
                     "the end of the round (R-END-3); releasing a polis lowers the need", short=short)
    if action.verb == "phoros" and action.args and s.eor_step == end_of_round.PHOROS:
        n = int(action.args[0])
        if n and s.prestige[side] - n <= 0:
            if draw:
                return _("giving up {n} prestige leaves you 0 prestige: you lose by ostracism (R-EOR-27, R-END-3), "
                         "or draw if {rival} ends it with 0 too (R-END-5)", n=n, rival=rival)
            return _("giving up {n} prestige leaves you 0 prestige: you lose by ostracism (R-EOR-27, R-END-3)", n=n)
    return ""




# ----- refusals ------------------------------------------------------------------------------
def refusal_words(error: IllegalAction) -> str:
    """A rules error's message in the reader's language: the rule's template from the catalogue,
    filled with its parameters (a good's name, or a list of goods, in words; a usage's ``a|b`` and
    every other name as the notation writes it)."""
    params = {key: _goods_in_words(value) if key.startswith("good") else value for key, value in error.params.items()}
    return _(error.template, **params)


def _goods_in_words(value: object) -> object:
    names = str(value).split(", ")
    if not all(name in GOODS for name in names):
        return value
    return ", ".join(good_name(GOODS.index(name)) for name in names)


def refusal_text(error: IllegalAction) -> str:
    """A rules error in the reader's language, after its rule ID."""
    return _("{rule}: {text}", rule=error.rule, text=refusal_words(error))


# ----- typed names --------------------------------------------------------------------------
_ARG_KINDS = {
    "march": "territory", "sail": "sea", "tribute": "territory", "siege": "polis", "hoplites": "polis",
    "galleys": "polis", "merchants": "polis", "release": "polis", "grow": "polis", "trade": "market",
    "project": "project", "pay": "good", "from": "region", "via": "region", "enter": "polis",
}
NO_SUCH = {
    "territory": N_("no territory named {name}"), "sea": N_("no sea named {name}"),
    "polis": N_("no polis named {name}"), "market": N_("no market named {name}"),
    "project": N_("no project named {name}"), "good": N_("no good named {name}"),
    "region": N_("no region named {name}"), "name": N_("no name {name}"),
}
"""A typed name that does not exist, by the kind of name expected (marked only)."""


def unknown_name(game: PolisGame, action: Action) -> str:
    """For a typed action naming something that does not exist ("march Atlantis"): "no territory
    named Atlantis" (with the name meant when only its case differs); "" when every name exists."""
    t = game.tables
    known = {*t.region_ids, *t.polis_ids, *t.market_ids, *t.project_index, *GOODS,
             *(c.code for c in (*t.land_cards, *t.sea_cards))}
    for arg in action.args:
        word = str(arg)
        if isinstance(arg, int) or word in known:
            continue
        kind = _ARG_KINDS.get(action.verb, "name")
        if kind == "project" and word != str(action.args[0]):
            kind = "polis"
        close = next((k for k in sorted(known) if k.lower() == word.lower()), None)
        refusal = _(NO_SUCH[kind], name=word)
        return _("{refusal} (did you mean {name}?)", refusal=refusal, name=close) if close else refusal
    return ""
