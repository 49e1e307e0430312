"""The story of one step, in words a player uses: what was chosen, and what it brought about.

A step is told from the view it was chosen in (the actor's, or the public one for chance): the
step is played again on a copy of that view and the public facts that changed are named — who holds
an island or a sea and with how many units, buildings and Metropolises, Priests and Philosophers,
battle dice with their totals and losses, the creature drawn, income, who won which god for how
much, Apollo's gold. Gold totals stay secret (C-INFO-1): only gains and payments that follow from
public facts are named (C-INFO-4), never what a player holds, so the Griffon's take has no amount.
"""

from __future__ import annotations

from collections.abc import Callable

from kleos.core.action import Action
from kleos.core.errors import KleosError
from kleos.core.protocol import CHANCE
from kleos.games.cyclades import i18n as words
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.i18n import N_, _, ngettext
from kleos.games.cyclades.reference import creature, price_words
from kleos.games.cyclades.rules import actions as turn
from kleos.games.cyclades.rules import battle, effects, figures, metro
from kleos.games.cyclades.rules.common import building_kinds, buildings_on, income, islands_of, metropolises, net_cost
from kleos.games.cyclades.state import ACTION, OFFER, CycladesState
from kleos.games.cyclades.tables import ATHENA, EMPTY, GODS, N_GODS, ZEUS, Tables
from kleos.games.cyclades.view import CycladesView

Words = Callable[[Action], str]

# One sentence per building, so that each language can give it its article and gender.
STANDS = (N_("a Port stands on {island}"), N_("a Fortress stands on {island}"), N_("a Temple stands on {island}"),
          N_("a University stands on {island}"))
GONE = (N_("the Port on {island} is gone"), N_("the Fortress on {island} is gone"),
        N_("the Temple on {island} is gone"), N_("the University on {island} is gone"))
THE = (N_("the Port on {island}"), N_("the Fortress on {island}"), N_("the Temple on {island}"),
       N_("the University on {island}"))
BUILDS = (N_("build a Port on {island}"), N_("build a Fortress on {island}"), N_("build a Temple on {island}"),
          N_("build a University on {island}"))


def tell(game: CycladesGame, view: CycladesView, action: Action, words: Words) -> str:
    """``words(action)`` followed by what the step brings about, as far as ``view`` shows it."""
    return _("; ").join([words(action), *(facts(game, view, action) or [])])


def played(game: CycladesGame, view: CycladesView, action: Action) -> tuple[int, CycladesState] | None:
    """The acting seat and a copy of ``view``'s state with the step played on it (None when no seat
    acts or the view lacks what the step needs)."""
    seat = _actor(game, view.state)
    if seat is None:
        return None
    after = view.state.copy()
    try:
        game.apply_in_place(after, action, seat, validate=False)
    except (KleosError, LookupError, ValueError, AssertionError):
        return None
    return seat, after


def facts(game: CycladesGame, view: CycladesView, action: Action) -> list[str] | None:
    """What the step brings about, as far as ``view`` shows it, each fact in words (None when no seat
    acts or the view lacks what the step needs)."""
    step = played(game, view, action)
    return None if step is None else facts_of(game.tables, view.state, action, *step)


def facts_of(t: Tables, before: CycladesState, action: Action, seat: int, after: CycladesState) -> list[str]:
    """:func:`facts` of a step already played (:func:`played`) from ``before`` to ``after``."""
    return [*_dice(t, before, action), *_battle(t, before, after), *_phases(t, before, after),
            *_fates(t, before, action, seat), *_no_effect(t, before, action, after),
            *_sunk_by_polyphemus(t, before, after), *_board(t, before, after, _said_buildings(t, before, action)),
            *_cycle_standing(t, before, after)]


