"""The browser app shell with more than one game installed (Polis, and the toy game Sealed Bids that
the test server process installs through ``KLEOS_GAME_KITS``): the lobby lists every installed game
from the catalog, and a game without a web part is played to its end on the text board with the
generic menus, three seats, two of them bots choosing at the same time as the person.
"""

# The fixtures come from web_server (not a conftest.py: see there), so the test functions' arguments
# name imported fixtures on purpose.
# ruff: noqa: F811
from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path
from typing import Any

import httpx
from web_helpers import READY, create_game, get_state, store_seat
from web_server import LiveServer, browser, desktop, live_server, shots  # noqa: F401

TOY = "bids"


def watch_errors(page: Any) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return errors


def catalog(base: str) -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = httpx.get(f"{base}/api/catalog", timeout=30).json()["games"]
    return games


def test_lobby_lists_the_installed_games(live_server: LiveServer, desktop: Any) -> None:
    """Every game of the catalog is offered with its title, summary and seat range; choosing one
    shows its options (with their choices) and one seat row per seat of its default options, each
    offering me, a person or the catalog's AI opponents; an option that sets the number of seats
    (a whole number defaulting to the default seat count) adds and removes seat rows."""
    base = live_server.url
    games = catalog(base)
    assert {"polis", TOY} <= {g["name"] for g in games}
    page = desktop.new_page()
    errors = watch_errors(page)
    page.goto(f"{base}/")
    page.wait_for_selector(f"#game-list [data-game='{TOY}']")
    listed = page.eval_on_selector_all("#game-list .game-choice", "els => els.map(e => e.dataset.game)")
    assert listed == [g["name"] for g in games]
    for entry in games:
        text = page.inner_text(f"#game-list [data-game='{entry['name']}']")
        assert entry["title"] in text and entry["summary"] in text
        seats = f"{entry['min_seats']} seats" if entry["min_seats"] == entry["max_seats"] \
            else f"{entry['min_seats']}–{entry['max_seats']} seats"
        assert seats in text

        page.check(f"#game-{entry['name']}")
        page.wait_for_function("n => document.querySelectorAll('#seats select').length === n",
                               arg=len(entry["seat_names"]))
        for option in entry["options"]:
            if option.get("choices"):
                offered = page.eval_on_selector_all(f"#option-{option['name']} option", "els => els.map(e => e.value)")
                assert offered == [str(c) for c in option["choices"]]
                assert page.input_value(f"#option-{option['name']}") == str(option["default"])
        for seat, name in enumerate(entry["seat_names"]):
            row = page.locator("#seats label.seat-row").nth(seat)
            assert name in row.inner_text()
            offered = page.eval_on_selector_all(f"#seat-{seat} option", "els => els.map(e => e.value)")
            assert offered[:2] == ["me", "person"]
            assert set(entry["opponents"]) - {"person"} <= set(offered)
        assert page.input_value("#seat-0") == "me"

    # The toy game's seat count is an option: the seat rows follow it, within the game's range.
    page.check(f"#game-{TOY}")
    for players in (5, 2, 9):
        page.fill("#option-players", str(players))
        page.wait_for_function("n => document.querySelectorAll('#seats select').length === n", arg=min(players, 5))
    assert errors == []


def play_toy_by_clicking(page: Any, rng: random.Random, deadline_s: float = 90.0) -> int:
    """Click one of the generic menu's actions whenever this seat may choose, until the game is over.
    Returns the number of actions sent."""
    actions = 0
    start = time.monotonic()
    while page.evaluate("document.body.dataset.status") != "over":
        assert time.monotonic() - start < deadline_s, f"the game did not end in time ({actions} actions)"
        page.wait_for_function(READY, timeout=30_000)
        if page.evaluate("document.body.dataset.status") == "over":
            break
        choices = page.locator("#menu button.choice[data-action]:not([disabled])")
        offered = choices.evaluate_all("els => els.map(e => e.dataset.action)")
        if not offered:
            continue
        assert all(re.fullmatch(r"play \d+", a) for a in offered), offered
        seq = page.evaluate("document.body.dataset.seq")
        choices.nth(rng.randrange(len(offered))).click()
        actions += 1
        page.wait_for_function("s => document.body.dataset.seq !== s || document.body.dataset.status === 'over'",
                               arg=seq, timeout=30_000)
    return actions


