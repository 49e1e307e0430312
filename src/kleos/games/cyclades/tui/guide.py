"""The terminal's help for Cyclades: each verb's help (the menu groups and the help page) and the
first-game guide, a short tip for every kind of decision a seat meets, read from its view only.

The decisions: an offering or a forced re-bid (C-OFFER), Apollo's prosperity marker (C-APOLLO-2), a
main god's turn menu (C-ACTION-3, by god), the next step of a fleet move (C-FLEET-2), a battle's
retreat (C-BATTLE-7), the choices of a new Metropolis (C-METRO-4/5) and a creature's effect (C-SUMMON-3).
"""

from __future__ import annotations

from collections.abc import Sequence

from kleos.core.action import Action
from kleos.core.kit.terminal import VerbHelp
from kleos.games.cyclades import i18n as words
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.i18n import N_, _, ngettext
from kleos.games.cyclades.reference import creature
from kleos.games.cyclades.rules import actions as turn
from kleos.games.cyclades.rules import battle, effects, fleet, metro
from kleos.games.cyclades.rules.common import islands_of, metropolises
from kleos.games.cyclades.state import OFFER, CycladesState
from kleos.games.cyclades.tables import ARES, ATHENA, EMPTY, POSEIDON, ZEUS, Tables
from kleos.games.cyclades.view import CycladesView

VERBS: dict[str, VerbHelp] = {
    "offer": VerbHelp(
        N_("Offer gold to a god"),
        N_("Put your marker on a face-up god with a bid of at least 1, higher than the marker already there "
           "(which must then bid again elsewhere). You pay only at the end of the offerings, 1 GP less per "
           "Priest (at least 1)."),
        ("C-OFFER-2", "C-OFFER-4", "C-OFFER-5", "C-OFFER-11", "C-OFFER-13")),
    "apollo": VerbHelp(
        N_("Pray to Apollo"),
        N_("Free: in the action phase you gain 4 GP with one island, 1 GP with more; the first to pray also puts"
           " a prosperity marker on an island."),
        ("C-OFFER-9", "C-APOLLO-1", "C-APOLLO-2")),
    "prosper": VerbHelp(
        N_("Place a prosperity marker"),
        N_("It stays on the island and gives its owner 1 GP more income every cycle."),
        ("C-APOLLO-2", "C-APOLLO-4")),
    "recruit": VerbHelp(
        N_("Recruit"),
        N_("The god's unit: Poseidon a fleet next to your island, Ares a troop on your island, Zeus a Priest, "
           "Athena a Philosopher. The first is free, the next ones cost more."),
        ("C-RECRUIT-1", "C-RECRUIT-3", "C-RECRUIT-5", "C-RECRUIT-6")),
    "build": VerbHelp(
        N_("Build"),
        N_("2 GP: the god's building (Poseidon Port, Ares Fortress, Zeus Temple, Athena University) on a free "
           "slot of your island. One of each type makes a Metropolis."),
        ("C-BUILD-1", "C-BUILD-2", "C-BUILD-3", "C-METRO-2")),
    "march": VerbHelp(
        N_("Move troops (Ares)"),
        N_("1 GP: troops go from your island to another along a chain of your fleets. Landing on other troops "
           "starts a battle; on an empty island you take it."),
        ("C-TROOP-1", "C-TROOP-2", "C-TROOP-3", "C-TROOP-4")),
    "sail": VerbHelp(
        N_("Move fleets (Poseidon)"),
        N_("1 GP buys a move of up to 3 steps, one step per choice; entering another player's fleets starts a "
           "naval battle."),
        ("C-FLEET-1", "C-FLEET-2", "C-FLEET-3")),
    "swap": VerbHelp(
        N_("Swap a creature (Zeus)"),
        N_("1 GP: a creature of the track is replaced by the top card of the deck."),
        ("C-ZEUS-1",)),
    "summon": VerbHelp(
        N_("Summon a creature"),
        N_("Pay the slot's price (Temples lower it) and its effect happens at once; any main god's turn allows "
           "it."),
        ("C-SUMMON-1", "C-SUMMON-2", "C-SUMMON-3")),
    "end": VerbHelp(
        N_("End the turn"),
        N_("Your marker goes back to the turn-order track; the last to act bids first next cycle."),
        ("C-ACTION-6", "C-ACTION-7")),
    "stay": VerbHelp(
        N_("Stay in the battle"),
        N_("Another round: each side rolls a die and adds its units (and the defender its Fortresses or Ports); "
           "the lower total loses a unit."),
        ("C-BATTLE-2", "C-BATTLE-5", "C-BATTLE-7")),
    "retreat": VerbHelp(
        N_("Retreat"),
        N_("All your units in the battle leave for the place named; the other side keeps the place."),
        ("C-BATTLE-7", "C-BATTLE-8", "C-BATTLE-9", "C-BATTLE-10")),
    "discard": VerbHelp(
        N_("Give up a building"),
        N_("A new Metropolis takes one building of each type: choose which one of this type goes."),
        ("C-METRO-2", "C-AMB-20")),
    "metropolis": VerbHelp(
        N_("Place the Metropolis"),
        N_("Choose your island for it; it counts as a Fortress, a Port and a Temple."),
        ("C-METRO-4", "C-METRO-8")),
    "destroy": VerbHelp(
        N_("Make room"),
        N_("Buildings under the Metropolis space go back to the supply: choose which."),
        ("C-METRO-5",)),
    "take": VerbHelp(
        N_("The creature takes"),
        N_("Choose whose gold, Philosopher or Priest the creature takes (or, for the Chimera, which discarded "
           "creature it copies)."),
        ("C-SUMMON-3", "C-DATA-6")),
    "target": VerbHelp(
        N_("The creature's target"),
        N_("Choose where the creature acts."),
        ("C-SUMMON-3", "C-DATA-6")),
    "sell": VerbHelp(
        N_("Sell to the Sphinx"),
        N_("Each troop, fleet, Priest or Philosopher sold brings gold; 'done' stops."),
        ("C-SUMMON-3", "C-DATA-6")),
    "from": VerbHelp(
        N_("Fleet from the board"),
        N_("All your fleets are out: choose the sea the Siren's fleet comes from."),
        ("C-SUMMON-3", "C-DATA-6")),
    "push": VerbHelp(
        N_("Pushed fleets"),
        N_("Polyphemus pushes your fleets: choose the free or own sea they go to."),
        ("C-SUMMON-3", "C-DATA-6")),
    "done": VerbHelp(
        N_("Done"),
        N_("End the creature's effect here."),
        ("C-SUMMON-3",)),
}

