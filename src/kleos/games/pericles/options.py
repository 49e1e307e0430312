"""The game options of Pericles: scenario, data folder and the data sheet's §8 switches and amounts.

Switch and amount definitions come from ``options.json`` (a value found later can add a choice without
code); :func:`validate_options` checks a caller's options and fills in defaults. Every error is an
:class:`~kleos.core.kit.OptionsError` naming the option. An amount (the Honor handicap, P-DATA-14) is
given per faction as an object from faction code to a whole number; validated, it names all four.
:func:`option_specs` declares them for the lobby and the command lines: the scenario first, every
switch an advanced rules reading told in a plain sentence per value (:data:`MEANINGS`), with the data
sheet's reason and rule IDs kept as its source.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from kleos.core.errors import N_
from kleos.core.kit import FOLDER_NAME, NOT_ONE_OF, UNKNOWN_OPTION, WHOLE_NUMBER, OptionsError, OptionSpec
from kleos.games.pericles.datamodel import AmountDef, PericlesData
from kleos.games.pericles.tables import FACTIONS

SCENARIOS = ("14_2", "14_1_09a")
SCENARIO_DEFAULT = "14_2"
HONOR_HANDICAP = "honor_handicap"


def validate_options(data: PericlesData, raw: Mapping[str, Any]) -> dict[str, Any]:
    """``raw`` checked and completed: ``scenario``, ``data_dir`` (str or None), every switch and amount."""
    defs = {o.name: o for o in data.options.options}
    amounts = {a.name: a for a in data.options.amounts}
    unknown = sorted(set(raw) - {"scenario", "data_dir", *defs, *amounts})
    if unknown:
        allowed = ", ".join(["scenario", "data_dir", *sorted([*defs, *amounts])])
        raise OptionsError(unknown[0], UNKNOWN_OPTION, allowed=allowed)
    scenario = raw.get("scenario", SCENARIO_DEFAULT)
    if scenario not in SCENARIOS:
        raise OptionsError("scenario", NOT_ONE_OF, value=repr(scenario), choices=", ".join(SCENARIOS))
    data_dir = raw.get("data_dir")
    if data_dir is not None and not isinstance(data_dir, str):
        raise OptionsError("data_dir", FOLDER_NAME)
    out: dict[str, Any] = {"scenario": scenario, "data_dir": data_dir}
    for name, spec in defs.items():
        value = raw.get(name, spec.default)
        if value not in spec.values:
            raise OptionsError(name, NOT_ONE_OF, value=repr(value), choices=", ".join(spec.values))
        out[name] = value
    for name, amount in amounts.items():
        out[name] = per_faction(amount, raw.get(name))
    return out


def per_faction(spec: AmountDef, value: Any) -> dict[str, int]:
    """Every faction's amount from an object of some factions' (the others get the default)."""
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


def non_default(data: PericlesData, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options that differ from their defaults, for records (``game.options``); an amount keeps
    only the factions whose value differs."""
    out: dict[str, Any] = {}
    if options["scenario"] != SCENARIO_DEFAULT:
        out["scenario"] = options["scenario"]
    if options.get("data_dir") is not None:
        out["data_dir"] = options["data_dir"]
    for o in data.options.options:
        if options[o.name] != o.default:
            out[o.name] = options[o.name]
    for a in data.options.amounts:
        changed = {code: n for code, n in options[a.name].items() if n != a.default}
        if changed:
            out[a.name] = changed
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


def option_specs(data: PericlesData) -> tuple[OptionSpec, ...]:
    """The options for the lobby and the command lines: the scenario, then each switch as an advanced
    rules reading in plain words (the data sheet's reason and rule IDs as its source)."""
    specs = [OptionSpec("scenario", N_("Which war to play: the whole First Peloponnesian War, or a short game of "
                                       "the war alone."), SCENARIO_DEFAULT, SCENARIOS, meanings=SCENARIO_MEANINGS,
                        label=N_("Scenario")),
             OptionSpec("data_dir", N_("a folder of corrected data files that replace the packaged ones"),
                        local_only=True)]
    for o in data.options.options:
        label, help_text, values = MEANINGS.get(o.name, (o.name, o.why, {}))
        meanings = tuple((v, values[v]) for v in o.values if v in values)
        specs.append(OptionSpec(o.name, help_text, o.default, tuple(o.values), advanced=True, meanings=meanings,
                                source=f"{o.why} ({', '.join(o.rules)})", label=label))
    for a in data.options.amounts:
        specs.append(OptionSpec(a.name, f"Extra Honor some factions start with, {a.minimum} to {a.maximum} each, "
                                        f"as an object from faction code ({', '.join(FACTIONS)}), e.g. "
                                        f"{{\"EK\": {a.bot_default}}}; the lobby's bot handicap sets it for the "
                                        f"factions bots play.", advanced=True,
                                source=f"{a.why} ({', '.join(a.rules)})", label=N_("Starting Honor")))
    return tuple(specs)
