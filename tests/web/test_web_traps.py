"""Traps a new player fell into in the browser (issue 17). Plain HTTP, no browser: the view's JSON names
the choices that lose the game at once; an ostracism's outcome says it was not scored. In Chromium:
the game page lists a losing choice last, flagged, and sends it only on a second tap; an unknown game
says so; undo waits for the connection; a phone reads the board without clipping."""

# The fixtures come from web_server (not a conftest.py: see there), so the test functions' arguments
# name imported fixtures on purpose.
# ruff: noqa: F811
from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from web_helpers import create_game, get_state, store_seat
from web_server import LiveServer, browser, desktop, live_server  # noqa: F401

from kleos.agents import RandomAgent
from kleos.core.protocol import CHANCE
from kleos.games.polis.game import PolisGame
from kleos.server.app import create_app
from kleos.server.config import Settings
from kleos.web.ui import mount_ui
from step_cap import WHOLE_GAME_STEPS, StepCap

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

ATHENS = 0


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'kleos.db'}"))
    mount_ui(app)
    with TestClient(app) as test_client:
        yield test_client


def fatal_feeding_record() -> dict[str, Any]:
    """2020, seed 24, random players (seeds 24 and 124): the record up to Athens' feeding, where
    paying the missing wheat with its last prestige point would lose by ostracism."""
    game = PolisGame("2020")
    state = game.new_state(24)
    rngs = {0: random.Random(24), 1: random.Random(124)}
    agent = RandomAgent()
    actions: list[list[Any]] = []
    cap = StepCap("not game.is_terminal(state)", WHOLE_GAME_STEPS)
    while not game.is_terminal(state) and cap():
        seat = game.actors(state)[0]
        if seat == CHANCE:
            action = game.sample_chance(state)
        else:
            if state.eor_pending == ("feed",) and seat == ATHENS:
                return {"game": "polis", "options": {"edition": "2020"}, "seed": 24, "actions": actions}
            action = agent.choose(game.view(state, seat), game.legal_actions(state, seat), rngs[seat])
        game.apply_in_place(state, action, seat)
        actions.append([seat, str(action)])
    raise AssertionError("the seeded game never reached Athens' feeding")


def test_the_view_names_the_choice_that_loses(client: TestClient) -> None:
    """R-EOR-13, R-END-3: the seat's view JSON says that feeding loses by ostracism; the releases are
    safe; the opponent's and a spectator's views say nothing."""
    answer = client.post("/api/import", json={"record": fatal_feeding_record(), "side": "athens",
                                              "opponent": "random"})
    assert answer.status_code == 201, answer.text
    seated = answer.json()
    mine = client.get(f"/api/games/{seated['game_id']}", headers={"Authorization": f"Bearer {seated['token']}"}).json()
    assert mine["your_turn"] and {e["action"] for e in mine["legal"]} >= {"feed"}
    warnings_ = mine["view"]["warnings"]
    assert set(warnings_) == {"feed"} and "ostracism" in warnings_["feed"]
    public = client.get(f"/api/games/{seated['game_id']}").json()
    assert "warnings" not in public["view"]


def test_the_menu_lists_the_losing_choice_last_and_asks_twice(live_server: LiveServer, desktop: Any) -> None:
    """The game page shows the feeding that loses after the releases, flagged; one tap only arms it
    with the warning, the second sends it."""
    base = live_server.url
    answer = httpx.post(f"{base}/api/import", json={"record": fatal_feeding_record(), "side": "athens",
                                                     "opponent": "random"}, timeout=60)
    assert answer.status_code == 201, answer.text
    seated = answer.json()
    page = desktop.new_page()
    store_seat(page, base, seated)
    page.goto(f"{base}/play/{seated['game_id']}")
    page.wait_for_selector("#menu button.choice[data-action='feed']")
    order = page.eval_on_selector_all("#menu button.choice[data-action]", "els => els.map(e => e.dataset.action)")
    assert order[-1] == "feed" and all(a.startswith("release ") for a in order[:-1])
    feed = page.locator("#menu button.choice[data-action='feed']")
    assert "loses the game" in feed.inner_text() and "ostracism" in (feed.get_attribute("data-warning") or "")
    seq = get_state(base, seated["game_id"], seated["token"])["seq"]
    feed.click()
    assert "Tap again" in feed.inner_text()
    assert get_state(base, seated["game_id"], seated["token"])["seq"] == seq  # nothing sent yet
    feed.click()
    page.wait_for_function("s => Number(document.body.dataset.seq) > s", arg=seq)
    assert get_state(base, seated["game_id"], seated["token"])["seq"] > seq


