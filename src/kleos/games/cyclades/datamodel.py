"""The typed shape of Cyclades's data files, validated at load (cyclades-data.md).

Every record carries ``provenance``: a map from field name (or ``field[i]`` / ``field.key`` for part of
one) to ``rulebook`` (stated by the seed rulebook, CYC-ES), ``source`` (found in a public source) or
``reconstructed`` (the project's best design where nothing reliable was found), with ``default`` for
fields not named. ``confidence`` keeps the data sheet's own grading (``certain`` / ``likely`` /
``reconstructed``) and ``source`` names where a value comes from, so a ``likely`` value is never
passed off as printed. The rules never read these models: :mod:`kleos.games.cyclades.tables`
compiles them into index tables. Checks between records (adjacency, counts) live in the loader,
which can name the file and field of a problem.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, PositiveInt, model_validator

from kleos.core.provenance import ProvenanceRecord

Confidence = Literal["certain", "likely", "reconstructed"]
GodKey = Literal["poseidon", "ares", "zeus", "athena"]
Building = Literal["port", "fortress", "temple", "university"]


class Record(ProvenanceRecord):
    """Base of every Cyclades data record: provenance per field and the data sheet's confidence."""

    confidence: Confidence | None = None
    source: str = ""

    @model_validator(mode="after")
    def _honest(self) -> Record:
        """A value graded ``likely`` or ``reconstructed`` by the sheet is never tagged ``rulebook``."""
        default = self.provenance["default"]
        if self.confidence == "likely" and default == "rulebook":
            raise ValueError("a 'likely' record cannot default to 'rulebook' provenance (use 'source')")
        if self.confidence == "reconstructed" and default != "reconstructed":
            raise ValueError("a 'reconstructed' record must default to 'reconstructed' provenance")
        return self


# ----- boards (C-DATA-1, C-DATA-3, C-DATA-4) ---------------------------------------------------
class Island(Record):
    id: str = Field(pattern=r"^I[0-9]+$")
    cells: list[str] = Field(min_length=1)
    slots: int = Field(ge=1)
    metropolis_covers: int = Field(ge=1)
    prosperity: int = Field(ge=0)
    seas: list[str] = Field(min_length=1)
    cross_ref: str = ""
    display_name: str = ""


class Sea(Record):
    id: str = Field(pattern=r"^S[0-9]+$")
    cell: str
    trade: int = Field(ge=0)
    seas: list[str]
    islands: list[str]


class BoardData(Record):
    players: list[int] = Field(min_length=1)
    row_widths: list[int] = Field(min_length=1)
    seam_cells: list[str]
    islands: list[Island]
    seas: list[Sea]


# ----- start positions (C-DATA-2, C-SETUP-4) ---------------------------------------------------
class StartSeat(Record):
    seat: str
    troops: list[str] = Field(min_length=1)
    fleets: list[str] = Field(min_length=1)


class StartVariant(Record):
    option: str
    value: str
    seat: str
    troops: list[str] = Field(min_length=1)
    fleets: list[str] = Field(min_length=1)


class StartData(Record):
    players: int = Field(ge=2, le=5)
    board: str
    neutral: list[str]
    seats: list[StartSeat]
    variants: list[StartVariant] = Field(default_factory=list)


# ----- creatures (C-DATA-6) ----------------------------------------------------------------------
class Creature(Record):
    key: str = Field(pattern=r"^[a-z_]+$")
    name_en: str
    name_es: str = ""
    count: int = Field(ge=1)
    figure: bool
    duration: Literal["instant", "figure", "stays"]
    effect: str
    params: dict[str, int] = Field(default_factory=dict)
    options: list[str] = Field(default_factory=list)
    rules: list[str] = Field(default_factory=list)


class CreaturesData(Record):
    deck_size: int = Field(ge=1)
    figures: list[str]
    creatures: list[Creature]


# ----- components (C-COMP) -------------------------------------------------------------------------
class PerColour(Record):
    offering_markers: int = Field(ge=1)
    fleets: int = Field(ge=1)
    troops: int = Field(ge=1)
    screens: int = Field(ge=0)


