"""The order of play (P-SEQ): runs every automatic step until a faction or chance must decide.

``state.step`` names where play stands. Decision steps (``DECISIONS``) stop the loop;
:mod:`kleos.games.pericles.rules.actions` answers them and sets the step that follows. A chance event
sets ``state.chance`` and stops the loop too.

A Military issue in a contested or enemy-controlled theater runs: secret commitments (``exped_secret``),
the Commander's side revealed (``exped_open``), movement, the other side revealed (``exped_after``),
then each battle: the State Ship offer, both cards drawn, the result, casualties (``cas_next``), Honor
and the second-battle offer; ``exped_end`` closes the issue (P-MIL-8).

Phases in order (P-SEQ-1..8): Aristophanes (card, political cards, Boulé), Assembly, Political,
Theater, Final. A theater-only vignette starts at the Theater phase and ends after it.
"""

from __future__ import annotations

from kleos.games.pericles.rules import (
    aristophanes,
    assembly,
    battle,
    boule,
    casualties,
    diplomatic,
    expedition,
    final,
    hand,
    military,
    persia,
    political,
    redeploy,
    theater,
)
from kleos.games.pericles.state import (
    ARISTOPHANES,
    ASSEMBLY,
    CH_ARIST,
    CH_BATTLE,
    CH_DEAL,
    FINAL,
    M_WIN,
    OVER,
    POLITICAL,
    THEATER,
    PericlesState,
)
from kleos.games.pericles.tables import Tables

DECISIONS = frozenset({"plague", "demobilise", "relocate",
                       "keep", "entourage", "hostage", "select", "debate", "play", "council", "stop", "lend",
                       "place", "reveal", "resolve", "dip_secret", "upkeep", "side", "callias",
                       "scuttle", "move", "move_on", "exped_secret", "ship", "row", "casualty", "raze",
                       "second", "gold", "redeploy"})


def advance(t: Tables, s: PericlesState) -> None:
    """Carry the state forward to the next decision, chance event or the end."""
    while s.chance is None and s.phase != OVER and s.step not in DECISIONS:
        STEPS[s.step](t, s)


def set_decision(s: PericlesState, step: str, actor: int) -> None:
    s.step = step
    s.actor = actor


def offered(s: PericlesState, step: str, f: int) -> bool:
    """Faction ``f`` takes the decision ``step`` unless ``f`` is -1 (nobody has one left): whether
    it does, so that a step hands each faction its turn until none is left, then moves on."""
    if f < 0:
        return False
    set_decision(s, step, f)
    return True


# ----- Aristophanes phase (P-SEQ-2, P-SEQ-3, P-SEQ-10) --------------------------------------------
def start_turn(t: Tables, s: PericlesState) -> None:
    s.phase = ARISTOPHANES
    s.arist_card = -1  # no card yet this turn (none at all once the deck is spent)
    s.state_ship = 1  # P-SEQ-10
    s.defeat = [0, 0]
    s.granary_start = [int(final.athens_granary_base(s))]  # P-AMB-42
    s.built = [0] * len(s.built)
    s.no_bases = [int(final.no_base_left(t, s, side)) for side in (0, 1)]  # P-WILL-6
    s.step = "plague_next"
    if not aristophanes.deck_empty(s):
        s.chance = CH_ARIST  # P-ARIST-1


def plague_next(t: Tables, s: PericlesState) -> None:
    """P-PLAGUE-6: the side's Dominant chooses each Plague removal that has more than one kind of unit
    to take; a removal with one kind is carried out, one with nothing it may take is dropped."""
    while s.plague_due:
        choices = aristophanes.plague_choices(t, s)
        if len(choices) > 1:
            set_decision(s, "plague", s.dominant[aristophanes.plague_side(s)])
            return
        if choices:
            aristophanes.plague_remove(t, s, choices[0])
        else:
            s.plague_due = s.plague_due[1:]
    s.cursor = 0
    s.step = "demob_next"


