"""Accounts in the browser: two players in two browser contexts sign up on the lobby page, one opens
a game to everyone, the other finds it in the open games and joins it; signing in on a third
browser (another device) brings the first player's games back."""

# The fixtures come from web_server (not a conftest.py: see there), so the test functions' arguments
# name imported fixtures on purpose.
# ruff: noqa: F811
from __future__ import annotations

from pathlib import Path
from typing import Any

from web_helpers import PASSWORD, get_state, sign_up
from web_server import LiveServer, browser, live_server, shots  # noqa: F401


def test_two_accounts_meet_in_the_open_games(live_server: LiveServer, browser: Any, shots: Path) -> None:
    base = live_server.url
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(3)]
    try:
        alice, bob, elsewhere = (c.new_page() for c in contexts)
        errors: list[str] = []
        for page in (alice, bob, elsewhere):
            page.on("pageerror", lambda exc: errors.append(str(exc)))
        sign_up(alice, base, "Alice Web")
        alice.check("#game-polis")
        alice.wait_for_selector("#seat-1 option[value='random']", state="attached")
        alice.select_option("#seat-0", "me")
        alice.select_option("#seat-1", "person")
        alice.check("#open-game")
        alice.click("#create-btn")
        alice.locator("#created input.invite-url").wait_for()
        game_id = alice.evaluate("JSON.parse(localStorage.getItem('kleos.seats.v1')).at(-1).game_id")

        sign_up(bob, base, "Bob Web")
        row = bob.locator(f"#open-list li[data-game='{game_id}']")
        row.wait_for()
        assert "hosted by Alice Web" in row.inner_text()
        bob.screenshot(path=str(shots / "lobby-open-games.png"), full_page=True)
        row.locator("button").click()
        bob.wait_for_url(f"{base}/play/{game_id}")
        bob.wait_for_function("() => document.body.dataset.seq !== undefined")
        assert "you are Sparta" in bob.inner_text("#game-title")
        assert all(p["joined"] for p in get_state(base, game_id)["players"])

        elsewhere.goto(f"{base}/")
        elsewhere.wait_for_selector("#account-form")
        elsewhere.fill("#account-name", "alice web")
        elsewhere.fill("#account-password", PASSWORD)
        elsewhere.click("#sign-in")
        elsewhere.wait_for_selector("#signed-in")
        elsewhere.locator(f"#my-games li[data-game='{game_id}']").wait_for()
        assert elsewhere.locator(f"#open-list li[data-game='{game_id}']").count() == 0
        elsewhere.screenshot(path=str(shots / "lobby-signed-in.png"), full_page=True)
        assert errors == []
    finally:
        for context in contexts:
            context.close()
