"""A summoned creature's effect, one decision a step (C-SUMMON-3/4, C-DATA-6).

:func:`begin` starts the effect of a card already paid for and taken from the track (rules/summon.py).
While it lasts this is a prompt module (rules/actions.py): nothing else of the turn happens until it is
done (C-SUMMON-3: applied at once, never kept), battles and Metropolis choices it causes coming first.
When it ends the card goes face up on the discard pile (C-SUMMON-4) — this module discards it, the
caller does not. An effect with nothing it could do now ends at once without effect.

The creature booklet is lost (C-DATA-6): effects follow the data sheet's engine readings in
``creatures.json``, its numbers are that file's ``params`` and its doubtful points the options of
``options.json`` (``siren_isolated``, ``sylph_move``, ``kraken_duration``, ``minotaur_mode``,
``chiron_protection``, ``polyphemus_push``). Decisions, by creature:

* griffon / satyr / dryad ``take <seat>``: half (rounded down) of that opponent's gold / one of its
  Philosophers (a fourth makes a Metropolis, C-METRO-3/10) / one of its Priests; fates: no decision,
  the summoner's income again (C-INCOME-1..4);
* giant ``target <island> <building>``: a building (never a Metropolis) returns to the supply, not on
  Chiron's island; harpy ``target <island>``: one troop of another player there returns to its reserve
  (the island stays its owner's, C-TROOP-5), not on Chiron's island;
* cyclops ``target <island> <building> <new building>``: an own building becomes another type from the
  supply (C-METRO-2 checked);
* siren ``target <sea>``: a lone fleet of another player goes home and one of the summoner's takes
  its place, from the reserve, or ``from <sea>`` off the board when all eight are out (C-COMP-12);
* pegasus ``target <island> <count> <island>``: troops of an own island fly to any other island, no
  chain of fleets needed; landing rules apply (C-TROOP-3..7), not from Medusa's, not onto Chiron's;
* sphinx ``sell <island>`` / ``sell <sea>`` / ``sell priest`` / ``sell philosopher``, then ``done``: a
  troop, fleet, Priest or Philosopher of the summoner for ``sphinx_price`` GP each (an emptied island
  keeps a territory marker, C-TROOP-5);
* sylph ``sail <sea> <count> <sea>``, then ``done``: free fleet steps with pick-up and drop-off
  (C-FLEET-2), ``sylph_steps`` of any groups (``sylph_move=steps_10``, reconstructed) or one free
  Poseidon move of 3 steps of one group (``one_poseidon_move``); entering another player's fleets
  starts a battle (C-FLEET-3) and that group moves no more (C-BATTLE-15);
* chimera ``take <creature>``: a card of the discard pile resolves as if summoned, then the pile, the
  Chimera included, is shuffled into the deck. The deck is a multiset with no order (C-INFO-3), so the
  shuffle is adding the cards back: no chance event is needed until the next draw;
* kraken ``target <sea>``: the figure goes there and sinks every fleet; then ``target <sea>`` moves it
  one space on for ``kraken_move_cost`` GP, sinking the fleets there, or ``done``;
* minotaur / medusa / polyphemus / chiron ``target <island>``: the figure goes there (its lasting rule
  is in rules/figures.py); Polyphemus pushes the fleets next to his island (``polyphemus_push``): each
  group's owner answers ``push <sea>``, a sea one step away from the island that is free or its own, a
  group with one such sea is pushed there and one with none is destroyed (reconstructed).
"""

from __future__ import annotations

from collections.abc import Callable

from kleos.core.action import Action
from kleos.core.errors import N_
from kleos.games.cyclades.rules import bank, figures, fleet, metro, territory, troop
from kleos.games.cyclades.rules.common import (
    BUILDING_KINDS,
    Told,
    Violation,
    broken,
    buildings_on,
    counted,
    creature_word,
    fleets_of,
    in_play,
    income,
    island_slots,
    islands_of,
    named,
    seat_word,
    told,
)
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.tables import EMPTY, NOBODY, Tables

VERBS: tuple[str, ...] = ("target", "take", "from", "sell", "sail", "push", "done")
FIRST, MORE, PUSH = 0, 1, 2  # ``effect_stage``: the first decision, the next ones, Polyphemus's push
DONE = Action("done")


