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
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.reference import creature
from kleos.games.cyclades.rules import actions as turn
from kleos.games.cyclades.rules import battle, effects, metro
from kleos.games.cyclades.rules.common import income, islands_of, net_cost
from kleos.games.cyclades.state import ACTION, OFFER, CycladesState
from kleos.games.cyclades.tables import ATHENA, EMPTY, GODS, N_GODS, ZEUS, Tables
from kleos.games.cyclades.view import CycladesView

Words = Callable[[Action], str]


def tell(game: CycladesGame, view: CycladesView, action: Action, words: Words) -> str:
    """``words(action)`` followed by what the step brings about, as far as ``view`` shows it."""
    t, before = game.tables, view.state
    seat = _actor(game, before)
    said = words(action)
    if seat is None:
        return said
    after = before.copy()
    try:
        game.apply_in_place(after, action, seat, validate=False)
    except (KleosError, LookupError, ValueError, AssertionError):
        return said  # the view lacks what the step needs: the words alone
    facts = [*_dice(t, before, action), *_battle(t, before, after), *_phases(t, before, after),
             *_board(t, before, after)]
    return "; ".join([said, *facts])


def _actor(game: CycladesGame, s: CycladesState) -> int | None:
    actors = game.actors(s)
    return actors[0] if len(actors) == 1 and (actors[0] == CHANCE or actors[0] >= 0) else None


def _name(t: Tables, seat: int) -> str:
    return t.seat_names[seat] if 0 <= seat < len(t.seat_names) else "nobody"


def _units(n: int, unit: str) -> str:
    return f"{n} {unit}{'' if n == 1 else 's'}"


# ----- battle dice -----------------------------------------------------------------------------------
def _dice(t: Tables, s: CycladesState, action: Action) -> list[str]:
    """A round: each side's die, units and bonus with the totals, and who loses a unit (C-BATTLE-2..5)."""
    if action.verb != "dice" or not battle.in_battle(s):
        return []
    a, d = int(action.args[0]), int(action.args[1])
    unit = "fleet" if s.battle_naval else "troop"
    units, bonus = battle.defending_units(s), battle.defence_bonus(t, s)
    attack, defence = a + s.battle_attack, d + units + bonus
    extra = f" + {bonus} ({'Ports' if s.battle_naval else 'Fortresses'})" if bonus else ""
    who_a, who_d = _name(t, s.battle_attacker), _name(t, s.battle_defender)
    loser = ("both lose one " + unit if attack == defence else
             f"{who_a if attack < defence else who_d} loses one {unit}")
    return [f"{who_a} {a} + {_units(s.battle_attack, unit)} = {attack} against {who_d} {d} + "
            f"{_units(units, unit)}{extra} = {defence}: {loser}"]


def _battle(t: Tables, b: CycladesState, a: CycladesState) -> list[str]:
    """A battle that starts (who attacks whom with what) or ends (who holds the place, C-BATTLE-11)."""
    if battle.in_battle(a) and not battle.in_battle(b):
        naval = a.battle_naval
        where = (t.sea_ids if naval else t.island_ids)[a.battle_place]
        unit = "fleet" if naval else "troop"
        return [f"{'naval' if naval else 'land'} battle in {where}: {_name(t, a.battle_attacker)} attacks with "
                f"{_units(a.battle_attack, unit)}, {_name(t, a.battle_defender)} defends with "
                f"{_units(battle.defending_units(a), unit)}"]
    if battle.in_battle(b) and not battle.in_battle(a):
        place = b.battle_place
        if b.battle_naval:
            holder = a.fleet_owner[place] if a.fleets[place] else EMPTY
            name = t.sea_ids[place]
        else:
            holder, name = a.owner[place], t.island_ids[place]
        return [f"the battle is over: {name} is {_name(t, holder)}'s" if holder >= 0
                else f"the battle is over: {name} is empty"]
    return []


# ----- phases that run on their own after a step ------------------------------------------------------
def _phases(t: Tables, before: CycladesState, after: CycladesState) -> list[str]:
    facts: list[str] = []
    if after.phase == OFFER and (before.phase != OFFER or after.cycle > before.cycle):
        gains = ", ".join(f"{_name(t, seat)} +{income(t, after, seat)}" for seat in range(t.players)
                          if income(t, after, seat))
        facts.append(f"income (C-INCOME-1): {gains or 'nobody'} GP")
    if before.phase == OFFER and after.phase != OFFER:
        facts.append(_gods_won(t, after))
    facts += _apollo_gold(t, before, after)
    return facts


def _gods_won(t: Tables, s: CycladesState) -> str:
    """Who won which god, paying the bid less Priests (C-OFFER-13), and who prays to Apollo."""
    won = [f"{_name(t, t.marker_owner[s.bidder[god]])} has {t.god_names[god]} for "
           f"{net_cost(s.bid[god], s.priests[t.marker_owner[s.bidder[god]]])} GP"
           for pos, god in enumerate(s.gods) if s.gods_up[pos] and s.bidder[god] != EMPTY]
    prayers = [_name(t, t.marker_owner[m]) for m in s.apollo]
    if prayers:
        won.append(f"{', '.join(prayers)} pray{'s' if len(prayers) == 1 else ''} to Apollo")
    return "offerings settled: " + ", ".join(won)


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
        told.append(f"Apollo gives {_name(t, seat)} {gain} GP (C-APOLLO-1)")
    return told


# ----- the board ---------------------------------------------------------------------------------------
def _board(t: Tables, before: CycladesState, after: CycladesState) -> list[str]:
    return [*_metropolis_due(t, before, after), *_islands(t, before, after), *_seas(t, before, after),
            *_cards(t, before, after), *_track(t, before, after)]


