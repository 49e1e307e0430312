"""Load, validate and cross-check Pericles' data files (pericles-data.md §8, §9).

The packaged files live in ``data/``; whoever owns the game can correct any table by putting a file
of the same name (``connections.json`` …) into a folder passed as ``data_dir``: it replaces the
packaged file whole. Every failure is a :class:`~kleos.core.errors.DataError` naming the file and the
field path inside it (``connections[3].base_end``). The cross-checks are the sheet's §9 assertions
that do not depend on reconstructed balance figures.
"""

from __future__ import annotations

from collections import Counter

from pydantic import BaseModel

from kleos.core.datafiles import data_loader
from kleos.core.errors import DataError
from kleos.core.provenance import reconstructed_in, records_in
from kleos.games.pericles.datamodel import (
    SCENARIOS,
    TABLES,
    AristophanesData,
    CasualtyData,
    ConnectionKindsData,
    ConnectionsData,
    CountersData,
    DeckData,
    IssuesData,
    LeadersData,
    MilitaryValues,
    OptionsData,
    PericlesData,
    Record,
    Scenario,
    TheatersData,
)

MODELS: dict[str, type[BaseModel]] = {
    "theaters": TheatersData, "connection_kinds": ConnectionKindsData, "connections": ConnectionsData,
    "cards_athens": DeckData, "cards_sparta": DeckData, "leaders": LeadersData, "aristophanes": AristophanesData,
    "issues": IssuesData, "military_values": MilitaryValues, "casualty_tables": CasualtyData,
    "counters": CountersData, **{name: Scenario for name in SCENARIOS},
    "options": OptionsData,
}

PERSIA = 21
EAST_MED = 20
GRANARIES = {1, 6, 13, 20}  # P-VICTORY-5
AEGEAN = set(range(15, 20))  # P-DEF-15
# P-DATA-3: the exit tests of the six rows (rulebook), by kind id
EXIT_TESTS = {"land": ("L", "never"), "coastal": ("L", "N"), "crossing": ("N", "N"), "sea_lane": ("never", "N"),
              "coastal_base": ("L+Base", "N"), "crossing_base": ("N", "N+Base")}
BASE_KINDS = {"coastal_base", "crossing_base"}
FACTIONS = ("AF", "DF", "EK", "AK")
SIDE_FACTIONS = {"athens": ("AF", "DF"), "sparta": ("EK", "AK")}
BASES = ("Ab", "Db", "Sb", "Pb")
THEATER_KINDS = ("MIL", "LEA", "DIP", "ORA")
PIECES = ("Ab", "An", "Al", "Db", "Dn", "Dl", "Sb", "Sn", "Sl", "S300", "Pb", "Pn", "Pl", "Ar", "Xb")
SIDE_PIECES = {"athens": ("Ab", "An", "Al", "Db", "Dn", "Dl", "Ar"),
               "sparta": ("Sb", "Sn", "Sl", "S300", "Pb", "Pn", "Pl")}


# ----- reading ----------------------------------------------------------------------------------
load_data = data_loader("kleos.games.pericles", PericlesData, {table: MODELS[table] for table in TABLES},
                        lambda data: CrossCheck(data).run())
"""All data files, validated; ``data_dir`` replaces packaged files one by one (read afresh)."""


def counter_inventory(data: PericlesData) -> dict[str, int]:
    """The markers the engine uses, by kind, as printed on the counter sheet (P-COMP-10, P-DATA-11:
    the sheet's breakdown is not given, so this is what the rules need, not what the sheet shows)."""
    iss, c = data.issues, data.counters
    debate = sum(sum(iss.debate_common.values()) + len(extra) for extra in iss.debate_side.values())
    return {"debate issues": debate, "theater issues": 4 * sum(iss.theater_markers.values()),
            "Rumors": 4 * iss.rumors_per_faction, "treason": 2 * c.treason_per_side,
            "hostages": 2 * c.hostages_per_side, "Honor": 4, "Honor order": 4, "Plague": 1, "Callias": 1}


