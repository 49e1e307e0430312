"""The game options of Pericles: scenario, data folder and the data sheet's §8 switches and amounts.

Switch and amount definitions come from ``options.json`` (a value found later can add a choice without
code); :func:`validate_options` checks a caller's options and fills in defaults. Every error is an
:class:`~kleos.core.kit.OptionsError` naming the option. An amount (the Honor handicap, P-DATA-14) is
given per faction as an object from faction code to a whole number; validated, it names all four.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kleos.core.kit import OptionsError
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
        allowed = ", ".join(sorted([*defs, *amounts]))
        raise OptionsError(unknown[0], f"unknown option (allowed: scenario, data_dir, {allowed})")
    scenario = raw.get("scenario", SCENARIO_DEFAULT)
    if scenario not in SCENARIOS:
        raise OptionsError("scenario", f"{scenario!r} is not one of {', '.join(SCENARIOS)}")
    data_dir = raw.get("data_dir")
    if data_dir is not None and not isinstance(data_dir, str):
        raise OptionsError("data_dir", "must be a folder name")
    out: dict[str, Any] = {"scenario": scenario, "data_dir": data_dir}
    for name, spec in defs.items():
        value = raw.get(name, spec.default)
        if value not in spec.values:
            raise OptionsError(name, f"{value!r} is not one of {', '.join(spec.values)}")
        out[name] = value
    for name, amount in amounts.items():
        out[name] = per_faction(amount, raw.get(name))
    return out


def per_faction(spec: AmountDef, value: Any) -> dict[str, int]:
    """Every faction's amount from an object of some factions' (the others get the default)."""
    if value is None:
        value = {}
    if not isinstance(value, Mapping):
        raise OptionsError(spec.name, f"give an object from faction code ({', '.join(FACTIONS)}) to a whole "
                                      f"number, e.g. {{\"EK\": {spec.bot_default}}}")
    out = dict.fromkeys(FACTIONS, spec.default)
    for code, amount in value.items():
        if code not in out:
            raise OptionsError(f"{spec.name}.{code}", f"no faction {code!r}: the factions are {', '.join(FACTIONS)}")
        if not isinstance(amount, int) or isinstance(amount, bool) or not spec.minimum <= amount <= spec.maximum:
            raise OptionsError(f"{spec.name}.{code}",
                               f"must be a whole number from {spec.minimum} to {spec.maximum}, not {amount!r}")
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
