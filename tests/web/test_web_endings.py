"""Endings and table chat in the browser (issue 17), with Sealed Bids (the toy game: both seats bid
at once): two accounts on two browser contexts; one opens a game with a live clock, the other joins
it from the open games; both see their clocks, bid a few times, talk at the table (a mute hides one
seat's lines from the muter), and one resigns after confirming: both pages show the end. In a
second game a seat lets its six-second clock run out: both pages show the end on time."""

# The fixtures come from web_server (not a conftest.py: see there), so the test functions' arguments
# name imported fixtures on purpose.
# ruff: noqa: F811
from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from web_helpers import READY, get_state, sign_up, store_seat
from web_server import LiveServer, browser, live_server, shots  # noqa: F401

OVER = "() => document.body.dataset.status === 'over'"
TIME_OUT_WAIT_MS = 45_000  # a six-second clock, then the page's own read or the server's sweep (every 2 s)


def bid_once(page: Any) -> None:
    """Bid the first card offered, and wait until the server has it."""
    page.wait_for_function(READY, timeout=30_000)
    seq = page.evaluate("document.body.dataset.seq")
    page.locator("#menu button.choice:not([disabled])").first.click()
    page.wait_for_function("s => document.body.dataset.seq !== s", arg=seq, timeout=30_000)


def check_not_rated_after_an_early_resign(winner: Any, loser: Any, base: str, game_id: str) -> None:
    """A game resigned after two bids each, between two accounts of one address, is kept out of
    the ratings (issue 27: aborted, and flagged): nobody got a rating, the lobby says so."""
    for page in (winner, loser):
        ratings = page.evaluate("fetch('/api/me/ratings').then(r => r.json())")["ratings"]
        assert [r for r in ratings if r["game"] == "bids"] == []
    finished = httpx.get(f"{base}/api/lobby/finished", params={"kind": "bids", "limit": 100}, timeout=30).json()
    assert next(g for g in finished["games"] if g["game_id"] == game_id)["rated"] is False


def test_two_accounts_play_with_a_clock_chat_and_one_resigns(live_server: LiveServer, browser: Any,
                                                              shots: Path) -> None:
    base = live_server.url
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(2)]
    try:
        alice, bob = (c.new_page() for c in contexts)
        errors: list[str] = []
        for page in (alice, bob):
            page.on("pageerror", lambda exc: errors.append(str(exc)))
        sign_up(alice, base, "Alice Ends")
        alice.check("#game-bids")
        alice.fill("#option-players", "2")
        alice.dispatch_event("#option-players", "input")
        alice.wait_for_selector("#seat-1", state="attached")
        alice.select_option("#seat-0", "me")
        alice.select_option("#seat-1", "person")
        alice.check("#open-game")
        alice.select_option("#clock-choice", "live:5:3")
        alice.click("#create-btn")
        alice.locator("#created input.invite-url").wait_for()
        game_id = alice.evaluate("JSON.parse(localStorage.getItem('kleos.seats.v1')).at(-1).game_id")
        assert get_state(base, game_id)["clock"]["control"] == "5+3"

        sign_up(bob, base, "Bob Ends")
        row = bob.locator(f"#open-list li[data-game='{game_id}']")
        row.wait_for()
        row.locator("button").click()
        bob.wait_for_url(f"{base}/play/{game_id}")
        alice.goto(f"{base}/play/{game_id}")
        for page in (alice, bob):
            page.wait_for_selector("#clocks .clock-seat.running")
            assert page.locator("#clocks .clock-seat").count() == 2
            assert "5:" in page.inner_text("#clocks") or "4:" in page.inner_text("#clocks")

        for _ in range(2):  # two rounds of bids
            bid_once(alice)
            bid_once(bob)

        alice.fill("#chat-input", "  good luck, Bob  ")
        alice.click("#chat-send")
        bob.wait_for_function("() => document.querySelector('#chat-lines')?.textContent.includes('good luck, Bob')")
        bob.click("#chat-mutes button[data-mute-seat='0']")
        bob.wait_for_selector("#chat-mutes button[data-mute-seat='0'][aria-pressed='true']")
        alice.fill("#chat-input", "you will not read this")
        alice.click("#chat-send")
        alice.wait_for_function("() => document.querySelector('#chat-lines').textContent.includes('not read this')")
        bob.fill("#chat-input", "thanks")
        bob.click("#chat-send")
        alice.wait_for_function("() => document.querySelector('#chat-lines').textContent.includes('thanks')")
        bob.wait_for_function("() => document.querySelector('#chat-lines').textContent.includes('thanks')")
        assert "not read this" not in bob.inner_text("#chat-lines")
        assert "good luck" not in bob.inner_text("#chat-lines")  # muted: the earlier line is gone too
        bob.screenshot(path=str(shots / "game-clock-chat.png"), full_page=True)

        bob.click("#resign")
        bob.wait_for_selector("#resign-yes")
        bob.click("#resign-no")  # changed his mind once: nothing happens
        assert get_state(base, game_id)["status"] == "active"
        bob.click("#resign")
        bob.click("#resign-yes")
        for page in (alice, bob):
            page.wait_for_function(OVER, timeout=30_000)
            page.wait_for_selector("#ending-note")
            assert "Game over" in page.inner_text("#turn-title")
        assert "resigned" in bob.inner_text("#ending-note")
        assert alice.inner_text("#ending-note") == bob.inner_text("#ending-note")
        outcome = get_state(base, game_id)["outcome"]
        assert outcome["reason"] == "resigned" and outcome["winner"] == 0
        assert alice.locator("#resign").count() == 0
        alice.screenshot(path=str(shots / "game-resigned.png"), full_page=True)
        check_not_rated_after_an_early_resign(alice, bob, base, game_id)
        assert errors == []
    finally:
        for context in contexts:
            context.close()


def test_a_clock_runs_out_in_both_pages(live_server: LiveServer, browser: Any, shots: Path) -> None:
    base = live_server.url
    created = httpx.post(f"{base}/api/games", timeout=30, json={
        "game": "bids", "options": {"players": 2}, "seats": ["me", "person"],
        "clock": {"kind": "live", "minutes": 0.1}}).json()
    joined = httpx.post(f"{base}/api/join", json={"invite": created["invite"]}, timeout=30).json()
    first = get_state(base, created["game_id"], created["token"])
    sent = httpx.post(f"{base}/api/games/{created['game_id']}/actions", timeout=30,
                      headers={"Authorization": f"Bearer {created['token']}"},
                      json={"seq": first["seq"], "action": first["legal"][0]["action"]})
    assert sent.status_code == 200, sent.text  # the first seat has bid: only the second one's clock runs
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(2)]
    try:
        pages = [c.new_page() for c in contexts]
        for page, seated in zip(pages, (created, joined), strict=True):
            store_seat(page, base, seated)
            page.goto(f"{base}/play/{created['game_id']}")
            page.wait_for_selector("#clocks")
        for page in pages:
            page.wait_for_function(OVER, timeout=TIME_OUT_WAIT_MS)
            page.wait_for_selector("#ending-note")
            assert "ran out of time" in page.inner_text("#ending-note")
            assert page.locator("#clocks .clock-seat.running").count() == 0
        outcome = get_state(base, created["game_id"])["outcome"]
        assert outcome["reason"] == "time" and outcome["losers"] == [1] and outcome["winner"] == 0
        pages[0].screenshot(path=str(shots / "game-time-out.png"), full_page=True)
    finally:
        for context in contexts:
            context.close()