# ----- the prompt module --------------------------------------------------------------------------
def pending(s: CycladesState) -> bool:
    return s.effect_seat != EMPTY


def actor(t: Tables, s: CycladesState) -> int:
    """The summoner, or the owner of the fleets Polyphemus pushes (off turn, C-ACTION-8)."""
    return s.fleet_owner[s.effect_from] if s.effect_stage == PUSH else s.effect_seat


def key_of(t: Tables, s: CycladesState) -> str:
    return t.creature_keys[s.effect_card]


def begin(t: Tables, s: CycladesState, seat: int, card: int) -> None:
    """Start the effect of ``card``, summoned by ``seat`` (paid and taken off the track by the caller,
    C-SUMMON-3); the card is discarded by this module when the effect ends (C-SUMMON-4)."""
    s.effect_seat, s.effect_chimera = seat, 0
    _open(t, s, card)


def _open(t: Tables, s: CycladesState, card: int) -> None:
    s.effect_card, s.effect_stage, s.effect_left, s.effect_from = card, FIRST, 0, EMPTY
    start = START.get(key_of(t, s))
    if start is not None:
        start(t, s, s.effect_seat)
    _settle(t, s)


def _settle(t: Tables, s: CycladesState) -> None:
    """End the effect when no decision is left; answer Polyphemus's pushes that have one answer."""
    if not pending(s):
        return
    if s.effect_stage == PUSH:
        _next_push(t, s)
    elif not OPTIONS[key_of(t, s)](t, s, s.effect_seat):
        _finish(t, s)


def _finish(t: Tables, s: CycladesState) -> None:
    """The card goes face up on the discard pile (C-SUMMON-4); after a Chimera, the pile with the
    Chimera goes back into the deck (data sheet row 4)."""
    s.discard.append(s.effect_card)
    if s.effect_chimera:
        s.discard.append(t.creature_index["chimera"])
        for card in s.discard:
            s.deck[card] += 1
        s.discard = []
    s.effect_seat = s.effect_card = s.effect_from = EMPTY
    s.effect_stage = s.effect_left = s.effect_chimera = 0


def legal(t: Tables, s: CycladesState, seat: int) -> list[Action]:
    if seat != actor(t, s):
        return []
    if s.effect_stage == PUSH:
        return [Action("push", (t.sea_ids[to],)) for to in _push_seas(t, s, s.effect_from)]
    return OPTIONS[key_of(t, s)](t, s, seat)


def check(t: Tables, s: CycladesState, seat: int, action: Action) -> Violation | None:
    """The rule ``action`` breaks, or ``None`` when it is one of the step's choices."""
    if seat != actor(t, s):
        return broken("C-SUMMON-3", N_("the {key}'s effect is being resolved: {player} decides now"),
                      key=creature_word(t, s.effect_card), player=seat_word(t, actor(t, s)))
    if action in legal(t, s, seat):
        return None
    return _diagnose(t, s, action) or broken("C-SUMMON-3", N_("the {key} asks: {usage}"),
                                             key=creature_word(t, s.effect_card), usage=_usage(t, s))


def apply(t: Tables, s: CycladesState, seat: int, action: Action) -> None:
    if s.effect_stage == PUSH:
        _push(t, s, s.effect_from, t.sea_index[str(action.args[0])])
    else:
        STEP[key_of(t, s)](t, s, s.effect_seat, action)
    _settle(t, s)


def describe(t: Tables, s: CycladesState) -> Told | None:
    """The effect in progress in words, from public fields (for views and logs), or None."""
    if not pending(s):
        return None
    return told(N_("{player}'s {key} is being resolved; {actor} answers: {usage}"), player=seat_word(t, s.effect_seat),
                key=creature_word(t, s.effect_card), actor=seat_word(t, actor(t, s)), usage=_usage(t, s))


# ----- checking ---------------------------------------------------------------------------------
USAGE = {
    "griffon": "take <opponent>", "satyr": "take <opponent with a Philosopher>",
    "dryad": "take <opponent with a Priest>", "giant": "target <island> <building>",
    "harpy": "target <island with another player's troops>",
    "cyclops": "target <your island> <building> <new building>", "siren": "target <sea with a lone enemy fleet>",
    "pegasus": "target <your island> <count> <island>", "sphinx": "sell <island|sea|priest|philosopher> or done",
    "sylph": "sail <sea> <count> <sea> or done", "chimera": "take <creature in the discard pile>",
    "kraken": "target <sea>", "minotaur": "target <island>", "medusa": "target <island>",
    "polyphemus": "target <island>", "chiron": "target <island>",
}