def demob_next(t: Tables, s: PericlesState) -> None:
    """Peace C (P-ARIST-4, P-DATA-6): each side's Dominant, Athens first, removes one unit of its side
    from a theater contested for it; a side with one such unit loses it unasked, with none nothing."""
    if aristophanes.demobilising(t, s):
        for side in range(s.cursor, 2):
            choices = aristophanes.demob_choices(s, side)
            if len(choices) > 1:
                s.side = side
                set_decision(s, "demobilise", s.dominant[side])
                return
            if choices:
                aristophanes.demob_apply(t, s, aristophanes.demob_action(t, *choices[0]))
    s.step = "hand_begin"


def hand_begin(t: Tables, s: PericlesState) -> None:
    hand.begin(t, s)
    s.step = "keep_next"


def keep_next(t: Tables, s: PericlesState) -> None:
    if offered(s, "keep", hand.next_keeper(t, s)):
        return
    hand.reshuffle(t, s)
    s.step = "deal"


def deal(t: Tables, s: PericlesState) -> None:
    f = hand.next_dealee(t, s)
    if f >= 0:
        s.actor = f
        s.chance = CH_DEAL
        return
    s.step = "form"


def form(t: Tables, s: PericlesState) -> None:
    if offered(s, "entourage", hand.next_former(t, s)):
        return
    boule.refill(t, s)  # P-SEQ-3
    s.cursor = 0
    s.step = "hostage_next"


def hostage_next(t: Tables, s: PericlesState) -> None:
    for side in range(s.cursor, 2):
        if boule.hostage_possible(t, s, side):
            s.side = side
            set_decision(s, "hostage", s.dominant[side])
            return
    s.boule, s.side, s.picks = 0, 0, boule.STEPS[0][1]
    s.step = "select_next"


def select_next(t: Tables, s: PericlesState) -> None:
    if s.picks > 0 and boule.available(t, s, s.side):
        set_decision(s, "select", boule.chooser(s))
        return
    if s.side == 0:
        s.side = 1
    else:
        s.side, s.boule = 0, s.boule + 1
    if s.boule == len(boule.STEPS):
        s.phase, s.side, s.debate = ASSEMBLY, 0, 0
        s.step = "debate_next"
        return
    s.picks = boule.STEPS[s.boule][1]


# ----- Assembly phase (P-SEQ-4) --------------------------------------------------------------------
def debate_next(t: Tables, s: PericlesState) -> None:
    s.debate += 1
    if s.debate > assembly.DEBATES:
        if s.side == 1:
            s.phase = POLITICAL
            s.step = "political"
            return
        s.side, s.debate = 1, 1
    s.played = [0] * 4
    if assembly.targets(t, s):
        set_decision(s, "debate", assembly.debate_chooser(s))
    else:
        s.issue = -1
        s.step = "play"


def reveal_cards(t: Tables, s: PericlesState) -> None:
    assembly.award_strategos(t, s)
    f = assembly.council_candidate(t, s)
    if f >= 0:
        set_decision(s, "council", f)
    else:
        s.step = "settle"


def settle(t: Tables, s: PericlesState) -> None:
    if assembly.crosses_centre(t, s):
        set_decision(s, "stop", assembly.outcome_move(t, s)[0])
        return
    assembly.finish(t, s, stop_at_centre=False)
    s.step = "debate_next"


# ----- Political phase (P-SEQ-5) -------------------------------------------------------------------
def political_phase(t: Tables, s: PericlesState) -> None:
    for side in (0, 1):
        political.oratory(t, s, side)
    for side in (0, 1):
        political.dominance(t, s, side)
    for side in (0, 1):
        political.council(t, s, side)
    declared = political.war_peace(t, s)
    if peace_ends_game(t, s, declared):
        final.end_scoring(t, s, final.PEACE_END)
        return
    s.step = "relocate_next" if declared else "political_rest"


def relocate_next(t: Tables, s: PericlesState) -> None:
    """P-WARPEACE-5: each city-state unit standing where it may not stay in Peace goes home or to a base
    of its city; the Dominant chooses when there is more than one such place."""
    while (unit := political.misplaced(s)) is not None:
        side, theater, piece = unit
        places = political.relocation_places(s, side)
        if len(places) > 1:
            set_decision(s, "relocate", s.dominant[side])
            return
        political.move_unit(s, theater, piece, places[0])
    s.step = "political_rest"


