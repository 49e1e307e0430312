"""Round start (R-ROUND): projects for the round, the event, the start player.

Project tiles and the event card are drawn by chance events (``project <tile>``,
``event <card>``) when they are revealed, which gives the same odds as a face-down pile or a
card set aside at setup while keeping no hidden future in the state. The card is read by
:mod:`kleos.games.polis.rules.events` and the turns begun by :mod:`kleos.games.polis.rules.turn`:
this module hands over to them through :mod:`kleos.games.polis.rules.flow`.
"""

from __future__ import annotations

from kleos.core.action import Action
from kleos.games.polis.rules.common import Handover, project_draws
from kleos.games.polis.state import CH_EVENT, CH_PROJECT, EVENT, ROUND_START, PolisState
from kleos.games.polis.tables import ATHENS, SPARTA, Tables


def begin(t: Tables, s: PolisState) -> Handover | None:
    """Round ``s.round`` starts: tiles and the card are drawn by chance (``None``), or there is
    nothing to draw and no event (:attr:`Handover.EVENT_OVER`). Called by
    :func:`kleos.games.polis.rules.flow.begin_round`, which carries on from there."""
    s.phase = ROUND_START
    s.event_flags = []  # event effects last one round (R-EVENT-4)
    s.event = None
    s.battle = None
    return _draw_projects_or_go_on(t, s)


def _draw_projects_or_go_on(t: Tables, s: PolisState) -> Handover | None:
    """[2012] 3 tiles face up at every round start (R-ROUND-5); [2020] 3 at setup (R-SETUP-9)."""
    wanted = t.rules.projects_per_round[s.round]
    if len(s.projects_face_up) < wanted and s.project_pile:
        s.chance = CH_PROJECT
        return None
    s.chance = None
    return _event_step(t, s)


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


def _event_step(t: Tables, s: PolisState) -> Handover | None:
    if t.event_decks[s.round]:
        s.chance = CH_EVENT  # R-EVENT-1
        return None
    return Handover.EVENT_OVER


def chance_outcomes(t: Tables, s: PolisState) -> list[tuple[Action, float]]:
    if s.chance == CH_PROJECT:
        return project_draws(t, s)
    key = ("event cards", s.round)  # the round's deck never changes: its draws are worked out once
    found: list[tuple[Action, float]] | None = t.plans.get(key)
    if found is None:
        deck = t.event_decks[s.round]
        counts: dict[str, int] = {}
        for ev in deck:
            counts[ev.id] = counts.get(ev.id, 0) + 1
        found = t.plans[key] = [(Action("event", (eid,)), n / len(deck)) for eid, n in counts.items()]
    return found[:]


def apply_chance(t: Tables, s: PolisState, action: Action) -> Handover | None:
    """A tile comes up, or the round's card: the card is read next (:attr:`Handover.EVENT_DRAWN`)."""
    if s.chance == CH_PROJECT:
        tile = t.project_index[str(action.args[0])]
        s.project_pile.remove(tile)
        s.projects_face_up.append(tile)
        return _draw_projects_or_go_on(t, s)
    s.chance = None
    s.event = str(action.args[0])
    s.phase = EVENT
    return Handover.EVENT_DRAWN


def end_event(s: PolisState) -> None:
    """The event is applied: no question about it is left open; the start player begins the turns
    next (R-ROUND-9, R-ROUND-10)."""
    s.event_pending = None
