"""The games this server plays, known only through their kits (:mod:`kleos.core.registry`).

Everything game-specific the server does goes through here or through the kit's members: which
game a request means, its options (validated by ``kit.make_game``; options a kit marks
``local_only`` are refused), who sits in which seat, the agents a game offers and the catalog the
lobby is drawn from. No game is named in this package.
"""

from __future__ import annotations

import importlib
import json
import secrets
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import ValidationError

from kleos.agents.registry import AgentSpecError, agent_names, agents_about, make_agent, parse_spec
from kleos.core import registry
from kleos.core.kit import GameKit, OptionsError
from kleos.core.kit.handicap import HANDICAP, with_bot_handicap
from kleos.core.kit.stored import unnamed_games_claimers
from kleos.core.protocol import CHANCE, Game
from kleos.i18n.platform import N_
from kleos.server.config import Settings
from kleos.server.errors import ApiError
from kleos.server.messages import dumps, log_text, seat_description, seat_head, seat_words
from kleos.server.schemas import RecordIn

PERSON = "person"
ME = "me"
RANDOM = "random"

AnyGame = Game[Any, Any]
SeatChoice = int | Literal["random"]
PROBE_SEED = 1
PROBE_CHANCE_STEPS = 1000
PROBED_MAX = 256  # option sets whose opening was checked, kept per process


def kit_of(name: str) -> GameKit:
    """The kit of game ``name`` (400 ``unknown_game`` when no installed kit answers to it)."""
    try:
        return registry.kit(name)
    except registry.UnknownGame as exc:
        raise ApiError(400, "unknown_game", str(exc), available=exc.available) from exc


def stored_kit(name: str) -> GameKit:
    """The kit of a game stored in the database (its kit must be installed to serve it)."""
    try:
        return registry.kit(name)
    except registry.UnknownGame as exc:
        raise ApiError(503, "game_not_installed", N_("the game '{name}' of this record is not installed"),
                       params={"name": name}) from exc


def claiming_kit() -> GameKit | None:
    """The one installed game that owns records made before games had names (``None``: none or several)."""
    claimers = unnamed_games_claimers(registry.games().values())
    return claimers[0] if len(claimers) == 1 else None


def default_game(settings: Settings) -> str:
    """The game a request without ``game`` means: the server's ``default_game``, else the single
    installed game that claims unnamed games (400 ``game_required`` when there is none)."""
    if settings.default_game:
        return kit_of(settings.default_game).name
    kit = claiming_kit()
    if kit is None:
        raise ApiError(400, "game_required", N_("name the game: {\"game\": <name>} (see GET /api/catalog)"))
    return kit.name


def options_key(options: Mapping[str, Any]) -> str:
    """Options as stored: JSON with sorted keys."""
    return json.dumps(dict(options), sort_keys=True)


def client_game(kit: GameKit, options: Mapping[str, Any]) -> tuple[AnyGame, dict[str, Any]]:
    """The game a client asks for and the options to store for it (the kit's defaults filled in).

    400 ``bad_options`` names the ``field``: options a client may not set (``local_only``, such as
    a folder on the server's disk), every option the kit's ``make_game`` refuses, and options the
    kit accepts but cannot open a game with (its opening or any seat's message fails): a game that
    could be stored but never read is refused here, whatever the kit raises."""
    local = {spec.name for spec in kit.options if spec.local_only}
    for name in options:
        if name in local:
            raise ApiError(400, "bad_options", N_("{name}: this option is not available on a server"),
                           params={"name": name}, field=name)
    defaults = {k: v for k, v in kit.default_options().items() if k not in local}
    full = {**defaults, **options}
    try:
        game = kit.make_game(full)  # read by the one options parser the command lines use
        full = {**defaults, **game.options}  # stored as read: a choice sent as a number kept as the choice
        _probe(kit, game, options_key(full))
    except OptionsError as exc:
        raise ApiError(400, "bad_options", kit.render_options_error(exc), field=exc.field) from exc
    except ApiError:
        raise
    except Exception as exc:  # a kit's bug must not become a 500 or a stored game nobody can read
        field = _changed_field(defaults, options)
        raise ApiError(400, "bad_options", f"{field}: these options do not make a playable game "
                       f"({type(exc).__name__})", field=field) from exc
    return game, full


_probed: set[tuple[str, str]] = set()
_probed_lock = threading.Lock()


def _probe(kit: GameKit, game: AnyGame, key: str) -> None:
    """Open a game with these options and build every seat's first message (once per options)."""
    with _probed_lock:
        if (kit.name, key) in _probed:
            return
    state = game.new_state(PROBE_SEED)
    for _ in range(PROBE_CHANCE_STEPS):
        if not game.is_chance(state):
            break
        outcome = game.sample_chance(state)
        before = game.copy(state)
        game.apply_in_place(state, outcome, CHANCE, validate=False)
        log_text(kit, game, before, CHANCE, outcome, state)
    for seat in (None, *range(len(game.seat_names))):
        dumps(seat_head(kit, game, state, 0, seat, meta={}, undo_allowed=False))
        seat_description(kit, game, state, seat)
    with _probed_lock:
        if len(_probed) >= PROBED_MAX:
            _probed.clear()
        _probed.add((kit.name, key))


