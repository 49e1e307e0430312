"""A catalogue built section by section: the numbering the games' encoding parts rely on."""

from __future__ import annotations

from kleos.adapters.actions import ActionCatalogue
from kleos.core.action import act


def test_each_action_keeps_its_first_number_and_sections_cover_what_they_add() -> None:
    sections = [("opening", [act("pass"), act("move", 1)]), ("battle", [act("move", 1), act("retreat")])]
    catalogue = ActionCatalogue.in_sections("toy", sections, [act("roll", 2), act("roll", 1), act("roll", 2)])
    assert catalogue.actions == (act("pass"), act("move", 1), act("retreat"))
    assert catalogue.sections == {"opening": range(0, 2), "battle": range(2, 3)}
    assert catalogue.chance == (act("roll", 2), act("roll", 1))