def _sunk_by_polyphemus(t: Tables, before: CycladesState, after: CycladesState) -> list[str]:
    """Fleets next to Polyphemus's island with no sea open to be pushed to are destroyed (the data sheet's
    push, C-DATA-6): the board's fact alone ("S30 is empty (was Green's 3 fleets)") stood on another
    player's push, as if that push had sunk them."""
    if not effects.pending(before) or effects.key_of(t, before) != "polyphemus":
        return []
    lost = []
    for seat in range(t.players):
        held = [sum(fleets for fleets, owner in zip(s.fleets, s.fleet_owner, strict=True) if owner == seat)
                for s in (before, after)]
        if held[1] < held[0]:
            lost.append(ngettext("{player}'s {n} fleet has no sea open to be pushed to and is destroyed "
                                 "(Polyphemus)", "{player}'s {n} fleets have no sea open to be pushed to and are "
                                 "destroyed (Polyphemus)", held[0] - held[1], player=_name(t, seat)))
    return lost


Said = dict[tuple[int, int], int]
"""Buildings a step's own words already name, by (island, kind): +1 built, -1 gone."""


def _said_buildings(t: Tables, s: CycladesState, action: Action) -> Said:
    """What "build a Port on I7", a building given up or destroyed for a Metropolis, the Giant's and the
    Cyclops's words already say, so that the board's facts tell only what followed (a building given
    up for the Metropolis it completed)."""
    args = [str(a) for a in action.args]
    if action.verb == "build" and args and args[0] in t.island_index and s.phase == ACTION and \
            turn.turn_god(s) != EMPTY:
        return {(t.island_index[args[0]], turn.turn_god(s)): 1}
    if action.verb == "discard" and len(args) == 2 and args[0] in t.island_index and args[1] in t.building_names:
        return {(t.island_index[args[0]], t.building_names.index(args[1])): -1}
    if action.verb == "destroy" and args and args[0] in t.building_names and s.metro_island >= 0:
        return {(s.metro_island, t.building_names.index(args[0])): -1}
    if action.verb != "target" or not effects.pending(s) or len(args) < 2 or args[0] not in t.island_index or \
            args[1] not in t.building_names:
        return {}
    key, island, old = t.creature_keys[s.effect_card], t.island_index[args[0]], t.building_names.index(args[1])
    if key == "giant":
        return {(island, old): -1}
    if key == "cyclops" and len(args) == 3 and args[2] in t.building_names:
        return {(island, old): -1, (island, t.building_names.index(args[2])): 1}
    return {}


def _actor(game: CycladesGame, s: CycladesState) -> int | None:
    actors = game.actors(s)
    return actors[0] if len(actors) == 1 and (actors[0] == CHANCE or actors[0] >= 0) else None


def _name(t: Tables, seat: int) -> str:
    return words.seat(t, seat) if 0 <= seat < len(t.seat_names) else _("nobody")


def _units(naval: int) -> Callable[[int], str]:
    """How to count the units of a naval (fleets) or land (troops) battle."""
    return words.fleets if naval else words.troops


# ----- battle dice -----------------------------------------------------------------------------------
def _dice(t: Tables, s: CycladesState, action: Action) -> list[str]:
    """A round: each side's die, units and bonus with the totals, and who loses a unit (C-BATTLE-2..5)."""
    if action.verb != "dice" or not battle.in_battle(s):
        return []
    a, d = int(action.args[0]), int(action.args[1])
    count = _units(s.battle_naval)
    units, bonus = battle.defending_units(s), battle.defence_bonus(t, s)
    attack, defence = a + s.battle_attack, d + units + bonus
    if bonus:
        extra = _(" + {bonus} (Ports)", bonus=bonus) if s.battle_naval else _(" + {bonus} (Fortresses)", bonus=bonus)
    else:
        extra = ""
    who_a, who_d = _name(t, s.battle_attacker), _name(t, s.battle_defender)
    if attack == defence:
        loser = _("both lose one fleet") if s.battle_naval else _("both lose one troop")
    else:
        who = who_a if attack < defence else who_d
        loser = _("{player} loses one fleet", player=who) if s.battle_naval else \
            _("{player} loses one troop", player=who)
    return [_("{attacker} {a} + {attack_units} = {attack} against {defender} {d} + {defence_units}{extra} = "
              "{defence}: {loser}", attacker=who_a, a=a, attack_units=count(s.battle_attack), attack=attack,
              defender=who_d, d=d, defence_units=count(units), extra=extra, defence=defence, loser=loser)]