def _changed_field(defaults: Mapping[str, Any], options: Mapping[str, Any]) -> str:
    """The option a client changed from the defaults, when it changed exactly one (else ``options``)."""
    changed = [name for name, value in options.items() if defaults.get(name) != value]
    return changed[0] if len(changed) == 1 else "options"


class GameBook:
    """One game object per (game, stored options), shared by every thread: games hold only
    immutable configuration, and building one may read data files."""

    def __init__(self) -> None:
        self._games: dict[tuple[str, str], AnyGame] = {}
        self._lock = threading.Lock()

    def game(self, name: str, options_json: str) -> AnyGame:
        key = (name, options_json)
        with self._lock:
            game = self._games.get(key)
        if game is None:
            try:
                game = stored_kit(name).make_game(json.loads(options_json))
            except OptionsError as exc:
                raise ApiError(500, "internal", f"stored options do not validate: {exc.field}") from exc
            with self._lock:
                game = self._games.setdefault(key, game)
        return game


def check_agent(spec: str, kit: GameKit, game: AnyGame) -> str:
    """``spec`` if it names an agent ``kit``'s game offers (400 ``bad_opponent`` otherwise)."""
    try:
        parse_spec(spec, kit)
        make_agent(spec, game)
    except AgentSpecError as exc:
        raise ApiError(400, "bad_opponent", f"{exc}; or '{PERSON}'") from exc
    return spec


def check_bot_budgets(settings: Settings, ask: SeatAsk) -> None:
    """400 ``bad_opponent`` naming the field when an agent spec asks for more model calls per
    decision than the operator allows (``bot_max_budget``): the budget is refused, not clamped,
    so that the client knows which bot it gets."""
    for field, spec in ask.others():
        if spec in (ME, PERSON):
            continue
        try:
            _, budget = parse_spec(spec)
        except AgentSpecError:
            continue  # unknown kinds are refused with the game's own list when the seats are planned
        if budget is not None and budget > settings.bot_max_budget:
            raise ApiError(400, "bad_opponent", f"{field}: '{spec}' asks for {budget} model calls per decision; "
                           f"this server allows at most {settings.bot_max_budget}", field=field)


def check_import(settings: Settings, record: Mapping[str, Any], ask: SeatAsk) -> None:
    """An import request, before the store reads it: the record's types are strict (400
    ``bad_record`` naming the field), bot budgets as for a new game, and, unless the operator lets
    clients choose seeds, no seat left to another person: the importer chose the record's seed,
    so they would know that person's hidden cards and every future die (400 ``seed_not_allowed``).
    Against bots, or alone, a record may be played on."""
    try:
        RecordIn.model_validate(record)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(["record", *(str(part) for part in first["loc"])])
        raise ApiError(400, "bad_record", f"not a game record: {field}: {first['msg']}", field=field) from exc
    check_bot_budgets(settings, ask)
    if settings.allow_client_seed:
        return
    invited = [field.partition(".")[0] for field, spec in ask.others() if spec == PERSON]
    if invited:
        field = invited[0]
        raise ApiError(400, "seed_not_allowed", f"{field}: an imported record carries its seed, which reveals "
                       "the other players' hidden cards and every future die; play it on against bots "
                       "(e.g. \"opponent\": \"random\") or start a new game to invite a person", field=field)


@dataclass(frozen=True)
class SeatPlan:
    """Who sits where in a new game: the creator's seat, and per seat ``None`` for a person (the
    creator, or whoever accepts that seat's invite) or the agent spec of a bot."""

    creator: int
    agents: tuple[str | None, ...]

    def invited(self) -> list[int]:
        return [seat for seat, agent in enumerate(self.agents) if agent is None and seat != self.creator]


@dataclass(frozen=True)
class SeatAsk:
    """The seats a request asks for: ``seats``, one entry per seat (``me`` once, ``person`` or an
    agent spec), and ``seat``, the creator's (or ``random``). Without ``seats``, ``me`` sits in
    ``seat`` (default 0) and every other seat is a person."""

    seat: SeatChoice | None = None
    seats: tuple[str, ...] | None = None

    def others(self) -> list[tuple[str, str]]:
        """(request field, spec) of the seats the request fills besides the creator's."""
        if self.seats is None:
            return [("seats", PERSON)]
        return [(f"seats.{i}", spec) for i, spec in enumerate(self.seats) if spec != ME]

    def plan(self, kit: GameKit, game: AnyGame) -> SeatPlan:
        return seat_plan(kit, game, seat=self.seat, seats=self.seats)


