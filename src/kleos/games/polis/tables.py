"""Index tables compiled once per edition from the validated data.

The rules work on small integers (region, polis, good, slot and card indices) so that states are
flat lists that copy fast; this module is the only place that maps names to indices.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, cast

from pydantic import ValidationError

from kleos.core.action import Action
from kleos.core.errors import DataError
from kleos.core.frozen import reduce_frozen
from kleos.games.polis.datamodel import CardHalf, EditionBundle, EditionData, Event
from kleos.games.polis.loader import load_edition
from kleos.games.polis.scenarios import NO_SCENARIO, with_scenario

ATHENS, SPARTA = 0, 1
SIDES = ("athens", "sparta")
SIDE_NAMES = ("Athens", "Sparta")

GOODS = ("iron", "wood", "wine", "oil", "silver", "wheat")
IRON, WOOD, WINE, OIL, SILVER, WHEAT = range(6)
N_GOODS = len(GOODS)
GOOD_INDEX = {g: i for i, g in enumerate(GOODS)}

NO_ONE = -1


def other(side: int) -> int:
    return 1 - side


@dataclass(frozen=True, slots=True)
class SlotInfo:
    market: int
    value: int
    reward: int  # WHEAT or SILVER
    accepts: tuple[int, ...]

    def __reduce__(self) -> tuple[Any, ...]:
        return reduce_frozen(self)  # as Tables does (see below)


@dataclass(frozen=True, slots=True)
class ProjectInfo:
    id: str
    type: str
    cost: tuple[tuple[int, int], ...]  # (good, amount)
    prestige: int  # -1: half the capital's population, rounded up (Phidias [2012])
    posterity: int
    poleis: frozenset[int]

    def __reduce__(self) -> tuple[Any, ...]:
        return reduce_frozen(self)  # as Tables does (see below)


@dataclass(frozen=True, slots=True)
class CardInfo:
    code: str  # notation of the card half: Formation/Manoeuvre
    formation: str
    value: int
    copies: int
    special: str | None

    def __reduce__(self) -> tuple[Any, ...]:
        return reduce_frozen(self)  # as Tables does (see below)


@dataclass(frozen=True)
class Tables:
    """Everything the rules need to know about one edition, as indices."""

    bundle: EditionBundle
    rules: EditionData
    edition: str
    round_names: tuple[str, ...]
    round_values: tuple[int, ...]
    goods: tuple[int, ...]
    tradable: tuple[int, ...]
    perishable: tuple[int, ...]
    # regions: territories first, then seas
    region_ids: tuple[str, ...]
    region_index: dict[str, int]
    n_territories: int
    n_regions: int
    land_adj: tuple[tuple[int, ...], ...]  # per region (empty for seas)
    sea_adj: tuple[tuple[int, ...], ...]  # per region (empty for territories)
    coasts: tuple[tuple[int, ...], ...]  # territory -> seas it borders; sea -> territories
    diolkos: tuple[int, int]
    diolkos_polis: int
    sea_only: frozenset[int]
    # poleis
    polis_ids: tuple[str, ...]
    polis_index: dict[str, int]
    polis_territory: tuple[int, ...]  # -1: neutral area
    polis_base: tuple[int, ...]
    polis_growth: tuple[int, ...]
    polis_max: tuple[int, ...]
    polis_ports: tuple[tuple[int, ...], ...]
    polis_project_types: tuple[frozenset[str], ...]
    polis_commercial: tuple[int, ...]  # side or -1
    commercial_poleis: tuple[tuple[int, ...], tuple[int, ...]]  # per side
    capital: tuple[int, int]  # polis index per side
    territory_poleis: tuple[tuple[int, ...], ...]
    # tribute: territory -> ((good, amounts), ...)
    tribute: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]
    # markets
    market_ids: tuple[str, ...]
    market_index: dict[str, int]
    slots: tuple[SlotInfo, ...]
    market_slots: tuple[tuple[int, ...], ...]
    route_sea_adj: tuple[tuple[int, ...], ...]  # per region: seas linked by a dotted route
    route_markets: tuple[tuple[int, ...], ...]  # per region (sea): markets reached from it
    first_seas: tuple[tuple[int, ...], tuple[int, ...]]  # per side
    land_trade: dict[int, int]  # polis -> market
    value_table: dict[int, tuple[int, ...]]
    track_len: int
    market_start: tuple[int, ...]  # per good index (0 for non-tradable)
    # projects
    projects: tuple[ProjectInfo, ...]
    project_index: dict[str, int]
    # battle card halves, land and sea
    land_cards: tuple[CardInfo, ...]
    sea_cards: tuple[CardInfo, ...]
    # events per round
    event_decks: tuple[tuple[Event, ...], ...]
    event_index: dict[str, Event]
    # memoised answers of pure board queries (see board.reach); never part of equality
    reach_cache: dict[int, Any] = field(default_factory=dict, compare=False, repr=False)
    last_reach: list[list[Any]] = field(default_factory=lambda: [[None] * 4, [None] * 4], compare=False, repr=False)
    owner_memo: dict[str, tuple[list[int], Any]] = field(default_factory=dict, compare=False, repr=False)
    spread_cache: dict[int, int] = field(default_factory=dict, compare=False, repr=False)
    # actions of one name argument, built once per verb (see rules.common.unary_actions)
    action_catalog: dict[str, tuple[Action, ...]] = field(default_factory=dict, compare=False, repr=False)
    # per project tile: (goods paid in silver, payment) for each way to pay it (see rules.project)
    project_payments: dict[int, tuple[tuple[tuple[str, ...], tuple[tuple[int, int], ...]], ...]] = field(
        default_factory=dict, compare=False, repr=False)
    # what the legal-action generators work out once per edition (poleis per kind, prebuilt actions)
    plans: dict[tuple[object, ...], Any] = field(default_factory=dict, compare=False, repr=False)
    # the properties below worked out once (see _derive)
    derived: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def __reduce__(self) -> tuple[Any, ...]:
        """Copies and pickles rebuild the tables through the constructor (see :mod:`kleos.core.frozen`)."""
        return reduce_frozen(self)

    def round_value(self, round_index: int) -> int:
        return self.round_values[round_index]

    def is_sea(self, region: int) -> bool:
        return region >= self.n_territories

    def _derive(self, name: str, compute: Callable[[Tables], Any]) -> Any:
        """``compute(self)``, worked out once per name and kept in :attr:`derived` (a compiled class
        has no instance dictionary: ``functools.cached_property`` worked these out at every access)."""
        found = self.derived.get(name)
        if found is None:
            found = self.derived[name] = compute(self)
        return found

    @property
    def siege_targets(self) -> tuple[tuple[int, int, int], ...]:
        """(polis, territory, base population) of each polis a siege may ever aim at: neither a
        capital nor in a neutral area (R-ACT-SIEGE-3, R-ACT-SIEGE-4)."""
        return cast("tuple[tuple[int, int, int], ...]", self._derive("siege_targets", _siege_targets))

    # ----- the map as bit masks (bit r: region r), for the reach searches of board.reach_starts --
    @property
    def land_masks(self) -> tuple[int, ...]:
        """Per region: its land neighbours."""
        return cast("tuple[int, ...]", self._derive("land_masks", _land_masks))

    @property
    def coast_masks(self) -> tuple[int, ...]:
        """Per region: the seas a territory borders, the territories a sea touches."""
        return cast("tuple[int, ...]", self._derive("coast_masks", _coast_masks))

    @property
    def sea_masks(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Per region, its adjacent seas: without, then with the diolkos link (R-MAP-24)."""
        return cast("tuple[tuple[int, ...], tuple[int, ...]]", self._derive("sea_masks", _sea_masks))

    @property
    def sea_only_mask(self) -> int:
        return cast("int", self._derive("sea_only_mask", _sea_only_mask))

    @property
    def region_bits(self) -> tuple[int, ...]:
        """``1 << r`` for every region r."""
        return cast("tuple[int, ...]", self._derive("region_bits", _region_bits))

    @property
    def sea_bits(self) -> int:
        """The mask of every sea (regions ``n_territories`` … ``n_regions - 1``)."""
        return cast("int", self._derive("sea_bits", _sea_bits))

    @property
    def unlimited_discs(self) -> bool:
        """[2012] discs are unlimited (R-COMP-7); [2020] limited (R-COMP-5)."""
        return cast("bool", self._derive("unlimited_discs", _unlimited_discs))

    @property
    def last_round(self) -> int:
        return len(self.round_names) - 1

    @property
    def scenario(self) -> str:
        """The scenario these tables were compiled for (``none``: the whole game)."""
        return self.bundle.scenario

    @property
    def scenario_title(self) -> str:
        """The title of the scenario played (R-SCEN), as the data writes it; empty for the whole game."""
        found = [x.title for x in self.bundle.scenarios.scenarios if x.id == self.scenario]
        return found[0] if found else ""

    def cards(self, sea: bool) -> tuple[CardInfo, ...]:
        return self.sea_cards if sea else self.land_cards

    def display_region(self, region: int) -> str:
        return self.region_ids[region]


