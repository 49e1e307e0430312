"""The Polis tables a mutation run of ``polis.tables`` found untested: the rule switches a user may
change (``--rule``, the *(config)* rulings), each refusal naming what it refuses, and the market
positions a game starts from."""

from __future__ import annotations

import pytest

from kleos.core.errors import DataError
from kleos.games.polis.game import PolisGame
from kleos.games.polis.tables import N_GOODS, tables_for


def _refused(edition: str, rules: dict[str, object]) -> tuple[str, str, str]:
    with pytest.raises(DataError) as err:
        tables_for(edition, rules=rules)
    return err.value.file, err.value.field, err.value.message


def test_a_switch_the_edition_does_not_have_is_refused_by_name() -> None:
    """Every unknown switch is named, sorted; the edition itself is not a switch."""
    assert _refused("2012", {"siege_disc_scope": "territory", "no_such": 1, "also_not": True}) == (
        "rules", "also_not, no_such", "no such rule switch")
    assert _refused("2020", {"edition": "2012"}) == ("rules", "edition", "no such rule switch")
    assert _refused("2020", {"edition": "2012", "nope": 1}) == ("rules", "nope", "no such rule switch")


def test_a_switch_of_the_wrong_kind_names_its_place() -> None:
    file, field, message = _refused("2012", {"barter_dice": "three"})
    assert (file, field) == ("rules", "barter_dice") and "'one' or 'lower_of_two'" in message
    file, field, _ = _refused("2012", {"rounds": [{"name": "3", "value": "three"}]})
    assert (file, field) == ("rules", "rounds.0.value")


def test_a_switch_may_change_a_list_but_not_empty_one_the_data_fills() -> None:
    assert _refused("2012", {"perishable": []}) == ("rules", "perishable", "must not be empty")
    assert tables_for("2012", rules={"perishable": ["wheat"]}).perishable == (5,)  # wheat, the sixth good
    assert tables_for("2012", rules={"projects_drawn_after_round": []}).rules.projects_drawn_after_round == []


def test_the_tiles_face_up_are_given_for_each_round() -> None:
    """R-ROUND-5 [2012], R-SETUP-9 [2020]: the tiles turned face up are counted per round, one count for
    each round of the edition."""
    assert _refused("2012", {"projects_per_round": [3, 3]}) == (
        "rules", "projects_per_round", "2 entries for 4 rounds")
    assert tables_for("2012", rules={"projects_per_round": [2, 3, 3, 4]}).rules.projects_per_round == [2, 3, 3, 4]


@pytest.mark.parametrize("edition", ["2012", "2020"])
def test_every_market_value_starts_on_the_first_space(edition: str) -> None:
    """R-SETUP-11 [2020], R-SETUP-18 [2012]: each market value marker on its leftmost space; a good
    with no market track (silver, wheat) has no position to move from either."""
    game = PolisGame(edition)
    assert game.new_state(1).market_pos == [0] * N_GOODS
