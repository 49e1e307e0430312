"""The post-game analysis in the browser (Chromium, Playwright): a finished Cyclades game (seeded
random players, imported from its record) is opened in the replay, the Analyse button asks the
server, whose workers analyse it (a small budget: the test server's ``analysis_budget``); the page
then draws each seat's chance as an inline SVG chart with the turning points, and a click on a
turning point jumps the replay to that move."""

# The fixtures come from web_server (not a conftest.py: see there), so the test functions' arguments
# name imported fixtures on purpose.
# ruff: noqa: F811
from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from web_server import LiveServer, browser, desktop, live_server, shots  # noqa: F401

from finished_games import FINISHED, play_to_the_end

ANALYSIS_MS = 120_000  # the whole game analysed by the server's workers


def finished_cyclades() -> dict[str, Any]:
    name, options, seed, players, _ = next(f for f in FINISHED if f[0] == "cyclades")
    record: dict[str, Any] = play_to_the_end(name, options, seed, players).record.to_json()
    return record


def test_the_analysis_draws_the_chart_and_jumps_to_a_turning_point(live_server: LiveServer, desktop: Any,
                                                                    shots: Path) -> None:
    base = live_server.url
    answer = httpx.post(f"{base}/api/import", json={"record": finished_cyclades(), "seat": 0, "opponent": "random"},
                        timeout=60)
    assert answer.status_code == 201, answer.text
    game_id = answer.json()["game_id"]
    page = desktop.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{base}/replay/{game_id}")
    page.wait_for_selector("#analysis #analyse")
    page.click("#analysis #analyse")
    page.wait_for_selector("#analysis svg.analysis-chart polyline", timeout=ANALYSIS_MS)
    assert "each seat's own view" in page.inner_text("#analysis .analysis-note")
    lines = page.locator("#analysis svg.analysis-chart polyline").count()
    assert lines == 3  # one per seat of the 3-player game
    turns = page.locator("#analysis .analysis-turns button")
    assert turns.count() >= 1
    assert page.locator("#analysis svg circle.analysis-turn").count() == turns.count()
    target = turns.last.get_attribute("data-step")
    assert target is not None
    turns.last.click()
    page.wait_for_selector(f"body[data-step='{target}']")
    page.locator("#analysis svg circle.analysis-turn").first.dispatch_event("click")  # marks may overlap
    first = turns.first.get_attribute("data-step")
    page.wait_for_selector(f"body[data-step='{first}']")
    page.screenshot(path=str(shots / "analysis-cyclades.png"), full_page=True)
    stored = httpx.get(f"{base}/api/games/{game_id}/analysis", timeout=30).json()
    assert stored["status"] == "done" and stored["analysis"]["game"] == "cyclades"
    assert errors == []