# ----- cross-checks -------------------------------------------------------------------------------
class CrossCheck:
    """Checks a schema cannot express; each stops at the first problem, naming file and field."""

    def __init__(self, data: PericlesData) -> None:
        self.d = data

    def fail(self, table: str, field: str, message: str) -> DataError:
        return DataError(self.d.files[table], field, message)

    def run(self) -> None:
        self.check_theaters()
        self.check_kinds()
        self.check_connections()
        self.check_decks()
        self.check_leaders()
        self.check_aristophanes()
        self.check_issues()
        self.check_counters()
        self.check_casualties()
        for name in SCENARIOS:
            self.check_scenario(name)

    def check_theaters(self) -> None:
        ths = self.d.theaters.theaters
        numbers = [t.number for t in ths]
        if sorted(numbers) != list(range(1, 22)):
            raise self.fail("theaters", "theaters", "numbers must be 1..20 plus 21 (Persia), each once")
        if len({t.key for t in ths}) != len(ths):
            raise self.fail("theaters", "theaters", "two theaters share a key")
        for i, t in enumerate(ths):
            where = f"theaters[{i}]"
            if (t.number == PERSIA) != (t.border == "none"):
                raise self.fail("theaters", f"{where}.border", "only Persia (21) has no border; 1-20 are land or naval")
            if t.granary != (t.number in GRANARIES):
                raise self.fail("theaters", f"{where}.granary", "the granaries are 1, 6, 13 and 20 (P-VICTORY-5)")
            if t.aegean != (t.number in AEGEAN):
                raise self.fail("theaters", f"{where}.aegean", "the Aegean is theaters 15-19 (P-DEF-15)")
            if t.home != {6: "sparta", 7: "athens"}.get(t.number):
                raise self.fail("theaters", f"{where}.home", "Sparta's home is 6 and Athens' is 7 (P-DEF-13)")

    def check_kinds(self) -> None:
        kinds = self.d.connection_kinds.kinds
        if sorted(k.id for k in kinds) != sorted(EXIT_TESTS):
            raise self.fail("connection_kinds", "kinds", f"the kinds must be {', '.join(sorted(EXIT_TESTS))}")
        for i, k in enumerate(kinds):
            if (k.land_exit, k.naval_exit) != EXIT_TESTS[k.id]:
                raise self.fail("connection_kinds", f"kinds[{i}]", f"exit tests of {k.id} differ from P-DATA-3 "
                                f"{EXIT_TESTS[k.id]}")

    def check_connections(self) -> None:
        kinds = {k.id for k in self.d.connection_kinds.kinds}
        seen: set[frozenset[int]] = set()
        ids: set[str] = set()
        adjacency: dict[int, set[int]] = {n: set() for n in range(1, 21)}
        for i, c in enumerate(self.d.connections.connections):
            where = f"connections[{i}]"
            if c.id in ids:
                raise self.fail("connections", f"{where}.id", f"{c.id} is used twice")
            ids.add(c.id)
            for end in ("a", "b"):
                if not 1 <= getattr(c, end) <= 20:
                    raise self.fail("connections", f"{where}.{end}", "a link joins theaters 1-20 (never Persia)")
            pair = frozenset((c.a, c.b))
            if len(pair) == 1 or pair in seen:
                raise self.fail("connections", where, "a link joins two different theaters, at most once")
            seen.add(pair)
            if c.kind not in kinds:
                raise self.fail("connections", f"{where}.kind", f"unknown kind {c.kind!r}")
            if (c.kind in BASE_KINDS) != bool(c.base_end) or not set(c.base_end) <= pair:
                raise self.fail("connections", f"{where}.base_end",
                                "only *_base kinds have base_end, and it lists 1-2 of the link's own ends")
            adjacency[c.a].add(c.b)
            adjacency[c.b].add(c.a)
        if not _connected(adjacency, set(range(1, 21))) or not _connected(adjacency, set(range(1, 20))):
            raise self.fail("connections", "connections", "theaters 1-20 (and 1-19 without 20) must form one network")

    def check_decks(self) -> None:
        per_side = self.d.counters.political_cards_per_side
        ids: set[str] = set()
        for table in ("cards_athens", "cards_sparta"):
            deck: DeckData = getattr(self.d, table)
            if list(deck.factions) != list(SIDE_FACTIONS[deck.side]):
                raise self.fail(table, "factions", f"the {deck.side} deck's halves belong to "
                                f"{SIDE_FACTIONS[deck.side]}")
            if len(deck.cards) + 2 != per_side:
                raise self.fail(table, "cards", f"{len(deck.cards)} cards + 2 Leaders is not {per_side} (counters)")
            for i, card in enumerate(deck.cards):
                if card.id in ids:
                    raise self.fail(table, f"cards[{i}].id", f"{card.id} is used twice")
                ids.add(card.id)
                if card.primary not in deck.factions:
                    raise self.fail(table, f"cards[{i}].primary", "the primary half belongs to a faction of this side")
                for h, half in enumerate(card.halves):
                    if not half:
                        raise self.fail(table, f"cards[{i}].halves[{h}]", "a half has at least one attribute")

    def check_leaders(self) -> None:
        codes = sorted(leader.faction for leader in self.d.leaders.leaders)
        if codes != sorted(FACTIONS):
            raise self.fail("leaders", "leaders", "exactly one Leader per faction (P-COMP-7)")

    def check_aristophanes(self) -> None:
        cards = self.d.aristophanes.cards
        if len(cards) != self.d.counters.aristophanes_cards:
            raise self.fail("aristophanes", "cards", f"{len(cards)} cards, counters says "
                            f"{self.d.counters.aristophanes_cards}")
        if len({(c.play, c.letter) for c in cards}) != len(cards):
            raise self.fail("aristophanes", "cards", "a (play, letter) pair is used twice")
        for i, c in enumerate(cards):
            for u, unit in enumerate(c.units):
                if unit.piece not in SIDE_PIECES[unit.side] or not 1 <= unit.theater <= 20:
                    raise self.fail("aristophanes", f"cards[{i}].units[{u}]", "a side's own piece in theater 1-20")

    def check_issues(self) -> None:
        iss = self.d.issues
        if set(iss.debate_common) != {"MIL", "LEA", "DIP", "OST", "GAM", "WP", "ORA"}:
            raise self.fail("issues", "debate_common", "the common debate issues are MIL LEA DIP OST GAM WP ORA")
        if sorted(iss.debate_side) != sorted(SIDE_FACTIONS) or set(iss.theater_markers) != set(THEATER_KINDS):
            raise self.fail("issues", "debate_side", "one list per side, and theater markers MIL LEA DIP ORA")
        if [f.code for f in iss.factions] != list(FACTIONS):
            raise self.fail("issues", "factions", f"the factions are {', '.join(FACTIONS)}, in this order")
        for i, f in enumerate(iss.factions):
            if f.code not in SIDE_FACTIONS[f.side]:
                raise self.fail("issues", f"factions[{i}].side", f"{f.code} is not of {f.side}")
        for side, extra in iss.debate_side.items():
            if sum(iss.debate_common.values()) + len(extra) != 18:
                raise self.fail("issues", f"debate_side.{side}", "each side has 18 debate issues (P-COMP-11)")
        if sum(iss.theater_markers.values()) != 13:
            raise self.fail("issues", "theater_markers", "each faction has 13 theater markers (P-COMP-12)")

    def check_counters(self) -> None:
        if sorted(self.d.counters.pieces) != sorted(PIECES):
            raise self.fail("counters", "pieces", f"one limit per piece code: {', '.join(PIECES)}")
        if sorted(self.d.counters.colours) != sorted(PIECES):
            raise self.fail("counters", "colours", f"one colour per piece code (P-DEF-4): {', '.join(PIECES)}")
        markers = sum(counter_inventory(self.d).values())
        if markers > self.d.counters.counter_sheet:
            raise self.fail("counters", "counter_sheet", f"{markers} markers do not fit on a sheet of "
                            f"{self.d.counters.counter_sheet} counters (P-COMP-10)")

    def check_casualties(self) -> None:
        tables = Counter(r.table for r in self.d.casualty_tables.rows)
        if set(tables.values()) != {2} or len(tables) != 4:
            raise self.fail("casualty_tables", "rows", "two rows in each of the four tables (P-DATA-8)")

    def check_scenario(self, table: str) -> None:
        sc: Scenario = getattr(self.d, table)
        ScenarioCheck(self, table, sc).run()