def random_record(seed: int) -> dict[str, Any]:
    """A whole 2020 game of random players sharing one generator (seed 4 ends by ostracism)."""
    game = PolisGame("2020")
    state = game.new_state(seed)
    rng, agent = random.Random(seed), RandomAgent()
    actions: list[list[Any]] = []
    cap = StepCap("not game.is_terminal(state)", WHOLE_GAME_STEPS)
    while not game.is_terminal(state) and cap():
        seat = game.actors(state)[0]
        if seat == CHANCE:
            action = game.sample_chance(state)
        else:
            action = agent.choose(game.view(state, seat), game.legal_actions(state, seat), rng)
        game.apply_in_place(state, action, seat)
        actions.append([seat, str(action)])
    return {"game": "polis", "options": {"edition": "2020"}, "seed": seed, "actions": actions}


def test_an_ostracism_is_told_without_scores(client: TestClient) -> None:
    """R-END-3, R-END-4: the outcome of a game lost to ostracism (scores [0, 0]: none were counted)
    says that there was no final scoring, as the terminal now does, instead of leaving 0–0 to guess."""
    answer = client.post("/api/import", json={"record": random_record(4), "side": "athens", "opponent": "random"})
    assert answer.status_code == 201, answer.text
    message = client.get(f"/api/games/{answer.json()['game_id']}").json()
    assert message["outcome"]["reason"] == "ostracism"
    assert message["outcome_text"].endswith("no final scoring (R-END-4)")


def test_an_unknown_game_says_so_instead_of_loading(live_server: LiveServer, desktop: Any) -> None:
    """The page of a game that does not exist stayed on "Loading…"; it now says there is no such game
    where the title and the turn were, and offers the way back to the lobby."""
    page = desktop.new_page()
    page.goto(f"{live_server.url}/play/nosuchgame000")
    page.wait_for_function("() => document.body.dataset.status === 'error'")
    assert page.inner_text("#game-title") == "Game not found"
    assert "There is no game nosuchgame000" in page.inner_text("#turn-title")
    assert "Loading" not in page.inner_text("body")
    assert page.locator("#menu a[href='/']").count() == 1


def test_undo_waits_for_the_connection(live_server: LiveServer, browser: Any) -> None:
    """Undo stayed enabled while the page was offline; it is disabled until the connection is back."""
    base = live_server.url
    seated = create_game(base, ["me", "random"], seed=5)
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        store_seat(page, base, seated)
        page.goto(f"{base}/play/{seated['game_id']}")
        page.wait_for_selector("#menu button.choice[data-action='hoplites Chios']")
        page.click("#menu button.choice[data-action='hoplites Chios']")
        page.wait_for_selector("#undo:not([hidden]):not([disabled])")
        context.set_offline(True)
        page.evaluate("window.kleosLive.drop()")
        page.wait_for_function("() => document.getElementById('conn').dataset.state !== 'live'")
        assert page.locator("#undo").is_disabled()
        context.set_offline(False)
        page.evaluate("window.kleosLive.reconnectNow()")
        page.wait_for_selector("#undo:not([hidden]):not([disabled])")
        assert page.get_attribute("#conn", "data-state") == "live"
    finally:
        context.close()


PHONE = {"width": 390, "height": 844}

PHONE_LAYOUT = """() => {
  const box = (e) => e.getBoundingClientRect();
  const seas = [...document.querySelectorAll('#map g.region.sea')].map((g) => {
    const a = g.querySelector('.shape').getBBox(), b = g.querySelector('.region-label').getBBox();
    return b.x >= a.x && b.x + b.width <= a.x + a.width && b.y >= a.y && b.y + b.height <= a.y + a.height;
  });
  const table = document.querySelector('#poleis table'), panel = document.querySelector('#poleis');
  return {
    seas,
    label: Math.min(...[...document.querySelectorAll('#map .region-label')].map((t) => box(t).height)),
    table: [box(table).right, box(panel).right, table.scrollWidth, table.parentElement.clientWidth],
    goods: box(document.querySelector('[data-goods-line]')).top,
    wide: document.documentElement.scrollWidth,
  };
}"""


def test_a_phone_reads_the_board_without_clipping(live_server: LiveServer, browser: Any) -> None:
    """390×844: the Poleis table fits its panel, the map's names are at least 9 px high, the goods are
    near the top of the page (they were 4,000 px down) and the sea names stay inside their shapes."""
    base = live_server.url
    seated = create_game(base, ["me", "random"], seed=5)
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        store_seat(page, base, seated)
        page.goto(f"{base}/play/{seated['game_id']}")
        page.wait_for_selector("#menu button.choice")
        page.wait_for_selector("#poleis table")
        layout = page.evaluate(PHONE_LAYOUT)
        assert layout["wide"] <= PHONE["width"]
        table_right, panel_right, table_wide, room = layout["table"]
        assert table_right <= panel_right and table_wide <= room, layout
        assert layout["label"] >= 9, layout
        assert layout["goods"] < 300, layout
        assert all(layout["seas"]) and len(layout["seas"]) == 5, layout
        mine = page.inner_text("[data-goods-line] [data-side='athens']")
        assert "wheat" in mine and "silver" in mine
    finally:
        context.close()
