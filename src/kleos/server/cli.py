"""``kleos serve``: the web server on uvicorn, SQLite by default, PostgreSQL and Redis to scale out;
``kleos worker``: a process that searches for the bots and hints of every web process sharing its Redis."""

from __future__ import annotations

import argparse
import os
import sys

from kleos.i18n.platform import N_, _
from kleos.server.config import DEFAULT_DATABASE, DEFAULT_GAME_VARIABLE, Settings, default_bot_workers

DESCRIPTION = N_("""\
Run the Kleos web server (HTTP and WebSocket API, see docs/web-api.md).

  kleos serve                                   SQLite file kleos.db, http://127.0.0.1:8000
  kleos serve --database postgresql://user@127.0.0.1/kleos --redis redis://127.0.0.1:6379/0
                                                several processes sharing one PostgreSQL and Redis
  kleos serve --bot-workers 0 --redis …         a web process only: kleos worker processes search
""")

WORKER_DESCRIPTION = N_("""\
Search for the bots and hints of the web servers that share this Redis (see docs/web-api.md).
One decision at a time per process: start one per core, on as many machines as you like.

  kleos worker --redis redis://10.0.0.5:6379/0
""")


LIMIT_FLAGS: tuple[tuple[str, type[int] | type[float], str], ...] = (  # each with its default in Settings
    ("--games-per-hour", int, N_("games a client may create per hour")),
    ("--imports-per-hour", int, N_("records a client may import per hour")),
    ("--sockets-per-game", int, N_("open WebSockets per game and process")),
    ("--sockets-per-client", int, N_("open WebSockets per client and process")),
    ("--header-timeout", float, N_("seconds for a request's headers to arrive")),
    ("--keep-alive-timeout", float, N_("seconds an idle HTTP connection stays open")),
)


def add_serve_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    serve = commands.add_parser("serve", help=_("run the web server"), description=_(DESCRIPTION),
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    serve.add_argument("--host", default="127.0.0.1", help=_("address to listen on (default 127.0.0.1)"))
    serve.add_argument("--port", type=int, default=8000, help=_("port (default 8000)"))
    serve.add_argument("--database", default=DEFAULT_DATABASE,
                       help=_("sqlite:///FILE or postgresql://… (default {database})",
                              database=DEFAULT_DATABASE))
    serve.add_argument("--redis", default=None, help=_("redis://… to share live updates between processes"))
    serve.add_argument("--public-url", default=None,
                       help=_("base URL used in invite links (default: from the request)"))
    defaults, workers = Settings(), default_bot_workers()
    serve.add_argument("--bot-workers", type=int, default=workers, metavar="N",
                       help=_("worker processes that search for bots and hints (default: cores - 1, here {n}); "
                              "with --redis, 0 leaves the searching to kleos worker", n=workers))
    serve.add_argument("--bot-in-flight", type=int, default=defaults.bot_in_flight, metavar="N",
                       help=_("with --redis: decisions this process may wait for at once (default {n})",
                              n=defaults.bot_in_flight))
    serve.add_argument("--bot-max-budget", type=int, default=defaults.bot_max_budget, metavar="CALLS",
                       help=_("most model calls per decision a bot may be asked for; more is refused (default {n})",
                              n=defaults.bot_max_budget))
    serve.add_argument("--bot-seconds", type=float, default=defaults.bot_decision_seconds, metavar="SECONDS",
                       help=_("deadline of one bot decision, waiting included; past it the bot plays a random "
                              "legal action (default {seconds})",
                              seconds=f"{defaults.bot_decision_seconds:g}"))
    serve.add_argument("--rate", type=float, default=10.0, help=_("actions per second per seat token (default 10)"))
    serve.add_argument("--burst", type=float, default=30.0,
                       help=_("actions allowed at once per seat token (default 30)"))
    serve.add_argument("--request-limit", default=defaults.request_limit, metavar="RATES",
                       help=_("requests per client on every endpoint, e.g. 100/second;3000/minute (default {rates})",
                              rates=defaults.request_limit))
    for flag, kind, what in LIMIT_FLAGS:
        default = getattr(defaults, flag.removeprefix("--").replace("-", "_"))
        serve.add_argument(flag, type=kind, default=default,
                           help=_("{what} (default {default})", what=_(what), default=f"{default:g}"))
    serve.add_argument("--trusted-proxies", default=None, metavar="ADDRESSES",
                       help=_("reverse proxies (comma-separated addresses, * for any) whose X-Forwarded-For names "
                              "the client (default: none, the header is ignored)"))
    serve.add_argument("--allow-client-seed", action="store_true",
                       help=_("let clients choose game seeds (tests and benchmarks only: the seed reveals future "
                              "dice)"))
    serve.add_argument("--default-game", default=os.environ.get(DEFAULT_GAME_VARIABLE) or None, metavar="NAME",
                       help=_("the game of requests that name none (default: ${variable}, else the installed game "
                              "that owns games stored before games had names)", variable=DEFAULT_GAME_VARIABLE))
    serve.add_argument("--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"])
    serve.add_argument("--no-access-log", action="store_true", help=_("do not log each request"))
    serve.add_argument("--log-json", action="store_true", help=_("log one JSON object per line (for a log collector)"))
    serve.set_defaults(func=run_serve)
    add_worker_parser(commands)


