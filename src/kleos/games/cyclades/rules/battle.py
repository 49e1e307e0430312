"""Battles (C-BATTLE-1..16): rounds with dice as chance events, retreats (defender first).

A battle starts when a move enters a place the other player holds (:func:`start_land`,
:func:`start_naval`; creature effects may call them too). The defender's units stay where they are
(``troops`` / ``fleets`` of the place, so ownership and income are unchanged while it lasts); the
attacker's units in the battle are counted in ``battle_attack``. Each round is one chance event, the
pair of die faces (attacker, defender) drawn from the state's generator (C-BATTLE-2, C-DATA-7; the
faces are the ``die_faces`` option). After a round that leaves both sides units, the defender is
asked ``retreat <place>`` or ``stay``, then the attacker; a side that cannot retreat is not asked
(C-BATTLE-7), and when neither may, the next round is rolled at once.

Rulebook notes (seed 002 against the spec): the seed says the winner keeps "all the buildings" of
an island; the spec adds the Metropolis and prosperity markers, which belong to the island here
anyway (C-BATTLE-11). The seed gives Ports to "the defender", the spec to Ports on islands the
defender owns next to the space: the same reading, since buildings belong to the island's owner. For
a land retreat the seed asks for an island "linked by fleets" without naming their colour; the spec
reads it as the retreating player's own fleets, as for troop moves (C-BATTLE-9, C-TROOP-2), and so
does this module.
"""

from __future__ import annotations

from collections import Counter

from kleos.core.action import Action
from kleos.core.errors import N_
from kleos.games.cyclades.rules import elimination, figures, metro
from kleos.games.cyclades.rules.common import Told, Violation, broken, seat_word, told
from kleos.games.cyclades.state import CH_BATTLE, CycladesState
from kleos.games.cyclades.tables import EMPTY, NOBODY, Tables

ROLL, DEFENDER, ATTACKER = 0, 1, 2  # ``battle_stage``: dice to roll, or whose retreat prompt is open

PORT, FORTRESS = 0, 1  # building index (``buildings[slot] - 1``), in god order: Port is Poseidon's (C-BUILD-1)


# ----- board queries shared by moves and retreats -----------------------------------------------
def linked_islands(t: Tables, s: CycladesState, seat: int, island: int) -> list[int]:
    """Islands other than ``island`` linked to it by a chain of seas that each hold a fleet of
    ``seat`` (C-TROOP-2, C-AMB-10: own fleets only; islands never touch directly). Used by troop
    moves and land retreats (C-BATTLE-9)."""
    own = [s.fleet_owner[sea] == seat and s.fleets[sea] > 0 for sea in range(t.n_seas)]
    seen = [False] * t.n_seas
    todo = [sea for sea in t.island_seas[island] if own[sea]]
    for sea in todo:
        seen[sea] = True
    while todo:
        sea = todo.pop()
        for nxt in t.sea_seas[sea]:
            if own[nxt] and not seen[nxt]:
                seen[nxt] = True
                todo.append(nxt)
    found = {i for sea in range(t.n_seas) if seen[sea] for i in t.sea_islands[sea]}
    found.discard(island)
    return sorted(found)


def buildings_on(t: Tables, s: CycladesState, island: int, kind: int) -> int:
    """How many buildings of ``kind`` stand on ``island`` (the Metropolis tile not included)."""
    start = t.slot_offset[island]
    return sum(1 for b in s.buildings[start:start + t.island_slots[island]] if b == kind + 1)


def fortress_bonus(t: Tables, s: CycladesState, island: int) -> int:
    """The defender's bonus in a land battle: +1 per Fortress, a Metropolis counting as one
    (C-BATTLE-3, C-BUILD-6, C-METRO-8)."""
    return buildings_on(t, s, island, FORTRESS) + s.metropolis[island]


def port_bonus(t: Tables, s: CycladesState, seat: int, sea: int) -> int:
    """The defender's bonus in a naval battle: +1 per Port on islands ``seat`` owns next to ``sea``, a
    Metropolis counting as one (C-BATTLE-4, C-BATTLE-14, C-BUILD-5, C-METRO-8)."""
    return sum(buildings_on(t, s, i, PORT) + s.metropolis[i] for i in t.sea_islands[sea] if s.owner[i] == seat)


# ----- starting a battle ------------------------------------------------------------------------
def in_battle(s: CycladesState) -> bool:
    return s.battle_place != EMPTY


def start_land(t: Tables, s: CycladesState, attacker: int, island: int, count: int) -> None:
    """``count`` troops of ``attacker`` (already taken from where they came) land on ``island``, which
    another player holds with troops: a land battle starts, the first round is the next chance event
    (C-TROOP-3, C-BATTLE-1)."""
    _start(s, attacker, s.owner[island], island, 0, count)


