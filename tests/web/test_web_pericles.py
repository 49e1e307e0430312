"""Pericles in the browser (Chromium, Playwright): the board module draws the schematic map of the
theaters as SVG with each side's pieces and the marker queues, hides the other factions' Strategos
(P-INFO-3), and a person playing one faction against three random bots makes decisions by clicking
the shell's menu; on a 390×844 phone nothing overflows sideways.

The shared test server (tests/web/web_server.py) installs only the kits it names, so this module
starts its own server process with the Pericles kit added through ``KLEOS_GAME_KITS`` (the kit is
not an entry point yet) and uses the shared browser."""

# The fixtures come from web_server (not a conftest.py: see there), so the test functions' arguments
# name imported fixtures on purpose.
# ruff: noqa: F811
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from web_helpers import READY, create_game, get_state, store_seat
from web_server import TOY_KITS, LiveServer, browser, shots  # noqa: F401

from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.web.tables import LAYOUT, board_tables

PHONE = {"width": 390, "height": 844}
OPTIONS = {"scenario": "14_1_09a"}


class PericlesServer(LiveServer):
    """The test server with the Pericles kit installed beside the shared test kits."""

    def environment(self) -> dict[str, str]:
        env = super().environment()
        env["KLEOS_GAME_KITS"] = f"{TOY_KITS},kleos.games.pericles.kit:KIT"
        return env


@pytest.fixture(scope="module")
def pericles_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PericlesServer]:
    server = PericlesServer(tmp_path_factory.mktemp("web-pericles") / "kleos.db")
    server.start()
    try:
        yield server
    finally:
        server.stop()


def test_tables_place_every_theater_once_and_mark_the_layout_a_reconstruction() -> None:
    tables = board_tables(PericlesGame(OPTIONS))
    keys = [th["key"] for th in tables["theaters"]]
    assert set(keys) == set(LAYOUT)
    assert len({(th["col"], th["row"]) for th in tables["theaters"]}) == len(keys)
    assert tables["layout"].startswith("reconstruction")
    assert len(tables["links"]) == 39


def _play_a_step(page: Any) -> None:
    """Open menu groups until an action shows and click it; wait until the game moved on."""
    page.wait_for_function(READY, timeout=30_000)
    seq = page.evaluate("document.body.dataset.seq")
    for _ in range(5):
        actions = page.locator("#menu button.choice[data-action]:not([disabled])")
        if actions.count():
            pick = actions.first.element_handle()  # this button, not whatever is first after the step
            pick.click()
            if pick.get_attribute("data-armed") == "1":
                pick.click()
            break
        page.locator("#menu button.choice[data-group]:not([disabled])").first.click()
    page.wait_for_function("s => document.body.dataset.seq !== s || document.body.dataset.status === 'over'",
                           arg=seq, timeout=30_000)


def test_pericles_map_and_clicks_against_three_bots_on_a_phone(pericles_server: PericlesServer, browser: Any,
                                                               shots: Path) -> None:
    base = pericles_server.url
    answer = httpx.get(f"{base}/api/catalog/pericles/tables", params={"options": '{"scenario": "14_1_09a"}'},
                       timeout=30)
    assert answer.status_code == 200, answer.text
    theaters = len(answer.json()["theaters"])
    seated = create_game(base, ["me", "random", "random", "random"], game="pericles", options=OPTIONS, seed=5)
    me = seated["seat"]
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    context.set_default_timeout(20_000)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        store_seat(page, base, seated)
        page.goto(f"{base}/play/{seated['game_id']}")
        page.wait_for_selector("#per-map g.theater")
        assert page.locator("#per-map g.theater").count() == theaters
        assert page.locator("#per-map line.link").count() == 39
        athens = page.locator('#per-map g.theater[data-name="Athens"] text.pieces').first.text_content() or ""
        assert "Ab2" in athens and "Al3" in athens  # the scenario's Athenian set-up
        stocks = page.locator("table.per-factions tbody tr td:nth-child(3)").all_inner_texts()
        assert [s == "?" for s in stocks] == [seat != me for seat in range(4)]
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.screenshot(path=str(shots / "pericles-phone-start.png"), full_page=True)
        page.wait_for_function(READY, timeout=30_000)
        page.locator('#per-map g.theater[data-name="Athens"] rect').click()
        picked = page.locator("#menu button.choice[data-action]").evaluate_all("bs => bs.map(b => b.dataset.action)")
        assert picked and all("Athens" in action for action in picked)  # the map narrows the menu
        start = get_state(base, seated["game_id"], seated["token"])["seq"]
        steps = 0
        while steps < 4 and page.evaluate("document.body.dataset.status") != "over":
            _play_a_step(page)
            steps += 1
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert get_state(base, seated["game_id"], seated["token"])["seq"] > start
        page.screenshot(path=str(shots / "pericles-phone-played.png"), full_page=True)
        assert errors == []
    finally:
        context.close()