class ComponentsData(Record):
    board_parts: int
    dice: int = Field(ge=1)
    gold: int = Field(ge=0)
    prosperity_markers: int = Field(ge=0)
    creature_cards: int = Field(ge=1)
    creature_figures: list[str]
    priests: int = Field(ge=0)
    philosophers: int = Field(ge=0)
    gods: list[GodKey]
    buildings: dict[Building, int]
    metropolises: int = Field(ge=0)
    per_colour: PerColour
    territory_markers: int = Field(ge=0)
    colours: list[str] = Field(min_length=5, max_length=5)
    starting_gold: int = Field(ge=0)
    troops_at_start: int = Field(ge=0)
    fleets_at_start: int = Field(ge=0)
    win_metropolises: dict[Literal["2", "3", "4", "5"], int]


# ----- gods and tracks (C-GODS, C-OFFER, C-APOLLO, C-CREATURE) ------------------------------------
class God(Record):
    key: GodKey
    name: str
    recruit: Literal["fleet", "troop", "priest", "philosopher"]
    recruit_costs: list[int] = Field(min_length=1)
    building: Building
    building_cost: int = Field(ge=0)
    special: Literal["move_fleets", "move_troops", "swap_creature"] | None
    special_cost: int = Field(ge=0)


class Apollo(Record):
    name: str
    gold_one_island: int = Field(ge=0)
    gold_more_islands: int = Field(ge=0)
    gold_no_island: int = Field(ge=0)
    prosperity_markers_space_1: int = Field(ge=0)


class GodsData(Record):
    gods: list[God]
    apollo: Apollo


class PlayerCount(Record):
    players: int = Field(ge=2, le=5)
    markers_per_player: int = Field(ge=1, le=2)
    face_up: int = Field(ge=1, le=4)
    procedure: Literal["all_up", "rotate_down", "pairs"]
    apollo_spaces: int = Field(ge=1)


class TracksData(Record):
    creature_slot_costs: list[PositiveInt] = Field(min_length=1)  # a price never falls below 1 GP (C-SUMMON-2)
    creature_slots_by_cycle: list[int] = Field(min_length=1)
    offering_min: int = Field(ge=1)
    offering_printed_max: int = Field(ge=1)
    player_counts: list[PlayerCount]


# ----- dice (C-DATA-7) -----------------------------------------------------------------------------
class DieFaces(Record):
    key: str
    faces: list[int] = Field(min_length=6, max_length=6)


class DiceData(Record):
    faces: list[DieFaces] = Field(min_length=1)


# ----- options (data sheet section 9) ------------------------------------------------------------
class OptionDef(Record):
    name: str = Field(pattern=r"^[a-z0-9_]+$")
    default: str
    choices: list[str] = Field(min_length=1)
    why: str
    rules: list[str] = Field(default_factory=list)
    values: Literal["fixed", "keys"] = "fixed"


class OptionsData(Record):
    options: list[OptionDef]


# ----- everything loaded ---------------------------------------------------------------------------
BOARD_TABLES: tuple[str, ...] = ("board_5p", "board_4p", "board_2_3p")
START_TABLES: tuple[str, ...] = ("start_5p", "start_4p", "start_3p", "start_2p")
TABLES: tuple[str, ...] = ("components", *BOARD_TABLES, *START_TABLES, "creatures", "gods", "tracks", "dice",
                           "options")


class CycladesData(BaseModel):
    """All data files, validated and cross-checked; ``files`` says where each came from."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    components: ComponentsData
    board_5p: BoardData
    board_4p: BoardData
    board_2_3p: BoardData
    start_5p: StartData
    start_4p: StartData
    start_3p: StartData
    start_2p: StartData
    creatures: CreaturesData
    gods: GodsData
    tracks: TracksData
    dice: DiceData
    options: OptionsData
    files: dict[str, str]

    def board(self, name: str) -> BoardData:
        board: BoardData = getattr(self, name)
        return board

    def start(self, players: int) -> StartData:
        start: StartData = getattr(self, f"start_{players}p")
        return start