def start_naval(t: Tables, s: CycladesState, attacker: int, sea: int, count: int) -> None:
    """``count`` fleets of ``attacker`` (already taken from where they came) enter ``sea``, where
    another player's fleets are: a naval battle starts (C-FLEET-3, C-BATTLE-1)."""
    _start(s, attacker, s.fleet_owner[sea], sea, 1, count)


def _start(s: CycladesState, attacker: int, defender: int, place: int, naval: int, count: int) -> None:
    s.battle_place, s.battle_naval = place, naval
    s.battle_attacker, s.battle_defender, s.battle_attack = attacker, defender, count
    s.battle_stage = ROLL
    s.chance = CH_BATTLE


def defending_units(s: CycladesState) -> int:
    return s.fleets[s.battle_place] if s.battle_naval else s.troops[s.battle_place]


def defence_bonus(t: Tables, s: CycladesState) -> int:
    """What the defender adds to its roll in the battle in progress (C-BATTLE-3/4), the Minotaur's worth
    included on land (rules/figures.py)."""
    place = s.battle_place
    if s.battle_naval:
        return port_bonus(t, s, s.battle_defender, place)
    return fortress_bonus(t, s, place) + figures.minotaur_bonus(t, s, place)


def defenders_left(t: Tables, s: CycladesState) -> int:
    """The defender's units still in the battle: its troops or fleets, and a guarding Minotaur."""
    if s.battle_naval:
        return s.fleets[s.battle_place]
    return s.troops[s.battle_place] + figures.minotaur_guards(t, s, s.battle_place)


# ----- dice -------------------------------------------------------------------------------------
def die_faces(t: Tables) -> list[int]:
    """The faces of the special die chosen by the ``die_faces`` option (C-COMP-2, C-DATA-7)."""
    key = t.options.die_faces
    return next(d.faces for d in t.data.dice.faces if d.key == key)


def outcomes(t: Tables, s: CycladesState) -> list[tuple[Action, float]]:
    """One round's two dice as one chance event: ``dice <attacker face> <defender face>`` for every pair
    of distinct faces, with its probability (C-BATTLE-2)."""
    faces = tuple(die_faces(t))
    found = _ROLLS.get(faces)
    if found is None:
        counts = Counter(faces)
        total = sum(counts.values()) ** 2
        found = _ROLLS[faces] = [(Action("dice", (a, d)), na * nd / total)
                                 for a, na in sorted(counts.items()) for d, nd in sorted(counts.items())]
    return list(found)


# every battle round asks: the outcomes of each die are built once per process
_ROLLS: dict[tuple[int, ...], list[tuple[Action, float]]] = {}


def apply_roll(t: Tables, s: CycladesState, action: Action) -> None:
    """Score the round: each side adds its units, the defender its Fortress or Port bonus; the lower
    total loses one unit to its reserve, both on a tie (C-BATTLE-2..6)."""
    a, d = int(action.args[0]), int(action.args[1])
    place = s.battle_place
    attack = a + s.battle_attack
    defence = d + defending_units(s) + defence_bonus(t, s)
    s.chance = None
    if attack <= defence:
        s.battle_attack -= 1
    if defence <= attack:
        if s.battle_naval:
            s.fleets[place] -= 1
        elif s.troops[place]:
            s.troops[place] -= 1
        else:
            figures.remove(s, figures.MINOTAUR)  # lost only after every troop there (rules/figures.py)
    _after_round(t, s)


def _after_round(t: Tables, s: CycladesState) -> None:
    """End the battle, or ask for retreats, defender first, or roll again (C-BATTLE-7, C-BATTLE-11)."""
    if s.battle_attack == 0 or defenders_left(t, s) == 0:
        _finish(t, s)
    elif retreats(t, s, s.battle_defender):
        s.battle_stage = DEFENDER
    else:
        _attacker_or_roll(t, s)


def _attacker_or_roll(t: Tables, s: CycladesState) -> None:
    if retreats(t, s, s.battle_attacker):
        s.battle_stage = ATTACKER
    else:
        s.battle_stage = ROLL
        s.chance = CH_BATTLE


def _finish(t: Tables, s: CycladesState) -> None:
    """The side with units left holds the place (C-BATTLE-11). With none left on either side, a land
    defender keeps its island under a territory marker (C-BATTLE-12) and a sea is left empty
    (C-BATTLE-13, C-AMB-18). A captured island keeps its buildings, Metropolis and prosperity markers,
    and the Metropolis routes are checked for its new owner (C-BATTLE-16, C-METRO-6, C-METRO-10)."""
    place, attacker, count = s.battle_place, s.battle_attacker, s.battle_attack
    naval = s.battle_naval
    s.battle_place = s.battle_attacker = s.battle_defender = EMPTY
    s.battle_naval = s.battle_attack = 0
    s.battle_stage = ROLL
    if naval:
        if count:
            s.fleets[place], s.fleet_owner[place] = count, attacker
        elif s.fleets[place] == 0:
            s.fleet_owner[place] = NOBODY
    elif count:
        former = s.owner[place]
        s.owner[place], s.troops[place] = attacker, count
        elimination.after_capture(t, s, former)  # C-AMB-26
        metro.check_routes(t, s, attacker)


