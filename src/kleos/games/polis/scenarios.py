"""Scenarios (R-SCEN): an edition's data cut down to what a scenario uses, before the tables are compiled.

A scenario of ``scenarios.json`` plays some of the edition's rounds, in the order it names them, with
or without event cards and project tiles; everything else is the edition's. The Corinthian War
[2012] is round 5a alone with neither (R-SCEN-2, R-SCEN-3): its one round is the last, so the end of
round stops after Megalopolis and the game is scored (R-SCEN-5) by the rule every last round follows.
No rule module asks which scenario is played.
"""

from __future__ import annotations

from typing import Any

from kleos.core.errors import N_, DataError
from kleos.games.polis.datamodel import NO_SCENARIO, EditionBundle, EventsData, ProjectsData, Scenario

__all__ = ["NO_SCENARIO", "ScenarioRefused", "find_scenario", "with_scenario"]

NO_SCENARIOS = N_("the {edition} edition has no scenarios")
NO_SUCH_SCENARIO = N_("the {edition} edition has no such scenario (its scenarios: {offered})")
NOT_PLAYABLE = N_("{title} cannot be played: {why}")


class ScenarioRefused(DataError):
    """A scenario asked for that cannot be played: ``template`` (English, in the Polis catalogue)
    and ``params`` let the option's refusal be read in the player's language."""

    def __init__(self, scenario_id: str, template: str, **params: Any) -> None:
        super().__init__("scenario", scenario_id, template.format(**params))
        self.template = template
        self.params = params


def find_scenario(bundle: EditionBundle, scenario_id: str) -> Scenario:
    """The playable scenario of that id, or a :class:`ScenarioRefused` saying why there is none: the
    scenarios are those of the data loaded, a user's data folder's among them."""
    known = {x.id: x for x in bundle.scenarios.scenarios}
    found = known.get(scenario_id)
    edition = bundle.edition.edition
    if not known:
        raise ScenarioRefused(scenario_id, NO_SCENARIOS, edition=edition)
    if found is None:
        raise ScenarioRefused(scenario_id, NO_SUCH_SCENARIO, edition=edition, offered=", ".join(sorted(known)))
    if not found.playable:
        raise ScenarioRefused(scenario_id, NOT_PLAYABLE, title=found.title, why=found.why)
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