def _battle(t: Tables, b: CycladesState, a: CycladesState) -> list[str]:
    """A battle that starts (who attacks whom with what) or ends (who holds the place, C-BATTLE-11)."""
    if battle.in_battle(a) and not battle.in_battle(b):
        naval = a.battle_naval
        where = (t.sea_ids if naval else t.island_ids)[a.battle_place]
        count = _units(naval)
        template = (_("naval battle in {place}: {attacker} attacks with {attack}, {defender} defends with {defence}")
                    if naval else
                    _("land battle in {place}: {attacker} attacks with {attack}, {defender} defends with {defence}"))
        return [template.format(place=where, attacker=_name(t, a.battle_attacker), attack=count(a.battle_attack),
                                defender=_name(t, a.battle_defender), defence=count(battle.defending_units(a)))]
    if battle.in_battle(b) and not battle.in_battle(a):
        place = b.battle_place
        if b.battle_naval:
            holder = a.fleet_owner[place] if a.fleets[place] else EMPTY
            was = b.fleet_owner[place] if b.fleets[place] else EMPTY
            name = t.sea_ids[place]
        else:
            holder, was, name = a.owner[place], b.owner[place], t.island_ids[place]
        if holder >= 0 and holder != was:
            return [_("the battle is over")]  # the new holder is named with its units among the board's facts
        return [_("the battle is over: {place} is {player}'s", place=name, player=_name(t, holder)) if holder >= 0
                else _("the battle is over: {place} is empty", place=name)]
    return []


# ----- phases that run on their own after a step ------------------------------------------------------
def _phases(t: Tables, before: CycladesState, after: CycladesState) -> list[str]:
    facts: list[str] = []
    if _offers_open(before, after):
        gains = ", ".join(f"{_name(t, seat)} +{income(t, after, seat)}" for seat in range(t.players)
                          if income(t, after, seat))
        facts.append(_("income (C-INCOME-1): {gains} GP", gains=gains or _("nobody")))
        facts += _gods_face_down(t, after)
    if before.phase == OFFER and after.phase != OFFER:
        facts.append(_gods_won(t, after))
    facts += _apollo_gold(t, before, after)
    return facts


def _gods_face_down(t: Tables, s: CycladesState) -> list[str]:
    """Which gods take offerings this cycle and which lie face down (C-GODS-3..6, C-GODS-9), told as the
    offerings open: "the god boards are placed: Athena, Ares, Zeus, Poseidon" named four gods where a
    three-player cycle offers two, and the second cycle of a pair turned them over with no word at all."""
    down = [words.god(t, god) for pos, god in enumerate(s.gods) if not s.gods_up[pos]]
    if not down:
        return []
    up = [words.god(t, god) for pos, god in enumerate(s.gods) if s.gods_up[pos]]
    return [_("face up this cycle: {up}; face down, taking no offerings: {down} (C-GODS-9)", up=", ".join(up),
              down=", ".join(down))]


def _offers_open(before: CycladesState, after: CycladesState) -> bool:
    """Whether the step opens a cycle's offerings (its income paid, C-INCOME-1)."""
    return after.phase == OFFER and (before.phase != OFFER or after.cycle > before.cycle)


def _cycle_standing(t: Tables, before: CycladesState, after: CycladesState) -> list[str]:
    """The standing (:func:`standing`) where a cycle after the first begins (its offerings open), last
    among the step's facts."""
    return [standing(t, after)] if _offers_open(before, after) and after.cycle > 1 else []