def describe(t: Tables, s: CycladesState) -> Told | None:
    """The battle in progress in words, from public fields only (for views and logs), or None."""
    if s.battle_place == EMPTY:
        return None
    template = (N_("Naval battle in {place}: {attacker} attacks with {attack} fleets, {defender} defends with "
                   "{defence} (+{bonus}); {next}") if s.battle_naval else
                N_("Land battle in {place}: {attacker} attacks with {attack} troops, {defender} defends with "
                   "{defence} (+{bonus}); {next}"))
    then = (told(N_("the dice are rolled next")) if s.battle_stage == ROLL else
            told(N_("{player} may retreat or stay"), player=seat_word(t, actor(t, s))))
    return told(template, place=_place_name(t, s, s.battle_place), attacker=seat_word(t, s.battle_attacker),
                attack=s.battle_attack, defender=seat_word(t, s.battle_defender), defence=defending_units(s),
                bonus=defence_bonus(t, s), next=then)


# ----- retreats ---------------------------------------------------------------------------------
def retreats(t: Tables, s: CycladesState, seat: int) -> list[int]:
    """Where ``seat``'s side of the battle may retreat: an island it owns linked to the battle island by
    a chain of its fleets (C-BATTLE-9), or a neighbouring sea that is empty or its own (C-BATTLE-10).
    The place the attacker came from is allowed when it qualifies (C-AMB-19)."""
    place = s.battle_place
    if s.battle_naval:
        return [sea for sea in t.sea_seas[place] if (s.fleets[sea] == 0 or s.fleet_owner[sea] == seat)
                and not figures.sea_blocked(t, s, sea)]
    if figures.pinned(t, s, place):
        return []  # Medusa: troops there cannot leave (rules/figures.py)
    return [i for i in linked_islands(t, s, seat, place) if s.owner[i] == seat]


def pending(s: CycladesState) -> bool:
    """True while a retreat decision is open (the dice themselves are chance events)."""
    return s.battle_place != EMPTY and s.battle_stage != ROLL


def actor(t: Tables, s: CycladesState) -> int:
    """The defender is asked first, then the attacker (C-BATTLE-7); either may be off turn (C-ACTION-8)."""
    return s.battle_defender if s.battle_stage == DEFENDER else s.battle_attacker


def _place_name(t: Tables, s: CycladesState, place: int) -> str:
    return t.sea_ids[place] if s.battle_naval else t.island_ids[place]


def legal(t: Tables, s: CycladesState, seat: int) -> list[Action]:
    if seat != actor(t, s):
        return []
    return [Action("stay"), *(Action("retreat", (_place_name(t, s, p),)) for p in retreats(t, s, seat))]


def check(t: Tables, s: CycladesState, seat: int, action: Action) -> Violation | None:
    if seat != actor(t, s):
        return broken("C-BATTLE-7", N_("the other side of the battle decides now"))
    if action == Action("stay"):
        return None
    if action.verb != "retreat" or len(action.args) != 1:
        return broken("C-BATTLE-7", N_("a battle asks 'retreat <place>' or 'stay'"))
    names = t.sea_index if s.battle_naval else t.island_index
    dest = names.get(str(action.args[0]))
    if dest is None or dest not in retreats(t, s, seat):
        if s.battle_naval:
            return broken("C-BATTLE-10", N_("{place} is not a neighbouring sea that is empty or yours"),
                          place=action.args[0])
        return broken("C-BATTLE-9", N_("{place} is not an island of yours linked by a chain of your fleets"),
                      place=action.args[0])
    return None


def apply(t: Tables, s: CycladesState, seat: int, action: Action) -> None:
    """``stay`` passes the choice to the attacker or goes on to the next round; ``retreat`` moves every
    unit of the side (C-BATTLE-8, C-AMB-17) and ends the battle (C-BATTLE-11)."""
    if action.verb == "stay":
        if s.battle_stage == DEFENDER:
            _attacker_or_roll(t, s)
        else:
            s.battle_stage = ROLL
            s.chance = CH_BATTLE
        return
    names = t.sea_index if s.battle_naval else t.island_index
    retreat(t, s, seat, names[str(action.args[0])])


def retreat(t: Tables, s: CycladesState, seat: int, dest: int) -> None:
    """Move all of ``seat``'s units in the battle to ``dest`` (checked by the caller) and end it."""
    place = s.battle_place
    if seat == s.battle_attacker:
        count, s.battle_attack = s.battle_attack, 0
    elif s.battle_naval:
        count, s.fleets[place] = s.fleets[place], 0
    else:
        count, s.troops[place] = s.troops[place], 0
    if s.battle_naval:
        s.fleets[dest] += count
        s.fleet_owner[dest] = seat
    else:
        s.troops[dest] += count
    _finish(t, s)
