"""The game options of Cyclades: player count, data folder and the data sheet's §9 switches.

Switch definitions come from ``options.json`` (so a value found later can add a choice without code);
:func:`validate_options` checks a caller's options against them and fills in defaults. Every error is an
:class:`~kleos.core.kit.OptionsError` naming the option.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kleos.core.kit import OptionsError
from kleos.games.cyclades.datamodel import CycladesData

PLAYERS_DEFAULT = 5
BASE_DECK = "base17"


def validate_options(data: CycladesData, raw: Mapping[str, Any]) -> dict[str, Any]:
    """``raw`` checked and completed: ``players`` (2-5), ``data_dir`` (str or None) and every switch."""
    defs = {o.name: o for o in data.options.options}
    unknown = sorted(set(raw) - {"players", "data_dir", *defs})
    if unknown:
        raise OptionsError(unknown[0], f"unknown option (allowed: players, data_dir, {', '.join(sorted(defs))})")
    players = raw.get("players", PLAYERS_DEFAULT)
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 5:
        raise OptionsError("players", f"must be a whole number from 2 to 5, not {players!r}")
    data_dir = raw.get("data_dir")
    if data_dir is not None and not isinstance(data_dir, str):
        raise OptionsError("data_dir", "must be a folder name")
    out: dict[str, Any] = {"players": players, "data_dir": data_dir}
    keys = [c.key for c in data.creatures.creatures]
    for name, spec in defs.items():
        value = raw.get(name, spec.default)
        if spec.values == "keys" and not isinstance(value, str):
            out[name] = _deck(name, value, keys)
            continue
        if not isinstance(value, str) or value not in spec.choices:
            raise OptionsError(name, f"{value!r} is not one of {', '.join(spec.choices)}")
        out[name] = value
    return out


def _deck(name: str, value: Any, keys: list[str]) -> tuple[str, ...]:
    """A user creature list: distinct known keys (C-DATA-11)."""
    if not isinstance(value, (list, tuple)) or not value or not all(isinstance(k, str) for k in value):
        raise OptionsError(name, f"must be {BASE_DECK!r} or a non-empty list of creature keys")
    for key in value:
        if key not in keys:
            raise OptionsError(name, f"unknown creature {key!r}")
    if len(set(value)) != len(value):
        raise OptionsError(name, "a creature is listed twice")
    return tuple(value)


def non_default(data: CycladesData, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options that differ from their defaults, for records (``game.options``)."""
    defaults = {o.name: o.default for o in data.options.options}
    out: dict[str, Any] = {"players": options["players"]}
    if options.get("data_dir") is not None:
        out["data_dir"] = options["data_dir"]
    for name, default in defaults.items():
        value = options[name]
        if value != default:
            out[name] = list(value) if isinstance(value, tuple) else value
    return out