class ScenarioCheck:
    """pericles-data.md §9 "Scenario pieces" and "Scenario state" for one scenario file."""

    def __init__(self, check: CrossCheck, table: str, sc: Scenario) -> None:
        self.c, self.table, self.sc = check, table, sc

    def fail(self, field: str, message: str) -> DataError:
        return self.c.fail(self.table, field, message)

    def run(self) -> None:
        sc = self.sc
        if not sc.first_turn <= sc.last_turn:
            raise self.fail("last_turn", "the last turn comes after the first")
        for turn in sc.auto_honor_victory_turns:
            if not sc.first_turn <= turn <= sc.last_turn:
                raise self.fail("auto_honor_victory_turns", f"turn {turn} is outside the scenario")
        if any(not 1 <= t <= 21 for t in sc.theaters_in_play):
            raise self.fail("theaters_in_play", "theaters are 1-21")
        for name in ("dominant", "favour", "supply", "hostages"):
            if sorted(getattr(sc, name)) != sorted(SIDE_FACTIONS):
                raise self.fail(name, "one value per side: athens, sparta")
        for name in ("honor", "stocks"):
            if sorted(getattr(sc, name)) != sorted(FACTIONS):
                raise self.fail(name, "one value per faction")
        if any(f not in FACTIONS for f in sc.theater_markers):
            raise self.fail("theater_markers", f"keys are factions: {', '.join(FACTIONS)}")
        for side, dom in sc.dominant.items():
            if dom not in SIDE_FACTIONS[side]:
                raise self.fail(f"dominant.{side}", f"{dom} is not a faction of {side}")
        for side, fav in sc.favour.items():
            if fav != "neutral" and fav not in SIDE_FACTIONS[side]:
                raise self.fail(f"favour.{side}", f"{fav} is not a faction of {side}")
        for side_key, factions in SIDE_FACTIONS.items():
            total = sc.supply[side_key] + sum(sc.stocks[f] for f in factions)
            if total != self.c.d.counters.strategos_per_side:
                raise self.fail(f"supply.{side_key}", f"stocks + supply = {total}, not "
                                f"{self.c.d.counters.strategos_per_side} Strategos (P-COMP-2/4)")
        self.check_pieces()
        self.check_markers()

    def check_pieces(self) -> None:
        sc, limits = self.sc, self.c.d.counters.pieces
        used: Counter[str] = Counter()
        bases: Counter[int] = Counter()
        for i, p in enumerate(sc.pieces):
            where = f"pieces[{i}]"
            used[p.piece] += p.count
            if p.theater not in sc.theaters_in_play:
                raise self.fail(f"{where}.theater", f"theater {p.theater} is not in play")
            if (p.piece == "Xb") != (p.theater == PERSIA):
                raise self.fail(where, "Persian bases only in Persia, and nothing else there (P-PERSIA-4)")
            if p.piece == "Ar" and p.theater != 6:
                raise self.fail(where, "Argos units only in Sparta (P-ARGOS-2)")
            if p.theater == EAST_MED and not sc.war_with_persia:
                raise self.fail(where, "nothing in theater 20 unless War with Persia is active (P-PERSIA-6)")
            if p.piece in BASES:
                bases[p.theater] += p.count
        for piece, count in used.items():
            if count > limits[piece]:
                raise self.fail("pieces", f"{count} {piece} exceed the {limits[piece]} pieces (P-COMP-1)")
        for theater, count in bases.items():
            if count > self.c.d.counters.max_bases_per_theater:
                raise self.fail("pieces", f"{count} bases in theater {theater} (at most 3, P-THEATER-3)")
        treason: Counter[str] = Counter()
        for t in sc.treason:
            treason[t.side] += t.count
        if any(n > self.c.d.counters.treason_per_side for n in treason.values()):
            raise self.fail("treason", "at most 10 treason markers per side (P-COMP-8)")

    def check_markers(self) -> None:
        limits = self.c.d.issues.theater_markers
        for faction, markers in self.sc.theater_markers.items():
            for kind, count in Counter(markers).items():
                if kind != "RUM" and count > limits[kind]:
                    raise self.fail(f"theater_markers.{faction}", f"{count} {kind} markers (at most {limits[kind]})")
            if Counter(markers)["RUM"] > self.c.d.issues.rumors_per_faction:
                raise self.fail(f"theater_markers.{faction}", "more Rumors than a faction owns")


def _connected(adjacency: dict[int, set[int]], nodes: set[int]) -> bool:
    start = min(nodes)
    seen, todo = {start}, [start]
    while todo:
        for nxt in adjacency[todo.pop()] & nodes:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen == nodes


# ----- provenance listings (kleos pericles data) ----------------------------------------------------
def tables_of(data: PericlesData) -> dict[str, BaseModel]:
    """The data's tables by file name (provenance listings walk them)."""
    return {table: getattr(data, table) for table in TABLES}


def records(data: PericlesData) -> list[tuple[str, str, Record]]:
    """Every record of every file as (table, field path, record), the table's own record first."""
    return [(table, path, r) for table, path, r in records_in(tables_of(data)) if isinstance(r, Record)]


def reconstructed_records(data: PericlesData) -> list[tuple[str, str, Record]]:
    """Records with at least one value tagged ``reconstructed``."""
    return [(table, path, r) for table, path, r in reconstructed_in(tables_of(data)) if isinstance(r, Record)]
