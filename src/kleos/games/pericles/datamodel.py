"""The typed shape of Pericles' data files, validated at load (pericles-data.md).

Every record carries ``provenance``: a map from field name (or ``field[i]`` for part of one) to
``rulebook`` (stated by the Rules of Play), ``source`` (found in another public source, named in
``source`` with a ``confidence``) or ``reconstructed`` (chosen by the data sheet, with a ``reason``),
and a ``default`` for the fields not named. A record that uses a tag must carry what that tag
promises (pericles-data.md §9, "Provenance"), so a guess is never passed off as printed. The rules
never read these models: :mod:`kleos.games.pericles.tables` compiles them. Checks between records
and files live in :mod:`kleos.games.pericles.loader`, which names the file and field of a problem.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from kleos.core.provenance import ProvenanceRecord, Tag

Confidence = Literal["certain", "likely", "guessed"]
SideKey = Literal["athens", "sparta"]
FactionCode = Literal["AF", "DF", "EK", "AK"]
PieceCode = Literal["Ab", "An", "Al", "Db", "Dn", "Dl", "Sb", "Sn", "Sl", "S300", "Pb", "Pn", "Pl", "Ar", "Xb"]
CardIssue = Literal["MIL", "LEA", "DIP", "ORA", "WP", "GAM", "OST", "ANY",
                    "NOT-MIL", "NOT-LEA", "NOT-DIP", "NOT-ORA", "NOT-WP", "NOT-GAM", "NOT-OST"]
Condition = Literal["DOM", "ALC", "NALC", "PRE", "POST", "WAR"]
DebateIssue = Literal["MIL", "LEA", "DIP", "ORA", "WP", "GAM", "OST", "CIT", "COL", "KRY", "AGO"]
WillCode = Literal["CTRL", "CC", "BUILD"]
ExitTest = Literal["L", "N", "never", "L+Base", "N+Base"]


class Record(ProvenanceRecord):
    """Base of every Pericles data record: provenance required, with its source or reason."""

    provenance: dict[str, Tag]
    source: str = ""
    confidence: Confidence | None = None
    reason: str = ""

    @model_validator(mode="after")
    def _honest(self) -> Record:
        """A ``source`` tag names its source and confidence; a ``reconstructed`` one gives a reason."""
        tags = set(self.provenance.values())
        if "source" in tags and (not self.source or self.confidence is None):
            raise ValueError("a 'source' tag needs 'source' (a short name of pericles-data.md §0) and 'confidence'")
        if "reconstructed" in tags and not self.reason:
            raise ValueError("a 'reconstructed' tag needs a non-empty 'reason'")
        return self


# ----- map (§1) -------------------------------------------------------------------------------
class Theater(Record):
    number: int = Field(ge=1, le=21)
    key: str = Field(pattern=r"^[A-Za-z]+$")
    name: str
    border: Literal["land", "naval", "none"]
    granary: bool
    aegean: bool
    home: SideKey | None = None


class TheatersData(Record):
    theaters: list[Theater] = Field(min_length=1)


class ConnectionKind(Record):
    id: str
    row: int = Field(ge=1, le=6)
    land_exit: ExitTest
    naval_exit: ExitTest
    line: str


class ConnectionKindsData(Record):
    kinds: list[ConnectionKind]


class Connection(Record):
    id: str = Field(pattern=r"^C[0-9]{2}$")
    a: int
    b: int
    kind: str
    base_end: list[int] = Field(default_factory=list, max_length=2)


class ConnectionsData(Record):
    connections: list[Connection]


# ----- cards (§2) -----------------------------------------------------------------------------
class Attribute(BaseModel):
    """``+bonus`` and ``strategos`` when aligned, gated by an issue code and an optional condition."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    issue: CardIssue
    condition: Condition | None = None
    bonus: int = Field(ge=0, le=6)
    strategos: int = Field(ge=0, le=3)


class PoliticalCard(Record):
    id: str = Field(pattern=r"^[AS][0-9]{2}$")
    title: str
    value: int = Field(ge=1, le=5)
    primary: FactionCode
    halves: list[list[Attribute]] = Field(min_length=2, max_length=2)


class DeckData(Record):
    side: SideKey
    factions: list[FactionCode] = Field(min_length=2, max_length=2)
    cards: list[PoliticalCard] = Field(min_length=18)


