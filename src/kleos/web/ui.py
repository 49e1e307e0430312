"""The browser app shell of Kleos: three pages and their static assets, mounted on the server's app.

* ``/`` — the lobby: the installed games (``GET /api/catalog``) with their options and seats,
  this browser's games across all games, join by invite, import;
* ``/play/{game_id}`` — the game page (seat from the token kept in the browser's local storage,
  an invite code arriving in the URL fragment, or a spectator without either);
* ``/replay/{game_id}`` — a finished game step by step;
* ``/ladder`` — the ratings of one game kind (``?game=<name>``);
* ``/static/…`` — the shell's plain HTML, CSS and JavaScript ES modules (no build step, nothing
  fetched from outside the server);
* ``/games/<name>/…`` — the static folder of each installed game that brings a web part
  (:class:`kleos.core.kit.web.WebParts`): its board module and what that imports.

The shell knows no game: it draws what every game shares (menus of legal actions, log, seats,
undo, replay) and hands the position to the game's board module (the interface is described in
``static/js/board-api.js``), or shows it as text when the game brings none. The pages share one
frame (``static/frame.html``: the head's common lines, the body's class and the brand), served
around each page's own title, links, scripts and body.
"""

from __future__ import annotations

import functools
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import Response
from fastapi.staticfiles import StaticFiles

from kleos.core import registry

STATIC_DIR = Path(__file__).resolve().parent / "static"
GAMES_PREFIX = "/games"
FAVICON = (STATIC_DIR / "favicon.svg").read_bytes()

# Nothing may be loaded from another origin; the page talks only to its own server (HTTP and WebSocket).
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; "
       "form-action 'self'")
PAGE_HEADERS = {
    "Content-Security-Policy": CSP,
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-cache",
}


@functools.cache
def page_text(name: str, kind: str) -> str:
    """Page ``name`` of the shell in its frame (``frame.html``: the head, body class ``page-<kind>``,
    brand and closing tags every page shares): the page file holds its own head lines, then
    ``</head>``, then its header's title and its ``main`` unclosed. Read once: the pages are part of
    the package."""
    head, _, body = (STATIC_DIR / name).read_text(encoding="utf-8").partition("</head>\n")
    frame = (STATIC_DIR / "frame.html").read_text(encoding="utf-8")
    return frame.replace("{head}", head).replace("{kind}", kind).replace("{body}", body)


def _page(name: str, kind: str) -> Response:
    return Response(page_text(name, kind), media_type="text/html; charset=utf-8", headers=PAGE_HEADERS)


def game_static_dirs() -> dict[str, Path]:
    """The static folder of every installed game that brings a web part, by game name."""
    folders: dict[str, Path] = {}
    for name, kit in registry.games().items():
        parts = kit.web_parts()
        if parts is not None:
            folders[name] = parts.static_dir
    return folders


def board_module_url(name: str) -> str | None:
    """Where the browser finds game ``name``'s board module (``None``: the game is shown as text)."""
    parts = registry.kit(name).web_parts()
    return None if parts is None else f"{GAMES_PREFIX}/{name}/{parts.board_module}"


def mount_ui(app: FastAPI) -> None:
    """Serve the browser UI from ``app`` (after the API routers are included; a second call does nothing)."""
    if getattr(app.state, "kleos_ui", False):
        return
    app.state.kleos_ui = True

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> Response:
        return _page("index.html", "lobby")

    @app.get("/play/{game_id}", include_in_schema=False)
    async def game_page(game_id: str) -> Response:
        return _page("game.html", "game")

    @app.get("/replay/{game_id}", include_in_schema=False)
    async def replay_page(game_id: str) -> Response:
        return _page("replay.html", "replay")

    @app.get("/ladder", include_in_schema=False)
    async def ladder_page() -> Response:
        return _page("ladder.html", "ladder")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:  # what a browser asks for on a page without its own icon link
        return Response(FAVICON, media_type="image/svg+xml", headers={"Cache-Control": "max-age=86400"})

    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="kleos-static")
    for name, folder in game_static_dirs().items():
        app.mount(f"{GAMES_PREFIX}/{name}", StaticFiles(directory=folder), name=f"kleos-game-{name}")
