"""The game options of Pericles as a typed model: scenario, data folder and the data sheet's §8
switches and amounts.

:class:`PericlesOptions` declares each option with its default and choices (its type), read by the
platform's one options parser (:mod:`kleos.core.kit.options`); every error is an
:class:`~kleos.core.kit.OptionsError` naming the option. An amount (the Honor handicap, P-DATA-14) is
given per faction as an object from faction code to a whole number, its range from ``options.json``;
validated, it names all four. The scenario comes first, then every switch as an advanced rules
reading told in a plain sentence per value (:data:`MEANINGS`); ``options.json`` keeps each one's
reason and rule IDs (shown as its source, :func:`option_sources`) and must agree with the model.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from kleos.core.errors import N_
from kleos.core.kit import WHOLE_NUMBER, OptionsError
from kleos.core.kit.options import option, options_record
from kleos.games.pericles.datamodel import AmountDef, PericlesData
from kleos.games.pericles.loader import load_data

SCENARIOS = ("14_2", "14_1_09a")
SCENARIO_DEFAULT = "14_2"
HONOR_HANDICAP = "honor_handicap"


def per_faction(spec: AmountDef, value: Any) -> dict[str, int]:
    """Every faction's amount from an object of some factions' (the others get the default)."""
    from kleos.games.pericles.tables import FACTIONS  # the tables' dataclass names this module's model

    if value is None:
        value = {}
    if not isinstance(value, Mapping):
        example = json.dumps({"EK": spec.bot_default})
        raise OptionsError(spec.name, N_("give an object from faction code ({factions}) to a whole number, e.g. "
                                         "{example}"), factions=", ".join(FACTIONS), example=example)
    out = dict.fromkeys(FACTIONS, spec.default)
    for code, amount in value.items():
        if code not in out:
            raise OptionsError(f"{spec.name}.{code}", N_("no faction {code}: the factions are {factions}"),
                               code=repr(code), factions=", ".join(FACTIONS))
        if not isinstance(amount, int) or isinstance(amount, bool) or not spec.minimum <= amount <= spec.maximum:
            raise OptionsError(f"{spec.name}.{code}", WHOLE_NUMBER, least=spec.minimum, most=spec.maximum,
                               value=repr(amount))
        out[code] = amount
    return out


Meaning = tuple[str, str, dict[str, str]]
"""An option in plain words: its short title, what it decides in play, and what each value means
(English source strings of the game's catalogue: a surface shows them through the game's text domain)."""

SCENARIO_MEANINGS = (("14_2", N_("The First Peloponnesian War: the whole game, politics in Athens and Sparta "
                                 "and the war, over several turns")),
                     ("14_1_09a", N_("War in the Aegean: a short game of the war in the theaters only")))

MEANINGS: dict[str, Meaning] = {
    "casualty_row_mode": (
        N_("Casualties from the table"),
        N_("How the losing side's casualties are taken from the casualty table's rows."),
        {"one_row": N_("all from one row of the table, so one kind of unit dies"),
         "split": N_("the chooser splits them between the rows, so both kinds may die")}),
    "winner_casualty_cap": (
        N_("Winner's casualties"),
        N_("Whether the winner of a battle may lose more units than the battle's margin."),
        {"differential": N_("never more than the difference between the two totals"),
         "none": N_("as many as the winner's table says")}),
    "crossing_base_land_test": (
        N_("Crossing with a base"),
        N_("Which strength land units are tested on when they leave by a sea crossing that needs a base."),
        {"naval": N_("the side's naval strength"), "land": N_("the side's land strength")}),
    "base_condition_ends": (
        N_("Links that need a base"),
        N_("Where a friendly base is needed to use a link that asks for one."),
        {"per_link": N_("at the end the map marks for that link"), "both_ends": N_("at either end of the link")}),
    "athens_border": (
        N_("Athens' theater"),
        N_("Whether Athens' theater is fought over as a naval or a land theater (conquest, plague)."),
        {"naval": N_("a naval theater"), "land": N_("a land theater")}),
    "peace_end_trigger_14_2": (
        N_("Peace ends the war"),
        N_("In the First Peloponnesian War, when a Peace ends the game."),
        {"peace_in_effect": N_("when a Peace is in effect at the check"),
         "peace_declared": N_("as soon as Peace is declared")}),
    "colony_points": (
        N_("Colony units"),
        N_("Which units Athens places for free when it wins the Colony issue."),
        {"build": N_("1 naval unit or 2 land units"), "upkeep": N_("2 naval units or 4 land units")}),
    "spartan_redeploy_bases": (
        N_("Spartan redeployment"),
        N_("Where Spartan units may be redeployed to."),
        {"spartan": N_("only theaters with a Spartan base"),
         "spartan_or_league": N_("theaters with a Spartan or a Peloponnesian League base")}),
    "vignette_end_bonus": (
        N_("Vignette's end bonus"),
        N_("In War in the Aegean, whether the Dominant faction of each side gains 5 Honor and the other "
           "loses 5 at the end (the whole war always scores it)."),
        {"none": N_("no bonus: Honor alone decides, as the sources report"),
         "political": N_("the Dominant +5, the Opponent -5 before the Honor is compared")}),
}


def honor_amount() -> AmountDef:
    """The Honor handicap's range and defaults (P-DATA-14), from the data sheet."""
    return next(a for a in load_data().options.amounts if a.name == HONOR_HANDICAP)