def _metropolis_due(t: Tables, b: CycladesState, a: CycladesState) -> list[str]:
    """A Metropolis earned by the step (its buildings or Philosophers given up, C-METRO-2/3)."""
    if metro.pending(a) and not metro.pending(b):
        return [f"{_name(t, a.metro_seat)} earns a Metropolis (C-METRO-2/3)"]
    return []


def _islands(t: Tables, b: CycladesState, a: CycladesState) -> list[str]:
    facts = []
    for i, name in enumerate(t.island_ids):
        if a.owner[i] != b.owner[i]:
            was = (f"{_name(t, b.owner[i])} had {_units(b.troops[i], 'troop') if b.troops[i] else 'none'}"
                   if b.owner[i] >= 0 else "it was free")
            facts.append(f"{name} is {_name(t, a.owner[i])}'s with {_units(a.troops[i], 'troop')} ({was})")
        elif a.troops[i] != b.troops[i]:
            facts.append(f"{name}: {_name(t, a.owner[i])} {b.troops[i]} → {_units(a.troops[i], 'troop')}")
        facts += _buildings(t, b, a, i)
        if a.metropolis[i] != b.metropolis[i]:
            facts.append(f"{'a Metropolis rises on' if a.metropolis[i] else 'the Metropolis is gone from'} {name}")
    return facts


def _buildings(t: Tables, b: CycladesState, a: CycladesState, island: int) -> list[str]:
    first = t.slot_offset[island]
    facts = []
    for slot in range(first, first + t.island_slots[island]):
        old, new = b.buildings[slot], a.buildings[slot]
        if old != new and new:
            facts.append(f"a {t.building_names[new - 1].capitalize()} stands on {t.island_ids[island]}")
        elif old != new:
            facts.append(f"the {t.building_names[old - 1].capitalize()} on {t.island_ids[island]} is gone")
    return facts


def _seas(t: Tables, b: CycladesState, a: CycladesState) -> list[str]:
    facts = []
    for sea, name in enumerate(t.sea_ids):
        was, now = (b.fleet_owner[sea], b.fleets[sea]), (a.fleet_owner[sea], a.fleets[sea])
        if was == now:
            continue
        if now[1] == 0:
            facts.append(f"{name} is empty (was {_name(t, was[0])}'s {_units(was[1], 'fleet')})")
        elif was[0] != now[0] and was[1]:
            facts.append(f"{name} is {_name(t, now[0])}'s with {_units(now[1], 'fleet')} "
                         f"({_name(t, was[0])} had {was[1]})")
        else:
            facts.append(f"{name}: {_name(t, now[0])} {was[1] if was[0] == now[0] else 0} → "
                         f"{_units(now[1], 'fleet')}")
    return facts


def _cards(t: Tables, b: CycladesState, a: CycladesState) -> list[str]:
    facts = []
    for seat in range(t.players):
        for kind, old, new in (("Priest", b.priests[seat], a.priests[seat]),
                               ("Philosopher", b.philosophers[seat], a.philosophers[seat])):
            if new != old:
                facts.append(f"{_name(t, seat)} {'gains' if new > old else 'loses'} "
                             f"{_units(abs(new - old), kind)} (now {new})")
    return facts


def _track(t: Tables, b: CycladesState, a: CycladesState) -> list[str]:
    drawn = [f"{creature(t, card).name_en} in the {t.slot_costs[slot]} GP slot"
             for slot, card in enumerate(a.track) if card >= 0 and card != b.track[slot]]
    return [f"on the creature track: {', '.join(drawn)}"] if drawn else []


# ----- the words of the step itself --------------------------------------------------------------------
def step_words(game: CycladesGame, view: CycladesView, action: Action) -> str | None:
    """Words for the steps whose notation says too little (None: the kit's plain words)."""
    t, s = game.tables, view.state
    if action.verb == "recruit" and not action.args:
        god = turn.turn_god(s) if s.phase == ACTION else EMPTY
        kind = {ZEUS: "a Priest", ATHENA: "a Philosopher"}.get(god, "a Priest or Philosopher")
        return f"recruit {kind}"
    if action.verb == "build" and s.phase == ACTION and turn.turn_god(s) != EMPTY:
        return f"build a {t.building_names[turn.turn_god(s)].capitalize()} on {action.args[0]}"
    if action.verb == "summon" and len(action.args) == 2:
        slot = t.slot_costs.index(int(action.args[0]))
        card = s.track[slot]
        if card >= 0:
            price = max(1, t.slot_costs[slot] - int(action.args[1]))
            return f"summon the {creature(t, card).name_en} ({price} GP)"
    if action.verb in ("target", "take", "from", "push") and effects.pending(s):
        return _effect_words(t, s, action)
    if action.verb == "offer" and len(action.args) == 2 and str(action.args[0]) in GODS[:N_GODS]:
        return f"offer {action.args[1]} GP to {t.god_names[GODS.index(str(action.args[0]))]}"
    return None


def _effect_words(t: Tables, s: CycladesState, action: Action) -> str:
    """A creature's choice in words: whom or where it strikes."""
    key, args = t.creature_keys[s.effect_card], [str(a) for a in action.args]
    name = creature(t, s.effect_card).name_en
    if key == "pegasus" and len(args) == 3:
        return f"the Pegasus carries {_units(int(args[1]), 'troop')} from {args[0]} to {args[2]}"
    if key == "harpy" and args:
        return f"the Harpy takes a troop off {args[0]}"
    if key == "giant" and args:
        return f"the Giant destroys a building on {' '.join(args)}"
    if action.verb == "take" and args and args[0] in t.seat_names:
        return f"the {name} takes from {args[0]}"
    return f"the {name}'s {action.verb}: {' '.join(args)}"
