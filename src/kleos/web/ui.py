"""The browser UI of Kleos: three pages and their static assets, mounted on the server's app.

* ``/`` — the lobby (create, join, my games, import);
* ``/play/{game_id}`` — the game page (seat from the token kept in the browser's local storage,
  an invite code arriving in the URL fragment, or a spectator without either);
* ``/replay/{game_id}`` — a finished game step by step;
* ``/static/…`` — plain HTML, CSS and JavaScript ES modules (no build step, nothing fetched from
  outside the server);
* ``/ui/tables/{edition}`` — public, static tables the pages draw with that ``GET
  /api/editions/{edition}`` does not carry (market slots and value table, polis cards, project
  tiles, event texts, tribute tables, battle card values, printed names). They come from the
  edition's data files only: nothing here depends on a game, a seed or a seat.

Every page is built in the browser from what the server's API sends to that seat.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from kleos.games.polis.tables import GOODS, SIDES, tables_for

STATIC_DIR = Path(__file__).resolve().parent / "static"
EDITIONS = ("2012", "2020")

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


def _page(name: str) -> Response:
    return FileResponse(STATIC_DIR / name, media_type="text/html; charset=utf-8", headers=PAGE_HEADERS)


@lru_cache(maxsize=4)
def ui_tables(edition: str) -> dict[str, Any]:
    """Public tables of ``edition`` for drawing (indices as in ``GET /api/editions/{edition}``)."""
    t = tables_for(edition)
    b = t.bundle
    ed = t.edition

    def printed(names: dict[str, str], fallback: str) -> str:
        return names.get(ed) or fallback

    region_names = [printed(r.names, r.id) for r in (*b.map.territories, *b.map.seas)]
    events = {ev.id: {"title": ev.title, "text": ev.text} for deck in b.events.decks for ev in deck.cards}
    cards = {
        kind: [{"code": c.code, "formation": c.formation, "value": c.value, "copies": c.copies,
                "special": c.special} for c in t.cards(kind == "sea")]
        for kind in ("land", "sea")
    }
    return {
        "edition": ed,
        "title": t.rules.title,
        "goods_names": list(GOODS),
        "goods": list(t.goods),
        "tradable": list(t.tradable),
        "round_names": list(t.round_names),
        "round_values": list(t.round_values),
        "region_ids": list(t.region_ids),
        "region_names": region_names,
        "territories": t.n_territories,
        "land_adjacent": [list(a) for a in t.land_adj],
        "sea_adjacent": [list(a) for a in t.sea_adj],
        "coasts": [list(c) for c in t.coasts],
        "diolkos": list(t.diolkos),
        "diolkos_polis": t.diolkos_polis,
        "route_sea_adjacent": [list(a) for a in t.route_sea_adj],
        "route_markets": [list(a) for a in t.route_markets],
        "land_trade": {str(p): m for p, m in t.land_trade.items()},
        "first_seas": [list(x) for x in t.first_seas],
        "poleis": [
            {"id": p.id, "name": printed(p.names, p.id), "territory": t.polis_territory[i],
             "base": t.polis_base[i], "growth": t.polis_growth[i], "max": t.polis_max[i],
             "ports": list(t.polis_ports[i]), "projects": sorted(t.polis_project_types[i]),
             "commercial": t.polis_commercial[i], "capital": t.capital.index(i) if i in t.capital else -1}
            for i, p in enumerate(b.poleis.poleis)
        ],
        "capital": list(t.capital),
        "markets": list(t.market_ids),
        "market_names": [printed(m.names, m.id) for m in b.map.markets],
        "market_slots": [list(x) for x in t.market_slots],
        "slots": [{"market": s.market, "value": s.value, "reward": s.reward, "accepts": list(s.accepts)}
                  for s in t.slots],
        "value_table": {str(k): list(v) for k, v in t.value_table.items()},
        "track_len": t.track_len,
        "projects": [
            {"id": p.id, "type": p.type, "cost": [list(c) for c in p.cost], "prestige": p.prestige,
             "posterity": p.posterity, "poleis": sorted(p.poleis)}
            for p in t.projects
        ],
        "tribute": [[[g, list(amounts)] for g, amounts in cols] for cols in t.tribute],
        "events": events,
        "cards": cards,
        "sides": list(SIDES),
        "discs_limited": b.setup.limits.discs is not None,
    }


def mount_ui(app: FastAPI) -> None:
    """Serve the browser UI from ``app`` (after the API routers are included; a second call does nothing)."""
    if getattr(app.state, "kleos_ui", False):
        return
    app.state.kleos_ui = True

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> Response:
        return _page("index.html")

    @app.get("/play/{game_id}", include_in_schema=False)
    async def game_page(game_id: str) -> Response:
        return _page("game.html")

    @app.get("/replay/{game_id}", include_in_schema=False)
    async def replay_page(game_id: str) -> Response:
        return _page("replay.html")

    @app.get("/ui/tables/{edition}", include_in_schema=False)
    async def tables(edition: str) -> JSONResponse:
        if edition not in EDITIONS:
            return JSONResponse({"error": "not_found", "message": f"unknown edition '{edition}'"}, status_code=404)
        return JSONResponse(ui_tables(edition), headers={"Cache-Control": "public, max-age=3600"})

    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="kleos-static")