def add_worker_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    worker = commands.add_parser("worker", help=_("search for the bots of web servers sharing a Redis"),
                                 description=_(WORKER_DESCRIPTION),
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    worker.add_argument("--redis", required=True, help=_("redis://… shared with the web servers"))
    worker.add_argument("--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"])
    worker.add_argument("--log-json", action="store_true", help=_("log one JSON object per line"))
    worker.set_defaults(func=run_worker)


def _needs_web(command: str) -> int:
    """Say that ``command`` needs the web extra, which is not installed; the exit status 2."""
    sys.stderr.write(_("{command} needs the web packages: pip install -e '.[web]' (or pip install 'kleos[web]')",
                       command=command) + "\n")
    return 2


def run_worker(args: argparse.Namespace) -> int:
    try:
        from kleos.server.queue import serve_worker
    except ModuleNotFoundError:
        return _needs_web("kleos worker")
    from kleos.server.db import redact_url
    from kleos.server.logs import configure

    configure(args.log_json, args.log_level)
    try:
        shown = redact_url(args.redis)
    except Exception as exc:
        sys.stderr.write(_("kleos worker: bad --redis URL: {problem}", problem=type(exc).__name__) + "\n")
        return 2
    sys.stderr.write(_("kleos worker: taking decisions from {redis}", redis=shown) + "\n")
    serve_worker(args.redis)
    return 0


def run_serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn
    except ModuleNotFoundError:
        return _needs_web("kleos serve")

    from kleos.server.app import create_app
    from kleos.server.db import redact_url
    from kleos.server.logs import uvicorn_log_config
    from kleos.server.ratelimit import uvicorn_options

    if args.bot_workers < (0 if args.redis else 1):
        sys.stderr.write(_("kleos serve: --bot-workers must be at least 1 (0 only with --redis and kleos worker)")
                         + "\n")
        return 2
    if not 0 < args.port < 65536:
        sys.stderr.write(_("kleos serve: bad port {port}", port=args.port) + "\n")
        return 2
    if args.default_game is not None:
        from kleos.core import registry

        if args.default_game not in registry.games():
            sys.stderr.write(_("kleos serve: unknown game '{game}' (installed: {games})", game=args.default_game,
                               games=", ".join(registry.games()) or "-") + "\n")
            return 2
    try:
        database = redact_url(args.database)
    except Exception as exc:
        sys.stderr.write(_("kleos serve: bad --database URL: {problem}", problem=type(exc).__name__) + "\n")
        return 2
    settings = Settings(database_url=args.database, redis_url=args.redis, public_url=args.public_url,
                        bot_workers=args.bot_workers, rate_capacity=args.burst, rate_per_second=args.rate,
                        bot_max_budget=args.bot_max_budget, bot_decision_seconds=args.bot_seconds,
                        allow_client_seed=args.allow_client_seed, default_game=args.default_game,
                        request_limit=args.request_limit, games_per_hour=args.games_per_hour,
                        imports_per_hour=args.imports_per_hour, sockets_per_game=args.sockets_per_game,
                        sockets_per_client=args.sockets_per_client, header_timeout=args.header_timeout,
                        keep_alive_timeout=args.keep_alive_timeout, trusted_proxies=args.trusted_proxies,
                        bot_in_flight=args.bot_in_flight, log_json=args.log_json)
    where = {"host": args.host, "port": args.port, "database": database}
    listening = (_("kleos serve: http://{host}:{port} (database {database}, redis)", **where) if args.redis
                 else _("kleos serve: http://{host}:{port} (database {database})", **where))
    sys.stderr.write(listening + "\n")
    config = uvicorn.Config(create_app(settings), host=args.host, port=args.port, log_level=args.log_level,
                            access_log=not args.no_access_log, ws_max_size=1 << 16, lifespan="on",
                            ws_per_message_deflate=False,  # compressing every push costs more CPU than it saves
                            log_config=uvicorn_log_config(settings.log_json, args.log_level),
                            **uvicorn_options(settings))
    server = uvicorn.Server(config)
    server.run()
    return 0 if server.started else 1