def test_a_game_without_a_board_module_is_played_as_text(live_server: LiveServer, desktop: Any, shots: Path) -> None:
    """Create a 3-seat toy game in the lobby (me and two `random` AIs), then play it to the end by
    clicking: the position is the server's text for this seat, the players list shows the three
    seats with whoever is to act, the menu is built from the legal actions, and at the end the result
    and the after-game tools show; the log has every step."""
    base = live_server.url
    entry = next(g for g in catalog(base) if g["name"] == TOY)
    assert entry["board_module"] is None
    page = desktop.new_page()
    errors = watch_errors(page)
    page.goto(f"{base}/")
    page.check(f"#game-{TOY}")
    page.wait_for_selector("#seat-2 option[value='random']", state="attached")
    page.select_option("#seat-0", "me")
    page.select_option("#seat-1", "random")
    page.select_option("#seat-2", "random")
    page.click("#create-btn")
    page.wait_for_url(re.compile(r"/play/"))
    page.wait_for_function("() => document.body.dataset.seq !== undefined")
    assert page.evaluate("document.body.dataset.board") == "text"
    assert page.locator("#map").count() == 0

    game_id = page.url.rsplit("/", 1)[-1].split("?")[0]
    seat = json.loads(page.evaluate("localStorage.getItem('kleos.seats.v1')"))[-1]
    assert seat["game_id"] == game_id and seat["seat"] == 0
    message = get_state(base, game_id, seat["token"])
    assert message["game"] == TOY and len(message["players"]) == 3
    page.wait_for_function("n => Number(document.body.dataset.seq) >= n", arg=message["seq"])
    players = page.locator("#players li.player")
    assert players.count() == 3
    assert "(you)" in players.nth(0).inner_text()
    assert all("AI: random" in players.nth(k).inner_text() for k in (1, 2))
    assert entry["title"] in page.inner_text("#game-title") and "you are" in page.inner_text("#game-title")
    current = get_state(base, game_id, seat["token"])
    if page.evaluate("document.body.dataset.seq") == str(current["seq"]):
        assert page.inner_text("#board-text").strip() == current["description"].strip()
    page.screenshot(path=str(shots / "text-board-start.png"))

    actions = play_toy_by_clicking(page, random.Random(3))
    final = get_state(base, game_id, seat["token"])
    assert final["outcome"] is not None
    mine = [e for e in final["log"] if e["seat"] == 0]
    assert len(mine) == 3 and actions >= 3  # one card a round, three rounds (a stale click is sent again)
    page.wait_for_function("n => Number(document.body.dataset.seq) >= n", arg=final["seq"])
    assert "Game over" in page.inner_text("#turn-title")
    assert page.inner_text("#board-text").strip() == final["description"].strip()
    assert page.locator("#log-panel li.log-entry").count() == final["steps"]
    seats_in_log = set(page.eval_on_selector_all("#log-panel li.log-entry", "els => els.map(e => e.dataset.seat)"))
    assert {"-1", "0", "1", "2"} <= seats_in_log
    assert page.locator("#tools [data-tool='replay']").is_visible()
    page.screenshot(path=str(shots / "text-board-over.png"), full_page=True)

    # The replay of a game without a board module is text too, step by step.
    page.click("#tools [data-tool='replay']")
    page.wait_for_selector(f"body[data-step='{final['steps']}']")
    page.click("#first")
    page.wait_for_selector("body[data-step='0']")
    start = httpx.get(f"{base}/api/games/{game_id}/replay?step=0", timeout=30).json()
    assert page.inner_text("#board-text").strip() == start["description"].strip()
    assert errors == []


def test_every_action_carries_the_games_explanation(live_server: LiveServer, desktop: Any, browser: Any,
                                                    shots: Path) -> None:
    """The kit's explain hook reaches the browser through the view's JSON ("explanations": action ->
    words, for the seat to act only): each action button has it as its tooltip, the line under the
    button opens on hover, and on a phone a tap on the button's ⓘ opens it without choosing."""
    base = live_server.url
    seated = create_game(base, ["me", "random", "random"], game=TOY, seed=4)
    message = get_state(base, seated["game_id"], seated["token"])
    for _ in range(40):  # the two bots and chance move first; the person's turn comes within seconds
        if message["your_turn"]:
            break
        time.sleep(0.25)
        message = get_state(base, seated["game_id"], seated["token"])
    assert message["your_turn"], "the person was never asked to bid"
    told = message["view"]["explanations"]
    assert set(told) == {e["action"] for e in message["legal"]}
    assert all("leaves your hand for good" in words and "[T-BID]" in words for words in told.values())
    spectator = get_state(base, seated["game_id"])
    assert "explanations" not in spectator["view"]

    page = desktop.new_page()
    errors = watch_errors(page)
    store_seat(page, base, seated)
    page.goto(f"{base}/play/{seated['game_id']}")
    page.wait_for_function(READY)
    first = message["legal"][0]["action"]
    button = page.locator(f"#menu button.choice[data-action='{first}']")
    assert button.get_attribute("title") == told[first]
    choice = page.locator(f"button.choice[data-action='{first}']")
    line = page.locator("#menu .menu-row", has=choice).locator(".explain")
    assert line.count() == 1 and not line.is_visible()
    button.hover()
    assert line.is_visible() and line.inner_text() == told[first]
    page.screenshot(path=str(shots / "explain-hover.png"))
    assert errors == []

    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        mobile = phone.new_page()
        store_seat(mobile, base, seated)
        mobile.goto(f"{base}/play/{seated['game_id']}")
        mobile.wait_for_function(READY)
        row = mobile.locator("#menu .menu-row", has=mobile.locator(f"button.choice[data-action='{first}']"))
        assert row.count() == 1 and not row.locator(".explain").is_visible()
        row.locator(".explain-btn").tap()
        assert row.locator(".explain").is_visible()
        after = get_state(base, seated["game_id"], seated["token"])  # nothing was chosen: the person still bids
        assert after["your_turn"] and {e["action"] for e in after["legal"]} == set(told)  # (a bot's bid may land)
        mobile.screenshot(path=str(shots / "explain-phone-tap.png"))
    finally:
        phone.close()