def _siege_targets(t: Tables) -> tuple[tuple[int, int, int], ...]:
    return tuple((p, t.polis_territory[p], t.polis_base[p]) for p in range(len(t.polis_ids))
                 if p not in t.capital and t.polis_territory[p] != NO_ONE)


def _land_masks(t: Tables) -> tuple[int, ...]:
    return tuple(_mask(near) for near in t.land_adj)


def _coast_masks(t: Tables) -> tuple[int, ...]:
    return tuple(_mask(near) for near in t.coasts)


def _sea_masks(t: Tables) -> tuple[tuple[int, ...], tuple[int, ...]]:
    plain = [_mask(near) for near in t.sea_adj]
    linked = plain[:]
    a, b = t.diolkos
    linked[a] |= 1 << b
    linked[b] |= 1 << a
    return tuple(plain), tuple(linked)


def _sea_only_mask(t: Tables) -> int:
    return _mask(t.sea_only)


def _region_bits(t: Tables) -> tuple[int, ...]:
    return tuple(1 << r for r in range(t.n_regions))


def _sea_bits(t: Tables) -> int:
    return (1 << t.n_regions) - (1 << t.n_territories)


def _unlimited_discs(t: Tables) -> bool:
    return t.bundle.setup.limits.discs is None


def _mask(regions: Iterable[int]) -> int:
    """The bit mask of a set of regions."""
    bits = 0
    for r in regions:
        bits |= 1 << r
    return bits


