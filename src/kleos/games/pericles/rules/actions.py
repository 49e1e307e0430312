"""Every decision step: its legal actions, how it is carried out, and the rule an illegal one breaks.

One table maps ``state.step`` to its rule module, so :mod:`kleos.games.pericles.game` has a single
legality path (``legal``) that menus, bots and the server share.
"""

from __future__ import annotations

from collections.abc import Callable

from kleos.core.action import Action
from kleos.core.errors import N_
from kleos.games.pericles.rules import (
    aristophanes,
    assembly,
    boule,
    casualties,
    diplomatic,
    expedition,
    final,
    gold,
    hand,
    military,
    persia,
    political,
    redeploy,
    theater,
)
from kleos.games.pericles.rules.common import Violation, gain, spend
from kleos.games.pericles.state import CH_ADVISOR, H_RAIDS, PericlesState, replaced
from kleos.games.pericles.tables import Tables, factions_of

YES_NO = ("yes", "no")


def actors(s: PericlesState) -> tuple[int, ...]:
    """Both factions of the side while their debate cards are not both down (P-ASSEMBLY-5)."""
    if s.step == "play":
        return tuple(f for f in factions_of(s.side) if not s.played[f])
    if s.step == "dip_secret":  # P-DIPLO-7: owner and enemy Dominant commit in secret, at once
        return diplomatic.secret_actors(s, theater.entry_parts(s.revealed)[2])
    if s.step == "exped_secret":  # P-EXPED-2: all four factions commit in secret, at once
        return expedition.secret_actors(s)
    return (s.actor,)


LegalOf = Callable[[Tables, PericlesState, int], list[Action]]


def _yes_no(step: str) -> LegalOf:
    """The legal actions of a step answered yes or no."""
    return lambda t, s, f: [Action(step, (answer,)) for answer in YES_NO]


LEGAL: dict[str, LegalOf] = {
    "plague": lambda t, s, f: aristophanes.plague_legal(t, s),
    "demobilise": lambda t, s, f: aristophanes.demob_legal(t, s),
    "relocate": lambda t, s, f: political.relocate_legal(t, s),
    "keep": hand.keep_legal,
    "entourage": hand.entourage_legal,
    "hostage": _yes_no("hostage"),
    "council": _yes_no("council"),
    "stop": _yes_no("stop"),
    "callias": _yes_no("callias"),
    "ship": _yes_no("ship"),
    "second": _yes_no("second"),
    "select": lambda t, s, f: boule.select_legal(t, s),
    "debate": lambda t, s, f: assembly.debate_legal(t, s),
    "play": assembly.play_legal,
    "lend": lambda t, s, f: political.lend_legal(s, f),
    "place": theater.place_legal,
    "reveal": theater.reveal_legal,
    "resolve": lambda t, s, f: theater.treason_legal(t, s) if s.chosen else theater.resolve_legal(t, s),
    "move": military.move_legal,
    "move_on": military.onward_legal,
    "dip_secret": lambda t, s, f: diplomatic.secret_legal(s, f, theater.entry_parts(s.revealed)[2]),
    "exped_secret": lambda t, s, f: expedition.secret_legal(s, f),
    "row": lambda t, s, f: casualties.row_legal(t, s),
    "casualty": lambda t, s, f: casualties.casualty_legal(s),
    "raze": lambda t, s, f: casualties.raze_legal(s),
    "gold": lambda t, s, f: gold.legal(t, s),
    "redeploy": lambda t, s, f: redeploy.legal(t, s, s.cursor),
    "upkeep": lambda t, s, f: final.upkeep_legal(t, s, s.side),
    "side": lambda t, s, f: political.side_legal(t, s),
    "scuttle": lambda t, s, f: persia.scuttle_legal(t, s),
}
"""Each decision step's legal actions for the faction ``f`` to decide."""