def _usage(t: Tables, s: CycladesState) -> str:
    key = key_of(t, s)
    if s.effect_stage == PUSH:
        return "push <sea one step away from Polyphemus's island>"
    if key == "siren" and s.effect_stage == MORE:
        return "from <sea with your fleet>"
    if key == "kraken" and s.effect_stage == MORE:
        return f"target <sea next to the Kraken> ({_kraken_cost(t)} GP) or done"
    return USAGE[key]


def _diagnose(t: Tables, s: CycladesState, action: Action) -> Violation | None:
    """The lasting figure rule or landing rule an otherwise well-formed choice breaks, if any."""
    key, names = key_of(t, s), [str(a) for a in action.args]
    islands = [t.island_index[n] for n in names if n in t.island_index]
    seas = [t.sea_index[n] for n in names if n in t.sea_index]
    if key in ("giant", "harpy") and islands and figures.shielded(t, s, islands[0]):
        return broken("C-SUMMON-4", N_("Chiron protects {island} from the {key}"), island=names[0],
                      key=creature_word(t, s.effect_card))
    if key == "pegasus" and len(islands) == 2:
        if figures.pinned(t, s, islands[0]):
            return broken("C-SUMMON-4", N_("Medusa holds the troops on {island}"), island=names[0])
        count = action.args[1] if isinstance(action.args[1], int) else 0
        return (figures.landing_violation(t, s, islands[1], pegasus=True)
                or troop.last_island_violation(t, s, s.effect_seat, islands[1])
                or territory.move_violation(t, s, s.effect_seat, islands[0], count, islands[1]))
    if (key in ("sylph", "siren") or s.effect_stage == PUSH) and seas:
        return figures.sea_violation(t, s, seas[-1])
    if key == "sphinx" and islands and s.owner[islands[0]] == s.effect_seat:
        return territory.sale_violation(t, s, s.effect_seat, islands[0])
    if key == "kraken" and s.effect_stage == MORE and s.gold[s.effect_seat] < _kraken_cost(t):
        return broken("C-ACTION-4", N_("moving the Kraken costs {cost} GP a space"), cost=_kraken_cost(t))
    return None


# ----- opponents' goods: griffon, satyr, dryad; fates --------------------------------------------
def _opponents(t: Tables, s: CycladesState, seat: int, held: list[int] | None = None) -> list[Action]:
    return [Action("take", (t.seat_names[o],)) for o in range(t.players)
            if o != seat and (held is None or held[o] > 0)]


def _seat(t: Tables, action: Action) -> int:
    return t.seat_names.index(str(action.args[0]))


def _griffon(t: Tables, s: CycladesState, seat: int, action: Action) -> None:
    other = _seat(t, action)
    half = s.gold[other] // 2
    s.gold[other] -= half
    s.gold[seat] += half
    _finish(t, s)


def _satyr(t: Tables, s: CycladesState, seat: int, action: Action) -> None:
    s.philosophers[_seat(t, action)] -= 1
    s.philosophers[seat] += 1
    _finish(t, s)
    metro.check_routes(t, s, seat)


def _dryad(t: Tables, s: CycladesState, seat: int, action: Action) -> None:
    s.priests[_seat(t, action)] -= 1
    s.priests[seat] += 1
    _finish(t, s)


def _fates_start(t: Tables, s: CycladesState, seat: int) -> None:
    bank.gain(t, s, seat, income(t, s, seat))


def _none(t: Tables, s: CycladesState, seat: int) -> list[Action]:
    return []


# ----- buildings: giant, cyclops ------------------------------------------------------------------
def _slot_of(t: Tables, s: CycladesState, island: int, kind: int) -> int:
    return next(x for x in island_slots(t, island) if s.buildings[x] == kind + 1)


def _giant_options(t: Tables, s: CycladesState, seat: int) -> list[Action]:
    return [Action("target", (t.island_ids[i], t.building_names[k])) for i in range(t.n_islands)
            if not figures.shielded(t, s, i) for k in range(BUILDING_KINDS) if buildings_on(t, s, i, k)]


