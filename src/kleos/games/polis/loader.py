"""Load, validate and cross-check one edition of Polis's data files.

The packaged files live in ``data/<edition>/`` (per-edition tables) and ``data/common/`` (tables both
editions share); a table is looked up in the edition folder first. A user who owns the game can
correct any value by putting a ``<table>.json`` of his own into a folder and passing it as
``data_dir``: that file replaces the packaged table of the same name, table by table.

Every failure is a :class:`~kleos.core.errors.DataError` naming the file and the field path inside it
(``poleis[3].base``), so a broken or mistyped data file can be fixed without reading this code.

Provenance keys (see :mod:`kleos.games.polis.datamodel`) name a field (``growth``) or, to tag part
of a field, an element of it: ``land_adjacency[13]`` (list position) or ``names.2012`` (dict key).
A record that carries no ``provenance`` of its own inherits the tag its parent gives the field
holding it, so a file-level ``{"default": "source"}`` covers every record without repeating it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, get_args

from pydantic import BaseModel

from kleos.core.datafiles import parse_model, read_text, require_folder
from kleos.core.errors import DataError
from kleos.core.provenance import Tag
from kleos.games.polis.datamodel import (
    EFFECT_PARAMS,
    GRANT,
    GRANT_PARAMS,
    TABLES,
    BattleCardsData,
    CardHalf,
    EditionBundle,
    EditionData,
    Event,
    EventsData,
    MapData,
    MarketsData,
    PoleisData,
    ProjectsData,
    Record,
    ScenariosData,
    SetupData,
    Side,
    SideSetup,
    TributeData,
)

EDITIONS: tuple[str, ...] = ("2012", "2020")
TAGS: tuple[Tag, ...] = get_args(Tag)
CARDS_PER_HALF = 24  # 24 battle cards, each with one land and one sea half (R-COMP-1, R-COMP-2)

MODELS: dict[str, type[Record]] = {
    "edition": EditionData,
    "map": MapData,
    "poleis": PoleisData,
    "tribute": TributeData,
    "markets": MarketsData,
    "projects": ProjectsData,
    "battle_cards": BattleCardsData,
    "events": EventsData,
    "setup": SetupData,
    "scenarios": ScenariosData,
}
# What an optional table holds when no file has it: no event decks (events are written separately),
# no scenarios (the 2020 edition has none).
OPTIONAL_TABLES: dict[str, Record] = {"events": EventsData(decks=[]), "scenarios": ScenariosData(scenarios=[])}
NO_FILE = ""  # ``EditionBundle.files`` entry of an optional table that has no file

# Fields that name a record in human-readable paths (``poleis[Korinthos]``) instead of its position.
_KEY_FIELDS = ("id", "market", "territory", "name", "round")
_SKIPPED_FIELDS = frozenset({"provenance", "note", "id"})
_PATH_TOKEN = re.compile(r"\.?([^.\[\]]+)|\[(\d+)\]")


# ----- reading ---------------------------------------------------------------------------------
def load_edition(edition: str, data_dir: Path | None = None) -> EditionBundle:
    """All tables of ``edition``, validated; ``data_dir`` overrides packaged tables one by one.

    Packaged editions are cached (they never change while the program runs); a user folder is
    read afresh every time, so a user who corrects a file sees the correction at once.
    """
    if edition not in EDITIONS:
        raise DataError("(argument)", "edition", f"unknown edition {edition!r}; expected one of {EDITIONS}")
    if data_dir is None:
        return _load_packaged(edition)
    require_folder(data_dir)
    return _load(edition, data_dir)


@lru_cache(maxsize=len(EDITIONS))
def _load_packaged(edition: str) -> EditionBundle:
    return _load(edition, None)


def _load(edition: str, data_dir: Path | None) -> EditionBundle:
    tables: dict[str, Record] = {}
    files: dict[str, str] = {}
    for table in TABLES:
        label, text = _find(table, edition, data_dir)
        files[table] = label
        tables[table] = OPTIONAL_TABLES[table] if text is None else parse_model(MODELS[table], label, text)
    bundle = EditionBundle.model_validate({"files": files, **tables})
    _CrossCheck(bundle, edition).run()
    return bundle


def _packaged_root() -> Traversable:
    return resources.files("kleos.games.polis") / "data"


def _find(table: str, edition: str, data_dir: Path | None) -> tuple[str, str | None]:
    """The file a table comes from (user folder, then edition folder, then common) and its text."""
    name = f"{table}.json"
    if data_dir is not None and (data_dir / name).is_file():
        return str(data_dir / name), read_text(str(data_dir / name), (data_dir / name).read_bytes)
    root = _packaged_root()
    for folder in (edition, "common"):
        candidate = root / folder / name
        if candidate.is_file():
            return str(candidate), read_text(str(candidate), candidate.read_bytes)
    if table in OPTIONAL_TABLES:
        return NO_FILE, None
    missing = f"missing: neither {edition}/ nor common/ has {name}"
    raise DataError(str(root / edition / name), "(file)", missing)







# ----- cross-checks ----------------------------------------------------------------------------
class _CrossCheck:
    """Checks between and within tables that a schema alone cannot express.

    Each check stops at the first problem and names the file and field, like a schema error.
    """

    def __init__(self, bundle: EditionBundle, edition: str) -> None:
        self.b = bundle
        self.edition = edition
        m = bundle.map
        self.territories = {t.id for t in m.territories}
        self.seas = {s.id for s in m.seas}
        self.markets = {x.id for x in m.markets}
        self.poleis = {p.id: p for p in bundle.poleis.poleis}
        self.goods = set(bundle.edition.goods)
        self.param_names: dict[str, set[str]] = {  # what an event card's param of each kind may name
            "side": set(get_args(Side)), "unit": {"hoplite", "galley"}, "returns": {"all", "half_up"},
            "territory": self.territories, "region": self.territories | self.seas, "polis": set(self.poleis),
            "market": self.markets}

    def run(self) -> None:
        self.check_edition()
        self.check_provenance()
        self.check_map()
        self.check_poleis()
        self.check_tribute()
        self.check_markets()
        self.check_projects()
        self.check_battle_cards()
        self.check_setup()
        self.check_events()
        self.check_scenarios()

    def fail(self, table: str, field: str, message: str) -> DataError:
        return DataError(self.b.files[table] or f"({table})", field, message)

    def require(self, ok: bool, table: str, field: str, message: str) -> None:
        if not ok:
            raise self.fail(table, field, message)

    def require_unique(self, names: list[str], table: str, field: str, message: str) -> None:
        self.require(len(set(names)) == len(names), table, field, message)

    def require_in(self, name: str, known: Iterable[str], table: str, field: str, what: str) -> None:
        known = set(known)
        self.require(name in known, table, field, f"unknown {what} {name!r}")

    # -- edition
    def check_edition(self) -> None:
        e = self.b.edition
        self.require(e.edition == self.edition, "edition", "edition",
                     f"file is for edition {e.edition!r}, but edition {self.edition!r} was asked for")
        for field in ("tradable", "perishable"):
            for i, good in enumerate(getattr(e, field)):
                self.require_in(good, self.goods, "edition", f"{field}[{i}]", "good (not in goods)")
        self.require(len(e.rounds) == len(e.projects_per_round), "edition", "projects_per_round",
                     f"{len(e.projects_per_round)} entries for {len(e.rounds)} rounds")
        names = [r.name for r in e.rounds]
        self.require_unique(names, "edition", "rounds", "round names repeat")
        drawn = e.projects_drawn_after_round
        self.require(not drawn or len(drawn) == len(e.rounds) - 1, "edition", "projects_drawn_after_round",
                     "needs one entry per round after the first, or none")

    # -- provenance keys
    def check_provenance(self) -> None:
        """Each provenance key must name a field or an element of one: a typo would tag nothing."""
        for table in TABLES:
            for path, record in _records(getattr(self.b, table)):
                for key in record.provenance:
                    if key != "default" and not _resolves(record, key):
                        raise self.fail(table, f"{path}.provenance.{key}" if path else f"provenance.{key}",
                                        "names no field or element of this record")

    # -- map
    def check_map(self) -> None:
        m = self.b.map
        ids = [r.id for r in m.territories] + [r.id for r in m.seas] + [x.id for x in m.markets]
        dupes = sorted({x for x in ids if ids.count(x) > 1})
        self.require(not dupes, "map", "territories", f"region or market ids repeat: {dupes}")
        self.check_pairs("land_adjacency", m.land_adjacency, self.territories, self.territories, "territory")
        self.check_pairs("sea_adjacency", m.sea_adjacency, self.seas, self.seas, "sea")
        for sea, coast in m.coasts.items():
            self.require_in(sea, self.seas, "map", f"coasts.{sea}", "sea")
            for i, territory in enumerate(coast):
                self.require_in(territory, self.territories, "map", f"coasts.{sea}[{i}]", "territory")
        for i, sea in enumerate(m.diolkos):
            self.require_in(sea, self.seas, "map", f"diolkos[{i}]", "sea")
        self.require_in(m.diolkos_polis, self.poleis, "map", "diolkos_polis", "polis")
        for i, territory in enumerate(m.sea_only_territories):
            self.require_in(territory, self.territories, "map", f"sea_only_territories[{i}]", "territory")
        for side, first in m.commercial_ports.items():
            for i, sea in enumerate(first):
                self.require_in(sea, self.seas, "map", f"commercial_ports.{side}[{i}]", "sea")
        self.check_trade_routes()
        for polis, market in m.land_trade_routes.items():
            self.require_in(polis, self.poleis, "map", f"land_trade_routes.{polis}", "polis")
            self.require_in(market, self.markets, "map", f"land_trade_routes.{polis}", "market")

    def check_pairs(self, field: str, pairs: list[tuple[str, str]], left: set[str], right: set[str],
                    what: str) -> None:
        for i, (a, b) in enumerate(pairs):
            self.require_in(a, left, "map", f"{field}[{i}][0]", what)
            self.require_in(b, right, "map", f"{field}[{i}][1]", what)
            self.require(a != b, "map", f"{field}[{i}]", "a region cannot border itself")

    def check_trade_routes(self) -> None:
        """Route edges join two seas or a sea and a market; two markets never touch."""
        nodes = self.seas | self.markets
        for i, (a, b) in enumerate(self.b.map.trade_routes):
            self.require_in(a, nodes, "map", f"trade_routes[{i}][0]", "sea or market")
            self.require_in(b, nodes, "map", f"trade_routes[{i}][1]", "sea or market")
            self.require(a in self.seas or b in self.seas, "map", f"trade_routes[{i}]",
                         "an edge needs at least one sea")

    # -- poleis
    def check_poleis(self) -> None:
        ps = self.b.poleis.poleis
        self.require_unique([p.id for p in ps], "poleis", "poleis", "polis ids repeat")
        for i, p in enumerate(ps):
            here = f"poleis[{i}]"
            if p.territory is not None:
                self.require_in(p.territory, self.territories, "poleis", f"{here}.territory", "territory")
            self.require(p.base <= p.max, "poleis", f"{here}.base", f"base {p.base} exceeds max {p.max}")
            for j, sea in enumerate(p.ports):
                self.require_in(sea, self.seas, "poleis", f"{here}.ports[{j}]", "sea")
                coast = self.b.map.coasts.get(sea, [])
                self.require(p.territory is None or p.territory in coast, "poleis", f"{here}.ports[{j}]",
                             f"{p.territory} does not border {sea} (map.coasts)")
        for side in ("athens", "sparta"):
            capitals = [p.id for p in ps if p.capital == side]
            self.require(len(capitals) == 1, "poleis", "poleis",
                         f"{side} needs exactly one capital, has {capitals}")

    # -- tribute
    def check_tribute(self) -> None:
        seen: set[str] = set()
        for i, t in enumerate(self.b.tribute.tables):
            here = f"tables[{i}]"
            self.require_in(t.territory, self.territories, "tribute", f"{here}.territory", "territory")
            self.require(t.territory not in seen, "tribute", f"{here}.territory", "territory listed twice")
            seen.add(t.territory)
            for good, amounts in t.columns.items():
                self.require_in(good, self.goods, "tribute", f"{here}.columns.{good}", "good of this edition")
                self.require(bool(amounts) and all(a > 0 for a in amounts), "tribute",
                             f"{here}.columns.{good}", "amounts must be positive and not empty")

    # -- markets
    def check_markets(self) -> None:
        mk = self.b.markets
        tradable = set(self.b.edition.tradable)
        seen: set[str] = set()
        for i, ms in enumerate(mk.markets):
            self.require_in(ms.market, self.markets, "markets", f"markets[{i}].market", "market")
            self.require(ms.market not in seen, "markets", f"markets[{i}].market", "market listed twice")
            seen.add(ms.market)
            for j, slot in enumerate(ms.slots):
                here = f"markets[{i}].slots[{j}]"
                self.require_in(slot.reward, self.goods, "markets", f"{here}.reward", "good of this edition")
                self.require(str(slot.value) in mk.value_table, "markets", f"{here}.value",
                             "no value_table row for this cargo size")
                for k, good in enumerate(slot.accepts):
                    self.require_in(good, tradable, "markets", f"{here}.accepts[{k}]", "tradable good")
        self.check_value_table()

    def check_value_table(self) -> None:
        mk = self.b.markets
        lengths = {len(row) for row in mk.value_table.values()}
        self.require(len(lengths) == 1 and 0 not in lengths, "markets", "value_table",
                     f"rows must be non-empty and of equal length, found lengths {sorted(lengths)}")
        (length,) = lengths
        tradable = set(self.b.edition.tradable)
        self.require(set(mk.start_space) == tradable, "markets", "start_space",
                     f"needs exactly the tradable goods {sorted(tradable)}")
        for good, space in mk.start_space.items():
            self.require(0 <= space < length, "markets", f"start_space.{good}",
                         f"space {space} is off the {length}-space track")

    # -- projects
    def check_projects(self) -> None:
        tiles = self.b.projects.projects
        self.require_unique([p.id for p in tiles], "projects", "projects", "project ids repeat")
        for i, p in enumerate(tiles):
            here = f"projects[{i}]"
            for good in p.cost:
                self.require_in(good, self.goods, "projects", f"{here}.cost.{good}", "good of this edition")
            for j, name in enumerate(p.poleis):
                self.require_in(name, self.poleis, "projects", f"{here}.poleis[{j}]", "polis")
                self.require(p.type in self.poleis[name].projects, "projects", f"{here}.poleis[{j}]",
                             f"{name}'s card does not allow {p.type} (poleis.json)")
        self.require(len(tiles) >= self.tiles_needed(), "projects", "projects",
                     f"{len(tiles)} tiles, but the rounds reveal {self.tiles_needed()}")

    def tiles_needed(self) -> int:
        e = self.b.edition
        if e.projects_drawn_after_round:
            return e.projects_per_round[0] + sum(e.projects_drawn_after_round)
        return sum(e.projects_per_round)

    # -- battle cards
    def check_battle_cards(self) -> None:
        for half in ("land", "sea"):
            cards: list[CardHalf] = getattr(self.b.battle_cards, half)
            total = sum(c.copies for c in cards)
            self.require(total == CARDS_PER_HALF, "battle_cards", half,
                         f"copies total {total}, expected {CARDS_PER_HALF}")
            for special in ("mercenaries", "salpinx"):
                copies = sum(c.copies for c in cards if c.special == special)
                self.require(copies == 1, "battle_cards", half,
                             f"needs exactly one {special} card, has {copies}")

    # -- setup
    def check_setup(self) -> None:
        s = self.b.setup
        for side in ("athens", "sparta"):
            self.check_side(side, getattr(s, side))
        overlap = set(s.athens.poleis) & set(s.sparta.poleis)
        self.require(not overlap, "setup", "sparta.poleis", f"both sides start with {sorted(overlap)}")

    def check_side(self, side: str, ss: SideSetup) -> None:
        limits = self.b.setup.limits
        for polis, cubes in ss.poleis.items():
            self.require_in(polis, self.poleis, "setup", f"{side}.poleis.{polis}", "polis")
            self.require(1 <= cubes <= self.poleis[polis].max, "setup", f"{side}.poleis.{polis}",
                         f"{cubes} cubes is outside 1..{self.poleis[polis].max}")
        capital = next(p.id for p in self.poleis.values() if p.capital == side)
        self.require(capital in ss.poleis, "setup", f"{side}.poleis", f"must include the capital {capital}")
        self.check_units(side, "hoplites", ss.hoplites, self.territories, "territory")
        self.check_units(side, "galleys", ss.galleys, self.seas, "sea")
        self.require_in(ss.proxenos, self.poleis, "setup", f"{side}.proxenos", "polis")
        for good, amount in ss.goods.items():
            self.require_in(good, self.goods, "setup", f"{side}.goods.{good}", "good of this edition")
            self.require(amount >= 0 and (limits.goods_max is None or amount <= limits.goods_max), "setup",
                         f"{side}.goods.{good}", f"{amount} is outside 0..{limits.goods_max}")
        self.require(limits.prestige_max is None or ss.prestige <= limits.prestige_max, "setup",
                     f"{side}.prestige", "above prestige_max")
        cubes = sum(ss.poleis.values()) + sum(ss.hoplites.values()) + sum(ss.galleys.values())
        self.require(cubes <= limits.cubes, "setup", side,
                     f"{cubes} cubes on the board, limit {limits.cubes} (R-COMP-4)")
        self.require(ss.merchants <= limits.merchants, "setup", f"{side}.merchants",
                     f"{ss.merchants} merchants, limit {limits.merchants}")
        self.require(limits.discs is None or len(ss.poleis) <= limits.discs, "setup", f"{side}.poleis",
                     "more poleis than discs")

    def check_units(self, side: str, field: str, units: dict[str, int], known: set[str], what: str) -> None:
        """Units stand in known regions and respect the first round's stacking limit (R-STACK-1)."""
        first_n = self.b.edition.rounds[0].value if self.b.edition.rounds else 0
        for region, n in units.items():
            self.require_in(region, known, "setup", f"{side}.{field}.{region}", what)
            self.require(0 <= n <= first_n, "setup", f"{side}.{field}.{region}",
                         f"{n} units is outside 0..{first_n} (stacking limit of the first round)")

    # -- events (written by another module; only the references are checked here)
    def check_events(self) -> None:
        rounds = {r.name for r in self.b.edition.rounds}
        for i, deck in enumerate(self.b.events.decks):
            self.require_in(deck.round, rounds, "events", f"decks[{i}].round", "round name")
            for j, card in enumerate(deck.cards):
                self.check_event(card, f"decks[{i}].cards[{j}]")

    def check_scenarios(self) -> None:
        """A playable scenario names rounds of this edition, at least one and each once (R-SCEN-3); one
        not playable says why."""
        rounds = [r.name for r in self.b.edition.rounds]
        self.require_unique([x.id for x in self.b.scenarios.scenarios], "scenarios", "scenarios", "ids repeat")
        for i, scenario in enumerate(self.b.scenarios.scenarios):
            here = f"scenarios[{i}]"
            if not scenario.playable:
                self.require(bool(scenario.why), "scenarios", f"{here}.why", "a scenario not playable says why")
                continue
            self.require(bool(scenario.rounds), "scenarios", f"{here}.rounds", "a playable scenario plays a round")
            self.require_unique(scenario.rounds, "scenarios", f"{here}.rounds", "round names repeat")
            for j, name in enumerate(scenario.rounds):
                self.require_in(name, rounds, "scenarios", f"{here}.rounds[{j}]", "round name")

    def check_event(self, card: Event, here: str) -> None:
        """The card names a known effect and gives it exactly the params it reads (EFFECT_PARAMS)."""
        if card.effect == GRANT:
            for key, value in card.params.items():
                side, _, what = key.partition("_")
                kind = "count" if what in self.goods else GRANT_PARAMS.get(what)
                self.require(side in self.param_names["side"] and kind is not None, "events", f"{here}.params.{key}",
                             "a grant is named <side>_<good|prestige|units|lose_units|lose_pop>")
                self.check_param(value, str(kind), f"{here}.params.{key}")
            return
        self.require_in(card.effect, [*EFFECT_PARAMS, GRANT], "events", f"{here}.effect", "effect")
        wanted = EFFECT_PARAMS[card.effect]
        for key in card.params:
            self.require_in(key, wanted, "events", f"{here}.params", f"parameter of effect {card.effect!r}:")
        for key, kind in wanted.items():
            if key in card.params:
                self.check_param(card.params[key], kind.rstrip("?"), f"{here}.params.{key}")
            else:
                self.require(kind.endswith("?"), "events", f"{here}.params", f"effect {card.effect!r} needs {key!r}")

    def check_param(self, value: object, kind: str, field: str) -> None:
        """``value`` is what ``kind`` asks: a number, one name of a kind, or a list of names."""
        if kind in ("count", "signed"):
            ok = isinstance(value, int) and not isinstance(value, bool) and (kind == "signed" or value >= 0)
            self.require(ok, "events", field, "must be a whole number" + (" of 0 or more" if kind == "count" else ""))
            return
        one = _LIST_KINDS.get(kind, kind)
        names = value if one != kind else [value]
        self.require(isinstance(names, list) and bool(names) and all(isinstance(n, str) for n in names), "events",
                     field, "must be a list of names" if one != kind else "must be a name")
        assert isinstance(names, list)
        for name in names:
            self.require_in(name, self.param_names[one], "events", field, one)


