"""The game options of Pericles: scenario, data folder and the data sheet's §8 switches.

Switch definitions come from ``options.json`` (a value found later can add a choice without code);
:func:`validate_options` checks a caller's options and fills in defaults. Every error is an
:class:`~kleos.core.kit.OptionsError` naming the option.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kleos.core.kit import OptionsError
from kleos.games.pericles.datamodel import PericlesData

SCENARIOS = ("14_2", "14_1_09a")
SCENARIO_DEFAULT = "14_2"


def validate_options(data: PericlesData, raw: Mapping[str, Any]) -> dict[str, Any]:
    """``raw`` checked and completed: ``scenario``, ``data_dir`` (str or None) and every switch."""
    defs = {o.name: o for o in data.options.options}
    unknown = sorted(set(raw) - {"scenario", "data_dir", *defs})
    if unknown:
        raise OptionsError(unknown[0], f"unknown option (allowed: scenario, data_dir, {', '.join(sorted(defs))})")
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
    return out


def non_default(data: PericlesData, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options that differ from their defaults, for records (``game.options``)."""
    out: dict[str, Any] = {}
    if options["scenario"] != SCENARIO_DEFAULT:
        out["scenario"] = options["scenario"]
    if options.get("data_dir") is not None:
        out["data_dir"] = options["data_dir"]
    for o in data.options.options:
        if options[o.name] != o.default:
            out[o.name] = options[o.name]
    return out