def legal(t: Tables, s: PericlesState, f: int) -> list[Action]:
    legal_of = LEGAL.get(s.step)
    if legal_of is None:
        raise AssertionError(f"no decision at step {s.step!r}")
    return legal_of(t, s, f)


CarryOut = Callable[[Tables, PericlesState, int, Action], None]

SIMPLE_STEPS: dict[str, tuple[CarryOut, str]] = {
    "plague": (lambda t, s, f, action: aristophanes.plague_apply(t, s, action), "plague_next"),
    "relocate": (lambda t, s, f, action: political.relocate_apply(t, s, action), "relocate_next"),
    "keep": (hand.keep_apply, "keep_next"),
    "entourage": (hand.entourage_apply, "form"),
    "select": (boule.select_apply, "select_next"),
    "debate": (lambda t, s, f, action: assembly.debate_apply(t, s, action), "play"),
    "lend": (lambda t, s, f, action: political.lend_apply(s, f, action), "lend_next"),
    "place": (theater.place_apply, "place_next"),
    "ship": (lambda t, s, f, action: expedition.ship_apply(s, action), "battle_draw"),
    "row": (lambda t, s, f, action: casualties.row_apply(t, s, action), "cas_next"),
    "casualty": (lambda t, s, f, action: casualties.casualty_apply(s, action), "cas_next"),
    "raze": (lambda t, s, f, action: casualties.raze_apply(s, action), "cas_next"),
    "scuttle": (lambda t, s, f, action: persia.scuttle_apply(t, s, action), "victory"),
    "upkeep": (lambda t, s, f, action: final.upkeep_apply(t, s, action), "upkeep_next"),
}
"""The decisions their rule module carries out alone, each with the step that always follows it."""


def apply(t: Tables, s: PericlesState, f: int, action: Action) -> None:
    """Carry out a legal decision and set the step that follows (the flow runs on from there)."""
    step = s.step
    simple = SIMPLE_STEPS.get(step)
    if simple is not None:
        carry_out, then = simple
        carry_out(t, s, f, action)
        s.step = then
    elif step == "demobilise":
        aristophanes.demob_apply(t, s, action)
        s.cursor = s.side + 1
        s.step = "demob_next"
    elif step == "hostage":
        boule.hostage_apply(t, s, s.side, action)
        s.cursor = s.side + 1
        s.step = "hostage_next"
    elif step == "play":
        assembly.play_apply(t, s, f, action)
        if all(s.played[g] for g in factions_of(s.side)):
            s.step = "reveal_cards"
    elif step == "council":
        s.step = "settle"
        if action.args[0] == "yes":
            s.used_council = replaced(s.used_council, f, 1)  # P-LEADER-7
            s.chance = CH_ADVISOR
    elif step == "stop":
        assembly.finish(t, s, stop_at_centre=action.args[0] == "yes")
        s.step = "debate_next"
    elif step == "reveal":
        theater.reveal_apply(t, s, f, action)
        if theater.needs_decision(s):
            s.step, s.actor = "resolve", theater.entry_parts(s.revealed)[2]
        else:
            s.revealed = -1
            s.step = "reveal_next"
    elif step == "resolve":
        if action.verb == "resolve":  # a neutral theater's Diplomatic issue: secret commitments
            s.step = "dip_secret"
            return
        if action.verb == "expedition" and not action.args:  # P-EXPED-2: the secret Assembly
            expedition.start(s)
            s.step = "exped_secret"
            return
        if action.verb == "expedition":
            military.start_expedition(s, theater.entry_parts(s.revealed)[2], action)
            s.step = "move"
            return
        if action.verb == "raid":  # P-RAID-2: 3 Strategos spent, +3 Honor, then the card
            owner = theater.entry_parts(s.revealed)[2]
            spend(s, owner, theater.RAID_COST)
            gain(s, owner, theater.RAID_HONOR, H_RAIDS)
            s.step = "raid_draw"
            return
        theater.resolve_apply(t, s, f, action)
        if s.revealed < 0:
            s.step = "reveal_next"
        elif action.verb == "build" and action.args[0] != "none" and gold.possible(s, f):
            gold.begin(s)  # P-GOLD-1
            s.step = "gold"
    elif step in ("move", "move_on"):
        _move(t, s, action)
    elif step == "dip_secret":
        diplomatic.secret_apply(s, f, action)
        if not diplomatic.secret_actors(s, theater.entry_parts(s.revealed)[2]):
            diplomatic.reveal_commitments(s)
            s.step = "dip_draw"
    elif step == "exped_secret":
        expedition.secret_apply(s, f, action)
        if not expedition.secret_actors(s):
            s.step = "exped_open"
    elif step == "second":  # P-BATTLE-34
        s.step = "battle_begin" if action.args[0] == "yes" else "exped_end"
    elif step == "gold":
        if gold.apply(t, s, action):
            s.step = "resolve"
    elif step == "redeploy":
        if redeploy.apply(t, s, action):
            s.cursor += 1
        s.step = "redeploy_next"
    elif step == "side":
        if political.side_apply(t, s, f, action):
            s.cursor, s.picks = s.cursor + 1, 0
            s.step = "side_next"
    elif step == "callias":
        if action.args[0] == "yes":
            persia.declare(t, s)
            s.step = "scuttle" if persia.scuttle_legal(t, s) else "victory"
        else:
            persia.war_cost(s)
            s.step = "victory"