_LIST_KINDS = {"sides": "side", "markets": "market", "regions": "region", "poleis": "polis"}


# ----- provenance ------------------------------------------------------------------------------
@dataclass(frozen=True)
class TaggedValue:
    """One data value with where it came from; ``record`` is '' for a file's top-level record."""

    table: str
    record: str
    field: str
    value: object
    tag: Tag


def _path_tokens(path: str) -> list[str | int]:
    return [int(index) if index else name for name, index in _PATH_TOKEN.findall(path)]


def _resolves(record: Record, key: str) -> bool:
    """Whether a provenance key names a field of ``record`` or an element inside one."""
    tokens = _path_tokens(key)
    if not tokens or "".join(f"[{t}]" if isinstance(t, int) else f".{t}" for t in tokens).lstrip(".") != key:
        return False
    first = tokens[0]
    if not isinstance(first, str) or first not in type(record).model_fields or first in _SKIPPED_FIELDS:
        return False
    value: Any = getattr(record, first)
    for token in tokens[1:]:
        if isinstance(token, int) and isinstance(value, (list, tuple)) and token < len(value):
            value = value[token]
        elif isinstance(value, dict) and str(token) in value:
            value = value[str(token)]
        else:
            return False
    return True


def _own_provenance(record: Record) -> dict[str, Tag] | None:
    return record.provenance if "provenance" in record.model_fields_set else None