def political_rest(t: Tables, s: PericlesState) -> None:
    political.games(t, s)
    s.cursor, s.picks = 0, 0
    s.step = "side_next"


def side_next(t: Tables, s: PericlesState) -> None:
    """P-POLISSUE-1: Citizenship, Colony, Krypteia, Agoge; then the issues leave the tracks."""
    if offered(s, "side", political.next_side_issue(t, s)):
        return
    political.unique_issues(t, s)
    political.receive_markers(t, s)
    s.step = "lend_next"


def peace_ends_game(t: Tables, s: PericlesState, declared: bool) -> bool:
    """P-WARPEACE-4, P-VICTORY-13: the scenario's Peace ending, checked right after War/Peace."""
    rule = t.scenario.peace_ends_game
    if rule is None or s.turn not in rule.turns:
        return False
    if t.options.peace_end_trigger_14_2 == "peace_declared":
        return declared
    return s.war == 0


def lend_next(t: Tables, s: PericlesState) -> None:
    if offered(s, "lend", political.lender(s)):
        return
    s.step = "theater_begin"


# ----- Theater phase (P-SEQ-6) ---------------------------------------------------------------------
def theater_begin(t: Tables, s: PericlesState) -> None:
    s.phase = THEATER
    s.order = theater.honor_order(s)  # P-THEATER-1
    theater.persia_opens(s)
    s.cursor = 0
    s.step = "place_next"


def place_next(t: Tables, s: PericlesState) -> None:
    if offered(s, "place", theater.next_placer(s)):
        return
    s.cursor = 0
    s.step = "reveal_next"


def reveal_next(t: Tables, s: PericlesState) -> None:
    if not s.queue:
        theater.political_capital(s)  # P-CAPITAL
        if t.scenario.phases == "theater":
            final.end_scoring(t, s, final.VIGNETTE_END)
            return
        s.phase = FINAL
        s.step = "final"
        return
    set_decision(s, "reveal", theater.next_revealer(s))


def dip_draw(t: Tables, s: PericlesState) -> None:
    """P-DIPLO-8: the owner's side, then the other side, turn up their battle decks' top cards."""
    side = theater.entry_parts(s.revealed)[2] // 2
    for who in (side, 1 - side):
        if s.draw[who] < 0:
            s.actor = who
            s.chance = CH_BATTLE
            return
    diplomatic.settle_neutral(t, s, theater.entry_parts(s.revealed)[0], theater.entry_parts(s.revealed)[2])
    s.revealed = -1
    s.step = "reveal_next"


# ----- Expeditions into contested or enemy theaters, battles (P-EXPED, P-BATTLE) --------------------
def exped_open(t: Tables, s: PericlesState) -> None:
    expedition.open_commander_side(s)  # P-EXPED-3
    s.step = "move"


def exped_after(t: Tables, s: PericlesState) -> None:
    s.step = "battle_begin" if expedition.after_movement(s) else "exped_end"  # P-EXPED-7, P-AMB-24


def battle_begin(t: Tables, s: PericlesState) -> None:
    battle.begin(t, s)
    if expedition.ship_possible(s):  # P-EXPED-6, P-SHIP-2
        set_decision(s, "ship", expedition.ship_actor(s))
        return
    s.step = "battle_draw"


def battle_draw(t: Tables, s: PericlesState) -> None:
    """P-BATTLE-4: each side turns up the top card of its own battle deck."""
    for side in battle.draw_order(s):
        if s.draw[side] < 0:
            s.actor = side
            s.chance = CH_BATTLE
            return
    s.step = "battle_fight"


def battle_fight(t: Tables, s: PericlesState) -> None:
    battle.fight(t, s)
    if s.mil[M_WIN] < 0:  # P-BATTLE-8: a draw ends the issue, no second battle
        s.step = "exped_end"
        return
    casualties.start(t, s)
    s.step = "cas_next"


