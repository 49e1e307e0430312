"""Why the hint (the ``heuristic`` player) chooses an action, in a player's words, from the seat's view.

A hint that only names its action teaches nothing: a newcomer needs to know why an issue is worth
taking or better declined (P-THEATER-14). The reasons read only the view the hint was chosen from:
the issue revealed, the seat's own Strategos stock and the strength both sides have in the theater.
Decisions without a reason of their own (a unit's step, a casualty) get none: the hint line then
shows only the action.
"""

from __future__ import annotations

from typing import Any

from kleos.core.action import Action
from kleos.core.protocol import Game
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules.common import land_strength, naval_strength
from kleos.games.pericles.rules.theater import RAID_COST, entry_parts, needs_decision
from kleos.games.pericles.state import HIDDEN, PericlesState
from kleos.games.pericles.tables import FACTIONS, MARKER_KINDS, MIL, Tables
from kleos.games.pericles.view import PericlesView

KIND_WORDS = {"MIL": "Military", "LEA": "League", "DIP": "Diplomatic", "ORA": "Oracle", "RUM": "Rumor"}

PLACE_WORDS = {"MIL": "when revealed it allows a Raid or an Expedition there (P-MIL, P-RAID)",
               "LEA": "when revealed it builds or converts League forces there (P-LEAGUE)",
               "DIP": "when revealed it wins neutrals or treason there (P-DIPLO)",
               "ORA": "when revealed the Oracle gives 3 sure Honor (P-ORACLE-2)",
               "RUM": "a Rumor does nothing when revealed, but the enemy cannot tell it from a real issue "
                      "(P-THEATER-12)"}


def strengths(t: Tables, s: PericlesState, theater: int, side: int) -> tuple[int, int]:
    """The side's and the enemy's land plus naval strength in ``theater`` (bases count)."""
    mine = land_strength(t, s, theater, side) + naval_strength(t, s, theater, side)
    theirs = land_strength(t, s, theater, 1 - side) + naval_strength(t, s, theater, 1 - side)
    return mine, theirs


def stock_words(s: PericlesState, f: int) -> str:
    return "" if s.stock[f] == HIDDEN else f" (you have {s.stock[f]} Strategos)"


def take_reason(t: Tables, s: PericlesState, f: int, action: Action) -> str:
    """Why taking the issue this way pays."""
    theater, _, owner, _ = entry_parts(s.revealed)
    place = t.theater_keys[theater]
    if action.verb == "raid":
        return (f"a Raid wins {RAID_COST} Honor at once for {RAID_COST} Strategos, and the enemy's Dominant "
                f"faction loses Strategos (P-RAID){stock_words(s, f)}")
    if action.verb == "oracle":
        if action.args[0] == "honor":
            return "the Oracle's 3 Honor are sure, and Honor decides the game (P-ORACLE-2)"
        return "the Oracle weakens the enemy where the war is fought (P-ORACLE-2)"
    if action.verb == "expedition":
        mine, theirs = strengths(t, s, theater, owner // 2)
        if not theirs:
            return f"an Expedition to {place} meets no enemy there: your units take the theater (P-EXPED)"
        return (f"an Expedition to {place}: your side's strength there is {mine} against {theirs}, "
                f"a battle your side can win for Honor (P-BATTLE)")
    if action.verb == "league":
        return f"a League move in {place} gives your side more units or bases there (P-LEAGUE)"
    if action.verb in ("commit", "resolve"):
        return f"a Diplomatic move in {place} wins its neutrals or treason to your side (P-DIPLO)"
    if action.verb == "build":
        return "new units at home give your side strength for the battles to come (P-MIL-4)"
    return "the issue helps your side"


def decline_reason(t: Tables, s: PericlesState, f: int, legal: list[Action] | None) -> str:
    """Why declining is better than every way of taking the issue."""
    theater, _, owner, kind = entry_parts(s.revealed)
    others = [a.verb for a in legal or [] if a.verb != "decline"]
    if owner != f:
        return "it is not your own issue: its Honor would go to its owner"
    if kind == MIL and "expedition" in others:
        mine, theirs = strengths(t, s, theater, owner // 2)
        if theirs > mine:
            return (f"the enemy is stronger in {t.theater_keys[theater]} ({theirs} against your side's {mine}): "
                    f"a battle there would likely lose Honor")
    if not others:
        return "you cannot pay for any of its options"
    return ("looking ahead, every way of taking it leaves you with less Honor than keeping your "
            f"Strategos{stock_words(s, f)}")


def place_reason(t: Tables, s: PericlesState, f: int, action: Action) -> str:
    owner, kind, where = (str(arg) for arg in action.args[:3])
    whose = "your own" if FACTIONS.index(owner) == f else "your compatriot's"
    return f"{whose} {KIND_WORDS.get(kind, kind)} marker in {where}: {PLACE_WORDS.get(kind, '')}"


def reason(game: PericlesGame, view: PericlesView, action: Action, legal: list[Action] | None = None) -> str:
    """Why ``action`` is chosen, in plain words (empty when the decision has no reason of its own)."""
    assert view.seat is not None
    t, s, f = game.tables, view.state, view.seat
    if s.step == "resolve" and s.revealed >= 0 and needs_decision(s):
        if action.verb == "decline":
            return "Decline: " + decline_reason(t, s, f, legal)
        kind = MARKER_KINDS[entry_parts(s.revealed)[3]]
        return f"Take the {KIND_WORDS[kind]} issue: " + take_reason(t, s, f, action)
    if s.step == "place" and action.verb == "place":
        return "Place " + place_reason(t, s, f, action)
    return ""


def explain(game: Game[Any, Any], view: Any, legal: list[Action], action: Action) -> str:
    """The kit's hint reason (:attr:`~kleos.core.kit.agents.AgentParts.explain`) for Pericles."""
    if not isinstance(game, PericlesGame) or not isinstance(view, PericlesView) or view.seat is None:
        return ""
    return reason(game, view, action, legal)