def _tag_for(own: dict[str, Tag] | None, inherited: Tag, path: str) -> Tag:
    """The most specific provenance key covering ``path`` (a field or an element of one)."""
    if own is None:
        return inherited
    best, best_len = own["default"], -1
    for key, tag in own.items():
        covers = path == key or path.startswith((key + "[", key + "."))
        if key != "default" and covers and len(key) > best_len:
            best, best_len = tag, len(key)
    return best


def _splits(own: dict[str, Tag] | None, path: str) -> bool:
    """Whether some provenance key tags a part of ``path`` rather than all of it."""
    return own is not None and any(k.startswith((path + "[", path + ".")) for k in own)


def _key_field(record: BaseModel) -> str | None:
    """The field that names a record (its id), if it has one."""
    return next((f for f in _KEY_FIELDS if isinstance(getattr(record, f, None), str)), None)


def _label(record: BaseModel, index: int) -> str:
    key = _key_field(record)
    return str(getattr(record, key)) if key else str(index)


def _walk(table: str, record: Record, where: str, inherited: Tag) -> Iterator[TaggedValue]:
    own = _own_provenance(record)
    key = _key_field(record)
    for name in type(record).model_fields:
        if name in _SKIPPED_FIELDS or name == key:
            continue  # identifiers and bookkeeping are not game data
        yield from _walk_field(table, record, where, own, inherited, name, getattr(record, name))


