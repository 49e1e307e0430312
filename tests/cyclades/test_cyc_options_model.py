"""The typed options of Cyclades (C-DATA-7, C-AMB-28): the model declares every switch of the data
sheet's ``options.json`` with its default and choices, and the rules read its typed fields."""

from __future__ import annotations

import pytest

from kleos.core.kit import OptionsError
from kleos.core.kit.options import option_specs
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.loader import load_data
from kleos.games.cyclades.options import CycladesOptions


def test_the_model_declares_every_switch_of_the_data_sheet_alike() -> None:
    """C-DATA-7: options.json keeps each switch's reason; its default and choices are the model's."""
    specs = {spec.name: spec for spec in option_specs(CycladesOptions)}
    sheet = load_data().options.options
    assert [o.name for o in sheet] == [name for name in specs if name not in ("players", "data_dir")]
    for o in sheet:
        assert (specs[o.name].default, specs[o.name].choices) == (o.default, tuple(o.choices)), o.name


def test_c_comp_3_the_bank_and_the_markers_are_numbers_in_the_tables() -> None:
    """C-COMP-3, C-AMB-28: the supplies are read once into numbers (None: unlimited)."""
    plain = CycladesGame({}).tables
    assert (plain.bank_size, plain.territory_markers) == (None, None)
    limited = CycladesGame({"gold_supply": "100", "territory_markers": "3"}).tables
    assert (limited.bank_size, limited.territory_markers) == (100, 3)


def test_c_data_11_a_creature_list_is_a_tuple_kept_as_a_list_in_records() -> None:
    """C-DATA-11: a user deck of distinct known keys; records keep it as JSON."""
    keys = [c.key for c in load_data().creatures.creatures][:3]
    game = CycladesGame({"creature_deck": keys})
    assert game.validated.creature_deck == tuple(keys) and game.options["creature_deck"] == keys
    with pytest.raises(OptionsError, match="listed twice"):
        CycladesGame({"creature_deck": [keys[0], keys[0]]})
