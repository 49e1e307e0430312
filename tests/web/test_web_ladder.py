"""Ratings in the browser: after finished games of Sealed Bids (the toy game: three short rounds)
between two accounts and against the server's AI, the ladder page lists the players best first, and
the lobby shows the finished games with a replay link that opens the replay, and the signed-in
player's rating with a link to the ladder."""

# The fixtures come from web_server (not a conftest.py: see there), so the test functions' arguments
# name imported fixtures on purpose.
# ruff: noqa: F811
from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import httpx
from web_helpers import PASSWORD
from web_server import LiveServer, browser, live_server, shots  # noqa: F401

from step_cap import StepCap

KIND = "bids"
POLL_SECONDS = 0.05
BOT_WAIT_SECONDS = 60.0
MAX_ROUNDS = 20_000  # polls of every seat: a game that never ends fails with a message


def account(base: str, name: str, address: str) -> dict[str, str]:
    """A new account over the API, signed up from ``address`` (accounts of one address are not
    rated against each other): the headers of its session."""
    answer = httpx.post(f"{base}/api/accounts", json={"name": name, "password": PASSWORD}, timeout=30,
                        headers={"X-Forwarded-For": address})
    assert answer.status_code == 201, answer.text
    return {"Authorization": f"Bearer {answer.json()['token']}"}


def play_out(base: str, game_id: str, tokens: list[str], rng: random.Random) -> dict[str, Any]:
    """Bid at random for every person seat (``tokens``) until the game is over; the server's AI plays
    its own seats meanwhile (waited for, at most ``BOT_WAIT_SECONDS`` in a row)."""
    idle_since = time.monotonic()
    cap = StepCap("the game is not finished", MAX_ROUNDS)
    while cap():
        moved = False
        for token in tokens:
            headers = {"Authorization": f"Bearer {token}"}
            message: dict[str, Any] = httpx.get(f"{base}/api/games/{game_id}", headers=headers, timeout=30).json()
            if message["status"] == "finished":
                return message
            if message["your_turn"]:
                action = rng.choice(message["legal"])["action"]
                sent = httpx.post(f"{base}/api/games/{game_id}/actions", headers=headers, timeout=30,
                                  json={"seq": message["seq"], "action": action})
                assert sent.status_code in (200, 409), sent.text  # 409: the AI moved meanwhile
                moved = True
        if moved:
            idle_since = time.monotonic()
        else:
            assert time.monotonic() - idle_since < BOT_WAIT_SECONDS, f"the AI of {game_id} does not move"
            time.sleep(POLL_SECONDS)
    raise AssertionError("unreachable: the step cap fails the test first")


def new_game(base: str, headers: dict[str, str], seats: list[str], seed: int) -> dict[str, Any]:
    answer = httpx.post(f"{base}/api/games", headers=headers, timeout=30,
                        json={"game": KIND, "options": {"players": len(seats)}, "seats": seats, "seed": seed})
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def finished_games(base: str) -> tuple[str, str]:
    """Two finished games: the first account against the AI, then against the second account."""
    ann, ben = account(base, "Ladder Ann", "198.51.100.21"), account(base, "Ladder Ben", "198.51.100.22")
    rng = random.Random(17)
    against_ai = new_game(base, ann, ["me", "random"], 171)
    play_out(base, against_ai["game_id"], [against_ai["token"]], rng)
    duel = new_game(base, ann, ["me", "person"], 172)
    joined = httpx.post(f"{base}/api/join", headers=ben, json={"invite": duel["invite"]}, timeout=30)
    assert joined.status_code == 200, joined.text
    play_out(base, duel["game_id"], [duel["token"], joined.json()["token"]], rng)
    return against_ai["game_id"], duel["game_id"]


def test_ladder_page_and_the_finished_games_of_the_lobby(live_server: LiveServer, browser: Any, shots: Path) -> None:
    base = live_server.url
    against_ai, duel = finished_games(base)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))

        page.goto(f"{base}/ladder?game={KIND}")
        for name in ("Ladder Ann", "Ladder Ben", "bot:random"):
            page.locator(f"#ladder-table tr[data-name='{name}']").wait_for()
        ordinals = [float(x) for x in page.locator("#ladder-table td.ordinal").all_inner_texts()]
        assert ordinals == sorted(ordinals, reverse=True)
        assert page.locator("#ladder-game").input_value() == KIND
        page.screenshot(path=str(shots / "ladder.png"), full_page=True)

        page.goto(f"{base}/")
        page.wait_for_selector("#account-form")
        page.fill("#account-name", "Ladder Ann")
        page.fill("#account-password", PASSWORD)
        page.click("#sign-in")
        page.wait_for_selector("#signed-in")
        for game_id in (against_ai, duel):
            page.locator(f"#finished-list li[data-game='{game_id}']").wait_for()
        row = page.locator(f"#finished-list li[data-game='{duel}']")
        assert "Ladder Ann" in row.inner_text() and "Ladder Ben" in row.inner_text()
        rating = page.locator(f"#my-ratings li[data-game='{KIND}']")
        rating.wait_for()
        assert "2 games" in rating.inner_text()
        page.screenshot(path=str(shots / "lobby-finished-ratings.png"), full_page=True)

        row.locator("a.replay-link").click()
        page.wait_for_url(f"{base}/replay/{duel}")
        page.wait_for_function("() => /step \\d+ of [1-9]\\d*/.test(document.getElementById('step-label').textContent)")

        page.goto(f"{base}/")
        page.locator(f"#my-ratings li[data-game='{KIND}'] a").click()  # this game's ladder
        page.wait_for_url(f"{base}/ladder?game={KIND}")
        page.locator("#ladder-table tr.me[data-name='Ladder Ann']").wait_for()
        page.goto(f"{base}/")
        page.click("#ladder-link")  # the ladder of the first game, then the one chosen
        page.wait_for_url(f"{base}/ladder")
        page.select_option("#ladder-game", KIND)
        page.locator("#ladder-table tr.me[data-name='Ladder Ann']").wait_for()
        assert errors == []
    finally:
        context.close()
