"""What a newcomer reads to learn Cyclades: the rules reference (Markdown, written from the rules spec
with its rule IDs) and, for one legal action, what choosing it does (the menus' explanation).

Both read the game's data (prices, creatures and their effects) rather than repeating numbers, and
neither imports a surface, so the terminal, the server and the browser tell the same words.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from kleos.core.action import Action
from kleos.games.cyclades import i18n as words
from kleos.games.cyclades.datamodel import Creature, CycladesData
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.i18n import N_, _, ngettext
from kleos.games.cyclades.loader import load_data
from kleos.games.cyclades.rules import actions as turn
from kleos.games.cyclades.rules import effects, offer, recruit, summon
from kleos.games.cyclades.rules.common import islands_of, net_cost, temples_left
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.tables import ARES, ATHENA, EMPTY, GODS, POSEIDON, ZEUS, Tables
from kleos.games.cyclades.view import HIDDEN, CycladesView
from kleos.i18n import current

RECRUIT_RULE = {POSEIDON: "C-RECRUIT-1", ARES: "C-RECRUIT-3", ZEUS: "C-RECRUIT-5", ATHENA: "C-RECRUIT-6"}
BUILDING_EFFECT = {
    POSEIDON: N_("a Port: +1 for you when you defend a sea next to this island (C-BUILD-5)"),
    ARES: N_("a Fortress: +1 for you when you defend this island (C-BUILD-6)"),
    ZEUS: N_("a Temple: 1 GP off one creature each cycle (C-BUILD-7)"),
    ATHENA: N_("a University: no effect of its own, one of the four types for a Metropolis (C-BUILD-9)"),
}
UNIT_EFFECT = {
    POSEIDON: N_("A fleet holds its sea (and its trade income) and carries your troops (C-INCOME-4, C-TROOP-2)"),
    ARES: N_("A troop adds 1 to your battle total on its island (C-BATTLE-2)"),
    ZEUS: N_("A Priest lowers every offering you pay by 1 GP, at least 1 (C-OFFER-13)"),
    ATHENA: N_("A Philosopher: 4 of them become a Metropolis at once (C-METRO-3)"),
}
GOD_GIVES = {
    POSEIDON: N_("the free fleet, a Port for {cost} GP each and its special action"),
    ARES: N_("the free troop, a Fortress for {cost} GP each and its special action"),
    ZEUS: N_("the free Priest, a Temple for {cost} GP each and its special action"),
    ATHENA: N_("the free Philosopher, a University for {cost} GP each"),
}
RECRUIT_WHAT = {
    POSEIDON: N_("Recruit a fleet in {place}"), ARES: N_("Recruit a troop on {place}"),
    ZEUS: N_("Recruit a Priest"), ATHENA: N_("Recruit a Philosopher"),
}
LASTING = {"figure": N_("The figure stays until your next action turn."),
           "stays": N_("The figure stays on the board after your turn.")}


# ----- creatures ------------------------------------------------------------------------------------
def creature(t: Tables, card: int) -> Creature:
    """The data record of creature card ``card`` (its name, effect, figure or not)."""
    key = t.creature_keys[card]
    return next(c for c in t.data.creatures.creatures if c.key == key)


def creature_words(c: Creature) -> str:
    """A creature's effect in a line: the data's words, with its numbers and how long a figure stays."""
    params = "; ".join(f"{words.parameter(name)}: {value}" for name, value in c.params.items())
    lasting = " " + _(LASTING[c.duration]) if c.duration in LASTING else ""
    return f"{words.effect(c)}{f' ({params})' if params else ''}{lasting}"


GOD_HELP = {
    POSEIDON: N_("Poseidon: a free fleet, more for 1/2/3 GP; Ports for 2 GP; move fleets for 1 GP (C-GODS-10)"),
    ARES: N_("Ares: a free troop, more for 2/3/4 GP; Fortresses for 2 GP; move troops for 1 GP (C-GODS-10)"),
    ZEUS: N_("Zeus: a free Priest, one more for 4 GP; Temples for 2 GP; swap a creature for 1 GP (C-GODS-10)"),
    ATHENA: N_("Athena: a free Philosopher, one more for 4 GP; Universities for 2 GP (C-GODS-10)"),
}
APOLLO_HELP = N_("Apollo: free, any number of players; 4 GP with one island (or none), 1 GP with more; the first "
                 "also puts a prosperity marker on an island (C-APOLLO-1/2)")


def board_help(t: Tables) -> dict[str, Any]:
    """The words the browser shows on a tap or hover of the board, in the reader's language: each god
    (Apollo last), each creature by card index with its effect, an island's and a sea's meaning."""
    return {
        "gods": [_(GOD_HELP[god]) for god in range(len(GOD_HELP))] + [_(APOLLO_HELP)],
        "creatures": [f"{words.creature_name(creature(t, card))}: {creature_words(creature(t, card))}"
                      for card in range(len(t.creature_keys))],
        "island": _("an island: its cornucopias are income for its owner (C-INCOME-3); P F T U are buildings, "
                    "M a Metropolis"),
        "sea": _("a sea: $ marks trade income for whoever has a fleet there (C-INCOME-4)"),
        "track": _("Creatures cost 4, 3 or 2 GP by slot, 1 GP less per Temple used, at least 1 (C-SUMMON-2)"),
    }


# ----- the menus' explanation of one action -----------------------------------------------------------
def explain(game: CycladesGame, view: CycladesView, action: Action) -> str:
    """What choosing ``action`` does, for a newcomer, ending with the rule IDs behind it."""
    t, s, seat = game.tables, view.state, view.seat
    if seat is None or seat < 0:
        return ""
    tell = _EXPLAINERS.get(action.verb)
    return tell(t, s, seat, action) if tell is not None else ""


def gloss(game: CycladesGame, view: CycladesView, action: Action) -> str:
    """A few words after a menu entry whose notation names only a price slot: the creature it is
    (and what summoning it costs after Temples); after an offering, whose marker it outbids and what
    the bid would cost after Priests; after a building or a unit recruited, its price."""
    t, s = game.tables, view.state
    if action.verb == "offer" and len(action.args) == 2 and view.seat is not None and view.seat >= 0:
        return _offer_gloss(t, s, view.seat, GODS.index(str(action.args[0])), int(action.args[1]))
    if action.verb in ("build", "recruit"):
        return price_words(t, s, action.verb)
    if action.verb not in ("summon", "swap") or not action.args:
        return ""
    card = s.track[t.slot_costs.index(int(action.args[0]))]
    if card < 0:
        return ""
    name = words.creature_name(creature(t, card))
    if action.verb == "swap":
        return _("discard the {creature}", creature=name)
    used = int(action.args[1]) if len(action.args) > 1 else 0
    return _("{creature}, {price} GP", creature=name,
             price=summon.price(t, t.slot_costs.index(int(action.args[0])), used))


def price_words(t: Tables, s: CycladesState, verb: str) -> str:
    """What a building costs on the turn's god (C-BUILD-2), or the next unit on its recruit ladder
    ("free" for the first, C-RECRUIT-1/3/5/6), for a ``build`` or ``recruit``; "" on an Apollo turn."""
    god = turn.turn_god(s)
    if god == EMPTY:
        return ""
    cost = t.building_cost[god] if verb == "build" else recruit.price(t, s, god)
    if cost is None:
        return ""
    return _("free of charge") if cost == 0 else _("{price} GP", price=cost)


def _offer_gloss(t: Tables, s: CycladesState, seat: int, god: int, amount: int) -> str:
    """"outbids Green's 4 GP; you would pay 3 GP; 2 GP left": the marker that must move (C-OFFER-4,
    C-OFFER-5), with Priests the net cost (C-OFFER-13), and the gold left for the god's turn once the
    seat's standing offerings are paid (C-OFFER-13, C-TWO-6): a newcomer bidding all of it found
    nothing to build with. Short, as a 33-column menu panel shows each entry on one line."""
    parts = []
    marker = s.bidder[god]
    if marker != EMPTY:
        owner = t.marker_owner[marker]
        parts.append(_("outbids your own {bid} GP", bid=s.bid[god]) if owner == seat else
                     _("outbids {player}'s {bid} GP", player=words.seat(t, owner), bid=s.bid[god]))
    pay = net_cost(amount, s.priests[seat])
    if s.priests[seat]:
        parts.append(_("you would pay {pay} GP", pay=pay))
    held = offer.committed(t, s, seat, offer.pending_marker(s), god)  # the seat's other standing offerings
    parts.append(_("{left} GP left", left=s.gold[seat] - pay - held))
    return "; ".join(parts)


def _offer(t: Tables, s: CycladesState, seat: int, action: Action) -> str:
    god, amount = GODS.index(str(action.args[0])), int(action.args[1])
    pay, priests = net_cost(amount, s.priests[seat]), s.priests[seat]
    gives = _(GOD_GIVES[god], cost=t.building_cost[god])
    if priests:
        paid = ngettext("you pay {pay} GP ({amount} less your {n} Priest)",
                        "you pay {pay} GP ({amount} less your {n} Priests)", priests, pay=pay, amount=amount)
    else:
        paid = _("you pay {pay} GP", pay=pay)
    return _("Bid {amount} for {god}'s turn this cycle: {gives}. If nobody outbids you, {paid} at the end of the "
             "offerings; if outbid, you pay nothing and bid again on another god [C-OFFER-4, C-OFFER-5, "
             "C-OFFER-13, C-GODS-10]", amount=amount, god=words.god(t, god), gives=gives, paid=paid)


def _apollo(t: Tables, s: CycladesState, seat: int, action: Action) -> str:
    owned = len(islands_of(s, seat))
    gain = t.apollo_one_island if owned == 1 else t.apollo_no_island if owned == 0 else t.apollo_more_islands
    told = _("Free: no god's turn for you this cycle, but Apollo gives you {gain} GP in the action phase (4 with "
             "one island, 1 with more).", gain=gain)
    if not s.apollo:
        told += " " + _("You are the first to pray, so you also put a prosperity marker (+1 income for good) on "
                        "an island of yours.")
    return f"{told} [C-OFFER-9, C-APOLLO-1, C-APOLLO-2]"


def _recruit(t: Tables, s: CycladesState, seat: int, action: Action) -> str:
    god = turn.turn_god(s)
    price = recruit.price(t, s, god)
    what = _(RECRUIT_WHAT[god], place=action.args[0] if action.args else "")
    ladder = "/".join(map(str, t.recruit_costs[god]))
    if price == 0:
        told = _("{what} for free (the first of the turn); the prices this turn go {ladder} GP.",
                 what=what, ladder=ladder)
    else:
        told = _("{what} for {price} GP; the prices this turn go {ladder} GP.", what=what, price=price, ladder=ladder)
    return f"{told} {_(UNIT_EFFECT[god])} [{RECRUIT_RULE[god]}, C-RECRUIT-7]"


def _build(t: Tables, s: CycladesState, seat: int, action: Action) -> str:
    god = turn.turn_god(s)
    return _("Build {building} on {island} for {cost} GP. It belongs to whoever holds the island. A Port, a "
             "Fortress, a Temple and a University together become a Metropolis at once [C-BUILD-1, C-BUILD-2, "
             "C-METRO-2]", building=_(BUILDING_EFFECT[god]), island=action.args[0], cost=t.building_cost[god])


def _march(t: Tables, s: CycladesState, seat: int, action: Action) -> str:
    origin, count, dest = (str(a) for a in action.args)
    to = t.island_index[dest]
    owner = s.owner[to]
    if owner == seat:
        result = _("{island} is yours already: the troops reinforce it", island=dest)
    elif s.troops[to] and owner >= 0:
        result = _("{player} has {troops} there: a battle starts, each round a die plus your troops against a die "
                   "plus theirs and their Fortresses; the lower loses a troop",
                   player=words.seat(t, owner), troops=words.troops(s.troops[to]))
    else:
        result = _("nobody defends {island}: it becomes yours with its buildings", island=dest)
    return _("{cost} GP: {troops} from {origin} to {dest} along your fleets; {result} [C-TROOP-1, C-TROOP-3, "
             "C-TROOP-4, C-BATTLE-2]", cost=t.special_cost[ARES], troops=words.troops(int(count)), origin=origin,
             dest=dest, result=result)


def _sail(t: Tables, s: CycladesState, seat: int, action: Action) -> str:
    if effects.pending(s):
        return _("A free step of the Sylph: no gold paid. Entering another player's fleets starts a naval battle "
                 "[C-FLEET-2, C-FLEET-3, C-DATA-6]")
    if len(action.args) == 2:
        return _("Free: the same move goes one step further (3 steps in all); you may leave fleets behind or pick "
                 "yours up [C-FLEET-1, C-FLEET-2]")
    to = t.sea_index[str(action.args[2])]
    other = s.fleet_owner[to]
    told = _("{cost} GP for a move of up to 3 steps; this is its first.", cost=t.special_cost[POSEIDON])
    if s.fleets[to] and other not in (seat, -1):
        told += " " + _("{player} has {fleets} there: a naval battle, each round a die plus your fleets against a "
                        "die plus theirs and their Ports next to it",
                        player=words.seat(t, other), fleets=words.fleets(s.fleets[to]))
    return f"{told} [C-FLEET-1, C-FLEET-3, C-BATTLE-4]"


def _swap(t: Tables, s: CycladesState, seat: int, action: Action) -> str:
    slot = t.slot_costs.index(int(action.args[0]))
    card = s.track[slot]
    name = words.creature_name(creature(t, card)) if card >= 0 else _("the creature")
    return _("{cost} GP: {creature} in the {slot} GP slot goes to the discard pile and the top card of the deck "
             "takes its place, at the same price [C-ZEUS-1]", cost=t.special_cost[ZEUS], creature=name,
             slot=action.args[0])


def _summon(t: Tables, s: CycladesState, seat: int, action: Action) -> str:
    slot = t.slot_costs.index(int(action.args[0]))
    used = int(action.args[1]) if len(action.args) > 1 else 0
    card = s.track[slot]
    if card < 0:
        return ""
    c = creature(t, card)
    price = summon.price(t, slot, used)
    if used:
        where = ngettext("slot {slot} GP, {n} of your Temples used for this cycle ({left} left)",
                         "slot {slot} GP, {n} of your Temples used for this cycle ({left} left)", used,
                         slot=t.slot_costs[slot], left=temples_left(t, s, seat) - used)
    else:
        where = _("slot {slot} GP", slot=t.slot_costs[slot])
    return _("{creature} for {price} GP ({where}): {effect}", creature=words.creature_name(c), price=price,
             where=where, effect=creature_words(c)) + f" [C-SUMMON-2, C-SUMMON-3, {', '.join(c.rules)}]"


def _end(t: Tables, s: CycladesState, seat: int, action: Action) -> str:
    gold = s.gold[seat]
    told = _("Your turn ends; your marker goes to the last free space of the turn order, so the last to act bids "
             "first next cycle.")
    if gold != HIDDEN:
        told += " " + _("You keep your {gold} GP for the next cycle.", gold=gold)
    return f"{told} [C-ACTION-6, C-ACTION-7]"


def _stay(t: Tables, s: CycladesState, seat: int, action: Action) -> str:
    return _("Fight another round: each side rolls a die (0 to 3) and adds its units, the defender also its "
             "Fortresses (land) or Ports next to the sea; the lower total loses one unit, a tie costs both one "
             "[C-BATTLE-2, C-BATTLE-3, C-BATTLE-4, C-BATTLE-5]")


def _retreat(t: Tables, s: CycladesState, seat: int, action: Action) -> str:
    return _("All your units in the battle go to {place}; the other side keeps the place [C-BATTLE-8, C-BATTLE-9, "
             "C-BATTLE-10, C-BATTLE-11]", place=action.args[0])


def _prosper(t: Tables, s: CycladesState, seat: int, action: Action) -> str:
    return _("The prosperity marker stays on {island} for good: whoever owns it gets 1 GP more income every cycle "
             "[C-APOLLO-2, C-APOLLO-4]", island=action.args[0])


def _effect_step(t: Tables, s: CycladesState, seat: int, action: Action) -> str:
    if not effects.pending(s):
        return ""
    c = creature(t, s.effect_card)
    return _("{creature}'s effect: {effect}", creature=words.creature_name(c), effect=creature_words(c)) + \
        f" [C-SUMMON-3, {', '.join(c.rules)}]"


def _metro(t: Tables, s: CycladesState, seat: int, action: Action) -> str:
    return _("Your new Metropolis: it counts as a Port, a Fortress and a Temple, and 2 of them (3 with two players) "
             "at the end of a cycle win the game [C-METRO-4, C-METRO-5, C-METRO-8, C-END-2]")


_EXPLAINERS = {
    "offer": _offer, "apollo": _apollo, "recruit": _recruit, "build": _build, "march": _march, "sail": _sail,
    "swap": _swap, "summon": _summon, "end": _end, "stay": _stay, "retreat": _retreat, "prosper": _prosper,
    "target": _effect_step, "take": _effect_step, "sell": _effect_step, "from": _effect_step,
    "push": _effect_step, "done": _effect_step, "metropolis": _metro, "discard": _metro, "destroy": _metro,
}


# ----- the rules reference ----------------------------------------------------------------------------
def rules_reference(data: CycladesData | None = None) -> str:
    """The whole reference in Markdown, in the reader's language: the creatures of ``data`` (default:
    the packaged data; a game's own with a ``data_dir``) with the spec's words."""
    return _reference(current()) if data is None else _reference_of(data)


@cache
def _reference(language: str) -> str:
    return _reference_of(load_data())


def _reference_of(data: CycladesData) -> str:
    creatures = [c for c in data.creatures.creatures if not c.figure]
    figures = [c for c in data.creatures.creatures if c.figure]
    lines = ["\n\n".join(_(section) for section in REFERENCE_HEAD), "",
             _("## Creatures (summon on any main god's turn)"), "",
             _("A creature costs the price of its slot on the track: **4, 3 or 2 GP** from left to right, 1 GP "
               "less for each Temple you choose to use (each Temple once a cycle, a Metropolis counts as one), "
               "at least 1 GP. Its effect happens at once; then the card is discarded. The cheapest card nobody "
               "took is discarded at the start of the next cycle and the others slide right (C-CREATURE-1..4, "
               "C-SUMMON-2..6, C-BUILD-7/8)."), ""]
    lines += [f"- **{words.creature_name(c)}**: {creature_words(c)} ({', '.join(c.rules)})" for c in creatures]
    lines += ["", _("Figures (placed on the board):"), ""]
    lines += [f"- **{words.creature_name(c)}**: {creature_words(c)} ({', '.join(c.rules)})" for c in figures]
    lines += ["", _(REFERENCE_TAIL), ""]
    return unwrapped("\n".join(lines))


def unwrapped(markdown: str) -> str:
    """``markdown`` with each paragraph and list item on one line (the source is wrapped for reading;
    a renderer that keeps line breaks would break sentences)."""
    out: list[str] = []
    for line in markdown.splitlines():
        starts_block = not line.strip() or line.lstrip().startswith(("#", "- ", "|")) or line[:2].rstrip(".").isdigit()
        if out and out[-1].strip() and not starts_block and not out[-1].startswith(("#", "|")):
            out[-1] = f"{out[-1]} {line.strip()}"
        else:
            out.append(line)
    return "\n".join(out)


REFERENCE_HEAD = (
    N_("""\
