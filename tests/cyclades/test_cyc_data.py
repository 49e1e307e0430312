"""The packaged Cyclades data against the data sheet (cyclades-data.md §10) and the loader's errors.

Each test asserts the fact itself, so a data file edited into contradiction with the rules fails.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from data_refusal import Edit, assert_names_the_fault, broken_folder, first
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


# ----- each cross-check of cyclades-data.md §10 refuses a file that breaks it ----------------------------
def _island(raw: dict[str, Any], key: str) -> dict[str, Any]:
    return first(raw, "islands", lambda island: island["id"] == key)


def _first_trade_sea(raw: dict[str, Any]) -> dict[str, Any]:
    return first(raw, "seas", lambda sea: sea["trade"])


def _option(raw: dict[str, Any], name: str) -> dict[str, Any]:
    return first(raw, "options", lambda option: option["name"] == name)


def _sea(raw: dict[str, Any], key: str) -> dict[str, Any]:
    return first(raw, "seas", lambda sea: sea["id"] == key)


def _trade_moved(source: str, target: str) -> Edit:
    """The trade space of sea ``source`` moved to ``target``: the counts still hold, the halves of the
    4-player map no longer do."""
    def edit(raw: dict[str, Any]) -> None:
        _sea(raw, source)["trade"] = 0
        _sea(raw, target)["trade"] = 1
    return edit


def _prosperity_swapped(one: str, other: str) -> Edit:
    """Two islands' printed prosperity exchanged: the counts still hold, the halves do not."""
    def edit(raw: dict[str, Any]) -> None:
        a, b = _island(raw, one), _island(raw, other)
        a["prosperity"], b["prosperity"] = b["prosperity"], a["prosperity"]
    return edit


def _cells_swapped(island: str, sea: str) -> Edit:
    """An island's first cell exchanged with a sea's: every cell still named once."""
    def edit(raw: dict[str, Any]) -> None:
        a, b = _island(raw, island), _sea(raw, sea)
        a["cells"][0], b["cell"] = b["cell"], a["cells"][0]
    return edit


def _last_sea_to_island(raw: dict[str, Any]) -> None:
    """The last sea's cell given to the last island: one sea fewer, the cells still all named."""
    raw["islands"][-1]["cells"].append(raw["seas"].pop()["cell"])


def _last_sea_to_new_island(raw: dict[str, Any]) -> None:
    """The last sea's cell made a new island: one island more, one sea fewer."""
    cell = raw["seas"].pop()["cell"]
    raw["islands"].append(dict(raw["islands"][0], id=f"I{len(raw['islands']) + 1}", cells=[cell], prosperity=0))


def _seat_copied(raw: dict[str, Any]) -> None:
    """P2 given P1's islands and fleets: a valid row, but the islands are taken."""
    raw["seats"][1] = dict(raw["seats"][0], seat="P2")


