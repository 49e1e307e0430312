"""The calibration map of a game's search value (:mod:`kleos.core.kit.calibration`): linear between
its knots, flat beyond them, the identity without knots; a file with knots out of order is refused;
the files the games ship load, with their provenance."""

from __future__ import annotations

import json

import pytest

from kleos.core.datafiles import parse_model
from kleos.core.errors import DataError
from kleos.core.kit.calibration import CALIBRATION_FILE, CalibrationModel, calibrate, read_calibration

KNOTS = ((0.2, 0.1), (0.6, 0.3), (0.9, 0.8))
GAMES = ("kleos.games.polis", "kleos.games.cyclades", "kleos.games.pericles")


@pytest.mark.parametrize(("value", "chance"), [(0.0, 0.1), (0.2, 0.1), (0.4, 0.2), (0.6, 0.3), (0.75, 0.55),
                                               (0.9, 0.8), (1.0, 0.8)])
def test_the_map_is_linear_between_the_knots_and_flat_beyond(value: float, chance: float) -> None:
    assert calibrate(value, KNOTS) == pytest.approx(chance)


def test_without_knots_the_value_is_the_chance() -> None:
    assert calibrate(0.37, ()) == 0.37


@pytest.mark.parametrize("knots", [[], [[0.5, 0.4], [0.4, 0.6]], [[0.2, 0.5], [0.4, 0.3]], [[0.2, 1.5]]])
def test_knots_out_of_order_or_range_are_refused(knots: list[list[float]]) -> None:
    with pytest.raises(DataError):
        parse_model(CalibrationModel, "test", json.dumps({"knots": knots, "provenance": {}}))


@pytest.mark.parametrize("package", GAMES)
def test_the_shipped_maps_load_and_say_how_they_were_fitted(package: str) -> None:
    from importlib import resources

    found = resources.files(package) / "data" / CALIBRATION_FILE
    if not found.is_file():
        assert read_calibration(package) == ()
        return
    model = CalibrationModel.model_validate_json(found.read_text(encoding="utf-8"))
    assert read_calibration(package) == tuple(tuple(k) for k in model.knots)
    provenance = model.provenance
    assert provenance["fitted_on_seeds"] and provenance["held_out_seeds"] and provenance["commands"]
    assert not set(provenance["fitted_on_seeds"]) & set(provenance["held_out_seeds"])
