"""Round start (R-ROUND): projects for the round, the event, the start player.

Project tiles and the event card are drawn by chance events (``project <tile>``,
``event <card>``) when they are revealed, which gives the same odds as a face-down pile or a
card set aside at setup while keeping no hidden future in the state.
"""

from __future__ import annotations

from kleos.core.action import Action
from kleos.games.polis.rules import events, turn
from kleos.games.polis.state import CH_EVENT, CH_PROJECT, EVENT, ROUND_START, PolisState
from kleos.games.polis.tables import ATHENS, SPARTA, Tables


def begin_round(t: Tables, s: PolisState) -> None:
    s.phase = ROUND_START
    s.event_flags = []  # event effects last one round (R-EVENT-4)
    s.event = None
    s.battle = None
    _draw_projects_or_go_on(t, s)


def _draw_projects_or_go_on(t: Tables, s: PolisState) -> None:
    """[2012] 3 tiles face up at every round start (R-ROUND-5); [2020] 3 at setup (R-SETUP-9)."""
    wanted = t.rules.projects_per_round[s.round]
    if s.flag("no_projects"):
        wanted = 0
    if len(s.projects_face_up) < wanted and s.project_pile:
        s.chance = CH_PROJECT
        return
    s.chance = None
    _event_step(t, s)


def event_reader(t: Tables, s: PolisState) -> int:
    """More prestige reads; tie: Athens; [2020] round 1: Athens (R-ROUND-7)."""
    if t.rules.fixed_first_round_roles and s.round == 0:
        return ATHENS
    return SPARTA if s.prestige[SPARTA] > s.prestige[ATHENS] else ATHENS


def start_player(t: Tables, s: PolisState) -> int:
    """Less prestige after the event starts; tie: Sparta; [2020] round 1: Sparta (R-ROUND-9/10)."""
    forced = s.flag("start_player", -1)
    if forced in (ATHENS, SPARTA):
        return forced
    if t.rules.fixed_first_round_roles and s.round == 0:
        return SPARTA
    return ATHENS if s.prestige[ATHENS] < s.prestige[SPARTA] else SPARTA


def _event_step(t: Tables, s: PolisState) -> None:
    if t.event_decks[s.round]:
        s.chance = CH_EVENT  # R-EVENT-1
        return
    after_event(t, s)


def chance_outcomes(t: Tables, s: PolisState) -> list[tuple[Action, float]]:
    if s.chance == CH_PROJECT:
        n = len(s.project_pile)
        return [(Action("project", (t.projects[tile].id,)), 1 / n) for tile in s.project_pile]
    deck = t.event_decks[s.round]
    counts: dict[str, int] = {}
    for ev in deck:
        counts[ev.id] = counts.get(ev.id, 0) + 1
    return [(Action("event", (eid,)), n / len(deck)) for eid, n in counts.items()]


def apply_chance(t: Tables, s: PolisState, action: Action) -> None:
    if s.chance == CH_PROJECT:
        tile = t.project_index[str(action.args[0])]
        s.project_pile.remove(tile)
        s.projects_face_up.append(tile)
        _draw_projects_or_go_on(t, s)
        return
    s.chance = None
    s.event = str(action.args[0])
    reader = event_reader(t, s)
    s.phase = EVENT
    events.reveal(t, s, s.event, reader)  # R-ROUND-8
    if s.event_pending is None and s.phase == EVENT:
        after_event(t, s)


def after_event(t: Tables, s: PolisState) -> None:
    """Once the event is applied, the start player begins the turns (R-ROUND-9, R-ROUND-10)."""
    s.event_pending = None
    turn.begin_turns(t, s, start_player(t, s))