# Cyclades: rules reference

**Goal.** Own **2 Metropolises** (3 with two players) at the **end of a cycle** (C-END-2). Holding them
during a cycle is not enough (C-END-6). Gold is the only secret: each player's GP is behind a screen (C-INFO-1)."""),
    N_("""\
## A cycle, in order (C-CYCLE-1)

1. **Creatures**: the track is updated (see Creatures below).
2. **Gods**: the god boards are shuffled into positions 1-4 (with 3 players two are face down, with 2 or 4
   players one; a face-down god takes no offering and no turn, C-GODS-2..9). Apollo is always last.
3. **Income**: 1 GP per prosperity symbol you control: the cornucopias of your islands, the prosperity
   markers on them, and the value of each trade sea where you have a fleet (C-INCOME-1..4).
4. **Offerings**: in turn order, each marker bids on a face-up god (C-OFFER-1..16).
5. **Actions**: each god with a bid gives its turn to the highest bidder, in the gods' order; then the
   Apollo players in their order (C-ACTION-1/2).
6. **End of cycle**: the game may end (see End and tie-breaks)."""),
    N_("""\
## Offerings (C-OFFER)

- Bid a whole number of GP, at least 1, on a face-up main god, **higher** than the bid already there, or
  pray to **Apollo** for free; any number may pray to Apollo (C-OFFER-2..4, C-OFFER-9).
- An outbid marker **must bid again at once on another god** (Apollo always possible); chains of outbids are
  settled before the next marker bids (C-OFFER-5/6). A bid that stands cannot be moved or raised (C-OFFER-8).
- You may not bid more than you could pay (C-OFFER-11). At the end of the offerings you pay your winning
  bid **minus 1 per Priest, at least 1 GP**; an outbid marker pays nothing (C-OFFER-13/14).
- **Order**: the first cycle's order is drawn; after that a player's marker goes to the last free space of the
  turn order when their turn ends, so **the last to act bids first** next cycle (C-ACTION-6/7)."""),
    N_("""\
## The gods (C-GODS-10)

| God | Free unit | More units this turn | Building (2 GP) | Special action |
|---|---|---|---|---|
| Poseidon | 1 fleet | 1 / 2 / 3 GP (4 at most) | Port | move fleets, 1 GP a move |
| Ares | 1 troop | 2 / 3 / 4 GP (4 at most) | Fortress | move troops, 1 GP a move |
| Zeus | 1 Priest | one more for 4 GP | Temple | swap a creature, 1 GP |
| Athena | 1 Philosopher | one more for 4 GP | University | none |
| Apollo | none | none | none | 4 GP with one island (or none), 1 GP with more |

On a god's turn do any of its actions in any order, paying as you go, and summon creatures; then **end**
(C-ACTION-3..5, C-RECRUIT-1..8). Fleets go in a sea next to your island that is empty or yours; troops on
your island; at most 8 fleets and 8 troops on the board (C-RECRUIT-2/4, C-COMP-12/13). The first Apollo player
also puts a **prosperity marker** (+1 income for good) on one of their islands (C-APOLLO-2/4)."""),
    N_("""\
## Buildings (C-BUILD)

2 GP each, on a free slot of your island, of the type of the god you play; they change hands with the island.

- **Port**: +1 when you defend a sea next to the island (C-BUILD-5).
- **Fortress**: +1 when you defend the island (C-BUILD-6).
- **Temple**: 1 GP off one creature, once a cycle (C-BUILD-7/8).
- **University**: nothing but its type for a Metropolis (C-BUILD-9)."""),
    N_("""\
## Moving and battles (C-FLEET, C-TROOP, C-BATTLE)

- **Move fleets** (Poseidon, 1 GP): a group goes up to 3 steps from sea to sea, picking up or leaving fleets on
  the way; entering another player's fleets stops it and starts a naval battle (C-FLEET-1..4).
- **Move troops** (Ares, 1 GP): troops go from your island to another island linked by a chain of seas each
  holding one of your fleets. Landing on troops starts a battle; on an island without troops you take it and
  its buildings (C-TROOP-1..5). You may not land on a player's **last island** unless that wins you the game
  (C-TROOP-7).
- **Battle maths**: each round both sides roll a die (faces **0, 1, 1, 2, 2, 3**) and add their units there;
  the defender adds **+1 per Fortress** (land) or **per Port next to the sea** (naval), a Metropolis counting
  as one. The **lower total loses one unit; a tie costs each side one** (C-BATTLE-2..5, C-DATA-7). After a
  round the defender, then the attacker, may **retreat** all their units (C-BATTLE-7..10); otherwise another
  round. Whoever is left holds the place; if both lose their last troops, the defender keeps the island
  (C-BATTLE-11/12). A battle ends the move that caused it (C-BATTLE-15)."""),
    N_("""\
## Metropolises (C-METRO)

- **Three ways**: own a **Port, a Fortress, a Temple and a University** (one of each is given up), own
  **4 Philosophers** (all 4 given up), or **take an island** that has one (C-METRO-2, -3, -6).
- It goes on the Metropolis space of an island of yours without one; buildings in the way are destroyed
  (C-METRO-4/5). **One per island**: with no free island the new one is lost (C-METRO-7).
- A Metropolis counts as a Port, a Fortress and a Temple, but not as a type for the four-building route
  (C-METRO-8/9). The checks happen at once, even on another player's turn (C-METRO-10)."""),
    N_("""\
## End and tie-breaks (C-END)

At the end of a cycle, if someone owns 2 Metropolises (3 with two players) the game ends: that player wins; if
several do, **the one with the most GP** wins, then the most Metropolises, else they share the win
(C-END-2..5, C-AMB-24; an option uses the FAQ's order, Metropolises first). A player who loses their last
island is out (C-AMB-26)."""),
)
"""The reference before the creatures, one section a message (its table and lists with it)."""

REFERENCE_TAIL = N_("""\
## Where to read more

The menu's line under each choice tells what it does and what it costs; ? opens it with the rule behind it.
The rule IDs (C-...) are those of the project's Cyclades rules specification.""")
