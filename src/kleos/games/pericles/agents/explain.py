"""Why the hint (the ``heuristic`` player) chooses an action, in a player's words, from the seat's view.

A hint that only names its action teaches nothing: a newcomer needs to know why an issue is worth
taking or better declined (P-THEATER-14). The reasons read only the view the hint was chosen from:
the issue revealed, the seat's own Strategos stock and the strength both sides have in the theater.
Decisions without a reason of their own (a unit's step, a casualty) get none: the hint line then
shows only the action.
"""

from __future__ import annotations

from kleos.core.action import Action
from kleos.games.pericles.explain import kind_name
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.i18n import N_, _
from kleos.games.pericles.rules.common import land_strength, naval_strength
from kleos.games.pericles.rules.theater import RAID_COST, entry_parts, needs_decision
from kleos.games.pericles.state import HIDDEN, PericlesState
from kleos.games.pericles.tables import FACTIONS, MARKER_KINDS, MIL, Tables
from kleos.games.pericles.view import PericlesView

PLACE_WORDS = {"MIL": N_("when revealed it allows a Raid or an Expedition there (P-MIL, P-RAID)"),
               "LEA": N_("when revealed it builds or converts League forces there (P-LEAGUE)"),
               "DIP": N_("when revealed it wins neutrals or treason there (P-DIPLO)"),
               "ORA": N_("when revealed the Oracle gives 3 sure Honor (P-ORACLE-2)"),
               "RUM": N_("a Rumor does nothing when revealed, but the enemy cannot tell it from a real issue "
                         "(P-THEATER-12)")}


def strengths(t: Tables, s: PericlesState, theater: int, side: int) -> tuple[int, int]:
    """The side's and the enemy's land plus naval strength in ``theater`` (bases count)."""
    mine = land_strength(t, s, theater, side) + naval_strength(t, s, theater, side)
    theirs = land_strength(t, s, theater, 1 - side) + naval_strength(t, s, theater, 1 - side)
    return mine, theirs


def stock_words(s: PericlesState, f: int) -> str:
    return "" if s.stock[f] == HIDDEN else _(" (you have {n} Strategos)", n=s.stock[f])


def take_reason(t: Tables, s: PericlesState, f: int, action: Action) -> str:
    """Why taking the issue this way pays."""
    theater, _placer, owner, _kind = entry_parts(s.revealed)
    place = t.theater_keys[theater]
    if action.verb == "raid":
        return _("a Raid wins {cost} Honor at once for {cost} Strategos, and the enemy's Dominant faction loses "
                 "Strategos (P-RAID){stock}", cost=RAID_COST, stock=stock_words(s, f))
    if action.verb == "oracle":
        if action.args[0] == "honor":
            return _("the Oracle's 3 Honor are sure, and Honor decides the game (P-ORACLE-2)")
        return _("the Oracle weakens the enemy where the war is fought (P-ORACLE-2)")
    if action.verb == "expedition":
        mine, theirs = strengths(t, s, theater, owner // 2)
        if not theirs:
            return _("an Expedition to {place} meets no enemy there: your units take the theater (P-EXPED)",
                     place=place)
        return _("an Expedition to {place}: your side's strength there is {mine} against {theirs}, a battle your "
                 "side can win for Honor (P-BATTLE)", place=place, mine=mine, theirs=theirs)
    if action.verb == "league":
        return _("a League move in {place} gives your side more units or bases there (P-LEAGUE)", place=place)
    if action.verb in ("commit", "resolve"):
        return _("a Diplomatic move in {place} wins its neutrals or treason to your side (P-DIPLO)", place=place)
    if action.verb == "build":
        return _("new units at home give your side strength for the battles to come (P-MIL-4)")
    return _("the issue helps your side")


def decline_reason(t: Tables, s: PericlesState, f: int, legal: list[Action] | None) -> str:
    """Why declining is better than every way of taking the issue."""
    theater, _placer, owner, kind = entry_parts(s.revealed)
    others = [a.verb for a in legal or [] if a.verb != "decline"]
    if owner != f:
        return _("it is not your own issue: its Honor would go to its owner")
    if kind == MIL and "expedition" in others:
        mine, theirs = strengths(t, s, theater, owner // 2)
        if theirs > mine:
            return _("the enemy is stronger in {place} ({theirs} against your side's {mine}): a battle there "
                     "would likely lose Honor", place=t.theater_keys[theater], theirs=theirs, mine=mine)
    if not others:
        return _("you cannot pay for any of its options")
    return _("looking ahead, every way of taking it leaves you with less Honor than keeping your Strategos{stock}",
             stock=stock_words(s, f))


def place_reason(t: Tables, s: PericlesState, f: int, action: Action) -> str:
    owner, kind, where = (str(arg) for arg in action.args[:3])
    template = (N_("your own {kind} marker in {where}: {effect}") if FACTIONS.index(owner) == f
                else N_("your compatriot's {kind} marker in {where}: {effect}"))
    effect = _(PLACE_WORDS[kind]) if kind in PLACE_WORDS else ""
    return _(template, kind=kind_name(kind), where=where, effect=effect)


def reason(game: PericlesGame, view: PericlesView, action: Action, legal: list[Action] | None = None) -> str:
    """Why ``action`` is chosen, in plain words (empty when the decision has no reason of its own)."""
    assert view.seat is not None
    t, s, f = game.tables, view.state, view.seat
    if s.step == "resolve" and s.revealed >= 0 and needs_decision(s):
        if action.verb == "decline":
            return _("Decline: {why}", why=decline_reason(t, s, f, legal))
        kind = MARKER_KINDS[entry_parts(s.revealed)[3]]
        return _("Take the {kind} issue: {why}", kind=kind_name(kind), why=take_reason(t, s, f, action))
    if s.step == "place" and action.verb == "place":
        return _("Place {what}", what=place_reason(t, s, f, action))
    return ""


def explain(game: PericlesGame, view: PericlesView, legal: list[Action], action: Action) -> str:
    """The kit's hint reason (:attr:`~kleos.core.kit.agents.AgentParts.explain`) for Pericles."""
    if view.seat is None:
        return ""
    return reason(game, view, action, legal)
