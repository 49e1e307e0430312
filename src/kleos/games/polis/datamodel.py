"""The typed shape of Polis's data files (board, cards, tables), validated at load.

Every record carries ``provenance``: a map from field name to ``rulebook`` (stated by a seed
rulebook), ``source`` (found in a public source) or ``reconstructed`` (the project's best
reconstruction, ../shared/spec/polis-data.md §11), with ``default`` for fields not named. The
rules never read these files directly: :mod:`kleos.games.polis.tables` compiles them into
index tables.

Names are the spec's canonical identifiers (no spaces); ``names`` gives each edition's spelling.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from kleos.core.provenance import ProvenanceRecord

Side = Literal["athens", "sparta"]
Good = Literal["iron", "wood", "wine", "oil", "silver", "wheat"]
ProjectType = Literal["philosophers", "artists", "temples", "theatres", "statues", "mysteries", "games"]


class Record(ProvenanceRecord):
    """Base of every Polis data record (the provenance rules are the platform's)."""


# ----- map ------------------------------------------------------------------------------------
class Region(Record):
    id: str
    names: dict[str, str] = Field(default_factory=dict)  # edition -> printed name


class Market(Record):
    id: str
    names: dict[str, str] = Field(default_factory=dict)


class MapData(Record):
    """Regions and how they connect (D-1)."""

    territories: list[Region]
    seas: list[Region]
    markets: list[Market]
    land_adjacency: list[tuple[str, str]]
    coasts: dict[str, list[str]]  # sea -> territories it borders
    sea_adjacency: list[tuple[str, str]]
    diolkos: tuple[str, str]  # the two seas joined for the owner of diolkos_polis
    diolkos_polis: str
    sea_only_territories: list[str]  # Ionia, Sikelia: hoplites enter and leave only by sea
    commercial_ports: dict[Side, list[str]]  # side -> seas its merchants may enter first
    trade_routes: list[tuple[str, str]]  # sea-sea and sea-market edges of the dotted routes
    land_trade_routes: dict[str, str]  # polis -> market reached by land (Epidamnos -> Illyria)


# ----- poleis ---------------------------------------------------------------------------------
class Polis(Record):
    id: str
    names: dict[str, str] = Field(default_factory=dict)
    territory: str | None  # None: a neutral area (Epidamnos, Abdera)
    base: int = Field(ge=1)  # base population = fortification value
    growth: int = Field(ge=0)  # maximum growth per round
    max: int = Field(ge=1)  # maximum population
    ports: list[str]  # seas its ports open onto (0, 1 or 2)
    projects: list[ProjectType]
    commercial: Side | None = None  # whose commercial polis it is
    capital: Side | None = None


class PoleisData(Record):
    poleis: list[Polis]


# ----- tribute --------------------------------------------------------------------------------
class TributeTable(Record):
    territory: str
    columns: dict[Good, list[int]]  # good -> amount for 1, 2, 3 ... hoplites


class TributeData(Record):
    tables: list[TributeTable]


# ----- markets --------------------------------------------------------------------------------
class Slot(Record):
    value: Literal[3, 4, 5]  # cargo size and the round value from which it is available
    reward: Literal["wheat", "silver"]
    accepts: list[Good]


class MarketSlots(Record):
    market: str
    slots: list[Slot]


class MarketsData(Record):
    markets: list[MarketSlots]
    value_table: dict[str, list[int]]  # "3"/"4"/"5" -> goods due at each track space
    start_space: dict[Good, int]  # 0-based space of each tradable good's marker at setup


# ----- projects -------------------------------------------------------------------------------
class Project(Record):
    id: str
    names: dict[str, str] = Field(default_factory=dict)
    type: ProjectType
    cost: dict[Good, int]
    prestige: int | Literal["half_capital_population"]  # Phidias [2012]: ceil(Athinae pop / 2)
    posterity: int
    poleis: list[str]


class ProjectsData(Record):
    projects: list[Project]


# ----- battle cards ---------------------------------------------------------------------------
class CardHalf(Record):
    formation: str  # "Mercenaries" and "Salpinx" for the two special cards
    manoeuvre: str
    value: int = Field(ge=-1, le=2)
    copies: int = Field(ge=1)
    special: Literal["mercenaries", "salpinx"] | None = None


class BattleCardsData(Record):
    land: list[CardHalf]
    sea: list[CardHalf]


# ----- events ---------------------------------------------------------------------------------
class Event(Record):
    id: str
    title: str
    text: str  # the effect in plain words, as the UI shows it
    effect: str  # name of the effect function in kleos.games.polis.events ("none" for no effect)
    params: dict[str, int | str | list[str]] = Field(default_factory=dict)
    copies: int = Field(default=1, ge=1)


# What each effect's ``params`` hold: the cards' data format, read by rules/events.py and checked at
# load (kleos.games.polis.loader). A kind names what the value must be; a kind ending in "?" may be
# left out. ``grant`` names its params ``<side>_<what>`` instead: see GRANT_PARAMS.
EFFECT_PARAMS: dict[str, dict[str, str]] = {
    "none": {},
    "close_market": {"market": "market"},
    "start_player": {"side": "side"},
    "battle_size": {"size": "count"},
    "tribute_cap": {"territory": "territory", "hoplites": "count"},
    "carthage": {"territory": "territory", "losses": "count"},
    "long_walls": {"side": "side", "territory": "territory", "polis": "polis"},
    "free_trade": {"markets": "markets", "prestige": "count"},
    "hermocopidae": {"side": "side", "territory": "territory", "prestige": "count"},
    "remove_unit": {"prestige": "count", "side": "side?"},
    "send_units": {"unit": "unit", "sides": "sides", "minimum": "count", "penalty": "count", "prestige": "count",
                   "returns": "returns"},
    "betrayal": {"population": "count"},
    "treasury": {"minimum": "count", "silver_per_prestige": "count"},
    "mercenaries": {"silver": "count"},
    "pacifism": {"prestige": "count"},
}
GRANT = "grant"
GRANT_PARAMS: dict[str, str] = {  # ``<side>_<what>``: a good (a count) or one of these
    "prestige": "signed",  # a negative number is a forced loss (R-EVENT-6)
    "units": "regions",  # one hoplite or galley in each
    "lose_units": "regions",
    "lose_pop": "poleis",  # one cube from each
}


class EventDeck(Record):
    round: str  # the round name this deck belongs to
    cards: list[Event]


class EventsData(Record):
    decks: list[EventDeck]


# ----- set-up and limits ----------------------------------------------------------------------
class SideSetup(Record):
    poleis: dict[str, int]  # polis -> cubes
    hoplites: dict[str, int]
    galleys: dict[str, int]
    merchants: int
    proxenos: str
    goods: dict[Good, int]
    prestige: int


class Limits(Record):
    cubes: int  # cubes for population and units per side (R-COMP-4)
    discs: int | None  # None: unlimited [2012]
    merchants: int
    goods_max: int | None  # None: unlimited [2012]; else the personal-board maximum [2020]
    prestige_max: int | None


class SetupData(Record):
    athens: SideSetup
    sparta: SideSetup
    limits: Limits


# ----- the edition ----------------------------------------------------------------------------
class RoundInfo(Record):
    name: str
    value: int = Field(ge=3, le=5)  # N: stacking limit and largest cargo


class EditionData(Record):
    """The rule switches of one edition; everything else lives in the other files."""

    edition: Literal["2012", "2020"]
    title: str
    rounds: list[RoundInfo]
    goods: list[Good]
    tradable: list[Good]
    perishable: list[Good]
    projects_per_round: list[int]  # tiles face up in each round
    projects_drawn_after_round: list[int]  # [2020] tiles drawn in step 7 (one is removed)
    ransom_is_action: bool
    siege_discs: bool
    siege_once_per_turn: bool
    barter_dice: Literal["one", "lower_of_two"]
    purchase_dice: Literal["higher_of_two", "one_per_good"]
    phoros: Literal["any", "one_or_two"]
    phoros_needs_other_polis: bool
    fixed_first_round_roles: bool
    end_of_round_marker: bool
    defer_battles_from_pass_turn: bool
    post_pass_create_other_polis: bool
    salpinx_unpaid_loses: bool = True
    spoilage_rounding: Literal["keep_half_up", "german_printed"] = "keep_half_up"
    siege_disc_scope: Literal["polis", "territory"] = "polis"
    zero_prestige_after_each_step: bool = False
    post_pass_siege_repeat: bool = False
    ransom_to_capital_even_if_occupied: bool = True


# ----- scenarios ------------------------------------------------------------------------------
NO_SCENARIO = "none"
"""The whole game, every round of the edition."""


class Scenario(Record):
    """An optional set-up of one edition (R-SCEN): some of its rounds, with or without event cards and
    project tiles. One the rules describe too little to play is listed with ``why`` it is not offered."""

    id: str
    title: str
    playable: bool
    why: str = ""  # why a scenario is not playable: shown when it is asked for
    rounds: list[str] = Field(default_factory=list)  # the edition's round names played, in order
    events: bool = True  # event cards in use
    projects: bool = True  # project tiles in use
    start: Literal["edition"] = "edition"  # where the starting position comes from: setup.json


class ScenariosData(Record):
    scenarios: list[Scenario]


# ----- a loaded edition -----------------------------------------------------------------------
TABLES: tuple[str, ...] = (
    "edition", "map", "poleis", "tribute", "markets", "projects", "battle_cards", "events", "setup",
    "scenarios",
)


class EditionBundle(BaseModel):
    """All data of one edition, validated and cross-checked; ``files`` says where each came from."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    edition: EditionData
    map: MapData
    poleis: PoleisData
    tribute: TributeData
    markets: MarketsData
    projects: ProjectsData
    battle_cards: BattleCardsData
    events: EventsData
    setup: SetupData
    scenarios: ScenariosData
    files: dict[str, str]
    scenario: str = NO_SCENARIO  # the scenario the edition's data was cut to (kleos.games.polis.scenarios)