CASES: list[tuple[str, str, Edit, str, str]] = [
    # (case, table, edit, field, words of the message)
    ("provenance keys", "gods", lambda r: r["gods"][0]["provenance"].update(colour="rulebook"),
     "gods[0].provenance.colour", "^names no field of this record$"),
    ("a cell off the board", "board_2_3p", lambda r: r["islands"][0]["cells"].append("r0c9"),
     "islands[0].cells[1]", "off the board"),
    ("a cell named twice", "board_2_3p", lambda r: r["seas"][1].update(cell=r["seas"][0]["cell"]),
     "seas[1].cell", "already S1"),
    ("a cell that is no cell", "board_2_3p", lambda r: r["seas"][0].update(cell="x"), "seas[0].cell",
     "is not a cell name"),
    ("island ids in order", "board_2_3p", lambda r: r["islands"][0].update(id="I9"), "islands[0].id", "expected I1"),
    ("an island's seas", "board_2_3p", lambda r: r["islands"][0]["seas"].pop(), "islands[0].seas", "the cells give"),
    ("one Metropolis space", "board_2_3p", lambda r: r["islands"][0].update(metropolis_covers=2),
     "islands[0].metropolis_covers",
     r"^must be min\(slots, 2\) \(one Metropolis space per island, C-METRO-1\)$"),
    ("a sea's islands", "board_2_3p", lambda r: r["seas"][0]["islands"].clear(), "seas[0].islands", "the cells give"),
    ("trade spaces", "board_2_3p", lambda r: _first_trade_sea(r).update(trade=2), r"seas\[\d+\]\.trade",
     "^trade spaces are worth 1, others 0$"),
    ("seam cells", "board_2_3p", lambda r: r["seam_cells"].append(_island(r, "I1")["cells"][0]), "seam_cells[5]",
     "^seam cells are always sea$"),
    ("island count", "board_2_3p", lambda r: _island(r, "I1").update(prosperity=1), "islands",
     "^7 island prosperity, the sheet's heading says 8$"),
    ("the 4-player map's left half, a sea", "board_4p", _trade_moved("S46", "S45"), "r10c2",
     r"is sea \(1,\), but the half it comes from has \('sea', \(0,\)\)"),
    ("the 4-player map's right half, a sea", "board_4p", _trade_moved("S28", "S27"), "r5c7",
     r"is sea \(1,\), but the half it comes from has \('sea', \(0,\)\)"),
    ("the 4-player map's left half, an island", "board_4p", _prosperity_swapped("I1", "I2"), "r1c0",
     r"is island \(4, 1\), but the half it comes from has \('island', \(4, 0\)\)"),
    ("the 4-player map's right half at x = 3", "board_4p", _trade_moved("S4", "S5"), "r0c3",
     r"is sea \(0,\), but the half it comes from has \('sea', \(1,\)\)"),
    ("the 4-player map's right half, an island", "board_4p", _prosperity_swapped("I2", "I4"), "r2c4",
     r"is island \(2, 2\)"),
    ("a cell past the last row", "board_2_3p", lambda r: r["islands"][0]["cells"].append("r11c0"),
     "islands[0].cells[1]", "r11c0 is off the board"),
    ("a cell past its row's end", "board_2_3p", lambda r: r["islands"][0]["cells"].append("r0c2"),
     "islands[0].cells[1]", "r0c2 is off the board"),
    ("row widths", "board_2_3p", lambda r: r["row_widths"].__setitem__(-1, 3), "row_widths",
     "47 cells named, rows hold 48, expected 47"),
    ("an island in pieces", "board_2_3p", _cells_swapped("I2", "S2"), "islands[1].cells",
     "^cells are not contiguous$"),
    ("islands touching", "board_2_3p", _cells_swapped("I1", "S3"), "islands[0].cells",
     r"touches island\(s\) \['I2'\]"),
    ("sea ids in order", "board_2_3p", lambda r: r["seas"][0].update(id="S99"), "seas[0].id", "expected S1$"),
    ("sea count", "board_2_3p", _last_sea_to_island, "seas", "^29 seas, the sheet's heading says 30"),
    ("island count, islands", "board_2_3p", _last_sea_to_new_island, "islands",
     "^9 islands, the sheet's heading says 8"),
    ("building slot count", "board_2_3p", lambda r: r["islands"][0].update(slots=2), "islands",
     "^18 building slots, the sheet's heading says 17"),
    ("trade space count", "board_2_3p", lambda r: r["seas"][0].update(trade=1), "seas",
     "^5 trade spaces, the sheet's heading says 4"),
    ("a seam cell off the board", "board_2_3p", lambda r: r["seam_cells"].append("r0c9"), "seam_cells[5]",
     "^seam cells are always sea$"),
    ("provenance of a record's note", "gods", lambda r: r["gods"][0]["provenance"].update(note="rulebook"),
     "gods[0].provenance.note", "names no field"),
    ("provenance of the provenance", "gods", lambda r: r["gods"][0]["provenance"].update(provenance="rulebook"),
     "gods[0].provenance.provenance", "names no field"),
    ("a file's own provenance keys", "tracks", lambda r: r["provenance"].update(colour="rulebook"),
     "provenance.colour", "names no field"),
    ("start table", "start_3p", lambda r: r.update(players=4), "players", "not for 4 players"),
    ("start board", "start_3p", lambda r: r.update(board="board_5p"), "board", "must be board_2_3p"),
    ("a row per seat", "start_3p", lambda r: r["seats"].pop(), "seats", "one row per player"),
    ("neutral islands", "start_3p", lambda r: r["neutral"].append("I99"), "neutral[2]", "unknown island"),
    ("seat names", "start_3p", lambda r: r["seats"][0].update(seat="P9"), "seats[0].seat", "expected P1"),
    ("two islands each", "start_3p", lambda r: r["seats"][0]["troops"].pop(), "seats[0].troops", "C-SETUP-4"),
    ("two fleets each", "start_3p", lambda r: r["seats"][0]["fleets"].pop(), "seats[0].fleets", "C-SETUP-4"),
    ("unknown islands", "start_3p", lambda r: r["seats"][0]["troops"].__setitem__(0, "I99"), "seats[0].troops[0]",
     "unknown island"),
    ("unknown seas", "start_3p", lambda r: r["seats"][0]["fleets"].__setitem__(0, "S99"), "seats[0].fleets[0]",
     "unknown sea"),
    ("an island shared", "start_5p", _seat_copied, "seats[1].troops", "^island shared between players$"),
    ("fleets next to another's", "start_5p",
     lambda r: r["seats"][4].update(troops=["I6", "I10"], fleets=["S16", "S21"]), "seats[4].fleets",
     r"in or next to P4's fleets \['S28'\]"),
    ("five building slots", "start_5p",
     lambda r: r["seats"][4].update(troops=["I1", "I2"], fleets=["S1", "S2"]), "seats[4].troops",
     "need 5 building slots"),
    ("a variant's islands", "start_5p", lambda r: r["variants"][0]["troops"].pop(), "variants[0].troops",
     "C-SETUP-4"),
    ("a neutral island taken", "start_3p", lambda r: r["neutral"].__setitem__(0, r["seats"][0]["troops"][0]),
     "neutral", "a neutral island has a player"),
    ("a fleet by its own islands", "start_5p", lambda r: r["seats"][1].update(fleets=["S6", "S13"]),
     "seats[1].fleets[1]", "^a fleet must touch one of its owner's islands$"),
    ("a variant's option", "start_5p", lambda r: r["variants"][0].update(option="nope"), "variants[0].option",
     "unknown option"),
    ("a variant's value", "start_5p", lambda r: r["variants"][0].update(value="nope"), "variants[0].value",
     "non-default choice"),
    ("a variant's seat", "start_5p", lambda r: r["variants"][0].update(seat="P9"), "variants[0].seat",
     "unknown seat"),
    ("a sea's seas", "board_2_3p", lambda r: r["seas"][0]["seas"].pop(), "seas[0].seas", "the cells give"),
    ("creature figures", "creatures", lambda r: r["figures"].pop(), "figures", "C-COMP-5"),
    ("Apollo spaces", "tracks", lambda r: r["player_counts"][0].update(apollo_spaces=4),
     "player_counts[0].apollo_spaces", "^needs one Apollo space per player$"),
    ("creature keys", "creatures", lambda r: r["creatures"][1].update(key=r["creatures"][0]["key"]), "creatures",
     "^creature keys repeat$"),
    ("deck size", "creatures", lambda r: r.update(deck_size=18), "deck_size", "C-COMP-6"),
    ("creature options", "creatures", lambda r: r["creatures"][0]["options"].append("nope"),
     "creatures[0].options[1]", "unknown option"),
    ("gods in order", "gods", lambda r: r["gods"].reverse(), "gods",
     "^must list the components' gods in the same order$"),
    ("recruit ladders", "gods", lambda r: r["gods"][0].update(recruit_costs=[0, 1, 2]), "gods[0].recruit_costs",
     "C-DATA-9"),
    ("building cost", "gods", lambda r: r["gods"][0].update(building_cost=3), "gods[0].building_cost",
     r"^every building costs 2 \(C-BUILD-2\)$"),
    ("special cost", "gods", lambda r: r["gods"][0].update(special_cost=0), "gods[0].special_cost",
     r"^special actions cost 1 \(C-DATA-9\)$"),
    ("player counts", "tracks", lambda r: r["player_counts"].pop(), "player_counts",
     "^needs exactly 2, 3, 4 and 5 players$"),
    ("gods face up", "tracks", lambda r: r["player_counts"][0].update(face_up=3), "player_counts[0].face_up",
     "shows 4 gods"),
    ("creature slots in order", "tracks", lambda r: r.update(creature_slots_by_cycle=[3, 1, 3]),
     "creature_slots_by_cycle", "must grow"),
    ("creature slots to the end", "tracks", lambda r: r.update(creature_slots_by_cycle=[1, 2, 2]),
     "creature_slots_by_cycle", "must grow to the 3 slots"),
    ("die faces", "dice", lambda r: r["faces"][0]["faces"].__setitem__(0, 4), "faces[0].faces[0]",
     r"^faces are 0\.\.3 \(§10 check 17\)$"),
    ("option names", "options", lambda r: r["options"].append(dict(r["options"][0])), "options",
     "^option names repeat$"),
    ("option defaults", "options", lambda r: r["options"][0].update(default="nope"), "options[0].default",
     "not a choice"),
    ("die options", "options", lambda r: _option(r, "die_faces")["choices"].pop(), "options", "die_faces"),
    ("no die option", "options", lambda r: r.update(options=[o for o in r["options"] if o["name"] != "die_faces"]),
     "options", r"^die_faces must offer exactly the dice keys \['0-0-1-1-2-3', '0-1-1-2-2-3'\]$"),
]