def standing(t: Tables, s: CycladesState) -> str:
    """Who is how near the Metropolises that win (two, three with two players: C-END-2), told as a
    cycle begins: a watcher sees no board, and a player's board does not add it up. Per player its
    Metropolises, how many of the four building kinds it holds (one of each makes a Metropolis,
    C-METRO-2), its Philosophers (four make one, C-METRO-3) and its islands; players apart by " | "
    (the step's facts are apart by semicolons)."""
    told = [_("{player} {metropolises}, {kinds} of 4 building kinds, {philosophers}, {islands}",
              player=_name(t, seat), metropolises=words.metropolises(metropolises(s, seat)),
              kinds=building_kinds(t, s, seat).bit_count(),
              philosophers=words.philosophers(s.philosophers[seat]),
              islands=ngettext("{n} island", "{n} islands", len(islands_of(s, seat))))
            for seat in range(t.players)]
    return _("standing ({n} Metropolises win, C-END-2): {players}", n=t.win_metropolises, players=" | ".join(told))


def _gods_won(t: Tables, s: CycladesState) -> str:
    """Who won which god, paying the bid less Priests (C-OFFER-13), and who prays to Apollo."""
    won = [_god_won(t, s, god) for pos, god in enumerate(s.gods) if s.gods_up[pos] and s.bidder[god] != EMPTY]
    prayers = [_name(t, t.marker_owner[m]) for m in s.apollo]
    if prayers:
        won.append(ngettext("{players} prays to Apollo", "{players} pray to Apollo", len(prayers),
                            players=", ".join(prayers)))
    return _("offerings settled: {gods}", gods=", ".join(won))


def _god_won(t: Tables, s: CycladesState, god: int) -> str:
    """"Green has Athena for 5 GP less 2 Priests = 3 GP": the offering, and what Priests take off it."""
    seat = t.marker_owner[s.bidder[god]]
    bid, paid = s.bid[god], net_cost(s.bid[god], s.priests[seat])
    if paid == bid:
        return _("{player} has {god} for {gold} GP", player=_name(t, seat), god=words.god(t, god), gold=bid)
    return _("{player} has {god} for {gold} GP less {priests} = {paid} GP", player=_name(t, seat),
             god=words.god(t, god), gold=bid, paid=paid, priests=words.priests(s.priests[seat]))


def _apollo_gold(t: Tables, before: CycladesState, after: CycladesState) -> list[str]:
    """Apollo's gold for each Apollo turn the step ran (C-APOLLO-1): 4 GP with one island (or none), 1 more."""
    if after.phase != ACTION and before.phase != ACTION:
        return []
    if before.phase == ACTION:
        done_before = {before.queue[0]} if before.apollo_choice and before.queue else set()
        start = before.queue
    else:
        done_before = set()
        start = [before.bidder[god] for pos, god in enumerate(after.gods)
                 if after.gods_up[pos] and after.bidder[god] != EMPTY] + after.apollo
    head = after.queue[0] if after.queue and after.apollo_choice else EMPTY
    ran = [m for m in start if m in after.apollo and m not in done_before and (m not in after.queue or m == head)]
    told = []
    for marker in ran:
        seat = t.marker_owner[marker]
        owned = len(islands_of(after, seat))
        gain = t.apollo_one_island if owned == 1 else t.apollo_more_islands if owned > 1 else t.apollo_no_island
        told.append(_("Apollo gives {player} {gold} GP (C-APOLLO-1)", player=_name(t, seat), gold=gain))
    return told


def _fates(t: Tables, s: CycladesState, action: Action, seat: int) -> list[str]:
    """The Fates (summoned, or taken up by the Chimera) pay their summoner's income again, counted
    from public facts as in phase 3 (C-INCOME-1, C-INFO-4)."""
    card, slot = EMPTY, _summon_slot(t, action)
    if slot is not None:
        card = s.track[slot]
    elif action.verb == "take" and effects.pending(s) and t.creature_keys[s.effect_card] == "chimera" and \
            action.args and str(action.args[0]) in t.creature_index:
        card = t.creature_index[str(action.args[0])]
    if card < 0 or t.creature_keys[card] != "fates":
        return []
    return [_("the Fates pay {player} their income again: {gold} GP (C-INCOME-1)", player=_name(t, seat),
              gold=income(t, s, seat))]


def _summon_slot(t: Tables, action: Action) -> int | None:
    """The creature track slot a ``summon`` names by its price, or None for another step."""
    price = str(action.args[0]) if action.verb == "summon" and action.args else ""
    return t.slot_costs.index(int(price)) if price.isdigit() and int(price) in t.slot_costs else None