def _move(t: Tables, s: PericlesState, action: Action) -> None:
    """P-MOVE-3..8: start a unit, carry it on link by link until it stops, or end the movement."""
    target = theater.entry_parts(s.revealed)[0]
    if action.verb == "done" and expedition.in_progress(s):  # P-EXPED-5: the other side reveals
        s.step = "exped_after"
        return
    if action.verb == "done":
        military.end_issue(s)
        s.revealed = -1
        s.step = "reveal_next"
        return
    if action.verb == "move":
        military.begin_move(t, s, action)
        to = t.theater_index[str(action.args[2])]
    else:
        to = t.theater_index[str(action.args[0])]
    stopped = military.advance_unit(t, s, to, target)
    s.step = "move" if stopped else "move_on"


def _casualty_check(t: Tables, s: PericlesState, f: int, action: Action) -> Violation | None:
    if s.step == "raze":
        return ("P-BATTLE-15", N_("eliminate an enemy base there, or stop: raze <base> | raze stop"))
    if s.step == "casualty":
        return ("P-BATTLE-9", N_("eliminate a unit of the battle's kind and of the class owed: casualty <piece>"))
    return ("P-BATTLE-13", N_("choose one row of the casualty table: row <id> (or split <n>)"))


def _second_check(t: Tables, s: PericlesState, f: int, action: Action) -> Violation | None:
    return ("P-BATTLE-34", N_("the winner's decider answers second yes or second no"))


CHECKS = {"plague": aristophanes.check, "demobilise": aristophanes.demob_check, "relocate": political.check,
          "keep": hand.check, "entourage": hand.check, "hostage": boule.check, "select": boule.check,
          "debate": assembly.check, "play": assembly.check, "council": assembly.check, "stop": assembly.check,
          "lend": political.check, "place": theater.check, "reveal": theater.check, "resolve": theater.check,
          "dip_secret": diplomatic.check, "upkeep": final.check, "side": political.check,
          "callias": persia.check, "scuttle": persia.check, "move": military.check, "move_on": military.check,
          "exped_secret": expedition.check, "ship": expedition.check, "row": _casualty_check,
          "casualty": _casualty_check, "raze": _casualty_check, "second": _second_check, "gold": gold.check,
          "redeploy": redeploy.check}


def check(t: Tables, s: PericlesState, f: int, action: Action) -> Violation | None:
    """The rule an illegal action breaks, by the step it was tried at."""
    return CHECKS[s.step](t, s, f, action)
