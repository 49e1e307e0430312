"""The UI's pages and assets as plain HTTP (no browser): routes, headers, self-contained assets (the
shell's and each game's), the board modules named by the catalog, and the Polis drawing tables
agreeing with the game's own compiled tables."""

from __future__ import annotations

import json
import re
import warnings
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest

from kleos.games.polis.game import PolisGame
from kleos.server.app import create_app
from kleos.server.config import Settings
from kleos.web.ui import STATIC_DIR, game_static_dirs, mount_ui

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'kleos.db'}"))
    mount_ui(app)
    with TestClient(app) as test_client:
        yield test_client


@pytest.mark.parametrize(("path", "marker"), [("/", "lobby.js"), ("/play/abcdefghijkl", "game.js"),
                                              ("/replay/abcdefghijkl", "replay.js")])
def test_pages_are_served_with_a_strict_policy(client: TestClient, path: str, marker: str) -> None:
    """The three pages are HTML that loads one ES module from /static; the CSP allows only the page's own
    origin, so nothing can be fetched from outside."""
    answer = client.get(path)
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    assert f'<script type="module" src="/static/js/{marker}"></script>' in answer.text
    csp = answer.headers["content-security-policy"]
    assert "default-src 'self'" in csp and "connect-src 'self'" in csp
    assert answer.headers["referrer-policy"] == "no-referrer"
    assert '<link rel="icon" href="/static/favicon.svg"' in answer.text


def test_the_icon_is_served_where_a_browser_looks_for_it(client: TestClient) -> None:
    """A page links its icon; a browser on anything else (a JSON answer, a stylesheet opened on its
    own) asks for /favicon.ico, which is the same icon instead of a 404 in its console."""
    for path in ("/favicon.ico", "/static/favicon.svg"):
        answer = client.get(path)
        assert answer.status_code == 200, path
        assert answer.headers["content-type"].startswith("image/svg+xml"), path
        assert answer.content.startswith(b"<svg") and answer.content == (STATIC_DIR / "favicon.svg").read_bytes()


def check_assets(client: TestClient, folder: Path, prefix: str) -> None:
    """Every file of ``folder`` is served under ``prefix``, names no outside host, and every module a
    JS file imports exists (``./x.js`` beside it, ``/static/js/x.js`` in the shell)."""
    files = [p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    assert files
    assert {p.suffix for p in files} <= {".html", ".css", ".js", ".svg"}
    for path in files:
        text = path.read_text(encoding="utf-8")
        hosts = set(re.findall(r"(?:https?:)?//([a-z0-9-]+(?:\.[a-z0-9-]+)+)", text, re.I))
        assert hosts <= {"www.w3.org"}, (path, hosts)  # only the SVG namespace name, never fetched
        if path.suffix == ".js":
            for module in re.findall(r'from "\./([a-z-]+\.js)"', text):
                assert (path.parent / module).exists(), (path, module)
            for module in re.findall(r'from "/static/js/([a-z-]+\.js)"', text):
                assert (STATIC_DIR / "js" / module).exists(), (path, module)
        rel = path.relative_to(folder).as_posix()
        answer = client.get(f"{prefix}/{rel}")
        assert answer.status_code == 200, rel


def test_static_assets_are_self_contained(client: TestClient) -> None:
    """The shell's assets and every installed game's board folder are served and self-contained."""
    check_assets(client, STATIC_DIR, "/static")
    folders = game_static_dirs()
    assert "polis" in folders
    for name, folder in folders.items():
        check_assets(client, folder, f"/games/{name}")
    assert client.get("/games/nosuchgame/board.js").status_code == 404


def test_catalog_board_modules_are_served(client: TestClient) -> None:
    """Each game's catalog entry names its board module, served by the UI as an ES module with the
    board interface's create(ctx) (board-api.js); Polis has one."""
    games = {entry["name"]: entry for entry in client.get("/api/catalog").json()["games"]}
    assert games["polis"]["board_module"] == "/games/polis/board.js"
    for entry in games.values():
        if entry["board_module"] is None:
            continue
        answer = client.get(entry["board_module"])
        assert answer.status_code == 200
        assert "javascript" in answer.headers["content-type"]
        assert "export async function create(ctx)" in answer.text


def test_board_tables_agree_with_the_game(client: TestClient) -> None:
    """The Polis tables served for a game's options use the rules' own indices: same regions, poleis,
    markets, adjacency, cards and projects as the compiled tables of that edition."""
    for edition in ("2012", "2020"):
        options = quote(json.dumps({"edition": edition}))
        answer = client.get(f"/api/catalog/polis/tables?options={options}")
        assert answer.status_code == 200, answer.text
        ui = answer.json()
        t = PolisGame(edition).tables
        assert ui["edition"] == edition
        assert ui["region_ids"] == ui["regions"] == list(t.region_ids)
        assert ui["territories"] == t.n_territories
        assert [p["id"] for p in ui["poleis"]] == ui["polis_ids"] == list(t.polis_ids)
        assert [p["territory"] for p in ui["poleis"]] == ui["polis_territory"] == list(t.polis_territory)
        assert ui["markets"] == list(t.market_ids)
        assert ui["land_adjacent"] == [list(a) for a in t.land_adj]
        assert ui["sea_adjacent"] == [list(a) for a in t.sea_adj]
        assert [c["code"] for c in ui["cards"]["land"]] == ui["land_cards"] == [c.code for c in t.land_cards]
        assert [c["code"] for c in ui["cards"]["sea"]] == ui["sea_cards"] == [c.code for c in t.sea_cards]
        assert [p["id"] for p in ui["projects"]] == ui["project_ids"] == [p.id for p in t.projects]
        assert sum(len(s) for s in ui["market_slots"]) == len(ui["slots"])
    bad = quote(json.dumps({"edition": "1999"}))
    assert client.get(f"/api/catalog/polis/tables?options={bad}").status_code == 400


def test_ui_leaves_the_api_alone(client: TestClient) -> None:
    """Mounting the UI adds pages; the API answers as before (JSON errors included)."""
    assert client.get("/api/health").json() == {"ok": True}
    missing = client.get("/api/games/nosuchgame12")
    assert missing.status_code == 404 and missing.json()["error"] == "not_found"
    assert client.get("/static/nosuch.js").status_code == 404