def _no_effect(t: Tables, before: CycladesState, action: Action, after: CycladesState) -> list[str]:
    """A creature summoned with nothing it could act on now: its card is discarded without effect
    (rules/effects.py), which the log says rather than leave the summon unexplained."""
    slot = _summon_slot(t, action)
    if slot is None or effects.pending(after) or metro.pending(after):
        return []
    card = before.track[slot]
    if card < 0 or t.creature_keys[card] == "fates":
        return []
    return [_("{creature} finds nothing to act on: no effect", creature=words.the_creature(creature(t, card)))]


# ----- the board ---------------------------------------------------------------------------------------
def _board(t: Tables, before: CycladesState, after: CycladesState, said: Said) -> list[str]:
    return [*_metropolis_due(t, before, after), *_cards(t, before, after), *_islands(t, before, after, said),
            *_seas(t, before, after), *_track(t, before, after)]


def _metropolis_due(t: Tables, b: CycladesState, a: CycladesState) -> list[str]:
    """A Metropolis earned by the step with a building of each kind (C-METRO-2); one earned with
    Philosophers is told with the cards (:func:`_cards`)."""
    if metro.pending(b):
        return []  # the step places (or gives up for) a Metropolis already earned
    seats = [a.metro_seat] if metro.pending(a) else []
    if sum(a.metropolis) > sum(b.metropolis):  # earned and placed in the one step
        seats += [seat for seat in range(t.players) if metropolises(a, seat) > metropolises(b, seat)]
    return [_("{player} earns a Metropolis with a building of each kind (C-METRO-2)", player=_name(t, seat))
            for seat in dict.fromkeys(seats) if not _philosophers_spent(b, a, seat)]


def _philosophers_spent(b: CycladesState, a: CycladesState, seat: int) -> bool:
    """Whether ``seat`` gave up Philosophers for a Metropolis in the step (C-METRO-3): no other step
    takes more than one Philosopher from a player."""
    return seat >= 0 and b.philosophers[seat] - a.philosophers[seat] >= metro.PHILOSOPHERS_NEEDED - 1


def _islands(t: Tables, b: CycladesState, a: CycladesState, said: Said) -> list[str]:
    facts: list[str] = []
    given: list[str] | None = [] if _metropolis_step(b, a) else None
    for i, name in enumerate(t.island_ids):
        if a.owner[i] != b.owner[i]:
            if b.owner[i] < 0:
                was = _("it was free")
            elif b.troops[i]:
                was = _("{player} had {troops}", player=_name(t, b.owner[i]), troops=words.troops(b.troops[i]))
            else:
                was = _("{player} had none", player=_name(t, b.owner[i]))
            facts.append(_("{island} is {player}'s with {troops} ({was})", island=name, player=_name(t, a.owner[i]),
                           troops=words.troops(a.troops[i]), was=was))
        elif a.troops[i] != b.troops[i]:
            facts.append(f"{name}: {_name(t, a.owner[i])} {b.troops[i]} → {words.troops(a.troops[i])}")
        facts += _buildings(t, b, a, i, said, given)
        if a.metropolis[i] != b.metropolis[i]:
            facts.append(_("a Metropolis rises on {island}", island=name) if a.metropolis[i] else
                         _("the Metropolis is gone from {island}", island=name))
    if given:
        facts.insert(0, _("given up for the Metropolis: {buildings}", buildings=_(", ").join(given)))
    return facts


def _metropolis_step(b: CycladesState, a: CycladesState) -> bool:
    """Whether the step earns, places or gives up for a Metropolis: the only steps that take buildings
    from a player's own islands but the Giant's (C-METRO-2), whose words name the one it destroys."""
    return metro.pending(b) or metro.pending(a) or sum(a.metropolis) > sum(b.metropolis)


