"""A chat line pushed over the socket while the page is still reading the chat is kept (issue 17):
the page's read of the lines is held in the browser until a line said after it arrives over the
socket, then answered with what the server held when it was asked. Sealed Bids (the toy game)
between two accounts."""

# The fixtures come from web_server (not a conftest.py: see there), so the test functions' arguments
# name imported fixtures on purpose.
# ruff: noqa: F811
from __future__ import annotations

from pathlib import Path
from typing import Any

from web_helpers import sign_up, store_seat
from web_server import LiveServer, browser, live_server, shots  # noqa: F401

POST = """([path, body]) => fetch(path, {method: 'POST', headers: {'Content-Type': 'application/json'},
                                         body: JSON.stringify(body)}).then(r => r.json())"""
CHAT_READ = "**/api/games/*/chat"
SHOWS = "t => (document.querySelector('#chat-lines')?.textContent || '').includes(t)"


def test_a_line_pushed_during_the_chat_read_is_kept(live_server: LiveServer, browser: Any, shots: Path) -> None:
    base = live_server.url
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(2)]
    try:
        alice, bob = (c.new_page() for c in contexts)
        sign_up(alice, base, "Alice Race")
        sign_up(bob, base, "Bob Race")
        created = alice.evaluate(POST, ["/api/games", {"game": "bids", "options": {"players": 2},
                                                       "seats": ["me", "person"]}])
        joined = bob.evaluate(POST, ["/api/join", {"invite": created["invite"]}])
        game_id = created["game_id"]
        store_seat(alice, base, created)
        store_seat(bob, base, joined)
        alice.goto(f"{base}/play/{game_id}")
        alice.fill("#chat-input", "said before Bob came")
        alice.click("#chat-send")
        alice.wait_for_function(SHOWS, arg="said before Bob came")

        held: list[tuple[Any, Any]] = []

        def hold(route: Any) -> None:  # ask the server now, answer the page later
            if route.request.method != "GET":
                route.continue_()
                return
            held.append((route, route.fetch()))

        bob.route(CHAT_READ, hold)
        bob.goto(f"{base}/play/{game_id}")
        bob.wait_for_selector("#conn[data-state='live']")
        bob.wait_for_selector("#chat-panel")
        for _ in range(200):  # bounded: the page asks for the chat as it mounts the panel
            if held:
                break
            bob.wait_for_timeout(50)
        assert held, "the page never read the chat"
        assert "said before Bob came" not in bob.inner_text("#chat-lines")  # every read is still held

        alice.fill("#chat-input", "said while Bob was reading")
        alice.click("#chat-send")
        bob.wait_for_function(SHOWS, arg="said while Bob was reading")  # pushed over the socket
        for route, answer in held:
            route.fulfill(response=answer)
        bob.unroute(CHAT_READ)
        bob.wait_for_function(SHOWS, arg="said before Bob came")  # the held read has been taken in
        lines = bob.inner_text("#chat-lines")
        assert "said while Bob was reading" in lines
        assert lines.index("said before Bob came") < lines.index("said while Bob was reading")
        assert bob.locator("#chat-lines li").count() == 2
        bob.screenshot(path=str(shots / "game-chat-race.png"), full_page=True)
    finally:
        for context in contexts:
            context.close()
