"""The typed options of Pericles (P-DATA-14): the model declares every switch of the data sheet's
``options.json`` with its default and choices, and the Honor handicap's help says the sheet's range."""

from __future__ import annotations

import json

from kleos.core.kit.options import option_specs
from kleos.games.pericles.kit import KIT
from kleos.games.pericles.loader import load_data
from kleos.games.pericles.options import HONOR_HELP, PericlesOptions, honor_amount
from kleos.games.pericles.tables import FACTIONS
from kleos.i18n import use_locale


def test_the_model_declares_every_switch_of_the_data_sheet_alike() -> None:
    specs = {spec.name: spec for spec in option_specs(PericlesOptions)}
    for o in load_data().options.options:
        assert (specs[o.name].default, specs[o.name].choices) == (o.default, tuple(o.values)), o.name
    assert [a.name for a in load_data().options.amounts] == ["honor_handicap"]


def test_p_data_14_the_honor_help_gives_the_data_sheets_range_and_is_translated() -> None:
    a = honor_amount()
    assert f"{a.minimum} to {a.maximum} each" in HONOR_HELP and ", ".join(FACTIONS) in HONOR_HELP
    assert json.dumps({"EK": a.bot_default}) in HONOR_HELP
    for code in ("es", "de"):
        with use_locale(code):
            assert KIT.word(HONOR_HELP) != HONOR_HELP
