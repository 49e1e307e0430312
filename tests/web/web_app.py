"""The server the browser tests drive, run as its own process: ``python web_app.py <database file>``.

It serves the API and the browser UI on a free port of 127.0.0.1 and prints that port on its first
line of output. Games come from the registry as in ``kleos serve``: the entry points, and the kits
named in ``KLEOS_GAME_KITS`` (the browser tests add the toy game that way).
"""

from __future__ import annotations

import socket
import sys


def main(database: str) -> None:
    import uvicorn

    from kleos.server.app import create_app
    from kleos.server.config import Settings
    from kleos.web.ui import mount_ui

    settings = Settings(database_url=f"sqlite:///{database}", allow_client_seed=True,
                        rate_capacity=10_000.0, rate_per_second=10_000.0, hello_timeout=10.0, bot_workers=2,
                        # every browser of the tests is 127.0.0.1, and requests count per address
                        request_limit="100000/second", games_per_hour=100_000,
                        analysis_budget=10)  # a whole game's analysis in seconds
    app = create_app(settings)
    mount_ui(app)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    print(sock.getsockname()[1], flush=True)
    # 127.0.0.1 is a trusted proxy here, so that a test may sign an account up "from" another address
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on", ws_ping_interval=None,
                            proxy_headers=True, forwarded_allow_ips="127.0.0.1")
    uvicorn.Server(config).run(sockets=[sock])


if __name__ == "__main__":
    main(sys.argv[1])
