"""The packaged Cyclades data against the data sheet (cyclades-data.md §10) and the loader's errors.

Each test asserts the fact itself, so a data file edited into contradiction with the rules fails.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from kleos.core.errors import DataError
from kleos.games.cyclades import loader
from kleos.games.cyclades.datamodel import BOARD_TABLES, TABLES, CycladesData
from kleos.games.cyclades.loader import load_data, provenance_summary

PACKAGED = Path(loader.__file__).parent / "data"
COUNTS = {"board_5p": (13, 61, 30, 11, 6), "board_4p": (10, 46, 23, 9, 6), "board_2_3p": (8, 30, 17, 8, 4)}


@pytest.fixture(scope="module")
def data() -> CycladesData:
    return load_data()


@pytest.mark.parametrize("name", BOARD_TABLES)
def test_board_counts_match_the_sheet(data: CycladesData, name: str) -> None:
    """C-COMP-1, C-DATA-1, C-DATA-3, C-DATA-4: islands, seas, slots, prosperity and trade spaces per board."""
    b = data.board(name)
    got = (len(b.islands), len(b.seas), sum(i.slots for i in b.islands), sum(i.prosperity for i in b.islands),
           sum(1 for s in b.seas if s.trade))
    assert got == COUNTS[name]
    assert sum(b.row_widths) == {"board_5p": 91, "board_4p": 69, "board_2_3p": 47}[name]


@pytest.mark.parametrize("name", BOARD_TABLES)
def test_adjacency_is_symmetric_and_one_metropolis_space_each(data: CycladesData, name: str) -> None:
    """C-DATA-1, C-METRO-1: sea-sea and island-sea lists agree both ways; every island has one Metropolis
    space covering min(slots, 2) slots; trade spaces are worth 1 (C-INCOME-2)."""
    b = data.board(name)
    seas = {s.id: s for s in b.seas}
    for s in b.seas:
        assert s.id not in s.seas
        for other in s.seas:
            assert s.id in seas[other].seas
        assert s.trade in (0, 1)
    for i in b.islands:
        assert i.metropolis_covers == min(i.slots, 2)
        for sea in i.seas:
            assert i.id in seas[sea].islands
    assert sorted((s.id, i) for s in b.seas for i in s.islands) == sorted(
        (sea, i.id) for i in b.islands for sea in i.seas)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_start_positions(data: CycladesData, players: int) -> None:
    """C-SETUP-4, C-SETUP-5: 2 troops on 2 islands and 2 fleets each; income exactly 2; no island shared."""
    start = data.start(players)
    b = data.board(start.board)
    prosperity = {i.id: i.prosperity for i in b.islands}
    trade = {s.id: s.trade for s in b.seas}
    assert len(start.seats) == players
    seen: set[str] = set()
    for row in start.seats:
        assert len(set(row.troops)) == 2 and len(row.fleets) == 2
        assert sum(prosperity[i] for i in row.troops) + sum(trade[f] for f in row.fleets) == 2
        assert not seen & set(row.troops)
        seen |= set(row.troops)


def test_components_and_gods(data: CycladesData) -> None:
    """C-COMP-2..11, C-GODS-10, C-DATA-9, C-RECRUIT-1, C-RECRUIT-3, C-RECRUIT-5, C-RECRUIT-6: the seed's
    counts and the gods' price ladders."""
    c = data.components
    counts = (c.dice, c.gold, c.prosperity_markers, c.creature_cards, c.philosophers, c.priests)
    assert counts == (2, 98, 16, 17, 17, 18)
    assert set(c.creature_figures) == {"kraken", "minotaur", "medusa", "polyphemus", "chiron"}
    assert c.buildings == {"port": 10, "fortress": 10, "temple": 10, "university": 10} and c.metropolises == 10
    assert (c.per_colour.offering_markers, c.per_colour.fleets, c.per_colour.troops) == (2, 8, 8)
    totals = {g.key: [sum(g.recruit_costs[:n + 1]) for n in range(len(g.recruit_costs))] for g in data.gods.gods}
    assert totals == {"poseidon": [0, 1, 3, 6], "ares": [0, 2, 5, 9], "zeus": [0, 4], "athena": [0, 4]}
    assert {g.key: g.building for g in data.gods.gods} == {
        "poseidon": "port", "ares": "fortress", "zeus": "temple", "athena": "university"}


