"""One reading of ``--option NAME=VALUE`` for every command (play, arena, adapters).

Two commands once read the same text differently (``gold_supply=98`` became the number 98 in one
and the choice ``"98"`` in the other, which the game then refused): both now call
:func:`option_pair`. An option with documented choices, or a text default, takes the text as
written; any other takes JSON when the text parses (numbers, booleans, lists) and the text
itself otherwise. The game's own validation then judges the value.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from kleos.core.kit import OptionSpec


def option_value(specs: Sequence[OptionSpec], name: str, text: str) -> Any:
    """``text`` as the value of option ``name``."""
    spec = next((o for o in specs if o.name == name), None)
    if spec is not None and (spec.choices or isinstance(spec.default, str)):
        return text
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def option_pair(specs: Sequence[OptionSpec], pair: str) -> tuple[str, Any]:
    """``NAME=VALUE`` read as (name, value); a pair without ``=`` or name is a ``ValueError``."""
    name, equals, text = pair.partition("=")
    if not equals or not name.strip():
        raise ValueError(f"--option {pair!r}: write NAME=VALUE")
    return name.strip(), option_value(specs, name.strip(), text)


def apply_option_pairs(specs: Sequence[OptionSpec], options: dict[str, Any], pairs: Iterable[str]) -> dict[str, Any]:
    """``options`` updated by each ``NAME=VALUE`` of ``pairs`` (the later pair wins)."""
    for pair in pairs:
        name, value = option_pair(specs, pair)
        options[name] = value
    return options