def _buildings(t: Tables, b: CycladesState, a: CycladesState, island: int, said: Said,
               given: list[str] | None) -> list[str]:
    """Buildings gone from and standing on ``island``, counted by kind (a Metropolis moves the ones it
    keeps to other spaces: that is no change), less what the step's words said (:func:`_said_buildings`).
    In a Metropolis's step the ones gone were given up for it: they are added to ``given``, to be told
    in one fact, not each as a loss."""
    name, facts = t.island_ids[island], []
    for kind in range(len(STANDS)):
        change = buildings_on(t, a, island, kind) - buildings_on(t, b, island, kind) - said.get((island, kind), 0)
        facts += [_(STANDS[kind], island=name)] * max(0, change)
        if given is None:
            facts += [_(GONE[kind], island=name)] * max(0, -change)
        else:
            given += [_(THE[kind], island=name)] * max(0, -change)
    return facts


def _seas(t: Tables, b: CycladesState, a: CycladesState) -> list[str]:
    facts = []
    for sea, name in enumerate(t.sea_ids):
        was, now = (b.fleet_owner[sea], b.fleets[sea]), (a.fleet_owner[sea], a.fleets[sea])
        if was == now:
            continue
        if now[1] == 0:
            facts.append(_("{sea} is empty (was {player}'s {fleets})", sea=name, player=_name(t, was[0]),
                           fleets=words.fleets(was[1])))
        elif was[0] != now[0] and was[1]:
            facts.append(_("{sea} is {player}'s with {fleets} ({other} had {n})", sea=name, player=_name(t, now[0]),
                           fleets=words.fleets(now[1]), other=_name(t, was[0]), n=was[1]))
        else:
            facts.append(f"{name}: {_name(t, now[0])} {was[1] if was[0] == now[0] else 0} → "
                         f"{words.fleets(now[1])}")
    return facts


def _cards(t: Tables, b: CycladesState, a: CycladesState) -> list[str]:
    """Priests and Philosophers gained and lost; Philosophers given up for a Metropolis are told apart
    ("gains 1 Philosopher (now 4); gives up 4 Philosophers for a Metropolis")."""
    facts = []
    for seat in range(t.players):
        spent = metro.PHILOSOPHERS_NEEDED if _philosophers_spent(b, a, seat) else 0
        for count, old, new in ((words.priests, b.priests[seat], a.priests[seat]),
                                (words.philosophers, b.philosophers[seat], a.philosophers[seat] + spent)):
            if new > old:
                facts.append(_("{player} gains {cards} (now {n})", player=_name(t, seat), cards=count(new - old),
                               n=new))
            elif new < old:
                facts.append(_("{player} loses {cards} (now {n})", player=_name(t, seat), cards=count(old - new),
                               n=new))
        if spent:
            facts.append(_("{player} gives up {cards} for a Metropolis (C-METRO-3)", player=_name(t, seat),
                           cards=words.philosophers(spent)))
    return facts


def _track(t: Tables, b: CycladesState, a: CycladesState) -> list[str]:
    drawn = [_("{creature} in the {slot} GP slot", creature=words.creature_name(creature(t, card)),
               slot=t.slot_costs[slot])
             for slot, card in enumerate(a.track) if card >= 0 and card != b.track[slot]]
    return [_("on the creature track: {creatures}", creatures=", ".join(drawn))] if drawn else []