def _giant(t: Tables, s: CycladesState, seat: int, action: Action) -> None:
    island = t.island_index[str(action.args[0])]
    s.buildings[_slot_of(t, s, island, t.building_names.index(str(action.args[1])))] = 0
    _finish(t, s)


def _cyclops_options(t: Tables, s: CycladesState, seat: int) -> list[Action]:
    names = t.building_names
    return [Action("target", (t.island_ids[i], names[old], names[new])) for i in islands_of(s, seat)
            for old in range(BUILDING_KINDS) if buildings_on(t, s, i, old)
            for new in range(BUILDING_KINDS) if new != old and in_play(s, new) < t.building_supply[new]]


def _cyclops(t: Tables, s: CycladesState, seat: int, action: Action) -> None:
    island = t.island_index[str(action.args[0])]
    slot = _slot_of(t, s, island, t.building_names.index(str(action.args[1])))
    s.buildings[slot] = t.building_names.index(str(action.args[2])) + 1
    _finish(t, s)
    metro.check_routes(t, s, seat)


# ----- troops: harpy, pegasus, sphinx ---------------------------------------------------------------
def _harpy_options(t: Tables, s: CycladesState, seat: int) -> list[Action]:
    return [named("target", t.island_ids[i]) for i in range(t.n_islands)
            if s.troops[i] and s.owner[i] not in (seat, NOBODY) and not figures.shielded(t, s, i)]


def _harpy(t: Tables, s: CycladesState, seat: int, action: Action) -> None:
    s.troops[t.island_index[str(action.args[0])]] -= 1  # the owner keeps the island (C-TROOP-5)
    _finish(t, s)


def _pegasus_options(t: Tables, s: CycladesState, seat: int) -> list[Action]:
    dests = [d for d in range(t.n_islands) if troop.last_island_violation(t, s, seat, d) is None
             and figures.landing_violation(t, s, d, pegasus=True) is None]
    return [target
            for o in islands_of(s, seat) if s.troops[o] and not figures.pinned(t, s, o)
            for d in dests if d != o
            for n, target in enumerate(counted("target", (t.island_ids[o],), (t.island_ids[d],), s.troops[o]), 1)
            if territory.move_violation(t, s, seat, o, n, d) is None]


def _pegasus(t: Tables, s: CycladesState, seat: int, action: Action) -> None:
    origin, count, dest = action.args
    _finish(t, s)
    troop.land(t, s, seat, t.island_index[str(origin)], int(count), t.island_index[str(dest)])


def _sphinx_options(t: Tables, s: CycladesState, seat: int) -> list[Action]:
    found = [DONE, *(Action("sell", (t.island_ids[i],)) for i in islands_of(s, seat)
                     if s.troops[i] and territory.sale_violation(t, s, seat, i) is None)]
    found.extend(Action("sell", (t.sea_ids[x],)) for x in range(t.n_seas) if s.fleet_owner[x] == seat and s.fleets[x])
    found.extend(Action("sell", (what,)) for what, held in (("priest", s.priests), ("philosopher", s.philosophers))
                 if held[seat])
    return found


def _sphinx(t: Tables, s: CycladesState, seat: int, action: Action) -> None:
    if action == DONE:
        _finish(t, s)
        return
    name = str(action.args[0])
    if name == "priest":
        s.priests[seat] -= 1
    elif name == "philosopher":
        s.philosophers[seat] -= 1
    elif name in t.island_index:
        s.troops[t.island_index[name]] -= 1  # an emptied island keeps the territory marker (C-TROOP-5)
    else:
        sea = t.sea_index[name]
        s.fleets[sea] -= 1
        if s.fleets[sea] == 0:
            s.fleet_owner[sea] = NOBODY
    bank.gain(t, s, seat, figures.param(t, "sphinx", "sphinx_price", 2))


# ----- fleets: siren, sylph ---------------------------------------------------------------------
def _lone(t: Tables, s: CycladesState, sea: int, seat: int) -> bool:
    """A lone fleet of another player (``siren_isolated``: alone in its space, or also with no fleet of
    its owner in a neighbouring space); a sea no fleet may enter is never a target (rules/figures.py)."""
    owner = s.fleet_owner[sea]
    if s.fleets[sea] != 1 or owner in (seat, NOBODY) or figures.sea_blocked(t, s, sea):
        return False
    if t.options.siren_isolated == "alone_no_adjacent_own":
        return not any(s.fleet_owner[x] == owner and s.fleets[x] for x in t.sea_seas[sea])
    return True