GUIDE_INTRO = (
    N_("# Your first game of Cyclades"),
    N_("**Goal.** Own 2 Metropolises (3 with two players) at the end of a cycle. A Metropolis comes from one "
       "building of each type (Port, Fortress, Temple, University), from 4 Philosophers, or by taking an island "
       "that has one."),
    N_("**A cycle.** Everyone gets income (1 GP per prosperity symbol), then bids gold for the gods — each god's "
       "turn goes to its highest bidder, Apollo is free — then each god's winner plays that god's turn: Poseidon "
       "fleets and Ports, Ares troops and Fortresses, Zeus Priests and Temples, Athena Philosophers and "
       "Universities. Creatures can be summoned on any god's turn."),
    N_("**Keys.** The menu lists only what you may do now; a digit or letter chooses, y confirms. The guide line "
       "says what the decision is about, ? explains the choices, H shows what the computer would choose (and "
       "highlights it: Enter, then y, takes it), Tab switches the board view (Map, Players, Gods, Creatures)."),
)
"""The first page of the guide, one paragraph a message (:func:`guide_intro` joins them translated)."""


def verbs() -> dict[str, VerbHelp]:
    """Each verb's help in the reader's language."""
    return {verb: VerbHelp(_(h.title), _(h.text), h.rules) for verb, h in VERBS.items()}


def guide_intro() -> str:
    return "\n\n".join(_(paragraph) for paragraph in GUIDE_INTRO) + "\n"


def _goal(t: Tables, s: CycladesState, seat: int) -> str:
    """Where the seat stands on the way to the win (C-END-2, C-METRO-2/3)."""
    kinds = {b - 1 for i in islands_of(s, seat)
             for b in s.buildings[t.slot_offset[i]:t.slot_offset[i] + t.island_slots[i]] if b}
    missing = [words.building(t, k) for k in range(len(t.building_names)) if k not in kinds]
    have, win, sages = metropolises(s, seat), t.win_metropolises, s.philosophers[seat]
    if missing:
        return _("You have {have} of {win} Metropolises; still to build: {missing}; {sages} of 4 Philosophers.",
                 have=have, win=win, missing=", ".join(missing), sages=sages)
    return _("You have {have} of {win} Metropolises; one of each building type; {sages} of 4 Philosophers.",
             have=have, win=win, sages=sages)


def _offer_tip(t: Tables, s: CycladesState, seat: int) -> str:
    gold = s.gold[seat]
    priests = (" " + ngettext("Your {n} Priest lowers what you pay.", "Your {n} Priests lower what you pay.",
                              s.priests[seat])) if s.priests[seat] else ""
    if s.displaced != EMPTY and t.marker_owner[s.displaced] == seat:
        lost = words.god(t, s.displaced_from) if s.displaced_from != EMPTY else _("a god")
        return _("Offerings: you were outbid on {god}. Bid again on another god, or pray to Apollo (free). "
                 "You have {gold} GP.", god=lost, gold=gold) + priests
    two = " " + _("With two players you place two markers, on two different gods.") if t.players == 2 else ""
    return _("Offerings: bid gold for the god whose turn you want this cycle (face-up gods only), or pray to "
             "Apollo for free gold. You have {gold} GP; you pay only if your bid still stands at the end.",
             gold=gold) + priests + two