# ----- the words of the step itself --------------------------------------------------------------------
def step_words(game: CycladesGame, view: CycladesView, action: Action) -> str | None:
    """Words for the steps whose notation says too little (None: the kit's plain words)."""
    t, s = game.tables, view.state
    if action.verb == "recruit" and not action.args:
        god = turn.turn_god(s) if s.phase == ACTION else EMPTY
        if god == ZEUS:
            return _("recruit a Priest")
        return _("recruit a Philosopher") if god == ATHENA else _("recruit a Priest or Philosopher")
    if action.verb == "build" and s.phase == ACTION and turn.turn_god(s) != EMPTY:
        return _(BUILDS[turn.turn_god(s)], island=action.args[0])
    if action.verb == "end" and s.phase == ACTION and turn.turn_god(s) != EMPTY:
        return _("end the turn with {god}", god=words.god(t, turn.turn_god(s)))  # two a cycle with 2 players
    slot = _summon_slot(t, action)
    if slot is not None and len(action.args) == 2:
        card = s.track[slot]
        if card >= 0:
            price = max(1, t.slot_costs[slot] - int(action.args[1]))
            return _("summon {creature} ({price} GP)", creature=words.the_creature(creature(t, card)), price=price)
    if action.verb in ("target", "take", "from", "push", "sell") and effects.pending(s):
        return _effect_words(t, s, action)
    if action.verb in ("discard", "destroy") and metro.pending(s):
        return _metropolis_words(t, s, action)
    if action.verb == "offer" and len(action.args) == 2 and str(action.args[0]) in GODS[:N_GODS]:
        return _("offer {gold} GP to {god}", gold=action.args[1], god=words.god(t, GODS.index(str(action.args[0]))))
    return _chance_words(t, action)


def priced(game: CycladesGame, view: CycladesView, action: Action, said: str) -> str:
    """A build's or a recruit's words with its price, "build a Temple on I1 (2 GP)", "recruit a Priest
    (free)": a newcomer should not have to know the cost ladders (C-BUILD-2, C-RECRUIT-1/3/5/6)."""
    if action.verb not in ("build", "recruit") or view.state.phase != ACTION:
        return said
    price = price_words(game.tables, view.state, action.verb)
    return f"{said} ({price})" if price else said


def _chance_words(t: Tables, action: Action) -> str | None:
    """A chance step whose arguments stand for the game's words (the turn order's offering markers,
    named by their players' colours; the gods' keys; a creature's key), told with those words in the
    reader's language; the notation keeps the ids."""
    args = [str(a) for a in action.args]
    if action.verb == "order" and args and all(a.isdigit() and int(a) < t.n_markers for a in args):
        owners = (words.seat(t, t.marker_owner[int(a)]) for a in args)
        return _("the turn order is drawn: {args}", args=", ".join(owners))
    if action.verb == "gods" and args and all(a in GODS for a in args):
        return _("the god boards are placed: {args}", args=", ".join(words.god(t, GODS.index(a)) for a in args))
    if action.verb == "creature" and args and all(a in t.creature_index for a in args):
        return _("a creature enters the track: {args}",
                 args=", ".join(words.creature_name(creature(t, t.creature_index[a])) for a in args))
    return None


def _building(t: Tables, key: str) -> str | None:
    """A building's key ("temple") as its name in the reader's language, or None for another word."""
    return words.building(t, t.building_names.index(key)) if key in t.building_names else None


def _effect_words(t: Tables, s: CycladesState, action: Action) -> str:
    """A creature's choice in words: whom or where it strikes."""
    key, args = t.creature_keys[s.effect_card], [str(a) for a in action.args]
    name = words.the_creature(creature(t, s.effect_card))
    if key == "pegasus" and len(args) == 3:
        return _("Pegasus carries {troops} from {origin} to {dest}", troops=words.troops(int(args[1])),
                 origin=args[0], dest=args[2])
    if key == "harpy" and args:
        return _("the Harpy takes a troop off {island}", island=args[0])
    buildings = [_building(t, a) for a in args[1:]]
    if key == "giant" and len(args) == 2 and buildings[0]:
        return _("the Giant destroys the {building} on {island}", building=buildings[0], island=args[0])
    if key == "cyclops" and len(args) == 3 and buildings[0] and buildings[1]:
        return _("the Cyclops turns the {old} on {island} into a {new}", old=buildings[0], island=args[0],
                 new=buildings[1])
    if key == "griffon" and args and args[0] in t.seat_names:
        return _("the Griffon takes half of {player}'s gold, rounded down (the amount stays secret)",
                 player=_name(t, t.seat_names.index(args[0])))
    if action.verb == "take" and args and args[0] in t.seat_names:
        return _("{creature} takes from {player}", creature=name, player=_name(t, t.seat_names.index(args[0])))
    if key == "chimera" and args and args[0] in t.creature_index:
        return _("the Chimera acts as {creature}",
                 creature=words.the_creature(creature(t, t.creature_index[args[0]])))
    told = _figure_words(t, s, key, action.verb, args) or _sphinx_words(t, key, action.verb, args)
    return told or _("{creature}'s {verb}: {args}", creature=name, verb=action.verb, args=" ".join(args))


