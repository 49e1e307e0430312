"""What people type is shown as text (issue 27): HTML, script and bidirectional-override payloads
in chat stay inert on the page, and names carrying them are refused at sign-up with the form's
message. Sealed Bids (the toy game) between two accounts."""

# The fixtures come from web_server (not a conftest.py: see there), so the test functions' arguments
# name imported fixtures on purpose.
# ruff: noqa: F811
from __future__ import annotations

from pathlib import Path
from typing import Any

from web_helpers import store_seat, try_sign_up
from web_server import LiveServer, browser, live_server, shots  # noqa: F401

PAYLOADS = (
    '<img src=x onerror="window.kleosPwned=1">',
    "<script>window.kleosPwned=2</script>",
    "<b>bold</b> & <i>tags</i>",
    "gg \u202eesrever\u202c \u2066isolated\u2069",
)
POST = """([path, body]) => fetch(path, {method: 'POST', headers: {'Content-Type': 'application/json'},
                                         body: JSON.stringify(body)}).then(r => r.json())"""
BAD_NAMES = ("<script>x</script>", "Ali\u202ece", "Al\u200dice")


def test_payloads_in_chat_and_names_stay_inert(live_server: LiveServer, browser: Any, shots: Path) -> None:
    base = live_server.url
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(2)]
    try:
        alice, bob = (c.new_page() for c in contexts)
        dialogs: list[str] = []

        def on_dialog(dialog: Any) -> None:  # an alert() run by a payload would land here
            dialogs.append(dialog.message)
            dialog.dismiss()

        for page in (alice, bob):
            page.on("dialog", on_dialog)
        for name in BAD_NAMES:
            try_sign_up(alice, base, name)
            alice.wait_for_selector("#notice:not([hidden])")  # the server's refusal, shown as text
            assert alice.locator("#signed-in").count() == 0, name
            assert alice.locator("#notice script").count() == 0
        try_sign_up(alice, base, "Alice Inert")
        alice.wait_for_selector("#signed-in")
        try_sign_up(bob, base, "Bob Inert")
        bob.wait_for_selector("#signed-in")
        created = alice.evaluate(POST, ["/api/games", {"game": "bids", "options": {"players": 2},
                                                       "seats": ["me", "person"]}])
        joined = bob.evaluate(POST, ["/api/join", {"invite": created["invite"]}])
        assert joined["game_id"] == created["game_id"]
        game_id = created["game_id"]
        store_seat(alice, base, created)
        store_seat(bob, base, joined)
        alice.goto(f"{base}/play/{game_id}")
        bob.goto(f"{base}/play/{game_id}")
        for text in PAYLOADS:
            alice.fill("#chat-input", text)
            alice.click("#chat-send")
            alice.wait_for_function("t => document.querySelector('#chat-lines')?.textContent.includes(t)",
                                    arg=text.split("\u202e")[0].strip())
        bob.wait_for_function("() => document.querySelectorAll('#chat-lines li, #chat-lines > *').length >= 4")
        bob.reload()
        bob.wait_for_function("() => document.querySelector('#chat-lines')?.textContent.includes('kleosPwned=2')")
        for page in (alice, bob):
            lines = page.inner_text("#chat-lines")
            assert '<img src=x onerror="window.kleosPwned=1">' in lines
            assert "<script>window.kleosPwned=2</script>" in lines and "<b>bold</b>" in lines
            assert "\u202e" not in lines and "\u2066" not in lines and "esrever" in lines
            assert page.locator("#chat-lines img, #chat-lines script, #chat-lines b, #chat-lines i").count() == 0
            assert page.evaluate("() => window.kleosPwned === undefined")
        assert dialogs == []
        bob.screenshot(path=str(shots / "game-chat-inert.png"), full_page=True)
    finally:
        for context in contexts:
            context.close()
