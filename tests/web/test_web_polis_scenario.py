"""The Corinthian War in the browser (R-SCEN-2, R-SCEN-3, R-SCEN-5): a 2012 scenario game against a
bot, opened from the API with its options, shows round 5a of one, no event and no project, and is
played by clicking to the final scoring at the end of its one round."""

# The fixtures come from web_server (not a conftest.py: see there), so the test functions' arguments
# name imported fixtures on purpose.
# ruff: noqa: F811
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from web_helpers import create_game, get_state, open_game, play_by_clicking
from web_server import LiveServer, browser, desktop, live_server, shots  # noqa: F401

SCENARIO = {"edition": "2012", "scenario": "corinthian_war"}


def test_the_corinthian_war_is_played_by_clicking(live_server: LiveServer, desktop: Any, shots: Path) -> None:
    base = live_server.url
    seated = create_game(base, ["me", "simple"], options=SCENARIO, seed=5)
    assert get_state(base, seated["game_id"], seated["token"])["options"] == SCENARIO
    page = desktop.new_page()
    errors = open_game(page, base, seated)
    page.wait_for_selector("#menu button.choice, body[data-your-turn='0']")
    page.wait_for_selector(".round")
    assert page.inner_text(".round") == "Round 5a (1 of 1, N = 5)"
    page.screenshot(path=str(shots / "polis-corinthian-war-start.png"), full_page=True)
    counts = play_by_clicking(page, random.Random(5))
    assert counts["actions"] >= 3
    final = get_state(base, seated["game_id"], seated["token"])
    assert final["outcome"] is not None
    page.wait_for_function("n => Number(document.body.dataset.seq) >= n", arg=final["seq"])
    page.screenshot(path=str(shots / "polis-corinthian-war-over.png"), full_page=True)
    assert errors == []
