"""Scenarios (R-SCEN): an edition's data cut down to what a scenario uses, before the tables are compiled.

A scenario of ``scenarios.json`` plays some of the edition's rounds, in the order it names them, with
or without event cards and project tiles; everything else is the edition's. The Corinthian War
[2012] is round 5a alone with neither (R-SCEN-2, R-SCEN-3): its one round is the last, so the end of
round stops after Megalopolis and the game is scored (R-SCEN-5) by the rule every last round follows.
No rule module asks which scenario is played.
"""

from __future__ import annotations

from kleos.core.errors import DataError
from kleos.games.polis.datamodel import NO_SCENARIO, EditionBundle, EventsData, ProjectsData, Scenario

__all__ = ["NO_SCENARIO", "find_scenario", "with_scenario"]


def find_scenario(bundle: EditionBundle, scenario_id: str) -> Scenario:
    """The playable scenario of that id, or a :class:`DataError` saying why there is none."""
    known = {x.id: x for x in bundle.scenarios.scenarios}
    found = known.get(scenario_id)
    edition = bundle.edition.edition
    if not known:
        raise DataError("scenario", scenario_id, f"the {edition} edition has no scenarios")
    if found is None:
        offered = ", ".join(sorted(known))
        raise DataError("scenario", scenario_id,
                        f"the {edition} edition has no such scenario (its scenarios: {offered})")
    if not found.playable:
        raise DataError("scenario", scenario_id, f"{found.title} cannot be played: {found.why}")
    return found


def with_scenario(bundle: EditionBundle, scenario_id: str) -> EditionBundle:
    """The bundle of the scenario: its rounds in its order, each round's switches kept with it."""
    if scenario_id == NO_SCENARIO:
        return bundle
    scenario = find_scenario(bundle, scenario_id)
    edition = bundle.edition
    names = [r.name for r in edition.rounds]
    kept = [names.index(name) for name in scenario.rounds]
    drawn = edition.projects_drawn_after_round  # one entry per round after the first, or none
    rounds = edition.model_copy(update={
        "rounds": [edition.rounds[i] for i in kept],
        "projects_per_round": [edition.projects_per_round[i] if scenario.projects else 0 for i in kept],
        "projects_drawn_after_round": [drawn[i] if i < len(drawn) else 0 for i in kept[:-1]]
        if drawn and scenario.projects else [],
    })
    decks = [deck for deck in bundle.events.decks if deck.round in scenario.rounds] if scenario.events else []
    projects = bundle.projects.projects if scenario.projects else []
    return bundle.model_copy(update={
        "scenario": scenario.id,
        "edition": rounds,
        "events": EventsData(provenance=bundle.events.provenance, decks=decks),
        "projects": ProjectsData(provenance=bundle.projects.provenance, projects=projects),
    })
