"""The game options of Polis as a typed model: the edition, a scenario, readings of unclear rules, a
data folder.

:class:`PolisOptions` declares each option with its default and choices, read by the platform's one
options parser (:mod:`kleos.core.kit.options`); every error is an
:class:`~kleos.core.kit.OptionsError` naming the option. The rule switches are an object checked
here for its form; the switches themselves are judged when the tables are compiled.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kleos.core.errors import N_
from kleos.core.kit import OptionsError
from kleos.core.kit.options import option, options_record
from kleos.games.polis.loader import EDITIONS
from kleos.games.polis.scenarios import NO_SCENARIO

SOURCES = {"rules": "the spec's (config) rulings"}
"""Where the options' readings come from, shown on request."""


def _switches(value: Any) -> dict[str, Any]:
    """The rule switches as an object (none: the rulebook's readings)."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise OptionsError("rules", N_("must be an object of rule switches"))
    return dict(value)


@dataclass(frozen=True)
class PolisOptions:
    """The options of a game of Polis, validated."""

    edition: str = option("2020", help=N_("Which edition's rules and board to play."), choices=tuple(EDITIONS),
                          meanings=(("2012", N_("the first edition: 4 rounds, with oil among the resources")),
                                    ("2020", N_("the Devir edition: 3 rounds, a shorter game"))),
                          label=N_("Edition"))
    scenario: str = option(NO_SCENARIO, help=N_("A scenario of the 2012 edition instead of the whole game. The "
                                                "rules list two more, but give neither their set-up nor a rule "
                                                "of theirs, so they are not offered. With a data folder, any "
                                                "playable scenario of its scenarios.json."),
                           choices=(NO_SCENARIO, "corinthian_war"), open_choices=True,
                           meanings=((NO_SCENARIO, N_("the whole game, every round of the edition")),
                                     ("corinthian_war", N_("the Corinthian War: round 5a alone, no events, no "
                                                           "projects (the 2012 edition)"))),
                           label=N_("Scenario"))
    rules: Mapping[str, Any] = option(help=N_("Readings of unclear rules, as an object of switches, e.g. "
                                              "{\"siege_disc_scope\": \"polis\"}; empty: the rulebook's."),
                                      factory=dict, check=_switches, advanced=True, label=N_("Rule switches"))
    data_dir: str | None = option(None, help=N_("a folder of corrected data files that replace the packaged tables"),
                                  local_only=True)

    def record(self) -> dict[str, Any]:
        """What a record keeps to rebuild the game: the edition, and the rest where it is not the default."""
        return options_record(self, always=("edition",))

    @property
    def data_path(self) -> Path | None:
        return Path(self.data_dir) if self.data_dir else None