def _siren_options(t: Tables, s: CycladesState, seat: int) -> list[Action]:
    if s.effect_stage == MORE:
        return [Action("from", (t.sea_ids[x],)) for x in range(t.n_seas)
                if s.fleet_owner[x] == seat and s.fleets[x] and x != s.effect_from]
    return [named("target", t.sea_ids[x]) for x in range(t.n_seas) if _lone(t, s, x, seat)]


def _siren(t: Tables, s: CycladesState, seat: int, action: Action) -> None:
    if s.effect_stage == FIRST:
        sea = t.sea_index[str(action.args[0])]
        s.fleets[sea], s.fleet_owner[sea] = 0, NOBODY  # the lone fleet goes back to its reserve
        s.effect_from = sea
        if fleets_of(s, seat) >= t.fleets_max:
            s.effect_stage = MORE  # all eight are out: one comes from elsewhere (C-COMP-12)
            return
    else:
        origin = t.sea_index[str(action.args[0])]
        s.fleets[origin] -= 1
        if s.fleets[origin] == 0:
            s.fleet_owner[origin] = NOBODY
    s.fleets[s.effect_from], s.fleet_owner[s.effect_from] = 1, seat
    _finish(t, s)


def _one_move(t: Tables) -> bool:
    return t.options.sylph_move == "one_poseidon_move"


def _sylph_start(t: Tables, s: CycladesState, seat: int) -> None:
    s.effect_left = fleet.MAX_STEPS if _one_move(t) else figures.param(t, "sylph", "sylph_steps", 10)


def _sylph_options(t: Tables, s: CycladesState, seat: int) -> list[Action]:
    """``sail`` steps: in ``one_poseidon_move`` the later steps start where the group is
    (``effect_from``); in ``steps_10`` any group but one that has fought (``effect_from``)."""
    if s.effect_left == 0:
        return []
    group = s.effect_from if _one_move(t) and s.effect_stage == MORE else EMPTY
    seas = [group] if group != EMPTY else [x for x in range(t.n_seas) if x != s.effect_from]
    blocked = figures.blocked_seas(t, s)
    return [DONE, *(sail for x in seas
                    if s.fleet_owner[x] == seat and s.fleets[x]
                    for to in t.sea_seas[x] if to not in blocked
                    for sail in counted("sail", (t.sea_ids[x],), (t.sea_ids[to],), s.fleets[x]))]


def _sylph(t: Tables, s: CycladesState, seat: int, action: Action) -> None:
    if action == DONE:
        _finish(t, s)
        return
    origin, count, to = t.sea_index[str(action.args[0])], int(action.args[1]), t.sea_index[str(action.args[2])]
    fought = fleet.sail_step(t, s, seat, origin, count, to)
    s.effect_left -= 1
    s.effect_stage = MORE
    if _one_move(t) or fought:
        s.effect_from = to  # the group's sea, or a group that fought and moves no more
    if fought and _one_move(t):
        s.effect_left = 0  # the battle ends the move (C-BATTLE-15)


# ----- the Chimera ------------------------------------------------------------------------------
def _chimera_options(t: Tables, s: CycladesState, seat: int) -> list[Action]:
    return [Action("take", (t.creature_keys[c],)) for c in sorted(set(s.discard))]


def _chimera(t: Tables, s: CycladesState, seat: int, action: Action) -> None:
    card = t.creature_index[str(action.args[0])]
    s.discard.remove(card)
    s.effect_chimera = 1
    _open(t, s, card)


# ----- the figures --------------------------------------------------------------------------------
def _kraken_cost(t: Tables) -> int:
    return figures.param(t, "kraken", "kraken_move_cost", 1)


def _kraken_options(t: Tables, s: CycladesState, seat: int) -> list[Action]:
    if s.effect_stage == FIRST:
        return [named("target", sea) for sea in t.sea_ids]
    if s.gold[seat] < _kraken_cost(t):
        return [DONE]
    return [DONE, *(named("target", t.sea_ids[x]) for x in t.sea_seas[s.effect_from])]


