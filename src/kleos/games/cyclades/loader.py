"""Load, validate and cross-check Cyclades's data files.

The packaged files live in ``data/``; a user who owns the game can correct any of them by putting a
file of the same name (``board_4p.json`` …) into a folder passed as ``data_dir``: it replaces the
packaged file, file by file. Every failure is a :class:`~kleos.core.errors.DataError` naming the file
and the field path inside it (``islands[3].seas[1]``), so a broken file can be fixed without reading
this code. The cross-checks are the data sheet's self-consistency checks (cyclades-data.md §10).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from pydantic import BaseModel

from kleos.core.datafiles import data_loader
from kleos.core.errors import DataError
from kleos.core.provenance import records_in, tag_counts
from kleos.games.cyclades.datamodel import (
    BOARD_TABLES,
    START_TABLES,
    TABLES,
    BoardData,
    ComponentsData,
    CreaturesData,
    CycladesData,
    DiceData,
    GodsData,
    OptionsData,
    Record,
    StartData,
    TracksData,
)

MODELS: dict[str, type[Record]] = {
    "components": ComponentsData,
    **{name: BoardData for name in BOARD_TABLES},
    **{name: StartData for name in START_TABLES},
    "creatures": CreaturesData,
    "gods": GodsData,
    "tracks": TracksData,
    "dice": DiceData,
    "options": OptionsData,
}

# §10 check 2: islands, seas, building slots, island prosperity, trade spaces per board.
EXPECTED_COUNTS: dict[str, tuple[int, int, int, int, int]] = {
    "board_5p": (13, 61, 30, 11, 6),
    "board_4p": (10, 46, 23, 9, 6),
    "board_2_3p": (8, 30, 17, 8, 4),
}
EXPECTED_CELLS = {"board_5p": 91, "board_4p": 69, "board_2_3p": 47}
BOARD_FOR_PLAYERS = {2: "board_2_3p", 3: "board_2_3p", 4: "board_4p", 5: "board_5p"}
# §10 check 15 (C-DATA-9): recruit ladders, building and special-action prices are rule text.
RULEBOOK_LADDERS = {"poseidon": [0, 1, 2, 3], "ares": [0, 2, 3, 4], "zeus": [0, 4], "athena": [0, 4]}
FACE_UP_BY_PROCEDURE = {"all_up": 4, "rotate_down": 3, "pairs": 2}
START_INCOME = 2  # C-SETUP-5
START_SLOTS = 5  # data sheet §3: every known set-up gives 5 building slots

_CELL = re.compile(r"^r([0-9]+)c([0-9]+)$")


# ----- reading ---------------------------------------------------------------------------------
load_data = data_loader("kleos.games.cyclades", CycladesData, {table: MODELS[table] for table in TABLES},
                        lambda data: CrossCheck(data).run())
"""All data files, validated; ``data_dir`` replaces packaged files one by one (read afresh)."""


# ----- geometry (data sheet §2.1) -----------------------------------------------------------------
def parse_cell(cell: str) -> tuple[int, int]:
    match = _CELL.match(cell)
    if match is None:
        raise ValueError(f"{cell!r} is not a cell name rRcC")
    return int(match.group(1)), int(match.group(2))


def touching(a: tuple[int, int], b: tuple[int, int], widths: list[int]) -> bool:
    """Same row and neighbouring columns, or neighbouring rows half a cell apart (doubled x)."""
    (ra, ca), (rb, cb) = a, b
    if ra == rb:
        return abs(ca - cb) == 1
    if abs(ra - rb) != 1:
        return False
    xa = 2 * ca - (widths[ra] - 1)
    xb = 2 * cb - (widths[rb] - 1)
    return abs(xa - xb) == 1


def doubled_x(cell: tuple[int, int], widths: list[int]) -> int:
    return 2 * cell[1] - (widths[cell[0]] - 1)


# ----- cross-checks --------------------------------------------------------------------------------
class CrossCheck:
    """The checks a schema alone cannot express; each stops at the first problem, naming file and field."""

    def __init__(self, data: CycladesData) -> None:
        self.d = data

    def run(self) -> None:
        self.check_provenance()
        for name in BOARD_TABLES:
            self.check_board(name)
        self.check_derived_4p()
        for name in START_TABLES:
            self.check_start(name)
        self.check_creatures()
        self.check_gods()
        self.check_tracks()
        self.check_dice()
        self.check_options()

    def require(self, ok: bool, table: str, field: str, message: str) -> None:
        if not ok:
            raise DataError(self.d.files[table], field, message)

    # -- provenance keys name a field of their record (a typo would tag nothing)
    def check_provenance(self) -> None:
        for table in TABLES:
            for _, path, record in records_in({table: getattr(self.d, table)}):
                for key in record.provenance:
                    head = re.split(r"[.\[]", key, maxsplit=1)[0]
                    ok = key == "default" or (head in type(record).model_fields
                                              and head not in ("provenance", "note"))
                    where = f"{path}.provenance.{key}" if path else f"provenance.{key}"
                    self.require(ok, table, where, "names no field of this record")

    # -- boards (§10 checks 1-9)
    def check_board(self, table: str) -> None:
        b = self.d.board(table)
        w = b.row_widths
        cells: dict[tuple[int, int], str] = {}

        def claim(cell: str, owner: str, field: str) -> tuple[int, int]:
            try:
                rc = parse_cell(cell)
            except ValueError as exc:
                raise DataError(self.d.files[table], field, str(exc)) from exc
            self.require(rc[0] < len(w) and rc[1] < w[rc[0]], table, field, f"{cell} is off the board")
            self.require(rc not in cells, table, field, f"{cell} is already {cells.get(rc)}")
            cells[rc] = owner
            return rc

        island_cells: dict[str, list[tuple[int, int]]] = {}
        for i, isl in enumerate(b.islands):
            island_cells[isl.id] = [claim(c, isl.id, f"islands[{i}].cells[{j}]") for j, c in enumerate(isl.cells)]
        sea_cell = {s.id: claim(s.cell, s.id, f"seas[{i}].cell") for i, s in enumerate(b.seas)}
        self.require(len(cells) == sum(w) == EXPECTED_CELLS[table], table, "row_widths",
                     f"{len(cells)} cells named, rows hold {sum(w)}, expected {EXPECTED_CELLS[table]}")
        self.check_counts(table, b)
        self.check_ids(table, b)
        # recompute adjacency from the cells (checks 3, 4, 5)
        for i, isl in enumerate(b.islands):
            mine = island_cells[isl.id]
            self.require(_contiguous(mine, w), table, f"islands[{i}].cells", "cells are not contiguous")
            near = {cells[c] for c in cells for m in mine if touching(c, m, w)} - {isl.id}
            others = sorted(x for x in near if x.startswith("I"))
            self.require(not others, table, f"islands[{i}].cells", f"touches island(s) {others}")
            seas = sorted((x for x in near if x.startswith("S")), key=_num)
            self.require(sorted(isl.seas, key=_num) == seas, table, f"islands[{i}].seas",
                         f"the cells give {seas}")
            self.require(isl.metropolis_covers == min(isl.slots, 2), table, f"islands[{i}].metropolis_covers",
                         "must be min(slots, 2) (one Metropolis space per island, C-METRO-1)")
        for i, sea in enumerate(b.seas):
            rc = sea_cell[sea.id]
            near = {cells[c] for c in cells if touching(c, rc, w)}
            seas = sorted((x for x in near if x.startswith("S")), key=_num)
            islands = sorted((x for x in near if x.startswith("I")), key=_num)
            self.require(sorted(sea.seas, key=_num) == seas, table, f"seas[{i}].seas", f"the cells give {seas}")
            self.require(sorted(sea.islands, key=_num) == islands, table, f"seas[{i}].islands",
                         f"the cells give {islands}")
            self.require(sea.trade in (0, 1), table, f"seas[{i}].trade", "trade spaces are worth 1, others 0")
        self.require(_connected({s.id: s.seas for s in b.seas}), table, "seas", "the sea graph is not connected")
        for j, cell in enumerate(b.seam_cells):
            self.require(cells.get(parse_cell(cell), "").startswith("S"), table, f"seam_cells[{j}]",
                         "seam cells are always sea")

    def check_counts(self, table: str, b: BoardData) -> None:
        found = (len(b.islands), len(b.seas), sum(i.slots for i in b.islands),
                 sum(i.prosperity for i in b.islands), sum(1 for s in b.seas if s.trade))
        names = ("islands", "seas", "building slots", "island prosperity", "trade spaces")
        for name, got, want in zip(names, found, EXPECTED_COUNTS[table], strict=True):
            self.require(got == want, table, "islands" if name != "seas" and name != "trade spaces" else "seas",
                         f"{got} {name}, the sheet's heading says {want}")

    def check_ids(self, table: str, b: BoardData) -> None:
        """Ids are I1..In and S1..Sn in order, so that tables can index them."""
        for i, isl in enumerate(b.islands):
            self.require(isl.id == f"I{i + 1}", table, f"islands[{i}].id", f"expected I{i + 1}")
        for i, sea in enumerate(b.seas):
            self.require(sea.id == f"S{i + 1}", table, f"seas[{i}].id", f"expected S{i + 1}")

    def check_derived_4p(self) -> None:
        """§10 check 9: the 4p map is the 5p map left of its seam and the 2-3p map right of it."""
        b4, b5, b23 = self.d.board_4p, self.d.board_5p, self.d.board_2_3p
        w4 = b4.row_widths
        kinds = [_cell_kinds(b) for b in (b4, b5, b23)]
        seam4 = 2  # doubled x of the 4p seam (x = 1)
        for rc, (kind, value) in kinds[0].items():
            x = doubled_x(rc, w4)
            if x == seam4:
                continue
            other = kinds[1].get(rc) if x < seam4 else kinds[2].get((rc[0], rc[1] - 2))
            self.require(other == (kind, value), "board_4p", f"r{rc[0]}c{rc[1]}",
                         f"is {kind} {value}, but the half it comes from has {other}")

    # -- starts (§10 checks 10-13)
    def check_start(self, table: str) -> None:
        s: StartData = getattr(self.d, table)
        self.require(table == f"start_{s.players}p", table, "players", f"{table} is not for {s.players} players")
        board_name = BOARD_FOR_PLAYERS[s.players]
        self.require(s.board == board_name, table, "board", f"must be {board_name}")
        b = self.d.board(board_name)
        self.require(len(s.seats) == s.players, table, "seats", f"needs one row per player ({s.players})")
        isl = {i.id: i for i in b.islands}
        sea = {x.id: x for x in b.seas}
        for j, n in enumerate(s.neutral):
            self.require(n in isl, table, f"neutral[{j}]", f"unknown island {n!r}")
        rows: list[tuple[str, list[str], list[str], str]] = [
            (r.seat, r.troops, r.fleets, f"seats[{i}]") for i, r in enumerate(s.seats)]
        for i, r in enumerate(rows):
            self.require(r[0] == f"P{i + 1}", table, f"{r[3]}.seat", f"expected P{i + 1}")
        taken_islands: set[str] = set()
        for _seat, troops, fleets, where in rows:
            self.check_seat(table, where, troops, fleets, isl, sea, strict=True)
            self.require(not taken_islands & set(troops), table, f"{where}.troops", "island shared between players")
            taken_islands |= set(troops)
        self.require(not taken_islands & set(s.neutral), table, "neutral", "a neutral island has a player")
        all_fleets = [set(f) for _, _, f, _ in rows]
        for i, mine in enumerate(all_fleets):
            for j, theirs in enumerate(all_fleets[:i]):
                close = {x for f in mine for x in [f, *sea[f].seas]} & theirs
                self.require(not close, table, f"seats[{i}].fleets", f"in or next to P{j + 1}'s fleets {sorted(close)}")
        options = {o.name: o for o in self.d.options.options}
        for i, v in enumerate(s.variants):
            where = f"variants[{i}]"
            self.require(v.option in options, table, f"{where}.option", f"unknown option {v.option!r}")
            self.require(v.value in options[v.option].choices and v.value != options[v.option].default, table,
                         f"{where}.value", f"not a non-default choice of {v.option}")
            self.require(v.seat in {r.seat for r in s.seats}, table, f"{where}.seat", f"unknown seat {v.seat!r}")
            self.check_seat(table, where, v.troops, v.fleets, isl, sea, strict=False)

    def check_seat(self, table: str, where: str, troops: list[str], fleets: list[str], isl: dict[str, Any],
                   sea: dict[str, Any], *, strict: bool) -> None:
        c = self.d.components
        self.require(len(troops) == c.troops_at_start == len(set(troops)), table, f"{where}.troops",
                     f"needs {c.troops_at_start} distinct islands (C-SETUP-4)")
        self.require(len(fleets) == c.fleets_at_start, table, f"{where}.fleets",
                     f"needs {c.fleets_at_start} fleets (C-SETUP-4)")
        for j, t in enumerate(troops):
            self.require(t in isl, table, f"{where}.troops[{j}]", f"unknown island {t!r}")
        for j, f in enumerate(fleets):
            self.require(f in sea, table, f"{where}.fleets[{j}]", f"unknown sea {f!r}")
        income = sum(isl[t].prosperity for t in troops) + sum(sea[f].trade for f in set(fleets))
        self.require(income == START_INCOME, table, f"{where}.fleets", f"start income {income}, not 2 (C-SETUP-5)")
        if not strict:
            return
        for j, f in enumerate(fleets):
            self.require(bool(set(sea[f].islands) & set(troops)), table, f"{where}.fleets[{j}]",
                         "a fleet must touch one of its owner's islands")
        self.require(sum(isl[t].slots for t in troops) == START_SLOTS, table, f"{where}.troops",
                     f"the two islands need {START_SLOTS} building slots")
        self.require(sum(1 for t in troops if isl[t].prosperity == 0) == 1, table, f"{where}.troops",
                     "needs exactly one island without printed prosperity")

    # -- creatures (§10 check 14)
    def check_creatures(self) -> None:
        cr = self.d.creatures
        keys = [c.key for c in cr.creatures]
        self.require(len(set(keys)) == len(keys), "creatures", "creatures", "creature keys repeat")
        total = sum(c.count for c in cr.creatures)
        self.require(total == cr.deck_size == self.d.components.creature_cards, "creatures", "deck_size",
                     f"{total} cards listed, deck_size {cr.deck_size}, components say "
                     f"{self.d.components.creature_cards} (C-COMP-6)")
        figures = {c.key for c in cr.creatures if c.figure}
        self.require(figures == set(cr.figures) == set(self.d.components.creature_figures), "creatures", "figures",
                     f"figure creatures {sorted(figures)} differ from the figures (C-COMP-5)")
        options = {o.name for o in self.d.options.options}
        for i, c in enumerate(cr.creatures):
            for j, name in enumerate(c.options):
                self.require(name in options, "creatures", f"creatures[{i}].options[{j}]", f"unknown option {name!r}")

    # -- gods (§10 check 15)
    def check_gods(self) -> None:
        gods = self.d.gods.gods
        self.require([g.key for g in gods] == list(self.d.components.gods), "gods", "gods",
                     "must list the components' gods in the same order")
        for i, g in enumerate(gods):
            self.require(g.recruit_costs == RULEBOOK_LADDERS[g.key], "gods", f"gods[{i}].recruit_costs",
                         f"the rulebook gives {RULEBOOK_LADDERS[g.key]} (C-DATA-9)")
            self.require(g.building_cost == 2, "gods", f"gods[{i}].building_cost", "every building costs 2 (C-BUILD-2)")
            self.require(g.special_cost == (0 if g.special is None else 1), "gods", f"gods[{i}].special_cost",
                         "special actions cost 1 (C-DATA-9)")

    # -- tracks (§10 check 16)
    def check_tracks(self) -> None:
        t = self.d.tracks
        counts = sorted(p.players for p in t.player_counts)
        self.require(counts == [2, 3, 4, 5], "tracks", "player_counts", "needs exactly 2, 3, 4 and 5 players")
        for i, p in enumerate(t.player_counts):
            self.require(p.face_up == FACE_UP_BY_PROCEDURE[p.procedure], "tracks", f"player_counts[{i}].face_up",
                         f"{p.procedure} shows {FACE_UP_BY_PROCEDURE[p.procedure]} gods")
            self.require(p.markers_per_player <= self.d.components.per_colour.offering_markers, "tracks",
                         f"player_counts[{i}].markers_per_player", "more markers than a colour has")
            self.require(p.apollo_spaces >= p.markers_per_player * p.players // p.markers_per_player, "tracks",
                         f"player_counts[{i}].apollo_spaces", "needs one Apollo space per player")
        slots = len(t.creature_slot_costs)
        self.require(t.creature_slots_by_cycle[-1] == slots and t.creature_slots_by_cycle == sorted(
            t.creature_slots_by_cycle), "tracks", "creature_slots_by_cycle",
            f"must grow to the {slots} slots of the track")

    def check_dice(self) -> None:
        for i, d in enumerate(self.d.dice.faces):
            for j, f in enumerate(d.faces):
                self.require(0 <= f <= 3, "dice", f"faces[{i}].faces[{j}]", "faces are 0..3 (§10 check 17)")

    # -- options (§10 check 18)
    def check_options(self) -> None:
        names = [o.name for o in self.d.options.options]
        self.require(len(set(names)) == len(names), "options", "options", "option names repeat")
        for i, o in enumerate(self.d.options.options):
            self.require(o.default in o.choices, "options", f"options[{i}].default", f"{o.default!r} is not a choice")
        dice = {d.key for d in self.d.dice.faces}
        die = next((o for o in self.d.options.options if o.name == "die_faces"), None)
        self.require(die is not None and set(die.choices) == dice, "options", "options",
                     f"die_faces must offer exactly the dice keys {sorted(dice)}")


def _num(name: str) -> int:
    return int(name[1:])


def _cell_kinds(b: BoardData) -> dict[tuple[int, int], tuple[str, tuple[int, ...]]]:
    """Each cell's kind and what matters about it: trade for a sea, slots and prosperity for an island."""
    out: dict[tuple[int, int], tuple[str, tuple[int, ...]]] = {}
    for isl in b.islands:
        for cell in isl.cells:
            out[parse_cell(cell)] = ("island", (isl.slots, isl.prosperity))
    for sea in b.seas:
        out[parse_cell(sea.cell)] = ("sea", (sea.trade,))
    return out


def _contiguous(cells: list[tuple[int, int]], widths: list[int]) -> bool:
    seen = {cells[0]}
    stack = [cells[0]]
    while stack:
        here = stack.pop()
        for c in cells:
            if c not in seen and touching(here, c, widths):
                seen.add(c)
                stack.append(c)
    return len(seen) == len(cells)


def _connected(graph: dict[str, list[str]]) -> bool:
    if not graph:
        return False
    start = next(iter(graph))
    seen = {start}
    stack = [start]
    while stack:
        for n in graph.get(stack.pop(), []):
            if n not in seen:
                seen.add(n)
                stack.append(n)
    return len(seen) == len(graph)


def tables_of(data: CycladesData) -> dict[str, BaseModel]:
    """The data's tables by file name (provenance listings walk them)."""
    return {table: getattr(data, table) for table in TABLES}


def provenance_summary(data: CycladesData) -> dict[str, Counter[str]]:
    """Per file, how many records carry each default tag: what the UI and docs list as reconstructed."""
    return tag_counts(tables_of(data))