@pytest.mark.parametrize(("table", "edit", "field", "words"), [case[1:] for case in CASES],
                         ids=[case[0] for case in CASES])
def test_a_broken_data_file_is_refused_naming_the_field(tmp_path: Path, table: str, edit: Edit, field: str,
                                                       words: str) -> None:
    """C-DATA-1: each cross-check of §10 refuses its own fault, naming the file and the field (the
    seventeenth mutation round found most of them untested: the packaged files pass them all)."""
    with pytest.raises(DataError) as refused:
        load_data(broken_folder(PACKAGED, tmp_path, table, edit))
    assert_names_the_fault(refused.value, tmp_path, table, field, words)


def test_more_markers_than_a_colour_has_is_refused_in_the_tracks(tmp_path: Path) -> None:
    """C-COMP-11, C-DATA-5: components giving each colour 1 offering marker make the packaged
    2-player track (2 markers each) impossible; the refusal names the track's file, not the components'."""
    folder = broken_folder(PACKAGED, tmp_path, "components", lambda r: r["per_colour"].update(offering_markers=1))
    with pytest.raises(DataError) as refused:
        load_data(folder)
    assert refused.value.file == str(PACKAGED / "tracks.json")
    assert refused.value.field == "player_counts[3].markers_per_player"
    assert refused.value.message == "more markers than a colour has"