GOD_TIPS = {
    POSEIDON: N_("Poseidon's turn: recruit a fleet (the first is free), build a Port (2 GP), sail fleets (1 GP a "
                 "move)"),
    ARES: N_("Ares's turn: recruit a troop (the first is free), build a Fortress (2 GP), move troops along your "
             "fleets (1 GP) to take islands"),
    ZEUS: N_("Zeus's turn: recruit a Priest (the first is free; each makes offerings cheaper), build a Temple "
             "(2 GP; cheaper creatures), swap a creature (1 GP)"),
    ATHENA: N_("Athena's turn: recruit a Philosopher (the first is free; 4 make a Metropolis), build a "
               "University (2 GP)"),
}


def _turn_tip(t: Tables, s: CycladesState, seat: int, verbs: set[str]) -> str:
    god = turn.turn_god(s)
    head = _(GOD_TIPS.get(god, N_("Your turn")))
    if "summon" in verbs:
        head = _("{actions}, summon a creature", actions=head)
    return _("{actions}; then 'end'. You have {gold} GP.", actions=head, gold=s.gold[seat]) + " " + _goal(t, s, seat)


def _prompt_tip(t: Tables, s: CycladesState, seat: int, verbs: set[str]) -> str:
    prompt = turn.pending_prompt(s)
    if prompt is battle:
        side = _("Battle (attack):") if s.battle_attacker == seat else _("Battle (defend):")
        return side + " " + _("'stay' fights another round (die + units, Fortresses or Ports for the defender; the "
                              "lower total loses a unit); 'retreat' takes all your units out.")
    if prompt is metro:
        return _("A new Metropolis: choose which buildings to give up, then the island it goes on (and what to "
                 "destroy to make room, if asked).")
    if prompt is effects:
        if "push" in verbs:
            return _("Polyphemus pushes your fleets: choose the sea they go to.")
        if s.effect_card == EMPTY:
            return _("A creature's effect: choose {choices} (? explains each).", choices=" / ".join(sorted(verbs)))
        card = creature(t, s.effect_card)
        told = _("{creature}'s effect: {effect} Choose from the menu (? explains it).",
                 creature=words.creature_name(card), effect=words.effect(card))
        return told + (" " + _("'done' ends it.") if "done" in verbs else "")
    return _("Choose from the menu; ? explains each choice.")


def decision_title(game: CycladesGame, view: CycladesView, seat: int) -> str:
    """What the seat decides, in a few words: the menu's title in the terminal app and the plain loop
    (the guide's tip, :func:`guide_tip`, says more)."""
    t, s = game.tables, view.state
    if s.phase == OFFER:
        return _("bid for a god or pray to Apollo")
    if s.apollo_choice:
        return _("Apollo: place the prosperity marker")
    prompt = turn.pending_prompt(s)
    if prompt is battle:
        where = (t.sea_ids if s.battle_naval else t.island_ids)[s.battle_place] if s.battle_place >= 0 else "?"
        return _("battle in {place}: stay or retreat", place=where)
    if prompt is metro:
        return _("a new Metropolis")
    if prompt is effects:
        if s.effect_card == EMPTY:
            return _("a creature's effect")
        card = creature(t, s.effect_card)
        return _("{creature}'s effect: {effect}", creature=words.creature_name(card), effect=words.effect(card))
    if fleet.continuing(s, seat):
        return ngettext("sail on (free, {n} step left of this move), or stop here by choosing anything else "
                        "(C-FLEET-1, C-FLEET-2)", "sail on (free, {n} steps left of this move), or stop here by "
                        "choosing anything else (C-FLEET-1, C-FLEET-2)", s.voyage_left)
    god = turn.turn_god(s)
    if god in GOD_TIPS:
        return _("your turn with {god}", god=words.god(t, god))
    return _("your turn")


def guide_tip(game: CycladesGame, view: CycladesView, seat: int, legal: Sequence[Action]) -> str:
    """The first-game guide's line for this decision."""
    t, s = game.tables, view.state
    verbs = {a.verb for a in legal}
    if s.phase == OFFER:
        return _offer_tip(t, s, seat)
    if "prosper" in verbs:
        return _("Apollo: put the prosperity marker on one of your islands; it adds 1 GP to your income for good.")
    if turn.pending_prompt(s) is not None:
        return _prompt_tip(t, s, seat, verbs)
    if fleet.continuing(s, seat) and any(a.verb == "sail" and len(a.args) == 2 for a in legal):
        return _("Your fleet move goes on: sail some or all of the group one more step, or choose anything else "
                 "to stop here.")
    return _turn_tip(t, s, seat, verbs)