def _kraken(t: Tables, s: CycladesState, seat: int, action: Action) -> None:
    if action == DONE:
        _finish(t, s)
        return
    sea = t.sea_index[str(action.args[0])]
    if s.effect_stage == MORE:
        s.gold[seat] -= _kraken_cost(t)
    s.fleets[sea], s.fleet_owner[sea] = 0, NOBODY  # every fleet there is destroyed
    figures.place(t, s, figures.KRAKEN, sea, seat)
    s.effect_stage, s.effect_from = MORE, sea


def _island_options(t: Tables, s: CycladesState, seat: int) -> list[Action]:
    return [named("target", i) for i in t.island_ids]


def _island_figure(t: Tables, s: CycladesState, seat: int, action: Action) -> None:
    figure = figures.FIGURES.index(key_of(t, s))
    island = t.island_index[str(action.args[0])]
    figures.place(t, s, figure, island, seat)
    pushes = t.options.polyphemus_push != "block_only"
    if figure == figures.POLYPHEMUS and figures.where(t, s, figure) != EMPTY and pushes:
        s.effect_stage = PUSH
    else:
        _finish(t, s)


def _push_seas(t: Tables, s: CycladesState, sea: int) -> list[int]:
    """Where the group in ``sea`` may be pushed: a neighbouring sea not next to Polyphemus's island, not
    the Kraken's, empty or holding fleets of the same owner."""
    island, owner = figures.where(t, s, figures.POLYPHEMUS), s.fleet_owner[sea]
    return [x for x in t.sea_seas[sea] if island not in t.sea_islands[x] and not figures.sea_blocked(t, s, x)
            and (s.fleets[x] == 0 or s.fleet_owner[x] == owner)]


def _next_push(t: Tables, s: CycladesState) -> None:
    """Push the groups next to Polyphemus that have at most one way out, until an owner must choose
    (``effect_from`` is then that group's sea) or every group is gone and the effect ends."""
    island = figures.where(t, s, figures.POLYPHEMUS)
    for sea in t.island_seas[island]:
        if s.fleets[sea] == 0:
            continue
        ways = _push_seas(t, s, sea)
        if len(ways) > 1:
            s.effect_from = sea
            return
        _push(t, s, sea, ways[0] if ways else EMPTY)
    _finish(t, s)


def _push(t: Tables, s: CycladesState, sea: int, to: int) -> None:
    """Move the whole group in ``sea`` to ``to`` (-1: it is destroyed)."""
    count, owner = s.fleets[sea], s.fleet_owner[sea]
    s.fleets[sea], s.fleet_owner[sea] = 0, NOBODY
    if to != EMPTY:
        s.fleets[to] += count
        s.fleet_owner[to] = owner
    s.effect_from = EMPTY


# ----- the table of creatures ---------------------------------------------------------------------
Options = Callable[[Tables, CycladesState, int], list[Action]]
Step = Callable[[Tables, CycladesState, int, Action], None]
Start = Callable[[Tables, CycladesState, int], None]

OPTIONS: dict[str, Options] = {
    "griffon": _opponents, "satyr": lambda t, s, seat: _opponents(t, s, seat, s.philosophers),
    "dryad": lambda t, s, seat: _opponents(t, s, seat, s.priests), "fates": _none,
    "giant": _giant_options, "cyclops": _cyclops_options, "harpy": _harpy_options,
    "pegasus": _pegasus_options, "sphinx": _sphinx_options, "siren": _siren_options,
    "sylph": _sylph_options, "chimera": _chimera_options, "kraken": _kraken_options,
    "minotaur": _island_options, "medusa": _island_options, "polyphemus": _island_options,
    "chiron": _island_options,
}
STEP: dict[str, Step] = {
    "griffon": _griffon, "satyr": _satyr, "dryad": _dryad, "giant": _giant, "cyclops": _cyclops,
    "harpy": _harpy, "pegasus": _pegasus, "sphinx": _sphinx, "siren": _siren, "sylph": _sylph,
    "chimera": _chimera, "kraken": _kraken, "minotaur": _island_figure, "medusa": _island_figure,
    "polyphemus": _island_figure, "chiron": _island_figure,
}
START: dict[str, Start] = {"fates": _fates_start, "sylph": _sylph_start}