FIGURE_GOES = {"minotaur": N_("the Minotaur goes to {place}"), "medusa": N_("Medusa goes to {place}"),
               "chiron": N_("Chiron goes to {place}"), "polyphemus": N_("Polyphemus goes to {place}")}
"""The island figures' placing, by creature key (their lasting rules: rules/figures.py)."""


def _figure_words(t: Tables, s: CycladesState, key: str, verb: str, args: list[str]) -> str | None:
    """Where a figure goes, which fleet the Siren takes, and where Polyphemus pushes a group of fleets
    (the fleets sunk, taken or pushed are the facts that follow)."""
    if verb == "push" and args and s.effect_from >= 0:
        return _("push the fleets in {sea} away from Polyphemus, to {to}", sea=t.sea_ids[s.effect_from], to=args[0])
    if verb == "from" and args and key == "siren":
        return _("all eight fleets are out: the one that takes the Siren's sea comes from {sea}", sea=args[0])
    if verb != "target" or not args:
        return None
    if key in FIGURE_GOES:
        return _(FIGURE_GOES[key], place=args[0])
    if key == "kraken" and s.effect_stage == effects.FIRST:
        return _("the Kraken rises in {sea}", sea=args[0])
    if key == "kraken":
        return _("the Kraken moves on to {sea} ({price} GP)", sea=args[0],
                 price=figures.param(t, "kraken", "kraken_move_cost", 1))
    if key == "siren":
        return _("the Siren takes the lone fleet in {sea}", sea=args[0])
    return None


def _sphinx_words(t: Tables, key: str, verb: str, args: list[str]) -> str | None:
    """What the Sphinx buys, for its price each (C-DATA-6): a troop, a fleet, a Priest or a Philosopher."""
    if key != "sphinx" or verb != "sell" or not args:
        return None
    price, what = figures.param(t, "sphinx", "sphinx_price", 2), args[0]
    if what in t.island_index:
        return _("sell a troop on {island} to the Sphinx for {price} GP", island=what, price=price)
    if what in t.sea_index:
        return _("sell a fleet in {sea} to the Sphinx for {price} GP", sea=what, price=price)
    if what == "priest":
        return _("sell a Priest to the Sphinx for {price} GP", price=price)
    if what == "philosopher":
        return _("sell a Philosopher to the Sphinx for {price} GP", price=price)
    return None


def _metropolis_words(t: Tables, s: CycladesState, action: Action) -> str | None:
    """Which building goes for the Metropolis: given up as one of the four kinds (C-METRO-2), or
    destroyed to make room on the island chosen (C-METRO-5)."""
    args = [str(a) for a in action.args]
    if action.verb == "discard" and len(args) == 2 and (building := _building(t, args[1])):
        return _("for the Metropolis, give up the {building} on {island}", building=building, island=args[0])
    if action.verb == "destroy" and len(args) == 1 and (building := _building(t, args[0])) and s.metro_island >= 0:
        return _("to make room for the Metropolis, destroy the {building} on {island}", building=building,
                 island=t.island_ids[s.metro_island])
    return None


def heading(before: CycladesView | None, after: CycladesView) -> str | None:
    """The log's heading where a cycle begins ("Cycle 2": its creature and god boards, then the
    offerings, C-CYCLE-1) and where its actions begin ("Cycle 2: actions", in the order of the
    offerings), from public views; none during the set-up, where the turn order is drawn."""
    s = after.state
    if s.cycle < 1:
        return None
    if before is None or s.cycle != before.state.cycle:
        return _("Cycle {cycle}", cycle=s.cycle)
    if s.phase == ACTION != before.state.phase:
        return _("Cycle {cycle}: {phase}", cycle=s.cycle, phase=words.phase(s.phase))
    return None