def test_creatures_tracks_dice_options(data: CycladesData) -> None:
    """C-COMP-5, C-COMP-6, C-CREATURE-1, C-DATA-6, C-DATA-7: 17 distinct cards, five figures, slot prices
    4/3/2, six die faces in 0..3, every option default is a choice."""
    keys = [c.key for c in data.creatures.creatures]
    assert len(keys) == len(set(keys)) == 17
    assert {c.key for c in data.creatures.creatures if c.figure} == set(data.components.creature_figures)
    assert data.tracks.creature_slot_costs == [4, 3, 2]
    by_count = {p.players: (p.players * p.markers_per_player, p.face_up) for p in data.tracks.player_counts}
    assert by_count == {5: (5, 4), 4: (4, 3), 3: (3, 2), 2: (4, 3)}
    assert all(len(d.faces) == 6 and all(0 <= f <= 3 for f in d.faces) for d in data.dice.faces)
    assert all(o.default in o.choices for o in data.options.options)


def test_provenance_is_honest(data: CycladesData) -> None:
    """Nothing the sheet grades 'likely' or 'reconstructed' is tagged rulebook; 4-player start and dice
    are reconstructed (C-DATA-2, C-DATA-7)."""
    summary = provenance_summary(data)
    assert set(summary["start_4p"]) == {"reconstructed"}
    assert set(summary["dice"]) == {"reconstructed"}
    assert "rulebook" not in summary["board_4p"] and "rulebook" not in summary["start_5p"]
    assert set(TABLES) == set(summary)


def _copy_data(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(PACKAGED, folder)
    return folder


def test_data_dir_error_names_file_and_field(tmp_path: Path) -> None:
    """A broken adjacency list in a user file is refused naming that file and the field (C-DATA-1)."""
    folder = _copy_data(tmp_path)
    path = folder / "board_5p.json"
    raw = json.loads(path.read_text())
    raw["seas"][0]["seas"] = ["S2", "S3"]
    path.write_text(json.dumps(raw))
    with pytest.raises(DataError) as err:
        load_data(folder)
    assert err.value.file == str(path) and err.value.field == "seas[0].seas"


def test_data_dir_schema_and_json_errors(tmp_path: Path) -> None:
    """Schema errors and bad JSON name the file and the place; an honest 'likely' cannot claim rulebook."""
    folder = _copy_data(tmp_path)
    path = folder / "start_3p.json"
    raw = json.loads(path.read_text())
    raw["seats"][1]["provenance"] = {"default": "rulebook"}
    path.write_text(json.dumps(raw))
    with pytest.raises(DataError) as err:
        load_data(folder)
    assert err.value.file == str(path) and err.value.field == "seats[1]"
    (folder / "dice.json").write_text("{ nope")
    path.write_text((PACKAGED / "start_3p.json").read_text())
    with pytest.raises(DataError) as err:
        load_data(folder)
    assert err.value.file.endswith("dice.json") and err.value.field.startswith("line 1")


def test_start_income_checked(tmp_path: Path) -> None:
    """C-SETUP-5: a start whose income is not 2 is refused at load."""
    folder = _copy_data(tmp_path)
    path = folder / "start_5p.json"
    raw = json.loads(path.read_text())
    raw["seats"][0]["fleets"] = ["S13", "S12"]
    path.write_text(json.dumps(raw))
    with pytest.raises(DataError) as err:
        load_data(folder)
    assert err.value.field == "seats[0].fleets" and "C-SETUP-5" in err.value.message


def test_a_free_creature_slot_is_refused(tmp_path: Path) -> None:
    """C-SUMMON-2: a summoning price never falls below 1 GP, so a user's track whose slot costs 0 is
    refused at load, naming the slot (its creature could not be summoned at any price)."""
    folder = _copy_data(tmp_path)
    path = folder / "tracks.json"
    raw = json.loads(path.read_text())
    raw["creature_slot_costs"] = [4, 3, 0]
    path.write_text(json.dumps(raw))
    with pytest.raises(DataError) as err:
        load_data(folder)
    assert err.value.file == str(path) and err.value.field == "creature_slot_costs[2]"