class Leader(Record):
    faction: FactionCode
    value: int = Field(ge=1, le=5)
    attributes: list[Attribute] = Field(min_length=1)
    council_pre: int = Field(ge=0)
    council_post: int = Field(ge=0)


class LeadersData(Record):
    leaders: list[Leader]


class IssuePlacement(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    side: SideKey
    issue: DebateIssue


class Gift(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    faction: FactionCode
    strategos: int = Field(ge=1)


class UnitChange(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    side: SideKey
    piece: PieceCode
    theater: int
    count: int = Field(ge=1)
    needs_base: bool = False


class WillTarget(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    code: WillCode
    theater: int = Field(ge=1, le=20)


class Will(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    athens: WillTarget
    sparta: WillTarget


class AristophanesCard(Record):
    play: str = Field(pattern=r"^[A-Za-z]+$")
    letter: Literal["A", "B", "C"]
    issues: list[IssuePlacement]
    set_aside: dict[str, int]
    gifts: list[Gift]
    units: list[UnitChange]
    will: Will | None
    plague: bool
    alcibiades_to_persia: bool
    demobilise: bool


class AristophanesData(Record):
    cards: list[AristophanesCard]


class FactionInfo(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    code: FactionCode
    name: str
    side: SideKey


class IssuesData(Record):
    factions: list[FactionInfo] = Field(min_length=4, max_length=4)
    debate_common: dict[str, int]
    debate_side: dict[str, list[DebateIssue]]
    theater_markers: dict[str, int]
    rumors_per_faction: int = Field(ge=0)


# ----- battle tables (§3) ---------------------------------------------------------------------
class MilitaryValues(Record):
    land_unit: int = Field(ge=0)
    spartan_land_unit: int = Field(ge=0)
    naval_unit: int = Field(ge=0)
    athenian_naval_unit: int = Field(ge=0)
    base: int = Field(ge=0)
    strategos: int = Field(ge=0)
    treason: int = Field(ge=0)


class CasualtyRow(Record):
    table: Literal["loser_land", "loser_naval", "winner_land", "winner_naval"]
    row_id: str
    count_what: Literal["winner_units", "loser_eliminated"]
    count_class: Literal["any", "elite", "line"]
    group_size: int = Field(ge=1)
    casualty_class: Literal["elite", "line"]
    per_group: int = Field(ge=1)


class CasualtyData(Record):
    row_mode: Literal["one_row", "split"]
    winner_cap: Literal["differential", "none"]
    rows: list[CasualtyRow]


Colour = Literal["blue", "white", "red", "yellow", "tan", "black"]
RULEBOOK_COLOURS: dict[str, Colour] = {  # P-DEF-4: Athens blue, Delian League white, Sparta red,
    "Ab": "blue", "An": "blue", "Al": "blue",  # Peloponnesian League yellow, Argos tan, Persia black
    "Db": "white", "Dn": "white", "Dl": "white",
    "Sb": "red", "Sn": "red", "Sl": "red", "S300": "red",
    "Pb": "yellow", "Pn": "yellow", "Pl": "yellow",
    "Ar": "tan", "Xb": "black",
}


class CountersData(Record):
    pieces: dict[str, int]
    colours: dict[str, Colour] = Field(default_factory=lambda: dict(RULEBOOK_COLOURS))
    counter_sheet: int = Field(default=130, ge=1)  # P-COMP-10: markers of every kind fit on one sheet
    strategos_per_side: int = Field(ge=1)
    council_size: int = Field(ge=1)
    treason_per_side: int = Field(ge=0)
    hostages_per_side: int = Field(ge=0)
    max_bases_per_theater: int = Field(ge=1)
    political_cards_per_side: int = Field(ge=18)
    aristophanes_cards: int = Field(ge=1)


# ----- scenarios (§4) -------------------------------------------------------------------------
class PiecePlacement(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    theater: int = Field(ge=1, le=21)
    piece: PieceCode
    count: int = Field(ge=1)


class TreasonPlacement(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    theater: int = Field(ge=1, le=21)
    side: SideKey
    count: int = Field(ge=1)


class PeaceEnd(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    turns: list[int]
    trigger: Literal["peace_in_effect", "peace_declared"]


class Scenario(Record):
    id: str = Field(pattern=r"^[0-9a-z_]+$")
    name: str
    first_turn: int = Field(ge=1, le=10)
    last_turn: int = Field(ge=1, le=10)
    phases: Literal["all", "theater"]
    theaters_in_play: list[int]
    war_peace: Literal["war", "peace"]
    plague: Literal["pre", "post"]
    war_with_persia: bool
    callias_done: bool
    alcibiades: Literal["athens", "persia"]
    persia_open: bool
    dominant: dict[str, FactionCode]
    favour: dict[str, Literal["AF", "DF", "EK", "AK", "neutral"]]
    honor: dict[str, int]
    stocks: dict[str, int]
    supply: dict[str, int]
    state_ship: bool
    pieces: list[PiecePlacement]
    treason: list[TreasonPlacement]
    hostages: dict[str, bool]
    theater_markers: dict[str, list[Literal["MIL", "LEA", "DIP", "ORA", "RUM"]]]
    auto_honor_victory_turns: list[int]
    peace_ends_game: PeaceEnd | None
    end_bonuses: bool
    campaign_14_43: bool


# ----- engine options (§8) --------------------------------------------------------------------
class OptionDef(Record):
    name: str = Field(pattern=r"^[a-z0-9_]+$")
    values: list[str] = Field(min_length=2)
    default: str
    why: str
    rules: list[str]

    @model_validator(mode="after")
    def _default_first(self) -> OptionDef:
        if self.default != self.values[0]:
            raise ValueError("a switch's default must be its first value (pericles-data.md §9)")
        return self


class AmountDef(Record):
    """A whole-number option given per faction (the Honor handicap, §5): ``default`` is the engine's,
    ``bot_default`` what a faction a bot plays gets unless told otherwise, and
    ``bot_default_by_scenario`` a scenario's own bot default where ``bot_default`` does not fit it
    (a short scenario leaves no time to catch up a handicap meant for the whole war)."""

    name: str = Field(pattern=r"^[a-z0-9_]+$")
    per: Literal["faction"]
    minimum: int = Field(ge=0)
    maximum: int
    default: int
    bot_default: int
    bot_default_by_scenario: dict[str, int] = Field(default_factory=dict)
    why: str
    rules: list[str]

    @model_validator(mode="after")
    def _within(self) -> AmountDef:
        amounts = (self.default, self.bot_default, *self.bot_default_by_scenario.values())
        if not all(self.minimum <= n <= self.maximum for n in amounts):
            raise ValueError("default and the bot defaults must lie within minimum..maximum")
        return self

    def bot_default_for(self, scenario: str) -> int:
        """What a faction a bot plays gets in ``scenario`` unless told otherwise."""
        return self.bot_default_by_scenario.get(scenario, self.bot_default)


class OptionsData(Record):
    options: list[OptionDef]
    amounts: list[AmountDef] = Field(default_factory=list)

    @model_validator(mode="after")
    def _unique_names(self) -> OptionsData:
        names = [o.name for o in self.options] + [a.name for a in self.amounts]
        if len(names) != len(set(names)):
            raise ValueError("every option needs a name of its own")
        return self


SCENARIOS = ("scenario_14_2", "scenario_14_1_09a")
TABLES = ("theaters", "connection_kinds", "connections", "cards_athens", "cards_sparta", "leaders", "aristophanes",
          "issues", "military_values", "casualty_tables", "counters", *SCENARIOS, "options")


class PericlesData(BaseModel):
    """Every data file, validated; ``files`` says where each came from (packaged or a user folder)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    files: dict[str, str]
    theaters: TheatersData
    connection_kinds: ConnectionKindsData
    connections: ConnectionsData
    cards_athens: DeckData
    cards_sparta: DeckData
    leaders: LeadersData
    aristophanes: AristophanesData
    issues: IssuesData
    military_values: MilitaryValues
    casualty_tables: CasualtyData
    counters: CountersData
    scenario_14_2: Scenario
    scenario_14_1_09a: Scenario
    options: OptionsData

    def scenario(self, key: str) -> Scenario:
        value = getattr(self, f"scenario_{key}")
        assert isinstance(value, Scenario)
        return value