def seat_plan(kit: GameKit, game: AnyGame, *, seat: SeatChoice | None = None, seats: Sequence[str] | None = None,
              others: str = PERSON) -> SeatPlan:
    """Seats from a request: ``seats`` (one entry per seat: ``me`` once, ``person`` or an agent
    spec) and ``seat`` (the creator's, or ``random``); without ``seats``, ``others`` (a person, or
    an agent spec) in every seat but the creator's."""
    count = len(game.seat_names)
    if isinstance(seat, int) and not 0 <= seat < count:
        raise ApiError(400, "bad_seat", N_("seat must be between 0 and {last}, or '{random}'"),
                       params={"last": count - 1, "random": RANDOM})
    if seats is None:
        mine = secrets.randbelow(count) if seat == RANDOM else seat if isinstance(seat, int) else 0
        chosen = [others] * count
        chosen[mine] = ME
    else:
        chosen = list(seats)
        if len(chosen) != count or chosen.count(ME) != 1:
            raise ApiError(400, "bad_seats", N_("give one entry per seat ({count}), with '{me}' exactly once"),
                           params={"count": count, "me": ME})
        mine = chosen.index(ME)
        if seat == RANDOM:
            drawn = secrets.randbelow(count)
            chosen[mine], chosen[drawn] = chosen[drawn], chosen[mine]
            mine = drawn
        elif isinstance(seat, int) and seat != mine:
            raise ApiError(400, "bad_seats", N_("seat {seat} is not the seat marked '{me}' ({mine})"),
                           params={"seat": seat, "me": ME, "mine": mine})
    agents = tuple(None if spec in (ME, PERSON) else check_agent(spec, kit, game) for spec in chosen)
    return SeatPlan(mine, agents)


def handicapped(kit: GameKit, game: AnyGame, full: dict[str, Any], plan: SeatPlan,
                amount: int | None) -> tuple[AnyGame, dict[str, Any]]:
    """The game and stored options once the game's bot handicap is given to the plan's bot seats
    (``amount``, else the game's default; 0: none). 400 ``bad_handicap`` (``field`` ``handicap``) for
    a game without one, an amount out of its range, or one above 0 without a bot seat."""
    bots = [seat for seat, agent in enumerate(plan.agents) if agent is not None]
    try:
        options = with_bot_handicap(kit, full, bots, amount)
    except OptionsError as exc:
        raise ApiError(400, "bad_handicap", kit.render_options_error(exc, with_field=False), field=HANDICAP) from exc
    if options == full:
        return game, full
    return client_game(kit, options)


def opponents(kit: GameKit) -> list[str]:
    """What may sit in a seat besides the creator: a person, or one of the game's agents."""
    return [PERSON, *agent_names(kit)]


def default_opponent(kit: GameKit) -> str:
    parts = kit.agent_parts()
    return parts.default_opponent if parts is not None else RANDOM


def catalog_entry(kit: GameKit, board_module: str | None) -> dict[str, Any]:
    """A game as the lobby shows it (``GET /api/catalog``)."""
    local = {spec.name for spec in kit.options if spec.local_only}
    game = kit.make_game({k: v for k, v in kit.default_options().items() if k not in local})
    return {
        "name": kit.name,
        "title": kit.title,
        "summary": kit.word(kit.summary),
        "min_seats": kit.min_seats,
        "max_seats": kit.max_seats,
        "seat_names": list(game.seat_names),
        "seat_labels": seat_words(kit, game),
        "seat_count_option": kit.seat_count_option,
        "options": [spec.as_json(kit.word) for spec in kit.options if not spec.local_only],
        "opponents": opponents(kit),
        "default_opponent": default_opponent(kit),
        "agents_about": agents_about(kit),
        "bot_handicap": None if kit.bot_handicap is None else kit.bot_handicap.as_json(kit.word),
        "board_module": board_module,
    }


def tables_for(kit: GameKit, options_text: str | None) -> dict[str, Any]:
    """The drawing tables of ``kit``'s game for client options given as JSON text (404 when the
    game brings no web part)."""
    parts = kit.web_parts()
    if parts is None:
        raise ApiError(404, "no_tables", N_("{title} brings no board for the browser: it is shown as text"),
                       params={"title": kit.title})
    try:
        options = {} if not options_text else json.loads(options_text)
    except ValueError as exc:
        raise ApiError(400, "bad_options", N_("options must be a JSON object"), field="options") from exc
    if not isinstance(options, dict):
        raise ApiError(400, "bad_options", N_("options must be a JSON object"), field="options")
    game, _ = client_game(kit, options)
    return parts.tables(game)


def game_domain(kit: GameKit) -> str | None:
    """The text domain of a game: its package's ``i18n`` module declares it (``DOMAIN``) when
    imported; ``None`` for a game without one."""
    if not kit.parts_package:
        return None
    try:
        module = importlib.import_module(f"{kit.parts_package}.i18n")
    except ModuleNotFoundError:
        return None
    domain = getattr(module, "DOMAIN", None)
    return domain if isinstance(domain, str) else None
