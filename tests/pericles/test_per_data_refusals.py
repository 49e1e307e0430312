"""A data folder's file that breaks a cross-check of pericles-data.md §9 is refused, naming the
file and the field at fault (P-DATA-1).

The mutation run of ``pericles.loader`` (docs/mutation.md, sixteenth round) found most checks of
the loader untested: the packaged files pass every check, so a check that no longer refuses
anything went unnoticed. Each case below breaks one file of the packaged data in one way and asks
for the field the check names; the message is matched too where one field has several checks.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from kleos.core.errors import DataError
from kleos.games.pericles.loader import load_data

Edit = Callable[[dict[str, Any]], object]


def _packaged(table: str) -> dict[str, Any]:
    text = (resources.files("kleos.games.pericles") / "data" / f"{table}.json").read_text(encoding="utf-8")
    raw: dict[str, Any] = json.loads(text)
    return raw


def _theater(raw: dict[str, Any], number: int) -> dict[str, Any]:
    found: dict[str, Any] = next(t for t in raw["theaters"] if t["number"] == number)
    return found


def _first_card_with_units(raw: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = next(c for c in raw["cards"] if c["units"])
    return found


def _without_theater_1(raw: dict[str, Any]) -> None:
    raw["connections"] = [c for c in raw["connections"] if 1 not in (c["a"], c["b"])]


def _pair_twice(raw: dict[str, Any]) -> None:
    first, second = raw["connections"][0], raw["connections"][1]
    for key in ("a", "b", "kind", "base_end"):
        second[key] = first[key]


CASES: list[tuple[str, str, Edit, str, str]] = [
    # (case, table, edit, field, words of the message)
    ("theater numbers", "theaters", lambda r: r["theaters"][0].update(number=2), "theaters", "1..20"),
    ("theater keys", "theaters", lambda r: r["theaters"][1].update(key=r["theaters"][0]["key"]), "theaters", "key"),
    ("a border for Persia only", "theaters", lambda r: r["theaters"][0].update(border="none"),
     "theaters[0].border", "Persia"),
    ("granaries", "theaters", lambda r: _theater(r, 1).update(granary=False), "theaters[0].granary", "P-VICTORY-5"),
    ("the Aegean", "theaters", lambda r: _theater(r, 15).update(aegean=False), "theaters[14].aegean", "P-DEF-15"),
    ("homes", "theaters", lambda r: _theater(r, 6).update(home=None), "theaters[5].home", "P-DEF-13"),
    ("link kinds", "connection_kinds", lambda r: r["kinds"][0].update(id="road"), "kinds", "the kinds must be"),
    ("exit tests", "connection_kinds", lambda r: r["kinds"][0].update(naval_exit="N"), "kinds[0]", "P-DATA-3"),
    ("link ids", "connections", lambda r: r["connections"][1].update(id=r["connections"][0]["id"]),
     "connections[1].id", "used twice"),
    ("Persia is linked to nothing", "connections", lambda r: r["connections"][0].update(a=21), "connections[0].a",
     "never Persia"),
    ("a theater linked to itself", "connections", lambda r: r["connections"][0].update(b=r["connections"][0]["a"]),
     "connections[0]", "two different theaters"),
    ("a pair linked twice", "connections", _pair_twice, "connections[1]", "at most once"),
    ("unknown link kind", "connections", lambda r: r["connections"][0].update(kind="tunnel"), "connections[0].kind",
     "unknown kind"),
    ("base end without a base kind", "connections",
     lambda r: next(c for c in r["connections"] if c["kind"] == "land").update(base_end=[1]),
     r"connections\[\d+\]\.base_end", "only \\*_base kinds"),
    ("one network", "connections", _without_theater_1, "connections", "one network"),
    ("deck halves", "cards_athens", lambda r: r["factions"].reverse(), "factions", "halves belong"),
    ("deck size", "cards_athens", lambda r: r["cards"].pop(), "cards", "2 Leaders"),
    ("card ids", "cards_sparta", lambda r: r["cards"][1].update(id=r["cards"][0]["id"]), "cards[1].id", "used twice"),
    ("primary half", "cards_athens", lambda r: r["cards"][0].update(primary="EK"), "cards[0].primary", "faction"),
    ("empty half", "cards_athens", lambda r: r["cards"][0]["halves"][1].clear(), "cards[0].halves[1]", "attribute"),
    ("a Leader per faction", "leaders", lambda r: r["leaders"][0].update(faction=r["leaders"][1]["faction"]),
     "leaders", "P-COMP-7"),
    ("Aristophanes deck size", "aristophanes", lambda r: r["cards"].pop(), "cards", "counters says"),
    ("Aristophanes pairs", "aristophanes",
     lambda r: r["cards"][1].update(play=r["cards"][0]["play"], letter=r["cards"][0]["letter"]), "cards", "twice"),
    ("Aristophanes units", "aristophanes", lambda r: _first_card_with_units(r)["units"][0].update(theater=21),
     r"cards\[\d+\]\.units\[0\]", "theater 1-20"),
    ("common debate issues", "issues", lambda r: r["debate_common"].pop("GAM"), "debate_common", "MIL LEA"),
    ("side debate issues", "issues", lambda r: r["debate_side"].pop("sparta"), "debate_side", "one list per side"),
    ("theater marker kinds", "issues", lambda r: r["theater_markers"].pop("ORA"), "debate_side", "markers"),
    ("faction order", "issues", lambda r: r["factions"].reverse(), "factions", "in this order"),
    ("faction sides", "issues", lambda r: r["factions"][0].update(side="sparta"), "factions[0].side", "not of"),
    ("18 debate issues", "issues", lambda r: r["debate_side"]["athens"].append("CIT"), "debate_side.athens",
     "P-COMP-11"),
    ("13 theater markers", "issues", lambda r: r["theater_markers"].update(MIL=7), "theater_markers", "P-COMP-12"),
    ("piece limits", "counters", lambda r: r["pieces"].pop("Xb"), "pieces", "one limit per piece"),
    ("colours", "counters", lambda r: r["colours"].pop("Xb"), "colours", "P-DEF-4"),
    ("counter sheet", "counters", lambda r: r.update(counter_sheet=10), "counter_sheet", "P-COMP-10"),
    ("casualty rows", "casualty_tables", lambda r: r["rows"].pop(0), "rows", "P-DATA-8"),
    ("turn order", "scenario_14_2", lambda r: r.update(first_turn=5, last_turn=4), "last_turn", "after the first"),
    ("victory turns", "scenario_14_2", lambda r: r["auto_honor_victory_turns"].append(9), "auto_honor_victory_turns",
     "turn 9"),
    ("theaters in play", "scenario_14_2", lambda r: r["theaters_in_play"].append(22), "theaters_in_play", "1-21"),
    ("dominant per side", "scenario_14_2", lambda r: r["dominant"].pop("sparta"), "dominant", "one value per side"),
    ("hostages per side", "scenario_14_2", lambda r: r["hostages"].pop("sparta"), "hostages", "one value per side"),
    ("Honor per faction", "scenario_14_2", lambda r: r["honor"].pop("AF"), "honor", "one value per faction"),
    ("stocks per faction", "scenario_14_2", lambda r: r["stocks"].pop("AF"), "stocks", "one value per faction"),
    ("markers by faction", "scenario_14_2", lambda r: r["theater_markers"].update(XX=[]), "theater_markers",
     "keys are factions"),
    ("dominant of the side", "scenario_14_2", lambda r: r["dominant"].update(athens="EK"), "dominant.athens",
     "not a faction of athens"),
    ("favour of the side", "scenario_14_2", lambda r: r["favour"].update(sparta="AF"), "favour.sparta",
     "not a faction of sparta"),
    ("Strategos", "scenario_14_2", lambda r: r["supply"].update(athens=25), "supply.athens", "P-COMP-2/4"),
    ("pieces in play", "scenario_14_2", lambda r: r["theaters_in_play"].remove(2), "pieces[0].theater", "not in play"),
    ("Persian bases", "scenario_14_2", lambda r: r["pieces"].append({"theater": 7, "piece": "Xb", "count": 1}),
     "pieces[36]", "P-PERSIA-4"),
    ("Argos", "scenario_14_2", lambda r: r["pieces"].append({"theater": 7, "piece": "Ar", "count": 1}),
     "pieces[36]", "P-ARGOS-2"),
    ("War with Persia", "scenario_14_2", lambda r: r.update(war_with_persia=False), r"pieces\[\d+\]", "P-PERSIA-6"),
    ("bases per theater", "scenario_14_2", lambda r: r["pieces"].append({"theater": 8, "piece": "Pb", "count": 3}),
     "pieces", "P-THEATER-3"),
    ("treason", "scenario_14_2", lambda r: r["treason"].append({"theater": 7, "side": "athens", "count": 11}),
     "treason", "P-COMP-8"),
    ("theater markers", "scenario_14_2", lambda r: r["theater_markers"].update(AF=["MIL"] * 7), "theater_markers.AF",
     "7 MIL markers"),
    ("Rumors", "scenario_14_2", lambda r: r["theater_markers"].update(DF=["RUM"] * 3), "theater_markers.DF",
     "Rumors"),
]


@pytest.mark.parametrize(("table", "edit", "field", "words"), [case[1:] for case in CASES],
                         ids=[case[0] for case in CASES])
def test_a_broken_data_file_is_refused_naming_the_field(tmp_path: Path, table: str, edit: Edit, field: str,
                                                       words: str) -> None:
    """P-DATA-1: each cross-check refuses its own fault, and only the file given is read from the folder."""
    raw = _packaged(table)
    edit(raw)
    (tmp_path / f"{table}.json").write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(DataError) as refused:
        load_data(tmp_path)
    assert refused.value.file == str(tmp_path / f"{table}.json")
    assert re.fullmatch(field if "\\" in field else re.escape(field), refused.value.field), refused.value
    assert re.search(words, refused.value.message), refused.value