def _honor(value: Any) -> dict[str, int]:
    return per_faction(honor_amount(), value)


def _switch(name: str, default: str) -> Any:
    """An advanced rules reading, in the plain words of :data:`MEANINGS`."""
    label, help_text, values = MEANINGS[name]
    return option(default, help=help_text, label=label, meanings=tuple(values.items()), advanced=True)


HONOR_HELP = N_("Extra Honor some factions start with, 0 to 40 each, as an object from faction code (AF, DF, "
                "EK, AK), e.g. {\"EK\": 20}; the lobby's bot handicap sets it for the factions bots play.")
"""The Honor handicap in words (its range and example are the data sheet's, checked by the tests)."""


@dataclass(frozen=True)
class PericlesOptions:
    """The options of a game of Pericles, validated; the rules read these fields."""

    scenario: Literal["14_2", "14_1_09a"] = option(
        SCENARIO_DEFAULT, help=N_("Which war to play: the whole First Peloponnesian War, or a short game of the war "
                                  "alone."), meanings=SCENARIO_MEANINGS, label=N_("Scenario"))
    data_dir: str | None = option(None, help=N_("a folder of corrected data files that replace the packaged ones"),
                                  local_only=True)
    casualty_row_mode: Literal["one_row", "split"] = _switch("casualty_row_mode", "one_row")
    winner_casualty_cap: Literal["differential", "none"] = _switch("winner_casualty_cap", "differential")
    crossing_base_land_test: Literal["naval", "land"] = _switch("crossing_base_land_test", "naval")
    base_condition_ends: Literal["per_link", "both_ends"] = _switch("base_condition_ends", "per_link")
    athens_border: Literal["naval", "land"] = _switch("athens_border", "naval")
    peace_end_trigger_14_2: Literal["peace_in_effect", "peace_declared"] = _switch("peace_end_trigger_14_2",
                                                                                   "peace_in_effect")
    colony_points: Literal["build", "upkeep"] = _switch("colony_points", "build")
    spartan_redeploy_bases: Literal["spartan", "spartan_or_league"] = _switch("spartan_redeploy_bases", "spartan")
    vignette_end_bonus: Literal["none", "political"] = _switch("vignette_end_bonus", "none")
    honor_handicap: Mapping[str, int] = option(help=HONOR_HELP, factory=dict, check=_honor, advanced=True,
                                               label=N_("Starting Honor"))

    def record(self) -> dict[str, Any]:
        """The options that differ from their defaults, for records; the Honor handicap keeps only
        the factions whose amount differs."""
        out = options_record(self)
        default = honor_amount().default
        changed = {code: n for code, n in self.honor_handicap.items() if n != default}
        out.pop(HONOR_HANDICAP, None)
        return {**out, HONOR_HANDICAP: changed} if changed else out


def option_sources(data: PericlesData) -> dict[str, str]:
    """Each switch's and amount's reason and rule IDs from the data sheet, shown on request."""
    sources = {o.name: f"{o.why} ({', '.join(o.rules)})" for o in data.options.options}
    return sources | {a.name: f"{a.why} ({', '.join(a.rules)})" for a in data.options.amounts}