@pytest.mark.parametrize(("graph", "connected"), [
    ({}, False),
    ({"S1": ["S2"], "S2": ["S1"]}, True),
    ({"S1": ["S2"], "S2": ["S1"], "S3": []}, False),
    ({"S1": ["S2", "S3"], "S2": ["S1"], "S3": ["S1"]}, True),
    ({"S1": ["S2"]}, False),
])
def test_the_sea_graph_is_connected_or_refused(graph: dict[str, list[str]], connected: bool) -> None:
    """C-DATA-1 (§10 check 5): every sea reaches every other. A name a list gives but the graph lacks
    counts as a sea of its own (so it is unconnected) rather than breaking the walk."""
    assert loader._connected(graph) is connected


def test_a_board_whose_seas_do_not_connect_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """C-DATA-1 (§10 check 5): no packaged board can be cut in two by editing one field (every sea's
    lists are checked against the cells first), so the walk is made to report two parts; the refusal
    must then name the first board's file and its seas."""
    monkeypatch.setattr(loader, "_connected", lambda graph: False)
    folder = broken_folder(PACKAGED, tmp_path, "board_5p", lambda raw: None)
    with pytest.raises(DataError) as refused:
        load_data(folder)
    assert_names_the_fault(refused.value, folder, "board_5p", "seas", "^the sea graph is not connected$")


def test_a_start_pair_needs_one_island_without_prosperity(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """C-SETUP-4, C-SETUP-5 (§10 check 12): on the packaged boards every pair with 5 building slots
    and an income of 2 already has one island without prosperity, so the check is shown with a rule
    of 4 slots: islands I1 and I3 of the 5-player board (4 slots, both with prosperity) are refused."""
    monkeypatch.setattr(loader, "START_SLOTS", 4)
    folder = broken_folder(PACKAGED, tmp_path, "start_5p",
                           lambda raw: raw["seats"][0].update(troops=["I1", "I3"], fleets=["S3", "S4"]))
    with pytest.raises(DataError) as refused:
        load_data(folder)
    assert_names_the_fault(refused.value, folder, "start_5p", "seats[0].troops",
                           "^needs exactly one island without printed prosperity$")
