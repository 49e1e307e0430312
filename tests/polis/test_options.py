"""Rulings marked (config) are game options: the rule switches of edition.json can be overridden."""

from __future__ import annotations

import pytest

from kleos.core.errors import DataError
from kleos.games.polis.game import PolisGame
from kleos.games.polis.positions import play, set_units, turn_position
from kleos.games.polis.state import PolisState


def siege_chios_with_a_disc_on_samos(game: PolisGame) -> PolisState:
    s = turn_position(game, round=1, active="sparta")
    set_units(game, s, "Ionia", athens=0, sparta=3)
    samos, chios = game.tables.polis_index["Samos"], game.tables.polis_index["Chios"]
    s.siege_discs[samos * 2 + 1] = 1
    s.supply_discs[1] -= 1
    play(game, s, "siege Chios", "roll 1")
    assert s.owner[chios] in (0, 1)
    return s


def test_siege_disc_scope_territory_by_default() -> None:
    """R-ACT-SIEGE-9: the Devir rulebook gives +1 per own siege disc *in the territory*; the
    rulebook wins over the spec's ruling A-10, so a disc left at Samos helps against Chios."""
    game = PolisGame("2020")
    s = siege_chios_with_a_disc_on_samos(game)
    assert s.owner[game.tables.polis_index["Chios"]] == 1  # 1 + 1 >= fortification 2: taken


def test_siege_disc_scope_polis_as_an_option() -> None:
    """A-10 (config): with siege_disc_scope=polis a disc counts only for its own polis."""
    game = PolisGame("2020", rules={"siege_disc_scope": "polis"})
    s = siege_chios_with_a_disc_on_samos(game)
    assert s.owner[game.tables.polis_index["Chios"]] == 0  # 1 < 2: failed


def test_options_round_trip_through_a_record() -> None:
    game = PolisGame("2012", rules={"post_pass_siege_repeat": True})
    again = PolisGame.from_options(game.options)
    assert again.tables.rules == game.tables.rules
    assert again.edition == "2012"


@pytest.mark.parametrize(("rules", "field"), [({"no_such_switch": 1}, "no_such_switch"),
                                              ({"phoros": "sometimes"}, "phoros")])
def test_bad_option_names_the_field(rules: dict[str, object], field: str) -> None:
    with pytest.raises(DataError) as info:
        PolisGame("2020", rules=rules)
    assert info.value.field == field