def _cards(halves: list[CardHalf]) -> tuple[CardInfo, ...]:
    out = []
    for h in halves:
        code = h.formation if h.special else f"{h.formation}/{h.manoeuvre}"
        out.append(CardInfo(code, h.formation, h.value, h.copies, h.special))
    return tuple(out)


def compile_tables(bundle: EditionBundle) -> Tables:
    """Turn a validated bundle into index tables."""
    m = bundle.map
    territories = [t.id for t in m.territories]
    seas = [s.id for s in m.seas]
    region_ids = tuple(territories + seas)
    rix = {r: i for i, r in enumerate(region_ids)}
    nt, nr = len(territories), len(region_ids)
    land: list[set[int]] = [set() for _ in range(nr)]
    for a, b in m.land_adjacency:
        land[rix[a]].add(rix[b])
        land[rix[b]].add(rix[a])
    sea: list[set[int]] = [set() for _ in range(nr)]
    for a, b in m.sea_adjacency:
        sea[rix[a]].add(rix[b])
        sea[rix[b]].add(rix[a])
    coasts: list[set[int]] = [set() for _ in range(nr)]
    for s, ts in m.coasts.items():
        for t in ts:
            coasts[rix[s]].add(rix[t])
            coasts[rix[t]].add(rix[s])

    poleis = bundle.poleis.poleis
    pix = {p.id: i for i, p in enumerate(poleis)}
    capital = [NO_ONE, NO_ONE]
    for i, p in enumerate(poleis):
        if p.capital:
            capital[SIDES.index(p.capital)] = i
    territory_poleis: list[list[int]] = [[] for _ in range(nt)]
    for i, p in enumerate(poleis):
        if p.territory is not None:
            territory_poleis[rix[p.territory]].append(i)

    tribute: list[tuple[tuple[int, tuple[int, ...]], ...]] = [() for _ in range(nt)]
    for table in bundle.tribute.tables:
        tribute[rix[table.territory]] = tuple(
            (GOOD_INDEX[g], tuple(v)) for g, v in sorted(table.columns.items(), key=lambda kv: GOOD_INDEX[kv[0]])
        )

    market_ids = tuple(mk.id for mk in m.markets)
    mix = {x: i for i, x in enumerate(market_ids)}
    slots: list[SlotInfo] = []
    market_slots: list[list[int]] = [[] for _ in market_ids]
    for ms in bundle.markets.markets:
        for slot in ms.slots:
            market_slots[mix[ms.market]].append(len(slots))
            slots.append(SlotInfo(mix[ms.market], slot.value, GOOD_INDEX[slot.reward],
                                  tuple(GOOD_INDEX[g] for g in slot.accepts)))
    route_sea: list[set[int]] = [set() for _ in range(nr)]
    route_markets: list[set[int]] = [set() for _ in range(nr)]
    for a, b in m.trade_routes:
        if a in mix or b in mix:
            s, mk = (a, b) if b in mix else (b, a)
            route_markets[rix[s]].add(mix[mk])
        else:
            route_sea[rix[a]].add(rix[b])
            route_sea[rix[b]].add(rix[a])
    value_table = {int(k): tuple(v) for k, v in bundle.markets.value_table.items()}
    track_len = len(next(iter(value_table.values())))
    market_start = [0] * N_GOODS
    for g, space in bundle.markets.start_space.items():
        market_start[GOOD_INDEX[g]] = space

    projects = tuple(
        ProjectInfo(
            p.id, p.type,
            tuple((GOOD_INDEX[g], n) for g, n in sorted(p.cost.items(), key=lambda kv: GOOD_INDEX[kv[0]])),
            -1 if p.prestige == "half_capital_population" else int(p.prestige),
            p.posterity, frozenset(pix[x] for x in p.poleis),
        )
        for p in bundle.projects.projects
    )
    rules = bundle.edition
    decks: list[tuple[Event, ...]] = []
    for name in (r.name for r in rules.rounds):
        cards: list[Event] = []
        for deck in bundle.events.decks:
            if deck.round == name:
                for ev in deck.cards:
                    cards.extend([ev] * ev.copies)
        decks.append(tuple(cards))
    event_index = {ev.id: ev for deck in bundle.events.decks for ev in deck.cards}

    return Tables(
        bundle=bundle, rules=rules, edition=rules.edition,
        round_names=tuple(r.name for r in rules.rounds),
        round_values=tuple(r.value for r in rules.rounds),
        goods=tuple(GOOD_INDEX[g] for g in rules.goods),
        tradable=tuple(GOOD_INDEX[g] for g in rules.tradable),
        perishable=tuple(GOOD_INDEX[g] for g in rules.perishable),
        region_ids=region_ids, region_index=rix, n_territories=nt, n_regions=nr,
        land_adj=tuple(tuple(sorted(s)) for s in land),
        sea_adj=tuple(tuple(sorted(s)) for s in sea),
        coasts=tuple(tuple(sorted(s)) for s in coasts),
        diolkos=(rix[m.diolkos[0]], rix[m.diolkos[1]]),
        diolkos_polis=pix[m.diolkos_polis],
        sea_only=frozenset(rix[t] for t in m.sea_only_territories),
        polis_ids=tuple(p.id for p in poleis), polis_index=pix,
        polis_territory=tuple(rix[p.territory] if p.territory else NO_ONE for p in poleis),
        polis_base=tuple(p.base for p in poleis),
        polis_growth=tuple(p.growth for p in poleis),
        polis_max=tuple(p.max for p in poleis),
        polis_ports=tuple(tuple(rix[s] for s in p.ports) for p in poleis),
        polis_project_types=tuple(frozenset(p.projects) for p in poleis),
        polis_commercial=tuple(SIDES.index(p.commercial) if p.commercial else NO_ONE for p in poleis),
        commercial_poleis=(tuple(i for i, p in enumerate(poleis) if p.commercial == "athens"),
                           tuple(i for i, p in enumerate(poleis) if p.commercial == "sparta")),
        capital=(capital[0], capital[1]),
        territory_poleis=tuple(tuple(x) for x in territory_poleis),
        tribute=tuple(tribute),
        market_ids=market_ids, market_index=mix, slots=tuple(slots),
        market_slots=tuple(tuple(x) for x in market_slots),
        route_sea_adj=tuple(tuple(sorted(s)) for s in route_sea),
        route_markets=tuple(tuple(sorted(s)) for s in route_markets),
        first_seas=(tuple(rix[s] for s in m.commercial_ports["athens"]),
                    tuple(rix[s] for s in m.commercial_ports["sparta"])),
        land_trade={pix[p]: mix[mk] for p, mk in m.land_trade_routes.items()},
        value_table=value_table, track_len=track_len, market_start=tuple(market_start),
        projects=projects, project_index={p.id: i for i, p in enumerate(projects)},
        land_cards=_cards(bundle.battle_cards.land), sea_cards=_cards(bundle.battle_cards.sea),
        event_decks=tuple(decks), event_index=event_index,
    )