def cas_next(t: Tables, s: PericlesState) -> None:
    choice = casualties.next_decision(t, s)
    if choice is not None:
        set_decision(s, *choice)
        return
    s.step = "battle_after"


def battle_after(t: Tables, s: PericlesState) -> None:
    battle.honor(t, s)
    if battle.second_possible(s):
        set_decision(s, "second", battle.decider(s))
        return
    s.step = "exped_end"


def exped_end(t: Tables, s: PericlesState) -> None:
    """P-MIL-8: the issue is resolved; the marker goes back to its owner."""
    expedition.finish(s)
    military.end_issue(s)
    s.revealed = -1
    s.step = "reveal_next"


# ----- Final phase (P-SEQ-7, P-SEQ-8) --------------------------------------------------------------
def raid_draw(t: Tables, s: PericlesState) -> None:
    """P-RAID-2: the Commander turns up its own side's battle-deck card, then the raid is settled."""
    side = theater.entry_parts(s.revealed)[2] // 2
    if s.draw[side] < 0:
        s.actor = side
        s.chance = CH_BATTLE
        return
    theater.raid_settle(s)
    s.step = "reveal_next"


def final_phase(t: Tables, s: PericlesState) -> None:
    """P-SEQ-7, P-AMB-38: set-aside tokens back, then the Peace of Callias, then victory."""
    final.return_set_aside(s)
    if persia.eligible(s):
        set_decision(s, "callias", s.dominant[0])
        return
    persia.war_cost(s)
    s.step = "victory"


def victory(t: Tables, s: PericlesState) -> None:
    if final.automatic_victory(t, s):
        return
    if s.turn >= t.scenario.last_turn:
        final.end_scoring(t, s, final.SCENARIO_END)
        return
    final.argos_limit(s)  # P-UPKEEP-4
    s.side = 0
    s.step = "upkeep_next"


def upkeep_next(t: Tables, s: PericlesState) -> None:
    """P-UPKEEP-3: the Dominant faction of an over-limit side removes units one by one."""
    while s.side < 2:
        if final.upkeep_cost(s, s.side) > final.upkeep_capacity(s, s.side):
            set_decision(s, "upkeep", s.dominant[s.side])
            return
        s.side += 1
    s.cursor = 0
    s.moved = [0] * len(s.moved)
    s.step = "redeploy_next"


def redeploy_next(t: Tables, s: PericlesState) -> None:
    """P-REDEPLOY-1: Delian League, Athenian, Peloponnesian League, Spartan units, each group by its
    side's Dominant faction; a group with nothing to choose is passed over."""
    while s.cursor < len(redeploy.GROUPS):
        if redeploy.needs_decision(t, s, s.cursor):
            set_decision(s, "redeploy", s.dominant[redeploy.GROUP_SIDE[s.cursor]])
            return
        s.cursor += 1
    s.moved = [0] * len(s.moved)
    final.check_wills(t, s)
    s.turn += 1
    s.step = "start"


STEPS = {
    "start": start_turn, "plague_next": plague_next,
    "hand_begin": hand_begin, "keep_next": keep_next, "deal": deal, "form": form,
    "hostage_next": hostage_next, "select_next": select_next, "debate_next": debate_next,
    "reveal_cards": reveal_cards, "settle": settle, "political": political_phase,
    "demob_next": demob_next, "relocate_next": relocate_next, "political_rest": political_rest, "side_next": side_next,
    "lend_next": lend_next,
    "theater_begin": theater_begin, "place_next": place_next, "reveal_next": reveal_next, "dip_draw": dip_draw,
    "raid_draw": raid_draw, "exped_open": exped_open, "exped_after": exped_after, "battle_begin": battle_begin,
    "battle_draw": battle_draw, "battle_fight": battle_fight, "cas_next": cas_next, "battle_after": battle_after,
    "exped_end": exped_end,
    "final": final_phase, "victory": victory, "upkeep_next": upkeep_next, "redeploy_next": redeploy_next,
}