def _walk_field(table: str, record: Record, where: str, own: dict[str, Tag] | None, inherited: Tag,
                path: str, value: object) -> Iterator[TaggedValue]:
    tag = _tag_for(own, inherited, path)
    prefix = f"{where}." if where else ""
    if isinstance(value, Record):
        yield from _walk(table, value, f"{prefix}{path}", tag)
    elif isinstance(value, list) and value and all(isinstance(v, Record) for v in value):
        for i, child in enumerate(value):
            yield from _walk(table, child, f"{prefix}{path}[{_label(child, i)}]", tag)
    elif _splits(own, path) and isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            yield from _walk_field(table, record, where, own, inherited, f"{path}[{i}]", item)
    elif _splits(own, path) and isinstance(value, dict):
        for key, item in value.items():
            yield from _walk_field(table, record, where, own, inherited, f"{path}.{key}", item)
    else:
        yield TaggedValue(table, where, path, value, tag)


def _records(root: Record, where: str = "") -> Iterator[tuple[str, Record]]:
    """Every record in a table with its index path (``poleis[3]``), the root first."""
    yield where, root
    for name in type(root).model_fields:
        value = getattr(root, name)
        here = f"{where}.{name}" if where else name
        if isinstance(value, Record):
            yield from _records(value, where=here)
        elif isinstance(value, list):
            for i, child in enumerate(value):
                if isinstance(child, Record):
                    yield from _records(child, where=f"{here}[{i}]")


def tagged_values(bundle: EditionBundle) -> list[TaggedValue]:
    """Every data value of the bundle with its provenance tag.

    A value is one field of one record; a field is split into its elements only where a provenance
    key tags part of it. Ids, notes and the provenance maps themselves are not values.
    """
    out: list[TaggedValue] = []
    for table in TABLES:
        if bundle.files[table] == NO_FILE:
            continue  # an optional table with no file holds no data to vouch for
        root: Record = getattr(bundle, table)
        out.extend(_walk(table, root, "", root.provenance["default"]))
    return out


def reconstructed_values(bundle: EditionBundle) -> list[tuple[str, str, str, object]]:
    """(file, record path, field, value) of every value tagged ``reconstructed``.

    This is the list a player who owns the printed game would check and correct.
    """
    return [(bundle.files[v.table], v.record, v.field, v.value)
            for v in tagged_values(bundle) if v.tag == "reconstructed"]


def provenance_summary(bundle: EditionBundle) -> dict[str, int]:
    """How many values carry each tag, so docs and UI can say how much is reconstructed."""
    counts = Counter(v.tag for v in tagged_values(bundle))
    return {tag: counts.get(tag, 0) for tag in TAGS}
