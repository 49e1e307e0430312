"""The UI's pages and assets as plain HTTP (no browser): routes, headers, self-contained assets,
and the drawing tables agreeing with the API's edition tables."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from kleos.server.app import create_app
from kleos.server.config import Settings
from kleos.web.ui import STATIC_DIR, mount_ui

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


def test_static_assets_are_self_contained(client: TestClient) -> None:
    """Every module imported by another exists and is served; no asset names an outside host."""
    files = [p for p in STATIC_DIR.rglob("*") if p.is_file()]
    assert {p.suffix for p in files} <= {".html", ".css", ".js"}
    for path in files:
        text = path.read_text(encoding="utf-8")
        hosts = set(re.findall(r"(?:https?:)?//([a-z0-9-]+(?:\.[a-z0-9-]+)+)", text, re.I))
        assert hosts <= {"www.w3.org"}, (path, hosts)  # only the SVG namespace name, never fetched
        if path.suffix == ".js":
            for module in re.findall(r'from "\./([a-z]+\.js)"', text):
                assert (path.parent / module).exists(), (path, module)
        rel = path.relative_to(STATIC_DIR).as_posix()
        answer = client.get(f"/static/{rel}")
        assert answer.status_code == 200, rel


def test_ui_tables_agree_with_the_api(client: TestClient) -> None:
    """The drawing tables use the API's indices: same regions, poleis, markets, adjacency and cards."""
    for edition in ("2012", "2020"):
        api = client.get(f"/api/editions/{edition}").json()
        ui = client.get(f"/ui/tables/{edition}").json()
        assert ui["region_ids"] == api["regions"]
        assert ui["territories"] == api["territories"]
        assert [p["id"] for p in ui["poleis"]] == api["poleis"]
        assert [p["territory"] for p in ui["poleis"]] == api["polis_territory"]
        assert ui["markets"] == api["markets"]
        assert ui["land_adjacent"] == api["land_adjacent"] and ui["sea_adjacent"] == api["sea_adjacent"]
        assert [c["code"] for c in ui["cards"]["land"]] == api["land_cards"]
        assert [c["code"] for c in ui["cards"]["sea"]] == api["sea_cards"]
        assert [p["id"] for p in ui["projects"]] == api["projects"]
        assert sum(len(s) for s in ui["market_slots"]) == len(ui["slots"])
    assert client.get("/ui/tables/1999").status_code == 404


def test_ui_leaves_the_api_alone(client: TestClient) -> None:
    """Mounting the UI adds pages; the API answers as before (JSON errors included)."""
    assert client.get("/api/health").json() == {"ok": True}
    missing = client.get("/api/games/nosuchgame12")
    assert missing.status_code == 404 and missing.json()["error"] == "not_found"
    assert client.get("/static/nosuch.js").status_code == 404