@lru_cache(maxsize=8)
def _packaged(edition: str, scenario: str) -> Tables:
    return compile_tables(with_scenario(load_edition(edition), scenario))


def with_rules(bundle: EditionBundle, rules: Mapping[str, object]) -> EditionBundle:
    """The bundle with some rule switches of ``edition.json`` changed (the *(config)* rulings)."""
    data = bundle.edition.model_dump()
    unknown = sorted(set(rules) - set(data))  # "edition" is in data: refused below, by name
    if unknown or "edition" in rules:
        raise DataError("rules", ", ".join(unknown) or "edition", "no such rule switch")
    try:
        edition = EditionData.model_validate({**data, **rules})
    except ValidationError as error:
        first = error.errors()[0]
        raise DataError("rules", ".".join(str(x) for x in first["loc"]), first["msg"]) from None
    for name, value in rules.items():  # a switch may change a list, never empty one the data fills
        if isinstance(value, list) and not value and data[name]:
            raise DataError("rules", name, "must not be empty")
    if len(edition.rounds) != len(edition.projects_per_round):
        raise DataError("rules", "projects_per_round",
                        f"{len(edition.projects_per_round)} entries for {len(edition.rounds)} rounds")
    return bundle.model_copy(update={"edition": edition})


def tables_for(edition: str, data_dir: Path | None = None, rules: Mapping[str, object] | None = None,
               scenario: str = NO_SCENARIO) -> Tables:
    """The tables of an edition, from the packaged data or a user's corrected data folder, with
    optional rule switches (e.g. ``{"siege_disc_scope": "territory"}``), for the whole game or one of
    the edition's scenarios (the switches read the edition; the scenario then picks from it)."""
    if data_dir is None and not rules:
        return _packaged(edition, scenario)
    bundle = load_edition(edition, data_dir)
    return compile_tables(with_scenario(with_rules(bundle, rules) if rules else bundle, scenario))


def ceil_half(n: int) -> int:
    return math.ceil(n / 2)
